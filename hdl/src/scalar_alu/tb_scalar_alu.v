// Testbench of cu32_scalar_alu (hdl/src/scalar_alu/mod.rs runs it): hands it the
// operations of ops.hex one a cycle and logs each one's outputs LATENCY (3) rising edges
// later. With REFERENCE defined it runs the rust-hdl SALU instead (cu32_salu_pipe, the
// same ports and a `quick` output; LATENCY 2), whose log is the one expected.
//
//   ops.hex  {2'b0, op[6:0], wide, d_wide, scc, a[63:0], b[63:0], exec[63:0], mode[31:0],
//            pc[63:0]} (hex, 300 bits)
//
// Log lines: R index result scc exec mode (decimal index and SCC, hex values).
`default_nettype none

// (The two leading bits of a line are padding.)
/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg [299:0] ops [0:N-1];
    integer cycle = 0;
    wire [299:0] s = cycle < N ? ops[cycle] : 300'd0;
    wire [63:0] result, exec_out;
    wire [31:0] mode_out;
    wire        scc_out;

`ifdef REFERENCE
    localparam integer LATENCY = 2;
    wire quick;
    cu32_salu_pipe dut (
        .clock(clk), .op(s[297:291]), .wide(s[290]), .d_wide(s[289]), .scc(s[288]),
        .a(s[287:224]), .b(s[223:160]), .exec(s[159:96]), .mode(s[95:64]), .pc(s[63:0]),
        .result(result), .scc_out(scc_out), .exec_out(exec_out), .mode_out(mode_out),
        .quick(quick));
`else
    localparam integer LATENCY = 3;
    cu32_scalar_alu #(.INT_MUL(`INT_MUL)) dut (
        .clock(clk), .op(s[297:291]), .wide(s[290]), .d_wide(s[289]), .scc(s[288]),
        .a(s[287:224]), .b(s[223:160]), .exec(s[159:96]), .mode(s[95:64]), .pc(s[63:0]),
        .result(result), .scc_out(scc_out), .exec_out(exec_out), .mode_out(mode_out));
`endif

    initial begin
        $readmemh("ops.hex", ops);
        while (cycle + 1 < N + LATENCY) begin
            #1 clk = 1'b1;
            #1 clk = 1'b0;
            // After rising edge cycle + 1: the outputs of the operation LATENCY edges back.
            if (cycle + 1 >= LATENCY)
                $display("R %0d %016x %0d %016x %08x", cycle + 1 - LATENCY, result, scc_out,
                         exec_out, mode_out);
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
