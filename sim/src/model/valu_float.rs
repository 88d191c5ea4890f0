//! Floating-point VALU semantics (f16, f32, f64): arithmetic, min/max, rounding to
//! integral values, conversions, transcendentals, the division helpers, compares and class
//! tests, with the abs/neg input modifiers, OMOD, clamp and MODE's denormal and round
//! fields. The module documentation of [`crate::model`] lists the choices (NaN results,
//! denormal flushing, rounding, transcendental accuracy).

use super::valu::{narrow, Operands};
use super::{per_lane, Exec, Lanes, Res, LANES};
use cu32_isa::encoding::Dpp;
use cu32_isa::operand::{EXEC_LO, SRC_LITERAL, VCC_LO};
use cu32_isa::table::ArgType;
use cu32_isa::{Arg, ArgKind, OpInfo};

/// A floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fmt {
    H,
    S,
    D,
}

impl Fmt {
    fn parse(ty: &str) -> Option<Fmt> {
        match ty {
            "f16" => Some(Fmt::H),
            "f32" => Some(Fmt::S),
            "f64" => Some(Fmt::D),
            _ => None,
        }
    }

    fn of(ty: ArgType) -> Option<Fmt> {
        match ty {
            ArgType::F16 => Some(Fmt::H),
            ArgType::F32 => Some(Fmt::S),
            ArgType::F64 => Some(Fmt::D),
            _ => None,
        }
    }

    fn mant(self) -> u32 {
        match self {
            Fmt::H => 10,
            Fmt::S => 23,
            Fmt::D => 52,
        }
    }

    /// The all-ones biased exponent.
    fn emax(self) -> u64 {
        match self {
            Fmt::H => 31,
            Fmt::S => 255,
            Fmt::D => 2047,
        }
    }

    fn sign(self) -> u64 {
        1 << (self.mant() + self.emax().count_ones())
    }

    fn exponent(self, x: u64) -> u64 {
        (x >> self.mant()) & self.emax()
    }

    fn frac(self, x: u64) -> u64 {
        x & ((1 << self.mant()) - 1)
    }

    fn is_nan(self, x: u64) -> bool {
        self.exponent(x) == self.emax() && self.frac(x) != 0
    }

    fn is_snan(self, x: u64) -> bool {
        self.is_nan(x) && x >> (self.mant() - 1) & 1 == 0
    }

    fn is_denorm(self, x: u64) -> bool {
        self.exponent(x) == 0 && self.frac(x) != 0
    }

    fn quiet(self, x: u64) -> u64 {
        x | 1 << (self.mant() - 1)
    }

    /// The NaN an invalid operation produces: 0xffc00000 and its f16/f64 forms (the
    /// reference's examples, e.g. `V_SQRT_F32(0xff800000) => 0xffc00000`).
    pub(super) fn nan(self) -> u64 {
        self.sign() | self.emax() << self.mant() | 1 << (self.mant() - 1)
    }

    pub(super) fn value(self, x: u64) -> f64 {
        match self {
            Fmt::H => {
                let (e, m) = (self.exponent(x) as i32, self.frac(x) as f64);
                let v = match e {
                    31 if m == 0.0 => f64::INFINITY,
                    31 => f64::NAN,
                    0 => m * pow2(-24),
                    _ => (1024.0 + m) * pow2(e - 25),
                };
                if x & 0x8000 != 0 {
                    -v
                } else {
                    v
                }
            }
            Fmt::S => f64::from(f32::from_bits(x as u32)),
            Fmt::D => f64::from_bits(x),
        }
    }

    /// `v` rounded to nearest even in this format (`v` is not a NaN).
    pub(super) fn round(self, v: f64) -> u64 {
        match self {
            Fmt::H => f64_to_f16(v, false),
            Fmt::S => u64::from((v as f32).to_bits()),
            Fmt::D => v.to_bits(),
        }
    }

    /// The round-mode field of MODE for this format.
    fn round_mode(self, mode: u32) -> u32 {
        match self {
            Fmt::S => mode & 3,
            _ => (mode >> 2) & 3,
        }
    }

    /// The denormal field of MODE: bit 0 allows input denormals, bit 1 output denormals.
    fn denorm_mode(self, mode: u32) -> u32 {
        match self {
            Fmt::S => (mode >> 4) & 3,
            _ => (mode >> 6) & 3,
        }
    }

    /// A denormal becomes a zero of its sign.
    fn flush(self, x: u64) -> u64 {
        if self.is_denorm(x) {
            x & self.sign()
        } else {
            x
        }
    }
}

/// 2^k for a k in the normal range of f64.
pub(super) fn pow2(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `v` (not a NaN) rounded to f16, to nearest even or toward zero.
fn f64_to_f16(v: f64, rtz: bool) -> u64 {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    let overflow = sign | if rtz { 0x7bff } else { 0x7c00 };
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    if a == 0.0 {
        return sign;
    }
    let e = (((a.to_bits() >> 52) as i32) - 1023).max(-14);
    if e > 15 {
        return overflow;
    }
    let scaled = a * pow2(10 - e);
    let mut m = if rtz {
        scaled.trunc()
    } else {
        scaled.round_ties_even()
    } as u64;
    let mut e = e;
    if m == 2048 {
        (m, e) = (1024, e + 1);
    }
    if e > 15 {
        return overflow;
    }
    sign | if m < 1024 {
        m
    } else {
        (((e + 15) as u64) << 10) | (m - 1024)
    }
}

/// `a * b + c` for f16/f32 values: the product is exact in f64 and the sum is rounded to
/// odd, so rounding that to f16/f32 afterwards is correct (53 >= 2 * 24 + 2).
fn fma_odd(a: f64, b: f64, c: f64) -> f64 {
    let p = a * b;
    let s = p + c;
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    if err == 0.0 || !s.is_finite() || s.to_bits() & 1 == 1 {
        return s;
    }
    if (err > 0.0) == (s > 0.0) {
        f64::from_bits(s.to_bits() + 1)
    } else {
        f64::from_bits(s.to_bits() - 1)
    }
}

fn add(f: Fmt, a: f64, b: f64) -> f64 {
    match f {
        Fmt::S => f64::from(a as f32 + b as f32),
        _ => a + b,
    }
}

fn mul(f: Fmt, a: f64, b: f64) -> f64 {
    match f {
        Fmt::S => f64::from(a as f32 * b as f32),
        _ => a * b,
    }
}

fn fma(f: Fmt, a: f64, b: f64, c: f64) -> f64 {
    match f {
        Fmt::H => fma_odd(a, b, c),
        Fmt::S => f64::from((a as f32).mul_add(b as f32, c as f32)),
        Fmt::D => a.mul_add(b, c),
    }
}

/// What an opcode computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Add,
    Sub,
    Subrev,
    Mul,
    MulDx9,
    Fma,
    FmaDx9,
    Fmac,
    FmacDx9,
    Fmamk,
    Fmaak,
    Min,
    Max,
    Min3,
    Max3,
    Med3,
    MinMax,
    MaxMin,
    Fract,
    Trunc,
    Ceil,
    Rndne,
    Floor,
    Ldexp,
    FrexpMant,
    FrexpExp,
    Sqrt,
    Rcp,
    Rsq,
    Exp,
    Log,
    Sin,
    Cos,
    DivScale,
    DivFmas,
    DivFixup,
    /// Integer (signed?) to float.
    FromInt(bool),
    /// Float to integer (signed?), truncating and saturating.
    ToInt(bool),
    /// Float to i32 rounding down (`floor`) or to nearest (`floor(x + 0.5)`).
    ToIntFloor(bool),
    FromUbyte(u8),
    /// From the given float format to the opcode's format.
    Convert(Fmt),
    PkRtz,
    /// `v_trig_preop_f64`: a 53-bit segment of 2/pi.
    TrigPreop,
    /// `v_cvt_off_f32_i4`: the signed 4-bit S0[3:0] / 16.
    CvtOff,
    /// `v_mullit_f32`: S0 * S1, or -MAX_FLOAT for the pseudocode's lighting cases.
    MulLit,
    /// `v_cubeid_f32` (0), `v_cubesc_f32` (1), `v_cubetc_f32` (2), `v_cubema_f32` (3).
    Cube(u8),
    /// `v_cvt_norm_{i16,u16}_f16`: to a signed (or unsigned) normalized short.
    Norm(bool),
    /// `v_cvt_pk_norm_{i16,u16}_{f16,f32}`: S0 and S1 to normalized shorts, packed.
    PkNorm(bool),
    /// `v_cvt_pk_{i16,u16}_f32`: S0 and S1 to shorts (truncating, saturating), packed.
    PkToInt16(bool),
    /// `v_cvt_pk_u8_f32`: S0 to an unsigned byte (see [`to_u8`]) into byte `S1[1:0]` of S2.
    PkU8,
    /// A compare: the index of its predicate in [`PREDICATES`], which is also its truth
    /// table (bit 0 less, 1 equal, 2 greater, 3 unordered).
    Cmp(u8),
    Class,
}

/// Opcodes named `v_<base>_<f16|f32|f64>`.
const BASE_OPS: &[(&str, Op)] = &[
    ("add", Op::Add),
    ("sub", Op::Sub),
    ("subrev", Op::Subrev),
    ("mul", Op::Mul),
    ("fma", Op::Fma),
    ("fmac", Op::Fmac),
    ("fmamk", Op::Fmamk),
    ("fmaak", Op::Fmaak),
    ("min", Op::Min),
    ("max", Op::Max),
    ("min3", Op::Min3),
    ("max3", Op::Max3),
    ("med3", Op::Med3),
    ("minmax", Op::MinMax),
    ("maxmin", Op::MaxMin),
    ("fract", Op::Fract),
    ("trunc", Op::Trunc),
    ("ceil", Op::Ceil),
    ("rndne", Op::Rndne),
    ("floor", Op::Floor),
    ("ldexp", Op::Ldexp),
    ("frexp_mant", Op::FrexpMant),
    ("sqrt", Op::Sqrt),
    ("rcp", Op::Rcp),
    ("rsq", Op::Rsq),
    ("exp", Op::Exp),
    ("log", Op::Log),
    ("sin", Op::Sin),
    ("cos", Op::Cos),
    ("div_scale", Op::DivScale),
    ("div_fmas", Op::DivFmas),
    ("div_fixup", Op::DivFixup),
];

/// Other opcodes: `(name without v_, op, format)`; the format is the destination's, or
/// the source's for float-to-integer results.
const NAMED_OPS: &[(&str, Op, Fmt)] = &[
    ("mul_dx9_zero_f32", Op::MulDx9, Fmt::S),
    ("fma_dx9_zero_f32", Op::FmaDx9, Fmt::S),
    ("fmac_dx9_zero_f32", Op::FmacDx9, Fmt::S),
    ("rcp_iflag_f32", Op::Rcp, Fmt::S),
    ("cvt_floor_i32_f32", Op::ToIntFloor(false), Fmt::S),
    ("cvt_nearest_i32_f32", Op::ToIntFloor(true), Fmt::S),
    ("cvt_i16_f16", Op::ToInt(true), Fmt::H),
    ("cvt_u16_f16", Op::ToInt(false), Fmt::H),
    ("cvt_f16_i16", Op::FromInt(true), Fmt::H),
    ("cvt_f16_u16", Op::FromInt(false), Fmt::H),
    ("frexp_exp_i32_f32", Op::FrexpExp, Fmt::S),
    ("frexp_exp_i32_f64", Op::FrexpExp, Fmt::D),
    ("frexp_exp_i16_f16", Op::FrexpExp, Fmt::H),
    ("cvt_f32_i32", Op::FromInt(true), Fmt::S),
    ("cvt_f32_u32", Op::FromInt(false), Fmt::S),
    ("cvt_f64_i32", Op::FromInt(true), Fmt::D),
    ("cvt_f64_u32", Op::FromInt(false), Fmt::D),
    ("cvt_i32_f32", Op::ToInt(true), Fmt::S),
    ("cvt_u32_f32", Op::ToInt(false), Fmt::S),
    ("cvt_i32_f64", Op::ToInt(true), Fmt::D),
    ("cvt_u32_f64", Op::ToInt(false), Fmt::D),
    ("cvt_f32_ubyte0", Op::FromUbyte(0), Fmt::S),
    ("cvt_f32_ubyte1", Op::FromUbyte(1), Fmt::S),
    ("cvt_f32_ubyte2", Op::FromUbyte(2), Fmt::S),
    ("cvt_f32_ubyte3", Op::FromUbyte(3), Fmt::S),
    ("cvt_f16_f32", Op::Convert(Fmt::S), Fmt::H),
    ("cvt_f32_f16", Op::Convert(Fmt::H), Fmt::S),
    ("cvt_f32_f64", Op::Convert(Fmt::D), Fmt::S),
    ("cvt_f64_f32", Op::Convert(Fmt::S), Fmt::D),
    ("cvt_pk_rtz_f16_f32", Op::PkRtz, Fmt::S),
    ("trig_preop_f64", Op::TrigPreop, Fmt::D),
    ("cvt_off_f32_i4", Op::CvtOff, Fmt::S),
    ("mullit_f32", Op::MulLit, Fmt::S),
    ("cubeid_f32", Op::Cube(0), Fmt::S),
    ("cubesc_f32", Op::Cube(1), Fmt::S),
    ("cubetc_f32", Op::Cube(2), Fmt::S),
    ("cubema_f32", Op::Cube(3), Fmt::S),
    ("cvt_norm_i16_f16", Op::Norm(true), Fmt::H),
    ("cvt_norm_u16_f16", Op::Norm(false), Fmt::H),
    ("cvt_pk_norm_i16_f16", Op::PkNorm(true), Fmt::H),
    ("cvt_pk_norm_u16_f16", Op::PkNorm(false), Fmt::H),
    ("cvt_pk_norm_i16_f32", Op::PkNorm(true), Fmt::S),
    ("cvt_pk_norm_u16_f32", Op::PkNorm(false), Fmt::S),
    ("cvt_pk_i16_f32", Op::PkToInt16(true), Fmt::S),
    ("cvt_pk_u16_f32", Op::PkToInt16(false), Fmt::S),
    ("cvt_pk_u8_f32", Op::PkU8, Fmt::S),
];

/// Compare predicates of `v_cmp[x]_<pred>_f*` in opcode order: predicate `i` holds when
/// bit `i` has the outcome's bit set (less 1, equal 2, greater 4, unordered 8).
const PREDICATES: &[&str] = &[
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "t",
];

/// VOPD float operations (`v_dual_<base>_f32`).
const DUAL_FLOAT: &[&str] = &[
    "fmac",
    "fmaak",
    "fmamk",
    "mul",
    "add",
    "sub",
    "subrev",
    "max",
    "min",
    "mul_dx9_zero",
];

/// The semantics of a float mnemonic: `(op, format, writes EXEC)`.
fn parse(name: &str) -> Option<(Op, Fmt, bool)> {
    let rest = name.strip_prefix("v_")?;
    let cmp = rest
        .strip_prefix("cmpx_")
        .map(|r| (true, r))
        .or_else(|| rest.strip_prefix("cmp_").map(|r| (false, r)));
    if let Some((cmpx, r)) = cmp {
        let (pred, ty) = r.rsplit_once('_')?;
        let fmt = Fmt::parse(ty)?;
        if pred == "class" {
            return Some((Op::Class, fmt, cmpx));
        }
        let pred = PREDICATES.iter().position(|&p| p == pred)? as u8;
        return Some((Op::Cmp(pred), fmt, cmpx));
    }
    if let Some(&(_, op, fmt)) = NAMED_OPS.iter().find(|(n, _, _)| *n == rest) {
        return Some((op, fmt, false));
    }
    let (base, ty) = rest.rsplit_once('_')?;
    let fmt = Fmt::parse(ty)?;
    let &(_, op) = BASE_OPS.iter().find(|(n, _)| *n == base)?;
    Some((op, fmt, false))
}

/// A packed f16 opcode `v_pk_<op>_f16`: the operation on each half.
fn packed(name: &str) -> Option<Op> {
    match name {
        "v_pk_add_f16" => Some(Op::Add),
        "v_pk_mul_f16" => Some(Op::Mul),
        "v_pk_fma_f16" => Some(Op::Fma),
        "v_pk_fmac_f16" => Some(Op::Fmac),
        "v_pk_min_f16" => Some(Op::Min),
        "v_pk_max_f16" => Some(Op::Max),
        _ => None,
    }
}

/// What a float opcode does, resolved once from its mnemonic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FloatOp {
    /// `op` in format `fmt`; `cmpx`: a compare writing EXEC.
    Scalar { op: Op, fmt: Fmt, cmpx: bool },
    /// `v_pk_<op>_f16`.
    Packed(Op),
    /// A dot product or mixed-precision fma.
    Special(Special),
}

/// The float dot products and the mixed-precision fmas (chapter 16.10 and 16.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Special {
    /// `v_dot2_f32_f16` / `v_dot2_f32_bf16` (VOP3P); `acc`: `v_dot2acc_f32_f16` (VOP2, D is
    /// the addend).
    Dot2F32 { bf16: bool, acc: bool },
    /// `v_dot2_f16_f16` / `v_dot2_bf16_bf16` (VOP3).
    Dot2Half { bf16: bool },
    /// `v_fma_mix_f32` (`None`), `v_fma_mixlo_f16` (`Some(false)`), `v_fma_mixhi_f16`
    /// (`Some(true)`).
    Mix { half: Option<bool> },
}

fn special(name: &str) -> Option<Special> {
    Some(match name {
        "v_dot2_f32_f16" => Special::Dot2F32 {
            bf16: false,
            acc: false,
        },
        "v_dot2_f32_bf16" => Special::Dot2F32 {
            bf16: true,
            acc: false,
        },
        "v_dot2acc_f32_f16" => Special::Dot2F32 {
            bf16: false,
            acc: true,
        },
        "v_dot2_f16_f16" => Special::Dot2Half { bf16: false },
        "v_dot2_bf16_bf16" => Special::Dot2Half { bf16: true },
        "v_fma_mix_f32" => Special::Mix { half: None },
        "v_fma_mixlo_f16" => Special::Mix { half: Some(false) },
        "v_fma_mixhi_f16" => Special::Mix { half: Some(true) },
        _ => return None,
    })
}

/// `v` (not a NaN) rounded to nearest even as a bf16 (8-bit significand, f32 exponent
/// range), as bf16 bits.
pub(super) fn round_bf16(v: f64) -> u64 {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a.is_infinite() {
        return sign | 0x7f80;
    }
    if a == 0.0 {
        return sign;
    }
    let mut e = (((a.to_bits() >> 52) as i32) - 1023).max(-126);
    let mut m = (a * pow2(7 - e)).round_ties_even() as u64;
    if m == 256 {
        (m, e) = (128, e + 1);
    }
    if e > 127 {
        return sign | 0x7f80;
    }
    sign | if m < 128 {
        m
    } else {
        (((e + 127) as u64) << 7) | (m - 128)
    }
}

/// The float semantics of VALU mnemonic `name`, if it is a float opcode this module models.
pub(super) fn resolve(name: &str) -> Option<FloatOp> {
    if let Some(op) = packed(name) {
        return Some(FloatOp::Packed(op));
    }
    if let Some(sp) = special(name) {
        return Some(FloatOp::Special(sp));
    }
    let (op, fmt, cmpx) = parse(name)?;
    Some(FloatOp::Scalar { op, fmt, cmpx })
}

/// The float semantics of VOPD operation `name`: those of the VOP2 mnemonic
/// `v_<base>_f32` it names (`v_dual_<base>_f32`, base in [`DUAL_FLOAT`]).
pub(super) fn resolve_dual(name: &str) -> Option<FloatOp> {
    match name {
        "v_dual_dot2acc_f32_f16" | "v_dual_dot2acc_f32_bf16" => {
            return Some(FloatOp::Special(Special::Dot2F32 {
                bf16: name.ends_with("bf16"),
                acc: true,
            }))
        }
        _ => {}
    }
    let rest = name.strip_prefix("v_dual_")?;
    let base = rest.strip_suffix("_f32")?;
    DUAL_FLOAT
        .contains(&base)
        .then(|| resolve(&format!("v_{rest}")))
        .flatten()
}

/// The new memory value of float atomic `op` (`add`, `min`, `max`, `cmpswap`/`cmpstore`) on
/// `bits`-bit floats (32 or 64): `tmp` in memory, `src` (DATA) and `cmp` (the compare value)
/// from the registers. `mode` is the MODE whose FP_DENORM field governs the access
/// (global atomics pass 0: f32 denormals flushed). Add is `src + tmp` rounded to nearest
/// even with the arithmetic NaN rule (DATA is the first source); min/max/cmpswap compare
/// the flushed values by the pseudocode (`src < tmp`, `src > tmp`, `tmp == cmp`: a NaN
/// compares false, -0 == +0) and store the chosen operand's bits unflushed, so that a
/// failed compare leaves memory unchanged. `None` for another operation.
pub(super) fn atomic_float(
    op: &str,
    bits: u32,
    mode: u32,
    tmp: u64,
    src: u64,
    cmp: u64,
) -> Option<u64> {
    let f = if bits == 64 { Fmt::D } else { Fmt::S };
    let env = Env { mode };
    let (a, b) = (env.input(f, src), env.input(f, tmp));
    let less = |x: u64, y: u64| f.value(x) < f.value(y);
    Some(match op {
        "add" => {
            let r = arith(f, [a, b], |v| add(f, v[0], v[1]));
            if env.allow_out(f) {
                r
            } else {
                f.flush(r)
            }
        }
        "min" => {
            if less(a, b) {
                src
            } else {
                tmp
            }
        }
        "max" => {
            if less(b, a) {
                src
            } else {
                tmp
            }
        }
        "cmpswap" | "cmpstore" => {
            if f.value(b) == f.value(env.input(f, cmp)) {
                src
            } else {
                tmp
            }
        }
        _ => return None,
    })
}

/// The MODE-dependent behaviour of one instruction.
#[derive(Clone, Copy)]
struct Env {
    mode: u32,
}

impl Env {
    fn ieee(self) -> bool {
        self.mode >> 9 & 1 == 1
    }

    fn dx10_clamp(self) -> bool {
        self.mode >> 8 & 1 == 1
    }

    fn allow_in(self, f: Fmt) -> bool {
        f.denorm_mode(self.mode) & 1 == 1
    }

    fn allow_out(self, f: Fmt) -> bool {
        f.denorm_mode(self.mode) & 2 == 2
    }

    /// An input after the input denormal mode.
    fn input(self, f: Fmt, x: u64) -> u64 {
        if self.allow_in(f) {
            x
        } else {
            f.flush(x)
        }
    }
}

/// Whether an opcode rounds (and so needs a round mode the model provides).
fn rounds(op: Op) -> bool {
    !selection(op)
        && !matches!(
            op,
            Op::FrexpExp
                | Op::FrexpMant
                | Op::ToInt(_)
                | Op::ToIntFloor(_)
                | Op::PkRtz
                | Op::PkToInt16(_)
                | Op::TrigPreop
                | Op::CvtOff
                | Op::Cube(0..=2)
                | Op::Cmp(_)
                | Op::Class
                | Op::Trunc
                | Op::Floor
                | Op::Ceil
                | Op::Rndne
        )
}

/// Whether the result is a float of the opcode's format taking OMOD, clamp and output
/// flushing.
fn float_result(op: Op) -> bool {
    !selection(op)
        && !matches!(
            op,
            Op::FrexpExp
                | Op::ToInt(_)
                | Op::ToIntFloor(_)
                | Op::PkRtz
                | Op::Norm(_)
                | Op::PkNorm(_)
                | Op::PkToInt16(_)
                | Op::PkU8
                | Op::Cmp(_)
                | Op::Class
        )
}

/// The arithmetic NaN rule: the first NaN source, quieted; otherwise `f` of the values,
/// with a NaN result (invalid operation) giving the format's default NaN.
fn arith<const N: usize>(f: Fmt, srcs: [u64; N], op: impl Fn([f64; N]) -> f64) -> u64 {
    if let Some(&n) = srcs.iter().find(|&&x| f.is_nan(x)) {
        return f.quiet(n);
    }
    let r = op(srcs.map(|x| f.value(x)));
    if r.is_nan() {
        f.nan()
    } else {
        f.round(r)
    }
}

fn is_zero(f: Fmt, x: u64) -> bool {
    x & !f.sign() == 0
}

/// `a < b` with -0 < +0 (the pseudocode's LT_NEG_ZERO); no NaNs.
fn lt_neg_zero(f: Fmt, a: u64, b: u64) -> bool {
    let (va, vb) = (f.value(a), f.value(b));
    va < vb || (is_zero(f, a) && is_zero(f, b) && a & f.sign() != 0 && b & f.sign() == 0)
}

/// `v_min_*` / `v_max_*` by the pseudocode, IEEE or not.
fn min_max(env: Env, f: Fmt, a: u64, b: u64, max: bool) -> u64 {
    if env.ieee() {
        if f.is_snan(a) {
            return f.quiet(a);
        }
        if f.is_snan(b) {
            return f.quiet(b);
        }
    }
    if f.is_nan(b) {
        return a;
    }
    if f.is_nan(a) {
        return b;
    }
    let first = if max {
        lt_neg_zero(f, b, a)
    } else {
        lt_neg_zero(f, a, b)
    };
    if first {
        a
    } else {
        b
    }
}

fn med3(env: Env, f: Fmt, a: u64, b: u64, c: u64) -> u64 {
    let min = |x, y| min_max(env, f, x, y, false);
    let max = |x, y| min_max(env, f, x, y, true);
    if [a, b, c].iter().any(|&x| f.is_nan(x)) {
        return min(min(a, b), c);
    }
    let m = f.value(max(max(a, b), c));
    if m == f.value(a) {
        max(b, c)
    } else if m == f.value(b) {
        max(a, c)
    } else {
        max(a, b)
    }
}

/// Whether compare predicate `pred` (see [`PREDICATES`]) holds for `a` against `b`.
fn compare(pred: u8, a: f64, b: f64) -> bool {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let outcome = match a.partial_cmp(&b) {
        Some(Less) => 1,
        Some(Equal) => 2,
        Some(Greater) => 4,
        None => 8,
    };
    pred & outcome != 0
}

/// `v_cmp_class_*`: the bit of the class mask for `x`'s class.
fn class(f: Fmt, x: u64, mask: u64) -> bool {
    let neg = x & f.sign() != 0;
    let bit = if f.is_snan(x) {
        0
    } else if f.is_nan(x) {
        1
    } else if f.exponent(x) == f.emax() {
        if neg {
            2
        } else {
            9
        }
    } else if f.exponent(x) > 0 {
        if neg {
            3
        } else {
            8
        }
    } else if f.frac(x) != 0 {
        if neg {
            4
        } else {
            7
        }
    } else if neg {
        5
    } else {
        6
    };
    mask >> bit & 1 == 1
}

/// `x = m * 2^e` with `1 <= |m| < 2` (x finite and nonzero).
fn split(x: f64) -> (f64, i64) {
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * pow2(64), 64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    (
        f64::from_bits((bits & !(0x7ff << 52)) | (1023 << 52)),
        e - bias,
    )
}

/// `x * 2^n` with a single rounding to f64 (exact unless the result is an f64 denormal,
/// so a later rounding to f16/f32 is the only one).
fn ldexp(x: f64, n: i64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let (m, e) = split(x);
    let t = e + n.clamp(-5000, 5000);
    if t > 1023 {
        m * f64::INFINITY
    } else if t >= -1022 {
        m * pow2(t as i32)
    } else {
        (m * pow2((t + 1074).max(-60) as i32)).round_ties_even() * f64::from_bits(1)
    }
}

/// The division constants of `v_div_scale_*` / `v_div_fixup_*`: (exponent difference
/// limit, scale exponent, tiny numerator exponent, fixup underflow limit).
fn div_consts(f: Fmt) -> (i64, i64, i64, i64) {
    match f {
        Fmt::D => (768, 128, 53, -1075),
        _ => (96, 64, 24, -150),
    }
}

/// `v_div_scale_*`: (result, VCC bit), by the rules gfx1100 hardware follows (the module
/// documentation says where they leave the pseudocode). `de`, `ne`: the biased exponent
/// fields of the denominator S1 and numerator S2 (0 for zeros and denormals); S0 is the
/// denominator when its bits equal S1's, else the numerator.
fn div_scale(f: Fmt, s0: u64, s1: u64, s2: u64) -> (u64, bool) {
    let (limit, scale, tiny, _) = div_consts(f);
    let (de, ne) = (f.exponent(s1) as i64, f.exponent(s2) as i64);
    let delta = ne - de;
    let is_den = s0 == s1;
    // (the exponent S0 is scaled by, VCC)
    let (adjust, vcc) = if delta >= limit {
        (if is_den { scale } else { 0 }, true)
    } else if de == 0 {
        (scale, false)
    } else if de >= f.emax() as i64 - 2 {
        // |S1| >= 2^(bias - 1): its reciprocal is a denormal.
        let vcc = delta <= -limit;
        (if vcc && !is_den { 0 } else { -scale }, vcc)
    } else if delta <= -limit {
        (if is_den { 0 } else { scale }, true)
    } else if ne <= tiny {
        (scale, false)
    } else {
        (0, false)
    };
    if is_zero(f, s1) || is_zero(f, s2) {
        (f.nan(), vcc)
    } else if f.exponent(s0) == f.emax() {
        (if f.is_nan(s0) { f.quiet(s0) } else { s0 }, vcc)
    } else if adjust == 0 {
        (s0, vcc)
    } else {
        (f.round(ldexp(f.value(s0), adjust)), vcc)
    }
}

/// `v_div_fixup_*`: S0 quotient, S1 denominator, S2 numerator.
fn div_fixup(f: Fmt, s0: u64, s1: u64, s2: u64) -> u64 {
    let (_, _, _, under) = div_consts(f);
    let sign = (s1 ^ s2) & f.sign();
    let inf = f.emax() << f.mant();
    let (z1, z2) = (is_zero(f, s1), is_zero(f, s2));
    let (i1, i2) = (s1 & !f.sign() == inf, s2 & !f.sign() == inf);
    if f.is_nan(s2) {
        f.quiet(s2)
    } else if f.is_nan(s1) {
        f.quiet(s1)
    } else if (z1 && z2) || (i1 && i2) {
        f.nan()
    } else if z1 || i2 {
        sign | inf
    } else if i1 || z2 {
        sign
    } else if (f.exponent(s2) as i64) - (f.exponent(s1) as i64) < under {
        // UNDERFLOW: the quotient is below half the smallest denormal: 0 in RNE.
        sign
    } else if f != Fmt::H && f.exponent(s0) == f.emax() {
        // OVERFLOW (as RNE rounds it) when the quotient is an infinity or a NaN, as gfx1100
        // does (the pseudocode's `exponent(S1) == 255` cannot hold here).
        sign | inf
    } else if f == Fmt::H && f.exponent(s1) == f.emax() {
        sign | inf
    } else {
        sign | (s0 & !f.sign())
    }
}

/// A float-to-float conversion of `x` (format `from`) to `to`; NaNs stay NaNs with their
/// sign, quiet bit set, payload truncated or zero-extended.
fn convert(from: Fmt, to: Fmt, x: u64) -> u64 {
    if from.is_nan(x) {
        let payload = if to.mant() >= from.mant() {
            from.frac(x) << (to.mant() - from.mant())
        } else {
            from.frac(x) >> (from.mant() - to.mant())
        };
        let sign = if x & from.sign() != 0 { to.sign() } else { 0 };
        return to.quiet(sign | to.emax() << to.mant() | payload);
    }
    to.round(from.value(x))
}

/// 2/pi as the 1201-bit integer `floor(2/pi * 2^1201)` (bits `b_1200 .. b_0` of the
/// reference's `V_TRIG_PREOP_F64`), low word first.
const TWO_BY_PI: [u64; 19] = [
    0xba10ac06608df8f6,
    0x25d4d7f6bf623f1a,
    0xe2f67a0e73ef14a5,
    0xd45aea4f758fd7cb,
    0x136e9e8c7ecd3cbf,
    0xda3eda6cfd9e4f96,
    0x301fde5e2316b414,
    0x50763ff12fffbc0b,
    0x73e93908bf177bf2,
    0xfc827323ac7306a6,
    0x8909d338e04d68be,
    0x4e7dd1046bea5d76,
    0x2439fc3bd6396253,
    0xa5c00c925dd413a3,
    0x8ac36e48dc74849b,
    0x2083fca2c757bd77,
    0xbb81b6c52b327887,
    0x2a53f84eafa3ea69,
    0x000145f306dc9c88,
];

/// `v_trig_preop_f64`: the 53 bits of 2/pi from bit `shift` below the binary point
/// (`shift = 53 * S1[4:0]`, plus `exponent(S0) - 1077` when that exponent is above 1077),
/// bits past `b_0` zero, as the integer `R`; the result is `R * 2^(-53 - shift)` (`+ 128`
/// when `exponent(S0) >= 1968`), truncated toward zero where it falls below the denormal
/// range ("Rounding is round-to-zero"). Only S0's exponent field is read.
fn trig_preop(s0: u64, s1: u32) -> u64 {
    let exponent = ((s0 >> 52) & 0x7ff) as i64;
    let mut shift = 53 * i64::from(s1 & 31);
    if exponent > 1077 {
        shift += exponent - 1077;
    }
    let bit = |i: i64| -> u64 {
        if (0..1201).contains(&i) {
            TWO_BY_PI[(i / 64) as usize] >> (i % 64) & 1
        } else {
            0
        }
    };
    let mut r = (0..53).fold(0u64, |r, j| r | bit(1148 - shift + j) << j);
    let mut scale = -53 - shift;
    if exponent >= 1968 {
        scale += 128;
    }
    if scale < -1074 {
        let drop = (-1074 - scale) as u32;
        r = r.checked_shr(drop).unwrap_or(0);
        scale = -1074;
    }
    ldexp(r as f64, scale).to_bits()
}

/// The cube-map opcodes by their pseudocode on x = S0, y = S1, z = S2 (flushed inputs; a
/// NaN compares false): the major axis is z when `|z| >= |x|` and `|z| >= |y|`, else y
/// when `|y| >= |x|`, else x. `-v` flips the sign bit (a move: NaNs keep their payload);
/// `v_cubema_f32` doubles the major coordinate by an f32 multiply.
fn cube(f: Fmt, k: u8, x: u64, y: u64, z: u64) -> u64 {
    let v = |t: u64| f.value(t);
    let ab = |t: u64| v(t).abs();
    let neg = |t: u64| t ^ f.sign();
    let zmaj = ab(z) >= ab(x) && ab(z) >= ab(y);
    let ymaj = !zmaj && ab(y) >= ab(x);
    match k {
        0 => f.round(match (zmaj, ymaj) {
            (true, _) if v(z) < 0.0 => 5.0,
            (true, _) => 4.0,
            (_, true) if v(y) < 0.0 => 3.0,
            (_, true) => 2.0,
            _ if v(x) < 0.0 => 1.0,
            _ => 0.0,
        }),
        1 => match (zmaj, ymaj) {
            (true, _) if v(z) < 0.0 => neg(x),
            (true, _) | (_, true) => x,
            _ if v(x) < 0.0 => z,
            _ => neg(z),
        },
        2 => match (zmaj, ymaj) {
            (_, true) if v(y) < 0.0 => neg(z),
            (_, true) => z,
            _ => neg(y),
        },
        _ => {
            let t = if zmaj {
                z
            } else if ymaj {
                y
            } else {
                x
            };
            arith(f, [t], |w| mul(f, w[0], 2.0))
        }
    }
}

/// A float (not flushed further) as a normalized short: NaN gives 0, else the value
/// clamped to [-1, 1] (unsigned: [0, 1]) times 32767 (65535), rounded to nearest even (the
/// D3D conversion rules; the reference names `f16_to_snorm`/`f32_to_unorm` without
/// defining them).
fn norm16(f: Fmt, x: u64, signed: bool) -> u64 {
    if f.is_nan(x) {
        return 0;
    }
    let v = f.value(x);
    let r = if signed {
        (v.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i16 as u16
    } else {
        (v.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u16
    };
    u64::from(r)
}

/// The reference's undefined `f32_to_u8` (`v_cvt_pk_u8_f32`): NaN gives 0, any other
/// value is rounded to nearest even and saturated to [0, 255] (-0 and negatives give 0,
/// +inf 255).
fn to_u8(f: Fmt, x: u64) -> u64 {
    if f.is_nan(x) {
        return 0;
    }
    f.value(x).round_ties_even().clamp(0.0, 255.0) as u64
}

/// `sin(2 pi x)` / `cos(2 pi x)`: the argument is reduced exactly to `t` in
/// [-0.25, 0.25] (so that exact zeros and ones stay exact) and `sin(2 pi t)` computed.
fn sin_cos(x: f64, cos: bool) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    if x == 0.0 && !cos {
        return x;
    }
    let r = x - x.round_ties_even();
    let t = if cos {
        0.25 - r.abs()
    } else if r.abs() > 0.25 {
        (0.5 - r.abs()).copysign(r)
    } else {
        r
    };
    (std::f64::consts::TAU * t).sin()
}

/// One lane of a float opcode: `(result bits in the destination format, flag)`; the flag
/// is the compare/class result or the VCC bit of `v_div_scale_*`.
#[allow(clippy::too_many_arguments)]
fn lane(
    env: Env,
    op: Op,
    f: Fmt,
    s: [u64; 3],
    tys: [ArgType; 3],
    acc: u64,
    k: u64,
    vcc: bool,
) -> (u64, bool) {
    // Float sources after the input denormal mode (integer sources as they are).
    let fl = |i: usize| match Fmt::of(tys[i]) {
        Some(sf) => env.input(sf, s[i]),
        None => s[i],
    };
    let [a, b, c] = [fl(0), fl(1), fl(2)];
    let acc = env.input(f, acc);
    let k = env.input(f, k);
    let un = |g: fn(f64) -> f64| arith(f, [a], |v| g(v[0]));
    let r = match op {
        Op::Add => arith(f, [a, b], |v| add(f, v[0], v[1])),
        Op::Sub => arith(f, [a, b], |v| add(f, v[0], -v[1])),
        Op::Subrev => arith(f, [a, b], |v| add(f, v[1], -v[0])),
        Op::Mul => arith(f, [a, b], |v| mul(f, v[0], v[1])),
        Op::MulDx9 if f.value(a) == 0.0 || f.value(b) == 0.0 => 0,
        Op::MulDx9 => arith(f, [a, b], |v| mul(f, v[0], v[1])),
        Op::FmaDx9 if f.value(a) == 0.0 || f.value(b) == 0.0 => c,
        Op::FmacDx9 if f.value(a) == 0.0 || f.value(b) == 0.0 => acc,
        Op::FmacDx9 => arith(f, [a, b, acc], |v| fma(f, v[0], v[1], v[2])),
        Op::Fma | Op::FmaDx9 => arith(f, [a, b, c], |v| fma(f, v[0], v[1], v[2])),
        Op::Fmac => arith(f, [a, b, acc], |v| fma(f, v[0], v[1], v[2])),
        Op::Fmamk => arith(f, [a, k, b], |v| fma(f, v[0], v[1], v[2])),
        Op::Fmaak => arith(f, [a, b, k], |v| fma(f, v[0], v[1], v[2])),
        Op::Min => min_max(env, f, a, b, false),
        Op::Max => min_max(env, f, a, b, true),
        Op::Min3 => min_max(env, f, min_max(env, f, a, b, false), c, false),
        Op::Max3 => min_max(env, f, min_max(env, f, a, b, true), c, true),
        Op::MinMax => min_max(env, f, min_max(env, f, a, b, false), c, true),
        Op::MaxMin => min_max(env, f, min_max(env, f, a, b, true), c, false),
        Op::Med3 => med3(env, f, a, b, c),
        // S0 + -floor(S0), below 1.0 (0x3f7fffff and its f16/f64 forms).
        Op::Fract => arith(f, [a], |v| {
            let r = add(f, v[0], -v[0].floor());
            if r.is_nan() {
                r
            } else {
                f.value(f.round(r)).min(f.value(f.round(1.0) - 1))
            }
        }),
        Op::Trunc => un(f64::trunc),
        Op::Ceil => un(f64::ceil),
        Op::Floor => un(f64::floor),
        Op::Rndne => un(f64::round_ties_even),
        Op::Ldexp => {
            // S1 is an integer: read it unflushed.
            let n = match tys[1].bits() {
                16 => i64::from(s[1] as u16 as i16),
                _ => i64::from(s[1] as u32 as i32),
            };
            arith(f, [a], |v| ldexp(v[0], n))
        }
        Op::FrexpMant if f.is_nan(a) || f.exponent(a) == f.emax() => a,
        Op::FrexpMant => arith(f, [a], |v| {
            if v[0] == 0.0 {
                v[0]
            } else {
                split(v[0]).0 / 2.0
            }
        }),
        Op::FrexpExp if f.is_nan(a) || f.exponent(a) == f.emax() || f.value(a) == 0.0 => 0,
        Op::FrexpExp => {
            let e = split(f.value(a)).1 + 1;
            e as u64 & if f == Fmt::H { 0xffff } else { 0xffff_ffff }
        }
        Op::Sqrt => un(f64::sqrt),
        Op::Rcp => un(|x| 1.0 / x),
        Op::Rsq => un(|x| 1.0 / x.sqrt()),
        Op::Exp => un(f64::exp2),
        Op::Log => un(|x| {
            if x == 0.0 {
                f64::NEG_INFINITY
            } else {
                x.log2()
            }
        }),
        Op::Sin => un(|x| sin_cos(x, false)),
        Op::Cos => un(|x| sin_cos(x, true)),
        Op::DivScale => {
            // Input denormals are the subject of this opcode: read unflushed; a denormal
            // result follows the output denormal mode.
            let (d, flag) = div_scale(f, s[0], s[1], s[2]);
            let d = if f.is_denorm(d) && !env.allow_out(f) {
                d & f.sign()
            } else {
                d
            };
            return (d, flag);
        }
        Op::DivFmas => {
            // Undo V_DIV_SCALE's 2^64 (f64: 2^128): up when the quotient S2 is large (the
            // denominator was scaled), down otherwise (the numerator was).
            let (_, e, _, _) = div_consts(f);
            let scale = match vcc {
                false => 1.0,
                true if f.exponent(s[2]) > f.emax() / 2 => pow2(e as i32),
                true => pow2(-e as i32),
            };
            arith(f, [s[0], s[1], s[2]], |v| match f {
                Fmt::D => v[0].mul_add(v[1], v[2]) * scale,
                _ => fma_odd(v[0], v[1], v[2]) * scale,
            })
        }
        Op::DivFixup => div_fixup(f, a, b, c),
        Op::FromInt(signed) => {
            let v = match (signed, tys[0].bits()) {
                (true, 16) => f64::from(a as u16 as i16),
                (false, 16) => f64::from(a as u16),
                (true, _) => f64::from(a as u32 as i32),
                (false, _) => f64::from(a as u32),
            };
            f.round(v)
        }
        // Rust's float-to-integer casts saturate and give 0 for NaN, as the reference says.
        Op::ToInt(signed) => {
            let v = f.value(a);
            match (signed, f) {
                (true, Fmt::H) => u64::from(v as i16 as u16),
                (false, Fmt::H) => u64::from(v as u16),
                (true, _) => u64::from(v as i32 as u32),
                (false, _) => u64::from(v as u32),
            }
        }
        Op::ToIntFloor(nearest) => {
            let v = f.value(a);
            let v = if nearest {
                f.value(f.round(add(f, v, 0.5)))
            } else {
                v
            };
            u64::from(v.floor() as i32 as u32)
        }
        Op::FromUbyte(n) => f.round(f64::from((a >> (8 * n)) as u8)),
        Op::Convert(from) => convert(from, f, a),
        Op::PkRtz => {
            let h = |x: u64| {
                let r = if Fmt::S.is_nan(x) {
                    convert(Fmt::S, Fmt::H, x)
                } else {
                    f64_to_f16(Fmt::S.value(x), true)
                };
                if env.allow_out(Fmt::H) {
                    r
                } else {
                    Fmt::H.flush(r)
                }
            };
            h(a) | h(b) << 16
        }
        Op::TrigPreop => trig_preop(s[0], s[1] as u32),
        Op::Cube(k) => cube(f, k, a, b, c),
        Op::CvtOff => f.round(f64::from((((a as u32) << 28) as i32) >> 28) / 16.0),
        Op::MulLit => {
            let max = f.emax() - 1;
            let neg_max = f.sign() | max << f.mant() | ((1 << f.mant()) - 1);
            let v1 = f.value(b);
            if b == neg_max
                || v1 == f64::NEG_INFINITY
                || f.is_nan(b)
                || f.is_nan(c)
                || f.value(c) <= 0.0
            {
                neg_max
            } else {
                arith(f, [a, b], |v| mul(f, v[0], v[1]))
            }
        }
        Op::Norm(signed) => norm16(f, a, signed),
        Op::PkNorm(signed) => norm16(f, a, signed) | norm16(f, b, signed) << 16,
        Op::PkU8 => {
            let shift = (b & 3) * 8;
            (c & 0xffff_ffff & !(0xff << shift)) | to_u8(f, a) << shift
        }
        Op::PkToInt16(signed) => {
            let to16 = |x: u64| {
                let v = f.value(x);
                u64::from(if signed { v as i16 as u16 } else { v as u16 })
            };
            to16(a) | to16(b) << 16
        }
        Op::Cmp(pred) => return (0, compare(pred, f.value(a), f.value(b))),
        Op::Class => return (0, class(f, s[0], s[1])),
    };
    (r, false)
}

/// What [`f32_fast`] computed: a value per lane, or a compare's lane mask.
pub(super) enum FastF32 {
    Values(Lanes),
    Mask(u32),
}

/// Whether MODE lets [`f32_fast`] stand for the general path on f32 opcodes: round to
/// nearest even, f32 denormals allowed in and out.
pub(super) fn f32_fast_mode(mode: u32) -> bool {
    let env = Env { mode };
    Fmt::S.round_mode(mode) == 0 && env.allow_in(Fmt::S) && env.allow_out(Fmt::S)
}

/// The common f32 operations (add, subtract, multiply, the fma forms, min/max, rcp, rsq,
/// sqrt, compares) on every lane with the host's IEEE single-precision arithmetic, when
/// that is exactly what [`lane`] and [`finish`] give: the caller checks [`f32_fast_mode`]
/// and that there is no OMOD or clamp; this checks that no result is a NaN (a NaN source
/// or an invalid operation, whose NaN [`lane`] gives) and that a compare has no NaN
/// source. Min and max take [`min_max`] itself. `None`: not such a case, use [`lane`].
/// On x86-64 CPUs with AVX2 and FMA it runs compiled for them (checked at run time; the
/// same IEEE operations, wider vectors), elsewhere with the baseline instructions.
pub(super) fn f32_fast(
    op: Op,
    mode: u32,
    srcs: [&Lanes; 3],
    acc: &Lanes,
    k: u32,
) -> Option<FastF32> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has the instructions `f32_fast_avx2` is compiled for.
        return unsafe { f32_fast_avx2(op, mode, srcs, acc, k) };
    }
    f32_fast_lanes(op, mode, srcs, acc, k)
}

/// [`f32_fast`] compiled with AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn f32_fast_avx2(
    op: Op,
    mode: u32,
    srcs: [&Lanes; 3],
    acc: &Lanes,
    k: u32,
) -> Option<FastF32> {
    f32_fast_lanes(op, mode, srcs, acc, k)
}

/// The body of [`f32_fast`].
#[inline(always)]
pub(super) fn f32_fast_lanes(
    op: Op,
    mode: u32,
    srcs: [&Lanes; 3],
    acc: &Lanes,
    k: u32,
) -> Option<FastF32> {
    let [a, b, c] = srcs;
    let v = |x: u32| f32::from_bits(x);
    let d: Lanes = match op {
        Op::Min | Op::Max => {
            let env = Env { mode };
            let max = op == Op::Max;
            let d =
                per_lane(|l| min_max(env, Fmt::S, u64::from(a[l]), u64::from(b[l]), max) as u32);
            return Some(FastF32::Values(d));
        }
        Op::Cmp(pred) => {
            let nan = |x: &Lanes| x.iter().fold(false, |n, &x| n | v(x).is_nan());
            if nan(a) || nan(b) {
                return None;
            }
            let mask = (0..LANES).fold(0u32, |m, l| {
                let (x, y) = (v(a[l]), v(b[l]));
                let outcome = if x < y {
                    1
                } else if x == y {
                    2
                } else {
                    4
                };
                m | u32::from(pred & outcome != 0) << l
            });
            return Some(FastF32::Mask(mask));
        }
        Op::Add => per_lane(|l| (v(a[l]) + v(b[l])).to_bits()),
        Op::Sub => per_lane(|l| (v(a[l]) - v(b[l])).to_bits()),
        Op::Subrev => per_lane(|l| (v(b[l]) - v(a[l])).to_bits()),
        Op::Mul => per_lane(|l| (v(a[l]) * v(b[l])).to_bits()),
        Op::Fma => fma_lanes(a, b, c),
        Op::Fmac => fma_lanes(a, b, acc),
        Op::Fmamk => fma_lanes(a, &[k; LANES], b),
        Op::Fmaak => fma_lanes(a, b, &[k; LANES]),
        // The same f64 expressions as [`lane`], rounded once to f32.
        // Exact in f64, then rounded once to nearest even (the fast mode).
        Op::FromInt(true) => per_lane(|l| (a[l] as i32 as f32).to_bits()),
        Op::FromInt(false) => per_lane(|l| (a[l] as f32).to_bits()),
        Op::Sqrt => per_lane(|l| (f64::from(v(a[l])).sqrt() as f32).to_bits()),
        Op::Rcp => per_lane(|l| ((1.0 / f64::from(v(a[l]))) as f32).to_bits()),
        Op::Rsq => per_lane(|l| ((1.0 / f64::from(v(a[l])).sqrt()) as f32).to_bits()),
        _ => return None,
    };
    // Every operation here gives a NaN when a source is one (NaN: magnitude bits above
    // those of infinity, which carry into bit 31 when 0x7f_ffff is added; an OR of the
    // sums over the lanes, so that it vectorizes).
    let carries = d
        .iter()
        .fold(0, |n, &x| n | (x & 0x7fff_ffff).wrapping_add(0x007f_ffff));
    (carries >> 31 == 0).then_some(FastF32::Values(d))
}

/// `a * b + c` in every lane (f32 bits) with one rounding (the library's `fmaf`, which is
/// the FMA instruction where the code is compiled for one).
#[inline(always)]
fn fma_lanes(a: &Lanes, b: &Lanes, c: &Lanes) -> Lanes {
    let v = f32::from_bits;
    per_lane(|l| v(a[l]).mul_add(v(b[l]), v(c[l])).to_bits())
}

/// OMOD, clamp and the output denormal mode on a float result `x` of format `f`.
fn output(env: Env, f: Fmt, x: u64, omod: u8, clamp: bool) -> u64 {
    modifiers(env, f, x, omod, clamp, true)
}

/// A selection (the min/max family): OMOD and clamp apply ("supports ... saturation",
/// the reference's V_MIN/V_MAX notes) but not the output denormal mode ("output denorm
/// mode is irrelevant": the result is an input as the input mode left it).
fn selection(op: Op) -> bool {
    matches!(
        op,
        Op::Min | Op::Max | Op::Min3 | Op::Max3 | Op::Med3 | Op::MinMax | Op::MaxMin
    )
}

/// The result of opcode `op` after its output modifiers: [`output`] for float results,
/// OMOD and clamp only for selections, clamp on each f16 half of `v_cvt_pk_rtz_f16_f32`
/// (a packed f16 result: no OMOD, reference 7.2.3.1; the halves are already flushed),
/// nothing for the others.
fn finish(env: Env, op: Op, f: Fmt, r: u64, omod: u8, clamp: bool) -> u64 {
    if float_result(op) {
        output(env, f, r, omod, clamp)
    } else if selection(op) {
        modifiers(env, f, r, omod, clamp, false)
    } else if matches!(op, Op::PkRtz) {
        let h = |x: u64| modifiers(env, Fmt::H, x & 0xffff, 0, clamp, false);
        h(r) | h(r >> 16) << 16
    } else {
        r
    }
}

/// OMOD, then (with `flush`) the output denormal mode, then clamp on a float result `x`
/// of format `f`.
fn modifiers(env: Env, f: Fmt, x: u64, omod: u8, clamp: bool, flush: bool) -> u64 {
    let mut x = x;
    // OMOD applies only without output denormals and outside IEEE mode (reference 7.2.3.1).
    if omod != 0 && !env.ieee() && !env.allow_out(f) && !f.is_nan(x) {
        let factor = [1.0, 2.0, 4.0, 0.5][usize::from(omod)];
        x = f.flush(f.round(mul(f, f.value(x), factor)));
        if is_zero(f, x) {
            x = 0;
        }
    }
    if flush && !env.allow_out(f) {
        x = f.flush(x);
    }
    if clamp {
        if f.is_nan(x) {
            if env.dx10_clamp() {
                x = 0;
            }
        } else {
            let v = f.value(x);
            if v < 0.0 || (v == 0.0 && x != 0) {
                x = 0;
            } else if v > 1.0 {
                x = f.round(1.0);
            }
        }
    }
    x
}

/// CLAMP on an f16 value that no arithmetic produced (each half of `v_pack_b32_f16`, a
/// move): the float clamp of [`modifiers`] under MODE `mode`, without OMOD or output
/// flushing.
pub(super) fn clamp_f16(mode: u32, x: u32) -> u32 {
    modifiers(Env { mode }, Fmt::H, u64::from(x & 0xffff), 0, true, false) as u32
}

/// One lane of `v_dot2_f32_f16`/`_bf16` (and the `dot2acc` forms): `v` = S0, S1 and the
/// f32 addend (already negated); `sel` = OP_SEL and OP_SEL_HI (the halves of the low and
/// the high product), NEG_LO and NEG_HI (their negations). Each product and each sum is
/// rounded to f32 (the pseudocode's steps); f16 inputs flush by the f16 mode, bf16 and f32
/// ones and the result by the f32 mode.
fn dot2_f32(env: Env, bf16: bool, v: [u64; 3], sel: [u8; 4]) -> u64 {
    let (s, h) = (Fmt::S, Fmt::H);
    let conv = |k: usize, sel: u8, negs: u8| {
        let x = (v[k] >> (16 * u32::from(sel >> k & 1))) & 0xffff;
        let x = x ^ (u64::from(negs >> k & 1) << 15);
        if bf16 {
            env.input(s, x << 16)
        } else {
            convert(h, s, env.input(h, x))
        }
    };
    let mul_s = |x: u64, y: u64| arith(s, [x, y], |v| mul(s, v[0], v[1]));
    let add_s = |x: u64, y: u64| arith(s, [x, y], |v| add(s, v[0], v[1]));
    let p0 = mul_s(conv(0, sel[0], sel[2]), conv(1, sel[0], sel[2]));
    let p1 = mul_s(conv(0, sel[1], sel[3]), conv(1, sel[1], sel[3]));
    output(env, s, add_s(add_s(p0, p1), env.input(s, v[2])), 0, false)
}

impl Exec<'_> {
    /// Input modifiers as `(abs, neg)` bit masks per source: the VOP3 fields, or the DPP16
    /// dword's bits (src0 neg, src0 abs, src1 neg, src1 abs).
    fn float_mods(&self) -> (u8, u8) {
        let i = &self.instr;
        match i.dpp {
            Some(Dpp::Dpp16 { mods, .. }) if mods != 0 => (
                (mods >> 1 & 1) | (mods >> 2 & 2),
                (mods & 1) | (mods >> 1 & 2),
            ),
            _ => (i.abs, i.neg),
        }
    }

    /// A float source: as [`Exec::vsrc`], but a literal on an f64 operand is the high
    /// dword (reference 4.1).
    fn float_src(&self, code: u16, arg: Arg, hi: bool, out: &mut [u64; LANES]) -> Res<()> {
        if arg.ty == ArgType::F64 && code == u16::from(SRC_LITERAL) {
            *out = [u64::from(self.instr.literal.unwrap_or(0)) << 32; LANES];
            return Ok(());
        }
        self.vsrc(code, arg, hi, out)
    }

    /// Executes a float VALU opcode (not VOPD).
    pub(super) fn valu_float(&mut self, op: &OpInfo, fop: FloatOp, ops: &Operands) -> Res<()> {
        let (kind, f, cmpx) = match fop {
            FloatOp::Packed(kind) => return self.valu_packed(op, kind, ops),
            FloatOp::Special(sp) => return self.valu_special(sp, ops),
            FloatOp::Scalar { op, fmt, cmpx } => (op, fmt, cmpx),
        };
        let env = Env {
            mode: self.wave.mode,
        };
        let i = self.instr;
        if rounds(kind) && f.round_mode(env.mode) != 0 {
            return Err(self.unsupported(format!(
                "MODE round mode {} for {f:?}: only round-to-nearest-even is modelled",
                f.round_mode(env.mode)
            )));
        }
        let has16 = op.args.iter().any(|a| a.ty.bits() == 16);
        if i.opsel != 0 && !has16 {
            return Err(self.unsupported("op_sel on an opcode without 16-bit operands"));
        }
        let (abs, neg) = self.float_mods();
        let mut srcs = [[0u64; LANES]; 3];
        let mut tys = [ArgType::B32; 3];
        for (k, &(code, arg, sel)) in Self::sources(ops).iter().enumerate() {
            self.float_src(code, arg, i.opsel >> sel & 1 == 1, &mut srcs[k])?;
            tys[k] = arg.ty;
        }
        let enabled = self.dpp_move(&mut srcs[0])?;
        for k in 0..3 {
            let (a, n) = (abs >> k & 1 == 1, neg >> k & 1 == 1);
            if !(a || n) {
                continue;
            }
            let Some(sf) = Fmt::of(tys[k]).filter(|_| k < ops.count) else {
                return Err(self.unsupported("abs/neg on a non-float operand"));
            };
            for v in &mut srcs[k] {
                if a {
                    *v &= !sf.sign();
                }
                if n {
                    *v ^= sf.sign();
                }
            }
        }
        // The K literal of fmamk/fmaak (f16: its low half).
        let k = u64::from(i.literal.unwrap_or(0)) & if f == Fmt::H { 0xffff } else { !0 };
        let acc: [u64; LANES] = if matches!(kind, Op::Fmac | Op::FmacDx9) {
            let d = self.vgpr(u16::from(i.vdst))?;
            let hi = i.opsel & 8 != 0;
            per_lane(|l| {
                let v = u64::from(d[l]);
                if f == Fmt::H {
                    (if hi { v >> 16 } else { v }) & 0xffff
                } else {
                    v
                }
            })
        } else {
            [0; LANES]
        };
        let vcc = self.wave.sgpr[usize::from(VCC_LO)];
        let active = self.wave.exec_lanes() & enabled;
        if f == Fmt::S && f32_fast_mode(env.mode) && i.omod == 0 && !i.clamp {
            let [a, b, c] = [narrow(&srcs[0]), narrow(&srcs[1]), narrow(&srcs[2])];
            match f32_fast(kind, env.mode, [&a, &b, &c], &narrow(&acc), k as u32) {
                Some(FastF32::Values(d)) => return self.write_vdst32(i.vdst, active, &d),
                Some(FastF32::Mask(m)) => {
                    let dst = if cmpx {
                        EXEC_LO
                    } else {
                        ops.sdst.unwrap_or(VCC_LO)
                    };
                    self.write32(dst, m & active);
                    return Ok(());
                }
                None => {}
            }
        }
        let results: Vec<(u64, bool)> = (0..LANES)
            .map(|l| {
                let s = [srcs[0][l], srcs[1][l], srcs[2][l]];
                lane(env, kind, f, s, tys, acc[l], k, vcc >> l & 1 == 1)
            })
            .collect();
        let mask = (0..LANES)
            .filter(|&l| active >> l & 1 == 1 && results[l].1)
            .fold(0u32, |m, l| m | 1 << l);
        match kind {
            Op::Cmp(_) | Op::Class => {
                let dst = if cmpx {
                    EXEC_LO
                } else {
                    ops.sdst.unwrap_or(VCC_LO)
                };
                self.write32(dst, mask);
                return Ok(());
            }
            Op::DivScale => self.write32(ops.sdst.unwrap_or(VCC_LO), mask),
            _ => {}
        }
        let d: [u64; LANES] = per_lane(|l| {
            let r = results[l].0;
            finish(env, kind, f, r, i.omod, i.clamp)
        });
        let vty = ops.vdst.map_or(ArgType::B32, |a| a.ty);
        self.write_vdst(i.vdst, vty, active, &d)
    }

    /// A packed f16 opcode: each half of the result from the halves OP_SEL (low result) and
    /// OP_SEL_HI (high result) pick, negated by NEG_LO / NEG_HI; clamp applies to each half,
    /// OMOD does not (reference 7.2.3.1). `v_pk_fmac_f16` (VOP2) uses the natural halves.
    fn valu_packed(&mut self, op: &OpInfo, kind: Op, ops: &Operands) -> Res<()> {
        let i = self.instr;
        let env = Env {
            mode: self.wave.mode,
        };
        if Fmt::H.round_mode(env.mode) != 0 && !matches!(kind, Op::Min | Op::Max) {
            return Err(self.unsupported(format!(
                "MODE round mode {} for f16: only round-to-nearest-even is modelled",
                Fmt::H.round_mode(env.mode)
            )));
        }
        let vop3p = op.format == cu32_isa::Format::Vop3p;
        let (sel_lo, sel_hi, neg_lo, neg_hi) = if vop3p {
            (i.opsel, i.opsel_hi, i.neg, i.neg_hi)
        } else {
            let (abs, neg) = self.float_mods();
            if abs != 0 || neg != 0 {
                return Err(self.unsupported("DPP abs/neg on packed f16 operands"));
            }
            (0, 0b111, 0, 0)
        };
        let mut srcs = [[0u64; LANES]; 3];
        for (k, &(code, arg, _)) in Self::sources(ops).iter().enumerate() {
            self.packed_src(code, arg, true, &mut srcs[k])?;
        }
        let enabled = self.dpp_move(&mut srcs[0])?;
        let acc = *self.vgpr(u16::from(i.vdst))?;
        let active = self.wave.exec_lanes() & enabled;
        let half = |v: u64, hi: bool| (if hi { v >> 16 } else { v }) & 0xffff;
        let d: [u64; LANES] = per_lane(|l| {
            let result = |h: u32| {
                let (sel, neg) = if h == 0 {
                    (sel_lo, neg_lo)
                } else {
                    (sel_hi, neg_hi)
                };
                let s: [u64; 3] = std::array::from_fn(|k| {
                    half(srcs[k][l], sel >> k & 1 == 1) ^ (u64::from(neg >> k & 1) << 15)
                });
                let a = half(u64::from(acc[l]), h == 1);
                let tys = [ArgType::F16; 3];
                let (r, _) = lane(env, kind, Fmt::H, s, tys, a, 0, false);
                finish(env, kind, Fmt::H, r, 0, i.clamp)
            };
            result(0) | result(1) << 16
        });
        self.write_vdst(i.vdst, ArgType::B32, active, &d)
    }

    /// A source of a dot product or mixed fma as 32 bits: registers and the literal as
    /// they are; inline constants by reference 7.5.1: `v_dot2_f32_f16` and the f32
    /// operands take the 32-bit (f32) constant, `v_dot2_f32_bf16` the upper 16 bits of it
    /// replicated, `v_dot2acc_f32_f16` its f16 (or low 16 bits) replicated, the f16
    /// operands of `v_dot2_f16_f16`/`v_fma_mix*` the f16 constant (or the integer's low 16
    /// bits) in the low half.
    fn special_src(&self, sp: Special, k: usize, code: u16, arg: Arg) -> Res<[u64; LANES]> {
        let mut out = [0u64; LANES];
        let wide = Arg {
            bits: 32,
            ty: ArgType::B32,
            ..arg
        };
        let inline16 = || match code {
            240..=248 => u64::from(cu32_isa::operand::INLINE_F16[usize::from(code - 240)]),
            _ => cu32_isa::operand::inline_constant(code as u8, 32).unwrap_or(0) & 0xffff,
        };
        let is_inline = (128..=248).contains(&code) && !(209..240).contains(&code);
        if !is_inline {
            self.vsrc(code, wide, false, &mut out)?;
            return Ok(out);
        }
        let c32 = || cu32_isa::operand::inline_constant(code as u8, 32).unwrap_or(0);
        let v = match sp {
            Special::Dot2F32 { bf16: true, .. } if k < 2 => (c32() >> 16) * 0x1_0001,
            Special::Dot2F32 { acc: true, .. } => inline16() * 0x1_0001,
            Special::Dot2Half { bf16: true } if k == 2 => c32() >> 16,
            Special::Dot2Half { .. } => inline16(),
            Special::Mix { .. } if self.instr.opsel_hi >> k & 1 == 1 => inline16(),
            _ => c32(),
        };
        Ok([v & 0xffff_ffff; LANES])
    }

    /// A dot product or mixed-precision fma: the pseudocode step by step, each step
    /// rounded to nearest even in its format (see the module documentation).
    fn valu_special(&mut self, sp: Special, ops: &Operands) -> Res<()> {
        let i = self.instr;
        let env = Env {
            mode: self.wave.mode,
        };
        let (s, h) = (Fmt::S, Fmt::H);
        let uses_h = matches!(
            sp,
            Special::Dot2Half { bf16: false } | Special::Mix { half: Some(_) }
        );
        if s.round_mode(env.mode) != 0 || (uses_h && h.round_mode(env.mode) != 0) {
            return Err(self.unsupported("MODE round mode: only round-to-nearest-even is modelled"));
        }
        let vop3p = i.op.format == cu32_isa::Format::Vop3p;
        let (abs, neg) = self.float_mods();
        let (neg_lo, neg_hi) = if vop3p { (i.neg, i.neg_hi) } else { (neg, 0) };
        match sp {
            Special::Dot2F32 { acc: true, .. } | Special::Dot2Half { .. }
                if abs != 0 || neg != 0 =>
            {
                return Err(
                    self.unsupported("abs/neg on packed dot product operands are not modelled")
                )
            }
            Special::Dot2F32 { acc: false, .. } if neg_hi & 4 != 0 => {
                return Err(self.unsupported("NEG_HI on the f32 addend is not modelled"))
            }
            _ => {}
        }
        let mut raw = [[0u64; LANES]; 3];
        for (k, &(code, arg, _)) in Self::sources(ops).iter().enumerate() {
            raw[k] = self.special_src(sp, k, code, arg)?;
        }
        let enabled = self.dpp_move(&mut raw[0])?;
        let active = self.wave.exec_lanes() & enabled;
        let dst = *self.vgpr(u16::from(i.vdst))?;
        let half = |v: u64, hi: bool| (if hi { v >> 16 } else { v }) & 0xffff;
        let bit = |m: u8, k: usize| m >> k & 1 == 1;
        let mut d = [0u32; LANES];
        for (l, out) in d.iter_mut().enumerate() {
            let r = |k: usize| raw[k][l];
            *out = match sp {
                Special::Dot2F32 { bf16, acc } => {
                    let (sel_lo, sel_hi) = if acc {
                        (0, 0b11)
                    } else {
                        (i.opsel, i.opsel_hi)
                    };
                    let c = if acc {
                        u64::from(dst[l])
                    } else {
                        r(2) ^ (u64::from(bit(neg_lo, 2)) << 31)
                    };
                    let sel = [sel_lo, sel_hi, neg_lo, neg_hi];
                    dot2_f32(env, bf16, [r(0), r(1), c], sel) as u32
                }
                Special::Dot2Half { bf16: false } => {
                    let x = |k: usize, hi: bool| env.input(h, half(r(k), hi));
                    let c = env.input(h, half(r(2), bit(i.opsel, 2)));
                    let mul_h = |x: u64, y: u64| arith(h, [x, y], |v| mul(h, v[0], v[1]));
                    let add_h = |x: u64, y: u64| arith(h, [x, y], |v| add(h, v[0], v[1]));
                    let t = mul_h(x(0, false), x(1, false));
                    let t = add_h(t, mul_h(x(0, true), x(1, true)));
                    output(env, h, add_h(t, c), 0, false) as u32
                }
                Special::Dot2Half { bf16: true } => {
                    // bf16 values carried as f32 bits; each step rounded to bf16.
                    let x = |k: usize, hi: bool| env.input(s, half(r(k), hi) << 16);
                    let c = env.input(s, half(r(2), bit(i.opsel, 2)) << 16);
                    let step = |x: u64, y: u64, product: bool| -> u64 {
                        if let Some(&n) = [x, y].iter().find(|&&n| s.is_nan(n)) {
                            return s.quiet(n) >> 16 << 16;
                        }
                        let (a, b) = (s.value(x), s.value(y));
                        let v = if product { a * b } else { fma_odd(a, 1.0, b) };
                        if v.is_nan() {
                            0xffc0_0000
                        } else {
                            round_bf16(v) << 16
                        }
                    };
                    let t = step(x(0, false), x(1, false), true);
                    let t = step(t, step(x(0, true), x(1, true), true), false);
                    (output(env, s, step(t, c, false), 0, false) >> 16) as u32
                }
                Special::Mix { half: which } => {
                    let src = |k: usize| {
                        if bit(i.opsel_hi, k) {
                            let mut x = half(r(k), bit(i.opsel, k));
                            if bit(neg_hi, k) {
                                x &= 0x7fff;
                            }
                            x ^= u64::from(bit(neg_lo, k)) << 15;
                            convert(h, s, env.input(h, x))
                        } else {
                            let mut x = r(k);
                            if bit(neg_hi, k) {
                                x &= 0x7fff_ffff;
                            }
                            x ^= u64::from(bit(neg_lo, k)) << 31;
                            env.input(s, x)
                        }
                    };
                    let f = arith(s, [src(0), src(1), src(2)], |v| fma(s, v[0], v[1], v[2]));
                    match which {
                        None => output(env, s, f, 0, i.clamp) as u32,
                        Some(hi) => {
                            let v = output(env, h, convert(s, h, f), 0, i.clamp) as u32;
                            if hi {
                                (dst[l] & 0xffff) | v << 16
                            } else {
                                (dst[l] & 0xffff_0000) | v
                            }
                        }
                    }
                }
            };
        }
        match sp {
            Special::Dot2Half { .. } => {
                let wide: [u64; LANES] = per_lane(|l| u64::from(d[l]));
                self.write_vdst(i.vdst, ArgType::B16, active, &wide)
            }
            _ => self.write_vdst32(i.vdst, active, &d),
        }
    }

    /// A float VOPD operation: its values for every lane, or `None` if `name` is not one.
    /// `vdst` is read as the accumulator of `v_dual_fmac_f32`.
    pub(super) fn dual_float(
        &self,
        op: &OpInfo,
        fop: FloatOp,
        vdst: u8,
        src0: u16,
        src1: u16,
    ) -> Res<[u64; LANES]> {
        let env = Env {
            mode: self.wave.mode,
        };
        if let FloatOp::Special(sp @ Special::Dot2F32 { bf16, .. }) = fop {
            if Fmt::S.round_mode(env.mode) != 0 {
                return Err(self.unsupported(format!(
                    "{}: MODE round mode: only round-to-nearest-even is modelled",
                    op.name
                )));
            }
            let mut raw = [[0u64; LANES]; 2];
            for arg in &op.args {
                match arg.kind {
                    ArgKind::Src0 => raw[0] = self.special_src(sp, 0, src0, *arg)?,
                    ArgKind::Vsrc1 => raw[1] = self.special_src(sp, 1, src1, *arg)?,
                    _ => {}
                }
            }
            let acc = *self.vgpr(u16::from(vdst))?;
            let sel = [0, 0b11, 0, 0];
            return Ok(per_lane(|l| {
                dot2_f32(env, bf16, [raw[0][l], raw[1][l], u64::from(acc[l])], sel)
            }));
        }
        let FloatOp::Scalar {
            op: kind, fmt: f, ..
        } = fop
        else {
            return Err(self.not_yet_modelled());
        };
        if f.round_mode(env.mode) != 0 {
            return Err(self.unsupported(format!(
                "{}: MODE round mode {}: only round-to-nearest-even is modelled",
                op.name,
                f.round_mode(env.mode)
            )));
        }
        let mut srcs = [[0u64; LANES]; 2];
        for arg in &op.args {
            match arg.kind {
                ArgKind::Src0 => self.vsrc(src0, *arg, false, &mut srcs[0])?,
                ArgKind::Vsrc1 => self.vsrc(src1, *arg, false, &mut srcs[1])?,
                _ => {}
            }
        }
        let acc = *self.vgpr(u16::from(vdst))?;
        let k = u64::from(self.instr.literal.unwrap_or(0));
        if f == Fmt::S && f32_fast_mode(env.mode) {
            let [a, b] = [narrow(&srcs[0]), narrow(&srcs[1])];
            let srcs = [&a, &b, &[0; LANES]];
            if let Some(FastF32::Values(d)) = f32_fast(kind, env.mode, srcs, &acc, k as u32) {
                return Ok(super::valu::widen(&d));
            }
        }
        let vcc = self.wave.sgpr[usize::from(VCC_LO)];
        let tys = [ArgType::F32; 3];
        Ok(per_lane(|l| {
            let s = [srcs[0][l], srcs[1][l], 0];
            let (r, _) = lane(
                env,
                kind,
                f,
                s,
                tys,
                u64::from(acc[l]),
                k,
                vcc >> l & 1 == 1,
            );
            finish(env, kind, f, r, 0, false)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The baseline build of the f32 fast operations gives what the dispatching one (AVX2
    /// and FMA where the CPU has them) gives, on random values with NaNs, infinities,
    /// zeros and denormals mixed in.
    #[test]
    fn f32_fast_builds_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let special = [
                0,
                0x8000_0000,
                0x7f80_0000,
                0xff80_0000,
                0x7fc0_0000,
                1,
                0x3f80_0000,
            ];
            match x % 64 {
                0 => special[(x >> 8) as usize % special.len()],
                _ => (x >> 16) as u32,
            }
        };
        let ops = [
            Op::Add,
            Op::Sub,
            Op::Subrev,
            Op::Mul,
            Op::Fma,
            Op::Fmac,
            Op::Fmamk,
            Op::Fmaak,
            Op::Min,
            Op::Max,
            Op::Sqrt,
            Op::Rcp,
            Op::Rsq,
            Op::FromInt(true),
            Op::FromInt(false),
            Op::Cmp(3),
        ];
        let same = |p: Option<FastF32>, q: Option<FastF32>| match (p, q) {
            (Some(FastF32::Values(p)), Some(FastF32::Values(q))) => p == q,
            (Some(FastF32::Mask(p)), Some(FastF32::Mask(q))) => p == q,
            (None, None) => true,
            _ => false,
        };
        let mut compared = 0;
        for round in 0..200 {
            let lanes: [Lanes; 4] = std::array::from_fn(|_| per_lane(|_| next()));
            let k = next();
            for op in ops {
                let srcs = [&lanes[0], &lanes[1], &lanes[2]];
                let fast = f32_fast(op, 0x3f0, srcs, &lanes[3], k);
                let base = f32_fast_lanes(op, 0x3f0, srcs, &lanes[3], k);
                compared += usize::from(base.is_some());
                assert!(same(fast, base), "{op:?}, round {round}");
            }
        }
        assert!(compared > 1000, "only {compared} results compared");
    }
}
