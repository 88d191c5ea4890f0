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

/// [`run_dispatch`], the waves first stepping one instruction each in the order `order`
/// gives (each wave by its number in the dispatch: the waves of the work-groups in
/// dispatch order, each work-group's in order), as far as that order is possible (a wave
/// that has ended cannot step; one waiting at the barrier only once every wave of its
/// work-group still running waits there, which releases them; the work-groups start in
/// dispatch order, and several may be running at once), then on in the usual order.
/// Co-simulation replays the RTL's schedule this way, so that both retire the same
/// instructions in the same order whichever waves, of whichever work-groups, the RTL
/// interleaves. Trace events carry the wave's number in the dispatch.
pub fn run_dispatch_in_order(
    code: &CodeObject,
    launch: &Launch,
    dispatch: &Dispatch,
    memory: &mut Memory,
    max_instructions: u64,
    mut sink: Option<Sink>,
    order: &[u32],
) -> Result<Stats, RunError> {
    let kernel_err = |msg: &str| RunError::Kernel(launch.kernel.clone(), msg.to_string());
    let kernel = code
        .kernel(&launch.kernel)
        .ok_or_else(|| kernel_err("not in the code object"))?;
    let desc = &kernel.descriptor;
    if desc.wavefront_size() != 32 {
        return Err(kernel_err("is compiled for wave64; the model runs wave32"));
    }
    let setup = Setup {
        desc,
        dispatch,
        launch,
        entry: (dispatch.entry - dispatch.program.base()) as u32,
        sgprs: desc
            .user_sgprs()
            .into_iter()
            .chain(desc.system_sgprs())
            .collect(),
        private_zeros: dispatch.private.map(|p| vec![0u8; p.len() as usize]),
    };
    let mut stats = Stats::default();
    let mut budget = max_instructions;
    let mut spare = SPARE.take();
    // The work-groups not started yet, in dispatch order, and the next one's first wave.
    let mut ids = launch.group_ids();
    let mut next_first = 0u32;
    let (start, end) = (setup.entry, setup.entry + kernel.code.len() as u32);
    let wave_err = |group: &Group, (w, error): (u32, ModelError)| RunError::Wave {
        group: group.id,
        wave: w - group.first,
        error: match error {
            // What follows the kernel's code (padding, another kernel) is no instruction
            // of it.
            ModelError::Decode { pc, .. } | ModelError::Unsupported { pc, .. }
                if !(start..end).contains(&pc) =>
            {
                ModelError::PastKernelEnd { pc, start, end }
            }
            e => e,
        },
    };

    // The order, as far as it goes; the work-groups it reaches are started in order.
    let mut running: Vec<Group> = Vec::new();
    for &w in order {
        while w >= next_first {
            let Some(id) = ids.next() else { break };
            let group = setup.start(id, next_first, memory, &mut spare)?;
            next_first += group.waves.len() as u32;
            running.push(group);
        }
        let Some(at) = running.iter().position(|r| r.holds(w)) else {
            break;
        };
        let group = &mut running[at];
        let sink = sink.as_mut().map(|s| &mut **s as _);
        let stepped = group
            .step(w, memory, &mut budget, max_instructions, &mut stats, sink)
            .map_err(|e| wave_err(group, e))?;
        if !stepped {
            break;
        }
        if group.waves.iter().all(Machine::ended) {
            let group = running.remove(at);
            group.finish(&mut stats, &mut spare, setup.written());
        }
    }
    // Then every work-group to its end: the running ones, then the rest.
    loop {
        let mut group = if running.is_empty() {
            let Some(id) = ids.next() else { break };
            let group = setup.start(id, next_first, memory, &mut spare)?;
            next_first += group.waves.len() as u32;
            group
        } else {
            running.remove(0)
        };
        let sink = sink.as_mut().map(|s| &mut **s as _);
        run_group(
            &mut group,
            memory,
            &mut budget,
            max_instructions,
            &mut stats,
            sink,
        )
        .map_err(|e| wave_err(&group, e))?;
        group.finish(&mut stats, &mut spare, setup.written());
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

/// What starting a work-group's waves takes, the same for every work-group of a dispatch.
struct Setup<'a> {
    desc: &'a KernelDescriptor,
    dispatch: &'a Dispatch,
    launch: &'a Launch,
    /// The kernel's first instruction, as an offset in the program.
    entry: u32,
    /// The SGPRs a wave starts with, as the descriptor enables them.
    sgprs: Vec<SgprInit>,
    /// The private segments' initial (zero) bytes, when the dispatch has them.
    private_zeros: Option<Vec<u8>>,
}

impl Setup<'_> {
    /// The VGPRs a wave of this dispatch can write, zeroed when its machine is recycled.
    fn written(&self) -> usize {
        self.dispatch.vgpr_bound()
    }

    /// Work-group `id` with its waves started, numbered from `first`, and its zeroed LDS.
    fn start(
        &self,
        id: [u32; 3],
        first: u32,
        memory: &mut Memory,
        spare: &mut Vec<(Machine, usize)>,
    ) -> Result<Group, RunError> {
        let size = self.launch.group_size(id);
        let n = Launch::waves_in(size);
        if let (Some(p), Some(zeros)) = (self.dispatch.private, &self.private_zeros) {
            memory
                .write(p.base, zeros)
                .map_err(|e| RunError::Kernel(self.launch.kernel.clone(), e.to_string()))?;
        }
        let program = &self.dispatch.program;
        let mut waves = Vec::with_capacity(n as usize);
        for w in 0..n {
            let mut m = match spare.pop() {
                Some((old, bound)) => Machine::recycle(old, bound, program.clone(), first + w),
                None => Machine::with_program(program.clone(), first + w),
            };
            init_wave(
                &mut m,
                &self.sgprs,
                self.desc,
                self.dispatch,
                memory,
                id,
                size,
                w,
                n,
                self.entry,
            );
            if let Some(p) = self.dispatch.private {
                m.set_private(p.wave_base(w), p.lane_bytes);
            }
            m.check_waits(self.dispatch.check_waits);
            waves.push(m);
        }
        Ok(Group {
            id,
            first,
            waves,
            lds: vec![0u8; self.desc.group_segment_fixed_size as usize],
        })
    }
}

/// A running work-group: its id, the number of its first wave in the dispatch, its waves
/// and its LDS.
struct Group {
    id: [u32; 3],
    first: u32,
    waves: Vec<Machine>,
    lds: Vec<u8>,
}

impl Group {
    /// Whether wave `w` (its number in the dispatch) is one of the work-group's.
    fn holds(&self, w: u32) -> bool {
        (self.first..self.first + self.waves.len() as u32).contains(&w)
    }

    /// Steps wave `w` (its number in the dispatch) one instruction, when it can: not ended,
    /// and not at the barrier unless every wave of the work-group still running waits
    /// there (which releases them). An error names the wave by its number in the dispatch.
    fn step(
        &mut self,
        w: u32,
        memory: &mut Memory,
        budget: &mut u64,
        max: u64,
        stats: &mut Stats,
        sink: Option<&mut dyn FnMut(&TraceEvent)>,
    ) -> Result<bool, (u32, ModelError)> {
        let i = (w - self.first) as usize;
        if self.waves.get(i).is_none_or(Machine::ended) {
            return Ok(false);
        }
        if self.waves[i].at_barrier() {
            if !self.waves.iter().all(|m| m.ended() || m.at_barrier()) {
                return Ok(false);
            }
            self.waves.iter_mut().for_each(Machine::release_barrier);
        }
        let m = &mut self.waves[i];
        if *budget == 0 {
            let pc = m.wave().pc;
            return Err((w, ModelError::Budget { max, pc }));
        }
        let step = m.step_traced(memory, &mut self.lds).map_err(|e| (w, e))?;
        if let Some((r, event)) = step {
            if let Some(sink) = sink {
                sink(&event);
            }
            *budget -= 1;
            stats.count(r);
        }
        Ok(true)
    }

    /// Counts the ended work-group and keeps its machines for the next ones.
    fn finish(self, stats: &mut Stats, spare: &mut Vec<(Machine, usize)>, written: usize) {
        stats.waves += self.waves.len() as u64;
        stats.workgroups += 1;
        spare.extend(self.waves.into_iter().map(|m| (m, written)));
    }
}

/// Runs the waves of one work-group to their ends, round-robin (each wave until it ends or
/// waits at the barrier); an error names the wave by its number in the dispatch.
fn run_group(
    group: &mut Group,
    memory: &mut Memory,
    budget: &mut u64,
    max: u64,
    stats: &mut Stats,
    mut sink: Option<&mut dyn FnMut(&TraceEvent)>,
) -> Result<(), (u32, ModelError)> {
    let Group {
        first, waves, lds, ..
    } = group;
    loop {
        for (i, m) in waves.iter_mut().enumerate() {
            let w = *first + i as u32;
            while !m.ended() && !m.at_barrier() {
                if *budget == 0 {
                    let pc = m.wave().pc;
                    return Err((w, ModelError::Budget { max, pc }));
                }
                let Some(sink) = sink.as_deref_mut() else {
                    m.run_quiet(memory, lds, budget, stats)
                        .map_err(|e| (w, e))?;
                    continue;
                };
                let step = m.step_traced(memory, lds).map_err(|e| (w, e))?;
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

    /// The suite kernel `name` run with `order`: its trace and final memory.
    fn run(name: &str, order: &[u32]) -> (Vec<TraceEvent>, Vec<Vec<u8>>) {
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
            order,
        )
        .unwrap();
        let regions = memory.regions().map(|(_, b, _)| b.to_vec()).collect();
        (events, regions)
    }

    /// An interleaving of each work-group's waves other than the usual one: one
    /// instruction of each wave in turn, the barrier's rounds kept (a wave's instructions
    /// after an `s_barrier` only once every wave has retired its own), per work-group (its
    /// waves by their numbers in the dispatch). `events` is the usual trace, whose
    /// work-groups of `n` waves follow one another.
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
        for (g, group) in groups.into_iter().enumerate() {
            let first = (g * n) as u32;
            // Each wave's instructions, in segments ending at its barriers.
            let mut segments: Vec<Vec<usize>> = vec![vec![0]; n];
            let mut counts = vec![0; n];
            for e in group {
                let w = (e.wave - first) as usize;
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
                            order.push(first + w as u32);
                        }
                    }
                }
            }
            orders.push(order);
        }
        orders
    }

    /// The model follows a given schedule: the waves retire in the order asked for (here
    /// one instruction of each wave of a work-group in turn, not each wave until its
    /// barrier; and for `histogram_global`, whose work-groups share no LDS, also two
    /// work-groups at once, one instruction of each in turn), across barriers and LDS or
    /// global atomics; each wave's trace (but for the values its atomics store) and the
    /// memory at the end are those of the usual order.
    #[test]
    fn a_dispatch_follows_a_given_wave_order() {
        for (name, n) in [("histogram_local", 2u32), ("histogram_global", 8)] {
            let (usual, memory) = run(name, &[]);
            let groups = round_robin(&usual, n as usize);
            assert!(groups.len() > 1, "{name}");
            let mut orders = vec![groups.concat()];
            if name == "histogram_global" {
                let mut pairs = Vec::new();
                for pair in groups.chunks(2) {
                    let longest = pair.iter().map(Vec::len).max().unwrap_or(0);
                    for i in 0..longest {
                        pairs.extend(pair.iter().filter_map(|o| o.get(i)));
                    }
                }
                orders.push(pairs);
            }
            let usual_order: Vec<u32> = usual.iter().map(|e| e.wave).collect();
            for asked in orders {
                let (followed, followed_memory) = run(name, &asked);
                let got: Vec<u32> = followed.iter().map(|e| e.wave).collect();
                assert_eq!(got, asked, "{name}");
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
                let waves = n * groups.len() as u32;
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
}
