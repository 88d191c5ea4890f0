//! `cu32 bench --rtl`: co-simulates each launch of the suite on the Verilated RTL of a
//! configuration (as `cu32 cosim kernel.co --launch FILE` does, through
//! [`cosimulate_kernel`]) and prints the RTL's figures per kernel from its performance
//! counters (`cu32_hdl::counters`): waves, cycles, instructions, instructions per cycle,
//! VALU lane utilisation, the issue/VALU bound and the cycles over it, the buses' cycles,
//! the dispatcher's overhead, and the co-simulation's speed in
//! simulated cycles per wall-clock second. A kernel the configuration cannot run (an
//! instruction it does not implement, `s_barrier` across waves, code larger than the
//! instruction memory) gets a row saying so; the command fails only when a kernel's
//! co-simulation finds a real disagreement or cannot be run at all.

use super::bench::{kernel_files, suite};
use super::figures::Figures;
use anyhow::Context;
use cu32_sim::cosim::kernel::{cosimulate_kernel, KernelRun};
use cu32_sim::cosim::{verilate, BusMemory, CosimOptions, Rtl, RtlEnd};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// What `--rtl` needs besides the launch files.
pub struct RtlArgs<'a> {
    pub config: Option<&'a Path>,
    pub out: &'a Path,
    pub max_cycles: u64,
    pub max_instructions: u64,
    /// The bus's latency (`BusMemory::latency`).
    pub memory_latency: u32,
    /// JSON on stdout, the table on stderr.
    pub json: bool,
}

/// The table's columns: header and width.
const COLUMNS: [(&str, usize); 12] = [
    ("kernel", 18),
    ("waves", 6),
    ("cycles", 10),
    ("instr", 8),
    ("IPC", 6),
    ("VALU util", 9),
    ("bound", 9),
    ("x bound", 7),
    ("SMEM bus", 9),
    ("GLOBAL bus", 10),
    ("dispatch", 9),
    ("cycles/s", 9),
];

/// One line: the kernel left-aligned, the figures right-aligned, then the result.
fn line(cells: &[String], result: &str) -> String {
    let mut out = String::new();
    for (i, (cell, (_, width))) in cells.iter().zip(COLUMNS).enumerate() {
        if i == 0 {
            let _ = write!(out, "{cell:<width$}");
        } else {
            let _ = write!(out, " {cell:>width$}");
        }
    }
    format!("{out}  {result}\n")
}

fn header() -> String {
    let cells: Vec<String> = COLUMNS.iter().map(|(h, _)| h.to_string()).collect();
    line(&cells, "result")
}

/// How a kernel's co-simulation ended.
enum Outcome {
    Passed,
    /// The configuration cannot run it (it does not implement an instruction the kernel
    /// runs, the dispatcher refused the dispatch, or the code does not fit).
    Unsupported(String),
    /// A disagreement between the RTL and the model, a fault, or a harness failure.
    Failed(String),
}

/// The cells of a kernel that ran (passed or not).
fn row(name: &str, run: &KernelRun, config: &cu32_hdl::Config) -> Vec<String> {
    let f = Figures::new(run.counters(), config);
    let get = |n: &str| f.get(n).map_or("-".to_string(), |v| v.to_string());
    let cells = [
        name.to_string(),
        run.waves().to_string(),
        run.report.cycles.to_string(),
        get("retired"),
        f.ipc().map_or("-".into(), |x| format!("{x:.3}")),
        f.lane_utilisation()
            .map_or("-".into(), |x| format!("{:.1}%", 100.0 * x)),
        f.bound().map_or("-".into(), |b| b.to_string()),
        f.over_bound().map_or("-".into(), |x| format!("{x:.2}")),
        get("smem_bus"),
        get("global_bus"),
        get("dispatch_overhead"),
        format!("{:.0}", run.cycles_per_second()),
    ];
    cells.to_vec()
}

/// The cells of a kernel that did not get to run.
fn empty_row(name: &str) -> Vec<String> {
    let mut cells = vec!["-".to_string(); COLUMNS.len()];
    cells[0] = name.to_string();
    cells
}

/// Why the RTL stopped, when it stopped with an error code.
fn rtl_error(run: &KernelRun) -> Option<String> {
    let RtlEnd::Error { pc } = run.report.rtl_end else {
        return None;
    };
    let code = run.error_code;
    Some(match cu32_hdl::dispatch::error_text(code) {
        Some(e) => format!("error code {code} ({}) at pc 0x{pc:x}", e.name),
        None => format!("error code {code} at pc 0x{pc:x}"),
    })
}

/// Co-simulates one launch file; the row to print and the outcome.
fn bench_one(
    rtl: &mut Rtl,
    path: &Path,
    config: &cu32_hdl::Config,
    args: &RtlArgs,
) -> anyhow::Result<(Vec<String>, Outcome)> {
    let (name, co) = kernel_files(path);
    let launch = cu32_sim::launch::Launch::from_file(path)?;
    let file = std::fs::read(&co).with_context(|| format!("{}: cannot read", co.display()))?;
    let code = cu32_isa::code_object::CodeObject::parse(&file)
        .with_context(|| co.display().to_string())?;
    if let Some(kernel) = code.kernel(&launch.kernel) {
        if let Err(why) = super::cosim::fits(kernel, config) {
            let why = format!("not run: {why}");
            return Ok((empty_row(&name), Outcome::Unsupported(why)));
        }
    }
    let options = CosimOptions {
        max_cycles: args.max_cycles,
        vcd_on_divergence: None,
        lds_bytes: config.lds_bytes,
        bus: BusMemory {
            latency: args.memory_latency,
            ..BusMemory::default()
        },
        ..CosimOptions::default()
    };
    let run = match cosimulate_kernel(rtl, &code, &launch, args.max_instructions, &options) {
        Ok(run) => run,
        Err(e) => {
            let why = format!("FAIL: {e}");
            return Ok((empty_row(&name), Outcome::Failed(why)));
        }
    };
    let report = &run.report;
    let outcome = match (&report.divergence, &report.memory, rtl_error(&run)) {
        (None, None, _) => match &report.fault {
            None => Outcome::Passed,
            Some(fault) => Outcome::Failed(format!("FAULT: {fault}")),
        },
        (None, Some(m), _) => Outcome::Failed(format!("FAIL: {m}")),
        (Some(d), _, Some(error)) => {
            match super::cosim::unsupported(d, report, config) {
                Some(why) => Outcome::Unsupported(format!("stopped: {error}: {why}")),
                // Any other code: the dispatcher refused the dispatch (descriptor, LDS,
                // barrier, ...), which the model does not check.
                None if run.error_code != cu32_sim::cosim::INSTRUCTION_ERROR => {
                    Outcome::Unsupported(format!("stopped: {error}"))
                }
                None => Outcome::Failed(format!(
                    "FAIL: diverged in wave {} at instruction {} ({})",
                    d.wave, d.index, report.rtl_end
                )),
            }
        }
        (Some(d), _, None) => Outcome::Failed(format!(
            "FAIL: diverged in wave {} at instruction {} ({})",
            d.wave, d.index, report.rtl_end
        )),
    };
    Ok((row(&name, &run, config), outcome))
}

/// `cu32 bench --rtl`: see the module's documentation.
pub fn run(launches: &[PathBuf], suite_dir: &Path, args: &RtlArgs) -> anyhow::Result<()> {
    let launches = if launches.is_empty() {
        suite(suite_dir)?
    } else {
        launches.to_vec()
    };
    let config = super::load_config(args.config)?;
    let verilog = super::cosim::generate_rtl(&config, &super::config_dir(args.out, &config))?;
    let built = verilate::build(&verilog, &args.out.join("cosim"))?;
    if built.reused {
        eprintln!("bench: using the cached build {}", built.dir.display());
    }
    let mut rtl = Rtl::start(&built)?;

    let mut out: Box<dyn std::io::Write> = if args.json {
        Box::new(std::io::stderr().lock())
    } else {
        Box::new(std::io::stdout().lock())
    };
    let mut print = |text: &str| {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .context("writing the table")
    };
    print(&format!(
        "RTL of configuration `{}` ({} lanes), bus latency {}\n",
        config.name, config.lanes, args.memory_latency
    ))?;
    print(&header())?;
    let (mut passed, mut unsupported, mut failed) = (0, 0, 0);
    let mut kernels = Vec::new();
    for (i, path) in launches.iter().enumerate() {
        eprintln!(
            "bench: co-simulating {} ({} of {})...",
            path.display(),
            i + 1,
            launches.len()
        );
        let (cells, outcome) = match bench_one(&mut rtl, path, &config, args) {
            Ok(r) => r,
            Err(e) => {
                let why = format!("FAIL: {e:#}");
                let (name, _) = kernel_files(path);
                (empty_row(&name), Outcome::Failed(why))
            }
        };
        let result = match &outcome {
            Outcome::Passed => {
                passed += 1;
                "PASS".to_string()
            }
            Outcome::Unsupported(s) => {
                unsupported += 1;
                s.clone()
            }
            Outcome::Failed(s) => {
                failed += 1;
                s.clone()
            }
        };
        print(&line(&cells, &result))?;
        let mut json = super::row_json(COLUMNS.iter().map(|(h, _)| *h), &cells);
        json.insert("result".into(), result.into());
        kernels.push(json);
    }
    print(&format!(
        "bench --rtl: {passed} passed, {unsupported} not supported by the configuration, \
         {failed} failed\n"
    ))?;
    if args.json {
        let json = serde_json::json!({
            "config": config.name,
            "lanes": config.lanes,
            "kernels": kernels,
            "passed": passed,
            "unsupported": unsupported,
            "failed": failed,
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
    }
    if failed > 0 {
        anyhow::bail!("{failed} kernel(s) failed co-simulation");
    }
    Ok(())
}
