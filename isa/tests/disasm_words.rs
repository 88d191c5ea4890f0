//! The disassembler on arbitrary words of the scalar encoding space (pseudo-random fields,
//! fixed seed) against llvm-objdump 19, whole buffer at once: invalid operand codes,
//! unknown opcodes, literals and `.long` fallbacks must come out line for line as LLVM
//! prints them. Runs only where LLVM 19 is installed.

use cu32_isa::disasm::disassemble;
use cu32_isa::tables;
use std::path::Path;
use std::process::Command;

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// xorshift64*: deterministic words without a dependency.
fn words(n: usize) -> Vec<u32> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
    };
    // (fixed bits, mask of the fixed bits) of SOP2, SOPK, SOP1, SOPC, SOPP.
    let formats = [
        (0x8000_0000, 0xc000_0000),
        (0xb000_0000, 0xf000_0000),
        (0xbe80_0000, 0xff80_0000),
        (0xbf00_0000, 0xff80_0000),
        (0xbf80_0000, 0xff80_0000),
    ];
    (0..n)
        .map(|_| {
            let (fixed, mask) = formats[next() as usize % formats.len()];
            fixed | (next() & !mask)
        })
        .collect()
}

#[test]
fn random_scalar_words_match_llvm_objdump() {
    let (mc, objdump) = (
        Path::new(LLVM_BIN).join("llvm-mc"),
        Path::new(LLVM_BIN).join("llvm-objdump"),
    );
    if !mc.exists() || !objdump.exists() {
        eprintln!("warning: LLVM 19 not found in {LLVM_BIN}; random-word check skipped");
        return;
    }
    let words = words(4000);
    let dir = std::env::temp_dir().join(format!("cu32-disasm-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src: String = words.iter().map(|w| format!(".long 0x{w:08x}\n")).collect();
    std::fs::write(dir.join("w.s"), src).unwrap();
    let status = Command::new(&mc)
        .args([
            "-triple=amdgcn-amd-amdhsa",
            "-mcpu=gfx1100",
            "-filetype=obj",
            "-o",
        ])
        .arg(dir.join("w.o"))
        .arg(dir.join("w.s"))
        .status()
        .unwrap();
    assert!(status.success());
    let out = Command::new(&objdump)
        .args(["-d", "--mcpu=gfx1100"])
        .arg(dir.join("w.o"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let llvm: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('\t'))
        .map(|l| {
            l.rsplit_once("// ")
                .map_or(l, |(text, _)| text)
                .trim()
                .to_string()
        })
        .collect();
    let ours = disassemble(&words);
    let mut mismatches = Vec::new();
    let mut not_in_tables = 0;
    for (i, (o, l)) in ours.iter().zip(&llvm).enumerate() {
        // Opcodes LLVM knows but the RDNA3 reference's tables do not list
        // (s_subvector_loop_begin/end, s_ttracedata_imm): we print `.long`.
        let mnemonic = l.split(' ').next().unwrap_or("");
        if o.text.starts_with(".long")
            && !l.starts_with(".long")
            && tables().by_name(mnemonic).is_none()
        {
            not_in_tables += 1;
            continue;
        }
        if o.text != *l {
            mismatches.push(format!(
                "#{i} {:08x?}: ours `{}`, llvm `{l}`",
                o.words, o.text
            ));
        }
    }
    println!(
        "{} lines compared; {not_in_tables} words are opcodes outside our tables",
        llvm.len()
    );
    assert_eq!(
        ours.len(),
        llvm.len(),
        "line count; first mismatches: {mismatches:#?}"
    );
    assert!(
        mismatches.is_empty(),
        "{} of {} lines differ:\n{}",
        mismatches.len(),
        llvm.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
}
