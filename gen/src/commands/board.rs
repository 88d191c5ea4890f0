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

/// Arguments of `cu32 board build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// The board.
    #[arg(long, value_enum)]
    pub board: Board,
    /// Configuration YAML (default: the board's, `configs/<board>.yaml`, embedded).
    #[arg(long)]
    pub config: Option<PathBuf>,
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

/// The `cu32_litex` package (`litex/cu32_litex/`), written next to each build so that the
/// binary and its glue always match.
const LITEX_PACKAGE: [(&str, &str); 4] = [
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
];

/// The name LiteX gives the SoC's files (`cu32_soc.bit`, ...), as in `cu32_litex`.
const BUILD_NAME: &str = "cu32_soc";

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        BoardCommand::Build(a) => build(a),
    }
}

fn build(args: BuildArgs) -> anyhow::Result<()> {
    let t = Instant::now();
    let config = match &args.config {
        Some(path) => cu32_hdl::Config::load(path)?,
        None => {
            let (file, text) = args.board.config_yaml();
            cu32_hdl::Config::parse(text, file)?
        }
    };
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
    let dir = verilog.join("board").join(args.board.name());
    let package = dir.join("py").join("cu32_litex");
    std::fs::create_dir_all(&package)
        .with_context(|| format!("{}: cannot create", package.display()))?;
    for (name, text) in LITEX_PACKAGE {
        let path = package.join(name);
        std::fs::write(&path, text).with_context(|| format!("{}: cannot write", path.display()))?;
    }

    let (module, device) = args.board.target();
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
            args.board.name(),
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
        table(args.board, device, &report, &available, &clocks, mhz)
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
    fn the_embedded_board_config_parses() {
        let (file, text) = Board::Ulx3s85f.config_yaml();
        let c = cu32_hdl::Config::parse(text, file).unwrap();
        assert_eq!(c.name, "ulx3s-85f");
    }
}
