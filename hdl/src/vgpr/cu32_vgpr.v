// cu32_vgpr — the VGPR file of the interleaved core: four banks by register index (v[r]
// lives in bank r mod 4, as in RDNA3), each bank one block RAM per lane with a read port
// and a write port (on ECP5 a DP16KD as a 512 x 36 pseudo-dual-port RAM at 8 lanes, 8
// slots, 64 VGPRs). A bank row holds one pass of one register of one wave slot: LANES
// dwords at row {slot, r / 4, pass}.
//
// Reads. A request names up to three registers (the sources of one pass of a vector
// instruction; rq_use[k] for each source k used) and is taken in a cycle with rq_valid
// and rq_ready (a register: the request waits in stage S while the one before is still
// being read). Its sources are read in batches, one cycle each (stage Q: the bank
// addresses go to the RAMs): each bank reads the register of its lowest pending source,
// for every pending source naming it, so sources in different banks, or naming the same
// register, share a cycle, and each further register in a bank (a bank conflict) costs a
// cycle. The RAMs read in stage B, their output register (the block
// RAM's own: its clock-to-output time is most of a cycle without it) gives the words in
// stage R, where they are muxed to the sources; all three leave together, with rd_valid
// and rd_tag, three cycles after the last batch (a source the request does not use reads
// 0, so that the user can OR other operands in): a request taken in cycle c with k
// batches, when no request was waiting in S, gives rd_valid in cycle c + k + 3. A
// request goes from the port or S to Q while none is pending or the pending one is in
// its last batch, so requests without conflicts are taken one a cycle.
//
// Writes. Two ports, A (the VALU's results) and B (memory results, and a wave's start
// sweep), each one pass of one register under a lane mask. Each writes the 16-bit halves
// wa_half / wb_half name (a 16-bit result writes its half alone: the block RAMs' byte
// enables); B with wb_all writes its row in all four banks (registers wb_reg .. wb_reg + 3
// when wb_reg is a multiple of 4). A is always taken; B is taken (wb_ready) in a cycle A
// does not write, so that one write path serves every bank (one multiplexer between the
// ports, not one per bank). A write shows from the next cycle on; a batch reading a
// row in the cycle it is written gets an undefined value (the RAM has no read-during-
// write logic). The issue orders a wave's reads after its writes, so nothing forwards.
`default_nettype none

module cu32_vgpr #(
    parameter integer LANES = 8,
    parameter integer PASS_BITS = 2,   // log2 passes (0: one pass)
    parameter integer SLOT_BITS = 3,   // slot address bits (0: one slot)
    parameter integer VGPR_BITS = 6,   // register index bits (log2 VGPRs rounded up, 3..8)
    parameter integer TAG_BITS = 8
) (
    input  wire                          clk,
    input  wire                          rst,
    input  wire                          rq_valid,
    output wire                          rq_ready,
    input  wire [SW-1:0]                 rq_slot,
    input  wire [PW-1:0]                 rq_pass,
    input  wire [2:0]                    rq_use,
    input  wire [7:0]                    rq_reg0,
    input  wire [7:0]                    rq_reg1,
    input  wire [7:0]                    rq_reg2,
    input  wire [TAG_BITS-1:0]           rq_tag,
    output reg                           rd_valid,
    output reg  [TAG_BITS-1:0]           rd_tag,
    output reg  [LANES*32-1:0]           rd_data0,
    output reg  [LANES*32-1:0]           rd_data1,
    output reg  [LANES*32-1:0]           rd_data2,
    input  wire                          wa_valid,
    input  wire [SW-1:0]                 wa_slot,
    input  wire [PW-1:0]                 wa_pass,
    input  wire [7:0]                    wa_reg,
    input  wire [LANES-1:0]              wa_mask,
    input  wire [LANES*32-1:0]           wa_data,
    input  wire [1:0]                    wa_half,
    input  wire                          wb_valid,
    output wire                          wb_ready,
    input  wire [SW-1:0]                 wb_slot,
    input  wire [PW-1:0]                 wb_pass,
    input  wire [7:0]                    wb_reg,
    input  wire                          wb_all,
    input  wire [LANES-1:0]              wb_mask,
    input  wire [LANES*32-1:0]           wb_data,
    input  wire [1:0]                    wb_half
);
    localparam integer SW = SLOT_BITS > 0 ? SLOT_BITS : 1;
    localparam integer PW = PASS_BITS > 0 ? PASS_BITS : 1;
    localparam integer RB = VGPR_BITS - 2;                 // register bits within a bank
    localparam integer ROW_BITS = SLOT_BITS + RB + PASS_BITS;
    localparam integer DEPTH = 1 << ROW_BITS;

    // The row of one pass of register r of a slot in its bank.
    function automatic [ROW_BITS-1:0] row_of(input [SW-1:0] slot, input [7:0] r,
                                             input [PW-1:0] pass);
        reg [31:0] x;
        begin
            x = SLOT_BITS > 0 ? {{(32 - SW){1'b0}}, slot} : 32'd0;
            x = (x << RB) | ({24'd0, r} >> 2 & ((32'd1 << RB) - 1));
            x = PASS_BITS > 0 ? (x << PASS_BITS) | {{(32 - PW){1'b0}}, pass} : x;
            row_of = x[ROW_BITS-1:0];
        end
    endfunction

    // ---- S: a request taken while Q is busy waits here. rq_ready is "S is empty", a
    // register, so that no bank logic lies on the requester's paths; a request taken
    // while Q is free goes straight on to Q. ----
    localparam integer RQW = 3 + SW + PW + 24 + TAG_BITS;
    wire [RQW-1:0] rq = {rq_use, rq_slot, rq_pass, rq_reg0, rq_reg1, rq_reg2, rq_tag};
    reg            s_valid;
    reg  [RQW-1:0] s_rq;
    assign rq_ready = !s_valid;
    wire take = rq_valid && !s_valid;

    // ---- Q: the pending request, read in batches ----
    reg                q_valid;
    reg  [2:0]         q_pend;
    reg  [2:0]         q_zero;   // (the sources not used, until the first batch)
    reg  [SW-1:0]      q_slot;
    reg  [PW-1:0]      q_pass;
    reg  [7:0]         q_reg [0:2];
    reg  [TAG_BITS-1:0] q_tag;

    wire [1:0] q_bank0 = q_reg[0][1:0];
    wire [1:0] q_bank1 = q_reg[1][1:0];
    wire [1:0] q_bank2 = q_reg[2][1:0];
    // A bank reads the register of its lowest pending source; a source naming another
    // register there waits.
    wire blocked1 = q_pend[0] && q_bank0 == q_bank1 && q_reg[0] != q_reg[1];
    wire blocked2 = q_pend[0] && q_bank0 == q_bank2 ? q_reg[0] != q_reg[2]
                  : q_pend[1] && q_bank1 == q_bank2 && q_reg[1] != q_reg[2];
    wire [2:0] served = q_pend & {~blocked2, ~blocked1, 1'b1};
    wire last = q_valid && (q_pend & ~served) == 3'd0;
    wire q_free = !q_valid || last;
    wire q_load = q_free && (s_valid || take);

    // (What Q takes: S's request while S holds one, else the port's.)
    wire [2:0]          n_use;
    wire [SW-1:0]       n_slot;
    wire [PW-1:0]       n_pass;
    wire [7:0]          n_reg0, n_reg1, n_reg2;
    wire [TAG_BITS-1:0] n_tag;
    assign {n_use, n_slot, n_pass, n_reg0, n_reg1, n_reg2, n_tag} = s_valid ? s_rq : rq;

    always @(posedge clk) begin
        if (rst)
            s_valid <= 1'b0;
        else
            s_valid <= s_valid ? !q_free : take && !q_free;
        if (!s_valid) s_rq <= rq;
        if (rst) begin
            q_valid <= 1'b0;
            q_pend <= 3'd0;
            q_zero <= 3'd0;
        end else if (q_load) begin
            q_valid <= 1'b1;
            q_pend <= n_use;
            q_zero <= ~n_use;
        end else if (last) begin
            q_valid <= 1'b0;
            q_pend <= 3'd0;
            q_zero <= 3'd0;
        end else begin
            q_pend <= q_pend & ~served;
            q_zero <= 3'd0;
        end
        if (q_load) begin
            q_slot <= n_slot;
            q_pass <= n_pass;
            q_reg[0] <= n_reg0;
            q_reg[1] <= n_reg1;
            q_reg[2] <= n_reg2;
            q_tag <= n_tag;
        end
    end

    // ---- B: the RAMs read (their read register); R: their output register, muxed to
    // the batch's sources ----
    reg                b_valid, r_valid;
    reg                b_last, r_last;
    reg  [2:0]         b_served, r_served;
    reg  [2:0]         b_zero, r_zero;
    reg  [5:0]         b_banks, r_banks;
    reg  [TAG_BITS-1:0] b_tag, r_tag;
    always @(posedge clk) begin
        if (rst) begin
            {b_valid, r_valid} <= 2'b00;
            {b_last, r_last} <= 2'b00;
            {b_served, r_served} <= 6'd0;
            {b_zero, r_zero} <= 6'd0;
        end else begin
            b_valid <= q_valid;
            b_last <= last;
            b_served <= q_valid ? served : 3'd0;
            r_valid <= b_valid;
            r_last <= b_last;
            r_served <= b_served;
            b_zero <= q_valid ? q_zero : 3'd0;
            r_zero <= b_zero;
        end
        b_banks <= {q_bank2, q_bank1, q_bank0};
        r_banks <= b_banks;
        b_tag <= q_tag;
        r_tag <= b_tag;
    end

    wire [LANES*32-1:0] dout [0:3];
    always @(posedge clk) begin
        // (Zeroing an unused source is the flip-flops' synchronous reset.)
        if (r_zero[0]) rd_data0 <= {LANES * 32{1'b0}};
        else if (r_served[0]) rd_data0 <= dout[r_banks[1:0]];
        if (r_zero[1]) rd_data1 <= {LANES * 32{1'b0}};
        else if (r_served[1]) rd_data1 <= dout[r_banks[3:2]];
        if (r_zero[2]) rd_data2 <= {LANES * 32{1'b0}};
        else if (r_served[2]) rd_data2 <= dout[r_banks[5:4]];
        rd_tag <= r_tag;
        if (rst) rd_valid <= 1'b0;
        else rd_valid <= r_valid && r_last;
    end

    // ---- the banks ----
    assign wb_ready = !wa_valid;
    // (The write of the cycle: A's, or B's.)
    wire                b_go = wb_valid && !wa_valid;
    wire [ROW_BITS-1:0] waddr = wa_valid ? row_of(wa_slot, wa_reg, wa_pass)
                                         : row_of(wb_slot, wb_reg, wb_pass);
    wire [LANES-1:0]    wmask = wa_valid ? wa_mask : wb_mask;
    wire [LANES*32-1:0] wdata = wa_valid ? wa_data : wb_data;
    wire [1:0]          whalf = wa_valid ? wa_half : wb_half;

    genvar b, l;
    generate
        for (b = 0; b < 4; b = b + 1) begin : bank
            // The register this batch reads here: the lowest pending source in the bank
            // (a blocked source's bank is read for a lower one).
            wire [7:0] rreg = q_pend[0] && q_bank0 == b ? q_reg[0]
                            : q_pend[1] && q_bank1 == b ? q_reg[1] : q_reg[2];
            wire [ROW_BITS-1:0] raddr = row_of(q_slot, rreg, q_pass);
            wire here = (wa_valid && wa_reg[1:0] == b)
                        || (b_go && (wb_all || wb_reg[1:0] == b));
            for (l = 0; l < LANES; l = l + 1) begin : lane
                // (No read-during-write logic: the issue never reads a row written in the
                // same cycle; Yosys then maps the RAM and its read register as they are.)
                (* no_rw_check *)
                reg [31:0] mem [0:DEPTH-1];
                reg [31:0] q, q_out;
                always @(posedge clk) begin
                    if (here && wmask[l] && whalf[0])
                        mem[waddr][15:0] <= wdata[l*32 +: 16];
                    if (here && wmask[l] && whalf[1])
                        mem[waddr][31:16] <= wdata[l*32 + 16 +: 16];
                    q <= mem[raddr];
                    q_out <= q;
                end
                assign dout[b][l*32 +: 32] = q_out;
            end
        end
    endgenerate

endmodule

`default_nettype wire
