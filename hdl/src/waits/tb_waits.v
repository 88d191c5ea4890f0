// Testbench of cu32_waits (hdl/src/waits/mod.rs runs it): plays stim.hex, one cycle a
// line, and logs the wake-ups.
//
//   stim.hex  {inc, inc_slot[3:0], kind[1:0] (0 vm, 1 vs, 2 lgkm), dec_vm, slot[3:0],
//             dec_vs, slot[3:0], dec_ds, slot[3:0], dec_sm, slot[3:0], wait_go,
//             wait_slot[3:0], wait_vm[5:0], wait_vs[5:0], wait_lgkm[5:0]} (hex, 51 bits)
//
// Log lines: W cycle mask (decimal cycle, hex mask), for each cycle with a wake-up.
`default_nettype none

// (The stimulus lines' fields are read only as wide as the parameters make them.)
/* verilator lint_off UNUSEDSIGNAL */
module tb;
    localparam integer SLOTS = `SLOTS;
    localparam integer SB = `SLOT_BITS;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [50:0] stim [0:N-1];
    integer cycle = 0;
    wire [50:0] s = cycle < N ? stim[cycle] : 51'd0;
    wire [SLOTS-1:0] wake, room;

    cu32_waits #(.SLOTS(SLOTS), .SLOT_BITS(SB)) dut (
        .clk(clk), .rst(rst),
        .inc(s[50]), .inc_slot(s[SB+45:46]), .inc_vm(s[45:44] == 2'd0),
        .inc_vs(s[45:44] == 2'd1), .inc_lgkm(s[45:44] == 2'd2),
        .dec_vm(s[43]), .dec_vm_slot(s[SB+38:39]), .dec_vs(s[38]), .dec_vs_slot(s[SB+33:34]),
        .dec_ds(s[33]), .dec_ds_slot(s[SB+28:29]), .dec_sm(s[28]), .dec_sm_slot(s[SB+23:24]),
        .wait_go(s[23]), .wait_slot(s[SB+17:18]), .wait_vm(s[17:12]), .wait_vs(s[11:6]),
        .wait_lgkm(s[5:0]), .wake(wake), .room(room));

    initial begin
        $readmemh("stim.hex", stim);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        while (cycle < N + 4) begin
            #1;
            if (wake != 0) $display("W %0d %x", cycle, wake);
            clk = 1'b1;
            #1 clk = 1'b0;
            cycle = cycle + 1;
        end
        $finish;
    end
endmodule
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
