// cu32_lds_unit: the LDS and its DS loads, stores and integer atomics, one pass of LANES
// lanes at a time, each lane exactly as the golden model (sim/src/model/lds.rs) runs it.
//
// Memory: BYTES of LDS in BANKS banks of dwords (bank = dword address mod BANKS), each a
// simple dual-port block RAM (a DP16KD for 512 x 32) written by byte enables, with
// registered read address, write address, data and enables, its read word registered in
// the fabric before any logic.
//
// A pass in (valid/ready): the control fields of the DS row as hdl/src/vector.rs
// `DsCtrl` codes them (kind DS_LOAD 1 / DS_STORE 2 / DS_ATOMIC 4, size in bytes, sext,
// half, data_hi, two, aop = index into DS_ATOMIC_OPS); EXEC's bits of the pass (in_mask);
// per lane its ADDR (in_addr[32 l +: 32]), or with in_tid the lane's index times 4 added
// to in_base (addtid: in_base = M0 + 4 x the pass's first lane; append and consume give
// M0 with their one lane, lane 0, active); the element offsets in bytes (in_off0; the
// 2addr forms' second element's in_off1: OFFSET0 and OFFSET1 times the size, times 64
// for stride64), added to the 32-bit address as the lane steps in; DATA0's dwords
// (in_data0, 128 bits a lane) and DATA1's (in_data1, 64 bits a lane).
// The block reads the in_* fields while it works through the pass: they must stay as
// they are until in_ready (a pass is taken in the cycle in_valid and in_ready are both
// high; in_ready rises only with in_valid, in the cycle the pass's last step goes in).
// `in_sweep` orders a 2addr store: bit 0 writes the elements at in_addr0, bit 1 those at
// in_addr1, all of the pass's lanes for element 0 before any for element 1. The model
// writes every lane's element 0 before any element 1, so a 2addr store of P > 1 passes
// goes in twice, its passes with in_sweep = 1 and then again with in_sweep = 2 (a single
// pass, LANES = 32, may use 3). in_sweep must not be 0 for a 2addr store; other rows
// ignore it. Not this block's: ds_nop, append/consume and addtid (the caller turns them
// into plain rows), GDS, floats.
//
// The lane moves (kind DS_SWIZZLE 5, DS_PERMUTE 6, DS_BPERMUTE 7; the golden model's
// lds.rs `swizzle`, `permute`) go in as two sweeps, as a 2addr store: in_sweep = 1 for
// each pass, then 2 for each (a single pass: 3). Sweep 1 writes the move buffer (32
// dwords of block RAM and a written bit each): each lane of the wave (in_lane0 the
// pass's first, + the step's lane) at its own index its value, 0 when it is not in
// in_mask — swizzle's value ADDR, bpermute's DATA0 —, or, permute, a lane in in_mask its
// DATA0 at index (ADDR + in_off0) / 4 mod 32, in lane order (the highest lane wins). The
// first step of sweep 1 clears the written bits. Sweep 2 reads, for each lane, index
// swizzle_source(in_off0, lane) (the reference's pseudocode), (ADDR + in_off0) / 4 mod 32
// (bpermute) or its own (permute): the word if written, else 0, as the lane's VDST.
// Sweep 1's passes give a store's one beat, sweep 2's a b32 load's. The moves touch no
// bank.
//
// What a lane gets (VDST..): a load's element(s), zero- or sign-extended to 32 bits when
// narrow (2addr loads: element 0, then element 1 at dword 1 (b32) or 2 (b64)); a d16
// load's 16 bits in its half, the other half 0 (the VGPR writer keeps its register's
// other half); an atomic's pre-op value(s) (storexchg 2addr: both, as the 2addr loads).
// An element out of range (oor set, or any of its bytes at or past BYTES) reads 0 and
// writes nothing; each element of a 2addr form alone.
//
// A pass out, in beats (a beat is taken in a cycle out_valid and out_ready are both
// high), passes in the order taken, each pass's beats in order: out_k = 0, 1, .. the
// VDST dword the beat carries, of every lane (lane l at out_data[32 l +: 32]; lanes
// outside the mask hold anything), out_mask the pass's EXEC (in_mask), out_last on the
// pass's last beat. Beats of a pass (`beats_m1` below + 1; hdl/src/lds/cases.rs `beats`):
// a store 1 (its data meaningless: it says the pass is done); else the element's dwords
// (1 up to 4 bytes, b64 2, b96 3, b128 4), twice for the 2addr forms (2addr b32 loads
// and storexchg 2, b64 4; atomics 1 for 32-bit, 2 for 64-bit), at most one every other
// cycle. out_valid, out_k, out_mask and out_data come from registers, out_last from a
// compare of two.
// A pass's results come out before its last writes reach the banks; every later access
// that reads waits for them (below), so an in-order caller sees them.
//
// Engine: a lane access is cut into pieces of at most 8 bytes (b96/b128: bytes 0..7,
// then 8..; the 2addr forms: element 0, element 1; storexchg 2addr: read 0, read 1,
// write 0, write 1 per lane); a piece of any alignment touches at most 3 consecutive
// dwords, in 3 banks (BANKS >= 4). One step a cycle (every lane of the pass, in lane
// order, active or not), each a piece, through the stages
//   P   the lane's fields (an AND-OR over the lanes by a one-hot lane register), its
//       element's address: ADDR (or the addtid address) + the element's offset, mod 2^32,
//       as LB bits and whether it is 2^LB or more
//   A   range, the piece's byte address and size, the writers to wait for (below)
//   B   per bank the row (the banks' read address); held while the piece waits
//   M   the banks read                          R   their words registered
//   X1  the piece's 8 bytes: per byte its bank (of 2 dwords), then turned by addr mod 8,
//       masked to the piece's size (0 out of range)
//   X2  a load's extension: into the lane's result RAMs
//   X2 .. X4  the atomic ALU (cu32_atomic_alu.v, its 3 stages: the compares and the
//       operands d', e'; the op's choice of adder operands; one 64-bit adder) on the
//       pre-op value t, the piece's data d and DATA1 e: the new value of every op, and a
//       store's data (not an atomic: d), in X4's register
//   W   the new value turned by addr mod 8 (bank b takes its dword b mod 2; a d16_hi
//       store's DATA0 by 2 less), per bank the row and byte enables: the banks' write
//       registers.
// Loads and atomics read, stores only write. A reading piece waits in B while a store or
// atomic piece in M..W writes a 16-byte block it reads (it then reads what that one
// writes, as the model's lane order says; blocks compare by 3 address bits, so a piece
// may also wait for a block 128 bytes apart): A finds those in B..X4, B holds while any
// of them has not left W (their places shifted on a cycle at a time), so the hold (of
// B, A, P and the step) comes from a register.
// Results: per lane two block RAMs (even and odd dwords) of 16 dwords for 8 slots (dwords
// 0, 1 at {slot, 0}, 2, 3 at {slot, 1}; the 32-bit element 1 of 2addr b32 is dword 1),
// written one lane's piece a cycle at the end of X2, read every cycle by all lanes at the
// next beat's {slot, beat / 2} into their read registers, the beat's word chosen and
// registered again (out_data); the pass records (distributed RAM) read likewise into
// registers. A pass goes out two cycles after its last write, and beats at least two
// cycles apart, so that a beat's words are read at its own place. A pass takes a slot
// from its first step and frees it with its last beat; no step of a pass goes in while
// all 8 slots are held.
// Timing: a pass takes LANES steps (twice for b96, b128, the 2addr forms; 4 times for
// storexchg 2addr) plus the waits; its first beat is out 9 cycles after the cycle the
// pass is taken (its last step): an aligned b32 load pass with in_valid held is out
// LANES + 8 cycles after in_valid rose (16 at 8 lanes), and, with out_ready high,
// back-to-back passes come out LANES cycles apart. A reading piece waits for a writing
// one ahead of it up to 7 cycles (the lanes of an atomic on one dword: 8 cycles a lane).
//
// Clear (the dispatcher zeroes a work-group's LDS at its start): in a cycle with clr
// high, row clr_row of every bank (dwords BANKS x clr_row .. + BANKS - 1) is written 0
// (through the banks' W registers: in the RAMs a cycle later, as any write): BANKS
// dwords a cycle, N bytes in N / (4 BANKS) cycles. The caller raises clr only while the
// unit is idle: no pass in (in_valid low) or in flight, every pass's last beat out, 3
// cycles or more before (a pass's beats can go out 3 cycles before its last write is in
// the W registers). A pass may go in from the cycle after the last clear.
`default_nettype none

module cu32_lds_unit #(
    parameter integer LANES = 8,    // 2..32, a power of two
    parameter integer BANKS = 8,    // 4..32, a power of two
    parameter integer BYTES = 16384 // a power of two, 32 * BANKS .. 65536
) (
    input  wire                                 clk,
    input  wire                                 rst,
    // Clear: write 0 to row clr_row of every bank (RW bits: 4 x BANKS bytes a row).
    input  wire                                 clr,
    input  wire [$clog2(BYTES/BANKS)-3:0]       clr_row,
    // A pass in.
    input  wire                                 in_valid,
    output wire                                 in_ready,
    input  wire [2:0]                           in_kind,
    input  wire [4:0]                           in_size,
    input  wire                                 in_sext,
    input  wire [1:0]                           in_half,
    input  wire                                 in_data_hi,
    input  wire                                 in_two,
    input  wire [3:0]                           in_aop,
    input  wire [1:0]                           in_sweep,
    input  wire [LANES-1:0]                     in_mask,
    input  wire [32*LANES-1:0]                  in_addr,
    input  wire [16:0]                          in_off0,
    input  wire [16:0]                          in_off1,
    input  wire                                 in_tid,
    input  wire [16:0]                          in_base,
    input  wire [4:0]                           in_lane0,
    input  wire [128*LANES-1:0]                 in_data0,
    input  wire [64*LANES-1:0]                  in_data1,
    // A pass out, a beat at a time.
    output wire                                 out_valid,
    input  wire                                 out_ready,
    output wire [1:0]                           out_k,
    output wire                                 out_last,
    output wire [LANES-1:0]                     out_mask,
    output wire [32*LANES-1:0]                  out_data
);
    localparam integer LL = LANES > 1 ? $clog2(LANES) : 1;
    localparam integer LB = $clog2(BYTES);     // byte address bits
    localparam integer DW = LB - 2;            // dword address bits
    localparam integer KB = $clog2(BANKS);     // bank bits
    localparam integer GB = KB - 1;            // bank pair bits
    localparam integer RW = DW - KB;           // row bits
    localparam integer BL = LB - 4;            // 16-byte block bits
    localparam integer HB = BL < 3 ? BL : 3;   // block bits the hazard check compares
    localparam integer HM = 1 << HB;           // its one-hot block masks
    localparam integer ROWS = 1 << RW;
    localparam integer SB = 3;                 // result slot bits
    localparam [GB-1:0] G0 = 0, G1 = 1;
    localparam [LB:0] LIMIT = {1'b1, {LB{1'b0}}}; // BYTES

    localparam [2:0] K_LOAD = 3'd1, K_STORE = 3'd2, K_ATOMIC = 3'd4;
    localparam [2:0] K_SWZ = 3'd5, K_PERM = 3'd6, K_BPERM = 3'd7;
    localparam [1:0] P_LD = 2'd0, P_ST = 2'd1, P_AT = 2'd2;
    localparam [1:0] H_LO = 2'd1, H_HI = 2'd2;

    // ---- Sequencer: (lane, sub) of the next step; the pass's result slot.
    wire is_ld = in_kind == K_LOAD;
    wire is_st = in_kind == K_STORE;
    wire wide = in_size > 5'd8;
    wire xchg2 = in_kind == K_ATOMIC && in_two;
    wire mv = in_kind[2] && in_kind[1:0] != 2'd0;   // a lane move
    // (Two sweeps: a 2addr store's elements 0 then 1; a lane move's writes then reads.)
    wire st2 = (is_st && in_two) || mv;
    wire [1:0] last_sub = xchg2 ? 2'd3 : (in_two || wide) ? 2'd1 : 2'd0;
    // Beats of the pass, less 1: a store 1; else the element's dwords, twice for 2addr.
    wire [1:0] dw_m1 = in_size[4:2] == 3'd0 ? 2'd0 : in_size[3:2] - 2'd1;
    wire [1:0] beats_m1 = is_st ? 2'd0 : in_two ? {dw_m1[0], 1'b1} : dw_m1;

    reg mid;
    reg [LL-1:0] lane_r;    // the step's lane (0 at a pass's first step)
    reg [LANES-1:0] oh_r;   // the same, one-hot
    reg [1:0] sub_r;
    reg hi8_r;              // the step takes bytes 8.. of its lane (b96, b128)
    reg [16:0] tid_r;       // the addtid address of lane_r (after a pass's first step)
    wire [16:0] tid_cur = mid ? tid_r : in_base;
    wire [LL-1:0] cur_lane = lane_r;
    wire [1:0] cur_sub = mid ? sub_r : {1'b0, st2 && !in_sweep[0]};
    wire lane_end = &cur_lane;
    wire step_last = st2 ? lane_end && (cur_sub[0] || !in_sweep[1])
                         : lane_end && cur_sub == last_sub;
    reg [SB:0] tail, head;  // slot of the pass stepping / of the pass going out
    wire full = tail[SB] != head[SB] && tail[SB-1:0] == head[SB-1:0];
    wire stall, stall_a, stall_b;   // (copies: each holds one stage's registers)
    wire go = in_valid && !stall && !full;
    assign in_ready = go && step_last;

    always @(posedge clk) begin
        if (rst) begin
            mid <= 1'b0;
            lane_r <= {LL{1'b0}};
            oh_r <= {{(LANES-1){1'b0}}, 1'b1};
            sub_r <= 2'd0;
            hi8_r <= 1'b0;
        end else if (go) begin
            hi8_r <= wide && !step_last && cur_sub == 2'd0;
            mid <= !step_last;
            // (A 2addr store's second sweep starts again from lane 0.)
            if (st2 || cur_sub == last_sub) tid_r <= lane_end ? in_base : tid_cur + 17'd4;
            else tid_r <= tid_cur;
            if (st2 || cur_sub == last_sub) begin
                lane_r <= cur_lane + 1'b1;
                oh_r <= {oh_r[LANES-2:0], oh_r[LANES-1]};
            end
            if (st2) sub_r <= lane_end ? 2'd1 : cur_sub;
            else sub_r <= cur_sub == last_sub ? 2'd0 : cur_sub + 1'b1;
        end
    end

    // ---- The lane move's buffer indices: the swizzle's source lane (the reference's
    // pseudocode: bit reverse (OFFSET >= 0xe000), rotate (>= 0xc000), quad permute (bit
    // 15), else and / or / xor masks); the step's lane of the wave.
    function automatic [4:0] swz(input [15:0] off, input [4:0] i);
        reg [4:0] m, r, rot;
        reg [2:0] n;
        integer b;
        begin
            m = off[4:0];
            n = {2'd0, m[0]} + {2'd0, m[1]} + {2'd0, m[2]} + {2'd0, m[3]} + {2'd0, m[4]};
            for (b = 0; b < 5; b = b + 1) r[b] = i[4 - b];
            rot = off[10] ? 5'd0 - off[9:5] : off[9:5];
            if (off[15:13] == 3'b111)
                swz = (r >> n) | (i & m);
            else if (off[15:14] == 2'b11)
                swz = (i & m) | ((i + rot) & ~m);
            else if (off[15])
                swz = {i[4:2], off[2 * i[1:0] +: 2]};
            else
                swz = ((i & m) | off[9:5]) ^ off[14:10];
        end
    endfunction
    wire [5:0] cl6 = {{(6 - LL){1'b0}}, cur_lane};
    wire [4:0] wl = in_lane0 | cl6[4:0];
    wire unused_cl6 = cl6[5];

    // ---- P: the step's piece.
    wire elem1 = in_two && cur_sub[0];
    wire hi8 = hi8_r;
    // The lane's fields: AND-ORs over the lanes by registers only (oh_r, hi8_r: smaller
    // than a binary choice), then element 1's picked.
    reg [31:0] s_addr;
    reg [63:0] s_d0, s_d1;
    reg s_act;
    integer li;
    always @(*) begin
        s_addr = 32'd0;
        s_d0 = 64'd0;
        s_d1 = 64'd0;
        s_act = 1'b0;
        for (li = 0; li < LANES; li = li + 1) begin
            s_addr = s_addr | (in_addr[32*li +: 32] & {32{oh_r[li]}});
            s_d0 = s_d0 | (in_data0[128*li +: 64] & {64{oh_r[li] && !hi8_r}})
                        | (in_data0[128*li + 64 +: 64] & {64{oh_r[li] && hi8_r}});
            s_d1 = s_d1 | (in_data1[64*li +: 64] & {64{oh_r[li]}});
            s_act = s_act | (in_mask[li] && oh_r[li]);
        end
    end

    // The element's address, {at or past 2^LB, its low LB bits}: bits 31..17 of the 32-bit
    // sum are 0 when none of the address's are set and the 17-bit sum carries none, or all
    // are and it carries.
    wire [31:0] s_a = in_tid ? {15'd0, tid_cur} : s_addr;
    wire [17:0] s_lo = {1'b0, s_a[16:0]} + {1'b0, elem1 ? in_off1 : in_off0};
    wire s_wrap0 = s_lo[17] ? &s_a[31:17] : s_a[31:17] == 15'd0;
    wire [LB:0] s_ea = {!s_wrap0 || s_lo[16:LB] != {(17 - LB){1'b0}}, s_lo[LB-1:0]};

    reg p_v, p_act, p_last, p_hi8, p_sext, p_dhi;
    reg p_mv, p_mvw, p_mvclr;   // a lane move's step; its sweep 1 (writes); lane 0's
    reg p_mv1, p_perm;          // a lane move's sweep-1 step; a permute's
    reg [4:0] p_mwi, p_mri;     // its write index (sweep 1), read index (sweep 2)
    reg [1:0] p_pk, p_rpos, p_half;
    reg [3:0] p_aop;
    reg [4:0] p_size;
    reg [LB:0] p_a;
    reg [63:0] p_wd, p_e;
    reg [LL-1:0] p_lane;
    reg [SB-1:0] p_slot;
    always @(posedge clk) begin
        if (rst) p_v <= 1'b0;
        else if (!stall) p_v <= go;
        if (!stall) begin
            p_act <= s_act;
            p_last <= step_last;
            p_hi8 <= hi8;
            p_sext <= in_sext;
            p_half <= is_ld ? in_half : 2'd0;
            p_pk <= xchg2 ? (cur_sub[1] ? P_ST : P_LD) : (is_ld || (mv && cur_sub[0])) ? P_LD
                  : (is_st || mv) ? P_ST : P_AT;
            p_mv <= mv;
            p_mv1 <= mv && !cur_sub[0];
            p_perm <= in_kind == K_PERM;
            p_mvw <= mv && !cur_sub[0] && (in_kind != K_PERM || s_act);
            p_mvclr <= mv && !cur_sub[0] && wl == 5'd0;
            p_mwi <= in_kind == K_PERM ? s_lo[6:2] : wl;
            p_mri <= in_kind == K_SWZ ? swz(in_off0[15:0], wl) : in_kind == K_BPERM ? s_lo[6:2] : wl;
            p_rpos <= hi8 ? 2'd2 : elem1 ? (in_size == 5'd8 ? 2'd2 : 2'd1) : 2'd0;
            p_aop <= in_aop;
            p_size <= in_size;
            p_a <= s_ea;
            // (a lane move's sweep 1: its value)
            p_wd[31:0] <= elem1 ? s_d1[31:0] : in_kind == K_SWZ ? s_addr : s_d0[31:0];
            p_wd[63:32] <= elem1 ? s_d1[63:32] : s_d0[63:32];
            p_dhi <= in_data_hi;
            p_e <= s_d1;
            p_lane <= cur_lane;
            p_slot <= tail[SB-1:0];
        end
    end

    // ---- A: range; the piece's byte address, log2 bytes, 16-byte blocks.
    wire [LB:0] p_end = {1'b0, p_a[LB-1:0]} + {{(LB-4){1'b0}}, p_size};
    wire [LB-1:0] p_pa = {p_a[LB-1:3] + {{(LB-4){1'b0}}, p_hi8}, p_a[2:0]};
    wire [1:0] p_lg = (p_hi8 ? !p_size[2] : p_size[4:3] != 2'd0) ? 2'd3
                    : p_size[2] ? 2'd2 : {1'b0, p_size[1]};
    wire [4:0] p_pend = {1'b0, p_pa[3:0]} + (5'd1 << p_lg);
    // The 16-byte blocks the piece touches (1 or 2), one-hot by HB address bits.
    wire [HB-1:0] p_blk = p_pa[4 +: HB];
    wire [2*HM-1:0] p_bm2 = {{(2*HM-2){1'b0}}, p_pend > 5'd16, 1'b1} << p_blk;
    wire [HM-1:0] p_bm = p_bm2[HM-1:0] | p_bm2[2*HM-1:HM];

    // ---- The lane moves' buffer: written in P's cycle by sweep 1, read (sweep 2) into
    // A's a_mvd, from where the word goes down to X1 as a load's (registers, not a
    // choice in front of A's data register). mv_wr: the indices
    // holding a word of the move, 0 reading as 0: swizzle and bpermute visit every index,
    // setting its bit to the lane's EXEC bit; permute clears them at its first step and
    // sets those its active lanes write.
    (* ram_style = "block" *) reg [31:0] mv_buf [0:31];
    reg [31:0] mv_wr;
    always @(posedge clk) if (p_v && p_mvw && !stall_a) mv_buf[p_mwi] <= p_wd[31:0];
    integer wi;
    always @(posedge clk)
        if (p_v && p_mv1 && !stall_a)
            for (wi = 0; wi < 32; wi = wi + 1)
                if (p_mwi == wi[4:0]) mv_wr[wi] <= p_act || (p_perm && !p_mvclr && mv_wr[wi]);
                else if (p_perm && p_mvclr) mv_wr[wi] <= 1'b0;

    reg a_v, a_en, a_last, a_sext;
    reg [1:0] a_pk, a_rpos, a_half, a_lg;
    reg [3:0] a_aop;
    reg [LB-1:0] a_pa;
    reg [2:0] a_trn;
    reg [HM-1:0] a_bm;
    reg [63:0] a_wd, a_e;
    reg a_mv;
    reg [31:0] a_mvd;           // a lane move's word (sweep 2; the RAM's read register)
    reg a_mvw;                  // its written bit
    reg [LL-1:0] a_lane;
    reg [SB-1:0] a_slot;
    always @(posedge clk) begin
        if (rst) a_v <= 1'b0;
        else if (!stall_a) a_v <= p_v;
        if (!stall_a) begin
            a_en <= p_act && !p_mv && !p_a[LB] && p_end <= LIMIT;
            a_last <= p_last;
            a_sext <= p_sext;
            a_pk <= p_pk;
            a_rpos <= p_rpos;
            a_half <= p_half;
            a_lg <= p_lg;
            a_aop <= p_aop;
            a_pa <= p_pa;
            a_trn <= p_pa[2:0] - {p_dhi, 1'b0};   // a d16_hi store: DATA0's bytes 2..
            a_bm <= p_bm;
            a_wd <= p_wd;
            a_mvd <= mv_buf[p_mri];
            a_mvw <= mv_wr[p_mri];
            a_mv <= p_mv;
            a_e <= p_e;
            a_lane <= p_lane;
            a_slot <= p_slot;
        end
    end

    // ---- Piece records after A, index 0 = B, 1 = M, 2 = R, 3 = X1, 4 = X2, 5 = X3,
    // 6 = X4 (each field only as far as it is used).
    localparam integer NS = 7;
    reg [NS-1:0] s_v, s_en;
    reg [HM-1:0] s_bm [0:NS-1];  // the blocks a valid, in-range store or atomic writes
    reg [1:0] s_pk [0:NS-1];
    reg [1:0] s_lg [0:NS-1];
    reg [LB-1:0] s_pa [0:NS-1];
    reg [RW-1:0] s_row1 [0:NS-1];
    reg [2:0] s_trn [0:NS-1];   // the W turn: byte address mod 8 (d16_hi: less 2)
    reg [3:0] s_aop [0:3];
    reg [3:0] s_last, s_sext;
    reg [2:0] s_mv;             // a lane move's piece
    reg [31:0] s_mvd [0:2];     // its word
    reg [1:0] s_rpos [0:3];
    reg [1:0] s_half [0:3];
    reg [LL-1:0] s_lane [0:3];
    reg [SB-1:0] s_slot [0:3];
    reg [63:0] s_wd [0:3];
    reg [63:0] s_e [0:3];
    reg [8*GB-1:0] s_fsel [0:2]; // per byte of X1's fold: its bank pair

    // ---- The hazard check, a cycle ahead: the reading piece A hands to B waits there
    // while a store or atomic piece ahead of it (in B..X4 now, M..W then) that writes a
    // 16-byte block it reads has not been written: NS - s cycles for one in record s
    // now. Blocks compare by their low HB address bits (a false match only waits).
    wire a_rd = a_v && a_en && a_pk != P_ST;
    reg [NS-1:0] a_haz;
    integer hs;
    always @(*)
        for (hs = 0; hs < NS; hs = hs + 1)
            a_haz[hs] = (s_bm[hs] & a_bm) != {HM{1'b0}};
    // B: where those writers are (shifted on while B waits: the wait ends when the last
    // has left W); `stall` holds P and the sequencer, its copies A (stall_a) and B and
    // the records (stall_b).
    reg [NS-1:0] b_haz;
    reg b_hold, hold_a, hold_b;
    assign {stall, stall_a, stall_b} = {b_hold, hold_a, hold_b};
    wire hold_n = stall ? b_haz[NS-2:0] != {(NS-1){1'b0}} : a_rd && a_haz != {NS{1'b0}};
    always @(posedge clk) begin
        if (rst) b_haz <= {NS{1'b0}};
        else if (stall) b_haz <= b_haz << 1;
        else b_haz <= a_haz & {NS{a_rd}};
    end
    // (`keep`: Yosys would merge the copies.)
    (* keep *) always @(posedge clk) {b_hold, hold_a, hold_b} <= rst ? 3'd0 : {3{hold_n}};

    // ---- B: per bank the row: the piece's dwords D, D+1, D+2 lie in banks bb, bb+1,
    // bb+2 (mod BANKS); those below bb (only banks 0 and 1 can be) are in the next row.
    wire [RW-1:0] a_row = a_pa[LB-1:KB+2];
    wire [RW-1:0] a_row1 = a_row + 1'b1;
    wire [KB-1:0] a_bb = a_pa[KB+1:2];
    reg [RW-1:0] b_row [0:BANKS-1];
    integer bi, qi, si, sj;  // (one loop variable per process)
    always @(posedge clk) begin
        if (!stall_b) begin
            for (bi = 0; bi < BANKS; bi = bi + 1)
                b_row[bi] <= bi < 2 && bi[KB-1:0] < a_bb ? a_row1 : a_row;
            // Byte q of the fold (q = byte address mod 8) is the piece's byte at
            // a_pa + ((q - a_pa) mod 8): in bank pair a_pa[KB+1:3], or the next.
            for (qi = 0; qi < 8; qi = qi + 1)
                s_fsel[0][GB*qi +: GB] <= a_pa[KB+1:3] + (qi[2:0] < a_pa[2:0] ? G1 : G0);
        end
    end

    // ---- The records shift (a bubble into M while B waits).
    always @(posedge clk) begin
        if (rst) begin
            for (si = 0; si < NS; si = si + 1) s_bm[si] <= {HM{1'b0}};
        end else begin
            if (!stall_b) s_bm[0] <= a_v && a_en && a_pk != P_LD ? a_bm : {HM{1'b0}};
            s_bm[1] <= stall_b ? {HM{1'b0}} : s_bm[0];
            for (si = 2; si < NS; si = si + 1) s_bm[si] <= s_bm[si-1];
        end
    end
    always @(posedge clk) begin
        if (rst) begin
            s_v <= {NS{1'b0}};
        end else begin
            if (!stall_b) s_v[0] <= a_v;
            s_v[1] <= s_v[0] && !stall_b;
            s_v[NS-1:2] <= s_v[NS-2:1];
        end
        if (!stall_b) begin
            s_en[0] <= a_en;
            s_pk[0] <= a_pk;
            s_lg[0] <= a_lg;
            s_pa[0] <= a_pa;
            s_row1[0] <= a_row1;
            s_trn[0] <= a_trn;
            s_aop[0] <= a_aop;
            s_last[0] <= a_last;
            s_sext[0] <= a_sext;
            s_mv[0] <= a_mv;
            s_mvd[0] <= a_mvd & {32{a_mvw}};
            s_rpos[0] <= a_rpos;
            s_half[0] <= a_half;
            s_lane[0] <= a_lane;
            s_slot[0] <= a_slot;
            s_wd[0] <= a_wd;
            s_e[0] <= a_e;
        end
        s_en[NS-1:1] <= s_en[NS-2:0];
        s_last[3:1] <= s_last[2:0];
        s_sext[3:1] <= s_sext[2:0];
        s_mv[2:1] <= s_mv[1:0];
        s_mvd[1] <= s_mvd[0];
        s_mvd[2] <= s_mvd[1];
        for (sj = 1; sj < NS; sj = sj + 1) begin
            s_pk[sj] <= s_pk[sj-1];
            s_lg[sj] <= s_lg[sj-1];
            s_pa[sj] <= s_pa[sj-1];
            s_row1[sj] <= s_row1[sj-1];
            s_trn[sj] <= s_trn[sj-1];
        end
        for (sj = 1; sj < 4; sj = sj + 1) begin
            s_aop[sj] <= s_aop[sj-1];
            s_rpos[sj] <= s_rpos[sj-1];
            s_half[sj] <= s_half[sj-1];
            s_lane[sj] <= s_lane[sj-1];
            s_slot[sj] <= s_slot[sj-1];
            s_wd[sj] <= s_wd[sj-1];
            s_e[sj] <= s_e[sj-1];
        end
        for (sj = 1; sj < 3; sj = sj + 1) s_fsel[sj] <= s_fsel[sj-1];
    end

    // ---- The banks (M: read; W: written, byte by byte), with their W registers: the
    // new value turned (byte i to byte address mod 8: bank b takes dword b mod 2), per
    // bank the row and the byte enables (the piece's bytes in its dword k = b - bb); a
    // clear's: 0, clr_row, all four bytes.
    wire [LB-1:0] w_pa = s_pa[6];
    wire [KB-1:0] w_bb = w_pa[KB+1:2];
    wire [1:0] w_lg = s_lg[6];
    wire [7:0] w_bm = w_lg == 2'd0 ? 8'h01 : w_lg == 2'd1 ? 8'h03 : w_lg == 2'd2 ? 8'h0f : 8'hff;
    wire [11:0] w_m = {4'd0, w_bm} << w_pa[1:0];
    wire w_wr = s_v[6] && s_en[6] && s_pk[6] != P_LD;
    reg [63:0] w_rot;
    wire [63:0] x4_new;    // (X4)
    reg [31:0] r_word [0:BANKS-1];
    genvar b, q, l;
    generate
        for (q = 0; q < 8; q = q + 1) begin : wturn
            localparam [2:0] QI = q;
            wire [2:0] from = QI - s_trn[6];
            always @(posedge clk) w_rot[8*q +: 8] <= clr ? 8'd0 : x4_new[8*from +: 8];
        end
        for (b = 0; b < BANKS; b = b + 1) begin : bank
            localparam [KB-1:0] BI = b;
            wire [KB-1:0] k = BI - w_bb;
            reg [3:0] w_be;
            reg [RW-1:0] w_row;
            always @(posedge clk) begin
                // verilator lint_off CMPCONST
                w_row <= clr ? clr_row : b < 2 && BI < w_bb ? s_row1[6] : w_pa[LB-1:KB+2];
                // verilator lint_on CMPCONST
                // (clr before rst: the flops' synchronous set, no LUT)
                w_be <= clr ? 4'hf : rst || !w_wr ? 4'd0 : k == 0 ? w_m[3:0]
                      : k == 1 ? w_m[7:4] : k == 2 ? w_m[11:8] : 4'd0;
            end
            // (A read never meets a write of the same dword: the hazard check; a clear
            // comes while no pass is in flight.)
            (* no_rw_check *) reg [31:0] mem [0:ROWS-1];
            reg [31:0] rq;
            integer j;
            always @(posedge clk) begin
                for (j = 0; j < 4; j = j + 1)
                    if (w_be[j]) mem[w_row][8*j +: 8] <= w_rot[32*(b%2) + 8*j +: 8];
                rq <= mem[b_row[b]];
            end
            always @(posedge clk) r_word[b] <= rq;
        end
    endgenerate

    // ---- X1: the fold (byte q = the piece's byte at address = q mod 8), turned so
    // that byte i is the piece's byte i, masked to the piece's size (0 out of range).
    wire [63:0] x1_fold;
    generate
        for (q = 0; q < 8; q = q + 1) begin : fold
            localparam [0:0] QH = q >= 4;
            wire [KB-1:0] bk = {s_fsel[2][GB*q +: GB], QH};
            assign x1_fold[8*q +: 8] = r_word[bk][8*(q%4) +: 8];
        end
    endgenerate
    wire [1:0] x1_lg = s_lg[2];
    wire [7:0] x1_bm = x1_lg == 2'd0 ? 8'h01 : x1_lg == 2'd1 ? 8'h03
                     : x1_lg == 2'd2 ? 8'h0f : 8'hff;
    reg [63:0] x1_t;
    generate
        for (q = 0; q < 8; q = q + 1) begin : turn
            localparam [2:0] QI = q;
            wire [2:0] from = QI + s_pa[2][2:0];
            always @(posedge clk)
                // (a lane move's word in bytes 0..3; it reads no bank: s_en low)
                x1_t[8*q +: 8] <= q < 4 && s_mv[2] ? s_mvd[2][8*(q%4) +: 8]
                                : s_en[2] && x1_bm[q] ? x1_fold[8*from +: 8] : 8'd0;
        end
    endgenerate

    // ---- X2: a load's value (narrow ones extended, d16 ones in their half), an
    // atomic's pre-op value: into the lane's result RAMs.
    wire [1:0] x2_lg = s_lg[3];
    wire [63:0] x2_tm = x1_t;
    wire x2_sx = s_sext[3];
    wire [31:0] x2_ext = x2_lg == 2'd0 ? {{24{x2_sx && x2_tm[7]}}, x2_tm[7:0]}
                       : x2_lg == 2'd1 ? {{16{x2_sx && x2_tm[15]}}, x2_tm[15:0]}
                       : x2_tm[31:0];
    wire [63:0] x2_val = s_half[3] == H_LO ? {48'd0, x2_ext[15:0]}
                       : s_half[3] == H_HI ? {32'd0, x2_ext[15:0], 16'd0}
                       : {x2_tm[63:32], x2_ext};
    wire x2_res = s_v[3] && s_pk[3] != P_ST;
    // (dword k of the pass's result at row {slot, k[1]} of the even (k[0] = 0) or odd
    // RAM; the 32-bit element 1 of a 2addr b32 load or storexchg, result position 1, is
    // dword 1)
    wire x2_wlo = x2_res && !s_rpos[3][0];
    wire x2_whi = x2_res && (s_rpos[3][0] || x2_lg == 2'd3);
    wire [SB:0] x2_at = {s_slot[3], s_rpos[3][1]};
    wire [31:0] x2_hi = s_rpos[3][0] ? x2_val[31:0] : x2_val[63:32];
    wire x2_done = s_v[3] && s_last[3];

    // ---- X2 .. X4: the atomic ALU (cu32_atomic_alu.v) on t (x2_tm), d (the piece's
    // data) and e (DATA1): x4_new, the new value (a store's: its data), in X4's register.
    cu32_atomic_alu alu (
        .clk(clk),
        .t(x2_tm),
        .d(s_wd[3]),
        .e(s_e[3]),
        .aop(s_aop[3]),
        .w64(x2_lg == 2'd3),
        .atomic(s_pk[3] == P_AT),
        .nv(x4_new)
    );

    // ---- Results: per lane a RAM of even and one of odd dwords, 8 slots of 2 each; the
    // pass records; the beats out.
    reg [1:0] k_r;
    reg [SB:0] ndone;      // passes written, not yet out
    reg x3_done, x4_done;  // (X2's last write is in the RAMs; the next cycle the pass
                           // may go out)
    reg took;              // a beat went out last cycle (its successor's words are on
                           // their way from the RAMs)
    // {beats - 1, EXEC} per slot, read at the next beat's pass into a register (as the
    // result RAMs: their address is the next beat's)
    reg [LANES+1:0] pinfo [0:(1<<SB)-1];
    always @(posedge clk)
        if (in_ready) pinfo[tail[SB-1:0]] <= {beats_m1, in_mask};
    reg [1:0] o_bm1;
    reg o_hi;
    assign out_valid = ndone != {(SB+1){1'b0}} && !took;
    assign out_k = k_r;
    assign out_last = k_r == o_bm1;
    wire take = out_valid && out_ready;
    wire freed = take && out_last;
    // The next beat: its pass, beat, record and place in the result RAMs.
    wire [SB:0] n_head = head + {{SB{1'b0}}, freed};
    wire [1:0] n_k = take ? (out_last ? 2'd0 : k_r + 2'd1) : k_r;
    wire [1:0] n_bm1;
    wire [LANES-1:0] n_mask;
    assign {n_bm1, n_mask} = pinfo[n_head[SB-1:0]];
    wire [SB:0] n_at = {n_head[SB-1:0], n_k[1]};
    reg [LANES-1:0] o_mask;
    assign out_mask = o_mask;
    always @(posedge clk) begin
        {o_bm1, o_mask} <= {n_bm1, n_mask};
        o_hi <= n_k[0];
        if (rst) begin
            k_r <= 2'd0;
            head <= {(SB+1){1'b0}};
            tail <= {(SB+1){1'b0}};
            ndone <= {(SB+1){1'b0}};
            x3_done <= 1'b0;
            x4_done <= 1'b0;
            took <= 1'b0;
        end else begin
            k_r <= n_k;
            head <= n_head;
            if (in_ready) tail <= tail + 1'b1;
            x3_done <= x2_done;
            x4_done <= x3_done;
            took <= take;
            if (x4_done && !freed) ndone <= ndone + 1'b1;
            else if (!x4_done && freed) ndone <= ndone - 1'b1;
        end
    end
    generate
        for (l = 0; l < LANES; l = l + 1) begin : res
            // (Block RAM, read every cycle at the next beat's place, the word chosen and
            // registered again: a pass goes out two cycles after its last write, so no
            // read meets a write of its place, and a beat's words are its place's.)
            (* ram_style = "block", no_rw_check *) reg [31:0] lo [0:(2<<SB)-1];
            (* ram_style = "block", no_rw_check *) reg [31:0] hi [0:(2<<SB)-1];
            reg [31:0] lo_q, hi_q, d_q;
            localparam [LL-1:0] LI = l;
            wire mine = s_lane[3] == LI;
            always @(posedge clk) begin
                if (x2_wlo && mine) lo[x2_at] <= x2_val[31:0];
                if (x2_whi && mine) hi[x2_at] <= x2_hi;
                lo_q <= lo[n_at];
                hi_q <= hi[n_at];
                d_q <= o_hi ? hi_q : lo_q;
            end
            assign out_data[32*l +: 32] = d_q;
        end
    endgenerate
endmodule

`default_nettype wire
