//! `cu32 run`: assembles a program (or loads raw code), runs one wave of it on the golden
//! model and prints the final state: every non-zero SGPR, every non-zero VGPR (its 32 lane
//! values), then SCC, VCC, EXEC, M0 and the number of retired instructions. The wave gets a
//! zeroed LDS of `--lds-bytes` (default the gfx1100 work-group maximum, 64 KiB).
//!
//! With a code object and a launch (`--launch FILE`, or `--kernel`, `--grid`, `--block`
//! and `--arg`), it dispatches the kernel on the model instead: every work-group runs, the
//! output buffers are written to their files, and the statistics are printed
//! (instructions by format, the VALU active-lane ratio, waves, work-groups).
//!
//! `--check-waits` turns the golden model's memory-wait checker on
//! (`cu32_sim::model::waits`): a program that uses a load's result before the `s_waitcnt`
//! gfx1100 needs stops there with the register, the load and the wait it needs.

use anyhow::Context;
use cu32_sim::launch::Launch;
use cu32_sim::memory::Memory;
use cu32_sim::model::workgroup::{run_dispatch, Stats};
use cu32_sim::{Machine, Wave};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

/// Arguments of `cu32 run`.
#[derive(clap::Args)]
#[command(
    after_help = "The final state lists every non-zero SGPR (`s7 = 0x0000002a`), every \
non-zero VGPR with its 32 lane values (`v3 = [0x00000000, 0x00000001, ...]`, lane 0 first), \
then scc, vcc, exec, m0 and the number of retired instructions. A program (not a \
dispatch) gets a zeroed LDS of --lds-bytes; DS accesses beyond it read 0 and write nothing."
)]
pub struct Args {
    /// Program: LLVM-syntax assembly (`.s`; `-` reads it from standard input), raw
    /// little-endian code (`.bin`), or a code object to dispatch with a launch.
    pub file: PathBuf,
    #[command(flatten)]
    pub launch: super::LaunchArgs,
    /// Stop with an error after this many instructions.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_instructions: u64,
    /// Print every retired instruction's trace event.
    #[arg(long)]
    pub trace: bool,
    /// LDS bytes a program (not a dispatch) gets, zeroed: 0 to 65536 (the gfx1100
    /// work-group maximum, the default).
    #[arg(long, value_name = "N", default_value_t = cu32_sim::model::PLAIN_LDS_BYTES,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(cu32_sim::model::PLAIN_LDS_BYTES)))]
    pub lds_bytes: u32,
    /// Check that the program waits for its memory results as the ISA says (every wave):
    /// stop at an instruction that reads or writes a register a load may still be
    /// writing on gfx1100 before the `s_waitcnt` that makes sure it has returned.
    #[arg(long)]
    pub check_waits: bool,
}

/// The program's code and, for assembly, the source line of each instruction address.
struct Loaded {
    words: Vec<u32>,
    lines: Vec<(u32, usize)>,
}

fn load(path: &std::path::Path) -> anyhow::Result<Loaded> {
    let name = path.display().to_string();
    if path.extension().is_some_and(|e| e == "bin") {
        let words = super::read_words(path)?;
        return Ok(Loaded {
            words,
            lines: Vec::new(),
        });
    }
    let source = super::read_text(path)?;
    let program = cu32_isa::asm::assemble(&source, &name)?;
    Ok(Loaded {
        words: program.words,
        lines: program.lines.iter().map(|l| (l.addr, l.line)).collect(),
    })
}

/// The final-state report printed by `cu32 run` (also used by tests).
pub fn format_state(wave: &Wave, retired: u64) -> String {
    let mut out = String::new();
    for (i, v) in wave.sgpr[..usize::from(cu32_isa::operand::NUM_SGPRS)]
        .iter()
        .enumerate()
    {
        if *v != 0 {
            let _ = writeln!(out, "s{i} = 0x{v:08x}");
        }
    }
    for (i, lanes) in wave.vgpr.iter().enumerate() {
        if lanes.iter().any(|&v| v != 0) {
            let values: Vec<String> = lanes.iter().map(|v| format!("0x{v:08x}")).collect();
            let _ = writeln!(out, "v{i} = [{}]", values.join(", "));
        }
    }
    let _ = writeln!(out, "scc = {}", u8::from(wave.scc));
    let _ = writeln!(out, "vcc = 0x{:016x}", wave.vcc());
    let _ = writeln!(out, "exec = 0x{:016x}", wave.exec());
    let _ = writeln!(out, "m0 = 0x{:08x}", wave.m0());
    let _ = writeln!(out, "retired = {retired}");
    out
}

/// The statistics printed after a dispatch (also used by tests).
pub fn format_stats(stats: &Stats) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "work-groups = {}", stats.workgroups);
    let _ = writeln!(out, "waves = {}", stats.waves);
    let _ = writeln!(out, "retired = {}", stats.retired());
    for (format, n) in &stats.by_format {
        let _ = writeln!(out, "  {format} = {n}");
    }
    let ratio = if stats.valu == 0 {
        0.0
    } else {
        stats.valu_lanes as f64 / (32 * stats.valu) as f64
    };
    let _ = writeln!(out, "valu active lanes = {:.1}%", 100.0 * ratio);
    out
}

fn run_kernel(args: &Args, launch: Launch) -> anyhow::Result<()> {
    let name = args.file.display().to_string();
    let code = super::read_code_object(&args.file)?;
    super::check_outputs(&args.file, &launch)?;
    let mut memory = Memory::new();
    let mut dispatch = cu32_sim::dispatch::prepare(&code, &launch, &mut memory)?;
    dispatch.check_waits = args.check_waits;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut print_error: Option<std::io::Error> = None;
    let mut print = |event: &cu32_sim::TraceEvent| {
        if print_error.is_none() {
            if let Err(e) = writeln!(out, "{event}") {
                print_error = Some(e);
            }
        }
    };
    let sink: Option<&mut dyn FnMut(&cu32_sim::TraceEvent)> =
        if args.trace { Some(&mut print) } else { None };
    let result = run_dispatch(
        &code,
        &launch,
        &dispatch,
        &mut memory,
        args.max_instructions,
        sink,
    );
    let _ = out.flush();
    let stats = result.with_context(|| format!("{name}: kernel {} failed", launch.kernel))?;
    if let Some(e) = print_error {
        return Err(anyhow::anyhow!(e).context("writing the trace"));
    }
    cu32_sim::dispatch::write_outputs(&dispatch.outputs, &memory)?;
    out.write_all(format_stats(&stats).as_bytes())
        .and_then(|()| out.flush())
        .context("writing the statistics")?;
    Ok(())
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(launch) = args.launch.launch()? {
        return run_kernel(&args, launch);
    }
    let name = args.file.display().to_string();
    let loaded = load(&args.file)?;
    let mut machine = Machine::new(loaded.words);
    machine.check_waits(args.check_waits);
    let mut lds = vec![0u8; args.lds_bytes as usize];
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // The first failure to print the trace (a closed pipe, ...) is kept and reported.
    let mut print_error: Option<std::io::Error> = None;
    let print = |event: &cu32_sim::TraceEvent| {
        if print_error.is_none() {
            let op = cu32_isa::decode(&event.words)
                .map(|i| i.op.name.as_str())
                .unwrap_or("?");
            if let Err(e) = writeln!(out, "{event}  ; {op}") {
                print_error = Some(e);
            }
        }
    };
    let result = if args.trace {
        machine.run_traced_in(args.max_instructions, &mut lds, print)
    } else {
        machine.run_in(args.max_instructions, &mut lds)
    };
    if let Err(e) = result {
        let _ = out.flush();
        let pc = machine.wave().pc;
        let line = loaded
            .lines
            .iter()
            .find(|(addr, _)| *addr == pc)
            .map(|(_, line)| format!(":{line}"))
            .unwrap_or_default();
        return Err(anyhow::anyhow!(e).context(format!("{name}{line}: the program failed")));
    }
    if let Some(e) = print_error {
        return Err(anyhow::anyhow!(e).context("writing the trace"));
    }
    out.write_all(format_state(machine.wave(), machine.retired()).as_bytes())
        .and_then(|()| out.flush())
        .context("writing the final state")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_state_format() {
        let mut wave = Wave::new();
        wave.sgpr[7] = 42;
        wave.sgpr[105] = 0xdead_beef;
        wave.sgpr[106] = 1; // vcc_lo
        wave.sgpr[107] = 2; // vcc_hi
        wave.sgpr[125] = 0x40; // m0
        wave.scc = true;
        wave.vgpr[3][31] = 0xabcd;
        let v3 = format!("v3 = [{}0x0000abcd]\n", "0x00000000, ".repeat(31));
        assert_eq!(
            format_state(&wave, 3),
            format!(
                "s7 = 0x0000002a\ns105 = 0xdeadbeef\n{v3}scc = 1\nvcc = 0x0000000200000001\n\
                 exec = 0x00000000ffffffff\nm0 = 0x00000040\nretired = 3\n"
            )
        );
    }
}
