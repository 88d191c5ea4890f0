// Testbench of cu32_lds_unit (hdl/src/lds/mod.rs runs it): plays stim.hex, one pass a
// line, each after `gap` idle cycles, holding it until in_ready, and logs the beats out.
//
//   stim.hex  {gap[7:0], kind[2:0], size[4:0], sext, half[1:0], data_hi, two, aop[3:0],
//             sweep[1:0], 2'b0, clear, ready[1:0], mask[LANES], off0[16:0], off1[16:0],
//             tid, base[16:0], addr[32 LANES], data0[128 LANES], data1[64 LANES]} (hex;
//             lane 0 in the low bits of each)
//
// A line with `clear` set is a clear, not a pass: `gap` cycles after the cycle that took
// the last beat of the passes before it (all of them out), clr is high for off1 cycles
// (at least 1), clr_row off0, off0 + 1, ..; the next line goes in from the cycle after.
//
// out_ready while a pass's beats are due, by that pass's `ready`: 0 always high, 1 high
// 3 cycles in 4, 2 one in 4, 3 one in 16 (from an LFSR).
//
// Log lines: `I line first_valid_cycle taken_cycle` per pass taken (a clear: its first
// and last clr cycles), `B cycle k last mask data` per beat taken (data: lane LANES-1
// first), `F cycles` the cycles in_valid waited on a full result buffer, `E cycle` at the
// end (decimal cycles, hex mask and data).
`default_nettype none

module tb;
    localparam integer LANES = `LANES;
    localparam integer BANKS = `BANKS;
    localparam integer BYTES = `BYTES;
    localparam integer N = `N;
    localparam integer W = 32 + LANES + 52 + 224 * LANES;
    localparam integer RW = $clog2(BYTES / BANKS) - 2;  // the unit's row bits
    localparam integer OF = 224 * LANES + 18;           // off1's bit 0 (off0 follows)

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [W-1:0] stim [0:N-1];
    integer pass = 0, outs = 0, cycle = 0, gap = 0, first = 0, fulls = 0;
    reg valid = 1'b0;
    reg taken = 1'b0;
    reg ready = 1'b0;
    reg [15:0] lfsr = 16'hace1;
    wire [W-1:0] s = stim[pass < N ? pass : N - 1];
    localparam integer H = W - 32;
    wire [1:0] so = stim[outs < N ? outs : N - 1][H+1:H];   // the pass going out's ready
    reg cl = 1'b0;              // the line is a clear
    reg clr = 1'b0;
    reg [RW-1:0] clr_row = {RW{1'b0}};
    integer crows = 0;          // clr cycles left
    wire in_ready, out_valid, out_last;
    wire [1:0] out_k;
    wire [LANES-1:0] out_mask;
    wire [32*LANES-1:0] out_data;

    cu32_lds_unit #(.LANES(LANES), .BANKS(BANKS), .BYTES(BYTES)) dut (
        .clk(clk), .rst(rst), .clr(clr), .clr_row(clr_row),
        .in_valid(valid), .in_ready(in_ready),
        .in_kind(s[H+23:H+21]), .in_size(s[H+20:H+16]), .in_sext(s[H+15]),
        .in_half(s[H+14:H+13]), .in_data_hi(s[H+12]), .in_two(s[H+11]),
        .in_aop(s[H+10:H+7]), .in_sweep(s[H+6:H+5]),
        .in_mask(s[H-1:H-LANES]),
        .in_off0(s[224*LANES+51:224*LANES+35]), .in_off1(s[224*LANES+34:224*LANES+18]),
        .in_tid(s[224*LANES+17]), .in_base(s[224*LANES+16:224*LANES]), .in_lane0(5'd0),
        .in_addr(s[224*LANES-1:192*LANES]),
        .in_data0(s[192*LANES-1:64*LANES]), .in_data1(s[64*LANES-1:0]),
        .out_valid(out_valid), .out_ready(ready), .out_k(out_k), .out_last(out_last),
        .out_mask(out_mask), .out_data(out_data));

    initial begin
        $readmemh("stim.hex", stim);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        gap = N > 0 ? {24'd0, stim[0][W-1:W-8]} : 0;
        while (outs < N && cycle < 400 * N + 1000) begin
            cl = pass < N && stim[pass][H+2];
            if (cl && !clr && outs == pass && gap == 0) begin
                clr = 1'b1;
                clr_row = stim[pass][OF+17 +: RW];
                crows = {15'd0, stim[pass][OF +: 17]};
                first = cycle;
            end else if (!cl && !valid && pass < N && gap == 0) begin
                valid = 1'b1;
                first = cycle;
            end
            case (so)
                2'd0: ready = 1'b1;
                2'd1: ready = lfsr[1:0] != 2'd0;
                2'd2: ready = lfsr[1:0] == 2'd0;
                default: ready = lfsr[3:0] == 4'd0;
            endcase
            #1;
            if (out_valid && ready) begin
                $display("B %0d %0d %0d %x %x", cycle, out_k, out_last, out_mask, out_data);
                if (out_last) outs = outs + 1;
            end
            if (valid && !in_ready && dut.full) fulls = fulls + 1;
            taken = valid && in_ready;
            clk = 1'b1;
            #1 clk = 1'b0;
            lfsr = {lfsr[14:0], lfsr[15] ^ lfsr[13] ^ lfsr[12] ^ lfsr[10]};
            if (clr) begin
                crows = crows - 1;
                clr_row = clr_row + 1'b1;
                if (crows <= 0) begin
                    $display("I %0d %0d %0d", pass, first, cycle);
                    clr = 1'b0;
                    pass = pass + 1;
                    outs = outs + 1;
                    gap = pass < N ? {24'd0, stim[pass][W-1:W-8]} : 0;
                end
            end else if (taken) begin
                $display("I %0d %0d %0d", pass, first, cycle);
                pass = pass + 1;
                valid = 1'b0;
                gap = pass < N ? {24'd0, stim[pass][W-1:W-8]} : 0;
            end else if (!valid && gap > 0 && (!cl || outs == pass)) begin
                gap = gap - 1;
            end
            cycle = cycle + 1;
        end
        $display("F %0d", fulls);
        $display("E %0d", cycle);
        $finish;
    end
endmodule

`default_nettype wire
