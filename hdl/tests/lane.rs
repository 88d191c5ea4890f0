//! The vector lane (`cu32_hdl::lane::VectorLane`) against the golden model, bit for bit.
//!
//! For every mnemonic `valu_control::lane_op` maps, a one-instruction program runs on the
//! golden model (`cu32_sim::Machine`) with 32 lanes of operands set in the VGPRs: the VOP3 /
//! VOP3SD encoding (`_e64` where a short one exists) with sources v[0:1], v[2:3], v[4:5],
//! destination v[10:11], scalar result s20 and lane mask s30, or the short encoding
//! (`vcc_lo`, `.l` halves) where the assembler takes no VOP3 form (`v_mov_b16`). The same
//! operands, as the lane sees them (16-bit sources zero-extended from the low half, 32-bit
//! ones zero-extended; `cin` the lane's mask bit), stream through the lane one per cycle
//! (1) in rust-hdl's simulator and (2) as the generated Verilog under Verilator; `d` (as
//! wide as the destination) and `flag` must equal the model's VGPR and lane-mask bit (or
//! EXEC bit for `v_cmpx_*`; the selected lane's SGPR / VGPR for readlane, readfirstlane,
//! writelane). Operands: edge values (0, 1, 0x7fff/0x8000/0xffff, 24-bit and 32-bit signed
//! extremes, all ones, shift counts around 16/32/64, perm selectors, 64-bit extremes) alone,
//! in pairs and in triples, plus values from a fixed-seed xorshift.
//!
//! Also: every integer VALU mnemonic the model implements has a lane operation (except the
//! listed no-ops), nothing else maps, the lane's Verilog lints clean with Verilator, and
//! results appear `LATENCY` rising edges after their operands. The Verilator tests are
//! skipped loudly without verilator unless `CI` is set.

mod common;

use common::{verilator_present, Rng};
use cu32_hdl::lane::{VectorLane, LATENCY};
use cu32_hdl::valu_control::{lane_op, lane_table, LaneOp};
use cu32_isa::{Accept, ArgKind, Format, OpInfo};
use cu32_sim::Machine;
use rust_hdl::prelude::*;
use std::collections::{BTreeMap, HashMap};
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

const LANES: usize = 32;

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

const EDGES: &[u64] = &[
    0,
    1,
    2,
    3,
    8,
    12,
    13,
    15,
    16,
    17,
    31,
    32,
    33,
    63,
    64,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0x7f_ffff,
    0x80_0000,
    0xff_ffff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
    0x0a0b_0c0d,
    0x0d0c_0908,
];

const EDGES64: &[u64] = &[
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    0xffff_ffff_0000_0000,
    0xffff_ffff_ffff_ffff,
    0x8000_0000_7fff_ffff,
];

/// One instruction under test: its text and operand layout.
struct Case {
    op: LaneOp,
    asm: String,
    /// Source widths (0 = absent) of S0, S1, S2.
    src_bits: [u16; 3],
    /// VGPR destination width (0 = none).
    d_bits: u16,
    /// Where the flag goes: none, an SGPR, or EXEC (v_cmpx).
    flag: Flag,
    /// Reads the lane mask s30 or vcc_lo (cndmask select, carry-in).
    mask_in: bool,
    kind: Special,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flag {
    None,
    /// The lane-mask result's SGPR (s20, or vcc_lo for the short encodings).
    Sgpr(usize),
    Exec,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Special {
    None,
    /// `v_readlane_b32 s20, v0, s2`: s20 = lane s2's S0.
    ReadLane,
    /// `v_readfirstlane_b32 s20, v0`: lane 0 (EXEC is all ones).
    ReadFirstLane,
    /// `v_writelane_b32 v10, s1, s2`: lane s2 of v10 = s1.
    WriteLane,
}

/// The instruction text for a table row with the test's operand layout, or `None` when the
/// row has an operand the layout does not cover.
fn case_of_row(op: &OpInfo, lop: LaneOp, suffix: &str, t16: bool) -> Option<Case> {
    let kind = match op.name.as_str() {
        "v_readlane_b32" => Special::ReadLane,
        "v_readfirstlane_b32" => Special::ReadFirstLane,
        "v_writelane_b32" => Special::WriteLane,
        _ => Special::None,
    };
    let mut operands = Vec::new();
    let mut src_bits = [0u16; 3];
    let mut d_bits = 0;
    let mut flag = if op.name.starts_with("v_cmpx_") {
        Flag::Exec
    } else {
        Flag::None
    };
    let mut mask_in = false;
    let mut sources = 0;
    // t16: 16-bit operands of the short encodings written as low halves (`v0.l`).
    let reg = |base: u32, bits: u16| match bits {
        64 => format!("v[{}:{}]", base, base + 1),
        16 if t16 => format!("v{base}.l"),
        _ => format!("v{base}"),
    };
    for arg in &op.args {
        let bits = arg.width();
        match arg.kind {
            ArgKind::Vdst => {
                d_bits = bits;
                operands.push(reg(10, bits));
            }
            ArgKind::Sdst => {
                if kind == Special::None {
                    flag = Flag::Sgpr(20);
                }
                operands.push("s20".into());
            }
            // VCC before the sources is the lane-mask result, after them the mask read.
            ArgKind::Vcc if sources == 0 => {
                flag = Flag::Sgpr(usize::from(cu32_isa::operand::VCC_LO));
                operands.push("vcc_lo".into());
            }
            ArgKind::Vcc => {
                mask_in = true;
                operands.push("vcc_lo".into());
            }
            ArgKind::Src0 => {
                sources += 1;
                src_bits[0] = bits;
                operands.push(if kind == Special::WriteLane {
                    "s1".into()
                } else {
                    reg(0, bits)
                });
            }
            ArgKind::Src1 | ArgKind::Vsrc1 => {
                sources += 1;
                src_bits[1] = bits;
                operands.push(if matches!(kind, Special::ReadLane | Special::WriteLane) {
                    src_bits[1] = 0;
                    "s2".into()
                } else {
                    reg(2, bits)
                });
            }
            ArgKind::Src2 if arg.accept == Accept::Sgpr => {
                mask_in = true;
                operands.push("s30".into());
            }
            ArgKind::Src2 => {
                sources += 1;
                src_bits[2] = bits;
                operands.push(reg(4, bits));
            }
            _ => return None,
        }
    }
    Some(Case {
        op: lop,
        asm: format!("{}{suffix} {}", op.name, operands.join(", ")),
        src_bits,
        d_bits,
        flag,
        mask_in,
        kind,
    })
}

/// The case of a mnemonic: its VOP3/VOP3SD encoding when the assembler takes it with
/// all-VGPR operands (`_e64` forces it where a short encoding exists), else the short one.
fn case(name: &str, lop: LaneOp) -> Case {
    let rows = cu32_isa::tables().by_name(name);
    let long = rows
        .iter()
        .filter(|o| matches!(o.format, Format::Vop3 | Format::Vop3sd));
    let short = rows
        .iter()
        .filter(|o| matches!(o.format, Format::Vop1 | Format::Vop2 | Format::Vopc));
    let has_short = short.clone().next().is_some();
    let mut tries = Vec::new();
    for op in long {
        tries.push((*op, if has_short { "_e64" } else { "" }, false));
        tries.push((*op, "", false));
    }
    for op in short {
        tries.push((*op, "_e32", false));
        tries.push((*op, "_e32", true));
    }
    for (op, suffix, t16) in tries {
        if let Some(c) = case_of_row(op, lop, suffix, t16) {
            if cu32_isa::asm::assemble(&c.asm, "t.s").is_ok() {
                return c;
            }
        }
    }
    panic!("{name}: no encoding assembles with the test's operands");
}

/// One lane input and the model's answer for it.
#[derive(Clone, Debug)]
struct Vector {
    case: usize,
    op: LaneOp,
    a: u64,
    b: u64,
    c: u64,
    cin: bool,
    lane: u8,
    /// Model: destination value (masked to its width) and flag; `None` = not compared.
    d: Option<u64>,
    flag: Option<bool>,
}

fn mask(bits: u16) -> u64 {
    match bits {
        0 => 0,
        64 => u64::MAX,
        b => (1u64 << b) - 1,
    }
}

/// Edge values combined in pairs (and, with `c` rotating, triples).
const PAIR_EDGES: &[u64] = &[
    0,
    1,
    15,
    16,
    31,
    32,
    0x7fff,
    0x8000,
    0xffff,
    0x80_0000,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
];

/// Edge values combined in all triples (three-source operations).
const SMALL: &[u64] = &[0, 1, 0x7fff, 0x8000, 0x7fff_ffff, 0xffff_ffff];

/// Register-level operand triples for a case. One case per lane operation (and width
/// class: with or without 64-bit sources; the one with the widest sources) gets every edge
/// value, edge pairs (triples with a rotating third value, and all triples of `SMALL`)
/// and 48 random sets; the others (`v_cmpx_*` besides `v_cmp_*`, `v_min_u16` besides
/// `v_min_u32`, ...) get every edge value as S0 with rotating S1/S2 and 24 random sets.
/// The budget keeps the debug-build test under a minute.
fn operand_sets(c: &Case, full: bool, rng: &mut Rng) -> Vec<[u64; 3]> {
    let n_src = c.src_bits.iter().filter(|&&b| b != 0).count()
        + usize::from(matches!(c.kind, Special::ReadLane | Special::WriteLane));
    let wide = c.src_bits.contains(&64);
    let with64 = |e: &[u64]| -> Vec<u64> {
        if wide {
            e.iter().chain(EDGES64).copied().collect()
        } else {
            e.to_vec()
        }
    };
    let edges = with64(EDGES);
    let pairs = with64(PAIR_EDGES);
    let mut sets = Vec::new();
    for (i, &a) in edges.iter().enumerate() {
        sets.push([
            a,
            edges[(i * 5 + 3) % edges.len()],
            edges[(i * 11 + 7) % edges.len()],
        ]);
    }
    if full && n_src >= 2 {
        for (i, &a) in pairs.iter().enumerate() {
            for (j, &b) in pairs.iter().enumerate() {
                sets.push([a, b, pairs[(i * 7 + j * 3) % pairs.len()]]);
            }
        }
    }
    if full && n_src >= 3 {
        for &a in SMALL {
            for &b in SMALL {
                for &c in SMALL {
                    sets.push([a, b, c]);
                }
            }
        }
    }
    for _ in 0..if full { 48 } else { 24 } {
        let mut r = || {
            let v = rng.next();
            match rng.next() % 4 {
                0 => v & 0xffff_ffff,
                1 => v & 0xffff,
                2 => v & 0x3f,
                _ => v,
            }
        };
        sets.push([r(), r(), r()]);
    }
    sets
}

/// Runs the cases' operand sets on the golden model, 32 lanes at a time.
fn model_vectors(cases: &[Case], rng: &mut Rng) -> Vec<Vector> {
    let mut out = Vec::new();
    // The fully covered case of each lane operation and width class: the widest sources
    // (16-bit forms of an operation use the 32-bit datapath), the first of equals.
    let key = |c: &Case| (c.op as usize, c.src_bits.contains(&64), c.kind as usize);
    let mut chosen: HashMap<(usize, bool, usize), usize> = HashMap::new();
    for (ci, c) in cases.iter().enumerate() {
        let width = |i: usize| cases[i].src_bits.iter().max().copied();
        let best = chosen.entry(key(c)).or_insert(ci);
        if width(ci) > width(*best) {
            *best = ci;
        }
    }
    for (ci, c) in cases.iter().enumerate() {
        let full = chosen[&key(c)] == ci;
        let src = format!("{}\ns_endpgm\n", c.asm);
        let program =
            cu32_isa::asm::assemble(&src, "t.s").unwrap_or_else(|e| panic!("{}: {e:?}", c.asm));
        let sets = operand_sets(c, full, rng);
        for (bi, batch) in sets.chunks(LANES).enumerate() {
            let mut m = Machine::new(program.words.clone());
            let cin_mask = rng.next() as u32;
            let sel = (bi * 5 + 3) % LANES;
            {
                let w = m.wave_mut();
                for (l, s) in batch.iter().enumerate() {
                    w.vgpr[0][l] = s[0] as u32;
                    w.vgpr[1][l] = (s[0] >> 32) as u32;
                    w.vgpr[2][l] = s[1] as u32;
                    w.vgpr[3][l] = (s[1] >> 32) as u32;
                    w.vgpr[4][l] = s[2] as u32;
                    w.vgpr[5][l] = (s[2] >> 32) as u32;
                }
                w.sgpr[30] = cin_mask;
                w.sgpr[usize::from(cu32_isa::operand::VCC_LO)] = cin_mask;
                w.sgpr[2] = sel as u32;
                w.sgpr[1] = batch[0][1] as u32;
            }
            m.run(10)
                .unwrap_or_else(|e| panic!("{}: model: {e}", c.asm));
            let w = m.wave();
            for (l, s) in batch.iter().enumerate() {
                let src = |k: usize| s[k] & mask(c.src_bits[k]);
                let cin = cin_mask >> l & 1 == 1;
                let mut v = Vector {
                    case: ci,
                    op: c.op,
                    a: src(0),
                    b: src(1),
                    c: src(2),
                    cin: cin && c.mask_in,
                    lane: l as u8,
                    d: None,
                    flag: None,
                };
                let vd = u64::from(w.vgpr[10][l]) | (u64::from(w.vgpr[11][l]) << 32);
                match c.kind {
                    Special::None => {
                        if c.d_bits != 0 {
                            v.d = Some(vd & mask(c.d_bits));
                        }
                        v.flag = match c.flag {
                            Flag::None => None,
                            Flag::Sgpr(s) => Some(w.sgpr[s] >> l & 1 == 1),
                            Flag::Exec => Some(w.exec_lanes() >> l & 1 == 1),
                        };
                    }
                    Special::ReadLane if l == sel => v.d = Some(u64::from(w.sgpr[20])),
                    Special::ReadFirstLane if l == 0 => v.d = Some(u64::from(w.sgpr[20])),
                    Special::WriteLane => {
                        // Every lane sees the broadcast scalar; lane `sel` is written.
                        v.a = batch[0][1] & 0xffff_ffff;
                        if l == sel {
                            v.d = Some(vd & 0xffff_ffff);
                        }
                    }
                    _ => {}
                }
                out.push(v);
            }
        }
    }
    out
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

/// The cases (one per mapped mnemonic; `CU32_LANE_FILTER=substring` restricts them, for
/// debugging) and their vectors with the golden model's answers.
fn cases_and_vectors() -> (Vec<Case>, Vec<Vector>) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let by_name: BTreeMap<String, LaneOp> = lane_table()
        .into_iter()
        .map(|(op, l)| (op.name.clone(), l))
        .collect();
    let filter = std::env::var("CU32_LANE_FILTER").unwrap_or_default();
    let cases: Vec<Case> = by_name
        .iter()
        .filter(|(n, _)| n.contains(filter.as_str()))
        .map(|(n, &l)| case(n, l))
        .collect();
    let vectors = model_vectors(&cases, &mut rng);
    (cases, vectors)
}

/// Compares lane results with the model's; panics listing the first mismatches.
fn compare(what: &str, cases: &[Case], vectors: &[Vector], results: &[(u64, bool)]) {
    assert_eq!(
        results.len(),
        vectors.len(),
        "{what}: one result per vector"
    );
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for (v, &(d, flag)) in vectors.iter().zip(results) {
        let c = &cases[v.case];
        let mut bad = false;
        if let Some(want) = v.d {
            let m = if c.kind == Special::None {
                mask(c.d_bits)
            } else {
                0xffff_ffff
            };
            bad |= d & m != want;
        }
        if let Some(want) = v.flag {
            bad |= flag != want;
        }
        if v.d.is_some() || v.flag.is_some() {
            checked += 1;
        }
        if bad && failures.len() < 40 {
            failures.push(format!(
                "{} (lane {:?}): a={:#x} b={:#x} c={:#x} cin={} lane={}: lane d={:#x} flag={} \
                 model d={:x?} flag={:?}",
                c.asm, v.op, v.a, v.b, v.c, v.cin, v.lane, d, flag, v.d, v.flag
            ));
        }
    }
    println!(
        "{what} vs golden model: {} mnemonics, {} vectors checked, {} failures shown",
        cases.len(),
        checked,
        failures.len()
    );
    assert!(failures.is_empty(), "{what}:\n{}", failures.join("\n"));
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
    let hex: String = vectors
        .iter()
        .map(|v| {
            format!(
                "{:02x}{:016x}{:016x}{:016x}{:02x}{:02x}\n",
                v.op as u8,
                v.a,
                v.b,
                v.c,
                u8::from(v.cin),
                v.lane
            )
        })
        .collect();
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
