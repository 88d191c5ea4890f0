// Testbench of cu32_barrier (hdl/src/barrier/mod.rs runs it): plays stim.hex, one cycle a
// line, and logs the wake-ups.
//
//   stim.hex  {open, open_tag[3:0], enter, enter_slot[3:0], enter_tag[3:0], leave,
//             leave_slot[3:0], arrive, arrive_slot[3:0]} (hex, 24 bits)
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
    reg [23:0] stim [0:N-1];
    integer cycle = 0;
    wire [23:0] s = cycle < N ? stim[cycle] : 24'd0;
    wire [SLOTS-1:0] wake, live, parked, tags_used;

    cu32_barrier #(.SLOTS(SLOTS), .SLOT_BITS(SB)) dut (
        .clk(clk), .rst(rst),
        .enter(s[18]), .enter_slot(s[SB+13:14]), .enter_tag(s[SB+9:10]),
        .leave(s[9]), .leave_slot(s[SB+4:5]), .arrive(s[4]), .arrive_slot(s[SB-1:0]),
        .open(s[23]), .open_tag(s[SB+18:19]), .wake(wake), .live(live), .parked(parked),
        .tags_used(tags_used));

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
