//! `cu32 cosim`: co-simulates programs on the Verilated RTL and the golden model, event by
//! event. The RTL is generated for the configuration (or taken from `--verilog`), Verilated
//! and compiled once (cached under `<out>/cosim/<hash>/`), and then runs every program in one
//! process. Each program prints `PASS`; `FAULT` when both sides stopped with the same fault
//! (wave and PC); `UNSUPPORTED` when the configuration does not implement an instruction
//! it runs; or `FAIL` and the first divergence, with a waveform of the RTL run's last
//! `--wave-window` cycles before it in `<out>/cosim/<program>.vcd` (`--wave FILE`: the whole
//! run's, whatever the result). A summary line follows, and the exit status is non-zero if
//! any program did not pass (`super::exit`).
//!
//! With a launch (`--launch FILE`, or `--kernel`, `--grid`, `--block` and `--arg` as for
//! `cu32 run`), the one program is a code object and the RTL runs the dispatch with its
//! dispatcher (`cu32_sim::cosim::kernel`): the memory is prepared as `cu32 run` prepares it
//! (only below 2^32), both sides run every wave, the traces are compared wave by wave and
//! the memory at the end, and the output buffers are written from the RTL's memory; the
//! RTL's performance counters follow the summary (`super::figures`; `--counters` prints
//! them for programs too).
//!
//! Memory (programs): both sides get the data region of `cu32_sim::cosim::data_region` (4 KiB at
//! 0x10000, dword k = `(k * 0x9e3779b9) ^ 0x5bd1e995`) and any `--memory-image`; the RTL
//! reaches them through its Wishbone port, served by the shim with `--memory-latency`
//! cycles and random STALL. Memory is compared at the end of each program as well as the
//! trace. The LDS of a program is the configuration's `lds_bytes` on both sides, zeroed (the
//! RTL is generated with that LDS; `cu32 run` gives a program 64 KiB instead unless told
//! `--lds-bytes`, so a program run on both sees the same LDS only when the two sizes agree
//! or it stays below the smaller).
//!
//! `--seeds N` adds N constrained-random streams (`cu32_sim::streams`) of the instructions
//! the configuration executes (SALU, VALU, DS, SMEM, GLOBAL and FLAT over the data region, EXEC
//! changes, forward branches); a failing stream's text is kept in `<out>/cosim/`.

use anyhow::Context;
use cu32_sim::cosim::kernel::cosimulate_kernel;
use cu32_sim::cosim::{
    cosimulate_program, data_region, verilate, BusMemory, CosimOptions, Divergence, Rtl, RtlEnd,
    Side, WaveFormat,
};
use cu32_sim::dispatch::write_outputs;
use cu32_sim::launch::Launch;
use std::path::{Path, PathBuf};

/// `println!` for the human report, which goes to standard error with `--json` (standard
/// output then holds the JSON alone).
macro_rules! say {
    ($json:expr, $($arg:tt)*) => {
        if $json {
            eprintln!($($arg)*);
        } else {
            println!($($arg)*);
        }
    };
}

/// Arguments of `cu32 cosim`.
#[derive(clap::Args)]
#[command(
    after_help = "With a launch (`--launch FILE`, or `--kernel`, `--grid`, `--block` \
and `--arg` as for `cu32 run`), the one file is a code object: the RTL's dispatcher runs every \
work-group, its waves in the configuration's wave slots (several work-groups at once when \
the kernel uses no LDS; an instruction held at issue gives way to a wave that is ready; a \
work-group needing more slots than the \
configuration has stops with error BARRIER), and the golden model runs the same dispatch \
retiring the waves' instructions in the RTL's order, on the same memory (placed below \
2^32); each wave's trace and the memory at \
the end are compared, the output buffers are written from the RTL's memory, and the RTL's \
performance counters (read through its CSRs after the dispatch) are printed by name with IPC \
(retired / busy cycles) and VALU lane utilisation (active lanes / (VALU instructions x 32)). \
A program (no launch) gets on both sides a zeroed LDS of the configuration's lds_bytes, the \
size the RTL is generated with; a configuration file's lds_bytes changes it."
)]
pub struct Args {
    /// Programs: LLVM-syntax assembly (`.s`), or raw little-endian code (`.bin`); with a
    /// launch, one code object.
    #[arg(required_unless_present = "seeds")]
    pub programs: Vec<PathBuf>,
    #[command(flatten)]
    pub launch: super::LaunchArgs,
    /// With a launch: the model's instruction budget for the whole dispatch.
    #[arg(long, default_value_t = 10_000_000)]
    pub max_instructions: u64,
    /// Also co-simulate N seeded constrained-random streams (seeds --first-seed ..
    /// --first-seed + N - 1) of the integer SALU, VALU, DS, SMEM, GLOBAL and FLAT instructions
    /// the configuration executes, with EXEC changes and forward branches; a failing
    /// stream is written to <OUT>/cosim/random_<seed>.s.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seeds: u64,
    /// The first seed of --seeds.
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    pub first_seed: u64,
    /// Instructions per random stream (after its prologue).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub stream_length: u64,
    /// Configuration file (default: the embedded configuration).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// RTL cycle budget per program, or for a launch's whole dispatch; a run still going
    /// then stops with TIMEOUT, naming where each side was. Default: 1,000,000 (a program,
    /// or a launch's dispatch: the suite's kernels take at most about 330,000 cycles, at 2
    /// lanes; a runaway kernel ends in under a minute at 50,000 to 130,000 simulated
    /// cycles per second at 32 lanes).
    #[arg(long, value_name = "N")]
    pub max_cycles: Option<u64>,
    /// Output folder: generated Verilog in <OUT>/<config>/, the Verilated build cache and
    /// waveforms in <OUT>/cosim/.
    #[arg(long, default_value = "build")]
    pub out: PathBuf,
    /// Co-simulate these Verilog files (top module `cu32_top`) instead of generating the RTL
    /// from the configuration; a file ending in `.f` lists files, one per line, relative to
    /// the list's folder.
    #[arg(long, value_name = "FILE")]
    pub verilog: Vec<PathBuf>,
    /// With a launch: write the output buffers (from the RTL's memory) even when the
    /// dispatch faulted; by default a faulted dispatch writes none.
    #[arg(long)]
    pub write_faulted_outputs: bool,
    /// Write the RTL's waveform of the whole run to FILE, whatever the result; with one
    /// program or a launch. VCD for a name ending in `.vcd`, FST (smaller; a Verilated
    /// build of its own) for `.fst`. Open it with GTKWave or Surfer.
    #[arg(long, value_name = "FILE")]
    pub wave: Option<PathBuf>,
    /// Without --wave, a divergence writes the waveform of its last N cycles (a rerun of
    /// the RTL) to <OUT>/cosim/<program>.vcd (.fst with an FST --wave); 0: the whole run.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub wave_window: u64,
    /// Print the results as one JSON object on standard output and nothing else (the
    /// human report goes to standard error): with a launch, the kernel's result (PASS,
    /// FAULT, TIMEOUT, UNSUPPORTED or FAIL), its detail, counts and counters; else, per
    /// program the same, and the counts passed and failed.
    #[arg(long)]
    pub json: bool,
    /// Print the RTL's performance counters after each program (with a launch they are
    /// always printed).
    #[arg(long)]
    pub counters: bool,
    /// Testing aid: perturb the model's N-th trace event (0-based; one bit of its first
    /// write), to prove a wrong model result is caught and reported.
    #[arg(long, value_name = "N")]
    pub inject_model_fault: Option<usize>,
    /// Memory: cycles from a bus request's acceptance to its acknowledge (the RTL's
    /// Wishbone port). Both sides see the same data region: 1024 dwords at byte address
    /// 0x10000, dword k = (k * 0x9e3779b9) ^ 0x5bd1e995 (32-bit wrapping); any other
    /// address is unmapped (the model refuses it, the bus answers ERR). Memory is compared
    /// at the end too.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub memory_latency: u32,
    /// Memory: the bus's chance of STALL in a cycle, in 1/1000 (pseudo-random).
    #[arg(long, default_value_t = 0, value_name = "PERMILLE", value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub memory_stall: u32,
    /// Memory: seed of the STALL sequence.
    #[arg(long, default_value_t = 1, value_name = "SEED")]
    pub memory_seed: u64,
    /// Check on the model that the programs wait for their memory results as the ISA
    /// says (`cu32 run --check-waits`); random streams are always checked.
    #[arg(long)]
    pub check_waits: bool,
    /// Memory: also map FILE's bytes (padded with zeros to whole dwords) at byte address
    /// ADDR (0x-prefixed hex or decimal; a multiple of 4, the image below 2^32, at least
    /// 4 KiB clear of the data region and of other images). Repeatable.
    #[arg(long, value_name = "FILE@ADDR")]
    pub memory_image: Vec<String>,
}

/// A program ready to run: its code and the source line of each instruction address.
struct Program {
    name: String,
    /// The waveform's file name (without `.vcd`).
    stem: String,
    words: Vec<u32>,
    lines: Vec<(u32, usize)>,
    source: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(launch) = args.launch.launch()? {
        return run_kernel(&args, &launch);
    }
    // Read and assemble every program first: a bad input fails before the slow build.
    let mut programs = Vec::new();
    let mut errors = Vec::new();
    for path in &args.programs {
        match load(path) {
            Ok(p) => programs.push(p),
            Err(e) => errors.push(format!("{e:#}")),
        }
    }
    if !errors.is_empty() {
        anyhow::bail!("{}", errors.join("\n"));
    }
    let config = super::load_config(args.config.as_deref())?;
    let first_stream = programs.len();
    if args.seeds > 0 && args.first_seed.checked_add(args.seeds - 1).is_none() {
        return Err(super::Exit {
            code: super::exit::USAGE,
            message: format!(
                "--seeds {} from --first-seed {} passes the last seed, 2^64 - 1",
                args.seeds, args.first_seed
            ),
        }
        .into());
    }
    // No overflow: checked above.
    for seed in (0..args.seeds).map(|k| args.first_seed + k) {
        programs.push(random_stream(seed, args.stream_length as usize, &config)?);
    }

    let format = check_wave(&args, programs.len())?;
    let mut regions = vec![data_region()];
    for spec in &args.memory_image {
        regions.push(memory_image(spec)?);
    }
    check_regions(&regions, &args.memory_image)?;

    if args.verilog.is_empty() {
        for p in &programs {
            if p.words.len() as u64 > u64::from(config.imem_words) {
                anyhow::bail!(
                    "{}: {} words do not fit the instruction memory of configuration `{}` ({} words)",
                    p.name,
                    p.words.len(),
                    config.name,
                    config.imem_words
                );
            }
        }
    }
    let cosim_dir = args.out.join("cosim");
    let mut rtl = start_rtl(&args, &config, &cosim_dir, format)?;

    let mut passed = 0;
    let mut failed = 0;
    let mut status = 1;
    let mut streams_passed = 0;
    let mut results = Vec::new();
    for (i, program) in programs.iter().enumerate() {
        let name = &program.name;
        let options = CosimOptions {
            max_cycles: args.max_cycles.unwrap_or(DEFAULT_MAX_CYCLES),
            vcd_on_divergence: Some(cosim_dir.join(format!(
                "{}.{}",
                program.stem,
                format.extension()
            ))),
            wave_window: window(&args),
            wave: args.wave.clone(),
            inject_model_fault: args.inject_model_fault,
            lds_bytes: config.lds_bytes,
            bus: BusMemory {
                regions: regions.clone(),
                latency: args.memory_latency,
                stall_permille: args.memory_stall,
                seed: args.memory_seed,
            },
            check_waits: args.check_waits || i >= first_stream,
            ..CosimOptions::default()
        };
        let report = cosimulate_program(&mut rtl, &program.words, &options)
            .with_context(|| format!("{name}: co-simulation"))?;
        let (result, detail) = match (&report.divergence, &report.memory, &report.fault) {
            (None, Some(m), _) => {
                status = status.max(super::exit::DIFFER);
                ("FAIL", m.to_string())
            }
            // A stream never faults: that is the generator's or a side's failure.
            (None, None, Some(fault)) if i >= first_stream => (
                "FAIL",
                format!("the stream faulted (streams never do): {fault}"),
            ),
            (None, None, Some(fault)) => (
                "FAULT",
                format!(
                    "{} instructions, {} cycles, then {}",
                    report.instructions,
                    report.cycles,
                    with_fault_source(fault, program)
                ),
            ),
            (None, None, None) => (
                "PASS",
                format!(
                    "{} instructions, {} cycles",
                    report.instructions, report.cycles
                ),
            ),
            (Some(d), _, _) => match unsupported(d, &report, &config) {
                Some(why) => {
                    status = status.max(super::exit::UNSUPPORTED);
                    ("UNSUPPORTED", why)
                }
                None => {
                    status = status.max(super::exit::DIFFER);
                    ("FAIL", with_source(d, program))
                }
            },
        };
        say!(args.json, "{result} {name}: {detail}");
        if report.passed() {
            passed += 1;
        } else {
            failed += 1;
        }
        let figures = super::figures::Figures::new(&report.counters, &config);
        if args.counters {
            say!(args.json, "{}", figures.listing().trim_end());
        }
        results.push(serde_json::json!({
            "name": name,
            "result": result,
            "detail": detail,
            "instructions": report.instructions,
            "cycles": report.cycles,
            "counters": figures.json(),
        }));
        let stream = i >= first_stream;
        if stream && report.passed() {
            streams_passed += 1;
        } else if let (true, Some(source)) = (stream, &program.source) {
            // Keep the failing stream, to rerun it as a program.
            let path = cosim_dir.join(format!("{}.s", program.stem));
            std::fs::write(&path, source)
                .with_context(|| format!("{}: cannot write", path.display()))?;
            say!(args.json, "  (the stream is in {})", path.display());
        }
    }
    if args.seeds > 0 {
        say!(
            args.json,
            "random streams: seeds {}..={}, {} run, {streams_passed} passed",
            args.first_seed,
            args.first_seed + (programs.len() - first_stream) as u64 - 1,
            programs.len() - first_stream
        );
    }
    say!(args.json, "cosim: {passed} passed, {failed} failed");
    if args.json {
        let json = serde_json::json!({"programs": results, "passed": passed, "failed": failed});
        println!("{}", serde_json::to_string_pretty(&json)?);
    }
    if failed > 0 {
        return Err(super::Exit {
            code: status,
            message: format!(
                "{failed} of {} program(s) did not pass co-simulation",
                failed + passed
            ),
        }
        .into());
    }
    Ok(())
}

/// With a divergence where the RTL stopped with a wave's error at the instruction the
/// model retired: the configuration does not implement that instruction, if so; the
/// message names the configuration, the PC and the instruction.
pub(super) fn unsupported(
    d: &Divergence,
    report: &cu32_sim::cosim::CosimReport,
    config: &cu32_hdl::Config,
) -> Option<String> {
    let (RtlEnd::Error { pc }, Side::Event(e)) = (report.rtl_end, &d.model) else {
        return None;
    };
    let instr = cu32_isa::decode(&e.words).ok()?;
    if e.pc != pc || cu32_hdl::implements(instr.op, config) {
        return None;
    }
    Some(format!(
        "configuration `{}` does not implement `{}` (wave {}, pc 0x{pc:04x}: {instr})",
        config.name, instr.op.name, d.wave
    ))
}

/// A fault's report, with the source line of its instruction when known.
fn with_fault_source(fault: &cu32_sim::cosim::Fault, program: &Program) -> String {
    let line = program.lines.iter().find(|(a, _)| *a == fault.pc);
    match (line, &program.source) {
        (Some(&(_, line)), Some(source)) => {
            let code = source.lines().nth(line.saturating_sub(1)).unwrap_or("");
            format!(
                "{fault}\n  pc 0x{:04x} is {}:{line}: {}",
                fault.pc,
                program.name,
                code.trim()
            )
        }
        _ => fault.to_string(),
    }
}

/// The Verilated RTL of `config` (or of `--verilog`), built or taken from the cache in
/// `cosim_dir`, running.
fn start_rtl(
    args: &Args,
    config: &cu32_hdl::Config,
    cosim_dir: &Path,
    format: WaveFormat,
) -> anyhow::Result<Rtl> {
    let verilog = if args.verilog.is_empty() {
        generate_rtl(config, &super::config_dir(&args.out, config))?
    } else {
        expand_file_lists(&args.verilog)?
    };
    let built = verilate::build_with(&verilog, cosim_dir, format)?;
    if built.reused {
        eprintln!("cosim: using the cached build {}", built.dir.display());
    }
    Ok(Rtl::start(&built)?)
}

/// `cu32 cosim kernel.co --launch ...`: one dispatch on the RTL and the model.
fn run_kernel(args: &Args, launch: &Launch) -> anyhow::Result<()> {
    let [path] = args.programs.as_slice() else {
        anyhow::bail!(
            "with a launch, give exactly one code object (not {} files)",
            args.programs.len()
        );
    };
    if !args.memory_image.is_empty() || args.seeds > 0 {
        anyhow::bail!(
            "--memory-image and --seeds are for programs; a launch brings its own code and buffers"
        );
    }
    let name = path.display().to_string();
    let code = super::read_code_object(path)?;
    let config = super::load_config(args.config.as_deref())?;
    let kernel = code.kernel(&launch.kernel).ok_or_else(|| {
        anyhow::anyhow!(
            "{name}: kernel `{}` is not in the code object",
            launch.kernel
        )
    })?;
    if args.verilog.is_empty() {
        fits(kernel, &config).map_err(|why| anyhow::anyhow!("{name}: {why}"))?;
    }
    cu32_sim::cosim::kernel::check_buffer_bytes(launch)?;
    super::check_outputs(path, launch)?;
    let format = check_wave(args, 1)?;
    let cosim_dir = args.out.join("cosim");
    let mut rtl = start_rtl(args, &config, &cosim_dir, format)?;
    let options = CosimOptions {
        max_cycles: args.max_cycles.unwrap_or(DEFAULT_MAX_CYCLES),
        vcd_on_divergence: Some(cosim_dir.join(format!("{}.{}", stem(path), format.extension()))),
        wave_window: window(args),
        wave: args.wave.clone(),
        inject_model_fault: args.inject_model_fault,
        lds_bytes: config.lds_bytes,
        bus: BusMemory {
            regions: Vec::new(),
            latency: args.memory_latency,
            stall_permille: args.memory_stall,
            seed: args.memory_seed,
        },
        check_waits: args.check_waits,
        ..CosimOptions::default()
    };
    eprintln!(
        "cosim: running kernel {} on the RTL (at most {} cycles) and the model...",
        launch.kernel, options.max_cycles
    );
    let started = std::time::Instant::now();
    let run = cosimulate_kernel(&mut rtl, &code, launch, args.max_instructions, &options)
        .with_context(|| format!("{name}: kernel {}: co-simulation", launch.kernel))?;
    eprintln!(
        "cosim: {} RTL cycles in {:.1} s ({:.0} cycles/s), compared in {:.1} s in all",
        run.report.cycles,
        run.report.rtl_wall.as_secs_f64(),
        run.cycles_per_second(),
        started.elapsed().as_secs_f64()
    );
    let report = &run.report;
    let what = format!("{name} (kernel {})", launch.kernel);
    let figures = super::figures::Figures::new(run.counters(), &config);
    let listing = figures.listing();
    let listing = listing.trim_end();
    let (result, detail, outcome): (&str, String, anyhow::Result<()>) =
        match (&report.divergence, &report.memory, &report.fault) {
            (None, None, None) => {
                write_outputs(&run.dispatch.outputs, &run.rtl_memory)?;
                let detail = format!(
                    "{} instructions, {} waves, {} cycles",
                    report.instructions,
                    run.waves(),
                    report.cycles
                );
                ("PASS", detail, Ok(()))
            }
            (None, None, Some(fault)) => {
                let mut detail = fault.to_string();
                if args.write_faulted_outputs {
                    write_outputs(&run.dispatch.outputs, &run.rtl_memory)?;
                } else {
                    detail.push_str(
                        "\n  the output buffers are not written (--write-faulted-outputs \
                         writes them)",
                    );
                }
                let error = anyhow::anyhow!(
                    "{what}: the dispatch faulted (wave {}, pc 0x{:04x})",
                    fault.wave,
                    fault.pc
                );
                ("FAULT", detail, Err(error))
            }
            (None, Some(m), _) => {
                let error = super::Exit {
                    code: super::exit::DIFFER,
                    message: format!("{what}: the RTL and the model differ"),
                };
                ("FAIL", m.to_string(), Err(error.into()))
            }
            (Some(d), _, _) if report.rtl_end == RtlEnd::Timeout && d.model != Side::Ended => {
                // Neither side ended: a kernel that runs on (or longer than the budget).
                let mut detail = format!(
                    "the RTL did not end within {} cycles (--max-cycles), nor the model \
                     within its instructions; wave {} was at pc {}\n  model: {}",
                    options.max_cycles,
                    d.wave,
                    side_pc(&d.model).map_or("?".into(), |pc| format!("0x{pc:04x}")),
                    d.model
                );
                if let Some(Ok(path)) = &d.vcd {
                    detail.push_str(&format!("\n  waveform: {}", path.display()));
                }
                let error = anyhow::anyhow!(
                    "{what}: timeout after {} cycles: the kernel did not end",
                    options.max_cycles
                );
                ("TIMEOUT", detail, Err(error))
            }
            (Some(d), _, _) => match unsupported(d, report, &config) {
                Some(why) => {
                    let error = super::Exit {
                        code: super::exit::UNSUPPORTED,
                        message: format!("{what}: {why}"),
                    };
                    ("UNSUPPORTED", why, Err(error.into()))
                }
                None => {
                    let mut detail = d.to_string().trim_end().to_string();
                    if let Some((group, wave)) = run.wave_of(d.wave) {
                        detail.push_str(&format!(
                            "\n  wave {} is wave {wave} of work-group ({}, {}, {})",
                            d.wave, group[0], group[1], group[2]
                        ));
                    }
                    if let RtlEnd::Error { .. } = report.rtl_end {
                        if let Some(e) = cu32_hdl::dispatch::error_text(run.error_code) {
                            detail.push_str(&format!(
                                "\n  the RTL's error code {} ({}): {}",
                                e.code, e.name, e.text
                            ));
                        }
                    }
                    let error = super::Exit {
                        code: super::exit::DIFFER,
                        message: format!("{what}: the RTL and the model differ"),
                    };
                    ("FAIL", detail, Err(error.into()))
                }
            },
        };
    say!(args.json, "{result} {what}: {detail}");
    say!(args.json, "{listing}");
    if args.json {
        let json = serde_json::json!({
            "file": name,
            "kernel": launch.kernel,
            "result": result,
            "detail": detail,
            "instructions": report.instructions,
            "waves": run.waves(),
            "cycles": report.cycles,
            "counters": figures.json(),
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
    }
    outcome
}

/// `--wave-window` as the options take it (`None`: the whole run).
fn window(args: &Args) -> Option<u64> {
    (args.wave_window > 0).then_some(args.wave_window)
}

/// Checks `--wave FILE`: a `.vcd` or `.fst` name, and one run to write; the waveform
/// format of the build (VCD without `--wave`).
fn check_wave(args: &Args, runs: usize) -> anyhow::Result<WaveFormat> {
    let Some(path) = &args.wave else {
        return Ok(WaveFormat::Vcd);
    };
    let usage = |message: String| super::Exit {
        code: super::exit::USAGE,
        message,
    };
    let Some(format) = WaveFormat::of(path) else {
        let message = format!("--wave {}: name a .vcd or .fst file", path.display());
        return Err(usage(message).into());
    };
    if runs != 1 {
        let message = format!("--wave writes one run's waveform; there are {runs} programs");
        return Err(usage(message).into());
    }
    Ok(format)
}

/// The PC a side of a divergence names, if any.
fn side_pc(side: &Side) -> Option<u32> {
    match side {
        Side::Event(e) => Some(e.pc),
        Side::Error { pc, .. } => *pc,
        _ => None,
    }
}

/// The default `--max-cycles`.
pub(super) const DEFAULT_MAX_CYCLES: u64 = 1_000_000;

/// Whether the configuration can hold `kernel`: its code in the instruction memory, the
/// VGPRs its descriptor allocates in the VGPR file; else why not (checked before the
/// dispatch, as the RTL would stop at some later instruction).
pub(super) fn fits(
    kernel: &cu32_isa::code_object::Kernel,
    config: &cu32_hdl::Config,
) -> Result<(), String> {
    if kernel.code.len() as u64 > 4 * u64::from(config.imem_words) {
        return Err(format!(
            "kernel {} has {} bytes of code; the instruction memory of configuration `{}` \
             holds {} words",
            kernel.name,
            kernel.code.len(),
            config.name,
            config.imem_words
        ));
    }
    let vgprs = kernel.descriptor.vgprs();
    if vgprs > config.vgprs {
        return Err(format!(
            "kernel {} allocates {vgprs} VGPRs (its descriptor's granulated count); \
             configuration `{}` has {}",
            kernel.name, config.name, config.vgprs
        ));
    }
    Ok(())
}

/// A `--memory-image FILE@ADDR`: the address and the file's dwords (little-endian, the
/// last padded with zeros).
fn memory_image(spec: &str) -> anyhow::Result<(u32, Vec<u32>)> {
    let Some((file, addr)) = spec.rsplit_once('@') else {
        anyhow::bail!("--memory-image {spec}: expected FILE@ADDR");
    };
    let parsed = match addr.strip_prefix("0x").or_else(|| addr.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => addr.replace('_', "").parse::<u64>(),
    };
    let addr =
        parsed.map_err(|e| anyhow::anyhow!("--memory-image {spec}: bad address `{addr}`: {e}"))?;
    // The size first: a file that cannot fit is refused before it is read.
    let size = std::fs::metadata(file)
        .with_context(|| format!("--memory-image {spec}: {file}: cannot read"))?
        .len();
    if addr % 4 != 0 || addr.saturating_add(size.next_multiple_of(4)) > 1 << 32 {
        anyhow::bail!(
            "--memory-image {spec}: {file} ({size} bytes at {addr:#x}) must start at a multiple \
             of 4 and end at or below 2^32 (the RTL's bus is 32-bit)"
        );
    }
    let mut bytes = std::fs::read(file)
        .with_context(|| format!("--memory-image {spec}: {file}: cannot read"))?;
    bytes.resize(bytes.len().next_multiple_of(4), 0);
    Ok((addr as u32, cu32_isa::words_le(&bytes)))
}

/// Checks that the regions can all be mapped in the golden model's memory (which keeps a
/// guard gap between them); `specs` name the images after the data region.
fn check_regions(regions: &[(u32, Vec<u32>)], specs: &[String]) -> anyhow::Result<()> {
    let mut memory = cu32_sim::memory::Memory::new();
    for (i, (addr, words)) in regions.iter().enumerate() {
        let name = match i.checked_sub(1).and_then(|k| specs.get(k)) {
            Some(spec) => format!("--memory-image {spec}"),
            None => "the co-simulation data region".to_string(),
        };
        let bytes = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        memory
            .map(u64::from(*addr), &name, bytes, true)
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    }
    Ok(())
}

/// Writes the configuration's Verilog (as `cu32 gen` does, quietly) into `dir`; returns the
/// files Verilator reads: the lint waivers (`.vlt`), then the Verilog, top first.
pub(super) fn generate_rtl(config: &cu32_hdl::Config, dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    let mut verilog = Vec::new();
    let mut waivers = Vec::new();
    for file in cu32_hdl::generate(config)? {
        let path = dir.join(&file.name);
        std::fs::write(&path, &file.text)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        match path.extension().and_then(|e| e.to_str()) {
            Some("v" | "sv") => verilog.push(path),
            Some("vlt") => waivers.push(path),
            _ => {}
        }
    }
    waivers.extend(verilog);
    Ok(waivers)
}

/// The Verilog files named directly or through `.f` lists.
fn expand_file_lists(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.extension().is_some_and(|e| e == "f") {
            let text = super::read_text(path)?;
            let base = path.parent().unwrap_or(Path::new("."));
            for line in text.lines().map(str::trim) {
                if !line.is_empty() && !line.starts_with("//") && !line.starts_with('#') {
                    files.push(base.join(line));
                }
            }
        } else {
            files.push(path.clone());
        }
    }
    for f in &files {
        if !f.is_file() {
            anyhow::bail!("{}: no such Verilog file", f.display());
        }
    }
    Ok(files)
}

/// The random stream of `seed` for `config` (see `cu32_sim::streams`): DS instructions
/// with the configuration's LDS, memory instructions over the co-simulation data region.
fn random_stream(seed: u64, length: usize, config: &cu32_hdl::Config) -> anyhow::Result<Program> {
    let allowed = |op: &cu32_isa::OpInfo| cu32_hdl::implements(op, config);
    let options = cu32_sim::streams::StreamOptions {
        length,
        allowed: &allowed,
        lds_bytes: config.lds_bytes,
        memory: Some(data_region().0),
    };
    let source = cu32_sim::streams::random_program(seed, &options);
    let name = format!("random stream seed {seed}");
    let assembled = cu32_isa::asm::assemble(&source, &name)
        .with_context(|| format!("{name}: the generator wrote a program the assembler refuses"))?;
    Ok(Program {
        name,
        stem: format!("random_{seed}"),
        words: assembled.words,
        lines: assembled.lines.iter().map(|l| (l.addr, l.line)).collect(),
        source: Some(source),
    })
}

fn load(path: &Path) -> anyhow::Result<Program> {
    let name = path.display().to_string();
    if path.extension().is_some_and(|e| e == "bin") {
        let words = super::read_words(path)?;
        return Ok(Program {
            name,
            stem: stem(path),
            words,
            lines: Vec::new(),
            source: None,
        });
    }
    let source = super::read_text(path)?;
    let assembled = cu32_isa::asm::assemble(&source, &name)?;
    Ok(Program {
        stem: stem(path),
        name,
        words: assembled.words,
        lines: assembled.lines.iter().map(|l| (l.addr, l.line)).collect(),
        source: Some(source),
    })
}

/// The file name without folder and extension, for the waveform's name.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "program".into())
}

/// The divergence report, with the source line of the diverging instruction when known.
fn with_source(d: &Divergence, program: &Program) -> String {
    let mut text = d.to_string();
    let pc = [&d.model, &d.rtl].into_iter().find_map(|s| match s {
        Side::Event(e) => Some(e.pc),
        _ => None,
    });
    let line = pc.and_then(|pc| program.lines.iter().find(|(a, _)| *a == pc));
    if let (Some(&(pc, line)), Some(source)) = (line, &program.source) {
        let code = source.lines().nth(line.saturating_sub(1)).unwrap_or("");
        text.push_str(&format!(
            "  pc 0x{pc:04x} is {}:{line}: {}\n",
            program.name,
            code.trim()
        ));
    }
    text.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy_verilog() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sim/tests/data/toy_top.v")
    }

    /// With verilator present (always under CI), co-simulates a program on the harness's
    /// stand-in RTL: it passes, and fails once a model fault is injected, with a waveform.
    #[test]
    fn passes_and_catches_an_injected_fault() {
        if !cu32_sim::cosim::Verilator::available() {
            assert!(
                std::env::var_os("CI").is_none(),
                "verilator missing under CI"
            );
            eprintln!("\n*** SKIPPED: verilator is not installed ***\n");
            return;
        }
        let dir = tempfile::tempdir().expect("tempdir");
        let prog = dir.path().join("p.s");
        let text = "s_mov_b32 s0, 5\ns_add_u32 s1, s0, 0x10000\ns_endpgm\n";
        std::fs::write(&prog, text).expect("write program");
        let args = |fault| Args {
            programs: vec![prog.clone()],
            launch: Default::default(),
            max_instructions: 1000,
            config: None,
            max_cycles: Some(1000),
            out: dir.path().join("build"),
            verilog: vec![toy_verilog()],
            inject_model_fault: fault,
            counters: false,
            memory_latency: 1,
            memory_stall: 0,
            memory_seed: 1,
            check_waits: false,
            memory_image: Vec::new(),
            seeds: 0,
            first_seed: 0,
            stream_length: 100,
            write_faulted_outputs: false,
            json: false,
            wave: None,
            wave_window: 1000,
        };
        if let Err(e) = run(args(None)) {
            panic!("cosim failed: {e:#}");
        }
        let err = run(args(Some(1))).expect_err("an injected fault fails");
        assert!(err.to_string().contains("1 of 1"), "{err:#}");
        assert!(dir.path().join("build/cosim/p.vcd").is_file());
    }

    #[test]
    fn memory_images_are_read_padded_and_checked() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("img.bin");
        std::fs::write(&file, [1u8, 2, 3, 4, 5]).expect("write");
        let spec = format!("{}@0x20000", file.display());
        let (addr, words) = memory_image(&spec).expect("an image");
        assert_eq!((addr, words), (0x20000, vec![0x0403_0201, 5]));
        let regions = [data_region(), (addr, vec![0; 2])];
        check_regions(&regions, std::slice::from_ref(&spec)).expect("clear of the data region");
        let near = format!("{}@0x11000", file.display());
        let err = check_regions(&[data_region(), (0x11000, vec![0])], &[near]).unwrap_err();
        assert!(err.to_string().contains("--memory-image"), "{err}");
        let err = memory_image(&format!("{}@0x10002", file.display())).unwrap_err();
        assert!(err.to_string().contains("multiple of 4"), "{err}");
        let err = memory_image("nothing-here.bin@4096").unwrap_err();
        assert!(
            format!("{err:#}").contains("nothing-here.bin: cannot read"),
            "{err:#}"
        );
        assert!(memory_image("no-address").is_err());
    }

    #[test]
    fn file_lists_are_relative_to_their_folder() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("a.v"), "module a; endmodule\n").expect("write");
        std::fs::write(dir.path().join("files.f"), "// list\na.v\n\n").expect("write");
        let files = expand_file_lists(&[dir.path().join("files.f")]).expect("list");
        assert_eq!(files, [dir.path().join("a.v")]);
        let missing = expand_file_lists(&[dir.path().join("b.v")]).expect_err("missing");
        assert!(missing.to_string().contains("b.v: no such Verilog file"));
    }
}
