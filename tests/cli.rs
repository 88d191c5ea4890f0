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
    assert!(
        !out.status.success(),
        "expected failure, got success: {stderr}"
    );
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
    for cmd in ["gen", "asm", "disasm", "info", "run", "cosim", "synth"] {
        assert!(out.contains(cmd), "--help lacks {cmd}: {out}");
        cu32().args([cmd, "--help"]).assert().success();
    }
}

/// `cu32 --help` opens with the tool's one-line description (not the crate's) and lists
/// the exit statuses; a usage error exits with 2.
#[test]
fn help_documents_the_exit_status() {
    let assert = cu32().arg("--help").assert().success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(out.starts_with("cu32: an open FPGA compute unit"), "{out}");
    assert!(
        !out.contains("command-line tool: Verilog generation"),
        "{out}"
    );
    for needle in [
        "Exit status: 0 success",
        "1 an error in the input",
        "2 a usage error",
        "3 the RTL and the golden model differ",
        "4 the configuration does not implement",
    ] {
        assert!(out.contains(needle), "--help lacks `{needle}`: {out}");
    }
    cu32().args(["run", "--no-such-flag"]).assert().code(2);
}

/// A reader that closes the pipe early (`cu32 disasm big.bin | head -1`) ends `cu32`
/// quietly, by SIGPIPE as for any filter: no panic, no error message.
#[test]
fn a_closed_standard_output_is_no_panic() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    // 400 KiB of `s_nop 0`: far more disassembly than a pipe holds.
    let words: Vec<u8> = std::iter::repeat_n(0xbf80_0000u32.to_le_bytes(), 100_000)
        .flatten()
        .collect();
    let bin = dir.path().join("nops.bin");
    std::fs::write(&bin, words).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cu32"))
        .arg("disasm")
        .arg(&bin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "00000000: bf800000           s_nop 0\n");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr, "", "{:?}", out.status);
    assert_eq!(
        out.status.signal(),
        Some(libc_sigpipe()),
        "{:?}",
        out.status
    );
}

/// SIGPIPE's number (13 on Linux).
fn libc_sigpipe() -> i32 {
    13
}

#[test]
fn bad_config_names_file_field_and_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let default = std::fs::read_to_string(repo().join("configs/default.yaml")).unwrap();
    let bad = write(
        dir.path(),
        "bad.yaml",
        &default.replace("lanes: 32", "lanes: 7"),
    );
    fails_with(
        cu32().arg("gen").arg("--config").arg(&bad),
        &["bad.yaml", "`lanes`", "2, 4, 8, 16, 32"],
    );
    let unknown = write(
        dir.path(),
        "unknown.yaml",
        &format!("{default}colour: red\n"),
    );
    fails_with(
        cu32().arg("gen").arg("--config").arg(&unknown),
        &["unknown.yaml", "colour"],
    );
    fails_with(
        cu32().args(["gen", "--config", "/nonexistent/cfg.yaml"]),
        &["/nonexistent/cfg.yaml"],
    );
}

/// A configuration's `name` names its output folder: a path (`../x`, absolute), an empty
/// name or control characters are refused with the file and the field, and nothing is
/// written outside `--out`; `true` for a float unit the RTL lacks (`fp32`, `fp16`,
/// `transcendentals`) is refused naming the field; the configs/ files still load.
#[test]
fn config_name_and_float_units_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let default = std::fs::read_to_string(repo().join("configs/default.yaml")).unwrap();
    assert!(default.contains("name: default\n"), "{default}");
    let escape = dir.path().join("escaped");
    for name in [
        "\"../escaped\"".to_string(),
        format!("\"{}\"", escape.display()),
        "\"\"".to_string(),
        "\".\"".to_string(),
        "\"a\\u0000b\"".to_string(),
    ] {
        let bad = write(
            dir.path(),
            "named.yaml",
            &default.replace("name: default\n", &format!("name: {name}\n")),
        );
        fails_with(
            cu32()
                .arg("gen")
                .arg("--config")
                .arg(&bad)
                .arg("--out")
                .arg(&out),
            &["named.yaml: field `name` is", "A-Z a-z 0-9 - _ ."],
        );
        assert!(!escape.exists() && !out.exists(), "{name} wrote files");
    }
    for field in ["fp32", "fp16", "transcendentals"] {
        let bad = write(
            dir.path(),
            "float.yaml",
            &default.replace(&format!("{field}: false"), &format!("{field}: true")),
        );
        fails_with(
            cu32()
                .arg("gen")
                .arg("--config")
                .arg(&bad)
                .arg("--out")
                .arg(&out),
            &[
                &format!("float.yaml: field `features.{field}` is true"),
                "no floating-point unit yet",
            ],
        );
    }
    for config in ["default", "ulx3s-85f"] {
        let path = repo().join(format!("configs/{config}.yaml"));
        cu32_hdl::Config::load(&path).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// `cu32 asm` never writes over its source: `cu32 asm prog.bin` (the default output is the
/// input with `.bin`) and `-o` naming the input are refused, the source unchanged.
#[test]
fn asm_never_overwrites_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let text = "s_nop 0\ns_endpgm\n";
    let src = write(dir.path(), "prog.bin", text);
    fails_with(
        cu32().arg("asm").arg(&src),
        &["prog.bin: the output would overwrite the source"],
    );
    let other = write(dir.path(), "p.s", text);
    fails_with(
        cu32()
            .arg("asm")
            .arg(&other)
            .arg("-o")
            .arg(dir.path().join("./p.s")),
        &["p.s: the output would overwrite the source"],
    );
    assert_eq!(std::fs::read_to_string(&src).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), text);
    cu32().arg("asm").arg(&other).assert().success();
    assert_eq!(std::fs::read(dir.path().join("p.bin")).unwrap().len(), 8);
}

/// `--first-seed` near 2^64 with `--seeds` passing the last seed is a usage error (exit
/// 2), not 0 seeds run and success.
#[test]
fn cosim_seeds_past_the_last_seed_are_refused() {
    let out = cu32()
        .args([
            "cosim",
            "--seeds",
            "5",
            "--first-seed",
            "18446744073709551615",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--seeds 5 from --first-seed 18446744073709551615 passes the last seed"),
        "{stderr}"
    );
}

/// An `.amdhsa_kernel` or `.amdgpu_metadata` block with no closing directive is an error
/// at its opening line (as llvm-mc has it), not the rest of the file dropped.
#[test]
fn unterminated_blocks_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (open, end) in [
        (".amdhsa_kernel k", ".end_amdhsa_kernel"),
        (".amdgpu_metadata", ".end_amdgpu_metadata"),
    ] {
        let src = write(
            dir.path(),
            "block.s",
            &format!("s_nop 0\n{open}\n  s_endpgm\n  s_mov_b32 s0, 1\n"),
        );
        let name = open.split_whitespace().next().unwrap();
        fails_with(
            cu32()
                .arg("asm")
                .arg(&src)
                .arg("-o")
                .arg(dir.path().join("b.bin")),
            &[&format!(
                "block.s:2:1: `{name}` is not closed: no `{end}` before the end of the file"
            )],
        );
        // Closed, the block is skipped.
        std::fs::write(&src, format!("s_nop 0\n{open}\n{end}\ns_endpgm\n")).unwrap();
        cu32()
            .arg("asm")
            .arg(&src)
            .arg("-o")
            .arg(dir.path().join("b.bin"))
            .assert()
            .success();
        assert_eq!(std::fs::read(dir.path().join("b.bin")).unwrap().len(), 8);
    }
}

/// Deep expressions: 10,000 nested parentheses (what llvm-mc 19 accepts) assemble; nesting
/// past the limit (16,384) and 100,000 unary `~` are located errors, not a stack overflow,
/// through `cu32 asm` and `cu32 run` alike.
#[test]
fn deep_expressions_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let nested = |n: usize| {
        format!(
            "s_mov_b32 s0, {}7{}\ns_endpgm\n",
            "(".repeat(n),
            ")".repeat(n)
        )
    };
    let ok = write(dir.path(), "ok.s", &nested(10_000));
    cu32()
        .arg("run")
        .arg(&ok)
        .assert()
        .success()
        .stdout(predicate::str::contains("s0 = 0x00000007\n"));
    let deep = write(dir.path(), "deep.s", &nested(20_000));
    // The 16,385th parenthesis is at column 15 + 16,384.
    let located = "deep.s:1:16399: expression nested more than 16384 deep";
    fails_with(
        cu32()
            .arg("asm")
            .arg(&deep)
            .arg("-o")
            .arg(dir.path().join("d.bin")),
        &[located],
    );
    fails_with(cu32().arg("run").arg(&deep), &[located]);
    let tilde = write(
        dir.path(),
        "tilde.s",
        &format!("s_mov_b32 s0, {}0\n", "~".repeat(100_000)),
    );
    fails_with(
        cu32().arg("run").arg(&tilde),
        &["tilde.s:1:16399: expression nested more than 16384 deep"],
    );
    // An even number of `~` within the limit cancels out.
    let even = write(
        dir.path(),
        "even.s",
        &format!("s_mov_b32 s0, {}5\ns_endpgm\n", "~".repeat(10_000)),
    );
    cu32()
        .arg("run")
        .arg(&even)
        .assert()
        .success()
        .stdout(predicate::str::contains("s0 = 0x00000005\n"));
}

/// Two DPP lane controls (`row_shr` and `quad_perm`) or a modifier given twice are refused at
/// the second, as llvm-mc refuses them, rather than one silently dropped.
#[test]
fn conflicting_modifiers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "v_mov_b32_dpp v0, v1 row_shr:1 quad_perm:[0,1,2,3]\n",
            "m.s:1:32: a second DPP lane control (the first is at column 22)",
        ),
        (
            "v_mov_b32 v0, v1 quad_perm:[0,1,2,3] row_shr:1\n",
            "m.s:1:38: a second DPP lane control (the first is at column 18)",
        ),
        (
            "v_add_nc_u32 v0, v1, v2 clamp clamp\n",
            "m.s:1:31: a modifier given twice (the first is at column 25)",
        ),
    ];
    for (text, needle) in cases {
        let src = write(dir.path(), "m.s", text);
        fails_with(
            cu32()
                .arg("asm")
                .arg(&src)
                .arg("-o")
                .arg(dir.path().join("m.bin")),
            &[needle],
        );
    }
}

/// Quoted user text in an error is cut at 80 characters with `…`, control characters, NUL
/// and the byte-order mark escaped: a 1 MB mnemonic gives a short one-line message.
#[test]
fn errors_quote_user_text_short_and_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "long.s", &format!("{}\n", "x".repeat(1 << 20)));
    let out = cu32()
        .arg("asm")
        .arg(&src)
        .arg("-o")
        .arg(dir.path().join("l.bin"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr,
        format!(
            "error: {}:1:1: invalid instruction `{}…`\n",
            src.display(),
            "x".repeat(80)
        )
    );
    let src = write(dir.path(), "nul.s", "s_n\u{feff}op\0 0\n");
    let out = cu32()
        .arg("asm")
        .arg(&src)
        .arg("-o")
        .arg(dir.path().join("l.bin"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains('\0') && !stderr.contains('\u{feff}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("nul.s:1:"), "{stderr}");
}

/// Launch buffers are bounded before anything is allocated: `zeros` of 1 TiB or 256 GiB
/// (file or flag) and a 2 GiB input file are refused with the argument named (`cu32 run`:
/// 1 GiB in all); `cu32 cosim` takes 64 MiB and says so before building the RTL, and
/// refuses an 8 GiB `--memory-image` from its size.
#[test]
fn launch_buffers_are_bounded_before_allocation() {
    let dir = tempfile::tempdir().unwrap();
    let code = repo().join("kernels/opencl/build/vector_add.co");
    write(dir.path(), "b.bin", &"\0".repeat(256));
    let launch = "kernel: vector_add\ngrid: [64]\nblock: [64]\nargs:\n  - buffer: b.bin\n  \
                  - buffer: b.bin\n  - zeros: 256\n  - u32: 64\n";
    let first_buffer = "  - buffer: b.bin\n  - buffer";
    for bytes in ["68719476736", "274877906944", "1099511627776"] {
        let file = write(
            dir.path(),
            "big.yaml",
            &launch.replacen(first_buffer, &format!("  - zeros: {bytes}\n  - buffer"), 1),
        );
        fails_with(
            cu32().arg("run").arg(&code).arg("--launch").arg(&file),
            &[
                "big.yaml: args[0].zeros:",
                &format!("{bytes} bytes is more than"),
                "1 GiB",
            ],
        );
        fails_with(
            cu32()
                .arg("run")
                .arg(&code)
                .args(["--kernel", "vector_add", "--grid", "64", "--block", "64"])
                .arg(format!("--arg=zeros={bytes}")),
            &["args[0].zeros:", "1 GiB"],
        );
    }
    // A sparse 2 GiB file: refused from its size, never read.
    let huge = dir.path().join("huge.bin");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    let file = write(
        dir.path(),
        "huge.yaml",
        &launch.replacen(
            first_buffer,
            &format!("  - buffer: {}\n  - buffer", huge.display()),
            1,
        ),
    );
    fails_with(
        cu32().arg("run").arg(&code).arg("--launch").arg(&file),
        &[
            "huge.yaml: args[0]: the buffers up to it hold 2147483648 bytes",
            "1 GiB",
        ],
    );
    let file = write(
        dir.path(),
        "cosim.yaml",
        &launch.replacen(first_buffer, "  - zeros: 134217728\n  - buffer", 1),
    );
    let out = cu32()
        .arg("cosim")
        .arg(&code)
        .arg("--launch")
        .arg(&file)
        .arg("--out")
        .arg(dir.path().join("build"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "cosim.yaml: the buffers hold 134218240 bytes, more than co-simulation takes"
        ),
        "{stderr}"
    );
    assert!(
        !dir.path().join("build/cosim").exists(),
        "the RTL was built"
    );
}

/// `bench --min-time` takes 0 to 86400 seconds: 1e300, a negative or NaN is a usage error
/// (exit 2) naming the option, not a panic.
#[test]
fn bench_min_time_is_bounded() {
    for bad in ["1e300", "-1", "NaN", "inf"] {
        let out = cu32()
            .arg("bench")
            .arg(format!("--min-time={bad}"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(
            stderr.contains(&format!(
                "`{bad}` is not a number of seconds from 0 to 86400"
            )),
            "{stderr}"
        );
        assert!(stderr.contains("--min-time"), "{stderr}");
    }
}

/// `cu32 run` says plainly what is wrong: a code object without a launch is named as such
/// (not "stream did not contain valid UTF-8"), other bytes that are not UTF-8 by line and
/// column; a kernel running off the end of its code is said to (not "`v_illegal` ... not
/// modelled yet"); a branch below address 0 prints as a negative offset, not a 128-bit
/// number.
#[test]
fn run_names_what_is_wrong_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let co = repo().join("isa/tests/data/co/vecops.co");
    fails_with(
        cu32().arg("run").arg(&co),
        &[
            "vecops.co: this is a code object (ELF), not assembly",
            "--launch FILE",
        ],
    );
    let latin1 = dir.path().join("latin1.s");
    std::fs::write(&latin1, b"s_nop 0\ns_nop 0 ; caf\xe9\n").unwrap();
    fails_with(
        cu32().arg("run").arg(&latin1),
        &["latin1.s:2:14: not UTF-8 text (byte 0xe9)"],
    );
    let wild = write(dir.path(), "wild.s", "s_branch 0x8000\ns_endpgm\n");
    // 4 + 4 * -32768 = -0x1fffc.
    fails_with(cu32().arg("run").arg(&wild), &["wild.s:1: the program failed: pc 0x0000: s_branch (0xbfa08000): branch target -0x1fffc outside the program (8 bytes)"]);
    // kernels/dispatch/trap.s without its s_trap and s_endpgm runs off its end.
    let trap = std::fs::read_to_string(repo().join("kernels/dispatch/trap.s")).unwrap();
    assert!(trap.contains("\ts_trap 2\n\ts_endpgm\n"));
    let source = write(
        dir.path(),
        "off_end.s",
        &trap.replace("\ts_trap 2\n\ts_endpgm\n", "\ts_nop 0\n"),
    );
    let code = link_kernel(&source, dir.path());
    let kernel = cu32_isa::code_object::CodeObject::parse(&std::fs::read(&code).unwrap()).unwrap();
    let kernel = kernel.kernel("trap").unwrap();
    let end = kernel.entry + kernel.code.len() as u64;
    let launch = write(
        dir.path(),
        "trap.yaml",
        "kernel: trap\ngrid: [32]\nblock: [32]\nargs:\n  - zeros: 128\n",
    );
    fails_with(
        cu32().arg("run").arg(&code).arg("--launch").arg(&launch),
        &[&format!("pc 0x{end:04x}: past the end of the kernel's code (0x{:04x}..0x{end:04x}), no s_endpgm on the way", kernel.entry)],
    );
}

/// A kernel whose descriptor allocates more VGPRs than the configuration has is refused
/// before the dispatch (and before the RTL is built), naming both counts: `wmma` (80
/// VGPRs, `cu32 info`) on the default configuration (64).
#[test]
fn cosim_refuses_a_kernel_needing_more_vgprs() {
    let dir = tempfile::tempdir().unwrap();
    let suite = repo().join("kernels/opencl");
    let code = suite.join("build/wmma.co");
    cu32()
        .arg("info")
        .arg(&code)
        .assert()
        .success()
        .stdout(predicate::str::contains("79 VGPRs (80 allocated)"));
    let config = cu32_hdl::Config::default_config();
    assert_eq!(config.vgprs, 64);
    fails_with(
        cu32()
            .arg("cosim")
            .arg(&code)
            .arg("--launch")
            .arg(suite.join("wmma.yaml"))
            .arg("--out")
            .arg(dir.path()),
        &["wmma.co: kernel wmma allocates 80 VGPRs (its descriptor's granulated count); configuration `default` has 64"],
    );
    assert!(!dir.path().join("cosim").exists(), "the RTL was built");
}

/// `cosim --verilog` with a top that is not a cu32 top (other ports) says which ports the
/// shim misses, in one line, not hundreds of lines of C++ compiler errors.
#[test]
fn cosim_names_the_ports_a_foreign_top_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let top = write(
        dir.path(),
        "top.v",
        "module cu32_top(input clk, input rst, output reg [3:0] q);\n\
         always @(posedge clk) q <= rst ? 4'd0 : q + 4'd1;\nendmodule\n",
    );
    let prog = write(dir.path(), "p.s", "s_endpgm\n");
    let out = cu32()
        .arg("cosim")
        .arg("--verilog")
        .arg(&top)
        .arg(&prog)
        .arg("--out")
        .arg(dir.path().join("build"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let error = stderr.lines().find(|l| l.starts_with("error:")).unwrap();
    assert!(error.contains("the top module `cu32_top` does not have the ports the co-simulation shim (sim/shim/cosim_shim.cpp) drives: it lacks (at least) "), "{error}");
    for port in ["done", "error_pc", "trace_valid", "wb_dat_o"] {
        assert!(error.contains(port), "{port}: {error}");
    }
    assert!(stderr.lines().count() < 10, "{stderr}");
}

/// `cu32 info --json` prints one JSON object and nothing else, holding what the text report
/// says: per kernel its name, code range, resources and arguments.
#[test]
fn info_json_is_the_report_as_json() {
    let co = repo().join("isa/tests/data/co/vecops.co");
    let text = cu32().arg("info").arg(&co).assert().success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).to_string();
    let json = cu32().args(["info", "--json"]).arg(&co).assert().success();
    let json: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(json["code_object_version"], 5);
    let kernels = json["kernels"].as_array().unwrap();
    assert_eq!(kernels.len(), text.matches("\nkernel ").count());
    for k in kernels {
        let name = k["name"].as_str().unwrap();
        let entry = k["entry"].as_u64().unwrap();
        let bytes = k["code_bytes"].as_u64().unwrap();
        let section = text.split(&format!("kernel {name}\n")).nth(1).unwrap();
        let code = format!(
            "  code        {entry:#010x}..{:#010x} ({bytes} bytes",
            entry + bytes
        );
        assert!(section.starts_with(&code), "{code}: {section}");
        let resources = format!(
            "{} VGPRs ({} allocated), LDS {} bytes",
            k["vgpr_count"], k["vgprs_allocated"], k["lds_bytes"]
        );
        assert!(section.contains(&resources), "{resources}: {section}");
        for arg in k["arguments"].as_array().unwrap() {
            assert!(section.contains(arg["kind"].as_str().unwrap()), "{arg}");
        }
    }
}

/// `cu32 bench --json` writes one JSON object on standard output and nothing else (the
/// table goes to standard error): per kernel the table's columns by name, with the figures
/// the table shows.
#[test]
fn bench_json_is_the_table_as_json() {
    let launch = repo().join("kernels/opencl/collatz.yaml");
    let out = cu32()
        .args(["bench", "--min-time", "0", "--json"])
        .arg(&launch)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let kernel = &json["kernels"][0];
    assert_eq!(kernel["kernel"], "collatz");
    assert_eq!(kernel["runs"], 1);
    let row = stderr.lines().find(|l| l.starts_with("collatz ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(kernel["work-groups"].to_string(), cells[1]);
    assert_eq!(kernel["waves"].to_string(), cells[2]);
    assert_eq!(kernel["instr/run"].to_string(), cells[3]);
    assert_eq!(json["total"]["instr/run"], kernel["instr/run"]);
}

/// The waveform times a VCD file dumps (its `#T` lines), in order.
fn vcd_times(path: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("$enddefinitions"), "{}", path.display());
    text.lines()
        .filter_map(|l| l.strip_prefix('#')?.parse().ok())
        .collect()
}

/// Waveforms users can open: `--wave FILE.vcd` (or `.fst`) writes the whole run on a pass;
/// a divergence writes by default the window of its last `--wave-window` cycles (a rerun),
/// `--wave-window 0` the whole run; another extension is a usage error. On the harness's
/// stand-in RTL (`sim/tests/data/toy_top.v`), with a model fault injected for the
/// divergence.
#[test]
fn cosim_waveforms_whole_or_a_window() {
    let dir = tempfile::tempdir().unwrap();
    let toy = repo().join("sim/tests/data/toy_top.v");
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!("s_add_u32 s{}, s{}, {i}\n", i % 8, (i + 1) % 8));
    }
    text.push_str("s_endpgm\n");
    let prog = write(dir.path(), "p.s", &text);
    let out = dir.path().join("build");
    let cosim = |extra: &[&str]| {
        cu32()
            .arg("cosim")
            .arg("--verilog")
            .arg(&toy)
            .arg("--out")
            .arg(&out)
            .arg(&prog)
            .args(extra)
            .output()
            .unwrap()
    };
    let wave = dir.path().join("w.vcd");
    let wave_arg = wave.display().to_string();
    let result = cosim(&["--wave", &wave_arg]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let whole = vcd_times(&wave);
    assert!(whole[0] <= 1 && whole.len() > 80, "{:?}", &whole[..3]);

    // The injected fault at the 31st instruction: the window of 4 cycles starts 8 time
    // units before the divergence's time.
    let result = cosim(&["--inject-model-fault", "30", "--wave-window", "4"]);
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert_eq!(result.status.code(), Some(3), "{stdout}");
    let time: u64 = stdout
        .split("waveform time ")
        .nth(1)
        .and_then(|t| t.split(')').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no waveform time: {stdout}"));
    let divergence_vcd = out.join("cosim/p.vcd");
    assert!(
        stdout.contains(&format!("waveform: {}", divergence_vcd.display())),
        "{stdout}"
    );
    let window = vcd_times(&divergence_vcd);
    assert_eq!(window[0], time - 8, "{window:?}");
    assert!(
        window.len() < whole.len() / 2,
        "{} of {}",
        window.len(),
        whole.len()
    );
    let result = cosim(&["--inject-model-fault", "30", "--wave-window", "0"]);
    assert_eq!(result.status.code(), Some(3));
    assert_eq!(vcd_times(&divergence_vcd)[0], whole[0]);

    // FST from its own build: a file that opens with FST's header block (type 0), much
    // smaller than the VCD of the same run.
    let fst = dir.path().join("w.fst");
    let fst_arg = fst.display().to_string();
    let result = cosim(&["--wave", &fst_arg]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let bytes = std::fs::read(&fst).unwrap();
    assert_eq!(bytes.first(), Some(&0), "FST header block");
    assert!(bytes.len() < std::fs::metadata(&wave).unwrap().len() as usize);

    // --json: the programs' results as JSON alone on standard output.
    let result = cosim(&["--json"]);
    assert_eq!(result.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(json["passed"], 1, "{json}");
    assert_eq!(json["programs"][0]["result"], "PASS", "{json}");
    assert_eq!(json["programs"][0]["instructions"], 41, "{json}");

    let result = cosim(&["--wave", "w.txt"]);
    assert_eq!(result.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&result.stderr).contains("--wave w.txt: name a .vcd or .fst file")
    );
}

/// A launch's output buffer never overwrites an input: the code object, the launch file or
/// another argument's input buffer are refused before the dispatch (`run` and `cosim`),
/// the files unchanged; a buffer written back to its own file is allowed.
#[test]
fn launch_outputs_never_overwrite_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let code = d.join("k.co");
    std::fs::copy(repo().join("kernels/opencl/build/vector_add.co"), &code).unwrap();
    write(d, "a.bin", &"\0".repeat(256));
    write(d, "b.bin", &"\0".repeat(256));
    let launch = |out: &str| {
        format!(
            "kernel: vector_add\ngrid: [64]\nblock: [64]\nargs:\n  - buffer: a.bin\n  \
             - buffer: b.bin\n  - zeros: 256\n    out: {out}\n  - u32: 64\n"
        )
    };
    for (out, what) in [
        ("k.co", "the code object"),
        ("l.yaml", "the launch file"),
        ("a.bin", "the input of args[0]"),
        ("./b.bin", "the input of args[1]"),
    ] {
        let file = write(d, "l.yaml", &launch(out));
        let before = std::fs::read(d.join(out)).unwrap();
        let needle = format!(
            "l.yaml: args[2].out: {} is {what}: the output would overwrite it",
            d.join(out).display()
        );
        fails_with(
            cu32().arg("run").arg(&code).arg("--launch").arg(&file),
            &[&needle],
        );
        fails_with(
            cu32()
                .arg("cosim")
                .arg(&code)
                .arg("--launch")
                .arg(&file)
                .arg("--out")
                .arg(d.join("build")),
            &[&needle],
        );
        assert_eq!(std::fs::read(d.join(out)).unwrap(), before, "{out}");
    }
    assert!(!d.join("build/cosim").exists());
}

/// `cu32 bench --rtl --json`: JSON alone on standard output (the table on standard
/// error), the kernel's row by column name with its result, and the counts of results;
/// its figures agree with the table's.
#[test]
fn bench_rtl_json_is_the_table_as_json() {
    let out = cu32()
        .args(["bench", "--rtl", "--json", "--out"])
        .arg(shared_cosim_out())
        .arg(repo().join("kernels/opencl/collatz.yaml"))
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["config"], "default");
    assert_eq!(
        (json["passed"].as_u64(), json["failed"].as_u64()),
        (Some(1), Some(0))
    );
    let kernel = &json["kernels"][0];
    assert_eq!(kernel["kernel"], "collatz");
    assert_eq!(kernel["result"], "PASS");
    let row = stderr.lines().find(|l| l.starts_with("collatz ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(kernel["waves"].to_string(), cells[1]);
    assert_eq!(kernel["cycles"].to_string(), cells[2]);
}

/// `bench --rtl --memory-latency N` serves the RTL's bus with that latency: the header says
/// so, and a kernel that loads from global memory takes more cycles than at latency 1,
/// with the same instructions retired. Without --rtl the option is refused.
#[test]
fn bench_rtl_memory_latency_slows_global_loads() {
    let bench = |latency: &str| {
        let out = cu32()
            .args([
                "bench",
                "--rtl",
                "--json",
                "--memory-latency",
                latency,
                "--out",
            ])
            .arg(shared_cosim_out())
            .arg(repo().join("kernels/opencl/transpose.yaml"))
            .assert()
            .success();
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(
            stderr.contains(&format!("bus latency {latency}\n")),
            "{stderr}"
        );
        let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let kernel = json["kernels"][0].clone();
        assert_eq!(kernel["result"], "PASS", "{kernel}");
        (
            kernel["cycles"].as_u64().unwrap(),
            kernel["instr"].as_u64().unwrap(),
        )
    };
    let (fast, fast_instr) = bench("1");
    let (slow, slow_instr) = bench("20");
    assert_eq!(fast_instr, slow_instr);
    assert!(slow > fast, "latency 20: {slow} cycles, latency 1: {fast}");
    cu32()
        .args(["bench", "--memory-latency", "20"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--rtl"));
}

/// `-` reads standard input (`asm`, `disasm`, `run`) and `asm -o -` writes standard
/// output; `asm -` without `-o` asks for one.
#[test]
fn dash_is_standard_input_and_output() {
    let text = "s_mov_b32 s0, 42\ns_endpgm\n";
    let assert = cu32()
        .args(["asm", "-", "-o", "-"])
        .write_stdin(text)
        .assert()
        .success();
    let bytes = assert.get_output().stdout.clone();
    // llvm-mc 19: be8000aa (42 is an inline constant) | bfb00000.
    let expected: Vec<u8> = [0xbe80_00aau32, 0xbfb0_0000]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    assert_eq!(bytes, expected);
    cu32()
        .args(["disasm", "-"])
        .write_stdin(bytes)
        .assert()
        .success()
        .stdout(predicate::str::contains("s_mov_b32 s0, 42"));
    cu32()
        .args(["run", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains("s0 = 0x0000002a\n"));
    fails_with(
        cu32().args(["asm", "-"]).write_stdin(text),
        &["name the output with -o"],
    );
}

/// `run --check-waits`: a program that reads a DS load's result before `s_waitcnt` stops
/// at the read (line 3, pc 0xc: the DS load is two dwords), naming the load and the wait it needs; with the wait it
/// runs; without the flag the model does not check.
#[test]
fn run_checks_waits_when_asked() {
    let missing = "v_mov_b32 v1, 0\nds_load_b32 v2, v1\nv_add_nc_u32 v3, v2, 1\ns_endpgm\n";
    fails_with(
        cu32()
            .args(["run", "-", "--check-waits"])
            .write_stdin(missing),
        &[
            "-:3: the program failed",
            "pc 0x000c: v_add_nc_u32",
            "v2 read before the ds_load_b32 at pc 0x0004 completed (needs s_waitcnt lgkmcnt(0))",
        ],
    );
    cu32()
        .args(["run", "-"])
        .write_stdin(missing)
        .assert()
        .success();
    let waited = missing.replace("v_add", "s_waitcnt lgkmcnt(0)\nv_add");
    cu32()
        .args(["run", "-", "--check-waits"])
        .write_stdin(waited)
        .assert()
        .success()
        .stdout(predicate::str::contains("v3 = [0x00000001, 0x00000001,"));
}

#[test]
fn malformed_assembly_gives_file_line_col() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("s_nop 0\nfoo s0, s1\n", "bad.s:2:1:", "invalid instruction"),
        ("s_add_u32 s0, s1, v7\n", "bad.s:1:19:", "invalid operand"),
        ("s_movk_i32 s0, 0x12345\n", "bad.s:1:16:", "invalid operand"),
        (
            "s_branch nowhere\n",
            "bad.s:1:10:",
            "undefined label `nowhere`",
        ),
    ];
    for (text, at, message) in cases {
        let src = write(dir.path(), "bad.s", text);
        fails_with(cu32().arg("asm").arg(&src), &[at, message]);
        fails_with(cu32().arg("run").arg(&src), &[at, message]);
    }
}

#[test]
fn missing_and_truncated_files_are_named() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in ["asm", "disasm", "run", "cosim"] {
        fails_with(
            cu32().args([cmd, "/nonexistent/prog.s"]),
            &["/nonexistent/prog.s"],
        );
    }
    let odd = dir.path().join("odd.bin");
    std::fs::write(&odd, [1u8, 2, 3]).unwrap();
    fails_with(
        cu32().arg("disasm").arg(&odd),
        &["odd.bin", "multiple of 4"],
    );
}

/// A plain program gets a zeroed 64 KiB LDS: a store then a load at the top dword
/// (0xfffc) reads the stored value back; `--lds-bytes 1024` puts 0xfffc out of range
/// (reference 3.3.4.1: the store is dropped, the load returns 0), while 0x3fc still holds.
#[test]
fn run_gives_a_plain_program_lds() {
    let dir = tempfile::tempdir().unwrap();
    let prog = write(
        dir.path(),
        "lds.s",
        "v_mov_b32 v0, 0xfffc\nv_mov_b32 v1, 0x3fc\nv_mov_b32 v2, 0x1234\n\
         ds_store_b32 v0, v2\nds_store_b32 v1, v2 offset:0\nds_load_b32 v3, v0\n\
         ds_load_b32 v4, v1\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
    );
    let lanes = |v: &str| format!("{v} = [{}]", vec!["0x00001234"; 32].join(", "));
    let out = cu32().arg("run").arg(&prog).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(stdout.contains(&lanes("v3")), "{stdout}");
    assert!(stdout.contains(&lanes("v4")), "{stdout}");
    let out = cu32()
        .args(["run", "--lds-bytes", "1024"])
        .arg(&prog)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(!stdout.contains("v3 ="), "{stdout}");
    assert!(stdout.contains(&lanes("v4")), "{stdout}");
    cu32()
        .args(["run", "--lds-bytes", "65537"])
        .arg(&prog)
        .assert()
        .failure()
        .stderr(predicate::str::contains("--lds-bytes").and(predicate::str::contains("65537")));
}

#[test]
fn run_stops_at_s_trap_naming_the_trap_and_pc() {
    let dir = tempfile::tempdir().unwrap();
    let prog = write(
        dir.path(),
        "trap.s",
        "s_mov_b32 s0, 1\ns_trap 2\ns_endpgm\n",
    );
    fails_with(
        cu32().arg("run").arg(&prog),
        &[
            "error",
            "pc 0x0004",
            "s_trap 2",
            "trap ID 2",
            "no trap handler",
        ],
    );
    let halt = write(dir.path(), "halt.s", "s_sethalt 1\ns_endpgm\n");
    fails_with(
        cu32().arg("run").arg(&halt),
        &["error", "pc 0x0000", "s_sethalt 1", "halted"],
    );
}

#[test]
fn asm_then_disasm_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(
        dir.path(),
        "p.s",
        "start:\n  s_mov_b32 s0, 0x12345678\n  s_add_u32 s1, s0, -5\n  s_cbranch_scc1 start\n  s_endpgm\n",
    );
    let bin = dir.path().join("p.bin");
    cu32()
        .arg("asm")
        .arg(&src)
        .arg("-o")
        .arg(&bin)
        .assert()
        .success();
    let bytes = std::fs::read(&bin).unwrap();
    // llvm-mc 19: be8000ff 12345678 | 8001c500 | bfa2fffc | bfb00000
    let expected: Vec<u8> = [
        0xbe80_00ffu32,
        0x1234_5678,
        0x8001_c500,
        0xbfa2_fffc,
        0xbfb0_0000,
    ]
    .iter()
    .flat_map(|w| w.to_le_bytes())
    .collect();
    assert_eq!(bytes, expected);
    cu32()
        .arg("disasm")
        .arg(&bin)
        .assert()
        .success()
        .stdout(predicate::str::contains("s_mov_b32 s0, 0x12345678"))
        .stdout(predicate::str::contains("s_add_u32 s1, s0, -5"))
        .stdout(predicate::str::contains("s_cbranch_scc1 65532"));
}

#[test]
fn info_describes_a_code_object() {
    let co = repo().join("isa/tests/data/co/vecops.co");
    let assert = cu32().arg("info").arg(&co).assert().success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    for needle in [
        "gfx1100 code object v5, metadata 1.2 for amdgcn-amd-amdhsa--gfx1100",
        "kernel scale",
        "kernel reverse",
        "code        0x00001b00..0x00001b80 (128 bytes at file offset 0xb00), entry 0x00001b00",
        "descriptor  scale.kd at 0x00000a40",
        "kernel_code_entry_byte_offset",
        "COMPUTE_PGM_RSRC2                                 0x0000009e",
        "USER_SGPR_COUNT                                 15",
        "GRANULATED_LDS_SIZE",
        "ENABLE_WAVEFRONT_SIZE32                         1",
        "s[0:1]    kernarg segment pointer",
        "s[2:14]   unused (USER_SGPR_COUNT is 15)",
        "s15       work-group id x",
        "v0        work-item id x in bits 9:0",
        "16      4     by_value                -       -       -       -     float",
        "8       4     dynamic_shared_pointer  local",
        "88      2     hidden_grid_dims",
    ] {
        assert!(out.contains(needle), "info output lacks `{needle}`:\n{out}");
    }
}

#[test]
fn info_names_the_bad_file() {
    let dir = tempfile::tempdir().unwrap();
    fails_with(
        cu32().args(["info", "/nonexistent/k.co"]),
        &["/nonexistent/k.co", "cannot read"],
    );
    let text = write(dir.path(), "text.co", "not an ELF file at all, just text\n");
    fails_with(
        cu32().arg("info").arg(&text),
        &[
            "text.co",
            "ELF header at file offset 0x0 (64 bytes) runs past the end",
        ],
    );
    let good = std::fs::read(repo().join("isa/tests/data/co/vecops.co")).unwrap();
    let cut = dir.path().join("cut.co");
    std::fs::write(&cut, &good[..3000]).unwrap();
    fails_with(
        cu32().arg("info").arg(&cut),
        &[
            "cut.co",
            "section header table",
            "runs past the end of the file",
        ],
    );
    let mut elf32 = good.clone();
    elf32[4] = 1;
    let elf32_path = dir.path().join("elf32.co");
    std::fs::write(&elf32_path, elf32).unwrap();
    fails_with(
        cu32().arg("info").arg(&elf32_path),
        &["elf32.co", "EI_CLASS (offset 4) is 1, not 2 (ELF64)"],
    );
}

/// `cu32 disasm` on a code object prints every kernel under its name, at its load
/// addresses, with the text llvm-objdump 19 prints at the same address (live when LLVM 19 is
/// installed; otherwise a few lines read off llvm-objdump once).
#[test]
fn disasm_code_object_matches_llvm_objdump() {
    let co = repo().join("isa/tests/data/co/vecops.co");
    let assert = cu32().arg("disasm").arg(&co).assert().success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(
        out.starts_with("scale:\n") && out.contains("\nreverse:\n"),
        "{out}"
    );
    // Our lines: `ADDR: WORDS  TEXT` with WORDS padded to 17 columns.
    let ours: Vec<(u64, &str)> = out
        .lines()
        .filter(|l| l.len() > 29 && l.as_bytes()[8] == b':')
        .map(|l| (u64::from_str_radix(&l[..8], 16).unwrap(), l[29..].trim()))
        .collect();
    assert!(ours.len() > 40, "{out}");
    let objdump = Path::new("/usr/lib/llvm-19/bin/llvm-objdump");
    if !objdump.exists() {
        for line in [
            (0x1b00, "s_clause 0x2"),
            (0x1b2c, "v_mad_u64_u32 v[1:2], null, s15, s2, v[0:1]"),
            (0x1b6c, "global_store_b32 v[0:1], v2, off"),
        ] {
            assert!(ours.contains(&line), "{line:?} missing:\n{out}");
        }
        return;
    }
    let llvm = std::process::Command::new(objdump)
        .args(["-d", "--mcpu=gfx1100"])
        .arg(&co)
        .output()
        .unwrap();
    let llvm = String::from_utf8_lossy(&llvm.stdout).to_string();
    // LLVM's lines: `\tTEXT // 00000000ADDR: WORDS`.
    let theirs: std::collections::HashMap<u64, &str> = llvm
        .lines()
        .filter(|l| l.starts_with('\t'))
        .filter_map(|l| {
            let (text, comment) = l.rsplit_once("// ")?;
            let addr = u64::from_str_radix(comment.split(':').next()?, 16).ok()?;
            Some((addr, text.trim()))
        })
        .collect();
    for (addr, text) in ours {
        assert_eq!(theirs.get(&addr), Some(&text), "at 0x{addr:x}");
    }
}

/// `cu32 bench` measures a launch file once (`--min-time 0`): the table header, the
/// kernel's row with non-zero figures and a total line; no output buffer is written.
#[test]
fn bench_measures_collatz() {
    let out_file = repo().join("kernels/opencl/out/collatz_steps.bin");
    let before = std::fs::metadata(&out_file).and_then(|m| m.modified()).ok();
    let assert = cu32()
        .current_dir(repo())
        .args(["bench", "--min-time", "0", "kernels/opencl/collatz.yaml"])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    println!("{stdout}");
    let mut lines = stdout.lines();
    let header = lines.next().expect("header line");
    for column in [
        "kernel",
        "work-groups",
        "waves",
        "instr/run",
        "lane-instr/run",
        "runs",
        "seconds",
        "M lane-instr/s",
    ] {
        assert!(header.contains(column), "header lacks {column}: {stdout}");
    }
    let row: Vec<&str> = lines
        .next()
        .expect("collatz row")
        .split_whitespace()
        .collect();
    assert_eq!(row[0], "collatz", "{stdout}");
    assert_eq!(row.len(), 9, "{stdout}");
    for (i, cell) in row[1..].iter().enumerate() {
        let value: f64 = cell
            .parse()
            .unwrap_or_else(|_| panic!("cell {cell}: {stdout}"));
        assert!(value > 0.0, "column {} is zero: {stdout}", i + 1);
    }
    // work-groups and waves of 256 work-items in groups of 64; one run.
    assert_eq!(&row[1..3], ["4", "8"], "{stdout}");
    assert_eq!(row[5], "1", "{stdout}");
    let lane_instr: u64 = row[4].parse().unwrap();
    let instr: u64 = row[3].parse().unwrap();
    assert!(lane_instr > instr, "{stdout}");
    assert!(
        lines.next().is_some_and(|l| l.starts_with("total")),
        "{stdout}"
    );
    let after = std::fs::metadata(&out_file).and_then(|m| m.modified()).ok();
    assert_eq!(before, after, "bench wrote {}", out_file.display());
}

/// The `.s` programs of `kernels/FOLDER`, in name order.
fn programs_in(folder: &str) -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = std::fs::read_dir(repo().join("kernels").join(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    programs.sort();
    programs
}

/// Runs `cmd` (a `cu32 cosim`) of `count` programs, on which the RTL and the model must
/// agree: each passes, or faults the same way on both sides (a FAULT line: never a pass,
/// so the status is then 1), none fails; prints its standard output under `title`, and
/// gives it.
fn cosim_passes(cmd: &mut Command, count: usize, title: &str) -> String {
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{title}\n{stdout}");
    let faults = stdout.lines().filter(|l| l.starts_with("FAULT ")).count();
    let summary = format!("cosim: {} passed, {faults} failed", count - faults);
    assert!(
        stdout.contains(&summary),
        "lacks `{summary}`: {stdout}{stderr}"
    );
    let status = if faults == 0 { 0 } else { 1 };
    assert_eq!(out.status.code(), Some(status), "{stdout}{stderr}");
    stdout
}

/// Two programs in `dir` whose taken branch leaves the instruction memory: backward below
/// 0, forward beyond its 4 KiB.
fn far_branches(dir: &Path) -> [PathBuf; 2] {
    [
        write(
            dir,
            "branch_below.s",
            "s_cmp_eq_u32 0, 0\ns_cbranch_scc1 -3\ns_endpgm\n",
        ),
        write(
            dir,
            "branch_beyond.s",
            "s_nop 0\ns_branch 0x7fff\ns_endpgm\n",
        ),
    ]
}

/// Every scalar program runs on the RTL exactly as on the golden model; so do two taken
/// branches out of the instruction memory (backward below 0, forward beyond its 4 KiB),
/// which stop the wave at the branch on both sides (the model: a target outside the
/// program), and a jump out of it, which stops the wave at the jump on both sides.
#[test]
fn scalar_programs_cosimulate() {
    let out = tempfile::tempdir().unwrap();
    let mut programs = programs_in("scalar");
    assert!(programs.len() >= 40, "{} programs", programs.len());
    programs.extend(far_branches(out.path()));
    programs.push(repo().join("kernels/faults/jump_beyond.s"));
    let stdout = cosim_passes(
        cu32()
            .arg("cosim")
            .args(&programs)
            .arg("--out")
            .arg(out.path()),
        programs.len(),
        "",
    );
    assert!(stdout.contains("jump_beyond.s: 3 instructions"), "{stdout}");
}

/// The ULX3S build (`configs/ulx3s-85f.yaml`, 8 lanes) runs every scalar, vector and LDS
/// program, the far branches, the jump out of the memory and the scalar-memory programs
/// exactly as the golden model does (the error programs stopping at their load on both
/// sides), with 500 random streams (scalar, VALU, DS, GLOBAL and FLAT instructions, DPP
/// forms and scalar loads included) at a one-cycle bus, and the scalar-memory programs
/// and 100 streams again at a slow (50 cycles), stalling one; at 2 and 32 lanes, the
/// vector and LDS programs and 500 random streams each. (`vmem_programs_cosimulate` runs
/// the GLOBAL programs.)
#[test]
fn core_cosimulates_programs() {
    let out = tempfile::tempdir().unwrap();
    let config = repo().join("configs/ulx3s-85f.yaml");
    let smem = programs_in("smem");
    let mut vector = programs_in("vector");
    vector.extend(programs_in("lds"));
    let mut programs = programs_in("scalar");
    programs.extend(far_branches(out.path()));
    programs.push(repo().join("kernels/faults/jump_beyond.s"));
    programs.extend(smem.iter().cloned());
    programs.extend(vector.iter().cloned());
    let stdout = cosim_passes(
        cu32()
            .arg("cosim")
            .args(&programs)
            .args(["--seeds", "500", "--config"])
            .arg(&config)
            .arg("--out")
            .arg(out.path()),
        programs.len() + 500,
        "",
    );
    assert!(stdout.contains("jump_beyond.s: 3 instructions"), "{stdout}");
    assert!(stdout.contains("500 run, 500 passed"), "{stdout}");
    let stdout = cosim_passes(
        cu32()
            .arg("cosim")
            .args(&smem)
            .args([
                "--seeds",
                "100",
                "--first-seed",
                "500",
                "--memory-latency",
                "50",
                "--memory-stall",
                "300",
                "--config",
            ])
            .arg(&config)
            .arg("--out")
            .arg(out.path()),
        smem.len() + 100,
        "latency 50, stall 300/1000:",
    );
    for stop in SMEM_STOPS {
        assert!(stdout.contains(stop), "lacks `{stop}`: {stdout}");
    }
    assert!(stdout.contains("100 run, 100 passed"), "{stdout}");
    // A wave's dependent VALU instructions and the least waits for its GLOBAL, FLAT and
    // DS results (the model checks them) give the model's results at a one-cycle bus and
    // a 50-cycle one.
    let waits = repo().join("kernels/vmem/11_dependent_waits.s");
    for latency in ["1", "50"] {
        cosim_passes(
            cu32()
                .arg("cosim")
                .arg(&waits)
                .args(["--check-waits", "--memory-latency", latency, "--config"])
                .arg(&config)
                .arg("--out")
                .arg(out.path()),
            1,
            &format!("latency {latency}:"),
        );
    }
    for config in [
        ulx3s_with_lanes(out.path(), 2),
        repo().join("configs/default.yaml"),
    ] {
        let stdout = cosim_passes(
            cu32()
                .arg("cosim")
                .args(&vector)
                .args(["--seeds", "500", "--config"])
                .arg(&config)
                .arg("--out")
                .arg(out.path()),
            vector.len() + 500,
            "",
        );
        assert!(
            stdout.contains("500 run, 500 passed"),
            "{}: {stdout}",
            config.display()
        );
    }
}

/// How far `kernels/smem`'s error programs (and the longest) agree with the model.
const SMEM_STOPS: [&str; 5] = [
    "05_bus_error.s: 3 instructions",
    "06_partial_error.s: 3 instructions",
    "07_above_4g.s: 2 instructions",
    "08_wrap_4g.s: 2 instructions",
    "04_back_to_back.s: 113 instructions",
];

/// Twelve random load programs (`random_smem_program`, seeds 0..12) written into `dir`,
/// and the line `cu32 cosim` must print for each: every instruction retires on both
/// sides, except that every third program ends with a faulting load (both sides stop
/// there: that load and `s_endpgm` do not retire).
fn random_smem_programs(dir: &Path) -> (Vec<PathBuf>, Vec<String>) {
    let (mut paths, mut expected) = (Vec::new(), Vec::new());
    for seed in 0..12u64 {
        let fault = seed % 3 == 2;
        let words = random_smem_program(seed, 40, fault);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let path = dir.join(format!("random_smem_{seed:02}.bin"));
        std::fs::write(&path, bytes).unwrap();
        let mut pos = 0;
        let mut count = 0;
        while pos < words.len() {
            pos += cu32_isa::decode(&words[pos..]).unwrap().len_words();
            count += 1;
        }
        let agreed = if fault { count - 2 } else { count };
        expected.push(format!("{}: {agreed} instructions", path.display()));
        paths.push(path);
    }
    (paths, expected)
}

/// Every scalar-memory program (`kernels/smem`: every `s_load` width, offsets, SOFFSET,
/// VCC/M0/EXEC and wrapping destinations, back-to-back and dependent loads, bus errors)
/// runs on the RTL exactly as on the golden model, over the co-simulation's data region,
/// at a one-cycle bus and at a slow, stalling one. The error programs must stop at their
/// faulting load on both sides (the instructions agreed before it are counted).
#[test]
fn smem_programs_cosimulate() {
    let out = tempfile::tempdir().unwrap();
    let mut programs = programs_in("smem");
    assert!(programs.len() >= 8, "{} programs", programs.len());
    let (random, expected) = random_smem_programs(out.path());
    programs.extend(random);
    for (latency, stall) in [("1", "0"), ("9", "300")] {
        let stdout = cosim_passes(
            cu32()
                .arg("cosim")
                .args(&programs)
                .arg("--out")
                .arg(out.path())
                .args(["--memory-latency", latency, "--memory-stall", stall]),
            programs.len(),
            &format!("latency {latency}, stall {stall}/1000:"),
        );
        for stop in SMEM_STOPS {
            assert!(stdout.contains(stop), "lacks `{stop}`: {stdout}");
        }
        for e in &expected {
            assert!(stdout.contains(e), "lacks `{e}`: {stdout}");
        }
    }
    // A data image of the caller's (`--memory-image FILE@ADDR`) is seen by both sides.
    let image = out.path().join("image.bin");
    std::fs::write(&image, (0u8..=40).collect::<Vec<u8>>()).unwrap();
    let program = write(
        out.path(),
        "image.s",
        "s_mov_b32 s0, 0x20000\ns_mov_b32 s1, 0\ns_load_b256 s[8:15], s[0:1], 0x4\n\
         s_load_b32 s2, s[0:1], 0x28\ns_endpgm\n",
    );
    let assert = cu32()
        .arg("cosim")
        .arg(&program)
        .arg("--out")
        .arg(out.path())
        .arg("--memory-image")
        .arg(format!("{}@0x20000", image.display()))
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(stdout.contains("image.s: 5 instructions"), "{stdout}");
}

/// The cycle count of a dispatch's `cu32 cosim` summary (`PASS ...: N instructions, W
/// waves, C cycles`), which must have passed.
fn dispatch_cycles(stdout: &str) -> u64 {
    let summary = stdout.lines().next().unwrap_or_default();
    assert!(summary.starts_with("PASS "), "{stdout}");
    summary
        .trim_end_matches(" cycles")
        .rsplit(' ')
        .next()
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no cycle count: {stdout}"))
}

/// A copy of `configs/<name>.yaml`, which has `now` lanes, with `lanes` lanes instead,
/// named `<name>-lanes<lanes>` and written into `dir`.
fn config_with_lanes(dir: &Path, name: &str, now: u32, lanes: u32) -> PathBuf {
    let text = std::fs::read_to_string(repo().join(format!("configs/{name}.yaml"))).unwrap();
    let line = format!("\nlanes: {now}");
    assert_eq!(text.matches(&line).count(), 1, "{text}");
    let copy = format!("{name}-lanes{lanes}");
    let text = text
        .replace(&line, &format!("\nlanes: {lanes}"))
        .replace(&format!("name: {name}\n"), &format!("name: {copy}\n"));
    write(dir, &format!("{copy}.yaml"), &text)
}

/// The ULX3S configuration (8 lanes) with `lanes` lanes.
fn ulx3s_with_lanes(dir: &Path, lanes: u32) -> PathBuf {
    config_with_lanes(dir, "ulx3s-85f", 8, lanes)
}

/// The GLOBAL and FLAT load / store programs (kernels/vmem) run on the RTL exactly as on the golden
/// model, the memory included, at 32, 8 and 2 lanes and two bus latencies; the faulting
/// programs stop both sides at the same instruction (FAULT, status 1).
#[test]
fn vmem_programs_cosimulate() {
    let out = tempfile::tempdir().unwrap();
    let programs = programs_in("vmem");
    assert!(programs.len() >= 8, "{} programs", programs.len());
    for config in [
        repo().join("configs/default.yaml"),
        repo().join("configs/ulx3s-85f.yaml"),
        ulx3s_with_lanes(out.path(), 2),
    ] {
        for (latency, stall) in [("1", "0"), ("9", "300")] {
            let stdout = cosim_passes(
                cu32()
                    .arg("cosim")
                    .arg("--config")
                    .arg(&config)
                    .args(&programs)
                    .arg("--out")
                    .arg(out.path())
                    .args(["--memory-latency", latency, "--memory-stall", stall]),
                programs.len(),
                &format!(
                    "{}, latency {latency}, stall {stall}/1000:",
                    config.display()
                ),
            );
            for stop in [
                "01_load_store_b32.s: 35 instructions",
                "02_unaligned_base.s: 17 instructions",
                "03_fault_load.s: 5 instructions",
                "04_fault_above_4g.s: 8 instructions",
                "05_fault_partial_exec.s: 10 instructions",
                "06_widths.s: 34 instructions",
                "07_atomics.s: 35 instructions",
                "08_flat.s: 35 instructions",
                "09_background.s: 30 instructions",
                "10_fault_background.s: 4 instructions",
                "11_dependent_waits.s: 33 instructions",
            ] {
                assert!(stdout.contains(stop), "lacks `{stop}`: {stdout}");
            }
        }
    }
    // Addresses whose low half and offset carry into the high half (the RTL reads ADDR's
    // high half after the low one and checks it against the carry): a high half of all
    // ones with a positive offset, or of 1 with a negative one, reaches memory below 2^32
    // (images at 0 and at 0xffff_f000, seen by both sides); a high half of 0 with a carry
    // lies above 2^32 and stops both sides.
    let image = out.path().join("image.bin");
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i * 7 + i / 256) as u8).collect();
    std::fs::write(&image, bytes).unwrap();
    let head = "v_mbcnt_lo_u32_b32 v0, -1, 0\nv_lshlrev_b32 v1, 2, v0\n\
                v_add_nc_u32 v2, 0xffffff80, v1\n";
    let carry = write(
        out.path(),
        "carry.s",
        &format!(
            "{head}v_mov_b32 v3, -1\nglobal_load_b32 v4, v[2:3], off offset:256\n\
             global_store_b32 v[2:3], v0, off offset:384\nv_mov_b32 v5, v1\n\
             v_mov_b32 v6, 1\nglobal_load_b32 v7, v[5:6], off offset:-256\ns_endpgm\n"
        ),
    );
    let above = write(
        out.path(),
        "carry_above_4g.s",
        &format!("{head}v_mov_b32 v3, 0\nglobal_load_b32 v4, v[2:3], off offset:256\ns_endpgm\n"),
    );
    for config in ["configs/default.yaml", "configs/ulx3s-85f.yaml"] {
        let assert = cu32()
            .arg("cosim")
            .arg("--config")
            .arg(repo().join(config))
            .args([&carry, &above])
            .arg("--out")
            .arg(out.path())
            .arg("--memory-image")
            .arg(format!("{}@0", image.display()))
            .arg("--memory-image")
            .arg(format!("{}@0xfffff000", image.display()))
            .assert()
            .code(1);
        let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
        // The load above 2^32 faults alike on both sides: FAULT, not a pass.
        for line in [
            "PASS ",
            "carry.s: 10 instructions",
            "FAULT ",
            "carry_above_4g.s: 4 instructions, ",
            "4-byte access at 0x100000080 is outside every allocation",
            "cosim: 1 passed, 1 failed",
        ] {
            assert!(stdout.contains(line), "{config}: lacks `{line}`: {stdout}");
        }
    }
}

/// The suite's integer kernels run on the RTL's dispatcher exactly as on the golden model
/// (every wave's trace, the memory at the end) at 32, 8 and 2 lanes, and write the same
/// output buffers as `cu32 run`; so does scan with a long VGPR sweep. A work-group needing
/// more wave slots than the configuration has stops with a clear error.
#[test]
fn suite_kernels_cosimulate_through_the_dispatcher() {
    let out = tempfile::tempdir().unwrap();
    let suite = repo().join("kernels/opencl");
    let default = std::fs::read_to_string(repo().join("configs/default.yaml")).unwrap();
    assert!(default.contains("\nlanes: 32 "), "{default}");
    assert!(default.contains("\nwave_slots: 8 "), "{default}");
    let variant = |name: &str, from: &str, to: &str| {
        let path = out.path().join(format!("{name}.yaml"));
        let text = default
            .replace(from, to)
            .replace("name: default\n", &format!("name: {name}\n"));
        std::fs::write(&path, text).unwrap();
        path
    };
    // The suite's launch files, copied next to its data so that their outputs land here.
    std::os::unix::fs::symlink(suite.join("data"), out.path().join("data")).unwrap();
    // Every integer kernel of the suite: histogram_local .. atomics meet at s_barrier in
    // work-groups of 2 (histogram_local), 4 (scan) and 8 waves; crc32 reads a __constant
    // table through s_getpc_b64; transpose moves floats through LDS (no float arithmetic).
    let kernels = [
        "collatz",
        "histogram_global",
        "box_blur",
        "histogram_local",
        "scan",
        "reduce_sum",
        "bitonic_sort",
        "atomics",
        "crc32",
        "transpose",
    ];
    let outputs = |dir: &Path| -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        files.sort();
        files
    };
    let configs = [
        repo().join("configs/default.yaml"),
        repo().join("configs/ulx3s-85f.yaml"),
        ulx3s_with_lanes(out.path(), 2),
    ];
    for config in configs {
        for kernel in kernels {
            let launch = out.path().join(format!("{kernel}.yaml"));
            std::fs::copy(suite.join(format!("{kernel}.yaml")), &launch).unwrap();
            let file = suite.join(format!("build/{kernel}.co"));
            let written = out.path().join("out");
            let _ = std::fs::remove_dir_all(&written);
            cu32()
                .arg("run")
                .arg(&file)
                .arg("--launch")
                .arg(&launch)
                .assert()
                .success();
            let model = outputs(&written);
            assert!(!model.is_empty(), "{kernel}: no output");
            std::fs::remove_dir_all(&written).unwrap();
            let assert = cu32()
                .arg("cosim")
                .arg("--config")
                .arg(&config)
                .arg("--out")
                .arg(out.path())
                .arg(&file)
                .arg("--launch")
                .arg(&launch)
                .assert()
                .success();
            let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
            println!("{}: {stdout}", config.display());
            assert!(stdout.starts_with("PASS "), "{stdout}");
            assert_eq!(outputs(&written), model, "{kernel}: outputs differ");
        }
    }
    // Variants built small (4 lanes), and a kernel's co-simulation on one.
    let small = |name: &str, from: &str, to: &str| {
        let path = variant(name, from, to);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(to), "{text}");
        std::fs::write(&path, text.replace("\nlanes: 32 ", "\nlanes: 4 ")).unwrap();
        path
    };
    let cosim = |config: &Path, kernel: &str| {
        let mut cmd = cu32();
        cmd.arg("cosim")
            .arg("--config")
            .arg(config)
            .arg(suite.join(format!("build/{kernel}.co")))
            .arg("--launch")
            .arg(out.path().join(format!("{kernel}.yaml")))
            .arg("--out")
            .arg(out.path());
        cmd
    };
    // A long VGPR sweep (256 VGPRs at 4 lanes: 2,048 rows): the next wave starts only when
    // it is over, and waves running meanwhile leave its slot alone (scan's four waves a
    // work-group).
    let long_sweep = small("default-long-sweep", "\nvgprs: 64 ", "\nvgprs: 256 ");
    let assert = cosim(&long_sweep, "scan").assert().success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(stdout.starts_with("PASS "), "{stdout}");
    // A work-group needing more wave slots than the configuration has stops with the
    // dispatcher's BARRIER error, named, rather than running wrongly: reduce_sum's eight
    // waves meet at s_barrier, and one slot holds one.
    let one_slot = small("default-one-slot", "\nwave_slots: 8 ", "\nwave_slots: 1 ");
    {
        let config = one_slot;
        let assert = cosim(&config, "reduce_sum").assert().failure();
        let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
        assert!(stdout.contains("error code 7 (BARRIER)"), "{stdout}");
    }
    fails_with(
        cu32()
            .arg("cosim")
            .arg(suite.join("build/reduce_sum.co"))
            .arg(suite.join("build/scan.co"))
            .arg("--launch")
            .arg(suite.join("reduce_sum.yaml")),
        &["with a launch, give exactly one code object"],
    );
    fails_with(
        cu32()
            .arg("cosim")
            .arg(suite.join("build/collatz.co"))
            .args(["--kernel", "nope", "--grid", "1", "--block", "1"]),
        &["kernel `nope` is not in the code object"],
    );
}

/// Every configuration's Verilog, as Yosys elaborates it, has no latch (the full synthesis
/// below covers only the ULX3S configuration). A latch template line is caught too: see
/// the unit tests of `is_latch_line`.
#[test]
fn synth_check_finds_no_latch_in_any_config() {
    let out = tempfile::tempdir().unwrap();
    let mut configs: Vec<PathBuf> = std::fs::read_dir(repo().join("configs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    configs.sort();
    assert!(configs.len() >= 2, "{configs:?}");
    for config in configs {
        let assert = cu32()
            .args(["synth", "--check", "--config"])
            .arg(&config)
            .arg("--out")
            .arg(out.path())
            .assert()
            .success();
        let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
        assert!(stdout.contains(": no latches"), "{stdout}");
    }
}

/// The LUT4 budget of the 8-lane ULX3S build: half the LFE5U-85F's 83,640 LUT4, leaving
/// room for the FP32 units (hdl/README.md).
const ULX3S_LUT4_BUDGET: u64 = 83_640 / 2;

/// `cu32 synth --no-pnr` on the ULX3S configuration (minutes): Yosys synthesises it without
/// a latch, within its LUT4 budget as Yosys counts it, its 208 DP16KD and 156 MULT18X18D.
#[test]
fn synth_ulx3s_within_lut_budget() {
    let (table, report) = synth_ulx3s(&["--no-pnr"]);
    println!("{report}");
    assert!(table.contains("Yosys only"), "{table}");
    let lut4 = report["lut4"].as_u64().unwrap();
    assert!(
        lut4 > 10_000 && lut4 <= ULX3S_LUT4_BUDGET,
        "{lut4} LUT4 against a budget of {ULX3S_LUT4_BUDGET}: {report}"
    );
    assert!(report["bram_dp16kd"].as_u64().unwrap() <= 208, "{report}");
    assert!(
        report["dsp_mult18x18d"].as_u64().unwrap() <= 156,
        "{report}"
    );
    assert!(report["fmax_mhz"].is_null(), "{report}");
}

/// hdl/README.md's resource table is the one `scripts/resource_table.py` renders from the
/// `cu32 synth --json` reports in hdl/figures/, and the script names a file that is not
/// such a report.
#[test]
fn resource_table_is_rendered_from_the_reports() {
    let mut reports: Vec<PathBuf> = std::fs::read_dir(repo().join("hdl/figures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    reports.sort();
    assert!(!reports.is_empty());
    let script = repo().join("scripts/resource_table.py");
    let run = |readme: &Path, reports: &[PathBuf]| {
        std::process::Command::new("python3")
            .arg(&script)
            .arg("--check")
            .arg(readme)
            .args(reports)
            .output()
            .expect("python3 runs")
    };
    let out = run(&repo().join("hdl/README.md"), &reports);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"lut4\": 1}").unwrap();
    let out = run(&repo().join("hdl/README.md"), &[bad]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("bad.json: not a `cu32 synth --json` report"),
        "{err}"
    );
}

/// Assembles `kernels/dispatch/NAME.s` ([`link_kernel`]) into `out`, and copies its launch
/// file and input data beside the code object; returns the code object's and the launch
/// file's paths.
fn dispatch_kernel(name: &str, out: &Path) -> (PathBuf, PathBuf) {
    let dir = repo().join("kernels/dispatch");
    let code = link_kernel(&dir.join(format!("{name}.s")), out);
    let launch = out.join(format!("{name}.yaml"));
    std::fs::copy(dir.join(format!("{name}.yaml")), &launch).unwrap();
    let data = dir.join("data");
    std::fs::create_dir_all(out.join("data")).unwrap();
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, out.join("data").join(path.file_name().unwrap())).unwrap();
    }
    (code, launch)
}

/// Assembles `source` with clang 19 and links it with ld.lld 19 into a code object in
/// `out`, named after the source; returns its path.
fn link_kernel(source: &Path, out: &Path) -> PathBuf {
    let name = source.file_stem().unwrap().to_str().unwrap();
    let llvm = Path::new("/usr/lib/llvm-19/bin");
    let object = out.join(format!("{name}.o"));
    let code = out.join(format!("{name}.co"));
    let status = std::process::Command::new(llvm.join("clang"))
        .args(["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1100", "-c"])
        .arg(source)
        .arg("-o")
        .arg(&object)
        .status()
        .unwrap();
    assert!(status.success());
    let status = std::process::Command::new(llvm.join("ld.lld"))
        .arg("-shared")
        .arg(&object)
        .arg("-o")
        .arg(&code)
        .status()
        .unwrap();
    assert!(status.success());
    code
}

/// Runs the dispatch on the golden model (`cu32 run`) and co-simulates it (the default
/// configuration), checking the output buffer `out/NAME.bin` against `expected` after
/// each.
fn dispatch_matches(name: &str, expected: &[u8]) {
    let out = tempfile::tempdir().unwrap();
    let (code, launch) = dispatch_kernel(name, out.path());
    let written = out.path().join(format!("out/{name}.bin"));
    cu32()
        .arg("run")
        .arg(&code)
        .arg("--launch")
        .arg(&launch)
        .assert()
        .success();
    assert_eq!(std::fs::read(&written).unwrap(), expected);
    std::fs::remove_file(&written).unwrap();
    let assert = cu32()
        .arg("cosim")
        .arg("--out")
        .arg(out.path())
        .arg(&code)
        .arg("--launch")
        .arg(&launch)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(stdout.starts_with("PASS "), "{stdout}");
    assert_eq!(std::fs::read(&written).unwrap(), expected);
}

/// A work-group's waves meet at an `s_barrier` reached by a jump (`s_setpc_b64`) as at one
/// reached in order: the RTL parks each wave at the barrier, so a wave reads the other
/// wave's LDS stores only after them, as the golden model and a CPU reference have it
/// (`kernels/dispatch/barrier_jump.s`).
#[test]
fn barrier_reached_by_a_jump_parks_the_wave() {
    // Work-item l of each group of 64 reads what work-item 63 - l stored: 64 - l.
    let expected: Vec<u8> = (0..128u32)
        .flat_map(|i| (64 - i % 64).to_le_bytes())
        .collect();
    dispatch_matches("barrier_jump", &expected);
}

/// A VALU compare's result reaches its own wave's VCC while other waves' instructions go
/// on (`kernels/dispatch/vcc_give_way.s`: each wave branches on VCC after the compare; its
/// input makes VCC zero in most other iterations, so a stale or foreign VCC takes the
/// other branch). Expected values from a CPU reference of the kernel. At 32 lanes (the
/// default configuration), where a wave's compare is quicker than another wave's load.
#[test]
fn vcc_result_reaches_its_own_wave() {
    let file = std::fs::read(repo().join("kernels/dispatch/data/vcc_give_way_in.bin")).unwrap();
    let input: Vec<u32> = file
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    // Per wave: the iterations whose previous VCC was not zero, times 1000, plus the
    // lanes with bit k set summed over k.
    let expected: Vec<u8> = (0..256usize)
        .flat_map(|i| {
            let wave = &input[i / 32 * 32..][..32];
            let (mut count, mut sum, mut vcc) = (0u32, 0u32, 0u32);
            for k in 0..16 {
                if vcc != 0 {
                    count += 1;
                }
                vcc = wave.iter().filter(|&&x| (x >> k) & 1 == 1).count() as u32;
                sum += vcc;
            }
            (count * 1000 + sum).to_le_bytes()
        })
        .collect();
    dispatch_matches("vcc_give_way", &expected);
}

/// Waves of different work-groups run at once: the dispatcher starts each in a free slot
/// while the others run (hdl/README.md, "The dispatcher"). `kernels/dispatch/vcc_give_way.s`,
/// eight work-groups of one wave that each wait for their loads in turn, takes less than
/// 6 times the cycles of one work-group on the ULX3S configuration (5.2 times, 16,755
/// against 3,196: each start waits for the VALU, which the waves share, and sweeps the
/// new wave's VGPRs at 2 lanes); both dispatches agree with the model.
#[test]
fn work_groups_run_side_by_side() {
    let out = tempfile::tempdir().unwrap();
    let (code, launch) = dispatch_kernel("vcc_give_way", out.path());
    let text = std::fs::read_to_string(&launch).unwrap();
    assert!(text.contains("grid: [256]"), "{text}");
    let one = write(
        out.path(),
        "one.yaml",
        &text.replace("grid: [256]", "grid: [32]"),
    );
    let run = |launch: &Path| -> u64 {
        let assert = cu32()
            .arg("cosim")
            .arg("--config")
            .arg(repo().join("configs/ulx3s-85f.yaml"))
            .arg("--out")
            .arg(out.path())
            .arg(&code)
            .arg("--launch")
            .arg(launch)
            .assert()
            .success();
        dispatch_cycles(&String::from_utf8_lossy(&assert.get_output().stdout))
    };
    let (eight, single) = (run(&launch), run(&one));
    assert!(
        eight < 6 * single,
        "eight work-groups took {eight} cycles, one {single}"
    );
}

/// An instruction the configuration does not implement stops its wave, and the dispatch,
/// with error INSTRUCTION (code 1) and the instruction's PC, read through the CSRs; cosim
/// says so (UNSUPPORTED, exit status 4, the instruction and its PC), not a divergence:
/// `saxpy`'s first float instruction on the default configuration (no `fp32`), found
/// from the ISA tables' decode of the kernel and `cu32_hdl::implements`; the instructions
/// before it agree with the model.
#[test]
fn unimplemented_instruction_stops_the_dispatch() {
    let out = tempfile::tempdir().unwrap();
    let suite = repo().join("kernels/opencl");
    let file = suite.join("build/saxpy.co");
    let code = cu32_isa::code_object::CodeObject::parse(&std::fs::read(&file).unwrap()).unwrap();
    let kernel = code.kernel("saxpy").unwrap();
    let config = cu32_hdl::Config::load(&repo().join("configs/default.yaml")).unwrap();
    let words: Vec<u32> = kernel
        .code
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut pos = 0;
    let pc = loop {
        let instr = cu32_isa::decode(&words[pos..]).unwrap();
        if !cu32_hdl::implements(instr.op, &config) {
            break kernel.entry + 4 * pos as u64;
        }
        pos += instr.len_words();
    };
    std::os::unix::fs::symlink(suite.join("data"), out.path().join("data")).unwrap();
    let launch = out.path().join("saxpy.yaml");
    std::fs::copy(suite.join("saxpy.yaml"), &launch).unwrap();
    let assert = cu32()
        .arg("cosim")
        .arg(&file)
        .arg("--launch")
        .arg(&launch)
        .arg("--out")
        .arg(shared_cosim_out())
        .assert()
        .code(4);
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    let instr = cu32_isa::decode(&words[(pc - kernel.entry) as usize / 4..]).unwrap();
    for needle in [
        format!("UNSUPPORTED {} (kernel saxpy): ", file.display()),
        format!(
            "configuration `default` does not implement `{}` (wave 0, pc 0x{pc:04x}: ",
            instr.op.name
        ),
    ] {
        assert!(stdout.contains(&needle), "lacks `{needle}`: {stdout}");
    }
}

/// A folder for co-simulation builds shared by the tests that use the default
/// configuration (a Verilated build takes minutes; it is cached by hash there).
fn shared_cosim_out() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-cosim");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A dispatch that faults (`kernels/dispatch/trap.s`: a store, then `s_trap 2`), or that
/// never ends, is never a pass (in the human report as in `--json`'s): `cu32 run` reports the trap and its PC, `cu32 cosim` reports the fault both
/// sides agree on (FAULT, the wave, the PC, the trap) with exit status 1, and neither
/// writes the output buffer, unless `--write-faulted-outputs` asks (then it holds the
/// stores the wave made before the trap: local id + 1).
#[test]
fn a_faulting_dispatch_is_reported_and_writes_no_outputs() {
    let out = tempfile::tempdir().unwrap();
    let (code, launch) = dispatch_kernel("trap", out.path());
    let written = out.path().join("out/trap.bin");
    let parsed = cu32_isa::code_object::CodeObject::parse(&std::fs::read(&code).unwrap()).unwrap();
    let kernel = parsed.kernel("trap").unwrap();
    // The trap is the second last instruction (before s_endpgm, one word each).
    let trap_pc = kernel.entry + kernel.code.len() as u64 - 8;
    let words = cu32_isa::words_le(&kernel.code);
    assert_eq!(words[words.len() - 2], 0xbf90_0002, "s_trap 2");
    fails_with(
        cu32().arg("run").arg(&code).arg("--launch").arg(&launch),
        &[&format!("pc 0x{trap_pc:04x}: s_trap 2")],
    );
    assert!(!written.exists());
    let cosim = |extra: &[&str]| {
        cu32()
            .arg("cosim")
            .arg("--out")
            .arg(shared_cosim_out())
            .arg(&code)
            .arg("--launch")
            .arg(&launch)
            .args(extra)
            .output()
            .unwrap()
    };
    let result = cosim(&[]);
    let stdout = String::from_utf8_lossy(&result.stdout);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stdout}{stderr}");
    assert!(!stdout.contains("PASS"), "{stdout}");
    let fault = format!(
        "FAULT {} (kernel trap): wave 0 faulted at pc 0x{trap_pc:04x}",
        code.display()
    );
    assert!(stdout.contains(&fault), "lacks `{fault}`: {stdout}");
    assert!(stdout.contains("s_trap 2"), "{stdout}");
    assert!(
        stderr.contains(&format!(
            "the dispatch faulted (wave 0, pc 0x{trap_pc:04x})"
        )),
        "{stderr}"
    );
    assert!(!written.exists(), "a faulted dispatch wrote its outputs");
    // With --json, standard output is the JSON report alone, the human report on stderr.
    let result = cosim(&["--json"]);
    assert_eq!(result.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(json["result"], "FAULT");
    assert_eq!(json["kernel"], "trap");
    assert!(
        json["detail"].as_str().unwrap().contains("s_trap 2"),
        "{json}"
    );
    assert_eq!(json["counters"]["counters"]["retired"], 5, "{json}");
    assert!(String::from_utf8_lossy(&result.stderr).contains(&fault));
    let result = cosim(&["--write-faulted-outputs"]);
    assert_eq!(result.status.code(), Some(1));
    let expected: Vec<u8> = (1..=32u32).flat_map(u32::to_le_bytes).collect();
    assert_eq!(std::fs::read(&written).unwrap(), expected);
    std::fs::remove_file(&written).unwrap();

    // The same kernel looping at the trap's place instead never ends: the cycle budget
    // stops it with TIMEOUT naming the loop's PC (status 1, progress on stderr, no outputs).
    let trap = std::fs::read_to_string(repo().join("kernels/dispatch/trap.s")).unwrap();
    let looping = trap.replace("\ts_trap 2\n", ".Lloop:\n\ts_branch .Lloop\n");
    assert_ne!(looping, trap);
    let source = write(out.path(), "loop.s", &looping);
    let code = link_kernel(&source, out.path());
    let result = cu32()
        .arg("cosim")
        .arg("--out")
        .arg(shared_cosim_out())
        .arg(&code)
        .arg("--launch")
        .arg(&launch)
        .args(["--max-cycles", "20000"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&result.stdout);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stdout}{stderr}");
    let timeout = format!(
        "TIMEOUT {} (kernel trap): the RTL did not end within 20000 cycles (--max-cycles), nor \
         the model within its instructions; wave 0 was at pc 0x{trap_pc:04x}",
        code.display()
    );
    assert!(stdout.contains(&timeout), "lacks `{timeout}`: {stdout}");
    let wave = shared_cosim_out().join("cosim/loop.vcd");
    assert!(
        stdout.contains(&format!("waveform: {}", wave.display())),
        "{stdout}"
    );
    // The window: the last 1,000 cycles (2 time units each) of the 20,000.
    let times = vcd_times(&wave);
    assert!(times[0] > 2 * 18_000, "{:?}", &times[..2]);
    assert!(
        stderr.contains("cosim: running kernel trap on the RTL (at most 20000 cycles)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("timeout after 20000 cycles: the kernel did not end"),
        "{stderr}"
    );
    assert!(!written.exists());
    cu32()
        .args(["cosim", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Default: 1,000,000"));
}

/// The whole flow, placement and routing included, reports Fmax. Not in the default run:
/// nextpnr takes 10 to 25 minutes on two cores. Run it with
/// `cargo test --release --test cli -- --ignored synth_ulx3s_places_and_routes`.
#[test]
#[ignore = "place and route takes 10 to 25 minutes; run by hand"]
fn synth_ulx3s_places_and_routes() {
    let (_, report) = synth_ulx3s(&[]);
    assert!(report["fmax_mhz"].as_f64().unwrap() > 1.0, "{report}");
}

/// Runs `cu32 synth` on the ULX3S configuration with `extra` options and `--json -`: its
/// standard output is the JSON report alone (it parses whole), the table (every column
/// checked) and the progress, naming each step's log, are on standard error. Returns the
/// table and the report.
fn synth_ulx3s(extra: &[&str]) -> (String, serde_json::Value) {
    let out = tempfile::tempdir().unwrap();
    let assert = cu32()
        .args(["synth", "--config"])
        .arg(repo().join("configs/ulx3s-85f.yaml"))
        .arg("--out")
        .arg(out.path())
        .args(["--json", "-"])
        .args(extra)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    println!("{stderr}");
    for column in ["LUT", "FF", "BRAM", "DSP", "Fmax"] {
        assert!(stderr.contains(column), "table lacks {column}: {stderr}");
    }
    let log = out.path().join("ulx3s-85f/synth/yosys.log");
    assert!(
        stderr.contains(&format!("yosys: synthesising (log: {})...", log.display())),
        "{stderr}"
    );
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    println!("{report}");
    (stderr, report)
}

/// splitmix64: a small seeded generator for the random programs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One instruction of `name` in `format`, with the given fields set by `f`.
fn instr(format: cu32_isa::Format, name: &str, f: impl FnOnce(&mut cu32_isa::Instr)) -> Vec<u32> {
    let op = cu32_isa::tables()
        .by_name(name)
        .into_iter()
        .find(|o| o.format == format)
        .unwrap_or_else(|| panic!("no {name} in {format:?}"));
    let mut i = cu32_isa::Instr::new(op);
    f(&mut i);
    i.encode()
}

/// A seeded random program of `count` scalar loads over the co-simulation data region
/// (0x10000, 4 KiB): every width, base s[0:1] = 0x10000 or s[2:3] = 0x10800, a signed
/// offset, SOFFSET none / s100 / m0 (both set once), unaligned addresses (low bits
/// ignored), destinations anywhere in s4..s99 and at VCC, EXEC, null and the ttmps (never
/// past exec_hi, never the bases or SOFFSET registers), with an SALU use of a loaded value
/// (into s101) now and then; `s_waitcnt lgkmcnt(0)` before such a use and after a load
/// into EXEC. With `fault`, a last `s_load_b256` runs past the region.
fn random_smem_program(seed: u64, count: usize, fault: bool) -> Vec<u32> {
    use cu32_isa::Format;
    let mut rng = Rng(seed);
    let mut words = Vec::new();
    let s_mov = |d: u8, v: u32| {
        instr(Format::Sop1, "s_mov_b32", |i| {
            i.sdst = d;
            i.ssrc0 = 255;
            i.literal = Some(v);
        })
    };
    let (s100, m0) = (rng.below(0x300) as u32, rng.below(0x300) as u32);
    for (d, v) in [
        (0, 0x10000),
        (1, 0),
        (2, 0x10800),
        (3, 0),
        (100, s100),
        (125, m0),
    ] {
        words.extend(s_mov(d, v));
    }
    let widths = [("s_load_b32", 1u8), ("s_load_b64", 2), ("s_load_b128", 4)];
    let wide = [("s_load_b256", 8u8), ("s_load_b512", 16)];
    for _ in 0..count {
        let (name, n) = if rng.below(3) == 0 {
            wide[rng.below(2) as usize]
        } else {
            widths[rng.below(3) as usize]
        };
        let sdata = match rng.below(8) {
            0 => [106u8, 126, 124, 108, 112, 120][rng.below(6) as usize],
            _ => 4 + (rng.below(u64::from(96 - n)) as u8 & !(n.min(4) - 1)),
        };
        // Within exec_hi, and M0 (a SOFFSET) never overwritten.
        let end = u16::from(sdata) + u16::from(n);
        if end > 128 || (u16::from(sdata) <= 125 && 125 < end) {
            continue;
        }
        let (sbase, base) = if rng.below(2) == 0 {
            (0u8, 0x10000i64)
        } else {
            (2, 0x10800)
        };
        let (soffset, soff) = match rng.below(3) {
            0 => (100u8, i64::from(s100)),
            1 => (125, i64::from(m0)),
            _ => (124, 0),
        };
        let target = 0x10000 + 4 * rng.below(1024 - u64::from(n)) as i64 + rng.below(4) as i64;
        words.extend(instr(Format::Smem, name, |i| {
            i.sbase = sbase;
            i.sdata = sdata;
            i.soffset = soffset;
            i.offset = (target - base - soff) as i32;
        }));
        // `s_waitcnt lgkmcnt(0)` before a use of a loaded value, and after a load into
        // EXEC (the next instructions run under EXEC), as a compiler places it: nothing but
        // the counter orders a load and the instructions after it.
        let wait = instr(Format::Sopp, "s_waitcnt", |i| i.simm16 = 0xfc07);
        if end > 126 {
            words.extend(wait.iter().copied());
        }
        if rng.below(4) == 0 && (4..100).contains(&sdata) {
            words.extend(wait.iter().copied());
            words.extend(instr(Format::Sop2, "s_add_u32", |i| {
                i.sdst = 101;
                i.ssrc0 = sdata;
                i.ssrc1 = 101;
            }));
        }
    }
    if fault {
        // s_load_b256 s[4:11], s[0:1], s100 offset:...: its last j dwords lie past the region.
        let j = 1 + rng.below(8) as i64;
        words.extend(instr(Format::Smem, "s_load_b256", |i| {
            i.sbase = 0;
            i.sdata = 4;
            i.soffset = 100;
            i.offset = (0x1000 - 32 + 4 * j - i64::from(s100)) as i32;
        }));
    }
    words.extend(instr(Format::Sopp, "s_endpgm", |_| {}));
    words
}

/// A seeded random program of integer VALU instructions (every row the vector unit
/// executes, e32 and e64 forms, VGPR / SGPR / inline-constant / literal sources, OPSEL on
/// 16-bit operands) over v0..v15 and s0..s15, with random EXEC (and VCC) masks set between
/// them; lane-dependent initial VGPR values.
fn random_valu_program(seed: u64, count: usize) -> Vec<u32> {
    use cu32_isa::{Accept, ArgKind, Format};
    let mut rng = Rng(seed);
    let mut words = Vec::new();
    let s_mov = |d: u8, v: u32| {
        instr(Format::Sop1, "s_mov_b32", |i| {
            i.sdst = d;
            i.ssrc0 = 255;
            i.literal = Some(v);
        })
    };
    // v0 = lane id; v1..v15 = lane id * odd literal ^ literal; s0..s15, vcc random.
    words.extend(instr(Format::Vop3, "v_mbcnt_lo_u32_b32", |i| {
        i.vdst = 0;
        i.src0 = 193; // -1
        i.src1 = 128; // 0
    }));
    for v in 1..16u8 {
        let (m, x) = (rng.next() as u32 | 1, rng.next() as u32);
        words.extend(instr(Format::Vop3, "v_mul_lo_u32", |i| {
            i.vdst = v;
            i.src0 = 256;
            i.src1 = 255;
            i.literal = Some(m);
        }));
        words.extend(instr(Format::Vop2, "v_xor_b32", |i| {
            i.vdst = v;
            i.src0 = 255;
            i.src1 = 256 + u16::from(v);
            i.literal = Some(x);
        }));
    }
    for s in 0..16u8 {
        let v = rng.next() as u32;
        words.extend(s_mov(s, v));
    }
    let v = rng.next() as u32;
    words.extend(s_mov(106, v));
    let table = cu32_hdl::vector::vector_table();
    for n in 0..count {
        if n % 4 == 0 {
            let exec = match rng.below(8) {
                0 | 1 => u32::MAX,
                2 => 0,
                _ => rng.next() as u32,
            };
            words.extend(s_mov(126, exec));
            if rng.below(3) == 0 {
                let v = rng.next() as u32;
                words.extend(s_mov(106, v));
            }
        }
        if rng.below(10) == 0 {
            // A VOPD pair of the integer halves: X and Y read before either writes; the
            // destinations differ in parity.
            let xs = cu32_hdl::vector::dual_table(Format::VopdX);
            let ys = cu32_hdl::vector::dual_table(Format::VopdY);
            let (x, _) = xs[rng.below(xs.len() as u64) as usize];
            let (y, _) = ys[rng.below(ys.len() as u64) as usize];
            let mut i = cu32_isa::Instr::new(x);
            i.op_y = Some(y);
            let mut lit = false;
            let mut src0 = |rng: &mut Rng| match rng.below(6) {
                0..=2 => 256 + rng.below(16) as u16,
                3 => rng.below(16) as u16,
                4 => 128 + rng.below(81) as u16,
                _ => {
                    lit = true;
                    255
                }
            };
            i.src0 = src0(&mut rng);
            i.src0_y = src0(&mut rng);
            i.src1 = 256 + rng.below(16) as u16;
            i.src1_y = 256 + rng.below(16) as u16;
            i.vdst = rng.below(16) as u8;
            i.vdst_y = (rng.below(8) as u8 * 2) | (!i.vdst & 1);
            if lit {
                i.literal = Some(rng.next() as u32);
            }
            words.extend(i.encode());
            continue;
        }
        let (op, c) = table[rng.below(table.len() as u64) as usize];
        let mut i = cu32_isa::Instr::new(op);
        let lit = rng.next() as u32;
        let mut uses_lit = false;
        let src = |rng: &mut Rng, arg: &cu32_isa::Arg, uses_lit: &mut bool| -> u16 {
            let pair = arg.width() == 64;
            let vgpr = 256 + rng.below(if pair { 15 } else { 16 }) as u16;
            let sgpr = if pair {
                2 * rng.below(8) as u16
            } else {
                rng.below(16) as u16
            };
            let inline = 128 + rng.below(81) as u16;
            let pick = rng.below(10);
            match arg.accept {
                Accept::Vgpr => vgpr,
                Accept::Sgpr => [sgpr, 106][rng.below(2) as usize],
                Accept::ScalarInline => [sgpr, inline][rng.below(2) as usize],
                Accept::Scalar if pick < 5 => sgpr,
                Accept::Scalar => inline,
                _ if arg.kind == ArgKind::Vsrc1 => vgpr,
                _ => match pick {
                    0..=4 => vgpr,
                    5 | 6 => sgpr,
                    7 => inline,
                    8 => 240 + rng.below(9) as u16,
                    _ => {
                        *uses_lit = true;
                        255
                    }
                },
            }
        };
        for arg in &op.args {
            match arg.kind {
                ArgKind::Vdst => i.vdst = rng.below(15) as u8,
                ArgKind::Sdst => {
                    let d = [rng.below(16) as u8, 106, 124, 126][rng.below(4) as usize];
                    if op.format == Format::Vop3sd {
                        i.sdst = d;
                    } else {
                        i.vdst = d;
                    }
                }
                ArgKind::Src0 => i.src0 = src(&mut rng, arg, &mut uses_lit),
                ArgKind::Src1 | ArgKind::Vsrc1 => i.src1 = src(&mut rng, arg, &mut uses_lit),
                ArgKind::Src2 => i.src2 = src(&mut rng, arg, &mut uses_lit),
                _ => {}
            }
        }
        // The constant bus carries two scalar values: three SGPR sources naming three
        // different pairs (VCC as S2 aside) are not an instruction; S1 or S2 becomes a
        // VGPR.
        let sgpr_pair = |c: u16| (c < 128).then_some(c / 2);
        if let (Some(a), Some(b), Some(d)) =
            (sgpr_pair(i.src0), sgpr_pair(i.src1), sgpr_pair(i.src2))
        {
            if a != b && a != d && b != d && d != 53 {
                let takes_vgpr = |kind: ArgKind| {
                    op.args.iter().any(|x| {
                        x.kind == kind
                            && !matches!(
                                x.accept,
                                Accept::Sgpr | Accept::Scalar | Accept::ScalarInline
                            )
                    })
                };
                if takes_vgpr(ArgKind::Src1) {
                    i.src1 = 256 + i.src1 % 14;
                } else {
                    i.src2 = 256 + i.src2 % 14;
                }
            }
        }
        if op.format == Format::Vop3 && c.has16 {
            i.opsel = rng.below(16) as u8;
        }
        // DPP16 / DPP8 on a third of the e32 rows that have them (32-bit S0 moves).
        let dpp_row = op.mods.iter().any(|m| {
            matches!(
                m,
                cu32_isa::table::Modifier::Dpp
                    | cu32_isa::table::Modifier::Dpp16
                    | cu32_isa::table::Modifier::Dpp8
            )
        });
        let e32 = matches!(op.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
        let s0_32 = op
            .args
            .iter()
            .any(|a| a.kind == ArgKind::Src0 && a.width() <= 32);
        if dpp_row && e32 && s0_32 && rng.below(3) == 0 {
            uses_lit = false;
            i.src0 = rng.below(16) as u16;
            i.dpp = Some(if rng.below(3) == 0 {
                cu32_isa::encoding::Dpp::Dpp8 {
                    sel: rng.next() as u32 & 0xff_ffff,
                    fi: rng.below(2) == 0,
                }
            } else {
                let n = 1 + rng.below(15) as u16;
                let ctrl = match rng.below(8) {
                    0 => rng.below(256) as u16,
                    1 => 0x100 | n,
                    2 => 0x110 | n,
                    3 => 0x120 | n,
                    4 => 0x140,
                    5 => 0x141,
                    6 => 0x150 | (n & 15),
                    _ => 0x160 | (n & 15),
                };
                cu32_isa::encoding::Dpp::Dpp16 {
                    ctrl,
                    fi: rng.below(2) == 0,
                    bc: rng.below(2) == 0,
                    mods: 0,
                    bank_mask: if rng.below(2) == 0 {
                        0xf
                    } else {
                        rng.below(16) as u8
                    },
                    row_mask: if rng.below(2) == 0 {
                        0xf
                    } else {
                        rng.below(4) as u8
                    },
                }
            });
        }
        if uses_lit {
            i.literal = Some(lit);
        }
        words.extend(i.encode());
    }
    words.extend(instr(Format::Sopp, "s_endpgm", |_| {}));
    words
}

/// The vector and LDS programs, seeded random integer VALU programs (random EXEC masks)
/// and 100 random streams (`cu32 cosim --seeds`: SALU, VALU, DS, SMEM and GLOBAL) run on
/// the RTL exactly as on the golden model, with 32 lanes (one pass), 16 lanes (two), 8
/// lanes (four), 4 lanes (eight) and 2 lanes (sixteen).
#[test]
fn vector_programs_cosimulate() {
    let out = tempfile::tempdir().unwrap();
    let mut programs = programs_in("vector");
    assert!(programs.len() >= 4, "{} programs", programs.len());
    let lds = programs_in("lds");
    assert!(lds.len() >= 3, "{} LDS programs", lds.len());
    programs.extend(lds);
    let mut expected = Vec::new();
    for seed in 0..24u64 {
        let words = random_valu_program(seed, 160);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let path = out.path().join(format!("random_valu_{seed:02}.bin"));
        std::fs::write(&path, bytes).unwrap();
        // Every instruction must retire on both sides (no agreed early stop).
        let mut pos = 0;
        let mut count = 0;
        while pos < words.len() {
            pos += cu32_isa::decode(&words[pos..]).unwrap().len_words();
            count += 1;
        }
        expected.push(format!("{}: {count} instructions", path.display()));
        programs.push(path);
    }
    // 32 lanes (one pass) and 16 (two), the ULX3S board's 8 lanes (4 passes) and 4 and 2
    // lanes (8 and 16 passes).
    for config in [
        repo().join("configs/default.yaml"),
        config_with_lanes(out.path(), "default", 32, 16),
        repo().join("configs/ulx3s-85f.yaml"),
        ulx3s_with_lanes(out.path(), 4),
        ulx3s_with_lanes(out.path(), 2),
    ] {
        let config = config.display().to_string();
        let output = cu32()
            .arg("cosim")
            .arg("--config")
            .arg(&config)
            .args(&programs)
            .args(["--seeds", "100", "--out"])
            .arg(out.path())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        println!("{config}:\n{stdout}");
        assert!(
            stdout.contains("random streams: seeds 0..=99, 100 run, 100 passed"),
            "{config}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("cosim: {} passed, 0 failed", programs.len() + 100)),
            "{config}: {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        for e in &expected {
            assert!(
                stdout.contains(&format!("PASS {e}")),
                "{config}: no `PASS {e}`"
            );
        }
    }
    // A wrong VGPR result of the model is caught and reported with both sides.
    let output = cu32()
        .arg("cosim")
        .arg(&programs[0])
        .arg("--inject-model-fault")
        .arg("0")
        .arg("--out")
        .arg(out.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(!output.status.success(), "{stdout}");
    for needle in [
        "FAIL",
        "divergence at instruction #0",
        "differs in: writes",
        "v0=[mask 0xffffffff",
    ] {
        assert!(stdout.contains(needle), "lacks `{needle}`: {stdout}");
    }
}

/// The `name value` pairs of the performance-counter listing `cu32 cosim` prints (lines
/// `  index name value  meaning`).
fn counter_values(stdout: &str) -> std::collections::BTreeMap<String, u64> {
    let mut values = std::collections::BTreeMap::new();
    let mut lines = stdout.lines();
    assert!(
        lines.any(|l| l.starts_with("performance counters")),
        "{stdout}"
    );
    for line in lines {
        let cells: Vec<&str> = line.split_whitespace().collect();
        match cells.as_slice() {
            [index, name, value, ..] if index.parse::<u32>().is_ok() => {
                values.insert(name.to_string(), value.parse().expect("a counter value"));
            }
            _ => break,
        }
    }
    values
}

/// The RTL's performance counters against figures computed independently: for a small
/// `histogram_global` dispatch (2 work-groups, 16 waves), from the golden model's trace of
/// the same launch (instructions per unit by the ISA's formats, VALU lanes from the events'
/// EXEC), the dispatcher's documented cost (the overhead counter) and the run's cycle count
/// (busy = cycles - 2); for a plain program, its DS instructions and VALU lanes. Then
/// `cu32 bench --rtl` (the same build) prints the kernel's row and its cycles over the
/// issue/VALU bound.
#[test]
fn rtl_counters_match_the_model_and_bench_prints_them() {
    use cu32_isa::Format;
    let out = tempfile::tempdir().unwrap();
    let suite = out.path().join("suite");
    std::fs::create_dir_all(suite.join("build")).unwrap();
    let co = suite.join("build/histogram_global.co");
    std::fs::copy(repo().join("kernels/opencl/build/histogram_global.co"), &co).unwrap();
    let data = repo().join("kernels/opencl/data/histogram_global_data.bin");
    let launch_file = write(
        &suite,
        "histogram_global.yaml",
        &format!(
            "kernel: histogram_global\ngrid: [512]\nblock: [256]\nargs:\n  - buffer: {}\n  \
             - zeros: 1024\n    out: out/bins.bin\n  - u32: 512\n",
            data.display()
        ),
    );
    let build = out.path().join("build");

    // The RTL's counters.
    let assert = cu32()
        .arg("cosim")
        .arg(&co)
        .arg("--launch")
        .arg(&launch_file)
        .arg("--out")
        .arg(&build)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    println!("{stdout}");
    let cycles = dispatch_cycles(&stdout);
    let rtl = counter_values(&stdout);
    assert_eq!(rtl.len(), cu32_hdl::counters::COUNTERS.len(), "{stdout}");

    // The model's trace of the same launch.
    let launch = cu32_sim::launch::Launch::from_file(&launch_file).unwrap();
    let code = cu32_isa::code_object::CodeObject::parse(&std::fs::read(&co).unwrap()).unwrap();
    let mut memory = cu32_sim::memory::Memory::new();
    let dispatch = cu32_sim::dispatch::prepare(&code, &launch, &mut memory).unwrap();
    let mut expected = std::collections::BTreeMap::<&str, u64>::new();
    let mut smem_dwords = 0;
    let mut sink = |e: &cu32_sim::trace::TraceEvent| {
        let format = cu32_isa::decode(&e.words).unwrap().op.format;
        let unit = match format {
            Format::Sop1 | Format::Sop2 | Format::Sopk | Format::Sopc | Format::Sopp => {
                "salu_retired"
            }
            Format::Smem => {
                smem_dwords += e
                    .writes
                    .iter()
                    .filter(|w| matches!(w, cu32_sim::trace::Write::Sgpr { .. }))
                    .count() as u64;
                "smem_retired"
            }
            Format::Ds => "ds_retired",
            Format::Global | Format::Flat => "global_retired",
            f if f.is_valu_or_vopd() => {
                *expected.entry("valu_lanes").or_default() +=
                    u64::from((e.exec as u32).count_ones());
                "valu_retired"
            }
            f => panic!("no unit for {f:?}"),
        };
        *expected.entry(unit).or_default() += 1;
        *expected.entry("retired").or_default() += 1;
    };
    let stats = cu32_sim::model::workgroup::run_dispatch(
        &code,
        &launch,
        &dispatch,
        &mut memory,
        1_000_000,
        Some(&mut sink),
    )
    .unwrap();
    let waves = stats.waves;
    let groups = stats.workgroups;
    assert_eq!((groups, waves), (2, 16));
    let kernel = code.kernel("histogram_global").unwrap();
    let words = (kernel.code.len() as u64).div_ceil(4);
    expected.insert("busy_cycles", cycles - 2);
    // The cycles no wave runs (hdl/src/dispatch/cu32_dispatcher.v): CHECK and END, the
    // code load (LREQ + LACK a word at latency 1), the first work-group's GROUP and its
    // first wave's set-up until it is live (PICK, FILL: 32, START), and the last PICK; the
    // second work-group (no LDS) starts while the first one's waves run.
    expected.insert("dispatch_overhead", 2 + 2 * words + 1 + (1 + 32 + 1) + 1);
    for (name, value) in &expected {
        assert_eq!(rtl.get(*name), Some(value), "counter {name}: {stdout}");
    }
    assert!(expected["valu_retired"] > 0 && expected["global_retired"] > 0);
    assert_eq!(
        rtl["wave_cycles"] + rtl["dispatch_overhead"],
        rtl["busy_cycles"]
    );
    // Each bus dword a cycle of CYC.
    assert!(rtl["smem_bus"] >= smem_dwords && smem_dwords > 0);
    assert!(rtl["global_bus"] >= rtl["global_retired"]);
    let (busy, overhead) = (rtl["busy_cycles"], rtl["dispatch_overhead"]);
    let ipc = format!(
        "IPC {:.3}",
        rtl["retired"] as f64 / rtl["busy_cycles"] as f64
    );
    assert!(stdout.contains(&ipc), "lacks {ipc}: {stdout}");

    // A plain program's DS instructions and VALU lanes (no dispatch: no busy cycles).
    let program = write(
        out.path(),
        "lanes.s",
        "v_mbcnt_lo_u32_b32 v0, -1, 0\nv_lshlrev_b32 v1, 6, v0\nds_store_b32 v1, v0\n\
         ds_load_b32 v2, v1\nv_lshlrev_b32 v3, 2, v0\nds_load_b32 v4, v3\n\
         s_mov_b32 exec_lo, 0xff\nv_add_nc_u32 v5, 1, v0\ns_endpgm\n",
    );
    let assert = cu32()
        .arg("cosim")
        .arg(&program)
        .arg("--counters")
        .arg("--out")
        .arg(&build)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    println!("{stdout}");
    let rtl = counter_values(&stdout);
    assert_eq!(rtl["ds_retired"], 3, "{stdout}");
    assert_eq!(rtl["valu_lanes"], 3 * 32 + 8, "{stdout}");
    assert_eq!(rtl["busy_cycles"], 0, "{stdout}");

    // `cu32 bench --rtl` on that launch: the header, the row (the same cycles and
    // instructions), the summary.
    let assert = cu32()
        .args(["bench", "--rtl", "--out"])
        .arg(&build)
        .arg(&launch_file)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    println!("{stdout}");
    assert!(stderr.contains("co-simulating"), "{stderr}");
    let mut lines = stdout.lines().skip(1);
    let header = lines.next().unwrap();
    for column in [
        "kernel",
        "waves",
        "cycles",
        "instr",
        "IPC",
        "VALU util",
        "bound",
        "x bound",
        "SMEM bus",
        "GLOBAL bus",
        "dispatch",
        "cycles/s",
        "result",
    ] {
        assert!(header.contains(column), "header lacks {column}: {stdout}");
    }
    let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(row[0], "histogram_global", "{stdout}");
    assert_eq!(row[1], "16", "{stdout}");
    assert_eq!(row[2], cycles.to_string(), "{stdout}");
    assert_eq!(row[3], expected["retired"].to_string(), "{stdout}");
    assert_eq!(row.last(), Some(&"PASS"), "{stdout}");
    // The bound at 32 lanes (one pass): max(instructions, VALU instructions); the cycles the
    // waves run over it.
    let bound = expected["retired"].max(expected["valu_retired"]);
    assert_eq!(row[6], bound.to_string(), "{stdout}");
    let over = (busy - overhead) as f64 / bound as f64;
    assert_eq!(row[7], format!("{over:.2}"), "{stdout}");
    assert_eq!(row[10], overhead.to_string(), "{stdout}");
    assert!(row[11].parse::<f64>().is_ok_and(|s| s > 0.0), "{stdout}");
    assert!(
        stdout.contains("1 passed, 0 not supported by the configuration, 0 failed"),
        "{stdout}"
    );
}

/// What one hostile input did: its command line (for the report) and the outcome.
struct Hostile {
    what: String,
    code: Option<i32>,
}

/// Runs `cu32` with `args` (in `dir`, input on stdin if any): it must end within 30 s,
/// without a panic or a signal, with status 0, 1 or 2, and a failure must say `error:`.
fn hostile(dir: &Path, what: String, args: &[String], stdin: Option<Vec<u8>>) -> Hostile {
    let mut cmd = cu32();
    cmd.current_dir(dir)
        .args(args)
        .timeout(std::time::Duration::from_secs(30));
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().expect("run cu32");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    assert!(!stderr.contains("panicked"), "{what}: panic: {stderr}");
    assert!(
        matches!(code, Some(0..=2)),
        "{what}: status {:?}: {stderr}",
        out.status
    );
    if code != Some(0) {
        assert!(stderr.contains("error:"), "{what}: no error line: {stderr}");
        assert!(
            stderr.lines().all(|l| l.len() <= 4000),
            "{what}: an over-long error line"
        );
    }
    Hostile { what, code }
}

/// Mutates `text` the way a careless or hostile user might: flips, truncates, repeats,
/// inserts control characters, huge numbers, deep nesting or a long token.
fn mutate(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut t = text.to_vec();
    let at = |rng: &mut Rng, t: &Vec<u8>| rng.below(t.len() as u64 + 1) as usize;
    let inserts: [&[u8]; 12] = [
        b"\0",
        "\u{feff}".as_bytes(),
        b"\xff\xfe",
        b"18446744073709551616",
        b"-9223372036854775809",
        b"1e300",
        b"\r\n",
        b"\t\x1b[31m",
        b"((((((((((((((((((((",
        b"]]]]}}}}",
        b"~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
        b"s_endpgm",
    ];
    for _ in 0..=rng.below(3) {
        match rng.below(6) {
            0 if !t.is_empty() => {
                let i = rng.below(t.len() as u64) as usize;
                t[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = at(rng, &t);
                t.truncate(i);
            }
            2 => {
                let i = at(rng, &t);
                let s = inserts[rng.below(inserts.len() as u64) as usize];
                t.splice(i..i, s.iter().copied());
            }
            3 => {
                let i = at(rng, &t);
                let long = vec![b'x'; 1 + rng.below(100_000) as usize];
                t.splice(i..i, long);
            }
            4 => {
                let i = at(rng, &t);
                let j = at(rng, &t);
                let (a, b) = (i.min(j), i.max(j));
                let piece = t[a..b].to_vec();
                t.splice(b..b, piece);
            }
            _ => {
                let i = at(rng, &t);
                let j = at(rng, &t);
                t.drain(i.min(j)..i.max(j));
            }
        }
    }
    t
}

/// A battery of over 500 hostile inputs to every command (mutated assembly, raw code,
/// code objects, configurations, launch files and flags; random bytes; extreme numbers):
/// none may panic, hang or end by a signal; each ends 0, 1 or 2, a failure with an
/// `error:` line. Prints the counts per command and status (run with `--nocapture`).
#[test]
fn hostile_inputs_end_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(41);
    let mut results: Vec<(&str, Hostile)> = Vec::new();
    let s = |x: &str| x.to_string();
    let path = |p: &Path| p.display().to_string();

    // Assembly: every scalar program, mutated, through asm and run.
    let mut programs: Vec<PathBuf> = std::fs::read_dir(repo().join("kernels/scalar"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    programs.sort();
    for i in 0..200 {
        let source = std::fs::read(&programs[i % programs.len()]).unwrap();
        let bad = mutate(&source, &mut rng);
        let file = d.join(format!("m{i}.s"));
        std::fs::write(&file, &bad).unwrap();
        let what = format!("asm {}", file.display());
        let out = path(&d.join("m.bin"));
        results.push((
            "asm",
            hostile(d, what, &[s("asm"), path(&file), s("-o"), out], None),
        ));
        if i % 2 == 0 {
            let what = format!("run {}", file.display());
            let args = [s("run"), path(&file), s("--max-instructions"), s("20000")];
            results.push(("run", hostile(d, what, &args, None)));
        }
    }
    // Raw code and code objects: random words, mutated and truncated ELF files.
    let elf = std::fs::read(repo().join("isa/tests/data/co/vecops.co")).unwrap();
    for i in 0..120 {
        let bytes: Vec<u8> = if i % 3 == 0 {
            (0..rng.below(256)).map(|_| rng.next() as u8).collect()
        } else {
            mutate(&elf, &mut rng)
        };
        let args = [s("disasm"), s("-")];
        let what = format!("disasm of input {i} ({} bytes)", bytes.len());
        results.push(("disasm", hostile(d, what, &args, Some(bytes.clone()))));
        let file = d.join(format!("m{i}.co"));
        std::fs::write(&file, &bytes).unwrap();
        let what = format!("info {}", file.display());
        results.push(("info", hostile(d, what, &[s("info"), path(&file)], None)));
    }
    // Configurations: mutated default.yaml and extreme field values.
    let config = std::fs::read(repo().join("configs/default.yaml")).unwrap();
    let config_text = String::from_utf8(config.clone()).unwrap();
    let extremes = [
        "-1",
        "0",
        "18446744073709551616",
        "1e300",
        "\"\"",
        "[1, 2]",
        "{a: 1}",
        "~",
        "null",
        "4294967296",
        ".nan",
        "\"../../x\"",
    ];
    for i in 0..100 {
        let bad = if i % 2 == 0 {
            mutate(&config, &mut rng)
        } else {
            let lines: Vec<&str> = config_text.lines().collect();
            let k = rng.below(lines.len() as u64) as usize;
            let value = extremes[rng.below(extremes.len() as u64) as usize];
            let mut out = String::new();
            for (j, line) in lines.iter().enumerate() {
                match line.split_once(':') {
                    Some((key, _)) if j == k => out.push_str(&format!("{key}: {value}\n")),
                    _ => out.push_str(&format!("{line}\n")),
                }
            }
            out.into_bytes()
        };
        let file = d.join(format!("c{i}.yaml"));
        std::fs::write(&file, &bad).unwrap();
        let args = [
            s("gen"),
            s("--config"),
            path(&file),
            s("--out"),
            path(&d.join("gen")),
        ];
        results.push((
            "gen",
            hostile(d, format!("gen --config {}", file.display()), &args, None),
        ));
    }
    // Launch files: mutated collatz.yaml and extreme values, dispatched on the model.
    let suite = repo().join("kernels/opencl");
    std::os::unix::fs::symlink(suite.join("data"), d.join("data")).unwrap();
    let code = path(&suite.join("build/collatz.co"));
    let launch = std::fs::read_to_string(suite.join("collatz.yaml")).unwrap();
    let fields = [
        "grid: [256]",
        "block: [64]",
        "zeros: 1024",
        "u32: 256",
        "kernel: collatz",
    ];
    let values = [
        "grid: [0]",
        "grid: [4294967296]",
        "grid: [1, 1, 1, 1]",
        "block: [2048]",
        "block: [0]",
        "zeros: 68719476736",
        "zeros: -1",
        "u32: 4294967296",
        "u32: x",
        "kernel: \"\\0\"",
        "grid: []",
        "block: [64, 64]",
        "zeros: 1099511627776",
    ];
    for i in 0..90 {
        let bad = if i % 2 == 0 {
            mutate(launch.as_bytes(), &mut rng)
        } else {
            let field = fields[rng.below(fields.len() as u64) as usize];
            let value = values[rng.below(values.len() as u64) as usize];
            launch.replace(field, value).into_bytes()
        };
        let file = d.join(format!("l{i}.yaml"));
        std::fs::write(&file, &bad).unwrap();
        let args = [
            s("run"),
            code.clone(),
            s("--launch"),
            path(&file),
            s("--max-instructions"),
            s("2000000"),
        ];
        results.push((
            "run --launch",
            hostile(d, format!("run --launch {}", file.display()), &args, None),
        ));
    }
    // Flags: odd values for the numeric and list options.
    let flags: [&[&str]; 24] = [
        &["bench", "--min-time=-0"],
        &[
            "bench",
            "--min-time=1e-300",
            "--max-instructions",
            "0",
            "kernels/none.yaml",
        ],
        &[
            "cosim",
            "--seeds",
            "18446744073709551615",
            "--first-seed",
            "2",
        ],
        &["cosim", "--stream-length", "0", "--seeds", "1"],
        &["cosim", "--memory-latency", "0", "x.s"],
        &["cosim", "--memory-stall", "1001", "x.s"],
        &["cosim", "--memory-image", "nofile@0x10", "x.s"],
        &[
            "run", "x.co", "--kernel", "k", "--grid", "0", "--block", "1",
        ],
        &[
            "run", "x.co", "--kernel", "k", "--grid", "1,2,3,4", "--block", "1",
        ],
        &[
            "run",
            "x.co",
            "--kernel",
            "k",
            "--grid",
            "99999999999",
            "--block",
            "1",
        ],
        &[
            "run",
            "x.co",
            "--kernel",
            "k",
            "--grid",
            "1",
            "--block",
            "1",
            "--arg",
            "zeros=1e3",
        ],
        &[
            "run", "x.co", "--kernel", "k", "--grid", "1", "--block", "1", "--arg", "=:",
        ],
        &["run", "--max-instructions", "-1", "x.s"],
        &["asm"],
        &["asm", "/"],
        &["asm", "/nonexistent/x.s"],
        &["disasm", "/"],
        &["info", "/dev/null"],
        &["gen", "--config", "/dev/null"],
        &["gen", "--config", "/"],
        &["synth", "--config", "/dev/null"],
        &["synth", "--check", "--json", "-"],
        &["nosuchcommand"],
        &["--version"],
    ];
    for f in flags {
        let args: Vec<String> = f.iter().map(|x| x.to_string()).collect();
        results.push(("flags", hostile(d, f.join(" "), &args, None)));
    }

    let mut counts: std::collections::BTreeMap<(&str, Option<i32>), usize> = Default::default();
    for (command, r) in &results {
        *counts.entry((command, r.code)).or_default() += 1;
    }
    println!("{} hostile inputs:", results.len());
    for ((command, code), n) in &counts {
        println!("  {command:<14} status {code:?}: {n}");
    }
    assert!(results.len() >= 500, "{} inputs", results.len());
    // Not all of them are refused: some mutations still make a valid input.
    assert!(
        results.iter().any(|(_, r)| r.code == Some(0)),
        "{}",
        results[0].1.what
    );
}
