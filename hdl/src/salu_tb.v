// Testbench of the pipelined SALU against the held one (hdl/src/salu.rs runs it): the same
// operations from ops.hex go to cu32_salu_pipe one a cycle and to cu32_salu held for three
// cycles each; both log each operation's outputs.
//
//   ops.hex  one operation a line: {op[OPW-1:0], wide, d_wide, scc, a[63:0], b[63:0],
//            exec[63:0], mode[31:0], pc[63:0]} (hex)
//
// Log lines (hex): P i result scc exec mode (pipelined), H i result scc exec mode (held).
`default_nettype none

module tb;
    localparam integer OPW = `OPW;
    localparam integer N = `N;
    localparam integer W = OPW + 3 + 64 * 4 + 32;

    reg clk = 1'b0;
    reg [W-1:0] ops [0:N-1];
    integer c, ip = 0, ih = 0;
    wire [W-1:0] p = ops[ip < N ? ip : N - 1];
    wire [W-1:0] h = ops[ih < N ? ih : N - 1];
    wire [63:0] p_result, h_result, p_exec, h_exec;
    wire [31:0] p_mode, h_mode;
    wire p_scc, h_scc, p_quick, h_quick;

    cu32_salu_pipe pipe (
        .clock(clk), .op(p[W-1 -: OPW]), .wide(p[W-OPW-1]), .d_wide(p[W-OPW-2]),
        .scc(p[W-OPW-3]), .a(p[287:224]), .b(p[223:160]), .exec(p[159:96]),
        .mode(p[95:64]), .pc(p[63:0]), .result(p_result), .scc_out(p_scc),
        .exec_out(p_exec), .mode_out(p_mode), .quick(p_quick));
    cu32_salu held (
        .clock(clk), .op(h[W-1 -: OPW]), .wide(h[W-OPW-1]), .d_wide(h[W-OPW-2]),
        .scc(h[W-OPW-3]), .a(h[287:224]), .b(h[223:160]), .exec(h[159:96]),
        .mode(h[95:64]), .pc(h[63:0]), .result(h_result), .scc_out(h_scc),
        .exec_out(h_exec), .mode_out(h_mode), .quick(h_quick));

    initial begin
        $readmemh("ops.hex", ops);
        for (c = 0; c < 3 * N; c = c + 1) begin
            #1;
            // Operation ip entered two cycles ago; operation ih has been held for three.
            if (c >= 2 && c - 2 < N)
                $display("P %0d %x %x %x %x", c - 2, p_result, p_scc, p_exec, p_mode);
            if (c % 3 == 2) $display("H %0d %x %x %x %x", ih, h_result, h_scc, h_exec, h_mode);
            clk = 1'b1;
            #1 clk = 1'b0;
            if (c % 3 == 2) ih = ih + 1;
            ip = ip + 1;
        end
        $finish;
    end
    wire unused = &{1'b0, p_quick, h_quick};
endmodule

`default_nettype wire
