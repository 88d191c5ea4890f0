// Testbench of cu32_vgpr (hdl/src/vgpr/mod.rs runs it): plays the stimulus files cycle by
// cycle and logs what the file takes and gives; the Rust test checks the log.
//
//   rq.hex   one read request a line: {valid, use[2:0], slot[7:0], pass[7:0], reg0[7:0],
//            reg1[7:0], reg2[7:0], tag[7:0]} (hex, 60 bits), one a cycle (an invalid line
//            is a cycle without a request)
//   wa.hex, wb.hex   one write a line: {half[1:0], valid, slot[7:0], pass[7:0], reg[7:0],
//            mask[31:0]} (half: the 16-bit halves written);
//            wad.hex, wbd.hex their data (LANES dwords a line); A's advance every cycle,
//            B's when taken
//
// Log lines (decimal cycle, then hex):
//   T cycle index              read request `index` taken
//   A cycle index / B cycle index   write `index` of port A / B taken
//   E cycle tag                early_tag, the cycle after a request
//   P cycle tag                pre_tag, with pre_valid
//   R cycle tag data0 data1 data2
`default_nettype none

// (The stimulus lines' fields are read only as wide as the parameters make them.)
/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer LANES = `LANES;
    localparam integer PASS_BITS = `PASS_BITS;
    localparam integer SLOT_BITS = `SLOT_BITS;
    localparam integer SW = SLOT_BITS > 0 ? SLOT_BITS : 1;
    localparam integer PW = PASS_BITS > 0 ? PASS_BITS : 1;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [59:0] rq [0:N-1];
    reg [58:0] wa [0:N-1];
    reg [58:0] wb [0:N-1];
    reg [LANES*32-1:0] wad [0:N-1];
    reg [LANES*32-1:0] wbd [0:N-1];
    integer irq = 0, iwa = 0, iwb = 0, cycle = 0;
    reg take_wb;

    wire [59:0] r = rq[irq < N ? irq : N - 1];
    wire [58:0] a = wa[iwa < N ? iwa : N - 1];
    wire [58:0] b = wb[iwb < N ? iwb : N - 1];
    wire rq_valid = irq < N && r[59];
    wire wa_valid = iwa < N && a[56];
    wire wb_valid = iwb < N && b[56];
    wire wb_ready, pre_valid, rd_valid;
    wire [7:0] early_tag, pre_tag, rd_tag;
    reg rqv1 = 1'b0;   // (rq_valid a cycle ago)
    wire [LANES*32-1:0] rd_data0, rd_data1, rd_data2;

    cu32_vgpr #(.LANES(LANES), .PASS_BITS(PASS_BITS), .SLOT_BITS(SLOT_BITS),
                .VGPR_BITS(`VGPR_BITS), .TAG_BITS(8)) dut (
        .clk(clk), .rst(rst),
        .rq_valid(rq_valid), .rq_slot(r[SW+47:48]),
        .rq_pass(r[PW+39:40]), .rq_use(r[58:56]), .rq_reg0(r[39:32]), .rq_reg1(r[31:24]),
        .rq_reg2(r[23:16]), .rq_tag(r[7:0]),
        .early_tag(early_tag), .pre_valid(pre_valid), .pre_tag(pre_tag), .rd_valid(rd_valid), .rd_tag(rd_tag), .rd_data0(rd_data0), .rd_data1(rd_data1),
        .rd_data2(rd_data2),
        .wa_valid(wa_valid), .wa_slot(a[SW+47:48]), .wa_pass(a[PW+39:40]),
        .wa_reg(a[39:32]), .wa_mask(a[LANES-1:0]), .wa_data(wad[iwa < N ? iwa : N - 1]), .wa_half(a[58:57]),
        .wb_valid(wb_valid), .wb_ready(wb_ready), .wb_slot(b[SW+47:48]),
        .wb_pass(b[PW+39:40]), .wb_reg(b[39:32]), .wb_mask(b[LANES-1:0]),
        .wb_data(wbd[iwb < N ? iwb : N - 1]), .wb_half(b[58:57]));

    initial begin
        $readmemh("rq.hex", rq);
        $readmemh("wa.hex", wa);
        $readmemh("wb.hex", wb);
        $readmemh("wad.hex", wad);
        $readmemh("wbd.hex", wbd);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        while (irq < N || iwa < N || iwb < N || cycle < 8 + 3 * N) begin
            #1;
            take_wb = iwb < N && (!b[56] || wb_ready);
            if (rq_valid) $display("T %0d %0d", cycle, irq);
            if (wa_valid) $display("A %0d %0d", cycle, iwa);
            if (wb_valid && wb_ready) $display("B %0d %0d", cycle, iwb);
            if (rqv1) $display("E %0d %x", cycle, early_tag);
            if (pre_valid) $display("P %0d %x", cycle, pre_tag);
            if (rd_valid) $display("R %0d %x %x %x %x", cycle, rd_tag, rd_data0, rd_data1,
                                   rd_data2);
            clk = 1'b1;
            rqv1 = rq_valid;
            #1;
            if (irq < N) irq = irq + 1;
            if (iwa < N) iwa = iwa + 1;
            if (take_wb) iwb = iwb + 1;
            clk = 1'b0;
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
