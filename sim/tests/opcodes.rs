//! Data-driven per-opcode tests of the golden model, and an opcode-coverage count.
//!
//! The cases live in `tests/opcodes/*.cases`, written by `tests/opcodes/gen_cases.py`, which
//! implements every opcode's chapter 16 pseudocode on its own (Python, exact rational
//! arithmetic for the float roundings) — the expected values never come from the model.
//!
//! # Case files
//!
//! ```text
//! # a comment
//! case v_add_nc_u32 v3, v1, v2          one or more instructions, separated by " ; "
//!   exec 0x0000ffff                     exec_lo before the program (default all lanes)
//!   mode 0x000000f0                     MODE before the program (default 0)
//!   v1 = 00000001 00000002 ...          32 lane values (one value: every lane)
//!   s4 = 0x80000000                     an SGPR by number, or vcc_lo/vcc_hi/m0/exec_lo/exec_hi
//!   scc = 1
//!   mem = 03020100 07060504 ...         a writable global buffer (dwords) at HEAP_BASE
//!   private 64                          64 zeroed private (scratch) bytes per lane
//!   lds = 00000000 ...                  the LDS (dwords)
//!   => v3 = ...                         expected final values (every register not named
//!   => s4 = ...                         must be unchanged); for a VGPR, all 32 lanes
//!   => v3 ulp32:1 = ...                 within 1 ulp (f32; ulp16 on the low half; ulp64 on
//!                                       v3 (low dword) and v4 (high dword), 64-bit values)
//!   => mem = ...  / => lds = ...        the whole buffer afterwards
//!   => error Unsupported                the program stops with this ModelError variant
//!   => error Memory lane: 7,            ... whose Debug text also contains "lane: 7,"
//!   known <text>                        a known discrepancy: mismatches are printed, not failed
//! case probe VOP3P v_pk_mad_i16         the opcode with every field 0 (no assembly syntax)
//! case words d5820000 00000101 # text   machine words (encodings the assembler refuses)
//! ```

use cu32_isa::{decode, tables, Format, Instr, OpInfo};
use cu32_sim::memory::{Memory, HEAP_BASE};
use cu32_sim::model::workgroup::Stats;
use cu32_sim::{Machine, ModelError, Wave};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The formats the coverage counts.
const FORMATS: [Format; 18] = [
    Format::Sop1,
    Format::Sop2,
    Format::Sopk,
    Format::Sopc,
    Format::Sopp,
    Format::Smem,
    Format::Vop1,
    Format::Vop2,
    Format::Vopc,
    Format::Vop3,
    Format::Vop3sd,
    Format::Vop3p,
    Format::VopdX,
    Format::VopdY,
    Format::Ds,
    Format::Flat,
    Format::Global,
    Format::Scratch,
];

/// A value check of one register.
#[derive(Clone, Debug)]
enum Tol {
    Exact,
    /// Within n ulp of the f32 value.
    Ulp32(u32),
    /// Within n ulp of the f16 value in the low half (the high half exact).
    Ulp16(u32),
    /// Within n ulp of the f64 value in this register (low) and the next (high).
    Ulp64(u64),
}

#[derive(Clone, Debug)]
enum Reg {
    V(usize),
    S(usize),
    Scc,
}

#[derive(Clone, Debug, Default)]
struct Case {
    file: String,
    line: usize,
    asm: String,
    probe: Option<(String, String)>,
    words: Option<Vec<u32>>,
    exec: Option<u32>,
    mode: Option<u32>,
    init: Vec<(Reg, Vec<u64>)>,
    mem: Option<Vec<u32>>,
    private: Option<u32>,
    lds: Option<Vec<u32>>,
    expect: Vec<(Reg, Tol, Vec<u64>)>,
    expect_mem: Option<Vec<u32>>,
    expect_lds: Option<Vec<u32>>,
    error: Option<String>,
    known: Option<String>,
}

fn parse_reg(s: &str) -> Reg {
    match s {
        "scc" => Reg::Scc,
        "vcc_lo" => Reg::S(106),
        "vcc_hi" => Reg::S(107),
        "m0" => Reg::S(125),
        "exec_lo" => Reg::S(126),
        "exec_hi" => Reg::S(127),
        _ if s.starts_with('v') => Reg::V(s[1..].parse().expect("vgpr number")),
        _ if s.starts_with('s') => Reg::S(s[1..].parse().expect("sgpr number")),
        _ => panic!("unknown register {s}"),
    }
}

fn parse_num(s: &str) -> u64 {
    let t = s.trim_start_matches("0x");
    u64::from_str_radix(t, 16).unwrap_or_else(|_| panic!("bad hex value {s}"))
}

fn parse_values(s: &str) -> Vec<u64> {
    s.split_whitespace().map(parse_num).collect()
}

fn words(s: &str) -> Vec<u32> {
    parse_values(s).into_iter().map(|v| v as u32).collect()
}

fn parse_file(file: &str, text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("case ") {
            let mut c = Case {
                file: file.to_string(),
                line: n + 1,
                ..Case::default()
            };
            if let Some(w) = rest.strip_prefix("words ") {
                let hex = w.split('#').next().unwrap();
                c.words = Some(
                    hex.split_whitespace()
                        .map(|x| parse_num(x) as u32)
                        .collect(),
                );
                c.asm = w.to_string();
            } else if let Some(p) = rest.strip_prefix("probe ") {
                let (f, name) = p.split_once(' ').expect("probe FORMAT name");
                c.probe = Some((f.to_string(), name.trim().to_string()));
            } else {
                c.asm = rest.split(" ; ").collect::<Vec<_>>().join("\n");
            }
            cases.push(c);
            continue;
        }
        let c = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{file}:{}: no case", n + 1));
        if let Some(rest) = line.strip_prefix("known ") {
            c.known = Some(rest.to_string());
        } else if let Some(rest) = line.strip_prefix("exec ") {
            c.exec = Some(parse_num(rest) as u32);
        } else if let Some(rest) = line.strip_prefix("private ") {
            c.private = Some(rest.trim().parse().expect("private bytes per lane"));
        } else if let Some(rest) = line.strip_prefix("mode ") {
            c.mode = Some(parse_num(rest) as u32);
        } else if let Some(rest) = line.strip_prefix("=> ") {
            if let Some(e) = rest.strip_prefix("error ") {
                c.error = Some(e.trim().to_string());
                continue;
            }
            let (lhs, rhs) = rest.split_once(" = ").expect("=> lhs = values");
            let mut it = lhs.split_whitespace();
            let name = it.next().unwrap();
            match name {
                "mem" => c.expect_mem = Some(words(rhs)),
                "lds" => c.expect_lds = Some(words(rhs)),
                _ => {
                    let tol = match it.next() {
                        None => Tol::Exact,
                        Some(t) => {
                            let (kind, n) = t.split_once(':').expect("tolerance kind:n");
                            let n: u64 = n.parse().expect("ulps");
                            match kind {
                                "ulp32" => Tol::Ulp32(n as u32),
                                "ulp16" => Tol::Ulp16(n as u32),
                                "ulp64" => Tol::Ulp64(n),
                                _ => panic!("{file}:{}: tolerance {t}", n),
                            }
                        }
                    };
                    c.expect.push((parse_reg(name), tol, parse_values(rhs)));
                }
            }
        } else {
            let (lhs, rhs) = line
                .split_once(" = ")
                .unwrap_or_else(|| panic!("{file}:{}: cannot parse {line}", n + 1));
            match lhs.trim() {
                "mem" => c.mem = Some(words(rhs)),
                "lds" => c.lds = Some(words(rhs)),
                r => c.init.push((parse_reg(r), parse_values(rhs))),
            }
        }
    }
    cases
}

fn load_cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/opcodes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/opcodes exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cases"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        cases.extend(parse_file(&name, &text));
    }
    cases
}

fn format_by_name(name: &str) -> Format {
    *Format::ALL
        .iter()
        .find(|f| f.name() == name)
        .unwrap_or_else(|| panic!("format {name}"))
}

fn row(format: Format, name: &str) -> &'static OpInfo {
    tables()
        .by_name(name)
        .into_iter()
        .find(|o| o.format == format)
        .unwrap_or_else(|| panic!("no {format} row {name}"))
}

/// The opcode with every field 0 (plus what it needs to get past decoding), then `s_endpgm`.
fn probe_words(op: &'static OpInfo) -> Vec<u32> {
    let mut i = Instr::new(op);
    let mov_y = || row(Format::VopdY, "v_dual_mov_b32");
    if op.format == Format::VopdX {
        i.op_y = Some(mov_y());
        i.vdst_y = 1;
    }
    if op.format == Format::VopdY {
        i.op = row(Format::VopdX, "v_dual_mov_b32");
        i.op_y = Some(op);
        i.vdst_y = 1;
    }
    if op.name.contains("getreg") || op.name.contains("setreg") {
        i.simm16 = 1 | (31 << 11);
    }
    if i.needs_literal() {
        i.literal = Some(0);
    }
    let mut words = i.encode();
    words.push(0xbfb0_0000);
    words
}

/// Whether the model runs the opcode (one step of its all-zero-fields form does not stop
/// with [`ModelError::Unsupported`]).
fn implemented(op: &'static OpInfo) -> bool {
    let mut m = Machine::new(probe_words(op));
    !matches!(m.step(), Err(ModelError::Unsupported { .. }))
}

/// The table rows of the instruction at the start of `words`.
fn rows_at(words: &[u32]) -> Vec<(Format, String)> {
    match decode(words) {
        Ok(i) => {
            let mut v = vec![(i.op.format, i.op.name.clone())];
            if let Some(y) = i.op_y {
                v.push((y.format, y.name.clone()));
            }
            v
        }
        Err(_) => Vec::new(),
    }
}

fn ulp_diff(a: u64, b: u64, bits: u32) -> u64 {
    // Map sign-magnitude to a monotonic integer line.
    let sign = 1u64 << (bits - 1);
    let key = |x: u64| -> i128 {
        if x & sign != 0 {
            -((x & (sign - 1)) as i128)
        } else {
            x as i128
        }
    };
    (key(a) - key(b)).unsigned_abs() as u64
}

/// The machine, memory and LDS a case starts from.
fn setup(c: &Case, code: &[u32]) -> (Machine, Memory, Vec<u8>) {
    let mut m = Machine::new(code.to_vec());
    let mut mem = Memory::new();
    if let Some(words) = &c.mem {
        let bytes = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let addr = mem.allocate("buf", bytes, true);
        assert_eq!(addr, HEAP_BASE, "the buffer is the first allocation");
    }
    if let Some(n) = c.private {
        let addr = mem.allocate("private segments", vec![0; 32 * n as usize], true);
        m.set_private(addr, n);
    }
    let lds: Vec<u8> = c
        .lds
        .as_ref()
        .map(|w| w.iter().flat_map(|w| w.to_le_bytes()).collect())
        .unwrap_or_default();
    {
        let w = m.wave_mut();
        if let Some(e) = c.exec {
            w.sgpr[126] = e;
        }
        if let Some(md) = c.mode {
            w.mode = md;
        }
        for (r, vals) in &c.init {
            match *r {
                Reg::V(v) => {
                    for l in 0..32 {
                        w.vgpr[v][l] = vals[if vals.len() == 1 { 0 } else { l }] as u32;
                    }
                }
                Reg::S(s) => w.sgpr[s] = vals[0] as u32,
                Reg::Scc => w.scc = vals[0] != 0,
            }
        }
    }
    (m, mem, lds)
}

/// Runs a case again on the quiet path (`Machine::run_quiet`, which takes the fast path
/// where it can) and describes how its end differs from the traced run's, if it does.
fn quiet_differs(
    c: &Case,
    code: &[u32],
    traced: (&Machine, &Memory, &[u8], Option<&ModelError>),
) -> Option<String> {
    let (mut m, mut mem, mut lds) = setup(c, code);
    let mut budget = 10_000;
    let mut stats = Stats::default();
    let err = loop {
        match m.run_quiet(&mut mem, &mut lds, &mut budget, &mut stats) {
            Err(e) => break Some(e),
            Ok(()) if m.ended() => break None,
            Ok(()) if m.at_barrier() => m.release_barrier(),
            Ok(()) => return Some("the quiet run used up its budget".into()),
        }
    };
    let (tm, tmem, tlds, terr) = traced;
    let (a, b) = (err.map(|e| e.to_string()), terr.map(|e| e.to_string()));
    if a != b {
        return Some(format!("error {a:?}, traced run {b:?}"));
    }
    if m.wave() != tm.wave() {
        return Some("the final wave state differs".into());
    }
    let dwords = c.expect_mem.as_ref().map_or(0, Vec::len) as u64;
    let mem_of = |mm: &Memory| mm.read(HEAP_BASE, 4 * dwords).map(<[u8]>::to_vec).ok();
    if dwords > 0 && mem_of(&mem) != mem_of(tmem) {
        return Some("memory differs".into());
    }
    (lds != tlds).then(|| "LDS differs".into())
}

/// Runs one case; returns the mismatches (empty: pass) and the rows it executed.
fn run_case(c: &Case) -> (Vec<String>, Vec<(Format, String)>) {
    let mut executed = Vec::new();
    let code = match (&c.probe, &c.words) {
        (Some((f, name)), _) => probe_words(row(format_by_name(f), name)),
        (None, Some(w)) => {
            let mut w = w.clone();
            w.push(0xbfb0_0000);
            w
        }
        (None, None) => {
            let src = format!("{}\ns_endpgm\n", c.asm);
            match cu32_isa::asm::assemble(&src, &c.file) {
                Ok(p) => p.words,
                Err(e) => return (vec![format!("does not assemble: {e}")], executed),
            }
        }
    };
    let (mut m, mut mem, mut lds) = setup(c, &code);
    let before: Wave = m.wave().clone();
    let mut err = None;
    let mut steps = 0;
    while !m.ended() {
        let pc = m.wave().pc as usize / 4;
        if pc < code.len() {
            executed.extend(rows_at(&code[pc..]));
        }
        match m.step_in(&mut mem, &mut lds) {
            Ok(_) => {}
            Err(e) => {
                err = Some(e);
                break;
            }
        }
        steps += 1;
        if steps > 10_000 {
            return (vec!["instruction budget exhausted".into()], executed);
        }
    }
    let mut bad = Vec::new();
    if let Some(d) = quiet_differs(c, &code, (&m, &mem, &lds, err.as_ref())) {
        bad.push(format!("the quiet path differs from the traced one: {d}"));
    }
    match (&c.error, &err) {
        (Some(want), Some(e)) => {
            let got = format!("{e:?}");
            // `Variant rest`: the Debug text starts with the variant and contains the rest.
            let (variant, rest) = want.split_once(' ').unwrap_or((want.as_str(), ""));
            if !got.starts_with(variant) || !got.contains(rest) {
                bad.push(format!("expected error {want}, got {e}"));
            }
            return (bad, executed);
        }
        (Some(want), None) => {
            bad.push(format!("expected error {want}, the program ran"));
            return (bad, executed);
        }
        (None, Some(e)) => {
            bad.push(format!("error: {e}"));
            return (bad, executed);
        }
        (None, None) => {}
    }
    let after = m.wave();
    let mut want = before.clone();
    let mut tol: Vec<(Reg, Tol, Vec<u64>)> = Vec::new();
    for (r, t, vals) in &c.expect {
        let pick = |l: usize| vals[if vals.len() == 1 { 0 } else { l }];
        match (r, t) {
            (Reg::V(v), Tol::Exact) => {
                for l in 0..32 {
                    want.vgpr[*v][l] = pick(l) as u32;
                }
            }
            (Reg::V(v), Tol::Ulp64(_)) => {
                for l in 0..32 {
                    want.vgpr[*v][l] = after.vgpr[*v][l];
                    want.vgpr[*v + 1][l] = after.vgpr[*v + 1][l];
                }
                tol.push((r.clone(), t.clone(), vals.clone()));
            }
            (Reg::V(v), _) => {
                for l in 0..32 {
                    want.vgpr[*v][l] = after.vgpr[*v][l];
                }
                tol.push((r.clone(), t.clone(), vals.clone()));
            }
            (Reg::S(s), _) => want.sgpr[*s] = vals[0] as u32,
            (Reg::Scc, _) => want.scc = vals[0] != 0,
        }
    }
    for (r, t, vals) in &tol {
        let Reg::V(v) = *r else { continue };
        for l in 0..32 {
            let e = vals[if vals.len() == 1 { 0 } else { l }];
            let (got, ok) = match *t {
                Tol::Ulp32(n) => {
                    let g = after.vgpr[v][l];
                    (u64::from(g), ulp_diff(u64::from(g), e, 32) <= u64::from(n))
                }
                Tol::Ulp16(n) => {
                    let g = after.vgpr[v][l];
                    let hi_ok = u64::from(g >> 16) == (e >> 16) & 0xffff;
                    let d = ulp_diff(u64::from(g & 0xffff), e & 0xffff, 16);
                    (u64::from(g), hi_ok && d <= u64::from(n))
                }
                Tol::Ulp64(n) => {
                    let g = u64::from(after.vgpr[v][l]) | u64::from(after.vgpr[v + 1][l]) << 32;
                    (g, ulp_diff(g, e, 64) <= n)
                }
                Tol::Exact => unreachable!(),
            };
            if !ok {
                bad.push(format!("v{v} lane {l}: got {got:#x}, want {e:#x} ({t:?})"));
            }
        }
    }
    for s in 0..128 {
        if after.sgpr[s] != want.sgpr[s] {
            bad.push(format!(
                "s{s}: got {:#010x}, want {:#010x}",
                after.sgpr[s], want.sgpr[s]
            ));
        }
    }
    if after.scc != want.scc {
        bad.push(format!("scc: got {}, want {}", after.scc, want.scc));
    }
    for v in 0..256 {
        for l in 0..32 {
            if after.vgpr[v][l] != want.vgpr[v][l] {
                bad.push(format!(
                    "v{v} lane {l}: got {:#010x}, want {:#010x}",
                    after.vgpr[v][l], want.vgpr[v][l]
                ));
            }
        }
    }
    if let Some(wm) = &c.expect_mem {
        let got: Vec<u32> = (0..wm.len())
            .map(|i| mem.load(HEAP_BASE + 4 * i as u64, 4).unwrap() as u32)
            .collect();
        for (i, (g, w)) in got.iter().zip(wm).enumerate() {
            if g != w {
                bad.push(format!("mem dword {i}: got {g:#010x}, want {w:#010x}"));
            }
        }
    }
    if let Some(wl) = &c.expect_lds {
        for (i, w) in wl.iter().enumerate() {
            let g = u32::from_le_bytes(lds[4 * i..4 * i + 4].try_into().unwrap());
            if g != *w {
                bad.push(format!("lds dword {i}: got {g:#010x}, want {w:#010x}"));
            }
        }
    }
    (bad, executed)
}

/// The outcome of all cases: the failures, and the rows executed by passing (or
/// known-discrepancy) cases.
struct Outcome {
    failed: Vec<String>,
    total: usize,
    executed: BTreeSet<(Format, String)>,
}

/// Runs every case once (both tests share the outcome).
fn outcome() -> &'static Outcome {
    static OUTCOME: OnceLock<Outcome> = OnceLock::new();
    OUTCOME.get_or_init(run_all)
}

fn run_all() -> Outcome {
    let cases = load_cases();
    assert!(!cases.is_empty(), "no cases found");
    let mut failed = Vec::new();
    let mut known = 0;
    let mut lane_checks = 0usize;
    let mut executed = BTreeSet::new();
    for c in &cases {
        let (bad, rows) = run_case(c);
        let what = match &c.probe {
            Some((f, n)) => format!("probe {f} {n}"),
            None => c.asm.replace('\n', " ; "),
        };
        lane_checks += c
            .expect
            .iter()
            .map(|(r, _, _)| if matches!(r, Reg::V(_)) { 32 } else { 1 })
            .sum::<usize>();
        let hard = bad.iter().any(|b| {
            b.starts_with("does not assemble")
                || b.starts_with("error")
                || b.starts_with("expected error")
        });
        if let (Some(k), false) = (&c.known, hard) {
            known += 1;
            if bad.is_empty() {
                println!(
                    "NOTE {}:{}: `{what}` is marked known ({k}) but now matches",
                    c.file, c.line
                );
            } else {
                println!(
                    "KNOWN DISCREPANCY {}:{}: `{what}`: {k}\n    {}",
                    c.file,
                    c.line,
                    bad.iter()
                        .take(4)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("\n    ")
                );
            }
            executed.extend(rows);
            continue;
        }
        if bad.is_empty() {
            executed.extend(rows);
        } else {
            failed.push(format!(
                "{}:{}: `{what}`:\n    {}",
                c.file,
                c.line,
                bad.iter()
                    .take(6)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n    ")
            ));
        }
    }
    println!(
        "{} cases ({} known discrepancies), {} register/lane checks",
        cases.len(),
        known,
        lane_checks
    );
    Outcome {
        failed,
        total: cases.len(),
        executed,
    }
}

#[test]
fn opcode_cases() {
    let o = outcome();
    assert!(
        o.failed.is_empty(),
        "{} of {} cases failed:\n{}",
        o.failed.len(),
        o.total,
        o.failed.join("\n")
    );
}

#[test]
fn opcode_coverage() {
    let executed = &outcome().executed;
    let mut total = (0, 0, 0, 0);
    let mut missing_impl = Vec::new();
    let mut missing = Vec::new();
    println!(
        "opcodes (mnemonics per format row): executed by the cases / implemented by the model /"
    );
    println!("in the tables; `impl+case`: implemented opcodes with a passing semantic case");
    println!("format    executed / implemented / in tables   impl+case");
    for f in FORMATS {
        let mut names = BTreeMap::new();
        for op in tables().of_format(f) {
            names.insert(op.name.clone(), op);
        }
        let (mut ex, mut im, mut both) = (0, 0, 0);
        for (name, op) in &names {
            let has = executed.contains(&(f, name.clone()));
            let imp = implemented(op);
            ex += usize::from(has);
            im += usize::from(imp);
            both += usize::from(has && imp);
            if !has {
                missing.push(format!(
                    "{f} {name}{}",
                    if imp { "" } else { " (unsupported)" }
                ));
                if imp {
                    missing_impl.push(format!("{f} {name}"));
                }
            }
        }
        println!(
            "{:<9} {ex:>8} / {im:>11} / {:>9}   {both:>9}",
            f.name(),
            names.len()
        );
        total.0 += ex;
        total.1 += im;
        total.2 += names.len();
        total.3 += both;
    }
    println!(
        "{:<9} {:>8} / {:>11} / {:>9}   {:>9}",
        "total", total.0, total.1, total.2, total.3
    );
    println!("table opcodes without a case ({}):", missing.len());
    for m in &missing {
        println!("  {m}");
    }
    assert!(
        missing_impl.is_empty(),
        "implemented opcodes without a case: {}",
        missing_impl.join(", ")
    );
}
