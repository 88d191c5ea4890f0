//! Memory formats: SMEM, DS, FLAT / GLOBAL / SCRATCH and MUBUF, printed as llvm-objdump 19
//! prints them.
//!
//! Operands come from the table row; modifiers follow in LLVM's order (`offset`, cache
//! policy `glc slc dlc`, `tfe`; MUBUF puts `idxen offen` first). SMEM prints its offset
//! operand as `sN`, `sN offset:0x..`, a signed hex immediate, or `null` when neither is
//! given; DS prints `offset:` (16 bits, `ds_swizzle_b32` in `swizzle(...)` syntax) or
//! `offset0:`/`offset1:`; GLOBAL/SCRATCH offsets are signed. Atomics (`rtn` rows) print
//! their `vdst` only with `glc`; MUBUF `tfe` adds a register to `vdata`.
//!
//! Encodings LLVM refuses (printed `.long` by the caller): a nonzero DS field the opcode
//! does not use, a DS offset on a row without offsets, DS `gds` on a row without it (and
//! its absence on the GDS-only opcodes), FLAT with an SADDR other than `off` or with SVE,
//! GLOBAL with SVE, a MUBUF modifier bit the row lacks, GLC/DLC on the SMEM rows without
//! them (the cache-invalidate opcodes, `s_atc_probe*`; TFE/OFFEN/IDXEN on the MUBUF
//! cache-invalidate ones), register ranges past the register file.
//! LLVM ignores the other unused fields (a store's VDST, a load's DATA, the operand fields
//! of `s_gl1_inv` or `buffer_gl0_inv`). Registers outside an operand's LLVM class print
//! with `/*Invalid register, operand has '...' register class*/`.

use super::operands;
use crate::encoding::Instr;
use crate::operand::{EXEC_LO, M0, NULL, SRC_LDS_DIRECT, VCC_LO};
use crate::syntax::{self, swizzle};
use crate::table::{ArgKind, ArgType, Format, Modifier, OpInfo};

/// The text of a memory instruction, or `None` when LLVM does not decode it.
pub(super) fn text(instr: &Instr) -> Option<String> {
    match instr.op.format {
        Format::Smem => smem(instr),
        Format::Ds => ds(instr),
        Format::Mubuf => mubuf(instr),
        _ => flat(instr),
    }
}

fn join(name: &str, operands: Vec<String>, modifiers: String) -> String {
    if operands.is_empty() {
        format!("{name}{modifiers}")
    } else {
        format!("{name} {}{modifiers}", operands.join(", "))
    }
}

/// ` glc slc dlc` for the set bits.
fn cache_policy(instr: &Instr) -> String {
    [
        (instr.glc, " glc"),
        (instr.slc, " slc"),
        (instr.dlc, " dlc"),
    ]
    .iter()
    .filter(|(set, _)| *set)
    .map(|(_, s)| *s)
    .collect()
}

/// `0x10`, `-0x10`.
fn signed_hex(v: i32) -> String {
    if v < 0 {
        format!("-0x{:x}", v.unsigned_abs())
    } else {
        format!("0x{v:x}")
    }
}

/// Whether a modifier bit is set that the row does not have (LLVM refuses the encoding).
fn stray_modifier(instr: &Instr) -> bool {
    let op = instr.op;
    [
        (instr.glc, Modifier::Glc),
        (instr.slc, Modifier::Slc),
        (instr.dlc, Modifier::Dlc),
        (instr.offen, Modifier::Offen),
        (instr.idxen, Modifier::Idxen),
        (instr.tfe, Modifier::Tfe),
        (instr.offset != 0, Modifier::Offset),
    ]
    .iter()
    .any(|&(set, m)| set && !op.has_mod(m))
}

/// An SGPR range of `bits` at `code`, with LLVM's comment where its class lacks the
/// register: `vcc` or `exec` for a range wider than 64 bits, M0 and EXEC for a 32-bit SMEM
/// destination, EXEC for a 64-bit one.
fn sgpr_class(code: u8, bits: u16, sdata: bool) -> Option<String> {
    let text = operands::sgpr(code, bits.div_ceil(32) as u8)?;
    let class = match bits {
        32 if sdata && (M0..=EXEC_LO + 1).contains(&code) => "SReg_32_XM0_XEXEC".to_string(),
        64 if sdata && code == EXEC_LO => "SReg_64_XEXEC".to_string(),
        b if b > 64 && (code == VCC_LO || code == EXEC_LO) => format!("SReg_{b}"),
        _ => return Some(text),
    };
    Some(format!(
        "{text}/*Invalid register, operand has '{class}' register class*/"
    ))
}

fn smem(instr: &Instr) -> Option<String> {
    let op = instr.op;
    // GLC / DLC only on the rows that have them (not on the cache-maintenance opcodes,
    // which ignore every other field, nor on `s_atc_probe*`).
    if (instr.glc && !op.has_mod(Modifier::Glc)) || (instr.dlc && !op.has_mod(Modifier::Dlc)) {
        return None;
    }
    let mut out = Vec::new();
    for &arg in &op.args {
        out.push(match arg.kind {
            ArgKind::Sdata => sgpr_class(instr.sdata, arg.width(), true)?,
            ArgKind::SdataImm => operands::small_dec_or_hex(instr.sdata.into()),
            ArgKind::Sbase => sgpr_class(instr.sbase, arg.width(), false)?,
            _ if instr.soffset != NULL => {
                let reg = operands::sgpr(instr.soffset, 1)?;
                if instr.offset == 0 {
                    reg
                } else {
                    format!("{reg} offset:{}", signed_hex(instr.offset))
                }
            }
            _ if instr.offset == 0 => "null".into(),
            _ => signed_hex(instr.offset),
        });
    }
    Some(join(&op.name, out, cache_policy(instr)))
}

/// A `ds_swizzle_b32` offset in LLVM's `swizzle(...)` syntax.
fn swizzle_text(v: u16) -> String {
    let (qmask, qval) = swizzle::QUAD_PERM_ENC;
    let (bmask, bval) = swizzle::BITMASK_PERM_ENC;
    if v & qmask == qval {
        let lanes: Vec<String> = (0..4).map(|i| (v >> (2 * i) & 3).to_string()).collect();
        return format!("swizzle({},{})", swizzle::QUAD_PERM, lanes.join(","));
    }
    if v & bmask != bval {
        return v.to_string();
    }
    let max: u16 = (1 << swizzle::MASK_BITS) - 1;
    let and = v >> swizzle::AND_SHIFT & max;
    let or = v >> swizzle::OR_SHIFT & max;
    let xor = v >> swizzle::XOR_SHIFT & max;
    if and == max && or == 0 && xor.count_ones() == 1 {
        return format!("swizzle({},{xor})", swizzle::SWAP);
    }
    if and == max && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        return format!("swizzle({},{})", swizzle::REVERSE, xor + 1);
    }
    let group = max - and + 1;
    if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
        return format!("swizzle({},{group},{or})", swizzle::BROADCAST);
    }
    let (p0, p1) = (or ^ xor, ((max & and) | or) ^ xor);
    let pattern: String = (0..swizzle::MASK_BITS)
        .rev()
        .map(|b| match (p0 >> b & 1, p1 >> b & 1) {
            (0, 0) => '0',
            (1, 1) => '1',
            (0, _) => 'p',
            _ => 'i',
        })
        .collect();
    format!("swizzle({},\"{pattern}\")", swizzle::BITMASK_PERM)
}

fn has_arg(op: &OpInfo, kind: ArgKind) -> bool {
    op.arg(kind).is_some()
}

fn ds(instr: &Instr) -> Option<String> {
    let op = instr.op;
    let gds_only = syntax::GDS_ONLY.contains(&op.name.as_str());
    let offsets = op.has_mod(Modifier::Offset) || op.has_mod(Modifier::Offset0);
    let unused = [
        (ArgKind::Vdst, instr.vdst),
        (ArgKind::Addr, instr.addr),
        (ArgKind::Data0, instr.data0),
        (ArgKind::Data1, instr.data1),
    ];
    if (instr.gds && !op.has_mod(Modifier::Gds))
        || (gds_only && !instr.gds)
        || (!offsets && (instr.offset != 0 || instr.offset1 != 0))
        || unused.iter().any(|&(k, v)| v != 0 && !has_arg(op, k))
    {
        return None;
    }
    let mut out = Vec::new();
    for &arg in &op.args {
        let field = match arg.kind {
            ArgKind::Vdst => instr.vdst,
            ArgKind::Addr => instr.addr,
            ArgKind::Data0 => instr.data0,
            _ => instr.data1,
        };
        out.push(operands::vgpr(u16::from(field), arg.ty.regs())?);
    }
    let mut mods = String::new();
    if op.has_mod(Modifier::Offset) {
        let offset = instr.offset as u16 | u16::from(instr.offset1) << 8;
        // `ds_swizzle_b32` writes its offset as a swizzle pattern.
        if offset != 0 && op.name == "ds_swizzle_b32" {
            mods += &format!(" offset:{}", swizzle_text(offset));
        } else if offset != 0 {
            mods += &format!(" offset:{offset}");
        }
    }
    if op.has_mod(Modifier::Offset0) && instr.offset != 0 {
        mods += &format!(" offset0:{}", instr.offset);
    }
    if op.has_mod(Modifier::Offset1) && instr.offset1 != 0 {
        mods += &format!(" offset1:{}", instr.offset1);
    }
    if instr.gds {
        mods += " gds";
    }
    Some(join(&op.name, out, mods))
}

/// FLAT, GLOBAL and SCRATCH.
fn flat(instr: &Instr) -> Option<String> {
    let op = instr.op;
    let format = op.format;
    let saddr_off = instr.saddr == NULL;
    if (format == Format::Flat && (!saddr_off || instr.sve))
        || (format == Format::Global && instr.sve)
    {
        return None;
    }
    // Atomics return the pre-op value, and print `vdst`, only with `glc`.
    let skip_vdst = op.has_mod(Modifier::Rtn) && !instr.glc;
    let mut out = Vec::new();
    for &arg in &op.args {
        out.push(match arg.kind {
            ArgKind::Vdst if skip_vdst => continue,
            ArgKind::Vdst => operands::vgpr(u16::from(instr.vdst), arg.ty.regs())?,
            ArgKind::Vdata => operands::vgpr(u16::from(instr.data0), arg.ty.regs())?,
            ArgKind::Vaddr if format == Format::Scratch && !instr.sve => "off".into(),
            ArgKind::Vaddr => {
                let regs = if format == Format::Global && !saddr_off {
                    1
                } else {
                    arg.ty.regs()
                };
                operands::vgpr(u16::from(instr.addr), regs)?
            }
            _ if saddr_off => "off".into(),
            // The SCRATCH base excludes EXEC_HI.
            _ if format == Format::Scratch && instr.saddr == EXEC_LO + 1 => {
                "exec_hi/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/".into()
            }
            _ => operands::sgpr(instr.saddr, arg.ty.regs())?,
        });
    }
    let mut mods = String::new();
    if instr.offset != 0 {
        mods += &format!(" offset:{}", instr.offset);
    }
    mods += &cache_policy(instr);
    Some(join(&op.name, out, mods))
}

fn mubuf(instr: &Instr) -> Option<String> {
    let op = instr.op;
    // The cache-maintenance opcodes ignore OFFSET, SLC and the operand fields.
    if op.args.is_empty() {
        let flags = instr.glc || instr.dlc || instr.tfe || instr.offen || instr.idxen;
        return (!flags).then(|| op.name.clone());
    }
    if stray_modifier(instr) {
        return None;
    }
    let mut out = Vec::new();
    for &arg in &op.args {
        out.push(match arg.kind {
            ArgKind::Vdata => {
                operands::vgpr(u16::from(instr.data0), arg.ty.regs() + u8::from(instr.tfe))?
            }
            ArgKind::Vaddr if !instr.offen && !instr.idxen => "off".into(),
            ArgKind::Vaddr => operands::vgpr(
                u16::from(instr.addr),
                1 + u8::from(instr.offen && instr.idxen),
            )?,
            ArgKind::Srsrc => sgpr_class(instr.srsrc, arg.width(), false)?,
            _ => {
                let text =
                    operands::source(u16::from(instr.soffset), ArgType::B32, instr.literal)?.text;
                if instr.soffset == SRC_LDS_DIRECT {
                    text + "/*Invalid register, operand has 'SReg_32' register class*/"
                } else {
                    text
                }
            }
        });
    }
    let mut mods = String::new();
    if instr.idxen {
        mods += " idxen";
    }
    if instr.offen {
        mods += " offen";
    }
    if instr.offset != 0 {
        mods += &format!(" offset:{}", instr.offset);
    }
    mods += &cache_policy(instr);
    if instr.tfe {
        mods += " tfe";
    }
    Some(join(&op.name, out, mods))
}
