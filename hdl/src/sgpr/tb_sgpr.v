// Testbench of cu32_sgpr (hdl/src/sgpr/mod.rs runs it): plays the stimulus files cycle by
// cycle and logs the reads, the late writes taken and the sweep's busy cycles. The sweep
// writes {16'hc1ea, 10'd0, pair, 16'h5eed, 10'd0, pair} to pair `pair`.
//
//   rd.hex   one cycle a line: {ra_slot[3:0], ra_pair[5:0], rb_slot[3:0], rb_pair[5:0],
//            clear, clear_slot[3:0]} (hex, 25 bits)
//   w.hex    one cycle a line: {lo, hi, slot[3:0], pair[5:0], data[63:0]} (76 bits)
//   lw.hex   the late writes, as w.hex; each presented until taken (one without lo or
//            hi takes a cycle); the bench runs until all are taken and 80 cycles past N
//
// Log lines (decimal cycle, then hex): R cycle ra_data rb_data (every cycle from 2 on),
// L cycle index (a late write taken), C cycle (clear_busy), I cycle (lw_idle).
`default_nettype none

// (The stimulus lines' fields are read only as wide as the parameters make them.)
/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer SB = `SLOT_BITS;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [24:0] rd [0:N-1];
    reg [75:0] w [0:N-1];
    reg [75:0] lw [0:N-1];
    integer cycle = 0, il = 0;
    reg take;
    wire [24:0] r = cycle < N ? rd[cycle] : 25'd0;
    wire [75:0] a = cycle < N ? w[cycle] : 76'd0;
    wire [75:0] b = il < N ? lw[il] : 76'd0;
    wire lw_ready, lw_idle, clear_busy;
    wire [5:0] clear_pair;
    wire [63:0] ra_data, rb_data;

    cu32_sgpr #(.SLOT_BITS(SB)) dut (
        .clk(clk), .rst(rst),
        .ra_slot(r[SB+20:21]), .ra_pair(r[20:15]), .ra_data(ra_data),
        .rb_slot(r[SB+10:11]), .rb_pair(r[10:5]), .rb_data(rb_data),
        .w_lo(a[75]), .w_hi(a[74]), .w_slot(a[SB+69:70]), .w_pair(a[69:64]),
        .w_data(a[63:0]),
        .lw_lo(b[75]), .lw_hi(b[74]), .lw_ready(lw_ready), .lw_idle(lw_idle),
        .lw_slot(b[SB+69:70]),
        .lw_pair(b[69:64]), .lw_data(b[63:0]),
        .clear(r[4]), .clear_slot(r[SB-1:0]), .clear_pair(clear_pair),
        .clear_data({16'hc1ea, 10'd0, clear_pair, 16'h5eed, 10'd0, clear_pair}),
        .clear_busy(clear_busy));

    initial begin
        $readmemh("rd.hex", rd);
        $readmemh("w.hex", w);
        $readmemh("lw.hex", lw);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        while (cycle < N + 80 || il < N) begin
            #1;
            take = il < N && (!(b[75] || b[74]) || lw_ready);
            if (cycle >= 2) $display("R %0d %x %x", cycle, ra_data, rb_data);
            if ((b[75] || b[74]) && lw_ready && il < N) $display("L %0d %0d", cycle, il);
            if (clear_busy) $display("C %0d", cycle);
            if (lw_idle) $display("I %0d", cycle);
            clk = 1'b1;
            #1;
            if (take) il = il + 1;
            clk = 1'b0;
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
