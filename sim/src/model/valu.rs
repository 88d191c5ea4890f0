//! Vector ALU semantics for integer opcodes (VOP1, VOP2, VOPC, VOP3, VOP3SD and VOPD pairs),
//! following the chapter 16 pseudocode: the mnemonic selects an entry of the tables below
//! (per-lane functions) or one of the cross-lane and scalar-result cases; every other VALU
//! opcode stops the wave. The module documentation of [`crate::model`] lists the choices.

use super::{Exec, Res, VgprWrite, LANES};
use cu32_isa::operand::{EXEC_LO, VCC_LO};
use cu32_isa::table::ArgType;
use cu32_isa::{Accept, Arg, ArgKind, Format, OpInfo};

/// A per-lane function of up to three 32-bit sources (16-bit sources hold their value in
/// the low half). A 16-bit destination keeps the low 16 bits of the result.
type Op32 = fn(u32, u32, u32) -> u32;

/// A per-lane function with a 64-bit result; sources as wide as the table says.
type Op64 = fn(u64, u64, u64) -> u64;

/// An add or subtract with a carry (or borrow) in and out: `(a, b, carry_in) -> (d, out)`.
type CarryOp = fn(u32, u32, bool) -> (u32, bool);

fn sext(v: u32, bits: u32) -> i32 {
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
    ("v_mov_b32", |a, _, _| a),
    ("v_not_b32", |a, _, _| !a),
    ("v_bfrev_b32", |a, _, _| a.reverse_bits()),
    ("v_clz_i32_u32", |a, _, _| found(a.leading_zeros())),
    ("v_ctz_i32_b32", |a, _, _| found(a.trailing_zeros())),
    ("v_cls_i32", |a, _, _| {
        let v = if a >> 31 == 1 { !a } else { a };
        found(v.leading_zeros())
    }),
    ("v_cvt_u32_u16", |a, _, _| a),
    ("v_cvt_i32_i16", |a, _, _| i16s(a) as u32),
    ("v_mov_b16", |a, _, _| a),
    ("v_not_b16", |a, _, _| !a),
    // VOP2
    ("v_add_nc_u32", |a, b, _| a.wrapping_add(b)),
    ("v_sub_nc_u32", |a, b, _| a.wrapping_sub(b)),
    ("v_subrev_nc_u32", |a, b, _| b.wrapping_sub(a)),
    ("v_mul_i32_i24", |a, b, _| (i24(a) * i24(b)) as u32),
    ("v_mul_hi_i32_i24", |a, b, _| {
        ((i24(a) * i24(b)) >> 32) as u32
    }),
    ("v_mul_u32_u24", |a, b, _| (u24(a) * u24(b)) as u32),
    ("v_mul_hi_u32_u24", |a, b, _| {
        ((u24(a) * u24(b)) >> 32) as u32
    }),
    ("v_min_i32", |a, b, _| (a as i32).min(b as i32) as u32),
    ("v_max_i32", |a, b, _| (a as i32).max(b as i32) as u32),
    ("v_min_u32", |a, b, _| a.min(b)),
    ("v_max_u32", |a, b, _| a.max(b)),
    ("v_lshrrev_b32", |a, b, _| b >> (a & 31)),
    ("v_ashrrev_i32", |a, b, _| ((b as i32) >> (a & 31)) as u32),
    ("v_lshlrev_b32", |a, b, _| b << (a & 31)),
    ("v_and_b32", |a, b, _| a & b),
    ("v_or_b32", |a, b, _| a | b),
    ("v_xor_b32", |a, b, _| a ^ b),
    ("v_xnor_b32", |a, b, _| !(a ^ b)),
    // VOP3, 32-bit
    ("v_add_nc_i32", |a, b, _| a.wrapping_add(b)),
    ("v_sub_nc_i32", |a, b, _| a.wrapping_sub(b)),
    ("v_mul_lo_u32", |a, b, _| a.wrapping_mul(b)),
    ("v_mul_hi_u32", |a, b, _| {
        ((u64::from(a) * u64::from(b)) >> 32) as u32
    }),
    ("v_mul_hi_i32", |a, b, _| {
        ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32
    }),
    ("v_mad_u32_u24", |a, b, c| {
        ((u24(a) * u24(b)) as u32).wrapping_add(c)
    }),
    ("v_mad_i32_i24", |a, b, c| {
        ((i24(a) * i24(b)) as u32).wrapping_add(c)
    }),
    ("v_bfe_u32", |a, b, c| (a >> (b & 31)) & mask5(c)),
    ("v_bfe_i32", |a, b, c| {
        let tmp = ((a as i32) >> (b & 31)) as u32 & mask5(c);
        match c & 31 {
            0 => 0,
            w => sext(tmp, w) as u32,
        }
    }),
    ("v_bfi_b32", |a, b, c| (a & b) | (!a & c)),
    ("v_bfm_b32", |a, b, _| mask5(a) << (b & 31)),
    ("v_bcnt_u32_b32", |a, b, _| b.wrapping_add(a.count_ones())),
    ("v_alignbit_b32", |a, b, c| {
        (((u64::from(a) << 32) | u64::from(b)) >> (c & 31)) as u32
    }),
    ("v_alignbyte_b32", |a, b, c| {
        (((u64::from(a) << 32) | u64::from(b)) >> ((c & 3) * 8)) as u32
    }),
    ("v_perm_b32", |a, b, c| {
        let data = (u64::from(a) << 32) | u64::from(b);
        (0..4).fold(0, |d, i| d | (byte_permute(data, c >> (8 * i)) << (8 * i)))
    }),
    ("v_add3_u32", |a, b, c| a.wrapping_add(b).wrapping_add(c)),
    ("v_lshl_add_u32", |a, b, c| (a << (b & 31)).wrapping_add(c)),
    ("v_add_lshl_u32", |a, b, c| a.wrapping_add(b) << (c & 31)),
    ("v_lshl_or_b32", |a, b, c| (a << (b & 31)) | c),
    ("v_and_or_b32", |a, b, c| (a & b) | c),
    ("v_or3_b32", |a, b, c| a | b | c),
    ("v_xor3_b32", |a, b, c| a ^ b ^ c),
    ("v_xad_u32", |a, b, c| (a ^ b).wrapping_add(c)),
    ("v_min3_i32", |a, b, c| {
        (a as i32).min(b as i32).min(c as i32) as u32
    }),
    ("v_max3_i32", |a, b, c| {
        (a as i32).max(b as i32).max(c as i32) as u32
    }),
    ("v_med3_i32", |a, b, c| {
        med3(a as i32, b as i32, c as i32) as u32
    }),
    ("v_min3_u32", |a, b, c| a.min(b).min(c)),
    ("v_max3_u32", |a, b, c| a.max(b).max(c)),
    ("v_med3_u32", |a, b, c| med3(a, b, c)),
    ("v_maxmin_i32", |a, b, c| {
        (a as i32).max(b as i32).min(c as i32) as u32
    }),
    ("v_minmax_i32", |a, b, c| {
        (a as i32).min(b as i32).max(c as i32) as u32
    }),
    ("v_maxmin_u32", |a, b, c| a.max(b).min(c)),
    ("v_minmax_u32", |a, b, c| a.min(b).max(c)),
    ("v_cvt_pk_u16_u32", |a, b, _| {
        a.min(0xffff) | (b.min(0xffff) << 16)
    }),
    ("v_cvt_pk_i16_i32", |a, b, _| {
        let sat = |v: u32| (v as i32).clamp(-0x8000, 0x7fff) as u32 & 0xffff;
        sat(a) | (sat(b) << 16)
    }),
    // VOP3, 16-bit (results are truncated to 16 bits when written)
    ("v_add_nc_u16", |a, b, _| a.wrapping_add(b)),
    ("v_sub_nc_u16", |a, b, _| a.wrapping_sub(b)),
    ("v_add_nc_i16", |a, b, _| a.wrapping_add(b)),
    ("v_sub_nc_i16", |a, b, _| a.wrapping_sub(b)),
    ("v_mul_lo_u16", |a, b, _| a.wrapping_mul(b)),
    ("v_mad_u16", |a, b, c| a.wrapping_mul(b).wrapping_add(c)),
    ("v_mad_i16", |a, b, c| a.wrapping_mul(b).wrapping_add(c)),
    ("v_mad_u32_u16", |a, b, c| a.wrapping_mul(b).wrapping_add(c)),
    ("v_mad_i32_i16", |a, b, c| {
        (i16s(a).wrapping_mul(i16s(b)) as u32).wrapping_add(c)
    }),
    ("v_lshlrev_b16", |a, b, _| b << (a & 15)),
    ("v_lshrrev_b16", |a, b, _| b >> (a & 15)),
    ("v_ashrrev_i16", |a, b, _| (i16s(b) >> (a & 15)) as u32),
    ("v_min_i16", |a, b, _| i16s(a).min(i16s(b)) as u32),
    ("v_max_i16", |a, b, _| i16s(a).max(i16s(b)) as u32),
    ("v_min_u16", |a, b, _| a.min(b)),
    ("v_max_u16", |a, b, _| a.max(b)),
    ("v_and_b16", |a, b, _| a & b),
    ("v_or_b16", |a, b, _| a | b),
    ("v_xor_b16", |a, b, _| a ^ b),
    ("v_min3_i16", |a, b, c| {
        i16s(a).min(i16s(b)).min(i16s(c)) as u32
    }),
    ("v_max3_i16", |a, b, c| {
        i16s(a).max(i16s(b)).max(i16s(c)) as u32
    }),
    ("v_med3_i16", |a, b, c| {
        med3(i16s(a), i16s(b), i16s(c)) as u32
    }),
    ("v_min3_u16", |a, b, c| a.min(b).min(c)),
    ("v_max3_u16", |a, b, c| a.max(b).max(c)),
    ("v_med3_u16", |a, b, c| med3(a, b, c)),
];

/// Per-lane integer opcodes with a 64-bit result (shift count in the first source).
const OPS64: &[(&str, Op64)] = &[
    ("v_lshlrev_b64", |a, b, _| b << (a & 63)),
    ("v_lshrrev_b64", |a, b, _| b >> (a & 63)),
    ("v_ashrrev_i64", |a, b, _| ((b as i64) >> (a & 63)) as u64),
];

/// Adds and subtracts with a carry-out mask (VCC or an SGPR) and, for `_ci`, a carry-in.
const CARRY_OPS: &[(&str, CarryOp)] = &[
    ("v_add_co_u32", |a, b, _| a.overflowing_add(b)),
    ("v_sub_co_u32", |a, b, _| (a.wrapping_sub(b), b > a)),
    ("v_subrev_co_u32", |a, b, _| (b.wrapping_sub(a), a > b)),
    ("v_add_co_ci_u32", |a, b, c| {
        let tmp = u64::from(a) + u64::from(b) + u64::from(c);
        (tmp as u32, tmp >= 1 << 32)
    }),
    ("v_sub_co_ci_u32", |a, b, c| {
        let d = a.wrapping_sub(b).wrapping_sub(u32::from(c));
        (d, u64::from(b) + u64::from(c) > u64::from(a))
    }),
    ("v_subrev_co_ci_u32", |a, b, c| {
        let d = b.wrapping_sub(a).wrapping_sub(u32::from(c));
        (d, u64::from(a) + u64::from(c) > u64::from(b))
    }),
];

/// Opcodes with their own case in [`Exec::valu`]: no-ops, cross-lane and lane-index
/// opcodes, selects, and the 64-bit multiply-adds with a carry-out.
const SPECIAL: &[&str] = &[
    "v_nop",
    "v_pipeflush",
    "v_readfirstlane_b32",
    "v_readlane_b32",
    "v_writelane_b32",
    "v_mbcnt_lo_u32_b32",
    "v_mbcnt_hi_u32_b32",
    "v_cndmask_b32",
    "v_cndmask_b16",
    "v_mad_u64_u32",
    "v_mad_i64_i32",
];

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

/// An integer compare `v_cmp[x]_<op>_<type>`: `(writes EXEC, op, signed, bits)`.
fn int_compare(name: &str) -> Option<(bool, &str, bool, u32)> {
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
    ["f", "lt", "eq", "le", "gt", "ne", "ge", "t"]
        .contains(&op)
        .then_some((cmpx, op, signed, bits))
}

fn compare(op: &str, a: i128, b: i128) -> bool {
    match op {
        "f" => false,
        "lt" => a < b,
        "eq" => a == b,
        "le" => a <= b,
        "gt" => a > b,
        "ne" => a != b,
        "ge" => a >= b,
        _ => true,
    }
}

/// Whether the model has semantics for VALU mnemonic `name`.
pub fn valu_implemented(name: &str) -> bool {
    lookup(OPS32, name).is_some()
        || lookup(OPS64, name).is_some()
        || lookup(CARRY_OPS, name).is_some()
        || lookup(DUAL_OPS, name).is_some()
        || SPECIAL.contains(&name)
        || int_compare(name).is_some()
        || super::valu_float::float_implemented(name)
}

/// The operands of a (non-VOPD) VALU instruction, from its table row.
pub(super) struct Operands {
    /// The VGPR destination and its operand (width).
    pub(super) vdst: Option<Arg>,
    /// The scalar destination code: VOPC result, carry-out, `v_readlane_b32` result.
    pub(super) sdst: Option<u8>,
    /// Data sources S0, S1, S2 in order: field code, operand, OPSEL bit.
    pub(super) data: Vec<(u16, Arg, u8)>,
    /// The scalar lane mask read as carry-in or selector (VCC or the SRC2 SGPR).
    mask: Option<u16>,
}

impl Exec<'_> {
    fn operands(&self, op: &OpInfo) -> Operands {
        let i = &self.instr;
        let mut ops = Operands {
            vdst: None,
            sdst: None,
            data: Vec::new(),
            mask: None,
        };
        for &arg in &op.args {
            match arg.kind {
                ArgKind::Vdst => ops.vdst = Some(arg),
                // VOP3SD has its own SDST field; VOPC e64 and readlane use VDST.
                ArgKind::Sdst if op.format == Format::Vop3sd => ops.sdst = Some(i.sdst),
                ArgKind::Sdst => ops.sdst = Some(i.vdst),
                ArgKind::Vcc if ops.data.is_empty() => ops.sdst = Some(VCC_LO),
                ArgKind::Vcc => ops.mask = Some(u16::from(VCC_LO)),
                ArgKind::Src2 if arg.accept == Accept::Sgpr => ops.mask = Some(i.src2),
                ArgKind::Src0 => ops.data.push((i.src0, arg, 0)),
                ArgKind::Src1 | ArgKind::Vsrc1 => ops.data.push((i.src1, arg, 1)),
                ArgKind::Src2 => ops.data.push((i.src2, arg, 2)),
                _ => {}
            }
        }
        ops
    }

    pub(super) fn not_yet_modelled(&self) -> super::ModelError {
        self.unsupported(
            "not modelled yet: the model has integer VALU semantics only (no floating point, \
             packed math, lane permutes or VGPR indexing)",
        )
    }

    /// Refuses modifiers the integer semantics do not model: clamp, input abs/neg (VOP3
    /// bits or the DPP16 dword), and OPSEL on an opcode without 16-bit operands. OMOD is
    /// ignored, as the reference says integer results do.
    fn check_modifiers(&self, op: &OpInfo) -> Res<()> {
        let i = &self.instr;
        let dpp_mods =
            matches!(i.dpp, Some(cu32_isa::encoding::Dpp::Dpp16 { mods, .. }) if mods != 0);
        let has16 = op.args.iter().any(|a| a.ty.bits() == 16);
        let reason = if i.clamp {
            "clamp is not modelled yet"
        } else if i.abs != 0 || i.neg != 0 || dpp_mods {
            "abs/neg input modifiers on integer operands are not modelled"
        } else if i.opsel != 0 && !has16 {
            "op_sel on an opcode without 16-bit operands"
        } else {
            return Ok(());
        };
        Err(self.unsupported(reason))
    }

    /// 16-bit operands of the e32 encodings name register halves above v127 (true16); the
    /// model reads and writes low halves only, so such codes stop the wave.
    fn check_true16(&self, op: &OpInfo, ops: &Operands) -> Res<()> {
        if !matches!(op.format, Format::Vop1 | Format::Vop2 | Format::Vopc) {
            return Ok(());
        }
        let high_src = ops
            .data
            .iter()
            .any(|&(code, arg, _)| arg.ty.bits() == 16 && code >= 256 + 128);
        let high_dst = ops.vdst.is_some_and(|a| a.ty.bits() == 16) && self.instr.vdst >= 128;
        if high_src || high_dst {
            return Err(self.unsupported("16-bit register halves (true16 v128+) are not modelled"));
        }
        Ok(())
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
        if mask == 0 {
            return Ok(());
        }
        let old = *self.vgpr(u16::from(v))?;
        let lo: [u32; LANES] = match ty.bits() {
            16 if self.instr.opsel & 8 != 0 => {
                std::array::from_fn(|l| (old[l] & 0xffff) | ((values[l] as u32) << 16))
            }
            16 => std::array::from_fn(|l| (old[l] & 0xffff_0000) | (values[l] as u32 & 0xffff)),
            _ => values.map(|x| x as u32),
        };
        self.vgpr_writes.push(VgprWrite {
            index: v,
            mask,
            values: lo,
        });
        if ty.bits() == 64 {
            let hi = u16::from(v) + 1;
            self.vgpr(hi)?;
            self.vgpr_writes.push(VgprWrite {
                index: hi as u8,
                mask,
                values: values.map(|x| (x >> 32) as u32),
            });
        }
        Ok(())
    }

    /// Executes a VALU instruction.
    pub(super) fn valu(&mut self) -> Res<()> {
        let op = self.instr.op;
        if op.format == Format::VopdX {
            return self.vopd();
        }
        let name = self.name();
        if !valu_implemented(name) {
            return Err(self.not_yet_modelled());
        }
        if matches!(name, "v_nop" | "v_pipeflush") {
            return Ok(());
        }
        let float = super::valu_float::float_implemented(name);
        if !float {
            self.check_modifiers(op)?;
        }
        let ops = self.operands(op);
        self.check_true16(op, &ops)?;
        if let Some(code) = ops.sdst.filter(|&c| c > 127) {
            return Err(
                self.unsupported(format!("scalar destination code {code} is not a register"))
            );
        }
        if float {
            return self.valu_float(op, &ops);
        }
        let mut srcs = [[0; LANES]; 3];
        for (k, &(code, arg, sel)) in ops.data.iter().enumerate() {
            srcs[k] = self.vsrc(code, arg, self.instr.opsel >> sel & 1 == 1)?;
        }
        let (moved, enabled) = self.dpp_move(srcs[0])?;
        let [_, b, c] = srcs;
        let a = moved;
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
        let lanes = |f: &dyn Fn(usize) -> u64| -> [u64; LANES] { std::array::from_fn(f) };
        let bit = |m: u32, l: usize| m >> l & 1 == 1;
        let to_mask = |f: &dyn Fn(usize) -> bool| {
            (0..LANES)
                .filter(|&l| bit(active, l) && f(l))
                .fold(0u32, |m, l| m | (1 << l))
        };

        if let Some(f) = lookup(OPS32, name) {
            let d = lanes(&|l| u64::from(f(a[l] as u32, b[l] as u32, c[l] as u32)));
            return self.write_vdst(vdst, vty, active, &d);
        }
        if let Some(f) = lookup(OPS64, name) {
            let d = lanes(&|l| f(a[l], b[l], c[l]));
            return self.write_vdst(vdst, vty, active, &d);
        }
        if let Some(f) = lookup(CARRY_OPS, name) {
            let r: Vec<(u32, bool)> = (0..LANES)
                .map(|l| f(a[l] as u32, b[l] as u32, bit(mask_in, l)))
                .collect();
            self.write32(sdst, to_mask(&|l| r[l].1));
            return self.write_vdst(vdst, vty, active, &lanes(&|l| u64::from(r[l].0)));
        }
        if let Some((cmpx, cmp, signed, bits)) = int_compare(name) {
            let value = |v: u64| {
                if signed {
                    i128::from((v << (64 - bits)) as i64 >> (64 - bits))
                } else {
                    i128::from(v)
                }
            };
            let result = to_mask(&|l| compare(cmp, value(a[l]), value(b[l])));
            let dst = if cmpx { EXEC_LO } else { sdst };
            self.write32(dst, result);
            return Ok(());
        }
        match name {
            "v_readfirstlane_b32" => {
                let exec = self.wave.exec_lanes();
                let lane = if exec == 0 { 0 } else { exec.trailing_zeros() };
                self.write32(sdst, a[lane as usize] as u32);
            }
            "v_readlane_b32" => {
                let lane = b[0] as usize & 31;
                self.write32(sdst, a[lane] as u32);
            }
            "v_writelane_b32" => {
                // Ignores EXEC: exactly the selected lane is written.
                let lane = b[0] as usize & 31;
                self.write_vdst(vdst, vty, 1 << lane, &a)?;
            }
            "v_mbcnt_lo_u32_b32" => {
                let d = lanes(&|l| {
                    let below = (a[l] as u32) & ((1u64 << l) - 1) as u32;
                    u64::from((b[l] as u32).wrapping_add(below.count_ones()))
                });
                self.write_vdst(vdst, vty, active, &d)?;
            }
            // wave32: ThreadMask[63:32] is 0 for every lane, D = S1.
            "v_mbcnt_hi_u32_b32" => self.write_vdst(vdst, vty, active, &b)?,
            "v_cndmask_b32" | "v_cndmask_b16" => {
                let d = lanes(&|l| if bit(mask_in, l) { b[l] } else { a[l] });
                self.write_vdst(vdst, vty, active, &d)?;
            }
            "v_mad_u64_u32" | "v_mad_i64_i32" => {
                let signed = name == "v_mad_i64_i32";
                let r: Vec<u128> = (0..LANES)
                    .map(|l| {
                        if signed {
                            let p = i128::from(a[l] as u32 as i32) * i128::from(b[l] as u32 as i32);
                            (p + i128::from(c[l] as i64)) as u128
                        } else {
                            u128::from(a[l]) * u128::from(b[l]) + u128::from(c[l])
                        }
                    })
                    .collect();
                // { vcc_out, D0 } = the 65-bit result: bit 64 goes to the scalar destination.
                self.write32(sdst, to_mask(&|l| r[l] >> 64 & 1 == 1));
                self.write_vdst(vdst, vty, active, &lanes(&|l| r[l] as u64))?;
            }
            _ => return Err(self.not_yet_modelled()),
        }
        Ok(())
    }

    /// A VOPD pair: both operations read their sources before either writes.
    fn vopd(&mut self) -> Res<()> {
        let i = self.instr;
        let y = i.op_y.expect("VOPD instructions decode with a Y operation");
        let halves = [
            (i.op, i.vdst, i.src0, i.src1),
            (y, i.vdst_y, i.src0_y, i.src1_y),
        ];
        let mut results = Vec::with_capacity(2);
        for (op, vdst, src0, src1) in halves {
            if let Some(d) = self.dual_float(op, vdst, src0, src1)? {
                results.push((vdst, d));
                continue;
            }
            let base = lookup(DUAL_OPS, &op.name).ok_or_else(|| self.dual_not_modelled(op))?;
            let mut srcs = [[0; LANES]; 2];
            for arg in &op.args {
                match arg.kind {
                    ArgKind::Src0 => srcs[0] = self.vsrc(src0, *arg, false)?,
                    ArgKind::Vsrc1 => srcs[1] = self.vsrc(src1, *arg, false)?,
                    _ => {}
                }
            }
            let [a, b] = srcs;
            let vcc = self.wave.sgpr[usize::from(VCC_LO)];
            let d: [u64; LANES] = match lookup(OPS32, base) {
                Some(f) => std::array::from_fn(|l| u64::from(f(a[l] as u32, b[l] as u32, 0))),
                None => std::array::from_fn(|l| if vcc >> l & 1 == 1 { b[l] } else { a[l] }),
            };
            results.push((vdst, d));
        }
        let exec = self.wave.exec_lanes();
        for (vdst, d) in results {
            self.write_vdst(vdst, ArgType::B32, exec, &d)?;
        }
        Ok(())
    }

    fn dual_not_modelled(&self, op: &OpInfo) -> super::ModelError {
        self.unsupported(format!(
            "its {} half is not modelled yet (the model has integer VALU semantics only)",
            op.name
        ))
    }
}
