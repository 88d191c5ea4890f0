//! The vector lane (`cu32_hdl::lane::VectorLane`) against the golden model, bit for bit.
//!
//! The golden model's vectors for every mnemonic `valu_control::lane_op` maps
//! (`common/lane_vectors.rs`, which says how they are made) stream through the lane one per
//! cycle (1) in rust-hdl's simulator and (2) as the generated Verilog under Verilator; `d`
//! (as wide as the destination) and `flag` must equal the model's.
//!
//! Also: every integer VALU mnemonic the model implements has a lane operation (except the
//! listed no-ops), nothing else maps, the lane's Verilog lints clean with Verilator, and
//! results appear `LATENCY` rising edges after their operands. The Verilator tests are
//! skipped loudly without verilator unless `CI` is set.

mod common;

use common::lane_vectors::{cases_and_vectors, compare, Vector};
use common::verilator_present;
use cu32_hdl::lane::{VectorLane, LATENCY};
use cu32_hdl::valu_control::{lane_op, lane_table};
use cu32_isa::{Format, OpInfo};
use rust_hdl::prelude::*;
use std::process::Command;

/// Integer VALU mnemonics the model implements that are not lane operations.
const NOT_LANE_OPS: &[(&str, &str)] = &[
    ("v_nop", "no operation: nothing reaches the lane"),
    (
        "v_pipeflush",
        "no operation for a one-wave model: nothing reaches the lane",
    ),
    // Added to the golden model after the lane was written; the vector unit decodes them
    // as illegal for now.
    (
        "v_movreld_b32",
        "M0-relative VGPR move: operand network, not the lane (not yet)",
    ),
    (
        "v_movrels_b32",
        "M0-relative VGPR move: operand network, not the lane (not yet)",
    ),
    (
        "v_movrelsd_b32",
        "M0-relative VGPR move: operand network, not the lane (not yet)",
    ),
    (
        "v_movrelsd_2_b32",
        "M0-relative VGPR move: operand network, not the lane (not yet)",
    ),
    (
        "v_swap_b32",
        "two-register swap: two writes, not a lane op (not yet)",
    ),
    (
        "v_swap_b16",
        "two-register swap: two writes, not a lane op (not yet)",
    ),
    ("v_swaprel_b32", "M0-relative swap: not a lane op (not yet)"),
    (
        "v_permlane16_b32",
        "cross-lane permute: operand network (not yet)",
    ),
    (
        "v_permlanex16_b32",
        "cross-lane permute: operand network (not yet)",
    ),
    (
        "v_permlane64_b32",
        "cross-lane permute: operand network (not yet)",
    ),
    ("v_sat_pk_u8_i16", "byte saturation: not in the lane yet"),
    ("v_lerp_u8", "byte lerp: not in the lane yet"),
    (
        "v_sad_u8",
        "sum of absolute differences: not in the lane yet",
    ),
    (
        "v_sad_hi_u8",
        "sum of absolute differences: not in the lane yet",
    ),
    (
        "v_sad_u16",
        "sum of absolute differences: not in the lane yet",
    ),
    (
        "v_sad_u32",
        "sum of absolute differences: not in the lane yet",
    ),
    ("v_msad_u8", "masked SAD: not in the lane yet"),
    ("v_qsad_pk_u16_u8", "quad SAD: not in the lane yet"),
    ("v_mqsad_pk_u16_u8", "masked quad SAD: not in the lane yet"),
    ("v_mqsad_u32_u8", "masked quad SAD: not in the lane yet"),
];

/// A floating-point opcode (by its type names or operand types): not an integer lane op.
fn is_float(op: &OpInfo) -> bool {
    op.name
        .split('_')
        .any(|t| matches!(t, "f16" | "f32" | "f64" | "bf16"))
        || op.args.iter().any(|a| a.ty.is_float())
}

fn is_lane_format(op: &OpInfo) -> bool {
    matches!(
        op.format,
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3 | Format::Vop3sd
    )
}

#[test]
fn every_integer_valu_mnemonic_has_a_lane_op() {
    let mut missing = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for op in cu32_isa::tables().ops() {
        if !is_lane_format(op) || !cu32_sim::model::valu_implemented(&op.name) || is_float(op) {
            continue;
        }
        names.insert(op.name.clone());
        if lane_op(op).is_none() && !NOT_LANE_OPS.iter().any(|(n, _)| *n == op.name) {
            missing.push(format!("{:?} {}", op.format, op.name));
        }
    }
    assert!(missing.is_empty(), "no lane operation for {missing:?}");
    // And nothing maps that the model does not implement.
    for (op, _) in lane_table() {
        assert!(
            cu32_sim::model::valu_implemented(&op.name) && !is_float(op),
            "{} maps but is not an integer op of the model",
            op.name
        );
    }
    println!(
        "{} integer VALU mnemonics in the model, {} mapped, {} excluded",
        names.len(),
        names.len() - NOT_LANE_OPS.len(),
        NOT_LANE_OPS.len()
    );
}

/// Streams the vectors through the lane (one per cycle) in rust-hdl's simulator (its
/// `simulate` kernel: update until nothing changes, after each input change and each clock
/// edge, in this thread); returns (d, flag) per vector and checks that each result appears
/// `LATENCY` rising edges after its operands.
fn simulate_lane(vectors: &[Vector]) -> Vec<(u64, bool)> {
    let mut uut = VectorLane::default();
    uut.connect_all();
    check_all(&uut).expect("the lane's connections check");
    let settle = |uut: &mut VectorLane| assert!(simulate(uut, 1000), "the lane settles");
    settle(&mut uut);
    let mut got = Vec::with_capacity(vectors.len());
    for k in 0..vectors.len() + LATENCY + 1 {
        match vectors.get(k) {
            Some(v) => {
                uut.valid.next = true;
                uut.op.next = v.op;
                uut.a.next = v.a.into();
                uut.b.next = v.b.into();
                uut.c.next = v.c.into();
                uut.cin.next = v.cin;
                uut.lane.next = u64::from(v.lane).into();
            }
            None => uut.valid.next = false,
        }
        settle(&mut uut);
        uut.clock.next = Clock { clk: true };
        settle(&mut uut);
        uut.clock.next = Clock { clk: false };
        settle(&mut uut);
        if uut.valid_out.val() {
            // Vector j was presented before rising edge j + 1 and is out after edge
            // j + LATENCY (edges counted from 1).
            let j = got.len();
            assert_eq!(k + 1, j + LATENCY, "latency");
            got.push((uut.d.val().to_u64(), uut.flag.val()));
        }
    }
    got
}

#[test]
fn lane_matches_the_golden_model() {
    let (cases, vectors) = cases_and_vectors();
    let results = simulate_lane(&vectors);
    compare("rust-hdl lane", &cases, &vectors, &results);
}

/// The lane's Verilog (rust-hdl's `generate_verilog`, top module `top`).
fn lane_verilog() -> String {
    let mut uut = VectorLane::default();
    uut.connect_all();
    generate_verilog(&uut)
}

/// Streams `vectors.hex` (one vector a line: op, a, b, c, cin, lane) through the lane, one
/// per cycle, and prints `d flag` for every `valid_out` cycle.
const TESTBENCH: &str = r#"`timescale 1ns/1ps
module tb;
  reg clock = 0, valid = 0, cin = 0;
  reg [6:0] op = 0;
  reg [63:0] a = 0, b = 0, c = 0;
  reg [4:0] lane = 0;
  wire valid_out, flag;
  wire [63:0] d;
  top dut(.clock(clock), .valid(valid), .op(op), .a(a), .b(b), .c(c), .cin(cin),
          .lane(lane), .valid_out(valid_out), .d(d), .flag(flag));
  reg [215:0] vec [0:`N - 1];
  integer i;
  initial begin
    $readmemh("vectors.hex", vec);
    for (i = 0; i < `N + 4; i = i + 1) begin
      if (i < `N) begin
        valid = 1;
        {op, a, b, c, cin, lane} = {vec[i][214:208], vec[i][207:144], vec[i][143:80],
                                    vec[i][79:16], vec[i][8], vec[i][4:0]};
      end else
        valid = 0;
      #1 clock = 1;
      #1 clock = 0;
      if (valid_out) $display("R %016x %0d", d, flag);
    end
    $finish;
  end
endmodule
"#;

/// The generated Verilog, built with Verilator, against the golden model (the same
/// vectors as the rust-hdl simulation): the tested rust-hdl behaviour is the hardware's.
#[test]
fn lane_verilog_matches_the_golden_model() {
    if !verilator_present("the lane Verilog") {
        return;
    }
    let (cases, vectors) = cases_and_vectors();
    let dir = std::env::temp_dir().join(format!("cu32-lane-vl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lane.v"), lane_verilog()).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    let hex: String = vectors.iter().map(|v| v.hex() + "\n").collect();
    std::fs::write(dir.join("vectors.hex"), hex).unwrap();
    let build = Command::new("verilator")
        .current_dir(&dir)
        .args([
            "--binary",
            "-Wno-fatal",
            "-Wno-lint",
            "-Wno-DECLFILENAME",
            "-O1",
        ])
        .arg(format!("+define+N={}", vectors.len()))
        .args(["--top-module", "tb", "-o", "tb", "tb.v", "lane.v"])
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let run = Command::new(dir.join("obj_dir/tb"))
        .current_dir(&dir)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    let results: Vec<(u64, bool)> = out
        .lines()
        .filter_map(|l| l.strip_prefix("R "))
        .map(|l| {
            let (d, f) = l.split_once(' ').unwrap();
            (u64::from_str_radix(d, 16).unwrap(), f == "1")
        })
        .collect();
    compare("Verilog lane", &cases, &vectors, &results);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The waivers the project applies to rust-hdl output (`cu32_hdl::verilog::lint_waivers`),
/// for the lane's file: DECLFILENAME (`top$child` modules in one file) and UNUSEDPARAM
/// (every `LaneOp` localparam is declared in every module with a `LaneOp` signal, e.g. the
/// pipeline registers). WIDTH is off on the command line.
const LANE_WAIVERS: &str = "`verilator_config
lint_off -rule DECLFILENAME -file \"*lane.v\"
lint_off -rule UNUSEDPARAM -file \"*lane.v\"
";

#[test]
fn lane_verilog_lints_clean() {
    if !verilator_present("the lane Verilog") {
        return;
    }
    let text = lane_verilog();
    // `CU32_LANE_VERILOG=path` keeps a copy (for a synthesis run by hand).
    if let Some(path) = std::env::var_os("CU32_LANE_VERILOG") {
        std::fs::write(path, &text).unwrap();
    }
    let dir = std::env::temp_dir().join(format!("cu32-lane-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lane.v"), &text).unwrap();
    std::fs::write(dir.join("lint.vlt"), LANE_WAIVERS).unwrap();
    let out = Command::new("verilator")
        .current_dir(&dir)
        .args(["--lint-only", "-Wall", "-Wno-WIDTH", "lint.vlt", "lane.v"])
        .args(["--top-module", "top"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !stderr.contains("%Warning") && !stderr.contains("%Error"),
        "verilator:\n{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
