// cu32_fp_lane — one FP32 lane of the compute unit's VALU: the f32 operations of the
// Rust enum `FpOp` (hdl/src/fp_lane/mod.rs) on one lane's S0, S1, S2 (`a`, `b`, `c`), bit
// for bit as the golden model computes them (sim/src/model/valu_float.rs). The operation
// codes are the enum's order, given as `OP_*` localparams by the generated header
// `cu32_fp_ops.vh` (`cu32_hdl::fp_lane::ops_header`): the enum is their only source.
//
// LATENCY = 9: an operation presented with `valid` before a rising edge has `d`, `flag`
// and `valid_out` after the ninth rising edge from then; one operation a cycle, no
// stalls, no reset (`valid_out` is `valid` delayed; every other output a function of the
// inputs).
//
// Inputs beside the operands: the VOP3 input modifiers (`mabs`, then `mneg`, one bit per
// source), the output modifiers (`clamp`, `omod`: 1 is x2, 2 is x4, 3 is x0.5) and MODE's
// fields: `denorm` (FP_DENORM's f32 bits: bit 0 keeps input denormals, bit 1 output
// ones), `ieee` and `dx10` (IEEE_MODE, DX10_CLAMP). Round to nearest even is the only
// round mode: the model stops an instruction that rounds under another (UNSUPPORTED), and
// so must the core. The arithmetic NaN rule is the model's: the first NaN source, quieted;
// an invalid operation gives 0xffc00000.
//
// Three paths share the stages and one output stage:
//
// * The fused multiply-add: fma, add, sub, subrev (S0 * 1.0 + -S1 ...), mul (+ -0), the
//   dx9 forms, ldexp (S0 * 1.0 + -0 with S1 added to the exponent) and cvt_f32_i32/u32
//   (the integer as the addend alone). Its window is 100 bits wide: the product at bits
//   73:26, the addend's significand (32 bits: a float's 24 in 31:8, or an integer)
//   shifted right from bits 99:68, so that unnormalised products (denormal inputs) need
//   no normalisation before the multiplier.
// * The selections (min, max and their three-source forms, med3; the compares and
//   v_cmp_class, whose flag comes from stage 2), five stages by the model's pseudocode.
// * The conversions to integer, the roundings to integral values and frexp, three stages;
//   fract, five.
//   The last two hand their result to the multiply-add's line of special results.
//
// The multiply-add's stages:
//
// * Stage 1 (ports -> R1): the modifiers; each source unpacked (significand with its
//   hidden bit, exponent with denormals at 1, zero after the input denormal mode, inf,
//   NaN); the operands routed to X, Y (the multiplier's, registered before the DSPs) and
//   Z (the addend); eX + eY - 100; the first NaN source, quieted.
// * Stage 2 (R1 -> R2): four partial products of the 24 x 24 significands on MULT18X18D
//   (16 + 8 bits of each operand), registered after; the addend's shift eX + eY - eZ - 100
//   (clamped to 0..100; 0 when the addend is the larger by 2^26 or the product is zero),
//   the exponent B0 a result normalised at bit 99 has; the addend's trailing zeros; the
//   special results (NaN, invalid, infinities, the dx9 zero rule).
// * Stage 3 (R2 -> R3): the product summed from its parts (a carry-save level and one
//   48-bit carry chain); the addend aligned (a 100-bit shifter) and the sticky bit of what
//   it shifted out; the denormal limit as a stopper bit at 100 - B0 for the count of
//   leading zeros.
// * Stage 4 (R3 -> R4): P + Z, or P - Z and Z - P, each a 50-bit carry chain and an
//   upper one for both carries.
// * Stage 5 (R4 -> R5): the non-negative one: the magnitude M and the result's sign;
//   which 16-bit chunks of M (or'ed with the stopper) and of M reversed are nonzero; the
//   conversions' results into the special line (the selections' and fract's at stage 6).
// * Stage 6 (R5 -> R6): leading zeros of M or'ed with the stopper and trailing zeros of
//   M, per 16-bit chunk, and which chunk comes first.
// * Stage 7 (R6 -> R7): the normalising shift by L (the top 25 bits of M << L); the
//   exponent B0 - 1 - L; where the round bit was in M (75 - L).
// * Stage 8 (R7 -> R8): the sticky bit (M's set bits below the round bit, the addend's);
//   rounding to nearest even and packing: {B - 1, fraction} plus the hidden bit, and
//   plus one more, two 31-bit carry chains chosen by the rounding (the hidden bit
//   carries into the exponent field: denormals, and rounding up to the next binade, need
//   nothing else); overflow to infinity; exact zeros' signs; the special results.
// * Stage 9 (R8 -> outputs): OMOD (only with output denormals flushed, outside IEEE mode,
//   not on NaNs), the output denormal mode (float results), clamp to [0, 1] (a NaN to 0
//   under DX10_CLAMP); integer results pass.
//
// In the lane it sits beside cu32_lane (the integer stages, LATENCY 4): both take the same
// operands; the core writes back from the one the operation's unit field names, the FP32
// results five cycles later.
`default_nettype none

module cu32_fp_lane (
    input  wire        clk, valid,
    // The operation, its sources S0, S1, S2 and the VOP3 modifiers.
    input  wire [5:0]  op,
    input  wire [31:0] a, b, c,
    input  wire [2:0]  mneg, mabs,
    input  wire        clamp,
    input  wire [1:0]  omod,
    // MODE: the f32 denormal bits {out, in}, IEEE_MODE, DX10_CLAMP.
    input  wire [1:0]  denorm,
    input  wire        ieee, dx10,
    // The result, LATENCY rising edges later.
    output reg         valid_out, flag,
    output reg  [31:0] d
);
`include "cu32_fp_ops.vh"

    localparam [31:0] QNAN = 32'hffc0_0000;
    localparam [30:0] INF = 31'h7f80_0000;

    // Leading zeros of a 16-bit chunk (15 for 0 and 1 alike).
    // (A chunk's last bit is implied where the others are zero.)
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [3:0] lz16(input [15:0] x);
        reg [1:0] g;
        reg [3:1] n;
        begin
            g = x[15:12] != 4'd0 ? 2'd0 : x[11:8] != 4'd0 ? 2'd1 : x[7:4] != 4'd0 ? 2'd2
                : 2'd3;
            case (g)
                2'd0: n = x[15:13];
                2'd1: n = x[11:9];
                2'd2: n = x[7:5];
                default: n = x[3:1];
            endcase
            lz16 = {g, n[3] ? 2'd0 : n[2] ? 2'd1 : n[1] ? 2'd2 : 2'd3};
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // ---------------------------------------------------------------- stage 1
    // The modifiers touch the sign bit only: abs clears it, then neg flips it.
    wire [31:0] am = {(a[31] & ~mabs[0]) ^ mneg[0], a[30:0]};
    wire [31:0] bm = {(b[31] & ~mabs[1]) ^ mneg[1], b[30:0]};
    wire [31:0] cm = {(c[31] & ~mabs[2]) ^ mneg[2], c[30:0]};

    // An unpacked source: {sign, exponent (denormals 1), significand, zero, inf, NaN}.
    function automatic [35:0] unpack(input [31:0] x, input keep);
        reg ez, emax, fz;
        begin
            ez = x[30:23] == 8'd0;
            emax = &x[30:23];
            fz = x[22:0] == 23'd0;
            unpack = {x[31], ez ? 8'd1 : x[30:23],
                      ez ? (keep ? {1'b0, x[22:0]} : 24'd0) : {1'b1, x[22:0]},
                      ez & (fz | ~keep), emax & fz, emax & ~fz};
        end
    endfunction
    localparam [35:0] U_ONE = {1'b0, 8'd127, 24'h80_0000, 3'b000};
    localparam [35:0] U_NZERO = {1'b1, 8'd1, 24'd0, 3'b100};

    // Decode: X is S0 (S1 for subrev), Y S1 or 1.0, Z S2, S1, S0 or -0 (negated for the
    // subtracts); S2 is a NaN source of the three-operand forms.
    localparam [1:0] ZS_C = 2'd0, ZS_B = 2'd1, ZS_A = 2'd2, ZS_ZERO = 2'd3;
    // The selections: sel (min/max family), max1 (the first step, on S0 and S1, is a
    // max), two (a second step, on its result and S2), max2, med3; cmp with its truth
    // table pred (bit 0 less, 1 equal, 2 greater, 3 unordered), cls (v_cmp_class).
    reg       x_b, y_one, z_neg, nan_c, dx9;
    reg [1:0] zsel;
    reg       sel, max1, two, max2, med3, cmp, cls;
    reg [3:0] pred;
    // The conversions and roundings: cvt (an integer S0 as the addend alone; ints: signed),
    // ldx (ldexp: S1 added to the exponent), misc (a result of the conversion stages: toi
    // float to integer, rnd with its kind rk (trunc, floor, ceil, rndne), fxm frexp_mant,
    // else frexp_exp), frc (fract), raw (an integer result: no clamp, no OMOD), nan_a,
    // nan_b (S0, S1 are NaN sources).
    reg       x_zero, cvt, ints, ldx, misc, toi, rnd, fxm, raw, nan_a, nan_b, frc;
    reg [1:0] rk;
    always @* begin
        x_b = 1'b0; y_one = 1'b0; z_neg = 1'b0; nan_c = 1'b0; dx9 = 1'b0; zsel = ZS_C;
        sel = 1'b0; max1 = 1'b0; two = 1'b0; max2 = 1'b0; med3 = 1'b0;
        cmp = 1'b0; cls = 1'b0; pred = 4'd0;
        x_zero = 1'b0; cvt = 1'b0; ints = 1'b0; ldx = 1'b0; misc = 1'b0; toi = 1'b0; frc = 1'b0;
        rnd = 1'b0; fxm = 1'b0; raw = 1'b0; nan_a = 1'b1; nan_b = 1'b1; rk = 2'd0;
        case (op)
            OP_FMA: nan_c = 1'b1;
            OP_FMA_DX9: begin nan_c = 1'b1; dx9 = 1'b1; end
            OP_ADD: begin y_one = 1'b1; zsel = ZS_B; end
            OP_SUB: begin y_one = 1'b1; zsel = ZS_B; z_neg = 1'b1; end
            OP_SUBREV: begin x_b = 1'b1; y_one = 1'b1; zsel = ZS_A; z_neg = 1'b1; end
            OP_MUL: zsel = ZS_ZERO;
            OP_MUL_DX9: begin zsel = ZS_ZERO; dx9 = 1'b1; end
            OP_MIN: sel = 1'b1;
            OP_MAX: begin sel = 1'b1; max1 = 1'b1; end
            OP_MIN3: begin sel = 1'b1; two = 1'b1; end
            OP_MAX3: begin sel = 1'b1; max1 = 1'b1; two = 1'b1; max2 = 1'b1; end
            OP_MIN_MAX: begin sel = 1'b1; two = 1'b1; max2 = 1'b1; end
            OP_MAX_MIN: begin sel = 1'b1; max1 = 1'b1; two = 1'b1; end
            OP_MED3: begin sel = 1'b1; two = 1'b1; med3 = 1'b1; end
            OP_CMP_F: cmp = 1'b1;
            OP_CMP_LT: begin cmp = 1'b1; pred = 4'd1; end
            OP_CMP_EQ: begin cmp = 1'b1; pred = 4'd2; end
            OP_CMP_LE: begin cmp = 1'b1; pred = 4'd3; end
            OP_CMP_GT: begin cmp = 1'b1; pred = 4'd4; end
            OP_CMP_LG: begin cmp = 1'b1; pred = 4'd5; end
            OP_CMP_GE: begin cmp = 1'b1; pred = 4'd6; end
            OP_CMP_O: begin cmp = 1'b1; pred = 4'd7; end
            OP_CMP_U: begin cmp = 1'b1; pred = 4'd8; end
            OP_CMP_NGE: begin cmp = 1'b1; pred = 4'd9; end
            OP_CMP_NLG: begin cmp = 1'b1; pred = 4'd10; end
            OP_CMP_NGT: begin cmp = 1'b1; pred = 4'd11; end
            OP_CMP_NLE: begin cmp = 1'b1; pred = 4'd12; end
            OP_CMP_NEQ: begin cmp = 1'b1; pred = 4'd13; end
            OP_CMP_NLT: begin cmp = 1'b1; pred = 4'd14; end
            OP_CMP_T: begin cmp = 1'b1; pred = 4'd15; end
            OP_CLASS: cls = 1'b1;
            OP_CVT_F32_I32, OP_CVT_F32_U32: begin
                x_zero = 1'b1; y_one = 1'b1; cvt = 1'b1; ints = op == OP_CVT_F32_I32;
                nan_a = 1'b0; nan_b = 1'b0;
            end
            OP_LDEXP: begin y_one = 1'b1; zsel = ZS_ZERO; ldx = 1'b1; nan_b = 1'b0; end
            OP_CVT_I32_F32, OP_CVT_U32_F32: begin
                misc = 1'b1; toi = 1'b1; raw = 1'b1; ints = op == OP_CVT_I32_F32;
            end
            OP_TRUNC: begin misc = 1'b1; rnd = 1'b1; end
            OP_FLOOR: begin misc = 1'b1; rnd = 1'b1; rk = 2'd1; end
            OP_CEIL: begin misc = 1'b1; rnd = 1'b1; rk = 2'd2; end
            OP_RNDNE: begin misc = 1'b1; rnd = 1'b1; rk = 2'd3; end
            OP_FREXP_MANT: begin misc = 1'b1; fxm = 1'b1; end
            OP_FREXP_EXP: begin misc = 1'b1; raw = 1'b1; end
            OP_FRACT: frc = 1'b1;
            default: ;
        endcase
    end

    wire [35:0] ua = unpack(am, denorm[0]);
    wire [35:0] ub = unpack(bm, denorm[0]);
    wire [35:0] uc = unpack(cm, denorm[0]);
    // (Their NaN bits are read from the sources.)
    wire [35:1] ux = x_zero ? 35'd0 : x_b ? ub[35:1] : ua[35:1];
    wire [35:1] uy = y_one ? U_ONE[35:1] : ub[35:1];
    wire [35:1] uz0 = zsel == ZS_C ? uc[35:1] : zsel == ZS_B ? ub[35:1]
                    : zsel == ZS_A ? ua[35:1] : U_NZERO[35:1];
    wire [35:1] uz = {uz0[35] ^ z_neg, uz0[34:1]};
    // The exponent window bit 99 has (biased) when the product places it, and that less
    // 101 (for the addend's shift: eX + eY - 100 - eZ, and whether it passes 100).
    // (X zero for the conversions: its exponent is not read.) ldexp's S1 clamped to
    // -512..511 (beyond, every result overflows or is below half the smallest denormal).
    wire [10:0] ldn = b[31] ? (&b[30:9] ? b[10:0] : 11'h600) : (|b[30:9] ? 11'h1ff : b[10:0]);
    wire [10:0] b0p_n = {3'd0, ux[34:27]} + {3'd0, uy[34:27]} - 11'd100
                        + (ldx ? ldn : 11'd0);
    wire        nan_n = (nan_a & ua[0]) | (nan_b & ub[0]) | (nan_c & uc[0]);
    // An integer S0 (the conversions to f32): its magnitude as the addend's significand.
    wire        ineg = ints & a[31];
    wire [31:0] imag = ineg ? -a : a;
    // The sources after the input denormal mode (for the selections and compares).
    function automatic [31:0] flushed(input [31:0] x, input keep);
        flushed = (~keep & x[30:23] == 8'd0) ? {x[31], 31'd0} : x;
    endfunction
    // A float's order key: unsigned compares of keys order non-NaNs, with -0 < +0.
    function automatic [31:0] okey(input [31:0] x);
        okey = x[31] ? ~x : {1'b1, x[30:0]};
    endfunction
    // v_cmp_class: S1's bit for S0's class (S0 as the modifiers leave it, not flushed).
    wire        a_zexp = am[30:23] == 8'd0, a_fz = am[22:0] == 23'd0;
    wire [3:0]  cls_bit = &am[30:23] ? (a_fz ? (am[31] ? 4'd2 : 4'd9) : {3'd0, am[22]})
                        : ~a_zexp ? (am[31] ? 4'd3 : 4'd8)
                        : ~a_fz ? (am[31] ? 4'd4 : 4'd7) : (am[31] ? 4'd5 : 4'd6);
    wire        cls_n = cls & bm[{1'b0, cls_bit}];
    wire [31:0] nanv_n = (ua[0] ? am : ub[0] ? bm : cm) | 32'h0040_0000;

    reg        dx9_1, fma1, nan1;
    reg [31:0] nanv1;
    reg [10:0] b0p1, b0q1, b0r1;
    reg [6:0]  b0s1;
    reg        b0in1, b0le1;
    reg [23:0] mx1, my1;
    reg [31:0] mz1;
    reg [7:0]  ez1;
    reg        sx1, sy1, sz1, zx1, zy1, zz1, ix1, iy1, iz1;
    // Carried from stage to stage: {valid, the output stage's controls: float result,
    // clamp, omod, output denormals, ieee, dx10} (cw[k] after rising edge k), and from
    // stage 2 the special result {special, value} (sw[k]).
    reg [7:0]  cw [1:8];
    reg [32:0] sw [3:7];
    reg        fw [2:8];
    integer st;
    always @(posedge clk) begin
        cw[1] <= {valid, ~sel & ~cmp & ~cls & ~raw, clamp & ~raw, omod & {2{~raw}},
                  denorm[1], ieee, dx10};
        for (st = 2; st <= 8; st = st + 1) cw[st] <= cw[st - 1];
        sw[4] <= sw[3];
        sw[7] <= sw[6];
        for (st = 3; st <= 8; st = st + 1) fw[st] <= fw[st - 1];
    end
    always @(posedge clk) begin
        dx9_1 <= dx9; fma1 <= nan_c; nan1 <= nan_n; nanv1 <= nanv_n;
        b0p1 <= b0p_n; b0q1 <= b0p_n - 11'd101; b0r1 <= b0p_n - 11'd69;
        // For the stopper (B0 from the product): 100 - B0, B0 in 1..100, B0 <= 0.
        b0s1 <= 7'd100 - b0p_n[6:0];
        b0in1 <= ~b0p_n[10] & b0p_n != 11'd0 & b0p_n <= 11'd100;
        b0le1 <= b0p_n[10] | b0p_n == 11'd0;
        {sx1, mx1, zx1, ix1} <= {ux[35], ux[26:1]};
        {sy1, my1, zy1, iy1} <= {uy[35], uy[26:1]};
        // The addend's significand in bits 31:8 (a float's) or 31:0 (an integer's).
        if (cvt) begin
            sz1 <= ineg; ez1 <= 8'd158; mz1 <= imag; zz1 <= a == 32'd0; iz1 <= 1'b0;
        end else begin
            {sz1, ez1} <= uz[35:27]; mz1 <= {uz[26:3], 8'd0}; {zz1, iz1} <= uz[2:1];
        end
    end

    reg [31:0] af1, bf1, cf1;
    reg        an1, bn1, cn1;
    reg [31:0] ka1, kb1, kc1;
    reg        sel1, max1_1, two1, max2_1, med1, cmp1, cls1;
    reg [3:0]  pred1;
    reg        misc1, toi1, ints1, rnd1, fxm1, frc1;
    reg [1:0]  rk1;
    always @(posedge clk) begin
        af1 <= flushed(am, denorm[0]); bf1 <= flushed(bm, denorm[0]);
        an1 <= ua[0]; bn1 <= ub[0]; cn1 <= uc[0];
        ka1 <= okey(flushed(am, denorm[0])); kb1 <= okey(flushed(bm, denorm[0]));
        kc1 <= okey(flushed(cm, denorm[0]));
        cf1 <= flushed(cm, denorm[0]);
        sel1 <= sel | cmp | cls; max1_1 <= max1; two1 <= two; max2_1 <= max2; med1 <= med3;
        cmp1 <= cmp; cls1 <= cls_n; pred1 <= pred;
        misc1 <= misc; toi1 <= toi; ints1 <= ints; rnd1 <= rnd; fxm1 <= fxm;
        frc1 <= frc;
        rk1 <= rk;
    end

    // ---------------------------------------------------------------- selections
    // Beside the fused multiply-add, five stages of the min/max family (by the model's
    // pseudocode: a NaN loses to a number, a signalling NaN wins quieted in IEEE mode,
    // -0 < +0), their result handed to the special line at stage 6; the compares' flag
    // from stage 2 (S0 against S1: less, equal with -0 == +0, greater, unordered).
    // min or max given first (whether x is the one chosen between two numbers): {y
    // chosen, quieted}; xq, yq: the quiet bits.
    function automatic [1:0] choose(input xq, input yq, input xn, input yn, input first,
                                    input ie);
        begin
            if (ie & xn & ~xq) choose = 2'b01;
            else if (ie & yn & ~yq) choose = 2'b11;
            else if (yn) choose = 2'b00;
            else if (xn) choose = 2'b10;
            else choose = {~first, 1'b0};
        end
    endfunction
    function automatic [31:0] pick(input [31:0] x, input [31:0] y, input xn, input yn,
                                   input first, input ie);
        reg [1:0] ch;
        begin
            ch = choose(x[22], y[22], xn, yn, first, ie);
            pick = (ch[1] ? y : x) | {9'd0, ch[0], 22'd0};
        end
    endfunction
    // Value equality (+0 == -0) of non-NaNs.
    function automatic veq(input [31:0] x, input [31:0] y);
        veq = (x == y) | ((x[30:0] == 31'd0) & (y[30:0] == 31'd0));
    endfunction

    // Q1: the first step; med3 without NaNs takes the largest (max, max), then the larger
    // of the two sources other than the one it equals; with a NaN min(min(a, b), c).
    wire       anynan = an1 | bn1 | cn1;
    wire       mednn = med1 & ~anynan;
    // (The sources' order keys are registered, and the chosen one's with it: every
    // compare runs its carry chain straight from flip-flops. A NaN's key is not read.)
    wire       ab_lt = ka1 < kb1, ab_gt = kb1 < ka1;
    wire       first1 = (max1_1 | mednn) ? ab_gt : ab_lt;
    wire [31:0] u_n = pick(af1, bf1, an1, bn1, first1, cw[1][1]);
    // (The quiet bit of the choice is not read.)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [1:0]  uch = choose(af1[22], bf1[22], an1, bn1, first1, cw[1][1]);
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0] uk_n = uch[1] ? kb1 : ka1;
    // Whether u is a NaN: a signalling NaN won (IEEE), or both are NaNs.
    wire       un_n = (cw[1][1] & ((an1 & ~af1[22]) | (bn1 & ~bf1[22]))) | (an1 & bn1);
    wire       unord = an1 | bn1;
    wire       eq_n = veq(af1, bf1);
    wire       lt_n = ~eq_n & ab_lt;
    wire       cmp_n = unord ? pred1[3] : eq_n ? pred1[1] : lt_n ? pred1[0] : pred1[2];
    reg [31:0] u2, a2, b2, c2, uk2, ka2, kb2, kc2;
    reg        sel2, two2, max2_2, mednn2, zero2, un2, cn2;
    always @(posedge clk) begin
        u2 <= u_n; a2 <= af1; b2 <= bf1; c2 <= cf1; un2 <= un_n; cn2 <= cn1;
        uk2 <= uk_n; ka2 <= ka1; kb2 <= kb1; kc2 <= kc1;
        sel2 <= sel1; two2 <= two1; max2_2 <= max2_1 | mednn; mednn2 <= mednn;
        zero2 <= cmp1 | cls1;
        fw[2] <= (cmp1 & cmp_n) | cls1;
    end
    // Q2: the second step.
    wire       first2 = max2_2 ? kc2 < uk2 : uk2 < kc2;
    wire [31:0] v_n = two2 ? pick(u2, c2, un2, cn2, first2, cw[2][1]) : u2;
    reg [31:0] v3, a3, b3, c3, ka3, kb3, kc3;
    reg        sel3, mednn3;
    always @(posedge clk) begin
        v3 <= zero2 ? 32'd0 : v_n; a3 <= a2; b3 <= b2; c3 <= c2;
        ka3 <= ka2; kb3 <= kb2; kc3 <= kc2;
        sel3 <= sel2; mednn3 <= mednn2;
    end
    // Q3: med3: the larger of the two sources other than the one the largest equals.
    // (No NaNs here.)
    wire [31:0] mbc = pick(b3, c3, 1'b0, 1'b0, kc3 < kb3, cw[3][1]);
    wire [31:0] mac = pick(a3, c3, 1'b0, 1'b0, kc3 < ka3, cw[3][1]);
    wire [31:0] mab = pick(a3, b3, 1'b0, 1'b0, kb3 < ka3, cw[3][1]);
    reg [31:0] v4, mbc4, mac4, mab4;
    reg        sel4, mednn4, eqa4, eqb4;
    always @(posedge clk) begin
        v4 <= v3; mbc4 <= mbc; mac4 <= mac; mab4 <= mab;
        eqa4 <= veq(v3, a3); eqb4 <= veq(v3, b3);
        sel4 <= sel3; mednn4 <= mednn3;
    end
    // Q4: the choice; Q5: into the special line at stage 6.
    reg [31:0] v5;
    reg        sel5;
    always @(posedge clk) begin
        if (!mednn4) v5 <= v4;
        else if (eqa4) v5 <= mbc4;
        else if (eqb4) v5 <= mac4;
        else v5 <= mab4;
        sel5 <= sel4;
    end
    // The conversions' results into the special line at stage 5.
    always @(posedge clk) sw[5] <= misc4 ? {1'b1, r4} : sw[4];

    // ---------------------------------------------------------------- conversions
    // Beside them, three stages for the float-to-integer conversions (truncating,
    // saturating, NaN to 0), the roundings to integral values and frexp, on S0 after the
    // input denormal mode.
    // C1: the exponent's distances: 158 - e (the integer's right shift of {1, f, 8'b0}),
    // 150 - e (the fraction bits below the integer's units); the fraction's leading zeros
    // (a denormal's frexp).
    wire [4:0]  xe1 = af1[27:23];
    wire [22:0] xf1 = af1[22:0];
    wire [4:0]  lzf1 = xf1[22:7] != 16'd0 ? {1'b0, lz16(xf1[22:7])}
                     : {1'b1, lz16({xf1[6:0], 9'd0})};
    reg [31:0] x2;
    reg [4:0]  rsh2, k2, fsh, ftz2;
    reg [23:0] fm2;
    // fract: |S0|'s significand (denormals without the hidden bit) and its trailing zeros
    // (24 for zero), as leading zeros of it reversed.
    wire [23:0] fm1 = {af1[30:23] != 8'd0, af1[22:0]};
    reg  [23:0] fmr1;
    integer kf;
    always @* for (kf = 0; kf < 24; kf = kf + 1) fmr1[kf] = fm1[23 - kf];
    wire [4:0]  ftz1 = fm1 == 24'd0 ? 5'd24 : fmr1[23:8] != 16'd0 ? {1'b0, lz16(fmr1[23:8])}
                     : {1'b1, lz16({fmr1[7:0], 8'd0})};
    reg [4:0]  lzf2;
    reg        ge150_2, lt127_2, is126_2, sat_2, nan_2, zero_2, emax_2, den_2, fnz_2;
    reg [31:0] fxe_2;
    reg        misc2, toi2, ints2, rnd2, fxm2, frc2;
    reg [1:0]  rk2;
    always @(posedge clk) begin
        // (Read only where they are 0..31 and 1..23.)
        x2 <= af1; rsh2 <= 5'd30 - xe1; k2 <= 5'd22 - xe1; lzf2 <= lzf1;
        ge150_2 <= af1[30:23] >= 8'd150; lt127_2 <= af1[30:23] < 8'd127;
        is126_2 <= af1[30:23] == 8'd126;
        // Beyond the integer's range: e > 158, or 158 signed (-2^31 saturates to itself).
        sat_2 <= af1[30:23] > 8'd158 | (ints1 & af1[30:23] == 8'd158);
        nan_2 <= an1; zero_2 <= af1[30:0] == 31'd0; emax_2 <= &af1[30:23];
        den_2 <= af1[30:23] == 8'd0; fnz_2 <= af1[22:0] != 23'd0;
        // frexp's exponent of a normal: e - 126.
        fxe_2 <= {24'd0, af1[30:23]} - 32'd126;
        // fract's shift of |S0| * 2^24 (at most 25: all below the round bit).
        // (126 - e, whose low bits are 30 - e's; denormals as e = 1.)
        fsh <= af1[30:23] < 8'd101 ? 5'd25 : 5'd30 - xe1;
        fm2 <= fm1; ftz2 <= ftz1;
        misc2 <= misc1; toi2 <= toi1; ints2 <= ints1; rnd2 <= rnd1; fxm2 <= fxm1;
        rk2 <= rk1; frc2 <= frc1;
    end
    // C2: the integer's magnitude; the rounding's truncated bits and increment (units
    // 2^k in the magnitude's bits: a carry runs into the exponent); frexp.
    wire        s2s = x2[31];
    wire [31:0] mag_n = {1'b1, x2[22:0], 8'd0} >> rsh2;
    wire [23:0] m24 = {1'b1, x2[22:0]};
    wire [23:0] fmask = ~(24'hff_ffff << k2);
    wire        frnz = (m24 & fmask) != 24'd0;
    wire        rbit = m24[k2 - 5'd1];
    wire        sbit = (m24 & (fmask >> 1)) != 24'd0;
    wire        lbit = m24[k2];
    reg         rinc;
    always @* begin
        case (rk2)
            2'd0: rinc = 1'b0;
            2'd1: rinc = s2s & frnz;
            2'd2: rinc = ~s2s & frnz;
            default: rinc = rbit & (sbit | lbit);
        endcase
    end
    // Below 1 (e < 127), the roundings give +-0 or +-1.
    reg  [31:0] small_n;
    always @* begin
        case (rk2)
            2'd1: small_n = (s2s & ~zero_2) ? 32'hbf80_0000 : {s2s, 31'd0};
            2'd2: small_n = (~s2s & ~zero_2) ? 32'h3f80_0000 : {s2s, 31'd0};
            2'd3: small_n = (is126_2 & fnz_2) ? {s2s, 31'h3f80_0000} : {s2s, 31'd0};
            default: small_n = {s2s, 31'd0};
        endcase
    end
    wire [22:0] fxf = {x2[21:0], 1'b0} << lzf2;
    // Each kind's result beside the others: the roundings', frexp_mant's, frexp_exp's.
    wire [31:0] rq = nan_2 ? x2 | 32'h0040_0000 : ge150_2 ? x2 : lt127_2 ? small_n
                   : {x2[31:23], x2[22:0] & ~fmask[22:0]};
    wire [31:0] mq = (emax_2 | zero_2) ? x2 : {s2s, 8'd126, den_2 ? fxf : x2[22:0]};
    // (A denormal's: -126 - lz, in -148..-126.)
    wire [31:0] eq = (emax_2 | zero_2) ? 32'd0
                   : den_2 ? {24'hff_ffff, 8'd130 - {3'd0, lzf2}} : fxe_2;
    reg  [31:0] q3, mag3, i3;
    reg         qsel3, inc3, neg3, sat3, zero3, misc3, toi3, ints3;
    always @(posedge clk) begin
        misc3 <= misc2; toi3 <= toi2; ints3 <= ints2;
        // The integer: its magnitude, 0 (NaN, below 1, negative unsigned), saturated.
        mag3 <= mag_n;
        zero3 <= nan_2 | lt127_2 | (~ints2 & s2s);
        sat3 <= sat_2;
        neg3 <= ints2 & s2s;
        // The rounding: truncated bits plus (inc3) 2^k; or a result as it is (qsel3).
        i3 <= {8'd0, 24'd1 << k2};
        inc3 <= rinc;
        qsel3 <= ~rnd2 | nan_2 | ge150_2 | lt127_2;
        q3 <= rnd2 ? rq : fxm2 ? mq : eq;
    end
    // C3: the sum, the negation, the saturation.
    reg  [31:0] r4;
    reg         misc4;
    always @(posedge clk) begin
        misc4 <= misc3;
        if (toi3) begin
            if (zero3) r4 <= 32'd0;
            else if (sat3) r4 <= neg3 ? 32'h8000_0000 : ints3 ? 32'h7fff_ffff : 32'hffff_ffff;
            else r4 <= neg3 ? -mag3 : mag3;
        end
        else if (qsel3) r4 <= q3;
        else r4 <= q3 + (inc3 ? i3 : 32'd0);
    end

    // fract (S0 - floor(S0), below 1.0) in five stages: the result is N * 2^-k for an
    // integer N below 2^24, normalised: the fraction bits F (k = 150 - e of them) for
    // S0 >= 1, 2^k - F for S0 <= -1, S0 itself in 0 < S0 < 1, and for -1 < S0 < 0 the
    // difference 1 - |S0| (2^24 - |S0| * 2^24, the latter rounded to nearest even where
    // |S0| < 0.5, 1.0 becoming 0x3f7fffff); +0 for integral values, a NaN for infinities.
    // F2: the fraction bits; |S0| * 2^24 shifted right by 126 - e (denormals as e = 1)
    // with its rounding increment.
    // (Its sticky bits: set bits below bit fsh - 1 of the significand.)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [48:0] fq = {fm2, 25'd0} >> fsh;
    /* verilator lint_on UNUSEDSIGNAL */
    wire        fqinc = fq[24] & (({1'b0, ftz2} + 6'd1 < {1'b0, fsh}) | fq[25]);
    reg  [23:0] ff3, fq3;
    reg  [4:0]  fk3;
    reg         fqi3, frc3, fneg3, fnan3, finf3, fint3, fsmall3, fhalf3, fzero3;
    reg  [31:0] fx3;
    always @(posedge clk) begin
        ff3 <= m24 & fmask; fq3 <= fq[48:25]; fqi3 <= fqinc; fk3 <= k2;
        frc3 <= frc2; fx3 <= x2; fneg3 <= s2s;
        fnan3 <= nan_2; finf3 <= emax_2 & ~fnz_2;
        fint3 <= ge150_2; fsmall3 <= lt127_2 & ~is126_2; fhalf3 <= is126_2;
        fzero3 <= zero_2;
    end
    // F3: N.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [24:0] f2k = 25'd1 << fk3;
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [23:0] fn4;
    reg  [4:0]  fk4;
    reg         frc4;
    reg  [31:0] fsp4;
    reg         fspec4;
    always @(posedge clk) begin
        frc4 <= frc3; fk4 <= fk3; fspec4 <= 1'b1;
        if (fnan3) fsp4 <= fx3 | 32'h0040_0000;
        else if (finf3) fsp4 <= QNAN;
        else if (fint3 | fzero3 | (~fsmall3 & ~fhalf3 & ff3 == 24'd0)) fsp4 <= 32'd0;
        else if (~fneg3 & (fsmall3 | fhalf3)) fsp4 <= fx3;
        else if (fsmall3 & fq3 == 24'd0 & ~fqi3) fsp4 <= 32'h3f7f_ffff;
        else begin
            fspec4 <= 1'b0;
            fsp4 <= 32'd0;
        end
        if (fsmall3) begin
            fn4 <= ~fq3 + {23'd0, ~fqi3};
            fk4 <= 5'd24;
        end else if (fhalf3) begin
            fn4 <= 24'd0 - {fx3[30:23] != 8'd0, fx3[22:0]};
            fk4 <= 5'd24;
        end else fn4 <= fneg3 ? f2k[23:0] - ff3 : ff3;
    end
    // F4: N's leading zeros (as a 24-bit number; N is never 0 here).
    wire [4:0]  fnl = fn4[23:8] != 16'd0 ? {1'b0, lz16(fn4[23:8])}
                    : {1'b1, lz16({fn4[7:0], 8'd0})};
    reg  [23:0] fn5;
    reg  [4:0]  fk5, fl5;
    reg         frc5, fspec5;
    reg  [31:0] fsp5;
    always @(posedge clk) begin
        fn5 <= fn4; fk5 <= fk4; fl5 <= fnl; frc5 <= frc4; fspec5 <= fspec4;
        fsp5 <= fsp4;
    end
    // F5: normalised: exponent 150 - lz - k, fraction N << lz without its top bit; into
    // the special line.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [23:0] fnn = fn5 << fl5;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]  fex = 8'd150 - {3'd0, fl5} - {3'd0, fk5};
    always @(posedge clk)
        sw[6] <= sel5 ? {1'b1, v5} : !frc5 ? sw[5] : fspec5 ? {1'b1, fsp5}
               : {1'b1, 1'b0, fex, fnn[22:0]};

    // ---------------------------------------------------------------- stage 2
    // The four partial products (one MULT18X18D each; their top bits are zeros).
    wire signed [17:0] mx_lo = {2'b00, mx1[15:0]};
    wire signed [17:0] mx_hi = {10'd0, mx1[23:16]};
    wire signed [17:0] my_lo = {2'b00, my1[15:0]};
    wire signed [17:0] my_hi = {10'd0, my1[23:16]};
    /* verilator lint_off UNUSEDSIGNAL */
    wire signed [35:0] p_ll = mx_lo * my_lo;
    wire signed [35:0] p_lh = mx_lo * my_hi;
    wire signed [35:0] p_hl = mx_hi * my_lo;
    wire signed [35:0] p_hh = mx_hi * my_hi;
    /* verilator lint_on UNUSEDSIGNAL */

    // The addend's shift and the exponent of window bit 99 (biased), from the product's
    // exponents; 11-bit two's complement.
    // (Only their signs and sh's low bits are read.)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [10:0] sh = b0p1 - {3'd0, ez1};
    wire [10:0] sh_101 = b0q1 - {3'd0, ez1};
    wire [10:0] sh_69 = b0r1 - {3'd0, ez1};
    /* verilator lint_on UNUSEDSIGNAL */
    wire        pzero = zx1 | zy1;
    // The addend's place is the reference when the product is zero or far below it.
    wire        zref = pzero | (~zz1 & sh[10]);
    wire [6:0]  shc = zref ? 7'd0 : (~sh_101[10] ? 7'd100 : sh[6:0]);
    wire [10:0] b0_n = zref ? {3'd0, ez1} : b0p1;
    // Set bits of the addend fall below bit 0 when shc > tz + 68: shc - 69 (at most 31)
    // against its trailing zeros tz, where shc >= 69.
    wire        zpos = ~zref & ~zz1 & (~sh_101[10] | ~sh_69[10]);
    wire [4:0]  zthr = ~sh_101[10] ? 5'd31 : sh_69[4:0];
    // The stopper's place 100 - B0, where 1 <= B0 <= 100 (with the addend's place as the
    // reference B0 = eZ >= 1); tiny: B0 < 1.
    wire [6:0]  stop_at_n = zref ? 7'd100 - ez1[6:0] : b0s1;
    wire        stop_ok_n = zref ? ez1 <= 8'd100 : b0in1;
    wire        tiny_n = ~zref & b0le1;
    // Trailing zeros of the addend's significand (31 for 0 and 2^31 alike: the sticky
    // test needs no more), as leading zeros of it reversed.
    reg  [31:0] mzr;
    integer k;
    always @* for (k = 0; k < 32; k = k + 1) mzr[k] = mz1[31 - k];
    wire [4:0]  tzz = mzr[31:16] != 16'd0 ? {1'b0, lz16(mzr[31:16])} : {1'b1, lz16(mzr[15:0])};

    // Special results: the dx9 rule (a zero factor gives +0, or S2 for the fma), the first
    // NaN, an invalid operation, an infinity.
    wire        sp_n = sx1 ^ sy1;
    wire        inv = (ix1 & zy1) | (zx1 & iy1) | ((ix1 | iy1) & iz1 & (sp_n ^ sz1));
    wire [31:0] zval = {sz1, mz1[31] ? ez1 : 8'd0, mz1[30:8]};
    reg         spec_n;
    reg  [31:0] specv_n;
    always @* begin
        spec_n = 1'b1;
        if (dx9_1 & pzero) specv_n = fma1 ? zval : 32'd0;
        else if (nan1) specv_n = nanv1;
        else if (inv) specv_n = QNAN;
        else if (ix1 | iy1) specv_n = {sp_n, INF};
        else if (iz1) specv_n = {sz1, INF};
        else begin
            spec_n = 1'b0;
            specv_n = 32'd0;
        end
    end

    reg        spec2, sp2, sub2, pz2, zz2;
    reg [31:0] specv2;
    reg [31:0] ll2;
    reg [23:0] lh2, hl2;
    reg [15:0] hh2;
    reg [31:0] mz2;
    reg [6:0]  shc2;
    reg [10:0] b02;
    reg [4:0]  tzz2, zthr2;
    reg [6:0]  stop_at2;
    reg        zpos2, stop_ok2, tiny2;
    always @(posedge clk) begin
        spec2 <= spec_n; specv2 <= specv_n;
        sp2 <= sp_n; sub2 <= sp_n ^ sz1; pz2 <= pzero; zz2 <= zz1;
        ll2 <= p_ll[31:0]; lh2 <= p_lh[23:0]; hl2 <= p_hl[23:0]; hh2 <= p_hh[15:0];
        mz2 <= mz1; shc2 <= shc; b02 <= b0_n; tzz2 <= tzz;
        zpos2 <= zpos; zthr2 <= zthr; stop_at2 <= stop_at_n; stop_ok2 <= stop_ok_n;
        tiny2 <= tiny_n;
    end

    // ---------------------------------------------------------------- stage 3
    // The product: {HH, LL} + LH << 16 + HL << 16 through one carry-save level.
    wire [47:0] t1 = {hh2, ll2};
    wire [47:0] t2 = {8'd0, lh2, 16'd0};
    wire [47:0] t3 = {8'd0, hl2, 16'd0};
    wire [47:0] cs_s = t1 ^ t2 ^ t3;
    wire [47:0] cs_c = {(t1[46:0] & t2[46:0]) | (t1[46:0] & t3[46:0]) | (t2[46:0] & t3[46:0]),
                        1'b0};
    wire [47:0] prod = cs_s + cs_c;
    // The addend aligned, and whether set bits of it fell below bit 0.
    wire [99:0] zal = {mz2, 68'd0} >> shc2;
    wire        zst = zpos2 & (zthr2 >= tzz2);
    // B0 - 1 is the largest normalising shift (a denormal result): a stopper bit at
    // 100 - B0 ends the count of leading zeros there. B0 < 1 only when the addend is zero
    // and the product below 2^-151: the result is a zero of the product's sign.
    wire [99:0] stop_n = stop_ok2 ? (100'd1 << stop_at2) : 100'd0;

    reg        sp3, sub3, zst3, tiny3, bz3;
    reg [47:0] p3;
    reg [99:0] zal3, stop3;
    reg [10:0] b03;
    always @(posedge clk) begin
        sw[3] <= {spec2, specv2};
        sp3 <= sp2; sub3 <= sub2; zst3 <= zst; tiny3 <= tiny2;
        // Both zero: the exact zero's sign is the and of the signs (else +0).
        bz3 <= pz2 & zz2 & sp2 & ~sub2;
        p3 <= prod; zal3 <= zal; stop3 <= stop_n; b03 <= b02;
    end

    // ---------------------------------------------------------------- stage 4
    // x + y + ci over 102 bits in three carry-select parts.
    function automatic [101:0] csel3(input [101:0] x, input [101:0] y, input ci);
        reg [34:0] l, m0, m1;
        reg [33:0] h0, h1;
        reg        cmid;
        begin
            l = {1'b0, x[33:0]} + {1'b0, y[33:0]} + {34'd0, ci};
            m0 = {1'b0, x[67:34]} + {1'b0, y[67:34]};
            m1 = {1'b0, x[67:34]} + {1'b0, y[67:34]} + 35'd1;
            h0 = x[101:68] + y[101:68];
            h1 = x[101:68] + y[101:68] + 34'd1;
            cmid = l[34] ? m1[34] : m0[34];
            csel3 = {cmid ? h1 : h0, l[34] ? m1[33:0] : m0[33:0], l[33:0]};
        end
    endfunction
    // P + Z, or P - Z (minus one more when Z's sticky bits are set: the floor of the
    // difference) and Z - P; the non-negative one.
    // Each sum in three parts of 34 bits, the upper two for both carries (carry select).
    wire [101:0] pw = {28'd0, p3, 26'd0};
    wire [101:0] zo = sub3 ? {2'b11, ~zal3} : {2'b00, zal3};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [101:0] s1 = csel3(pw, zo, sub3 & ~zst3);
    wire [101:0] s2 = csel3({2'b00, zal3}, ~pw, 1'b1);
    /* verilator lint_on UNUSEDSIGNAL */

    reg        sub4, zst4, tiny4, bz4, sp4;
    reg [100:0] s14;
    reg [99:0] s24, stop4;
    // (Sums past bit 100 of P - Z, past bit 99 of Z - P, are not read.)
    reg [10:0] b04;
    always @(posedge clk) begin
        s14 <= s1[100:0]; s24 <= s2[99:0]; sub4 <= sub3;
        sp4 <= sp3; zst4 <= zst3; tiny4 <= tiny3; bz4 <= bz3;
        stop4 <= stop3; b04 <= b03;
    end

    // ---------------------------------------------------------------- stage 5
    // The non-negative one: the magnitude M and the result's sign.
    // With it, M or'ed with the stopper, and which 16-bit chunks of both (from the top of
    // {M | stopper, 28'b0} and of M reversed) are nonzero.
    wire       zbig = sub4 & s14[100];
    wire [99:0] m_n = zbig ? s24 : s14[99:0];
    wire [127:0] lzin_n = {m_n | stop4, 28'd0};
    reg  [127:0] tzin_n;
    reg  [7:0]  nzl_n, nzt_n;
    integer q;
    always @* begin
        tzin_n[27:0] = 28'd0;
        for (q = 0; q < 100; q = q + 1) tzin_n[127 - q] = m_n[q];
        for (q = 0; q < 8; q = q + 1) begin
            nzl_n[q] = lzin_n[127 - 16*q -: 16] != 16'd0;
            nzt_n[q] = tzin_n[127 - 16*q -: 16] != 16'd0;
        end
    end
    reg        sgn5, zst5, tiny5, bz5, sp5;
    reg [99:0] m5;
    reg [127:0] lzin5, tzin5;
    // (The leading count's last chunk is implied.)
    /* verilator lint_off UNUSEDSIGNAL */
    reg [7:0]  nzl5, nzt5;
    /* verilator lint_on UNUSEDSIGNAL */
    reg [10:0] b05;
    always @(posedge clk) begin
        m5 <= m_n; lzin5 <= lzin_n; tzin5 <= tzin_n; nzl5 <= nzl_n; nzt5 <= nzt_n;
        sgn5 <= sp4 ^ zbig;
        sp5 <= sp4; zst5 <= zst4; tiny5 <= tiny4; bz5 <= bz4;
        b05 <= b04;
    end

    // ---------------------------------------------------------------- stage 6
    // Per 16-bit chunk of {M | stopper, 28'b0} its leading zeros, and of M reversed (its
    // trailing zeros), from the top; the first nonzero chunk of each.
    // (7 when none of the first seven is.)
    function automatic [2:0] first8(input [6:0] nz);
        reg hi;
        reg [1:0] p;
        begin
            hi = nz[3:0] == 4'd0;
            p = hi ? (nz[5:4] != 2'd0 ? {1'b0, ~nz[4]} : {1'b1, ~nz[6]})
                   : (nz[1:0] != 2'd0 ? {1'b0, ~nz[0]} : {1'b1, ~nz[2]});
            first8 = {hi, p};
        end
    endfunction
    reg  [31:0]  lzs, tzs;
    always @* begin
        for (q = 0; q < 8; q = q + 1) begin
            lzs[4*q +: 4] = lz16(lzin5[127 - 16*q -: 16]);
            tzs[4*q +: 4] = lz16(tzin5[127 - 16*q -: 16]);
        end
    end
    wire [2:0]   lzj = first8(nzl5[6:0]);
    wire [2:0]   tzj = first8(nzt5[6:0]);

    reg        sgn6, zst6, tiny6, bz6, sp6, mz6;
    reg [31:0] lzs6, tzs6;
    reg [2:0]  lzj6, tzj6;
    reg [99:0] m6;
    reg [10:0] b06;
    always @(posedge clk) begin
        sgn6 <= sgn5; zst6 <= zst5; tiny6 <= tiny5; bz6 <= bz5; sp6 <= sp5;
        mz6 <= nzt5 == 8'd0;
        lzs6 <= lzs; tzs6 <= tzs; lzj6 <= lzj; tzj6 <= tzj;
        m6 <= m5; b06 <= b05;
    end

    // ---------------------------------------------------------------- stage 7
    wire [3:0]  lzf = lzs6[4*lzj6 +: 4];
    wire [3:0]  tzf = tzs6[4*tzj6 +: 4];
    wire [6:0]  lsh = {lzj6, lzf};
    // The top 25 bits of M << L: the significand (bit 99 its hidden bit) and the round bit.
    wire [99:0] mc = m6 << {lzj6, 4'd0};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [99:0] mn = mc << lzf;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [10:0] bm1_n = b06 - 11'd1 - {4'd0, lsh};

    reg        sgn7, zst7, tiny7, bz7, sp7, mz7;
    reg [24:0] n7;
    reg [10:0] bm17;
    reg [6:0]  tzm7;
    reg [7:0]  rb7;
    always @(posedge clk) begin
        sgn7 <= sgn6; tiny7 <= tiny6; bz7 <= bz6; sp7 <= sp6; mz7 <= mz6; zst7 <= zst6;
        n7 <= mn[99:75]; bm17 <= bm1_n;
        // M's bits below the round bit are those under 75 - L.
        tzm7 <= {tzj6, tzf}; rb7 <= 8'd75 - {1'b0, lsh};
    end

    // ---------------------------------------------------------------- stage 8
    // Round to nearest even: {B - 1, fraction} plus the hidden bit, and plus one more,
    // chosen by the round and sticky bits (the hidden bit carries into the exponent).
    wire        sticky = zst7 | (~rb7[7] & ({1'b0, tzm7} < rb7));
    wire        inc = n7[0] & (sticky | n7[1]);
    wire [30:0] pk_base = {bm17[7:0], n7[23:1]};
    wire [30:0] pk_h = {7'd0, n7[24], 23'd0};
    wire [30:0] pk0 = pk_base + pk_h;
    wire [30:0] pk1 = pk_base + pk_h + 31'd1;
    wire        ovf = n7[24] & (bm17 >= 11'd254);
    reg  [31:0] x_n;
    always @* begin
        if (sw[7][32]) x_n = sw[7][31:0];
        else if (tiny7) x_n = {sp7, 31'd0};
        else if (mz7) x_n = {bz7, 31'd0};
        else if (ovf) x_n = {sgn7, INF};
        else x_n = {sgn7, inc ? pk1 : pk0};
    end

    reg [31:0] x8;
    // For stage 9: whether x is a NaN (only special results are), OMOD in force, the
    // threshold above which clamp gives 1.0 (by the OMOD in force), the flush.
    reg        xnan8, om_on8, flz8;
    reg [1:0]  gts8;
    wire       snan_n = sw[7][32] & (&sw[7][30:23]) & (sw[7][22:0] != 23'd0);
    wire       omon_n = (cw[7][4:3] != 2'd0) & ~cw[7][1] & ~cw[7][2] & ~snan_n;
    always @(posedge clk) begin
        x8 <= x_n;
        xnan8 <= snan_n; om_on8 <= omon_n; gts8 <= omon_n ? cw[7][4:3] : 2'd0;
        flz8 <= cw[7][6] & ~cw[7][2];
    end

    // ---------------------------------------------------------------- stage 9
    // OMOD on the rounded result (x2 and x4 exact, or infinity, or a denormal that stays
    // one and is flushed; x0.5 rounds only where the result is flushed but for 0x00ffffff's
    // magnitude), then the output denormal mode, then clamp.
    wire       cl8 = cw[8][5], dx8 = cw[8][0];
    wire [1:0] om8 = cw[8][4:3];
    wire [7:0] xe = x8[30:23];
    wire [22:0] xf = x8[22:0];
    wire       xs = x8[31];
    reg  [31:0] y;
    always @* begin
        if (!om_on8 || &xe) begin
            y = (flz8 & (xe == 8'd0)) ? {xs, 31'd0} : x8;
        end else begin
            case (om8)
                2'd1: begin
                    if (xe == 8'd254) y = {xs, INF};
                    else if (xe != 8'd0) y = {xs, xe + 8'd1, xf};
                    else if (xf[22]) y = {xs, 8'd1, xf[21:0], 1'b0};
                    else y = 32'd0;
                end
                2'd2: begin
                    if (xe >= 8'd253) y = {xs, INF};
                    else if (xe != 8'd0) y = {xs, xe + 8'd2, xf};
                    else if (xf[22]) y = {xs, 8'd2, xf[21:0], 1'b0};
                    else if (xf[21]) y = {xs, 8'd1, xf[20:0], 2'b0};
                    else y = 32'd0;
                end
                default: begin
                    if (xe >= 8'd2) y = {xs, xe - 8'd1, xf};
                    else if (xe == 8'd1 && &xf) y = {xs, 8'd1, 23'd0};
                    else y = 32'd0;
                end
            endcase
        end
    end
    // y > 1.0 for a positive non-NaN x: x above 1.0 or, under OMOD, 0.5, 0.25 or 2.0.
    wire [3:0] gts = {x8[30:0] > 31'h4000_0000, x8[30:0] > 31'h3e80_0000,
                      x8[30:0] > 31'h3f00_0000, x8[30:0] > 31'h3f80_0000};
    wire gt1 = gts[gts8];

    always @(posedge clk) begin
        valid_out <= cw[8][7];
        flag <= fw[8];
        if (cl8 & xnan8) d <= dx8 ? 32'd0 : y;
        else if (cl8 & xs) d <= 32'd0;
        else if (cl8 & gt1) d <= 32'h3f80_0000;
        else d <= y;
    end
endmodule

`default_nettype wire
