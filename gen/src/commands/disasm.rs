//! `cu32 disasm`: disassembles raw machine code in LLVM gfx11 syntax.

use std::path::PathBuf;

/// Arguments of `cu32 disasm`.
///
/// Reads raw little-endian 32-bit words (as `cu32 asm` writes them) and prints one line per
/// instruction: `ADDR: WORDS  TEXT`, with the byte address as 8 hex digits, the
/// instruction's words as 8 hex digits each (padded to two words), and the text exactly as
/// llvm-objdump 19 prints it. Words that do not decode print as `.long 0x........`.
#[derive(clap::Args)]
pub struct Args {
    /// Raw code file; its length must be a multiple of 4 bytes.
    pub input: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let words = super::read_words(&args.input)?;
    for line in cu32_isa::disasm::disassemble(&words) {
        let hex: Vec<String> = line.words.iter().map(|w| format!("{w:08x}")).collect();
        println!("{:08x}: {:<17}  {}", line.addr, hex.join(" "), line.text);
    }
    Ok(())
}
