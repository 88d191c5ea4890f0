//! The rust-hdl scalar ALU, the reference the block test of the compute unit's scalar ALU
//! (`scalar_alu`) compares with: every SALU function of chapter 16.1–16.4 over 64-bit operands, and the
//! MODE updates (`s_setreg*`, `s_round_mode`, `s_denorm_mode`), in three stages so that no
//! path exceeds a few adder/mux levels at ≥ 50 MHz on ECP5.
//!
//! The inputs (`op`, `a`, `b`, widths, `scc`, `exec`, `mode`, `pc`) are held stable by the
//! sequencer for the three EX cycles. Stage 1 registers the expensive helpers (16×16
//! partial products on DSPs, both shifters, the bitfield mask, the `hwreg` field mask, the
//! bit-reversed / lowest-set-bit form used by ctz/clz/cls, the first three popcount steps);
//! stage 2 registers the 64-bit product and the population count; stage 3 (`result`,
//! `scc_out`, `exec_out`, `mode_out`) is combinational from those and is sampled by the
//! sequencer at the end of EX3. An operation that uses none of the stage registers
//! (`quick`: adds, compares, logic, moves, selects, saveexec, ...) is right from the
//! inputs alone: the sequencer then skips EX1 and EX2 (the same stage-3 paths, from the
//! same registered inputs).
//!
//! 32-bit operands arrive zero-extended; 32-bit results are zero-extended here.
//!
//! [`Salu::pipelined`] builds the same unit for a pipeline that hands it one operation a
//! cycle (the form the block test runs): stage 3 then reads the inputs and the stage-1 registers
//! it needs through delay registers, so every operation's outputs come
//! [`PIPELINED_LATENCY`] rising edges after its inputs, whatever follows it. Held inputs
//! give the same outputs in both forms.

use crate::control::AluOp;
use rust_hdl::prelude::*;

/// Rising edges from a pipelined SALU's inputs to its outputs ([`Salu::pipelined`]).
pub const PIPELINED_LATENCY: usize = 2;

/// Three-stage SALU (see the module comment for timing).
#[derive(LogicBlock)]
pub struct Salu {
    pub clock: Signal<In, Clock>,
    pub op: Signal<In, AluOp>,
    pub a: Signal<In, Bits<64>>,
    pub b: Signal<In, Bits<64>>,
    /// The operation is 64-bit (a 64-bit source or destination): shift amounts use 6 bits.
    pub wide: Signal<In, bool>,
    /// The destination is 64-bit (else the result is truncated to 32 bits).
    pub d_wide: Signal<In, bool>,
    pub scc: Signal<In, bool>,
    pub exec: Signal<In, Bits<64>>,
    /// The MODE hardware register.
    pub mode: Signal<In, Bits<32>>,
    /// The instruction's address (`s_getpc_b64` / `s_call_b64` write it + 4).
    pub pc: Signal<In, Bits<64>>,
    pub result: Signal<Out, Bits<64>>,
    pub scc_out: Signal<Out, bool>,
    pub exec_out: Signal<Out, Bits<64>>,
    /// MODE after the operation (unchanged unless the op writes MODE).
    pub mode_out: Signal<Out, Bits<32>>,
    /// The operation uses no stage-1 or stage-2 register (not a shift, bitfield, multiply,
    /// bit count or scan, `s_getreg` / `s_setreg`): its outputs are right in the first
    /// cycle its inputs are held, and the sequencer may sample them then.
    pub quick: Signal<Out, bool>,
    speed: SaluQuick,
    /// Whether the inputs flow (one operation a cycle, each result [`PIPELINED_LATENCY`]
    /// rising edges after its inputs) rather than being held for the three cycles.
    pipelined: Constant<bool>,
    // Pipelined: the inputs and the stage-1 registers stage 3 reads, delayed to it.
    op_d1: DFF<AluOp>,
    op_d2: DFF<AluOp>,
    a_d1: DFF<Bits<64>>,
    a_d2: DFF<Bits<64>>,
    b_d1: DFF<Bits<64>>,
    b_d2: DFF<Bits<64>>,
    wide_d1: DFF<bool>,
    wide_d2: DFF<bool>,
    d_wide_d1: DFF<bool>,
    d_wide_d2: DFF<bool>,
    scc_d1: DFF<bool>,
    scc_d2: DFF<bool>,
    exec_d1: DFF<Bits<64>>,
    exec_d2: DFF<Bits<64>>,
    mode_d1: DFF<Bits<32>>,
    mode_d2: DFF<Bits<32>>,
    pc_d1: DFF<Bits<64>>,
    pc_d2: DFF<Bits<64>>,
    amt_d1: DFF<Bits<6>>,
    amt_d2: DFF<Bits<6>>,
    shl_d: DFF<Bits<64>>,
    shr_d: DFF<Bits<64>>,
    bfe_mask_d: DFF<Bits<64>>,
    bfe_sext_d: DFF<bool>,
    hw_field_d: DFF<Bits<32>>,
    cz_in_d: DFF<Bits<64>>,
    onehot_d: DFF<Bits<64>>,
    mul_corr_d: DFF<Bits<32>>,
    // Stage 3's view of them: as they are (held) or delayed (pipelined).
    op3: Signal<Local, AluOp>,
    a3: Signal<Local, Bits<64>>,
    b3: Signal<Local, Bits<64>>,
    wide3: Signal<Local, bool>,
    d_wide3: Signal<Local, bool>,
    scc3: Signal<Local, bool>,
    exec3: Signal<Local, Bits<64>>,
    mode3: Signal<Local, Bits<32>>,
    pc3: Signal<Local, Bits<64>>,
    amt3: Signal<Local, Bits<6>>,
    shl3: Signal<Local, Bits<64>>,
    shr3: Signal<Local, Bits<64>>,
    bfe_mask3: Signal<Local, Bits<64>>,
    bfe_sext3: Signal<Local, bool>,
    hw_field3: Signal<Local, Bits<32>>,
    cz_in3: Signal<Local, Bits<64>>,
    onehot3: Signal<Local, Bits<64>>,
    mul_corr3: Signal<Local, Bits<32>>,

    // Stage 1 registers.
    pp_ll: DFF<Bits<32>>,
    pp_lh: DFF<Bits<32>>,
    pp_hl: DFF<Bits<32>>,
    pp_hh: DFF<Bits<32>>,
    mul_corr: DFF<Bits<32>>,
    shl: DFF<Bits<64>>,
    shr: DFF<Bits<64>>,
    bfe_mask: DFF<Bits<64>>,
    bfe_sext: DFF<bool>,
    hw_field: DFF<Bits<32>>,
    cz_in: DFF<Bits<64>>,
    onehot: DFF<Bits<64>>,
    pop_bytes: DFF<Bits<64>>,
    // Stage 2 registers.
    prod: DFF<Bits<64>>,
    pop: DFF<Bits<64>>,

    // Stage 1 combinational helpers.
    amt: Signal<Local, Bits<6>>,
    hwreg: Signal<Local, bool>,
    hw_mask: Signal<Local, Bits<32>>,
    shl_src: Signal<Local, Bits<64>>,
    shr_in: Signal<Local, Bits<64>>,
    fill: Signal<Local, bool>,
    width7: Signal<Local, Bits<8>>,
    sign_idx: Signal<Local, Bits<8>>,
    sign_bit: Signal<Local, bool>,
    cz_src: Signal<Local, Bits<64>>,
    rev: Signal<Local, Bits<64>>,
    cz: Signal<Local, Bits<64>>,
    swar1: Signal<Local, Bits<64>>,
    swar2: Signal<Local, Bits<64>>,
    // Stage 2 combinational helpers.
    pop1: Signal<Local, Bits<64>>,
    pop2: Signal<Local, Bits<64>>,
    // Stage 3 combinational helpers.
    a32: Signal<Local, Bits<64>>,
    b32: Signal<Local, Bits<64>>,
    sum: Signal<Local, Bits<64>>,
    diff: Signal<Local, Bits<64>>,
    lt_s: Signal<Local, bool>,
    lt_u: Signal<Local, bool>,
    eq: Signal<Local, bool>,
    bit_sel: Signal<Local, Bits<64>>,
    cz_index: Signal<Local, Bits<64>>,
    res: Signal<Local, Bits<64>>,
    sumc: Signal<Local, Bits<64>>,
    lsum: Signal<Local, Bits<64>>,
    nz_rule: Signal<Local, bool>,
    exec_rule: Signal<Local, bool>,
    res_trunc: Signal<Local, Bits<64>>,
    scc_nz: Signal<Local, bool>,
    scc_o: Signal<Local, bool>,
    exec_o: Signal<Local, Bits<64>>,
    mode_o: Signal<Local, Bits<32>>,
    exec_nz: Signal<Local, bool>,
    /// Bit j of each lane index i (for the ctz encoder): mask of the i with bit j set.
    enc0: Constant<Bits<64>>,
    enc1: Constant<Bits<64>>,
    enc2: Constant<Bits<64>>,
    enc3: Constant<Bits<64>>,
    enc4: Constant<Bits<64>>,
    enc5: Constant<Bits<64>>,
    ones: Constant<Bits<64>>,
    lo32: Constant<Bits<64>>,
}

fn enc_mask(bit: u32) -> Constant<Bits<64>> {
    let m = (0..64u64)
        .filter(|i| (i >> bit) & 1 == 1)
        .fold(0u64, |m, i| m | (1 << i));
    Constant::new(m.into())
}

impl Default for Salu {
    fn default() -> Self {
        Salu {
            clock: Default::default(),
            op: Default::default(),
            a: Default::default(),
            b: Default::default(),
            wide: Default::default(),
            d_wide: Default::default(),
            scc: Default::default(),
            exec: Default::default(),
            mode: Default::default(),
            pc: Default::default(),
            result: Default::default(),
            scc_out: Default::default(),
            exec_out: Default::default(),
            mode_out: Default::default(),
            quick: Default::default(),
            speed: Default::default(),
            pipelined: Constant::new(false),
            op_d1: Default::default(),
            op_d2: Default::default(),
            a_d1: Default::default(),
            a_d2: Default::default(),
            b_d1: Default::default(),
            b_d2: Default::default(),
            wide_d1: Default::default(),
            wide_d2: Default::default(),
            d_wide_d1: Default::default(),
            d_wide_d2: Default::default(),
            scc_d1: Default::default(),
            scc_d2: Default::default(),
            exec_d1: Default::default(),
            exec_d2: Default::default(),
            mode_d1: Default::default(),
            mode_d2: Default::default(),
            pc_d1: Default::default(),
            pc_d2: Default::default(),
            amt_d1: Default::default(),
            amt_d2: Default::default(),
            shl_d: Default::default(),
            shr_d: Default::default(),
            bfe_mask_d: Default::default(),
            bfe_sext_d: Default::default(),
            hw_field_d: Default::default(),
            cz_in_d: Default::default(),
            onehot_d: Default::default(),
            mul_corr_d: Default::default(),
            op3: Default::default(),
            a3: Default::default(),
            b3: Default::default(),
            wide3: Default::default(),
            d_wide3: Default::default(),
            scc3: Default::default(),
            exec3: Default::default(),
            mode3: Default::default(),
            pc3: Default::default(),
            amt3: Default::default(),
            shl3: Default::default(),
            shr3: Default::default(),
            bfe_mask3: Default::default(),
            bfe_sext3: Default::default(),
            hw_field3: Default::default(),
            cz_in3: Default::default(),
            onehot3: Default::default(),
            mul_corr3: Default::default(),
            pp_ll: Default::default(),
            pp_lh: Default::default(),
            pp_hl: Default::default(),
            pp_hh: Default::default(),
            mul_corr: Default::default(),
            shl: Default::default(),
            shr: Default::default(),
            bfe_mask: Default::default(),
            bfe_sext: Default::default(),
            hw_field: Default::default(),
            cz_in: Default::default(),
            onehot: Default::default(),
            pop_bytes: Default::default(),
            prod: Default::default(),
            pop: Default::default(),
            amt: Default::default(),
            hwreg: Default::default(),
            hw_mask: Default::default(),
            shl_src: Default::default(),
            shr_in: Default::default(),
            fill: Default::default(),
            width7: Default::default(),
            sign_idx: Default::default(),
            sign_bit: Default::default(),
            cz_src: Default::default(),
            rev: Default::default(),
            cz: Default::default(),
            swar1: Default::default(),
            swar2: Default::default(),
            pop1: Default::default(),
            pop2: Default::default(),
            a32: Default::default(),
            b32: Default::default(),
            sum: Default::default(),
            diff: Default::default(),
            lt_s: Default::default(),
            lt_u: Default::default(),
            eq: Default::default(),
            bit_sel: Default::default(),
            cz_index: Default::default(),
            res: Default::default(),
            sumc: Default::default(),
            lsum: Default::default(),
            nz_rule: Default::default(),
            exec_rule: Default::default(),
            res_trunc: Default::default(),
            scc_nz: Default::default(),
            scc_o: Default::default(),
            exec_o: Default::default(),
            mode_o: Default::default(),
            exec_nz: Default::default(),
            enc0: enc_mask(0),
            enc1: enc_mask(1),
            enc2: enc_mask(2),
            enc3: enc_mask(3),
            enc4: enc_mask(4),
            enc5: enc_mask(5),
            ones: Constant::new(u64::MAX.into()),
            lo32: Constant::new(0xffff_ffffu64.into()),
        }
    }
}

impl Salu {
    /// The SALU for a pipeline: one operation a cycle, outputs [`PIPELINED_LATENCY`]
    /// rising edges after the inputs.
    pub fn pipelined() -> Salu {
        Salu {
            pipelined: Constant::new(true),
            ..Default::default()
        }
    }
}

impl Logic for Salu {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, pp_ll, pp_lh, pp_hl, pp_hh, mul_corr, shl, shr, bfe_mask, bfe_sext,
            hw_field, cz_in, onehot, pop_bytes, prod, pop, op_d1, op_d2, a_d1, a_d2, b_d1, b_d2,
            wide_d1, wide_d2, d_wide_d1, d_wide_d2, scc_d1, scc_d2, exec_d1, exec_d2, mode_d1,
            mode_d2, pc_d1, pc_d2, amt_d1, amt_d2, shl_d, shr_d, bfe_mask_d, bfe_sext_d,
            hw_field_d, cz_in_d, onehot_d, mul_corr_d
        );

        // ---------------- Stage 1 ----------------
        // Multiplier: four 16x16 partial products (one DSP each) and the signed
        // correction for s_mul_hi_i32: hi_s = hi_u - (a<0 ? b : 0) - (b<0 ? a : 0).
        self.pp_ll.d.next = self.a.val().get_bits::<16>(0) * self.b.val().get_bits::<16>(0);
        self.pp_lh.d.next = self.a.val().get_bits::<16>(0) * self.b.val().get_bits::<16>(16);
        self.pp_hl.d.next = self.a.val().get_bits::<16>(16) * self.b.val().get_bits::<16>(0);
        self.pp_hh.d.next = self.a.val().get_bits::<16>(16) * self.b.val().get_bits::<16>(16);
        self.mul_corr.d.next = 0.into();
        if self.a.val().get_bit(31) {
            self.mul_corr.d.next = self.b.val().get_bits::<32>(0);
        }
        if self.b.val().get_bit(31) {
            self.mul_corr.d.next = self.mul_corr.d.val() + self.a.val().get_bits::<32>(0);
        }

        // Shifters: amount S1[5:0] (64-bit ops) or S1[4:0]; OFFSET of a hwreg descriptor.
        // B of s_getreg/s_setreg is hwreg(ID, OFFSET, SIZE): OFFSET = B[10:6],
        // SIZE = B[15:11] + 1. s_getreg extracts MODE[OFFSET +: SIZE] like s_bfe_u32 (right
        // shifter, bitfield mask); s_setreg shifts S0 to OFFSET (left shifter) and merges it
        // under `hw_field`.
        self.hwreg.next = (self.op.val() == AluOp::GetReg) || (self.op.val() == AluOp::SetReg);
        self.amt.next = self.b.val().get_bits::<6>(0);
        if !self.wide.val() {
            self.amt.next = self.amt.val() & 31;
        }
        if self.hwreg.val() {
            self.amt.next = bit_cast::<6, 5>(self.b.val().get_bits::<5>(6));
        }
        // s_bfm: ((1 << S0[amt]) - 1) << S1[amt]; everything else shifts S0.
        self.shl_src.next = self.a.val();
        if self.op.val() == AluOp::Bfm {
            if self.wide.val() {
                self.shl_src.next = !(self.ones.val() << self.a.val().get_bits::<6>(0));
            } else {
                self.shl_src.next = !(self.ones.val() << self.a.val().get_bits::<5>(0));
            }
        }
        self.shl.d.next = self.shl_src.val() << self.amt.val();
        // Right shift: arithmetic for s_ashr_* and s_bfe_i* (32-bit sources sign-extended).
        self.shr_in.next = self.a.val();
        if self.op.val() == AluOp::GetReg {
            self.shr_in.next = bit_cast::<64, 32>(self.mode.val());
        }
        self.fill.next = false;
        if (self.op.val() == AluOp::Ashr) || (self.op.val() == AluOp::BfeI) {
            if !self.wide.val() && self.a.val().get_bit(31) {
                self.shr_in.next = self.a.val() | (self.ones.val() << 32);
            }
            self.fill.next = self.shr_in.val().get_bit(63);
        }
        self.shr.d.next = self.shr_in.val() >> self.amt.val();
        if self.fill.val() {
            self.shr.d.next =
                (self.shr_in.val() >> self.amt.val()) | !(self.ones.val() >> self.amt.val());
        }
        // Bitfield extract: width S1[22:16] (0..127), mask all-ones from the operand width;
        // a hwreg field's SIZE (1..32).
        self.width7.next = bit_cast::<8, 7>(self.b.val().get_bits::<7>(16));
        if self.hwreg.val() {
            self.width7.next = bit_cast::<8, 5>(self.b.val().get_bits::<5>(11)) + 1;
        }
        self.bfe_mask.d.next = !(self.ones.val() << self.width7.val().get_bits::<6>(0));
        if self.width7.val() >= 64 {
            self.bfe_mask.d.next = self.ones.val();
        }
        if !self.wide.val() && (self.width7.val() >= 32) {
            self.bfe_mask.d.next = self.ones.val();
        }
        // Sign of the extracted field: bit (offset + width - 1) of the sign-extended source.
        self.sign_idx.next = bit_cast::<8, 6>(self.amt.val()) + self.width7.val() - 1;
        self.sign_bit.next = self.fill.val();
        if self.sign_idx.val() < 64 {
            self.sign_bit.next = self
                .shr_in
                .val()
                .get_bit(self.sign_idx.val().get_bits::<6>(0).index());
        }
        self.bfe_sext.d.next = (self.op.val() == AluOp::BfeI)
            && (self.width7.val() != 0)
            && self.sign_bit.val()
            && ((self.wide.val() && (self.width7.val() < 64))
                || (!self.wide.val() && (self.width7.val() < 32)));
        // The hwreg field within MODE: the SIZE-bit mask shifted to OFFSET.
        self.hw_mask.next = self.bfe_mask.d.val().get_bits::<32>(0);
        self.hw_field.d.next = self.hw_mask.val() << self.amt.val();

        // ctz/clz/cls/brev: clz(x) = ctz(brev(x)); cls counts bits equal to the sign, so
        // it is clz of x ^ sign. 32-bit forms reverse within the low word.
        self.cz_src.next = self.a.val();
        if self.op.val() == AluOp::Cls {
            if self.wide.val() {
                if self.a.val().get_bit(63) {
                    self.cz_src.next = !self.a.val();
                }
            } else if self.a.val().get_bit(31) {
                self.cz_src.next = self.a.val() ^ self.lo32.val();
            }
        }
        self.rev.next = 0.into();
        for i in 0..64 {
            self.rev.next = self
                .rev
                .val()
                .replace_bit(i, self.cz_src.val().get_bit(63 - i));
        }
        if !self.wide.val() {
            self.rev.next = self.rev.val() >> 32;
        }
        self.cz.next = self.rev.val();
        if self.op.val() == AluOp::Ctz {
            self.cz.next = self.a.val();
        }
        self.cz_in.d.next = self.cz.val();
        self.onehot.d.next = self.cz.val() & (!self.cz.val() + 1);

        // Population count, SWAR steps 1-3: per-byte counts.
        self.swar1.next = self.a.val() - ((self.a.val() >> 1) & 0x5555_5555_5555_5555_u64);
        self.swar2.next = (self.swar1.val() & 0x3333_3333_3333_3333_u64)
            + ((self.swar1.val() >> 2) & 0x3333_3333_3333_3333_u64);
        self.pop_bytes.d.next =
            (self.swar2.val() + (self.swar2.val() >> 4)) & 0x0f0f_0f0f_0f0f_0f0f_u64;

        // ---------------- Stage 2 ----------------
        self.prod.d.next = bit_cast::<64, 32>(self.pp_ll.q.val())
            + (bit_cast::<64, 32>(self.pp_lh.q.val()) << 16)
            + (bit_cast::<64, 32>(self.pp_hl.q.val()) << 16)
            + (bit_cast::<64, 32>(self.pp_hh.q.val()) << 32);
        self.pop1.next = self.pop_bytes.q.val() + (self.pop_bytes.q.val() >> 8);
        self.pop2.next = self.pop1.val() + (self.pop1.val() >> 16);
        self.pop.d.next = (self.pop2.val() + (self.pop2.val() >> 32)) & 0x7f_u64;

        // ---------------- Delays (pipelined) ----------------
        self.op_d1.d.next = self.op.val();
        self.op_d2.d.next = self.op_d1.q.val();
        self.op3.next = self.op.val();
        self.a_d1.d.next = self.a.val();
        self.a_d2.d.next = self.a_d1.q.val();
        self.a3.next = self.a.val();
        self.b_d1.d.next = self.b.val();
        self.b_d2.d.next = self.b_d1.q.val();
        self.b3.next = self.b.val();
        self.wide_d1.d.next = self.wide.val();
        self.wide_d2.d.next = self.wide_d1.q.val();
        self.wide3.next = self.wide.val();
        self.d_wide_d1.d.next = self.d_wide.val();
        self.d_wide_d2.d.next = self.d_wide_d1.q.val();
        self.d_wide3.next = self.d_wide.val();
        self.scc_d1.d.next = self.scc.val();
        self.scc_d2.d.next = self.scc_d1.q.val();
        self.scc3.next = self.scc.val();
        self.exec_d1.d.next = self.exec.val();
        self.exec_d2.d.next = self.exec_d1.q.val();
        self.exec3.next = self.exec.val();
        self.mode_d1.d.next = self.mode.val();
        self.mode_d2.d.next = self.mode_d1.q.val();
        self.mode3.next = self.mode.val();
        self.pc_d1.d.next = self.pc.val();
        self.pc_d2.d.next = self.pc_d1.q.val();
        self.pc3.next = self.pc.val();
        self.amt_d1.d.next = self.amt.val();
        self.amt_d2.d.next = self.amt_d1.q.val();
        self.amt3.next = self.amt.val();
        self.shl_d.d.next = self.shl.q.val();
        self.shl3.next = self.shl.q.val();
        self.shr_d.d.next = self.shr.q.val();
        self.shr3.next = self.shr.q.val();
        self.bfe_mask_d.d.next = self.bfe_mask.q.val();
        self.bfe_mask3.next = self.bfe_mask.q.val();
        self.bfe_sext_d.d.next = self.bfe_sext.q.val();
        self.bfe_sext3.next = self.bfe_sext.q.val();
        self.hw_field_d.d.next = self.hw_field.q.val();
        self.hw_field3.next = self.hw_field.q.val();
        self.cz_in_d.d.next = self.cz_in.q.val();
        self.cz_in3.next = self.cz_in.q.val();
        self.onehot_d.d.next = self.onehot.q.val();
        self.onehot3.next = self.onehot.q.val();
        self.mul_corr_d.d.next = self.mul_corr.q.val();
        self.mul_corr3.next = self.mul_corr.q.val();
        if self.pipelined.val() {
            self.op3.next = self.op_d2.q.val();
            self.a3.next = self.a_d2.q.val();
            self.b3.next = self.b_d2.q.val();
            self.wide3.next = self.wide_d2.q.val();
            self.d_wide3.next = self.d_wide_d2.q.val();
            self.scc3.next = self.scc_d2.q.val();
            self.exec3.next = self.exec_d2.q.val();
            self.mode3.next = self.mode_d2.q.val();
            self.pc3.next = self.pc_d2.q.val();
            self.amt3.next = self.amt_d2.q.val();
            self.shl3.next = self.shl_d.q.val();
            self.shr3.next = self.shr_d.q.val();
            self.bfe_mask3.next = self.bfe_mask_d.q.val();
            self.bfe_sext3.next = self.bfe_sext_d.q.val();
            self.hw_field3.next = self.hw_field_d.q.val();
            self.cz_in3.next = self.cz_in_d.q.val();
            self.onehot3.next = self.onehot_d.q.val();
            self.mul_corr3.next = self.mul_corr_d.q.val();
        }

        // ---------------- Stage 3 ----------------
        self.a32.next = self.a3.val() & self.lo32.val();
        self.b32.next = self.b3.val() & self.lo32.val();
        self.sum.next = self.a32.val() + self.b32.val();
        self.diff.next = self.a32.val() - self.b32.val();
        // Signed 32-bit compare by flipping the sign bits.
        self.lt_s.next = (self.a32.val() ^ 0x8000_0000_u64) < (self.b32.val() ^ 0x8000_0000_u64);
        self.lt_u.next = self.a32.val() < self.b32.val();
        // Equality over the operation's width (s_cmpk_eq_i32's B is SIMM16 sign-extended
        // to 64 bits, its A a zero-extended 32-bit register).
        self.eq.next = self.a32.val() == self.b32.val();
        if self.wide3.val() {
            self.eq.next = self.a3.val() == self.b3.val();
        }
        // One-hot of the bit index S0[5:0] / S0[4:0] (bitset) or S1 (bitcmp).
        self.bit_sel.next = 0.into();
        if (self.op3.val() == AluOp::Bitcmp0) || (self.op3.val() == AluOp::Bitcmp1) {
            self.bit_sel.next = self.a3.val() >> self.amt3.val();
        } else if self.wide3.val() {
            self.bit_sel.next = bit_cast::<64, 1>(1.into()) << self.a3.val().get_bits::<6>(0);
        } else {
            self.bit_sel.next = bit_cast::<64, 1>(1.into()) << self.a3.val().get_bits::<5>(0);
        }
        // ctz encoder: index bit j = any set bit of the one-hot whose position has bit j.
        self.cz_index.next = 0.into();
        if (self.onehot3.val() & self.enc0.val()).any() {
            self.cz_index.next = self.cz_index.val() | 1;
        }
        if (self.onehot3.val() & self.enc1.val()).any() {
            self.cz_index.next = self.cz_index.val() | 2;
        }
        if (self.onehot3.val() & self.enc2.val()).any() {
            self.cz_index.next = self.cz_index.val() | 4;
        }
        if (self.onehot3.val() & self.enc3.val()).any() {
            self.cz_index.next = self.cz_index.val() | 8;
        }
        if (self.onehot3.val() & self.enc4.val()).any() {
            self.cz_index.next = self.cz_index.val() | 16;
        }
        if (self.onehot3.val() & self.enc5.val()).any() {
            self.cz_index.next = self.cz_index.val() | 32;
        }
        if self.cz_in3.val() == 0 {
            self.cz_index.next = self.lo32.val();
        }

        self.sumc.next = self.sum.val() + self.scc3.val();
        self.lsum.next = 0.into();
        self.res.next = 0.into();
        self.scc_o.next = self.scc3.val();
        self.exec_o.next = self.exec3.val();
        self.mode_o.next = self.mode3.val();
        self.nz_rule.next = false;
        self.exec_rule.next = false;
        match self.op3.val() {
            AluOp::AddU => {
                self.res.next = self.sum.val();
                self.scc_o.next = self.sum.val().get_bit(32);
            }
            AluOp::SubU => {
                self.res.next = self.diff.val();
                self.scc_o.next = self.lt_u.val();
            }
            AluOp::AddI => {
                self.res.next = self.sum.val();
                self.scc_o.next = (self.a3.val().get_bit(31) == self.b3.val().get_bit(31))
                    && (self.a3.val().get_bit(31) != self.sum.val().get_bit(31));
            }
            AluOp::SubI => {
                self.res.next = self.diff.val();
                self.scc_o.next = (self.a3.val().get_bit(31) != self.b3.val().get_bit(31))
                    && (self.a3.val().get_bit(31) != self.diff.val().get_bit(31));
            }
            AluOp::Addc => {
                self.res.next = self.sumc.val();
                self.scc_o.next = self.sumc.val().get_bit(32);
            }
            AluOp::Subb => {
                self.res.next = self.a32.val() - (self.b32.val() + self.scc3.val());
                self.scc_o.next = (self.b32.val() + self.scc3.val()) > self.a32.val();
            }
            AluOp::Absdiff => {
                self.nz_rule.next = true;
                self.res.next = self.diff.val();
                if self.diff.val().get_bit(31) {
                    self.res.next = self.b32.val() - self.a32.val();
                }
            }
            AluOp::Shl => {
                self.nz_rule.next = true;
                self.res.next = self.shl3.val();
            }
            AluOp::Shr => {
                self.nz_rule.next = true;
                self.res.next = self.shr3.val();
            }
            AluOp::Ashr => {
                self.nz_rule.next = true;
                self.res.next = self.shr3.val();
            }
            AluOp::Lshl1Add => {
                self.lsum.next = (self.a32.val() << 1) + self.b32.val();
                self.res.next = self.lsum.val();
                self.scc_o.next = self.lsum.val().get_bits::<32>(32).any();
            }
            AluOp::Lshl2Add => {
                self.lsum.next = (self.a32.val() << 2) + self.b32.val();
                self.res.next = self.lsum.val();
                self.scc_o.next = self.lsum.val().get_bits::<32>(32).any();
            }
            AluOp::Lshl3Add => {
                self.lsum.next = (self.a32.val() << 3) + self.b32.val();
                self.res.next = self.lsum.val();
                self.scc_o.next = self.lsum.val().get_bits::<32>(32).any();
            }
            AluOp::Lshl4Add => {
                self.lsum.next = (self.a32.val() << 4) + self.b32.val();
                self.res.next = self.lsum.val();
                self.scc_o.next = self.lsum.val().get_bits::<32>(32).any();
            }
            AluOp::MinI => {
                self.scc_o.next = self.lt_s.val();
                self.res.next = self.b32.val();
                if self.lt_s.val() {
                    self.res.next = self.a32.val();
                }
            }
            AluOp::MinU => {
                self.scc_o.next = self.lt_u.val();
                self.res.next = self.b32.val();
                if self.lt_u.val() {
                    self.res.next = self.a32.val();
                }
            }
            AluOp::MaxI => {
                self.scc_o.next = !self.lt_s.val() && !self.eq.val();
                self.res.next = self.b32.val();
                if !self.lt_s.val() && !self.eq.val() {
                    self.res.next = self.a32.val();
                }
            }
            AluOp::MaxU => {
                self.scc_o.next = !self.lt_u.val() && !self.eq.val();
                self.res.next = self.b32.val();
                if !self.lt_u.val() && !self.eq.val() {
                    self.res.next = self.a32.val();
                }
            }
            AluOp::And => {
                self.nz_rule.next = true;
                self.res.next = self.a3.val() & self.b3.val();
            }
            AluOp::Or => {
                self.nz_rule.next = true;
                self.res.next = self.a3.val() | self.b3.val();
            }
            AluOp::Xor => {
                self.nz_rule.next = true;
                self.res.next = self.a3.val() ^ self.b3.val();
            }
            AluOp::Nand => {
                self.nz_rule.next = true;
                self.res.next = !(self.a3.val() & self.b3.val());
            }
            AluOp::Nor => {
                self.nz_rule.next = true;
                self.res.next = !(self.a3.val() | self.b3.val());
            }
            AluOp::Xnor => {
                self.nz_rule.next = true;
                self.res.next = !(self.a3.val() ^ self.b3.val());
            }
            AluOp::AndNot1 => {
                self.nz_rule.next = true;
                self.res.next = self.a3.val() & !self.b3.val();
            }
            AluOp::OrNot1 => {
                self.nz_rule.next = true;
                self.res.next = self.a3.val() | !self.b3.val();
            }
            AluOp::BfeU => {
                self.nz_rule.next = true;
                self.res.next = self.shr3.val() & self.bfe_mask3.val();
            }
            AluOp::BfeI => {
                self.nz_rule.next = true;
                self.res.next = self.shr3.val() & self.bfe_mask3.val();
                if self.bfe_sext3.val() {
                    self.res.next = self.shr3.val() | !self.bfe_mask3.val();
                }
            }
            AluOp::Bfm => {
                self.res.next = self.shl3.val();
            }
            AluOp::MulLo => {
                self.res.next = self.prod.q.val();
            }
            AluOp::MulHiU => {
                self.res.next = self.prod.q.val() >> 32;
            }
            AluOp::MulHiI => {
                self.res.next =
                    (self.prod.q.val() >> 32) - bit_cast::<64, 32>(self.mul_corr3.val());
            }
            AluOp::Csel => {
                self.res.next = self.b3.val();
                if self.scc3.val() {
                    self.res.next = self.a3.val();
                }
            }
            AluOp::PackLl => {
                self.res.next = (self.a3.val() & 0xffff_u64) | ((self.b3.val() & 0xffff_u64) << 16);
            }
            AluOp::PackLh => {
                self.res.next = (self.a3.val() & 0xffff_u64) | (self.b3.val() & 0xffff_0000_u64);
            }
            AluOp::PackHh => {
                self.res.next =
                    ((self.a3.val() >> 16) & 0xffff_u64) | (self.b3.val() & 0xffff_0000_u64);
            }
            AluOp::PackHl => {
                self.res.next =
                    ((self.a3.val() >> 16) & 0xffff_u64) | ((self.b3.val() & 0xffff_u64) << 16);
            }
            AluOp::MovA => {
                self.res.next = self.a3.val();
            }
            AluOp::MovB => {
                self.res.next = self.b3.val();
            }
            AluOp::Brev => {
                self.res.next = self.cz_in3.val();
            }
            AluOp::Ctz => {
                self.res.next = self.cz_index.val();
            }
            AluOp::Clz => {
                self.res.next = self.cz_index.val();
            }
            AluOp::Cls => {
                self.res.next = self.cz_index.val();
            }
            AluOp::Sext8 => {
                self.res.next = self.a3.val() & 0xff_u64;
                if self.a3.val().get_bit(7) {
                    self.res.next = self.a3.val() | 0xffff_ff00_u64;
                }
            }
            AluOp::Sext16 => {
                self.res.next = self.a3.val() & 0xffff_u64;
                if self.a3.val().get_bit(15) {
                    self.res.next = self.a3.val() | 0xffff_0000_u64;
                }
            }
            AluOp::Bitset0 => {
                self.res.next = self.b3.val() & !self.bit_sel.val();
            }
            AluOp::Bitset1 => {
                self.res.next = self.b3.val() | self.bit_sel.val();
            }
            AluOp::Bitrep => {
                for i in 0..32 {
                    self.res.next = self.res.val().replace_bit(2 * i, self.a3.val().get_bit(i));
                    self.res.next = self
                        .res
                        .val()
                        .replace_bit(2 * i + 1, self.a3.val().get_bit(i));
                }
            }
            AluOp::Abs => {
                self.nz_rule.next = true;
                self.res.next = self.a32.val();
                if self.a3.val().get_bit(31) {
                    self.res.next = self.lo32.val() & (!self.a32.val() + 1);
                }
            }
            AluOp::Bcnt0 => {
                self.nz_rule.next = true;
                if self.wide3.val() {
                    self.res.next = bit_cast::<64, 7>(64.into()) - self.pop.q.val();
                } else {
                    self.res.next = bit_cast::<64, 7>(32.into()) - self.pop.q.val();
                }
            }
            AluOp::Bcnt1 => {
                self.nz_rule.next = true;
                self.res.next = self.pop.q.val();
            }
            AluOp::Quadmask => {
                self.nz_rule.next = true;
                for i in 0..16 {
                    self.res.next = self
                        .res
                        .val()
                        .replace_bit(i, self.a3.val().get_bits::<4>(4 * i).any());
                }
            }
            AluOp::Wqm => {
                self.nz_rule.next = true;
                for i in 0..64 {
                    self.res.next = self
                        .res
                        .val()
                        .replace_bit(i, self.a3.val().get_bits::<4>(4 * (i >> 2)).any());
                }
            }
            AluOp::Not => {
                self.nz_rule.next = true;
                self.res.next = !self.a3.val();
            }
            AluOp::SaveAnd => {
                self.exec_rule.next = true;
                self.exec_o.next = self.a3.val() & self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::SaveOr => {
                self.exec_rule.next = true;
                self.exec_o.next = self.a3.val() | self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::SaveXor => {
                self.exec_rule.next = true;
                self.exec_o.next = self.a3.val() ^ self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::SaveNand => {
                self.exec_rule.next = true;
                self.exec_o.next = !(self.a3.val() & self.exec3.val());
                self.res.next = self.exec3.val();
            }
            AluOp::SaveNor => {
                self.exec_rule.next = true;
                self.exec_o.next = !(self.a3.val() | self.exec3.val());
                self.res.next = self.exec3.val();
            }
            AluOp::SaveXnor => {
                self.exec_rule.next = true;
                self.exec_o.next = !(self.a3.val() ^ self.exec3.val());
                self.res.next = self.exec3.val();
            }
            AluOp::SaveAndNot0 => {
                self.exec_rule.next = true;
                self.exec_o.next = !self.a3.val() & self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::SaveOrNot0 => {
                self.exec_rule.next = true;
                self.exec_o.next = !self.a3.val() | self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::SaveAndNot1 => {
                self.exec_rule.next = true;
                self.exec_o.next = self.a3.val() & !self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::SaveOrNot1 => {
                self.exec_rule.next = true;
                self.exec_o.next = self.a3.val() | !self.exec3.val();
                self.res.next = self.exec3.val();
            }
            AluOp::WrAndNot0 => {
                self.exec_rule.next = true;
                self.exec_o.next = !self.a3.val() & self.exec3.val();
                self.res.next = !self.a3.val() & self.exec3.val();
            }
            AluOp::WrAndNot1 => {
                self.exec_rule.next = true;
                self.exec_o.next = self.a3.val() & !self.exec3.val();
                self.res.next = self.a3.val() & !self.exec3.val();
            }
            AluOp::Pc4 => {
                self.res.next = self.pc3.val() + 4;
            }
            AluOp::CmpEq => {
                self.scc_o.next = self.eq.val();
            }
            AluOp::CmpLg => {
                self.scc_o.next = !self.eq.val();
            }
            AluOp::CmpGtI => {
                self.scc_o.next = !self.lt_s.val() && !self.eq.val();
            }
            AluOp::CmpGeI => {
                self.scc_o.next = !self.lt_s.val();
            }
            AluOp::CmpLtI => {
                self.scc_o.next = self.lt_s.val();
            }
            AluOp::CmpLeI => {
                self.scc_o.next = self.lt_s.val() || self.eq.val();
            }
            AluOp::CmpGtU => {
                self.scc_o.next = !self.lt_u.val() && !self.eq.val();
            }
            AluOp::CmpGeU => {
                self.scc_o.next = !self.lt_u.val();
            }
            AluOp::CmpLtU => {
                self.scc_o.next = self.lt_u.val();
            }
            AluOp::CmpLeU => {
                self.scc_o.next = self.lt_u.val() || self.eq.val();
            }
            AluOp::Bitcmp0 => {
                self.scc_o.next = !self.bit_sel.val().get_bit(0);
            }
            AluOp::Bitcmp1 => {
                self.scc_o.next = self.bit_sel.val().get_bit(0);
            }
            AluOp::GetReg => {
                self.res.next = self.shr3.val() & self.bfe_mask3.val();
            }
            AluOp::SetReg => {
                self.mode_o.next = (self.mode3.val() & !self.hw_field3.val())
                    | (self.shl3.val().get_bits::<32>(0) & self.hw_field3.val());
            }
            AluOp::RoundMode => {
                self.mode_o.next = (self.mode3.val() & 0xffff_fff0_u64)
                    | bit_cast::<32, 4>(self.b3.val().get_bits::<4>(0));
            }
            AluOp::DenormMode => {
                self.mode_o.next = (self.mode3.val() & 0xffff_ff0f_u64)
                    | (bit_cast::<32, 4>(self.b3.val().get_bits::<4>(0)) << 4);
            }
            _ => {}
        }
        // 32-bit destinations are zero-extended; "D != 0" SCC rules use that width.
        self.res_trunc.next = self.res.val();
        if !self.d_wide3.val() {
            self.res_trunc.next = self.res.val() & self.lo32.val();
        }
        self.scc_nz.next = self.res_trunc.val().any();
        self.exec_nz.next = self.exec_o.val().any();
        if !self.d_wide3.val() {
            self.exec_nz.next = (self.exec_o.val() & self.lo32.val()).any();
        }
        self.result.next = self.res_trunc.val();
        self.scc_out.next = self.scc_o.val();
        if self.nz_rule.val() {
            self.scc_out.next = self.scc_nz.val();
        }
        if self.exec_rule.val() {
            self.scc_out.next = self.exec_nz.val();
        }
        self.exec_out.next = self.exec_o.val();
        self.mode_out.next = self.mode_o.val();
        self.speed.op.next = self.op.val();
        self.quick.next = self.speed.quick.val();
    }
}

/// Whether a SALU operation is quick ([`Salu::quick`]).
#[derive(LogicBlock, Default)]
pub struct SaluQuick {
    pub op: Signal<In, AluOp>,
    pub quick: Signal<Out, bool>,
}

impl Logic for SaluQuick {
    #[hdl_gen]
    fn update(&mut self) {
        self.quick.next = !((self.op.val() == AluOp::Shl)
            || (self.op.val() == AluOp::Shr)
            || (self.op.val() == AluOp::Ashr)
            || (self.op.val() == AluOp::BfeU)
            || (self.op.val() == AluOp::BfeI)
            || (self.op.val() == AluOp::Bfm)
            || (self.op.val() == AluOp::MulLo)
            || (self.op.val() == AluOp::MulHiU)
            || (self.op.val() == AluOp::MulHiI)
            || (self.op.val() == AluOp::Brev)
            || (self.op.val() == AluOp::Ctz)
            || (self.op.val() == AluOp::Clz)
            || (self.op.val() == AluOp::Cls)
            || (self.op.val() == AluOp::Bcnt0)
            || (self.op.val() == AluOp::Bcnt1)
            || (self.op.val() == AluOp::GetReg)
            || (self.op.val() == AluOp::SetReg));
    }
}
