//! Fuzz target: arbitrary bytes as a code buffer. Decoding and disassembling must never
//! panic or hang, every line must cover at least one word, the lines must tile the buffer,
//! and a word that does not decode must print as `.long`.

#![no_main]

use cu32_isa::disasm::disassemble;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let words: Vec<u32> = data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let lines = disassemble(&words);
    let mut next = 0;
    for line in &lines {
        assert_eq!(line.addr as usize, next * 4);
        assert!(!line.words.is_empty());
        assert_eq!(line.words, words[next..next + line.words.len()]);
        if line.text.starts_with(".long") {
            assert_eq!(line.words.len(), 1);
        }
        next += line.words.len();
    }
    assert_eq!(next, words.len());
});
