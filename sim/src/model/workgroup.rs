//! Running a kernel dispatch on the model: every work-group in order (x fastest), each
//! with `ceil(size / 32)` waves sharing one LDS, run round-robin (each wave until it ends
//! or waits at `s_barrier`; when every wave still running waits, all go on: waves that
//! have ended do not hold a barrier, as the reference's `S_BARRIER` says, so a work-group
//! cannot deadlock; a wave that never reaches `s_endpgm` exhausts the instruction budget).
//!
//! A wave starts as the kernel descriptor says: the user SGPRs from `s0`
//! ([`KernelDescriptor::user_sgprs`]: the kernarg pointer; preloaded kernarg dwords; the
//! dispatch/queue pointers, dispatch id, scratch setup are 0: there is no packet, queue
//! or scratch), then the system SGPRs from `USER_SGPR_COUNT` (work-group ids;
//! work-group info = bit 31 for the first wave | the number of waves; the private segment
//! wave offset 0); the work-item ids packed in v0 (x bits 0–9, y 10–19, z 20–29, as many
//! dimensions as ENABLE_VGPR_WORKITEM_ID names); EXEC the lanes holding work-items (a
//! partial last wave has fewer); MODE from COMPUTE_PGM_RSRC1 (round modes in bits 3:0,
//! denormal modes in 7:4, DX10_CLAMP bit 8, IEEE bit 9); the PC at the kernel's entry.
//! Instructions are fetched from the code object image that dispatch placed (read-only)
//! in memory. The LDS holds the descriptor's group segment size in bytes, zeroed (launches
//! have no dynamic LDS argument yet). With a private segment, each lane of each wave has
//! its own zeroed private bytes ([`crate::dispatch::PrivateSegments`]); SCRATCH
//! instructions address them (the private segment wave offset SGPR and FLAT_SCRATCH stay
//! 0: the model does not need them).

use super::fast::Tally;
use super::{Machine, ModelError};
use crate::dispatch::Dispatch;
use crate::launch::Launch;
use crate::memory::Memory;
use crate::trace::TraceEvent;
use cu32_isa::code_object::{CodeObject, KernelDescriptor, SgprInit, SgprValue};
use cu32_isa::Format;
use std::collections::BTreeMap;

/// What a dispatch did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Retired instructions by format name (`SOP2`, `VOP3`, `GLOBAL`, ...).
    pub by_format: BTreeMap<&'static str, u64>,
    /// Counts by format while running (`Format as usize`), moved into `by_format` at the
    /// end of a dispatch.
    counts: [u64; Format::ALL.len()],
    /// Retired VALU instructions and the EXEC lanes they ran (for the active-lane ratio).
    pub valu: u64,
    pub valu_lanes: u64,
    /// Lane-instructions: every retired vector instruction (VALU, FLAT/GLOBAL/SCRATCH/
    /// MUBUF, DS) counts its EXEC lanes, every other (scalar) instruction counts 1.
    /// A VOPD pair is one instruction. `cu32 bench` divides it by the run time.
    pub lane_instructions: u64,
    pub waves: u64,
    pub workgroups: u64,
}

impl Stats {
    /// Moves the running counts into `by_format`.
    fn finish(&mut self) {
        for format in Format::ALL {
            let n = std::mem::take(&mut self.counts[format as usize]);
            if n > 0 {
                *self.by_format.entry(format.name()).or_default() += n;
            }
        }
    }

    /// Instructions the fast path retired: the difference of the tallies `after` and
    /// `before` them, and the EXEC lanes of its vector instructions, `valu_lanes` of them
    /// VALU.
    #[inline(always)]
    pub(super) fn count_fast(
        &mut self,
        after: &Tally,
        before: &Tally,
        lanes: u64,
        valu_lanes: u64,
    ) {
        let formats = after.formats.iter().zip(&before.formats);
        for (count, (a, b)) in self.counts.iter_mut().zip(formats) {
            *count += u64::from(a - b);
        }
        self.valu += u64::from(after.valus - before.valus);
        self.valu_lanes += valu_lanes;
        self.lane_instructions += u64::from(after.scalars - before.scalars) + lanes;
    }

    /// All retired instructions.
    pub fn retired(&self) -> u64 {
        self.by_format.values().sum()
    }

    #[inline]
    pub(super) fn count(&mut self, r: super::Retired) {
        self.counts[r.format as usize] += 1;
        let lanes = || u64::from((r.exec as u32).count_ones());
        if r.format.is_valu_or_vopd() {
            self.valu += 1;
            self.valu_lanes += lanes();
            self.lane_instructions += lanes();
        } else if r.format.is_vector_memory() {
            self.lane_instructions += lanes();
        } else {
            self.lane_instructions += 1;
        }
    }
}

/// Why a dispatch stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("work-group ({}, {}, {}) wave {wave}: {error}", group[0], group[1], group[2])]
    Wave {
        group: [u32; 3],
        wave: u32,
        error: ModelError,
    },
    #[error("kernel {0}: {1}")]
    Kernel(String, String),
}

/// A receiver of trace events.
pub type Sink<'a> = &'a mut dyn FnMut(&TraceEvent);

/// Runs every work-group of `launch` prepared as `dispatch` in `memory`, at most
/// `max_instructions` instructions in all, handing every trace event to `sink` when there
/// is one (without, no trace events are built).
pub fn run_dispatch(
    code: &CodeObject,
    launch: &Launch,
    dispatch: &Dispatch,
    memory: &mut Memory,
    max_instructions: u64,
    sink: Option<Sink>,
) -> Result<Stats, RunError> {
    run_dispatch_in_order(code, launch, dispatch, memory, max_instructions, sink, &[])
}

/// [`run_dispatch`], the waves of work-group `g` (in dispatch order) first stepping one
/// instruction each in the order `orders[g]` gives (waves numbered within the group), as
/// far as that order is possible (a wave that has ended cannot step; one waiting at the
/// barrier only once every wave still running waits there, which releases them), then on
/// in the usual order. Co-simulation replays the RTL's schedule this way, so that both
/// retire the same instructions in the same order whichever waves the RTL interleaves.
pub fn run_dispatch_in_order(
    code: &CodeObject,
    launch: &Launch,
    dispatch: &Dispatch,
    memory: &mut Memory,
    max_instructions: u64,
    mut sink: Option<Sink>,
    orders: &[Vec<u32>],
) -> Result<Stats, RunError> {
    let kernel_err = |msg: &str| RunError::Kernel(launch.kernel.clone(), msg.to_string());
    let kernel = code
        .kernel(&launch.kernel)
        .ok_or_else(|| kernel_err("not in the code object"))?;
    let desc = &kernel.descriptor;
    if desc.wavefront_size() != 32 {
        return Err(kernel_err("is compiled for wave64; the model runs wave32"));
    }
    let program = &dispatch.program;
    let entry = (dispatch.entry - program.base()) as u32;
    let mut stats = Stats::default();
    let mut budget = max_instructions;
    let groups = launch.groups();
    let private_zeros = dispatch.private.map(|p| vec![0u8; p.len() as usize]);
    let sgprs: Vec<SgprInit> = desc
        .user_sgprs()
        .into_iter()
        .chain(desc.system_sgprs())
        .collect();
    // The VGPRs a wave of this dispatch can write, zeroed when its machine is recycled.
    let written = dispatch.vgpr_bound();
    let mut spare = SPARE.take();
    let mut waves: Vec<Machine> = Vec::new();
    let mut lds = Vec::new();
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                let group = [gx, gy, gz];
                let size = launch.group_size(group);
                lds.clear();
                lds.resize(desc.group_segment_fixed_size as usize, 0u8);
                let items = size.iter().product::<u32>();
                let n = items.div_ceil(32);
                if let (Some(p), Some(zeros)) = (dispatch.private, &private_zeros) {
                    memory
                        .write(p.base, zeros)
                        .map_err(|e| kernel_err(&e.to_string()))?;
                }
                for w in 0..n {
                    let mut m = match spare.pop() {
                        Some((old, bound)) => Machine::recycle(old, bound, program.clone(), w),
                        None => Machine::with_program(program.clone(), w),
                    };
                    init_wave(
                        &mut m, &sgprs, desc, dispatch, memory, group, size, w, n, entry,
                    );
                    if let Some(p) = dispatch.private {
                        m.set_private(p.wave_base(w), p.lane_bytes);
                    }
                    waves.push(m);
                }
                let order = orders.get(stats.workgroups as usize).map_or(&[][..], |o| o);
                run_group(
                    &mut waves,
                    memory,
                    &mut lds,
                    &mut budget,
                    max_instructions,
                    &mut stats,
                    sink.as_mut().map(|s| &mut **s as _),
                    order,
                )
                .map_err(|(wave, error)| RunError::Wave { group, wave, error })?;
                spare.extend(waves.drain(..).map(|m| (m, written)));
                stats.waves += u64::from(n);
                stats.workgroups += 1;
            }
        }
    }
    SPARE.set(spare);
    stats.finish();
    Ok(stats)
}

thread_local! {
    /// The machines of ended waves, reused by the next work-groups and dispatches on this
    /// thread ([`Machine::recycle`]: a fresh one zeroes a whole VGPR file), each with the
    /// VGPR bound of the dispatch it ran.
    static SPARE: std::cell::Cell<Vec<(Machine, usize)>> =
        const { std::cell::Cell::new(Vec::new()) };
}

/// Runs the waves of one work-group to their ends, first one instruction of each wave
/// `order` names as far as it can ([`run_dispatch_in_order`]); an error names the wave.
#[allow(clippy::too_many_arguments)]
fn run_group(
    waves: &mut [Machine],
    memory: &mut Memory,
    lds: &mut [u8],
    budget: &mut u64,
    max: u64,
    stats: &mut Stats,
    mut sink: Option<&mut dyn FnMut(&TraceEvent)>,
    order: &[u32],
) -> Result<(), (u32, ModelError)> {
    for &w in order {
        let Some(m) = waves.get(w as usize).filter(|m| !m.ended()) else {
            break;
        };
        if m.at_barrier() {
            if !waves.iter().all(|m| m.ended() || m.at_barrier()) {
                break;
            }
            waves.iter_mut().for_each(Machine::release_barrier);
        }
        if *budget == 0 {
            let pc = waves[w as usize].wave().pc;
            return Err((w, ModelError::Budget { max, pc }));
        }
        let m = &mut waves[w as usize];
        let step = m.step_traced(memory, lds).map_err(|e| (w, e))?;
        if let Some((r, event)) = step {
            if let Some(sink) = sink.as_deref_mut() {
                sink(&event);
            }
            *budget -= 1;
            stats.count(r);
        }
    }
    loop {
        for (w, m) in waves.iter_mut().enumerate() {
            while !m.ended() && !m.at_barrier() {
                if *budget == 0 {
                    let pc = m.wave().pc;
                    return Err((w as u32, ModelError::Budget { max, pc }));
                }
                let Some(sink) = sink.as_deref_mut() else {
                    m.run_quiet(memory, lds, budget, stats)
                        .map_err(|e| (w as u32, e))?;
                    continue;
                };
                let step = m.step_traced(memory, lds).map_err(|e| (w as u32, e))?;
                if let Some((r, event)) = step {
                    sink(&event);
                    *budget -= 1;
                    stats.count(r);
                }
            }
        }
        // Every wave has ended or waits at the barrier: release them.
        if waves.iter().all(Machine::ended) {
            return Ok(());
        }
        waves.iter_mut().for_each(Machine::release_barrier);
    }
}

/// Sets up wave `w` of `n` of work-group `group` (of `size` work-items per dimension).
#[allow(clippy::too_many_arguments)]
fn init_wave(
    m: &mut Machine,
    sgprs: &[SgprInit],
    desc: &KernelDescriptor,
    dispatch: &Dispatch,
    memory: &Memory,
    group: [u32; 3],
    size: [u32; 3],
    w: u32,
    n: u32,
    entry: u32,
) {
    let wave = m.wave_mut();
    for init in sgprs {
        for i in 0..init.count {
            let value = match init.value {
                SgprValue::KernargSegmentPtr => {
                    dispatch.kernarg.checked_shr(32 * i).unwrap_or(0) as u32
                }
                SgprValue::PreloadedKernargs { dword_offset } => {
                    let at = dispatch.kernarg + 4 * u64::from(dword_offset + i);
                    memory.load(at, 4).map_or(0, |v| v as u32)
                }
                SgprValue::WorkgroupIdX => group[0],
                SgprValue::WorkgroupIdY => group[1],
                SgprValue::WorkgroupIdZ => group[2],
                SgprValue::WorkgroupInfo => (u32::from(w == 0) << 31) | n,
                _ => 0,
            };
            let at = (init.first + i) as usize;
            if let Some(r) = wave.sgpr.get_mut(at).filter(|_| at < 106) {
                *r = value;
            }
        }
    }
    let dims = desc.compute_pgm_rsrc2.enable_vgpr_workitem_id;
    let items = size.iter().product::<u32>();
    let mut exec = 0u32;
    for lane in 0..32 {
        let t = w * 32 + lane;
        if t >= items {
            continue;
        }
        exec |= 1 << lane;
        let (x, y, z) = (t % size[0], t / size[0] % size[1], t / (size[0] * size[1]));
        let y = if dims >= 1 { y } else { 0 };
        let z = if dims >= 2 { z } else { 0 };
        wave.vgpr[0][lane as usize] = x | (y << 10) | (z << 20);
    }
    wave.sgpr[usize::from(cu32_isa::operand::EXEC_LO)] = exec;
    let r1 = &desc.compute_pgm_rsrc1;
    wave.mode = r1.float_round_mode_32
        | (r1.float_round_mode_16_64 << 2)
        | (r1.float_denorm_mode_32 << 4)
        | (r1.float_denorm_mode_16_64 << 6)
        | (u32::from(r1.enable_dx10_clamp) << 8)
        | (u32::from(r1.enable_ieee_mode) << 9);
    wave.pc = entry;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn named(e: &TraceEvent, name: &str) -> bool {
        cu32_isa::decode(&e.words).is_ok_and(|i| i.op.name == name)
    }

    /// The suite kernel `name` run with `orders`: its trace and final memory.
    fn run(name: &str, orders: &[Vec<u32>]) -> (Vec<TraceEvent>, Vec<Vec<u8>>) {
        let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/opencl");
        let co = std::fs::read(suite.join(format!("build/{name}.co"))).unwrap();
        let co = CodeObject::parse(&co).unwrap();
        let launch = Launch::from_file(&suite.join(format!("{name}.yaml"))).unwrap();
        let mut memory = Memory::new();
        let d = crate::dispatch::prepare(&co, &launch, &mut memory).unwrap();
        let mut events = Vec::new();
        let mut sink = |e: &TraceEvent| events.push(e.clone());
        run_dispatch_in_order(
            &co,
            &launch,
            &d,
            &mut memory,
            1 << 24,
            Some(&mut sink),
            orders,
        )
        .unwrap();
        let regions = memory.regions().map(|(_, b, _)| b.to_vec()).collect();
        (events, regions)
    }

    /// An interleaving of each work-group's waves other than the usual one: one
    /// instruction of each wave in turn, the barrier's rounds kept (a wave's instructions
    /// after an `s_barrier` only once every wave has retired its own). `events` is the
    /// usual trace, whose work-groups of `n` waves follow one another.
    fn round_robin(events: &[TraceEvent], n: usize) -> Vec<Vec<u32>> {
        // The work-groups: each ends once every one of its waves has retired s_endpgm.
        let mut groups = Vec::new();
        let (mut start, mut ended) = (0, 0);
        for (i, e) in events.iter().enumerate() {
            if named(e, "s_endpgm") {
                ended += 1;
                if ended == n {
                    groups.push(&events[start..=i]);
                    (start, ended) = (i + 1, 0);
                }
            }
        }
        let mut orders = Vec::new();
        for group in groups {
            // Each wave's instructions, in segments ending at its barriers.
            let mut segments: Vec<Vec<usize>> = vec![vec![0]; n];
            let mut counts = vec![0; n];
            for e in group {
                let w = e.wave as usize;
                counts[w] += 1;
                if named(e, "s_barrier") {
                    segments[w].push(counts[w]);
                }
            }
            let rounds = segments.iter().map(Vec::len).max().unwrap();
            let mut order = Vec::new();
            for r in 0..rounds {
                let mut left: Vec<usize> = (0..n)
                    .map(|w| {
                        let from = segments[w].get(r).copied().unwrap_or(counts[w]);
                        let to = segments[w].get(r + 1).copied().unwrap_or(counts[w]);
                        to.saturating_sub(from)
                    })
                    .collect();
                while left.iter().any(|&l| l > 0) {
                    for (w, l) in left.iter_mut().enumerate() {
                        if *l > 0 {
                            *l -= 1;
                            order.push(w as u32);
                        }
                    }
                }
            }
            orders.push(order);
        }
        orders
    }

    /// The model follows a given schedule: the waves of each work-group retire in the order
    /// asked for (here one instruction of each wave in turn, not each wave until its
    /// barrier), across barriers and LDS or global atomics; each wave's trace (but for the
    /// values its atomics store) and the memory at the end are those of the usual order.
    #[test]
    fn a_dispatch_follows_a_given_wave_order() {
        for (name, waves) in [("histogram_local", 2u32), ("histogram_global", 8)] {
            let (usual, memory) = run(name, &[]);
            let orders = round_robin(&usual, waves as usize);
            assert!(orders.len() > 1, "{name}");
            let (followed, followed_memory) = run(name, &orders);
            let asked: Vec<u32> = orders.concat();
            let got: Vec<u32> = followed.iter().map(|e| e.wave).collect();
            assert_eq!(got, asked, "{name}");
            let usual_order: Vec<u32> = usual.iter().map(|e| e.wave).collect();
            assert_ne!(
                got, usual_order,
                "{name}: the test's order is the usual one"
            );
            // Each wave's trace is the same but for the values its atomics wrote: they
            // depend on the order (the registers they return do not here).
            let per_wave = |events: &[TraceEvent], w: u32| -> Vec<TraceEvent> {
                let mut events: Vec<TraceEvent> =
                    events.iter().filter(|e| e.wave == w).cloned().collect();
                for e in &mut events {
                    e.writes
                        .retain(|w| !matches!(w, crate::trace::Write::Mem { .. }));
                }
                events
            };
            for w in 0..waves {
                assert!(
                    per_wave(&followed, w) == per_wave(&usual, w),
                    "{name} wave {w}"
                );
            }
            if name == "histogram_local" {
                let with_memory = |events: &[TraceEvent]| -> Vec<TraceEvent> {
                    events.iter().filter(|e| e.wave == 0).cloned().collect()
                };
                assert!(
                    with_memory(&followed) != with_memory(&usual),
                    "the LDS atomics saw another order"
                );
            }
            assert_eq!(followed_memory, memory, "{name}");
        }
    }
}
