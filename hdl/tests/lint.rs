//! Lints the generated Verilog of every configuration in `configs/`, and of the ULX3S one
//! at 2 lanes, with Verilator.
//!
//! Command: `verilator --lint-only -Wall lint.vlt -f files.f --top-module cu32_top`, with
//! and without `+define+CU32_TRACE` (the co-simulation's trace ports), and each
//! template-rendered file on its own with plain `-Wall` (no waivers at all).
//! `lint.vlt` (written by the generator) waives WIDTH, DECLFILENAME and UNUSEDPARAM for the
//! rust-hdl output (`cu32_indexer.v`) only: rust-hdl's code generator emits unsized
//! literals, several modules per file and every enum's localparams in every module. Any
//! warning fails the test. Without verilator the test is skipped loudly, unless `CI` is
//! set, where a missing verilator is a failure.

use cu32_hdl::Config;
use std::path::{Path, PathBuf};
use std::process::Command;

fn verilator_present() -> bool {
    let found = Command::new("verilator").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "verilator is required when CI is set (apt-get install verilator)"
        );
        eprintln!("\n*** SKIPPED: verilator not found on PATH; Verilog lint NOT run ***\n");
    }
    found
}

fn configs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    v.sort();
    v
}

fn lint(dir: &Path, args: &[&str]) {
    let out = Command::new("verilator")
        .current_dir(dir)
        .args(["--lint-only", "-Wall"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !stderr.contains("%Warning") && !stderr.contains("%Error"),
        "verilator {args:?} in {}:\n{stderr}",
        dir.display()
    );
}

#[test]
fn generated_verilog_lints_clean() {
    if !verilator_present() {
        return;
    }
    let mut all: Vec<Config> = configs().iter().map(|p| Config::load(p).unwrap()).collect();
    let mut two = all
        .iter()
        .find(|c| c.name == "ulx3s-85f")
        .expect("configs/ulx3s-85f.yaml")
        .clone();
    two.name = "ulx3s-85f-2lanes".into();
    two.lanes = 2;
    all.push(two);
    for config in all {
        let tmp =
            std::env::temp_dir().join(format!("cu32-lint-{}-{}", config.name, std::process::id()));
        std::fs::create_dir_all(&tmp).unwrap();
        for f in cu32_hdl::generate(&config).unwrap() {
            std::fs::write(tmp.join(&f.name), f.text).unwrap();
        }
        // As synthesised, and as the co-simulation builds it (with the VGPR write trace).
        for define in [None, Some("+define+CU32_TRACE")] {
            let mut args = vec!["lint.vlt", "-f", "files.f", "--top-module", "cu32_top"];
            args.extend(define);
            lint(&tmp, &args);
        }
        // The template-rendered files, no waivers.
        lint(
            &tmp,
            &["cu32_inline_const.v", "--top-module", "cu32_inline_const"],
        );
        lint(
            &tmp,
            &[
                "cu32_decode.v",
                "cu32_inline_const.v",
                "--top-module",
                "cu32_decode",
            ],
        );
        lint(&tmp, &["cu32_csr.v", "--top-module", "cu32_csr"]);
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
