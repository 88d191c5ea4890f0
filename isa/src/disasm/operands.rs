//! Operand text shared by the vector and memory disassemblers: VGPR and SGPR ranges, 9-bit
//! source codes, and constants (inline or literal) printed as llvm-objdump 19 prints them for
//! each operand type.
//!
//! LLVM's decoder turns an inline constant into the value the operand type reads (integer
//! codes as integers; float codes as the bit pattern of the operand's precision, except
//! 16-bit integer operands, which get the f16 pattern, and packed-integer operands, which
//! get the f32 pattern) and its printer then formats that value per type. A 64-bit float
//! literal is the high dword of the double; other literals are the dword itself.

use crate::encoding::SRC_VGPR0;
use crate::operand::{self, INLINE_F16, SRC_LDS_DIRECT, SRC_LITERAL};
use crate::syntax;
use crate::table::ArgType;

/// A printed source operand: its text and whether LLVM holds it as an immediate (a
/// constant), which selects `neg(...)` over `-` for a negated operand.
pub(super) struct Src {
    pub text: String,
    pub imm: bool,
}

/// `v5` or `v[4:7]`; `None` when the range runs past v255.
pub(super) fn vgpr(v: u16, regs: u8) -> Option<String> {
    let last = v + u16::from(regs.max(1)) - 1;
    if last > 255 {
        None
    } else if last == v {
        Some(format!("v{v}"))
    } else {
        Some(format!("v[{v}:{last}]"))
    }
}

/// An SGPR-file range of `regs` registers at scalar code `code`, as LLVM decodes it: 64-bit
/// ranges align the start down to even and wider ones to a multiple of four (llvm-objdump
/// adds a warning we do not print); `vcc`, `exec` and `null` name the 64-bit special pairs,
/// also for wider ranges. `None` for codes that are no register of that width.
pub(super) fn sgpr(code: u8, regs: u8) -> Option<String> {
    let regs = regs.max(1);
    if regs <= 2 {
        let code = if regs == 2 && (code < operand::NUM_SGPRS || is_ttmp(code)) {
            code & !1
        } else {
            code
        };
        return operand::register_name(code, 32 * regs);
    }
    if !(code < operand::NUM_SGPRS || is_ttmp(code)) {
        // Wider classes hold the 64-bit special pairs `vcc`, `exec` and `null` as LLVM
        // decodes them (flagged as invalid where the class lacks them).
        return [operand::VCC_LO, operand::NULL, operand::EXEC_LO]
            .contains(&code)
            .then(|| operand::register_name(code, 64))
            .flatten();
    }
    let first = code & !3;
    let (prefix, base, count) = if first < operand::NUM_SGPRS {
        ("s", 0, operand::NUM_SGPRS)
    } else if is_ttmp(first) {
        ("ttmp", operand::TTMP0, 16)
    } else {
        return None;
    };
    let lo = first - base;
    let hi = u16::from(lo) + u16::from(regs) - 1;
    (hi < u16::from(count)).then(|| format!("{prefix}[{lo}:{hi}]"))
}

fn is_ttmp(code: u8) -> bool {
    (operand::TTMP0..operand::TTMP0 + 16).contains(&code)
}

/// A 9-bit source code for an operand of type `ty`: VGPR range, SGPR range, special
/// register, inline constant or the literal. `None` for reserved codes, ranges that do not
/// exist, and a missing literal.
pub(super) fn source(code: u16, ty: ArgType, literal: Option<u32>) -> Option<Src> {
    let regs = ty.regs();
    if code >= SRC_VGPR0 {
        return vgpr(code - SRC_VGPR0, regs).map(|text| Src { text, imm: false });
    }
    let code = code as u8;
    let reg = |text: String| Some(Src { text, imm: false });
    if operand::is_register(code) {
        return reg(sgpr(code, regs)?);
    }
    if let Some(name) = syntax::special_source_name(code) {
        return reg(name.to_string());
    }
    if code == SRC_LDS_DIRECT {
        return if regs == 1 {
            reg("src_lds_direct".into())
        } else {
            None
        };
    }
    let text = if code == SRC_LITERAL {
        literal_text(literal?, ty)
    } else {
        inline_text(code, ty)?
    };
    Some(Src { text, imm: true })
}

/// An inline constant code (128..=208 integers, 240..=248 floats) for type `ty`.
pub(super) fn inline_text(code: u8, ty: ArgType) -> Option<String> {
    if let 128..=208 = code {
        return Some((operand::inline_constant(code, 64)? as i64).to_string());
    }
    let f = usize::from(code.checked_sub(240).filter(|&i| i <= 8)?);
    Some(match ty {
        ArgType::F16 | ArgType::V2f16 => f16_text(INLINE_F16[f]),
        ArgType::Bf16 | ArgType::V2bf16 => bf16_text(u32::from(bf16_of(code))),
        ArgType::B16 => int16_text(u32::from(INLINE_F16[f])),
        // LLVM reads wide (64-bit and larger) operands' float constants as doubles.
        _ if ty.regs() > 1 => imm64_text(operand::inline_constant(code, 64)?),
        _ => imm32_text(operand::inline_constant(code, 32)? as u32),
    })
}

/// The literal dword of an operand of type `ty`.
pub(super) fn literal_text(v: u32, ty: ArgType) -> String {
    match ty {
        ArgType::F16 => f16_text(v as u16),
        ArgType::Bf16 => bf16_text(v),
        ArgType::B16 => int16_text(v),
        ArgType::V2i16 => packed_text(v, float32_name(v)),
        ArgType::V2f16 => packed_text(v, (v <= 0xffff).then(|| f16_name(v as u16)).flatten()),
        ArgType::V2bf16 => packed_text(v, (v <= 0xffff).then(|| bf16_name(v as u16)).flatten()),
        ArgType::F64 => imm64_text(u64::from(v) << 32),
        ArgType::B64 => imm64_text(u64::from(v)),
        _ => imm32_text(v),
    }
}

/// The bf16 pattern of inline float code 240..=248: the high half of the f32 pattern.
fn bf16_of(code: u8) -> u16 {
    (operand::inline_constant(code, 32).unwrap_or(0) >> 16) as u16
}

/// Names of the inline float values, in code order 240..=248.
const FLOAT_NAMES: [&str; 9] = [
    "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "",
];
const INV_2PI_TEXT: &str = "0.15915494";
const INV_2PI_TEXT_F64: &str = "0.15915494309189532";

fn float_name(index: Option<usize>, wide: bool) -> Option<&'static str> {
    Some(match index? {
        8 if wide => INV_2PI_TEXT_F64,
        8 => INV_2PI_TEXT,
        i => FLOAT_NAMES[i],
    })
}

fn f16_name(v: u16) -> Option<&'static str> {
    float_name(INLINE_F16.iter().position(|&p| p == v), false)
}

fn bf16_name(v: u16) -> Option<&'static str> {
    float_name((240..=248).position(|c| bf16_of(c) == v), false)
}

/// f32 names, including 0.0 (LLVM's printer knows it, though no inline code yields it).
fn float32_name(v: u32) -> Option<&'static str> {
    if v == 0 {
        return Some("0.0");
    }
    float_name(
        (240..=248).position(|c| operand::inline_constant(c, 32) == Some(u64::from(v))),
        false,
    )
}

fn float64_name(v: u64) -> Option<&'static str> {
    if v == 0 {
        return Some("0.0");
    }
    float_name(
        (240..=248).position(|c| operand::inline_constant(c, 64) == Some(v)),
        true,
    )
}

/// Decimal up to 64, hexadecimal above (LLVM's 16-bit immediate style).
pub(super) fn small_dec_or_hex(v: u16) -> String {
    if v <= 64 {
        v.to_string()
    } else {
        format!("0x{v:x}")
    }
}

pub(super) fn small(v: i64) -> Option<String> {
    (-16..=64).contains(&v).then(|| v.to_string())
}

/// LLVM's `printImmediate32`: small integers in decimal, float constants by name, else hex.
pub(super) fn imm32_text(v: u32) -> String {
    small(i64::from(v as i32))
        .or_else(|| float32_name(v).map(str::to_string))
        .unwrap_or_else(|| format!("0x{v:x}"))
}

/// LLVM's `printImmediate64` of a decoded 64-bit value: a value with a zero low dword
/// prints its high dword in hex (the literal of a 64-bit float operand).
fn imm64_text(v: u64) -> String {
    small(v as i64)
        .or_else(|| float64_name(v).map(str::to_string))
        .unwrap_or_else(|| {
            if v >> 32 != 0 && v as u32 == 0 {
                format!("0x{:x}", v >> 32)
            } else {
                format!("0x{v:x}")
            }
        })
}

/// A 16-bit float operand: the low half, as a small integer, a float constant, or hex.
fn f16_text(v: u16) -> String {
    small(i64::from(v as i16))
        .or_else(|| f16_name(v).map(str::to_string))
        .unwrap_or_else(|| format!("0x{v:x}"))
}

/// A bf16 operand: the low half as a small integer or a bf16 constant, else the whole
/// dword in hex.
fn bf16_text(v: u32) -> String {
    small(i64::from(v as i16))
        .or_else(|| bf16_name(v as u16).map(str::to_string))
        .unwrap_or_else(|| format!("0x{v:x}"))
}

/// A 16-bit integer operand: the whole dword as a small integer or an f32 constant, else
/// the low half in hex.
fn int16_text(v: u32) -> String {
    small(i64::from(v as i32))
        .or_else(|| float32_name(v).map(str::to_string))
        .unwrap_or_else(|| format!("0x{:x}", v & 0xffff))
}

/// A packed 16-bit operand: small integer, the type's float name, else the dword in hex.
fn packed_text(v: u32, name: Option<&str>) -> String {
    small(i64::from(v as i32))
        .or_else(|| name.map(str::to_string))
        .unwrap_or_else(|| format!("0x{v:x}"))
}
