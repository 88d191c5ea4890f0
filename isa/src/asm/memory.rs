//! Memory instructions: SMEM, DS, FLAT, GLOBAL, SCRATCH and MUBUF. Operands follow the
//! row; the address forms that depend on other operands or flags (GLOBAL's 64-bit `vaddr`
//! with `saddr` `off`, SCRATCH's `off` address, MUBUF's `offen`/`idxen` address registers,
//! `tfe`'s extra data register, the returning form of atomics with `glc`) and the offset
//! ranges per format are decided here.

use super::lex::{fit64, Cursor, Fail};
use super::modifiers::{Mod, ModKind};
use super::operand::{fold, Base, Const, Operand, Ty, BAD_OPERAND};
use super::operands_and_modifiers;
use crate::encoding::Instr;
use crate::operand::NULL;
use crate::table::{ArgKind, Format, Modifier, OpInfo};

/// Assembles a memory statement of `op`.
pub(super) fn parse(op: &'static OpInfo, col: usize, cur: &mut Cursor) -> Result<Instr, Fail> {
    let (ops, mods) = operands_and_modifiers(cur)?;
    let mut instr = Instr::new(op);
    let format = op.format;
    let mut offset: Option<(i128, usize)> = None;
    let mut glc_col = None;
    for m in &mods {
        let needed = match m.kind {
            ModKind::Offset(_) => Modifier::Offset,
            ModKind::Offset0(_) => Modifier::Offset0,
            ModKind::Offset1(_) => Modifier::Offset1,
            ModKind::Gds => Modifier::Gds,
            ModKind::Glc => Modifier::Glc,
            ModKind::Slc => Modifier::Slc,
            ModKind::Dlc => Modifier::Dlc,
            ModKind::Offen => Modifier::Offen,
            ModKind::Idxen => Modifier::Idxen,
            ModKind::Tfe => Modifier::Tfe,
            _ => return Err((m.col, BAD_OPERAND.into())),
        };
        // SMEM: `offset:` goes with an SGPR offset operand (checked below).
        let smem_offset = format == Format::Smem && needed == Modifier::Offset;
        if !op.has_mod(needed) && !smem_offset {
            return Err((m.col, BAD_OPERAND.into()));
        }
        match m.kind {
            ModKind::Offset(v) => offset = Some((v, m.col)),
            ModKind::Offset0(v) => instr.offset = i32::from(byte(v, m, "offset0")?),
            ModKind::Offset1(v) => instr.offset1 = byte(v, m, "offset1")?,
            ModKind::Gds => instr.gds = true,
            ModKind::Glc => {
                instr.glc = true;
                glc_col = Some(m.col);
            }
            ModKind::Slc => instr.slc = true,
            ModKind::Dlc => instr.dlc = true,
            ModKind::Offen => instr.offen = true,
            ModKind::Idxen => instr.idxen = true,
            _ => instr.tfe = true,
        }
    }
    if matches!(format, Format::Flat | Format::Global | Format::Scratch) {
        instr.saddr = NULL;
    }
    let mut args = op.args.clone();
    // FLAT-family atomics: the returning form has `vdst` and needs `glc`.
    if op.has_mod(Modifier::Rtn) && args.first().is_some_and(|a| a.kind == ArgKind::Vdst) {
        if ops.len() == args.len() {
            if !instr.glc {
                return Err((col, "instruction must use glc".into()));
            }
        } else {
            args.remove(0);
            if let Some(c) = glc_col {
                return Err((c, "instruction must not use glc".into()));
            }
        }
    }
    if ops.len() < args.len() {
        return Err((col, "too few operands for instruction".into()));
    }
    if let Some(extra) = ops.get(args.len()) {
        return Err((extra.col, BAD_OPERAND.into()));
    }
    let saddr_off = args
        .iter()
        .zip(&ops)
        .any(|(a, o)| a.kind == ArgKind::Saddr && o.base == Base::Off);
    let mut smem_sgpr_offset = false;
    for (arg, o) in args.iter().zip(&ops) {
        let bad = || (o.col, BAD_OPERAND.to_string());
        if o.has_mods() {
            return Err(bad());
        }
        let regs = arg.ty.regs();
        match arg.kind {
            ArgKind::Vdst => instr.vdst = vgpr(o, regs)?,
            ArgKind::Addr => instr.addr = vgpr(o, 1)?,
            ArgKind::Data0 => instr.data0 = vgpr(o, regs)?,
            ArgKind::Data1 => instr.data1 = vgpr(o, regs)?,
            ArgKind::Vdata => instr.data0 = vgpr(o, regs + u8::from(instr.tfe))?,
            ArgKind::Sdata => instr.sdata = sgpr(o, regs)?,
            // Any 64-bit value, truncated to the 7-bit field as llvm-mc does.
            ArgKind::SdataImm => match o.base {
                Base::Int(v) if fit64(v).is_some() => instr.sdata = (v & 0x7f) as u8,
                _ => return Err(bad()),
            },
            ArgKind::Sbase => instr.sbase = sgpr(o, regs)?,
            ArgKind::Srsrc => instr.srsrc = sgpr(o, regs)?,
            ArgKind::SmemOffset => match o.base {
                Base::Int(v) => {
                    instr.soffset = NULL;
                    instr.offset = ranged(v, -0x10_0000, 0xf_ffff, o.col, "21-bit signed")?;
                }
                _ => {
                    instr.soffset = sgpr(o, 1)?;
                    smem_sgpr_offset = true;
                }
            },
            ArgKind::Vaddr => match (format, o.base) {
                (Format::Scratch, Base::Off) => {}
                (Format::Scratch, _) => {
                    instr.addr = vgpr(o, 1)?;
                    instr.sve = true;
                }
                (Format::Global, _) => instr.addr = vgpr(o, if saddr_off { 2 } else { 1 })?,
                (Format::Mubuf, Base::Off) if !instr.offen && !instr.idxen => {}
                (Format::Mubuf, _) => {
                    let n = u8::from(instr.offen) + u8::from(instr.idxen);
                    if n == 0 {
                        return Err(bad());
                    }
                    instr.addr = vgpr(o, n)?;
                }
                _ => instr.addr = vgpr(o, regs)?,
            },
            ArgKind::Saddr => {
                instr.saddr = match o.base {
                    Base::Off => NULL,
                    _ => sgpr(o, regs)?,
                }
            }
            ArgKind::Soffset => {
                instr.soffset = match o.base {
                    Base::Sreg { count: 0 | 1, code } => code,
                    Base::Special(code) => code,
                    Base::Int(_) | Base::Float(_) => match fold(o.base, Ty::I32, (false, false)) {
                        Ok(Const::Inline(code)) => code,
                        _ => return Err(bad()),
                    },
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
    }
    if let Some((v, c)) = offset {
        instr.offset = match format {
            Format::Smem if smem_sgpr_offset => {
                ranged(v, -0x10_0000, 0xf_ffff, c, "21-bit signed")?
            }
            Format::Smem => return Err((c, BAD_OPERAND.into())),
            Format::Ds => {
                let v = ranged(v, 0, 0xffff, c, "16-bit unsigned")?;
                instr.offset1 = (v >> 8) as u8;
                v & 0xff
            }
            Format::Global | Format::Scratch => ranged(v, -4096, 4095, c, "13-bit signed")?,
            _ => ranged(v, 0, 4095, c, "12-bit unsigned")?,
        };
    }
    Ok(instr)
}

fn ranged(v: i128, lo: i32, hi: i32, col: usize, what: &str) -> Result<i32, Fail> {
    if (i128::from(lo)..=i128::from(hi)).contains(&v) {
        Ok(v as i32)
    } else {
        Err((col, format!("expected a {what} offset")))
    }
}

fn byte(v: i128, m: &Mod, what: &str) -> Result<u8, Fail> {
    u8::try_from(v).map_err(|_| (m.col, format!("invalid {what} value.")))
}

/// A VGPR tuple of `count` registers: its first index.
fn vgpr(o: &Operand, count: u8) -> Result<u8, Fail> {
    match o.base {
        Base::Vreg {
            index,
            count: c,
            half: None,
        } if c == count => Ok(index as u8),
        _ => Err((o.col, BAD_OPERAND.into())),
    }
}

/// A scalar register tuple of `count` registers: its first code.
fn sgpr(o: &Operand, count: u8) -> Result<u8, Fail> {
    match o.base {
        Base::Sreg { code, count: c } if c == count || (c == 0 && count == 1) => Ok(code),
        _ => Err((o.col, BAD_OPERAND.into())),
    }
}
