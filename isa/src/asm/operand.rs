//! Vector-instruction operands: registers (`v5`, `v[4:5]`, `s[2:3]`, `vcc_lo`, `ttmp3`,
//! ...), special sources, `off`, integers and floats with the input modifiers `-x`,
//! `neg(x)`, `|x|`, `abs(x)` and `sext(x)`; and how a constant becomes an inline-constant code or a
//! literal dword for an operand of a given type, as llvm-mc 19 folds it (its parser's
//! conversion of the token, then its encoder's choice of inline code).

use super::lex::{Cursor, Fail, Tok};
use crate::operand::{EXEC_LO, M0, NULL, TTMP0, VCC_LO};
use crate::syntax;

/// What an operand names or holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Base {
    /// Scalar register(s): first SSRC code and dword count (`null` has count 0).
    Sreg {
        code: u8,
        count: u8,
    },
    /// VGPR(s): first index and dword count; `half` is `Some(high)` for a true16 register
    /// half (`v5.l`, `v5.h`).
    Vreg {
        index: u16,
        count: u8,
        half: Option<bool>,
    },
    /// A named inline value (`src_scc`, `src_shared_base`, ...): its source code.
    Special(u8),
    Int(i128),
    Float(f64),
    /// `off` (no address / no SGPR base).
    Off,
}

/// One parsed operand with its input modifiers and its column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Operand {
    pub base: Base,
    pub neg: bool,
    pub abs: bool,
    pub col: usize,
}

impl Operand {
    pub fn has_mods(&self) -> bool {
        self.neg || self.abs
    }
}

pub(super) const BAD_OPERAND: &str = "invalid operand for instruction";

/// Parses one operand at the cursor.
pub(super) fn parse(cur: &mut Cursor) -> Result<Operand, Fail> {
    let col = cur.col();
    let mut neg = false;
    // SP3 negation: `-` directly before a register, `|` or `abs(`; `-` before anything else
    // belongs to the number or expression.
    if cur.is_punct("-") {
        let next_is_reg = match cur.peek2() {
            Some(Tok::Punct("|")) => true,
            Some(Tok::Ident(name)) => name == "abs" || is_register_name(name),
            _ => false,
        };
        if next_is_reg {
            cur.pos += 1;
            neg = true;
        }
    }
    // `sext(x)` (integer sources of DPP forms) is encoded in the NEG bit.
    if call(cur, "neg") || call(cur, "sext") {
        let mut inner = parse(cur)?;
        cur.expect(")")?;
        if inner.neg {
            return Err((col, BAD_OPERAND.into()));
        }
        inner.neg = true;
        inner.col = col;
        return Ok(inner);
    }
    let abs_call = call(cur, "abs");
    let abs_bars = !abs_call && cur.eat("|");
    let saved = cur.in_bars;
    cur.in_bars = abs_bars || saved;
    let base = base(cur);
    cur.in_bars = saved;
    let base = base?;
    if abs_call {
        cur.expect(")")?;
    } else if abs_bars {
        cur.expect("|")?;
    }
    Ok(Operand {
        base,
        neg,
        abs: abs_call || abs_bars,
        col,
    })
}

/// Whether the cursor is at `name(`; consumes both tokens if so.
pub(super) fn call(cur: &mut Cursor, name: &str) -> bool {
    if cur.ident() == Some(name) && cur.peek2() == Some(&Tok::Punct("(")) {
        cur.pos += 2;
        true
    } else {
        false
    }
}

fn is_register_name(name: &str) -> bool {
    named_register(name).is_some()
        || ["v", "s", "ttmp"].iter().any(|p| {
            name.strip_prefix(p)
                .is_some_and(|d| d.is_empty() || d.chars().all(|c| c.is_ascii_digit()))
        })
}

fn named_register(name: &str) -> Option<(u8, u8)> {
    Some(match name {
        "vcc" => (VCC_LO, 2),
        "vcc_lo" => (VCC_LO, 1),
        "vcc_hi" => (VCC_LO + 1, 1),
        "exec" => (EXEC_LO, 2),
        "exec_lo" => (EXEC_LO, 1),
        "exec_hi" => (EXEC_LO + 1, 1),
        "m0" => (M0, 1),
        "null" => (NULL, 0),
        _ => return None,
    })
}

/// The file and index range of a numbered register at the cursor: `s5`, `s[4:7]`,
/// `ttmp[2:3]`, `v9`, `v[0:3]` give (`"s"` / `"ttmp"` / `"v"`, first, last), and consume
/// their tokens. `None` (nothing consumed) if the identifier is not such a name.
pub(super) fn register_range(
    cur: &mut Cursor,
    name: &str,
    col: usize,
) -> Result<Option<(&'static str, u64, u64)>, Fail> {
    let (prefix, limit) = if name.starts_with("ttmp") {
        ("ttmp", 16u64)
    } else if name.starts_with('s') {
        ("s", u64::from(crate::operand::NUM_SGPRS))
    } else if name.starts_with('v') {
        ("v", 256)
    } else {
        return Ok(None);
    };
    let digits = &name[prefix.len()..];
    let out_of_range = || (col, "register index is out of range".to_string());
    let (first, last) = if digits.is_empty() && cur.peek2() == Some(&Tok::Punct("[")) {
        cur.pos += 2;
        let index = |cur: &mut Cursor| match cur.peek() {
            Some(&Tok::Int(v)) => {
                cur.pos += 1;
                Ok(v)
            }
            _ => Err((cur.col(), "expected a register index".to_string())),
        };
        let first = index(cur)?;
        let last = if cur.eat(":") { index(cur)? } else { first };
        cur.expect("]")?;
        if last < first {
            return Err((
                col,
                "first register index should not exceed second index".into(),
            ));
        }
        (first, last)
    } else if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        cur.pos += 1;
        let n = digits.parse::<u64>().map_err(|_| out_of_range())?;
        (n, n)
    } else {
        return Ok(None);
    };
    if last >= limit {
        return Err(out_of_range());
    }
    Ok(Some((prefix, first, last)))
}

fn base(cur: &mut Cursor) -> Result<Base, Fail> {
    let col = cur.col();
    if let Some(name) = cur.ident().map(str::to_string) {
        if name == "off" {
            cur.pos += 1;
            return Ok(Base::Off);
        }
        if let Some(reg) = register(cur, &name, col)? {
            return Ok(reg);
        }
        if let Some(code) = syntax::special_source(&name) {
            cur.pos += 1;
            return Ok(Base::Special(code));
        }
        return Err((col, BAD_OPERAND.into()));
    }
    let neg = cur.is_punct("-");
    if let Some(Tok::Float(f)) = if neg { cur.peek2() } else { cur.peek() } {
        let f = if neg { -f } else { *f };
        cur.pos += 1 + usize::from(neg);
        return Ok(Base::Float(f));
    }
    match cur.peek() {
        Some(Tok::Int(_) | Tok::Punct("-" | "+" | "~" | "!" | "(")) => {
            Ok(Base::Int(cur.expr(&super::lex::no_symbols)?))
        }
        _ => Err((col, BAD_OPERAND.into())),
    }
}

/// A register at the cursor, or `None` if the identifier is not a register name.
fn register(cur: &mut Cursor, name: &str, col: usize) -> Result<Option<Base>, Fail> {
    if let Some((v, high)) = name
        .strip_suffix(".l")
        .map(|v| (v, false))
        .or_else(|| name.strip_suffix(".h").map(|v| (v, true)))
    {
        return Ok(match register(cur, v, col)? {
            Some(Base::Vreg {
                index, count: 1, ..
            }) => Some(Base::Vreg {
                index,
                count: 1,
                half: Some(high),
            }),
            _ => None,
        });
    }
    if let Some((code, count)) = named_register(name) {
        cur.pos += 1;
        return Ok(Some(Base::Sreg { code, count }));
    }
    let Some((prefix, first, last)) = register_range(cur, name, col)? else {
        return Ok(None);
    };
    let count = last - first + 1;
    if count > 16 {
        return Err((col, BAD_OPERAND.into()));
    }
    if prefix == "v" {
        return Ok(Some(Base::Vreg {
            index: first as u16,
            count: count as u8,
            half: None,
        }));
    }
    // SGPR and TTMP tuples: pairs are 2-aligned, larger tuples 4-aligned.
    let align = match count {
        1 => 1,
        2 => 2,
        _ => 4,
    };
    if first % align != 0 {
        return Err((col, "invalid register alignment".into()));
    }
    let base = if prefix == "ttmp" { TTMP0 } else { 0 };
    Ok(Some(Base::Sreg {
        code: base + first as u8,
        count: count as u8,
    }))
}

/// The type of a source operand, which decides how constants fold (LLVM's operand types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    I16,
    F16,
    Bf16,
    I32,
    F32,
    I64,
    F64,
    V2I16,
    V2F16,
    V2Bf16,
}

impl Ty {
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Ty::F16 | Ty::Bf16 | Ty::F32 | Ty::F64 | Ty::V2F16 | Ty::V2Bf16
        )
    }
}

/// A source constant as encoded: an inline-constant code, or 255 with a literal dword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Const {
    Inline(u8),
    Literal(u32),
}

/// Why a constant does not fit an operand.
const NOT_FIT: &str = "invalid operand for instruction";

/// Folds an integer or float token into an operand of type `ty` (llvm-mc's parser value
/// followed by its encoder's inline-constant choice). `fp_mods` are neg/abs applied to the
/// value itself (e32 forms, which have no modifier bits).
pub(super) fn fold(base: Base, ty: Ty, fp_mods: (bool, bool)) -> Result<Const, &'static str> {
    let imm = mc_imm(base, ty, fp_mods)?;
    Ok(encode_imm(imm, ty))
}

/// The dword of a mandatory K literal (`v_fmamk_*`, `v_fmaak_*`): 16 bits for f16 opcodes.
pub(super) fn kimm(base: Base, ty: Ty) -> Result<u32, &'static str> {
    let half = matches!(ty, Ty::F16 | Ty::I16);
    match base {
        Base::Int(v) if half && safe_trunc(v, 16) => Ok(v as u32 & 0xffff),
        Base::Int(v) if !half && safe_trunc(v, 32) => Ok(v as u32),
        Base::Float(f) if half => to_f16(f).map(u32::from).ok_or(NOT_FIT),
        Base::Float(f) => to_f32(f).ok_or(NOT_FIT),
        _ => Err(NOT_FIT),
    }
}

fn safe_trunc(v: i128, bits: u32) -> bool {
    (-(1i128 << (bits - 1))..(1i128 << bits)).contains(&v)
}

fn int_inline(v: i64) -> bool {
    (-16..=64).contains(&v)
}

const F32_INLINE: [u32; 9] = [
    0x3f00_0000,
    0xbf00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc000_0000,
    0x4080_0000,
    0xc080_0000,
    0x3e22_f983,
];
const F16_INLINE: [u16; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];
const BF16_INLINE: [u16; 9] = [
    0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e22,
];
const F64_INLINE: [u64; 9] = [
    0x3fe0_0000_0000_0000,
    0xbfe0_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4000_0000_0000_0000,
    0xc000_0000_0000_0000,
    0x4010_0000_0000_0000,
    0xc010_0000_0000_0000,
    0x3fc4_5f30_6dc9_c882,
];

fn inline32(v: u32) -> bool {
    int_inline(i64::from(v as i32)) || F32_INLINE.contains(&v)
}

fn inline64(v: u64) -> bool {
    int_inline(v as i64) || F64_INLINE.contains(&v)
}

fn inline_f16(v: u16) -> bool {
    int_inline(i64::from(v as i16)) || F16_INLINE.contains(&v)
}

fn inline_bf16(v: u16) -> bool {
    int_inline(i64::from(v as i16)) || BF16_INLINE.contains(&v)
}

/// f64 → f16 bits, round to nearest even; `None` on overflow (or underflow to zero of a
/// non-zero value), which llvm-mc rejects.
fn to_f16(f: f64) -> Option<u16> {
    if f.is_nan() {
        return Some(0x7e00);
    }
    let sign = if f.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = f.abs();
    if a.is_infinite() {
        return Some(sign | 0x7c00);
    }
    if a == 0.0 {
        return Some(sign);
    }
    // Scale into the integer significand at the target's precision.
    let exp = a.log2().floor() as i32;
    let (e, scale) = if exp < -14 {
        (0, -24) // subnormal: units of 2^-24
    } else {
        (exp + 15, exp - 10)
    };
    let m = a / 2f64.powi(scale);
    let r = m.round_ties_even();
    if e == 0 && r != m {
        // Inexact in the subnormal range: APFloat reports underflow, which llvm-mc rejects.
        return None;
    }
    let (mut mant, mut e) = (r as u32, e as u32);
    if e == 0 {
        // Subnormal (a carry into 0x400 is the smallest normal, which the pattern encodes).
        return Some(sign | mant as u16);
    }
    if mant >= 2048 {
        mant >>= 1;
        e += 1;
    }
    let bits = (e << 10) | (mant & 0x3ff);
    if bits >= 0x7c00 {
        return None;
    }
    Some(sign | bits as u16)
}

/// f64 → bf16 bits, round to nearest even (through the f32 bits when exact enough).
fn to_bf16(f: f64) -> Option<u16> {
    let b = (f as f32).to_bits();
    if (f as f32).is_infinite() && f.is_finite() {
        return None;
    }
    let round = ((b >> 16) & 1) + 0x7fff;
    let r = b.wrapping_add(round) >> 16;
    Some(r as u16)
}

fn to_f32(f: f64) -> Option<u32> {
    let s = f as f32;
    if s.is_infinite() && f.is_finite() {
        return None;
    }
    Some(s.to_bits())
}

/// The immediate llvm-mc's parser puts in the instruction (`addLiteralImmOperand`).
fn mc_imm(base: Base, ty: Ty, (neg, abs): (bool, bool)) -> Result<i64, &'static str> {
    match base {
        Base::Float(f) => {
            let mut bits = f.to_bits();
            if abs {
                bits &= !(1 << 63);
            }
            if neg {
                bits ^= 1 << 63;
            }
            let f = f64::from_bits(bits);
            Ok(match ty {
                Ty::I64 if !inline64(bits) => return Err(NOT_FIT),
                Ty::I64 => bits as i64,
                Ty::F64 if inline64(bits) => bits as i64,
                Ty::F64 => (bits & 0xffff_ffff_0000_0000) as i64,
                Ty::F16 | Ty::V2F16 => i64::from(to_f16(f).ok_or(NOT_FIT)?),
                Ty::Bf16 | Ty::V2Bf16 => {
                    // llvm-mc keeps 0.15915494 (the f32-precise 1/(2pi)) at 0x3e22 instead of
                    // rounding it to 0x3e23.
                    if bits == 0x3fc4_5f30_6725_feed {
                        0x3e22
                    } else {
                        i64::from(to_bf16(f).ok_or(NOT_FIT)?)
                    }
                }
                Ty::I16 => {
                    // The literal must convert to f16 without overflow; the value used is
                    // its f32 pattern.
                    to_f16(f).ok_or(NOT_FIT)?;
                    i64::from(to_f32(f).ok_or(NOT_FIT)?)
                }
                Ty::I32 | Ty::F32 | Ty::V2I16 => i64::from(to_f32(f).ok_or(NOT_FIT)?),
            })
        }
        Base::Int(v) => {
            let size = |t: Ty| {
                if matches!(t, Ty::I16 | Ty::F16 | Ty::Bf16) {
                    16
                } else {
                    32
                }
            };
            let mut v = v;
            if (neg || abs) && ty.is_float() {
                if ty == Ty::F64 {
                    return Err(NOT_FIT);
                }
                // fp modifiers on an integer token act on the operand-sized pattern.
                let sign = 1i128 << (size(ty) - 1);
                if abs {
                    v &= !sign;
                }
                if neg {
                    v ^= sign;
                }
            }
            let inline_64 = matches!(ty, Ty::I64 | Ty::F64)
                && (i128::from(i64::MIN)..=i128::from(u64::MAX)).contains(&v)
                && inline64(v as u64);
            if inline_64 {
                return Ok(v as i64);
            }
            if !safe_trunc(v, size(ty)) {
                return Err(NOT_FIT);
            }
            let v = v as i64;
            Ok(match ty {
                Ty::I64 => v & 0xffff_ffff,
                Ty::F64 => v << 32,
                Ty::I16 if int_inline(i64::from(v as i16)) => v,
                Ty::F16 if inline_f16(v as u16) => v,
                Ty::Bf16 if inline_bf16(v as u16) => v,
                Ty::I16 | Ty::F16 | Ty::Bf16 => v & 0xffff,
                _ if inline32(v as u32) => v,
                _ => v & 0xffff_ffff,
            })
        }
        _ => Err(NOT_FIT),
    }
}

/// The integer inline code of a value, if it is -16..=64.
fn int_code(v: i64) -> Option<u8> {
    match v {
        0..=64 => Some(128 + v as u8),
        -16..=-1 => Some((192 - v) as u8),
        _ => None,
    }
}

fn float_code<T: PartialEq>(table: &[T; 9], v: T) -> Option<u8> {
    table.iter().position(|x| *x == v).map(|i| 240 + i as u8)
}

/// llvm-mc's encoder: the inline code of an immediate for an operand type, or a literal.
fn encode_imm(imm: i64, ty: Ty) -> Const {
    let code = match ty {
        Ty::I32 | Ty::F32 | Ty::I16 => {
            let v = imm as u32;
            int_code(i64::from(v as i32)).or_else(|| float_code(&F32_INLINE, v))
        }
        Ty::I64 | Ty::F64 => int_code(imm).or_else(|| float_code(&F64_INLINE, imm as u64)),
        Ty::F16 => {
            let v = imm as u16;
            int_code(i64::from(v as i16)).or_else(|| float_code(&F16_INLINE, v))
        }
        Ty::Bf16 => {
            let v = imm as u16;
            int_code(i64::from(v as i16)).or_else(|| float_code(&BF16_INLINE, v))
        }
        Ty::V2I16 | Ty::V2F16 | Ty::V2Bf16 => {
            let v = imm as u32;
            int_code(i64::from(v as i32)).or_else(|| match ty {
                Ty::V2I16 => float_code(&F32_INLINE, v),
                Ty::V2F16 => u16::try_from(v)
                    .ok()
                    .and_then(|h| float_code(&F16_INLINE, h)),
                _ => u16::try_from(v)
                    .ok()
                    .and_then(|h| float_code(&BF16_INLINE, h)),
            })
        }
    };
    match code {
        Some(c) => Const::Inline(c),
        None if ty == Ty::F64 => Const::Literal((imm as u64 >> 32) as u32),
        None => Const::Literal(imm as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(base: Base, ty: Ty) -> Const {
        fold(base, ty, (false, false)).unwrap()
    }

    #[test]
    fn constants_fold_per_type() {
        assert_eq!(f(Base::Int(0x3c00), Ty::F16), Const::Inline(242));
        assert_eq!(f(Base::Int(0x3c00), Ty::I16), Const::Literal(0x3c00));
        assert_eq!(f(Base::Int(0xffff), Ty::F16), Const::Inline(193));
        assert_eq!(f(Base::Int(0xffff), Ty::I16), Const::Literal(0xffff));
        assert_eq!(f(Base::Float(1.5), Ty::I16), Const::Literal(0x3fc0_0000));
        assert_eq!(f(Base::Float(1.5), Ty::F16), Const::Literal(0x3e00));
        assert_eq!(f(Base::Float(0.15915494), Ty::F16), Const::Inline(248));
        assert_eq!(f(Base::Float(1.5), Ty::F64), Const::Literal(0x3ff8_0000));
        assert_eq!(f(Base::Int(0x3ff0_0000), Ty::F64), Const::Inline(242));
        assert_eq!(f(Base::Int(-17), Ty::I64), Const::Literal(0xffff_ffef));
        assert_eq!(f(Base::Int(0xffff_ffff), Ty::F32), Const::Inline(193));
        assert_eq!(f(Base::Int(0x3c00), Ty::V2F16), Const::Inline(242));
        assert_eq!(f(Base::Int(0xffff), Ty::V2F16), Const::Literal(0xffff));
        assert_eq!(f(Base::Float(1.0), Ty::V2I16), Const::Inline(242));
        assert!(fold(Base::Int(0x1_2345), Ty::F16, (false, false)).is_err());
        assert!(fold(Base::Float(1.5), Ty::I64, (false, false)).is_err());
    }

    #[test]
    fn f16_conversion_rounds_and_rejects_overflow() {
        assert_eq!(to_f16(1.0), Some(0x3c00));
        assert_eq!(to_f16(-2.0), Some(0xc000));
        assert_eq!(to_f16(65504.0), Some(0x7bff));
        assert_eq!(to_f16(1e10), None);
        assert_eq!(to_f16(0.1), Some(0x2e66));
        assert_eq!(to_f16(2f64.powi(-24)), Some(0x0001));
        assert_eq!(to_f16(1e-10), None);
    }
}
