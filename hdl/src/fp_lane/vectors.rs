//! The golden model's answers for the FP32 lane: each case is one VOP3 instruction run
//! on `cu32_sim::Machine` with 32 lanes of operands in v0, v2, v4 (destination v10,
//! compare results in s20), under one MODE and one set of modifiers per batch of 32.

use super::{fp_op, FpOp};
use crate::test_common::Rng;
use cu32_isa::table::{ArgType, Modifier};
use cu32_isa::{ArgKind, Format, Mn};
use cu32_sim::Machine;
use std::collections::HashMap;
use std::fmt;

const LANES: usize = 32;

/// Random operand sets per case.
const RANDOM: usize = 4000;

/// Edge operands: zeros, denormals (smallest, largest), the smallest normals, ones and
/// values around them (rounding ties against 1.0 with 2^-24), powers of two at the ends
/// of the range, the largest finite, infinities, quiet and signalling NaNs with payloads.
const EDGES: &[u32] = &[
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x0040_0000,
    0x0080_0000,
    0x8080_0000,
    0x0080_0001,
    0x00ff_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x3f80_0001,
    0x3f7f_ffff,
    0x3fff_ffff,
    0x4000_0000,
    0x3f00_0000,
    0x3e80_0000,
    0x3380_0000,
    0xb380_0000,
    0x3400_0000,
    0x4b00_0000,
    0x4b7f_ffff,
    0x0c80_0000,
    0x1a00_0001,
    0x5f80_0000,
    0x7f00_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc1_2345,
    0x7fa0_0001,
    0xff80_0001,
];

/// Edges combined in all triples (three-source operations).
const SMALL: &[u32] = &[
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x807f_ffff,
    0x0080_0000,
    0x3f80_0000,
    0xbf80_0001,
    0x3380_0000,
    0x7f7f_ffff,
    0xff80_0000,
    0x7fc0_0001,
    0xff80_0001,
];

/// One instruction under test.
struct Case {
    name: &'static str,
    op: FpOp,
    /// Sources read.
    srcs: usize,
    /// Its result is a lane mask (compares, class), not a VGPR.
    mask: bool,
    /// Sources that are floats (abs and neg apply), from the VOP3 row.
    floats: u8,
    /// The source that is an integer, if one is: its operands are drawn as integers
    /// (ldexp's exponent, class's mask, a conversion's integer).
    int_src: Option<usize>,
    clamp: bool,
    omod: bool,
}

/// One lane input and the model's answer for it.
#[derive(Clone, Debug)]
pub struct Vector {
    pub name: &'static str,
    pub op: FpOp,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    /// Input modifiers, a bit per source.
    pub neg: u8,
    pub abs: u8,
    pub clamp: bool,
    pub omod: u8,
    /// MODE (round bits 3:0, f32 denormals 5:4, DX10_CLAMP 8, IEEE 9).
    pub mode: u32,
    /// Model: the destination and the compare result; `None` = not compared.
    pub d: Option<u32>,
    pub flag: Option<bool>,
}

impl Vector {
    /// The lane's inputs as one `$readmemh` line (120 bits): `{op[7:0], a, b, c, neg[3:0],
    /// abs[3:0], {0, clamp, omod}, {denorm[1:0], ieee, dx10}}`.
    pub fn hex(&self) -> String {
        let m = self.mode;
        let mode = (m >> 4 & 3) << 2 | (m >> 9 & 1) << 1 | (m >> 8 & 1);
        format!(
            "{:02x}{:08x}{:08x}{:08x}{:x}{:x}{:x}{:x}",
            self.op as u8,
            self.a,
            self.b,
            self.c,
            self.neg,
            self.abs,
            u8::from(self.clamp) << 2 | self.omod,
            mode
        )
    }
}

impl fmt::Display for Vector {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} a={:08x} b={:08x} c={:08x} neg={} abs={} clamp={} omod={} mode={:#x}: model \
             d={:x?} flag={:?}",
            self.name,
            self.a,
            self.b,
            self.c,
            self.neg,
            self.abs,
            self.clamp,
            self.omod,
            self.mode,
            self.d,
            self.flag
        )
    }
}

/// The instruction text: `_e64` where a short encoding exists; `-|vN|` modifiers, clamp,
/// `mul:2`/`mul:4`/`div:2`.
fn text(c: &Case, v: &Vector) -> String {
    let rows = cu32_isa::tables().by_name(c.name);
    let short = rows
        .iter()
        .any(|o| matches!(o.format, Format::Vop1 | Format::Vop2 | Format::Vopc));
    let dst = if c.mask { "s20" } else { "v10" };
    let mut s = format!("{}{} {dst}", c.name, if short { "_e64" } else { "" });
    for k in 0..c.srcs {
        let r = format!("v{}", 2 * k);
        let r = if v.abs >> k & 1 == 1 {
            format!("|{r}|")
        } else {
            r
        };
        let r = if v.neg >> k & 1 == 1 {
            format!("-{r}")
        } else {
            r
        };
        s += &format!(", {r}");
    }
    if v.clamp {
        s += " clamp";
    }
    s += ["", " mul:2", " mul:4", " div:2"][usize::from(v.omod)];
    s
}

/// The cases: the VOP3 form of every mnemonic [`fp_op`] maps but the accumulator,
/// literal and VOPD forms (the same operations with other operands) and `v_cmpx_*`
/// (`v_cmp_*` with another destination).
fn cases() -> Vec<Case> {
    let filter = std::env::var("CU32_FP_LANE_FILTER").unwrap_or_default();
    let mut out = Vec::new();
    for (&mn, &name) in Mn::ALL.iter().zip(Mn::NAMES) {
        let Some(op) = fp_op(mn) else { continue };
        let skip = ["v_fmac", "v_fmamk", "v_fmaak", "v_dual_", "v_cmpx_"];
        if skip.iter().any(|p| name.starts_with(p)) || !name.contains(filter.as_str()) {
            continue;
        }
        let rows = cu32_isa::tables().by_name(name);
        let Some(row) = rows.iter().find(|r| r.format == Format::Vop3) else {
            panic!("{name} has no VOP3 form");
        };
        let sources: Vec<_> = row
            .args
            .iter()
            .filter(|a| matches!(a.kind, ArgKind::Src0 | ArgKind::Src1 | ArgKind::Src2))
            .collect();
        let floats = (0..sources.len())
            .filter(|&k| sources[k].ty == ArgType::F32)
            .fold(0u8, |m, k| m | 1 << k);
        out.push(Case {
            name,
            op,
            srcs: sources.len(),
            mask: row.args.iter().any(|a| a.kind == ArgKind::Sdst),
            floats,
            int_src: (0..sources.len()).find(|&k| sources[k].ty != ArgType::F32),
            clamp: row.mods.contains(&Modifier::Clamp),
            omod: row.mods.contains(&Modifier::Omod),
        });
    }
    out
}

/// A random f32 operand, from one of several classes (any bits, near 1.0, tiny, huge,
/// edges, short significands that make ties, the middle of the range).
fn random_operand(rng: &mut Rng) -> u32 {
    let r = rng.next();
    let sign = (r >> 63) as u32;
    let frac = (r >> 8) as u32 & 0x7f_ffff;
    let exp = match rng.below(8) {
        0 => return r as u32,
        1 => 119 + rng.below(17),
        2 => rng.below(9),
        3 => 240 + rng.below(15),
        4 => return EDGES[rng.below(EDGES.len() as u64) as usize],
        5 => return (sign << 31) | (100 + rng.below(54)) << 23 | (frac & 0x7f_f000),
        _ => 100 + rng.below(54),
    };
    sign << 31 | exp << 23 | frac
}

/// `x` moved by a few units in the last place (the same sign and, mostly, binade).
fn near(rng: &mut Rng, x: u32) -> u32 {
    let delta = rng.below(5);
    if rng.below(2) == 0 {
        x.wrapping_add(delta)
    } else {
        x.wrapping_sub(delta)
    }
}

/// Operand triples for a case: every edge as S0 (S1, S2 rotating), every pair of edges
/// (S2 rotating), every triple of `SMALL` for three sources, each under the four f32
/// denormal modes; then `RANDOM` random triples, a third of them with S2 (the fma) or S1
/// (the adds) close to minus the product or S0, for cancellation.
fn operand_sets(c: &Case, rng: &mut Rng) -> Vec<([u32; 3], u32)> {
    let n = EDGES.len();
    let mut edge = Vec::new();
    for (i, &a) in EDGES.iter().enumerate() {
        edge.push([a, EDGES[(i * 5 + 3) % n], EDGES[(i * 11 + 7) % n]]);
    }
    for (i, &a) in EDGES.iter().enumerate() {
        for (j, &b) in EDGES.iter().enumerate() {
            edge.push([a, b, EDGES[(i * 7 + j * 3) % n]]);
        }
    }
    if c.srcs == 3 {
        for &a in SMALL {
            for &b in SMALL {
                for &x in SMALL {
                    edge.push([a, b, x]);
                }
            }
        }
    }
    let mut sets = Vec::new();
    for den in 0..4 {
        sets.extend(edge.iter().map(|&s| (s, den)));
    }
    let random = if c.mask && c.int_src.is_none() {
        RANDOM / 4
    } else {
        RANDOM
    };
    for _ in 0..random {
        let a = random_operand(rng);
        let mut b = random_operand(rng);
        let mut x = random_operand(rng);
        if rng.below(3) == 0 {
            if c.srcs == 3 {
                let p = f32::from_bits(a) * f32::from_bits(b);
                x = near(rng, (-p).to_bits());
            } else {
                let flip = rng.below(2) << 31;
                b = near(rng, a ^ flip);
            }
        }
        sets.push(([a, b, x], rng.below(4)));
    }
    if let Some(k) = c.int_src {
        // An integer source: a class mask (random, or one class alone), ldexp's exponent
        // (small, around the range's ends, or any), a conversion's integer (any, small,
        // around 2^24 and 2^31).
        let edges = [
            0,
            1,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            0x0100_0001,
            0xff00_0001,
        ];
        for (i, (s, _)) in sets.iter_mut().enumerate() {
            let r = rng.next();
            s[k] = match (c.op, rng.below(4)) {
                (FpOp::Class, 0) => 1 << rng.below(10),
                (FpOp::Ldexp, 0 | 1) => ((r % 601) as u32).wrapping_sub(300),
                (FpOp::Ldexp, 2) => [-512, 511, -513, 512, -149, -150, 127, 128, 254][i % 9] as u32,
                (_, 0) if c.op != FpOp::Class => edges[i % edges.len()],
                (_, 1) if c.op != FpOp::Class => (r as u32) >> rng.below(32),
                _ => r as u32,
            };
        }
    }
    sets
}

/// Every case's operand sets run on the golden model, 32 lanes (one MODE and one set of
/// modifiers) at a time.
pub fn model_vectors() -> Vec<Vector> {
    let mut rng = Rng(0x0f32_1a4e_9e37_79b9);
    let mut programs: HashMap<String, Vec<u32>> = HashMap::new();
    let mut out = Vec::new();
    for c in cases() {
        let sets = operand_sets(&c, &mut rng);
        // Batches share a denormal mode: group the sets by it.
        for den in 0..4 {
            let of_mode: Vec<[u32; 3]> = sets
                .iter()
                .filter(|(_, d)| *d == den)
                .map(|(s, _)| *s)
                .collect();
            for batch in of_mode.chunks(LANES) {
                // Float sources take abs and neg; clamp and OMOD where the row has them.
                let src_mask = c.floats;
                let mods = |rng: &mut Rng| -> u8 {
                    if rng.below(2) == 0 {
                        rng.below(8) as u8 & src_mask
                    } else {
                        0
                    }
                };
                let mode = den << 4 | rng.below(2) << 8 | rng.below(2) << 9;
                let mut proto = Vector {
                    name: c.name,
                    op: c.op,
                    a: 0,
                    b: 0,
                    c: 0,
                    neg: mods(&mut rng),
                    abs: mods(&mut rng),
                    clamp: c.clamp && rng.below(4) == 0,
                    omod: if c.omod && rng.below(4) == 0 {
                        1 + rng.below(3) as u8
                    } else {
                        0
                    },
                    mode,
                    d: None,
                    flag: None,
                };
                let asm = text(&c, &proto);
                let words = programs.entry(asm.clone()).or_insert_with(|| {
                    cu32_isa::asm::assemble(&format!("{asm}\ns_endpgm\n"), "t.s")
                        .unwrap_or_else(|e| panic!("{asm}: {e:?}"))
                        .words
                });
                let mut m = Machine::new(words.clone());
                {
                    let w = m.wave_mut();
                    w.mode = mode;
                    for (l, s) in batch.iter().enumerate() {
                        w.vgpr[0][l] = s[0];
                        w.vgpr[2][l] = s[1];
                        w.vgpr[4][l] = s[2];
                    }
                }
                m.run(10).unwrap_or_else(|e| panic!("{asm}: model: {e}"));
                let w = m.wave();
                for (l, s) in batch.iter().enumerate() {
                    proto.a = s[0];
                    proto.b = if c.srcs >= 2 { s[1] } else { 0 };
                    proto.c = if c.srcs == 3 { s[2] } else { 0 };
                    if c.mask {
                        proto.flag = Some(w.sgpr[20] >> l & 1 == 1);
                    } else {
                        proto.d = Some(w.vgpr[10][l]);
                    }
                    out.push(proto.clone());
                }
            }
        }
    }
    out
}
