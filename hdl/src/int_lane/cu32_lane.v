// cu32_lane — one integer lane of the compute unit's VALU: every integer operation of
// the Rust enum `LaneOp` (hdl/src/valu_control.rs, whose module comment gives the operand
// conventions) on one lane's S0, S1, S2 (`a`, `b`, `c`), its mask bit `cin` and its lane
// index. The operation codes are the enum's order, given as `OP_*` localparams by the
// generated header `cu32_lane_ops.vh` (`cu32_hdl::int_lane::ops_header`): the enum is
// their only source.
//
// LATENCY = 4: an operation presented with `valid` before a rising edge has `d`, `flag`
// and `valid_out` after the fourth rising edge from then; one operation a cycle, no
// stalls, no reset (`valid_out` is `valid` delayed; every other output a function of the
// inputs). 32-bit results are zero-extended in `d`. `op` comes a cycle ahead of `valid`
// and the operands: R0 registers its decode (the lane's own copy of the control, so
// that its fan-out stays inside the lane while the decode logic is shared).
//
// One result adder, one funnel shifter, one multiplier and one logic unit serve every
// operation:
//
// * Stage 0 (op -> R0): the decode ROM.
// * Stage 1 (ports, R0 -> R1): the 64-bit shifts' choices by the amount's bit 5; the
//   operands' bits 33:0 sign- or zero-extended
//   as the operation reads them (from bit 15, 23 or 31, or cut above bit 23 or 31); the
//   multiplier's operands, registered before the DSPs (0 but for the multiplies): a
//   one-hot 2^s in place of `a` for the 64-bit shifts below 32 and v_add_lshl_u32; the
//   funnel's input {H, L}, one-hot byte selects and bit amount (by default it passes `a`;
//   left shifts are right shifts of {x, 0} by 32 - s); a < b on the 64-bit keys (sign bits
//   flipped: the compares' and min/max/med3's), and med3's a < c, b < c (33-bit chains); the popcount's source (a & a thermometer for bcnt/mbcnt, the
//   bits below the lowest set bit of a, reversed a or reversed sign-flipped a for ctz, clz,
//   cls); the thermometer (1 << n) - 1 (bfe's width, bfm's width, mbcnt's lane index);
//   bfe_i's sign bit (one-hot); perm's and cvt_pk's forced bits.
// * Stage 2 (R1 -> R2): four 18 x 18 products (MULT18X18D, product registered after); the
//   32-bit funnel ({H, L} >> k: a byte level with a select per output byte, which also does
//   v_perm_b32 and cvt_pk's halves, then a bit level), which gives the word of the 64-bit
//   shifts the multiplier does not (b_lo * 2^s, b_hi * 2^(32 - s)); a == b; a + b (add3); 8 4-bit popcounts summed in
//   pairs; the logic unit's truth table, chosen by the operation and (min, max, med3,
//   cndmask, clz of 0) stage 1's comparisons; its b' and c' inputs: b and c, or the
//   funnel's post-masks keep and set (bfe's field and sign, lshl_or's c, perm's and cvt_pk's
//   forced bits; bfrev's reversed a).
// * Stage 3 (R2 -> R3): the logic unit, a truth table per bit over (a' = the funnel's word,
//   b', c'), which also gives (sh & keep) | set, a, b, c, min/max/med3's choice, the moves
//   and the bitwise operations; A1 = {HH, LL} + {m, the logic unit's word} (m: mad's c,
//   shl64's word) and A2 = LH + HL, the product sum's halves; the popcount's sum. The
//   result adder's operands are registered: X = A1, Y = A2 << 16 for the multiplies, else
//   b, ~b, c, a + b or the count (bits 64:32 all ones for the subtracts: bit 32 of the sum
//   is then the borrow).
// * Stage 4 (R3 -> outputs): the 65-bit result adder X + Y + carry-in; its low or (mul_hi)
//   high word; the flag: bit 32 (carry, borrow), bit 64 (mad_u64/i64), or the compare's.
//
// The FP32 FMA pipeline goes beside these stages: stage 1 unpacks the operands and adds
// and compares the exponents; stage 2 multiplies the 24-bit mantissas on the same four
// MULT18X18D (16 + 8 bits each, inside the integer multiply's 16 / 18 split) while c's
// mantissa is aligned by a shifter of its own; stage 3 adds the aligned addend to the
// product's partial sums in A1 as mad's c is; stage 4's adder completes the sum; two more
// stages after it normalise (leading zeros) and round, so floating-point results come
// later than integer ones.
`default_nettype none

module cu32_lane (
    input  wire        clk,
    input  wire        valid,
    input  wire [6:0]  op,
    input  wire [63:0] a,
    input  wire [63:0] b,
    input  wire [63:0] c,
    input  wire        cin,
    input  wire [4:0]  lane,
    output reg         valid_out,
    output reg  [63:0] d,
    output reg         flag
);
`include "cu32_lane_ops.vh"

    // ---------------------------------------------------------------- decode
    // Operand extension (a, b; bits 33:0): EW_64 keeps them, the others keep 16, 24 or 32
    // bits and fill above with the sign (es) or zeros.
    localparam [1:0] EW_64 = 2'd0, EW_16 = 2'd1, EW_24 = 2'd2, EW_32 = 2'd3;
    // c's extension: raw, from bit 15, from bit 31, bit 64 from bit 63.
    localparam [1:0] CE_RAW = 2'd0, CE_16 = 2'd1, CE_32 = 2'd2, CE_64 = 2'd3;
    // Funnel modes and shift sources.
    localparam [1:0] FM_RIGHT = 2'd0, FM_LEFT = 2'd1, FM_PAIR = 2'd2;
    localparam [1:0] XS_A = 2'd0, XS_B = 2'd1, XS_BHI = 2'd2, XS_TH = 2'd3;
    // Shift amount sources.
    localparam [2:0] SA_A4 = 3'd0, SA_A5 = 3'd1, SA_B5 = 3'd2, SA_C5 = 3'd3, SA_CBYTE = 3'd4,
                     SA_PERM = 3'd5, SA_PK = 3'd6, SA_0 = 3'd7;
    // Thermometer sources.
    localparam [1:0] TH_LANE = 2'd0, TH_A = 2'd1, TH_C = 2'd2, TH_ALL = 2'd3;
    // The adder's Y (non-multiply operations).
    // (Its bits 64:32 are all ones for the subtracts: bit 32 of the sum is then the borrow.)
    localparam [2:0] Y_ZERO = 3'd0, Y_B = 3'd1, Y_NB = 3'd2, Y_C = 3'd3, Y_AB = 3'd4;
    // Carry-in.
    localparam [1:0] CI_0 = 2'd0, CI_1 = 2'd1, CI_CIN = 2'd2, CI_NCIN = 2'd3;
    // The truth table's kind (fixed, or chosen in stage 2 by stage 1's comparisons).
    localparam [3:0] TK_FIX = 4'd0, TK_CND = 4'd1, TK_MIN = 4'd2, TK_MAX = 4'd3,
                     TK_MIN3 = 4'd4, TK_MAX3 = 4'd5, TK_MED3 = 4'd6, TK_MAXMIN = 4'd7,
                     TK_MINMAX = 4'd8, TK_CZ = 4'd9, TK_CNT = 4'd10;
    // Flags.
    localparam [3:0] FL_0 = 4'd0, FL_1 = 4'd1, FL_C32 = 4'd2, FL_C64 = 4'd3, FL_EQ = 4'd4,
                     FL_NE = 4'd5, FL_LT = 4'd6, FL_LE = 4'd7, FL_GT = 4'd8, FL_GE = 4'd9;
    // Truth tables over {a, b, c} (index {a, b, c}).
    localparam [7:0] T_A = 8'hf0, T_B = 8'hcc, T_C = 8'haa, T_ANDOR = 8'hea;

    reg [1:0] ew_d, ce_d, fm_d, xs_sel_d, tsel_d, cisel_d;
    reg       es_d, mul_d, mhi_d, wide_d, mad_d, ohen_d, ohrev_d, ohc_d, mbhi_d, mbs_d;
    reg       cz_d, yrev_d, ycls_d, brev_d, shop_d, bfe_d, bfei_d, lshlor_d, pk_d, pks_d;
    reg       perm_d, cmhi_sh_d, yup_d, sh64_d, sh64r_d, ashr64_d;
    reg [2:0] sa_d, fillsel_d, ysel_d;
    reg [3:0] tk_d, fsel_d;
    reg [7:0] tt0_d;
    always @* begin
        ew_d = EW_64; es_d = 1'b0; ce_d = CE_RAW;
        mul_d = 1'b0; mhi_d = 1'b0; wide_d = 1'b0; mad_d = 1'b0;
        ohen_d = 1'b0; ohrev_d = 1'b0; ohc_d = 1'b0; mbhi_d = 1'b0; mbs_d = 1'b0;
        // (By default the funnel passes a, extended: the logic unit's first input.)
        fm_d = FM_RIGHT; xs_sel_d = XS_A; sa_d = SA_0; fillsel_d = 3'd0; tsel_d = TH_ALL;
        cz_d = 1'b0; yrev_d = 1'b0; ycls_d = 1'b0; brev_d = 1'b0;
        shop_d = 1'b0; bfe_d = 1'b0; bfei_d = 1'b0; lshlor_d = 1'b0; pk_d = 1'b0; pks_d = 1'b0;
        perm_d = 1'b0;
        cmhi_sh_d = 1'b0; sh64_d = 1'b0; sh64r_d = 1'b0; ashr64_d = 1'b0;
        ysel_d = Y_ZERO; yup_d = 1'b0; cisel_d = CI_0; tk_d = TK_FIX; fsel_d = FL_0; tt0_d = T_A;
        case (op)
            OP_MOV_A: tt0_d = T_A;
            OP_MOV_B: tt0_d = T_B;
            OP_CNDMASK: tk_d = TK_CND;
            OP_NOT: tt0_d = 8'h0f;
            OP_SEXT16: begin ew_d = EW_16; es_d = 1'b1; end
            OP_AND: tt0_d = 8'hc0;
            OP_OR: tt0_d = 8'hfc;
            OP_XOR: tt0_d = 8'h3c;
            OP_XNOR: tt0_d = 8'hc3;
            OP_AND_OR: tt0_d = T_ANDOR;
            OP_OR3: tt0_d = 8'hfe;
            OP_XOR3: tt0_d = 8'h96;
            OP_BFI: tt0_d = 8'hca;
            OP_LSHL_OR: begin
                fm_d = FM_LEFT; xs_sel_d = XS_A; sa_d = SA_B5; shop_d = 1'b1; lshlor_d = 1'b1;
                tt0_d = T_ANDOR;
            end
            OP_BFREV: begin yrev_d = 1'b1; brev_d = 1'b1; shop_d = 1'b1; tt0_d = T_B; end
            OP_CLZ: begin yrev_d = 1'b1; cz_d = 1'b1; tk_d = TK_CZ; end
            OP_CTZ: begin cz_d = 1'b1; tk_d = TK_CZ; end
            OP_CLS: begin yrev_d = 1'b1; ycls_d = 1'b1; cz_d = 1'b1; tk_d = TK_CZ; end
            OP_BCNT: begin tsel_d = TH_ALL; tk_d = TK_CNT; tt0_d = T_B; end
            OP_MBCNT: begin tsel_d = TH_LANE; tk_d = TK_CNT; tt0_d = T_B; end
            OP_BFM: begin
                fm_d = FM_LEFT; xs_sel_d = XS_TH; tsel_d = TH_A; sa_d = SA_B5; shop_d = 1'b1;
                tt0_d = T_ANDOR;
            end
            OP_BFE_U, OP_BFE_I: begin
                fm_d = FM_RIGHT; xs_sel_d = XS_A; tsel_d = TH_C; sa_d = SA_B5; shop_d = 1'b1;
                bfe_d = 1'b1; bfei_d = op == OP_BFE_I; tt0_d = T_ANDOR;
                fillsel_d = op == OP_BFE_I ? 3'd4 : 3'd0;
            end
            OP_ALIGNBIT, OP_ALIGNBYTE: begin
                fm_d = FM_PAIR; xs_sel_d = XS_A; sa_d = op == OP_ALIGNBIT ? SA_C5 : SA_CBYTE;
                shop_d = 1'b1; tt0_d = T_ANDOR;
            end
            OP_PERM: begin
                fm_d = FM_PAIR; xs_sel_d = XS_A; sa_d = SA_PERM; shop_d = 1'b1; perm_d = 1'b1;
                tt0_d = T_ANDOR;
            end
            OP_CVT_PK_U16, OP_CVT_PK_I16: begin
                fm_d = FM_PAIR; xs_sel_d = XS_A; sa_d = SA_PK; shop_d = 1'b1; pk_d = 1'b1;
                pks_d = op == OP_CVT_PK_I16; tt0_d = T_ANDOR;
            end
            OP_ADD: begin ysel_d = Y_B; fsel_d = FL_C32; end
            OP_ADD_C: begin ysel_d = Y_B; cisel_d = CI_CIN; fsel_d = FL_C32; end
            OP_SUB: begin ysel_d = Y_NB; yup_d = 1'b1; cisel_d = CI_1; fsel_d = FL_C32; end
            OP_SUB_B: begin ysel_d = Y_NB; yup_d = 1'b1; cisel_d = CI_NCIN; fsel_d = FL_C32; end
            // b - a as ~a + b + 1.
            OP_SUB_REV: begin tt0_d = 8'h0f; ysel_d = Y_B; yup_d = 1'b1; cisel_d = CI_1; fsel_d = FL_C32; end
            OP_SUB_REV_B: begin
                tt0_d = 8'h0f; ysel_d = Y_B; yup_d = 1'b1; cisel_d = CI_NCIN; fsel_d = FL_C32;
            end
            OP_ADD3: begin tt0_d = T_C; ysel_d = Y_AB; end
            OP_LSHL_ADD: begin
                fm_d = FM_LEFT; xs_sel_d = XS_A; sa_d = SA_B5; shop_d = 1'b1;
                tt0_d = T_ANDOR; ysel_d = Y_C;
            end
            OP_ADD_LSHL: begin
                // (a << c) on the funnel plus b * 2^c on the multiplier.
                fm_d = FM_LEFT; xs_sel_d = XS_A; sa_d = SA_C5; mul_d = 1'b1; ohen_d = 1'b1; ohc_d = 1'b1;
               
            end
            OP_XAD: begin tt0_d = 8'h3c; ysel_d = Y_C; end
            OP_SHL16: begin fm_d = FM_LEFT; xs_sel_d = XS_B; sa_d = SA_A4; shop_d = 1'b1; tt0_d = T_ANDOR; end
            OP_SHL32: begin fm_d = FM_LEFT; xs_sel_d = XS_B; sa_d = SA_A5; shop_d = 1'b1; tt0_d = T_ANDOR; end
            OP_SHR16: begin fm_d = FM_RIGHT; xs_sel_d = XS_B; sa_d = SA_A4; shop_d = 1'b1; tt0_d = T_ANDOR; end
            OP_SHR32: begin fm_d = FM_RIGHT; xs_sel_d = XS_B; sa_d = SA_A5; shop_d = 1'b1; tt0_d = T_ANDOR; end
            OP_ASHR16: begin
                fm_d = FM_RIGHT; xs_sel_d = XS_B; sa_d = SA_A4; fillsel_d = 3'd1; ew_d = EW_16; es_d = 1'b1;
                shop_d = 1'b1; tt0_d = T_ANDOR;
            end
            OP_ASHR32: begin
                fm_d = FM_RIGHT; xs_sel_d = XS_B; sa_d = SA_A5; fillsel_d = 3'd2;
                shop_d = 1'b1; tt0_d = T_ANDOR;
            end
            OP_SHL64: begin
                // s < 32: b_lo * 2^s + {b_hi << s, 0}; s >= 32: {b_lo << (s - 32), 0}.
                fm_d = FM_LEFT; sa_d = SA_A5; ew_d = EW_32; sh64_d = 1'b1;
                wide_d = 1'b1; ohen_d = 1'b1; cmhi_sh_d = 1'b1; tt0_d = 8'h00;
            end
            OP_SHR64, OP_ASHR64: begin
                // s < 32: b_hi * 2^(32 - s) + {0, b_lo >> s}; s >= 32: {fill, b_hi >> (s - 32)}
                // (the fill as the adder's Y above bit 31).
                fm_d = FM_RIGHT; sa_d = SA_A5; sh64_d = 1'b1; sh64r_d = 1'b1;
                ashr64_d = op == OP_ASHR64;
                wide_d = 1'b1; ohen_d = 1'b1; ohrev_d = 1'b1; mbhi_d = 1'b1;
                mbs_d = op == OP_ASHR64;
            end
            OP_MIN_I: begin ew_d = EW_32; es_d = 1'b1; tk_d = TK_MIN; end
            OP_MAX_I: begin ew_d = EW_32; es_d = 1'b1; tk_d = TK_MAX; end
            OP_MIN_U: tk_d = TK_MIN;
            OP_MAX_U: tk_d = TK_MAX;
            OP_MIN_I16: begin ew_d = EW_16; es_d = 1'b1; tk_d = TK_MIN; end
            OP_MAX_I16: begin ew_d = EW_16; es_d = 1'b1; tk_d = TK_MAX; end
            OP_MIN3_I: begin ew_d = EW_32; es_d = 1'b1; ce_d = CE_32; tk_d = TK_MIN3; end
            OP_MAX3_I: begin ew_d = EW_32; es_d = 1'b1; ce_d = CE_32; tk_d = TK_MAX3; end
            OP_MED3_I: begin ew_d = EW_32; es_d = 1'b1; ce_d = CE_32; tk_d = TK_MED3; end
            OP_MIN3_U: tk_d = TK_MIN3;
            OP_MAX3_U: tk_d = TK_MAX3;
            OP_MED3_U: tk_d = TK_MED3;
            OP_MIN3_I16: begin ew_d = EW_16; es_d = 1'b1; ce_d = CE_16; tk_d = TK_MIN3; end
            OP_MAX3_I16: begin ew_d = EW_16; es_d = 1'b1; ce_d = CE_16; tk_d = TK_MAX3; end
            OP_MED3_I16: begin ew_d = EW_16; es_d = 1'b1; ce_d = CE_16; tk_d = TK_MED3; end
            OP_MAX_MIN_I: begin ew_d = EW_32; es_d = 1'b1; ce_d = CE_32; tk_d = TK_MAXMIN; end
            OP_MIN_MAX_I: begin ew_d = EW_32; es_d = 1'b1; ce_d = CE_32; tk_d = TK_MINMAX; end
            OP_MAX_MIN_U: tk_d = TK_MAXMIN;
            OP_MIN_MAX_U: tk_d = TK_MINMAX;
            OP_MUL_LO: begin mul_d = 1'b1; tt0_d = 8'h00; end
            OP_MUL_HI_U: begin mul_d = 1'b1; tt0_d = 8'h00; mhi_d = 1'b1; end
            OP_MUL_HI_I: begin mul_d = 1'b1; tt0_d = 8'h00; mhi_d = 1'b1; ew_d = EW_32; es_d = 1'b1; end
            OP_MUL_U24: begin mul_d = 1'b1; tt0_d = 8'h00; ew_d = EW_24; end
            OP_MUL_HI_U24: begin mul_d = 1'b1; tt0_d = 8'h00; mhi_d = 1'b1; ew_d = EW_24; end
            OP_MUL_I24: begin mul_d = 1'b1; tt0_d = 8'h00; ew_d = EW_24; es_d = 1'b1; end
            OP_MUL_HI_I24: begin mul_d = 1'b1; tt0_d = 8'h00; mhi_d = 1'b1; ew_d = EW_24; es_d = 1'b1; end
            OP_MAD_U24: begin mul_d = 1'b1; mad_d = 1'b1; tt0_d = T_C; ew_d = EW_24; end
            OP_MAD_I24: begin mul_d = 1'b1; mad_d = 1'b1; tt0_d = T_C; ew_d = EW_24; es_d = 1'b1; end
            OP_MAD_LO: begin mul_d = 1'b1; mad_d = 1'b1; tt0_d = T_C; end
            OP_MAD_I16: begin mul_d = 1'b1; mad_d = 1'b1; tt0_d = T_C; ew_d = EW_16; es_d = 1'b1; end
            OP_MAD_U64: begin mul_d = 1'b1; mad_d = 1'b1; tt0_d = T_C; wide_d = 1'b1; fsel_d = FL_C64; end
            OP_MAD_I64: begin
                mul_d = 1'b1; mad_d = 1'b1; wide_d = 1'b1; fsel_d = FL_C64; ew_d = EW_32; es_d = 1'b1; tt0_d = T_C;
                ce_d = CE_64;
            end
            OP_CMP_F: fsel_d = FL_0;
            OP_CMP_T: fsel_d = FL_1;
            OP_CMP_EQ: fsel_d = FL_EQ;
            OP_CMP_NE: fsel_d = FL_NE;
            OP_CMP_LT_U: begin fsel_d = FL_LT; end
            OP_CMP_LE_U: begin fsel_d = FL_LE; end
            OP_CMP_GT_U: begin fsel_d = FL_GT; end
            OP_CMP_GE_U: begin fsel_d = FL_GE; end
            OP_CMP_LT_I16: begin fsel_d = FL_LT; ew_d = EW_16; es_d = 1'b1; end
            OP_CMP_LE_I16: begin fsel_d = FL_LE; ew_d = EW_16; es_d = 1'b1; end
            OP_CMP_GT_I16: begin fsel_d = FL_GT; ew_d = EW_16; es_d = 1'b1; end
            OP_CMP_GE_I16: begin fsel_d = FL_GE; ew_d = EW_16; es_d = 1'b1; end
            OP_CMP_LT_I32: begin fsel_d = FL_LT; ew_d = EW_32; es_d = 1'b1; end
            OP_CMP_LE_I32: begin fsel_d = FL_LE; ew_d = EW_32; es_d = 1'b1; end
            OP_CMP_GT_I32: begin fsel_d = FL_GT; ew_d = EW_32; es_d = 1'b1; end
            OP_CMP_GE_I32: begin fsel_d = FL_GE; ew_d = EW_32; es_d = 1'b1; end
            OP_CMP_LT_I64: begin fsel_d = FL_LT; es_d = 1'b1; end
            OP_CMP_LE_I64: begin fsel_d = FL_LE; es_d = 1'b1; end
            OP_CMP_GT_I64: begin fsel_d = FL_GT; es_d = 1'b1; end
            OP_CMP_GE_I64: begin fsel_d = FL_GE; es_d = 1'b1; end
            default: ;
        endcase
    end

    // R0: the decoded operation. `keep` on the process keeps each lane's copy (Yosys
    // would merge the lanes' identical registers).
    // (Not state machines: fsm_encoding "none" keeps Yosys' FSM pass, which runs out of
    // memory on them, away.)
    (* fsm_encoding = "none" *) reg [1:0] ew, ce, fm, xs_sel_q, tsel, cisel;
    reg       es, mul_q, mhi, wide, mad, ohen, ohrev, ohc, mbhi, mbs;
    reg       cz, yrev, ycls, brev, shop, bfe, bfei, lshlor, pk, pks;
    reg       perm, cmhi_sh, yup_q, sh64, sh64r, ashr64;
    (* fsm_encoding = "none" *) reg [2:0] sa, fillsel_q, ysel;
    (* fsm_encoding = "none" *) reg [3:0] tk, fsel;
    (* fsm_encoding = "none" *) reg [7:0] tt0;
    (* keep *) always @(posedge clk) begin
        {ew, ce, fm, xs_sel_q, tsel, cisel} <= {ew_d, ce_d, fm_d, xs_sel_d, tsel_d, cisel_d};
        {es, mul_q, mhi, wide, mad, ohen, ohrev, ohc, mbhi, mbs} <=
            {es_d, mul_d, mhi_d, wide_d, mad_d, ohen_d, ohrev_d, ohc_d, mbhi_d, mbs_d};
        {cz, yrev, ycls, brev, shop, bfe, bfei, lshlor, pk, pks} <=
            {cz_d, yrev_d, ycls_d, brev_d, shop_d, bfe_d, bfei_d, lshlor_d, pk_d, pks_d};
        {perm, cmhi_sh, yup_q, sh64, sh64r, ashr64} <=
            {perm_d, cmhi_sh_d, yup_d, sh64_d, sh64r_d, ashr64_d};
        {sa, fillsel_q, ysel, tk, fsel, tt0} <= {sa_d, fillsel_d, ysel_d, tk_d, fsel_d, tt0_d};
    end
    // (The 64-bit shifts' choices by the amount's bit 5: below 32 the multiplier gives
    // one word; ashr64 at 32 or more fills with b's sign.)
    wire [1:0] xs_sel = sh64 ? ((a[5] ^ sh64r) ? XS_B : XS_BHI) : xs_sel_q;
    wire       mul = mul_q || (sh64 && !a[5]);
    // (fillsel: 0 none, 1 b15, 2 b31, 3 b63, 4 a31)
    wire [2:0] fillsel = ashr64 && a[5] ? 3'd3 : fillsel_q;
    wire       yup = yup_q || (ashr64 && a[5] && b[63]);

    // ---------------------------------------------------------------- stage 1
    // Sign or zero extension of bits 33:0 (the multiplier's and the 33-bit keys' width;
    // bits 63:34 stay as they are).
    function automatic [33:0] extend(input [33:0] v, input [1:0] w, input s);
        reg sg;
        begin
            case (w)
                EW_16: sg = s & v[15];
                EW_24: sg = s & v[23];
                default: sg = s & v[31];
            endcase
            case (w)
                EW_16: extend = {{18{sg}}, v[15:0]};
                EW_24: extend = {{10{sg}}, v[23:0]};
                EW_32: extend = {{2{sg}}, v[31:0]};
                default: extend = v;
            endcase
        end
    endfunction

    wire [63:0] xa_n = {a[63:34], extend(a[33:0], ew, es)};
    wire [63:0] xb_n = {b[63:34], extend(b[33:0], ew, es)};
    // The compares' keys flip the sign bit of signed operands (bit 63, or bit 33 of the
    // extended 16- and 32-bit ones): an unsigned 64-bit compare then orders them.
    wire        flip33 = es && ew != EW_64, flip63 = es && ew == EW_64;
    reg  [64:0] xc_n;
    always @* begin
        case (ce)
            CE_16: xc_n = {{49{c[15]}}, c[15:0]};
            CE_32: xc_n = {{33{c[31]}}, c[31:0]};
            CE_64: xc_n = {c[63], c};
            default: xc_n = {1'b0, c};
        endcase
    end

    // The thermometer (1 << n) - 1, n in 0..32.
    reg [5:0] tn;
    always @* begin
        case (tsel)
            TH_LANE: tn = {1'b0, lane};
            TH_A: tn = {1'b0, a[4:0]};
            TH_C: tn = {1'b0, c[4:0]};
            default: tn = 6'd32;
        endcase
    end
    wire [31:0] therm_n = tn[5] ? 32'hffff_ffff : ~(32'hffff_ffff << tn[4:0]);

    // The multiplier's operands: 34-bit signed, split 16 / 18.
    wire [4:0]  ot = ohc ? c[4:0] : a[4:0];
    wire [31:0] odec = 32'd1 << ot;
    wire [33:0] oh;
    genvar g;
    generate
        for (g = 0; g < 34; g = g + 1) begin : onehot
            if (g == 0) assign oh[g] = !ohrev && odec[0];
            else if (g <= 31) assign oh[g] = (ohrev ? odec[32 - g] : odec[g]);
            else if (g == 32) assign oh[g] = ohrev && odec[0];
            else assign oh[g] = 1'b0;
        end
    endgenerate
    wire [33:0] ma_n = ohen ? oh : xa_n[33:0];
    wire [33:0] mb_n = mbhi ? {{2{mbs & b[63]}}, b[63:32]} : xb_n[33:0];

    // The funnel's input {H, L}, its byte selects and bit amount.
    reg [31:0] xs;
    always @* begin
        case (xs_sel)
            XS_A: xs = xa_n[31:0];
            XS_B: xs = xb_n[31:0];
            XS_BHI: xs = b[63:32];
            default: xs = therm_n;
        endcase
    end
    reg [4:0] s_amt;
    always @* begin
        case (sa)
            SA_A4: s_amt = {1'b0, a[3:0]};
            SA_B5: s_amt = b[4:0];
            SA_C5: s_amt = c[4:0];
            SA_CBYTE: s_amt = {c[1:0], 3'd0};
            SA_PERM, SA_PK, SA_0: s_amt = 5'd0;
            default: s_amt = a[4:0];
        endcase
    end
    reg fill;
    always @* begin
        case (fillsel)
            3'd1: fill = b[15];
            3'd2: fill = b[31];
            3'd3: fill = b[63];
            3'd4: fill = a[31];
            default: fill = 1'b0;
        endcase
    end
    wire [31:0] fh_n = fm == FM_RIGHT ? {32{fill}} : xs;
    wire [31:0] fl_n = fm == FM_RIGHT ? xs
                     : fm == FM_PAIR ? xb_n[31:0]
                     : (fm == FM_LEFT && s_amt == 5'd0) ? xs : 32'd0;
    wire [4:0]  k_n = fm == FM_LEFT ? 5'd0 - s_amt : s_amt;
    // Per output byte, which byte of {H, L}: perm's selectors, cvt_pk's {b1, b0, a1, a0},
    // or the shift's byte amount.
    wire [11:0] bsel_n = sa == SA_PERM ? {c[26:24], c[18:16], c[10:8], c[2:0]}
                       : sa == SA_PK ? {3'd1, 3'd0, 3'd5, 3'd4}
                       : {3'd3 + {1'b0, k_n[4:3]}, 3'd2 + {1'b0, k_n[4:3]},
                          3'd1 + {1'b0, k_n[4:3]}, {1'b0, k_n[4:3]}};

    // Forced bits after the funnel (perm's sign and constant bytes, cvt_pk's saturation),
    // per half: bits 7:0, bits 14:8, bit 15 (set to 1: f1, to 0: f0).
    // perm's forces for a byte of selector `sel`: {to 1, to 0}.
    function automatic [1:0] perm_force(input [7:0] sel, input [3:0] signs);
        reg one;
        begin
            one = sel >= 8'd13 || (sel[7:2] == 6'd2 && signs[sel[1:0]]);
            perm_force = {one, sel >= 8'd8 && !one};
        end
    endfunction
    // cvt_pk's forces for a half from bits 31:15 of its value: {to 1 for bits 14:0, for
    // bit 15; to 0 for bits 14:0, for bit 15}.
    function automatic [3:0] pk_force(input [16:0] v, input sgn);
        reg ovu, ovh, ovl;
        begin
            ovu = !sgn && v[16:1] != 16'd0;
            ovh = sgn && !v[16] && v[15:0] != 16'd0;
            ovl = sgn && v[16] && v[15:0] != 16'hffff;
            pk_force = {ovu || ovh, ovu || ovl, ovl, ovh};
        end
    endfunction
    wire [3:0] psigns = {a[31], a[15], b[31], b[15]};
    wire [1:0] pf0 = perm_force(c[7:0], psigns), pf1 = perm_force(c[15:8], psigns);
    wire [1:0] pf2 = perm_force(c[23:16], psigns), pf3 = perm_force(c[31:24], psigns);
    wire [3:0] kf0 = pk_force(a[31:15], pks), kf1 = pk_force(b[31:15], pks);
    wire [5:0] f1_n = perm ? {pf3[1], pf3[1], pf2[1], pf1[1], pf1[1], pf0[1]}
                    : pk ? {kf1[2], kf1[3], kf1[3], kf0[2], kf0[3], kf0[3]} : 6'd0;
    wire [5:0] f0_n = perm ? {pf3[0], pf3[0], pf2[0], pf1[0], pf1[0], pf0[0]}
                    : pk ? {kf1[0], kf1[1], kf1[1], kf0[0], kf0[1], kf0[1]} : 6'd0;

    // bfe_i's sign: a[offset + width - 1] (a[31] past it: the shift is arithmetic), for a
    // width other than 0.
    wire [5:0] sidx_n = {1'b0, b[4:0]} + {1'b0, c[4:0]} - 6'd1;
    wire       sok_n = bfei && c[4:0] != 5'd0;
    wire [31:0] soh_n = sok_n ? 32'd1 << (sidx_n[5] ? 5'd31 : sidx_n[4:0]) : 32'd0;

    // y: a, or bit-reversed (clz, bfrev), or sign-flipped and reversed (cls).
    wire [31:0] y_n;
    generate
        for (g = 0; g < 32; g = g + 1) begin : ysrc
            assign y_n[g] = yrev ? a[31 - g] ^ (ycls & a[31]) : a[g];
        end
    endgenerate

    // The popcount's source: a & thermometer (bcnt, mbcnt; y for bfrev), or the bits below
    // y's lowest set bit (clz, ctz, cls: their count); y == 0 (clz etc. give -1).
    wire [31:0] pop_n = cz ? ~y_n & (y_n - 32'd1) : y_n & therm_n;
    wire        yzero_n = y_n == 32'd0;

    // a < b on the 64-bit keys (the compares', and min/max/med3's: a 32-bit or narrower
    // operand's high word is 0, so its key orders as its extended value); med3's others on
    // the 33-bit extended operands.
    wire [63:0] flips = {flip63, 29'd0, flip33, 33'd0};
    wire lt_ab_n = (xa_n ^ flips) < (xb_n ^ flips);
    wire lt_ac_n = $signed(xa_n[32:0]) < $signed(xc_n[32:0]);
    wire lt_bc_n = $signed(xb_n[32:0]) < $signed(xc_n[32:0]);

    // R1.
    reg        v1, cin1, mul1, mhi1, wide1, mad1, shop1, bfe1, lshlor1;
    reg        yup1, cmhi1;
    reg [31:0] soh1;   // bfe_i's sign bit of a (one-hot)
    reg [1:0]  cisel1;
    reg        brev1;
    reg [2:0]  ysel1;
    reg [3:0]  tk1, fsel1;
    reg [7:0]  tt1;
    reg [63:0] xa1, xb1;
    reg [64:0] xc1;
    reg        lt_ab1, lt_ac1, lt_bc1;
    reg [33:0] ma1, mb1;
    reg [31:0] fh1, fl1, therm1, pop1;
    reg        yzero1;
    reg [31:0] boh1;   // per output byte, its byte of {H, L} (one-hot)
    reg [2:0]  kbit1;
    reg [1:0]  kbyte1;
    reg [5:0]  f01, f11;
    always @(posedge clk) begin
        v1 <= valid;
        cin1 <= cin;
        mul1 <= mul; mhi1 <= mhi; wide1 <= wide; mad1 <= mad; shop1 <= shop; bfe1 <= bfe;
        lshlor1 <= lshlor; 
        yup1 <= yup; cmhi1 <= cmhi_sh; soh1 <= soh_n;
        brev1 <= brev; cisel1 <= cisel; ysel1 <= ysel; tk1 <= tk; fsel1 <= fsel; tt1 <= tt0;
        xa1 <= xa_n; xb1 <= xb_n; xc1 <= xc_n;
        lt_ab1 <= lt_ab_n; lt_ac1 <= lt_ac_n; lt_bc1 <= lt_bc_n;
        // (Products are 0 for the other operations: A1 passes the logic unit's word.)
        ma1 <= mul ? ma_n : 34'd0;
        mb1 <= mul ? mb_n : 34'd0;
        fh1 <= fh_n; fl1 <= fl_n; therm1 <= therm_n; pop1 <= pop_n; yzero1 <= yzero_n;
        boh1 <= {8'd1 << bsel_n[11:9], 8'd1 << bsel_n[8:6], 8'd1 << bsel_n[5:3],
                 8'd1 << bsel_n[2:0]}; kbit1 <= k_n[2:0]; kbyte1 <= k_n[4:3];
        f01 <= f0_n; f11 <= f1_n;
    end

    // ---------------------------------------------------------------- stage 2
    // The four partial products (one MULT18X18D each).
    wire signed [17:0] ma_lo = {2'b00, ma1[15:0]};
    wire signed [17:0] ma_hi = ma1[33:16];
    wire signed [17:0] mb_lo = {2'b00, mb1[15:0]};
    wire signed [17:0] mb_hi = mb1[33:16];
    wire signed [35:0] p_ll = ma_lo * mb_lo;
    wire signed [35:0] p_lh = ma_lo * mb_hi;
    wire signed [35:0] p_hl = ma_hi * mb_lo;
    wire signed [35:0] p_hh = ma_hi * mb_hi;

    // The funnel: a byte level (a one-hot select per output byte), then the bit amount.
    function automatic [7:0] byte_oh(input [63:0] v, input [7:0] o);
        byte_oh = (v[7:0] & {8{o[0]}}) | (v[15:8] & {8{o[1]}}) | (v[23:16] & {8{o[2]}})
                | (v[31:24] & {8{o[3]}}) | (v[39:32] & {8{o[4]}}) | (v[47:40] & {8{o[5]}})
                | (v[55:48] & {8{o[6]}}) | (v[63:56] & {8{o[7]}});
    endfunction
    wire [63:0] fin = {fh1, fl1};
    reg  [38:0] ft;
    always @* begin
        ft[7:0] = byte_oh(fin, boh1[7:0]);
        ft[15:8] = byte_oh(fin, boh1[15:8]);
        ft[23:16] = byte_oh(fin, boh1[23:16]);
        ft[31:24] = byte_oh(fin, boh1[31:24]);
        case (kbyte1)
            2'd0: ft[38:32] = fin[38:32];
            2'd1: ft[38:32] = fin[46:40];
            2'd2: ft[38:32] = fin[54:48];
            default: ft[38:32] = fin[62:56];
        endcase
    end
    reg  [32:0] fu;
    always @* begin
        case (kbit1[2:1])
            2'd0: fu = ft[32:0];
            2'd1: fu = ft[34:2];
            2'd2: fu = ft[36:4];
            default: fu = ft[38:6];
        endcase
    end
    wire [31:0] sh = kbit1[0] ? fu[32:1] : fu[31:0];

    // The compares' a == b; a + b (add3).
    wire [31:0] ab = xa1[31:0] + xb1[31:0];
    wire eq_n = xa1 == xb1;

    // The logic unit's truth table.
    reg [7:0] tt_n;
    always @* begin
        case (tk1)
            TK_CND: tt_n = cin1 ? T_B : T_A;
            TK_MIN: tt_n = lt_ab1 ? T_A : T_B;
            TK_MAX: tt_n = lt_ab1 ? T_B : T_A;
            TK_MIN3: tt_n = lt_ab1 ? (lt_ac1 ? T_A : T_C) : (lt_bc1 ? T_B : T_C);
            TK_MAX3: tt_n = lt_ab1 ? (lt_bc1 ? T_C : T_B) : (lt_ac1 ? T_C : T_A);
            TK_MED3: tt_n = lt_ab1 ? (!lt_ac1 ? T_A : lt_bc1 ? T_B : T_C)
                                  : (!lt_bc1 ? T_B : lt_ac1 ? T_A : T_C);
            TK_MAXMIN: tt_n = lt_ab1 ? (lt_bc1 ? T_B : T_C) : (lt_ac1 ? T_A : T_C);
            TK_MINMAX: tt_n = lt_ab1 ? (lt_ac1 ? T_C : T_A) : (lt_bc1 ? T_C : T_B);
            TK_CZ: tt_n = yzero1 ? 8'hff : 8'h00;
            default: tt_n = tt1;
        endcase
    end
    wire cnt_n = tk1 == TK_CNT || (tk1 == TK_CZ && !yzero1);

    // The popcount: 4-bit counts, added in pairs (their sum in stage 3).
    wire [23:0] g_n;
    generate
        for (g = 0; g < 8; g = g + 1) begin : popg
            assign g_n[3*g +: 3] = {2'b00, pop1[4*g]} + {2'b00, pop1[4*g + 1]}
                                 + {2'b00, pop1[4*g + 2]} + {2'b00, pop1[4*g + 3]};
        end
    endgenerate

    // Post-funnel keep / set masks, in place of b' and c' for shift operations.
    wire        bsign = (xa1[31:0] & soh1) != 32'd0;
    wire [31:0] keep, set;
    generate
        for (g = 0; g < 32; g = g + 1) begin : post
            localparam integer GR = (g / 16) * 3 + ((g % 16) < 8 ? 0 : (g % 16) < 15 ? 1 : 2);
            assign keep[g] = !f01[GR] && (!bfe1 || therm1[g]) && (!brev1 || pop1[g]);
            assign set[g] = f11[GR] || (bsign && !therm1[g]) || (lshlor1 && xc1[g]);
        end
    endgenerate

    reg [31:0] yv_n;
    always @* begin
        case (ysel1)
            Y_B: yv_n = xb1[31:0];
            Y_NB: yv_n = ~xb1[31:0];
            Y_C: yv_n = xc1[31:0];
            Y_AB: yv_n = ab;
            default: yv_n = 32'd0;
        endcase
    end

    // R2.
    reg        v2, mul2, mhi2, wide2, cnt2, eq2, lt2, yup2, cmhi2;
    reg [1:0]  cisel2;
    reg        cin2;
    reg [3:0]  fsel2;
    reg [7:0]  tt2;
    reg [31:0] xa2;
    reg [31:0] xb2, xc2;
    reg [32:0] cm2;
    reg [31:0] yv2;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [35:0] ll2, lh2, hl2, hh2;
    /* verilator lint_on UNUSEDSIGNAL */
    reg [15:0] g2;
    always @(posedge clk) begin
        v2 <= v1; mul2 <= mul1; mhi2 <= mhi1; wide2 <= wide1; cnt2 <= cnt_n; eq2 <= eq_n;
        lt2 <= lt_ab1; yup2 <= yup1; cmhi2 <= cmhi1;
        cisel2 <= cisel1; cin2 <= cin1; fsel2 <= fsel1; tt2 <= tt_n;
        xa2 <= sh;
        xb2 <= shop1 ? keep : xb1[31:0];
        xc2 <= shop1 ? set : xc1[31:0];
        // A1's second operand above bit 31 (its low word is the logic unit's): mad's c
        // here, shl64's word (the funnel's) in stage 3.
        cm2 <= mad1 ? xc1[64:32] : 33'd0;
        yv2 <= yv_n;
        ll2 <= p_ll; lh2 <= p_lh; hl2 <= p_hl; hh2 <= p_hh;
        g2 <= {{1'b0, g_n[23:21]} + {1'b0, g_n[20:18]}, {1'b0, g_n[17:15]} + {1'b0, g_n[14:12]},
               {1'b0, g_n[11:9]} + {1'b0, g_n[8:6]}, {1'b0, g_n[5:3]} + {1'b0, g_n[2:0]}};
    end

    // ---------------------------------------------------------------- stage 3
    wire [64:0] a1 = {hh2[32:0], ll2[31:0]} + {cmhi2 ? {1'b0, xa2} : cm2, logic3};
    wire [34:0] a2 = lh2[34:0] + hl2[34:0];
    wire [31:0] logic3;
    generate
        for (g = 0; g < 32; g = g + 1) begin : lu
            assign logic3[g] = tt2[{xa2[g], xb2[g], xc2[g]}];
        end
    endgenerate
    wire [4:0] c03 = {1'b0, g2[3:0]} + {1'b0, g2[7:4]}, c47 = {1'b0, g2[11:8]} + {1'b0, g2[15:12]};
    wire [5:0] count = {1'b0, c03} + {1'b0, c47};

    // R3.
    // The flag: the carry at bit 32 or 64, or the compare's (or a constant).
    reg cflag_n;
    always @* begin
        case (fsel2)
            FL_1: cflag_n = 1'b1;
            FL_EQ: cflag_n = eq2;
            FL_NE: cflag_n = !eq2;
            FL_LT: cflag_n = lt2;
            FL_LE: cflag_n = lt2 || eq2;
            FL_GT: cflag_n = !lt2 && !eq2;
            FL_GE: cflag_n = !lt2;
            default: cflag_n = 1'b0;
        endcase
    end
    reg        v3, mhi3, wide3, ci3, fc32_3, fc64_3, cflag3;
    reg [64:0] x3, y3;
    always @(posedge clk) begin
        v3 <= v2; mhi3 <= mhi2; wide3 <= wide2;
        fc32_3 <= fsel2 == FL_C32; fc64_3 <= fsel2 == FL_C64; cflag3 <= cflag_n;
        case (cisel2)
            CI_1: ci3 <= 1'b1;
            CI_CIN: ci3 <= cin2;
            CI_NCIN: ci3 <= !cin2;
            default: ci3 <= 1'b0;
        endcase
        x3 <= a1;
        y3 <= mul2 ? {{14{a2[34]}}, a2, 16'd0}
            : {{33{yup2}}, cnt2 ? {26'd0, count} : yv2};
    end

    // ---------------------------------------------------------------- stage 4
    wire [64:0] sum = x3 + y3 + {64'd0, ci3};
    wire flag_n = fc32_3 ? sum[32] : fc64_3 ? sum[64] : cflag3;
    always @(posedge clk) begin
        valid_out <= v3;
        d <= {wide3 ? sum[63:32] : 32'd0, mhi3 ? sum[63:32] : sum[31:0]};
        flag <= flag_n;
    end
endmodule

`default_nettype wire
