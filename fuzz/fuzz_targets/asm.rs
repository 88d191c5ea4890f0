//! Fuzz target: arbitrary text as an assembly source. Assembling must never panic or hang;
//! an error must name the file; the words of a program that assembles (instructions, and
//! data from `.long` and friends) must disassemble into lines that tile them.

#![no_main]

use cu32_isa::asm::assemble;
use cu32_isa::disasm::disassemble;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match assemble(text, "fuzz.s") {
        Ok(program) => {
            let words: usize = disassemble(&program.words)
                .iter()
                .map(|line| line.words.len())
                .sum();
            assert_eq!(words, program.words.len());
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz.s:"), "{e}"),
    }
});
