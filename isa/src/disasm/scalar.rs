//! Scalar formats: SOP1, SOP2, SOPK, SOPC, SOPP.

use super::operands;
use crate::encoding::Instr;
use crate::operand::{self, register_name, SRC_LITERAL};
use crate::syntax::{self, depctr, hwreg, sendmsg, version};
use crate::table::{Accept, Arg, ArgKind, ArgType, Format};

/// The text of a scalar instruction, or `None` when an operand code is not valid for its
/// operand.
pub(super) fn text(instr: &Instr) -> Option<String> {
    // Operand-less SOPP opcodes decode only with a zero SIMM16.
    if instr.op.format == Format::Sopp && instr.op.args.is_empty() && instr.simm16 != 0 {
        return None;
    }
    let mut parts = Vec::new();
    for &arg in &instr.op.args {
        if let Some(text) = arg_text(instr, arg)? {
            parts.push(text);
        }
    }
    Some(if parts.is_empty() {
        instr.op.name.clone()
    } else {
        format!("{} {}", instr.op.name, parts.join(", "))
    })
}

/// `Some(None)`: valid but printed as nothing (`s_endpgm` with a zero field).
fn arg_text(instr: &Instr, arg: Arg) -> Option<Option<String>> {
    let imm = instr.simm16;
    let text = match arg.kind {
        ArgKind::Sdst => dst_name(instr.sdst, arg.bits)?,
        ArgKind::Sreg => dst_name(instr.sdst, 32)?,
        ArgKind::Ssrc0 => src_text(instr.ssrc0, arg, instr.literal)?,
        ArgKind::Ssrc1 => src_text(instr.ssrc1, arg, instr.literal)?,
        ArgKind::Simm16 => format!("0x{imm:x}"),
        ArgKind::Uimm16 => operands::small_dec_or_hex(imm),
        ArgKind::Label => imm.to_string(),
        ArgKind::OptImm16 if imm == 0 => return Some(None),
        ArgKind::OptImm16 => imm.to_string(),
        ArgKind::Hwreg => hwreg_text(imm),
        ArgKind::Waitcnt => counters_text(&syntax::WAITCNT_FIELDS, imm),
        ArgKind::Depctr if imm & depctr::UNUSED != 0 => format!("0x{imm:x}"),
        ArgKind::Depctr => counters_text(&depctr::FIELDS, imm),
        ArgKind::Sendmsg => sendmsg_text(imm),
        ArgKind::MsgRtn => sendmsg_text(u16::from(instr.ssrc0)),
        ArgKind::DelayAlu => delay_alu_text(imm),
        ArgKind::Version => version_text(imm),
        ArgKind::Imm32 => operands::imm32_text(instr.literal?),
        // Vector and memory operand kinds do not occur in scalar rows.
        _ => return None,
    };
    Some(Some(text))
}

/// Register name of a destination code; 64-bit pairs starting at an odd SGPR or TTMP are
/// printed aligned down, as llvm-objdump does (with a warning we do not reproduce).
fn dst_name(code: u8, bits: u8) -> Option<String> {
    let code = if bits == 64 && (code < operand::NUM_SGPRS || (108..=123).contains(&code)) {
        code & !1
    } else {
        code
    };
    register_name(code, bits)
}

/// Text of a source operand code (register, inline constant, special source or literal).
fn src_text(code: u8, arg: Arg, literal: Option<u32>) -> Option<String> {
    let wide = arg.bits == 64;
    if operand::is_register(code) {
        return dst_name(code, arg.bits);
    }
    if let Some(name) = syntax::special_source_name(code) {
        return Some(name.to_string());
    }
    // A constant where only registers are allowed is printed as a 32-bit value.
    let ty = if wide && arg.accept != Accept::Registers {
        ArgType::B64
    } else {
        ArgType::B32
    };
    let text = match code {
        operand::SRC_LDS_DIRECT if !wide => {
            return Some(
                "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/".into(),
            )
        }
        SRC_LITERAL => operands::literal_text(literal?, ty),
        _ => operands::inline_text(code, ty)?,
    };
    Some(if arg.accept == Accept::Registers {
        format!("{text}/*Invalid immediate*/")
    } else {
        text
    })
}

fn hwreg_text(imm: u16) -> String {
    let (id, offset, size) = hwreg::decode(imm);
    let name = hwreg::name(id).map_or_else(|| id.to_string(), str::to_string);
    if offset == 0 && size == 32 {
        format!("hwreg({name})")
    } else {
        format!("hwreg({name}, {offset}, {size})")
    }
}

fn sendmsg_text(imm: u16) -> String {
    let id = imm & 0xff;
    match sendmsg::name(id) {
        Some(name) => format!("sendmsg({name})"),
        None if imm == id => format!("sendmsg({id}, 0, 0)"),
        None => imm.to_string(),
    }
}

fn field(v: u16, shift: u32, width: u32) -> u16 {
    (v >> shift) & ((1 << width) - 1)
}

/// `s_waitcnt` / `s_waitcnt_depctr` counters: the fields below their maximum, or all of
/// them when every field is at its maximum.
fn counters_text(fields: &[(&str, u32, u32)], imm: u16) -> String {
    let values: Vec<(&str, u16, bool)> = fields
        .iter()
        .map(|&(name, shift, width)| {
            let v = field(imm, shift, width);
            (name, v, v == (1 << width) - 1)
        })
        .collect();
    let all_default = values.iter().all(|&(_, _, d)| d);
    values
        .iter()
        .filter(|&&(_, _, d)| all_default || !d)
        .map(|(name, v, _)| format!("{name}({v})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn delay_alu_text(imm: u16) -> String {
    let parts: Vec<String> = syntax::DELAY_ALU_FIELDS
        .iter()
        .filter_map(|&(name, shift, width, names)| {
            let v = usize::from(field(imm, shift, width));
            let value = match names.get(v) {
                _ if v == 0 => return None,
                Some(n) => *n,
                None if name == "instskip" => "/* invalid instskip value */",
                None => "/* invalid instid value */",
            };
            Some(format!("{name}({value})"))
        })
        .collect();
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" | ")
    }
}

/// `s_version`: symbolic when only the version byte and the flag bits are set; flags are
/// OR-ed on left to right, with the parentheses LLVM's expression printer adds.
fn version_text(imm: u16) -> String {
    let flag_bits: u16 = version::FLAGS.iter().map(|(b, _)| b).sum();
    if imm & !(version::VERSION_MASK | flag_bits) != 0 {
        return format!("0x{imm:x}");
    }
    let number = imm & version::VERSION_MASK;
    let mut text = version::NAMES
        .iter()
        .find(|(v, _)| *v == number)
        .map_or_else(|| number.to_string(), |(_, n)| n.to_string());
    let mut first = true;
    for (bit, name) in version::FLAGS {
        if imm & bit != 0 {
            text = if first {
                format!("{text}|{name}")
            } else {
                format!("({text})|{name}")
            };
            first = false;
        }
    }
    text
}
