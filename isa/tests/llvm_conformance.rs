//! Assembler and disassembler against LLVM 19, line by line over
//! `data/scalar_corpus.s`: our bytes must equal llvm-mc's, our disassembly text must equal
//! llvm-objdump's, and our disassembly must reassemble to the same bytes. LLVM is run live
//! when `/usr/lib/llvm-19/bin` has it; otherwise the committed `data/scalar_corpus.expected`
//! (one line per corpus line: hex words, a tab, llvm-objdump's text) stands in for it.
//! With LLVM present, a test also checks that the committed expectation is current;
//! `CU32_REGEN=1` rewrites it.

use cu32_isa::asm::assemble;
use cu32_isa::disasm::disassemble;
use cu32_isa::{decode, tables, Format};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The corpus instruction lines (comments and blank lines dropped).
fn corpus() -> Vec<String> {
    let text = std::fs::read_to_string(data("scalar_corpus.s")).expect("corpus");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(str::to_string)
        .collect()
}

/// What LLVM makes of one corpus line: its words and llvm-objdump's text.
#[derive(Clone, Debug, PartialEq)]
struct Expected {
    words: Vec<u32>,
    text: String,
}

fn llvm_present() -> bool {
    Path::new(LLVM_BIN).join("llvm-mc").exists()
        && Path::new(LLVM_BIN).join("llvm-objdump").exists()
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run LLVM tool");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs llvm-mc (encodings) and llvm-objdump (text) over the corpus.
fn live_expectations(lines: &[String]) -> Vec<Expected> {
    // One folder per call: tests run in parallel.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("cu32-conformance-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("corpus.s");
    let obj = dir.join("corpus.o");
    std::fs::write(&src, lines.join("\n") + "\n").unwrap();
    let mc = |extra: &[&str]| {
        let mut c = Command::new(Path::new(LLVM_BIN).join("llvm-mc"));
        c.args(["-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100"])
            .args(extra)
            .arg(&src);
        c
    };
    let encodings: Vec<Vec<u32>> = run(&mut mc(&["-show-encoding"]))
        .lines()
        .filter_map(|l| l.split_once("; encoding: [").map(|(_, b)| b))
        .map(|bytes| {
            let bytes: Vec<u8> = bytes
                .trim_end_matches(']')
                .split(',')
                .map(|b| u8::from_str_radix(b.trim_start_matches("0x"), 16).unwrap())
                .collect();
            bytes
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        })
        .collect();
    let obj_arg = format!("-o={}", obj.display());
    run(&mut mc(&["-filetype=obj", &obj_arg]));
    let texts: Vec<String> = run(Command::new(Path::new(LLVM_BIN).join("llvm-objdump"))
        .args(["-d", "--mcpu=gfx1100"])
        .arg(&obj))
    .lines()
    .filter(|l| l.starts_with('\t'))
    .map(|l| {
        l.rsplit_once("// ")
            .map_or(l, |(text, _)| text)
            .trim()
            .to_string()
    })
    .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        encodings.len(),
        lines.len(),
        "llvm-mc encodings per corpus line"
    );
    assert_eq!(
        texts.len(),
        lines.len(),
        "llvm-objdump lines per corpus line"
    );
    encodings
        .into_iter()
        .zip(texts)
        .map(|(words, text)| Expected { words, text })
        .collect()
}

fn format_expected(e: &[Expected]) -> String {
    e.iter()
        .map(|e| {
            let words: Vec<String> = e.words.iter().map(|w| format!("{w:08x}")).collect();
            format!("{}\t{}\n", words.join(" "), e.text)
        })
        .collect()
}

fn committed_expectations() -> Vec<Expected> {
    let text = std::fs::read_to_string(data("scalar_corpus.expected")).expect("expectation file");
    text.lines()
        .map(|l| {
            let (words, text) = l.split_once('\t').expect("words<TAB>text");
            Expected {
                words: words
                    .split(' ')
                    .map(|w| u32::from_str_radix(w, 16).unwrap())
                    .collect(),
                text: text.to_string(),
            }
        })
        .collect()
}

fn expectations(lines: &[String]) -> (Vec<Expected>, &'static str) {
    if llvm_present() {
        (live_expectations(lines), "live llvm-mc/llvm-objdump 19")
    } else {
        (committed_expectations(), "committed scalar_corpus.expected")
    }
}

#[test]
fn corpus_matches_llvm() {
    let lines = corpus();
    let (expected, source) = expectations(&lines);
    assert_eq!(
        expected.len(),
        lines.len(),
        "one expectation per corpus line"
    );
    let mut failures = Vec::new();
    let mut per_format: BTreeMap<Format, (usize, BTreeSet<String>)> = BTreeMap::new();
    for (n, (line, exp)) in lines.iter().zip(&expected).enumerate() {
        let ours = match assemble(line, "corpus.s") {
            Ok(p) => p.words,
            Err(e) => {
                failures.push(format!("line {}: `{line}`: assembler error {e}", n + 1));
                continue;
            }
        };
        if ours != exp.words {
            failures.push(format!(
                "line {}: `{line}`: bytes {ours:08x?}, llvm-mc {:08x?}",
                n + 1,
                exp.words
            ));
        }
        let dis = disassemble(&exp.words);
        let text = dis
            .iter()
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join(" / ");
        if text != exp.text {
            failures.push(format!(
                "line {}: `{line}`: disassembly `{text}`, llvm-objdump `{}`",
                n + 1,
                exp.text
            ));
        }
        if let Ok(i) = decode(&exp.words) {
            let entry = per_format.entry(i.op.format).or_default();
            entry.0 += 1;
            entry.1.insert(i.op.name.clone());
        }
    }
    println!("checked {} corpus lines against {source}", lines.len());
    for format in Format::ALL {
        let (count, ops) = per_format.get(&format).cloned().unwrap_or_default();
        println!(
            "{format}: {count} lines, {} of {} opcodes",
            ops.len(),
            tables().of_format(format).count()
        );
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_table_opcode_is_covered() {
    let mut covered = BTreeSet::new();
    for line in corpus() {
        if let Ok(p) = assemble(&line, "corpus.s") {
            if let Ok(i) = decode(&p.words) {
                covered.insert(i.op.name.clone());
            }
        }
    }
    // llvm-mc 19 does not accept this one for gfx1100 (see the corpus header).
    let excluded = ["s_endpgm_ordered_ps_done"];
    let missing: Vec<&str> = tables()
        .ops()
        .iter()
        .map(|o| o.name.as_str())
        .filter(|n| !covered.contains(*n) && !excluded.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "opcodes missing from the corpus: {missing:?}"
    );
}

#[test]
fn disassembly_reassembles_to_the_same_bytes() {
    let lines = corpus();
    let program = assemble(&lines.join("\n"), "corpus.s").expect("corpus assembles");
    let text: Vec<String> = disassemble(&program.words)
        .into_iter()
        .map(|l| l.text)
        .collect();
    let again = assemble(&text.join("\n"), "disassembly.s").expect("disassembly assembles");
    assert_eq!(again.words, program.words);
    assert_eq!(program.lines.len(), lines.len());
}

#[test]
fn committed_expectation_is_current() {
    if !llvm_present() {
        eprintln!("warning: LLVM 19 not found in {LLVM_BIN}; expectation freshness not checked");
        return;
    }
    let lines = corpus();
    let live = format_expected(&live_expectations(&lines));
    if std::env::var_os("CU32_REGEN").is_some() {
        std::fs::write(data("scalar_corpus.expected"), &live).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(data("scalar_corpus.expected")).unwrap_or_default();
    assert!(
        committed == live,
        "data/scalar_corpus.expected is stale; regenerate with CU32_REGEN=1 cargo test -p cu32-isa --test llvm_conformance"
    );
}
