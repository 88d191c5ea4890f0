//! The memory-wait checker (`cu32_sim::model::waits`) on whole programs: a use of a load's
//! result before the `s_waitcnt` that makes sure it has returned stops the wave at that
//! use, naming the register, the load and the wait it needs, as the reference's rules
//! (§5.6, §8.2, §11.1.1, §12.5) give it; with the wait the program runs to its end.

use cu32_sim::memory::Memory;
use cu32_sim::model::waits::Counter;
use cu32_sim::{Machine, ModelError};

/// The base of the 4 KiB region the programs load from and store to.
const BASE: u32 = 0x10000;

/// The prologue: s[0:1] = BASE, v1 = 0 (the offset), v[6:7] = BASE (a FLAT address).
const PROLOGUE: &str = "s_mov_b32 s0, 0x10000\ns_mov_b32 s1, 0\nv_mov_b32 v1, 0\n\
                        v_mov_b32 v6, 0x10000\nv_mov_b32 v7, 0\n";

/// Runs the prologue and `body` with the checker on (or off), the region holding dword
/// `k` = k + 1; the PC of every line of `body` (1-based) comes back too.
fn run(body: &str, check: bool) -> (Result<Machine, ModelError>, Vec<u32>) {
    let text = format!("{PROLOGUE}{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&text, "t.s").unwrap_or_else(|e| panic!("{e}"));
    let skip = PROLOGUE.lines().count();
    let pcs = (1..=body.lines().count())
        .map(|n| {
            program
                .lines
                .iter()
                .find(|l| l.line == skip + n)
                .map_or(u32::MAX, |l| l.addr)
        })
        .collect();
    let mut memory = Memory::new();
    let bytes = (1..=1024u32).flat_map(|k| k.to_le_bytes()).collect();
    memory
        .map(u64::from(BASE), "data", bytes, true)
        .expect("maps");
    let mut lds = vec![0u8; 4096];
    let mut m = Machine::new(program.words);
    m.check_waits(check);
    let result = loop {
        match m.step_in(&mut memory, &mut lds) {
            Ok(Some(_)) => m.release_barrier(),
            Ok(None) => break Ok(m),
            Err(e) => break Err(e),
        }
    };
    (result, pcs)
}

/// What a wait error says: its PC, the register, the load's PC and the waits it needs
/// (`vm`, `vs`, `lgkm`).
fn hazard(body: &str) -> (u32, String, u32, [Option<u32>; 3], Vec<u32>) {
    let (result, pcs) = run(body, true);
    match result {
        Err(ModelError::Wait { pc, hazard, .. }) => (
            pc,
            hazard.reg.to_string(),
            hazard.load_pc,
            hazard.needs,
            pcs,
        ),
        Err(e) => panic!("another error: {e}\n{body}"),
        Ok(_) => panic!("no wait error\n{body}"),
    }
}

fn clean(body: &str) -> Machine {
    run(body, true).0.unwrap_or_else(|e| panic!("{e}\n{body}"))
}

#[test]
fn a_use_before_the_wait_is_reported_at_the_use() {
    let body = "global_load_b32 v2, v1, s[0:1] offset:8\n\
                v_mov_b32 v9, 5\n\
                v_add_nc_u32 v3, v2, 1";
    let (pc, reg, load_pc, needs, pcs) = hazard(body);
    assert_eq!(pc, pcs[2], "the add, the first use");
    assert_eq!(load_pc, pcs[0]);
    assert_eq!(reg, "v2");
    assert_eq!(needs, [Some(0), None, None]);
    let (result, _) = run(body, true);
    let message = result.err().unwrap().to_string();
    assert!(
        message.contains("v2 read before the global_load_b32 at pc")
            && message.ends_with("(needs s_waitcnt vmcnt(0))"),
        "{message}"
    );
    // Off (the default), the same program runs: the model's loads complete at once.
    assert!(run(body, false).0.is_ok());
    // With the wait right before the use it runs, and the use sees the loaded dword 3.
    let waited = "global_load_b32 v2, v1, s[0:1] offset:8\n\
                  v_mov_b32 v9, 5\n\
                  s_waitcnt vmcnt(0)\n\
                  v_add_nc_u32 v3, v2, 1";
    assert_eq!(clean(waited).wave().vgpr[3][0], 4);
}

#[test]
fn a_write_of_a_pending_register_is_a_hazard_too() {
    let (_, reg, _, needs, _) = hazard("ds_load_b32 v4, v1\nv_mov_b32 v4, 0");
    assert_eq!((reg.as_str(), needs), ("v4", [None, None, Some(0)]));
    let (result, _) = run("ds_load_b32 v4, v1\nv_mov_b32 v4, 0", true);
    assert!(result
        .err()
        .unwrap()
        .to_string()
        .contains("v4 written before"));
    // Another DS load into the same register before the first returned.
    let (_, reg, _, needs, _) = hazard("ds_load_b32 v2, v1\nds_load_b32 v2, v1 offset:4");
    assert_eq!((reg.as_str(), needs), ("v2", [None, None, Some(0)]));
    // VMEM loads of one kind write their VGPRs in order: a second load may write the
    // first one's register (clang's `d16_hi` merges do), but not use it as an address.
    let m = clean(
        "global_load_u16 v2, v1, s[0:1] offset:4\n\
         global_load_d16_hi_b16 v2, v1, s[0:1] offset:8\n\
         s_waitcnt vmcnt(0)\n\
         v_mov_b32 v3, v2",
    );
    assert_eq!(m.wave().vgpr[3][0], 0x0003_0002);
    let (_, reg, _, needs, _) =
        hazard("global_load_b32 v1, v1, s[0:1]\nglobal_load_b32 v2, v1, s[0:1] offset:4");
    assert_eq!((reg.as_str(), needs), ("v1", [Some(0), None, None]));
    // A SMEM load into the registers of another is a hazard (they return in any order).
    let (_, reg, _, _, _) = hazard("s_load_b32 s4, s[0:1], 0x0\ns_load_b32 s4, s[0:1], 0x4");
    assert_eq!(reg, "s4");
}

#[test]
fn vmcnt_counts_down_in_order() {
    let loads = "global_load_b32 v2, v1, s[0:1]\n\
                 global_load_b64 v[4:5], v1, s[0:1] offset:4\n\
                 global_load_b32 v3, v1, s[0:1] offset:12\n";
    // With three outstanding, the first is done once at most two are: vmcnt(2); the
    // second at vmcnt(1); the last at vmcnt(0).
    for (use_, n) in [("v2", 2), ("v5", 1), ("v3", 0)] {
        let body = format!("{loads}v_mov_b32 v10, {use_}");
        let (pc, reg, load_pc, needs, pcs) = hazard(&body);
        assert_eq!((pc, reg.as_str()), (pcs[3], use_));
        assert_eq!(needs, [Some(n), None, None], "{use_}");
        let first = [0, 1, 2][2 - n as usize];
        assert_eq!(load_pc, pcs[first]);
        // The wait it names is enough, and one more is not.
        clean(&format!(
            "{loads}s_waitcnt vmcnt({n})\nv_mov_b32 v10, {use_}"
        ));
        let (_, _, _, again, _) = hazard(&format!(
            "{loads}s_waitcnt vmcnt({})\nv_mov_b32 v10, {use_}",
            n + 1
        ));
        assert_eq!(again, needs);
    }
    // The example of §5.6.
    let m = clean(
        "global_load_b32 v0, v1, s[0:1]\n\
         global_load_b32 v2, v1, s[0:1] offset:8\n\
         s_waitcnt vmcnt(1)\n\
         v_mov_b32 v9, v0",
    );
    assert_eq!(m.wave().vgpr[9][0], 1);
    // Stores count on vscnt, not in vmcnt's order: a store after the load does not let
    // vmcnt(1) cover it.
    let (_, _, _, needs, _) = hazard(
        "global_load_b32 v2, v1, s[0:1]\n\
         global_store_b32 v1, v9, s[0:1] offset:64\n\
         s_waitcnt vmcnt(1)\n\
         v_mov_b32 v10, v2",
    );
    assert_eq!(needs, [Some(0), None, None]);
}

#[test]
fn smem_returns_out_of_order_and_needs_lgkmcnt_0() {
    let loads = "s_load_b32 s4, s[0:1], 0x0\ns_load_b64 s[6:7], s[0:1], 0x8\n";
    let (_, reg, _, needs, _) = hazard(&format!("{loads}s_waitcnt lgkmcnt(1)\ns_mov_b32 s9, s4"));
    assert_eq!((reg.as_str(), needs), ("s4", [None, None, Some(0)]));
    let m = clean(&format!(
        "{loads}s_waitcnt lgkmcnt(0)\ns_add_u32 s9, s4, s7"
    ));
    assert_eq!(m.wave().sgpr[9], 1 + 4);
    // A DS load with an SMEM load issued after it: lgkmcnt(1) could be the DS one.
    let (_, reg, _, needs, _) = hazard(
        "ds_load_b32 v3, v1\ns_load_b32 s4, s[0:1], 0x0\ns_waitcnt lgkmcnt(1)\nv_mov_b32 v9, v3",
    );
    assert_eq!((reg.as_str(), needs), ("v3", [None, None, Some(0)]));
    // Two DS loads are in order: lgkmcnt(1) covers the first.
    clean(
        "ds_load_b32 v3, v1\nds_load_b32 v4, v1 offset:4\ns_waitcnt lgkmcnt(1)\nv_mov_b32 v9, v3",
    );
    // An SMEM destination read as VCC, M0 or EXEC is caught too.
    let (_, reg, _, _, _) = hazard("s_load_b32 vcc_lo, s[0:1], 0x0\ns_cbranch_vccz 0");
    assert_eq!(reg, "vcc_lo");
}

#[test]
fn flat_waits_for_both_counters() {
    // A FLAT load counts on vmcnt and lgkmcnt: after vmcnt(0) alone its LDS part may
    // still be out; with a DS load after it, lgkmcnt(1) covers that part (in order).
    let body = "flat_load_b32 v2, v[6:7]\nds_load_b32 v3, v1\ns_waitcnt vmcnt(0)\nv_mov_b32 v9, v2";
    let (_, reg, _, needs, _) = hazard(body);
    assert_eq!((reg.as_str(), needs), ("v2", [None, None, Some(1)]));
    let (_, _, _, needs, _) = hazard("flat_load_b32 v2, v[6:7]\nv_mov_b32 v9, v2");
    assert_eq!(needs, [Some(0), None, Some(0)]);
    let m = clean(
        "flat_load_b32 v2, v[6:7] offset:4\nds_load_b32 v3, v1\n\
         s_waitcnt vmcnt(0) lgkmcnt(1)\nv_mov_b32 v9, v2",
    );
    assert_eq!(m.wave().vgpr[9][0], 2);
}

#[test]
fn stores_and_the_end_need_no_wait() {
    // A store's data and address are read when it issues; s_endpgm waits by itself.
    clean(
        "global_store_b32 v1, v1, s[0:1]\nv_mov_b32 v1, 4\n\
         global_atomic_add_u32 v1, v1, s[0:1]\nds_store_b32 v1, v1\n\
         global_load_b32 v2, v1, s[0:1]\ns_load_b32 s4, s[0:1], 0x0",
    );
    // s_waitcnt_vscnt orders stores only: it does not cover a load.
    let (_, _, _, needs, _) =
        hazard("global_load_b32 v2, v1, s[0:1]\ns_waitcnt_vscnt null, 0x0\nv_mov_b32 v3, v2");
    assert_eq!(needs[Counter::Vm as usize], Some(0));
    // An atomic with GLC returns a value on vmcnt.
    let (_, reg, _, needs, _) =
        hazard("global_atomic_add_u32 v5, v1, v1, s[0:1] glc\nv_mov_b32 v3, v5");
    assert_eq!((reg.as_str(), needs), ("v5", [Some(0), None, None]));
}

// ---- the suite ----------------------------------------------------------------------------

fn kernels() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels")
}

/// Every `.s` program under `dir`, recursively.
fn programs_under(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            programs_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "s") {
            out.push(path);
        }
    }
}

/// Every single-wave program of `kernels/` (the `dispatch/` kernels are code-object
/// sources for clang, checked by `tests/cli.rs`) runs with the checker on, as
/// co-simulation runs it (the data region mapped, a 16 KiB LDS), without a wait error:
/// to its end, or to the fault it stops at on purpose. Every kernel of
/// `kernels/opencl/` runs its launch with the checker on to its end.
#[test]
fn the_suite_waits_for_memory_as_the_isa_says() {
    use cu32_sim::cosim::{data_region, BusMemory, MemoryMachine};
    let mut files = Vec::new();
    programs_under(&kernels(), &mut files);
    files.retain(|f| !f.components().any(|c| c.as_os_str() == "dispatch"));
    assert!(files.len() > 80, "{} programs", files.len());
    let bus = BusMemory {
        regions: vec![data_region()],
        ..BusMemory::default()
    };
    let mut failures = Vec::new();
    let (mut ended, mut loads) = (0, 0);
    for path in &files {
        let source = std::fs::read_to_string(path).expect("reads");
        let name = path.display().to_string();
        let program = cu32_isa::asm::assemble(&source, &name).unwrap_or_else(|e| panic!("{e}"));
        let mut model = MemoryMachine::new(&program.words, &bus)
            .expect("maps")
            .with_lds(16384);
        model.machine.check_waits(true);
        let mut steps = 0;
        loop {
            match model.machine.step_in(&mut model.memory, &mut model.lds) {
                Ok(Some(event)) => {
                    let i = cu32_isa::decode(&event.words).expect("decodes");
                    loads += usize::from(cu32_sim::model::waits::mem_op(&i).is_some());
                    model.machine.release_barrier();
                }
                Ok(None) => {
                    ended += 1;
                    break;
                }
                Err(e @ ModelError::Wait { .. }) => {
                    failures.push(format!("{name}: {e}"));
                    break;
                }
                Err(_) => break,
            }
            steps += 1;
            assert!(steps < 1_000_000, "{name}: no end");
        }
    }
    println!(
        "{} programs, {ended} to s_endpgm, {loads} memory instructions",
        files.len()
    );
    assert!(loads > 200, "{loads} memory instructions");

    let opencl = kernels().join("opencl");
    let mut names: Vec<String> = std::fs::read_dir(opencl.join("build"))
        .expect("the built kernels")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.extension()? == "co").then_some(stem)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{names:?}");
    for name in &names {
        let bytes = std::fs::read(opencl.join(format!("build/{name}.co"))).expect("reads");
        let code = cu32_isa::code_object::CodeObject::parse(&bytes).expect("parses");
        let launch = cu32_sim::launch::Launch::from_file(&opencl.join(format!("{name}.yaml")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut memory = Memory::new();
        let mut dispatch = cu32_sim::dispatch::prepare(&code, &launch, &mut memory)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        dispatch.check_waits = true;
        let run = cu32_sim::model::workgroup::run_dispatch(
            &code,
            &launch,
            &dispatch,
            &mut memory,
            50_000_000,
            None,
        );
        if let Err(e) = run {
            failures.push(format!("opencl/{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
