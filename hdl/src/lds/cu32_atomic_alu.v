// cu32_atomic_alu: the integer atomic ALU of the LDS unit (cu32_lds_unit, the full DS set)
// and the GLOBAL unit (cu32_gmem_unit, the GLOBAL subset): a piece's new value from its
// pre-op value t, its DATA d and its second operand e, as the golden model
// (sim/src/model/lds.rs, vmem.rs) computes it. The one place that decodes the atomic op
// (aop = its index into hdl/src/vector.rs DS_ATOMIC_OPS).
//
// In, a piece a cycle (every cycle, nothing held; no valid: the caller times its pieces):
//   t       the pre-op value; a 32-bit op's zero-extended (both callers' reads give that)
//   d       DATA (DS: DATA0; GLOBAL: DATA), or a store's data
//   e       the second operand: DS mskor, cmpstore and wrap's DATA1, GLOBAL cmpswap's
//           compare value
//   aop     the op
//   w64     a 64-bit access; else the high halves of d and e are not looked at and the new
//           value's high half is meaningless
//   atomic  the piece is an atomic; else (a store) the new value is d
// Out: nv, the new value of the piece given 3 cycles before (a register: inputs in cycle c,
// nv in cycle c + 3), a 32-bit op's in its low half. Per aop:
//   0 add    t + d                      8 max_u      t >= d ? t : d (unsigned)
//   1 sub    t - d                      9 and        t & d
//   2 rsub   d - t                     10 or         t | d
//   3 inc    t < d ? t + 1 : 0         11 xor        t ^ d
//   4 dec    t == 0 || t > d ? d : t-1 12 mskor      (t & ~d) | e
//   5 min_i  t < d ? t : d (signed)    13 storexchg  d (GLOBAL swap)
//   6 max_i  t >= d ? t : d (signed)   14 cmpstore   t == e ? d : t (GLOBAL cmpswap)
//   7 min_u  t < d ? t : d (unsigned)  15 wrap       t >= d ? t - d : t + e
// (The GLOBAL rows never carry 2, 12 or 15.)
//
// Stages, each ending in registers:
//   S1  the compares: t < d unsigned (dec: t <= d; 32-bit ops by the borrow out of bit 32
//       of the same chain), signed, t == e, t == 0; the operands d' (and: ~d, mskor:
//       d | e, rsub: ~0; else d) and e' (rsub: d, dec: ~0; else e); a store's op made
//       storexchg (d).
//   S2  the op's choice of the adder's operands A = t, t ^ d', 0 or t & ~d' and B = d',
//       ~d', e' or 0, and its carry in (the choice registers kept as they are coded,
//       fsm_encoding "none": smaller than Yosys' re-encoding):
//         add t + d; sub t + ~d + 1; rsub (t ^ ~0) + d + 1; inc t + 0 + 1 (or 0 + 0);
//         dec t + ~0 (or 0 + d); and (t & ~~d) + 0; or (t & ~d) + d; xor (t ^ d) + 0;
//         mskor (t & ~(d | e)) + e; wrap t + e (t < d) or t + ~d + 1; the min/max,
//         storexchg and cmpstore ops: t + 0 or 0 + d.
//   S3  nv = A + B + carry in: one 64-bit adder.
`default_nettype none

module cu32_atomic_alu (
    input  wire        clk,
    input  wire [63:0] t,
    input  wire [63:0] d,
    input  wire [63:0] e,
    input  wire [3:0]  aop,
    input  wire        w64,
    input  wire        atomic,
    output reg  [63:0] nv
);
    localparam [3:0] ADD = 4'd0, SUB = 4'd1, RSUB = 4'd2, INC = 4'd3, DEC = 4'd4,
                     MIN_I = 4'd5, MAX_I = 4'd6, MIN_U = 4'd7, MAX_U = 4'd8, AND = 4'd9,
                     OR = 4'd10, XOR = 4'd11, MSKOR = 4'd12, XCHG = 4'd13, CMP = 4'd14;

    // ---- S1: the compares, d', e'.
    wire dec = atomic && aop == DEC;
    wire and_ = atomic && aop == AND;
    wire mskor = atomic && aop == MSKOR;
    wire rsub = atomic && aop == RSUB;
    // t < d; for dec t <= d (2t + 1 < 2d + 1, 2t < 2d + 1): the borrow of one chain;
    // a 32-bit op's (d's high half not looked at) is the borrow into bit 33, which the
    // difference's bit 33 gives (t[32] = 0).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [65:0] df = {1'b0, t, !dec} - {1'b0, d, 1'b1};
    /* verilator lint_on UNUSEDSIGNAL */
    wire lt = w64 ? df[65] : df[33] ^ d[32];
    wire ts = w64 ? t[63] : t[31];
    wire ds = w64 ? d[63] : d[31];
    reg [63:0] s1_t, s1_d, s1_e;
    reg s1_ult, s1_slt, s1_eqe, s1_z;
    reg [3:0] s1_aop;
    always @(posedge clk) begin
        s1_eqe <= t[31:0] == e[31:0] && (!w64 || t[63:32] == e[63:32]);
        s1_z <= t == 64'd0;
        s1_ult <= lt;
        s1_slt <= ts != ds ? ts : lt;
        s1_t <= t;
        s1_d <= rsub ? {64{1'b1}} : and_ ? ~d : mskor ? d | e : d;
        s1_e <= rsub ? d : dec ? {64{1'b1}} : e;
        s1_aop <= atomic ? aop : XCHG;   // (a store: d, as storexchg)
    end

    // ---- S2: the adder's operands.
    localparam [1:0] A_T = 2'd0, A_X = 2'd1, A_0 = 2'd2, A_M = 2'd3;
    localparam [1:0] B_D = 2'd0, B_ND = 2'd1, B_E = 2'd2, B_0 = 2'd3;
    reg [1:0] as, bs;
    reg ci, td;     // td: the choice is t (else d)
    reg cmp;        // an op choosing t or d
    always @(*) begin
        as = A_T;
        bs = B_0;
        ci = 1'b0;
        td = 1'b0;
        cmp = 1'b0;
        case (s1_aop)
            ADD: bs = B_D;
            SUB: {bs, ci} = {B_ND, 1'b1};
            RSUB: {as, bs, ci} = {A_X, B_E, 1'b1};
            INC: {as, ci} = s1_ult ? {A_T, 1'b1} : {A_0, 1'b0};
            DEC: {as, bs} = s1_z || !s1_ult ? {A_0, B_D} : {A_T, B_E};
            MIN_I: {cmp, td} = {1'b1, s1_slt};
            MAX_I: {cmp, td} = {1'b1, !s1_slt};
            MIN_U: {cmp, td} = {1'b1, s1_ult};
            MAX_U: {cmp, td} = {1'b1, !s1_ult};
            AND: as = A_M;
            OR: {as, bs} = {A_M, B_D};
            XOR: as = A_X;
            MSKOR: {as, bs} = {A_M, B_E};
            XCHG: cmp = 1'b1;
            CMP: {cmp, td} = {1'b1, !s1_eqe};
            default: {bs, ci} = s1_ult ? {B_E, 1'b0} : {B_ND, 1'b1};   // wrap
        endcase
        if (cmp) {as, bs, ci} = td ? {A_T, B_0, 1'b0} : {A_0, B_D, 1'b0};
    end
    (* fsm_encoding = "none" *) reg [1:0] s2_as, s2_bs;   // (kept as they are coded)
    reg s2_ci;
    reg [63:0] s2_t, s2_d, s2_e;
    always @(posedge clk) begin
        s2_as <= as;
        s2_bs <= bs;
        s2_ci <= ci;
        s2_t <= s1_t;
        s2_d <= s1_d;
        s2_e <= s1_e;
    end

    // ---- S3: the new value, A + B + carry in.
    reg [63:0] a, b;
    always @(*) begin
        case (s2_as)
            A_T: a = s2_t;
            A_X: a = s2_t ^ s2_d;
            A_0: a = 64'd0;
            default: a = s2_t & ~s2_d;
        endcase
        case (s2_bs)
            B_D: b = s2_d;
            B_ND: b = ~s2_d;
            B_E: b = s2_e;
            default: b = 64'd0;
        endcase
    end
    // (one carry chain: bit 0 of the sum only makes the carry in)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [64:0] sum = {a, s2_ci} + {b, s2_ci};
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) nv <= sum[64:1];
endmodule

`default_nettype wire
