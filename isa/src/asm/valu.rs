//! Vector ALU instructions (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P) and their DPP16/DPP8
//! forms. A mnemonic has an e32 row (VOP1/VOP2/VOPC) and/or an e64 row (VOP3/VOP3SD/
//! VOP3P); without a suffix the e32 form is tried first and the e64 form when the operands
//! or modifiers do not fit it, as llvm-mc's matcher does. Operand kinds, widths, types and
//! restrictions and the accepted modifiers come from the table rows.

use super::lex::{Cursor, Fail};
use super::modifiers::{Mod, ModKind};
use super::operand::{fold, kimm, Base, Const, Operand, Ty, BAD_OPERAND};
use super::{operands_and_modifiers, Forced};
use crate::encoding::{Dpp, Instr};
use crate::operand::{EXEC_LO, M0, NULL, SRC_LITERAL, VCC_LO};
use crate::table::{Accept, Arg, ArgKind, ArgType, Format, Modifier, OpInfo};

/// Assembles a VALU statement whose mnemonic has `rows`.
pub(super) fn parse(
    rows: &[&'static OpInfo],
    forced: Forced,
    col: usize,
    cur: &mut Cursor,
) -> Result<Instr, Fail> {
    let (ops, mods) = operands_and_modifiers(cur)?;
    // Rows llvm-mc 19 rejects (`llvm: none`, e.g. `v_mov_b16_e64`) are not candidates.
    let e32 = rows
        .iter()
        .copied()
        .find(|r| r.llvm && matches!(r.format, Format::Vop1 | Format::Vop2 | Format::Vopc));
    let e64 = rows
        .iter()
        .copied()
        .find(|r| r.llvm && matches!(r.format, Format::Vop3 | Format::Vop3sd | Format::Vop3p));
    let dpp = mods.iter().any(|m| m.kind.is_dpp());
    let candidates = match forced {
        Forced::None => vec![(e32, dpp), (e64, dpp)],
        Forced::E32 => vec![(e32, false)],
        Forced::E64 => vec![(e64, false)],
        Forced::Dpp => vec![(e32, true)],
        Forced::E64Dpp => vec![(e64, true)],
    };
    let mut best: Option<Fail> = None;
    for (row, dpp) in candidates {
        let Some(row) = row else { continue };
        match Fit::new(row, e64, dpp).run(&ops, &mods, col) {
            Ok(instr) => return Ok(instr),
            Err(e) => {
                if best.as_ref().is_none_or(|b| e.0 >= b.0) {
                    best = Some(e);
                }
            }
        }
    }
    let variant = match forced {
        Forced::E32 => "e32",
        Forced::Dpp | Forced::E64Dpp => "dpp",
        _ => "e64",
    };
    Err(best.unwrap_or((
        col,
        format!("{variant} variant of this instruction is not supported"),
    )))
}

/// The value type of a source for constant folding.
pub(super) fn ty_of(t: ArgType) -> Ty {
    match t {
        ArgType::B16 => Ty::I16,
        ArgType::F16 => Ty::F16,
        ArgType::Bf16 => Ty::Bf16,
        ArgType::F32 => Ty::F32,
        // LLVM folds constants for the wide WMMA matrix operands as for 64-bit ones.
        ArgType::B64 | ArgType::B128 | ArgType::B256 | ArgType::B512 => Ty::I64,
        ArgType::F64 => Ty::F64,
        ArgType::V2i16 => Ty::V2I16,
        ArgType::V2f16 => Ty::V2F16,
        ArgType::V2bf16 => Ty::V2Bf16,
        _ => Ty::I32,
    }
}

/// Records a literal dword; a second, different one is an error.
pub(super) fn set_literal(slot: &mut Option<u32>, dword: u32, col: usize) -> Result<(), Fail> {
    match slot {
        Some(prev) if *prev != dword => {
            Err((col, "only one unique literal operand is allowed".into()))
        }
        _ => {
            *slot = Some(dword);
            Ok(())
        }
    }
}

/// Registers a 64-bit scalar operand cannot start at: m0 and the high halves.
fn scalar_ok(code: u8, count: u8, regs: u8) -> bool {
    count == 0 || (count == regs && (regs == 1 || !matches!(code, M0 | 107 | 127)))
}

/// One attempt to fit the operands to a row in one encoding.
struct Fit<'a> {
    row: &'static OpInfo,
    /// The opcode's e64 row (input modifiers of the e32 DPP form follow it).
    e64: Option<&'a OpInfo>,
    dpp: bool,
    e32: bool,
    instr: Instr,
    /// Distinct scalar registers read (constant bus).
    scalars: Vec<u8>,
    /// DPP16 input-modifier bits of an e32 DPP form.
    dpp_mods: u8,
}

impl<'a> Fit<'a> {
    fn new(row: &'static OpInfo, e64: Option<&'a OpInfo>, dpp: bool) -> Fit<'a> {
        Fit {
            row,
            e64,
            dpp,
            e32: matches!(row.format, Format::Vop1 | Format::Vop2 | Format::Vopc),
            instr: Instr::new(row),
            scalars: Vec::new(),
            dpp_mods: 0,
        }
    }

    fn run(mut self, ops: &[Operand], mods: &[Mod], col: usize) -> Result<Instr, Fail> {
        let args = &self.row.args;
        if ops.len() < args.len() {
            return Err((col, "too few operands for instruction".into()));
        }
        if let Some(extra) = ops.get(args.len()) {
            return Err((extra.col, BAD_OPERAND.into()));
        }
        let mut seen_src = false;
        for (arg, op) in args.iter().zip(ops) {
            let bad = || (op.col, BAD_OPERAND.to_string());
            let is_src = matches!(
                arg.kind,
                ArgKind::Src0 | ArgKind::Src1 | ArgKind::Src2 | ArgKind::Vsrc1
            );
            if op.has_mods() && !is_src {
                return Err(bad());
            }
            match arg.kind {
                ArgKind::Vdst => {
                    let v = self.vgpr(op, *arg)?;
                    self.instr.vdst = v as u8;
                }
                ArgKind::Sdst => {
                    let Base::Sreg { code, count } = op.base else {
                        return Err(bad());
                    };
                    if !scalar_ok(code, count, arg.ty.regs()) {
                        return Err(bad());
                    }
                    if self.row.format == Format::Vop3sd {
                        self.instr.sdst = code;
                    } else {
                        self.instr.vdst = code;
                    }
                }
                ArgKind::Vcc => {
                    if op.base
                        != (Base::Sreg {
                            code: VCC_LO,
                            count: 1,
                        })
                    {
                        return Err(bad());
                    }
                    if seen_src {
                        self.scalars.push(VCC_LO);
                    }
                }
                ArgKind::Src0 | ArgKind::Src1 | ArgKind::Src2 | ArgKind::Vsrc1 => {
                    seen_src = true;
                    let slot = match arg.kind {
                        ArgKind::Src0 => 0,
                        ArgKind::Src2 => 2,
                        _ => 1,
                    };
                    let code = self.source(*arg, op, slot)?;
                    match slot {
                        0 => self.instr.src0 = code,
                        1 => self.instr.src1 = code,
                        _ => self.instr.src2 = code,
                    }
                }
                ArgKind::Imm32 => {
                    let k = kimm(op.base, ty_of(arg.ty)).map_err(|m| (op.col, m.to_string()))?;
                    set_literal(&mut self.instr.literal, k, op.col)?;
                }
                _ => return Err(bad()),
            }
        }
        self.constant_bus(ops)?;
        self.modifiers(mods)?;
        // VOPC opcodes promoted to VOP3 without a destination (`v_cmpx_*_e64`) write EXEC:
        // LLVM encodes exec_lo in the VDST field.
        let no_dst = !args
            .iter()
            .any(|a| matches!(a.kind, ArgKind::Vdst | ArgKind::Sdst));
        if self.row.format == Format::Vop3 && self.row.opcode < 256 && no_dst {
            self.instr.vdst = EXEC_LO;
        }
        Ok(self.instr)
    }

    /// A VGPR operand of the row's width: its register field value (e32 forms of 16-bit
    /// operands: v0..v127 only; true16 opcodes: a half `vN.l` / `vN.h`, the high half
    /// selected by bit 7).
    fn vgpr(&self, op: &Operand, arg: Arg) -> Result<u16, Fail> {
        let t16 = self.row.has_mod(Modifier::T16) && arg.ty.bits() == 16;
        match op.base {
            Base::Vreg { index, count, half } if count == arg.ty.regs() => match half {
                None if !t16 && self.lo128_ok(index, arg) => Ok(index),
                Some(high) if t16 && index < 128 => Ok(index | (u16::from(high) << 7)),
                _ => Err((op.col, BAD_OPERAND.into())),
            },
            _ => Err((op.col, BAD_OPERAND.into())),
        }
    }

    /// LLVM 19 assembles gfx11 16-bit opcodes in "fake16" mode: their e32 (and e32 DPP)
    /// forms take only v0..v127 for 16-bit operands (the 8-bit field's top bit selects a
    /// register half in true16).
    fn lo128_ok(&self, index: u16, arg: Arg) -> bool {
        let half = |a: &Arg| a.ty.bits() == 16;
        // A 16-bit VOPC compare's other operand is restricted too (`v_cmp_class_f16`).
        let restricted =
            half(&arg) || (self.row.format == Format::Vopc && self.row.args.iter().any(half));
        !(self.e32 && index >= 128 && restricted)
    }

    fn input_mod_ok(&self, m: Modifier, float: bool) -> bool {
        if self.e32 {
            // The e32 DPP form takes the e64 form's input modifiers; opcodes without an e64
            // form take them on float sources.
            self.dpp && self.e64.map_or(float, |r| r.has_mod(m))
        } else if self.row.format == Format::Vop3p {
            // Only `v_fma_mix*` take `-x` / `|x|` among the packed opcodes.
            self.row.has_mod(Modifier::Abs) && self.row.has_mod(m)
        } else {
            self.row.has_mod(m)
        }
    }

    /// A source operand: its 9-bit code (VGPRs as 256 + v), recording modifiers, literal
    /// and scalar reads.
    fn source(&mut self, arg: Arg, op: &Operand, slot: u8) -> Result<u16, Fail> {
        let bad = || (op.col, BAD_OPERAND.to_string());
        let ty = ty_of(arg.ty);
        let regs = arg.ty.regs();
        // DPP: src0 is the lane-shuffled VGPR and (e64) src1 a VGPR too; src2 may be a
        // scalar or an inline constant.
        let vgpr_only = arg.kind == ArgKind::Vsrc1
            || arg.accept == Accept::Vgpr
            || (self.dpp && (slot == 0 || (slot == 1 && !self.e32)));
        let is_imm = matches!(op.base, Base::Int(_) | Base::Float(_));
        if op.has_mods() {
            // e32 forms without DPP have no modifier bits: llvm-mc folds them into a float
            // constant, and refuses them on registers.
            let folded = self.e32
                && !self.dpp
                && is_imm
                && (ty.is_float() || self.e64.is_some_and(|r| r.has_mod(Modifier::Neg)));
            let has_bits = !self.e32 || self.dpp;
            // A VOP3SD float opcode (`v_div_scale_*`) has NEG bits but no ABS field (SDST
            // holds those bits): llvm-mc 19 accepts `|x|` on it and encodes nothing.
            let abs_dropped = self.row.format == Format::Vop3sd && self.row.has_mod(Modifier::Neg);
            let ok = folded
                || (has_bits
                    && (!op.neg || self.input_mod_ok(Modifier::Neg, ty.is_float()))
                    && (!op.abs || abs_dropped || self.input_mod_ok(Modifier::Abs, ty.is_float())));
            if !ok {
                return Err(bad());
            }
            if !folded {
                let (n, a) = (u8::from(op.neg), u8::from(op.abs && !abs_dropped));
                if self.e32 {
                    self.dpp_mods |= (n | (a << 1)) << (2 * slot);
                } else if self.row.format == Format::Vop3p {
                    self.instr.neg |= n << slot;
                    self.instr.neg_hi |= a << slot;
                } else {
                    self.instr.neg |= n << slot;
                    self.instr.abs |= a << slot;
                }
            }
        }
        match op.base {
            Base::Vreg { .. } => {
                if matches!(
                    arg.accept,
                    Accept::Sgpr | Accept::Scalar | Accept::ScalarInline
                ) {
                    return Err(bad());
                }
                Ok(256 + self.vgpr(op, arg)?)
            }
            _ if vgpr_only => Err(bad()),
            Base::Sreg { code, count } => {
                let null_ok = count == 0 && arg.accept == Accept::VgprInline;
                if !null_ok && (arg.accept == Accept::VgprInline || !scalar_ok(code, count, regs)) {
                    return Err(bad());
                }
                if code != NULL && !self.scalars.contains(&code) {
                    self.scalars.push(code);
                }
                Ok(u16::from(code))
            }
            Base::Special(code) => Ok(u16::from(code)),
            Base::Int(_) | Base::Float(_) => {
                if arg.accept == Accept::Sgpr {
                    return Err(bad());
                }
                let value_mods = if self.e32 && !self.dpp {
                    (op.neg, op.abs)
                } else {
                    (false, false)
                };
                match fold(op.base, ty, value_mods).map_err(|m| (op.col, m.to_string()))? {
                    Const::Inline(code) => Ok(u16::from(code)),
                    Const::Literal(dword) => {
                        if self.dpp
                            || matches!(
                                arg.accept,
                                Accept::ScalarInline | Accept::NoLiteral | Accept::VgprInline
                            )
                        {
                            return Err(bad());
                        }
                        set_literal(&mut self.instr.literal, dword, op.col)?;
                        Ok(u16::from(SRC_LITERAL))
                    }
                }
            }
            Base::Off => Err(bad()),
        }
    }

    /// gfx11 reads at most two scalar values (SGPRs, VCC, a literal) per VALU instruction;
    /// the 64-bit shifts only one.
    fn constant_bus(&self, ops: &[Operand]) -> Result<(), Fail> {
        // Irregular: LLVM limits these three VOP3 opcodes to one scalar value on gfx10+.
        let limit = match self.row.name.as_str() {
            "v_lshlrev_b64" | "v_lshrrev_b64" | "v_ashrrev_i64" => 1,
            _ => 2,
        };
        let used = self.scalars.len() + usize::from(self.instr.literal.is_some());
        if used <= limit {
            return Ok(());
        }
        let col = ops
            .iter()
            .rev()
            .find(|o| matches!(o.base, Base::Sreg { .. } | Base::Int(_) | Base::Float(_)))
            .map_or(0, |o| o.col);
        Err((
            col,
            "invalid operand (violates constant bus restrictions)".into(),
        ))
    }

    fn modifiers(&mut self, mods: &[Mod]) -> Result<(), Fail> {
        let row = self.row;
        let nsrc = row
            .args
            .iter()
            .filter(|a| {
                matches!(
                    a.kind,
                    ArgKind::Src0 | ArgKind::Src1 | ArgKind::Src2 | ArgKind::Vsrc1
                )
            })
            .count() as u32;
        // Irregular: `v_fmac_*` have a third source tied to the destination in LLVM, so
        // their destination op_sel bit is the fourth value.
        let dst_sel = if row.name.starts_with("v_fmac_") {
            3
        } else {
            nsrc
        };
        let vop3p = row.format == Format::Vop3p;
        let mix = vop3p && row.has_mod(Modifier::Abs);
        let src_mask = (1u8 << nsrc) - 1;
        let bits = |v: &[u8]| -> u8 { v.iter().enumerate().map(|(i, &b)| b << i).sum() };
        let (mut ctrl, mut sel) = (None, None);
        let (mut row_mask, mut bank_mask, mut bc, mut fi) = (0xf, 0xf, false, false);
        if vop3p {
            self.instr.opsel_hi = if mix { 0 } else { 7 };
        }
        for m in mods {
            let allowed = |x: Modifier| {
                if self.e32 {
                    false
                } else {
                    row.has_mod(x)
                }
            };
            let dpp_ok = self.dpp;
            let ok = match &m.kind {
                ModKind::Clamp => allowed(Modifier::Clamp),
                ModKind::Omod(_) => allowed(Modifier::Omod),
                ModKind::OpSel(_) => allowed(Modifier::OpSel),
                ModKind::OpSelHi(_) => allowed(Modifier::OpSelHi),
                ModKind::NegLo(_) => allowed(Modifier::NegLo),
                ModKind::NegHi(_) => allowed(Modifier::NegHi),
                ModKind::DppCtrl(_) => {
                    dpp_ok && (row.has_mod(Modifier::Dpp) || row.has_mod(Modifier::Dpp16))
                }
                ModKind::Dpp8(_) => {
                    dpp_ok && (row.has_mod(Modifier::Dpp) || row.has_mod(Modifier::Dpp8))
                }
                ModKind::RowMask(_)
                | ModKind::BankMask(_)
                | ModKind::BoundCtrl(_)
                | ModKind::Fi(_) => dpp_ok,
                _ => false,
            };
            if !ok {
                return Err((m.col, BAD_OPERAND.into()));
            }
            match &m.kind {
                ModKind::Clamp => self.instr.clamp = true,
                ModKind::Omod(v) => self.instr.omod = *v,
                // Values beyond the sources' are ignored (VOP3P) or, one past them, select
                // the destination half (VOP3, bit 3).
                ModKind::OpSel(v) if vop3p => self.instr.opsel = bits(v) & src_mask,
                ModKind::OpSel(v) => {
                    let dst = (bits(v) >> dst_sel) & 1;
                    self.instr.opsel = (bits(v) & src_mask) | (dst << 3);
                }
                ModKind::OpSelHi(v) => {
                    let given = ((1u8 << v.len()) - 1) & src_mask;
                    self.instr.opsel_hi = (self.instr.opsel_hi & !given) | (bits(v) & given);
                }
                ModKind::NegLo(v) => self.instr.neg = bits(v) & src_mask,
                ModKind::NegHi(v) => self.instr.neg_hi = bits(v) & src_mask,
                ModKind::DppCtrl(c) => ctrl = Some(*c),
                ModKind::Dpp8(s) => sel = Some(*s),
                ModKind::RowMask(v) => row_mask = *v,
                ModKind::BankMask(v) => bank_mask = *v,
                ModKind::BoundCtrl(v) => bc = *v,
                ModKind::Fi(v) => fi = *v,
                _ => {}
            }
        }
        if !self.dpp {
            return Ok(());
        }
        let dpp8_only = mods.iter().any(|m| {
            matches!(
                m.kind,
                ModKind::RowMask(_) | ModKind::BankMask(_) | ModKind::BoundCtrl(_)
            )
        });
        self.instr.dpp = Some(match (ctrl, sel) {
            (Some(ctrl), None) => Dpp::Dpp16 {
                ctrl,
                fi,
                bc,
                mods: self.dpp_mods,
                bank_mask,
                row_mask,
            },
            (None, Some(sel)) if !dpp8_only => Dpp::Dpp8 { sel, fi },
            _ => {
                let col = mods.iter().find(|m| m.kind.is_dpp()).map_or(0, |m| m.col);
                return Err((
                    col,
                    "expected one DPP control (quad_perm, row_*, dpp8)".into(),
                ));
            }
        });
        Ok(())
    }
}
