// cu32_barrier — s_barrier for the compute unit: the waves of a work-group wait at the
// barrier until every wave of the group still running has reached it.
//
// Each wave slot holds a live wave or none, and its work-group's tag. enter puts a wave
// into slot enter_slot with tag enter_tag (a start); leave takes slot leave_slot's wave out
// (its s_endpgm); arrive parks slot arrive_slot at the barrier (W retires its s_barrier).
// The three requests name different slots in a cycle and take effect at its end. Each
// cycle registers, per tag, whether a live wave of the group has not arrived (or the
// group is `open`: the dispatcher is still entering its waves, and drops `open` in the
// cycle after it enters the last); in the cycle after, the parked waves of a group that
// had none missing are released: their bit in `wake` rises in the next cycle, for one
// cycle, and they are no longer parked (the front end makes them ready). So the group's
// waves wake three cycles after its last live wave arrives or leaves (a wave that ends
// while others of its group wait may so release them); the registered step keeps the
// logic between flip-flops short and small. live and parked give each slot's state;
// tags_used[t]: a live wave has tag t; tags are below SLOTS (the dispatcher picks the
// lowest free one).
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
    input  wire                 open,
    input  wire [SLOT_BITS-1:0] open_tag,
    output reg  [SLOTS-1:0]     wake,
    output reg  [SLOTS-1:0]     live,
    output reg  [SLOTS-1:0]     parked,
    output wire [SLOTS-1:0]     tags_used
);
    // Per tag g (g < SLOTS: the dispatcher gives a group the lowest tag no live wave has,
    // and a free slot leaves one free), its members: bit s is set while slot s's last
    // wave entered with tag g (a slot without a live wave keeps its bits; every use below
    // takes live waves only).
    wire [SLOTS-1:0] members [0:SLOTS-1];

    // Per tag, whether one of its live waves has not arrived (missing), registered; per
    // slot, whether its group has such a wave (held).
    wire [SLOTS-1:0] out = live & ~parked;
    wire [SLOTS-1:0] missing, held;
    genvar s, g;
    generate
        for (g = 0; g < SLOTS; g = g + 1) begin : group
            localparam [SLOT_BITS-1:0] G = g;
            reg  [SLOTS-1:0] m;
            for (s = 0; s < SLOTS; s = s + 1) begin : member
                localparam [SLOT_BITS-1:0] S = s;
                always @(posedge clk)
                    if (enter && enter_slot == S) m[s] <= enter_tag == G;
            end
            assign members[g] = m;
            reg  miss;
            always @(posedge clk) miss <= (m & out) != {SLOTS{1'b0}} || (open && open_tag == G);
            assign missing[g] = miss;
            assign tags_used[g] = (m & live) != {SLOTS{1'b0}};
        end
        for (s = 0; s < SLOTS; s = s + 1) begin : slot
            localparam [SLOT_BITS-1:0] S = s;
            wire [SLOTS-1:0] of_group;
            for (g = 0; g < SLOTS; g = g + 1) begin : member
                assign of_group[g] = members[g][s];
            end
            assign held[s] = (of_group & missing) != {SLOTS{1'b0}};
            wire release_s = live[s] && parked[s] && !held[s];
            always @(posedge clk) begin
                if (rst) begin
                    live[s] <= 1'b0;
                    parked[s] <= 1'b0;
                    wake[s] <= 1'b0;
                end else begin
                    live[s] <= (enter && enter_slot == S) || (live[s] && !(leave && leave_slot == S));
                    parked[s] <= (parked[s] && !release_s) || (arrive && arrive_slot == S);
                    wake[s] <= release_s;
                end
            end
        end
    endgenerate
endmodule

`default_nettype wire
