// Testbench of cu32_lane (hdl/src/int_lane/mod.rs runs it): plays stim.hex, one cycle a
// line, and logs every result.
//
//   stim.hex  {valid[3:0], op[7:0], a[63:0], b[63:0], c[63:0], cin[7:0], lane[7:0]}
//             (hex, 55 digits; only valid[0], op[6:0], cin[0] and lane[4:0] are read)
//
// Log lines: R cycle d flag (decimal cycle, hex d, flag), for each cycle whose rising edge
// gave valid_out; line i of stim.hex is presented before rising edge i + 1 (cycle i).
`default_nettype none

/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg [219:0] stim [0:N-1];
    integer cycle = 0;
    // (A line's op goes in a cycle ahead of the rest of it: the bench runs a cycle
    // behind the lines, and logs cycles as the lines count them.)
    wire [219:0] s = cycle >= 1 && cycle <= N ? stim[cycle - 1] : 220'd0;
    wire [219:0] s_next = cycle < N ? stim[cycle] : 220'd0;
    wire valid_out, flag;
    wire [63:0] d;

    cu32_lane dut (
        .clk(clk), .valid(s[216]), .op(s_next[214:208]), .a(s[207:144]), .b(s[143:80]),
        .c(s[79:16]), .cin(s[8]), .lane(s[4:0]), .valid_out(valid_out), .d(d), .flag(flag));

    initial begin
        $readmemh("stim.hex", stim);
        while (cycle < N + 9) begin
            #1 clk = 1'b1;
            #1 clk = 1'b0;
            if (valid_out) $display("R %0d %016x %0d", cycle - 1, d, flag);
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
