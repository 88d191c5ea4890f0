//! Scalar ALU and program-control semantics (SOP2, SOPK, SOP1, SOPC, SOPP), following the
//! chapter 16 pseudocode; see the module documentation of [`crate::model`] for the choices.

use super::operands::sign_extend;
use super::{Exec, ModelError, Res, Wave, HW_REG_MODE};
use cu32_isa::operand::{EXEC_LO, TTMP0, VCC_LO};
use cu32_isa::{ArgKind, Mn};

/// `(1 << width) - 1` without overflow: all ones at or above 64.
fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl Exec<'_> {
    fn d32(&mut self, value: u32) {
        self.write32(self.instr.sdst, value);
    }

    fn d64(&mut self, value: u64) {
        self.write64(self.instr.sdst, value);
    }
    /// D0 = value, SCC = value != 0.
    fn d32_nz(&mut self, value: u32) {
        self.d32(value);
        self.set_scc(value != 0);
    }

    fn d64_nz(&mut self, value: u64) {
        self.d64(value);
        self.set_scc(value != 0);
    }

    /// Jumps to a byte address, checking it lies inside the program.
    pub(super) fn jump(&mut self, target: i128) -> Res<()> {
        if target < 0 || target >= i128::from(self.len) || target % 4 != 0 {
            return Err(ModelError::BranchTarget {
                pc: self.pc,
                word: self.word,
                name: self.name().to_string(),
                target,
                len: self.len,
            });
        }
        self.next_pc = target as u32;
        Ok(())
    }

    /// Short branch: PC + 4 + SIMM16 * 4.
    fn branch_if(&mut self, taken: bool) -> Res<()> {
        if taken {
            let offset = i128::from(self.instr.simm16 as i16) * 4;
            self.jump(i128::from(self.pc) + 4 + offset)?;
        }
        Ok(())
    }

    pub(super) fn sop2(&mut self) -> Res<()> {
        if self.dst_bits() == 64 {
            return self.sop2_64();
        }
        let (a, b) = (self.s0()?, self.s1()?);
        let (d, scc) =
            sop2_32(self.mn(), a, b, self.wave.scc).ok_or_else(|| self.not_modelled())?;
        self.d32(d);
        if let Some(scc) = scc {
            self.set_scc(scc);
        }
        Ok(())
    }

    /// Width of the destination operand per the table (32 when there is none).
    fn dst_bits(&self) -> u8 {
        self.instr.op.arg(ArgKind::Sdst).map_or(32, |a| a.bits)
    }

    /// Whether the table gives SSRC0 a 64-bit width.
    fn src0_is_64(&self) -> bool {
        self.instr
            .op
            .arg(ArgKind::Ssrc0)
            .is_some_and(|a| a.bits == 64)
    }

    /// Whether the table gives SSRC1 a 64-bit width.
    fn src1_is_64(&self) -> bool {
        self.instr
            .op
            .arg(ArgKind::Ssrc1)
            .is_some_and(|a| a.bits == 64)
    }

    /// SOP2 opcodes with a 64-bit destination. The table gives each source's width: the
    /// shift amount and bit-field descriptor (S1) of shifts and `s_bfe_*64`, and both
    /// sources of `s_bfm_b64`, are 32-bit.
    fn sop2_64(&mut self) -> Res<()> {
        if self.mn() == Mn::s_bfm_b64 {
            let (a, b) = (self.s0()?, self.s1()?);
            self.d64(((1u64 << (a & 63)) - 1) << (b & 63));
            return Ok(());
        }
        let a = self.s0_64()?;
        if !self.src1_is_64() {
            let b = self.s1()?;
            let (shift, width) = (b & 63, (b >> 16) & 0x7f);
            match self.mn() {
                Mn::s_lshl_b64 => self.d64_nz(a << shift),
                Mn::s_lshr_b64 => self.d64_nz(a >> shift),
                Mn::s_ashr_i64 => self.d64_nz(((a as i64) >> shift) as u64),
                Mn::s_bfe_u64 => self.d64_nz((a >> shift) & low_mask(width)),
                Mn::s_bfe_i64 => {
                    let tmp = (((a as i64) >> shift) as u64) & low_mask(width);
                    self.d64_nz(sign_extend(tmp, width.min(64)));
                }
                _ => return Err(self.not_modelled()),
            }
            return Ok(());
        }
        let b = self.s1_64()?;
        match self.mn() {
            Mn::s_and_b64 => self.d64_nz(a & b),
            Mn::s_or_b64 => self.d64_nz(a | b),
            Mn::s_xor_b64 => self.d64_nz(a ^ b),
            Mn::s_nand_b64 => self.d64_nz(!(a & b)),
            Mn::s_nor_b64 => self.d64_nz(!(a | b)),
            Mn::s_xnor_b64 => self.d64_nz(!(a ^ b)),
            Mn::s_and_not1_b64 => self.d64_nz(a & !b),
            Mn::s_or_not1_b64 => self.d64_nz(a | !b),
            Mn::s_cselect_b64 => self.d64(if self.wave.scc { a } else { b }),
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    pub(super) fn sopk(&mut self) -> Res<()> {
        let simm = self.simm32();
        let uimm = u32::from(self.instr.simm16);
        match self.mn() {
            Mn::s_movk_i32 => self.d32(simm),
            Mn::s_cmovk_i32 => {
                if self.wave.scc {
                    self.d32(simm);
                }
            }
            _ if self.name().starts_with("s_cmpk_") => {
                let name = self.name();
                let s0 = self.d0()?;
                let (a, b) = if name.ends_with("_i32") {
                    // 64'I(S0.i) against signext(SIMM16): signed comparison.
                    (i64::from(s0 as i32), i64::from(simm as i32))
                } else {
                    // S0.u against 32'U(SIMM16.u16): zero-extended immediate.
                    (i64::from(s0), i64::from(uimm))
                };
                let cmp = name.trim_start_matches("s_cmpk_");
                self.set_scc(compare(&cmp[..2], a, b));
            }
            Mn::s_addk_i32 => {
                let tmp = self.d0()?;
                let d = tmp.wrapping_add(simm);
                self.set_scc((tmp >> 31 == simm >> 31) && (tmp >> 31 != d >> 31));
                self.d32(d);
            }
            Mn::s_mulk_i32 => {
                let d = self.d0()?.wrapping_mul(simm);
                self.d32(d);
            }
            Mn::s_getreg_b32 => {
                let (id, offset, size) = hwreg_fields(self.instr.simm16);
                let value = self.hwreg(id)?;
                self.d32(((value >> offset) as u64 & low_mask(size)) as u32);
            }
            Mn::s_setreg_b32 => {
                let s0 = self.d0()?;
                self.setreg(s0)?;
            }
            Mn::s_setreg_imm32_b32 => self.setreg(self.instr.literal.unwrap_or(0))?,
            Mn::s_call_b64 => {
                self.d64(self.base + u64::from(self.pc) + 4);
                self.branch_if(true)?;
            }
            _ if self.instr.op.has_no_effect() => {}
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    /// The value of hardware register `id`.
    fn hwreg(&self, id: u16) -> Res<u32> {
        if id == HW_REG_MODE {
            Ok(self.wave.mode)
        } else {
            Err(self.unsupported(format!(
                "hardware register id {id} (only HW_REG_MODE, id {HW_REG_MODE}, is modelled)"
            )))
        }
    }

    fn setreg(&mut self, s0: u32) -> Res<()> {
        let (id, offset, size) = hwreg_fields(self.instr.simm16);
        let old = self.hwreg(id)?;
        let mask = (low_mask(size) as u32) << offset;
        self.mode = Some((old & !mask) | ((s0 << offset) & mask));
        Ok(())
    }

    pub(super) fn sop1(&mut self) -> Res<()> {
        let name = self.name();
        let scc = self.wave.scc;
        let exec = self.wave.exec();
        if let Some((op, wrexec)) = exec_mask_form(name) {
            let wide = self.dst_bits() == 64;
            return self.exec_mask_op(op, wrexec, wide, exec);
        }
        if name.starts_with("s_movrel") {
            return self.movrel();
        }
        if sop1_32(self.mn(), 0).is_some() {
            let (d, scc) = sop1_32(self.mn(), self.s0()?).ok_or_else(|| self.not_modelled())?;
            self.d32(d);
            if let Some(scc) = scc {
                self.set_scc(scc);
            }
            return Ok(());
        }
        match self.mn() {
            Mn::s_mov_b32 => self.d32(self.s0()?),
            Mn::s_mov_b64 => self.d64(self.s0_64()?),
            Mn::s_cmov_b32 => {
                let v = self.s0()?;
                if scc {
                    self.d32(v);
                }
            }
            Mn::s_cmov_b64 => {
                let v = self.s0_64()?;
                if scc {
                    self.d64(v);
                }
            }
            Mn::s_brev_b64 => self.d64(self.s0_64()?.reverse_bits()),
            Mn::s_ctz_i32_b64 => self.d32(find_first(self.s0_64()?.trailing_zeros(), 64)),
            Mn::s_clz_i32_u64 => self.d32(find_first(self.s0_64()?.leading_zeros(), 64)),
            Mn::s_cls_i32_i64 => {
                let v = self.s0_64()?;
                let v = if v >> 63 == 1 { !v } else { v };
                self.d32(find_first(v.leading_zeros(), 64));
            }
            Mn::s_bitset0_b32 => {
                let bit = self.s0()? & 31;
                self.d32(self.d0()? & !(1 << bit));
            }
            Mn::s_bitset1_b32 => {
                let bit = self.s0()? & 31;
                self.d32(self.d0()? | (1 << bit));
            }
            Mn::s_bitset0_b64 => {
                let bit = self.s0()? & 63;
                self.d64(self.d0_64()? & !(1 << bit));
            }
            Mn::s_bitset1_b64 => {
                let bit = self.s0()? & 63;
                self.d64(self.d0_64()? | (1 << bit));
            }
            Mn::s_bitreplicate_b64_b32 => {
                let v = self.s0()?;
                let d = (0..32).fold(0u64, |d, i| d | (u64::from((v >> i) & 1) * (3 << (2 * i))));
                self.d64(d);
            }
            Mn::s_bcnt0_i32_b64 => self.d32_nz(self.s0_64()?.count_zeros()),
            Mn::s_bcnt1_i32_b64 => self.d32_nz(self.s0_64()?.count_ones()),
            Mn::s_quadmask_b64 => {
                // D0.u = tmp: the 16-bit mask, zero-extended into the 64-bit destination.
                let d = quadmask(self.s0_64()?, 16);
                self.d64(u64::from(d));
                self.set_scc(d != 0);
            }
            Mn::s_wqm_b64 => self.d64_nz(wqm(self.s0_64()?)),
            Mn::s_not_b64 => self.d64_nz(!self.s0_64()?),
            Mn::s_getpc_b64 => self.d64(self.base + u64::from(self.pc) + 4),
            Mn::s_setpc_b64 => {
                let target = self.s0_64()?;
                self.jump(i128::from(target) - i128::from(self.base))?;
            }
            Mn::s_swappc_b64 => {
                let target = self.s0_64()?;
                self.d64(self.base + u64::from(self.pc) + 4);
                self.jump(i128::from(target) - i128::from(self.base))?;
            }
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    /// `s_<op>_saveexec_b32/b64` and `s_<op>_wrexec_b32/b64`.
    fn exec_mask_op(&mut self, op: &str, wrexec: bool, wide: bool, exec: u64) -> Res<()> {
        let (s0, ex) = if wide {
            (self.s0_64()?, exec)
        } else {
            (u64::from(self.s0()?), exec & 0xffff_ffff)
        };
        let result = exec_mask_fn(op).ok_or_else(|| self.not_modelled())?(s0, ex);
        let saved = if wrexec { result } else { ex };
        if wide {
            self.write64(EXEC_LO, result);
            self.d64(saved);
            self.set_scc(result != 0);
        } else {
            self.write32(EXEC_LO, result as u32);
            self.d32(saved as u32);
            self.set_scc(result as u32 != 0);
        }
        Ok(())
    }

    /// `s_movrels_*`, `s_movreld_*`, `s_movrelsd_2_b32` (M0-relative register moves).
    fn movrel(&mut self) -> Res<()> {
        let m0 = self.wave.m0();
        let (sdst, ssrc0) = (self.instr.sdst, self.instr.ssrc0);
        match self.mn() {
            Mn::s_movrels_b32 => {
                let v = match indexed(ssrc0, m0, false) {
                    Some(r) => self.wave.sgpr[usize::from(r)],
                    None => self.s0()?,
                };
                self.d32(v);
            }
            Mn::s_movrels_b64 => {
                let v = match indexed(ssrc0, m0, true) {
                    Some(r) => self.wave.pair(r),
                    None => self.s0_64()?,
                };
                self.d64(v);
            }
            Mn::s_movreld_b32 => {
                let v = self.s0()?;
                if let Some(r) = indexed(sdst, m0, false) {
                    self.write32(r, v);
                }
            }
            Mn::s_movreld_b64 => {
                let v = self.s0_64()?;
                if let Some(r) = indexed(sdst, m0, true) {
                    self.write64(r, v);
                }
            }
            Mn::s_movrelsd_2_b32 => {
                let v = match indexed(ssrc0, m0 & 0x3ff, false) {
                    Some(r) => self.wave.sgpr[usize::from(r)],
                    None => self.s0()?,
                };
                if let Some(r) = indexed(sdst, (m0 >> 16) & 0x3ff, false) {
                    self.write32(r, v);
                }
            }
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    pub(super) fn sopc(&mut self) -> Res<()> {
        let name = self.name();
        let scc = if name.starts_with("s_cmp_") && self.src0_is_64() {
            let (a, b) = (self.s0_64()?, self.s1_64()?);
            match self.mn() {
                Mn::s_cmp_eq_u64 => a == b,
                Mn::s_cmp_lg_u64 => a != b,
                _ => return Err(self.not_modelled()),
            }
        } else if let Some(rest) = name.strip_prefix("s_bitcmp") {
            let bit = self.s1()?;
            let set = if self.src0_is_64() {
                (self.s0_64()? >> (bit & 63)) & 1 == 1
            } else {
                (self.s0()? >> (bit & 31)) & 1 == 1
            };
            set == rest.starts_with('1')
        } else if let Some(cmp) = Cmp32::of(name) {
            cmp.holds(self.s0()?, self.s1()?)
        } else {
            return Err(self.not_modelled());
        };
        self.set_scc(scc);
        Ok(())
    }

    pub(super) fn sopp(&mut self) -> Res<()> {
        let wave = self.wave;
        let simm = u32::from(self.instr.simm16);
        if let Some(branch) = Branch::of(self.mn()) {
            return self.branch_if(branch.taken(wave));
        }
        match self.mn() {
            Mn::s_endpgm => self.end = true,
            Mn::s_round_mode => self.mode = Some((wave.mode & !0xf) | (simm & 0xf)),
            Mn::s_denorm_mode => self.mode = Some((wave.mode & !0xf0) | ((simm & 0xf) << 4)),
            Mn::s_barrier => self.barrier = true,
            Mn::s_trap => {
                return Err(ModelError::Trap {
                    pc: self.pc,
                    word: self.word,
                    id: simm as u8,
                })
            }
            // SIMM16[0] = 0 clears HALT/FATAL_HALT, which are never set: nothing happens.
            Mn::s_sethalt if simm & 1 == 0 => {}
            Mn::s_sethalt => {
                return Err(ModelError::Halt {
                    pc: self.pc,
                    word: self.word,
                    simm: simm as u16,
                })
            }
            _ if self.instr.op.has_no_effect() => {}
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }
}

/// A SOP1 opcode computing a 32-bit destination from a 32-bit source alone: `(D, SCC
/// when the opcode writes it)`, or `None` when `mn` is not one. Also the fast path's.
pub(super) fn sop1_32(mn: Mn, a: u32) -> Option<(u32, Option<bool>)> {
    let nz = |d: u32| (d, Some(d != 0));
    Some(match mn {
        Mn::s_brev_b32 => (a.reverse_bits(), None),
        Mn::s_ctz_i32_b32 => (find_first(a.trailing_zeros(), 32), None),
        Mn::s_clz_i32_u32 => (find_first(a.leading_zeros(), 32), None),
        Mn::s_cls_i32 => {
            let v = if a >> 31 == 1 { !a } else { a };
            (find_first(v.leading_zeros(), 32), None)
        }
        Mn::s_sext_i32_i8 => (a as i8 as i32 as u32, None),
        Mn::s_sext_i32_i16 => (a as i16 as i32 as u32, None),
        Mn::s_abs_i32 => nz((a as i32).wrapping_abs() as u32),
        Mn::s_bcnt0_i32_b32 => nz(a.count_zeros()),
        Mn::s_bcnt1_i32_b32 => nz(a.count_ones()),
        Mn::s_quadmask_b32 => nz(quadmask(u64::from(a), 8)),
        Mn::s_wqm_b32 => nz(wqm(u64::from(a)) as u32),
        Mn::s_not_b32 => nz(!a),
        _ => return None,
    })
}

/// A SOP2 opcode with a 32-bit destination: `(D, SCC when the opcode writes it)`, or
/// `None` when `mn` is not one. Also the fast path's semantics (`fast`).
pub(super) fn sop2_32(mn: Mn, a: u32, b: u32, scc: bool) -> Option<(u32, Option<bool>)> {
    let (ai, bi) = (a as i32, b as i32);
    let nz = |d: u32| (d, Some(d != 0));
    let carry = |tmp: u64| (tmp as u32, Some(tmp >= 1 << 32));
    let select = |cond: bool| (if cond { a } else { b }, Some(cond));
    let shl_add = |shift: u32| carry((u64::from(a) << shift) + u64::from(b));
    let scc_in = u64::from(scc);
    Some(match mn {
        Mn::s_add_u32 => carry(u64::from(a) + u64::from(b)),
        Mn::s_sub_u32 => (a.wrapping_sub(b), Some(b > a)),
        Mn::s_add_i32 => {
            let tmp = a.wrapping_add(b);
            (tmp, Some((a >> 31 == b >> 31) && (a >> 31 != tmp >> 31)))
        }
        Mn::s_sub_i32 => {
            let tmp = a.wrapping_sub(b);
            (tmp, Some((a >> 31 != b >> 31) && (a >> 31 != tmp >> 31)))
        }
        Mn::s_addc_u32 => carry(u64::from(a) + u64::from(b) + scc_in),
        Mn::s_subb_u32 => (
            a.wrapping_sub(b).wrapping_sub(scc_in as u32),
            Some(u64::from(b) + scc_in > u64::from(a)),
        ),
        Mn::s_absdiff_i32 => nz(ai.wrapping_sub(bi).wrapping_abs() as u32),
        Mn::s_lshl_b32 => nz(a << (b & 31)),
        Mn::s_lshr_b32 => nz(a >> (b & 31)),
        Mn::s_ashr_i32 => nz((ai >> (b & 31)) as u32),
        Mn::s_lshl1_add_u32 => shl_add(1),
        Mn::s_lshl2_add_u32 => shl_add(2),
        Mn::s_lshl3_add_u32 => shl_add(3),
        Mn::s_lshl4_add_u32 => shl_add(4),
        Mn::s_min_i32 => select(ai < bi),
        Mn::s_min_u32 => select(a < b),
        Mn::s_max_i32 => select(ai > bi),
        Mn::s_max_u32 => select(a > b),
        Mn::s_and_b32 => nz(a & b),
        Mn::s_or_b32 => nz(a | b),
        Mn::s_xor_b32 => nz(a ^ b),
        Mn::s_nand_b32 => nz(!(a & b)),
        Mn::s_nor_b32 => nz(!(a | b)),
        Mn::s_xnor_b32 => nz(!(a ^ b)),
        Mn::s_and_not1_b32 => nz(a & !b),
        Mn::s_or_not1_b32 => nz(a | !b),
        Mn::s_bfe_u32 => nz((a >> (b & 31)) & low_mask((b >> 16) & 0x7f) as u32),
        Mn::s_bfe_i32 => {
            let width = (b >> 16) & 0x7f;
            let tmp = ((ai >> (b & 31)) as u32) & (low_mask(width) as u32);
            nz(sign_extend(u64::from(tmp), width.min(32)) as u32)
        }
        Mn::s_bfm_b32 => (((1u32 << (a & 31)) - 1) << (b & 31), None),
        Mn::s_mul_i32 => (a.wrapping_mul(b), None),
        Mn::s_mul_hi_u32 => (((u64::from(a) * u64::from(b)) >> 32) as u32, None),
        Mn::s_mul_hi_i32 => (((i64::from(ai) * i64::from(bi)) >> 32) as u32, None),
        Mn::s_cselect_b32 => (if scc { a } else { b }, None),
        Mn::s_pack_ll_b32_b16 => ((b << 16) | (a & 0xffff), None),
        Mn::s_pack_lh_b32_b16 => ((b & 0xffff_0000) | (a & 0xffff), None),
        Mn::s_pack_hh_b32_b16 => ((b & 0xffff_0000) | (a >> 16), None),
        Mn::s_pack_hl_b32_b16 => ((b << 16) | (a >> 16), None),
        _ => return None,
    })
}

/// `hwreg` fields of SIMM16: (id, offset, size 1..=32).
fn hwreg_fields(simm16: u16) -> (u16, u32, u32) {
    (
        simm16 & 0x3f,
        u32::from((simm16 >> 6) & 0x1f),
        u32::from((simm16 >> 11) & 0x1f) + 1,
    )
}

/// A comparison by its two-letter LLVM name (`eq`, `lg`, `gt`, `ge`, `lt`, `le`).
fn compare(cmp: &str, a: i64, b: i64) -> bool {
    match cmp {
        "eq" => a == b,
        "lg" => a != b,
        "gt" => a > b,
        "ge" => a >= b,
        "lt" => a < b,
        _ => a <= b,
    }
}

/// A 32-bit `s_cmp_<cmp>_<i32|u32>`, resolved from its mnemonic.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cmp32 {
    cmp: &'static str,
    signed: bool,
}

impl Cmp32 {
    pub(super) fn of(name: &'static str) -> Option<Cmp32> {
        let rest = name.strip_prefix("s_cmp_")?;
        let signed = match rest.get(2..)? {
            "_i32" => true,
            "_u32" => false,
            _ => return None,
        };
        Some(Cmp32 {
            cmp: &rest[..2],
            signed,
        })
    }

    /// SCC of the compare of `a` with `b`.
    pub(super) fn holds(self, a: u32, b: u32) -> bool {
        if self.signed {
            compare(self.cmp, i64::from(a as i32), i64::from(b as i32))
        } else {
            compare(self.cmp, i64::from(a), i64::from(b))
        }
    }
}

/// The condition of a short branch (`s_branch`, `s_cbranch_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    Always,
    Scc0,
    Scc1,
    Vccz,
    Vccnz,
    Execz,
    Execnz,
    /// The conditional-debug branches: no debugger, the flags are clear, never taken.
    Never,
}

impl Branch {
    pub(super) fn of(mn: Mn) -> Option<Branch> {
        Some(match mn {
            Mn::s_branch => Branch::Always,
            Mn::s_cbranch_scc0 => Branch::Scc0,
            Mn::s_cbranch_scc1 => Branch::Scc1,
            Mn::s_cbranch_vccz => Branch::Vccz,
            Mn::s_cbranch_vccnz => Branch::Vccnz,
            Mn::s_cbranch_execz => Branch::Execz,
            Mn::s_cbranch_execnz => Branch::Execnz,
            Mn::s_cbranch_cdbgsys
            | Mn::s_cbranch_cdbguser
            | Mn::s_cbranch_cdbgsys_or_user
            | Mn::s_cbranch_cdbgsys_and_user => Branch::Never,
            _ => return None,
        })
    }

    /// Whether the branch is taken in `wave`. Wave32: VCCZ and EXECZ reflect the low 32
    /// bits (reference 2.1).
    pub(super) fn taken(self, wave: &Wave) -> bool {
        match self {
            Branch::Always => true,
            Branch::Scc0 => !wave.scc,
            Branch::Scc1 => wave.scc,
            Branch::Vccz => wave.sgpr[usize::from(VCC_LO)] == 0,
            Branch::Vccnz => wave.sgpr[usize::from(VCC_LO)] != 0,
            Branch::Execz => wave.exec_lanes() == 0,
            Branch::Execnz => wave.exec_lanes() != 0,
            Branch::Never => false,
        }
    }
}

/// The operation of `s_<op>_saveexec_*` / `s_<op>_wrexec_*` on (S0, EXEC).
pub(super) fn exec_mask_fn(op: &str) -> Option<fn(u64, u64) -> u64> {
    Some(match op {
        "and" => |s, e| s & e,
        "or" => |s, e| s | e,
        "xor" => |s, e| s ^ e,
        "nand" => |s, e| !(s & e),
        "nor" => |s, e| !(s | e),
        "xnor" => |s, e| !(s ^ e),
        "and_not0" => |s, e| !s & e,
        "or_not0" => |s, e| !s | e,
        "and_not1" => |s, e| s & !e,
        "or_not1" => |s, e| s | !e,
        _ => return None,
    })
}

/// The `<op>` and whether it is a `wrexec` form, of `s_<op>_saveexec_*` / `s_<op>_wrexec_*`.
pub(super) fn exec_mask_form(name: &str) -> Option<(&str, bool)> {
    let n = name.strip_prefix("s_")?;
    match n.split_once("_saveexec_") {
        Some((op, _)) => Some((op, false)),
        None => n.split_once("_wrexec_").map(|(op, _)| (op, true)),
    }
}

/// A bit position found by a search, or -1 (`0xffffffff`) when the search found none.
fn find_first(count: u32, bits: u32) -> u32 {
    if count >= bits {
        u32::MAX
    } else {
        count
    }
}

/// One bit per group of four: set when any bit of the group is set.
fn quadmask(v: u64, groups: u32) -> u32 {
    (0..groups).fold(0, |d, i| d | (u32::from((v >> (4 * i)) & 0xf != 0) << i))
}

/// Every group of four bits becomes all ones when any of its bits is set.
fn wqm(v: u64) -> u64 {
    (0..16).fold(0, |d, i| {
        if (v >> (4 * i)) & 0xf != 0 {
            d | (0xf << (4 * i))
        } else {
            d
        }
    })
}

/// The register an M0-indexed operand reaches, or `None` when out of range (see the module
/// documentation). `wide` ignores the index's low bit and needs room for a pair.
fn indexed(base: u8, index: u32, wide: bool) -> Option<u8> {
    let (base, index) = if wide {
        (base & !1, index & !1)
    } else {
        (base, index)
    };
    let last = match base {
        0..=107 => 107,
        TTMP0..=123 => 123,
        _ => return (index == 0 && base <= 127).then_some(base),
    } - u32::from(wide);
    let addr = u64::from(base) + u64::from(index);
    (addr <= u64::from(last)).then_some(addr as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cu32_isa::operand::M0;

    #[test]
    fn helpers() {
        assert_eq!(sign_extend(0x80, 8), 0xffff_ffff_ffff_ff80);
        assert_eq!(sign_extend(0x7f, 8), 0x7f);
        assert_eq!(low_mask(0), 0);
        assert_eq!(low_mask(70), u64::MAX);
        assert_eq!(quadmask(0x0000_f010, 8), 0b1010);
        assert_eq!(wqm(0x0100_0020), 0x0f00_00f0);
        assert_eq!(indexed(7, 10, false), Some(17));
        assert_eq!(indexed(100, 8, false), None);
        assert_eq!(indexed(100, 7, false), Some(107));
        assert_eq!(indexed(106, 1, true), Some(106));
        assert_eq!(indexed(104, 4, true), None);
        assert_eq!(indexed(4, 3, true), Some(6));
        assert_eq!(indexed(TTMP0, 15, false), Some(123));
        assert_eq!(indexed(M0, 0, false), Some(M0));
        assert_eq!(indexed(M0, 1, false), None);
    }
}
