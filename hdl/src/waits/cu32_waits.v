// cu32_waits — the compute unit's memory counters and s_waitcnt (reference §5.7,
// "Data Dependency Resolution"). Per wave slot, three counters of the wave's memory
// instructions in flight, as gfx1100 keeps them: vmcnt (vector memory loads and atomics
// that return data), vscnt (vector memory stores and atomics that do not) and lgkmcnt
// (LDS instructions and scalar loads). Issue counts an instruction up (inc) as it leaves
// the ALU stages; each memory unit counts it down (dec_*) when its results are written or
// its stores done. A counter holds 0..63: the issue keeps a slot's count below 63 (`room`,
// registered: every count below 62 a cycle before, as a slot has one instruction in the
// stages at a time).
//
// A wait (W's s_waitcnt, s_waitcnt_vmcnt / _vscnt / _lgkmcnt, or s_endpgm with all three
// at 0) parks its slot with the three limits it names (63: no limit) until every counter
// is at or below its limit; then `wake` has the slot's bit for one cycle (the cycle
// after the wait's if the counters already allow it), and the front end makes the slot
// ready. The counts compared are the registered ones, those the cycle starts with (a
// completion in the wait's cycle wakes it a cycle later): no adder lies before the
// compare. A waiting slot issues nothing, so its counts only fall.
`default_nettype none

module cu32_waits #(
    parameter integer SLOTS = 8,
    parameter integer SLOT_BITS = 3   // slot port width (at least 1)
) (
    input  wire                 clk,
    input  wire                 rst,
    // A memory instruction issued: which counters (inc_vm or inc_vs, or inc_lgkm; a FLAT
    // instruction counts on inc_lgkm too).
    input  wire                 inc,
    input  wire [SLOT_BITS-1:0] inc_slot,
    input  wire                 inc_vm,
    input  wire                 inc_vs,
    input  wire                 inc_lgkm,
    // Completions: the vector memory unit's (a load or a store), the LDS's and the scalar
    // memory unit's, each with its slot; any of them in one cycle.
    input  wire                 dec_vm,
    input  wire [SLOT_BITS-1:0] dec_vm_slot,
    input  wire                 dec_vs,
    input  wire [SLOT_BITS-1:0] dec_vs_slot,
    input  wire                 dec_ds,
    input  wire [SLOT_BITS-1:0] dec_ds_slot,
    input  wire                 dec_sm,
    input  wire [SLOT_BITS-1:0] dec_sm_slot,
    // A wait of slot wait_slot with its limits.
    input  wire                 wait_go,
    input  wire [SLOT_BITS-1:0] wait_slot,
    input  wire [5:0]           wait_vm,
    input  wire [5:0]           wait_vs,
    input  wire [5:0]           wait_lgkm,
    output reg  [SLOTS-1:0]     wake,
    // Slots with room for one more memory instruction.
    output reg  [SLOTS-1:0]     room
);
    reg [5:0] vm   [0:SLOTS-1];
    reg [5:0] vs   [0:SLOTS-1];
    reg [5:0] lgkm [0:SLOTS-1];
    reg [5:0] lim_vm   [0:SLOTS-1];
    reg [5:0] lim_vs   [0:SLOTS-1];
    reg [5:0] lim_lgkm [0:SLOTS-1];
    reg [SLOTS-1:0] waiting;

    // A wait's slot is checked against the wait's limits here (one check, shared by the
    // slots); a parked slot then against its registered limits.
    wire met_w = vm[wait_slot] <= wait_vm && vs[wait_slot] <= wait_vs
                 && lgkm[wait_slot] <= wait_lgkm;

    genvar g;
    generate
        for (g = 0; g < SLOTS; g = g + 1) begin : slot
            localparam [SLOT_BITS-1:0] G = g;
            wire in = inc && inc_slot == G;
            // (The counts after this cycle's changes.)
            // (Each change as one small signed step: one adder a counter.)
            wire       u_vm = in && inc_vm, d_vm = dec_vm && dec_vm_slot == G;
            wire       u_vs = in && inc_vs, d_vs = dec_vs && dec_vs_slot == G;
            wire       u_lg = in && inc_lgkm;
            wire [1:0] d_lg = {1'b0, dec_ds && dec_ds_slot == G}
                            + {1'b0, dec_sm && dec_sm_slot == G};
            wire [5:0] n_vm = vm[g] + {{5{d_vm && !u_vm}}, d_vm != u_vm};
            wire [5:0] n_vs = vs[g] + {{5{d_vs && !u_vs}}, d_vs != u_vs};
            wire [2:0] s_lg = {2'd0, u_lg} - {1'b0, d_lg};
            wire [5:0] n_lgkm = lgkm[g] + {{3{s_lg[2]}}, s_lg};
            wire here = wait_go && wait_slot == G;
            wire met = vm[g] <= lim_vm[g] && vs[g] <= lim_vs[g] && lgkm[g] <= lim_lgkm[g];
            always @(posedge clk) begin
                vm[g] <= rst ? 6'd0 : n_vm;
                vs[g] <= rst ? 6'd0 : n_vs;
                lgkm[g] <= rst ? 6'd0 : n_lgkm;
                if (here) {lim_vm[g], lim_vs[g], lim_lgkm[g]} <= {wait_vm, wait_vs, wait_lgkm};
                wake[g] <= !rst && (here ? met_w : waiting[g] && met);
                waiting[g] <= !rst && (here ? !met_w : waiting[g] && !met);
            end
            always @(posedge clk)
                room[g] <= !rst && !(&vm[g][5:1]) && !(&vs[g][5:1]) && !(&lgkm[g][5:1]);
        end
    endgenerate
endmodule

`default_nettype wire
