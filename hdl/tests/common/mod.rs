//! Helpers shared by the RTL unit tests that run Verilator: a deterministic random
//! generator, the "is Verilator here" check, building, linting and running a Verilog
//! testbench in a scratch folder, the golden model's vectors of the lane operations, and
//! the memory units' beat checks.

#![allow(dead_code)]

pub mod lane_vectors;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A value in `0..n`.
    pub fn below(&mut self, n: u64) -> u32 {
        (self.next() % n) as u32
    }
}

/// Whether Verilator is on PATH; without it a test of `what` is skipped loudly, except
/// under CI (`CI` set), where that is a failure.
pub fn verilator_present(what: &str) -> bool {
    if Command::new("verilator").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "verilator is required when CI is set"
    );
    eprintln!("\n*** SKIPPED: verilator not found on PATH; {what} was NOT checked ***\n");
    false
}

/// Asserts that `file` (module `top`) in `dir` passes `verilator --lint-only -Wall` with
/// no message at all.
pub fn lint_clean(dir: &Path, top: &str, file: &str) {
    lint_clean_with(dir, top, file, &[]);
}

/// [`lint_clean`] with more Verilator arguments (`-G` parameters).
pub fn lint_clean_with(dir: &Path, top: &str, file: &str, args: &[String]) {
    let lint = Command::new("verilator")
        .current_dir(dir)
        .args(["--lint-only", "-Wall", "--top-module", top, file])
        .args(args)
        .output()
        .unwrap();
    assert!(
        lint.status.success() && lint.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
}

/// Builds testbench module `tb` from `files` in `dir` with the `+define+` `defines`, runs
/// it there, and returns what it printed.
pub fn run_testbench(dir: &Path, files: &[&str], defines: &[String]) -> String {
    let run = Command::new(build_testbench(dir, files, defines))
        .current_dir(dir)
        .output()
        .unwrap();
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// Builds testbench module `tb` from `files` in `dir` with the `+define+` `defines`;
/// returns the executable (to run in `dir`).
pub fn build_testbench(dir: &Path, files: &[&str], defines: &[String]) -> PathBuf {
    let build = Command::new("verilator")
        .current_dir(dir)
        .args(["--binary", "-Wno-fatal", "-O1"])
        .args(defines.iter().map(|d| format!("+define+{d}")))
        .args(["--top-module", "tb", "-o", "tb"])
        .args(files)
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    dir.join("obj_dir/tb")
}

/// Runs the testbench of a block of plain parameterised Verilog in a scratch folder named
/// after `name`: module `top` (`verilog`, written as `top.v`) must lint clean with its
/// defaults and with `params` (`-G`); testbench module `tb` (`testbench`) must lint clean
/// too, and is built with `params` and `N` = `n` as `+define+`s and run beside the
/// `inputs` (file name, text).
/// Returns what it printed.
pub fn run_block(
    name: &str,
    top: &str,
    verilog: &str,
    testbench: &str,
    params: &[(&str, u32)],
    inputs: &[(&str, String)],
    n: usize,
) -> String {
    run_block_with(name, top, verilog, &[], testbench, params, inputs, n)
}

/// [`run_block`] for a block that instantiates modules of other files: `sources` (file
/// name, text) are written beside `top.v` and go with it into every lint and the build.
#[allow(clippy::too_many_arguments)]
pub fn run_block_with(
    name: &str,
    top: &str,
    verilog: &str,
    sources: &[(&str, &str)],
    testbench: &str,
    params: &[(&str, u32)],
    inputs: &[(&str, String)],
    n: usize,
) -> String {
    let dir = std::env::temp_dir().join(format!("{top}_{name}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = format!("{top}.v");
    std::fs::write(dir.join(&file), verilog).unwrap();
    let mut files = vec![file.clone()];
    for (source, text) in sources {
        std::fs::write(dir.join(source), text).unwrap();
        files.push(source.to_string());
    }
    std::fs::write(dir.join("tb.v"), testbench).unwrap();
    for (input, text) in inputs {
        std::fs::write(dir.join(input), text).unwrap();
    }
    let others = &files[1..];
    let mut set: Vec<String> = params.iter().map(|(p, v)| format!("-G{p}={v}")).collect();
    set.extend(others.iter().cloned());
    lint_clean_with(&dir, top, &file, &set);
    lint_clean_with(&dir, top, &file, others);
    let mut defines: Vec<String> = params.iter().map(|(p, v)| format!("{p}={v}")).collect();
    defines.push(format!("N={n}"));
    let mut tb_lint: Vec<String> = defines.iter().map(|d| format!("+define+{d}")).collect();
    tb_lint.push("--timing".to_string());
    tb_lint.extend(files.iter().cloned());
    lint_clean_with(&dir, "tb", "tb.v", &tb_lint);
    let mut build: Vec<&str> = vec!["tb.v"];
    build.extend(files.iter().map(String::as_str));
    let tb = build_testbench(&dir, &build, &defines);
    let run = Command::new(tb).current_dir(&dir).output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// The beats a memory unit's block test logged (`B cycle out_k out_last ...` lines of
/// `cu32_lds_unit`'s and `cu32_gmem_unit`'s testbenches), each line's fields after the
/// `B`, grouped into passes at `out_last`; asserts that they make exactly `passes`
/// passes, none left open.
pub fn beat_passes<'a>(name: &str, log: &'a str, passes: usize) -> Vec<Vec<Vec<&'a str>>> {
    let mut outs: Vec<Vec<Vec<&str>>> = vec![Vec::new()];
    for line in log.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.first() == Some(&"B") {
            let last = f.get(3) == Some(&"1");
            if let Some(pass) = outs.last_mut() {
                pass.push(f[1..].to_vec());
            }
            if last {
                outs.push(Vec::new());
            }
        }
    }
    assert!(
        outs.pop().is_some_and(|rest| rest.is_empty()),
        "{name}: beats after the last pass's last beat"
    );
    assert_eq!(
        outs.len(),
        passes,
        "{name}: {} passes out of {passes}\n{}",
        outs.len(),
        log.lines().rev().take(5).collect::<Vec<_>>().join("\n")
    );
    outs
}

/// Checks the beats a memory unit's block test logged for one pass (`cu32_lds_unit`,
/// `cu32_gmem_unit`): each beat's `(out_k, out_last, out_mask in hex)` must be
/// `0, 1, .. beats - 1`, the last alone flagged, every mask `mask`. `what` names the pass
/// in messages.
pub fn check_beat_shape(what: &str, shape: &[(usize, bool, &str)], beats: usize, mask: u32) {
    let ks: Vec<usize> = shape.iter().map(|b| b.0).collect();
    assert_eq!(
        ks,
        (0..beats).collect::<Vec<_>>(),
        "{what}: out_k of its beats"
    );
    let lasts: Vec<bool> = shape.iter().map(|b| b.1).collect();
    assert_eq!(
        lasts,
        (0..beats).map(|k| k + 1 == beats).collect::<Vec<_>>(),
        "{what}: out_last of its beats"
    );
    for (k, b) in shape.iter().enumerate() {
        assert_eq!(
            u32::from_str_radix(b.2, 16).unwrap(),
            mask,
            "{what}, beat {k}: mask"
        );
    }
}
