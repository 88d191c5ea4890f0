//! `cu32 disasm`: disassembles raw machine code or the kernels of a code object in LLVM
//! gfx11 syntax.

use cu32_isa::code_object::CodeObject;
use cu32_isa::disasm::disassemble;
use std::path::PathBuf;

/// Arguments of `cu32 disasm`.
///
/// Reads either raw little-endian 32-bit words (as `cu32 asm` writes them) or an AMDGPU code
/// object (an ELF file, recognised by its magic bytes, as clang and ld.lld produce), and
/// prints one line per instruction: `ADDR: WORDS  TEXT`, with the byte address as 8 hex
/// digits, the instruction's words as 8 hex digits each (padded to two words), and the text
/// exactly as llvm-objdump 19 prints it. Words that do not decode print as `.long 0x........`.
/// For a code object, each kernel is printed under a `NAME:` line, at its load addresses.
#[derive(clap::Args)]
pub struct Args {
    /// Raw code file (length a multiple of 4 bytes) or code object (ELF); `-` for standard
    /// input.
    pub input: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let bytes = super::read_bytes(&args.input)?;
    if !bytes.starts_with(b"\x7fELF") {
        print_code(0, &super::words(&args.input, &bytes)?);
        return Ok(());
    }
    let co =
        CodeObject::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", args.input.display()))?;
    for (i, kernel) in co.kernels().iter().enumerate() {
        if i > 0 {
            println!();
        }
        println!("{}:", kernel.name);
        print_code(kernel.entry, &cu32_isa::words_le(&kernel.code));
    }
    Ok(())
}

fn print_code(base: u64, words: &[u32]) {
    for line in disassemble(words) {
        let hex: Vec<String> = line.words.iter().map(|w| format!("{w:08x}")).collect();
        println!(
            "{:08x}: {:<17}  {}",
            base + u64::from(line.addr),
            hex.join(" "),
            line.text
        );
    }
}
