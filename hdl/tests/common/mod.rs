//! Helpers shared by the RTL unit tests that run Verilator: a deterministic random
//! generator, the "is Verilator here" check, building, linting and running a Verilog
//! testbench in a scratch folder, and the one request record (a pass of lanes) the
//! memory-side testbenches read.

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

/// One request of a pass of lanes to a memory-side unit under `mask`: every lane's address
/// (a dword address for the LDS, a byte address for the bus master), write data and byte
/// enables.
pub struct Request {
    pub we: bool,
    pub mask: u32,
    pub addr: Vec<u32>,
    pub wdata: Vec<u32>,
    pub be: Vec<u8>,
}

impl Request {
    /// The request as one `$readmemh` line of `lanes` lanes: `{we[3:0], mask, addr[lanes-1]
    /// .. addr[0], wdata[lanes-1] .. wdata[0], be[lanes-1] .. be[0]}`, with `flags` or'ed
    /// into the `we` field. (Every field after the mask is a whole number of hex digits;
    /// the `we` field and the mask lead as one number, so a mask of 2 lanes fits too.)
    pub fn hex(&self, lanes: u32, flags: u8) -> String {
        let mask = u64::from(self.mask) & ((1u64 << lanes) - 1);
        let head = u64::from(u8::from(self.we) | flags) << lanes | mask;
        let mut s = format!("{head:x}");
        for v in self.addr.iter().rev().chain(self.wdata.iter().rev()) {
            s += &format!("{v:08x}");
        }
        for v in self.be.iter().rev() {
            s += &format!("{v:x}");
        }
        s
    }
}
