//! Per-instruction tests of the golden model for the trickiest semantics (carries, bit-field
//! extract, bit searches, SAVEEXEC, M0-relative moves, SOPK immediate extension), the trace
//! events it emits, and its errors. Expected values are worked out from the chapter 16
//! pseudocode of the RDNA3 reference.

use cu32_sim::model::Program;
use cu32_sim::{Machine, ModelError, TraceEvent, Wave, Write};
use std::sync::Arc;

/// Assembles `body` followed by `s_endpgm`.
fn machine(body: &str) -> Machine {
    let src = format!("{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&src, "test.s").expect("test program assembles");
    Machine::new(program.words)
}

/// Runs `body` to the end; returns the machine and every trace event.
fn run(body: &str) -> (Machine, Vec<TraceEvent>) {
    let mut m = machine(body);
    let mut events = Vec::new();
    m.run_traced(10_000, |e| events.push(e.clone()))
        .expect("program runs");
    (m, events)
}

fn sgpr(m: &Machine, i: usize) -> u32 {
    m.wave().sgpr[i]
}

fn error(body: &str) -> String {
    machine(body)
        .run(10_000)
        .expect_err("program fails")
        .to_string()
}

#[test]
fn initial_state() {
    let m = Machine::new(vec![0xbfb0_0000]);
    let w = m.wave();
    assert!(w.sgpr[..106].iter().all(|&v| v == 0));
    assert_eq!(
        (w.vcc(), w.exec(), w.m0(), w.scc, w.pc),
        (0, 0xffff_ffff, 0, false, 0)
    );
}

#[test]
fn add_carry_chain_64() {
    // 0x00000001_ffffffff + 0x00000000_00000001 = 0x00000002_00000000
    let (m, _) = run("s_mov_b32 s0, -1\ns_mov_b32 s1, 1\n\
                      s_add_u32 s2, s0, 1\ns_addc_u32 s3, s1, 0");
    assert_eq!((sgpr(&m, 2), sgpr(&m, 3)), (0, 2));
    assert!(!m.wave().scc);
    // carry in + both maximal: 0xffffffff + 0xffffffff + 1 = 0x1_ffffffff
    let (m, _) = run("s_cmp_eq_u32 0, 0\ns_addc_u32 s0, -1, -1");
    assert_eq!(sgpr(&m, 0), 0xffff_ffff);
    assert!(m.wave().scc);
}

#[test]
fn subb_borrow_uses_64_bit_compare() {
    // SCC = S1 + SCC > S0 computed in 64 bits: 0xffffffff + 1 > 0xffffffff.
    let (m, _) = run("s_cmp_eq_u32 0, 0\ns_subb_u32 s0, -1, -1");
    assert_eq!(sgpr(&m, 0), 0xffff_ffff);
    assert!(m.wave().scc);
    let (m, _) = run("s_subb_u32 s0, -1, -1");
    assert_eq!(sgpr(&m, 0), 0);
    assert!(!m.wave().scc);
}

#[test]
fn bfe_fields_and_sign() {
    // offset 28, width 8 of 0x80000000: signed form shifts arithmetically first.
    let (m, _) = run("s_mov_b32 s0, 0x80000000\ns_mov_b32 s1, 0x8001c\n\
                      s_bfe_i32 s2, s0, s1\ns_bfe_u32 s3, s0, s1");
    assert_eq!((sgpr(&m, 2), sgpr(&m, 3)), (0xffff_fff8, 8));
    // width 0 gives 0 and SCC = 0; offset is masked to 5 bits.
    let (m, _) = run("s_bfe_i32 s0, -1, 0x3f\ns_movk_i32 s2, 0xf0\ns_bfe_u32 s1, s2, 0x40024");
    assert_eq!((sgpr(&m, 0), sgpr(&m, 1)), (0, 0xf));
    assert!(m.wave().scc);
    let (m, _) = run("s_bfe_u64 s[0:1], -1, 0x210000");
    assert_eq!((sgpr(&m, 0), sgpr(&m, 1)), (0xffff_ffff, 1));
}

#[test]
fn bit_searches_return_minus_one_when_none() {
    let (m, _) = run(
        "s_ctz_i32_b32 s0, 0\ns_clz_i32_u32 s1, 0\ns_cls_i32 s2, -1\n\
                      s_ctz_i32_b64 s3, 0\ns_clz_i32_u64 s4, 0\ns_cls_i32_i64 s5, 0\n\
                      s_ctz_i32_b32 s6, 0x80000000\ns_clz_i32_u32 s7, 1\ns_cls_i32 s8, 0x40000000",
    );
    for i in 0..6 {
        assert_eq!(sgpr(&m, i), 0xffff_ffff, "s{i}");
    }
    assert_eq!((sgpr(&m, 6), sgpr(&m, 7), sgpr(&m, 8)), (31, 31, 1));
}

#[test]
fn saveexec_writes_exec_destination_and_scc() {
    let (m, events) = run("s_mov_b32 exec_lo, 0xf0\ns_and_saveexec_b32 s0, 0x3c");
    assert_eq!(sgpr(&m, 0), 0xf0);
    assert_eq!(m.wave().exec(), 0x30);
    let ev = &events[1];
    assert_eq!(ev.exec, 0xf0, "EXEC before the instruction");
    assert_eq!(
        ev.writes,
        vec![
            Write::Sgpr {
                index: 0,
                value: 0xf0
            },
            Write::Sgpr {
                index: 126,
                value: 0x30
            },
            Write::Scc(true)
        ]
    );
    // Destination EXEC_LO itself: D0 = saveexec is written last and wins.
    let (m, events) = run("s_or_saveexec_b32 exec_lo, 0");
    assert_eq!(m.wave().exec(), 0xffff_ffff);
    assert_eq!(
        events[0].writes,
        vec![
            Write::Sgpr {
                index: 126,
                value: 0xffff_ffff
            },
            Write::Scc(true)
        ]
    );
}

#[test]
fn movrel_indexing_and_ranges() {
    let (m, _) = run("s_mov_b32 s17, 7\ns_mov_b32 m0, 10\ns_movrels_b32 s5, s7\n\
                      s_movreld_b32 s6, s17\ns_mov_b32 m0, 0x14000a\ns_movrelsd_2_b32 s30, s7");
    assert_eq!((sgpr(&m, 5), sgpr(&m, 16), sgpr(&m, 50)), (7, 7, 7));
    // b64 ignores the index's low bit; out-of-range destinations are not written.
    let (m, _) = run("s_mov_b32 s10, 1\ns_mov_b32 s11, 2\ns_mov_b32 m0, 7\n\
                      s_movrels_b64 s[0:1], s[4:5]\ns_mov_b32 m0, 2\ns_movreld_b32 vcc_lo, 5");
    assert_eq!((sgpr(&m, 0), sgpr(&m, 1)), (1, 2));
    assert_eq!((m.wave().sgpr[108], m.wave().vcc()), (0, 0));
}

#[test]
fn cmpk_immediate_extension() {
    // Signed forms sign-extend SIMM16, unsigned forms zero-extend it.
    let (m, _) = run("s_mov_b32 s0, -1\ns_cmpk_eq_i32 s0, 0xffff");
    assert!(m.wave().scc);
    let (m, _) = run("s_mov_b32 s0, -1\ns_cmpk_eq_u32 s0, 0xffff");
    assert!(!m.wave().scc);
    let (m, _) = run("s_mov_b32 s0, 0xffff\ns_cmpk_eq_u32 s0, 0xffff");
    assert!(m.wave().scc);
    let (m, _) = run("s_mov_b32 s0, 0\ns_cmpk_gt_i32 s0, 0x8000");
    assert!(m.wave().scc);
    let (m, _) = run("s_mov_b32 s0, 0\ns_cmpk_gt_u32 s0, 0x8000");
    assert!(!m.wave().scc);
}

#[test]
fn addk_overflow() {
    let (m, _) = run("s_mov_b32 s0, 0x7fffffff\ns_addk_i32 s0, 1");
    assert_eq!(sgpr(&m, 0), 0x8000_0000);
    assert!(m.wave().scc);
    let (m, _) = run("s_mov_b32 s0, -1\ns_addk_i32 s0, 1");
    assert_eq!(sgpr(&m, 0), 0);
    assert!(!m.wave().scc);
}

#[test]
fn trace_events() {
    let (_, events) = run(
        "s_mov_b64 s[2:3], 0x12345678\ns_cmp_eq_u32 0, 0\ns_cmp_eq_u32 0, 0\n\
                           s_add_u32 null, 1, 1",
    );
    assert_eq!(events.len(), 5);
    assert_eq!(events[0].pc, 0);
    assert_eq!(events[0].words, vec![0xbe82_01ff, 0x1234_5678]);
    assert_eq!(
        events[0].writes,
        vec![
            Write::Sgpr {
                index: 2,
                value: 0x1234_5678
            },
            Write::Sgpr { index: 3, value: 0 }
        ]
    );
    assert_eq!(events[1].pc, 8);
    // SCC is reported whenever written, even unchanged.
    assert_eq!(events[2].writes, vec![Write::Scc(true)]);
    // A null destination: no register write, SCC still written.
    assert_eq!(events[3].writes, vec![Write::Scc(false)]);
    assert!(events[4].writes.is_empty());
    assert!(events.iter().all(|e| e.wave == 0 && e.exec == 0xffff_ffff));
}

#[test]
fn ttmp_writes_are_dropped_with_their_scc() {
    let (m, events) = run("s_cmp_eq_u32 0, 0\ns_add_u32 ttmp0, 0, 0");
    assert!(m.wave().scc);
    assert_eq!(m.wave().sgpr[108], 0);
    assert!(events[1].writes.is_empty());
}

#[test]
fn step_after_end_and_state_after_error() {
    let mut m = machine("s_mov_b32 s0, 1");
    assert!(m.step().unwrap().is_some());
    assert!(m.step().unwrap().is_some());
    assert!(m.ended());
    assert!(m.step().unwrap().is_none());
    assert_eq!(m.retired(), 2);
}

#[test]
fn errors_name_pc_and_word() {
    let e = error("s_nop 0\ns_trap 2");
    assert!(
        e.contains("pc 0x0004") && e.contains("s_trap") && e.contains("0xbf900002"),
        "{e}"
    );
    let e = error("s_branch 100");
    assert!(
        e.contains("pc 0x0000") && e.contains("branch target 0x194"),
        "{e}"
    );
    let e = error("s_branch -2");
    assert!(e.contains("branch target"), "{e}");
    let e = error("s_getreg_b32 s0, hwreg(HW_REG_STATUS)");
    assert!(e.contains("hardware register id 2"), "{e}");
    let e = error("s_mov_b32 s0, src_shared_base");
    assert!(e.contains("operand code 235"), "{e}");
    let e = error("s_nop 0\ns_code_end");
    assert!(e.contains("pc 0x0004") && e.contains("s_code_end"), "{e}");

    let mut m = Machine::new(vec![0xbf80_0000]); // s_nop 0, then the code ends
    let e = m.run(10).unwrap_err();
    assert!(
        matches!(e, ModelError::PcOutsideProgram { pc: 4, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("pc 0x0004"), "{e}");

    // EXP encoding: a format outside the tables (0x7e000000 is now v_nop, a VOP1 row)
    let mut m = Machine::new(vec![0xf800_0000]);
    let e = m.run(10).unwrap_err().to_string();
    assert_eq!(e, "pc 0x0000: unknown instruction word 0xf8000000");

    let mut m = Machine::new(vec![0xbe80_00ff]); // literal missing
    let e = m.run(10).unwrap_err().to_string();
    assert_eq!(
        e,
        "pc 0x0000: instruction 0xbe8000ff needs 2 dwords, but the code ends"
    );

    let mut m = Machine::new(vec![0xbfa0_ffff]); // s_branch to itself
    let e = m.run(50).unwrap_err().to_string();
    assert_eq!(e, "instruction budget of 50 exhausted at pc 0x0000");
    assert_eq!(m.retired(), 50);
}

#[test]
fn unsupported_opcodes_stop_the_wave() {
    for name in cu32_sim::model::UNSUPPORTED.iter().map(|(n, _)| *n) {
        let op = *cu32_isa::tables().by_name(name).first().expect("table row");
        let mut instr = cu32_isa::Instr::new(op);
        if instr.needs_literal() {
            instr.literal = Some(0);
        }
        let mut m = Machine::new(instr.encode());
        let e = m.run(10).unwrap_err();
        assert!(
            matches!(e, ModelError::Unsupported { pc: 0, .. }) && e.to_string().contains(name),
            "{name}: {e}"
        );
        assert_eq!(
            m.wave(),
            &cu32_sim::Wave::new(),
            "{name} left the state unchanged"
        );
    }
}

/// A small deterministic pseudo-random generator (xorshift64*), so the test needs no crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

#[test]
fn random_instructions_never_panic_and_keep_invariants() {
    let ops = cu32_isa::tables().ops();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..100_000 {
        let op = &ops[(rng.next() % ops.len() as u64) as usize];
        let mut instr = cu32_isa::Instr::new(op);
        let r = rng.next();
        instr.sdst = (r & 0x7f) as u8;
        instr.ssrc0 = (r >> 8) as u8;
        instr.ssrc1 = (r >> 16) as u8;
        instr.simm16 = (r >> 24) as u16;
        if instr.needs_literal() {
            instr.literal = Some((r >> 40) as u32);
        }
        let mut code = instr.encode();
        code.extend([0xbfb0_0000; 4]); // s_endpgm padding: branch targets stay inside
        let mut m = Machine::new(code);
        for (i, reg) in m.wave_mut().sgpr.iter_mut().enumerate() {
            if !(108..=124).contains(&i) {
                *reg = rng.next() as u32 & if i == 125 { 0x3f } else { u32::MAX };
            }
        }
        m.wave_mut().scc = r >> 63 == 1;
        let before = m.wave().clone();
        match m.step() {
            Ok(Some(ev)) => {
                assert_eq!((ev.pc, ev.exec), (0, before.exec()));
                let mut last = None;
                for w in &ev.writes {
                    if let Write::Sgpr { index, .. } = *w {
                        assert!(!(108..=124).contains(&index), "{instr}: write to {index}");
                        assert!(last < Some(index), "{instr}: writes out of order");
                        last = Some(index);
                    }
                }
            }
            Ok(None) => panic!("{instr}: a fresh machine has not ended"),
            Err(_) => assert_eq!(m.wave(), &before, "{instr}: an error changed the state"),
        }
    }
}

/// A machine recycled after a run starts as a new one: every VGPR the program wrote is
/// zero again, also one written after a branch, or by an instruction outside the decode
/// sweep (here the literal of `s_mov_b32`, `v_mov_b32_e32 v200, 1`, reached by a branch
/// into it).
#[test]
fn a_recycled_machine_starts_in_the_initial_state() {
    let programs = [
        "v_mov_b32 v3, 7\nv_mov_b32 v40, 9\nv_lshlrev_b64 v[41:42], 32, v[40:41]",
        "s_branch 1\ns_mov_b32 s0, 0x7f900281",
        "s_branch 1\ns_nop 0\nv_mov_b32 v90, 5",
        "s_cbranch_scc0 1\ns_endpgm\nv_mov_b32 v90, 5",
    ];
    for body in programs {
        let (m, _) = run(body);
        assert_ne!(m.wave(), &Wave::new(), "{body}: the run changes the state");
        let words = cu32_isa::asm::assemble(&format!("{body}\ns_endpgm\n"), "test.s")
            .expect("test program assembles")
            .words;
        let written = Program::new(words, 0).vgpr_bound(0);
        let program = Arc::new(Program::new(vec![0xbfb0_0000], 0));
        let fresh = Machine::recycle(m, written, program, 0);
        assert_eq!(fresh.wave(), &Wave::new(), "{body}");
        assert!(!fresh.ended() && fresh.retired() == 0);
    }
}
