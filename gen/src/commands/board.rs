//! `cu32 board build`: cu32 on an FPGA board as a LiteX core. Generates the compute unit's
//! Verilog for the configuration, then runs the board's LiteX target (the `cu32_litex`
//! package of `litex/`, embedded in this binary and written next to the build) in the
//! project's venv: a CPU-less SoC with the board's SDRAM (LiteDRAM), UARTBone for the host
//! and cu32 on its bus, synthesised, placed and routed with the yowasp Yosys and
//! nextpnr-ecp5 and packed by ecppack. Prints the SoC's resources and the routed Fmax of
//! each clock from nextpnr's report.

use super::{gen::write_verilog, synth};
use anyhow::{bail, Context};
use std::fmt::Write as _;
use std::os::unix::process::CommandExt as _;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

/// Arguments of `cu32 board`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: BoardCommand,
}

#[derive(clap::Subcommand)]
pub enum BoardCommand {
    /// Build the board's LiteX SoC around cu32 to a bitstream (`.bit`, `.svf`); report its
    /// resources and the routed Fmax of each clock.
    Build(BuildArgs),
    /// Read cu32's ID, configuration and status from a running SoC through an Etherbone
    /// server (`litex_server --uart --uart-port /dev/ttyUSB0` for a board).
    Probe(ProbeArgs),
    /// Build the board's SoC for LiteX's simulator (Verilator; the SDRAM a model of the
    /// board's) and serve it on Etherbone through litex_server, as a board is served.
    Sim(SimArgs),
}

/// Arguments of `cu32 board sim`.
#[derive(clap::Args)]
pub struct SimArgs {
    #[command(flatten)]
    pub target: Target,
    /// Output root: the simulation is built in `<out>/<name>/board/<board>-sim/`.
    #[arg(long, default_value = "build")]
    pub out: PathBuf,
    /// TCP port of Etherbone (litex_server).
    #[arg(long, default_value_t = 1234)]
    pub port: u16,
    /// TCP port of the simulated UART (between the simulation and litex_server).
    #[arg(long, default_value_t = 2430)]
    pub uart_port: u16,
}

/// The boards `cu32 board` builds for.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// Radiona ULX3S with the LFE5U-85F (32 MB SDRAM, FTDI UART).
    #[value(name = "ulx3s-85f")]
    Ulx3s85f,
}

impl Board {
    fn name(self) -> &'static str {
        match self {
            Board::Ulx3s85f => "ulx3s-85f",
        }
    }

    /// The board's configuration (`configs/<board>.yaml`), embedded.
    fn config_yaml(self) -> (&'static str, &'static str) {
        match self {
            Board::Ulx3s85f => (
                "configs/ulx3s-85f.yaml",
                include_str!("../../../configs/ulx3s-85f.yaml"),
            ),
        }
    }

    /// The `cu32_litex` module that builds the board's SoC, and the FPGA it names.
    fn target(self) -> (&'static str, &'static str) {
        match self {
            Board::Ulx3s85f => ("cu32_litex.ulx3s", "LFE5U-85F"),
        }
    }
}

/// The board and the configuration of cu32 on it.
#[derive(clap::Args)]
pub struct Target {
    /// The board.
    #[arg(long, value_enum)]
    pub board: Board,
    /// Configuration YAML (default: the board's, `configs/<board>.yaml`, embedded).
    #[arg(long)]
    pub config: Option<PathBuf>,
}

impl Target {
    /// The configuration to build: `--config`, else the board's own.
    fn config(&self) -> anyhow::Result<cu32_hdl::Config> {
        Ok(match &self.config {
            Some(path) => cu32_hdl::Config::load(path)?,
            None => {
                let (file, text) = self.board.config_yaml();
                cu32_hdl::Config::parse(text, file)?
            }
        })
    }
}

/// Arguments of `cu32 board build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    #[command(flatten)]
    pub target: Target,
    /// Output root: Verilog goes to `<out>/<name>/`, the SoC's build to
    /// `<out>/<name>/board/<board>/` (bitstream in its `gateware/`). Not under /tmp: the
    /// yowasp tools see a private folder there.
    #[arg(long, default_value = "build")]
    pub out: PathBuf,
    /// The SoC's clock (cu32's too), MHz (default: the configuration's `target.freq_mhz`).
    #[arg(long, value_name = "MHZ")]
    pub sys_clk_mhz: Option<f64>,
    /// Stop after LiteX has written the SoC's Verilog and pin constraints (seconds): no
    /// Yosys, nextpnr or ecppack.
    #[arg(long)]
    pub no_compile: bool,
}

/// Arguments of `cu32 board probe`.
#[derive(clap::Args)]
pub struct ProbeArgs {
    /// The Etherbone server (`tcp://HOST:PORT`).
    #[arg(long, default_value = "tcp://localhost:1234")]
    pub url: String,
    /// Seconds to wait for the server to connect and for each answer.
    #[arg(long, default_value_t = 5.0)]
    pub timeout: f64,
    /// Also write and read back the first 1 KiB of the SDRAM and cu32's ENTRY CSRs
    /// (overwriting them): the host's write path to both.
    #[arg(long)]
    pub bus_test: bool,
}

/// Byte address of cu32's CSRs on the SoC's bus (`CU32_BASE` in `litex/cu32_litex`).
pub const CU32_BASE: u32 = 0x2000_0000;
/// Byte address of the SDRAM (LiteX's `main_ram`) on the SoC's bus.
pub const MAIN_RAM: u32 = 0x4000_0000;
/// cu32's ID register's value: "CU32".
const CU32_ID: u32 = 0x4355_3332;

/// The `cu32_litex` package (`litex/cu32_litex/`), written next to each build so that the
/// binary and its glue always match.
const LITEX_PACKAGE: [(&str, &str); 5] = [
    (
        "__init__.py",
        include_str!("../../../litex/cu32_litex/__init__.py"),
    ),
    ("core.py", include_str!("../../../litex/cu32_litex/core.py")),
    (
        "yowasp.py",
        include_str!("../../../litex/cu32_litex/yowasp.py"),
    ),
    (
        "ulx3s.py",
        include_str!("../../../litex/cu32_litex/ulx3s.py"),
    ),
    ("sim.py", include_str!("../../../litex/cu32_litex/sim.py")),
];

/// The name LiteX gives the SoC's files (`cu32_soc.bit`, ...), as in `cu32_litex`.
const BUILD_NAME: &str = "cu32_soc";

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        BoardCommand::Build(a) => build(a),
        BoardCommand::Probe(a) => probe(a),
        BoardCommand::Sim(a) => sim(a),
    }
}

fn probe(args: ProbeArgs) -> anyhow::Result<()> {
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout <= 3600.0) {
        bail!(
            "--timeout {}: must be above 0 and at most 3600 s",
            args.timeout
        );
    }
    let timeout = std::time::Duration::from_secs_f64(args.timeout);
    let mut client = crate::etherbone::Client::connect(&args.url, timeout)?;
    print!("{}", probe_report(&mut client)?);
    if args.bus_test {
        println!("{}", bus_test(&mut client)?);
    }
    Ok(())
}

/// Writes a pattern to the first 256 words of the SDRAM and to cu32's ENTRY_LO/HI
/// (words 8 and 9), reads them back and compares.
fn bus_test(client: &mut crate::etherbone::Client) -> anyhow::Result<String> {
    let pattern: Vec<u32> = (0..256u32)
        .map(|i| i.wrapping_mul(0x9e37_79b9) ^ 0x5a5a_0000)
        .collect();
    client.write(MAIN_RAM, &pattern)?;
    let entry = CU32_BASE + 4 * 8;
    client.write(entry, &[0x4000_0100, 0])?;
    let addrs: Vec<u32> = (0..256).map(|i| MAIN_RAM + 4 * i).collect();
    let back = client.read(&addrs)?;
    if let Some(i) = (0..256).find(|&i| back[i] != pattern[i]) {
        bail!(
            "bus test: SDRAM word {:#010x} reads {:#010x}, {:#010x} written",
            addrs[i],
            back[i],
            pattern[i]
        );
    }
    let csr = client.read(&[entry, entry + 4])?;
    if csr != [0x4000_0100, 0] {
        bail!("bus test: cu32's ENTRY_LO/HI read {csr:x?}, [4000100, 0] written");
    }
    Ok(format!(
        "bus test: 256 SDRAM words at {MAIN_RAM:#010x} and cu32's ENTRY_LO/HI written and read back"
    ))
}

/// cu32's identity and status as `cu32 board probe` prints them.
fn probe_report(client: &mut crate::etherbone::Client) -> anyhow::Result<String> {
    let addrs: Vec<u32> = (0..7).map(|w| CU32_BASE + 4 * w).collect();
    let w = client.read(&addrs)?;
    let [id, config, _, status, error_pc, error_code, counters] = w[..] else {
        bail!("Etherbone: {} words read, 7 asked", w.len());
    };
    if id != CU32_ID {
        bail!(
            "no cu32 at {CU32_BASE:#010x} on {}: its ID reads {id:#010x}, not {CU32_ID:#010x}",
            client.server
        );
    }
    let byte = |n: u32| (config >> (8 * n)) & 0xff;
    let mut t = String::new();
    let _ = writeln!(t, "server: {}", client.server);
    let _ = writeln!(
        t,
        "cu32 at {CU32_BASE:#010x}: {} lanes, {} wave slots, LDS {} KiB in {} banks, {} performance counters",
        byte(0),
        byte(1),
        byte(2),
        byte(3),
        counters
    );
    let state = match status & 7 {
        0 => "idle".to_string(),
        s if s & 1 != 0 => "busy".to_string(),
        s if s & 4 != 0 => {
            let code = (error_code & 0xff) as u8;
            let what = cu32_hdl::dispatch::error_text(code)
                .map_or("unknown code".to_string(), |e| {
                    format!("{}: {}", e.name, e.text)
                });
            format!("error {code} ({what}) at PC {error_pc:#x}")
        }
        _ => "done".to_string(),
    };
    let _ = writeln!(t, "status: {state}");
    Ok(t)
}

fn build(args: BuildArgs) -> anyhow::Result<()> {
    let t = Instant::now();
    let config = args.target.config()?;
    let mhz = args
        .sys_clk_mhz
        .unwrap_or(f64::from(config.target.freq_mhz));
    if !(mhz.is_finite() && (1.0..=400.0).contains(&mhz)) {
        bail!("--sys-clk-mhz {mhz}: must be between 1 and 400");
    }
    if !args.no_compile {
        let out = std::path::absolute(&args.out)
            .with_context(|| format!("{}: no such folder", args.out.display()))?;
        if out.starts_with("/tmp") {
            bail!(
                "--out {}: the yowasp tools cannot read or write under /tmp (they see a \
                 private folder there); build elsewhere",
                args.out.display()
            );
        }
    }
    let python = litex_python()?;

    let verilog = write_verilog(&config, &args.out, &mut std::io::sink())?;
    let dir = verilog.join("board").join(args.target.board.name());
    write_package(&dir)?;

    let (module, device) = args.target.board.target();
    let log = dir.join("build.log");
    let mut cmd = Command::new(&python);
    cmd.env("PYTHONPATH", dir.join("py"))
        .args(["-m", module, "--verilog-dir"])
        .arg(&verilog)
        .arg("--output-dir")
        .arg(&dir)
        .args([
            "--device",
            device,
            "--sys-clk-mhz",
            &mhz.to_string(),
            "--log",
        ])
        .arg(&log);
    if args.no_compile {
        cmd.arg("--no-compile");
    }
    let what = if args.no_compile {
        "litex: elaborating the SoC"
    } else {
        "litex: building the SoC (Yosys, nextpnr, ecppack)"
    };
    synth::run_step(what, cmd, &log)?;

    let gateware = dir.join("gateware");
    if args.no_compile {
        println!(
            "{} SoC for {} (cu32 {}): {}",
            args.target.board.name(),
            device,
            config.name,
            gateware.join(format!("{BUILD_NAME}.v")).display()
        );
        return Ok(());
    }
    let report_path = gateware.join(format!("{BUILD_NAME}_report.json"));
    let text = super::read_text(&report_path)?;
    let report = synth::parse_report(&text, &config)
        .with_context(|| format!("{}: unexpected report", report_path.display()))?;
    let clocks = synth::clocks(&text)
        .with_context(|| format!("{}: unexpected report", report_path.display()))?;
    let available = synth::available(&text)
        .with_context(|| format!("{}: unexpected report", report_path.display()))?;
    print!(
        "{}",
        table(args.target.board, device, &report, &available, &clocks, mhz)
    );
    for ext in ["bit", "svf"] {
        let path = gateware.join(format!("{BUILD_NAME}.{ext}"));
        if !path.is_file() {
            bail!("{}: not written (see {})", path.display(), log.display());
        }
        println!("  {:<22} {}", ext, path.display());
    }
    println!(
        "  {:<22} {:.0} s (log: {})",
        "build time",
        t.elapsed().as_secs_f64(),
        log.display()
    );
    Ok(())
}

/// Writes the embedded `cu32_litex` package to `<dir>/py/cu32_litex/`.
fn write_package(dir: &std::path::Path) -> anyhow::Result<()> {
    let package = dir.join("py").join("cu32_litex");
    std::fs::create_dir_all(&package)
        .with_context(|| format!("{}: cannot create", package.display()))?;
    for (name, text) in LITEX_PACKAGE {
        let path = package.join(name);
        std::fs::write(&path, text).with_context(|| format!("{}: cannot write", path.display()))?;
    }
    Ok(())
}

fn sim(args: SimArgs) -> anyhow::Result<()> {
    let config = args.target.config()?;
    let python = litex_python()?;
    let server = python.with_file_name("litex_server");
    let verilog = write_verilog(&config, &args.out, &mut std::io::sink())?;
    let dir = verilog
        .join("board")
        .join(format!("{}-sim", args.target.board.name()));
    write_package(&dir)?;
    let log = dir.join("sim.log");
    let file =
        std::fs::File::create(&log).with_context(|| format!("{}: cannot create", log.display()))?;
    // The simulation (Python, make, Verilator's binary) and litex_server run in a process
    // group of their own, which goes when `cu32 board sim` is stopped or fails.
    let mut simulation = Command::new(&python)
        .process_group(0)
        .env("PYTHONPATH", dir.join("py"))
        .args(["-m", "cu32_litex.sim", "--verilog-dir"])
        .arg(&verilog)
        .arg("--output-dir")
        .arg(&dir)
        .args(["--uart-port", &args.uart_port.to_string()])
        .stdout(file.try_clone()?)
        .stderr(file)
        .spawn()
        .with_context(|| format!("cannot run {}", python.display()))?;
    eprintln!(
        "litex_sim: building the {} SoC with cu32 {} under Verilator and starting it (log: {})...",
        args.target.board.name(),
        config.name,
        log.display()
    );
    let group = simulation.id() as i32;
    stop_group_on_signal(group);
    let result = serve(&mut simulation, group, &server, &args, &log);
    // SAFETY: kill(2) on a process group this command made.
    unsafe { libc::kill(-group, libc::SIGTERM) };
    result
}

/// The process group [`stop_group_on_signal`] stops, once set.
static GROUP: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

extern "C" fn stop_group(signal: libc::c_int) {
    let group = GROUP.load(std::sync::atomic::Ordering::SeqCst);
    // SAFETY: kill(2) and _exit(2) are async-signal-safe.
    unsafe {
        if group > 0 {
            libc::kill(-group, libc::SIGTERM);
        }
        libc::_exit(128 + signal);
    }
}

/// On SIGINT (Ctrl-C), SIGTERM or SIGHUP: stop the process group `group`, then exit.
fn stop_group_on_signal(group: i32) {
    GROUP.store(group, std::sync::atomic::Ordering::SeqCst);
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: installs a handler that only calls async-signal-safe functions.
        unsafe { libc::signal(signal, stop_group as *const () as libc::sighandler_t) };
    }
}

/// Waits for the simulation to serve its UART, puts litex_server in front of it, and
/// runs until either stops.
fn serve(
    simulation: &mut std::process::Child,
    group: i32,
    server: &std::path::Path,
    args: &SimArgs,
    log: &std::path::Path,
) -> anyhow::Result<()> {
    // The simulation listens on its UART's port once Verilator's build is done and it
    // runs; then litex_server connects to it and listens on the Etherbone port.
    let url = format!("tcp://localhost:{}", args.port);
    let t = Instant::now();
    let mut litex_server: Option<std::process::Child> = None;
    loop {
        if let Some(status) = simulation.try_wait()? {
            bail!(
                "the simulation stopped ({status}):\n{}\n(full log: {})",
                synth::log_tail(log),
                log.display()
            );
        }
        match &mut litex_server {
            None if listening(args.uart_port) => {
                litex_server = Some(
                    Command::new(server)
                        .process_group(group)
                        .args(["--uart", "--uart-port"])
                        .arg(format!("socket://localhost:{}", args.uart_port))
                        .args(["--bind-port", &args.port.to_string()])
                        .stdout(std::process::Stdio::null())
                        .stderr(std::process::Stdio::null())
                        .spawn()
                        .with_context(|| format!("cannot run {}", server.display()))?,
                );
            }
            None => {}
            Some(s) => {
                if let Some(status) = s.try_wait()? {
                    bail!(
                        "litex_server stopped ({status}); is port {} free?",
                        args.port
                    );
                }
                if listening(args.port) {
                    println!(
                        "serving the simulated SoC on {url} (Etherbone; built and started in {:.0} s); Ctrl-C stops it",
                        t.elapsed().as_secs_f64()
                    );
                    let status = s.wait()?;
                    bail!("litex_server stopped ({status})");
                }
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

/// Whether a TCP socket of this machine listens on `port` (Linux's `/proc/net/tcp*`: the
/// local address's port in hex, state `0A`).
fn listening(port: u16) -> bool {
    let port = format!(":{port:04X}");
    ["/proc/net/tcp", "/proc/net/tcp6"].iter().any(|table| {
        std::fs::read_to_string(table)
            .unwrap_or_default()
            .lines()
            .skip(1)
            .any(|line| {
                let f: Vec<&str> = line.split_whitespace().collect();
                f.len() > 3 && f[1].ends_with(&port) && f[3] == "0A"
            })
    })
}

/// The venv's Python (`scripts/setup.sh` makes it), once it imports LiteX.
fn litex_python() -> anyhow::Result<PathBuf> {
    let venv = synth::venv_dir()
        .context("no HOME or XDG_CACHE_HOME to find the venv in (run scripts/setup.sh)")?;
    let python = venv.join("bin/python");
    if !python.is_file() {
        bail!(
            "no Python venv at {} (run scripts/setup.sh: it installs LiteX and the yowasp tools there)",
            venv.display()
        );
    }
    let status = Command::new(&python)
        .args(["-c", "import litex, litedram, litex_boards, migen"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .with_context(|| format!("cannot run {}", python.display()))?;
    if !status.success() {
        bail!(
            "LiteX, LiteDRAM, litex-boards or migen missing from the venv at {} (run scripts/setup.sh)",
            venv.display()
        );
    }
    Ok(python)
}

/// The human-readable report.
fn table(
    board: Board,
    device: &str,
    r: &synth::Report,
    available: &synth::Available,
    clocks: &[synth::ClockFmax],
    mhz: f64,
) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "\n{} SoC on {} with cu32 {} (LiteX, UARTBone, LiteDRAM; sys clock {} MHz)",
        board.name(),
        device,
        r.config,
        mhz
    );
    let _ = writeln!(t, "  {:<22} {:>10} {:>10}", "resource", "used", "available");
    for (name, used, avail) in [
        ("LUT4", r.lut4, available.lut4),
        ("FF", r.ff, available.ff),
        ("BRAM (DP16KD)", r.bram_dp16kd, available.bram_dp16kd),
        (
            "DSP (MULT18X18D)",
            r.dsp_mult18x18d,
            available.dsp_mult18x18d,
        ),
    ] {
        let _ = writeln!(t, "  {name:<22} {used:>10} {avail:>10}");
    }
    let _ = writeln!(t, "  {:<40} {:>10} {:>10}", "clock", "Fmax MHz", "target");
    for c in clocks {
        let (target, met) = match c.constraint_mhz {
            Some(m) => (
                format!("{m:.2}"),
                if c.achieved_mhz >= m {
                    "met"
                } else {
                    "NOT met"
                },
            ),
            None => ("-".to_string(), ""),
        };
        let _ = writeln!(
            t,
            "  {:<40} {:>10.2} {:>10}  {}",
            c.clock, c.achieved_mhz, target, met
        );
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_reads_the_csrs_through_etherbone() {
        use std::collections::HashMap;
        let csr = |w: u32, v: u32| (CU32_BASE + 4 * w, v);
        let url = crate::etherbone::tests::fake_server(HashMap::from([
            csr(0, CU32_ID),
            csr(1, 0x0210_0802),
            csr(3, 0b110),
            csr(4, 0x40),
            csr(5, 1),
            csr(6, 9),
        ]));
        let timeout = std::time::Duration::from_secs(5);
        let mut c = crate::etherbone::Client::connect(&url, timeout).unwrap();
        let t = probe_report(&mut c).unwrap();
        assert!(bus_test(&mut c).unwrap().contains("read back"));
        assert!(t.contains("server: CommFake"), "{t}");
        assert!(
            t.contains("2 lanes, 8 wave slots, LDS 16 KiB in 2 banks, 9 performance counters"),
            "{t}"
        );
        assert!(t.contains("status: error 1 (INSTRUCTION: "), "{t}");
        assert!(t.contains("at PC 0x40"), "{t}");

        // Something else at the address.
        let url = crate::etherbone::tests::fake_server(HashMap::new());
        let mut c = crate::etherbone::Client::connect(&url, timeout).unwrap();
        let e = probe_report(&mut c).unwrap_err();
        assert!(format!("{e}").contains("no cu32 at 0x20000000"), "{e}");
    }

    #[test]
    fn the_table_shows_every_resource_and_clock() {
        let unit =
            |used: u64, available: u64| serde_json::json!({"used": used, "available": available});
        let clock = |achieved: f64| serde_json::json!({"achieved": achieved, "constraint": 50.0});
        let text = serde_json::json!({
            "utilization": {"TRELLIS_COMB": unit(49905, 83640), "TRELLIS_FF": unit(17945, 83640),
                "DP16KD": unit(67, 208), "MULT18X18D": unit(12, 156)},
            "fmax": {"$glbnet$cu32_top.clk": clock(38.5), "$glbnet$crg_clkout": clock(250.0)},
        })
        .to_string();
        let text = text.as_str();
        let (file, yaml) = Board::Ulx3s85f.config_yaml();
        let config = cu32_hdl::Config::parse(yaml, file).unwrap();
        let report = synth::parse_report(text, &config).unwrap();
        let clocks = synth::clocks(text).unwrap();
        let available = synth::available(text).unwrap();
        let t = table(
            Board::Ulx3s85f,
            "LFE5U-85F",
            &report,
            &available,
            &clocks,
            50.0,
        );
        for line in [
            "ulx3s-85f SoC on LFE5U-85F with cu32 ulx3s-85f",
            "LUT4                        49905      83640",
            "FF                          17945      83640",
            "BRAM (DP16KD)                  67        208",
            "DSP (MULT18X18D)               12        156",
            "$glbnet$cu32_top.clk                          38.50      50.00  NOT met",
            "$glbnet$crg_clkout                           250.00      50.00  met",
        ] {
            assert!(t.contains(line), "table lacks `{line}`:\n{t}");
        }
    }

    #[test]
    fn the_embedded_board_config_parses() {
        let (file, text) = Board::Ulx3s85f.config_yaml();
        let c = cu32_hdl::Config::parse(text, file).unwrap();
        assert_eq!(c.name, "ulx3s-85f");
    }
}
