//! The scalar core: instruction memory, the sequencer FSM (fetch word + literal, read
//! operands, execute, write back, retire), the SGPR file, the branch unit and the trace
//! port. One instruction at a time, of the wave in the slot the dispatcher selects.
//!
//! - Instruction memory: a rust-hdl `RAM` (registered read → ECP5 DP16KD), written by the
//!   host through `imem_*`, read by the sequencer; the read data is used one cycle after the
//!   address (the RAM's own output register) and then captured in `ir0`/`ir1`. While an
//!   instruction executes (after Check), the read port fetches the next one (in PC order,
//!   or a taken branch's target: `pf0`, `pf1`; when it follows in the words Check already
//!   has, at once: the window); the retirement (Retire, the last Write step, or Ex3 or
//!   VExec with the next instruction prefetched) hands it to `ir0`/`ir1` and the decode
//!   tables when the next PC is that one, and it starts at Check, three cycles sooner
//!   (Fetch..Fetch2 skipped). A hint, a branch not taken on SCC or EXEC and an
//!   `s_waitcnt*` whose counts are met retire in their Check (`hint_ret`), handing the
//!   words that follow them there.
//! - SGPR file: outside (the top's block RAM of 128 × 32 per wave slot), indexed by the
//!   operand code itself (s0..s105, vcc, ttmp, null, m0, exec) within the slot, so two read
//!   ports (a Read step takes two words) and one write port serve every scalar register. An SGPR not written since its
//!   wave's `start` reads 0 (the top keeps a written bit per SGPR), so `start` sweeps only
//!   those that may start non-zero ([`SWEPT`] then EXEC_LO, 35 cycles) to the wave's
//!   initial values (`init_sgpr` for SGPR `init_idx`; the dispatcher gives 0 and EXEC_LO =
//!   all ones for a plain program) before the first fetch. VCC, M0
//!   and EXEC are mirrored in flip-flops for branches, M0-relative addressing and the trace.
//! - Wave slots: `park` at the retirement (the dispatcher's `s_barrier` in a work-group of
//!   several waves) stops in `Parked`; an instruction held at Check while `yield_ok` (the
//!   dispatcher has another wave ready) stops in `Yielded` at that instruction (`yield_v`,
//!   `yield_m`, `yield_s`: what it waits for); a dispatched wave's start sweep ends in `Yielded`
//!   too (`start_yields`). The wave's PC, SCC, MODE, VCC, EXEC and M0 are then on `ctx_*`
//!   for the dispatcher to keep; `resume` continues a wave from `resume_*`, addressing
//!   the instruction memory with its PC, and fetches. A wave that gives way or parks
//!   (`gave_way`, `parking`) while the dispatcher offers a ready wave (`direct_ok`,
//!   `direct_park_ok`) hands its state over on `ctx_*` and takes that wave's from
//!   `resume_*` in the same cycle, without stopping (a direct switch). A wave that gives
//!   way, or parks with the next instruction prefetched, also hands over that
//!   instruction's words 0 and 1 (`ctx_kept`, `ctx_w0`, `ctx_w1`); resuming it
//!   (`resume_kept`) loads them and goes to Fetch2, skipping Fetch and Fetch1.
//! - PC: counts from `pc_base` (a dispatch's ENTRY, where the instruction memory's word 0
//!   comes from); the PC-reading and -writing instructions see `pc_base` + PC.
//! - MODE (the only hardware register, `hwreg` id 1) is a flip-flop register, `init_mode`
//!   at `start` (0 for a plain program, from COMPUTE_PGM_RSRC1 for a dispatched wave),
//!   read and written through the SALU (`s_getreg_b32`, `s_setreg*`, `s_round_mode`,
//!   `s_denorm_mode`); it is not part of the trace.
//! - M0-relative operands (`s_movrel*`) go through an [`Indexer`] each (source, destination).
//! - Decode is outside (the rendered `cu32_decode`): `ir` goes out, `dec_*` comes back one
//!   cycle later (registered, in the cycles `dec_en` is high: in Check only when the
//!   instruction retires there, its input then the next instruction's words).
//! - Scalar memory (`s_load_b*`, states `SRead`..`SReq`): the core reads SBASE and SOFFSET,
//!   forms the dword address as the golden model does (`sim/src/model/smem.rs`), asks
//!   the scalar memory unit outside (`cu32_smem`, a Wishbone master) for `m_n` dwords at
//!   `m_addr` with a one-cycle `m_req`, and retires the load. The dwords come back one per
//!   `m_valid` cycle, whatever the core is doing, and are written into the SGPR file as
//!   they arrive (traced through `trace_swe`), then `m_done` (`trace_sdone`), or `m_err`
//!   (the wave stops with `error` at the load). One load is outstanding at most; an
//!   instruction that names its registers, a memory instruction, `s_endpgm`, `s_barrier`
//!   and an `s_waitcnt` whose `lgkmcnt` it exceeds wait at Check for it to end (the
//!   scoreboard, `hold`).
//! - A vector instruction without a scalar result runs in the background too, on one of
//!   two units: the VALU (`v_*`: VALU instructions and the DS lane moves) or the memory
//!   unit (`mu_*`: DS, GLOBAL, FLAT). The core hands it to its unit (`v_go`; the memory
//!   unit starts a cycle later, on `mu_frz`) and retires it, and the handshake stays high
//!   (`v_frz` / `mu_frz`: the top holds the unit's operands and wave slot) until the
//!   unit's done, or the memory unit's `mu_err` (GLOBAL), which stops the wave at the
//!   instruction. A memory instruction issued while the memory unit runs one waits in
//!   its queue of one (`mq_frz`, `mq_own`; the top holds its operands too) and takes the
//!   unit's place when that one ends (`mu_next`); a fault drops it. Meanwhile
//!   instructions issue, of this wave or another. A vector instruction waits at Check
//!   while its unit is busy (the memory unit: its queue full) or while an instruction of
//!   its own wave runs in the VALU (`v_own`); a VALU one for the memory unit's
//!   instructions of its wave only when they share a VGPR with it (`vgpr_dep`); SMEM while
//!   the memory unit runs or queues a GLOBAL store or atomic; `s_endpgm` and `s_barrier`
//!   while any instruction of its wave runs; an `s_waitcnt` form while more of its wave's
//!   instructions of a kind are in flight than its count for that kind (`vmcnt`,
//!   `vscnt`, `lgkmcnt`: `*_hold`).
//! - A VALU instruction with a scalar result (a lane mask, `v_readlane`) to an SGPR or VCC
//!   runs in the background as well when no scalar load is outstanding (`vr_busy`): the
//!   core writes the result in the VALU's `done` cycle (traced through `trace_swe`, bit 7
//!   of `trace_sidx` set), and until then the scoreboard holds its register as it holds a
//!   load's (`sb_lo`, `sb_hi`), and SMEM waits. One with a result to M0 or EXEC
//!   (`v_cmpx`), or while a load is outstanding, waits in VExec for the VALU and writes
//!   it back there.
//! - The wave whose load or result is outstanding may give way meanwhile: the writes go
//!   to its slot (`sb_slot`, `sgpr_wslot`), only its instructions meet the scoreboard
//!   (`sb_mine`), and a result to VCC written while it is away waits in `pv_*` until it
//!   runs again, when its VCC copy takes it. It keeps the core while a load's writes
//!   reach VCC or above, while another wave's VCC result waits, and in the cycle its own
//!   result is written (`sb_keep`).

use crate::control::{ASrc, AluOp, BSrc, Cond, Kind, Rel, Wait};
use crate::salu::Salu;
use rust_hdl::prelude::*;

/// The start sweep writes SGPRs 0 .. `SWEPT` - 1, the ones a dispatch may start non-zero
/// (the user SGPRs, at most 31, then up to three work-group ids), then EXEC_LO (126).
pub const SWEPT: u64 = 34;

/// Sequencer states. An instruction takes Fetch..Write or Retire (see `hdl/README.md`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum State {
    Idle,
    Clear,
    Fetch,
    Fetch1,
    Fetch2,
    Check,
    Read,
    Ex1,
    Ex2,
    Ex3,
    Write,
    Retire,
    /// VALU: read the SGPR (pair) of each scalar source and the third instruction word.
    VRead,
    /// VALU: the vector unit runs (`v_go` high until `v_done`).
    VExec,
    /// SMEM: read SBASE lo/hi and the SOFFSET SGPR.
    SRead,
    /// SMEM: the dword address SBASE + OFFSET + SOFFSET (two low bits cleared).
    SAddr,
    /// SMEM: range check (the bus is 32-bit), then the request to the memory unit.
    SReq,
    Done,
    Error,
    /// Wave slots: the wave waits (at `s_barrier`) until the dispatcher resumes it.
    Parked,
    /// Wave slots: the wave gave way to another (its instruction was held at Check, or
    /// its start sweep is over) until the dispatcher resumes it.
    Yielded,
}

/// M0-relative addressing of one operand (reference 3.3.1.4, as the golden model applies it):
/// the register `base + index` when it stays in the base's range, SGPRs and VCC (0..=107)
/// or TTMPs (108..=123); a `null`, `m0` or `exec` base is in range only with index 0, a
/// non-register base (constant, SCC, literal) never. A 64-bit access ignores the low bit of
/// base and index and needs both registers of the pair in range. Out of range, a source
/// reads its plain operand and a destination is not written (the core's job).
#[derive(LogicBlock, Default)]
pub struct Indexer {
    /// The operand code (SSRC0, or SDST zero-extended).
    pub base: Signal<In, Bits<8>>,
    pub index: Signal<In, Bits<32>>,
    pub wide: Signal<In, bool>,
    /// The register reached (meaningful when `ok`).
    pub addr: Signal<Out, Bits<7>>,
    /// The access is in range.
    pub ok: Signal<Out, bool>,
    b: Signal<Local, Bits<8>>,
    i: Signal<Local, Bits<32>>,
    sum: Signal<Local, Bits<8>>,
    last: Signal<Local, Bits<8>>,
}

impl Logic for Indexer {
    #[hdl_gen]
    fn update(&mut self) {
        self.b.next = self.base.val();
        self.i.next = self.index.val();
        if self.wide.val() {
            self.b.next = self.base.val() & 0xfe_u64;
            self.i.next = self.index.val() & 0xffff_fffe_u64;
        }
        // base + index: when `ok`, the base is at most 123 and the index below 128, or the
        // index is 0, so 8 bits hold the sum.
        self.sum.next = self.b.val() + bit_cast::<8, 7>(self.i.val().get_bits::<7>(0));
        // The last register of the base's range: vcc_hi or ttmp15. A pair starts at an even
        // register, so an in-range start leaves room for its odd half.
        self.last.next = 107.into();
        if self.b.val() >= 108 {
            self.last.next = 123.into();
        }
        self.addr.next = self.sum.val().get_bits::<7>(0);
        self.ok.next = (self.i.val() == 0) && (self.b.val() <= 127);
        if self.b.val() <= 123 {
            self.ok.next =
                (self.i.val().get_bits::<25>(7) == 0) && (self.sum.val() <= self.last.val());
        }
    }
}

/// The scalar core with an instruction memory of 2^`IMEM_BITS` words.
#[derive(LogicBlock)]
pub struct Core<const IMEM_BITS: usize> {
    pub clock: Signal<In, Clock>,
    pub rst: Signal<In, bool>,
    pub imem_we: Signal<In, bool>,
    pub imem_addr: Signal<In, Bits<32>>,
    pub imem_wdata: Signal<In, Bits<32>>,
    pub start: Signal<In, bool>,
    /// The wave's initial state, taken while `start` sweeps the SGPR file: `init_sgpr` is
    /// the value of SGPR `init_idx` (the sweep's index: 0 .. [`SWEPT`] - 1, then 126),
    /// `init_exec` EXEC_LO's
    /// flip-flop copy, `init_mode` MODE (the dispatcher's, `templates/dispatch.v.tera`).
    pub init_idx: Signal<Out, Bits<7>>,
    pub init_sgpr: Signal<In, Bits<32>>,
    pub init_exec: Signal<In, Bits<32>>,
    pub init_mode: Signal<In, Bits<32>>,
    /// The SGPR file of the current wave slot, outside (the top's block RAM, addressed
    /// {slot, register}): two registered read ports (data the cycle after the address:
    /// `sgpr_raddr` reads A, or a pair's low word; `sgpr_raddr2` B, or the high word) and
    /// one write port.
    pub sgpr_raddr: Signal<Out, Bits<7>>,
    pub sgpr_rdata: Signal<In, Bits<32>>,
    pub sgpr_raddr2: Signal<Out, Bits<7>>,
    pub sgpr_rdata2: Signal<In, Bits<32>>,
    pub sgpr_we: Signal<Out, bool>,
    pub sgpr_waddr: Signal<Out, Bits<7>>,
    pub sgpr_wdata: Signal<Out, Bits<32>>,
    /// The current wave slot (`slot`, the dispatcher's), and the slot of the SGPR write
    /// (`sgpr_wslot`): the current one, or for a dword of the outstanding load or the
    /// VALU's background result, that of the wave that issued it, which may have given
    /// way since.
    pub slot: Signal<In, Bits<4>>,
    pub sgpr_wslot: Signal<Out, Bits<4>>,
    /// Wave slots: `park` (sampled at the retirement) ends the instruction in `Parked` instead of
    /// fetching the next one (the dispatcher's `s_barrier`). `yield_ok` (sampled at Check)
    /// lets an instruction held there give way to another wave at its own PC instead of
    /// waiting (also with a scalar load or result of the wave outstanding, but for the
    /// cases of `sb_keep`): in that cycle (`gave_way`) it fetches the wave on `resume_*` at once with
    /// `direct_ok`, else stops in `Yielded`. `start_yields` ends the start sweep in
    /// `Yielded` instead of fetching. `ctx_*` are the wave's state to save when it gives
    /// way, in `Parked` and in `Yielded`. `resume` (in `Parked`, `Yielded` or `Done`)
    /// continues a wave of the slot the dispatcher selected from `resume_*`.
    pub park: Signal<In, bool>,
    pub parked: Signal<Out, bool>,
    /// The retirement parks this cycle (`park`); with `direct_park_ok` the core takes the
    /// wave on `resume_*` at once, else it stops in `Parked`.
    pub parking: Signal<Out, bool>,
    pub direct_park_ok: Signal<In, bool>,
    pub yield_ok: Signal<In, bool>,
    pub direct_ok: Signal<In, bool>,
    pub start_yields: Signal<In, bool>,
    pub yielded: Signal<Out, bool>,
    /// The instruction at Check gives way to another wave this cycle.
    pub gave_way: Signal<Out, bool>,
    /// With `gave_way` and in `Yielded`: the wave can go on once the VALU (`yield_v`), the
    /// memory unit (`yield_m`) is idle, the memory unit's queue has room (`yield_q`), the
    /// memory unit has none of its instructions, running or queued (`yield_o`), and the
    /// outstanding scalar load or result is in (`yield_s`, while `s_busy`) (none after the
    /// start sweep).
    pub yield_v: Signal<Out, bool>,
    pub yield_m: Signal<Out, bool>,
    pub yield_q: Signal<Out, bool>,
    pub yield_o: Signal<Out, bool>,
    pub yield_s: Signal<Out, bool>,
    pub s_busy: Signal<Out, bool>,
    pub ctx_pc: Signal<Out, Bits<32>>,
    pub ctx_scc: Signal<Out, bool>,
    pub ctx_mode: Signal<Out, Bits<32>>,
    pub ctx_vcc: Signal<Out, Bits<64>>,
    pub ctx_exec: Signal<Out, Bits<64>>,
    pub ctx_m0: Signal<Out, Bits<32>>,
    /// The instruction at `ctx_pc` is fetched (`ctx_kept`: the wave gave way at Check,
    /// with `gave_way` and in the `Yielded` that follows; or it parks with the next
    /// instruction prefetched, with `parking` and in `Parked`), its words 0 and 1.
    pub ctx_kept: Signal<Out, bool>,
    pub ctx_w0: Signal<Out, Bits<32>>,
    pub ctx_w1: Signal<Out, Bits<32>>,
    pub resume: Signal<In, bool>,
    pub resume_pc: Signal<In, Bits<32>>,
    pub resume_scc: Signal<In, bool>,
    pub resume_mode: Signal<In, Bits<32>>,
    pub resume_vcc: Signal<In, Bits<64>>,
    pub resume_exec: Signal<In, Bits<64>>,
    pub resume_m0: Signal<In, Bits<32>>,
    /// The resumed wave's instruction, as its `ctx_kept`, `ctx_w0` and `ctx_w1` were when
    /// it stopped: with `resume_kept` the core takes the words and skips Fetch and Fetch1.
    pub resume_kept: Signal<In, bool>,
    pub resume_w0: Signal<In, Bits<32>>,
    pub resume_w1: Signal<In, Bits<32>>,
    /// The address of instruction-memory word 0 (a dispatch's ENTRY, 0 for a plain
    /// program): the PC counts from it, `s_getpc_b64` / `s_call_b64` write `pc_base` + PC + 4
    /// and `s_setpc_b64` / `s_swappc_b64` jump to S0 − `pc_base`.
    pub pc_base: Signal<In, Bits<64>>,

    /// Instruction word 0 to the decoder.
    pub ir: Signal<Out, Bits<32>>,
    /// The decode tables load `ir` (and `ir_w1`) this cycle; they hold while it is low.
    pub dec_en: Signal<Out, bool>,
    pub dec_legal: Signal<In, bool>,
    pub dec_lit: Signal<In, bool>,
    pub dec_alu: Signal<In, AluOp>,
    pub dec_a_src: Signal<In, ASrc>,
    pub dec_b_src: Signal<In, BSrc>,
    pub dec_a_wide: Signal<In, bool>,
    pub dec_b_wide: Signal<In, bool>,
    pub dec_d_wide: Signal<In, bool>,
    pub dec_d_we: Signal<In, bool>,
    pub dec_d_cond: Signal<In, bool>,
    pub dec_scc_we: Signal<In, bool>,
    pub dec_kind: Signal<In, Kind>,
    pub dec_cond: Signal<In, Cond>,
    pub dec_exec_we: Signal<In, bool>,
    pub dec_lit_sext: Signal<In, bool>,
    pub dec_a_rel: Signal<In, Rel>,
    pub dec_d_rel: Signal<In, Rel>,
    pub dec_mode_we: Signal<In, bool>,
    pub dec_a_const: Signal<In, Bits<64>>,
    pub dec_b_const: Signal<In, Bits<64>>,
    /// SMEM: the dwords of an `s_load_b*` (0 for the cache invalidates).
    pub dec_smem_n: Signal<In, Bits<5>>,
    /// What the instruction waits for while a memory access runs in the background.
    pub dec_mem_wait: Signal<In, Wait>,
    /// Scalar memory unit: a one-cycle request for `m_n` dwords from byte address
    /// `m_addr` (a dword address, the whole range below 2^32); the dwords come back in order,
    /// one per `m_valid` cycle, `m_done` with the last; `m_err` instead ends a failed load.
    /// The load runs while the wave goes on (at most one outstanding).
    pub m_req: Signal<Out, bool>,
    pub m_addr: Signal<Out, Bits<32>>,
    pub m_n: Signal<Out, Bits<5>>,
    pub m_valid: Signal<In, bool>,
    pub m_data: Signal<In, Bits<32>>,
    pub m_done: Signal<In, bool>,
    pub m_err: Signal<In, bool>,
    /// An SMEM dword written into the SGPR file this cycle (after the load's
    /// `trace_valid`), or the scalar result of the VALU's background instruction (bit 7
    /// of `trace_sidx` set, in the VALU's `done` cycle): register code and value;
    /// `trace_sdone`: the outstanding load has written its last dword (not after a bus
    /// error).
    pub trace_swe: Signal<Out, bool>,
    pub trace_sidx: Signal<Out, Bits<8>>,
    pub trace_sval: Signal<Out, Bits<32>>,
    pub trace_sdone: Signal<Out, bool>,
    /// An instruction waits at issue for the outstanding scalar load this cycle (its
    /// registers, `s_waitcnt`, a memory instruction, `s_endpgm`, `s_barrier`).
    pub ld_wait: Signal<Out, bool>,
    /// `trace_vbg`: the retiring instruction (`trace_valid`) runs on in the background, its
    /// VGPR writes to come: 1 on the VALU, 2 on the memory unit; `trace_vdone` /
    /// `trace_mdone`: the VALU's / memory unit's background instruction has ended (not
    /// with a fault), its VGPR writes on the trace ports this cycle. The memory unit's end
    /// is taken a cycle later when the ports carry the VALU's writes (`mu_take`).
    pub trace_vbg: Signal<Out, Bits<2>>,
    pub trace_vdone: Signal<Out, bool>,
    pub trace_mdone: Signal<Out, bool>,
    /// An instruction waits at issue for the background vector instruction this cycle (a
    /// vector or memory instruction, `s_waitcnt`, `s_endpgm`, `s_barrier`).
    pub vm_wait: Signal<Out, bool>,

    /// Vector decode (`cu32_vdecode`, registered like `dec_*`): a VALU instruction the
    /// vector unit executes, its dwords (with the literal) and the SGPRs of its scalar
    /// sources S0, S1, S2 (S2: also the lane-mask source, VCC = 106).
    pub dec_valu: Signal<In, bool>,
    pub dec_vwords: Signal<In, Bits<2>>,
    pub dec_vsidx0: Signal<In, Bits<7>>,
    pub dec_vsidx1: Signal<In, Bits<7>>,
    pub dec_vsidx2: Signal<In, Bits<7>>,
    /// Which of S0, S1, S2 the vector unit uses (VRead reads only those pairs).
    pub dec_vsread: Signal<In, Bits<3>>,
    /// The vector instruction's scalar destination (any lane mask or `v_readlane` result:
    /// the scoreboard checks it), whether it is a memory instruction (DS, FLAT, GLOBAL),
    /// and whether it runs on the memory unit (all of those but the DS lane moves).
    pub dec_sdst: Signal<In, Bits<7>>,
    pub dec_vmem: Signal<In, bool>,
    pub dec_munit: Signal<In, bool>,
    /// A GLOBAL (or FLAT) instruction (runs in the background), and whether it returns data
    /// into VDST (a load, an atomic with GLC: counted by `vmcnt`; else `vscnt`).
    pub dec_gm: Signal<In, bool>,
    pub dec_gret: Signal<In, bool>,
    /// A GLOBAL store or atomic (it writes memory: SMEM waits for it).
    pub dec_gwr: Signal<In, bool>,
    /// Instruction word 1 (literal / VOP3 second word) to the vector decode: in a
    /// retirement that takes the prefetch, the prefetched word (maybe straight from the
    /// instruction memory's output), else `w1`.
    pub ir_w1: Signal<Out, Bits<32>>,
    /// Instruction word 1 as registered (`ir1`), valid from Check on: the vector units'
    /// operands and the VGPR check read it, so that no path runs from the instruction
    /// memory's output into them.
    pub w1: Signal<Out, Bits<32>>,
    /// Instruction word 2 (`ir2`, registered at Check) to the vector unit.
    pub ir_w2: Signal<Out, Bits<32>>,
    /// VALU handshake: `v_go` holds while it runs, `v_done` ends it. `v_frz`: the unit
    /// runs a retired instruction while the core goes on (its operands are held by the
    /// top); `v_wait`: the core waits in VExec for the unit. `v_own`: the VALU's
    /// background instruction is the current wave's. The memory unit's likewise (`mu_*`;
    /// it runs every instruction in the background, from the cycle after VExec: `mu_frz`
    /// is its `go`, its operands registered by the top in VExec). `vgpr_dep`: the memory
    /// unit's instruction is the current wave's and shares a VGPR with the current
    /// instruction, as a VALU-unit instruction, or one of the VALU's latest two tails is
    /// the current wave's, young, and writes a VGPR it reads (the top's register checks).
    pub v_go: Signal<Out, bool>,
    pub v_frz: Signal<Out, bool>,
    pub v_own: Signal<In, bool>,
    pub mu_frz: Signal<Out, bool>,
    pub mu_own: Signal<In, bool>,
    /// The memory unit's queue: a second memory instruction waits while the unit runs one
    /// (`mq_frz`; the top holds its operands and wave slot too; `mq_own`: it is the current
    /// wave's). `mu_next`: the unit's instruction ends this cycle, and the waiting one, or
    /// the one issued in this cycle, takes its place (the top moves the operands up).
    pub mq_frz: Signal<Out, bool>,
    pub mq_own: Signal<In, bool>,
    pub mu_next: Signal<Out, bool>,
    pub vgpr_dep: Signal<In, bool>,
    pub mu_done: Signal<In, bool>,
    pub v_wait: Signal<Out, bool>,
    /// The VALU instruction in VExec has a scalar result to write back, so the core waits
    /// in VExec for it (else it runs in the background, and may end early: `v_tail`).
    pub v_result: Signal<Out, bool>,
    pub v_s0: Signal<Out, Bits<64>>,
    pub v_s1: Signal<Out, Bits<64>>,
    pub v_s2: Signal<Out, Bits<64>>,
    pub v_exec: Signal<Out, Bits<32>>,
    pub v_scc: Signal<Out, bool>,
    pub v_done: Signal<In, bool>,
    /// The VALU's last write-back cycle (`v_done` follows): a VALU instruction waiting at
    /// Check for it goes on, and reaches VExec in the `v_done` cycle, where the VALU takes
    /// it (`v_go` in `v_done` means a new instruction).
    pub v_last: Signal<In, bool>,
    /// VALU tails: instructions that have had their `v_done` still write their last passes
    /// (`v_tail`), while the VALU runs the next ones; `v_tdone` follows a tail's last write
    /// (its VGPR writes are on the trace ports then). `vt_own`: a tail is the current
    /// wave's (a VALU instruction need not wait for it, but for a young one whose
    /// destination it reads: `vgpr_dep`; other instructions do).
    pub v_tail: Signal<In, bool>,
    pub v_tdone: Signal<In, bool>,
    pub vt_own: Signal<In, bool>,
    /// The memory unit's fault (a GLOBAL access outside the 32-bit bus, or a bus ERR):
    /// instead of `mu_done`, the core stops with `error` at the instruction.
    pub mu_err: Signal<In, bool>,
    /// The vector unit's scalar write (lane mask, `v_readlane_b32` result).
    pub v_swe: Signal<In, bool>,
    pub v_sidx: Signal<In, Bits<7>>,
    pub v_sval: Signal<In, Bits<32>>,

    pub running: Signal<Out, bool>,
    pub done: Signal<Out, bool>,
    pub error: Signal<Out, bool>,
    pub error_pc: Signal<Out, Bits<32>>,
    pub trace_valid: Signal<Out, bool>,
    pub trace_pc: Signal<Out, Bits<32>>,
    pub trace_word0: Signal<Out, Bits<32>>,
    pub trace_word1: Signal<Out, Bits<32>>,
    pub trace_has_literal: Signal<Out, bool>,
    pub trace_word2: Signal<Out, Bits<32>>,
    /// Dwords of the retired instruction (1..3).
    pub trace_nwords: Signal<Out, Bits<2>>,
    /// The retired instruction is a VALU one (its VGPR writes come from the vector unit).
    pub trace_valu: Signal<Out, bool>,
    pub trace_exec: Signal<Out, Bits<64>>,
    pub trace_we0: Signal<Out, bool>,
    pub trace_idx0: Signal<Out, Bits<7>>,
    pub trace_val0: Signal<Out, Bits<32>>,
    pub trace_we1: Signal<Out, bool>,
    pub trace_idx1: Signal<Out, Bits<7>>,
    pub trace_val1: Signal<Out, Bits<32>>,
    pub trace_we2: Signal<Out, bool>,
    pub trace_idx2: Signal<Out, Bits<7>>,
    pub trace_val2: Signal<Out, Bits<32>>,
    pub trace_we3: Signal<Out, bool>,
    pub trace_idx3: Signal<Out, Bits<7>>,
    pub trace_val3: Signal<Out, Bits<32>>,
    pub trace_scc_we: Signal<Out, bool>,
    pub trace_scc: Signal<Out, bool>,

    imem: RAM<Bits<32>, IMEM_BITS>,
    salu: Salu,
    a_ix: Indexer,
    d_ix: Indexer,

    state: DFF<State>,
    step: DFF<Bits<8>>,
    pc: DFF<Bits<32>>,
    ir0: DFF<Bits<32>>,
    ir1: DFF<Bits<32>>,
    ir2: DFF<Bits<32>>,
    /// The next instruction's two words (`seq_pc`), fetched while this one executes (a Check
    /// that goes on addresses the first; the read port is free after it): `pf_step` 0
    /// nothing, 1 its first word addressed, 2 that word in `pf0` and the second addressed,
    /// 3 both in (`pf1`); `pf_pc` its PC, `pf_ok` inside the instruction memory. The
    /// retirement takes them when the next PC is `pf_pc` and hands them to the decode
    /// tables: the next instruction starts at Check (three cycles fewer).
    pf0: DFF<Bits<32>>,
    pf1: DFF<Bits<32>>,
    pf_pc: DFF<Bits<32>>,
    pf_step: DFF<Bits<2>>,
    pf_ok: DFF<bool>,
    /// This cycle is a retirement (Retire, the last Write step, also when a load's dword
    /// delays it, Ex3 of an instruction of one write slot or none, VExec of a background
    /// vector instruction or in the VALU's `done` cycle) that takes the prefetch: the next
    /// PC is `pf_pc`, inside the instruction memory, both words in or the second arriving
    /// (set a cycle ahead).
    pf_fast: DFF<bool>,
    /// The next PC unless the instruction jumps (valid at Check), `pf_pc`'s word, and
    /// whether the prefetch may use the read port this cycle (a state between Check and
    /// the retirement).
    seq_pc: Signal<Local, Bits<32>>,
    /// `seq_pc` lies inside the instruction memory.
    seq_in: Signal<Local, bool>,
    /// The instruction's length in words; a taken branch (valid at Check).
    seq_len: Signal<Local, Bits<2>>,
    branch_taken: Signal<Local, bool>,
    /// The next instruction in PC order is already in at Check (the prefetch's window):
    /// after a one-word instruction its words are this one's words 1 and 2 (`ir1`, and
    /// the RAM's output), after a two-word one word 2 and the word after.
    pf_in1: Signal<Local, bool>,
    pf_in2: Signal<Local, bool>,
    /// A scalar instruction with nothing for the SALU to do (no register read, no
    /// write, SCC or MODE update, no jump or scalar memory: `s_nop`, `s_waitcnt`,
    /// `s_delay_alu`, branches, ...): with its next instruction in the window it goes
    /// from Check straight to Retire.
    no_alu: Signal<Local, bool>,
    /// Such an instruction that cannot wait (a hint, a branch not taken on SCC or EXEC)
    /// or need not (an `s_waitcnt*` whose counts are met: `wait_met`) retires in Check
    /// itself, with the next instruction the next word.
    hint_ret: Signal<Local, bool>,
    wait_met: Signal<Local, bool>,
    pf_word: Signal<Local, Bits<IMEM_BITS>>,
    pf_run: Signal<Local, bool>,
    c_lo: DFF<Bits<32>>,
    c_hi: DFF<Bits<32>>,
    a_lo: DFF<Bits<32>>,
    a_hi: DFF<Bits<32>>,
    b_lo: DFF<Bits<32>>,
    b_hi: DFF<Bits<32>>,
    a_q: DFF<Bits<64>>,
    b_q: DFF<Bits<64>>,
    next_pc: DFF<Bits<32>>,
    scc: DFF<bool>,
    scc_new: DFF<bool>,
    vcc: DFF<Bits<64>>,
    exec: DFF<Bits<64>>,
    m0: DFF<Bits<32>>,
    mode: DFF<Bits<32>>,
    exec_before: DFF<Bits<64>>,
    /// The core was in VExec the cycle before (a VExec past its first cycle).
    vx_wait: DFF<bool>,
    /// What the retirement needs of the decode, taken at Check (in a cycle that retires
    /// with the prefetch, the decode tables already take the next instruction): the
    /// instruction ends the program, writes SCC, is a vector one (its length), has a
    /// literal, is SMEM.
    t_end: DFF<bool>,
    t_scc_we: DFF<bool>,
    t_valu: DFF<bool>,
    t_vwords: DFF<Bits<2>>,
    t_lit: DFF<bool>,
    t_smem: DFF<bool>,
    err_pc: DFF<Bits<32>>,
    en0: DFF<bool>,
    en1: DFF<bool>,
    en2: DFF<bool>,
    en3: DFF<bool>,
    idx0: DFF<Bits<7>>,
    idx1: DFF<Bits<7>>,
    idx2: DFF<Bits<7>>,
    idx3: DFF<Bits<7>>,
    val0: DFF<Bits<32>>,
    val1: DFF<Bits<32>>,
    val2: DFF<Bits<32>>,
    val3: DFF<Bits<32>>,
    /// The outstanding scalar load: busy, the next dword's code, its PC, whether its
    /// range holds VCC, M0 or EXEC (then every instruction waits for it: their flip-flop
    /// copies are read everywhere), and a bus error that stops the wave at its next issue.
    ld_busy: DFF<bool>,
    /// The VALU's background instruction has a scalar result for the core to write in its
    /// `done` cycle (never while a load is outstanding: SMEM waits for it).
    vr_busy: DFF<bool>,
    /// The SGPR codes [`sb_lo`, `sb_hi`) an outstanding load, or the VALU's background
    /// instruction with `vr_busy`, is yet to write (the scoreboard's; the one write of
    /// the latter goes to `sb_lo`).
    sb_lo: DFF<Bits<8>>,
    sb_hi: DFF<Bits<8>>,
    /// The slot of the wave that issued the load or the result (`sb_mine`: the current
    /// one; only its instructions meet the registers).
    sb_slot: DFF<Bits<4>>,
    /// A VALU result to VCC_LO or VCC_HI (`pv_hi`) of the wave in slot `pv_slot`, written
    /// while that wave was away: its VCC copy takes it when it runs again.
    pv_valid: DFF<bool>,
    pv_slot: DFF<Bits<4>>,
    pv_hi: DFF<bool>,
    pv_val: DFF<Bits<32>>,
    ld_idx: DFF<Bits<7>>,
    ld_pc: DFF<Bits<32>>,
    ld_all: DFF<bool>,
    ld_err: DFF<bool>,
    /// The VALU's background instruction: busy, and whether it is a DS lane move (in
    /// `lgkmcnt`).
    va_busy: DFF<bool>,
    va_lds: DFF<bool>,
    /// The memory unit's background instruction: busy, whether it writes memory (a GLOBAL
    /// store or atomic), which count it is in (`vmcnt`: a GLOBAL load or returning atomic;
    /// `vscnt`: another GLOBAL one; `lgkmcnt`: DS), its PC, and a fault (GLOBAL) that stops
    /// the wave at it. `bg`: the instruction between
    /// VExec and Retire went to the background (1: VALU, 2: memory unit; 0 at Check).
    vm_busy: DFF<bool>,
    vm_wr: DFF<bool>,
    vm_ret: DFF<bool>,
    vm_st: DFF<bool>,
    vm_lds: DFF<bool>,
    vm_pc: DFF<Bits<32>>,
    vm_err: DFF<bool>,
    /// The memory instruction waiting in the queue behind the unit's (`vm_q`: its
    /// `mq_frz`), with the same facts as the unit's (`vq_*`); it takes the unit's place
    /// when that one ends (`mu_take`). `mq_in`: a memory instruction is issued this cycle
    /// (VExec), with its facts in `in_*`.
    vm_q: DFF<bool>,
    vq_wr: DFF<bool>,
    vq_ret: DFF<bool>,
    vq_st: DFF<bool>,
    vq_lds: DFF<bool>,
    vq_pc: DFF<Bits<32>>,
    mq_in: Signal<Local, bool>,
    in_wr: Signal<Local, bool>,
    in_ret: Signal<Local, bool>,
    in_st: Signal<Local, bool>,
    in_lds: Signal<Local, bool>,
    bg: DFF<Bits<2>>,
    /// The memory unit's end is taken this cycle (not while the trace ports carry the
    /// VALU's writes).
    mu_take: Signal<Local, bool>,
    /// What the wave that gave way waits for (`yield_v`, `yield_m`): registered for
    /// `Yielded` (`need_*`), and as it gives way (`want_*`).
    need_v: DFF<bool>,
    need_m: DFF<bool>,
    need_q: DFF<bool>,
    need_o: DFF<bool>,
    need_s: DFF<bool>,
    /// `Yielded` after a give-way at Check (its instruction is in `ir0`, `ir1`), not after
    /// the start sweep; `Parked` after an `s_barrier` whose retirement had the next
    /// instruction prefetched (`pf_fast`; it is then in `ir0`, `ir1` too).
    kept: DFF<bool>,
    /// The Check before was held with `yield_ok` too: a wave gives way through the
    /// dispatcher's PICK (no `direct_ok`) only on its second such cycle, as the
    /// dispatcher's choice of a direct switch is registered, a cycle old, and may come
    /// then.
    yok_r: DFF<bool>,
    /// The prefetched instruction's word 1: `pf1`, or the instruction memory's output when
    /// the prefetch's second read is still on it.
    pf_w1: Signal<Local, Bits<32>>,
    want_v: Signal<Local, bool>,
    want_m: Signal<Local, bool>,
    want_q: Signal<Local, bool>,
    want_o: Signal<Local, bool>,
    want_s: Signal<Local, bool>,
    /// The instruction at Check gives way this cycle (`gave_way`); the retirement parks
    /// (`parking`).
    yielding: Signal<Local, bool>,
    parks: Signal<Local, bool>,
    /// A background instruction of the current wave runs (either unit).
    own: Signal<Local, bool>,
    /// The VALU runs a background instruction, in neither its last write-back nor its
    /// `done` cycle (a VALU instruction waits for it).
    va_near: Signal<Local, bool>,
    /// A vector instruction waits for its wave's in the units: any in the VALU; in the
    /// memory unit, any for a memory instruction, one sharing a VGPR for a VALU one.
    v_dep: Signal<Local, bool>,
    /// The VALU runs an instruction of this wave, not in its last cycle (`done`)
    /// (`va_run`), or writes a tail of this wave (`va_own`).
    va_run: Signal<Local, bool>,
    va_own: Signal<Local, bool>,
    /// The VALU's writes are on the trace ports: a background instruction's `v_done`
    /// (without a tail), or a tail's `v_tdone`.
    va_trace: Signal<Local, bool>,

    pc_word: Signal<Local, Bits<32>>,
    /// The word of the next PC (Retire addresses the instruction memory with it).
    next_word: Signal<Local, Bits<IMEM_BITS>>,
    pc_word1: Signal<Local, Bits<32>>,
    /// The word after the PC's lies inside the instruction memory.
    next_in: Signal<Local, bool>,
    pc_word2: Signal<Local, Bits<IMEM_BITS>>,
    pc_vlast: Signal<Local, Bits<32>>,
    v_slot_ok: Signal<Local, bool>,
    a_idx: Signal<Local, Bits<7>>,
    b_idx: Signal<Local, Bits<7>>,
    d_idx: Signal<Local, Bits<7>>,
    a_rel_ok: Signal<Local, bool>,
    d_on: Signal<Local, bool>,
    /// The SGPR words of the operands: the registers, or the word the SGPR file returns
    /// this cycle (the last Read step assembles with it).
    a_lo_v: Signal<Local, Bits<32>>,
    a_hi_v: Signal<Local, Bits<32>>,
    b_lo_v: Signal<Local, Bits<32>>,
    b_hi_v: Signal<Local, Bits<32>>,
    a_reg: Signal<Local, Bits<64>>,
    b_reg: Signal<Local, Bits<64>>,
    a_val: Signal<Local, Bits<64>>,
    b_val: Signal<Local, Bits<64>>,
    lit64: Signal<Local, Bits<64>>,
    simm_s: Signal<Local, Bits<64>>,
    d_ok: Signal<Local, bool>,
    ttmp_dst: Signal<Local, bool>,
    taken: Signal<Local, bool>,
    taken_se: Signal<Local, bool>,
    /// A VALU instruction whose result the core waits for may retire this cycle.
    va_ret: Signal<Local, bool>,
    w_en: Signal<Local, bool>,
    w_more: Signal<Local, bool>,
    w_idx: Signal<Local, Bits<7>>,
    w_val: Signal<Local, Bits<32>>,
    /// The instruction retires this cycle (Retire, the last Write step, Ex3 or VExec).
    retire: Signal<Local, bool>,
    /// The Write step the next cycle runs is the last one.
    w_last_d: Signal<Local, bool>,
    /// The SGPR write of this cycle (a load's dword, a Write step, or Ex3 or VExec
    /// retiring): whether, where, what.
    wr_go: Signal<Local, bool>,
    wr_idx: Signal<Local, Bits<7>>,
    wr_val: Signal<Local, Bits<32>>,
    /// Ex3 may retire the instruction itself (at most one write slot, no EXEC write of a
    /// saveexec, not a jump). `ret_wr`: the retirement is this cycle with its write slot,
    /// in Ex3 or in VExec taking a VALU instruction's scalar result (the next instruction
    /// prefetched, and the write port free of a load's dword); SCC as the retirement
    /// takes it (Ex3's own, or `scc_new`).
    ex3_one: Signal<Local, bool>,
    ret_wr: Signal<Local, bool>,
    scc_ret: Signal<Local, bool>,
    /// The operands are assembled this cycle (the last Read step, or a Check going on).
    assemble: Signal<Local, bool>,
    between: Signal<Local, bool>,
    sm_base: Signal<Local, Bits<7>>,
    sm_off: Signal<Local, Bits<64>>,
    sm_sum: Signal<Local, Bits<64>>,
    sm_end: Signal<Local, Bits<33>>,
    sm_bad: Signal<Local, bool>,
    ld_end: Signal<Local, Bits<8>>,
    ld_ok: Signal<Local, bool>,
    ld_we: Signal<Local, bool>,
    /// The scoreboard holds [`sb_lo`, `sb_hi`) (a load outstanding, or `vr_busy`); a VCC
    /// branch meets it; the VALU's background scalar result is written this cycle; the
    /// SGPR write port is taken this cycle (by that or a load's dword: a retirement or
    /// Write step writing waits); a VALU instruction at Check whose scalar result can be
    /// written in the background.
    sb_busy: Signal<Local, bool>,
    /// The scoreboard's writer is the current wave (`sb_mine`); the hold's terms for the
    /// outstanding load or result (`sb_hold`); the wave may not give way (`sb_keep`: the
    /// writes would reach the flip-flop copies after its state is handed over).
    sb_mine: Signal<Local, bool>,
    sb_hold: Signal<Local, bool>,
    sb_keep: Signal<Local, bool>,
    /// The flip-flop copies (VCC, M0, EXEC) hold the state of the wave whose outstanding
    /// load or result this is: it runs (not between waves) in its slot.
    copies_live: Signal<Local, bool>,
    vcc_hit: Signal<Local, bool>,
    vr_we: Signal<Local, bool>,
    port_busy: Signal<Local, bool>,
    v_bsr: Signal<Local, bool>,
    /// Whether Read reads operand A's / B's register(s) (the operand is a register).
    a_read: Signal<Local, bool>,
    b_read: Signal<Local, bool>,
    a_hit: Signal<Local, bool>,
    b_hit: Signal<Local, bool>,
    d_hit: Signal<Local, bool>,
    v_hit: Signal<Local, bool>,
    mem_op: Signal<Local, bool>,
    /// The instruction waits for anything in the background (`s_endpgm`, `s_barrier`).
    drain: Signal<Local, bool>,
    /// An `s_waitcnt` form's counts (`*_max`; 63 for a kind it does not name), the
    /// current wave's instructions in flight of each kind, a bit each (`*_in`: `lgkmcnt`:
    /// its scalar load, its DS instructions in the memory unit, running and queued, and
    /// its DS lane move in the VALU; `vmcnt`: its GLOBAL loads and returning atomics;
    /// `vscnt`: its other GLOBAL ones), and whether it waits (`*_hold`: more in flight
    /// than its count).
    lgkm_max: Signal<Local, Bits<6>>,
    vm_max: Signal<Local, Bits<6>>,
    vs_max: Signal<Local, Bits<6>>,
    lgkm_in: Signal<Local, Bits<4>>,
    vm_in: Signal<Local, Bits<2>>,
    vs_in: Signal<Local, Bits<2>>,
    lgkm_hold: Signal<Local, bool>,
    vm_hold: Signal<Local, bool>,
    vs_hold: Signal<Local, bool>,
    hold: Signal<Local, bool>,
    imem_words: Constant<Bits<32>>,
    lo32: Constant<Bits<64>>,
    hi32: Constant<Bits<64>>,
    /// [`SWEPT`]: the start sweep's last step (EXEC_LO's).
    swept: Constant<Bits<8>>,
}

impl<const IMEM_BITS: usize> Core<IMEM_BITS> {
    /// A core whose instruction memory holds 2^`IMEM_BITS` words.
    pub fn new() -> Self {
        Core {
            clock: Default::default(),
            rst: Default::default(),
            imem_we: Default::default(),
            imem_addr: Default::default(),
            imem_wdata: Default::default(),
            start: Default::default(),
            init_idx: Default::default(),
            init_sgpr: Default::default(),
            init_exec: Default::default(),
            init_mode: Default::default(),
            sgpr_raddr: Default::default(),
            sgpr_rdata: Default::default(),
            sgpr_raddr2: Default::default(),
            sgpr_rdata2: Default::default(),
            sgpr_we: Default::default(),
            sgpr_waddr: Default::default(),
            sgpr_wdata: Default::default(),
            slot: Default::default(),
            sgpr_wslot: Default::default(),
            park: Default::default(),
            parked: Default::default(),
            parking: Default::default(),
            direct_park_ok: Default::default(),
            yield_ok: Default::default(),
            direct_ok: Default::default(),
            start_yields: Default::default(),
            yielded: Default::default(),
            gave_way: Default::default(),
            yield_v: Default::default(),
            yield_m: Default::default(),
            yield_q: Default::default(),
            yield_o: Default::default(),
            yield_s: Default::default(),
            s_busy: Default::default(),
            ctx_pc: Default::default(),
            ctx_scc: Default::default(),
            ctx_mode: Default::default(),
            ctx_vcc: Default::default(),
            ctx_exec: Default::default(),
            ctx_m0: Default::default(),
            ctx_kept: Default::default(),
            ctx_w0: Default::default(),
            ctx_w1: Default::default(),
            resume: Default::default(),
            resume_pc: Default::default(),
            resume_scc: Default::default(),
            resume_mode: Default::default(),
            resume_vcc: Default::default(),
            resume_exec: Default::default(),
            resume_m0: Default::default(),
            resume_kept: Default::default(),
            resume_w0: Default::default(),
            resume_w1: Default::default(),
            pc_base: Default::default(),
            ir: Default::default(),
            dec_legal: Default::default(),
            dec_lit: Default::default(),
            dec_alu: Default::default(),
            dec_a_src: Default::default(),
            dec_b_src: Default::default(),
            dec_a_wide: Default::default(),
            dec_b_wide: Default::default(),
            dec_d_wide: Default::default(),
            dec_d_we: Default::default(),
            dec_d_cond: Default::default(),
            dec_scc_we: Default::default(),
            dec_kind: Default::default(),
            dec_cond: Default::default(),
            dec_exec_we: Default::default(),
            dec_lit_sext: Default::default(),
            dec_a_rel: Default::default(),
            dec_d_rel: Default::default(),
            dec_mode_we: Default::default(),
            dec_a_const: Default::default(),
            dec_b_const: Default::default(),
            dec_smem_n: Default::default(),
            dec_mem_wait: Default::default(),
            m_req: Default::default(),
            m_addr: Default::default(),
            m_n: Default::default(),
            m_valid: Default::default(),
            m_data: Default::default(),
            m_done: Default::default(),
            m_err: Default::default(),
            trace_swe: Default::default(),
            trace_sidx: Default::default(),
            trace_sval: Default::default(),
            trace_sdone: Default::default(),
            ld_wait: Default::default(),
            trace_vbg: Default::default(),
            trace_vdone: Default::default(),
            trace_mdone: Default::default(),
            vm_wait: Default::default(),
            dec_valu: Default::default(),
            dec_vwords: Default::default(),
            dec_vsidx0: Default::default(),
            dec_vsidx1: Default::default(),
            dec_vsidx2: Default::default(),
            dec_vsread: Default::default(),
            dec_sdst: Default::default(),
            dec_vmem: Default::default(),
            dec_munit: Default::default(),
            dec_gm: Default::default(),
            dec_gret: Default::default(),
            dec_gwr: Default::default(),
            ir_w1: Default::default(),
            dec_en: Default::default(),
            w1: Default::default(),
            ir_w2: Default::default(),
            v_go: Default::default(),
            v_frz: Default::default(),
            v_own: Default::default(),
            mu_frz: Default::default(),
            mu_own: Default::default(),
            mq_frz: Default::default(),
            mq_own: Default::default(),
            mu_next: Default::default(),
            vgpr_dep: Default::default(),
            mu_done: Default::default(),
            v_wait: Default::default(),
            v_result: Default::default(),
            v_s0: Default::default(),
            v_s1: Default::default(),
            v_s2: Default::default(),
            v_exec: Default::default(),
            v_scc: Default::default(),
            v_done: Default::default(),
            v_last: Default::default(),
            v_tail: Default::default(),
            v_tdone: Default::default(),
            vt_own: Default::default(),
            mu_err: Default::default(),
            v_swe: Default::default(),
            v_sidx: Default::default(),
            v_sval: Default::default(),
            running: Default::default(),
            done: Default::default(),
            error: Default::default(),
            error_pc: Default::default(),
            trace_valid: Default::default(),
            trace_pc: Default::default(),
            trace_word0: Default::default(),
            trace_word1: Default::default(),
            trace_has_literal: Default::default(),
            trace_word2: Default::default(),
            trace_nwords: Default::default(),
            trace_valu: Default::default(),
            trace_exec: Default::default(),
            trace_we0: Default::default(),
            trace_idx0: Default::default(),
            trace_val0: Default::default(),
            trace_we1: Default::default(),
            trace_idx1: Default::default(),
            trace_val1: Default::default(),
            trace_we2: Default::default(),
            trace_idx2: Default::default(),
            trace_val2: Default::default(),
            trace_we3: Default::default(),
            trace_idx3: Default::default(),
            trace_val3: Default::default(),
            trace_scc_we: Default::default(),
            trace_scc: Default::default(),
            imem: Default::default(),
            salu: Default::default(),
            a_ix: Default::default(),
            d_ix: Default::default(),
            state: Default::default(),
            step: Default::default(),
            pc: Default::default(),
            ir0: Default::default(),
            ir1: Default::default(),
            ir2: Default::default(),
            pf0: Default::default(),
            pf1: Default::default(),
            pf_pc: Default::default(),
            pf_step: Default::default(),
            pf_ok: Default::default(),
            seq_pc: Default::default(),
            seq_in: Default::default(),
            seq_len: Default::default(),
            branch_taken: Default::default(),
            pf_in1: Default::default(),
            pf_in2: Default::default(),
            no_alu: Default::default(),
            hint_ret: Default::default(),
            wait_met: Default::default(),
            pf_word: Default::default(),
            pf_run: Default::default(),
            pf_fast: Default::default(),
            c_lo: Default::default(),
            c_hi: Default::default(),
            a_lo: Default::default(),
            a_hi: Default::default(),
            b_lo: Default::default(),
            b_hi: Default::default(),
            a_q: Default::default(),
            b_q: Default::default(),
            next_pc: Default::default(),
            scc: Default::default(),
            scc_new: Default::default(),
            vcc: Default::default(),
            exec: Default::default(),
            m0: Default::default(),
            mode: Default::default(),
            exec_before: Default::default(),
            vx_wait: Default::default(),
            t_end: Default::default(),
            t_scc_we: Default::default(),
            t_valu: Default::default(),
            t_vwords: Default::default(),
            t_lit: Default::default(),
            t_smem: Default::default(),
            err_pc: Default::default(),
            en0: Default::default(),
            en1: Default::default(),
            en2: Default::default(),
            en3: Default::default(),
            idx0: Default::default(),
            idx1: Default::default(),
            idx2: Default::default(),
            idx3: Default::default(),
            val0: Default::default(),
            val1: Default::default(),
            val2: Default::default(),
            val3: Default::default(),
            ld_busy: Default::default(),
            vr_busy: Default::default(),
            sb_lo: Default::default(),
            sb_hi: Default::default(),
            sb_slot: Default::default(),
            pv_valid: Default::default(),
            pv_slot: Default::default(),
            pv_hi: Default::default(),
            pv_val: Default::default(),
            ld_idx: Default::default(),
            ld_pc: Default::default(),
            ld_all: Default::default(),
            ld_err: Default::default(),
            va_busy: Default::default(),
            va_lds: Default::default(),
            vm_busy: Default::default(),
            vm_wr: Default::default(),
            vm_ret: Default::default(),
            vm_st: Default::default(),
            vm_lds: Default::default(),
            vm_pc: Default::default(),
            vm_err: Default::default(),
            vm_q: Default::default(),
            vq_wr: Default::default(),
            vq_ret: Default::default(),
            vq_st: Default::default(),
            vq_lds: Default::default(),
            vq_pc: Default::default(),
            mq_in: Default::default(),
            in_wr: Default::default(),
            in_ret: Default::default(),
            in_st: Default::default(),
            in_lds: Default::default(),
            bg: Default::default(),
            mu_take: Default::default(),
            need_v: Default::default(),
            need_m: Default::default(),
            need_q: Default::default(),
            need_o: Default::default(),
            need_s: Default::default(),
            kept: Default::default(),
            yok_r: Default::default(),
            pf_w1: Default::default(),
            own: Default::default(),
            va_near: Default::default(),
            v_dep: Default::default(),
            va_run: Default::default(),
            va_own: Default::default(),
            va_trace: Default::default(),
            pc_word: Default::default(),
            next_word: Default::default(),
            pc_word1: Default::default(),
            next_in: Default::default(),
            pc_word2: Default::default(),
            pc_vlast: Default::default(),
            v_slot_ok: Default::default(),
            a_idx: Default::default(),
            b_idx: Default::default(),
            d_idx: Default::default(),
            a_rel_ok: Default::default(),
            d_on: Default::default(),
            a_lo_v: Default::default(),
            a_hi_v: Default::default(),
            b_lo_v: Default::default(),
            b_hi_v: Default::default(),
            a_reg: Default::default(),
            b_reg: Default::default(),
            a_val: Default::default(),
            b_val: Default::default(),
            lit64: Default::default(),
            simm_s: Default::default(),
            d_ok: Default::default(),
            ttmp_dst: Default::default(),
            taken: Default::default(),
            taken_se: Default::default(),
            va_ret: Default::default(),
            w_en: Default::default(),
            w_more: Default::default(),
            w_idx: Default::default(),
            w_val: Default::default(),
            retire: Default::default(),
            w_last_d: Default::default(),
            wr_go: Default::default(),
            wr_idx: Default::default(),
            wr_val: Default::default(),
            ex3_one: Default::default(),
            ret_wr: Default::default(),
            scc_ret: Default::default(),
            assemble: Default::default(),
            between: Default::default(),
            want_v: Default::default(),
            want_m: Default::default(),
            want_q: Default::default(),
            want_o: Default::default(),
            want_s: Default::default(),
            yielding: Default::default(),
            parks: Default::default(),
            sm_base: Default::default(),
            sm_off: Default::default(),
            sm_sum: Default::default(),
            sm_end: Default::default(),
            sm_bad: Default::default(),
            ld_end: Default::default(),
            ld_ok: Default::default(),
            ld_we: Default::default(),
            sb_busy: Default::default(),
            sb_mine: Default::default(),
            sb_hold: Default::default(),
            sb_keep: Default::default(),
            copies_live: Default::default(),
            vcc_hit: Default::default(),
            vr_we: Default::default(),
            port_busy: Default::default(),
            v_bsr: Default::default(),
            a_read: Default::default(),
            b_read: Default::default(),
            a_hit: Default::default(),
            b_hit: Default::default(),
            d_hit: Default::default(),
            v_hit: Default::default(),
            mem_op: Default::default(),
            drain: Default::default(),
            lgkm_max: Default::default(),
            vm_max: Default::default(),
            vs_max: Default::default(),
            lgkm_in: Default::default(),
            vm_in: Default::default(),
            vs_in: Default::default(),
            lgkm_hold: Default::default(),
            vm_hold: Default::default(),
            vs_hold: Default::default(),
            hold: Default::default(),
            imem_words: Constant::new((1u64 << IMEM_BITS).into()),
            lo32: Constant::new(0xffff_ffffu64.into()),
            hi32: Constant::new(0xffff_ffff_0000_0000u64.into()),
            swept: Constant::new(SWEPT.into()),
        }
    }
}

impl<const IMEM_BITS: usize> Default for Core<IMEM_BITS> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const IMEM_BITS: usize> Logic for Core<IMEM_BITS> {
    // `#[hdl_gen]` translates no match guards, so `if` stays inside the arms.
    #[allow(clippy::collapsible_match)]
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            step,
            pc,
            ir0,
            ir1,
            ir2,
            pf0,
            pf1,
            pf_pc,
            pf_step,
            pf_ok,
            pf_fast,
            c_lo,
            c_hi,
            a_lo,
            a_hi,
            b_lo,
            b_hi,
            a_q,
            b_q,
            next_pc,
            scc,
            scc_new,
            vcc,
            exec,
            m0,
            mode,
            exec_before,
            vx_wait,
            t_end,
            t_scc_we,
            t_valu,
            t_vwords,
            t_lit,
            t_smem,
            err_pc,
            en0,
            en1,
            en2,
            en3,
            idx0,
            idx1,
            idx2,
            idx3,
            val0,
            val1,
            val2,
            val3,
            ld_busy,
            vr_busy,
            sb_lo,
            sb_hi,
            sb_slot,
            pv_valid,
            pv_slot,
            pv_hi,
            pv_val,
            ld_idx,
            ld_pc,
            ld_all,
            ld_err,
            va_busy,
            va_lds,
            vm_busy,
            vm_wr,
            vm_ret,
            vm_st,
            vm_lds,
            vm_pc,
            vm_err,
            vm_q,
            vq_wr,
            vq_ret,
            vq_st,
            vq_lds,
            vq_pc,
            bg,
            need_v,
            need_m,
            need_q,
            need_o,
            need_s,
            kept,
            yok_r
        );
        self.imem.read_clock.next = self.clock.val();
        self.imem.write_clock.next = self.clock.val();
        self.salu.clock.next = self.clock.val();

        // Host writes to the instruction memory.
        // Writes beyond the memory are ignored (no aliasing).
        self.imem.write_enable.next =
            self.imem_we.val() && (self.imem_addr.val() < self.imem_words.val());
        self.imem.write_address.next = self.imem_addr.val().get_bits::<IMEM_BITS>(0);
        self.imem.write_data.next = self.imem_wdata.val();
        self.pc_word.next = self.pc.q.val() >> 2;
        self.pc_word1.next = self.pc_word.val() + 1;
        self.next_in.next = self.pc_word1.val() < self.imem_words.val();
        self.next_word.next = self.next_pc.q.val().get_bits::<IMEM_BITS>(2);
        self.pc_word2.next = self.pc_word.val().get_bits::<IMEM_BITS>(0) + 2;
        self.pc_vlast.next = self.pc_word.val() + bit_cast::<32, 2>(self.dec_vwords.val()) - 1;
        self.imem.read_address.next = self.pc_word.val().get_bits::<IMEM_BITS>(0);

        self.sgpr_we.next = false;
        self.sgpr_waddr.next = 0.into();
        self.sgpr_wslot.next = self.slot.val();
        self.sgpr_wdata.next = 0.into();
        self.sgpr_raddr.next = 0.into();
        self.sgpr_raddr2.next = 0.into();

        self.ir.next = self.ir0.q.val();
        self.ir_w1.next = self.ir1.q.val();
        self.w1.next = self.ir1.q.val();
        self.ir_w2.next = self.ir2.q.val();
        // The prefetch of the next instruction (see `pf0`): in a retirement that takes
        // it (`pf_fast`), the decode tables see it (the second word is on the RAM's output
        // at step 2). Only registers select it, whether the wave goes on or stops.
        self.pf_word.next = self.pf_pc.q.val().get_bits::<IMEM_BITS>(2);
        self.pf_w1.next = self.pf1.q.val();
        if !self.pf_step.q.val().get_bit(0) {
            self.pf_w1.next = self.imem.read_data.val();
        }
        if self.pf_fast.q.val() {
            self.ir.next = self.pf0.q.val();
            self.ir_w1.next = self.pf_w1.val();
        }
        // In Check the decode tables see the next instruction, one word on (`ir1`, its
        // second word on the RAM's output), and take it only when this one retires there
        // (`hint_ret`, below): the decision is their load enable, not their input, so the
        // decode's depth does not follow it.
        self.dec_en.next = true;
        if self.state.q.val() == State::Check {
            self.ir.next = self.ir1.q.val();
            self.ir_w1.next = self.imem.read_data.val();
            self.dec_en.next = false;
        }
        // The VALU's handshake: `v_go` from VExec's first cycle until `v_done` (a VALU
        // instruction in VExec past its first cycle waits for its own `v_done`; in its
        // first, `v_done` ends another one, and the VALU takes this one there), and the
        // background instruction's operands held (`v_frz`) until then.
        self.vx_wait.d.next = self.state.q.val() == State::VExec;
        self.v_go.next = ((self.state.q.val() == State::VExec)
            && !self.dec_munit.val()
            && !(self.vx_wait.q.val() && self.v_done.val()))
            || (self.va_busy.q.val() && !self.v_done.val());
        self.v_frz.next = self.va_busy.q.val() && !self.v_done.val();
        self.mu_frz.next = self.vm_busy.q.val();
        self.mq_frz.next = self.vm_q.q.val();
        self.v_wait.next = self.state.q.val() == State::VExec;
        self.v_s0.next =
            bit_cast::<64, 32>(self.a_lo.q.val()) | (bit_cast::<64, 32>(self.a_hi.q.val()) << 32);
        self.v_s1.next =
            bit_cast::<64, 32>(self.b_lo.q.val()) | (bit_cast::<64, 32>(self.b_hi.q.val()) << 32);
        self.v_s2.next =
            bit_cast::<64, 32>(self.c_lo.q.val()) | (bit_cast::<64, 32>(self.c_hi.q.val()) << 32);
        self.v_exec.next = self.exec.q.val().get_bits::<32>(0);
        self.v_scc.next = self.scc.q.val();
        // The vector unit's scalar write: null (124) and ttmp (108..123) are dropped.
        self.v_slot_ok.next = self.v_swe.val()
            && (self.v_sidx.val() != 124)
            && !((self.v_sidx.val() >= 108) && (self.v_sidx.val() <= 123));
        self.v_result.next =
            (self.state.q.val() == State::VExec) && !self.dec_vmem.val() && self.v_slot_ok.val();

        // M0-relative operands: the index is M0, M0[9:0] or M0[25:16] (see `Rel`).
        self.a_ix.base.next = self.ir0.q.val().get_bits::<8>(0);
        self.a_ix.index.next = self.m0.q.val();
        if self.dec_a_rel.val() == Rel::M0Lo {
            self.a_ix.index.next = bit_cast::<32, 10>(self.m0.q.val().get_bits::<10>(0));
        }
        self.a_ix.wide.next = self.dec_a_wide.val();
        self.d_ix.base.next = bit_cast::<8, 7>(self.ir0.q.val().get_bits::<7>(16));
        self.d_ix.index.next = self.m0.q.val();
        if self.dec_d_rel.val() == Rel::M0Hi {
            self.d_ix.index.next = bit_cast::<32, 10>(self.m0.q.val().get_bits::<10>(16));
        }
        self.d_ix.wide.next = self.dec_d_wide.val();
        // Out of range, an M0-relative source reads its plain operand (register or not).
        self.a_rel_ok.next = (self.dec_a_rel.val() != Rel::None) && self.a_ix.ok.val();

        // Register indices: SSRC0/SSRC1/SDST fields, M0-relative where asked.
        self.a_idx.next = self.ir0.q.val().get_bits::<7>(0);
        if self.dec_a_src.val() == ASrc::Sdst {
            self.a_idx.next = self.ir0.q.val().get_bits::<7>(16);
        }
        if self.a_rel_ok.val() {
            self.a_idx.next = self.a_ix.addr.val();
        }
        // A 64-bit register pair ignores the low bit of its code (reference 3.3.1).
        if self.dec_a_wide.val() {
            self.a_idx.next = self.a_idx.val() & 126;
        }
        self.b_idx.next = self.ir0.q.val().get_bits::<7>(8);
        if self.dec_b_src.val() == BSrc::Sdst {
            self.b_idx.next = self.ir0.q.val().get_bits::<7>(16);
        }
        if self.dec_b_wide.val() {
            self.b_idx.next = self.b_idx.val() & 126;
        }
        self.d_idx.next = self.ir0.q.val().get_bits::<7>(16);
        if self.dec_d_rel.val() != Rel::None {
            self.d_idx.next = self.d_ix.addr.val();
        }
        if self.dec_d_wide.val() {
            self.d_idx.next = self.d_idx.val() & 126;
        }

        self.a_read.next = (self.dec_a_src.val() == ASrc::Sdst)
            || ((self.dec_a_src.val() == ASrc::Ssrc0) && !self.ir0.q.val().get_bit(7));
        self.b_read.next = (self.dec_b_src.val() == BSrc::Sdst)
            || ((self.dec_b_src.val() == BSrc::Ssrc1) && !self.ir0.q.val().get_bit(15));

        // Operand values (assembled into a_q / b_q). A Read step takes two words from the
        // SGPR file's two ports (Read, below): the last one assembles with them.
        self.a_lo_v.next = self.a_lo.q.val();
        self.a_hi_v.next = self.a_hi.q.val();
        self.b_lo_v.next = self.b_lo.q.val();
        self.b_hi_v.next = self.b_hi.q.val();
        if self.state.q.val() == State::Read {
            if self.step.q.val() == 1 {
                if self.a_read.val() {
                    self.a_lo_v.next = self.sgpr_rdata.val();
                } else {
                    self.b_hi_v.next = self.sgpr_rdata.val();
                }
                if self.b_read.val() {
                    self.b_lo_v.next = self.sgpr_rdata2.val();
                } else {
                    self.a_hi_v.next = self.sgpr_rdata2.val();
                }
            }
            if self.step.q.val() == 2 {
                self.a_hi_v.next = self.sgpr_rdata.val();
                self.b_hi_v.next = self.sgpr_rdata2.val();
            }
        }
        self.a_reg.next = bit_cast::<64, 32>(self.a_lo_v.val());
        if self.dec_a_wide.val() {
            self.a_reg.next = bit_cast::<64, 32>(self.a_lo_v.val())
                | (bit_cast::<64, 32>(self.a_hi_v.val()) << 32);
        }
        // null and m0 read as a 64-bit operand give 0, except as the pair an in-range
        // M0-relative source reaches (the model reads null and m0 as they are there).
        if self.dec_a_wide.val() && (self.a_idx.val() == 124) && !self.a_rel_ok.val() {
            self.a_reg.next = 0.into();
        }
        self.b_reg.next = bit_cast::<64, 32>(self.b_lo_v.val());
        if self.dec_b_wide.val() {
            self.b_reg.next = bit_cast::<64, 32>(self.b_lo_v.val())
                | (bit_cast::<64, 32>(self.b_hi_v.val()) << 32);
        }
        if self.dec_b_wide.val() && (self.b_idx.val() == 124) {
            self.b_reg.next = 0.into();
        }
        self.lit64.next = bit_cast::<64, 32>(self.ir1.q.val());
        if self.dec_lit_sext.val() && self.ir1.q.val().get_bit(31) {
            self.lit64.next = bit_cast::<64, 32>(self.ir1.q.val()) | self.hi32.val();
        }
        self.simm_s.next = bit_cast::<64, 16>(self.ir0.q.val().get_bits::<16>(0));
        if self.ir0.q.val().get_bit(15) {
            self.simm_s.next =
                bit_cast::<64, 16>(self.ir0.q.val().get_bits::<16>(0)) | 0xffff_ffff_ffff_0000_u64;
        }
        // A register operand (`a_read` / `b_read`, as Read read it), or a constant,
        // literal, SCC or SIMM16.
        self.a_val.next = 0.into();
        if self.a_read.val() {
            self.a_val.next = self.a_reg.val();
        } else if self.dec_a_src.val() == ASrc::Ssrc0 {
            if self.ir0.q.val().get_bits::<8>(0) == 255 {
                self.a_val.next = self.lit64.val();
                if !self.dec_a_wide.val() {
                    self.a_val.next = self.lit64.val() & self.lo32.val();
                }
            } else if self.ir0.q.val().get_bits::<8>(0) == 253 {
                self.a_val.next = bit_cast::<64, 1>(self.scc.q.val().into());
            } else {
                self.a_val.next = self.dec_a_const.val();
            }
        } else if self.dec_a_src.val() == ASrc::Imm32 {
            self.a_val.next = bit_cast::<64, 32>(self.ir1.q.val());
        }
        self.b_val.next = 0.into();
        if self.b_read.val() {
            self.b_val.next = self.b_reg.val();
        } else if self.dec_b_src.val() == BSrc::Ssrc1 {
            if self.ir0.q.val().get_bits::<8>(8) == 255 {
                self.b_val.next = self.lit64.val();
                if !self.dec_b_wide.val() {
                    self.b_val.next = self.lit64.val() & self.lo32.val();
                }
            } else if self.ir0.q.val().get_bits::<8>(8) == 253 {
                self.b_val.next = bit_cast::<64, 1>(self.scc.q.val().into());
            } else {
                self.b_val.next = self.dec_b_const.val();
            }
        } else if self.dec_b_src.val() == BSrc::SimmS {
            self.b_val.next = self.simm_s.val();
        } else if self.dec_b_src.val() == BSrc::SimmZ {
            self.b_val.next = bit_cast::<64, 16>(self.ir0.q.val().get_bits::<16>(0));
        }

        // SALU inputs are held by a_q/b_q and the decode registers through Ex1..Ex3.
        self.salu.op.next = self.dec_alu.val();
        self.salu.a.next = self.a_q.q.val();
        self.salu.b.next = self.b_q.q.val();
        self.salu.wide.next = self.dec_a_wide.val() || self.dec_d_wide.val();
        self.salu.d_wide.next = self.dec_d_wide.val();
        self.salu.scc.next = self.scc.q.val();
        self.salu.exec.next = self.exec.q.val();
        self.salu.mode.next = self.mode.q.val();
        self.salu.pc.next = self.pc_base.val() + bit_cast::<64, 32>(self.pc.q.val());

        // Branch unit.
        // (Apart from VCC's conditions, `taken_se`: a retirement in Check reads only those.)
        self.taken_se.next = false;
        match self.dec_cond.val() {
            Cond::Always => self.taken_se.next = true,
            Cond::Scc0 => self.taken_se.next = !self.scc.q.val(),
            Cond::Scc1 => self.taken_se.next = self.scc.q.val(),
            // Wave32: VCCZ and EXECZ reflect the low 32 bits (reference 2.1).
            Cond::Execz => self.taken_se.next = self.exec.q.val().get_bits::<32>(0) == 0,
            Cond::Execnz => self.taken_se.next = self.exec.q.val().get_bits::<32>(0) != 0,
            _ => self.taken_se.next = false,
        }
        self.taken.next = self.taken_se.val()
            || ((self.dec_cond.val() == Cond::Vccz) && (self.vcc.q.val().get_bits::<32>(0) == 0))
            || ((self.dec_cond.val() == Cond::Vccnz) && (self.vcc.q.val().get_bits::<32>(0) != 0));
        // The next PC unless the instruction jumps (known at Check: SCC, VCC and EXEC are
        // final for a branch there): + 4, + 8 with a literal or for SMEM, + 4 · words for
        // a vector instruction, or a taken branch's target. The prefetch reads it.
        // (The scalar table's fields mean nothing for a vector word: its length wins.)
        self.seq_len.next = 1.into();
        if self.dec_lit.val() || (self.dec_kind.val() == Kind::Smem) {
            self.seq_len.next = 2.into();
        }
        if self.dec_valu.val() {
            self.seq_len.next = self.dec_vwords.val();
        }
        self.branch_taken.next =
            (self.dec_kind.val() == Kind::Branch) && self.taken.val() && !self.dec_valu.val();
        self.seq_pc.next = self.pc.q.val() + (bit_cast::<32, 2>(self.seq_len.val()) << 2);
        if self.branch_taken.val() {
            self.seq_pc.next = self.pc.q.val() + 4 + (self.simm_s.val().get_bits::<32>(0) << 2);
        }
        self.seq_in.next = (self.seq_pc.val() >> 2) < self.imem_words.val();
        self.pf_in1.next = !self.branch_taken.val() && (self.seq_len.val() == 1);
        self.pf_in2.next = !self.branch_taken.val() && (self.seq_len.val() == 2);
        self.no_alu.next = !self.dec_valu.val()
            && ((self.dec_kind.val() == Kind::Next)
                || (self.dec_kind.val() == Kind::Branch)
                || (self.dec_kind.val() == Kind::End))
            && !self.dec_d_we.val()
            && !self.dec_exec_we.val()
            && !self.dec_scc_we.val()
            && !self.dec_mode_we.val()
            && !self.a_read.val()
            && !self.b_read.val();
        // Destination write enable: an out-of-range M0-relative destination is not written;
        // cmov needs SCC; writes to null (124) are dropped. The wave is not privileged: a
        // write to ttmp0..15 (108..123) is dropped and the instruction leaves SCC alone
        // (reference 3.3.1.4); EXEC writes still happen.
        self.d_on.next =
            self.dec_d_we.val() && ((self.dec_d_rel.val() == Rel::None) || self.d_ix.ok.val());
        self.ttmp_dst.next =
            self.d_on.val() && (self.d_idx.val() >= 108) && (self.d_idx.val() <= 123);
        self.d_ok.next = self.d_on.val()
            && (!self.dec_d_cond.val() || self.scc.q.val())
            && (self.d_idx.val() != 124)
            && !self.ttmp_dst.val();
        self.ex3_one.next = !(self.dec_exec_we.val()
            || (self.d_ok.val() && self.dec_d_wide.val())
            || (self.dec_kind.val() == Kind::Jump));

        // Scalar memory (reference 16.6, as `sim/src/model/smem.rs`): SBASE is an SGPR pair
        // (the field holds its code / 2), OFFSET a signed 21-bit byte offset, SOFFSET an SGPR
        // (`null`: none); the address's two low bits are ignored. Dword k goes to SGPR code
        // SDATA + k (mod 128); null and ttmp0..15 are not written. The bus is 32-bit: an
        // address at or above 2^32, or a load running past it, is refused (`error`), as the
        // model refuses an access outside its memory (the co-simulation maps none there).
        self.sm_base.next = bit_cast::<7, 6>(self.ir0.q.val().get_bits::<6>(0)) << 1;
        self.sm_off.next = bit_cast::<64, 21>(self.ir1.q.val().get_bits::<21>(0));
        if self.ir1.q.val().get_bit(20) {
            self.sm_off.next =
                bit_cast::<64, 21>(self.ir1.q.val().get_bits::<21>(0)) | 0xffff_ffff_ffe0_0000_u64;
        }
        self.sm_sum.next = ((bit_cast::<64, 32>(self.a_lo.q.val())
            | (bit_cast::<64, 32>(self.a_hi.q.val()) << 32))
            + self.sm_off.val()
            + bit_cast::<64, 32>(self.b_lo.q.val()))
            & 0xffff_ffff_ffff_fffc_u64;
        // The last dword's address carries out of 32 bits: sm_end >= 2^32.
        self.sm_end.next = bit_cast::<33, 32>(self.a_q.q.val().get_bits::<32>(0))
            + (bit_cast::<33, 5>(self.dec_smem_n.val() - 1) << 2);
        self.sm_bad.next =
            (self.a_q.q.val().get_bits::<32>(32) != 0) || (self.sm_end.val() >= 0x1_0000_0000_u64);
        // The load's destinations [SDATA, SDATA + n): with VCC (106, 107), M0, EXEC or a
        // wrap past EXEC_HI in them, every instruction waits for the load.
        self.ld_end.next = bit_cast::<8, 7>(self.ir0.q.val().get_bits::<7>(6))
            + bit_cast::<8, 5>(self.dec_smem_n.val());
        // A dword of the outstanding load: null (124) and ttmp (108..123) are dropped.
        self.ld_ok.next = (self.ld_idx.q.val() != 124)
            && !((self.ld_idx.q.val() >= 108) && (self.ld_idx.q.val() <= 123));
        self.ld_we.next = self.ld_busy.q.val() && self.m_valid.val() && self.ld_ok.val();
        // The VALU's background instruction with a scalar result ends: the core writes
        // the result (the VALU's `v_sval`) to `sb_lo` in this cycle.
        self.vr_we.next = self.vr_busy.q.val() && self.va_busy.q.val() && self.v_done.val();
        self.port_busy.next = self.ld_we.val() || self.vr_we.val();
        // A scalar result to an SGPR or VCC (not M0 or EXEC, whose copies every
        // instruction reads) goes to the background unless a load is outstanding.
        self.v_bsr.next =
            self.v_slot_ok.val() && (self.v_sidx.val() < 125) && !self.ld_busy.q.val();

        // Scoreboard: an instruction of the wave that issued them (`sb_mine`) waits at
        // issue while the outstanding load or the VALU's background scalar result
        // (`sb_busy`) writes a register it names (the
        // register, or both of a 64-bit scalar operand's pair, against [lo, hi); a vector
        // instruction's scalar operands and destination are all taken as pairs, their
        // widths not being decoded here; `s_cbranch_vccz` / `vccnz` name VCC), and so do
        // `s_endpgm` and `s_barrier` of any wave. For a load, any memory instruction waits
        // too (one load at a time; the bus is the scalar unit's until it ends), and the
        // wave's `s_waitcnt` whose lgkmcnt it exceeds; for the VALU's result, SMEM (so
        // that the two never overlap).
        self.sb_busy.next = self.ld_busy.q.val() || self.vr_busy.q.val();
        self.sb_mine.next = self.sb_slot.q.val() == self.slot.val();
        // The wave giving way may leave a VALU result to VCC behind: written while it is
        // away, the result waits in `pv_*` for its return. Not a load's writes to VCC or
        // above, not a second such result while one waits, nor one written in this very
        // cycle (the copy then changes after the wave's state is handed over).
        self.sb_keep.next = self.sb_busy.val()
            && self.sb_mine.val()
            && (self.sb_hi.q.val() > 106)
            && (self.ld_busy.q.val() || self.pv_valid.q.val() || self.port_busy.val());
        self.vcc_hit.next = ((self.dec_cond.val() == Cond::Vccz)
            || (self.dec_cond.val() == Cond::Vccnz))
            && (self.sb_lo.q.val() <= 106)
            && (self.sb_hi.q.val() > 106);
        self.a_hit.next = ((self.dec_a_src.val() == ASrc::Ssrc0)
            || (self.dec_a_src.val() == ASrc::Sdst))
            && (bit_cast::<8, 7>(self.a_idx.val()) < self.sb_hi.q.val())
            && (bit_cast::<8, 7>(self.a_idx.val())
                + bit_cast::<8, 1>(self.dec_a_wide.val().into())
                >= self.sb_lo.q.val());
        self.b_hit.next = (self.dec_b_src.val() == BSrc::Ssrc1)
            && (bit_cast::<8, 7>(self.b_idx.val()) < self.sb_hi.q.val())
            && (bit_cast::<8, 7>(self.b_idx.val())
                + bit_cast::<8, 1>(self.dec_b_wide.val().into())
                >= self.sb_lo.q.val());
        self.d_hit.next = self.dec_d_we.val()
            && (bit_cast::<8, 7>(self.d_idx.val()) < self.sb_hi.q.val())
            && (bit_cast::<8, 7>(self.d_idx.val())
                + bit_cast::<8, 1>(self.dec_d_wide.val().into())
                >= self.sb_lo.q.val());
        // (Only the pairs VRead reads, `dec_vsread`. The VALU writes its scalar results
        // in order, so its destination meets only a load's.)
        self.v_hit.next = (self.dec_vsread.val().get_bit(0)
            && (bit_cast::<8, 7>(self.dec_vsidx0.val()) < self.sb_hi.q.val())
            && (bit_cast::<8, 7>(self.dec_vsidx0.val()) + 2 > self.sb_lo.q.val()))
            || (self.dec_vsread.val().get_bit(1)
                && (bit_cast::<8, 7>(self.dec_vsidx1.val()) < self.sb_hi.q.val())
                && (bit_cast::<8, 7>(self.dec_vsidx1.val()) + 2 > self.sb_lo.q.val()))
            || (self.dec_vsread.val().get_bit(2)
                && (bit_cast::<8, 7>(self.dec_vsidx2.val()) < self.sb_hi.q.val())
                && (bit_cast::<8, 7>(self.dec_vsidx2.val()) + 2 > self.sb_lo.q.val()))
            || (self.ld_busy.q.val()
                && (bit_cast::<8, 7>(self.dec_sdst.val()) < self.sb_hi.q.val())
                && (bit_cast::<8, 7>(self.dec_sdst.val()) + 2 > self.sb_lo.q.val()));
        self.mem_op.next = (self.dec_kind.val() == Kind::Smem && !self.dec_valu.val())
            || (self.dec_valu.val() && self.dec_vmem.val());
        self.drain.next = (self.dec_mem_wait.val() == Wait::Drain)
            || (self.dec_kind.val() == Kind::End && !self.dec_valu.val());
        // (SIMM16: `s_waitcnt` has vmcnt in [15:10] and lgkmcnt in [9:4]; the
        // single-count forms their count in [5:0].)
        self.lgkm_max.next = 63.into();
        self.vm_max.next = 63.into();
        self.vs_max.next = 63.into();
        match self.dec_mem_wait.val() {
            Wait::Waitcnt => {
                self.lgkm_max.next = self.ir0.q.val().get_bits::<6>(4);
                self.vm_max.next = self.ir0.q.val().get_bits::<6>(10);
            }
            Wait::Lgkm => self.lgkm_max.next = self.ir0.q.val().get_bits::<6>(0),
            Wait::Vm => self.vm_max.next = self.ir0.q.val().get_bits::<6>(0),
            Wait::Vs => self.vs_max.next = self.ir0.q.val().get_bits::<6>(0),
            _ => {}
        }
        // While vector instructions run in the background: a vector instruction waits for
        // its unit (the memory unit's queue full), and for its own wave's (the VGPR
        // scoreboard: nothing reads or writes a VGPR before the wave's earlier
        // instructions are done with it): any in the VALU, and in the memory unit (running
        // or queued) one sharing a VGPR (`vgpr_dep`) for a VALU one (a memory one queues
        // behind them: they run in order);
        // SMEM for a GLOBAL store or atomic (the memory it reads as the model's order has
        // it; beside a GLOBAL load the bus arbiter serves both); `s_endpgm` and `s_barrier`
        // for the wave's own; an `s_waitcnt` for more of the wave's own of a kind than its
        // count.
        // (The VALU's instruction counts as ended in its `done` cycle: its writes are in.)
        // (A tail is its wave's until its last write-back, but a VALU instruction waits
        // only for the VALU, `va_run`, and for a young tail whose destination it reads,
        // `vgpr_dep`: it reads after the tail has written that.)
        self.va_run.next = self.v_own.val() && !self.v_done.val();
        self.va_own.next = self.va_run.val() || self.vt_own.val();
        self.own.next = self.va_own.val() || self.mu_own.val() || self.mq_own.val();
        self.lgkm_in.next = bit_cast::<4, 1>((self.ld_busy.q.val() && self.sb_mine.val()).into())
            | (bit_cast::<4, 1>((self.mu_own.val() && self.vm_lds.q.val()).into()) << 1)
            | (bit_cast::<4, 1>((self.mq_own.val() && self.vq_lds.q.val()).into()) << 2)
            | (bit_cast::<4, 1>((self.va_own.val() && self.va_lds.q.val()).into()) << 3);
        self.vm_in.next = bit_cast::<2, 1>((self.mu_own.val() && self.vm_ret.q.val()).into())
            | (bit_cast::<2, 1>((self.mq_own.val() && self.vq_ret.q.val()).into()) << 1);
        self.vs_in.next = bit_cast::<2, 1>((self.mu_own.val() && self.vm_st.q.val()).into())
            | (bit_cast::<2, 1>((self.mq_own.val() && self.vq_st.q.val()).into()) << 1);
        // (At most four in flight: more than the count is decided per count, 0 to 3,
        // without an adder and a comparison, which are carry chains on the hold's path.)
        self.lgkm_hold.next = ((self.lgkm_max.val() == 0) && self.lgkm_in.val().any())
            || ((self.lgkm_max.val() == 1)
                && ((self.lgkm_in.val().get_bit(0)
                    && (self.lgkm_in.val().get_bit(1)
                        || self.lgkm_in.val().get_bit(2)
                        || self.lgkm_in.val().get_bit(3)))
                    || (self.lgkm_in.val().get_bit(1)
                        && (self.lgkm_in.val().get_bit(2) || self.lgkm_in.val().get_bit(3)))
                    || (self.lgkm_in.val().get_bit(2) && self.lgkm_in.val().get_bit(3))))
            || ((self.lgkm_max.val() == 2)
                && ((self.lgkm_in.val().get_bit(0)
                    && self.lgkm_in.val().get_bit(1)
                    && (self.lgkm_in.val().get_bit(2) || self.lgkm_in.val().get_bit(3)))
                    || (self.lgkm_in.val().get_bit(2)
                        && self.lgkm_in.val().get_bit(3)
                        && (self.lgkm_in.val().get_bit(0) || self.lgkm_in.val().get_bit(1)))))
            || ((self.lgkm_max.val() == 3) && self.lgkm_in.val().all());
        self.vm_hold.next = ((self.vm_max.val() == 0) && self.vm_in.val().any())
            || ((self.vm_max.val() == 1) && self.vm_in.val().all());
        self.vs_hold.next = ((self.vs_max.val() == 0) && self.vs_in.val().any())
            || ((self.vs_max.val() == 1) && self.vs_in.val().all());
        // (A VALU instruction goes on a cycle sooner, in the VALU's last write-back: it
        // reaches VExec in the `v_done` cycle and reads its VGPRs after that.)
        self.va_near.next = self.va_busy.q.val() && !self.v_done.val() && !self.v_last.val();
        self.v_dep.next = (self.va_run.val() && !self.v_last.val()) || self.vgpr_dep.val();
        if self.dec_munit.val() {
            self.v_dep.next = self.va_own.val();
        }
        self.sb_hold.next = (self.ld_busy.q.val()
            && (self.ld_all.q.val()
                || self.mem_op.val()
                || (self.sb_mine.val() && self.lgkm_hold.val())))
            || (self.sb_busy.val()
                && (self.drain.val()
                    || (self.sb_mine.val()
                        && ((self.dec_valu.val() && self.v_hit.val())
                            || (!self.dec_valu.val()
                                && (self.a_hit.val()
                                    || self.b_hit.val()
                                    || self.d_hit.val()
                                    || self.vcc_hit.val()))))))
            || (self.vr_busy.q.val()
                && (self.dec_kind.val() == Kind::Smem)
                && !self.dec_valu.val());
        self.hold.next = self.sb_hold.val()
            || (self.dec_valu.val()
                && (self.v_dep.val()
                    || (self.dec_munit.val() && self.vm_q.q.val())
                    || (!self.dec_munit.val() && self.va_near.val())))
            || ((self.dec_kind.val() == Kind::Smem)
                && !self.dec_valu.val()
                && ((self.vm_busy.q.val() && self.vm_wr.q.val())
                    || (self.vm_q.q.val() && self.vq_wr.q.val())))
            || (self.drain.val() && self.own.val())
            || self.lgkm_hold.val()
            || self.vm_hold.val()
            || self.vs_hold.val();
        // A hint (`s_nop`, `s_delay_alu`, `s_clause`, `s_sendmsg`, ...: nothing to do,
        // nothing to wait for, but a load writing VCC or above, `ld_all`), a branch not
        // taken on SCC or EXEC, or an `s_waitcnt*` whose counts are met (`wait_met`: the
        // hold has nothing else for it), retires in its Check when the next instruction is
        // the next word (`pf_in1`, here without a taken branch's target or VCC: no
        // literal, no branch taken on SCC or EXEC, `taken_se`, and the next word inside
        // the instruction memory): the decode tables load that instruction's words
        // (`ir1`, and word 2 on the RAM's output, their input in every Check) in that
        // cycle (`dec_en`), and its Check follows. Only registers decide it, as they do
        // `pf_fast` (the counts too, through a few LUTs). (A VCC branch may wait for a
        // VALU result.)
        self.wait_met.next = ((self.dec_mem_wait.val() == Wait::Waitcnt)
            || (self.dec_mem_wait.val() == Wait::Lgkm)
            || (self.dec_mem_wait.val() == Wait::Vm)
            || (self.dec_mem_wait.val() == Wait::Vs))
            && !self.lgkm_hold.val()
            && !self.vm_hold.val()
            && !self.vs_hold.val();
        self.hint_ret.next = (self.state.q.val() == State::Check)
            && self.no_alu.val()
            && ((self.dec_kind.val() == Kind::Next)
                || ((self.dec_kind.val() == Kind::Branch)
                    && (self.dec_cond.val() != Cond::Vccz)
                    && (self.dec_cond.val() != Cond::Vccnz)
                    && !self.taken_se.val()))
            && ((self.dec_mem_wait.val() == Wait::None) || self.wait_met.val())
            && (self.dec_a_src.val() == ASrc::None)
            && (self.dec_b_src.val() == BSrc::None)
            && self.dec_legal.val()
            && !self.dec_lit.val()
            && self.next_in.val()
            && !(self.ld_busy.q.val() && self.ld_all.q.val())
            && !self.ld_err.q.val()
            && !self.vm_err.q.val();
        if self.hint_ret.val() {
            self.dec_en.next = true;
        }
        self.m_req.next = (self.state.q.val() == State::SReq)
            && (self.dec_smem_n.val() != 0)
            && !self.sm_bad.val();
        self.m_addr.next = self.a_q.q.val().get_bits::<32>(0);
        self.m_n.next = self.dec_smem_n.val();

        // Write-back slot of the current Write step, and whether a later slot is in use.
        self.w_en.next = self.en0.q.val();
        self.w_idx.next = self.idx0.q.val();
        self.w_val.next = self.val0.q.val();
        self.w_more.next = self.en1.q.val();
        if self.step.q.val() == 1 {
            self.w_en.next = self.en1.q.val();
            self.w_idx.next = self.idx1.q.val();
            self.w_val.next = self.val1.q.val();
            self.w_more.next = self.en2.q.val();
        }
        if self.step.q.val() == 2 {
            self.w_en.next = self.en2.q.val();
            self.w_idx.next = self.idx2.q.val();
            self.w_val.next = self.val2.q.val();
            self.w_more.next = self.en3.q.val();
        }
        if self.step.q.val() == 3 {
            self.w_en.next = self.en3.q.val();
            self.w_idx.next = self.idx3.q.val();
            self.w_val.next = self.val3.q.val();
            self.w_more.next = false;
        }

        // The start sweep's SGPR (as Clear addresses it).
        self.init_idx.next = self.step.q.val().get_bits::<7>(0);
        if self.step.q.val() == self.swept.val() {
            self.init_idx.next = 126.into();
        }

        // The VALU's background instruction ends (before the sequencer: a VExec in the
        // `v_done` cycle may hand the VALU the next one).
        if self.va_busy.q.val() && self.v_done.val() {
            self.va_busy.d.next = false;
            self.vr_busy.d.next = false;
        }
        self.retire.next = false;
        self.mq_in.next = false;
        self.in_wr.next = self.dec_gm.val() && self.dec_gwr.val();
        self.in_ret.next = self.dec_gm.val() && self.dec_gret.val();
        self.in_st.next = self.dec_gm.val() && !self.dec_gret.val();
        self.in_lds.next = !self.dec_gm.val();
        self.assemble.next = false;
        self.yielding.next = false;
        self.parks.next = false;
        self.want_v.next = self.need_v.q.val();
        self.want_m.next = self.need_m.q.val();
        self.want_q.next = self.need_q.q.val();
        self.want_o.next = self.need_o.q.val();
        self.want_s.next = self.need_s.q.val();
        self.yok_r.d.next = false;
        self.wr_go.next = false;
        self.wr_idx.next = self.w_idx.val();
        self.wr_val.next = self.w_val.val();
        self.ret_wr.next = false;
        match self.state.q.val() {
            State::Idle => {
                if self.start.val() {
                    self.state.d.next = State::Clear;
                    self.step.d.next = 0.into();
                }
            }
            State::Clear => {
                // Sweep the SGPRs that may start non-zero to the wave's initial values.
                self.sgpr_we.next = true;
                self.sgpr_waddr.next = self.step.q.val().get_bits::<7>(0);
                if self.step.q.val() == self.swept.val() {
                    self.sgpr_waddr.next = 126.into();
                }
                self.sgpr_wdata.next = self.init_sgpr.val();
                self.step.d.next = self.step.q.val() + 1;
                if self.step.q.val() == self.swept.val() {
                    self.state.d.next = State::Fetch;
                    if self.start_yields.val() {
                        self.state.d.next = State::Yielded;
                        self.need_v.d.next = false;
                        self.need_m.d.next = false;
                        self.need_q.d.next = false;
                        self.need_o.d.next = false;
                        self.need_s.d.next = false;
                        self.kept.d.next = false;
                    }
                }
                self.pc.d.next = 0.into();
                self.scc.d.next = false;
                self.vcc.d.next = 0.into();
                self.exec.d.next = bit_cast::<64, 32>(self.init_exec.val());
                self.m0.d.next = 0.into();
                self.mode.d.next = self.init_mode.val();
            }
            State::Fetch => {
                // mem[pc] is on the RAM's registered output now: every state that enters
                // Fetch addressed it in its last cycle (the retirement the next PC, Clear the
                // PC it holds, a `resume` the resumed PC).
                self.imem.read_address.next = self.pc_word1.val().get_bits::<IMEM_BITS>(0);
                self.ir0.d.next = self.imem.read_data.val();
                if self.pc_word.val() >= self.imem_words.val() {
                    self.state.d.next = State::Error;
                    self.err_pc.d.next = self.pc.q.val();
                } else {
                    self.state.d.next = State::Fetch1;
                }
            }
            State::Fetch1 => {
                // The scalar decode table registers its output from ir0 this cycle.
                self.ir1.d.next = self.imem.read_data.val();
                self.state.d.next = State::Fetch2;
            }
            State::Fetch2 => {
                // The vector decode registers its output from ir0 and ir1 this cycle; the
                // RAM reads word 2, which Check takes.
                self.imem.read_address.next = self.pc_word2.val();
                self.state.d.next = State::Check;
            }
            State::Check => {
                self.exec_before.d.next = self.exec.q.val();
                self.t_end.d.next = (self.dec_kind.val() == Kind::End) && !self.dec_valu.val();
                self.t_scc_we.d.next =
                    self.dec_scc_we.val() && !self.ttmp_dst.val() && !self.dec_valu.val();
                self.t_valu.d.next = self.dec_valu.val();
                self.t_vwords.d.next = self.dec_vwords.val();
                self.t_lit.d.next = self.dec_lit.val();
                self.t_smem.d.next = self.dec_kind.val() == Kind::Smem;
                // No write slots and the next PC in order, unless a later step says
                // otherwise (Ex3, VExec, SReq).
                self.en0.d.next = false;
                self.en1.d.next = false;
                self.en2.d.next = false;
                self.en3.d.next = false;
                self.next_pc.d.next = self.seq_pc.val();
                // A vector instruction runs in the background (on the memory unit, 2, or
                // on the VALU, 1) unless the core waits for its scalar result (`v_bsr`).
                self.bg.d.next = 0.into();
                if self.dec_valu.val() {
                    if self.dec_munit.val() {
                        self.bg.d.next = 2.into();
                    } else if self.dec_vmem.val() || !self.v_slot_ok.val() || self.v_bsr.val() {
                        self.bg.d.next = 1.into();
                    }
                }
                // Word 2 (a VALU instruction's third word) is on the RAM's output: the
                // cycle before addressed it (Fetch2, a retirement taking the prefetch, a held
                // Check). A held Check addresses it again; one that goes on starts the
                // prefetch (below). (What follows is what Check does when it goes on; the
                // hold, below `pf_fast`, undoes it.)
                self.ir2.d.next = self.imem.read_data.val();
                self.imem.read_address.next = self.pc_word2.val();
                self.step.d.next = 0.into();
                if self.ld_err.q.val() {
                    // The outstanding load met a bus error: the wave stops at the load.
                    self.state.d.next = State::Error;
                    self.err_pc.d.next = self.ld_pc.q.val();
                } else if self.vm_err.q.val() {
                    // The background GLOBAL instruction faulted: the wave stops there.
                    self.state.d.next = State::Error;
                    self.err_pc.d.next = self.vm_pc.q.val();
                } else if self.dec_valu.val() {
                    if self.pc_vlast.val() >= self.imem_words.val() {
                        self.state.d.next = State::Error;
                        self.err_pc.d.next = self.pc.q.val();
                    } else {
                        // VRead's step 0 is this cycle: the first SGPR pair the vector unit
                        // uses (S0, else S1, else S2), both words at once, or none, and
                        // then straight to VExec.
                        self.sgpr_raddr.next = self.dec_vsidx0.val();
                        self.sgpr_raddr2.next = self.dec_vsidx0.val() + 1;
                        self.step.d.next = 1.into();
                        self.state.d.next = State::VRead;
                        if !self.dec_vsread.val().get_bit(0) {
                            self.sgpr_raddr.next = self.dec_vsidx1.val();
                            self.sgpr_raddr2.next = self.dec_vsidx1.val() + 1;
                            self.step.d.next = 2.into();
                            if !self.dec_vsread.val().get_bit(1) {
                                self.sgpr_raddr.next = self.dec_vsidx2.val();
                                self.sgpr_raddr2.next = self.dec_vsidx2.val() + 1;
                                self.step.d.next = 3.into();
                                if !self.dec_vsread.val().get_bit(2) {
                                    self.state.d.next = State::VExec;
                                }
                            }
                        }
                    }
                } else if !self.dec_legal.val()
                    || (self.dec_lit.val() && !self.next_in.val())
                    || ((self.dec_kind.val() == Kind::Branch)
                        && self.taken.val()
                        && !self.seq_in.val())
                {
                    // (A taken branch out of the instruction memory stops the wave at the
                    // branch, as the golden model does for a target outside the program.)
                    self.state.d.next = State::Error;
                    self.err_pc.d.next = self.pc.q.val();
                } else if self.dec_kind.val() == Kind::Smem {
                    // SMEM is two dwords.
                    if !self.next_in.val() {
                        self.state.d.next = State::Error;
                        self.err_pc.d.next = self.pc.q.val();
                    } else {
                        // SRead's step 0 is this cycle: SBASE's reads.
                        self.sgpr_raddr.next = self.sm_base.val();
                        self.sgpr_raddr2.next = self.sm_base.val() + 1;
                        self.step.d.next = 1.into();
                        self.state.d.next = State::SRead;
                    }
                } else {
                    // Read's step 0 is this cycle: the register operands' first words (A
                    // lo on the first port, B lo on the second; one operand alone is read
                    // whole, its high word on the other port); without a register operand,
                    // the operands are assembled this cycle too.
                    self.sgpr_raddr.next = self.a_idx.val();
                    if !self.a_read.val() {
                        self.sgpr_raddr.next = self.b_idx.val() + 1;
                    }
                    self.sgpr_raddr2.next = self.b_idx.val();
                    if !self.b_read.val() {
                        self.sgpr_raddr2.next = self.a_idx.val() + 1;
                    }
                    self.step.d.next = 1.into();
                    self.state.d.next = State::Read;
                    if !self.a_read.val() {
                        if self.no_alu.val() && (self.pf_in1.val() || self.pf_in2.val()) {
                            self.step.d.next = 0.into();
                            self.state.d.next = State::Retire;
                        } else if !self.b_read.val() {
                            self.assemble.next = true;
                        }
                    }
                }
            }
            State::Read => {
                // Step 1 takes the words Check read: A lo and B lo, or the one register
                // operand's two words. With two register operands, one of them 64-bit,
                // it reads the high words (A hi, B hi), which step 2 takes. The last step
                // assembles.
                self.step.d.next = self.step.q.val() + 1;
                if self.step.q.val() == 1 {
                    if self.a_read.val() {
                        self.a_lo.d.next = self.sgpr_rdata.val();
                    } else {
                        self.b_hi.d.next = self.sgpr_rdata.val();
                    }
                    if self.b_read.val() {
                        self.b_lo.d.next = self.sgpr_rdata2.val();
                    } else {
                        self.a_hi.d.next = self.sgpr_rdata2.val();
                    }
                    self.sgpr_raddr.next = self.a_idx.val() + 1;
                    self.sgpr_raddr2.next = self.b_idx.val() + 1;
                    if !(self.a_read.val()
                        && self.b_read.val()
                        && (self.dec_a_wide.val() || self.dec_b_wide.val()))
                    {
                        self.assemble.next = true;
                    }
                }
                if self.step.q.val() == 2 {
                    self.a_hi.d.next = self.sgpr_rdata.val();
                    self.b_hi.d.next = self.sgpr_rdata2.val();
                    self.assemble.next = true;
                }
            }
            State::VRead => {
                // Step k takes pair k - 1 (S0, S1, S2: both words, read the cycle before)
                // and reads the next pair the vector unit uses (`dec_vsread`), or goes to
                // VExec.
                self.step.d.next = self.step.q.val() + 1;
                if self.step.q.val() == 1 {
                    self.a_lo.d.next = self.sgpr_rdata.val();
                    self.a_hi.d.next = self.sgpr_rdata2.val();
                    self.sgpr_raddr.next = self.dec_vsidx1.val();
                    self.sgpr_raddr2.next = self.dec_vsidx1.val() + 1;
                    if !self.dec_vsread.val().get_bit(1) {
                        self.sgpr_raddr.next = self.dec_vsidx2.val();
                        self.sgpr_raddr2.next = self.dec_vsidx2.val() + 1;
                        self.step.d.next = 3.into();
                        if !self.dec_vsread.val().get_bit(2) {
                            self.state.d.next = State::VExec;
                        }
                    }
                }
                if self.step.q.val() == 2 {
                    self.b_lo.d.next = self.sgpr_rdata.val();
                    self.b_hi.d.next = self.sgpr_rdata2.val();
                    self.sgpr_raddr.next = self.dec_vsidx2.val();
                    self.sgpr_raddr2.next = self.dec_vsidx2.val() + 1;
                    if !self.dec_vsread.val().get_bit(2) {
                        self.state.d.next = State::VExec;
                    }
                }
                if self.step.q.val() == 3 {
                    self.c_lo.d.next = self.sgpr_rdata.val();
                    self.c_hi.d.next = self.sgpr_rdata2.val();
                    self.state.d.next = State::VExec;
                }
            }
            State::VExec => {
                // What the instruction writes back (at most the vector unit's scalar write;
                // a GLOBAL one none), taken in every VExec cycle and used once it leaves.
                // A background instruction retires here when it has the next one
                // prefetched (`pf_fast`), else in Retire.
                self.en0.d.next = self.v_slot_ok.val() && (self.bg.q.val() == 0);
                self.idx0.d.next = self.v_sidx.val();
                self.val0.d.next = self.v_sval.val();
                self.step.d.next = 0.into();
                if self.dec_munit.val() {
                    // DS, GLOBAL, FLAT: the memory unit starts with the next cycle, or the
                    // instruction waits in its queue (`mq_in`, below), and runs in the
                    // background; the instruction retires.
                    self.mq_in.next = true;
                    self.state.d.next = State::Retire;
                    self.retire.next = self.pf_fast.q.val();
                } else if self.bg.q.val() != 0 {
                    // No scalar result to write (a DS lane move, VALU without a lane mask
                    // or readlane value, or with one to null or a ttmp), or one written
                    // when the VALU is done (`vr_busy`): likewise on the VALU (`va_busy`
                    // keeps `v_go` high).
                    self.va_busy.d.next = true;
                    self.va_lds.d.next = self.dec_vmem.val();
                    if self.v_slot_ok.val() {
                        self.vr_busy.d.next = true;
                        self.sb_slot.d.next = self.slot.val();
                        self.sb_lo.d.next = bit_cast::<8, 7>(self.v_sidx.val());
                        self.sb_hi.d.next = bit_cast::<8, 7>(self.v_sidx.val()) + 1;
                    }
                    self.state.d.next = State::Retire;
                    self.retire.next = self.pf_fast.q.val();
                } else if self.v_done.val() && self.vx_wait.q.val() {
                    // (Its own `v_done`: in the first VExec cycle a `v_done` ends the
                    // VALU's instruction before, and the VALU takes this one there.)
                    self.state.d.next = State::Write;
                    if !self.v_slot_ok.val() {
                        // Nothing to write back.
                        self.state.d.next = State::Retire;
                    }
                    // With the next instruction prefetched (`pf_fast`, set in the VALU's
                    // `last` cycle), the result is written and the instruction retires
                    // here, unless a load's dword takes the write port this cycle.
                    if self.pf_fast.q.val() && !self.port_busy.val() {
                        self.ret_wr.next = true;
                        self.retire.next = true;
                        self.wr_go.next = self.en0.d.val();
                        self.wr_idx.next = self.idx0.d.val();
                        self.wr_val.next = self.val0.d.val();
                    }
                }
            }
            State::SRead => {
                // Step 0 (in Check) reads SBASE (both words), step 1 SOFFSET; the data
                // arrives at the step after.
                if self.step.q.val() == 1 {
                    self.sgpr_raddr.next = self.ir1.q.val().get_bits::<7>(25);
                    self.a_lo.d.next = self.sgpr_rdata.val();
                    self.a_hi.d.next = self.sgpr_rdata2.val();
                }
                if self.step.q.val() == 2 {
                    self.b_lo.d.next = self.sgpr_rdata.val();
                    if self.ir1.q.val().get_bits::<7>(25) == 124 {
                        self.b_lo.d.next = 0.into();
                    }
                    self.state.d.next = State::SAddr;
                }
                self.step.d.next = self.step.q.val() + 1;
            }
            State::SAddr => {
                self.a_q.d.next = self.sm_sum.val();
                self.state.d.next = State::SReq;
            }
            State::SReq => {
                self.step.d.next = 0.into();
                if self.dec_smem_n.val() == 0 {
                    self.state.d.next = State::Retire;
                } else if self.sm_bad.val() {
                    self.state.d.next = State::Error;
                    self.err_pc.d.next = self.pc.q.val();
                } else {
                    // The load goes on in the background (`m_req` this cycle) and the
                    // instruction retires; its dwords are written as they arrive.
                    self.ld_busy.d.next = true;
                    self.sb_slot.d.next = self.slot.val();
                    self.sb_lo.d.next = bit_cast::<8, 7>(self.ir0.q.val().get_bits::<7>(6));
                    self.sb_hi.d.next = self.ld_end.val();
                    self.ld_idx.d.next = self.ir0.q.val().get_bits::<7>(6);
                    self.ld_pc.d.next = self.pc.q.val();
                    self.ld_all.d.next = ((self.ld_end.val() > 106)
                        && (self.ir0.q.val().get_bits::<7>(6) <= 107))
                        || (self.ld_end.val() > 124);
                    self.state.d.next = State::Retire;
                }
            }
            State::Ex1 => {
                self.state.d.next = State::Ex2;
            }
            State::Ex2 => {
                self.state.d.next = State::Ex3;
            }
            State::Ex3 => {
                self.scc_new.d.next = self.salu.scc_out.val();
                // MODE is not traced and read only by the SALU: written here.
                if self.dec_mode_we.val() {
                    self.mode.d.next = self.salu.mode_out.val();
                }
                // Write slots in pseudocode order: EXEC first, then D (saveexec/wrexec).
                self.en0.d.next = false;
                self.en1.d.next = false;
                self.en2.d.next = false;
                self.en3.d.next = false;
                self.idx0.d.next = self.d_idx.val();
                self.val0.d.next = self.salu.result.val().get_bits::<32>(0);
                self.idx1.d.next = self.d_idx.val() + 1;
                self.val1.d.next = self.salu.result.val().get_bits::<32>(32);
                self.idx2.d.next = self.d_idx.val();
                self.val2.d.next = self.salu.result.val().get_bits::<32>(0);
                self.idx3.d.next = self.d_idx.val() + 1;
                self.val3.d.next = self.salu.result.val().get_bits::<32>(32);
                if self.dec_exec_we.val() {
                    self.en0.d.next = true;
                    self.idx0.d.next = 126.into();
                    self.val0.d.next = self.salu.exec_out.val().get_bits::<32>(0);
                    if self.dec_d_wide.val() {
                        self.en1.d.next = true;
                        self.idx1.d.next = 127.into();
                        self.val1.d.next = self.salu.exec_out.val().get_bits::<32>(32);
                        self.en2.d.next = self.d_ok.val();
                        self.en3.d.next = self.d_ok.val();
                    } else {
                        self.en1.d.next = self.d_ok.val();
                        self.idx1.d.next = self.d_idx.val();
                        self.val1.d.next = self.salu.result.val().get_bits::<32>(0);
                    }
                } else {
                    self.en0.d.next = self.d_ok.val();
                    self.en1.d.next = self.d_ok.val() && self.dec_d_wide.val();
                }
                // Next PC: a jump's (else `seq_pc`, as Check set it).
                if self.dec_kind.val() == Kind::Jump {
                    self.next_pc.d.next =
                        self.a_q.q.val().get_bits::<32>(0) - self.pc_base.val().get_bits::<32>(0);
                }
                self.step.d.next = 0.into();
                self.state.d.next = State::Write;
                if !self.dec_exec_we.val() && !self.d_ok.val() {
                    // Nothing to write back.
                    self.state.d.next = State::Retire;
                }
                // With the next instruction prefetched (`pf_fast`), an instruction of one
                // write slot or none retires here, writing the slot at once, unless a
                // load's dword takes the write port this cycle (then Write, as above).
                if self.pf_fast.q.val()
                    && self.ex3_one.val()
                    && !(self.en0.d.val() && self.port_busy.val())
                {
                    self.ret_wr.next = true;
                    self.retire.next = true;
                    self.wr_go.next = self.en0.d.val();
                    self.wr_idx.next = self.idx0.d.val();
                    self.wr_val.next = self.val0.d.val();
                }
            }
            State::Write => {
                // (A dword of the outstanding load, or the VALU's result, takes the write
                // port: the step waits.)
                self.wr_go.next = self.w_en.val() && !self.port_busy.val();
                // The slots are packed from slot 0: the last one in use retires.
                if !self.port_busy.val() {
                    self.step.d.next = self.step.q.val() + 1;
                    if !self.w_more.val() {
                        self.retire.next = true;
                    }
                }
            }
            State::Retire => {
                self.retire.next = true;
            }
            _ => {}
        }

        // The copies hold the state of the wave that runs in the current slot; between
        // waves, or for another slot's wave, they are another wave's or saved already: a
        // late VCC write waits in `pv_*`, and a resumed wave's copy takes it as it runs
        // (Fetch or Fetch2, before its Check).
        self.between.next = (self.state.q.val() == State::Done)
            || (self.state.q.val() == State::Parked)
            || (self.state.q.val() == State::Yielded);
        self.copies_live.next = self.sb_mine.val() && !self.between.val();
        if self.pv_valid.q.val() && (self.pv_slot.q.val() == self.slot.val()) && !self.between.val()
        {
            self.pv_valid.d.next = false;
            self.vcc.d.next =
                (self.vcc.q.val() & self.hi32.val()) | bit_cast::<64, 32>(self.pv_val.q.val());
            if self.pv_hi.q.val() {
                self.vcc.d.next = (self.vcc.q.val() & self.lo32.val())
                    | (bit_cast::<64, 32>(self.pv_val.q.val()) << 32);
            }
        }

        // The SGPR write of this cycle, into the file and the VCC, M0 and EXEC copies: a
        // dword of the outstanding load or the VALU's background result (never both; the
        // others wait for the port, above; into the issuing wave's slot), a Write step's
        // slot, or that of Ex3 or VExec retiring.
        if self.port_busy.val() {
            self.sgpr_wslot.next = self.sb_slot.q.val();
        }
        if self.ld_we.val() {
            self.wr_go.next = true;
            self.wr_idx.next = self.ld_idx.q.val();
            self.wr_val.next = self.m_data.val();
        }
        if self.vr_we.val() {
            self.wr_go.next = true;
            self.wr_idx.next = self.sb_lo.q.val().get_bits::<7>(0);
            self.wr_val.next = self.v_sval.val();
        }
        if self.wr_go.val() {
            self.sgpr_we.next = true;
            self.sgpr_waddr.next = self.wr_idx.val();
            self.sgpr_wdata.next = self.wr_val.val();
            // (A late write for a wave that is away: to VCC it waits in `pv_*`; to M0 or
            // EXEC there is none, `sb_keep`.)
            if self.port_busy.val() && !self.copies_live.val() {
                if (self.wr_idx.val() == 106) || (self.wr_idx.val() == 107) {
                    self.pv_valid.d.next = true;
                    self.pv_slot.d.next = self.sb_slot.q.val();
                    self.pv_hi.d.next = self.wr_idx.val() == 107;
                    self.pv_val.d.next = self.wr_val.val();
                }
            } else {
                if self.wr_idx.val() == 106 {
                    self.vcc.d.next = (self.vcc.q.val() & self.hi32.val())
                        | bit_cast::<64, 32>(self.wr_val.val());
                }
                if self.wr_idx.val() == 107 {
                    self.vcc.d.next = (self.vcc.q.val() & self.lo32.val())
                        | (bit_cast::<64, 32>(self.wr_val.val()) << 32);
                }
                if self.wr_idx.val() == 125 {
                    self.m0.d.next = self.wr_val.val();
                }
                if self.wr_idx.val() == 126 {
                    self.exec.d.next = (self.exec.q.val() & self.hi32.val())
                        | bit_cast::<64, 32>(self.wr_val.val());
                }
                if self.wr_idx.val() == 127 {
                    self.exec.d.next = (self.exec.q.val() & self.lo32.val())
                        | (bit_cast::<64, 32>(self.wr_val.val()) << 32);
                }
            }
        }

        // Assemble: the operands into the SALU's input registers (in the last Read step,
        // or in Check for an instruction without a register operand). An operation
        // without stage registers is sampled in the next cycle.
        if self.assemble.val() {
            self.a_q.d.next = self.a_val.val();
            self.b_q.d.next = self.b_val.val();
            self.state.d.next = State::Ex1;
            if self.salu.quick.val() {
                self.state.d.next = State::Ex3;
            }
        }

        // The prefetch of the next instruction: its first word addressed by a Check
        // that goes on, the rest in the states up to the retirement, which leave the read
        // port free.
        self.pf_run.next = (self.state.q.val() == State::Read)
            || (self.state.q.val() == State::VRead)
            || (self.state.q.val() == State::VExec)
            || (self.state.q.val() == State::SRead)
            || (self.state.q.val() == State::SAddr)
            || (self.state.q.val() == State::SReq)
            || (self.state.q.val() == State::Ex1)
            || (self.state.q.val() == State::Ex2)
            || (self.state.q.val() == State::Ex3)
            || (self.state.q.val() == State::Write);
        if self.state.q.val() == State::Check {
            // (As if it goes on: a held Check addresses word 2 again, below `pf_fast`.)
            self.pf_pc.d.next = self.seq_pc.val();
            self.pf_ok.d.next = self.seq_in.val();
            self.imem.read_address.next = self.seq_pc.val().get_bits::<IMEM_BITS>(2);
            self.pf_step.d.next = 1.into();
            // (The window: the next instruction's words are in already, or its first is,
            // and the read port fetches the second.)
            if self.pf_in1.val() {
                self.pf0.d.next = self.ir1.q.val();
                self.pf1.d.next = self.imem.read_data.val();
                self.pf_step.d.next = 3.into();
            }
            if self.pf_in2.val() {
                self.pf0.d.next = self.imem.read_data.val();
                self.imem.read_address.next = self.pc_word2.val() + 1;
                self.pf_step.d.next = 2.into();
            }
        }
        if self.pf_run.val() {
            if self.pf_step.q.val() == 1 {
                self.pf0.d.next = self.imem.read_data.val();
                self.imem.read_address.next = self.pf_word.val() + 1;
                self.pf_step.d.next = 2.into();
            }
            if self.pf_step.q.val() == 2 {
                self.pf1.d.next = self.imem.read_data.val();
                self.pf_step.d.next = 3.into();
            }
        }
        // (After the states' and the prefetch's assignments, as if Check went on; a Check
        // that does not, a retirement (its next state is Check or Fetch) and reset are
        // taken out at the end: the hold stays off the path into `pf_fast`, but for that
        // last gate.)
        self.w_last_d.next = !self.en1.d.val();
        if self.step.d.val() == 1 {
            self.w_last_d.next = !self.en2.d.val();
        }
        if self.step.d.val() == 2 {
            self.w_last_d.next = !self.en3.d.val();
        }
        if self.step.d.val() == 3 {
            self.w_last_d.next = true;
        }
        self.pf_fast.d.next = ((self.state.d.val() == State::Retire)
            || ((self.state.d.val() == State::Write) && self.w_last_d.val())
            || ((self.state.d.val() == State::VExec) && (self.bg.d.val() != 0))
            || ((self.state.d.val() == State::Ex3) && self.ex3_one.val())
            || ((self.state.d.val() == State::VExec)
                && (self.state.q.val() == State::VExec)
                && self.v_last.val()))
            && (self.next_pc.d.val() == self.pf_pc.d.val())
            && self.pf_ok.d.val()
            && self.pf_step.d.val().get_bit(1)
            && !self.retire.val()
            && !((self.state.q.val() == State::Check) && self.hold.val())
            && !self.rst.val();

        // Held at Check: wait there, or give way to another wave of the work-group.
        if (self.state.q.val() == State::Check)
            && self.hold.val()
            && !self.ld_err.q.val()
            && !self.vm_err.q.val()
        {
            self.state.d.next = State::Check;
            self.step.d.next = 0.into();
            self.imem.read_address.next = self.pc_word2.val();
            self.pf_step.d.next = 0.into();
            self.yok_r.d.next = self.yield_ok.val() && !self.sb_keep.val();
            if self.yield_ok.val()
                && !self.sb_keep.val()
                && (self.direct_ok.val() || self.yok_r.q.val())
            {
                // Give way: to the wave on `resume_*` with `direct_ok` (below), else in
                // `Yielded`, for the dispatcher to pick one.
                self.state.d.next = State::Yielded;
                self.yielding.next = true;
                // What it waits for: the VALU (it is a VALU instruction or one of the
                // wave's runs there), the memory unit (a memory instruction, or one of the
                // wave's runs there).
                self.want_v.next =
                    (self.dec_valu.val() && !self.dec_munit.val()) || self.v_own.val();
                // (SMEM waits for the memory unit to go idle, as it may wait for a
                // GLOBAL store or atomic there; a memory-unit instruction for room in the
                // queue, not for the wave's memory instructions, which run before it in
                // order; other instructions for the wave's.)
                self.want_m.next = self.mem_op.val() && !self.dec_munit.val();
                self.want_q.next = self.dec_valu.val() && self.dec_munit.val();
                self.want_o.next = !(self.dec_valu.val() && self.dec_munit.val())
                    && (self.mu_own.val() || self.mq_own.val());
                // (And the outstanding load or result, when the hold is for it.)
                self.want_s.next = self.sb_hold.val();
                self.need_s.d.next = self.want_s.val();
                self.need_v.d.next = self.want_v.val();
                self.need_m.d.next = self.want_m.val();
                self.need_q.d.next = self.want_q.val();
                self.need_o.d.next = self.want_o.val();
                self.kept.d.next = true;
            }
        }

        // Retirement (Retire, the last Write step, Ex3 or VExec): the next PC; SCC; the next
        // instruction from the prefetch when it is the one (`pf_fast`, registered a cycle
        // ahead; the decode tables see it this cycle, above), else fetched. Only registers
        // are read here: the decode tables may already hold the next instruction.
        self.scc_ret.next = self.scc_new.q.val();
        if self.ret_wr.val() {
            self.scc_ret.next = self.salu.scc_out.val();
        }
        if self.retire.val() {
            self.pc.d.next = self.next_pc.q.val();
            self.imem.read_address.next = self.next_word.val();
            if self.t_scc_we.q.val() {
                self.scc.d.next = self.scc_ret.val();
            }
            if self.t_end.q.val() {
                self.state.d.next = State::Done;
            } else if self.park.val() {
                // At the barrier: the wave on `resume_*` with `direct_park_ok` (below),
                // else stop.
                self.state.d.next = State::Parked;
                self.parks.next = true;
                // (With the next instruction prefetched the wave keeps it, as one that
                // gives way keeps its own.)
                self.ir0.d.next = self.pf0.q.val();
                self.ir1.d.next = self.pf_w1.val();
                self.kept.d.next = self.pf_fast.q.val();
            } else if self.pf_fast.q.val() {
                self.ir0.d.next = self.pf0.q.val();
                self.ir1.d.next = self.pf_w1.val();
                self.imem.read_address.next = self.pf_word.val() + 2;
                self.state.d.next = State::Check;
            } else {
                self.state.d.next = State::Fetch;
            }
        }

        // A hint or a branch not taken retiring in its Check (`hint_ret`): the next
        // instruction, one word on, is in `ir1` and its second word on the RAM's output;
        // the RAM reads its word 2.
        if self.hint_ret.val() {
            self.pc.d.next = self.seq_pc.val();
            self.ir0.d.next = self.ir1.q.val();
            self.ir1.d.next = self.imem.read_data.val();
            self.imem.read_address.next = self.pc_word2.val() + 1;
            self.state.d.next = State::Check;
        }

        // Between waves (Done, Parked at a barrier, Yielded): a new wave starts (`start`),
        // or a waiting one continues (`resume`); a wave giving way at Check or parking at
        // its retirement hands over to the ready one directly (`direct_ok`,
        // `direct_park_ok`).
        if self.between.val() && self.start.val() {
            self.state.d.next = State::Clear;
            self.step.d.next = 0.into();
        }
        if (self.between.val() && self.resume.val())
            || (self.yielding.val() && self.direct_ok.val())
            || (self.parks.val() && self.direct_park_ok.val())
        {
            self.state.d.next = State::Fetch;
            self.imem.read_address.next = self.resume_pc.val().get_bits::<IMEM_BITS>(2);
            // A wave that kept its instruction (it gave way there, or parked with it
            // prefetched) hands it back: the decode tables take it in Fetch2 (which
            // addresses word 2 for Check).
            if self.resume_kept.val() {
                self.state.d.next = State::Fetch2;
                self.ir0.d.next = self.resume_w0.val();
                self.ir1.d.next = self.resume_w1.val();
            }
            self.step.d.next = 0.into();
            self.pc.d.next = self.resume_pc.val();
            self.scc.d.next = self.resume_scc.val();
            self.mode.d.next = self.resume_mode.val();
            self.vcc.d.next = self.resume_vcc.val();
            self.exec.d.next = self.resume_exec.val();
            self.m0.d.next = self.resume_m0.val();
        }

        // The outstanding load's dwords, written as they arrive (the SGPR write above):
        // an instruction writing back meanwhile holds its Write step a cycle, or goes from
        // Ex3 to a Write step.
        if self.ld_busy.q.val() && self.m_valid.val() {
            self.ld_idx.d.next = self.ld_idx.q.val() + 1;
        }
        if self.ld_busy.q.val() && (self.m_done.val() || self.m_err.val()) {
            self.ld_busy.d.next = false;
        }
        // A bus error of the load stops the wave at the load, earlier in program order than
        // any error met since (`error` waits for the load to end).
        if self.ld_busy.q.val() && self.m_err.val() {
            self.ld_err.d.next = true;
            self.err_pc.d.next = self.ld_pc.q.val();
        }

        // The memory unit's background instruction ends (the VALU's: above), a cycle later
        // when the trace ports carry the VALU's writes (its background instruction's end,
        // or a VALU instruction's retirement). A fault stops the wave at the instruction,
        // earlier in program order than any error met since (`error` waits for it to end).
        // (The retirement's cycle is taken wide, from the state: a VALU instruction whose
        // result the core waits for, in VExec with its `v_done`, Write or Retire; the
        // retirement itself comes late in the cycle.)
        self.va_trace.next =
            (self.va_busy.q.val() && self.v_done.val() && !self.v_tail.val()) || self.v_tdone.val();
        self.va_ret.next = self.t_valu.q.val()
            && (self.bg.q.val() == 0)
            && (((self.state.q.val() == State::VExec)
                && self.v_done.val()
                && self.vx_wait.q.val())
                || (self.state.q.val() == State::Write)
                || (self.state.q.val() == State::Retire));
        self.mu_take.next = self.vm_busy.q.val()
            && (self.mu_done.val() || self.mu_err.val())
            && !self.va_trace.val()
            && !self.va_ret.val();
        // The queue: the instruction waiting takes the unit's place when the unit's ends;
        // one issued goes to the unit when it is free or being freed with none waiting,
        // else it waits. A fault drops the waiting one, and one issued in the same cycle:
        // the wave stops at the faulting instruction.
        if self.mu_take.val() {
            self.vm_busy.d.next = self.vm_q.q.val();
            self.vm_q.d.next = false;
            self.vm_wr.d.next = self.vq_wr.q.val();
            self.vm_ret.d.next = self.vq_ret.q.val();
            self.vm_st.d.next = self.vq_st.q.val();
            self.vm_lds.d.next = self.vq_lds.q.val();
            self.vm_pc.d.next = self.vq_pc.q.val();
        }
        if self.mq_in.val() {
            if !self.vm_busy.q.val() || (self.mu_take.val() && !self.vm_q.q.val()) {
                self.vm_busy.d.next = true;
                self.vm_wr.d.next = self.in_wr.val();
                self.vm_ret.d.next = self.in_ret.val();
                self.vm_st.d.next = self.in_st.val();
                self.vm_lds.d.next = self.in_lds.val();
                self.vm_pc.d.next = self.pc.q.val();
            } else {
                self.vm_q.d.next = true;
                self.vq_wr.d.next = self.in_wr.val();
                self.vq_ret.d.next = self.in_ret.val();
                self.vq_st.d.next = self.in_st.val();
                self.vq_lds.d.next = self.in_lds.val();
                self.vq_pc.d.next = self.pc.q.val();
            }
        }
        if self.mu_take.val() && self.mu_err.val() {
            self.vm_err.d.next = true;
            self.vm_busy.d.next = false;
            self.vm_q.d.next = false;
            self.vm_pc.d.next = self.vm_pc.q.val();
        }
        self.mu_next.next = self.mu_take.val();

        if self.rst.val() {
            self.ld_busy.d.next = false;
            self.ld_err.d.next = false;
            self.va_busy.d.next = false;
            self.vr_busy.d.next = false;
            self.pv_valid.d.next = false;
            self.vm_busy.d.next = false;
            self.vm_q.d.next = false;
            self.vm_err.d.next = false;
            self.bg.d.next = 0.into();
            self.state.d.next = State::Idle;
            self.step.d.next = 0.into();
            self.pc.d.next = 0.into();
            self.scc.d.next = false;
            self.vcc.d.next = 0.into();
            self.exec.d.next = self.lo32.val();
            self.m0.d.next = 0.into();
            self.mode.d.next = 0.into();
            self.err_pc.d.next = 0.into();
            self.sgpr_we.next = false;
        }
        // Status and trace port.
        self.running.next = (self.state.q.val() != State::Idle)
            && (self.state.q.val() != State::Done)
            && (self.state.q.val() != State::Parked)
            && (self.state.q.val() != State::Yielded)
            && (self.state.q.val() != State::Error);
        self.done.next = self.state.q.val() == State::Done;
        self.parked.next = self.state.q.val() == State::Parked;
        self.yielded.next = self.state.q.val() == State::Yielded;
        self.gave_way.next = self.yielding.val();
        self.yield_v.next = self.want_v.val();
        self.yield_m.next = self.want_m.val();
        self.yield_q.next = self.want_q.val();
        self.yield_o.next = self.want_o.val();
        self.yield_s.next = self.want_s.val();
        self.s_busy.next = self.sb_busy.val();
        // (Parking, the PC after `s_barrier`, as the retirement writes it.)
        self.ctx_pc.next = self.pc.q.val();
        if self.parks.val() {
            self.ctx_pc.next = self.next_pc.q.val();
        }
        self.parking.next = self.parks.val();
        self.ctx_scc.next = self.scc.q.val();
        self.ctx_mode.next = self.mode.q.val();
        self.ctx_vcc.next = self.vcc.q.val();
        self.ctx_exec.next = self.exec.q.val();
        self.ctx_m0.next = self.m0.q.val();
        self.ctx_kept.next = self.yielding.val()
            || (self.parks.val() && self.pf_fast.q.val())
            || (((self.state.q.val() == State::Yielded) || (self.state.q.val() == State::Parked))
                && self.kept.q.val());
        self.ctx_w0.next = self.ir0.q.val();
        self.ctx_w1.next = self.ir1.q.val();
        if self.parks.val() {
            self.ctx_w0.next = self.pf0.q.val();
            self.ctx_w1.next = self.pf_w1.val();
        }
        self.error.next = (self.state.q.val() == State::Error)
            && !self.ld_busy.q.val()
            && !self.va_busy.q.val()
            && !self.v_tail.val()
            && !self.vm_busy.q.val();
        self.error_pc.next = self.err_pc.q.val();
        if self.vm_err.q.val() {
            self.error_pc.next = self.vm_pc.q.val();
        }
        self.trace_valid.next = self.retire.val() || self.hint_ret.val();
        self.trace_pc.next = self.pc.q.val();
        self.trace_word0.next = self.ir0.q.val();
        self.trace_word1.next = 0.into();
        if self.t_lit.q.val() {
            self.trace_word1.next = self.ir1.q.val();
        }
        self.trace_has_literal.next = self.t_lit.q.val();
        self.trace_word2.next = 0.into();
        self.trace_nwords.next = 1.into();
        if self.t_lit.q.val() {
            self.trace_nwords.next = 2.into();
        }
        if self.t_smem.q.val() {
            self.trace_word1.next = self.ir1.q.val();
            self.trace_nwords.next = 2.into();
        }
        self.trace_valu.next = self.t_valu.q.val();
        if self.t_valu.q.val() {
            self.trace_has_literal.next = false;
            self.trace_nwords.next = self.t_vwords.q.val();
            self.trace_word1.next = 0.into();
            if self.t_vwords.q.val() >= 2 {
                self.trace_word1.next = self.ir1.q.val();
            }
            if self.t_vwords.q.val() == 3 {
                self.trace_word2.next = self.ir2.q.val();
            }
        }
        self.trace_exec.next = self.exec_before.q.val();
        // (Ex3 or VExec retiring with their write: the slot as it is written, slots 1..3
        // unused.)
        self.trace_we0.next = self.retire.val() && self.en0.q.val();
        self.trace_idx0.next = self.idx0.q.val();
        self.trace_val0.next = self.val0.q.val();
        if self.ret_wr.val() {
            self.trace_we0.next = self.en0.d.val();
            self.trace_idx0.next = self.idx0.d.val();
            self.trace_val0.next = self.val0.d.val();
        }
        self.trace_we1.next = self.retire.val() && self.en1.q.val() && !self.ret_wr.val();
        self.trace_idx1.next = self.idx1.q.val();
        self.trace_val1.next = self.val1.q.val();
        self.trace_we2.next = self.retire.val() && self.en2.q.val() && !self.ret_wr.val();
        self.trace_idx2.next = self.idx2.q.val();
        self.trace_val2.next = self.val2.q.val();
        self.trace_we3.next = self.retire.val() && self.en3.q.val() && !self.ret_wr.val();
        self.trace_idx3.next = self.idx3.q.val();
        self.trace_val3.next = self.val3.q.val();
        self.trace_scc_we.next = self.retire.val() && self.t_scc_we.q.val();
        self.trace_scc.next = self.scc_ret.val();
        self.trace_swe.next = self.ld_we.val() || self.vr_we.val();
        self.trace_sidx.next = bit_cast::<8, 7>(self.ld_idx.q.val());
        self.trace_sval.next = self.m_data.val();
        if self.vr_we.val() {
            self.trace_sidx.next = self.sb_lo.q.val() | 0x80;
            self.trace_sval.next = self.v_sval.val();
        }
        self.trace_sdone.next = self.ld_busy.q.val() && self.m_done.val() && !self.m_err.val();
        self.ld_wait.next =
            (self.state.q.val() == State::Check) && self.hold.val() && self.ld_busy.q.val();
        self.vm_wait.next = (self.state.q.val() == State::Check)
            && self.hold.val()
            && (self.va_busy.q.val() || self.vm_busy.q.val());
        self.trace_vbg.next = self.bg.q.val();
        self.trace_vdone.next = self.va_trace.val();
        self.trace_mdone.next = self.mu_take.val() && self.mu_done.val();
        // (In Check only a hint or a branch not taken retires (`hint_ret`): one word, no
        // write; the `t_*` registers are still the instruction before's. Registers decide
        // this, as the top's `core_park` reads `trace_valu` back into the core.)
        if self.state.q.val() == State::Check {
            self.trace_word1.next = 0.into();
            self.trace_word2.next = 0.into();
            self.trace_nwords.next = 1.into();
            self.trace_has_literal.next = false;
            self.trace_valu.next = false;
            self.trace_exec.next = self.exec.q.val();
            self.trace_vbg.next = 0.into();
        }
    }
}
