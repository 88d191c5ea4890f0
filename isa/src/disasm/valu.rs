//! Vector ALU formats: VOP1, VOP2 and VOPC (e32), VOP3 and VOP3SD (e64), VOP3P, VOPD, and
//! the DPP16 / DPP8 forms of each, printed as llvm-objdump 19 prints them. Operand lists,
//! types and modifiers come from the table rows; the few opcode-specific behaviours of
//! LLVM 19 that the rows cannot express are name lists in [`crate::syntax`], each
//! documented there.
//!
//! Mnemonic suffixes: an e32 row prints `_e32` when the opcode also has an e64 form (a
//! VOP3/VOP3SD row of the same name that LLVM knows) and its DPP form `_dpp` (VOPC DPP: no
//! suffix); a VOP3/VOP3SD row prints `_e64` when the opcode also has an e32 form; every
//! VOP3, VOP3SD and VOP3P DPP form prints `_e64_dpp`; operand-less opcodes (`v_nop`) print
//! none.
//!
//! Source modifiers follow LLVM's operand classes ([`source_mods`]): float sources of a row
//! with `abs`/`neg` print `-x`, `|x|`, `-|x|` and `neg(c)` for a negated constant; integer
//! sources of such a row print `sext(x)` for NEG and ignore ABS (VOPC integer sources have
//! no modifiers); integer `op_sel` rows ignore NEG/ABS except in their DPP form (`sext`).
//! VOP3P packed rows print `neg_lo:[..]`/`neg_hi:[..]`, the `v_fma_mix*` rows read
//! NEG/NEG_HI as `-x`/`|x|`. `op_sel:[..]` has one entry per source plus the destination
//! (VOP3) and only the sources (VOP3P); packed sources of VOP3 rows print 0. `op_sel_hi`
//! prints when it differs from its default (1 for packed rows, 0 for `v_fma_mix*`).
//!
//! Encodings LLVM refuses (printed `.long` by the caller):
//! - a `clamp` or `omod` bit the row lacks; VOP3P OPSEL bits on a row without `op_sel`;
//!   NEG/ABS bits of a source without modifiers (VOP3 OPSEL bits of a row without `op_sel`
//!   are ignored, as are VOP3P OPSEL_HI bits of a row without `op_sel_hi`);
//! - NEG, ABS, NEG_HI or OPSEL bits of a source the opcode does not have, a nonzero field of
//!   a missing source (VOP1 e32: SRC0 is ignored), a nonzero VDST of an opcode without
//!   destination (`v_cmpx_*` e64 ignore it), a nonzero VSRC1 of `v_dual_mov_b32`;
//! - a DPP form the row does not list, and DPP input-modifier bits of a source without
//!   modifiers; the markers 250/233/234 as VOPD sources;
//! - a 16-bit e32 VDST above v127 (LLVM 19 without true16 confines 16-bit e32 operands to
//!   v0..v127; a higher source VGPR is flagged with its `*_Lo128` class instead);
//! - reserved source codes, register ranges past the register file, rows marked
//!   `llvm: none`.
//!
//! Restricted operands (`:vgpr`, `:sgpr`, `:scalar`, ...) print registers outside their
//! LLVM class with `/*Invalid register, operand has '<class>' register class*/` and
//! constants in register-only operands with `/*Invalid immediate*/` (as 32-bit values);
//! `null` and the `src_*` special registers are never flagged.

use super::operands::{self, Src};
use crate::encoding::{Dpp, Instr, SRC_VGPR0};
use crate::operand::{EXEC_LO, NULL, SRC_LDS_DIRECT, SRC_LITERAL};
use crate::syntax::{self, dpp};
use crate::table::{tables, Accept, Arg, ArgKind, ArgType, Format, Modifier, OpInfo};

/// The text of a VALU instruction, or `None` when LLVM does not decode it.
pub(super) fn text(instr: &Instr) -> Option<String> {
    match instr.op.format {
        Format::Vop1 | Format::Vop2 | Format::Vopc => e32(instr),
        Format::Vop3 | Format::Vop3sd => vop3(instr),
        Format::Vop3p => vop3p(instr),
        _ => vopd(instr),
    }
}

/// The row of the same opcode in another encoding family: e64 (VOP3/VOP3SD) or e32
/// (VOP1/VOP2/VOPC).
fn twin(op: &OpInfo, e64: bool) -> Option<&'static OpInfo> {
    tables().by_name(&op.name).into_iter().find(|o| {
        // LLVM 19 has the e64 form of a true16 opcode (though llvm-mc takes it only in
        // true16 mode), not that of the other `llvm: none` rows.
        if !(o.llvm || op.has_mod(Modifier::T16)) {
            return false;
        }
        let is_e64 = matches!(o.format, Format::Vop3 | Format::Vop3sd);
        let is_e32 = matches!(o.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
        if e64 {
            is_e64
        } else {
            is_e32
        }
    })
}

/// Input modifiers a source accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mods {
    None,
    /// NEG and ABS bits are accepted but mean nothing to LLVM (integer rows with `op_sel`).
    Ignored,
    /// `-x`, `|x|`.
    Float,
    /// `sext(x)`.
    Int,
}

fn is_source(kind: ArgKind) -> bool {
    matches!(
        kind,
        ArgKind::Src0 | ArgKind::Src1 | ArgKind::Src2 | ArgKind::Vsrc1
    )
}

/// The modifiers of source `arg` of `row` (an e64 row, or an e32 row without e64 form).
/// A row with `abs`/`neg` gives float sources `-x`/`|x|`; an integer source of such a row
/// takes `sext(x)` from NEG (ABS ignored), except the integer source of a VOPC opcode,
/// which has none; a row whose sources are all integers (`v_cndmask_*`) gives its non-SGPR
/// sources float modifiers.
fn source_mods(row: &OpInfo, arg: Arg) -> Mods {
    let e32_only = matches!(row.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
    if arg.accept == Accept::Sgpr {
        return Mods::None;
    }
    if !(row.has_mod(Modifier::Abs) || row.has_mod(Modifier::Neg) || e32_only) {
        return if row.has_mod(Modifier::OpSel) {
            Mods::Ignored
        } else {
            Mods::None
        };
    }
    if arg.ty.is_float() {
        return Mods::Float;
    }
    let any_float = row
        .args
        .iter()
        .any(|a| is_source(a.kind) && a.ty.is_float());
    if e32_only {
        Mods::None
    } else if !any_float {
        Mods::Float
    } else if twin(row, false).is_some_and(|o| o.format == Format::Vopc) {
        Mods::None
    } else {
        Mods::Int
    }
}

/// Source index (0..=2) of a source operand kind.
fn source_index(kind: ArgKind) -> Option<usize> {
    match kind {
        ArgKind::Src0 => Some(0),
        ArgKind::Src1 | ArgKind::Vsrc1 => Some(1),
        ArgKind::Src2 => Some(2),
        _ => None,
    }
}

/// The source arguments of a row by index.
fn sources(op: &OpInfo) -> [Option<Arg>; 3] {
    let mut s = [None; 3];
    for &a in &op.args {
        if let Some(i) = source_index(a.kind) {
            s[i] = Some(a);
        }
    }
    s
}

fn bit(mask: u8, i: usize) -> bool {
    mask >> i & 1 == 1
}

/// Applies input modifiers to a printed source; `None` when the source has none but a bit
/// is set.
fn with_mods(src: Src, mods: Mods, neg: bool, abs: bool) -> Option<String> {
    match mods {
        Mods::None if neg || abs => None,
        Mods::Ignored => Some(src.text),
        Mods::Int if neg => Some(format!("sext({})", src.text)),
        Mods::Float if neg && !abs && src.imm => Some(format!("neg({})", src.text)),
        Mods::Float => {
            let inner = if abs {
                format!("|{}|", src.text)
            } else {
                src.text
            };
            Some(if neg { format!("-{inner}") } else { inner })
        }
        _ => Some(src.text),
    }
}

/// The LLVM register class named in `/*Invalid register...*/` for a restricted operand.
fn restricted_class(op: &OpInfo, arg: Arg) -> String {
    let or_lds = source_index(arg.kind)
        .is_some_and(|i| syntax::OR_LDS_OPERANDS.contains(&(op.name.as_str(), i)));
    match arg.accept {
        Accept::Sgpr => "SReg_1_XEXEC".into(),
        Accept::Scalar | Accept::ScalarInline if or_lds => "SRegOrLds_32".into(),
        Accept::Scalar | Accept::ScalarInline => "SReg_32".into(),
        _ if arg.ty.regs() > 1 => format!("VReg_{}", arg.width()),
        _ if or_lds => "VRegOrLds_32".into(),
        _ => "VGPR_32".into(),
    }
}

/// Whether LLVM's register class for a restricted operand lacks the register at `code`.
/// `null` and the special sources (`src_scc`, `src_shared_base`, ...) are never flagged.
fn outside_class(op: &OpInfo, arg: Arg, code: u16) -> bool {
    let class = restricted_class(op, arg);
    let scalar_class = matches!(
        arg.accept,
        Accept::Sgpr | Accept::Scalar | Accept::ScalarInline
    );
    match code {
        c if c >= SRC_VGPR0 => scalar_class,
        c if c == u16::from(SRC_LDS_DIRECT) => !class.contains("OrLds"),
        c if c == u16::from(NULL) || syntax::special_source_name(c as u8).is_some() => false,
        c if c > u16::from(EXEC_LO + 1) => false,
        c if c >= u16::from(EXEC_LO) && arg.accept == Accept::Sgpr => true,
        _ => !scalar_class,
    }
}

/// A general source with the operand's restriction: a register outside the operand's
/// class or a constant where only registers are allowed is printed with LLVM's comment.
/// `shared` tells whether an earlier operand already read the literal.
fn restricted(op: &OpInfo, arg: Arg, code: u16, literal: Option<u32>, shared: bool) -> Option<Src> {
    if arg.accept == Accept::Any || arg.accept == Accept::NoLiteral {
        return operands::source(code, arg.ty, literal);
    }
    let mut src = operands::source(code, arg.ty, literal)?;
    if src.imm && matches!(arg.accept, Accept::Vgpr | Accept::Sgpr) {
        // A constant where only registers are allowed prints as a 32-bit value.
        src = operands::source(code, ArgType::B32, literal)?;
        src.text += "/*Invalid immediate*/";
    } else if src.imm && arg.accept == Accept::VgprInline {
        // LLVM 19 reads constants here as doubles (a literal as the high dword); a literal
        // an earlier operand already took prints in decimal up to 64, else as 0x0.
        src.text = if shared && code == u16::from(SRC_LITERAL) {
            match literal? {
                v @ 0..=64 => v.to_string(),
                _ => "0x0".into(),
            }
        } else {
            operands::source(code, ArgType::F64, literal)?.text
        };
    } else if !src.imm && outside_class(op, arg, code) {
        src.text += &format!(
            "/*Invalid register, operand has '{}' register class*/",
            restricted_class(op, arg)
        );
    }
    Some(src)
}

/// A scalar destination decoded from an 8-bit VDST field: LLVM reads it as a scalar source,
/// so constants (even a literal) decode, flagged as invalid; `lane_mask`: a VOPC result
/// (class `SReg_1`, else `SReg_32`).
fn sdst_from_vdst(code: u8, literal: Option<u32>, lane_mask: bool) -> Option<String> {
    let src = operands::source(u16::from(code), ArgType::B32, literal)?;
    let class = if lane_mask { "SReg_1" } else { "SReg_32" };
    Some(if code == SRC_LDS_DIRECT {
        src.text + &format!("/*Invalid register, operand has '{class}' register class*/")
    } else if src.imm {
        src.text + "/*Invalid immediate*/"
    } else {
        src.text
    })
}

/// ` quad_perm:[...] row_mask:0x. bank_mask:0x.` etc., or ` dpp8:[...]`.
fn dpp_text(d: Dpp) -> String {
    match d {
        Dpp::Dpp16 {
            ctrl,
            fi,
            bc,
            bank_mask,
            row_mask,
            ..
        } => {
            let control = if ctrl <= dpp::QUAD_PERM_LAST {
                let lane = |i: u16| (ctrl >> (2 * i)) & 3;
                format!(
                    "quad_perm:[{},{},{},{}]",
                    lane(0),
                    lane(1),
                    lane(2),
                    lane(3)
                )
            } else if let Some((_, name, _)) = dpp::COUNTED
                .iter()
                .find(|&&(base, _, low)| ctrl & !0xf == base && ctrl & 0xf >= low)
            {
                format!("{name}:{}", ctrl & 0xf)
            } else if let Some((_, name)) = dpp::NAMED.iter().find(|(c, _)| *c == ctrl) {
                name.to_string()
            } else if let Some((_, text)) = dpp::RETIRED.iter().find(|(c, _)| *c == ctrl) {
                text.to_string()
            } else {
                dpp::INVALID.to_string()
            };
            format!(
                " {control} row_mask:0x{row_mask:x} bank_mask:0x{bank_mask:x}{}{}",
                if bc { " bound_ctrl:1" } else { "" },
                if fi { " fi:1" } else { "" }
            )
        }
        Dpp::Dpp8 { sel, fi } => {
            let lanes: Vec<String> = (0..8).map(|i| (sel >> (3 * i) & 7).to_string()).collect();
            format!(
                " dpp8:[{}]{}",
                lanes.join(","),
                if fi { " fi:1" } else { "" }
            )
        }
    }
}

/// Whether the row has the DPP form the instruction uses (true without DPP).
fn dpp_allowed(op: &OpInfo, d: Option<Dpp>) -> bool {
    match d {
        None => true,
        Some(Dpp::Dpp16 { .. }) => op.has_mod(Modifier::Dpp) || op.has_mod(Modifier::Dpp16),
        Some(Dpp::Dpp8 { .. }) => op.has_mod(Modifier::Dpp) || op.has_mod(Modifier::Dpp8),
    }
}

/// The K literal of `v_fmamk_*` / `v_fmaak_*`: always hexadecimal.
fn k_text(literal: Option<u32>) -> Option<String> {
    Some(format!("0x{:x}", literal?))
}

fn join(name: String, operands: Vec<String>) -> String {
    if operands.is_empty() {
        name
    } else {
        format!("{name} {}", operands.join(", "))
    }
}

/// A 16-bit VGPR of a true16 e32 opcode: 7-bit register and a half select in bit 7.
fn t16_vgpr(field: u16) -> String {
    let half = if field & 0x80 != 0 { "h" } else { "l" };
    format!("v{}.{half}", field & 0x7f)
}

/// Whether an e32 operand is a 16-bit one, which LLVM 19 (without true16) confines to
/// v0..v127: a higher VDST does not decode, a higher source VGPR is flagged.
fn lo128(arg: Arg) -> bool {
    arg.ty.bits() == 16
}

/// VOP1, VOP2, VOPC, with or without DPP.
fn e32(instr: &Instr) -> Option<String> {
    let op = instr.op;
    let e64 = twin(op, true);
    let row = e64.unwrap_or(op);
    let t16 = op.has_mod(Modifier::T16);
    if !dpp_allowed(op, instr.dpp) {
        return None;
    }
    let dpp_mods = match instr.dpp {
        Some(Dpp::Dpp16 { mods, .. }) => mods,
        _ => 0,
    };
    let has_dst = op
        .args
        .iter()
        .any(|a| matches!(a.kind, ArgKind::Vdst | ArgKind::Sdst));
    // Without a destination VDST must be zero (VOPC: no such field); SRC0 is ignored.
    if !has_dst && op.format != Format::Vopc && instr.vdst != 0 {
        return None;
    }
    // `v_illegal` (the VOP2 row without operands) is only the all-zero word.
    if op.format == Format::Vop2 && op.args.is_empty() && (instr.src0, instr.src1) != (0, SRC_VGPR0)
    {
        return None;
    }
    let srcs = sources(row);
    // VSRC1 is confined to v0..v127 when any source of the opcode is 16-bit.
    let lo128_vsrc1 = op.args.iter().any(|&a| is_source(a.kind) && lo128(a));
    let mut out = Vec::new();
    for &arg in &op.args {
        let text = match arg.kind {
            ArgKind::Vdst if t16 => t16_vgpr(u16::from(instr.vdst)),
            ArgKind::Vdst if lo128(arg) && instr.vdst >= 128 => return None,
            ArgKind::Vdst => operands::vgpr(u16::from(instr.vdst), arg.ty.regs())?,
            ArgKind::Sdst => sdst_from_vdst(instr.vdst, instr.literal, false)?,
            ArgKind::Vcc => "vcc_lo".into(),
            ArgKind::Imm32 => k_text(instr.literal)?,
            kind => {
                let i = source_index(kind)?;
                let code = if i == 0 { instr.src0 } else { instr.src1 };
                let src = if t16 && code >= SRC_VGPR0 {
                    Src {
                        text: t16_vgpr(code - SRC_VGPR0),
                        imm: false,
                    }
                } else {
                    let mut src = restricted(op, arg, code, instr.literal, false)?;
                    let lo = if i == 0 { lo128(arg) } else { lo128_vsrc1 };
                    if lo && code >= SRC_VGPR0 + 128 {
                        if i == 1 && syntax::LO128_STRICT_VSRC1.contains(&op.name.as_str()) {
                            return None;
                        }
                        let class = if i == 0 && instr.dpp.is_none() {
                            "VS_32_Lo128"
                        } else {
                            "VGPR_32_Lo128"
                        };
                        src.text +=
                            &format!("/*Invalid register, operand has '{class}' register class*/");
                    }
                    src
                };
                let mods = if syntax::DPP_INT_MODS_SOURCES.contains(&(op.name.as_str(), i)) {
                    Mods::Int
                } else {
                    srcs[i].map_or(Mods::None, |a| source_mods(row, a))
                };
                with_mods(src, mods, bit(dpp_mods, 2 * i), bit(dpp_mods, 2 * i + 1))?
            }
        };
        out.push(text);
    }
    // DPP input modifier bits of a source the opcode lacks.
    let n_src = op.args.iter().filter(|a| is_source(a.kind)).count();
    if dpp_mods >> (2 * n_src) != 0 {
        return None;
    }
    // Opcodes without operands (`v_nop`) print no suffix.
    let name = match instr.dpp {
        Some(_) if op.format == Format::Vopc => op.name.clone(),
        Some(_) => format!("{}_dpp", op.name),
        None if e64.is_some() && !op.args.is_empty() => format!("{}_e32", op.name),
        None => op.name.clone(),
    };
    let mut text = join(name, out);
    if let Some(d) = instr.dpp {
        text += &dpp_text(d);
    }
    Some(text)
}

/// ` op_sel:[...]` with one entry per source and, for VOP3, the destination.
fn op_sel_text(opsel: u8, n: usize, dst: bool) -> String {
    let mut bits: Vec<String> = (0..n)
        .map(|i| u8::from(bit(opsel, i)).to_string())
        .collect();
    if dst {
        bits.push(u8::from(bit(opsel, 3)).to_string());
    }
    format!(" op_sel:[{}]", bits.join(","))
}

/// VOP3 and VOP3SD, with or without DPP.
fn vop3(instr: &Instr) -> Option<String> {
    let op = instr.op;
    let srcs = sources(op);
    let fields = [instr.src0, instr.src1, instr.src2];
    if !dpp_allowed(op, instr.dpp)
        || (instr.clamp && !op.has_mod(Modifier::Clamp))
        || (instr.omod != 0 && !op.has_mod(Modifier::Omod))
    {
        return None;
    }
    let e32 = twin(op, false);
    let has_dst = op
        .args
        .iter()
        .any(|a| matches!(a.kind, ArgKind::Vdst | ArgKind::Sdst));
    // `v_cmpx_*` e64 ignore VDST; other opcodes without a destination need it zero.
    let vopc = e32.is_some_and(|o| o.format == Format::Vopc);
    if !has_dst && !vopc && instr.vdst != 0 {
        return None;
    }
    for i in 0..3 {
        let absent = srcs[i].is_none();
        if absent && (fields[i] != 0 || bit(instr.abs, i) || bit(instr.neg, i)) {
            return None;
        }
    }
    let op_sel = op.has_mod(Modifier::OpSel);
    let n_src = srcs.iter().flatten().count();
    if op_sel && (0..3).any(|i| srcs[i].is_none() && bit(instr.opsel, i)) {
        return None;
    }
    let mut out = Vec::new();
    for &arg in &op.args {
        let text = match arg.kind {
            ArgKind::Vdst => operands::vgpr(u16::from(instr.vdst), arg.ty.regs())?,
            ArgKind::Sdst if op.format == Format::Vop3sd => operands::sgpr(instr.sdst, 1)?,
            ArgKind::Sdst => sdst_from_vdst(instr.vdst, instr.literal, vopc)?,
            ArgKind::Vcc => "vcc_lo".into(),
            ArgKind::Imm32 => k_text(instr.literal)?,
            kind => {
                let i = source_index(kind)?;
                let shared = fields[..i].contains(&u16::from(SRC_LITERAL));
                let src = restricted(op, arg, fields[i], instr.literal, shared)?;
                // The DPP form reads the NEG bits of `op_sel` integer rows as `sext`.
                let mods = match source_mods(op, arg) {
                    Mods::Ignored if instr.dpp.is_some() => Mods::Int,
                    m => m,
                };
                with_mods(src, mods, bit(instr.neg, i), bit(instr.abs, i))?
            }
        };
        out.push(text);
    }
    let name = match (instr.dpp, e32) {
        (Some(_), _) => format!("{}_e64_dpp", op.name),
        (None, Some(_)) if !op.args.is_empty() => format!("{}_e64", op.name),
        _ => op.name.clone(),
    };
    let mut text = join(name, out);
    if syntax::OP_SEL_FI_BC.contains(&op.name.as_str()) {
        if instr.opsel & 3 != 0 {
            text += &op_sel_text(instr.opsel, 2, false);
        }
    } else if op_sel {
        // OPSEL bits of packed sources mean nothing to LLVM; a tied src2 prints as 0.
        let packed = (0..3).fold(0, |m, i| {
            let is_packed = srcs[i]
                .is_some_and(|a| matches!(a.ty, ArgType::V2i16 | ArgType::V2f16 | ArgType::V2bf16));
            m | u8::from(is_packed) << i
        });
        let opsel = instr.opsel & !packed;
        let n = if syntax::OP_SEL_TIED_SRC2.contains(&op.name.as_str()) {
            3
        } else {
            n_src
        };
        if opsel != 0 {
            text += &op_sel_text(opsel, n, true);
        }
    }
    if instr.clamp {
        text += " clamp";
    }
    text += match instr.omod {
        1 => " mul:2",
        2 => " mul:4",
        3 => " div:2",
        _ => "",
    };
    if let Some(d) = instr.dpp {
        text += &dpp_text(d);
    }
    Some(text)
}

/// ` name:[...]` over the sources, printed when any differs from `default`.
fn packed_text(name: &str, mask: u8, n: usize, default: bool) -> String {
    if (0..n).all(|i| bit(mask, i) == default) {
        return String::new();
    }
    let bits: Vec<String> = (0..n).map(|i| u8::from(bit(mask, i)).to_string()).collect();
    format!(" {name}:[{}]", bits.join(","))
}

/// VOP3P, with or without DPP. Rows with `abs` (`v_fma_mix*`) read NEG as `-x` and NEG_HI
/// as `|x|`, and default OPSEL_HI to 0; the packed rows print `neg_lo`/`neg_hi` arrays and
/// default OPSEL_HI to 1.
fn vop3p(instr: &Instr) -> Option<String> {
    let op = instr.op;
    let srcs = sources(op);
    let fields = [instr.src0, instr.src1, instr.src2];
    let mix = op.has_mod(Modifier::Abs);
    if !dpp_allowed(op, instr.dpp)
        || (instr.clamp && !op.has_mod(Modifier::Clamp))
        || (instr.opsel != 0 && !op.has_mod(Modifier::OpSel))
        || (!mix && instr.neg != 0 && !op.has_mod(Modifier::NegLo))
        || (!mix && instr.neg_hi != 0 && !op.has_mod(Modifier::NegHi))
    {
        return None;
    }
    for i in 0..3 {
        let absent = srcs[i].is_none();
        let set = bit(instr.neg, i) || bit(instr.neg_hi, i) || bit(instr.opsel, i);
        if absent && (fields[i] != 0 || set) {
            return None;
        }
    }
    let n_src = srcs.iter().flatten().count();
    let mut out = Vec::new();
    for &arg in &op.args {
        let text = match arg.kind {
            ArgKind::Vdst => operands::vgpr(u16::from(instr.vdst), arg.ty.regs())?,
            kind => {
                let i = source_index(kind)?;
                let shared = fields[..i].contains(&u16::from(SRC_LITERAL));
                // The DPP forms of `v_fma_mix*` take only a VGPR as src1.
                let arg = if mix && instr.dpp.is_some() && i == 1 {
                    Arg {
                        accept: Accept::Vgpr,
                        ..arg
                    }
                } else {
                    arg
                };
                let src = restricted(op, arg, fields[i], instr.literal, shared)?;
                if mix {
                    with_mods(src, Mods::Float, bit(instr.neg, i), bit(instr.neg_hi, i))?
                } else {
                    src.text
                }
            }
        };
        out.push(text);
    }
    let name = if instr.dpp.is_some() {
        format!("{}_e64_dpp", op.name)
    } else {
        op.name.clone()
    };
    let mut text = join(name, out);
    if op.has_mod(Modifier::OpSel) {
        text += &packed_text("op_sel", instr.opsel, n_src, false);
    }
    if op.has_mod(Modifier::OpSelHi) {
        text += &packed_text("op_sel_hi", instr.opsel_hi, n_src, !mix);
    }
    if !mix {
        text += &packed_text("neg_lo", instr.neg, n_src, false);
        text += &packed_text("neg_hi", instr.neg_hi, n_src, false);
    }
    if instr.clamp {
        text += " clamp";
    }
    if let Some(d) = instr.dpp {
        text += &dpp_text(d);
    }
    Some(text)
}

/// One half of a VOPD pair. `k`: the pair has a K literal, which makes LLVM print a
/// literal source as a 32-bit value whatever its type.
fn vopd_half(
    op: &OpInfo,
    (vdst, src0, vsrc1): (u8, u16, u16),
    literal: Option<u32>,
    k: bool,
) -> Option<String> {
    // `v_dual_mov_b32` needs a zero VSRC1 field.
    if !op.llvm || (op.arg(ArgKind::Vsrc1).is_none() && vsrc1 != SRC_VGPR0) {
        return None;
    }
    let mut out = Vec::new();
    for &arg in &op.args {
        out.push(match arg.kind {
            ArgKind::Vdst => operands::vgpr(u16::from(vdst), 1)?,
            ArgKind::Src0 if k => operands::source(src0, ArgType::B32, literal)?.text,
            ArgKind::Src0 => operands::source(src0, arg.ty, literal)?.text,
            ArgKind::Vsrc1 => operands::vgpr(vsrc1 - SRC_VGPR0, 1)?,
            ArgKind::Imm32 => k_text(literal)?,
            _ => return None,
        });
    }
    Some(join(op.name.clone(), out))
}

/// VOPD: `X :: Y`.
fn vopd(instr: &Instr) -> Option<String> {
    let y = instr.op_y?;
    let k = [instr.op, y]
        .iter()
        .any(|o| o.arg(ArgKind::Imm32).is_some());
    let x_fields = (instr.vdst, instr.src0, instr.src1);
    let y_fields = (instr.vdst_y, instr.src0_y, instr.src1_y);
    let x = vopd_half(instr.op, x_fields, instr.literal, k)?;
    let y = vopd_half(y, y_fields, instr.literal, k)?;
    Some(format!("{x} :: {y}"))
}
