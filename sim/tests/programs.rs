//! Runs every `kernels/scalar/*.s` and `kernels/vector/*.s` program on the golden model and
//! checks its final state against the `; expect:` lines written by hand in the program
//! (format in `kernels/README.md`): the listed values must match and everything not listed
//! must still hold its initial value. Another test checks that the scalar programs together
//! execute every scalar opcode the model implements.

use cu32_sim::model::UNSUPPORTED;
use cu32_sim::{Machine, Wave};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const BUDGET: u64 = 100_000;

/// The `.s` programs of `kernels/<dir>`.
fn programs(dir: &str) -> Vec<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kernels")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    files.sort();
    files
}

/// Parses one value: hexadecimal with `0x` (underscores allowed) or decimal.
fn parse_value(value: &str) -> Result<u64, String> {
    let value = value.trim();
    match value.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => value.parse(),
    }
    .map_err(|e| format!("bad value `{value}`: {e}"))
}

/// The expected final state: register name (`s7`, `scc`, `vcc`, `exec`, `m0`, `retired`,
/// and one `vN[lane]` per lane of an expected VGPR) to value. A VGPR is expected as a list
/// of its 32 lane values `[a, b, ...]` or as one value for every lane.
fn expectations(path: &Path, source: &str) -> BTreeMap<String, u64> {
    let mut map = BTreeMap::new();
    for (n, line) in source.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix("; expect:") else {
            continue;
        };
        let (name, value) = rest
            .split_once('=')
            .unwrap_or_else(|| panic!("{}:{}: `name = value` expected", path.display(), n + 1));
        let at = |e: String| panic!("{}:{}: {e}", path.display(), n + 1);
        let name = name.trim();
        let value = value.trim();
        let entries: Vec<(String, u64)> = if name.starts_with('v') && name != "vcc" {
            let lanes: Vec<u64> = match value.strip_prefix('[') {
                Some(list) => list
                    .trim_end_matches(']')
                    .split(',')
                    .map(|v| parse_value(v).unwrap_or_else(&at))
                    .collect(),
                None => vec![parse_value(value).unwrap_or_else(&at); 32],
            };
            if lanes.len() != 32 {
                at(format!(
                    "{name}: 32 lane values expected, got {}",
                    lanes.len()
                ));
            }
            let lanes = lanes.into_iter().enumerate();
            lanes.map(|(l, v)| (format!("{name}[{l}]"), v)).collect()
        } else {
            vec![(name.to_string(), parse_value(value).unwrap_or_else(&at))]
        };
        for (key, v) in entries {
            if map.insert(key.clone(), v).is_some() {
                at(format!("{key} expected twice"));
            }
        }
    }
    map
}

/// The final state as the same names the expectations use; SGPRs and VGPR lanes all listed.
fn actual(wave: &Wave, retired: u64) -> BTreeMap<String, u64> {
    let mut map = BTreeMap::new();
    for i in 0..106 {
        map.insert(format!("s{i}"), u64::from(wave.sgpr[i]));
    }
    for (v, lanes) in wave.vgpr.iter().enumerate() {
        for (l, value) in lanes.iter().enumerate() {
            map.insert(format!("v{v}[{l}]"), u64::from(*value));
        }
    }
    map.insert("scc".into(), u64::from(wave.scc));
    map.insert("vcc".into(), wave.vcc());
    map.insert("exec".into(), wave.exec());
    map.insert("m0".into(), u64::from(wave.m0()));
    map.insert("retired".into(), retired);
    map
}

fn initial(name: &str) -> Option<u64> {
    match name {
        "exec" => Some(0xffff_ffff),
        "retired" => None,
        _ => Some(0),
    }
}

struct Outcome {
    ops: BTreeSet<String>,
}

fn run_program(path: &Path) -> Result<Outcome, String> {
    let name = path.display().to_string();
    let source = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let program = cu32_isa::asm::assemble(&source, &name).map_err(|e| e.to_string())?;
    let expect = expectations(path, &source);
    if expect.is_empty() {
        return Err(format!("{name}: no `; expect:` lines"));
    }
    let mut machine = Machine::new(program.words);
    let mut ops = BTreeSet::new();
    let summary = machine
        .run_traced(BUDGET, |ev| {
            if let Ok(i) = cu32_isa::decode(&ev.words) {
                ops.insert(i.op.name.clone());
            }
        })
        .map_err(|e| format!("{name}: {e}"))?;
    let got = actual(machine.wave(), summary.retired);
    let mut errors = Vec::new();
    for (reg, value) in &got {
        let want = match expect.get(reg) {
            Some(v) => Some(*v),
            None => initial(reg),
        };
        if let Some(want) = want.filter(|w| w != value) {
            let listed = if expect.contains_key(reg) {
                ""
            } else {
                " (not listed: initial value expected)"
            };
            errors.push(format!(
                "  {reg}: expected 0x{want:x}, got 0x{value:x}{listed}"
            ));
        }
    }
    for reg in expect.keys().filter(|k| !got.contains_key(*k)) {
        errors.push(format!("  unknown expectation name `{reg}`"));
    }
    if errors.is_empty() {
        Ok(Outcome { ops })
    } else {
        Err(format!("{name}:\n{}", errors.join("\n")))
    }
}

/// Runs every program of `kernels/<dir>` (at least `min` of them) and reports all failures.
fn check_programs(dir: &str, min: usize) {
    let files = programs(dir);
    assert!(
        files.len() >= min,
        "only {} programs in kernels/{dir}",
        files.len()
    );
    let failures: Vec<String> = files.iter().filter_map(|p| run_program(p).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} programs failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_scalar_program_reaches_its_expected_state() {
    check_programs("scalar", 40);
}

#[test]
fn every_vector_program_reaches_its_expected_state() {
    check_programs("vector", 4);
}

#[test]
fn programs_execute_every_implemented_opcode() {
    let mut executed = BTreeSet::new();
    for p in programs("scalar") {
        if let Ok(o) = run_program(&p) {
            executed.extend(o.ops);
        }
    }
    let implemented: BTreeSet<String> = cu32_isa::tables()
        .ops()
        .iter()
        .filter(|o| o.format <= cu32_isa::Format::Sopp) // the model implements SOP* only
        .map(|o| o.name.clone())
        .filter(|n| !UNSUPPORTED.iter().any(|(u, _)| u == n))
        // `s_trap` (and `s_sethalt 1`) stop the wave with an error, and the RTL decodes both
        // as illegal, so no co-simulated program runs them: the opcode cases cover them.
        .filter(|n| !matches!(n.as_str(), "s_trap" | "s_sethalt"))
        .collect();
    let missing: Vec<&String> = implemented.difference(&executed).collect();
    println!(
        "programs execute {} of {} implemented opcodes ({} in the tables, {} unsupported)",
        executed.intersection(&implemented).count(),
        implemented.len(),
        cu32_isa::tables().ops().len(),
        UNSUPPORTED.len()
    );
    assert!(
        missing.is_empty(),
        "opcodes no program executes: {missing:?}"
    );
}
