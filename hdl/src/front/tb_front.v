// Testbench of cu32_front (hdl/src/front/mod.rs runs it): loads prog.hex into the
// instruction memory, then plays ctl.hex cycle by cycle and logs what leaves.
//
//   prog.hex  2^IMEM_BITS words
//   ctl.hex   one cycle a line: {hold, run[15:0], pc_we, pc_slot[3:0], pc_val[15:0]}
//             (hex, 38 bits)
//
// Log lines (decimal cycle, counted from the first ctl.hex line; then hex):
//   F cycle slot pc w0 w1 w2 room     an instruction out (f_valid)
`default_nettype none

// (The stimulus lines' fields are read only as wide as the parameters make them.)
/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer SLOTS = `SLOTS;
    localparam integer SLOT_BITS = `SLOT_BITS;
    localparam integer IMEM_BITS = `IMEM_BITS;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [31:0] prog [0:(1 << IMEM_BITS) - 1];
    reg [37:0] ctl [0:N-1];
    reg imem_we = 1'b0;
    reg [IMEM_BITS-1:0] imem_addr = 0;
    reg [31:0] imem_wdata = 32'd0;
    integer i, cycle = 0;
    wire [37:0] c = ctl[cycle < N ? cycle : N - 1];
    wire live = cycle < N;
    wire [SLOTS-1:0] ready;
    wire f_valid;
    wire [SLOT_BITS-1:0] f_slot;
    wire [IMEM_BITS-1:0] f_pc;
    wire [31:0] f_w0, f_w1, f_w2;
    wire [1:0] f_room;
    wire [15:0] run16 = live ? c[36:21] : 16'd0;

    cu32_front #(.SLOTS(SLOTS), .SLOT_BITS(SLOT_BITS), .IMEM_BITS(IMEM_BITS)) dut (
        .clk(clk), .rst(rst), .imem_we(imem_we), .imem_addr(imem_addr),
        .imem_wdata(imem_wdata), .pc_we(live && c[20]), .pc_slot(c[SLOT_BITS+15:16]),
        .pc_val(c[IMEM_BITS-1:0]), .run(run16[SLOTS-1:0]), .hold(live && c[37]),
        .ready(ready), .f_valid(f_valid), .f_slot(f_slot), .f_pc(f_pc), .f_w0(f_w0),
        .f_w1(f_w1), .f_w2(f_w2), .f_room(f_room));

    task tick; begin #1 clk = 1'b1; #1 clk = 1'b0; end endtask

    initial begin
        $readmemh("prog.hex", prog);
        $readmemh("ctl.hex", ctl);
        tick;
        rst = 1'b0;
        for (i = 0; i < (1 << IMEM_BITS); i = i + 1) begin
            imem_we = 1'b1;
            imem_addr = i[IMEM_BITS-1:0];
            imem_wdata = prog[i];
            tick;
        end
        imem_we = 1'b0;
        while (cycle < N + 8) begin
            #1;
            if (f_valid) $display("F %0d %x %x %x %x %x %x", cycle, f_slot, f_pc, f_w0, f_w1,
                                  f_w2, f_room);
            clk = 1'b1;
            #1 clk = 1'b0;
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
