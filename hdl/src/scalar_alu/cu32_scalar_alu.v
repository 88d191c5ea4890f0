// cu32_scalar_alu — the compute unit's scalar ALU: every SALU function of reference
// chapter 16.1–16.4 over 64-bit operands and the MODE updates (s_setreg*, s_round_mode,
// s_denorm_mode), one operation a cycle, each operation's outputs registered 3 rising
// edges after its inputs (LATENCY = 3), whatever follows it. The same function and ports
// as the rust-hdl SALU of src/salu.rs (`cu32_salu_pipe`), without its `quick` port.
//
// op is an AluOp code (ALU_<NAME> of the generated cu32_ctrl.vh). 32-bit operands arrive
// zero-extended; `wide` says the operation is 64-bit (shift amounts and bit indices use 6
// bits), `d_wide` that its destination is (else the result is zero-extended from 32 bits
// and the "D != 0" SCC rules look at 32 bits).
//
// Stages (every carry chain registered before its sum is used; a few LUT levels between
// flip-flops):
//   1  from the inputs: the operation decoded (one-hot selects for stages 2 and 3,
//      registered); the adders, each on its own operands: a + b (+ SCC), a - b (- SCC;
//      also the compares), (a << n) + b, -a, b - a, pc + 4; equality; the shifter's source
//      (a, a sign-extended, MODE, a bit-reversed for left shifts and brev, ones for bfm)
//      and amount; the bitfield's bounds (offset, offset + width on a small adder);
//      bitset's one-hot; the population count of each 16 bits; the bit scan's source (a,
//      bit-reversed, sign-flipped); the 16 × 16 partial products on MULT18X18D and
//      s_mul_hi_i32's signed correction
//   2  the shift (six 2:1 levels, then un-reversed); the bitfield mask (lo <= i < hi for
//      each bit i) and BFE_I's sign bit; the product's sum (carry-save, one 65-bit
//      adder); the population count (of zeros for s_bcnt0) and the lowest set bit; the
//      logic unit (a truth table per operation over a and b or EXEC: and/or/xor..., not,
//      moves, cselect, saveexec, wrexec); the plain results (arithmetic, min/max, logic,
//      pack, sign extension, bitrep, quadmask, wqm, bitset) OR-ed into one register under
//      one-hot selects, with SCC, EXEC and MODE as far as they are known
//   3  the result: the plain one, the masked shift, the product's half or a count;
//      truncation to 32 bits; SCC (the non-zero rules, bitcmp); MODE (s_setreg); into the
//      output registers
//
// INT_MUL = 0 drops the multiplier (features.int_mul off: s_mul* decode as illegal).
`default_nettype none

module cu32_scalar_alu #(
    parameter integer INT_MUL = 1
) (
    input  wire        clock,
    input  wire [6:0]  op,
    input  wire [63:0] a,
    input  wire [63:0] b,
    input  wire        wide,
    input  wire        d_wide,
    input  wire        scc,
    input  wire [63:0] exec,
    input  wire [31:0] mode,
    input  wire [63:0] pc,
    output reg  [63:0] result,
    output reg         scc_out,
    output reg  [63:0] exec_out,
    output reg  [31:0] mode_out
);
`include "cu32_ctrl.vh"
    // (The op port is as wide as the control word's alu field.)
    wire [W_ALU-1:0] op_code = op;

    function automatic [63:0] rev64(input [63:0] x);
        integer i;
        for (i = 0; i < 64; i = i + 1) rev64[i] = x[63 - i];
    endfunction

    // ================= Stage 1 =================
    // Shift amount / bit index from B: 6 bits (64-bit operations) or 5.
    wire [5:0]  amt_b = wide ? b[5:0] : {1'b0, b[4:0]};
    wire [5:0]  amt_a = wide ? a[5:0] : {1'b0, a[4:0]};
    wire [6:0]  bfe_w = b[22:16];

    // ---- Stage 1's own decode: one-hot selects, each a function of op alone, kept as
    //      wires (decoded once; the datapath's multiplexers after them stay shallow) ----
    (* keep *) wire d_addc = op_code == ALU_ADDC;
    (* keep *) wire d_subb = op_code == ALU_SUBB;
    (* keep *) wire d_rev = op_code == ALU_SHL || op_code == ALU_SET_REG || op_code == ALU_BREV;
    (* keep *) wire d_sx = op_code == ALU_ASHR || op_code == ALU_BFE_I;
    (* keep *) wire d_getreg = op_code == ALU_GET_REG;
    (* keep *) wire d_setreg = op_code == ALU_SET_REG;
    (* keep *) wire d_bfm = op_code == ALU_BFM;
    (* keep *) wire d_brev = op_code == ALU_BREV;
    (* keep *) wire d_cls = op_code == ALU_CLS;
    (* keep *) wire d_ctz = op_code == ALU_CTZ;

    // ---- The adders, each on its own operands (no multiplexer of the operation's in
    //      front of a carry chain): a + b (+ SCC: s_addc); a - b (- SCC: s_subb; also the
    //      compares, min/max, absdiff), [32] its borrow; s_lshl<n>_add's (a << n) + b, n
    //      from the operation code's low two bits (the four codes are consecutive); -a
    //      (abs); b - a (absdiff) ----
    wire [32:0] add = {1'b0, a[31:0]} + {1'b0, b[31:0]} + {32'd0, d_addc && scc};
    wire [32:0] sub = {1'b0, a[31:0]} + {1'b1, ~b[31:0]} + {32'd0, !(d_subb && scc)};
    reg  [35:0] lshl_x;
    always @* begin
        case (op_code[1:0])
            ALU_LSHL1_ADD[1:0]: lshl_x = {3'd0, a[31:0], 1'd0};
            ALU_LSHL2_ADD[1:0]: lshl_x = {2'd0, a[31:0], 2'd0};
            ALU_LSHL3_ADD[1:0]: lshl_x = {1'd0, a[31:0], 3'd0};
            default: lshl_x = {a[31:0], 4'd0};
        endcase
    end
    wire [36:0] lshl = {1'b0, lshl_x} + {5'd0, b[31:0]};
    wire [31:0] neg = -a[31:0];
    // s_getpc / s_call: pc + 4 on its own incrementer.
    wire [61:0] pc4 = pc[63:2] + 62'd1;
    wire [32:0] rdiff = {1'b0, b[31:0]} - {1'b0, a[31:0]};
    wire        eq = (a[31:0] == b[31:0]) && (!wide || a[63:32] == b[63:32]);

    // ---- The logic unit's operation (stage 2: lg[i] = tt[{a[i], y[i]}], y = B or EXEC).
    //      (rom_style: Yosys would make a registered decode a block-RAM ROM, 5.8 ns from
    //      clock to output.) ----
    reg  [3:0] tt;
    reg        lg_exec;
    always @* begin
        tt = 4'b0000;
        lg_exec = 1'b0;
        (* rom_style = "logic" *) case (op_code)
            ALU_AND: tt = 4'b1000;
            ALU_OR: tt = 4'b1110;
            ALU_XOR: tt = 4'b0110;
            ALU_NAND: tt = 4'b0111;
            ALU_NOR: tt = 4'b0001;
            ALU_XNOR: tt = 4'b1001;
            ALU_AND_NOT1: tt = 4'b0100;
            ALU_OR_NOT1: tt = 4'b1101;
            ALU_NOT: tt = 4'b0011;
            ALU_MOV_A: tt = 4'b1100;
            ALU_MOV_B: tt = 4'b1010;
            ALU_CSEL: tt = scc ? 4'b1100 : 4'b1010;
            ALU_SAVE_AND: begin tt = 4'b1000; lg_exec = 1'b1; end
            ALU_SAVE_OR: begin tt = 4'b1110; lg_exec = 1'b1; end
            ALU_SAVE_XOR: begin tt = 4'b0110; lg_exec = 1'b1; end
            ALU_SAVE_NAND: begin tt = 4'b0111; lg_exec = 1'b1; end
            ALU_SAVE_NOR: begin tt = 4'b0001; lg_exec = 1'b1; end
            ALU_SAVE_XNOR: begin tt = 4'b1001; lg_exec = 1'b1; end
            ALU_SAVE_AND_NOT0, ALU_WR_AND_NOT0: begin tt = 4'b0010; lg_exec = 1'b1; end
            ALU_SAVE_OR_NOT0: begin tt = 4'b1011; lg_exec = 1'b1; end
            ALU_SAVE_AND_NOT1, ALU_WR_AND_NOT1: begin tt = 4'b0100; lg_exec = 1'b1; end
            ALU_SAVE_OR_NOT1: begin tt = 4'b1101; lg_exec = 1'b1; end
            default: ;
        endcase
    end

    // ---- What stages 2 and 3 do with the operation, one-hot where it selects a value:
    //      the plain result (q) is an OR of the g_* terms; SCC of the c_* terms, a
    //      compare's or min/max's (c_cmp, g_mm) is cmp_tt[{lt, eq}], lt signed (cmp_s) or
    //      unsigned; stage 3 takes q or the sel_* value ----
    reg g_add, g_sub, g_lshl, g_abs, g_pc4, g_absd, g_mm, g_lg, g_exec, g_pack, pack_ahi;
    reg pack_bhi, g_sext8, g_sext16;
    reg g_bs0, g_bs1, g_bitrep, g_quad, g_wqm;
    reg c_pass, c_c32, c_borrow, c_addi, c_subi, c_lshl, c_cmp, cmp_s;
    reg [3:0] cmp_tt;
    reg w_exec, m_round, m_denorm, scan_op, bcnt0;
    reg sel_q, sel_sh, sel_mlo, sel_mhu, sel_mhi, sel_cnt, nz_rule, exec_rule;
    reg bitcmp, bitcmp_inv, setreg;
    always @* begin
        {g_add, g_sub, g_lshl, g_abs, g_pc4, g_absd, g_mm, g_lg, g_exec, g_pack, pack_ahi,
         pack_bhi, g_sext8, g_sext16} = 14'd0;
        {g_bs0, g_bs1, g_bitrep, g_quad, g_wqm} = 5'd0;
        {c_c32, c_borrow, c_addi, c_subi, c_lshl, c_cmp, cmp_s} = 7'd0;
        c_pass = 1'b1;
        cmp_tt = 4'b0000;
        {w_exec, m_round, m_denorm, scan_op, bcnt0} = 5'd0;
        {sel_q, sel_sh, sel_mlo, sel_mhu, sel_mhi, sel_cnt, nz_rule, exec_rule} = 8'd0;
        {bitcmp, bitcmp_inv, setreg} = 3'd0;
        (* rom_style = "logic" *) case (op_code)
            ALU_ADD_U, ALU_ADDC: {sel_q, g_add, c_pass, c_c32} = 4'b1101;
            ALU_SUB_U, ALU_SUBB: {sel_q, g_sub, c_pass, c_borrow} = 4'b1101;
            ALU_ADD_I: {sel_q, g_add, c_pass, c_addi} = 4'b1101;
            ALU_SUB_I: {sel_q, g_sub, c_pass, c_subi} = 4'b1101;
            ALU_ABSDIFF: {sel_q, g_absd, nz_rule} = 3'b111;
            ALU_LSHL1_ADD, ALU_LSHL2_ADD, ALU_LSHL3_ADD, ALU_LSHL4_ADD:
                {sel_q, g_lshl, c_pass, c_lshl} = 4'b1101;
            ALU_PC4: {sel_q, g_pc4} = 2'b11;
            ALU_ABS: {sel_q, g_abs, nz_rule} = 3'b111;
            // min: a when a < b; max: a when a > b (SCC the same)
            ALU_MIN_I: {sel_q, g_mm, c_pass, c_cmp, cmp_s, cmp_tt} = 9'b11011_1100;
            ALU_MIN_U: {sel_q, g_mm, c_pass, c_cmp, cmp_s, cmp_tt} = 9'b11010_1100;
            ALU_MAX_I: {sel_q, g_mm, c_pass, c_cmp, cmp_s, cmp_tt} = 9'b11011_0001;
            ALU_MAX_U: {sel_q, g_mm, c_pass, c_cmp, cmp_s, cmp_tt} = 9'b11010_0001;
            ALU_AND, ALU_OR, ALU_XOR, ALU_NAND, ALU_NOR, ALU_XNOR, ALU_AND_NOT1, ALU_OR_NOT1,
            ALU_NOT: {sel_q, g_lg, nz_rule} = 3'b111;
            ALU_MOV_A, ALU_MOV_B, ALU_CSEL: {sel_q, g_lg} = 2'b11;
            ALU_SAVE_AND, ALU_SAVE_OR, ALU_SAVE_XOR, ALU_SAVE_NAND, ALU_SAVE_NOR,
            ALU_SAVE_XNOR, ALU_SAVE_AND_NOT0, ALU_SAVE_OR_NOT0, ALU_SAVE_AND_NOT1,
            ALU_SAVE_OR_NOT1: {sel_q, g_exec, w_exec, exec_rule} = 4'b1111;
            ALU_WR_AND_NOT0, ALU_WR_AND_NOT1: {sel_q, g_lg, w_exec, exec_rule} = 4'b1111;
            ALU_PACK_LL: {sel_q, g_pack, pack_ahi, pack_bhi} = 4'b1100;
            ALU_PACK_LH: {sel_q, g_pack, pack_ahi, pack_bhi} = 4'b1101;
            ALU_PACK_HH: {sel_q, g_pack, pack_ahi, pack_bhi} = 4'b1111;
            ALU_PACK_HL: {sel_q, g_pack, pack_ahi, pack_bhi} = 4'b1110;
            ALU_SEXT8: {sel_q, g_sext8} = 2'b11;
            ALU_SEXT16: {sel_q, g_sext16} = 2'b11;
            ALU_BITSET0: {sel_q, g_bs0} = 2'b11;
            ALU_BITSET1: {sel_q, g_bs1} = 2'b11;
            ALU_BITREP: {sel_q, g_bitrep} = 2'b11;
            ALU_QUADMASK: {sel_q, g_quad, nz_rule} = 3'b111;
            ALU_WQM: {sel_q, g_wqm, nz_rule} = 3'b111;
            ALU_SHL, ALU_SHR, ALU_ASHR, ALU_BFE_U, ALU_BFE_I: {sel_sh, nz_rule} = 2'b11;
            ALU_BFM, ALU_BREV, ALU_GET_REG: sel_sh = 1'b1;
            ALU_MUL_LO: sel_mlo = 1'b1;
            ALU_MUL_HI_U: sel_mhu = 1'b1;
            ALU_MUL_HI_I: sel_mhi = 1'b1;
            ALU_CTZ, ALU_CLZ, ALU_CLS: scan_op = 1'b1;
            ALU_BCNT1: {sel_cnt, nz_rule} = 2'b11;
            ALU_BCNT0: {sel_cnt, nz_rule, bcnt0} = 3'b111;
            ALU_CMP_EQ: {c_pass, c_cmp, cmp_tt} = 6'b01_1010;
            ALU_CMP_LG: {c_pass, c_cmp, cmp_tt} = 6'b01_0101;
            ALU_CMP_GT_I: {c_pass, c_cmp, cmp_s, cmp_tt} = 7'b011_0001;
            ALU_CMP_GE_I: {c_pass, c_cmp, cmp_s, cmp_tt} = 7'b011_0011;
            ALU_CMP_LT_I: {c_pass, c_cmp, cmp_s, cmp_tt} = 7'b011_1100;
            ALU_CMP_LE_I: {c_pass, c_cmp, cmp_s, cmp_tt} = 7'b011_1110;
            ALU_CMP_GT_U: {c_pass, c_cmp, cmp_tt} = 6'b01_0001;
            ALU_CMP_GE_U: {c_pass, c_cmp, cmp_tt} = 6'b01_0011;
            ALU_CMP_LT_U: {c_pass, c_cmp, cmp_tt} = 6'b01_1100;
            ALU_CMP_LE_U: {c_pass, c_cmp, cmp_tt} = 6'b01_1110;
            ALU_BITCMP0: {bitcmp, bitcmp_inv} = 2'b11;
            ALU_BITCMP1: bitcmp = 1'b1;
            ALU_SET_REG: setreg = 1'b1;
            ALU_ROUND_MODE: m_round = 1'b1;
            ALU_DENORM_MODE: m_denorm = 1'b1;
            default: ;
        endcase
    end

    // ---- The shifter's source and amount: right shifts shift `src`, left ones (and brev)
    //      shift it bit-reversed and (left ones) reverse the result back; s_bfm shifts ones
    //      by 0 (the bitfield mask makes its result) ----
    wire [63:0] src = ({64{!(d_rev || d_getreg || d_bfm)}} & a)
                    | ({64{d_rev}} & rev64(a))
                    | ({64{d_getreg}} & {32'd0, mode})
                    | {64{d_bfm}}
                    | ({64{d_sx && !wide && a[31]}} & {32'hffff_ffff, 32'd0});
    wire [5:0]  amt = ({6{!(d_getreg || d_setreg || d_brev || d_bfm)}} & amt_b)
                    | ({6{d_getreg || d_setreg}} & {1'b0, b[10:6]})
                    | ({6{d_brev && !wide}} & 6'd32);
    wire        rout = op_code == ALU_SHL || d_setreg;
    // The bitfield mask is all ones (no bitfield).
    wire        fm_all = !(op_code == ALU_BFE_U || op_code == ALU_BFE_I || d_getreg || d_setreg
                           || d_bfm);
    // The fill of an arithmetic shift.
    wire        fill = d_sx && (a[63] || (!wide && a[31]));

    // ---- The bitfield: mask[i] = lo <= i < hi. bfe: [0, width) (all ones from 64, or
    //      from 32 for 32-bit ones), its sign bit at offset + width - 1; s_getreg:
    //      [0, SIZE); s_setreg: [OFFSET, OFFSET + SIZE); s_bfm: [S1, S1 + S0) ----
    wire [5:0] f_lo = ({6{d_setreg}} & {1'b0, b[10:6]}) | ({6{d_bfm}} & amt_b);
    wire [5:0] f_off = ({6{!(d_getreg || d_setreg)}} & amt_b)
                     | ({6{d_setreg}} & {1'b0, b[10:6]});
    wire [6:0] f_len = d_bfm ? {1'b0, amt_a}
                     : (d_getreg || d_setreg) ? {2'd0, b[15:11]} : bfe_w;
    wire       f_cin = d_getreg || d_setreg;
    wire       f_bfe = op_code == ALU_BFE_U || op_code == ALU_BFE_I;
    wire [7:0] f_end = {2'd0, f_off} + {1'b0, f_len} + {7'd0, f_cin};
    wire [6:0] bfe_hi = (!wide && (b[22] || b[21])) ? 7'd64 : bfe_w;
    wire       bfe_sext_ok = (bfe_w != 7'd0) && !b[22] && (wide || !b[21]);

    // ---- Bitset's one-hot ----
    wire [63:0] onehot = 64'd1 << amt_a;

    // ---- Population count per 16 bits, of ones and of zeros (s_bcnt0) ----
    function automatic [2:0] ones4(input [3:0] v);
        case (v)
            4'h0: ones4 = 3'd0;
            4'h1, 4'h2, 4'h4, 4'h8: ones4 = 3'd1;
            4'h7, 4'hb, 4'hd, 4'he: ones4 = 3'd3;
            4'hf: ones4 = 3'd4;
            default: ones4 = 3'd2;
        endcase
    endfunction
    wire [19:0] half_pop, half_zeros;
    genvar g;
    generate
        for (g = 0; g < 4; g = g + 1) begin : pop_half
            wire [3:0] lo = {1'b0, ones4(a[16*g +: 4])} + {1'b0, ones4(a[16*g+4 +: 4])};
            wire [3:0] hi = {1'b0, ones4(a[16*g+8 +: 4])}
                          + {1'b0, ones4(a[16*g+12 +: 4])};
            assign half_pop[5*g +: 5] = {1'b0, lo} + {1'b0, hi};
            wire [3:0] zlo = {1'b0, ones4(~a[16*g +: 4])} + {1'b0, ones4(~a[16*g+4 +: 4])};
            wire [3:0] zhi = {1'b0, ones4(~a[16*g+8 +: 4])}
                           + {1'b0, ones4(~a[16*g+12 +: 4])};
            assign half_zeros[5*g +: 5] = {1'b0, zlo} + {1'b0, zhi};
        end
    endgenerate

    // ---- Bit scan: ctz of a; clz of a bit-reversed; cls of a ^ its sign, bit-reversed
    //      (32-bit forms reversed within the low word) ----
    wire [63:0] cls_x = !wide ? {a[63:32], a[31:0] ^ {32{a[31]}}} : a ^ {64{a[63]}};
    wire [63:0] scan_r = rev64(d_cls ? cls_x : a);
    wire [63:0] scan = d_ctz ? a : wide ? scan_r : {32'd0, scan_r[63:32]};
    // The first set bit of four whose low three are `v` (3 if none of those is set).
    function automatic [1:0] first4(input [2:0] v);
        first4 = v[0] ? 2'd0 : v[1] ? 2'd1 : v[2] ? 2'd2 : 2'd3;
    endfunction

    // ---- Registers of stage 1 ----
    reg  [63:0] a1, b1, exec1, src1, onehot1, pc41;
    reg  [32:0] add1, sub1;
    reg  [36:0] lshl1;
    reg  [31:0] neg1;
    reg  [31:0] mode1;
    reg  [32:0] rdiff1;
    reg         wide1, d_wide1, scc1, eq1, rout1, fm_all1, fill1, f_bfe1, bfe_sext_ok1;
    reg  [5:0]  amt1, f_lo1;
    reg  [7:0]  f_end1;
    reg  [6:0]  bfe_hi1;
    reg  [19:0] half_pop1, half_zeros1;
    reg  [63:0] scan1;
    reg  [3:0]  tt1, cmp_tt1;
    reg         lg_exec1;
    reg         g_add1, g_sub1, g_lshl1, g_abs1, g_pc41, g_absd1, g_mm1, g_lg1, g_exec1;
    reg         g_pack1, pack_ahi1, pack_bhi1, g_sext81;
    reg         g_sext161, g_bs01, g_bs11, g_bitrep1, g_quad1, g_wqm1;
    reg         c_pass1, c_c321, c_borrow1, c_addi1, c_subi1, c_lshl1, c_cmp1, cmp_s1;
    reg         w_exec1, m_round1, m_denorm1, scan_op1, bcnt01, bfe_i1;
    reg         sel_q1, sel_sh1, sel_mlo1, sel_mhu1, sel_mhi1, sel_cnt1, nz_rule1, exec_rule1;
    reg         bitcmp1, bitcmp_inv1, setreg1;
    always @(posedge clock) begin
        a1 <= a;
        b1 <= b;
        exec1 <= exec;
        mode1 <= mode;
        wide1 <= wide;
        d_wide1 <= d_wide;
        scc1 <= scc;
        {add1, sub1, lshl1, neg1} <= {add, sub, lshl, neg};
        pc41 <= {pc4, pc[1:0]};
        rdiff1 <= rdiff;
        eq1 <= eq;
        {tt1, lg_exec1} <= {tt, lg_exec};
        {g_add1, g_sub1, g_lshl1, g_abs1, g_pc41, g_absd1, g_mm1, g_lg1, g_exec1, g_pack1,
         pack_ahi1, pack_bhi1, g_sext81, g_sext161, g_bs01, g_bs11, g_bitrep1, g_quad1,
         g_wqm1} <=
            {g_add, g_sub, g_lshl, g_abs, g_pc4, g_absd, g_mm, g_lg, g_exec, g_pack, pack_ahi,
             pack_bhi, g_sext8, g_sext16, g_bs0, g_bs1, g_bitrep, g_quad, g_wqm};
        {c_pass1, c_c321, c_borrow1, c_addi1, c_subi1, c_lshl1, c_cmp1, cmp_s1, cmp_tt1} <=
            {c_pass, c_c32, c_borrow, c_addi, c_subi, c_lshl, c_cmp, cmp_s, cmp_tt};
        {w_exec1, m_round1, m_denorm1, scan_op1, bcnt01, bfe_i1} <=
            {w_exec, m_round, m_denorm, scan_op, bcnt0, op_code == ALU_BFE_I};
        {sel_q1, sel_sh1, sel_mlo1, sel_mhu1, sel_mhi1, sel_cnt1, nz_rule1, exec_rule1} <=
            {sel_q, sel_sh, sel_mlo, sel_mhu, sel_mhi, sel_cnt, nz_rule, exec_rule};
        {bitcmp1, bitcmp_inv1, setreg1} <= {bitcmp, bitcmp_inv, setreg};
        src1 <= src;
        amt1 <= amt;
        rout1 <= rout;
        fm_all1 <= fm_all;
        fill1 <= fill;
        f_lo1 <= f_lo;
        f_end1 <= f_end;
        f_bfe1 <= f_bfe;
        bfe_hi1 <= bfe_hi;
        bfe_sext_ok1 <= bfe_sext_ok;
        onehot1 <= onehot;
        half_pop1 <= half_pop;
        half_zeros1 <= half_zeros;
        scan1 <= scan;
    end

    // ---- The multiplier: four 16 × 16 products on MULT18X18D, registered at both ends
    //      (the inputs come from the spine's registers); s_mul_hi_i32's correction
    //      (a < 0 ? b : 0) + (b < 0 ? a : 0) mod 2^32 ----
    wire [31:0] pp_ll, pp_lh, pp_hl, pp_hh, corr;
    wire        hi_i1;
    generate
        if (INT_MUL != 0) begin : mul
            reg [31:0] ll, lh, hl, hh, c;
            reg        hi_i;
            always @(posedge clock) begin
                ll <= a[15:0] * b[15:0];
                lh <= a[15:0] * b[31:16];
                hl <= a[31:16] * b[15:0];
                hh <= a[31:16] * b[31:16];
                c <= (a[31] ? b[31:0] : 32'd0) + (b[31] ? a[31:0] : 32'd0);
                hi_i <= op_code == ALU_MUL_HI_I;
            end
            assign {pp_ll, pp_lh, pp_hl, pp_hh, corr, hi_i1} = {ll, lh, hl, hh, c, hi_i};
        end else begin : no_mul
            assign {pp_ll, pp_lh, pp_hl, pp_hh, corr, hi_i1} = 161'd0;
        end
    endgenerate

    // ================= Stage 2 =================
    // ---- The shift: src1 >> amt1 with fill1, reversed back for left shifts ----
    wire [64:0] sh_full = $signed({fill1, src1}) >>> amt1;
    wire [63:0] sh = rout1 ? rev64(sh_full[63:0]) : sh_full[63:0];
    wire        unused_sh = sh_full[64];

    // ---- The bitfield mask and BFE_I's sign bit (bit f_end1 - 1 of src1, or the fill past
    //      bit 63) ----
    wire [7:0]  f_hi = f_bfe1 ? {1'b0, bfe_hi1} : f_end1;
    // (As thermometers, each bit a function of a few bound bits, not 128 compares on
    // carry chains.)
    wire [63:0] ones = {64{1'b1}};
    wire [63:0] ge_lo = ones << f_lo1;                                   // i >= lo
    wire [63:0] lt_hi = (f_hi[7] || f_hi[6]) ? ones : ~(ones << f_hi[5:0]);  // i < hi
    wire [63:0] fmask = {64{fm_all1}} | (ge_lo & lt_hi);
    wire [63:0] src_up = {src1[62:0], src1[63]};   // src_up[k] = src1[k - 1]
    // (Bit f_end1[3:0] of each 16, then the 16 by f_end1[5:4].)
    wire [15:0] up3 = src_up[63:48], up2 = src_up[47:32], up1 = src_up[31:16];
    wire [15:0] up0 = src_up[15:0];
    wire [3:0]  sign16 = {up3[f_end1[3:0]], up2[f_end1[3:0]], up1[f_end1[3:0]],
                          up0[f_end1[3:0]]};
    wire        f_sign = f_end1 <= 8'd64 ? sign16[f_end1[5:4]] : fill1;
    wire        sext = bfe_i1 && bfe_sext_ok1 && f_sign;

    // ---- The product: {hh, ll} + lh << 16 + hl << 16 (+ for s_mul_hi_i32, -corr << 32),
    //      carry-save then one adder; 65 bits, [64] = no borrow of s_mul_hi_i32 ----
    wire [64:0] t0 = {1'b0, pp_hh, pp_ll};
    wire [64:0] t1 = {17'd0, pp_lh, 16'd0};
    wire [64:0] t2 = {17'd0, pp_hl, 16'd0};
    wire [64:0] t3 = hi_i1 ? {1'b0, ~corr, 32'hffff_ffff} : 65'd0;
    wire [64:0] cs_s1 = t0 ^ t1 ^ t2;
    wire [64:0] cs_c1 = {(t0[63:0] & t1[63:0]) | (t0[63:0] & t2[63:0])
                         | (t1[63:0] & t2[63:0]), 1'b0};
    wire [64:0] cs_s2 = cs_s1 ^ cs_c1 ^ t3;
    wire [64:0] cs_c2 = {(cs_s1[63:0] & cs_c1[63:0]) | (cs_s1[63:0] & t3[63:0])
                         | (cs_c1[63:0] & t3[63:0]), 1'b0};
    wire [64:0] prod = cs_s2 + cs_c2 + {64'd0, hi_i1};

    // ---- Population count and the lowest set bit ----
    wire [19:0] c16 = bcnt01 ? half_zeros1 : half_pop1;
    wire [4:0]  c16_0 = c16[4:0];
    wire [4:0]  c16_1 = c16[9:5];
    wire [4:0]  c16_2 = c16[14:10];
    wire [4:0]  c16_3 = c16[19:15];
    wire [5:0] pop_lo = {1'b0, c16_0} + {1'b0, c16_1};
    wire [5:0] pop_hi = {1'b0, c16_2} + {1'b0, c16_3};
    wire [6:0] pop = {1'b0, pop_lo} + {1'b0, pop_hi};
    // Each nibble's lowest set bit; the first non-zero nibble: its group of four, then
    // the nibble within the group.
    wire [15:0] nib_any1;
    wire [31:0] nib_low1;
    generate
        for (g = 0; g < 16; g = g + 1) begin : scan_nibble
            assign nib_any1[g] = |scan1[4*g +: 4];
            assign nib_low1[2*g +: 2] = first4(scan1[4*g +: 3]);
        end
    endgenerate
    wire [3:0] grp_any;
    wire [7:0] grp_first;
    wire [7:0] grp_low;
    generate
        for (g = 0; g < 4; g = g + 1) begin : scan_group
            wire [7:0] lows = nib_low1[8*g +: 8];
            assign grp_any[g] = |nib_any1[4*g +: 4];
            assign grp_first[2*g +: 2] = first4(nib_any1[4*g +: 3]);
            assign grp_low[2*g +: 2] = lows[2*grp_first[2*g +: 2] +: 2];
        end
    endgenerate
    wire [1:0] scan_g = first4(grp_any[2:0]);
    wire [5:0] scan_idx = {scan_g, grp_first[2*scan_g +: 2], grp_low[2*scan_g +: 2]};
    wire       scan_zero = !(|grp_any);

    // ---- The plain results, SCC, EXEC and MODE ----
    wire        lt_u = sub1[32];
    wire        lt_s = lt_u ^ a1[31] ^ b1[31];
    wire        cmp = cmp_tt1[{cmp_s1 ? lt_s : lt_u, eq1}];
    wire [63:0] a1_32 = {32'd0, a1[31:0]};
    wire [63:0] b1_32 = {32'd0, b1[31:0]};
    wire [63:0] lg_y = lg_exec1 ? exec1 : b1;
    reg  [63:0] lg;
    integer li;
    always @* for (li = 0; li < 64; li = li + 1) lg[li] = tt1[{a1[li], lg_y[li]}];
    wire [63:0] sub1_64 = {{31{sub1[32]}}, sub1};
    wire [63:0] absd = sub1[31] ? {{31{rdiff1[32]}}, rdiff1} : sub1_64;
    wire [63:0] pack = {32'd0, pack_bhi1 ? b1[31:16] : b1[15:0],
                        pack_ahi1 ? a1[31:16] : a1[15:0]};
    wire [63:0] sext8 = {a1[7] ? a1[63:32] : 32'd0, {24{a1[7]}}, a1[7:0]};
    wire [63:0] sext16 = {a1[15] ? a1[63:32] : 32'd0, {16{a1[15]}}, a1[15:0]};
    wire [63:0] bitrep, wqm;
    wire [15:0] quad;
    generate
        for (g = 0; g < 16; g = g + 1) begin : quad_bit
            assign quad[g] = |a1[4*g +: 4];
            assign wqm[4*g +: 4] = {4{quad[g]}};
            assign bitrep[4*g +: 4] = {{2{a1[2*g+1]}}, {2{a1[2*g]}}};
        end
    endgenerate
    wire [63:0] q = ({64{g_add1}} & {31'd0, add1})
                  | ({64{g_sub1}} & sub1_64)
                  | ({64{g_lshl1}} & {27'd0, lshl1})
                  | ({64{g_abs1}} & {32'd0, a1[31] ? neg1 : a1[31:0]})
                  | ({64{g_pc41}} & pc41)
                  | ({64{g_absd1}} & absd)
                  | ({64{g_mm1}} & (cmp ? a1_32 : b1_32))
                  | ({64{g_lg1}} & lg)
                  | ({64{g_exec1}} & exec1)
                  | ({64{g_pack1}} & pack)
                  | ({64{g_sext81}} & sext8)
                  | ({64{g_sext161}} & sext16)
                  | ({64{g_bs01}} & b1 & ~onehot1)
                  | ({64{g_bs11}} & (b1 | onehot1))
                  | ({64{g_bitrep1}} & bitrep)
                  | ({64{g_quad1}} & {48'd0, quad})
                  | ({64{g_wqm1}} & wqm);
    wire        q_scc = (c_pass1 && scc1)
                      || (c_c321 && add1[32])
                      || (c_borrow1 && sub1[32])
                      || (c_addi1 && a1[31] == b1[31] && a1[31] != add1[31])
                      || (c_subi1 && a1[31] != b1[31] && a1[31] != sub1[31])
                      || (c_lshl1 && |lshl1[36:32])
                      || (c_cmp1 && cmp);
    wire [63:0] q_exec = w_exec1 ? lg : exec1;
    wire [31:0] q_mode = m_round1 ? {mode1[31:4], b1[3:0]}
                       : m_denorm1 ? {mode1[31:8], b1[3:0], mode1[3:0]} : mode1;
    // The population count (s_bcnt0 of 32 bits: 32 - popcount(a) = popcount(~a) - 32,
    // sign-extended: cnt_ext) and the lowest set bit (none: -1 as 32 bits).
    // (32 bits); s_bcnt0 of 32 bits: 32 - popcount(a) = popcount(~a) - 32, sign-extended.
    wire        bcnt0_32 = bcnt01 && !wide1;
    wire [6:0]  cnt = bcnt0_32 ? {pop[6] ^ !pop[5], !pop[5], pop[4:0]} : pop;
    wire        cnt_ext = bcnt0_32 && !pop[6] && !pop[5];

    // ---- Registers of stage 2 ----
    reg  [63:0] q2, exec2, sh2, fmask2;
    reg  [64:0] prod2;
    reg  [31:0] mode2;
    reg         scc2, d_wide2, sext2;
    reg         sel_q2, sel_sh2, sel_mlo2, sel_mhu2, sel_mhi2, sel_cnt2, nz_rule2, exec_rule2;
    reg         bitcmp2, bitcmp_inv2, setreg2;
    reg  [6:0]  cnt2;
    reg         cnt_ext2, scan_op2, scan_zero2;
    reg  [5:0]  scan_idx2;
    always @(posedge clock) begin
        q2 <= q;
        exec2 <= q_exec;
        mode2 <= q_mode;
        scc2 <= q_scc;
        d_wide2 <= d_wide1;
        sh2 <= sh;
        fmask2 <= fmask;
        sext2 <= sext;
        prod2 <= INT_MUL != 0 ? prod : 65'd0;
        {sel_q2, sel_sh2, sel_mlo2, sel_mhu2, sel_mhi2, sel_cnt2, nz_rule2, exec_rule2} <=
            {sel_q1, sel_sh1, sel_mlo1, sel_mhu1, sel_mhi1, sel_cnt1, nz_rule1, exec_rule1};
        {bitcmp2, bitcmp_inv2, setreg2} <= {bitcmp1, bitcmp_inv1, setreg1};
        {cnt2, cnt_ext2, scan_op2, scan_zero2, scan_idx2} <=
            {cnt, cnt_ext, scan_op1, scan_zero, scan_idx};
    end

    // ================= Stage 3 =================
    wire [63:0] sh_field = (sh2 & fmask2) | (~fmask2 & {64{sext2}});
    wire [63:0] res = ({64{sel_q2}} & q2)
                    | ({64{sel_sh2}} & sh_field)
                    | ({64{sel_mlo2}} & prod2[63:0])
                    | ({64{sel_mhu2}} & {32'd0, prod2[63:32]})
                    | ({64{sel_mhi2}} & {{32{!prod2[64]}}, prod2[63:32]})
                    | ({64{sel_cnt2}} & {{57{cnt_ext2}}, cnt2})
                    | ({64{scan_op2}} & {32'd0, {26{scan_zero2}}, scan_idx2 | {6{scan_zero2}}});
    wire [63:0] res_t = d_wide2 ? res : {32'd0, res[31:0]};
    wire        exec_nz = |exec2[31:0] || (d_wide2 && |exec2[63:32]);
    always @(posedge clock) begin
        result <= res_t;
        scc_out <= nz_rule2 ? |res_t : exec_rule2 ? exec_nz : bitcmp2 ? sh2[0] ^ bitcmp_inv2
                   : scc2;
        exec_out <= exec2;
        mode_out <= setreg2 ? (mode2 & ~fmask2[31:0]) | (sh2[31:0] & fmask2[31:0]) : mode2;
    end
endmodule

`default_nettype wire
