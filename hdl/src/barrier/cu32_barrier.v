// cu32_barrier — s_barrier for the interleaved core: the waves of a work-group wait at the
// barrier until every wave of the group still running has reached it.
//
// Each wave slot holds a live wave or none, and its work-group's tag. enter puts a wave
// into slot enter_slot with tag enter_tag (a start); leave takes slot leave_slot's wave out
// (its s_endpgm); arrive parks slot arrive_slot at the barrier (W retires its s_barrier).
// In any cycle, the slots of a group whose live waves have all arrived, counting the
// cycle's arrive and leaving out the cycle's leave, get their bit in `wake` in the next
// cycle, for one cycle, and are no longer parked (the front end makes them ready). A wave
// that ends while others of its group wait may so release them. The dispatcher enters all
// of a group's waves before any of them runs, so a group is whole when its first wave
// can arrive. The three requests name different slots in a cycle.
`default_nettype none

module cu32_barrier #(
    parameter integer SLOTS = 8,
    parameter integer SLOT_BITS = 3   // slot and tag port width (at least 1)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 enter,
    input  wire [SLOT_BITS-1:0] enter_slot,
    input  wire [SLOT_BITS-1:0] enter_tag,
    input  wire                 leave,
    input  wire [SLOT_BITS-1:0] leave_slot,
    input  wire                 arrive,
    input  wire [SLOT_BITS-1:0] arrive_slot,
    output reg  [SLOTS-1:0]     wake
);
    reg  [SLOTS-1:0]     live, parked;
    reg  [SLOT_BITS-1:0] tag [0:SLOTS-1];

    // This cycle's view: live waves (the leave out) and parked ones (the arrive in).
    wire [SLOTS-1:0] now_live, now_parked;
    genvar s, t;
    generate
        for (s = 0; s < SLOTS; s = s + 1) begin : view
            localparam [SLOT_BITS-1:0] S = s;
            assign now_live[s] = live[s] && !(leave && leave_slot == S);
            assign now_parked[s] = parked[s] || (arrive && arrive_slot == S);
        end
        for (s = 0; s < SLOTS; s = s + 1) begin : slot
            localparam [SLOT_BITS-1:0] S = s;
            // Some live wave of this slot's group has not arrived.
            wire [SLOTS-1:0] missing;
            for (t = 0; t < SLOTS; t = t + 1) begin : other
                assign missing[t] = now_live[t] && !now_parked[t] && tag[t] == tag[s];
            end
            wire release_s = now_live[s] && now_parked[s] && missing == {SLOTS{1'b0}};
            always @(posedge clk) begin
                if (rst) begin
                    live[s] <= 1'b0;
                    parked[s] <= 1'b0;
                    wake[s] <= 1'b0;
                end else begin
                    live[s] <= (enter && enter_slot == S) || now_live[s];
                    parked[s] <= now_parked[s] && now_live[s] && !release_s;
                    wake[s] <= release_s;
                end
                if (enter && enter_slot == S) tag[s] <= enter_tag;
            end
        end
    endgenerate
endmodule

`default_nettype wire
