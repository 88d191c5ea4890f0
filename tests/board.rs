//! Command-line tests of `cu32 board` (assert_cmd): its help, its errors on bad input or a
//! missing venv, and the ULX3S SoC elaborated by LiteX (`--no-compile`: the SoC's Verilog,
//! in seconds). The bitstream build itself (Yosys, nextpnr, ecppack: most of an hour) is
//! run by hand: `cu32 board build --board ulx3s-85f`.

use assert_cmd::Command;
use std::path::PathBuf;

fn board_build() -> Command {
    let mut cmd = Command::cargo_bin("cu32").expect("cu32 binary");
    cmd.args(["board", "build"]);
    cmd
}

/// Runs `cmd`, expects exit status `code` and every one of `needles` on standard error;
/// returns standard error.
fn stderr_of(cmd: &mut Command, code: i32, needles: &[&str]) -> String {
    let out = cmd.output().expect("run cu32");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(code), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    for n in needles {
        assert!(stderr.contains(n), "stderr lacks `{n}`: {stderr}");
    }
    stderr
}

#[test]
fn help_names_the_board_and_options() {
    let out = board_build().arg("--help").output().expect("run cu32");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "--board",
        "ulx3s-85f",
        "--config",
        "--out",
        "--sys-clk-mhz",
        "--no-compile",
    ] {
        assert!(help.contains(needle), "help lacks {needle}: {help}");
    }
    let out = Command::cargo_bin("cu32")
        .expect("cu32 binary")
        .args(["board", "--help"])
        .output()
        .expect("run cu32");
    assert!(String::from_utf8_lossy(&out.stdout).contains("build"));
}

#[test]
fn bad_input_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    // An unknown board and a missing --board are usage errors.
    stderr_of(
        board_build().args(["--board", "de10-nano"]),
        2,
        &["ulx3s-85f"],
    );
    stderr_of(&mut board_build(), 2, &["--board"]);
    // A clock out of range, a missing configuration file.
    stderr_of(
        board_build().args(["--board", "ulx3s-85f", "--no-compile", "--sys-clk-mhz", "0"]),
        1,
        &["--sys-clk-mhz 0"],
    );
    let missing = dir.path().join("none.yaml");
    stderr_of(
        board_build()
            .args(["--board", "ulx3s-85f", "--no-compile", "--config"])
            .arg(&missing),
        1,
        &["none.yaml"],
    );
    // yowasp cannot see /tmp: a bitstream build there is refused before it starts.
    stderr_of(
        board_build().args(["--board", "ulx3s-85f", "--out", "/tmp/cu32-board"]),
        1,
        &["/tmp", "build elsewhere"],
    );
}

#[test]
fn a_missing_venv_says_to_run_setup() {
    let home = tempfile::tempdir().expect("temp dir");
    stderr_of(
        board_build()
            .env("HOME", home.path())
            .env_remove("XDG_CACHE_HOME")
            .args(["--board", "ulx3s-85f", "--no-compile", "--out"])
            .arg(home.path()),
        1,
        &["no Python venv", "scripts/setup.sh"],
    );
}

/// LiteX elaborates the ULX3S SoC around cu32's Verilog: cu32 instantiated, on the bus as
/// a master and as the slave at 0x2000_0000, with UARTBone and the SDRAM. Needs the venv
/// of `scripts/setup.sh` (as `scripts/test.sh` runs it).
#[test]
fn litex_elaborates_the_ulx3s_soc() {
    let out = tempfile::tempdir().expect("temp dir");
    let run = board_build()
        .args(["--board", "ulx3s-85f", "--no-compile", "--out"])
        .arg(out.path())
        .output()
        .expect("run cu32");
    let stderr = String::from_utf8_lossy(&run.stderr);
    let board = out.path().join("ulx3s-85f/board/ulx3s-85f");
    let log = std::fs::read_to_string(board.join("build.log")).unwrap_or_default();
    assert!(run.status.success(), "{stderr}\n{log}");
    assert!(String::from_utf8_lossy(&run.stdout).contains("cu32_soc.v"));

    let file = |name: &str| {
        std::fs::read_to_string(board.join("gateware").join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    // cu32 instantiated with its bus ports connected, its sources read with the include path.
    let soc = file("cu32_soc.v");
    assert_all(
        &soc,
        "cu32_soc.v",
        &[
            "cu32_top cu32_top",
            ".host_stb ",
            ".host_ack ",
            ".wb_stb ",
            ".wb_stall ",
            ".wb_ack ",
        ],
    );
    assert_all(&file("cu32_soc.ys"), "cu32_soc.ys", &["cu32_lane.v", "-I"]);
    assert_all(&file("cu32_soc.lpf"), "cu32_soc.lpf", &["sdram_"]);
    assert_all(
        &log,
        "build.log",
        &[
            "cu32 added as Bus Master",
            "cu32 Region added at Origin: 0x20000000, Size: 0x00000400",
            "uartbone",
            "main_ram Region added at Origin: 0x40000000, Size: 0x02000000",
        ],
    );
}

/// Fails unless `text` (the file `what`) holds every one of `needles`.
fn assert_all(text: &str, what: &str, needles: &[&str]) {
    let missing: Vec<&&str> = needles.iter().filter(|n| !text.contains(**n)).collect();
    assert!(missing.is_empty(), "{what} lacks {missing:?}:\n{text}");
}

/// The bus adapters of `litex/cu32_litex/core.py` in migen's simulator
/// (`litex/tests/test_bus.py`, a fraction of a second), in the venv of `scripts/setup.sh`.
#[test]
fn litex_bus_adapters_pass_their_simulation() {
    let cache = match std::env::var_os("XDG_CACHE_HOME") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache"),
    };
    let litex = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../litex");
    let out = std::process::Command::new(cache.join("cu32/venv/bin/python"))
        .current_dir(litex.join("tests"))
        .env("PYTHONPATH", &litex)
        .args(["-B", "-m", "unittest", "-v", "test_bus"])
        .output()
        .expect("run the venv's Python (scripts/setup.sh makes it)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("Ran 2 tests"), "{stderr}");
}

/// `cu32 board probe` without a server at the URL, or with a bad timeout.
#[test]
fn probe_without_a_server_says_so() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a loopback port")
        .port();
    let url = format!("tcp://127.0.0.1:{port}");
    let mut cmd = Command::cargo_bin("cu32").expect("cu32 binary");
    cmd.args(["board", "probe", "--url", &url]);
    stderr_of(&mut cmd, 1, &[&url, "no Etherbone server there"]);
    let mut cmd = Command::cargo_bin("cu32").expect("cu32 binary");
    cmd.args(["board", "probe", "--timeout", "0"]);
    stderr_of(&mut cmd, 1, &["--timeout 0"]);
}

/// Stops `cu32 board sim` (its handler stops the simulation and litex_server) when dropped.
struct Serving(std::process::Child);

impl Drop for Serving {
    fn drop(&mut self) {
        // SAFETY: kill(2) on the child this test started.
        unsafe { libc::kill(self.0.id() as i32, libc::SIGTERM) };
        let _ = self.0.wait();
    }
}

/// A TCP port free on the loopback address now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a loopback port")
        .port()
}

/// The whole host path on the simulated SoC: `cu32 board sim` builds the ULX3S SoC under
/// Verilator and serves it through litex_server; `cu32 board probe --bus-test` reads
/// cu32's CSRs and writes and reads back SDRAM words and CSRs over Etherbone, UARTBone,
/// the SoC's bus, LiteDRAM and the CSR adapter (Verilator's build: a few minutes).
#[test]
fn probe_reads_cu32_in_the_simulated_soc() {
    use std::io::BufRead;
    let out = tempfile::tempdir().expect("temp dir");
    let (port, uart_port) = (free_port(), free_port());
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cu32"))
        .args(["board", "sim", "--board", "ulx3s-85f", "--out"])
        .arg(out.path())
        .args([
            "--port",
            &port.to_string(),
            "--uart-port",
            &uart_port.to_string(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run cu32 board sim");
    let mut serving = Serving(child);
    let stdout = serving.0.stdout.take().expect("piped stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            let _ = tx.send(line);
        }
    });
    let line = rx
        .recv_timeout(std::time::Duration::from_secs(900))
        .unwrap_or_else(|e| {
            let log = out.path().join("ulx3s-85f/board/ulx3s-85f-sim/sim.log");
            let log = std::fs::read_to_string(log).unwrap_or_default();
            panic!(
                "cu32 board sim never served ({e}): {}",
                &log[log.len().saturating_sub(3000)..]
            )
        });
    let url = format!("tcp://localhost:{port}");
    assert!(
        line.contains(&format!("serving the simulated SoC on {url}")),
        "{line}"
    );

    let probe = Command::cargo_bin("cu32")
        .expect("cu32 binary")
        .args([
            "board",
            "probe",
            "--bus-test",
            "--url",
            &url,
            "--timeout",
            "60",
        ])
        .output()
        .expect("run cu32 board probe");
    let text = String::from_utf8_lossy(&probe.stdout);
    assert!(
        probe.status.success(),
        "{}",
        String::from_utf8_lossy(&probe.stderr)
    );
    assert_all(
        &text,
        "probe's output",
        &[
            "server: CommUART",
            "cu32 at 0x20000000: 8 lanes, 8 wave slots, LDS 16 KiB in 8 banks",
            "status: idle",
            "bus test: 256 SDRAM words at 0x40000000 and cu32's ENTRY_LO/HI written and read back",
        ],
    );
    drop(serving);
}
