//! Constrained-random streams (`cu32_sim::streams`) on the golden model: every seed
//! assembles (the assembler accepts only what llvm-mc accepts) and runs to `s_endpgm`
//! without an error, the same seed gives the same program, and the streams use the
//! opcodes, EXEC changes and branches they are meant to.

use cu32_sim::streams::{random_program, StreamOptions};
use cu32_sim::Machine;
use std::collections::BTreeSet;

fn model_implements(op: &cu32_isa::OpInfo) -> bool {
    !op.format.is_valu() || cu32_sim::model::valu_implemented(&op.name)
}

#[test]
fn streams_assemble_and_run_on_the_model() {
    let options = StreamOptions {
        length: 200,
        allowed: &model_implements,
    };
    let mut mnemonics = BTreeSet::new();
    let mut retired = 0;
    for seed in 0..200 {
        let text = random_program(seed, &options);
        let program = cu32_isa::asm::assemble(&text, "stream.s")
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        for line in text.lines() {
            if let Some(word) = line.split_whitespace().next() {
                mnemonics.insert(word.to_string());
            }
        }
        let mut m = Machine::new(program.words);
        let run = m
            .run(10_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        retired += run.retired;
    }
    println!(
        "200 streams: {retired} instructions retired, {} distinct mnemonics",
        mnemonics.len()
    );
    assert!(mnemonics.len() > 300, "{} mnemonics", mnemonics.len());
    for expected in [
        "s_cbranch_execz",
        "s_and_saveexec_b32",
        "v_add_co_ci_u32_e32",
    ] {
        assert!(mnemonics.contains(expected), "{expected} never generated");
    }
    assert!(mnemonics.iter().any(|m| m.starts_with("v_cmpx_")));
}

#[test]
fn a_seed_always_gives_the_same_stream() {
    let options = StreamOptions {
        length: 50,
        allowed: &model_implements,
    };
    assert_eq!(random_program(7, &options), random_program(7, &options));
    assert_ne!(random_program(7, &options), random_program(8, &options));
}
