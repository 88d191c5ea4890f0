//! `cu32 asm`: assembles LLVM-syntax gfx11 scalar assembly into raw machine code.

use anyhow::Context;
use std::path::PathBuf;

/// Arguments of `cu32 asm`.
///
/// Writes the code as raw little-endian 32-bit words, no header, starting at address 0.
/// Errors are reported as `FILE:LINE:COL: message`.
#[derive(clap::Args)]
pub struct Args {
    /// Assembly source (LLVM gfx11 syntax, as accepted by llvm-mc 19 for gfx1100); `-`
    /// for standard input.
    pub input: PathBuf,
    /// Output file [default: the input path with the extension `.bin`]; never the input
    /// itself; `-` for standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let source = super::read_text(&args.input)?;
    let program = cu32_isa::asm::assemble(&source, &args.input.display().to_string())?;
    if super::is_stdio(&args.input) && args.output.is_none() {
        anyhow::bail!(
            "-: reading standard input, name the output with -o (`-o -`: standard output)"
        );
    }
    let output = args
        .output
        .unwrap_or_else(|| args.input.with_extension("bin"));
    if super::same_file(&args.input, &output) {
        anyhow::bail!(
            "{}: the output would overwrite the source; name another with -o",
            output.display()
        );
    }
    let bytes: Vec<u8> = program.words.iter().flat_map(|w| w.to_le_bytes()).collect();
    if super::is_stdio(&output) {
        std::io::Write::write_all(&mut std::io::stdout().lock(), &bytes)
            .context("-: cannot write standard output")?;
    } else {
        std::fs::write(&output, bytes)
            .with_context(|| format!("{}: cannot write", output.display()))?;
    }
    Ok(())
}
