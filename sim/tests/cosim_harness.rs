//! Self-tests of the co-simulation harness against a stand-in RTL (`tests/data/toy_top.v`, a
//! toy core with the real top's ports that runs `s_mov_b32`, `s_add_u32`, `s_branch` and
//! `s_endpgm`): build and cache, run, compare with the golden model, and the reports of a
//! divergence (an injected model fault), a timeout, an error, and either side ending early.
//!
//! Without verilator these tests are skipped with a loud note, unless `CI` is set: then a
//! missing verilator fails them.

use cu32_sim::cosim::{
    compare, cosimulate, cosimulate_program, verilate, BusMemory, CosimOptions, Model, ModelStop,
    Rtl, RtlEnd, Side, Verilator,
};
use cu32_sim::{TraceEvent, Write};
use std::path::PathBuf;

fn toy_verilog() -> Vec<PathBuf> {
    vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/toy_top.v")]
}

fn cache_root() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cosim-cache")
}

/// Whether to run: verilator present. Missing verilator skips loudly, or fails under CI.
fn have_verilator() -> bool {
    if Verilator::available() {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!("verilator is not installed, and CI is set: co-simulation tests must run in CI");
    }
    eprintln!("\n*** SKIPPED: verilator is not installed; co-simulation self-test not run ***\n");
    false
}

fn toy_rtl() -> Rtl {
    match Rtl::build(&toy_verilog(), &cache_root()) {
        Ok(rtl) => rtl,
        Err(e) => panic!("building the stand-in RTL: {e}"),
    }
}

/// s_mov_b32 s0, 5; s_mov_b32 s1, -3; s_mov_b32 s2, 0x12345678;
/// s_add_u32 s4, s2, 0xf0000000; s_add_u32 s5, s0, s1; s_mov_b32 s3, s2; s_endpgm
const PROGRAM: &[u32] = &[
    0xbe80_0085,
    0xbe81_00c3,
    0xbe82_00ff,
    0x1234_5678,
    0x8004_ff02,
    0xf000_0000,
    0x8005_0100,
    0xbe83_0002,
    0xbfb0_0000,
];

const S_ENDPGM: u32 = 0xbfb0_0000;
const S_BRANCH_SELF: u32 = 0xbfa0_ffff;

/// A model that replays a fixed script.
struct Scripted(std::vec::IntoIter<Result<Option<TraceEvent>, ModelStop>>);

impl Scripted {
    fn new(events: Vec<TraceEvent>, last: Result<Option<TraceEvent>, ModelStop>) -> Scripted {
        let mut v: Vec<_> = events.into_iter().map(|e| Ok(Some(e))).collect();
        v.push(last);
        Scripted(v.into_iter())
    }
}

impl Model for Scripted {
    fn step(&mut self) -> Result<Option<TraceEvent>, ModelStop> {
        self.0.next().unwrap_or(Ok(None))
    }
}

#[test]
fn build_is_cached_by_content() {
    if !have_verilator() {
        return;
    }
    let first = verilate::build(&toy_verilog(), &cache_root()).expect("build");
    let second = verilate::build(&toy_verilog(), &cache_root()).expect("build again");
    assert!(second.reused, "second build should reuse the first");
    assert_eq!(first.dir, second.dir);
    assert!(second.exe.is_file());
}

#[test]
fn rtl_run_gives_normalized_trace() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    let run = rtl.run(PROGRAM, 1000, None).expect("run");
    assert_eq!(run.end, RtlEnd::Done);
    assert_eq!(run.events.len(), 7);
    assert!(
        run.cycles > 7,
        "several cycles per instruction: {}",
        run.cycles
    );
    let e = &run.events[3].event;
    assert_eq!(e.pc, 16);
    assert_eq!(e.words, [0x8004_ff02, 0xf000_0000]);
    assert_eq!(e.exec, 0xffff_ffff);
    assert_eq!(
        e.writes,
        [
            Write::Sgpr {
                index: 4,
                value: 0x0234_5678
            },
            Write::Scc(true)
        ]
    );
    assert_eq!(run.events[8 - 2].event.words, [S_ENDPGM]);
    assert!(run.events.windows(2).all(|w| w[0].cycle < w[1].cycle));
}

#[test]
fn agrees_with_golden_model() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    let report = cosimulate_program(&mut rtl, PROGRAM, &CosimOptions::default()).expect("cosim");
    if let Some(d) = &report.divergence {
        panic!("unexpected divergence:\n{d}");
    }
    assert_eq!(report.instructions, 7);
    assert_eq!(report.rtl_end, RtlEnd::Done);
}

#[test]
fn injected_model_fault_is_caught_with_waveform() {
    if !have_verilator() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let vcd = dir.path().join("waves/program.vcd");
    let options = CosimOptions {
        inject_model_fault: Some(3),
        vcd_on_divergence: Some(vcd.clone()),
        ..CosimOptions::default()
    };
    let mut rtl = toy_rtl();
    let report = cosimulate_program(&mut rtl, PROGRAM, &options).expect("cosim");
    let d = report
        .divergence
        .expect("the injected fault must be caught");
    assert_eq!((d.wave, d.index), (0, 3));
    let (Side::Event(model), Side::Event(rtl_event)) = (&d.model, &d.rtl) else {
        panic!("both sides should have retired an instruction: {d}");
    };
    assert_eq!(model.pc, 16);
    assert_eq!(rtl_event.pc, 16);
    assert_ne!(model.writes, rtl_event.writes);
    assert_eq!(d.before.len(), 3);
    assert_eq!(report.instructions, 3);
    let text = d.to_string();
    for needle in [
        "divergence at instruction #3 of wave 0 (pc 0x0010)",
        "model: wave 0 pc 0x0010 [8004ff02 f0000000] exec 0xffffffff s4=0x02345679 scc=1",
        "rtl:   wave 0 pc 0x0010 [8004ff02 f0000000] exec 0xffffffff s4=0x02345678 scc=1",
        "differs in: writes",
        "#2",
        "waveform: ",
    ] {
        assert!(text.contains(needle), "report lacks `{needle}`:\n{text}");
    }
    assert_eq!(d.vcd.clone().map(|r| r.ok()), Some(Some(vcd.clone())));
    let size = std::fs::metadata(&vcd).map(|m| m.len()).unwrap_or(0);
    assert!(
        size > 1000,
        "waveform {} is missing or empty",
        vcd.display()
    );
}

#[test]
fn timeout_is_a_divergence() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    let words = [S_BRANCH_SELF, S_ENDPGM];
    let options = CosimOptions {
        max_cycles: 50,
        ..CosimOptions::default()
    };
    let report = cosimulate_program(&mut rtl, &words, &options).expect("cosim");
    assert_eq!(report.rtl_end, RtlEnd::Timeout);
    assert_eq!(report.cycles, 50);
    let d = report.divergence.expect("a timeout fails");
    assert_eq!(d.rtl, Side::Timeout { cycles: 50 });
    assert!(matches!(d.model, Side::Event(_)));
    assert!(d.to_string().contains("timeout"), "{d}");
}

#[test]
fn rtl_error_is_reported_and_matched() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    // s_mov_b32 s0, 5 and then no s_endpgm: both sides stop at pc 4.
    let words = [0xbe80_0085];
    let run = rtl.run(&words, 100, None).expect("run");
    assert_eq!(run.end, RtlEnd::Error { pc: 4 });
    assert_eq!(run.events.len(), 1);
    let report =
        cosimulate_program(&mut rtl, &words, &CosimOptions::default()).expect("cosim agrees");
    assert!(report.agreed(), "same error on both sides is agreement");
    assert!(!report.passed(), "a fault is not a pass");
    let fault = report.fault.expect("the fault is reported");
    assert_eq!((fault.wave, fault.pc), (0, 4));
    assert!(fault.message.contains("outside the program"), "{fault}");

    // A model that stops elsewhere, or ends normally, disagrees.
    let events: Vec<TraceEvent> = run.events.iter().map(|e| e.event.clone()).collect();
    let stop = ModelStop {
        pc: Some(8),
        wave: None,
        message: "something else".into(),
    };
    let mut model = Scripted::new(events.clone(), Err(stop));
    let d = compare(&run, &mut model, &CosimOptions::default())
        .divergence
        .expect("different error pcs");
    assert_eq!(d.index, 1);
    assert!(matches!(d.rtl, Side::Error { pc: Some(4), .. }), "{d}");
    let mut model = Scripted::new(events, Ok(None));
    let d = compare(&run, &mut model, &CosimOptions::default())
        .divergence
        .expect("model ended, RTL errored");
    assert_eq!(d.model, Side::Ended);
    let text = d.to_string();
    assert!(
        text.contains("stopped with an error at pc 0x0004"),
        "{text}"
    );
}

#[test]
fn either_side_ending_early_is_a_divergence() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    let run = rtl.run(PROGRAM, 1000, None).expect("run");
    let events: Vec<TraceEvent> = run.events.iter().map(|e| e.event.clone()).collect();

    let mut short = Scripted::new(events[..4].to_vec(), Ok(None));
    let d = compare(&run, &mut short, &CosimOptions::default())
        .divergence
        .expect("model ended early");
    assert_eq!((d.index, &d.model), (4, &Side::Ended));
    assert_eq!(d.rtl, Side::Event(events[4].clone()));
    assert!(d.rtl_when.is_some());

    let mut extra = events.clone();
    extra.push(events[0].clone());
    let mut long = Scripted::new(extra, Ok(None));
    let d = compare(&run, &mut long, &CosimOptions::default())
        .divergence
        .expect("RTL ended early");
    assert_eq!((d.index, &d.rtl), (7, &Side::Ended));
    assert_eq!(d.before.len(), 5, "context is 5 events");
    let text = d.to_string();
    assert!(text.contains("rtl:   ended (s_endpgm)"), "{text}");

    let mut exact = Scripted::new(events, Ok(None));
    assert!(compare(&run, &mut exact, &CosimOptions::default()).passed());
}

#[test]
fn one_process_runs_many_programs() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    for i in 0..60u32 {
        // s_mov_b32 s(i % 100), i; ...; s_endpgm, of varying length.
        let mut words: Vec<u32> = (0..=i % 7)
            .map(|k| 0xbe80_00ff | (((i + k) % 100) << 16))
            .flat_map(|w| [w, i * 0x0101_0101])
            .collect();
        words.push(S_ENDPGM);
        let report = cosimulate(
            &mut rtl,
            &mut cu32_sim::Machine::new(words.clone()),
            &words,
            &CosimOptions::default(),
        )
        .expect("cosim");
        if let Some(d) = report.divergence {
            panic!("program {i}: {d}");
        }
        assert_eq!(report.instructions as u32, i % 7 + 2);
    }
}

#[test]
fn finish_is_reported() {
    if !have_verilator() {
        return;
    }
    let verilog = [PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/finish_top.v")];
    let mut rtl = Rtl::build(&verilog, &cache_root()).expect("build");
    let report =
        cosimulate_program(&mut rtl, &[S_ENDPGM], &CosimOptions::default()).expect("cosim");
    assert_eq!(report.rtl_end, RtlEnd::Finish);
    let d = report.divergence.expect("$finish before s_endpgm retired");
    assert!(matches!(d.rtl, Side::Finish { .. }), "{d}");
    // The same process runs again after a $finish.
    let run = rtl.run(&[S_ENDPGM], 100, None).expect("run again");
    assert_eq!(run.end, RtlEnd::Finish);
}

#[test]
fn a_dead_shim_is_a_clear_error() {
    let built = verilate::Built {
        dir: PathBuf::from("/"),
        exe: PathBuf::from("/bin/false"),
        reused: true,
    };
    let Ok(mut rtl) = Rtl::start(&built) else {
        return; // could not even start: also an error, reported at start
    };
    let err = rtl.run(PROGRAM, 10, None).expect_err("no shim there");
    let text = err.to_string();
    assert!(text.contains("co-simulation shim"), "{text}");
    // A missing executable is reported with its path.
    let missing = verilate::Built {
        exe: PathBuf::from("/nonexistent/cu32_cosim"),
        ..built
    };
    let err = Rtl::start(&missing).err().expect("cannot start");
    assert!(err.to_string().contains("/nonexistent/cu32_cosim"), "{err}");
}

/// The shim's bus memory requests: mapped regions come back from `dump` as mapped (the toy
/// never touches the bus), bad regions are refused with the shim's reason, and the process
/// serves the next run after such a refusal.
#[test]
fn bus_memory_is_mapped_dumped_and_checked() {
    if !have_verilator() {
        return;
    }
    let mut rtl = toy_rtl();
    let bus = BusMemory {
        regions: vec![(0x1000, vec![1, 2, 3]), (0x8000, vec![0xdead_beef])],
        latency: 3,
        stall_permille: 500,
        seed: 9,
    };
    let run = rtl.run_with(PROGRAM, &bus, 1000, None).expect("run");
    assert_eq!(run.end, RtlEnd::Done);
    assert_eq!(run.memory, bus.regions);
    for (regions, reason) in [
        (vec![(0x1000, vec![1, 2]), (0x1004, vec![3])], "overlaps"),
        (vec![(0x1002, vec![1])], "dword-aligned"),
        (vec![(0xffff_fffc, vec![1, 2])], "below 2^32"),
    ] {
        let bad = BusMemory {
            regions,
            ..BusMemory::default()
        };
        let err = rtl
            .run_with(PROGRAM, &bad, 1000, None)
            .expect_err("refused");
        assert!(err.to_string().contains(reason), "{err}");
    }
    let run = rtl.run(PROGRAM, 1000, None).expect("runs again");
    assert_eq!((run.end, run.memory.len()), (RtlEnd::Done, 0));
}
