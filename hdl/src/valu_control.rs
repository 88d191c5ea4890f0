//! The vector lane's control: what one lane of the vector ALU computes for each integer
//! VALU opcode. As `control.rs` is for the scalar spine, this is the only place where a
//! vector mnemonic turns into lane behaviour; opcode numbers, encodings and operand widths
//! stay in the ISA tables (`cu32_isa::tables()`), and the lane (`int_lane/cu32_lane.v`)
//! implements each [`LaneOp`] without knowing any mnemonic.
//!
//! # The lane's view of an instruction
//!
//! The lane (`cu32_lane`) gets three sources `a`, `b`, `c` (S0, S1, S2),
//! a carry-in / select bit `cin` and its lane index, and returns `d` and `flag`.
//!
//! * Sources are zero-extended to 64 bits unless the table gives them 64 bits (the 64-bit
//!   shifts' S1, `v_mad_u64_u32` / `v_mad_i64_i32`'s S2, the 64-bit compares). A 16-bit
//!   source arrives in the low 16 bits, zero-extended: the operand network outside the lane
//!   picks the register half (OPSEL) and extends it. Signed 16-bit operations sign-extend
//!   inside the lane.
//! * A 16-bit destination takes `d[15:0]`; `d[31:16]` is then whatever the 32-bit datapath
//!   gives and is dropped by the VGPR writer (which keeps the other half of the register).
//!   A 32-bit destination takes `d[31:0]` and `d[63:32]` is 0; a 64-bit one takes `d`.
//! * `flag` is the lane's bit of a lane-mask result: the carry-out of the `_co` adds, the
//!   borrow of the `_co` subtracts (also given, unused, for the `_nc` forms), the compare
//!   result of `v_cmp[x]_*`, bit 64 of the 65-bit result of `v_mad_u64_u32` /
//!   `v_mad_i64_i32`; 0 for every other operation.
//! * `cin` is the lane's bit of the lane mask the instruction reads: VCC or the SGPR of
//!   SRC2 for `v_cndmask_b32/b16` (select S1 when set) and the `_co_ci` carry-in (borrow-in
//!   for the subtracts).
//!
//! # Mapping notes
//!
//! * Cross-lane opcodes are moves for the lane: `v_readlane_b32`, `v_readfirstlane_b32`
//!   and `v_writelane_b32` move S0 ([`LaneOp::MovA`]); the operand network and the writer
//!   choose the source lane and the destination (SGPR or one VGPR lane). DPP forms are
//!   the same opcodes with other operand routing and need nothing here; the integer VOPD
//!   halves (`v_dual_mov_b32`, ...) are listed with their VOP1/VOP2 namesakes.
//! * `v_mbcnt_lo_u32_b32` counts the set bits of S0 below the lane index, plus S1
//!   ([`LaneOp::Mbcnt`]); `v_mbcnt_hi_u32_b32` is S1 in a wave32 ([`LaneOp::MovB`]).
//! * Width variants share an operation where the zero-extended 16-bit operands make the
//!   32-bit operation give the right low 16 bits (adds, subtracts, bitwise ops, unsigned
//!   min/max/med3, `v_mul_lo_u16`, the 16-bit `mad`s with a 16-bit result, unsigned and
//!   equality compares of every width); signed 16-bit min/max/med3 and compares, 16-bit
//!   shifts (amount `S0[3:0]`) and `v_mad_i32_i16` have their own.
//! * `v_nop` and `v_pipeflush` have no lane operation (`None`); floating-point opcodes are
//!   not integer lane operations either.

use cu32_isa::{Format, Mn, OpInfo};
use rust_hdl::prelude::*;

/// What one lane computes (see the module comment for operand conventions). Names use
/// `a`, `b`, `c` for S0, S1, S2; 32-bit unless the name says otherwise.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum LaneOp {
    /// `a` (`v_mov_b32/b16`, `v_cvt_u32_u16`, `v_readlane_b32`, `v_readfirstlane_b32`,
    /// `v_writelane_b32`).
    MovA,
    /// `b` (`v_mbcnt_hi_u32_b32` in a wave32).
    MovB,
    /// `cin ? b : a`.
    Cndmask,
    Not,
    /// `a[15:0]` sign-extended to 32 bits.
    Sext16,
    And,
    Or,
    Xor,
    Xnor,
    /// `(a & b) | c`.
    AndOr,
    Or3,
    Xor3,
    /// `(a & b) | (!a & c)`.
    Bfi,
    /// `(a << b[4:0]) | c`.
    LshlOr,
    /// Bit reverse of `a`.
    Bfrev,
    /// Leading zeros of `a`, -1 for 0.
    Clz,
    /// Trailing zeros of `a`, -1 for 0.
    Ctz,
    /// Leading bits after bit 31 equal to it (leading zeros of `a`, or of `!a` when `a` is
    /// negative), -1 for 0 and -1.
    Cls,
    /// `popcount(a) + b`.
    Bcnt,
    /// `popcount(a & ((1 << lane) - 1)) + b`.
    Mbcnt,
    /// `((1 << a[4:0]) - 1) << b[4:0]`.
    Bfm,
    /// `(a >> b[4:0]) & ((1 << c[4:0]) - 1)`.
    BfeU,
    /// As [`LaneOp::BfeU`] with an arithmetic shift, the field sign-extended from bit
    /// `c[4:0] - 1`; width 0 gives 0.
    BfeI,
    /// `({a, b} >> c[4:0])[31:0]`.
    Alignbit,
    /// `({a, b} >> 8 * c[1:0])[31:0]`.
    Alignbyte,
    /// Byte permute of `{a, b}` by the four selector bytes of `c`.
    Perm,
    /// `a + b`; flag = carry-out.
    Add,
    /// `a + b + cin`; flag = carry-out.
    AddC,
    /// `a - b`; flag = borrow.
    Sub,
    /// `a - b - cin`; flag = borrow.
    SubB,
    /// `b - a`; flag = borrow.
    SubRev,
    /// `b - a - cin`; flag = borrow.
    SubRevB,
    /// `a + b + c`.
    Add3,
    /// `(a << b[4:0]) + c`.
    LshlAdd,
    /// `(a + b) << c[4:0]`.
    AddLshl,
    /// `(a ^ b) + c`.
    Xad,
    /// `b << a[3:0]` (16-bit).
    Shl16,
    /// `b << a[4:0]`.
    Shl32,
    /// `b << a[5:0]`, 64-bit `b` and result.
    Shl64,
    /// `b >> a[3:0]` (16-bit `b`).
    Shr16,
    Shr32,
    Shr64,
    /// `b[15:0] >> a[3:0]`, arithmetic.
    Ashr16,
    Ashr32,
    Ashr64,
    /// Signed 32-bit minimum.
    MinI,
    MaxI,
    MinU,
    MaxU,
    /// Signed 16-bit minimum.
    MinI16,
    MaxI16,
    Min3I,
    Max3I,
    Med3I,
    Min3U,
    Max3U,
    Med3U,
    Min3I16,
    Max3I16,
    Med3I16,
    /// `min(max(a, b), c)`, signed.
    MaxMinI,
    /// `max(min(a, b), c)`, signed.
    MinMaxI,
    MaxMinU,
    MinMaxU,
    /// `{min(b, 0xffff), min(a, 0xffff)}` (unsigned saturation to 16 bits).
    CvtPkU16,
    /// `{sat16(b), sat16(a)}` (signed saturation of 32-bit values to 16 bits).
    CvtPkI16,
    /// Low 32 bits of `a * b`.
    MulLo,
    /// High 32 bits of the unsigned 64-bit product.
    MulHiU,
    /// High 32 bits of the signed 64-bit product.
    MulHiI,
    /// `a[23:0] * b[23:0]`, low 32 bits.
    MulU24,
    /// Bits 63:32 of the unsigned 48-bit product of the 24-bit operands.
    MulHiU24,
    /// Signed 24-bit operands, low 32 bits of the product.
    MulI24,
    /// Signed 24-bit operands, bits 63:32 of the product.
    MulHiI24,
    /// `a[23:0] * b[23:0] + c`, 32-bit.
    MadU24,
    /// Signed 24-bit operands: `a * b + c`, 32-bit.
    MadI24,
    /// `a * b + c`, low 32 bits (also the 16-bit `mad`s: operands zero-extended).
    MadLo,
    /// `sext(a[15:0]) * sext(b[15:0]) + c`, 32-bit.
    MadI16,
    /// `a * b + c` with a 64-bit `c`: 64-bit result, flag = bit 64.
    MadU64,
    /// Signed `a * b + c` with a 64-bit signed `c`: 64-bit result, flag = bit 64 of the
    /// 65-bit signed sum.
    MadI64,
    /// Compares: flag = the relation of `a` and `b`.
    CmpF,
    CmpT,
    /// Equality of the zero-extended operands (every width and signedness).
    CmpEq,
    CmpNe,
    /// Unsigned compares of the zero-extended operands (every width).
    CmpLtU,
    CmpLeU,
    CmpGtU,
    CmpGeU,
    CmpLtI16,
    CmpLeI16,
    CmpGtI16,
    CmpGeI16,
    CmpLtI32,
    CmpLeI32,
    CmpGtI32,
    CmpGeI32,
    CmpLtI64,
    CmpLeI64,
    CmpGtI64,
    CmpGeI64,
}

/// The integer compares: each `v_cmp_<rel>_<type>`, its `v_cmpx` form (which writes EXEC
/// instead of a lane mask; the lane does not care) and their lane operation.
const COMPARES: [(Mn, Mn, LaneOp); 44] = [
    (Mn::v_cmp_lt_i16, Mn::v_cmpx_lt_i16, LaneOp::CmpLtI16),
    (Mn::v_cmp_eq_i16, Mn::v_cmpx_eq_i16, LaneOp::CmpEq),
    (Mn::v_cmp_le_i16, Mn::v_cmpx_le_i16, LaneOp::CmpLeI16),
    (Mn::v_cmp_gt_i16, Mn::v_cmpx_gt_i16, LaneOp::CmpGtI16),
    (Mn::v_cmp_ne_i16, Mn::v_cmpx_ne_i16, LaneOp::CmpNe),
    (Mn::v_cmp_ge_i16, Mn::v_cmpx_ge_i16, LaneOp::CmpGeI16),
    (Mn::v_cmp_f_i32, Mn::v_cmpx_f_i32, LaneOp::CmpF),
    (Mn::v_cmp_lt_i32, Mn::v_cmpx_lt_i32, LaneOp::CmpLtI32),
    (Mn::v_cmp_eq_i32, Mn::v_cmpx_eq_i32, LaneOp::CmpEq),
    (Mn::v_cmp_le_i32, Mn::v_cmpx_le_i32, LaneOp::CmpLeI32),
    (Mn::v_cmp_gt_i32, Mn::v_cmpx_gt_i32, LaneOp::CmpGtI32),
    (Mn::v_cmp_ne_i32, Mn::v_cmpx_ne_i32, LaneOp::CmpNe),
    (Mn::v_cmp_ge_i32, Mn::v_cmpx_ge_i32, LaneOp::CmpGeI32),
    (Mn::v_cmp_t_i32, Mn::v_cmpx_t_i32, LaneOp::CmpT),
    (Mn::v_cmp_f_i64, Mn::v_cmpx_f_i64, LaneOp::CmpF),
    (Mn::v_cmp_lt_i64, Mn::v_cmpx_lt_i64, LaneOp::CmpLtI64),
    (Mn::v_cmp_eq_i64, Mn::v_cmpx_eq_i64, LaneOp::CmpEq),
    (Mn::v_cmp_le_i64, Mn::v_cmpx_le_i64, LaneOp::CmpLeI64),
    (Mn::v_cmp_gt_i64, Mn::v_cmpx_gt_i64, LaneOp::CmpGtI64),
    (Mn::v_cmp_ne_i64, Mn::v_cmpx_ne_i64, LaneOp::CmpNe),
    (Mn::v_cmp_ge_i64, Mn::v_cmpx_ge_i64, LaneOp::CmpGeI64),
    (Mn::v_cmp_t_i64, Mn::v_cmpx_t_i64, LaneOp::CmpT),
    (Mn::v_cmp_lt_u16, Mn::v_cmpx_lt_u16, LaneOp::CmpLtU),
    (Mn::v_cmp_eq_u16, Mn::v_cmpx_eq_u16, LaneOp::CmpEq),
    (Mn::v_cmp_le_u16, Mn::v_cmpx_le_u16, LaneOp::CmpLeU),
    (Mn::v_cmp_gt_u16, Mn::v_cmpx_gt_u16, LaneOp::CmpGtU),
    (Mn::v_cmp_ne_u16, Mn::v_cmpx_ne_u16, LaneOp::CmpNe),
    (Mn::v_cmp_ge_u16, Mn::v_cmpx_ge_u16, LaneOp::CmpGeU),
    (Mn::v_cmp_f_u32, Mn::v_cmpx_f_u32, LaneOp::CmpF),
    (Mn::v_cmp_lt_u32, Mn::v_cmpx_lt_u32, LaneOp::CmpLtU),
    (Mn::v_cmp_eq_u32, Mn::v_cmpx_eq_u32, LaneOp::CmpEq),
    (Mn::v_cmp_le_u32, Mn::v_cmpx_le_u32, LaneOp::CmpLeU),
    (Mn::v_cmp_gt_u32, Mn::v_cmpx_gt_u32, LaneOp::CmpGtU),
    (Mn::v_cmp_ne_u32, Mn::v_cmpx_ne_u32, LaneOp::CmpNe),
    (Mn::v_cmp_ge_u32, Mn::v_cmpx_ge_u32, LaneOp::CmpGeU),
    (Mn::v_cmp_t_u32, Mn::v_cmpx_t_u32, LaneOp::CmpT),
    (Mn::v_cmp_f_u64, Mn::v_cmpx_f_u64, LaneOp::CmpF),
    (Mn::v_cmp_lt_u64, Mn::v_cmpx_lt_u64, LaneOp::CmpLtU),
    (Mn::v_cmp_eq_u64, Mn::v_cmpx_eq_u64, LaneOp::CmpEq),
    (Mn::v_cmp_le_u64, Mn::v_cmpx_le_u64, LaneOp::CmpLeU),
    (Mn::v_cmp_gt_u64, Mn::v_cmpx_gt_u64, LaneOp::CmpGtU),
    (Mn::v_cmp_ne_u64, Mn::v_cmpx_ne_u64, LaneOp::CmpNe),
    (Mn::v_cmp_ge_u64, Mn::v_cmpx_ge_u64, LaneOp::CmpGeU),
    (Mn::v_cmp_t_u64, Mn::v_cmpx_t_u64, LaneOp::CmpT),
];

/// Whether the mnemonic is an integer `v_cmpx_*` compare (it writes EXEC).
pub fn is_cmpx(mn: Mn) -> bool {
    COMPARES.iter().any(|&(_, cmpx, _)| cmpx == mn)
}

/// The lane operation of an integer VALU mnemonic, whatever its encoding (the VOPD halves
/// `v_dual_*` included: they are their VOP1/VOP2 namesakes).
pub fn lane_op_of(mn: Mn) -> Option<LaneOp> {
    use LaneOp::*;
    if let Some(&(_, _, op)) = COMPARES
        .iter()
        .find(|&&(cmp, cmpx, _)| mn == cmp || mn == cmpx)
    {
        return Some(op);
    }
    Some(match mn {
        Mn::v_mov_b32
        | Mn::v_mov_b16
        | Mn::v_cvt_u32_u16
        | Mn::v_readlane_b32
        | Mn::v_readfirstlane_b32
        | Mn::v_writelane_b32
        | Mn::v_dual_mov_b32 => MovA,
        Mn::v_mbcnt_hi_u32_b32 => MovB,
        Mn::v_cndmask_b32 | Mn::v_cndmask_b16 | Mn::v_dual_cndmask_b32 => Cndmask,
        Mn::v_not_b32 | Mn::v_not_b16 => Not,
        Mn::v_cvt_i32_i16 => Sext16,
        Mn::v_and_b32 | Mn::v_and_b16 | Mn::v_dual_and_b32 => And,
        Mn::v_or_b32 | Mn::v_or_b16 => Or,
        Mn::v_xor_b32 | Mn::v_xor_b16 => Xor,
        Mn::v_xnor_b32 => Xnor,
        Mn::v_and_or_b32 => AndOr,
        Mn::v_or3_b32 => Or3,
        Mn::v_xor3_b32 => Xor3,
        Mn::v_bfi_b32 => Bfi,
        Mn::v_lshl_or_b32 => LshlOr,
        Mn::v_bfrev_b32 => Bfrev,
        Mn::v_clz_i32_u32 => Clz,
        Mn::v_ctz_i32_b32 => Ctz,
        Mn::v_cls_i32 => Cls,
        Mn::v_bcnt_u32_b32 => Bcnt,
        Mn::v_mbcnt_lo_u32_b32 => Mbcnt,
        Mn::v_bfm_b32 => Bfm,
        Mn::v_bfe_u32 => BfeU,
        Mn::v_bfe_i32 => BfeI,
        Mn::v_alignbit_b32 => Alignbit,
        Mn::v_alignbyte_b32 => Alignbyte,
        Mn::v_perm_b32 => Perm,
        Mn::v_add_nc_u32
        | Mn::v_add_nc_i32
        | Mn::v_add_nc_u16
        | Mn::v_add_nc_i16
        | Mn::v_add_co_u32
        | Mn::v_dual_add_nc_u32 => Add,
        Mn::v_add_co_ci_u32 => AddC,
        Mn::v_sub_nc_u32
        | Mn::v_sub_nc_i32
        | Mn::v_sub_nc_u16
        | Mn::v_sub_nc_i16
        | Mn::v_sub_co_u32 => Sub,
        Mn::v_sub_co_ci_u32 => SubB,
        Mn::v_subrev_nc_u32 | Mn::v_subrev_co_u32 => SubRev,
        Mn::v_subrev_co_ci_u32 => SubRevB,
        Mn::v_add3_u32 => Add3,
        Mn::v_lshl_add_u32 => LshlAdd,
        Mn::v_add_lshl_u32 => AddLshl,
        Mn::v_xad_u32 => Xad,
        Mn::v_lshlrev_b16 => Shl16,
        Mn::v_lshlrev_b32 | Mn::v_dual_lshlrev_b32 => Shl32,
        Mn::v_lshlrev_b64 => Shl64,
        Mn::v_lshrrev_b16 => Shr16,
        Mn::v_lshrrev_b32 => Shr32,
        Mn::v_lshrrev_b64 => Shr64,
        Mn::v_ashrrev_i16 => Ashr16,
        Mn::v_ashrrev_i32 => Ashr32,
        Mn::v_ashrrev_i64 => Ashr64,
        Mn::v_min_i32 => MinI,
        Mn::v_max_i32 => MaxI,
        Mn::v_min_u32 | Mn::v_min_u16 => MinU,
        Mn::v_max_u32 | Mn::v_max_u16 => MaxU,
        Mn::v_min_i16 => MinI16,
        Mn::v_max_i16 => MaxI16,
        Mn::v_min3_i32 => Min3I,
        Mn::v_max3_i32 => Max3I,
        Mn::v_med3_i32 => Med3I,
        Mn::v_min3_u32 | Mn::v_min3_u16 => Min3U,
        Mn::v_max3_u32 | Mn::v_max3_u16 => Max3U,
        Mn::v_med3_u32 | Mn::v_med3_u16 => Med3U,
        Mn::v_min3_i16 => Min3I16,
        Mn::v_max3_i16 => Max3I16,
        Mn::v_med3_i16 => Med3I16,
        Mn::v_maxmin_i32 => MaxMinI,
        Mn::v_minmax_i32 => MinMaxI,
        Mn::v_maxmin_u32 => MaxMinU,
        Mn::v_minmax_u32 => MinMaxU,
        Mn::v_cvt_pk_u16_u32 => CvtPkU16,
        Mn::v_cvt_pk_i16_i32 => CvtPkI16,
        Mn::v_mul_lo_u32 | Mn::v_mul_lo_u16 => MulLo,
        Mn::v_mul_hi_u32 => MulHiU,
        Mn::v_mul_hi_i32 => MulHiI,
        Mn::v_mul_u32_u24 => MulU24,
        Mn::v_mul_hi_u32_u24 => MulHiU24,
        Mn::v_mul_i32_i24 => MulI24,
        Mn::v_mul_hi_i32_i24 => MulHiI24,
        Mn::v_mad_u32_u24 => MadU24,
        Mn::v_mad_i32_i24 => MadI24,
        Mn::v_mad_u16 | Mn::v_mad_i16 | Mn::v_mad_u32_u16 => MadLo,
        Mn::v_mad_i32_i16 => MadI16,
        Mn::v_mad_u64_u32 => MadU64,
        Mn::v_mad_i64_i32 => MadI64,
        _ => return Option::None,
    })
}

/// The lane operation of a VALU table row (VOP1, VOP2, VOPC, VOP3, VOP3SD), or `None`
/// for opcodes that are not integer lane operations (no-ops, floating point, packed math,
/// opcodes the golden model does not implement).
pub fn lane_op(op: &OpInfo) -> Option<LaneOp> {
    if !matches!(
        op.format,
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3 | Format::Vop3sd
    ) {
        return None;
    }
    lane_op_of(op.mn)
}

/// Every VALU table row with a lane operation.
pub fn lane_table() -> Vec<(&'static OpInfo, LaneOp)> {
    cu32_isa::tables()
        .ops()
        .iter()
        .filter_map(|op| lane_op(op).map(|l| (op, l)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_names() {
        let t = cu32_isa::tables();
        let vop3 = |n: &str| {
            t.by_name(n)
                .into_iter()
                .find(|o| o.format == Format::Vop3 || o.format == Format::Vop3sd)
                .unwrap()
        };
        assert_eq!(lane_op(vop3("v_cmpx_ge_i16")), Some(LaneOp::CmpGeI16));
        assert_eq!(lane_op(vop3("v_cmp_lt_u64")), Some(LaneOp::CmpLtU));
        assert_eq!(lane_op(vop3("v_mad_u64_u32")), Some(LaneOp::MadU64));
        assert_eq!(lane_op(vop3("v_nop")), None);
        assert_eq!(lane_op_of(Mn::v_cmp_lt_f32), None);
        assert_eq!(lane_op_of(Mn::v_cmp_class_f32), None);
        assert_eq!(lane_op_of(Mn::v_dual_add_nc_u32), Some(LaneOp::Add));
        assert_eq!(lane_op_of(Mn::v_dual_add_f32), None);
        assert!(lane_table().len() > 300);
    }

    /// `COMPARES` pairs each integer compare with its `v_cmpx` form, and lists them all.
    #[test]
    fn compares_pair_every_integer_compare() {
        for (cmp, cmpx, _) in COMPARES {
            assert_eq!(cmpx.name(), cmp.name().replacen("v_cmp_", "v_cmpx_", 1));
        }
        for &mn in Mn::ALL {
            let name = mn.name();
            let integer = name.starts_with("v_cmp")
                && ["_i16", "_i32", "_i64", "_u16", "_u32", "_u64"]
                    .iter()
                    .any(|ty| name.ends_with(ty));
            let listed = COMPARES.iter().any(|&(c, x, _)| mn == c || mn == x);
            assert_eq!(listed, integer, "{name}");
            assert_eq!(
                is_cmpx(mn),
                integer && name.starts_with("v_cmpx_"),
                "{name}"
            );
        }
    }
}
