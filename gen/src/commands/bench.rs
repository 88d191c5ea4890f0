//! `cu32 bench`: measures the golden model's speed on the OpenCL kernel suite. For every
//! launch file (default: each `kernels/opencl/*.yaml`, run with the code object
//! `build/NAME.co` next to it), the dispatch is prepared once, then run on the model
//! (single-threaded, [`run_dispatch`] with no trace sink) once untimed (tables loaded,
//! caches warm), then again and again on a fresh copy of the prepared memory until
//! `--min-time` seconds of model time have passed. Only these runs are timed: parsing,
//! dispatch preparation, the warm-up run and copying the memory are not. Output
//! buffers are never written back; the command writes no file.
//!
//! With `--rtl`, each launch is co-simulated on the RTL instead and the table gives the
//! RTL's figures from its performance counters (see [`super::bench_rtl`]).
//!
//! The table gives per kernel its work-groups, waves, retired instructions and
//! lane-instructions of one run ([`Stats::lane_instructions`]), the number of runs, the
//! timed seconds and the throughput in millions of lane-instructions (and instructions)
//! per second; the total line sums the per-run figures, the runs and the seconds, and
//! divides everything executed by the total time.

use anyhow::Context;
use cu32_sim::launch::Launch;
use cu32_sim::memory::Memory;
use cu32_sim::model::workgroup::{run_dispatch, Stats};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Arguments of `cu32 bench`.
#[derive(clap::Args)]
#[command(
    after_help = "Lane-instructions: every retired vector instruction (VALU, \
FLAT/GLOBAL/SCRATCH/MUBUF memory, DS) counts its EXEC-active lanes, every scalar \
instruction (SALU, SMEM, branches, s_waitcnt, s_endpgm, ...) counts 1; a VOPD dual \
instruction counts once. Columns: kernel (launch file name), work-groups and waves of the \
dispatch, instructions and lane-instructions retired by one run, runs, timed seconds, \
M lane-instr/s and M instr/s (millions per second). The total line sums the per-run \
figures, runs and seconds and divides everything executed by the total time. Only the \
model's runs are timed (not parsing, dispatch preparation, one untimed warm-up run, or the \
copy of the prepared memory each run starts from); output buffers are not written.

With --rtl, each launch is co-simulated instead (as `cu32 cosim kernel.co --launch FILE`, \
on the RTL of --config, built under --out) and the table gives, from the RTL's performance \
counters: waves; cycles (from CONTROL start to done); instr (retired); IPC (retired / the \
dispatcher's busy cycles); VALU util (active lanes / (VALU instructions x 32): popcount of \
EXEC at issue; a VOPD pair counts once; DS and GLOBAL not included); bound (the issue/VALU \
bound: max(instr, VALU instructions x passes), passes = 32 / lanes); x bound (the cycles \
waves run, busy less dispatch, over the bound); SMEM bus and GLOBAL bus (cycles the unit \
holds the bus's CYC), dispatch (busy while no \
wave runs: code load, LDS clear, work-group and wave set-up, picking and resuming \
waves); cycles/s (simulated cycles per wall-clock second of the Verilated run, trace included); and the result: PASS, \
`stopped: error code N (NAME)` for a kernel the configuration cannot run (with the \
instruction it does not implement, if that is why), FAULT for a dispatch that faults, or \
FAIL. The command fails only if a kernel FAILs or FAULTs."
)]
pub struct Args {
    /// Launch files (YAML) to run, each with the code object `build/NAME.co` in its folder
    /// (NAME: the launch file's name without `.yaml`). Default: every `*.yaml` of
    /// `--suite`, in name order.
    pub launches: Vec<PathBuf>,
    /// Folder of the default suite (used when no launch file is given).
    #[arg(long, default_value = "kernels/opencl")]
    pub suite: PathBuf,
    /// Repeat each dispatch until at least this many seconds of model time have passed
    /// (at least one timed run; with 0, exactly one per kernel); 0 to 86400.
    #[arg(long, default_value_t = 1.0, value_parser = seconds)]
    pub min_time: f64,
    /// Stop a run with an error after this many instructions (all waves together).
    #[arg(long, default_value_t = 1_000_000_000)]
    pub max_instructions: u64,
    /// Co-simulate each launch on the RTL and print its performance counters' figures
    /// (cycles, IPC, VALU lane utilisation, cycles over the issue/VALU bound, simulated
    /// cycles per second)
    /// instead of measuring the model.
    #[arg(long)]
    pub rtl: bool,
    /// With --rtl: the configuration file (default: the embedded configuration).
    #[arg(long, requires = "rtl")]
    pub config: Option<PathBuf>,
    /// With --rtl: output folder for the generated Verilog (<OUT>/<config>/) and the
    /// Verilated build cache (<OUT>/cosim/).
    #[arg(long, default_value = "build")]
    pub out: PathBuf,
    /// Print the results as one JSON object on standard output (the table, as progress,
    /// on standard error): per kernel its figures by column name (numbers as numbers, `-`
    /// as null), and the total (or, with --rtl, the counts of results).
    #[arg(long)]
    pub json: bool,
    /// With --rtl: the RTL cycle budget of each dispatch (as `cu32 cosim`'s).
    #[arg(long, value_name = "N", default_value_t = super::cosim::DEFAULT_MAX_CYCLES)]
    pub max_cycles: u64,
    /// With --rtl: the bus's latency, cycles from a request's acceptance to its
    /// acknowledge (as `cu32 cosim`'s), 1 to 1000.
    #[arg(long, requires = "rtl", default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub memory_latency: u32,
}

/// One kernel's measurement.
struct Row {
    name: String,
    stats: Stats,
    runs: u64,
    time: Duration,
}

/// The launch files of the default suite: `DIR/*.yaml` in name order.
pub(super) fn suite(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .with_context(|| format!("{}: cannot list", dir.display()))?
            .path();
        if path.extension().is_some_and(|e| e == "yaml") {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        anyhow::bail!("{}: no launch files (*.yaml)", dir.display());
    }
    Ok(files)
}

/// A launch file's kernel name (the file's name without `.yaml`) and its code object,
/// `build/NAME.co` in the launch file's folder.
pub(super) fn kernel_files(path: &Path) -> (String, PathBuf) {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    let co = path
        .parent()
        .unwrap_or(Path::new("."))
        .join("build")
        .join(format!("{name}.co"));
    (name, co)
}

/// Prepares and repeatedly runs the dispatch of launch file `path`.
fn bench(path: &Path, min_time: Duration, max_instructions: u64) -> anyhow::Result<Row> {
    let (name, co) = kernel_files(path);
    let launch = Launch::from_file(path)?;
    let file = std::fs::read(&co).with_context(|| format!("{}: cannot read", co.display()))?;
    let code = cu32_isa::code_object::CodeObject::parse(&file)
        .with_context(|| co.display().to_string())?;
    let mut prepared = Memory::new();
    let dispatch = cu32_sim::dispatch::prepare(&code, &launch, &mut prepared)?;
    let run = || -> anyhow::Result<(Stats, Duration)> {
        let mut memory = prepared.clone();
        let start = Instant::now();
        let result = run_dispatch(
            &code,
            &launch,
            &dispatch,
            &mut memory,
            max_instructions,
            None,
        );
        let time = start.elapsed();
        let stats = result.with_context(|| format!("{name}: kernel {} failed", launch.kernel))?;
        Ok((stats, time))
    };
    // An untimed first run loads the instruction tables and warms the caches; its
    // statistics are the reference every timed run must reproduce.
    let (first, _) = run()?;
    let mut runs = 0u64;
    let mut time = Duration::ZERO;
    loop {
        let (stats, t) = run()?;
        time += t;
        runs += 1;
        if stats != first {
            anyhow::bail!(
                "{name}: timed run {runs} retired {} instructions, the first run {}",
                stats.retired(),
                first.retired()
            );
        }
        if time >= min_time {
            break;
        }
    }
    Ok(Row {
        name,
        stats: first,
        runs,
        time,
    })
}

/// Millions per second (0 for no time).
fn mega_per_second(count: u128, time: Duration) -> f64 {
    let s = time.as_secs_f64();
    if s > 0.0 {
        count as f64 / s / 1e6
    } else {
        0.0
    }
}

const HEADER: [&str; 9] = [
    "kernel",
    "work-groups",
    "waves",
    "instr/run",
    "lane-instr/run",
    "runs",
    "seconds",
    "M lane-instr/s",
    "M instr/s",
];

/// One line of the table: the kernel name left-aligned, the figures right-aligned.
fn line(cells: [String; 9]) -> String {
    let mut out = format!("{:<18}", cells[0]);
    for (cell, head) in cells[1..].iter().zip(&HEADER[1..]) {
        let _ = write!(out, " {cell:>width$}", width = head.len().max(10));
    }
    out + "\n"
}

/// The table's header line.
fn header() -> String {
    line(HEADER.map(String::from))
}

/// Per-run figures (instructions, lane-instructions) and totals over all runs.
#[derive(Default)]
struct Totals {
    workgroups: u64,
    waves: u64,
    instr: u64,
    lanes: u64,
    runs: u64,
    all_instr: u128,
    all_lanes: u128,
    time: Duration,
}

impl Totals {
    fn add(&mut self, r: &Row) {
        let s = &r.stats;
        self.workgroups += s.workgroups;
        self.waves += s.waves;
        self.instr += s.retired();
        self.lanes += s.lane_instructions;
        self.runs += r.runs;
        self.all_instr += u128::from(s.retired()) * u128::from(r.runs);
        self.all_lanes += u128::from(s.lane_instructions) * u128::from(r.runs);
        self.time += r.time;
    }

    fn line(&self, name: &str) -> String {
        line(self.cells(name))
    }

    fn cells(&self, name: &str) -> [String; 9] {
        [
            name.to_string(),
            self.workgroups.to_string(),
            self.waves.to_string(),
            self.instr.to_string(),
            self.lanes.to_string(),
            self.runs.to_string(),
            format!("{:.6}", self.time.as_secs_f64()),
            format!("{:.1}", mega_per_second(self.all_lanes, self.time)),
            format!("{:.1}", mega_per_second(self.all_instr, self.time)),
        ]
    }
}

/// A kernel's figures, as [`Totals`] of one row.
fn row_totals(r: &Row) -> Totals {
    let mut t = Totals::default();
    t.add(r);
    t
}

/// `--min-time`: seconds, 0 to a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "`{}` is not a number of seconds from 0 to 86400",
            cu32_isa::shown(text)
        )),
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if args.rtl {
        let rtl = super::bench_rtl::RtlArgs {
            config: args.config.as_deref(),
            out: &args.out,
            max_cycles: args.max_cycles,
            max_instructions: args.max_instructions,
            memory_latency: args.memory_latency,
            json: args.json,
        };
        return super::bench_rtl::run(&args.launches, &args.suite, &rtl);
    }
    let min_time = Duration::from_secs_f64(args.min_time);
    let launches = if args.launches.is_empty() {
        suite(&args.suite)?
    } else {
        args.launches.clone()
    };
    // Each line is printed as soon as its kernel is measured (to stderr with --json,
    // whose JSON alone goes to stdout at the end).
    let mut out: Box<dyn std::io::Write> = if args.json {
        Box::new(std::io::stderr().lock())
    } else {
        Box::new(std::io::stdout().lock())
    };
    let mut print = |text: String| {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .context("writing the table")
    };
    print(header())?;
    let mut total = Totals::default();
    let mut kernels = Vec::new();
    for path in &launches {
        let row = bench(path, min_time, args.max_instructions)?;
        let t = row_totals(&row);
        print(t.line(&row.name))?;
        kernels.push(super::row_json(HEADER, &t.cells(&row.name)));
        total.add(&row);
    }
    print(total.line("total"))?;
    if args.json {
        let json = serde_json::json!({
            "kernels": kernels,
            "total": super::row_json(HEADER, &total.cells("total")),
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
    }
    Ok(())
}
