// cu32_lds_unit: the LDS and its DS loads, stores and integer atomics, one pass of LANES
// lanes at a time, each lane exactly as the golden model (sim/src/model/lds.rs) runs it.
//
// Memory: BYTES of LDS in BANKS banks of dwords (bank = dword address mod BANKS), each a
// simple dual-port block RAM (a DP16KD for 512 x 32) with registered read address, write
// address and data, its read word registered in the fabric before any logic.
//
// A pass in (valid/ready): the control fields of the DS row as hdl/src/vector.rs
// `DsCtrl` codes them (kind DS_LOAD 1 / DS_STORE 2 / DS_ATOMIC 4, size in bytes, sext,
// half, data_hi, two, aop = index into DS_ATOMIC_OPS); EXEC's bits of the pass (in_mask);
// per lane the byte addresses (in_addr0; the 2addr forms' second element at in_addr1:
// the caller added the offsets, `* size`, `* 64`), DATA0's dwords (in_data0) and DATA1's
// (in_data1). The block reads the in_* fields while it works through the pass: they must
// stay as they are until in_ready (a pass is taken in the cycle in_valid and in_ready
// are both high; in_ready rises only with in_valid, in the cycle the pass's last step
// goes in). `in_sweep` orders a 2addr store: bit 0 writes the elements at in_addr0,
// bit 1 those at in_addr1, all of the pass's lanes for element 0 before any for
// element 1. The model writes every lane's element 0 before any element 1, so a 2addr
// store of P > 1 passes goes in twice, its passes with in_sweep = 1 and then again with
// in_sweep = 2 (a single pass, LANES = 32, may use 3). in_sweep must not be 0 for a
// 2addr store; other rows ignore it. Not this block's: the lane moves, ds_nop,
// append/consume and addtid (the caller turns them into plain rows), GDS, floats.
//
// A pass out, in order: out_valid high for one cycle (no back pressure), out_mask the
// pass's EXEC, out_data per lane (128 bits, lane l at [128 l +: 128]; lanes outside the
// mask hold stale values) = what goes to VDST..: a load's element(s), zero- or
// sign-extended to 32 bits when narrow (2addr loads: element 0, then element 1 at
// dword 1 (b32) or 2 (b64)); a d16 load's 16 bits in its half, the other half 0 (the
// VGPR writer keeps its register's other half); an atomic's pre-op value(s)
// (storexchg 2addr: both, as the 2addr loads). An access out of range (any byte at or
// past BYTES, the 32-bit address not wrapping) reads 0, writes nothing; each element of
// a 2addr form alone. The results of a pass leave before its last writes reach the
// banks; every later access waits for them (below), so an in-order caller sees them.
//
// Engine: a lane access is cut into pieces of at most 8 bytes (b96/b128: bytes 0..7,
// then 8..; the 2addr forms: element 0, element 1; storexchg 2addr: read 0, read 1,
// write 0, write 1 per lane); a piece of any alignment touches at most 3 consecutive
// dwords, which lie in 3 banks (BANKS >= 4). One step a cycle (every lane of the pass,
// in lane order, active or not), each a piece; every piece is a read-modify-write
// through the stages
//   P   the lane's fields chosen                A   range, dword addresses, the wait
//   B   per bank the row (the banks' read address); the wait counted down
//   M   the banks read                          R   their words registered
//   X1  the piece's 3 dwords                    X2  its bytes, aligned
//   X3  the atomic's sums and compares, the load's extension
//   X4  the new value; the lane's result written (the pass out after its last step)
//   X5  the new bytes merged into the dwords    W   per bank: the write registers.
// A piece waits in B while a store or atomic piece in M..W has a dword in common with
// it (it then reads what that one writes, as the model's lane order says): A works out
// how long from the pieces in B..X5, B counts it down, so the hold (of B, A, P and the
// step) comes from a register.
// Timing: a pass takes LANES steps (twice for b96, b128, the 2addr forms; 4 times
// for storexchg 2addr) plus the waits; out_valid comes 9 cycles after the cycle the
// pass is taken (its last step): an aligned b32 load pass with in_valid held is out
// LANES + 8 cycles after in_valid rose (16 at 8 lanes), and back-to-back passes come out
// LANES cycles apart. A piece that overlaps a store or atomic piece ahead of it waits
// until that one is written, up to 8 cycles (the lanes of an atomic on one dword: 9
// cycles a lane). The lane fields are chosen from in_* by the step's lane: the caller's
// registers feed a LANES-to-1 choice before P.
`default_nettype none

module cu32_lds_unit #(
    parameter integer LANES = 8,    // 2..32, a power of two
    parameter integer BANKS = 8,    // 4.., a power of two
    parameter integer BYTES = 16384 // a power of two, at most 65536
) (
    input  wire                  clk,
    input  wire                  rst,
    // A pass in.
    input  wire                  in_valid,
    output wire                  in_ready,
    input  wire [2:0]            in_kind,
    input  wire [4:0]            in_size,
    input  wire                  in_sext,
    input  wire [1:0]            in_half,
    input  wire                  in_data_hi,
    input  wire                  in_two,
    input  wire [3:0]            in_aop,
    input  wire [1:0]            in_sweep,
    input  wire [LANES-1:0]      in_mask,
    input  wire [32*LANES-1:0]   in_addr0,
    input  wire [32*LANES-1:0]   in_addr1,
    input  wire [128*LANES-1:0]  in_data0,
    input  wire [64*LANES-1:0]   in_data1,
    // A pass out.
    output reg                   out_valid,
    output reg  [LANES-1:0]      out_mask,
    output wire [128*LANES-1:0]  out_data
);
    localparam integer LL = LANES > 1 ? $clog2(LANES) : 1;
    localparam integer LB = $clog2(BYTES);     // byte address bits
    localparam integer DW = LB - 2;            // dword address bits
    localparam integer KB = $clog2(BANKS);     // bank bits
    localparam integer RW = DW - KB;           // row bits
    localparam integer ROWS = 1 << RW;
    localparam [LB:0] LIMIT = {1'b1, {LB{1'b0}}}; // BYTES

    localparam [2:0] K_LOAD = 3'd1, K_STORE = 3'd2, K_ATOMIC = 3'd4;
    localparam [1:0] P_LD = 2'd0, P_ST = 2'd1, P_AT = 2'd2;
    localparam [1:0] H_LO = 2'd1, H_HI = 2'd2;

    // ---- Sequencer: (lane, sub) of the next step.
    wire is_ld = in_kind == K_LOAD;
    wire is_st = in_kind == K_STORE;
    wire wide = in_size > 5'd8;
    wire xchg2 = in_kind == K_ATOMIC && in_two;
    wire st2 = is_st && in_two;
    wire [1:0] last_sub = xchg2 ? 2'd3 : (in_two || wide) ? 2'd1 : 2'd0;
    reg mid;
    reg [LL-1:0] lane_r;
    reg [1:0] sub_r;
    wire [LL-1:0] cur_lane = mid ? lane_r : {LL{1'b0}};
    wire [1:0] cur_sub = mid ? sub_r : {1'b0, st2 && !in_sweep[0]};
    wire lane_end = &cur_lane;
    wire step_last = st2 ? lane_end && (cur_sub[0] || !in_sweep[1])
                         : lane_end && cur_sub == last_sub;
    wire stall;
    wire go = in_valid && !stall;
    assign in_ready = go && step_last;

    always @(posedge clk) begin
        if (rst) begin
            mid <= 1'b0;
            lane_r <= {LL{1'b0}};
            sub_r <= 2'd0;
        end else if (go) begin
            mid <= !step_last;
            if (st2) begin
                lane_r <= cur_lane + 1'b1;
                sub_r <= lane_end ? 2'd1 : cur_sub;
            end else begin
                lane_r <= cur_sub == last_sub ? cur_lane + 1'b1 : cur_lane;
                sub_r <= cur_sub == last_sub ? 2'd0 : cur_sub + 1'b1;
            end
        end
    end

    // ---- P: the step's piece.
    wire elem1 = in_two && cur_sub[0];
    wire hi8 = wide && cur_sub[0];
    wire [31:0] s_a0 = in_addr0[32*cur_lane +: 32];
    wire [31:0] s_a1 = in_addr1[32*cur_lane +: 32];
    wire [127:0] s_d0 = in_data0[128*cur_lane +: 128];
    wire [63:0] s_d1 = in_data1[64*cur_lane +: 64];

    reg p_v, p_act, p_last, p_hi8, p_sext;
    reg [1:0] p_pk, p_rpos, p_half;
    reg [3:0] p_aop;
    reg [4:0] p_size;
    reg [31:0] p_a;
    reg [63:0] p_wd, p_d2;
    reg [LL-1:0] p_lane;
    reg [LANES-1:0] p_mask;
    always @(posedge clk) begin
        if (rst) p_v <= 1'b0;
        else if (!stall) p_v <= in_valid;
        if (!stall) begin
            p_act <= in_mask[cur_lane];
            p_last <= step_last;
            p_hi8 <= hi8;
            p_sext <= in_sext;
            p_half <= is_ld ? in_half : 2'd0;
            p_pk <= xchg2 ? (cur_sub[1] ? P_ST : P_LD) : is_ld ? P_LD : is_st ? P_ST : P_AT;
            p_rpos <= hi8 ? 2'd2 : elem1 ? (in_size == 5'd8 ? 2'd2 : 2'd1) : 2'd0;
            p_aop <= in_aop;
            p_size <= in_size;
            p_a <= elem1 ? s_a1 : s_a0;
            p_wd <= elem1 ? s_d1 : hi8 ? s_d0[127:64] : in_data_hi ? s_d0[79:16] : s_d0[63:0];
            p_d2 <= s_d1;
            p_lane <= cur_lane;
            p_mask <= in_mask;
        end
    end

    // ---- A: range and dword addresses.
    wire [LB:0] a_end = {1'b0, p_a[LB-1:0]} + {{(LB-4){1'b0}}, p_size};
    wire a_in = (p_a[31:LB] == {(32-LB){1'b0}}) && a_end <= LIMIT;
    wire [3:0] a_nb = p_hi8 ? p_size[3:0] - 4'd8 : (p_size > 5'd8 ? 4'd8 : p_size[3:0]);
    wire [1:0] a_ndw, unused_span;
    assign {a_ndw, unused_span} = {2'b0, p_a[1:0]} + a_nb + 4'd3;
    wire [DW-1:0] a_base = p_a[LB-1:2] + {{(DW-2){1'b0}}, p_hi8, 1'b0};

    reg a_v, a_en, a_last, a_sext;
    reg [1:0] a_pk, a_rpos, a_half, a_o, a_n;
    reg [3:0] a_aop, a_nbr;
    reg [63:0] a_wd, a_d2;
    reg [LL-1:0] a_lane;
    reg [LANES-1:0] a_mask;
    reg [DW-1:0] a_d [0:2];
    reg [DW-1:0] a_dhi;
    always @(posedge clk) begin
        if (rst) a_v <= 1'b0;
        else if (!stall) a_v <= p_v;
        if (!stall) begin
            a_en <= p_act && a_in;
            a_last <= p_last;
            a_sext <= p_sext;
            a_pk <= p_pk;
            a_rpos <= p_rpos;
            a_half <= p_half;
            a_o <= p_a[1:0];
            a_n <= a_ndw;
            a_aop <= p_aop;
            a_nbr <= a_nb;
            a_wd <= p_wd;
            a_d2 <= p_d2;
            a_lane <= p_lane;
            a_mask <= p_mask;
            a_d[0] <= a_base;
            a_d[1] <= a_base + 1'b1;
            a_d[2] <= a_base + {{(DW-2){1'b0}}, 2'd2};
            a_dhi <= a_base + {{(DW-2){1'b0}}, a_ndw} - 1'b1;
        end
    end

    // ---- Stage records after A: one bundle of fields per stage, shifted along.
    localparam integer RB = 150 + LL + LANES + 4 * DW;
    localparam integer O_V = RB - 1;     // valid
    localparam integer O_EN = RB - 2;    // active lane, in range
    localparam integer O_LAST = RB - 3;  // the pass's last step
    localparam integer O_SX = RB - 4;    // sign-extend
    localparam integer O_PK = RB - 6;    // piece kind (2)
    localparam integer O_RPOS = RB - 8;  // result dword (2)
    localparam integer O_HALF = RB - 10; // d16 half (2)
    localparam integer O_O = RB - 12;    // byte offset (2)
    localparam integer O_N = RB - 14;    // dwords touched (2)
    localparam integer O_AOP = RB - 18;  // atomic (4)
    localparam integer O_NB = RB - 22;   // bytes (4)
    localparam integer O_WD = RB - 86;   // write data / DATA (64)
    localparam integer O_D2 = RB - 150;  // DATA1 (64)
    localparam integer O_LANE = LANES + 4 * DW;
    localparam integer O_MASK = 4 * DW;
    // dword k at (3 - k) * DW, the last dword at 0
    wire [RB-2:0] a_rec = {a_en, a_last, a_sext, a_pk, a_rpos, a_half, a_o, a_n, a_aop,
                           a_nbr, a_wd, a_d2, a_lane, a_mask, a_d[0], a_d[1], a_d[2], a_dhi};

    // Stages B, M, R, X1, X2, X3, X4, X5, W: rec[0] .. rec[8].
    localparam integer NS = 9;
    reg [RB-1:0] rec [0:NS-1];

    // ---- The hazard check, a cycle ahead: the piece A hands to B waits there while a
    // store or atomic piece ahead of it (in B..X5 now, M..W then) that writes a dword it
    // reads has not been written: 8 - s cycles for one in stage s (B = 0) now.
    wire [NS-2:0] haz;
    genvar s, b, k, l;
    generate
        for (s = 0; s < NS - 1; s = s + 1) begin : hz
            wire [DW-1:0] lo = rec[s][3*DW +: DW];
            wire [DW-1:0] hi = rec[s][0 +: DW];
            wire wr = rec[s][O_PK +: 2] != P_LD;
            assign haz[s] = rec[s][O_V] && rec[s][O_EN] && wr && a_d[0] <= hi && lo <= a_dhi;
        end
    endgenerate
    reg [3:0] a_wait;
    integer hi_;
    always @(*) begin
        a_wait = 4'd0;
        for (hi_ = NS - 2; hi_ >= 0; hi_ = hi_ - 1)
            if (haz[hi_]) a_wait = 4'd8 - hi_[3:0]; // NS - 1 - s
        if (!(a_v && a_en)) a_wait = 4'd0;
    end
    // B: the cycles its piece has yet to wait; `stall` holds B, A, P and the sequencer.
    reg [3:0] b_wait;
    reg b_hold;
    assign stall = b_hold;
    always @(posedge clk) begin
        if (rst) begin
            b_wait <= 4'd0;
            b_hold <= 1'b0;
        end else if (stall) begin
            b_wait <= b_wait - 1'b1;
            b_hold <= b_wait != 4'd1;
        end else begin
            b_wait <= a_wait;
            b_hold <= a_wait != 4'd0;
        end
    end

    // ---- B: per bank row (the read address).
    reg [RW-1:0] b_row [0:BANKS-1];
    wire b_v = rec[0][O_V];

    always @(posedge clk) begin
        if (rst) rec[0][O_V] <= 1'b0;
        else if (!stall) rec[0][O_V] <= a_v;
        if (!stall) rec[0][O_V-1:0] <= a_rec[O_V-1:0];
    end
    integer bi, ki;
    always @(posedge clk) begin
        if (!stall) begin
            for (bi = 0; bi < BANKS; bi = bi + 1) begin
                b_row[bi] <= a_d[0][DW-1:KB];
                for (ki = 2; ki >= 0; ki = ki - 1)
                    if (a_d[ki][KB-1:0] == bi[KB-1:0]) b_row[bi] <= a_d[ki][DW-1:KB];
            end
        end
    end

    // ---- The stages M .. W shift the records (a bubble into M while B waits).
    integer si;
    always @(posedge clk) begin
        if (rst) begin
            for (si = 1; si < NS; si = si + 1) rec[si][O_V] <= 1'b0;
        end else begin
            rec[1][O_V] <= b_v && !stall;
            for (si = 2; si < NS; si = si + 1) rec[si][O_V] <= rec[si-1][O_V];
        end
        rec[1][O_V-1:0] <= rec[0][O_V-1:0];
        for (si = 2; si < NS; si = si + 1) rec[si][O_V-1:0] <= rec[si-1][O_V-1:0];
    end

    // ---- The banks (M: read; W: written).
    reg [BANKS-1:0] w_we;
    reg [RW-1:0] w_row [0:BANKS-1];
    reg [31:0] w_data [0:BANKS-1];
    reg [31:0] r_word [0:BANKS-1];
    generate
        for (b = 0; b < BANKS; b = b + 1) begin : bank
            reg [31:0] mem [0:ROWS-1];
            reg [31:0] q;
            always @(posedge clk) begin
                if (w_we[b]) mem[w_row[b]] <= w_data[b];
                q <= mem[b_row[b]];
            end
            always @(posedge clk) r_word[b] <= q;
        end
    endgenerate

    // ---- X1: the piece's three dwords (from R's words).
    reg [95:0] x1_win;
    generate
        for (k = 0; k < 3; k = k + 1) begin : x1
            wire [KB-1:0] bk = rec[2][(3-k)*DW +: KB];
            always @(posedge clk) x1_win[32*k +: 32] <= r_word[bk];
        end
    endgenerate

    // ---- X2: the piece's bytes, aligned, masked to its size (0 out of range).
    wire [3:0] x2_nb = rec[3][O_NB +: 4];
    wire [95:0] x1_sh = x1_win >> {rec[3][O_O +: 2], 3'b000};
    reg [63:0] x2_old;
    reg [95:0] x2_win;
    integer mi;
    always @(posedge clk) begin
        for (mi = 0; mi < 8; mi = mi + 1)
            x2_old[8*mi +: 8] <= (rec[3][O_EN] && mi < x2_nb) ? x1_sh[8*mi +: 8] : 8'd0;
        x2_win <= x1_win;
    end

    // ---- X3: sums and compares; a load's value.
    wire [RB-1:0] r4 = rec[4];
    wire x3_b64 = r4[O_NB +: 4] == 4'd8;
    wire [63:0] x3_wd = r4[O_WD +: 64];
    wire [63:0] x3_w2 = r4[O_D2 +: 64];
    wire [63:0] x3_d = x3_b64 ? x3_wd : {32'd0, x3_wd[31:0]};
    wire [63:0] x3_e = x3_b64 ? x3_w2 : {32'd0, x3_w2[31:0]};
    wire [64:0] x3_sub_w = {1'b0, x2_old} - {1'b0, x3_d};
    // A load's value: narrow ones extended, d16 ones in their half.
    wire x3_sx = r4[O_SX];
    wire [1:0] x3_half = r4[O_HALF +: 2];
    wire [31:0] x3_ext = r4[O_NB +: 4] == 4'd1 ? {{24{x3_sx && x2_old[7]}}, x2_old[7:0]}
                       : r4[O_NB +: 4] == 4'd2 ? {{16{x3_sx && x2_old[15]}}, x2_old[15:0]}
                       : x2_old[31:0];
    wire [63:0] x3_val = x3_half == H_LO ? {48'd0, x3_ext[15:0]}
                       : x3_half == H_HI ? {32'd0, x3_ext[15:0], 16'd0}
                       : {x2_old[63:32], x3_ext};
    reg [63:0] x3_t, x3_dd, x3_ee, x3_add, x3_sub, x3_rsub, x3_inc, x3_dec, x3_wadd, x3_val_r;
    reg x3_ult, x3_ts, x3_ds;
    // t == d, t == e, t == 0 in 16-bit parts (ANDed in X4).
    reg [3:0] x3_eqd4, x3_eqe4, x3_z4;
    integer qi;
    reg [95:0] x3_win;
    always @(posedge clk) begin
        x3_t <= x2_old;
        x3_dd <= r4[O_PK +: 2] == P_AT ? x3_d : x3_wd;
        x3_ee <= x3_e;
        x3_add <= x2_old + x3_d;
        x3_sub <= x3_sub_w[63:0];
        x3_ult <= x3_sub_w[64];
        x3_rsub <= x3_d - x2_old;
        x3_inc <= x2_old + 64'd1;
        x3_dec <= x2_old - 64'd1;
        x3_wadd <= x2_old + x3_e;
        for (qi = 0; qi < 4; qi = qi + 1) begin
            x3_eqd4[qi] <= x2_old[16*qi +: 16] == x3_d[16*qi +: 16];
            x3_eqe4[qi] <= x2_old[16*qi +: 16] == x3_e[16*qi +: 16];
            x3_z4[qi] <= x2_old[16*qi +: 16] == 16'd0;
        end
        x3_ts <= x3_b64 ? x2_old[63] : x2_old[31];
        x3_ds <= x3_b64 ? x3_d[63] : x3_d[31];
        x3_val_r <= r4[O_PK +: 2] == P_LD ? x3_val : x2_old;
        x3_win <= x2_win;
    end

    // ---- X4: the new value; the lane's result.
    wire [RB-1:0] r5 = rec[5];
    wire x4_slt = x3_ts != x3_ds ? x3_ts : x3_ult;
    wire x3_eqd = &x3_eqd4, x3_eqe = &x3_eqe4, x3_z = &x3_z4;
    reg [63:0] x4_at;
    always @(*) begin
        case (r5[O_AOP +: 4])
            4'd0: x4_at = x3_add;
            4'd1: x4_at = x3_sub;
            4'd2: x4_at = x3_rsub;
            4'd3: x4_at = x3_ult ? x3_inc : 64'd0;                        // inc
            4'd4: x4_at = (x3_z || !(x3_ult || x3_eqd)) ? x3_dd : x3_dec; // dec
            4'd5: x4_at = x4_slt ? x3_t : x3_dd;                          // min_i
            4'd6: x4_at = x4_slt ? x3_dd : x3_t;                          // max_i
            4'd7: x4_at = x3_ult ? x3_t : x3_dd;                          // min_u
            4'd8: x4_at = x3_ult ? x3_dd : x3_t;                          // max_u
            4'd9: x4_at = x3_t & x3_dd;
            4'd10: x4_at = x3_t | x3_dd;
            4'd11: x4_at = x3_t ^ x3_dd;
            4'd12: x4_at = (x3_t & ~x3_dd) | x3_ee;                       // mskor
            4'd13: x4_at = x3_dd;                                         // storexchg
            4'd14: x4_at = x3_eqe ? x3_dd : x3_t;                         // cmpstore
            default: x4_at = x3_ult ? x3_wadd : x3_sub;                   // wrap
        endcase
    end
    reg [63:0] x4_new;
    reg [95:0] x4_win;
    reg [127:0] res [0:LANES-1];
    wire [LL-1:0] r5_lane = r5[O_LANE +: LL];
    wire [1:0] r5_rpos = r5[O_RPOS +: 2];
    always @(posedge clk) begin
        x4_new <= r5[O_PK +: 2] == P_AT ? x4_at : x3_dd;
        x4_win <= x3_win;
        if (r5[O_V] && r5[O_PK +: 2] != P_ST) begin
            res[r5_lane][32*r5_rpos +: 32] <= x3_val_r[31:0];
            if (r5[O_NB +: 4] > 4'd4) res[r5_lane][32*r5_rpos + 32 +: 32] <= x3_val_r[63:32];
        end
    end
    always @(posedge clk) begin
        if (rst) out_valid <= 1'b0;
        else out_valid <= r5[O_V] && r5[O_LAST];
        out_mask <= r5[O_MASK +: LANES];
    end
    generate
        for (l = 0; l < LANES; l = l + 1) begin : o
            assign out_data[128*l +: 128] = res[l];
        end
    endgenerate

    // ---- X5: the new bytes merged into the three dwords.
    wire [RB-1:0] r6 = rec[6];
    wire [1:0] x5_o = r6[O_O +: 2];
    wire [95:0] x5_nsh = {32'd0, x4_new} << {x5_o, 3'b000};
    wire [11:0] x5_bm = {4'd0, 8'hff >> (4'd8 - r6[O_NB +: 4])} << x5_o;
    wire x5_wr = r6[O_V] && r6[O_EN] && r6[O_PK +: 2] != P_LD;
    reg [95:0] x5_win;
    reg [2:0] x5_we;
    integer ji;
    always @(posedge clk) begin
        for (ji = 0; ji < 12; ji = ji + 1)
            x5_win[8*ji +: 8] <= x5_bm[ji] ? x5_nsh[8*ji +: 8] : x4_win[8*ji +: 8];
        for (ji = 0; ji < 3; ji = ji + 1)
            x5_we[ji] <= x5_wr && ji < r6[O_N +: 2];
    end

    // ---- W: per bank the write registers.
    wire [DW-1:0] w_d [0:2];
    generate
        for (k = 0; k < 3; k = k + 1) begin : wd
            assign w_d[k] = rec[7][(3-k)*DW +: DW];
        end
    endgenerate
    integer wb, wk;
    always @(posedge clk) begin
        for (wb = 0; wb < BANKS; wb = wb + 1) begin
            w_we[wb] <= 1'b0;
            w_row[wb] <= w_d[0][DW-1:KB];
            w_data[wb] <= x5_win[31:0];
            for (wk = 2; wk >= 0; wk = wk - 1)
                if (x5_we[wk] && w_d[wk][KB-1:0] == wb[KB-1:0]) begin
                    w_we[wb] <= 1'b1;
                    w_row[wb] <= w_d[wk][DW-1:KB];
                    w_data[wb] <= x5_win[32*wk +: 32];
                end
        end
        if (rst) w_we <= {BANKS{1'b0}};
    end
endmodule

`default_nettype wire
