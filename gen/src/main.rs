//! `cu32`: the command-line tool. Generates the compute unit's Verilog from a configuration,
//! assembles and disassembles RDNA3 code, describes AMDGPU code objects, runs programs on the
//! golden model, co-simulates the RTL against the model, synthesises for FPGAs, and builds,
//! simulates and reaches a board's LiteX SoC around it.

mod commands;
mod etherbone;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// cu32: an open FPGA compute unit for AMD RDNA3 (gfx1100) wave32 machine code.
#[derive(Parser)]
#[command(
    name = "cu32",
    version,
    after_help = "Exit status: 0 success; 1 an error in the input or the tools (a file, \
field or PC is named; a dispatch that faults); 2 a usage error; 3 the RTL and the golden \
model differ (co-simulation); 4 the configuration does not implement an instruction the \
program runs (its first PC and instruction are named)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate the compute unit's Verilog for a configuration (default: the embedded one).
    Gen(commands::gen::Args),
    /// Assemble LLVM-syntax gfx11 assembly into raw little-endian machine code.
    Asm(commands::asm::Args),
    /// Disassemble raw machine code in LLVM gfx11 syntax.
    Disasm(commands::disasm::Args),
    /// Describe an AMDGPU code object (clang/ld.lld ELF for gfx11): per kernel its entry,
    /// kernel descriptor fields, initial registers and argument layout.
    Info(commands::info::Args),
    /// Run a program on the golden model and print the final wave state.
    Run(commands::run::Args),
    /// Measure the golden model's speed on the OpenCL kernel suite (or given launch files):
    /// instructions and lane-instructions per second, single-threaded; with --rtl,
    /// co-simulate each launch and print the RTL's cycles, IPC, VALU lane utilisation,
    /// cycles over the issue/VALU bound and simulated cycles per second.
    Bench(commands::bench::Args),
    /// Co-simulate programs on the Verilated RTL and the golden model, event by event; or,
    /// with a launch, a kernel dispatch (code object) through the RTL's dispatcher.
    Cosim(commands::cosim::Args),
    /// Synthesise, place and route the compute unit with Yosys and nextpnr; report resources
    /// and Fmax.
    Synth(commands::synth::Args),
    /// cu32 on an FPGA board as a LiteX core: `board build` makes the board's SoC
    /// (SDRAM, UARTBone, cu32) into a bitstream and reports its resources and Fmax;
    /// `board probe` reads cu32's ID and status from a running SoC over Etherbone.
    Board(commands::board::Args),
}

fn main() -> ExitCode {
    // A closed standard output (`cu32 disasm k.co | head`) ends the process quietly, as
    // for any filter, rather than as an error of every print.
    // SAFETY: restoring the default action of SIGPIPE before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gen(a) => commands::gen::run(a),
        Command::Asm(a) => commands::asm::run(a),
        Command::Disasm(a) => commands::disasm::run(a),
        Command::Info(a) => commands::info::run(a),
        Command::Run(a) => commands::run::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Cosim(a) => commands::cosim::run(a),
        Command::Synth(a) => commands::synth::run(a),
        Command::Board(a) => commands::board::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // User text a message quotes is cut and escaped here, once for every command.
            eprintln!("error: {}", cu32_isa::shown_message(&format!("{e:#}")));
            match e.downcast_ref::<commands::Exit>() {
                Some(exit) => ExitCode::from(exit.code),
                None => ExitCode::FAILURE,
            }
        }
    }
}
