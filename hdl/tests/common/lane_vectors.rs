//! The golden model's answers for the integer lane, for the lane's test (`cu32_lane` in
//! `src/int_lane/`).
//!
//! For every mnemonic `valu_control::lane_op` maps, a one-instruction program runs on the
//! golden model (`cu32_sim::Machine`) with 32 lanes of operands set in the VGPRs: the VOP3 /
//! VOP3SD encoding (`_e64` where a short one exists) with sources v[0:1], v[2:3], v[4:5],
//! destination v[10:11], scalar result s20 and lane mask s30, or the short encoding
//! (`vcc_lo`, `.l` halves) where the assembler takes no VOP3 form (`v_mov_b16`). Each lane's
//! operands, as the lane sees them (16-bit sources zero-extended from the low half, 32-bit
//! ones zero-extended; `cin` the lane's mask bit), make a [`Vector`] with the model's `d`
//! (as wide as the destination) and `flag` (the lane-mask bit, or EXEC bit for `v_cmpx_*`;
//! the selected lane's SGPR / VGPR for readlane, readfirstlane, writelane). Operands: edge
//! values (0, 1, 0x7fff/0x8000/0xffff, 24-bit and 32-bit signed extremes, all ones, shift
//! counts around 16/32/64, perm selectors, 64-bit extremes) alone, in pairs and in triples,
//! plus values from a fixed-seed xorshift.

use super::Rng;
use cu32_hdl::valu_control::{lane_table, LaneOp};
use cu32_isa::{Accept, ArgKind, Format, OpInfo};
use cu32_sim::Machine;
use std::collections::{BTreeMap, HashMap};

const LANES: usize = 32;

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
pub struct Case {
    pub op: LaneOp,
    pub asm: String,
    /// Source widths (0 = absent) of S0, S1, S2.
    pub src_bits: [u16; 3],
    /// VGPR destination width (0 = none).
    pub d_bits: u16,
    /// Where the flag goes: none, an SGPR, or EXEC (v_cmpx).
    pub flag: Flag,
    /// Reads the lane mask s30 or vcc_lo (cndmask select, carry-in).
    pub mask_in: bool,
    pub kind: Special,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flag {
    None,
    /// The lane-mask result's SGPR (s20, or vcc_lo for the short encodings).
    Sgpr(usize),
    Exec,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
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
pub fn case(name: &str, lop: LaneOp) -> Case {
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
pub struct Vector {
    pub case: usize,
    pub op: LaneOp,
    pub a: u64,
    pub b: u64,
    pub c: u64,
    pub cin: bool,
    pub lane: u8,
    /// Model: destination value (masked to its width) and flag; `None` = not compared.
    pub d: Option<u64>,
    pub flag: Option<bool>,
}

impl Vector {
    /// The lane's inputs as one `$readmemh` line (216 bits): `{op[7:0], a, b, c,
    /// cin[7:0], lane[7:0]}`.
    pub fn hex(&self) -> String {
        format!(
            "{:02x}{:016x}{:016x}{:016x}{:02x}{:02x}",
            self.op as u8,
            self.a,
            self.b,
            self.c,
            u8::from(self.cin),
            self.lane
        )
    }
}

pub fn mask(bits: u16) -> u64 {
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
pub fn model_vectors(cases: &[Case], rng: &mut Rng) -> Vec<Vector> {
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

/// The cases (one per mapped mnemonic; `CU32_LANE_FILTER=substring` restricts them, for
/// debugging) and their vectors with the golden model's answers.
pub fn cases_and_vectors() -> (Vec<Case>, Vec<Vector>) {
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
pub fn compare(what: &str, cases: &[Case], vectors: &[Vector], results: &[(u64, bool)]) {
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
