//! Lints the generated Verilog of every configuration in `configs/` with Verilator.
//!
//! Command: `verilator --lint-only -Wall lint.vlt -f files.f --top-module cu32_top`, with
//! and without `+define+CU32_TRACE` (the co-simulation's trace ports), and each
//! template-rendered file on its own with plain `-Wall` (no waivers at all).
//! `lint.vlt` (written by the generator) waives WIDTH, DECLFILENAME and UNUSEDPARAM for the
//! rust-hdl outputs (`cu32_core.v` and `cu32_lane.v`; `cu32_salu.v` and `cu32_indexer.v` of
//! a `core: pipelined` configuration; `cu32_salu_pipe.v` and `cu32_indexer.v` of a
//! `core: interleaved` one) only: rust-hdl's code generator emits
//! unsized literals, several modules per file and every enum's localparams in every module.
//! The VALU (`cu32_valu.v`) instantiates the lane, so it is linted with `lint.vlt` and the
//! lane's file (the waivers do not touch the template's own file). Any warning fails
//! the test. Without verilator the test is skipped loudly, unless `CI` is set, where a
//! missing verilator is a failure.

use cu32_hdl::{Config, CoreKind};
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
    for path in configs() {
        let config = Config::load(&path).unwrap();
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
        if config.core == CoreKind::Interleaved {
            // The blocks are plain Verilog under their own tests; the top covers them here.
            std::fs::remove_dir_all(&tmp).unwrap();
            continue;
        }
        if config.core == CoreKind::Pipelined {
            // The pipelined issue's front (its other templates are linted through the top).
            lint(&tmp, &["cu32_fetch.v", "--top-module", "cu32_fetch"]);
            lint(&tmp, &["cu32_select.v", "--top-module", "cu32_select"]);
            std::fs::remove_dir_all(&tmp).unwrap();
            continue;
        }
        lint(&tmp, &["cu32_vdecode.v", "--top-module", "cu32_vdecode"]);
        let lds = tmp.join("cu32_lds.v").exists();
        if lds {
            lint(&tmp, &["cu32_lds.v", "--top-module", "cu32_lds"]);
        }
        lint(&tmp, &["cu32_vrf.v", "--top-module", "cu32_vrf"]);
        // The VALU with the rust-hdl lane it instantiates (waivers for the lane), and the
        // memory unit with the LDS and its bus master, with and without the trace.
        for define in [None, Some("+define+CU32_TRACE")] {
            let mut args = vec![
                "lint.vlt",
                "cu32_valu.v",
                "cu32_inline_const.v",
                "cu32_lane.v",
                "--top-module",
                "cu32_valu",
            ];
            args.extend(define);
            lint(&tmp, &args);
            let mut args = vec!["cu32_vmem.v", "cu32_vmem_wb.v", "--top-module", "cu32_vmem"];
            if lds {
                args.push("cu32_lds.v");
            }
            args.extend(define);
            lint(&tmp, &args);
        }
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
