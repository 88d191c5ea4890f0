//! Command-line tests of `cu32` (assert_cmd): help text, the main job, and the clear,
//! located errors every kind of bad input must produce — never a panic.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn cu32() -> Command {
    Command::cargo_bin("cu32").expect("cu32 binary")
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write test input");
    path
}

/// The output of a failed run: non-zero exit, an `error:` line, and no panic.
fn fails_with(cmd: &mut Command, needles: &[&str]) {
    let out = cmd.output().expect("run cu32");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "expected failure, got success: {stderr}");
    assert_eq!(out.status.code(), Some(1), "exit code; stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    for n in needles {
        assert!(stderr.contains(n), "stderr lacks `{n}`: {stderr}");
    }
}

#[test]
fn help_lists_every_subcommand() {
    let assert = cu32().arg("--help").assert().success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    for cmd in ["gen", "asm", "disasm", "run", "cosim", "synth"] {
        assert!(out.contains(cmd), "--help lacks {cmd}: {out}");
        cu32().args([cmd, "--help"]).assert().success();
    }
}

#[test]
fn bad_config_names_file_field_and_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let default = std::fs::read_to_string(repo().join("configs/default.yaml")).unwrap();
    let bad = write(dir.path(), "bad.yaml", &default.replace("lanes: 32", "lanes: 7"));
    fails_with(
        cu32().arg("gen").arg("--config").arg(&bad),
        &["bad.yaml", "`lanes`", "4, 8, 16, 32"],
    );
    let unknown = write(dir.path(), "unknown.yaml", &format!("{default}colour: red\n"));
    fails_with(
        cu32().arg("gen").arg("--config").arg(&unknown),
        &["unknown.yaml", "colour"],
    );
    fails_with(
        cu32().args(["gen", "--config", "/nonexistent/cfg.yaml"]),
        &["/nonexistent/cfg.yaml"],
    );
}
