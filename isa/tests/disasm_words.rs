//! The disassembler on pseudo-random words of every format against llvm-objdump 19.
//!
//! Words are generated per format family with a fixed seed: mostly instructions built from a
//! random table row with random field values (weighted towards what LLVM decodes: unused
//! fields usually zero, sources spread over VGPRs, SGPRs, special registers, inline
//! constants and literals, modifiers, DPP dwords), then with one bit flipped now and then,
//! and also fully random words within the format's fixed encoding bits; a last family is
//! fully random words (other formats: EXP, MIMG, MTBUF, VINTERP, LDSDIR, ...). The whole
//! buffer is disassembled at once by both, and lines are matched by address: every line,
//! `.long` fallbacks included, must be identical.
//!
//! With LLVM 19 installed the check runs live on a large buffer and also checks that the
//! committed expectation `data/disasm_words.expected` (a smaller buffer: one line per
//! LLVM line, hex words, a tab, llvm-objdump's text) is current; `CU32_REGEN=1` rewrites
//! it. Without LLVM the committed expectation is checked instead.

use cu32_isa::disasm::{disassemble, Line};
use cu32_isa::encoding::Dpp;
use cu32_isa::table::Modifier;
use cu32_isa::{tables, ArgKind, Format, Instr, OpInfo};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";
/// Instructions per family in the live check and in the committed expectation.
const LIVE_PER_FAMILY: usize = 3000;
const COMMITTED_PER_FAMILY: usize = 250;

/// xorshift64*: deterministic values without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
    }

    fn below(&mut self, n: u32) -> u32 {
        self.next() % n
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }

    /// A random value of `bits` bits, zero with probability `zero` percent.
    fn field(&mut self, bits: u32, zero: u32) -> u32 {
        if self.chance(zero) {
            0
        } else {
            self.next() & ((1u64 << bits) - 1) as u32
        }
    }
}

/// A format family: a name, its formats in the tables, and its fixed encoding bits
/// `(value, mask)` for fully random words.
struct Family {
    name: &'static str,
    formats: &'static [Format],
    fixed: &'static [(u32, u32)],
}

const FAMILIES: &[Family] = &[
    Family {
        name: "SOP*",
        formats: &[
            Format::Sop2,
            Format::Sopk,
            Format::Sop1,
            Format::Sopc,
            Format::Sopp,
        ],
        fixed: &[
            (0x8000_0000, 0xc000_0000),
            (0xb000_0000, 0xf000_0000),
            (0xbe80_0000, 0xff80_0000),
            (0xbf00_0000, 0xff80_0000),
            (0xbf80_0000, 0xff80_0000),
        ],
    },
    Family {
        name: "SMEM",
        formats: &[Format::Smem],
        fixed: &[(0xf400_0000, 0xfc00_0000)],
    },
    Family {
        name: "VOP1",
        formats: &[Format::Vop1],
        fixed: &[(0x7e00_0000, 0xfe00_0000)],
    },
    Family {
        name: "VOP2",
        formats: &[Format::Vop2],
        fixed: &[(0x0000_0000, 0x8000_0000)],
    },
    Family {
        name: "VOPC",
        formats: &[Format::Vopc],
        fixed: &[(0x7c00_0000, 0xfe00_0000)],
    },
    Family {
        name: "VOP3/VOP3SD",
        formats: &[Format::Vop3, Format::Vop3sd],
        fixed: &[(0xd400_0000, 0xfc00_0000)],
    },
    Family {
        name: "VOP3P",
        formats: &[Format::Vop3p],
        fixed: &[(0xcc00_0000, 0xff00_0000)],
    },
    Family {
        name: "VOPD",
        formats: &[Format::VopdX],
        fixed: &[(0xc800_0000, 0xfc00_0000)],
    },
    Family {
        name: "DPP",
        formats: &[
            Format::Vop1,
            Format::Vop2,
            Format::Vopc,
            Format::Vop3,
            Format::Vop3sd,
            Format::Vop3p,
        ],
        fixed: &[],
    },
    Family {
        name: "DS",
        formats: &[Format::Ds],
        fixed: &[(0xd800_0000, 0xfc00_0000)],
    },
    Family {
        name: "FLAT/GLOBAL/SCRATCH",
        formats: &[Format::Flat, Format::Global, Format::Scratch],
        fixed: &[(0xdc00_0000, 0xfc00_0000)],
    },
    Family {
        name: "MUBUF",
        formats: &[Format::Mubuf],
        fixed: &[(0xe000_0000, 0xfc00_0000)],
    },
    Family {
        name: "other",
        formats: &[],
        fixed: &[(0, 0)],
    },
];

/// Literal values around the printing boundaries, used half of the time.
const LITERALS: &[u32] = &[
    0,
    1,
    64,
    65,
    0xffff_fff0,
    0xffff_ffef,
    0xffff_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x3e22_f983,
    0x3c00,
    0xbc00,
    0x3118,
    0x3f80,
    0x3e22,
    0x3ff0_0000,
    0xbff0_0000,
    0x3fc4_5f30,
    0xffff,
    0xfff0,
    0x8000,
    0x1_0000,
    0x1_0005,
    0x1234_3c00,
];

/// A 9-bit source code: mostly VGPRs, then SGPRs, constants, special codes, anything.
fn source(r: &mut Rng) -> u16 {
    (match r.below(20) {
        0..=8 => 256 + r.below(256),
        9..=11 => r.below(106),
        12 => {
            let ttmp = 108 + r.below(16);
            r.pick(&[106, 107, 124, 125, 126, 127, ttmp])
        }
        13 => r.pick(&[235, 236, 237, 238, 239, 251, 252, 253, 254]),
        14..=15 => 128 + r.below(81),
        16 => 240 + r.below(9),
        17..=18 => 255,
        _ => r.below(512),
    }) as u16
}

fn dpp(r: &mut Rng) -> Dpp {
    if r.chance(60) {
        let ctrl = if r.chance(85) {
            let low = r.below(16);
            let base = r.pick(&[0x100, 0x110, 0x120, 0x140, 0x150, 0x160]);
            if r.chance(40) {
                r.below(256)
            } else {
                base + low
            }
        } else {
            r.below(512)
        };
        Dpp::Dpp16 {
            ctrl: ctrl as u16,
            fi: r.chance(30),
            bc: r.chance(30),
            mods: r.field(4, 60) as u8,
            bank_mask: r.field(4, 10) as u8,
            row_mask: r.field(4, 10) as u8,
        }
    } else {
        Dpp::Dpp8 {
            sel: r.next() & 0xff_ffff,
            fi: r.chance(30),
        }
    }
}

/// An instruction of a random row of `formats`, with random fields.
fn row_instr(r: &mut Rng, formats: &[Format], with_dpp: bool) -> Vec<u32> {
    // DPP words mostly from rows that have a DPP form.
    let dpp_rows = with_dpp && r.chance(85);
    let has_dpp = |o: &OpInfo| {
        [Modifier::Dpp, Modifier::Dpp16, Modifier::Dpp8]
            .iter()
            .any(|&m| o.has_mod(m))
    };
    let rows: Vec<&'static OpInfo> = tables()
        .ops()
        .iter()
        .filter(|o| formats.contains(&o.format) && (!dpp_rows || has_dpp(o)))
        .collect();
    let op = r.pick(&rows);
    let mut i = Instr::new(op);
    let f = op.format;
    match f {
        Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp => {
            i.sdst = r.below(128) as u8;
            i.ssrc0 = source(r) as u8;
            i.ssrc1 = source(r) as u8;
            i.simm16 = r.next() as u16;
        }
        Format::Smem => {
            i.sdata = r.field(7, 0) as u8;
            i.sbase = (r.field(6, 0) << 1) as u8;
            i.soffset = if r.chance(50) {
                124
            } else {
                r.below(128) as u8
            };
            i.offset = if r.chance(40) {
                0
            } else {
                ((r.next() << 11) as i32) >> 11
            };
            (i.glc, i.dlc) = (r.chance(30), r.chance(30));
        }
        Format::Vop1 | Format::Vop2 | Format::Vopc => {
            let dst = op.arg(ArgKind::Vdst).or(op.arg(ArgKind::Sdst)).is_some();
            i.vdst = if dst || r.chance(10) {
                r.next() as u8
            } else {
                0
            };
            i.src0 = source(r);
            i.src1 = 256 + r.below(256) as u16;
        }
        Format::Vop3 | Format::Vop3sd | Format::Vop3p => {
            i.vdst = r.next() as u8;
            // Fields of sources the row lacks are mostly zero.
            let field = |r: &mut Rng, k| {
                if op.arg(k).is_some() || r.chance(10) {
                    source(r)
                } else {
                    0
                }
            };
            i.src0 = field(r, ArgKind::Src0);
            i.src1 = field(r, ArgKind::Src1);
            i.src2 = field(r, ArgKind::Src2);
            i.sdst = r.below(128) as u8;
            i.abs = r.field(3, 60) as u8;
            i.neg = r.field(3, 60) as u8;
            i.neg_hi = r.field(3, 60) as u8;
            i.opsel = r.field(4, 50) as u8;
            i.opsel_hi = if r.chance(50) {
                7
            } else {
                r.field(3, 30) as u8
            };
            i.clamp = r.chance(20);
            i.omod = r.field(2, 75) as u8;
        }
        Format::VopdX | Format::VopdY => {
            let ys: Vec<&'static OpInfo> = tables().of_format(Format::VopdY).collect();
            i.op_y = Some(r.pick(&ys));
            i.vdst = r.next() as u8;
            i.vdst_y = ((r.next() as u8) & !1) | (!i.vdst & 1);
            // `v_dual_mov_b32` has no VSRC1.
            let vsrc1 = |r: &mut Rng, o: &OpInfo| {
                let used = o.arg(ArgKind::Vsrc1).is_some() || r.chance(10);
                256 + if used { r.below(256) as u16 } else { 0 }
            };
            i.src0 = source(r);
            i.src1 = vsrc1(r, op);
            i.src0_y = source(r);
            i.src1_y = vsrc1(r, i.op_y.unwrap_or(op));
        }
        Format::Ds => {
            let used = |r: &mut Rng, k| {
                if op.arg(k).is_some() || r.chance(5) {
                    r.next() as u8
                } else {
                    0
                }
            };
            i.vdst = used(r, ArgKind::Vdst);
            i.addr = used(r, ArgKind::Addr);
            i.data0 = used(r, ArgKind::Data0);
            i.data1 = used(r, ArgKind::Data1);
            i.offset = r.field(8, 40) as i32;
            i.offset1 = r.field(8, 40) as u8;
            i.gds = r.chance(20);
        }
        Format::Flat | Format::Global | Format::Scratch => {
            (i.vdst, i.addr, i.data0) = (r.next() as u8, r.next() as u8, r.next() as u8);
            i.saddr = if r.chance(50) {
                124
            } else {
                r.below(128) as u8
            };
            i.sve = r.chance(if f == Format::Scratch { 50 } else { 5 });
            i.offset = ((r.field(13, 40) << 19) as i32) >> 19;
            (i.glc, i.slc, i.dlc) = (r.chance(40), r.chance(30), r.chance(30));
        }
        Format::Mubuf => {
            (i.vdst, i.addr, i.data0) = (0, r.next() as u8, r.next() as u8);
            i.srsrc = (r.field(5, 0) << 2) as u8;
            i.soffset = if r.chance(70) {
                r.below(128) as u8
            } else {
                source(r) as u8
            };
            i.offset = r.field(12, 40) as i32;
            (i.glc, i.slc, i.dlc) = (r.chance(40), r.chance(30), r.chance(30));
            (i.offen, i.idxen, i.tfe) = (r.chance(50), r.chance(40), r.chance(15));
        }
    }
    if with_dpp {
        let d = dpp(r);
        // The DPP dword carries src0, a VGPR.
        i.src0 = 256 + r.below(256) as u16;
        i.dpp = Some(d);
    }
    if i.needs_literal() {
        i.literal = Some(if r.chance(50) {
            r.pick(LITERALS)
        } else {
            r.next()
        });
    }
    let mut words = i.encode();
    if r.chance(8) {
        let n = r.below(words.len() as u32 * 32);
        words[(n / 32) as usize] ^= 1 << (n % 32);
    }
    words
}

/// Random words of a family: `(first word index, family index)` per instruction, and the
/// words.
fn generate(per_family: usize, seed: u64) -> (Vec<(usize, usize)>, Vec<u32>) {
    let mut r = Rng(seed);
    let mut starts = Vec::new();
    let mut words = Vec::new();
    for (fi, family) in FAMILIES.iter().enumerate() {
        for _ in 0..per_family {
            starts.push((words.len(), fi));
            let dpp_family = family.name == "DPP";
            if !dpp_family && (family.formats.is_empty() || r.chance(25)) {
                let (value, mask) = r.pick(family.fixed);
                words.push(value | (r.next() & !mask));
                for _ in 0..r.below(3) {
                    words.push(r.next());
                }
            } else {
                words.extend(row_instr(&mut r, family.formats, dpp_family));
            }
        }
    }
    (starts, words)
}

fn llvm_present() -> bool {
    Path::new(LLVM_BIN).join("llvm-mc").exists()
        && Path::new(LLVM_BIN).join("llvm-objdump").exists()
}

/// llvm-objdump's lines for the buffer: `(word index, text)`.
fn llvm_lines(words: &[u32], tag: &str) -> Vec<(usize, String)> {
    let dir = std::env::temp_dir().join(format!("cu32-disasm-words-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src: String = words.iter().map(|w| format!(".long 0x{w:08x}\n")).collect();
    std::fs::write(dir.join("w.s"), src).unwrap();
    let status = Command::new(Path::new(LLVM_BIN).join("llvm-mc"))
        .args([
            "-triple=amdgcn-amd-amdhsa",
            "-mcpu=gfx1100",
            "-filetype=obj",
            "-o",
        ])
        .arg(dir.join("w.o"))
        .arg(dir.join("w.s"))
        .status()
        .unwrap();
    assert!(status.success());
    let out = Command::new(Path::new(LLVM_BIN).join("llvm-objdump"))
        .args(["-d", "--mcpu=gfx1100"])
        .arg(dir.join("w.o"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('\t'))
        .map(|l| {
            let (text, comment) = l.rsplit_once("// ").expect("address comment");
            let addr = comment.trim().split(':').next().unwrap();
            let addr = usize::from_str_radix(addr, 16).unwrap();
            (addr / 4, text.trim().to_string())
        })
        .collect()
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

const EXPECTED: &str = "disasm_words.expected";

/// The committed expectation format: per LLVM line, its words in hex and its text.
fn format_expected(words: &[u32], lines: &[(usize, String)]) -> String {
    lines
        .iter()
        .enumerate()
        .map(|(n, (at, text))| {
            let end = lines.get(n + 1).map_or(words.len(), |l| l.0);
            let hex: Vec<String> = words[*at..end].iter().map(|w| format!("{w:08x}")).collect();
            format!("{}\t{text}\n", hex.join(" "))
        })
        .collect()
}

/// Encodings cu32 does not cover, by the fixed bits of their first word `(name, value,
/// mask)`: LLVM decodes them, we print `.long`.
const OUT_OF_SCOPE: &[(&str, u32, u32)] = &[
    ("EXP", 0xf800_0000, 0xfc00_0000),
    ("MIMG", 0xf000_0000, 0xfc00_0000),
    ("MTBUF", 0xe800_0000, 0xfc00_0000),
    ("VINTERP", 0xcd00_0000, 0xff00_0000),
    ("LDSDIR", 0xce00_0000, 0xff00_0000),
];

/// Compares our disassembly of `words` with LLVM's `(word index, text)` lines; panics
/// with the first mismatches. Prints per family how many lines were compared.
///
/// LLVM lines of the out-of-scope encodings (and our `.long` lines for the words they
/// cover) are counted, not compared; every other line is compared.
fn compare(starts: &[(usize, usize)], words: &[u32], llvm: &[(usize, String)], source: &str) {
    let ours: BTreeMap<usize, Line> = disassemble(words)
        .into_iter()
        .map(|l| (l.addr as usize / 4, l))
        .collect();
    let family_of = |at: usize| starts[starts.partition_point(|s| s.0 <= at) - 1].1;
    let theirs: BTreeMap<usize, &str> = llvm.iter().map(|(a, t)| (*a, t.as_str())).collect();
    // Words from such an LLVM line up to the next address where both sides start a line.
    let mut outside = BTreeSet::new();
    for (n, (at, text)) in llvm.iter().enumerate() {
        let ours_long = ours.get(at).is_some_and(|l| l.text.starts_with(".long"));
        let out_of_scope = OUT_OF_SCOPE.iter().any(|&(_, v, m)| words[*at] & m == v);
        if ours_long && !text.starts_with(".long") && out_of_scope {
            let end = llvm.get(n + 1).map_or(words.len(), |l| l.0);
            let resync = (end..words.len())
                .find(|a| ours.contains_key(a) && theirs.contains_key(a))
                .unwrap_or(words.len());
            outside.extend(*at..resync);
        }
    }
    // Per family: lines compared, lines LLVM decoded as instructions, mismatches, and lines
    // of out-of-scope encodings.
    let mut counts = vec![[0usize; 4]; FAMILIES.len()];
    let mut mismatches = Vec::new();
    let addrs: BTreeSet<usize> = ours.keys().chain(theirs.keys()).copied().collect();
    for at in addrs {
        let c = &mut counts[family_of(at)];
        let l = theirs.get(&at).copied();
        if outside.contains(&at) {
            c[3] += usize::from(l.is_some());
            continue;
        }
        c[0] += 1;
        if l.is_some_and(|t| !t.starts_with(".long")) {
            c[1] += 1;
        }
        let o = ours.get(&at).map(|l| l.text.as_str());
        if o != l {
            c[2] += 1;
            let before = &words[at.saturating_sub(3)..at];
            let w = &words[at..(at + 4).min(words.len())];
            mismatches.push(format!(
                "@{at} {w:08x?} (after {before:08x?}):\n  ours {o:?}\n  llvm {l:?}"
            ));
        }
    }
    println!("disassembly of random words against {source}:");
    for (family, [lines, decoded, bad, outside]) in FAMILIES.iter().zip(&counts) {
        println!(
            "  {:20} {lines:6} lines compared ({decoded} instructions), {bad} mismatches; \
             {outside} lines of out-of-scope encodings (EXP, MIMG, MTBUF, VINTERP, LDSDIR)",
            family.name
        );
    }
    assert!(
        mismatches.is_empty(),
        "{} lines differ:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(600)].join("\n")
    );
}

const LIVE_SEED: u64 = 0x2545_f491_4f6c_dd1d;
const COMMITTED_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

#[test]
fn random_words_match_llvm_objdump() {
    if !llvm_present() {
        eprintln!("warning: LLVM 19 not found in {LLVM_BIN}; live random-word check skipped");
        return;
    }
    let (starts, words) = generate(LIVE_PER_FAMILY, LIVE_SEED);
    let llvm = llvm_lines(&words, "live");
    compare(&starts, &words, &llvm, "live llvm-objdump 19");
}

/// The committed expectation: LLVM's lines for the smaller buffer.
fn committed() -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(data(EXPECTED)).expect("expectation file");
    let mut at = 0;
    text.lines()
        .map(|l| {
            let (hex, text) = l.split_once('\t').expect("words<TAB>text");
            let line = (at, text.to_string());
            at += hex.split(' ').count();
            line
        })
        .collect()
}

#[test]
fn random_words_match_committed_expectation() {
    let (starts, words) = generate(COMMITTED_PER_FAMILY, COMMITTED_SEED);
    if llvm_present() {
        let live = format_expected(&words, &llvm_lines(&words, "committed"));
        if std::env::var_os("CU32_REGEN").is_some() {
            std::fs::write(data(EXPECTED), &live).unwrap();
        }
        let file = std::fs::read_to_string(data(EXPECTED)).unwrap_or_default();
        assert!(
            file == live,
            "data/{EXPECTED} is stale; regenerate with CU32_REGEN=1 cargo test -p cu32-isa --test disasm_words"
        );
    }
    compare(
        &starts,
        &words,
        &committed(),
        &format!("committed {EXPECTED}"),
    );
}
