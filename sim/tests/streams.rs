//! Constrained-random streams (`cu32_sim::streams`) on the golden model: every seed
//! assembles (the assembler accepts only what llvm-mc accepts) and runs to `s_endpgm`
//! without an error, the same seed gives the same program, and the streams use the
//! opcodes, EXEC changes and branches they are meant to. Each stream also runs traced
//! (general executor only) and quiet (the fast path where it can), which must agree.
//! Streams wait for their memory results as the ISA says: thousands of seeds of every
//! option set pass the model's wait checker, and their waits are needed and as late as
//! safe.

use cu32_sim::streams::{random_program, StreamOptions};
use cu32_sim::Machine;
use std::collections::BTreeSet;

fn model_implements(op: &cu32_isa::OpInfo) -> bool {
    !op.format.is_valu() || cu32_sim::model::valu_implemented(&op.name)
}

/// The rows of memory streams: what the model implements, DS included.
fn memory_allowed(op: &cu32_isa::OpInfo) -> bool {
    model_implements(op) && cu32_sim::model::ds_unsupported(&op.name).is_none()
}

/// The bus memory of co-simulation: its data region.
fn data_bus() -> cu32_sim::cosim::BusMemory {
    cu32_sim::cosim::BusMemory {
        regions: vec![cu32_sim::cosim::data_region()],
        ..cu32_sim::cosim::BusMemory::default()
    }
}

#[test]
fn streams_assemble_and_run_on_the_model() {
    let options = StreamOptions {
        length: 200,
        allowed: &model_implements,
        lds_bytes: 0,
        memory: None,
    };
    let mut mnemonics = BTreeSet::new();
    let mut retired = 0;
    // VOP3 instructions selecting a high register half with OPSEL.
    let mut halves = 0;
    // DPP16 forms (with a partial row or bank mask), DPP8 forms.
    let (mut dpp16, mut partial, mut dpp8) = (0, 0, 0);
    for seed in 0..200 {
        let text = random_program(seed, &options);
        let program = cu32_isa::asm::assemble(&text, "stream.s")
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        for line in text.lines() {
            if let Some(word) = line.split_whitespace().next() {
                mnemonics.insert(word.to_string());
            }
            if line
                .split_once(" op_sel:[")
                .is_some_and(|(_, bits)| bits.contains('1'))
            {
                halves += 1;
            }
            dpp16 += usize::from(line.contains(" row_mask:"));
            partial += usize::from(
                line.contains(" row_mask:0x") && !line.contains("mask:0xf bank_mask:0xf"),
            );
            dpp8 += usize::from(line.contains(" dpp8:["));
        }
        // MODE 0 (denormals flushed) and MODE 0xf0 (denormals kept, the f32 fast path's
        // mode); the quiet run (fast path) must end exactly where the traced one does.
        for mode in [0, 0xf0] {
            let mut m = Machine::new(program.words.clone());
            m.wave_mut().mode = mode;
            let mut traced = m.clone();
            let run = m
                .run(10_000)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            traced
                .run_traced(10_000, |_| {})
                .unwrap_or_else(|e| panic!("seed {seed}, traced: {e}\n{text}"));
            assert!(
                m.wave() == traced.wave(),
                "seed {seed}, MODE {mode:#x}: the quiet and traced runs end differently\n{text}"
            );
            retired += run.retired;
        }
    }
    println!(
        "200 streams, 2 MODEs: {retired} instructions retired, {} distinct mnemonics; \
         {dpp16} DPP16 ({partial} with a partial mask), {dpp8} DPP8",
        mnemonics.len()
    );
    assert!(
        dpp16 > 200 && partial > 50 && dpp8 > 50,
        "{dpp16} DPP16, {partial}, {dpp8} DPP8"
    );
    assert!(mnemonics.len() > 300, "{} mnemonics", mnemonics.len());
    assert!(
        halves > 50,
        "{halves} instructions select a high half with op_sel"
    );
    for expected in [
        "s_cbranch_execz",
        "s_and_saveexec_b32",
        "v_add_co_ci_u32_e32",
    ] {
        assert!(mnemonics.contains(expected), "{expected} never generated");
    }
    assert!(mnemonics.iter().any(|m| m.starts_with("v_cmpx_")));
    assert!(mnemonics.iter().any(|m| m.starts_with("v_dual_")));
}

#[test]
fn a_seed_always_gives_the_same_stream() {
    let options = StreamOptions {
        length: 50,
        allowed: &model_implements,
        lds_bytes: 0,
        memory: None,
    };
    assert_eq!(random_program(7, &options), random_program(7, &options));
    assert_ne!(random_program(7, &options), random_program(8, &options));
}

/// Streams with the co-simulation's data region and an LDS run to `s_endpgm` on the
/// model (they never fault: every access stays inside the region), and hold scalar
/// loads of every width and GLOBAL loads, stores and atomics.
#[test]
fn memory_streams_stay_inside_the_region() {
    use cu32_sim::cosim::{MemoryMachine, Model, DATA_BASE};
    let allowed = memory_allowed;
    let options = StreamOptions {
        length: 200,
        allowed: &allowed,
        lds_bytes: 16384,
        memory: Some(DATA_BASE),
    };
    let bus = data_bus();
    let mut mnemonics = BTreeSet::new();
    for seed in 0..100 {
        let text = random_program(seed, &options);
        let program = cu32_isa::asm::assemble(&text, "stream.s")
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        mnemonics.extend(
            text.lines()
                .filter_map(|l| l.split_whitespace().next())
                .map(str::to_string),
        );
        let mut model = MemoryMachine::new(&program.words, &bus)
            .expect("the data region maps")
            .with_lds(16384);
        let mut steps = 0;
        while model
            .step()
            .unwrap_or_else(|e| panic!("seed {seed}: {}\n{text}", e.message))
            .is_some()
        {
            steps += 1;
            assert!(steps < 10_000, "seed {seed}: no end\n{text}");
        }
    }
    for expected in [
        "s_load_b32",
        "s_load_b512",
        "global_store_b128",
        "global_load_u8",
    ] {
        assert!(mnemonics.contains(expected), "{expected} never generated");
    }
    assert!(mnemonics.iter().any(|m| m.starts_with("global_atomic_")));
    assert!(mnemonics.iter().any(|m| m.starts_with("ds_")));
}

/// Streams place `s_waitcnt` as a compiler does, so that every seed of every option set
/// (with and without an LDS, with and without the memory region) passes the model's wait
/// checker (reference 5.6) — and the waits matter: without them most memory streams fail
/// it, and many waits keep loads outstanding (a count above 0). 3200 streams of 100
/// instructions in an optimised build (about 7 s), an eighth of them in a debug build.
#[test]
fn streams_wait_for_memory_as_the_isa_says() {
    use cu32_sim::cosim::{MemoryMachine, DATA_BASE};
    let allowed = memory_allowed;
    let bus = data_bus();
    let started = std::time::Instant::now();
    let (mut seeds, mut waits, mut counted, mut unsafe_without) = (0, 0, 0, 0);
    let mut sampled = 0;
    for (lds_bytes, memory, n) in [
        (0, None, 200),
        (16384, None, 500),
        (0, Some(DATA_BASE), 500),
        (16384, Some(DATA_BASE), 2000),
    ] {
        let n = if cfg!(debug_assertions) { n / 8 } else { n };
        let options = StreamOptions {
            length: 100,
            allowed: &allowed,
            lds_bytes,
            memory,
        };
        for seed in 0..n {
            let text = random_program(seed, &options);
            let program = cu32_isa::asm::assemble(&text, "stream.s")
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            let mut model = MemoryMachine::new(&program.words, &bus)
                .expect("the data region maps")
                .with_lds(16384);
            model.machine.check_waits(true);
            let mut steps = 0;
            while model
                .machine
                .step_in(&mut model.memory, &mut model.lds)
                .unwrap_or_else(|e| panic!("seed {seed} ({lds_bytes}, {memory:?}): {e}\n{text}"))
                .is_some()
            {
                model.machine.release_barrier();
                steps += 1;
                assert!(steps < 10_000, "seed {seed}: no end\n{text}");
            }
            for line in text.lines().filter(|l| l.starts_with("s_waitcnt ")) {
                waits += 1;
                counted += usize::from(line.contains("cnt(") && !line.contains("cnt(0)"));
            }
            // Without its waits the stream uses loads too early (memory streams only,
            // a sample).
            if memory.is_some() && lds_bytes > 0 && seed < 200 && sampled < 200 {
                sampled += 1;
                let bare: String = text
                    .lines()
                    .filter(|l| !l.starts_with("s_waitcnt"))
                    .map(|l| format!("{l}\n"))
                    .collect();
                unsafe_without += usize::from(matches!(
                    run_checked_in(&bare, &bus),
                    Some(cu32_sim::ModelError::Wait { .. })
                ));
            }
            seeds += 1;
        }
    }
    println!(
        "{seeds} streams in {:.1} s: {waits} waits, {counted} with a count above 0; \
         {unsafe_without} of {sampled} fail without their waits",
        started.elapsed().as_secs_f64()
    );
    assert!(waits > 10 * seeds, "{waits} waits in {seeds} streams");
    assert!(
        counted > waits / 10,
        "{counted} of {waits} waits keep loads outstanding"
    );
    assert!(
        unsafe_without * 4 > sampled * 3,
        "{unsafe_without} of {sampled}"
    );
}

/// Runs `text` on the model with the wait checker on over `bus`'s regions and a 16 KiB
/// LDS, and gives the error it stops with, if any.
fn run_checked_in(text: &str, bus: &cu32_sim::cosim::BusMemory) -> Option<cu32_sim::ModelError> {
    let program = cu32_isa::asm::assemble(text, "stream.s").unwrap_or_else(|e| panic!("{e}"));
    let mut model = cu32_sim::cosim::MemoryMachine::new(&program.words, bus)
        .expect("maps")
        .with_lds(16384);
    model.machine.check_waits(true);
    loop {
        match model.machine.step_in(&mut model.memory, &mut model.lds) {
            Ok(Some(_)) => model.machine.release_barrier(),
            Ok(None) => return None,
            Err(e) => return Some(e),
        }
    }
}

/// A stream's waits have the largest safe counts: with one of them raised by one (its
/// first count above 0 on a counter), the checker stops the stream at the instruction
/// after it, unless a branch skips that wait or the paths that meet at a label made it
/// smaller than the path taken needs (both rare).
#[test]
fn stream_waits_are_as_late_as_safe() {
    use cu32_sim::cosim::DATA_BASE;
    let allowed = memory_allowed;
    let options = StreamOptions {
        length: 100,
        allowed: &allowed,
        lds_bytes: 16384,
        memory: Some(DATA_BASE),
    };
    let bus = data_bus();
    let (mut raised, mut caught) = (0, 0);
    for seed in 0..40 {
        let text = random_program(seed, &options);
        let lines: Vec<&str> = text.lines().collect();
        let counted: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("s_waitcnt ") && lines[i].contains("cnt(1"))
            .take(3)
            .collect();
        for i in counted {
            // `cnt(1...)` to `cnt(2...)` etc.: one more on that counter.
            let at = lines[i].find("cnt(1").expect("a count") + 4;
            let (head, tail) = lines[i].split_at(at);
            let (n, rest) = tail.split_once(')').expect("a count");
            let n: u32 = n.parse().expect("a number");
            let mut changed = lines.clone();
            let line = format!("{head}{}){rest}", n + 1);
            changed[i] = &line;
            let program = changed.join("\n") + "\n";
            raised += 1;
            let c = matches!(
                run_checked_in(&program, &bus),
                Some(cu32_sim::ModelError::Wait { .. })
            );
            caught += usize::from(c);
        }
    }
    println!("{caught} of {raised} raised waits caught");
    assert!(raised >= 40, "{raised} waits with a count of 1x");
    assert!(caught * 10 >= raised * 8, "{caught} of {raised}");
}
