// Testbench of cu32_lds_unit (hdl/src/lds/mod.rs runs it): plays stim.hex, one pass a
// line, each after `gap` idle cycles, holding it until in_ready, and logs the passes out.
//
//   stim.hex  {gap[7:0], kind[2:0], size[4:0], sext, half[1:0], data_hi, two, aop[3:0],
//             sweep[1:0], 5'b0, mask[LANES], addr0[32 LANES], addr1[32 LANES],
//             data0[128 LANES], data1[64 LANES]} (hex; lane 0 in the low bits of each)
//
// Log lines: `I pass first_valid_cycle taken_cycle` per pass taken, `O cycle mask data`
// per pass out (data: lane LANES-1 first), `E cycle` at the end (decimal cycles, hex
// mask and data).
`default_nettype none

module tb;
    localparam integer LANES = `LANES;
    localparam integer BANKS = `BANKS;
    localparam integer BYTES = `BYTES;
    localparam integer N = `N;
    localparam integer W = 32 + LANES + 256 * LANES;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [W-1:0] stim [0:N-1];
    integer pass = 0, outs = 0, cycle = 0, gap = 0, first = 0;
    reg valid = 1'b0;
    reg taken = 1'b0;
    wire [W-1:0] s = stim[pass < N ? pass : N - 1];
    localparam integer H = W - 32;
    wire in_ready, out_valid;
    wire [LANES-1:0] out_mask;
    wire [128*LANES-1:0] out_data;

    cu32_lds_unit #(.LANES(LANES), .BANKS(BANKS), .BYTES(BYTES)) dut (
        .clk(clk), .rst(rst),
        .in_valid(valid), .in_ready(in_ready),
        .in_kind(s[H+23:H+21]), .in_size(s[H+20:H+16]), .in_sext(s[H+15]),
        .in_half(s[H+14:H+13]), .in_data_hi(s[H+12]), .in_two(s[H+11]),
        .in_aop(s[H+10:H+7]), .in_sweep(s[H+6:H+5]),
        .in_mask(s[H-1:H-LANES]),
        .in_addr0(s[256*LANES-1:224*LANES]), .in_addr1(s[224*LANES-1:192*LANES]),
        .in_data0(s[192*LANES-1:64*LANES]), .in_data1(s[64*LANES-1:0]),
        .out_valid(out_valid), .out_mask(out_mask), .out_data(out_data));

    initial begin
        $readmemh("stim.hex", stim);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        gap = N > 0 ? {24'd0, stim[0][W-1:W-8]} : 0;
        while (outs < N && cycle < 400 * N + 1000) begin
            if (!valid && pass < N && gap == 0) begin
                valid = 1'b1;
                first = cycle;
            end
            #1;
            if (out_valid) begin
                $display("O %0d %x %x", cycle, out_mask, out_data);
                outs = outs + 1;
            end
            taken = valid && in_ready;
            clk = 1'b1;
            #1 clk = 1'b0;
            if (taken) begin
                $display("I %0d %0d %0d", pass, first, cycle);
                pass = pass + 1;
                valid = 1'b0;
                gap = pass < N ? {24'd0, stim[pass][W-1:W-8]} : 0;
            end else if (!valid && gap > 0) begin
                gap = gap - 1;
            end
            cycle = cycle + 1;
        end
        $display("E %0d", cycle);
        $finish;
    end
endmodule

`default_nettype wire
