// Testbench of cu32_fp_lane, run by hdl/src/fp_lane/mod.rs: stim.hex holds one input
// line per cycle, presented before that cycle's rising edge,
//
//   {valid[3:0], op[7:0], a[31:0], b[31:0], c[31:0], neg[3:0], abs[3:0],
//    {0, clamp, omod[1:0]}, {denorm[1:0], ieee, dx10}}   (31 hex digits),
//
// and after each rising edge that gives valid_out it prints "R <cycle> <d> <flag>" (the
// line's number in decimal, d in hex).
`default_nettype none

/* verilator lint_off UNUSEDSIGNAL */
module tb;
    reg clk = 1'b0;
    reg [123:0] lines [0:`N-1];
    reg [123:0] in = 124'd0;
    integer t;
    wire valid_out, flag;
    wire [31:0] d;

    cu32_fp_lane dut (
        .clk(clk), .valid(in[120]), .op(in[117:112]), .a(in[111:80]), .b(in[79:48]),
        .c(in[47:16]), .mneg(in[14:12]), .mabs(in[10:8]), .clamp(in[6]), .omod(in[5:4]),
        .denorm(in[3:2]), .ieee(in[1]), .dx10(in[0]), .valid_out(valid_out), .flag(flag),
        .d(d));

    always #1 clk <= ~clk;

    initial begin
        $readmemh("stim.hex", lines);
        for (t = 0; t < `N + 12; t = t + 1) begin
            in = t < `N ? lines[t] : 124'd0;
            @(posedge clk);
            #1 if (valid_out) $display("R %0d %08x %0d", t, d, flag);
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
