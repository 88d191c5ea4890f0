//! Assembler and disassembler against LLVM 19, line by line over two corpora:
//! `data/scalar_corpus.s` (SOP formats, from `gen_corpus.py`) and `data/corpus.s` (vector
//! ALU, VOPD and memory formats, from `gen_vector_corpus.py`). Our bytes must equal
//! llvm-mc's for every line, our disassembly text must equal llvm-objdump's, and our
//! disassembly must reassemble to the same bytes. LLVM is run live when
//! `/usr/lib/llvm-19/bin` has it; otherwise the committed `.expected` files (one line per
//! corpus line: hex words, a tab, llvm-objdump's text) stand in for it. With LLVM present,
//! a test also checks that the committed expectations are current; `CU32_REGEN=1`
//! rewrites them. Counts per format and opcodes covered / opcodes in the tables are
//! printed (`cargo test ... -- --nocapture`).
//!
//! Also checked: every legacy mnemonic of `tables/aliases.yaml` assembles as its table
//! mnemonic does, and the `.text` of clang 19's `-S` output for the OpenCL kernels of
//! `data/clang_kernel_corpus.cl` and for `kernels/opencl/nbody.cl` (directives, kernel
//! descriptors, metadata, relocations) assembles to the bytes llvm-mc puts in the
//! object's `.text`.

use cu32_isa::alias;
use cu32_isa::asm::assemble;
use cu32_isa::disasm::disassemble;
use cu32_isa::{decode, tables, Format};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// A corpus: its source file and its committed expectation, under `tests/data`.
#[derive(Clone, Copy)]
struct Corpus {
    source: &'static str,
    expected: &'static str,
}

const SCALAR: Corpus = Corpus {
    source: "scalar_corpus.s",
    expected: "scalar_corpus.expected",
};
const VECTOR: Corpus = Corpus {
    source: "corpus.s",
    expected: "corpus.expected",
};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The corpus instruction lines (comments and blank lines dropped).
fn lines(corpus: Corpus) -> Vec<String> {
    let text = std::fs::read_to_string(data(corpus.source)).expect("corpus");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(str::to_string)
        .collect()
}

/// What LLVM makes of one corpus line: its words, llvm-objdump's text, and whether llvm-mc
/// turns that text back into the same words (not always: llvm-objdump prints some
/// constants of 16-bit integer operands as patterns llvm-mc reads differently, e.g. the
/// inline constant 1.0 as `0x3c00`).
#[derive(Clone, Debug, PartialEq)]
struct Expected {
    words: Vec<u32>,
    text: String,
    llvm_round_trips: bool,
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

/// Runs llvm-mc (encodings) and llvm-objdump (text) over the corpus lines.
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
    let encodings = parse_encodings(&run(&mut mc(&["-show-encoding"])));
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
    // Which llvm-objdump lines llvm-mc reassembles to the same words.
    let text_src = dir.join("text.s");
    std::fs::write(&text_src, texts.join("\n") + "\n").unwrap();
    let out = Command::new(Path::new(LLVM_BIN).join("llvm-mc"))
        .args([
            "-triple=amdgcn-amd-amdhsa",
            "-mcpu=gfx1100",
            "-show-encoding",
        ])
        .arg(&text_src)
        .output()
        .expect("run llvm-mc");
    let rejected: BTreeSet<usize> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(": error:"))
        .filter_map(|l| l.split(':').nth(1)?.parse().ok())
        .collect();
    let mut again = parse_encodings(&String::from_utf8_lossy(&out.stdout)).into_iter();
    let round_trips: Vec<bool> = (1..=texts.len())
        .map(|n| !rejected.contains(&n) && again.next() == Some(encodings[n - 1].clone()))
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
        .zip(round_trips)
        .map(|((words, text), llvm_round_trips)| Expected {
            words,
            text,
            llvm_round_trips,
        })
        .collect()
}

/// The words of each `; encoding: [...]` line of llvm-mc's output.
fn parse_encodings(out: &str) -> Vec<Vec<u32>> {
    out.lines()
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
        .collect()
}

fn format_expected(e: &[Expected]) -> String {
    e.iter()
        .map(|e| {
            let words: Vec<String> = e.words.iter().map(|w| format!("{w:08x}")).collect();
            let flag = if e.llvm_round_trips {
                ""
            } else {
                "\tllvm-mc rejects or re-encodes"
            };
            format!("{}\t{}{flag}\n", words.join(" "), e.text)
        })
        .collect()
}

fn committed_expectations(corpus: Corpus) -> Vec<Expected> {
    let text = std::fs::read_to_string(data(corpus.expected)).expect("expectation file");
    text.lines()
        .map(|l| {
            let mut fields = l.split('\t');
            let (words, text) = (
                fields.next().unwrap(),
                fields.next().expect("words<TAB>text"),
            );
            Expected {
                words: words
                    .split(' ')
                    .map(|w| u32::from_str_radix(w, 16).unwrap())
                    .collect(),
                text: text.to_string(),
                llvm_round_trips: fields.next().is_none(),
            }
        })
        .collect()
}

/// The corpus lines with LLVM's expectation for each, and where it came from.
fn expectations(corpus: Corpus) -> (Vec<String>, Vec<Expected>, &'static str) {
    let lines = lines(corpus);
    let (expected, source) = if llvm_present() {
        (live_expectations(&lines), "live llvm-mc/llvm-objdump 19")
    } else {
        (committed_expectations(corpus), "committed expectation")
    };
    assert_eq!(
        expected.len(),
        lines.len(),
        "one expectation per corpus line"
    );
    (lines, expected, source)
}

/// Lines per format and distinct opcodes (table row indices) per format seen in words.
type Coverage = BTreeMap<Format, (usize, BTreeSet<String>)>;

fn record(coverage: &mut Coverage, words: &[u32]) {
    let Ok(i) = decode(words) else { return };
    let entry = coverage.entry(i.op.format).or_default();
    entry.0 += 1;
    entry.1.insert(i.op.name.clone());
    if let Some(y) = i.op_y {
        coverage
            .entry(Format::VopdY)
            .or_default()
            .1
            .insert(y.name.clone());
    }
}

/// Prints lines per format and opcodes covered of the opcodes in the tables (and how many
/// of those llvm-mc 19 rejects, which no corpus can hold).
fn print_coverage(coverage: &Coverage, formats: &[Format]) {
    for &format in formats {
        let (count, ops) = coverage.get(&format).cloned().unwrap_or_default();
        let in_tables = tables().of_format(format).count();
        let rejected = tables().of_format(format).filter(|o| !o.llvm).count();
        println!(
            "{format}: {count} lines, {} of {in_tables} opcodes in the tables \
             ({rejected} rejected by llvm-mc)",
            ops.len()
        );
    }
}

/// Assembles each line and compares the bytes with LLVM's; returns the mismatches.
fn check_bytes(lines: &[String], expected: &[Expected], coverage: &mut Coverage) -> Vec<String> {
    let mut failures = Vec::new();
    for (n, (line, exp)) in lines.iter().zip(expected).enumerate() {
        match assemble(line, "corpus.s") {
            Ok(p) if p.words == exp.words => {}
            Ok(p) => failures.push(format!(
                "line {}: `{line}`: bytes {:08x?}, llvm-mc {:08x?}",
                n + 1,
                p.words,
                exp.words
            )),
            Err(e) => failures.push(format!("line {}: `{line}`: assembler error {e}", n + 1)),
        }
        record(coverage, &exp.words);
    }
    failures
}

/// Disassembles LLVM's words for each line and compares with llvm-objdump's text.
fn check_text(lines: &[String], expected: &[Expected]) -> Vec<String> {
    let mut failures = Vec::new();
    for (n, (line, exp)) in lines.iter().zip(expected).enumerate() {
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
    }
    failures
}

fn assert_none(what: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} {what} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const SCALAR_FORMATS: [Format; 5] = [
    Format::Sop2,
    Format::Sopk,
    Format::Sop1,
    Format::Sopc,
    Format::Sopp,
];

#[test]
fn scalar_corpus_matches_llvm() {
    let (lines, expected, source) = expectations(SCALAR);
    let mut coverage = Coverage::new();
    let mut failures = check_bytes(&lines, &expected, &mut coverage);
    failures.extend(check_text(&lines, &expected));
    println!(
        "checked {} scalar corpus lines against {source}",
        lines.len()
    );
    print_coverage(&coverage, &SCALAR_FORMATS);
    assert_none("scalar", &failures);
}

#[test]
fn vector_corpus_bytes_match_llvm() {
    let (lines, expected, source) = expectations(VECTOR);
    let mut coverage = Coverage::new();
    let failures = check_bytes(&lines, &expected, &mut coverage);
    println!(
        "checked {} vector/memory corpus lines against {source}",
        lines.len()
    );
    let formats: Vec<Format> = Format::ALL
        .into_iter()
        .filter(|f| !SCALAR_FORMATS.contains(f))
        .collect();
    print_coverage(&coverage, &formats);
    assert_none("vector/memory byte", &failures);
}

#[test]
fn vector_corpus_disassembly_matches_llvm_objdump() {
    let (lines, expected, _) = expectations(VECTOR);
    assert_none("vector/memory disassembly", &check_text(&lines, &expected));
}

#[test]
fn every_table_opcode_is_covered() {
    let mut covered = BTreeSet::new();
    for corpus in [SCALAR, VECTOR] {
        for words in committed_expectations(corpus).iter().map(|e| &e.words) {
            if let Ok(i) = decode(words) {
                covered.insert((i.op.format, i.op.opcode));
                if let Some(y) = i.op_y {
                    covered.insert((y.format, y.opcode));
                }
            }
        }
    }
    // Rows LLVM 19 rejects for gfx1100 (`llvm: none`, and the scalar corpus header's one).
    let missing: Vec<String> = tables()
        .ops()
        .iter()
        .filter(|o| o.llvm)
        .filter(|o| !covered.contains(&(o.format, o.opcode)))
        .map(|o| format!("{} {}", o.format, o.name))
        .collect();
    assert!(
        missing.is_empty(),
        "opcodes missing from the corpora: {missing:?}"
    );
}

/// Our disassembly of our bytes must reassemble to the same bytes, on every line where
/// llvm-objdump's text (which ours equals) reassembles with llvm-mc; the others are
/// counted.
#[test]
fn disassembly_reassembles_to_the_same_bytes() {
    let mut failures = Vec::new();
    let mut not_in_llvm = 0;
    for corpus in [SCALAR, VECTOR] {
        let (lines, expected, _) = expectations(corpus);
        for (n, (line, exp)) in lines.iter().zip(&expected).enumerate() {
            let words = assemble(line, corpus.source)
                .expect("corpus assembles")
                .words;
            let text: Vec<String> = disassemble(&words).into_iter().map(|l| l.text).collect();
            let text = text.join("\n");
            if !exp.llvm_round_trips {
                not_in_llvm += 1;
                continue;
            }
            match assemble(&text, "disassembly.s") {
                Ok(p) if p.words == words => {}
                Ok(p) => failures.push(format!(
                    "{} line {}: `{text}`: {:08x?}",
                    corpus.source,
                    n + 1,
                    p.words
                )),
                Err(e) => failures.push(format!("{} line {}: `{text}`: {e}", corpus.source, n + 1)),
            }
        }
    }
    println!("{not_in_llvm} lines: llvm-objdump's text does not reassemble with llvm-mc either");
    assert_none("reassembly", &failures);
}

#[test]
fn committed_expectations_are_current() {
    if !llvm_present() {
        eprintln!("warning: LLVM 19 not found in {LLVM_BIN}; expectation freshness not checked");
        return;
    }
    for corpus in [SCALAR, VECTOR] {
        let live = format_expected(&live_expectations(&lines(corpus)));
        if std::env::var_os("CU32_REGEN").is_some() {
            std::fs::write(data(corpus.expected), &live).unwrap();
            continue;
        }
        let committed = std::fs::read_to_string(data(corpus.expected)).unwrap_or_default();
        assert!(
            committed == live,
            "data/{} is stale; regenerate with CU32_REGEN=1 cargo test -p cu32-isa --test llvm_conformance",
            corpus.expected
        );
    }
}

#[test]
fn aliases_assemble_as_their_table_mnemonic() {
    // One corpus line per table mnemonic, with its LLVM words.
    let mut sample: BTreeMap<String, (String, Vec<u32>)> = BTreeMap::new();
    for corpus in [SCALAR, VECTOR] {
        for (line, exp) in lines(corpus)
            .into_iter()
            .zip(committed_expectations(corpus))
        {
            let (mnemonic, rest) = line.split_once(' ').unwrap_or((&line, ""));
            if !line.contains("::") {
                sample
                    .entry(mnemonic.to_string())
                    .or_insert((rest.to_string(), exp.words));
            }
        }
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for (legacy, name) in alias::all() {
        let Some((operands, words)) = sample.get(name) else {
            failures.push(format!("{legacy}: no corpus line for `{name}`"));
            continue;
        };
        let line = format!("{legacy} {operands}");
        match assemble(&line, "alias.s") {
            Ok(p) if &p.words == words => checked += 1,
            Ok(p) => failures.push(format!(
                "`{line}`: {:08x?}, `{name}`: {words:08x?}",
                p.words
            )),
            Err(e) => failures.push(format!("`{line}`: {e}")),
        }
    }
    println!("{checked} legacy mnemonics assemble as their table mnemonics");
    assert_none("alias", &failures);
}

/// clang 19 `-S` outputs checked by [`clang_kernel_text_matches_llvm`] (each `NAME.s`,
/// with llvm-mc's `.text` words in `NAME.expected`): the kernels of
/// `clang_kernel_corpus.cl`, and `kernels/opencl/nbody.cl` (`s_waitcnt_depctr`), compiled
/// by `clang-19 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2
/// -cl-kernel-arg-info -include kernels/opencl/cu32.h -S kernels/opencl/nbody.cl -o
/// isa/tests/data/clang_nbody.s` from the workspace root.
const CLANG_OUTPUTS: &[&str] = &["clang_kernel_corpus", "clang_nbody"];

#[test]
fn clang_kernel_text_matches_llvm() {
    for name in CLANG_OUTPUTS {
        let (source, committed) = (
            data(&format!("{name}.s")),
            data(&format!("{name}.expected")),
        );
        let ours = assemble(
            &std::fs::read_to_string(&source).unwrap(),
            &format!("{name}.s"),
        )
        .unwrap_or_else(|e| panic!("{name}.s: clang output does not assemble: {e}"))
        .words;
        let expected: Vec<u32> = if llvm_present() {
            let dir = std::env::temp_dir().join(format!("cu32-clang-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let (obj, text) = (dir.join("k.o"), dir.join("k.text"));
            run(Command::new(Path::new(LLVM_BIN).join("llvm-mc"))
                .args([
                    "-triple=amdgcn-amd-amdhsa",
                    "-mcpu=gfx1100",
                    "-filetype=obj",
                ])
                .arg(&source)
                .arg("-o")
                .arg(&obj));
            run(Command::new(Path::new(LLVM_BIN).join("llvm-objcopy"))
                .args(["-O", "binary", "--only-section=.text"])
                .arg(&obj)
                .arg(&text));
            let bytes = std::fs::read(&text).unwrap();
            let _ = std::fs::remove_dir_all(&dir);
            let words: Vec<u32> = bytes
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let listing: String = words.iter().map(|w| format!("{w:08x}\n")).collect();
            if std::env::var_os("CU32_REGEN").is_some() {
                std::fs::write(&committed, &listing).unwrap();
            }
            assert_eq!(
                std::fs::read_to_string(&committed).unwrap_or_default(),
                listing,
                "data/{name}.expected is stale (CU32_REGEN=1 regenerates it)"
            );
            words
        } else {
            std::fs::read_to_string(&committed)
                .unwrap()
                .lines()
                .map(|w| u32::from_str_radix(w, 16).unwrap())
                .collect()
        };
        let first = ours.iter().zip(&expected).position(|(a, b)| a != b);
        assert!(
            ours == expected,
            "{name}: {} words, llvm-mc {}; first difference at word {first:?}",
            ours.len(),
            expected.len()
        );
        println!("{name}.s: {} words match llvm-mc", ours.len());
    }
}
