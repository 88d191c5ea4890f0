//! Helpers shared by the RTL unit tests that run Verilator: a deterministic random
//! generator, the "is Verilator here" check, and building, linting and running a Verilog
//! testbench in a scratch folder.

#![allow(dead_code)]

use std::path::Path;
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
    let lint = Command::new("verilator")
        .current_dir(dir)
        .args(["--lint-only", "-Wall", "--top-module", top, file])
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
    let run = Command::new(dir.join("obj_dir/tb"))
        .current_dir(dir)
        .output()
        .unwrap();
    String::from_utf8_lossy(&run.stdout).into_owned()
}
