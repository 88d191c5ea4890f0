//! The RDNA3 (gfx1100) instruction set as data: opcode tables loaded from YAML, operand
//! codes, binary encode/decode, and the assembler and disassembler in LLVM gfx11 syntax.

pub mod alias;
pub mod asm;
pub mod code_object;
pub mod disasm;
pub mod encoding;
pub mod mnemonic;
pub mod operand;
pub mod shown;
pub mod syntax;
pub mod table;

pub use encoding::{decode, words_le, DecodeError, Instr};
pub use mnemonic::Mn;
pub use shown::{shown, shown_message};
pub use table::{tables, Accept, Arg, ArgKind, Format, OpInfo, Source};
