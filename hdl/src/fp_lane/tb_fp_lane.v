// Testbench of cu32_fp_lane (hdl/src/fp_lane/mod.rs runs it): plays stim.hex, one cycle a
// line, and logs every result.
//
//   stim.hex  {valid[3:0], op[7:0], a[31:0], b[31:0], c[31:0], neg[3:0], abs[3:0],
//             {0, clamp, omod[1:0]}, {denorm[1:0], ieee, dx10}} (hex, 31 digits; only
//             valid[0], op[5:0] and neg[2:0], abs[2:0] of the padded fields are read)
//
// Log lines: R cycle d flag (decimal cycle, hex d, flag), for each cycle whose rising edge
// gave valid_out; line i of stim.hex is presented before rising edge i + 1 (cycle i).
`default_nettype none

/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg [123:0] stim [0:N-1];
    integer cycle = 0;
    wire [123:0] s = cycle < N ? stim[cycle] : 124'd0;
    wire valid_out, flag;
    wire [31:0] d;

    cu32_fp_lane dut (
        .clk(clk), .valid(s[120]), .op(s[117:112]), .a(s[111:80]), .b(s[79:48]),
        .c(s[47:16]), .mneg(s[14:12]), .mabs(s[10:8]), .clamp(s[6]), .omod(s[5:4]),
        .denorm(s[3:2]), .ieee(s[1]), .dx10(s[0]), .valid_out(valid_out), .d(d),
        .flag(flag));

    initial begin
        $readmemh("stim.hex", stim);
        while (cycle < N + 12) begin
            #1 clk = 1'b1;
            #1 clk = 1'b0;
            if (valid_out) $display("R %0d %08x %0d", cycle, d, flag);
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
