//! Vector ALU semantics for integer opcodes (VOP1, VOP2, VOPC, VOP3, VOP3SD and VOPD pairs),
//! following the chapter 16 pseudocode: the mnemonic selects an entry of the tables below
//! (per-lane functions) or one of the cross-lane and scalar-result cases; every other VALU
//! opcode stops the wave. The module documentation of [`crate::model`] lists the choices.

use super::{per_lane, Exec, Lanes, Res, VgprWrite, LANES};
use cu32_isa::operand::{EXEC_LO, VCC_LO};
use cu32_isa::table::ArgType;
use cu32_isa::{Accept, Arg, ArgKind, Format, OpInfo};

/// A function of up to three 32-bit sources of every lane (16-bit sources hold their value
/// in the low half; a 16-bit destination keeps the low 16 bits of the result).
pub(super) type Op32 = fn(&Lanes, &Lanes, &Lanes) -> Lanes;

/// The same with a 64-bit result; sources as wide as the table says.
pub(super) type Op64 = fn(&Lanes64, &Lanes64, &Lanes64) -> Lanes64;

/// An add or subtract with a carry (or borrow) in and out: `(a, b, carry-in mask) ->
/// (d, carry-out mask)`.
pub(super) type CarryOp = fn(&Lanes, &Lanes, u32) -> (Lanes, u32);

/// 64-bit values of every lane.
type Lanes64 = [u64; LANES];

/// The low 32 bits of every lane.
pub(super) fn narrow(v: &Lanes64) -> Lanes {
    let mut out = [0; LANES];
    for (d, &x) in out.iter_mut().zip(v) {
        *d = x as u32;
    }
    out
}

/// Every lane zero-extended to 64 bits.
pub(super) fn widen(v: &Lanes) -> Lanes64 {
    let mut out = [0; LANES];
    for (d, &x) in out.iter_mut().zip(v) {
        *d = u64::from(x);
    }
    out
}

/// A per-lane function `|a, b, c| -> u32` applied to every lane (the tables read per lane;
/// whole-wave functions let the compiler vectorize them).
macro_rules! lanewise {
    (|$a:pat_param, $b:pat_param, $c:pat_param| $body:expr) => {
        |x: &Lanes, y: &Lanes, z: &Lanes| -> Lanes {
            let f = |$a: u32, $b: u32, $c: u32| -> u32 { $body };
            per_lane(|l| f(x[l], y[l], z[l]))
        }
    };
}

/// [`lanewise`] for 64-bit values.
macro_rules! lanewise64 {
    (|$a:pat_param, $b:pat_param, $c:pat_param| $body:expr) => {
        |x: &Lanes64, y: &Lanes64, z: &Lanes64| -> Lanes64 {
            let f = |$a: u64, $b: u64, $c: u64| -> u64 { $body };
            per_lane(|l| f(x[l], y[l], z[l]))
        }
    };
}

/// A per-lane `|a, b, carry_in| -> (d, carry_out)` applied to every lane.
macro_rules! carrywise {
    (|$a:pat_param, $b:pat_param, $c:pat_param| $body:expr) => {
        |x: &Lanes, y: &Lanes, cin: u32| -> (Lanes, u32) {
            let f = |$a: u32, $b: u32, $c: bool| -> (u32, bool) { $body };
            let mut out = 0;
            let d = per_lane(|l| {
                let (d, carry) = f(x[l], y[l], cin >> l & 1 == 1);
                out |= u32::from(carry) << l;
                d
            });
            (d, out)
        }
    };
}

pub(super) fn sext(v: u32, bits: u32) -> i32 {
    ((v << (32 - bits)) as i32) >> (32 - bits)
}

/// 24-bit operands of the `*_u24` / `*_i24` multiplies.
fn u24(v: u32) -> u64 {
    u64::from(v & 0xff_ffff)
}

fn i24(v: u32) -> i64 {
    i64::from(sext(v, 24))
}

fn i16s(v: u32) -> i32 {
    sext(v, 16)
}

/// A bit position found by a search, or -1 when there is none.
fn found(count: u32) -> u32 {
    if count >= 32 {
        u32::MAX
    } else {
        count
    }
}

/// `(1 << width) - 1` for a 5-bit width.
fn mask5(width: u32) -> u32 {
    (1u32 << (width & 31)) - 1
}

/// One byte of `v_perm_b32`: BYTE_PERMUTE({S0, S1}, sel).
fn byte_permute(data: u64, sel: u32) -> u32 {
    let byte = |i: u32| ((data >> (8 * i)) & 0xff) as u32;
    match sel & 0xff {
        13.. => 0xff,
        12 => 0,
        s @ 8..=11 => (byte(2 * (s - 8) + 1) >> 7) * 0xff,
        s => byte(s),
    }
}

/// Median by the pseudocode of `v_med3_*`: compare against the maximum of the three.
fn med3<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    let max = a.max(b).max(c);
    if max == a {
        b.max(c)
    } else if max == b {
        a.max(c)
    } else {
        a.max(b)
    }
}

/// Per-lane integer opcodes with a 16- or 32-bit result.
const OPS32: &[(&str, Op32)] = &[
    // VOP1
    ("v_mov_b32", lanewise!(|a, _, _| a)),
    ("v_not_b32", lanewise!(|a, _, _| !a)),
    ("v_bfrev_b32", lanewise!(|a, _, _| a.reverse_bits())),
    (
        "v_clz_i32_u32",
        lanewise!(|a, _, _| found(a.leading_zeros())),
    ),
    (
        "v_ctz_i32_b32",
        lanewise!(|a, _, _| found(a.trailing_zeros())),
    ),
    (
        "v_cls_i32",
        lanewise!(|a, _, _| {
            let v = if a >> 31 == 1 { !a } else { a };
            found(v.leading_zeros())
        }),
    ),
    ("v_cvt_u32_u16", lanewise!(|a, _, _| a)),
    ("v_cvt_i32_i16", lanewise!(|a, _, _| i16s(a) as u32)),
    ("v_mov_b16", lanewise!(|a, _, _| a)),
    ("v_not_b16", lanewise!(|a, _, _| !a)),
    // VOP2
    ("v_add_nc_u32", lanewise!(|a, b, _| a.wrapping_add(b))),
    ("v_sub_nc_u32", lanewise!(|a, b, _| a.wrapping_sub(b))),
    ("v_subrev_nc_u32", lanewise!(|a, b, _| b.wrapping_sub(a))),
    (
        "v_mul_i32_i24",
        lanewise!(|a, b, _| (i24(a) * i24(b)) as u32),
    ),
    (
        "v_mul_hi_i32_i24",
        lanewise!(|a, b, _| ((i24(a) * i24(b)) >> 32) as u32),
    ),
    (
        "v_mul_u32_u24",
        lanewise!(|a, b, _| (u24(a) * u24(b)) as u32),
    ),
    (
        "v_mul_hi_u32_u24",
        lanewise!(|a, b, _| ((u24(a) * u24(b)) >> 32) as u32),
    ),
    (
        "v_min_i32",
        lanewise!(|a, b, _| (a as i32).min(b as i32) as u32),
    ),
    (
        "v_max_i32",
        lanewise!(|a, b, _| (a as i32).max(b as i32) as u32),
    ),
    ("v_min_u32", lanewise!(|a, b, _| a.min(b))),
    ("v_max_u32", lanewise!(|a, b, _| a.max(b))),
    ("v_lshrrev_b32", lanewise!(|a, b, _| b >> (a & 31))),
    (
        "v_ashrrev_i32",
        lanewise!(|a, b, _| ((b as i32) >> (a & 31)) as u32),
    ),
    ("v_lshlrev_b32", lanewise!(|a, b, _| b << (a & 31))),
    ("v_and_b32", lanewise!(|a, b, _| a & b)),
    ("v_or_b32", lanewise!(|a, b, _| a | b)),
    ("v_xor_b32", lanewise!(|a, b, _| a ^ b)),
    ("v_xnor_b32", lanewise!(|a, b, _| !(a ^ b))),
    // VOP3, 32-bit
    ("v_add_nc_i32", lanewise!(|a, b, _| a.wrapping_add(b))),
    ("v_sub_nc_i32", lanewise!(|a, b, _| a.wrapping_sub(b))),
    ("v_mul_lo_u32", lanewise!(|a, b, _| a.wrapping_mul(b))),
    (
        "v_mul_hi_u32",
        lanewise!(|a, b, _| ((u64::from(a) * u64::from(b)) >> 32) as u32),
    ),
    (
        "v_mul_hi_i32",
        lanewise!(|a, b, _| ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32),
    ),
    (
        "v_mad_u32_u24",
        lanewise!(|a, b, c| ((u24(a) * u24(b)) as u32).wrapping_add(c)),
    ),
    (
        "v_mad_i32_i24",
        lanewise!(|a, b, c| ((i24(a) * i24(b)) as u32).wrapping_add(c)),
    ),
    ("v_bfe_u32", lanewise!(|a, b, c| (a >> (b & 31)) & mask5(c))),
    (
        "v_bfe_i32",
        lanewise!(|a, b, c| {
            let tmp = ((a as i32) >> (b & 31)) as u32 & mask5(c);
            match c & 31 {
                0 => 0,
                w => sext(tmp, w) as u32,
            }
        }),
    ),
    ("v_bfi_b32", lanewise!(|a, b, c| (a & b) | (!a & c))),
    ("v_bfm_b32", lanewise!(|a, b, _| mask5(a) << (b & 31))),
    (
        "v_bcnt_u32_b32",
        lanewise!(|a, b, _| b.wrapping_add(a.count_ones())),
    ),
    (
        "v_alignbit_b32",
        lanewise!(|a, b, c| (((u64::from(a) << 32) | u64::from(b)) >> (c & 31)) as u32),
    ),
    (
        "v_alignbyte_b32",
        lanewise!(|a, b, c| (((u64::from(a) << 32) | u64::from(b)) >> ((c & 3) * 8)) as u32),
    ),
    (
        "v_perm_b32",
        lanewise!(|a, b, c| {
            let data = (u64::from(a) << 32) | u64::from(b);
            (0..4).fold(0, |d, i| d | (byte_permute(data, c >> (8 * i)) << (8 * i)))
        }),
    ),
    (
        "v_add3_u32",
        lanewise!(|a, b, c| a.wrapping_add(b).wrapping_add(c)),
    ),
    (
        "v_lshl_add_u32",
        lanewise!(|a, b, c| (a << (b & 31)).wrapping_add(c)),
    ),
    (
        "v_add_lshl_u32",
        lanewise!(|a, b, c| a.wrapping_add(b) << (c & 31)),
    ),
    ("v_lshl_or_b32", lanewise!(|a, b, c| (a << (b & 31)) | c)),
    ("v_and_or_b32", lanewise!(|a, b, c| (a & b) | c)),
    ("v_or3_b32", lanewise!(|a, b, c| a | b | c)),
    ("v_xor3_b32", lanewise!(|a, b, c| a ^ b ^ c)),
    ("v_xad_u32", lanewise!(|a, b, c| (a ^ b).wrapping_add(c))),
    (
        "v_min3_i32",
        lanewise!(|a, b, c| (a as i32).min(b as i32).min(c as i32) as u32),
    ),
    (
        "v_max3_i32",
        lanewise!(|a, b, c| (a as i32).max(b as i32).max(c as i32) as u32),
    ),
    (
        "v_med3_i32",
        lanewise!(|a, b, c| med3(a as i32, b as i32, c as i32) as u32),
    ),
    ("v_min3_u32", lanewise!(|a, b, c| a.min(b).min(c))),
    ("v_max3_u32", lanewise!(|a, b, c| a.max(b).max(c))),
    ("v_med3_u32", lanewise!(|a, b, c| med3(a, b, c))),
    (
        "v_maxmin_i32",
        lanewise!(|a, b, c| (a as i32).max(b as i32).min(c as i32) as u32),
    ),
    (
        "v_minmax_i32",
        lanewise!(|a, b, c| (a as i32).min(b as i32).max(c as i32) as u32),
    ),
    ("v_maxmin_u32", lanewise!(|a, b, c| a.max(b).min(c))),
    ("v_minmax_u32", lanewise!(|a, b, c| a.min(b).max(c))),
    (
        "v_cvt_pk_u16_u32",
        lanewise!(|a, b, _| a.min(0xffff) | (b.min(0xffff) << 16)),
    ),
    (
        "v_cvt_pk_i16_i32",
        lanewise!(|a, b, _| {
            let sat = |v: u32| (v as i32).clamp(-0x8000, 0x7fff) as u32 & 0xffff;
            sat(a) | (sat(b) << 16)
        }),
    ),
    // VOP3, 16-bit (results are truncated to 16 bits when written)
    ("v_add_nc_u16", lanewise!(|a, b, _| a.wrapping_add(b))),
    ("v_sub_nc_u16", lanewise!(|a, b, _| a.wrapping_sub(b))),
    ("v_add_nc_i16", lanewise!(|a, b, _| a.wrapping_add(b))),
    ("v_sub_nc_i16", lanewise!(|a, b, _| a.wrapping_sub(b))),
    ("v_mul_lo_u16", lanewise!(|a, b, _| a.wrapping_mul(b))),
    (
        "v_mad_u16",
        lanewise!(|a, b, c| a.wrapping_mul(b).wrapping_add(c)),
    ),
    (
        "v_mad_i16",
        lanewise!(|a, b, c| a.wrapping_mul(b).wrapping_add(c)),
    ),
    (
        "v_mad_u32_u16",
        lanewise!(|a, b, c| a.wrapping_mul(b).wrapping_add(c)),
    ),
    (
        "v_mad_i32_i16",
        lanewise!(|a, b, c| (i16s(a).wrapping_mul(i16s(b)) as u32).wrapping_add(c)),
    ),
    ("v_lshlrev_b16", lanewise!(|a, b, _| b << (a & 15))),
    ("v_lshrrev_b16", lanewise!(|a, b, _| b >> (a & 15))),
    (
        "v_ashrrev_i16",
        lanewise!(|a, b, _| (i16s(b) >> (a & 15)) as u32),
    ),
    (
        "v_min_i16",
        lanewise!(|a, b, _| i16s(a).min(i16s(b)) as u32),
    ),
    (
        "v_max_i16",
        lanewise!(|a, b, _| i16s(a).max(i16s(b)) as u32),
    ),
    ("v_min_u16", lanewise!(|a, b, _| a.min(b))),
    ("v_max_u16", lanewise!(|a, b, _| a.max(b))),
    ("v_and_b16", lanewise!(|a, b, _| a & b)),
    ("v_or_b16", lanewise!(|a, b, _| a | b)),
    ("v_xor_b16", lanewise!(|a, b, _| a ^ b)),
    (
        "v_min3_i16",
        lanewise!(|a, b, c| i16s(a).min(i16s(b)).min(i16s(c)) as u32),
    ),
    (
        "v_max3_i16",
        lanewise!(|a, b, c| i16s(a).max(i16s(b)).max(i16s(c)) as u32),
    ),
    (
        "v_med3_i16",
        lanewise!(|a, b, c| med3(i16s(a), i16s(b), i16s(c)) as u32),
    ),
    ("v_min3_u16", lanewise!(|a, b, c| a.min(b).min(c))),
    ("v_max3_u16", lanewise!(|a, b, c| a.max(b).max(c))),
    ("v_med3_u16", lanewise!(|a, b, c| med3(a, b, c))),
];

/// `|x - y|` of unsigned values.
fn absdiff(x: u32, y: u32) -> u32 {
    x.abs_diff(y)
}

/// `v_sad_u8`: S2 plus the absolute differences of the four bytes (wrapping).
fn sad_u8(a: u32, b: u32, c: u32) -> u32 {
    (0..4).fold(c, |t, i| {
        t.wrapping_add(absdiff((a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff))
    })
}

/// `v_msad_u8`: as `sad_u8`, leaving out the bytes where S1's byte is 0.
fn msad_u8(a: u32, b: u32, c: u32) -> u32 {
    (0..4).fold(c, |t, i| {
        let (x, y) = ((a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff);
        if y == 0 {
            t
        } else {
            t.wrapping_add(absdiff(x, y))
        }
    })
}

/// The quad-byte SADs: four 16-bit `sad(S0[8k+31:8k], S1, S2[16k+15:16k])`; with `clamp`
/// each the exact value (S2's field plus at most 1020) saturated to 0xffff.
fn qsad(a: u64, b: u64, c: u64, sad: fn(u32, u32, u32) -> u32, clamp: bool) -> u64 {
    (0..4).fold(0, |d, k| {
        let r = sad(
            (a >> (8 * k)) as u32,
            b as u32,
            ((c >> (16 * k)) & 0xffff) as u32,
        );
        let r = if clamp { r.min(0xffff) } else { r & 0xffff };
        d | (u64::from(r) << (16 * k))
    })
}

/// SAD, LERP and byte/half packing opcodes (32-bit results).
const OPS_SAD: &[(&str, Op32)] = &[
    ("v_sad_u8", lanewise!(|a, b, c| sad_u8(a, b, c))),
    (
        "v_sad_hi_u8",
        lanewise!(|a, b, c| (sad_u8(a, b, 0) << 16).wrapping_add(c)),
    ),
    (
        "v_sad_u16",
        lanewise!(|a, b, c| c
            .wrapping_add(absdiff(a >> 16, b >> 16))
            .wrapping_add(absdiff(a & 0xffff, b & 0xffff))),
    ),
    (
        "v_sad_u32",
        lanewise!(|a, b, c| absdiff(a, b).wrapping_add(c)),
    ),
    ("v_msad_u8", lanewise!(|a, b, c| msad_u8(a, b, c))),
    (
        "v_lerp_u8",
        lanewise!(|a, b, c| (0..4).fold(0, |d, i| {
            let byte = |v: u32| (v >> (8 * i)) & 0xff;
            d | (((byte(a) + byte(b) + ((c >> (8 * i)) & 1)) >> 1) << (8 * i))
        })),
    ),
    (
        "v_sat_pk_u8_i16",
        lanewise!(|a, _, _| {
            let sat8 = |n: u32| (n as u16 as i16).clamp(0, 255) as u32;
            sat8(a) | (sat8(a >> 16) << 8)
        }),
    ),
    // 16-bit sources (OPSEL picks their halves); no float modifiers.
    (
        "v_pack_b32_f16",
        lanewise!(|a, b, _| (a & 0xffff) | (b << 16)),
    ),
];

/// Per-lane integer opcodes with a 64-bit result (shift count in the first source).
const OPS64: &[(&str, Op64)] = &[
    ("v_lshlrev_b64", lanewise64!(|a, b, _| b << (a & 63))),
    ("v_lshrrev_b64", lanewise64!(|a, b, _| b >> (a & 63))),
    (
        "v_ashrrev_i64",
        lanewise64!(|a, b, _| ((b as i64) >> (a & 63)) as u64),
    ),
    (
        "v_qsad_pk_u16_u8",
        lanewise64!(|a, b, c| qsad(a, b, c, sad_u8, false)),
    ),
    (
        "v_mqsad_pk_u16_u8",
        lanewise64!(|a, b, c| qsad(a, b, c, msad_u8, false)),
    ),
];

/// Adds and subtracts with a carry-out mask (VCC or an SGPR) and, for `_ci`, a carry-in.
const CARRY_OPS: &[(&str, CarryOp)] = &[
    ("v_add_co_u32", carrywise!(|a, b, _| a.overflowing_add(b))),
    (
        "v_sub_co_u32",
        carrywise!(|a, b, _| (a.wrapping_sub(b), b > a)),
    ),
    (
        "v_subrev_co_u32",
        carrywise!(|a, b, _| (b.wrapping_sub(a), a > b)),
    ),
    (
        "v_add_co_ci_u32",
        carrywise!(|a, b, c| {
            let tmp = u64::from(a) + u64::from(b) + u64::from(c);
            (tmp as u32, tmp >= 1 << 32)
        }),
    ),
    (
        "v_sub_co_ci_u32",
        carrywise!(|a, b, c| {
            let d = a.wrapping_sub(b).wrapping_sub(u32::from(c));
            (d, u64::from(b) + u64::from(c) > u64::from(a))
        }),
    ),
    (
        "v_subrev_co_ci_u32",
        carrywise!(|a, b, c| {
            let d = b.wrapping_sub(a).wrapping_sub(u32::from(c));
            (d, u64::from(a) + u64::from(c) > u64::from(b))
        }),
    ),
];

/// The 32 bits an inline constant (source code `code`) gives a packed 16-bit operand, of
/// which OP_SEL / OP_SEL_HI pick the halves, or `None` for a code that is no inline
/// constant. As gfx11 hardware produces them (LLVM's `getInlineEncodingV216`; the
/// reference's 7.5.1 says otherwise): an integer constant is its sign-extended 32-bit
/// value (-1: 0xffffffff), a float constant is the f16 value in the low half and 0 in the
/// high half for a float opcode (`float`), and the f32 value for an integer opcode.
pub(super) fn packed_inline(code: u16, float: bool) -> Option<u32> {
    let c32 = || cu32_isa::operand::inline_constant(code as u8, 32).map(|v| v as u32);
    match code {
        128..=208 => c32(),
        240..=248 if float => Some(u32::from(
            cu32_isa::operand::INLINE_F16[usize::from(code - 240)],
        )),
        240..=248 => c32(),
        _ => None,
    }
}

/// How `clamp` saturates the exact result of a packed 16-bit integer opcode (reference
/// 7.2.3.1: signed arithmetic to [-32768, 32767], unsigned to [0, 65535]; bitwise ops and
/// shifts ignore it; min/max results are always in range).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sat {
    Signed,
    Unsigned,
    Ignored,
}

/// An integer opcode as its exact result and how clamp saturates it: a packed 16-bit
/// opcode (VOP3P) per half, from the selected 16-bit halves of its sources (zero-extended);
/// an opcode of [`CLAMPED`] from its sources.
#[derive(Clone, Copy, Debug)]
pub(super) struct PkInt {
    pub(super) f: fn(u32, u32, u32) -> i64,
    pub(super) sat: Sat,
}

fn s16(v: u32) -> i64 {
    i64::from(v as u16 as i16)
}

fn u16v(v: u32) -> i64 {
    i64::from(v as u16)
}

/// `r` saturated as `sat` says to a `bits`-bit range.
fn saturate(r: i64, sat: Sat, bits: u32) -> i64 {
    match sat {
        Sat::Signed => r.clamp(-(1 << (bits - 1)), (1 << (bits - 1)) - 1),
        Sat::Unsigned => r.clamp(0, (1 << bits) - 1),
        Sat::Ignored => r,
    }
}

/// The packed 16-bit integer opcodes (the chapter 16.10 pseudocode per half; the shift count
/// is the low 4 bits of S0's half, `S0.u[3:0]` / `S0.u[19:16]`).
const PK_INT: &[(&str, PkInt)] = &[
    (
        "v_pk_mad_i16",
        PkInt {
            f: |a, b, c| s16(a) * s16(b) + s16(c),
            sat: Sat::Signed,
        },
    ),
    (
        "v_pk_mul_lo_u16",
        PkInt {
            f: |a, b, _| i64::from(a) * i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_pk_add_i16",
        PkInt {
            f: |a, b, _| s16(a) + s16(b),
            sat: Sat::Signed,
        },
    ),
    (
        "v_pk_sub_i16",
        PkInt {
            f: |a, b, _| s16(a) - s16(b),
            sat: Sat::Signed,
        },
    ),
    (
        "v_pk_lshlrev_b16",
        PkInt {
            f: |a, b, _| i64::from(b << (a & 15)),
            sat: Sat::Ignored,
        },
    ),
    (
        "v_pk_lshrrev_b16",
        PkInt {
            f: |a, b, _| i64::from(b >> (a & 15)),
            sat: Sat::Ignored,
        },
    ),
    (
        "v_pk_ashrrev_i16",
        PkInt {
            f: |a, b, _| s16(b) >> (a & 15),
            sat: Sat::Ignored,
        },
    ),
    (
        "v_pk_max_i16",
        PkInt {
            f: |a, b, _| s16(a).max(s16(b)),
            sat: Sat::Ignored,
        },
    ),
    (
        "v_pk_min_i16",
        PkInt {
            f: |a, b, _| s16(a).min(s16(b)),
            sat: Sat::Ignored,
        },
    ),
    (
        "v_pk_mad_u16",
        PkInt {
            f: |a, b, c| i64::from(a) * i64::from(b) + i64::from(c),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_pk_add_u16",
        PkInt {
            f: |a, b, _| i64::from(a) + i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_pk_sub_u16",
        PkInt {
            f: |a, b, _| i64::from(a) - i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_pk_max_u16",
        PkInt {
            f: |a, b, _| i64::from(a.max(b)),
            sat: Sat::Ignored,
        },
    ),
    (
        "v_pk_min_u16",
        PkInt {
            f: |a, b, _| i64::from(a.min(b)),
            sat: Sat::Ignored,
        },
    ),
];

/// The integer opcodes with a 16- or 32-bit result whose CLAMP saturates the exact result
/// to the destination's range (the model documentation says which and why; the wider ones:
/// [`CLAMPED_QSAD`], `Kind::Mqsad32`, `Kind::Mad64`). 16-bit sources are their low halves.
const CLAMPED: &[(&str, PkInt)] = &[
    (
        "v_add_nc_u32",
        PkInt {
            f: |a, b, _| i64::from(a) + i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sub_nc_u32",
        PkInt {
            f: |a, b, _| i64::from(a) - i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_subrev_nc_u32",
        PkInt {
            f: |a, b, _| i64::from(b) - i64::from(a),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_add_co_u32",
        PkInt {
            f: |a, b, _| i64::from(a) + i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sub_co_u32",
        PkInt {
            f: |a, b, _| i64::from(a) - i64::from(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_subrev_co_u32",
        PkInt {
            f: |a, b, _| i64::from(b) - i64::from(a),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_add_nc_i32",
        PkInt {
            f: |a, b, _| i64::from(a as i32) + i64::from(b as i32),
            sat: Sat::Signed,
        },
    ),
    (
        "v_sub_nc_i32",
        PkInt {
            f: |a, b, _| i64::from(a as i32) - i64::from(b as i32),
            sat: Sat::Signed,
        },
    ),
    (
        "v_add_nc_u16",
        PkInt {
            f: |a, b, _| u16v(a) + u16v(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sub_nc_u16",
        PkInt {
            f: |a, b, _| u16v(a) - u16v(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_mul_lo_u16",
        PkInt {
            f: |a, b, _| u16v(a) * u16v(b),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_mad_u16",
        PkInt {
            f: |a, b, c| u16v(a) * u16v(b) + u16v(c),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_add_nc_i16",
        PkInt {
            f: |a, b, _| s16(a) + s16(b),
            sat: Sat::Signed,
        },
    ),
    (
        "v_sub_nc_i16",
        PkInt {
            f: |a, b, _| s16(a) - s16(b),
            sat: Sat::Signed,
        },
    ),
    (
        "v_mad_i16",
        PkInt {
            f: |a, b, c| s16(a) * s16(b) + s16(c),
            sat: Sat::Signed,
        },
    ),
    (
        "v_mad_i32_i24",
        PkInt {
            f: |a, b, c| i24(a) * i24(b) + i64::from(c as i32),
            sat: Sat::Signed,
        },
    ),
    (
        "v_mad_u32_u24",
        PkInt {
            f: |a, b, c| (u24(a) * u24(b)) as i64 + i64::from(c),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_mad_i32_i16",
        PkInt {
            f: |a, b, c| s16(a) * s16(b) + i64::from(c as i32),
            sat: Sat::Signed,
        },
    ),
    (
        "v_mad_u32_u16",
        PkInt {
            f: |a, b, c| u16v(a) * u16v(b) + i64::from(c),
            sat: Sat::Unsigned,
        },
    ),
    // The `_co_ci` forms: the third argument is the lane's carry-in bit.
    (
        "v_add_co_ci_u32",
        PkInt {
            f: |a, b, c| i64::from(a) + i64::from(b) + i64::from(c),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sub_co_ci_u32",
        PkInt {
            f: |a, b, c| i64::from(a) - i64::from(b) - i64::from(c),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_subrev_co_ci_u32",
        PkInt {
            f: |a, b, c| i64::from(b) - i64::from(a) - i64::from(c),
            sat: Sat::Unsigned,
        },
    ),
    // The 24-bit multiplies: the exact 48-bit product (`_hi`: its high 32 bits, always in
    // range).
    (
        "v_mul_i32_i24",
        PkInt {
            f: |a, b, _| i24(a) * i24(b),
            sat: Sat::Signed,
        },
    ),
    (
        "v_mul_hi_i32_i24",
        PkInt {
            f: |a, b, _| (i24(a) * i24(b)) >> 32,
            sat: Sat::Signed,
        },
    ),
    (
        "v_mul_u32_u24",
        PkInt {
            f: |a, b, _| (u24(a) * u24(b)) as i64,
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_mul_hi_u32_u24",
        PkInt {
            f: |a, b, _| ((u24(a) * u24(b)) >> 32) as i64,
            sat: Sat::Unsigned,
        },
    ),
    // The 32-bit SADs: S2 plus the absolute differences, exact.
    (
        "v_sad_u8",
        PkInt {
            f: |a, b, c| i64::from(c) + i64::from(sad_u8(a, b, 0)),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sad_hi_u8",
        PkInt {
            f: |a, b, c| i64::from(c) + (i64::from(sad_u8(a, b, 0)) << 16),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sad_u16",
        PkInt {
            f: |a, b, c| {
                i64::from(c)
                    + i64::from(absdiff(a >> 16, b >> 16) + absdiff(a & 0xffff, b & 0xffff))
            },
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_sad_u32",
        PkInt {
            f: |a, b, c| i64::from(c) + i64::from(absdiff(a, b)),
            sat: Sat::Unsigned,
        },
    ),
    (
        "v_msad_u8",
        PkInt {
            f: |a, b, c| i64::from(c) + i64::from(msad_u8(a, b, 0)),
            sat: Sat::Unsigned,
        },
    ),
];

/// The quad-byte SADs with CLAMP: each 16-bit field saturated to 0xffff (the other wide
/// results, `v_mqsad_u32_u8` and `v_mad_{u64_u32,i64_i32}`, saturate through their kinds'
/// `clamp`).
const CLAMPED_QSAD: &[(&str, Op64)] = &[
    (
        "v_qsad_pk_u16_u8",
        lanewise64!(|a, b, c| qsad(a, b, c, sad_u8, true)),
    ),
    (
        "v_mqsad_pk_u16_u8",
        lanewise64!(|a, b, c| qsad(a, b, c, msad_u8, true)),
    ),
];

/// Integer opcodes whose CLAMP bit the reference says is ignored (7.2.3.1), besides the
/// integer compares, `v_readlane`/`v_readfirstlane`/`v_writelane` and `v_permlane*` (by
/// kind); the model documentation says which ops it counts as "bitwise".
const CLAMP_IGNORED: &[&str] = &[
    "v_perm_b32",
    "v_add3_u32",
    "v_add_lshl_u32",
    "v_alignbit_b32",
    "v_alignbyte_b32",
    "v_not_b32",
    "v_not_b16",
    "v_and_b32",
    "v_or_b32",
    "v_xor_b32",
    "v_xnor_b32",
    "v_and_b16",
    "v_or_b16",
    "v_xor_b16",
    "v_and_or_b32",
    "v_or3_b32",
    "v_xor3_b32",
    "v_lshl_or_b32",
    "v_bfi_b32",
    "v_bfm_b32",
    "v_bfrev_b32",
    "v_lshlrev_b32",
    "v_lshrrev_b32",
    "v_ashrrev_i32",
    "v_lshlrev_b16",
    "v_lshrrev_b16",
    "v_ashrrev_i16",
    "v_lshlrev_b64",
    "v_lshrrev_b64",
    "v_ashrrev_i64",
];

/// Whether CLAMP cannot change integer opcode `name`'s result: the min/max/median family,
/// whose result is one of its sources, always in the destination's range.
fn clamp_cannot_change(name: &str) -> bool {
    let selects = ["v_min", "v_max", "v_med3_", "v_minmax_", "v_maxmin_"]
        .iter()
        .any(|p| name.starts_with(p));
    let int = ["_i32", "_u32", "_i16", "_u16"]
        .iter()
        .any(|t| name.ends_with(t));
    selects && int
}

/// VOPD operations and the opcode whose semantics each has (`v_dual_cndmask_b32` selects
/// with VCC).
const DUAL_OPS: &[(&str, &str)] = &[
    ("v_dual_mov_b32", "v_mov_b32"),
    ("v_dual_add_nc_u32", "v_add_nc_u32"),
    ("v_dual_lshlrev_b32", "v_lshlrev_b32"),
    ("v_dual_and_b32", "v_and_b32"),
    ("v_dual_cndmask_b32", "v_cndmask_b32"),
];

fn lookup<T: Copy>(table: &[(&str, T)], name: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

/// Integer compare predicates in opcode order; predicate `i` holds when bit `i` has the
/// outcome's bit set: less than 1, equal 2, greater than 4.
const INT_PREDICATES: [&str; 8] = ["f", "lt", "eq", "le", "gt", "ne", "ge", "t"];

/// An integer compare `v_cmp[x]_<op>_<type>`.
fn int_compare(name: &str) -> Option<Kind> {
    let (cmpx, rest) = match name.strip_prefix("v_cmpx_") {
        Some(rest) => (true, rest),
        None => (false, name.strip_prefix("v_cmp_")?),
    };
    let (op, ty) = rest.split_once('_')?;
    let signed = match &ty[..1] {
        "i" => true,
        "u" => false,
        _ => return None,
    };
    let bits = ty[1..].parse().ok().filter(|b| [16, 32, 64].contains(b))?;
    let pred = INT_PREDICATES.iter().position(|&p| p == op)? as u8;
    Some(Kind::IntCmp {
        cmpx,
        pred,
        signed,
        bits,
    })
}

/// Whether integer compare `pred` holds for the `bits`-bit values `a` and `b` (signed or
/// not).
pub(super) fn int_compare_lane(pred: u8, signed: bool, bits: u32, a: u64, b: u64) -> bool {
    let value = |v: u64| {
        if signed {
            i128::from((v << (64 - bits)) as i64 >> (64 - bits))
        } else {
            i128::from(v & (u64::MAX >> (64 - bits)))
        }
    };
    compare(pred, value(a), value(b))
}

/// [`int_compare_lane`] on 32-bit lanes as a lane mask, computed as whole-wave less-than
/// and equal masks (which vectorize) rather than lane by lane.
#[inline(always)]
pub(super) fn int_compare_mask32(pred: u8, signed: bool, a: &Lanes, b: &Lanes) -> u32 {
    #[inline(always)]
    fn mask(f: impl Fn(usize) -> bool) -> u32 {
        (0..LANES).fold(0, |m, l| m | u32::from(f(l)) << l)
    }
    let less = if signed {
        mask(|l| (a[l] as i32) < (b[l] as i32))
    } else {
        mask(|l| a[l] < b[l])
    };
    let equal = mask(|l| a[l] == b[l]);
    let greater = !(less | equal);
    let pick = |bit: u8, m: u32| if pred & bit != 0 { m } else { 0 };
    pick(1, less) | pick(2, equal) | pick(4, greater)
}

/// Whether integer predicate `pred` holds for `a` against `b`.
fn compare(pred: u8, a: i128, b: i128) -> bool {
    let outcome = match a.cmp(&b) {
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
        std::cmp::Ordering::Greater => 4,
    };
    pred & outcome != 0
}

/// The index added to a VGPR number by an M0-relative operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rel {
    None,
    /// `M0[31:0]`.
    M0,
    /// `M0[9:0]`.
    Lo10,
    /// `M0[25:16]`.
    Hi10,
}

/// Moves between VGPRs and lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LaneMove {
    /// `v_movrel*`: (source index, destination index).
    MovRel(Rel, Rel),
    /// `v_swap_b32` / `v_swaprel_b32`: (S0 index, D index).
    Swap(Rel, Rel),
    /// `v_swap_b16`: the low halves.
    Swap16,
    /// `v_permlane16_b32` / `v_permlanex16_b32` (the other row).
    Permlane { cross: bool },
}

/// What a VALU opcode does, resolved once from its mnemonic when the program is decoded.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kind {
    /// Not modelled: stops the wave.
    NotModelled,
    Nop,
    Op32(Op32),
    Op64(Op64),
    Carry(CarryOp),
    IntCmp {
        cmpx: bool,
        pred: u8,
        signed: bool,
        bits: u32,
    },
    ReadFirstLane,
    ReadLane,
    WriteLane,
    MbcntLo,
    MbcntHi,
    Cndmask,
    /// `v_mad_u64_u32` / `v_mad_i64_i32`; `clamp`: D saturated to the u64 / i64 range.
    Mad64 {
        signed: bool,
        clamp: bool,
    },
    /// A packed 16-bit integer opcode (VOP3P).
    PackedInt(PkInt),
    /// An opcode of [`CLAMPED`] with CLAMP set: the exact result saturated; `carry`: the
    /// carry-out of a `_co` form, as without clamp.
    Saturating {
        exact: PkInt,
        carry: Option<CarryOp>,
    },
    /// `v_pack_b32_f16` with CLAMP: each half clamped as an f16 to [0.0, 1.0].
    PackF16Clamp,
    /// M0-relative VGPR moves, swaps and the row permutes.
    Lane(LaneMove),
    /// `v_mqsad_u32_u8`: four 32-bit masked SADs into a 128-bit destination; `clamp`: each
    /// saturated to 0xffffffff.
    Mqsad32 {
        clamp: bool,
    },
    /// `v_dot4_*_*8` / `v_dot8_*_*4`: `bits`-wide elements; `iu`: NEG[0]/NEG[1] say whether
    /// S0/S1 elements are signed (`_iu` forms, signed accumulation), else all unsigned.
    IntDot {
        bits: u32,
        iu: bool,
    },
    /// A float opcode (`valu_float`).
    Float(super::valu_float::FloatOp),
    /// A wave matrix multiply-accumulate (`wmma`).
    Wmma(super::wmma::Wmma),
    /// A VOPD pair: each half resolved by [`resolve_dual`].
    Vopd,
}

/// The semantics of a (non-VOPD) VALU mnemonic.
pub(super) fn resolve(name: &str) -> Kind {
    if let Some(f) = lookup(OPS32, name) {
        return Kind::Op32(f);
    }
    if let Some(f) = lookup(OPS_SAD, name) {
        return Kind::Op32(f);
    }
    if let Some(f) = lookup(OPS64, name) {
        return Kind::Op64(f);
    }
    if let Some(f) = lookup(CARRY_OPS, name) {
        return Kind::Carry(f);
    }
    if let Some(p) = lookup(PK_INT, name) {
        return Kind::PackedInt(p);
    }
    if let Some(k) = int_compare(name) {
        return k;
    }
    if let Some(f) = super::valu_float::resolve(name) {
        return Kind::Float(f);
    }
    if let Some(w) = super::wmma::resolve(name) {
        return Kind::Wmma(w);
    }
    match name {
        // v_permlane64_b32 is a v_nop in wave32 (its pseudocode).
        "v_nop" | "v_pipeflush" | "v_permlane64_b32" => Kind::Nop,
        "v_movreld_b32" => Kind::Lane(LaneMove::MovRel(Rel::None, Rel::M0)),
        "v_movrels_b32" => Kind::Lane(LaneMove::MovRel(Rel::M0, Rel::None)),
        "v_movrelsd_b32" => Kind::Lane(LaneMove::MovRel(Rel::M0, Rel::M0)),
        "v_movrelsd_2_b32" => Kind::Lane(LaneMove::MovRel(Rel::Lo10, Rel::Hi10)),
        "v_swap_b32" => Kind::Lane(LaneMove::Swap(Rel::None, Rel::None)),
        "v_mqsad_u32_u8" => Kind::Mqsad32 { clamp: false },
        "v_swaprel_b32" => Kind::Lane(LaneMove::Swap(Rel::Lo10, Rel::Hi10)),
        "v_swap_b16" => Kind::Lane(LaneMove::Swap16),
        "v_permlane16_b32" => Kind::Lane(LaneMove::Permlane { cross: false }),
        "v_permlanex16_b32" => Kind::Lane(LaneMove::Permlane { cross: true }),
        "v_readfirstlane_b32" => Kind::ReadFirstLane,
        "v_readlane_b32" => Kind::ReadLane,
        "v_writelane_b32" => Kind::WriteLane,
        "v_mbcnt_lo_u32_b32" => Kind::MbcntLo,
        "v_mbcnt_hi_u32_b32" => Kind::MbcntHi,
        "v_cndmask_b32" | "v_cndmask_b16" => Kind::Cndmask,
        "v_mad_u64_u32" => Kind::Mad64 {
            signed: false,
            clamp: false,
        },
        "v_dot4_i32_iu8" => Kind::IntDot { bits: 8, iu: true },
        "v_dot4_u32_u8" => Kind::IntDot { bits: 8, iu: false },
        "v_dot8_i32_iu4" => Kind::IntDot { bits: 4, iu: true },
        "v_dot8_u32_u4" => Kind::IntDot { bits: 4, iu: false },
        "v_mad_i64_i32" => Kind::Mad64 {
            signed: true,
            clamp: false,
        },
        _ => Kind::NotModelled,
    }
}

/// The semantics of (non-VOPD) VALU instruction `i`: its mnemonic's ([`resolve`]), or with
/// CLAMP on an opcode of [`CLAMPED`], [`CLAMPED_QSAD`] or a wide kind that saturates, the
/// saturating form.
pub(super) fn resolve_instr(i: &cu32_isa::Instr) -> Kind {
    let name = i.op.name.as_str();
    let kind = resolve(name);
    if !i.clamp {
        return kind;
    }
    if let Some(f) = lookup(CLAMPED_QSAD, name) {
        return Kind::Op64(f);
    }
    match kind {
        _ if name == "v_pack_b32_f16" => return Kind::PackF16Clamp,
        Kind::Mad64 { signed, .. } => {
            return Kind::Mad64 {
                signed,
                clamp: true,
            }
        }
        Kind::Mqsad32 { .. } => return Kind::Mqsad32 { clamp: true },
        _ => {}
    }
    match lookup(CLAMPED, name) {
        Some(exact) if i.clamp => Kind::Saturating {
            exact,
            carry: match kind {
                Kind::Carry(f) => Some(f),
                _ => None,
            },
        },
        _ => kind,
    }
}

/// `v_mad_u64_u32` / `v_mad_i64_i32` in one lane: the 65-bit result of S0 × S1 + S2 (S0
/// and S1: 32-bit, S2: 64-bit), bit 64 being the carry-out.
#[inline(always)]
pub(super) fn mad64(signed: bool, a: u64, b: u64, c: u64) -> u128 {
    if signed {
        let p = i128::from(a as u32 as i32) * i128::from(b as u32 as i32);
        (p + i128::from(c as i64)) as u128
    } else {
        u128::from(a) * u128::from(b) + u128::from(c)
    }
}

/// What one half of a VOPD pair does.
#[derive(Clone, Copy, Debug)]
pub(super) enum Dual {
    NotModelled,
    Op32(Op32),
    /// `v_dual_cndmask_b32`: select by VCC.
    Cndmask,
    Float(super::valu_float::FloatOp),
}

/// The semantics of VOPD operation `name` (`v_dual_*`).
pub(super) fn resolve_dual(name: &str) -> Dual {
    if let Some(f) = super::valu_float::resolve_dual(name) {
        return Dual::Float(f);
    }
    match lookup(DUAL_OPS, name) {
        Some("v_cndmask_b32") => Dual::Cndmask,
        Some(base) => lookup(OPS32, base).map_or(Dual::NotModelled, Dual::Op32),
        None => Dual::NotModelled,
    }
}

/// Whether the model has semantics for VALU mnemonic `name`.
pub fn valu_implemented(name: &str) -> bool {
    if name.starts_with("v_dual_") {
        return !matches!(resolve_dual(name), Dual::NotModelled);
    }
    !matches!(resolve(name), Kind::NotModelled)
}

/// Whether the model runs the DPP forms of VALU mnemonic `name`: all but those of the
/// VGPR-indexing and lane-swap opcodes (`valu_lane_move` refuses DPP).
pub fn dpp_modelled(name: &str) -> bool {
    !matches!(resolve(name), Kind::Lane(_))
}

/// The operands of a (non-VOPD) VALU instruction, from its table row.
#[derive(Clone, Copy, Debug)]
pub(super) struct Operands {
    /// The VGPR destination and its operand (width).
    pub(super) vdst: Option<Arg>,
    /// The scalar destination code: VOPC result, carry-out, `v_readlane_b32` result.
    pub(super) sdst: Option<u8>,
    /// Data sources S0, S1, S2 in order: field code, operand, OPSEL bit (the first
    /// `count` entries).
    pub(super) data: [(u16, Arg, u8); 3],
    pub(super) count: usize,
    /// The scalar lane mask read as carry-in or selector (VCC or the SRC2 SGPR).
    pub(super) mask: Option<u16>,
}

impl Operands {
    /// The operands of `i` (meaningful for non-VOPD VALU instructions).
    pub(super) fn of(i: &cu32_isa::Instr) -> Operands {
        let op = i.op;
        let unused = Arg {
            kind: ArgKind::Src0,
            bits: 32,
            accept: Accept::Any,
            ty: ArgType::B32,
        };
        let none = (0, unused, 0);
        let mut ops = Operands {
            vdst: None,
            sdst: None,
            data: [none; 3],
            count: 0,
            mask: None,
        };
        let push = |ops: &mut Operands, d| {
            ops.data[ops.count] = d;
            ops.count += 1;
        };
        for &arg in &op.args {
            match arg.kind {
                ArgKind::Vdst => ops.vdst = Some(arg),
                // VOP3SD has its own SDST field; VOPC e64 and readlane use VDST.
                ArgKind::Sdst if op.format == Format::Vop3sd => ops.sdst = Some(i.sdst),
                ArgKind::Sdst => ops.sdst = Some(i.vdst),
                ArgKind::Vcc if ops.count == 0 => ops.sdst = Some(VCC_LO),
                ArgKind::Vcc => ops.mask = Some(u16::from(VCC_LO)),
                ArgKind::Src2 if arg.accept == Accept::Sgpr => ops.mask = Some(i.src2),
                ArgKind::Src0 => push(&mut ops, (i.src0, arg, 0)),
                ArgKind::Src1 | ArgKind::Vsrc1 => push(&mut ops, (i.src1, arg, 1)),
                ArgKind::Src2 => push(&mut ops, (i.src2, arg, 2)),
                _ => {}
            }
        }
        ops
    }
}

/// `i` with the true16 register halves of an e32 encoding (VOP1, VOP2, VOPC and their DPP
/// forms) made OPSEL bits: a 16-bit operand's VGPR code `128 + n` (`v<n>.h`) names the
/// high half of `v<n>`, as OPSEL selects it in VOP3 (source slot k: bit k; destination:
/// bit 3). Other operands and encodings are returned as they are.
pub(super) fn true16_halves(mut i: cu32_isa::Instr) -> cu32_isa::Instr {
    if !matches!(i.op.format, Format::Vop1 | Format::Vop2 | Format::Vopc) {
        return i;
    }
    let high = |code: &mut u16, bit: u8, opsel: &mut u8| {
        if *code >= 256 + 128 {
            *code -= 128;
            *opsel |= bit;
        }
    };
    for arg in i.op.args.iter().filter(|a| a.ty.bits() == 16) {
        match arg.kind {
            ArgKind::Vdst if i.vdst >= 128 => {
                i.vdst -= 128;
                i.opsel |= 8;
            }
            ArgKind::Src0 => high(&mut i.src0, 1, &mut i.opsel),
            ArgKind::Src1 | ArgKind::Vsrc1 => high(&mut i.src1, 2, &mut i.opsel),
            ArgKind::Src2 => high(&mut i.src2, 4, &mut i.opsel),
            _ => {}
        }
    }
    i
}

/// Why the model refuses a (non-VOPD) VALU instruction before reading anything, if it
/// does: modifiers the integer semantics do not model (clamp, input abs/neg in the VOP3
/// bits or the DPP16 dword, OPSEL on an opcode without 16-bit operands; OMOD is ignored,
/// as the reference says integer results do).
pub(super) fn refusal(i: &cu32_isa::Instr, kind: Kind) -> Option<&'static str> {
    let op = i.op;
    if let Kind::PackedInt(_) = kind {
        if i.neg != 0 || i.neg_hi != 0 {
            return Some("neg_lo/neg_hi on integer packed operands are not modelled");
        }
        return None;
    }
    if let Kind::Wmma(w) = kind {
        return super::wmma::refusal(i, w);
    }
    if let Kind::IntDot { iu, .. } = kind {
        // `_iu`: NEG[1:0] are the signedness of S0/S1 (reference 7.5); NEG[2], NEG_HI and
        // the `_u` forms' NEG bits have no meaning. OP_SEL/OP_SEL_HI are ignored (the
        // pseudocode reads whole dwords); clamp saturates.
        if i.neg_hi != 0 || i.neg & !(if iu { 3 } else { 0 }) != 0 {
            return Some("NEG/NEG_HI bits without a meaning for this dot product");
        }
        return None;
    }
    if !matches!(kind, Kind::Float(_)) {
        let dpp_mods =
            matches!(i.dpp, Some(cu32_isa::encoding::Dpp::Dpp16 { mods, .. }) if mods != 0);
        let has16 = op.args.iter().any(|a| a.ty.bits() == 16);
        let clamp_ignored = matches!(
            kind,
            Kind::IntCmp { .. }
                | Kind::ReadLane
                | Kind::ReadFirstLane
                | Kind::WriteLane
                | Kind::Lane(LaneMove::Permlane { .. })
        ) || CLAMP_IGNORED.contains(&op.name.as_str())
            || clamp_cannot_change(op.name.as_str());
        let saturates = matches!(
            kind,
            Kind::Saturating { .. }
                | Kind::Mad64 { clamp: true, .. }
                | Kind::Mqsad32 { clamp: true }
                | Kind::PackF16Clamp
        ) || lookup(CLAMPED_QSAD, op.name.as_str()).is_some();
        if i.clamp && !clamp_ignored && !saturates {
            return Some(
                "clamp on an integer opcode whose saturation is not modelled (the model \
                 documentation lists the opcodes that saturate and those that ignore clamp)",
            );
        } else if i.abs != 0 || i.neg != 0 || dpp_mods {
            return Some("abs/neg input modifiers on integer operands are not modelled");
        } else if i.opsel != 0 && !has16 && !matches!(kind, Kind::Lane(LaneMove::Permlane { .. })) {
            return Some("op_sel on an opcode without 16-bit operands");
        }
    }
    None
}

impl Exec<'_> {
    pub(super) fn not_yet_modelled(&self) -> super::ModelError {
        self.unsupported(
            "not modelled yet (the golden model's documentation lists the VALU opcodes it \
             executes)",
        )
    }

    /// Writes a VGPR destination in the `mask` lanes: 64-bit values to `v` and `v + 1`,
    /// 16-bit values into the low half (or the high half with OPSEL[3]) keeping the other.
    pub(super) fn write_vdst(
        &mut self,
        v: u8,
        ty: ArgType,
        mask: u32,
        values: &[u64; LANES],
    ) -> Res<()> {
        if ty.bits() == 32 {
            return self.write_vdst32(v, mask, &narrow(values));
        }
        if mask == 0 {
            return Ok(());
        }
        let old = self.vgpr(u16::from(v))?;
        let mut lo = narrow(values);
        if ty.bits() == 16 {
            let hi = self.instr.opsel & 8 != 0;
            for (d, &o) in lo.iter_mut().zip(old) {
                *d = if hi {
                    (o & 0xffff) | (*d << 16)
                } else {
                    (o & 0xffff_0000) | (*d & 0xffff)
                };
            }
        }
        self.write_vdst32(v, mask, &lo)?;
        if ty.bits() == 64 {
            let mut upper = [0; LANES];
            for (d, &x) in upper.iter_mut().zip(values) {
                *d = (x >> 32) as u32;
            }
            self.vgpr(u16::from(v) + 1)?;
            self.write_vdst32(v + 1, mask, &upper)?;
        }
        Ok(())
    }

    /// Writes 32-bit `values` to VGPR `v` in the `mask` lanes.
    pub(super) fn write_vdst32(&mut self, v: u8, mask: u32, values: &Lanes) -> Res<()> {
        if mask != 0 {
            self.buffers.vgpr_writes.push(VgprWrite {
                index: v,
                mask,
                values: *values,
            });
        }
        Ok(())
    }

    /// The data sources in use.
    pub(super) fn sources(ops: &Operands) -> &[(u16, Arg, u8)] {
        &ops.data[..ops.count]
    }

    /// Executes a VALU instruction.
    pub(super) fn valu(&mut self) -> Res<()> {
        let op = self.instr.op;
        let kind = self.decoded.kind;
        match kind {
            Kind::Vopd => return self.vopd(),
            Kind::NotModelled => return Err(self.not_yet_modelled()),
            Kind::Nop => return Ok(()),
            _ => {}
        }
        if let Some(reason) = self.decoded.refusal {
            return Err(self.unsupported(reason));
        }
        let ops = self.decoded.operands;
        if let Some(code) = ops.sdst.filter(|&c| c > 127) {
            return Err(
                self.unsupported(format!("scalar destination code {code} is not a register"))
            );
        }
        if let Kind::Float(f) = kind {
            return self.valu_float(op, f, &ops);
        }
        if let Kind::PackedInt(p) = kind {
            return self.valu_packed_int(p, &ops);
        }
        if let Kind::Lane(m) = kind {
            return self.valu_lane_move(m, &ops);
        }
        if let Kind::Mqsad32 { clamp } = kind {
            return self.valu_mqsad32(clamp, &ops);
        }
        if let Kind::IntDot { bits, iu } = kind {
            return self.valu_int_dot(bits, iu, &ops);
        }
        if let Kind::Wmma(w) = kind {
            return self.valu_wmma(w, &ops);
        }
        let mut srcs = [[0; LANES]; 3];
        for (k, &(code, arg, sel)) in Self::sources(&ops).iter().enumerate() {
            self.vsrc(code, arg, self.instr.opsel >> sel & 1 == 1, &mut srcs[k])?;
        }
        let enabled = self.dpp_move(&mut srcs[0])?;
        let [a, b, c] = srcs;
        let active = self.wave.exec_lanes() & enabled;
        let mask_in = match ops.mask {
            Some(code) if code > 0xff => {
                return Err(self.bad_vgpr(format!("lane-mask source v{} is not scalar", code - 256)))
            }
            Some(code) => self.src32(code as u8)?,
            None => 0,
        };
        let sdst = ops.sdst.unwrap_or(VCC_LO);
        let vdst = self.instr.vdst;
        let vty = ops.vdst.map_or(ArgType::B32, |a| a.ty);
        let lanes = |f: &dyn Fn(usize) -> u64| -> Lanes64 { per_lane(f) };
        let to_mask = |f: &dyn Fn(usize) -> bool| {
            (0..LANES)
                .filter(|&l| active >> l & 1 == 1 && f(l))
                .fold(0u32, |m, l| m | (1 << l))
        };
        match kind {
            Kind::Op32(f) => {
                let d = f(&narrow(&a), &narrow(&b), &narrow(&c));
                if vty.bits() == 32 {
                    self.write_vdst32(vdst, active, &d)?;
                } else {
                    self.write_vdst(vdst, vty, active, &widen(&d))?;
                }
            }
            Kind::Op64(f) => self.write_vdst(vdst, vty, active, &f(&a, &b, &c))?,
            Kind::Saturating { exact, carry } => {
                if let Some(f) = carry {
                    let (_, out) = f(&narrow(&a), &narrow(&b), mask_in);
                    self.write32(sdst, out & active);
                }
                let bits = u32::from(vty.bits());
                // A carry form's third argument is its carry-in bit (0 without one).
                let third = |l: usize| match carry {
                    Some(_) => mask_in >> l & 1,
                    None => c[l] as u32,
                };
                let d = lanes(&|l| {
                    let r = (exact.f)(a[l] as u32, b[l] as u32, third(l));
                    saturate(r, exact.sat, bits) as u64 & (u64::MAX >> (64 - bits))
                });
                self.write_vdst(vdst, vty, active, &d)?;
            }
            Kind::Carry(f) => {
                let (d, carry) = f(&narrow(&a), &narrow(&b), mask_in);
                self.write32(sdst, carry & active);
                self.write_vdst(vdst, vty, active, &widen(&d))?;
            }
            Kind::IntCmp {
                cmpx,
                pred,
                signed,
                bits,
            } => {
                let result = to_mask(&|l| int_compare_lane(pred, signed, bits, a[l], b[l]));
                self.write32(if cmpx { EXEC_LO } else { sdst }, result);
            }
            Kind::ReadFirstLane => {
                let exec = self.wave.exec_lanes();
                let lane = if exec == 0 { 0 } else { exec.trailing_zeros() };
                self.write32(sdst, a[lane as usize] as u32);
            }
            Kind::ReadLane => {
                let lane = b[0] as usize & 31;
                self.write32(sdst, a[lane] as u32);
            }
            Kind::WriteLane => {
                // Ignores EXEC: exactly the selected lane is written.
                let lane = b[0] as usize & 31;
                self.write_vdst(vdst, vty, 1 << lane, &a)?;
            }
            Kind::MbcntLo => {
                let d = lanes(&|l| {
                    let below = (a[l] as u32) & ((1u64 << l) - 1) as u32;
                    u64::from((b[l] as u32).wrapping_add(below.count_ones()))
                });
                self.write_vdst(vdst, vty, active, &d)?;
            }
            // wave32: ThreadMask[63:32] is 0 for every lane, D = S1.
            Kind::MbcntHi => self.write_vdst(vdst, vty, active, &b)?,
            Kind::Cndmask => {
                let d = lanes(&|l| if mask_in >> l & 1 == 1 { b[l] } else { a[l] });
                self.write_vdst(vdst, vty, active, &d)?;
            }
            Kind::PackF16Clamp => {
                let mode = self.wave.mode;
                let clamp = |x: u64| super::valu_float::clamp_f16(mode, x as u32);
                let d: Lanes = per_lane(|l| clamp(a[l]) | clamp(b[l]) << 16);
                self.write_vdst32(vdst, active, &d)?;
            }
            Kind::Mad64 { signed, clamp } => {
                let r: [u128; LANES] = per_lane(|l| mad64(signed, a[l], b[l], c[l]));
                // { vcc_out, D0 } = the 65-bit result: bit 64 goes to the scalar destination
                // (with clamp too); clamp saturates D, the exact result, to 64 bits.
                self.write32(sdst, to_mask(&|l| r[l] >> 64 & 1 == 1));
                let d = |l: usize| match (clamp, signed) {
                    (false, _) => r[l] as u64,
                    (true, false) => r[l].min(u128::from(u64::MAX)) as u64,
                    (true, true) => {
                        (r[l] as i128).clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as u64
                    }
                };
                self.write_vdst(vdst, vty, active, &lanes(&d))?;
            }
            Kind::NotModelled
            | Kind::Nop
            | Kind::Vopd
            | Kind::Float(_)
            | Kind::PackedInt(_)
            | Kind::Lane(_)
            | Kind::Mqsad32 { .. }
            | Kind::IntDot { .. }
            | Kind::Wmma(_) => {
                unreachable!("handled above")
            }
        }
        Ok(())
    }

    /// A packed 16-bit source operand: a VGPR, SGPR or literal gives its 32 bits, an inline
    /// constant the 32 bits of [`packed_inline`] (`float`: the opcode is a float one).
    pub(super) fn packed_src(
        &self,
        code: u16,
        arg: Arg,
        float: bool,
        out: &mut [u64; LANES],
    ) -> Res<()> {
        match packed_inline(code, float) {
            Some(v) => *out = [u64::from(v); LANES],
            None => self.vsrc(code, arg, false, out)?,
        }
        Ok(())
    }

    /// A packed 16-bit integer opcode: the low result from the source halves OP_SEL picks,
    /// the high result from those OP_SEL_HI picks; with clamp each exact result saturates
    /// (see [`Sat`]), otherwise it wraps to 16 bits.
    fn valu_packed_int(&mut self, p: PkInt, ops: &Operands) -> Res<()> {
        let i = self.instr;
        let mut srcs = [[0u64; LANES]; 3];
        for (k, &(code, arg, _)) in Self::sources(ops).iter().enumerate() {
            self.packed_src(code, arg, false, &mut srcs[k])?;
        }
        let active = self.wave.exec_lanes();
        let (sel_lo, sel_hi) = (u32::from(i.opsel), u32::from(i.opsel_hi));
        let sat = if i.clamp { p.sat } else { Sat::Ignored };
        let half = |v: u64, k: u32, sel: u32| (v as u32 >> (16 * (sel >> k & 1))) & 0xffff;
        let d: Lanes = per_lane(|l| {
            let result = |sel: u32| {
                let r = (p.f)(
                    half(srcs[0][l], 0, sel),
                    half(srcs[1][l], 1, sel),
                    half(srcs[2][l], 2, sel),
                );
                saturate(r, sat, 16) as u32 & 0xffff
            };
            result(sel_lo) | result(sel_hi) << 16
        });
        self.write_vdst32(i.vdst, active, &d)
    }

    /// An integer dot product (chapter 16.10): the `32 / bits` element products of S0 and
    /// S1 plus S2, exact; with clamp saturated to the i32 (`_iu`) or u32 range, otherwise
    /// wrapped to 32 bits. Inline constants are 32-bit values (reference 7.5.1).
    fn valu_int_dot(&mut self, bits: u32, iu: bool, ops: &Operands) -> Res<()> {
        let i = self.instr;
        let mut srcs = [[0u64; LANES]; 3];
        for (k, &(code, arg, _)) in Self::sources(ops).iter().enumerate() {
            self.vsrc(code, arg, false, &mut srcs[k])?;
        }
        let (sa, sb) = (iu && i.neg & 1 != 0, iu && i.neg & 2 != 0);
        let elem = move |v: u32, n: u32, signed: bool| {
            let x = (v >> (n * bits)) & ((1 << bits) - 1);
            if signed {
                i64::from(sext(x, bits))
            } else {
                i64::from(x)
            }
        };
        let d: Lanes = per_lane(|l| {
            let (a, b, c) = (srcs[0][l] as u32, srcs[1][l] as u32, srcs[2][l] as u32);
            let acc = if iu {
                i64::from(c as i32)
            } else {
                i64::from(c)
            };
            let r = (0..32 / bits).fold(acc, |t, n| t + elem(a, n, sa) * elem(b, n, sb));
            match (i.clamp, iu) {
                (false, _) => r as u32,
                (true, true) => r.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32,
                (true, false) => r.clamp(0, i64::from(u32::MAX)) as u32,
            }
        });
        self.write_vdst32(i.vdst, self.wave.exec_lanes(), &d)
    }

    /// `base` moved by `rel` of M0, or `None` when out of range (reference 3.3.2.2: an
    /// index above 255 or a register at or past v256).
    fn relative(&self, base: u32, rel: Rel) -> Option<u8> {
        let m0 = self.wave.m0();
        let index = match rel {
            Rel::None => 0,
            Rel::M0 => m0,
            Rel::Lo10 => m0 & 0x3ff,
            Rel::Hi10 => (m0 >> 16) & 0x3ff,
        };
        (index <= 255 && base + index <= 255).then(|| (base + index) as u8)
    }

    /// The VGPR number of a VGPR-only source code.
    fn vgpr_code(&self, code: u16) -> Res<u32> {
        match code.checked_sub(256) {
            Some(v) => Ok(u32::from(v)),
            None => Err(self.bad_vgpr(format!("source code {code} is not a VGPR"))),
        }
    }

    /// `v_movrel*`, `v_swap*`, `v_permlane*` (the module documentation states the rules).
    fn valu_lane_move(&mut self, m: LaneMove, ops: &Operands) -> Res<()> {
        let i = self.instr;
        if i.dpp.is_some() {
            return Err(
                self.unsupported("DPP on VGPR-indexing and lane-move opcodes is not modelled")
            );
        }
        let exec = self.wave.exec_lanes();
        let src0 = ops.data[0].0;
        let vdst = u32::from(i.vdst);
        match m {
            LaneMove::MovRel(s, d) => {
                // An out-of-range destination makes the instruction a no-op; an out-of-range
                // source reads v0.
                let Some(dst) = self.relative(vdst, d) else {
                    return Ok(());
                };
                let value = if s == Rel::None {
                    let mut v = [0u64; LANES];
                    self.vsrc(src0, ops.data[0].1, false, &mut v)?;
                    narrow(&v)
                } else {
                    let base = self.vgpr_code(src0)?;
                    *self.vgpr(u16::from(self.relative(base, s).unwrap_or(0)))?
                };
                self.write_vdst32(dst, exec, &value)
            }
            LaneMove::Swap(s, d) => {
                let base = self.vgpr_code(src0)?;
                // Both operands are destinations: either out of range discards the instruction.
                let (Some(sr), Some(dr)) = (self.relative(base, s), self.relative(vdst, d)) else {
                    return Ok(());
                };
                let (a, b) = (*self.vgpr(u16::from(dr))?, *self.vgpr(u16::from(sr))?);
                self.write_vdst32(dr, exec, &b)?;
                self.write_vdst32(sr, exec, &a)
            }
            LaneMove::Swap16 => {
                // `tmp = S0.b16; S0.b16 = D0.b16; D0.b16 = tmp` on the halves OPSEL picks
                // (bit 0: S0's, bit 3: D0's; true16 `.h` operands).
                let sr = self.vgpr_code(src0)? as u8;
                let (sh, dh) = (i.opsel & 1 != 0, i.opsel & 8 != 0);
                let (a, b) = (*self.vgpr(u16::from(i.vdst))?, *self.vgpr(u16::from(sr))?);
                let half = |v: &Lanes, hi: bool| -> Lanes {
                    per_lane(|l| if hi { v[l] >> 16 } else { v[l] & 0xffff })
                };
                let set = |v: &Lanes, hi: bool, h: &Lanes| -> Lanes {
                    per_lane(|l| match hi {
                        true => (v[l] & 0xffff) | h[l] << 16,
                        false => (v[l] & 0xffff_0000) | h[l],
                    })
                };
                let (d16, s16) = (half(&a, dh), half(&b, sh));
                let new_s = set(&b, sh, &d16);
                let new_d = set(if sr == i.vdst { &new_s } else { &a }, dh, &s16);
                self.write_vdst32(i.vdst, exec, &new_d)?;
                self.write_vdst32(sr, exec, if sr == i.vdst { &new_d } else { &new_s })
            }
            LaneMove::Permlane { cross } => {
                let src = *self.vgpr(u16::from(self.vgpr_code(src0)? as u8))?;
                let scalar = |k: usize| {
                    let code = ops.data[k].0;
                    if code > 0xff {
                        Err(self.bad_vgpr(format!("lane select v{} is not scalar", code - 256)))
                    } else {
                        self.src32(code as u8)
                    }
                };
                let sel = u64::from(scalar(1)?) | u64::from(scalar(2)?) << 32;
                let (fi, bound_ctrl) = (i.opsel & 1 != 0, i.opsel & 2 != 0);
                let mut mask = 0u32;
                let mut d = [0u32; LANES];
                for (lane, out) in d.iter_mut().enumerate() {
                    if exec >> lane & 1 == 0 {
                        continue;
                    }
                    let row = (lane / 16) ^ usize::from(cross);
                    let from = row * 16 + ((sel >> (4 * (lane % 16))) & 15) as usize;
                    if exec >> from & 1 == 1 || fi {
                        *out = src[from];
                    } else if !bound_ctrl {
                        continue;
                    }
                    mask |= 1 << lane;
                }
                self.write_vdst32(i.vdst, mask, &d)
            }
        }
    }

    /// `v_mqsad_u32_u8`: `D[32k+31:32k] = v_msad_u8(S0[8k+31:8k], S1, S2[32k+31:32k])` for
    /// k = 0..3 (S0 64-bit, S2 and D four VGPRs).
    fn valu_mqsad32(&mut self, clamp: bool, ops: &Operands) -> Res<()> {
        let mut a = [0u64; LANES];
        let mut b = [0u64; LANES];
        self.vsrc(ops.data[0].0, ops.data[0].1, false, &mut a)?;
        self.vsrc(ops.data[1].0, ops.data[1].1, false, &mut b)?;
        let c = self.vgpr_code(ops.data[2].0)? as u16;
        let exec = self.wave.exec_lanes();
        let vdst = self.instr.vdst;
        if usize::from(vdst) + 4 > 256 {
            return Err(self.bad_vgpr(format!("VGPR destination runs past v255 (v{vdst})")));
        }
        for k in 0..4u8 {
            let acc = *self.vgpr(c + u16::from(k))?;
            let d: Lanes = per_lane(|l| {
                let (x, y) = ((a[l] >> (8 * k)) as u32, b[l] as u32);
                if clamp {
                    // the exact S2 + msad(...), saturated
                    acc[l].saturating_add(msad_u8(x, y, 0))
                } else {
                    msad_u8(x, y, acc[l])
                }
            });
            self.write_vdst32(vdst + k, exec, &d)?;
        }
        Ok(())
    }

    /// A VOPD pair: both operations read their sources before either writes.
    fn vopd(&mut self) -> Res<()> {
        let i = self.instr;
        let y = i.op_y.expect("VOPD instructions decode with a Y operation");
        let halves = [
            (i.op, self.decoded.dual[0], i.vdst, i.src0, i.src1),
            (y, self.decoded.dual[1], i.vdst_y, i.src0_y, i.src1_y),
        ];
        let mut results = [(0, [0; LANES]); 2];
        for (h, (op, dual, vdst, src0, src1)) in halves.into_iter().enumerate() {
            if let Dual::Float(f) = dual {
                results[h] = (vdst, self.dual_float(op, f, vdst, src0, src1)?);
                continue;
            }
            let mut srcs = [[0; LANES]; 2];
            for arg in &op.args {
                match arg.kind {
                    ArgKind::Src0 => self.vsrc(src0, *arg, false, &mut srcs[0])?,
                    ArgKind::Vsrc1 => self.vsrc(src1, *arg, false, &mut srcs[1])?,
                    _ => {}
                }
            }
            let [a, b] = srcs;
            let vcc = self.wave.sgpr[usize::from(VCC_LO)];
            let d: Lanes64 = match dual {
                Dual::Op32(f) => widen(&f(&narrow(&a), &narrow(&b), &[0; LANES])),
                Dual::Cndmask => per_lane(|l| if vcc >> l & 1 == 1 { b[l] } else { a[l] }),
                Dual::NotModelled | Dual::Float(_) => return Err(self.dual_not_modelled(op)),
            };
            results[h] = (vdst, d);
        }
        let exec = self.wave.exec_lanes();
        for (vdst, d) in results {
            self.write_vdst(vdst, ArgType::B32, exec, &d)?;
        }
        Ok(())
    }

    fn dual_not_modelled(&self, op: &OpInfo) -> super::ModelError {
        self.unsupported(format!("its {} half is not modelled yet", op.name))
    }
}
