//! Wave matrix multiply-accumulate (reference 7.9 and chapter 16.10): the six
//! `v_wmma_*_16x16x16_*` opcodes, `D = A * B + C` on 16x16 matrices spread over the wave's
//! VGPRs. The module documentation of [`crate::model`] gives the layouts and the choices
//! (exact sums rounded once, NaN results, MODE, the lanes A and B are read from).

use super::valu::{sext, Operands};
use super::valu_float::{pow2, round_bf16, Fmt};
use super::{per_lane, Exec, Lanes, Res, LANES};
use cu32_isa::operand::{inline_constant, INLINE_F16};
use cu32_isa::Instr;
use std::cmp::Ordering;

/// The element type of the A and B matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    F16,
    Bf16,
    Iu8,
    Iu4,
}

impl Elem {
    fn bits(self) -> u32 {
        match self {
            Elem::F16 | Elem::Bf16 => 16,
            Elem::Iu8 => 8,
            Elem::Iu4 => 4,
        }
    }

    fn integer(self) -> bool {
        matches!(self, Elem::Iu8 | Elem::Iu4)
    }
}

/// A WMMA opcode: the A/B element type, and whether C and D are 16-bit floats (f16, or
/// bf16 with bf16 inputs; half a VGPR per element) rather than f32/i32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Wmma {
    elem: Elem,
    half: bool,
}

/// VGPRs of the C and D matrices (the most an operand has).
const CD_REGS: usize = 8;

/// The WMMA semantics of VALU mnemonic `name`, if it is one.
pub(super) fn resolve(name: &str) -> Option<Wmma> {
    let (elem, half) = match name {
        "v_wmma_f32_16x16x16_f16" => (Elem::F16, false),
        "v_wmma_f32_16x16x16_bf16" => (Elem::Bf16, false),
        "v_wmma_f16_16x16x16_f16" => (Elem::F16, true),
        "v_wmma_bf16_16x16x16_bf16" => (Elem::Bf16, true),
        "v_wmma_i32_16x16x16_iu8" => (Elem::Iu8, false),
        "v_wmma_i32_16x16x16_iu4" => (Elem::Iu4, false),
        _ => return None,
    };
    Some(Wmma { elem, half })
}

/// Why the model refuses WMMA instruction `i`, if it does: DPP (not allowed, reference
/// 7.7), and on the integer forms the NEG[2]/NEG_HI bits, which "must be zero" (7.9).
pub(super) fn refusal(i: &Instr, w: Wmma) -> Option<&'static str> {
    if i.dpp.is_some() {
        Some("DPP is not allowed on WMMA")
    } else if w.elem.integer() && (i.neg & !3 != 0 || i.neg_hi != 0) {
        Some("NEG[2] and NEG_HI must be zero on the integer WMMA forms")
    } else {
        None
    }
}

/// Limbs of [`Fixed`], most significant first.
const LIMBS: usize = 12;

/// Bits of [`Fixed`] below the binary point.
const FRAC_BITS: i32 = 400;

/// A non-negative multiple of 2^-400 below 2^368, held exactly. Every WMMA term fits: a
/// product of two bf16 values is a multiple of 2^-266 below 2^256 (f16 products and f32
/// or 16-bit addends lie well inside that range), and the sum of 17 adds 5 bits.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Fixed([u64; LIMBS]);

impl Fixed {
    /// Adds `|x|` for a finite `x` inside the range above.
    fn add(&mut self, x: f64) {
        let bits = x.abs().to_bits();
        let (exp, frac) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
        let (m, e) = if exp == 0 {
            (frac, -1074)
        } else {
            (frac | 1 << 52, exp - 1075)
        };
        if m == 0 {
            return;
        }
        let shift = (e + FRAC_BITS) as usize;
        let mut carry = u128::from(m) << (shift % 64);
        for limb in self.0[..LIMBS - shift / 64].iter_mut().rev() {
            let (sum, over) = limb.overflowing_add(carry as u64);
            *limb = sum;
            carry = (carry >> 64) + u128::from(over);
            if carry == 0 {
                break;
            }
        }
    }

    /// `self - other` for `other <= self`.
    fn minus(&self, other: &Fixed) -> Fixed {
        let mut out = Fixed::default();
        let mut borrow = false;
        for k in (0..LIMBS).rev() {
            let (d, b1) = self.0[k].overflowing_sub(other.0[k]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            out.0[k] = d;
            borrow = b1 || b2;
        }
        out
    }

    /// Bit `i` (counted from the least significant).
    fn bit(&self, i: usize) -> u64 {
        self.0[LIMBS - 1 - i / 64] >> (i % 64) & 1
    }

    /// The value rounded to odd at 53 bits (an f64), so that rounding it again to a format
    /// of at most 51 bits (f32, f16, bf16) gives the correctly rounded value.
    fn to_f64_odd(self) -> f64 {
        let Some(top_limb) = self.0.iter().position(|&x| x != 0) else {
            return 0.0;
        };
        let top = (LIMBS - 1 - top_limb) * 64 + 63 - self.0[top_limb].leading_zeros() as usize;
        let low = top.saturating_sub(52);
        let m = (low..=top).rev().fold(0u64, |m, i| m << 1 | self.bit(i));
        let sticky = (0..low).any(|i| self.bit(i) == 1);
        (m | u64::from(sticky)) as f64 * pow2(low as i32 - FRAC_BITS)
    }
}

/// `sum(terms)` exactly, as an f64 rounded to odd (see [`Fixed::to_f64_odd`]); `None` for
/// a NaN result (a NaN term, `inf * 0` among the products, or infinities of both signs).
/// An exact zero is -0 only when every term is -0 (IEEE addition).
fn exact_sum(terms: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut pos, mut neg) = (Fixed::default(), Fixed::default());
    let (mut inf_pos, mut inf_neg, mut all_neg_zero) = (false, false, true);
    for t in terms {
        if t.is_nan() {
            return None;
        }
        all_neg_zero &= t == 0.0 && t.is_sign_negative();
        match (t.is_infinite(), t.is_sign_negative()) {
            (true, false) => inf_pos = true,
            (true, true) => inf_neg = true,
            (false, false) => pos.add(t),
            (false, true) => neg.add(t),
        }
    }
    match (inf_pos, inf_neg) {
        (true, true) => return None,
        (true, false) => return Some(f64::INFINITY),
        (false, true) => return Some(f64::NEG_INFINITY),
        (false, false) => {}
    }
    Some(match pos.cmp(&neg) {
        Ordering::Equal if all_neg_zero => -0.0,
        Ordering::Equal => 0.0,
        Ordering::Greater => pos.minus(&neg).to_f64_odd(),
        Ordering::Less => -neg.minus(&pos).to_f64_odd(),
    })
}

impl Wmma {
    /// The value of a 16-bit A/B element (f16 or bf16 bits).
    fn input(self, x: u32) -> f64 {
        match self.elem {
            Elem::F16 => Fmt::H.value(u64::from(x)),
            _ => Fmt::S.value(u64::from(x) << 16),
        }
    }

    /// The value of a C element (f32 bits, or 16-bit float bits of the result format).
    fn addend(self, x: u32) -> f64 {
        if self.half {
            self.input(x)
        } else {
            Fmt::S.value(u64::from(x))
        }
    }

    /// The sign bit of a C/D element.
    fn sign(self) -> u32 {
        if self.half {
            0x8000
        } else {
            0x8000_0000
        }
    }

    /// A float result rounded to nearest even in the D format (`None`: the default NaN).
    fn result(self, v: Option<f64>) -> u32 {
        let Some(v) = v else {
            let nan = Fmt::S.nan() as u32;
            return match (self.half, self.elem) {
                (true, Elem::F16) => Fmt::H.nan() as u32,
                (true, _) => nan >> 16,
                (false, _) => nan,
            };
        };
        match (self.half, self.elem) {
            (true, Elem::F16) => Fmt::H.round(v) as u32,
            (true, _) => round_bf16(v) as u32,
            (false, _) => Fmt::S.round(v) as u32,
        }
    }
}

impl Exec<'_> {
    /// The `count` VGPRs of matrix operand `what` at source code `code` (VGPRs only).
    fn matrix(&self, what: &str, code: u16, count: usize) -> Res<[Lanes; CD_REGS]> {
        let Some(v) = code.checked_sub(256) else {
            return Err(self.bad_vgpr(format!("{what} matrix: source code {code} is not a VGPR")));
        };
        let mut regs = [[0; LANES]; CD_REGS];
        for (k, r) in regs[..count].iter_mut().enumerate() {
            *r = *self.vgpr(v + k as u16)?;
        }
        Ok(regs)
    }

    /// The C matrix: eight VGPRs, or an inline constant (reference 7.9: f16 and bf16
    /// constants replicated into both halves; bf16 is the upper half of the f32 constant).
    fn addend_matrix(&self, w: Wmma, code: u16) -> Res<[Lanes; CD_REGS]> {
        if code >= 256 {
            return self.matrix("C", code, CD_REGS);
        }
        let value = match code {
            128..=208 | 240..=248 => inline_constant(code as u8, 32).unwrap_or(0) as u32,
            _ => {
                return Err(self.bad_vgpr(format!(
                    "C matrix: source code {code} is neither a VGPR nor an inline constant"
                )))
            }
        };
        let value = match (w.half, w.elem) {
            (true, Elem::F16) if code >= 240 => u32::from(INLINE_F16[usize::from(code - 240)]),
            (true, Elem::F16) => value & 0xffff,
            (true, _) => value >> 16,
            (false, _) => value,
        };
        let value = if w.half { value * 0x1_0001 } else { value };
        Ok([[value; LANES]; CD_REGS])
    }

    /// Executes a WMMA opcode: element `(2 r + lane / 16, lane % 16)` of C and D is VGPR
    /// `r` of the lane; A row `m` and B column `n` are lanes `m` and `n` (0..=15), element
    /// `k` at bits `k * width` of the register run. Every lane is written, whatever EXEC.
    pub(super) fn valu_wmma(&mut self, w: Wmma, ops: &Operands) -> Res<()> {
        let i = self.instr;
        let bits = w.elem.bits();
        let ab_regs = (16 * bits / 32) as usize;
        let a = self.matrix("A", ops.data[0].0, ab_regs)?;
        let b = self.matrix("B", ops.data[1].0, ab_regs)?;
        let c = self.addend_matrix(w, ops.data[2].0)?;
        let vdst = usize::from(i.vdst);
        if vdst + CD_REGS > 256 {
            return Err(self.bad_vgpr(format!("D matrix v{vdst} runs past v255")));
        }
        let hi = w.half && i.opsel & 4 != 0;
        let element = |regs: &[Lanes; CD_REGS], lane: usize, k: u32, signed: bool| -> i64 {
            let at = k * bits;
            let x = (regs[(at / 32) as usize][lane] >> (at % 32)) & ((1 << bits) - 1);
            if signed {
                i64::from(sext(x, bits))
            } else {
                i64::from(x)
            }
        };
        // NEG negates the even (low-half) elements of A (bit 0) and B (bit 1), NEG_HI the odd.
        let neg_bit = |k: u32, which: u8| -> u32 {
            let bits = if k.is_multiple_of(2) { i.neg } else { i.neg_hi };
            u32::from(bits >> which & 1) << 15
        };
        for (r, c) in c.iter().enumerate() {
            let old = *self.vgpr((vdst + r) as u16)?;
            let d: Lanes = per_lane(|lane| {
                let (m, n) = (2 * r + lane / 16, lane % 16);
                let cv = if hi { c[lane] >> 16 } else { c[lane] };
                let v = if w.elem.integer() {
                    let (sa, sb) = (i.neg & 1 != 0, i.neg & 2 != 0);
                    let sum = (0..16).fold(i64::from(cv as i32), |t, k| {
                        t + element(&a, m, k, sa) * element(&b, n, k, sb)
                    });
                    if i.clamp {
                        sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32
                    } else {
                        sum as u32
                    }
                } else {
                    let cv = if w.half { cv & 0xffff } else { cv };
                    let mut cv = if i.neg_hi & 4 != 0 {
                        cv & !w.sign()
                    } else {
                        cv
                    };
                    if i.neg & 4 != 0 {
                        cv ^= w.sign();
                    }
                    let product = |k: u32| {
                        let x = element(&a, m, k, false) as u32 ^ neg_bit(k, 0);
                        let y = element(&b, n, k, false) as u32 ^ neg_bit(k, 1);
                        w.input(x) * w.input(y)
                    };
                    w.result(exact_sum((0..16).map(product).chain([w.addend(cv)])))
                };
                match (w.half, hi) {
                    (false, _) => v,
                    (true, false) => (old[lane] & 0xffff_0000) | v,
                    (true, true) => (old[lane] & 0xffff) | v << 16,
                }
            });
            self.write_vdst32((vdst + r) as u8, u32::MAX, &d)?;
        }
        Ok(())
    }
}
