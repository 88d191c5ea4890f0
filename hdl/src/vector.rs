//! The vector unit's decode control: for every VOP1 / VOP2 / VOPC / VOP3 / VOP3SD table row
//! with an integer lane operation ([`crate::valu_control::lane_op`]), the operand routing the
//! vector ALU (`src/simd/cu32_simd.v`) needs, derived from the row's operand list (kinds and
//! widths): which data sources S0..S2 are used and their widths, the VGPR destination's
//! width, where a lane-mask result goes (VCC, the SDST operand, EXEC for `v_cmpx`), where a
//! lane-mask input comes from (VCC or the SRC2 SGPR), and the cross-lane moves. The rows are
//! rendered into `cu32_vdecode` (`templates/vdecode.v.tera`); no opcode number is written by
//! hand.

use crate::valu_control::{is_cmpx, lane_op, lane_op_of, LaneOp};
use cu32_isa::table::Modifier;
use cu32_isa::{Accept, ArgKind, Format, Mn, OpInfo};
use rust_hdl::prelude::*;
use serde::Serialize;

/// Operand width codes of the control word.
pub const W16: u64 = 0;
pub const W32: u64 = 1;
pub const W64: u64 = 2;

/// Lane-mask destination.
pub const MOUT_NONE: u64 = 0;
pub const MOUT_VCC: u64 = 1;
pub const MOUT_SDST: u64 = 2;
pub const MOUT_EXEC: u64 = 3;

/// Lane-mask source (carry-in, cndmask selector).
pub const MIN_NONE: u64 = 0;
pub const MIN_VCC: u64 = 1;
pub const MIN_SRC2: u64 = 2;

/// Special sequencing.
pub const SP_NORMAL: u64 = 0;
pub const SP_READLANE: u64 = 1;
pub const SP_READFIRSTLANE: u64 = 2;
pub const SP_WRITELANE: u64 = 3;
pub const SP_NOP: u64 = 4;

/// The vector control of one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VCtrl {
    pub op: LaneOp,
    /// Data sources S0, S1, S2 in use.
    pub use_s: [bool; 3],
    /// Their width codes (`W16`, `W32`, `W64`).
    pub w_s: [u64; 3],
    /// VGPR destination width: 0 none, 16, 32 or 64.
    pub dst_bits: u16,
    pub mout: u64,
    pub min: u64,
    pub special: u64,
    /// A literal on a 64-bit source is sign-extended (`_i64` mnemonics).
    pub lit_sext: bool,
    /// The row has 16-bit operands (OPSEL allowed).
    pub has16: bool,
    /// S0 must be a VGPR (`v_readlane_b32`, `v_readfirstlane_b32`).
    pub s0_vgpr: bool,
    /// S1 must be scalar (the lane select of `v_readlane_b32` / `v_writelane_b32`).
    pub s1_scalar: bool,
}

fn width_code(bits: u16) -> u64 {
    match bits {
        16 => W16,
        64 => W64,
        _ => W32,
    }
}

/// Whether a 32-bit literal on a 64-bit source of the mnemonic is sign-extended: the
/// signed 64-bit (`_i64`) integer opcodes.
fn signed_64(mn: Mn) -> bool {
    matches!(
        mn,
        Mn::v_ashrrev_i64
            | Mn::v_mad_i64_i32
            | Mn::v_cmp_f_i64
            | Mn::v_cmp_lt_i64
            | Mn::v_cmp_eq_i64
            | Mn::v_cmp_le_i64
            | Mn::v_cmp_gt_i64
            | Mn::v_cmp_ne_i64
            | Mn::v_cmp_ge_i64
            | Mn::v_cmp_t_i64
            | Mn::v_cmpx_f_i64
            | Mn::v_cmpx_lt_i64
            | Mn::v_cmpx_eq_i64
            | Mn::v_cmpx_le_i64
            | Mn::v_cmpx_gt_i64
            | Mn::v_cmpx_ne_i64
            | Mn::v_cmpx_ge_i64
            | Mn::v_cmpx_t_i64
    )
}

/// The vector control of a VALU row, or `None` when the vector unit does not execute it
/// (floating point, packed math, DPP-only or VOPD rows, opcodes without a lane operation).
pub fn vector_control(op: &OpInfo) -> Option<VCtrl> {
    if !matches!(
        op.format,
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3 | Format::Vop3sd
    ) {
        return None;
    }
    let mut c = VCtrl {
        op: LaneOp::MovA,
        use_s: [false; 3],
        w_s: [W32; 3],
        dst_bits: 0,
        mout: MOUT_NONE,
        min: MIN_NONE,
        special: SP_NORMAL,
        lit_sext: signed_64(op.mn),
        has16: op.args.iter().any(|a| a.width() == 16),
        s0_vgpr: false,
        s1_scalar: false,
    };
    if op.mn == Mn::v_nop {
        c.special = SP_NOP;
        return Some(c);
    }
    c.op = lane_op(op)?;
    let mut sources = 0;
    for arg in &op.args {
        match arg.kind {
            ArgKind::Vdst => c.dst_bits = arg.width(),
            ArgKind::Sdst => {
                if !matches!(op.mn, Mn::v_readlane_b32 | Mn::v_readfirstlane_b32) {
                    c.mout = MOUT_SDST;
                }
            }
            ArgKind::Vcc if sources == 0 => c.mout = MOUT_VCC,
            ArgKind::Vcc => c.min = MIN_VCC,
            ArgKind::Src2 if arg.accept == Accept::Sgpr => c.min = MIN_SRC2,
            ArgKind::Src0 | ArgKind::Src1 | ArgKind::Vsrc1 | ArgKind::Src2 => {
                let k = match arg.kind {
                    ArgKind::Src0 => 0,
                    ArgKind::Src2 => 2,
                    _ => 1,
                };
                c.use_s[k] = true;
                c.w_s[k] = width_code(arg.width());
                sources += 1;
                if k == 0 && arg.accept == Accept::Vgpr {
                    c.s0_vgpr = true;
                }
                if k == 1 && matches!(arg.accept, Accept::ScalarInline | Accept::Scalar) {
                    c.s1_scalar = true;
                }
            }
            _ => return None,
        }
    }
    if is_cmpx(op.mn) {
        c.mout = MOUT_EXEC;
    }
    c.special = match op.mn {
        Mn::v_readlane_b32 => SP_READLANE,
        Mn::v_readfirstlane_b32 => SP_READFIRSTLANE,
        Mn::v_writelane_b32 => SP_WRITELANE,
        _ => SP_NORMAL,
    };
    if c.special == SP_READLANE || c.special == SP_WRITELANE {
        c.s1_scalar = true;
    }
    Some(c)
}

/// The vector control of a VOPD half (`VopdX` / `VopdY` row): the integer dual opcodes
/// (`v_dual_mov_b32`, `v_dual_cndmask_b32`, `v_dual_add_nc_u32`, `v_dual_lshlrev_b32`,
/// `v_dual_and_b32`) are their VOP2/VOP1 namesakes on SRC0 and VSRC1 (the cndmask selector
/// is VCC); the float ones are not executed (`None`).
pub fn dual_control(op: &OpInfo) -> Option<VCtrl> {
    if !matches!(op.format, Format::VopdX | Format::VopdY) {
        return None;
    }
    let lane = lane_op_of(op.mn)?;
    if op.args.iter().any(|a| a.width() != 32) {
        return None;
    }
    let mut c = VCtrl {
        op: lane,
        use_s: [false; 3],
        w_s: [W32; 3],
        dst_bits: 32,
        mout: MOUT_NONE,
        min: if lane == LaneOp::Cndmask {
            MIN_VCC
        } else {
            MIN_NONE
        },
        special: SP_NORMAL,
        lit_sext: false,
        has16: false,
        s0_vgpr: false,
        s1_scalar: false,
    };
    for arg in &op.args {
        match arg.kind {
            ArgKind::Vdst => {}
            ArgKind::Src0 => c.use_s[0] = true,
            ArgKind::Vsrc1 => c.use_s[1] = true,
            _ => return None,
        }
    }
    Some(c)
}

/// Every VOPD half of `format` (`VopdX` or `VopdY`) the vector unit executes.
pub fn dual_table(format: Format) -> Vec<(&'static OpInfo, VCtrl)> {
    cu32_isa::tables()
        .ops()
        .iter()
        .filter(|op| op.format == format)
        .filter_map(|op| dual_control(op).map(|c| (op, c)))
        .collect()
}

/// One field of the vector control word.
#[derive(Serialize, Clone, Debug)]
pub struct VField {
    pub name: &'static str,
    pub width: usize,
    pub lsb: usize,
}

/// The vector control-word layout (shared by the decode template and the vector unit).
pub fn vfields() -> Vec<VField> {
    let spec: [(&'static str, usize); 17] = [
        ("legal", 1),
        ("op", <LaneOp as Synth>::BITS),
        ("use0", 1),
        ("use1", 1),
        ("use2", 1),
        ("w0", 2),
        ("w1", 2),
        ("w2", 2),
        ("dw", 2),
        ("mout", 2),
        ("min", 2),
        ("special", 3),
        ("lit_sext", 1),
        ("has16", 1),
        ("s0_vgpr", 1),
        ("s1_scalar", 1),
        ("sd", 1),
    ];
    let mut lsb = 0;
    spec.iter()
        .map(|&(name, width)| {
            let f = VField { name, width, lsb };
            lsb += width;
            f
        })
        .collect()
}

/// The packed control word of a row.
pub fn pack(op: &OpInfo, c: &VCtrl) -> u128 {
    let fields = vfields();
    let lsb = |name: &str| fields.iter().find(|f| f.name == name).map_or(0, |f| f.lsb);
    let dw: u128 = match c.dst_bits {
        0 => 0,
        16 => 1,
        64 => 3,
        _ => 2,
    };
    1 | (c.op as u128) << lsb("op")
        | u128::from(c.use_s[0]) << lsb("use0")
        | u128::from(c.use_s[1]) << lsb("use1")
        | u128::from(c.use_s[2]) << lsb("use2")
        | u128::from(c.w_s[0]) << lsb("w0")
        | u128::from(c.w_s[1]) << lsb("w1")
        | u128::from(c.w_s[2]) << lsb("w2")
        | dw << lsb("dw")
        | u128::from(c.mout) << lsb("mout")
        | u128::from(c.min) << lsb("min")
        | u128::from(c.special) << lsb("special")
        | u128::from(c.lit_sext) << lsb("lit_sext")
        | u128::from(c.has16) << lsb("has16")
        | u128::from(c.s0_vgpr) << lsb("s0_vgpr")
        | u128::from(c.s1_scalar) << lsb("s1_scalar")
        | u128::from(op.format == Format::Vop3sd) << lsb("sd")
}

/// Every row the vector unit executes, with its control.
pub fn vector_table() -> Vec<(&'static OpInfo, VCtrl)> {
    cu32_isa::tables()
        .ops()
        .iter()
        .filter_map(|op| vector_control(op).map(|c| (op, c)))
        .collect()
}

/// DS (LDS) instruction kinds of [`DsCtrl::kind`].
pub const DS_NONE: u64 = 0;
pub const DS_LOAD: u64 = 1;
pub const DS_STORE: u64 = 2;
pub const DS_NOP: u64 = 3;
pub const DS_ATOMIC: u64 = 4;
/// The lane moves: `ds_swizzle_b32`, `ds_permute_b32`, `ds_bpermute_b32`.
pub const DS_SWIZZLE: u64 = 5;
pub const DS_PERMUTE: u64 = 6;
pub const DS_BPERMUTE: u64 = 7;

/// The integer atomic operations of [`DsCtrl::aop`], in code order: the golden model's
/// names (`sim/src/model/vmem.rs` `atomic`), `min`/`max` split by signedness, each with the
/// DS and GLOBAL rows that run it. GLOBAL `swap` is `storexchg` and `cmpswap` is
/// `cmpstore`; `ds_append` / `ds_consume` count with `add` / `sub`. Not executed: the
/// floating-point atomics, `csub` and the DS conditional exchange.
pub const DS_ATOMIC_OPS: [(&str, &[Mn]); 16] = [
    (
        "add",
        &[
            Mn::ds_add_u32,
            Mn::ds_add_rtn_u32,
            Mn::ds_add_u64,
            Mn::ds_add_rtn_u64,
            Mn::ds_append,
            Mn::global_atomic_add_u32,
            Mn::global_atomic_add_u64,
        ],
    ),
    (
        "sub",
        &[
            Mn::ds_sub_u32,
            Mn::ds_sub_rtn_u32,
            Mn::ds_sub_u64,
            Mn::ds_sub_rtn_u64,
            Mn::ds_consume,
            Mn::global_atomic_sub_u32,
            Mn::global_atomic_sub_u64,
        ],
    ),
    (
        "rsub",
        &[
            Mn::ds_rsub_u32,
            Mn::ds_rsub_rtn_u32,
            Mn::ds_rsub_u64,
            Mn::ds_rsub_rtn_u64,
        ],
    ),
    (
        "inc",
        &[
            Mn::ds_inc_u32,
            Mn::ds_inc_rtn_u32,
            Mn::ds_inc_u64,
            Mn::ds_inc_rtn_u64,
            Mn::global_atomic_inc_u32,
            Mn::global_atomic_inc_u64,
        ],
    ),
    (
        "dec",
        &[
            Mn::ds_dec_u32,
            Mn::ds_dec_rtn_u32,
            Mn::ds_dec_u64,
            Mn::ds_dec_rtn_u64,
            Mn::global_atomic_dec_u32,
            Mn::global_atomic_dec_u64,
        ],
    ),
    (
        "min_i",
        &[
            Mn::ds_min_i32,
            Mn::ds_min_rtn_i32,
            Mn::ds_min_i64,
            Mn::ds_min_rtn_i64,
            Mn::global_atomic_min_i32,
            Mn::global_atomic_min_i64,
        ],
    ),
    (
        "max_i",
        &[
            Mn::ds_max_i32,
            Mn::ds_max_rtn_i32,
            Mn::ds_max_i64,
            Mn::ds_max_rtn_i64,
            Mn::global_atomic_max_i32,
            Mn::global_atomic_max_i64,
        ],
    ),
    (
        "min_u",
        &[
            Mn::ds_min_u32,
            Mn::ds_min_rtn_u32,
            Mn::ds_min_u64,
            Mn::ds_min_rtn_u64,
            Mn::global_atomic_min_u32,
            Mn::global_atomic_min_u64,
        ],
    ),
    (
        "max_u",
        &[
            Mn::ds_max_u32,
            Mn::ds_max_rtn_u32,
            Mn::ds_max_u64,
            Mn::ds_max_rtn_u64,
            Mn::global_atomic_max_u32,
            Mn::global_atomic_max_u64,
        ],
    ),
    (
        "and",
        &[
            Mn::ds_and_b32,
            Mn::ds_and_rtn_b32,
            Mn::ds_and_b64,
            Mn::ds_and_rtn_b64,
            Mn::global_atomic_and_b32,
            Mn::global_atomic_and_b64,
        ],
    ),
    (
        "or",
        &[
            Mn::ds_or_b32,
            Mn::ds_or_rtn_b32,
            Mn::ds_or_b64,
            Mn::ds_or_rtn_b64,
            Mn::global_atomic_or_b32,
            Mn::global_atomic_or_b64,
        ],
    ),
    (
        "xor",
        &[
            Mn::ds_xor_b32,
            Mn::ds_xor_rtn_b32,
            Mn::ds_xor_b64,
            Mn::ds_xor_rtn_b64,
            Mn::global_atomic_xor_b32,
            Mn::global_atomic_xor_b64,
        ],
    ),
    (
        "mskor",
        &[
            Mn::ds_mskor_b32,
            Mn::ds_mskor_rtn_b32,
            Mn::ds_mskor_b64,
            Mn::ds_mskor_rtn_b64,
        ],
    ),
    (
        "storexchg",
        &[
            Mn::ds_storexchg_rtn_b32,
            Mn::ds_storexchg_2addr_rtn_b32,
            Mn::ds_storexchg_2addr_stride64_rtn_b32,
            Mn::ds_storexchg_rtn_b64,
            Mn::ds_storexchg_2addr_rtn_b64,
            Mn::ds_storexchg_2addr_stride64_rtn_b64,
            Mn::global_atomic_swap_b32,
            Mn::global_atomic_swap_b64,
        ],
    ),
    (
        "cmpstore",
        &[
            Mn::ds_cmpstore_b32,
            Mn::ds_cmpstore_rtn_b32,
            Mn::ds_cmpstore_b64,
            Mn::ds_cmpstore_rtn_b64,
            Mn::global_atomic_cmpswap_b32,
            Mn::global_atomic_cmpswap_b64,
        ],
    ),
    ("wrap", &[Mn::ds_wrap_rtn_b32]),
];

/// The code of an integer atomic (its index in [`DS_ATOMIC_OPS`]), or `None`.
fn atomic_op(mn: Mn) -> Option<u64> {
    let code = DS_ATOMIC_OPS
        .iter()
        .position(|(_, rows)| rows.contains(&mn))?;
    Some(code as u64)
}

/// Where a DS load puts its value: whole dwords, or the low / high half of the VGPR.
pub const DS_FULL: u64 = 0;
pub const DS_LO16: u64 = 1;
pub const DS_HI16: u64 = 2;

/// The vector unit's control of one DS row: what the vector ALU needs to run it through
/// the LDS unit (`src/lds/cu32_lds_unit.v`), as the golden model (`sim/src/model/lds.rs`)
/// runs it: read from the row's operands (widths of VDST and DATA0, DATA1, ADDR, the
/// `offset1` of the `2addr` forms) and, where they do not tell, from explicit lists of
/// mnemonics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DsCtrl {
    pub kind: u64,
    /// Bytes per element (per address): 1, 2, 4, 8, 12, 16.
    pub size: u64,
    /// A narrow load sign-extends.
    pub sext: bool,
    /// `DS_FULL`, `DS_LO16`, `DS_HI16` (the `_d16` / `_d16_hi` loads).
    pub half: u64,
    /// A store takes its bytes from bit 16 of DATA0 (`_d16_hi` stores).
    pub data_hi: bool,
    /// The `2addr` forms: two elements at `ADDR + OFFSETn * size` (`* 64`: `stride64`).
    pub two: bool,
    pub stride64: bool,
    /// VGPRs written (VDST ..), and DATA VGPRs read per data operand.
    pub ndst: u64,
    pub ndata: u64,
    /// An atomic's operation (index into [`DS_ATOMIC_OPS`]) and whether it has a second
    /// data operand (DATA1: mskor's bits, cmpstore's compare value, wrap's addend).
    pub aop: u64,
    pub data1: bool,
    /// `ds_load/store_addtid_b32`: the address is `M0[15:0] + offset + lane * 4` (no ADDR).
    pub tid: bool,
    /// `ds_append` / `ds_consume`: one dword counter at `M0[15:0] + offset` goes up / down by
    /// the number of EXEC lanes, which all get its old value (atomic `add` / `sub`).
    pub app: bool,
}

/// The DS and GLOBAL loads and stores narrower than a dword: bytes per element, whether
/// the load sign-extends, and which half of the VGPR the load writes or the store takes
/// its bytes from (`DS_FULL`: a load writes the whole extended dword, a store takes the
/// low bytes). The other loads and stores move whole VGPRs.
const NARROW: [(Mn, u64, bool, u64); 28] = [
    (Mn::ds_load_u8, 1, false, DS_FULL),
    (Mn::ds_load_i8, 1, true, DS_FULL),
    (Mn::ds_load_u16, 2, false, DS_FULL),
    (Mn::ds_load_i16, 2, true, DS_FULL),
    (Mn::ds_load_u8_d16, 1, false, DS_LO16),
    (Mn::ds_load_u8_d16_hi, 1, false, DS_HI16),
    (Mn::ds_load_i8_d16, 1, true, DS_LO16),
    (Mn::ds_load_i8_d16_hi, 1, true, DS_HI16),
    (Mn::ds_load_u16_d16, 2, false, DS_LO16),
    (Mn::ds_load_u16_d16_hi, 2, false, DS_HI16),
    (Mn::ds_store_b8, 1, false, DS_FULL),
    (Mn::ds_store_b16, 2, false, DS_FULL),
    (Mn::ds_store_b8_d16_hi, 1, false, DS_HI16),
    (Mn::ds_store_b16_d16_hi, 2, false, DS_HI16),
    (Mn::global_load_u8, 1, false, DS_FULL),
    (Mn::global_load_i8, 1, true, DS_FULL),
    (Mn::global_load_u16, 2, false, DS_FULL),
    (Mn::global_load_i16, 2, true, DS_FULL),
    (Mn::global_load_d16_u8, 1, false, DS_LO16),
    (Mn::global_load_d16_i8, 1, true, DS_LO16),
    (Mn::global_load_d16_b16, 2, false, DS_LO16),
    (Mn::global_load_d16_hi_u8, 1, false, DS_HI16),
    (Mn::global_load_d16_hi_i8, 1, true, DS_HI16),
    (Mn::global_load_d16_hi_b16, 2, false, DS_HI16),
    (Mn::global_store_b8, 1, false, DS_FULL),
    (Mn::global_store_b16, 2, false, DS_FULL),
    (Mn::global_store_d16_hi_b8, 1, false, DS_HI16),
    (Mn::global_store_d16_hi_b16, 2, false, DS_HI16),
];

/// Sets the element size, sign extension and half of a load or store (`c.kind`) whose
/// elements are `bits` wide unless [`NARROW`] lists it.
fn set_access(c: &mut DsCtrl, mn: Mn, bits: u64) {
    let (size, sext, half) = NARROW
        .iter()
        .find(|row| row.0 == mn)
        .map_or((bits / 8, false, DS_FULL), |&(_, size, sext, half)| {
            (size, sext, half)
        });
    c.size = size;
    c.sext = sext;
    if c.kind == DS_LOAD {
        c.half = half;
    } else {
        c.data_hi = half == DS_HI16;
    }
}

/// The width in bits of the row's operand of kind `k` (0 without one).
fn arg_bits(op: &OpInfo, k: ArgKind) -> u64 {
    op.arg(k).map_or(0, |a| u64::from(a.width()))
}

/// The DS control of a row, or `None` when the vector unit does not execute it (floating
/// point, the GWS / GS / ordered-count / BVH / conditional-exchange rows: the decoder
/// makes them illegal, as it does GDS).
pub fn ds_control(op: &OpInfo) -> Option<DsCtrl> {
    if op.format != Format::Ds {
        return None;
    }
    let (vdst, data) = (arg_bits(op, ArgKind::Vdst), arg_bits(op, ArgKind::Data0));
    let mut c = DsCtrl {
        // The `2addr` loads, stores and exchanges (an exchange reads both elements of the
        // lane, then writes both).
        two: op.has_mod(Modifier::Offset1),
        stride64: matches!(
            op.mn,
            Mn::ds_load_2addr_stride64_b32
                | Mn::ds_load_2addr_stride64_b64
                | Mn::ds_store_2addr_stride64_b32
                | Mn::ds_store_2addr_stride64_b64
                | Mn::ds_storexchg_2addr_stride64_rtn_b32
                | Mn::ds_storexchg_2addr_stride64_rtn_b64
        ),
        ndst: vdst / 32,
        ndata: data / 32,
        ..DsCtrl::default()
    };
    c.kind = match op.mn {
        Mn::ds_nop => DS_NOP,
        Mn::ds_swizzle_b32 => DS_SWIZZLE,
        Mn::ds_permute_b32 => DS_PERMUTE,
        Mn::ds_bpermute_b32 => DS_BPERMUTE,
        Mn::ds_load_b32
        | Mn::ds_load_b64
        | Mn::ds_load_b96
        | Mn::ds_load_b128
        | Mn::ds_load_2addr_b32
        | Mn::ds_load_2addr_stride64_b32
        | Mn::ds_load_2addr_b64
        | Mn::ds_load_2addr_stride64_b64
        | Mn::ds_load_u8
        | Mn::ds_load_i8
        | Mn::ds_load_u16
        | Mn::ds_load_i16
        | Mn::ds_load_u8_d16
        | Mn::ds_load_u8_d16_hi
        | Mn::ds_load_i8_d16
        | Mn::ds_load_i8_d16_hi
        | Mn::ds_load_u16_d16
        | Mn::ds_load_u16_d16_hi
        | Mn::ds_load_addtid_b32 => DS_LOAD,
        Mn::ds_store_b8
        | Mn::ds_store_b16
        | Mn::ds_store_b32
        | Mn::ds_store_b64
        | Mn::ds_store_b96
        | Mn::ds_store_b128
        | Mn::ds_store_2addr_b32
        | Mn::ds_store_2addr_stride64_b32
        | Mn::ds_store_2addr_b64
        | Mn::ds_store_2addr_stride64_b64
        | Mn::ds_store_b8_d16_hi
        | Mn::ds_store_b16_d16_hi
        | Mn::ds_store_addtid_b32 => DS_STORE,
        _ => DS_ATOMIC,
    };
    match c.kind {
        DS_NOP => {}
        DS_SWIZZLE | DS_PERMUTE | DS_BPERMUTE => c.size = 4,
        DS_LOAD | DS_STORE => {
            // VDST holds both elements of a `2addr` load, DATA0 one element of a store.
            let bits = match c.kind {
                DS_LOAD if c.two => vdst / 2,
                DS_LOAD => vdst,
                _ => data,
            };
            set_access(&mut c, op.mn, bits);
            c.tid = op.arg(ArgKind::Addr).is_none();
        }
        _ => {
            c.aop = atomic_op(op.mn)?;
            c.app = matches!(op.mn, Mn::ds_append | Mn::ds_consume);
            c.size = if c.app { 4 } else { data / 8 };
            c.data1 = op.arg(ArgKind::Data1).is_some();
        }
    }
    Some(c)
}

/// The vector unit's control of one GLOBAL row (executed by the vector ALU's DS sequence
/// through the GLOBAL unit, `src/gmem/cu32_gmem_unit.v`, instead of the LDS), or
/// `None` when it does not execute the row. Executed: the plain loads (VDST) and stores
/// (VDATA) with a VADDR operand, `NARROW` or whole VGPRs as the golden model
/// (`sim/src/model/vmem.rs` `load_kind` / `store_kind`) runs them, and the 32- and 64-bit
/// integer atomics of [`DS_ATOMIC_OPS`] (the `rtn` rows: VDST is written only under GLC,
/// the decoder clears `ndst` without it; `cmpswap` has the compare value in the VGPRs
/// after DATA); not the addtid or LDS-DMA rows, nor SCRATCH. A FLAT row gets the control
/// of the GLOBAL row of the same opcode: the golden model treats a FLAT address as
/// global, and the two formats share opcodes and names, so the decoder serves FLAT from
/// the GLOBAL rows (checked by a test).
pub fn vmem_control(op: &OpInfo) -> Option<DsCtrl> {
    if op.format == Format::Flat {
        return vmem_control(cu32_isa::tables().lookup(Format::Global, op.opcode)?);
    }
    // The addtid rows have no VADDR.
    if op.format != Format::Global || op.arg(ArgKind::Vaddr).is_none() {
        return None;
    }
    let (vdst, vdata) = (arg_bits(op, ArgKind::Vdst), arg_bits(op, ArgKind::Vdata));
    if op.has_mod(Modifier::Rtn) {
        // VDST is one element; `cmpswap`'s VDATA is two (data, compare value).
        return Some(DsCtrl {
            kind: DS_ATOMIC,
            size: vdst / 8,
            ndst: vdst / 32,
            ndata: vdst / 32,
            aop: atomic_op(op.mn)?,
            data1: vdata > vdst,
            ..DsCtrl::default()
        });
    }
    let (kind, bits) = match (vdst, vdata) {
        // The LDS-DMA loads write no VGPR.
        (0, 0) => return None,
        (0, _) => (DS_STORE, vdata),
        _ => (DS_LOAD, vdst),
    };
    let mut c = DsCtrl {
        kind,
        ndst: vdst / 32,
        ndata: vdata / 32,
        ..DsCtrl::default()
    };
    set_access(&mut c, op.mn, bits);
    Some(c)
}

/// The MUBUF cache invalidates (emitted by every work-group fence): executed as the DS
/// no-op, there being no caches. The only MUBUF rows the vector unit executes.
pub const CACHE_INVALIDATES: [Mn; 2] = [Mn::buffer_gl0_inv, Mn::buffer_gl1_inv];

/// Every GLOBAL row the vector unit executes, with its control (FLAT rows decode through
/// these).
pub fn vmem_table() -> Vec<(&'static OpInfo, DsCtrl)> {
    cu32_isa::tables()
        .ops()
        .iter()
        .filter(|op| op.format == Format::Global)
        .filter_map(|op| vmem_control(op).map(|c| (op, c)))
        .collect()
}

/// One field of the DS control word (shared by the decode template and the vector unit).
pub fn ds_fields() -> Vec<VField> {
    let spec: [(&'static str, usize); 13] = [
        ("kind", 3),
        ("size", 5),
        ("sext", 1),
        ("half", 2),
        ("data_hi", 1),
        ("two", 1),
        ("st64", 1),
        ("ndst", 3),
        ("ndata", 3),
        ("aop", 4),
        ("data1", 1),
        ("tid", 1),
        ("app", 1),
    ];
    let mut lsb = 0;
    spec.iter()
        .map(|&(name, width)| {
            let f = VField { name, width, lsb };
            lsb += width;
            f
        })
        .collect()
}

/// The packed DS control word of a row.
pub fn ds_pack(c: &DsCtrl) -> u64 {
    let fields = ds_fields();
    let lsb = |name: &str| fields.iter().find(|f| f.name == name).map_or(0, |f| f.lsb);
    c.kind << lsb("kind")
        | c.size << lsb("size")
        | u64::from(c.sext) << lsb("sext")
        | c.half << lsb("half")
        | u64::from(c.data_hi) << lsb("data_hi")
        | u64::from(c.two) << lsb("two")
        | u64::from(c.stride64) << lsb("st64")
        | c.ndst << lsb("ndst")
        | c.ndata << lsb("ndata")
        | c.aop << lsb("aop")
        | u64::from(c.data1) << lsb("data1")
        | u64::from(c.tid) << lsb("tid")
        | u64::from(c.app) << lsb("app")
}

/// Every DS row the vector unit executes, with its control.
pub fn ds_table() -> Vec<(&'static OpInfo, DsCtrl)> {
    cu32_isa::tables()
        .ops()
        .iter()
        .filter_map(|op| ds_control(op).map(|c| (op, c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(f: Format, n: &str) -> &'static OpInfo {
        cu32_isa::tables()
            .by_name(n)
            .into_iter()
            .find(|o| o.format == f)
            .unwrap()
    }

    #[test]
    fn vmem_rows() {
        let c = |n: &str| vmem_control(row(Format::Global, n));
        let l = c("global_load_b32").unwrap();
        assert_eq!((l.kind, l.size, l.ndst, l.ndata), (DS_LOAD, 4, 1, 0));
        let s = c("global_store_b128").unwrap();
        assert_eq!((s.kind, s.size, s.ndst, s.ndata), (DS_STORE, 16, 0, 4));
        let i = c("global_load_i16").unwrap();
        assert!(i.sext && i.size == 2 && i.ndst == 1);
        let h = c("global_load_d16_hi_i8").unwrap();
        assert!(h.sext && h.size == 1 && h.half == DS_HI16);
        let d = c("global_store_d16_hi_b8").unwrap();
        assert!(d.data_hi && d.size == 1 && d.ndata == 1);
        let a = c("global_atomic_add_u32").unwrap();
        assert_eq!(
            (a.kind, a.size, a.ndst, a.ndata, a.aop),
            (DS_ATOMIC, 4, 1, 1, 0)
        );
        let x = c("global_atomic_cmpswap_b64").unwrap();
        assert!(x.data1 && x.size == 8 && x.ndata == 2);
        assert!(c("global_atomic_csub_u32").is_none());
        // FLAT rows decode through the GLOBAL rows: same opcode, same control.
        let table = cu32_isa::tables();
        let flat: Vec<_> = table
            .ops()
            .iter()
            .filter(|op| op.format == Format::Flat)
            .filter_map(|op| vmem_control(op).map(|c| (op, c)))
            .collect();
        assert_eq!(flat.len(), 48);
        for (op, ctrl) in flat {
            let g = table
                .lookup(Format::Global, op.opcode)
                .unwrap_or_else(|| panic!("{}: no GLOBAL row", op.name));
            assert_eq!(g.name, op.name.replacen("flat_", "global_", 1));
            assert_eq!(vmem_control(g), Some(ctrl), "{}", op.name);
        }
        assert!(c("global_atomic_add_f32").is_none());
        assert!(c("global_load_addtid_b32").is_none());
        assert!(c("global_load_lds_b32").is_none());
        assert!(vmem_control(row(Format::Scratch, "scratch_load_b32")).is_none());
        // 22 loads and stores, 13 integer atomics in 32 and 64 bits.
        assert_eq!(vmem_table().len(), 48);
    }

    /// The lists by mnemonic and the operands give the controls the names gave before
    /// them: `load` / `store`, `2addr` / `stride64`, `addtid`, the element type (`u8`,
    /// `i16`, `b64`, ... with `d16` / `hi`) and the atomic operation (GLOBAL `swap` and
    /// `cmpswap` are `storexchg` and `cmpstore`, `min` / `max` take the type's sign).
    #[test]
    fn memory_controls_follow_the_names() {
        let rows: Vec<_> = ds_table().into_iter().chain(vmem_table()).collect();
        assert_eq!(rows.len(), 101 + 48);
        for (op, c) in rows {
            let name = op.name.as_str();
            let words: Vec<&str> = name.split('_').skip(1).collect();
            let has = |w: &str| words.contains(&w);
            let ty = words.iter().copied().rfind(|w| {
                matches!(w.as_bytes()[0], b'u' | b'i' | b'b') && w[1..].parse::<u64>().is_ok()
            });
            let bits: u64 = ty.map_or(0, |t| t[1..].parse().unwrap());
            let (load, store) = (words[0] == "load", words[0] == "store");
            let app = matches!(name, "ds_append" | "ds_consume");
            assert_eq!(c.kind == DS_LOAD, load, "{name}");
            assert_eq!(c.kind == DS_STORE, store, "{name}");
            assert_eq!(
                (c.two, c.stride64),
                (has("2addr"), has("stride64")),
                "{name}"
            );
            assert_eq!((c.tid, c.app), (has("addtid"), app), "{name}");
            assert_eq!(c.size, if app { 4 } else { bits / 8 }, "{name}");
            assert_eq!(
                c.sext,
                load && ty.is_some_and(|t| t.starts_with('i')),
                "{name}"
            );
            let half = match (has("d16"), has("hi")) {
                (true, true) => DS_HI16,
                (true, false) => DS_LO16,
                _ => DS_FULL,
            };
            assert_eq!(c.half, if load { half } else { DS_FULL }, "{name}");
            assert_eq!(c.data_hi, store && half == DS_HI16, "{name}");
            if c.kind != DS_ATOMIC {
                continue;
            }
            let op_words: Vec<&str> = words
                .iter()
                .copied()
                .filter(|w| Some(*w) != ty)
                .filter(|w| !["atomic", "rtn", "2addr", "stride64"].contains(w))
                .collect();
            let aop = match op_words.join("_").as_str() {
                "append" => "add".to_string(),
                "consume" => "sub".to_string(),
                "swap" => "storexchg".to_string(),
                "cmpswap" => "cmpstore".to_string(),
                o @ ("min" | "max") => format!(
                    "{o}_{}",
                    if ty.unwrap().starts_with('i') {
                        "i"
                    } else {
                        "u"
                    }
                ),
                o => o.to_string(),
            };
            assert_eq!(DS_ATOMIC_OPS[c.aop as usize].0, aop, "{name}");
            let data1 = ["mskor", "cmpstore", "cmpswap", "wrap", "2addr"]
                .iter()
                .any(|w| has(w));
            assert_eq!(c.data1, data1, "{name}");
        }
    }

    /// The VGPR check against the memory unit's instruction (`meets` in cu32_top) compares
    /// ranges of at most 4 dwords.
    #[test]
    fn memory_ranges_span_at_most_four_vgprs() {
        let rows: Vec<_> = ds_table().into_iter().chain(vmem_table()).collect();
        assert!(rows.len() > 100, "{} rows", rows.len());
        for (op, c) in rows {
            assert!(c.ndst <= 4 && c.ndata <= 4, "{}", op.name);
        }
    }

    #[test]
    fn routing() {
        let c = vector_control(row(Format::Vop2, "v_add_co_ci_u32")).unwrap();
        assert_eq!((c.mout, c.min), (MOUT_VCC, MIN_VCC));
        let c = vector_control(row(Format::Vop3sd, "v_add_co_ci_u32")).unwrap();
        assert_eq!((c.mout, c.min), (MOUT_SDST, MIN_SRC2));
        assert_eq!(c.use_s, [true, true, false]);
        let c = vector_control(row(Format::Vopc, "v_cmpx_eq_u32")).unwrap();
        assert_eq!(c.mout, MOUT_EXEC);
        let c = vector_control(row(Format::Vop3sd, "v_mad_u64_u32")).unwrap();
        assert_eq!((c.dst_bits, c.w_s[2], c.mout), (64, W64, MOUT_SDST));
        let c = vector_control(row(Format::Vop3, "v_readlane_b32")).unwrap();
        assert_eq!((c.special, c.mout, c.dst_bits), (SP_READLANE, MOUT_NONE, 0));
        assert!(vector_table().len() > 300);
        for (op, c) in vector_table() {
            assert_eq!(c.lit_sext, op.name.contains("_i64"), "{}", op.name);
        }
    }

    #[test]
    fn ds_rows() {
        let c = ds_control(row(Format::Ds, "ds_load_b32")).unwrap();
        assert_eq!((c.kind, c.size, c.ndst, c.two), (DS_LOAD, 4, 1, false));
        let c = ds_control(row(Format::Ds, "ds_load_2addr_stride64_b64")).unwrap();
        assert_eq!((c.size, c.ndst, c.two, c.stride64), (8, 4, true, true));
        let c = ds_control(row(Format::Ds, "ds_load_i8_d16_hi")).unwrap();
        assert_eq!((c.size, c.sext, c.half, c.ndst), (1, true, DS_HI16, 1));
        let c = ds_control(row(Format::Ds, "ds_store_b16_d16_hi")).unwrap();
        assert_eq!((c.kind, c.size, c.data_hi, c.ndata), (DS_STORE, 2, true, 1));
        let c = ds_control(row(Format::Ds, "ds_store_b128")).unwrap();
        assert_eq!((c.size, c.ndata), (16, 4));
        let c = ds_control(row(Format::Ds, "ds_load_addtid_b32")).unwrap();
        assert_eq!((c.kind, c.size, c.tid, c.ndst), (DS_LOAD, 4, true, 1));
        let c = ds_control(row(Format::Ds, "ds_consume")).unwrap();
        assert_eq!((c.kind, c.app, c.ndst), (DS_ATOMIC, true, 1));
        assert_eq!(DS_ATOMIC_OPS[c.aop as usize].0, "sub");
        let c = ds_control(row(Format::Ds, "ds_max_rtn_i64")).unwrap();
        assert_eq!((c.kind, c.size, c.ndst, c.ndata), (DS_ATOMIC, 8, 2, 2));
        assert_eq!(DS_ATOMIC_OPS[c.aop as usize].0, "max_i");
        let c = ds_control(row(Format::Ds, "ds_cmpstore_b32")).unwrap();
        assert_eq!((c.ndst, c.data1), (0, true));
        assert_eq!(DS_ATOMIC_OPS[c.aop as usize].0, "cmpstore");
        assert!(ds_control(row(Format::Ds, "ds_add_f32")).is_none());
        let c = ds_control(row(Format::Ds, "ds_bpermute_b32")).unwrap();
        assert_eq!((c.kind, c.ndst, c.ndata), (DS_BPERMUTE, 1, 1));
        let c = ds_control(row(Format::Ds, "ds_swizzle_b32")).unwrap();
        assert_eq!((c.kind, c.ndst, c.ndata), (DS_SWIZZLE, 1, 0));
        let c = ds_control(row(Format::Ds, "ds_storexchg_2addr_stride64_rtn_b64")).unwrap();
        assert_eq!(
            (c.kind, c.size, c.two, c.stride64),
            (DS_ATOMIC, 8, true, true)
        );
        assert_eq!((c.ndst, c.ndata, c.data1), (4, 2, true));
        assert!(ds_control(row(Format::Ds, "ds_condxchg32_rtn_b64")).is_none());
    }
}
