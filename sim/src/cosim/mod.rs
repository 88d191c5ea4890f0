//! Co-simulation: runs a program on the Verilated RTL and on the golden model and compares
//! their trace events one by one (per wave, in program order; cycles are not compared).
//!
//! - [`verilate`] builds (and caches) an executable from the Verilog: Verilator's C++ output
//!   plus the project's small shim (`sim/shim/cosim_shim.cpp`), compiled with the `cc` crate.
//! - [`Rtl`] runs that executable as a child process; one process runs many programs.
//! - [`cosimulate`] compares a [`Model`] with an RTL run and reports the first divergence:
//!   both sides, the events before it, and a waveform of the RTL run; then the memory both
//!   sides were given ([`BusMemory`]: the model's global memory, the shim's Wishbone slave)
//!   as the two runs left it.
//! - [`kernel::cosimulate_kernel`] does this for a kernel dispatch (the RTL's dispatcher
//!   against the model's `run_dispatch`).
//! - [`data_region`] is the memory a co-simulated program sees by convention: 4 KiB at
//!   [`DATA_BASE`] filled with [`data_pattern`].

pub mod kernel;
pub mod rtl;
pub mod verilate;

pub use rtl::{BusMemory, Rtl, RtlEnd, RtlEvent, RtlRun, Wave};
pub use verilate::{Built, Verilator, WaveFormat};

use crate::memory::Memory;
use crate::model::{Machine, ModelError};
use crate::trace::{Space, TraceEvent, Write};
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::path::{Path, PathBuf};

/// A failure of the harness itself (not a divergence): a build or a process that went wrong.
#[derive(Debug, thiserror::Error)]
pub enum CosimError {
    #[error("verilator is not available (Debian: apt-get install verilator): {0}")]
    VerilatorMissing(String),
    #[error("building the Verilated model: {0}")]
    Build(String),
    #[error("{path}: {what}: {source}")]
    Io {
        path: String,
        what: &'static str,
        source: std::io::Error,
    },
    #[error("{0}")]
    Shim(String),
    #[error("{0}")]
    Dispatch(String),
}

impl CosimError {
    pub(crate) fn io(path: &Path, what: &'static str, source: std::io::Error) -> CosimError {
        CosimError::Io {
            path: path.display().to_string(),
            what,
            source,
        }
    }
}

/// Why the model stopped with an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelStop {
    /// The PC of the offending instruction, when known.
    pub pc: Option<u32>,
    /// The wave that stopped (its number in the dispatch), when known; else the first.
    pub wave: Option<u32>,
    pub message: String,
}

/// A fault both sides agree on: the RTL stopped with a wave's error (code
/// [`INSTRUCTION_ERROR`]) at the PC where the model's wave stopped with an error. A dispatch
/// that faults did not do its work: it is reported, never a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The wave that faulted (its number in the dispatch).
    pub wave: u32,
    pub pc: u32,
    /// The model's description of the fault.
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "wave {} faulted at pc 0x{:04x} on both sides: {}",
            self.wave, self.pc, self.message
        )
    }
}

/// The RTL's error code for a wave's error (illegal instruction, PC outside the
/// instruction memory, memory fault): `cu32_hdl::dispatch::ERRORS`, and a plain program's
/// (a top without error codes, as the harness's stand-in, gives 0).
pub const INSTRUCTION_ERROR: u8 = 1;

/// A golden model the harness compares against: it retires one instruction per step.
pub trait Model {
    /// The next retired instruction; `Ok(None)` once the program has ended.
    fn step(&mut self) -> Result<Option<TraceEvent>, ModelStop>;

    /// The `dwords` dwords of global memory at `addr` as the model's run left them, if it
    /// has them (compared with the RTL's bus memory at the end).
    fn memory(&self, _addr: u64, _dwords: usize) -> Option<Vec<u32>> {
        None
    }
}

/// Where [`data_region`] lies: a byte address below 2^32 (the RTL's bus is 32-bit).
pub const DATA_BASE: u32 = 0x0001_0000;
/// The dwords of [`data_region`] (4 KiB).
pub const DATA_DWORDS: usize = 1024;

/// Dword `k` of the data region: `(k * 0x9e3779b9) ^ 0x5bd1e995` (wrapping), distinct
/// for every dword and byte-lane sensitive.
pub fn data_pattern(k: u32) -> u32 {
    k.wrapping_mul(0x9e37_79b9) ^ 0x5bd1_e995
}

/// The memory co-simulation gives a program by convention: [`DATA_DWORDS`] dwords at
/// [`DATA_BASE`] holding [`data_pattern`]; every other address is unmapped (the model
/// refuses the access, the RTL's bus answers ERR).
pub fn data_region() -> (u32, Vec<u32>) {
    (
        DATA_BASE,
        (0..DATA_DWORDS as u32).map(data_pattern).collect(),
    )
}

/// The golden model with global memory: one wave ([`Machine`]) stepping over a [`Memory`]
/// that holds the regions of a [`BusMemory`] (writable), and a zeroed LDS (none unless
/// [`MemoryMachine::with_lds`]). The RTL's trace carries no memory writes, so the model's
/// ([`Write::Mem`], global or LDS) are left out of its events: the bus memory is compared
/// at the end, the LDS through the values later DS loads and atomics return.
pub struct MemoryMachine {
    pub machine: Machine,
    pub memory: Memory,
    pub lds: Vec<u8>,
}

impl MemoryMachine {
    /// `words` at address 0, with `bus`'s regions mapped.
    pub fn new(words: &[u32], bus: &BusMemory) -> Result<MemoryMachine, CosimError> {
        let mut memory = Memory::new();
        for (addr, dwords) in &bus.regions {
            let bytes = dwords.iter().flat_map(|w| w.to_le_bytes()).collect();
            memory
                .map(u64::from(*addr), &format!("data at {addr:#x}"), bytes, true)
                .map_err(|e| CosimError::Shim(format!("mapping the bus memory: {e}")))?;
        }
        Ok(MemoryMachine {
            machine: Machine::new(words.to_vec()),
            memory,
            lds: Vec::new(),
        })
    }

    /// The machine with a zeroed LDS of `lds_bytes`.
    pub fn with_lds(mut self, lds_bytes: u32) -> MemoryMachine {
        self.lds = vec![0; lds_bytes as usize];
        self
    }
}

impl Model for MemoryMachine {
    fn step(&mut self) -> Result<Option<TraceEvent>, ModelStop> {
        let event = self
            .machine
            .step_in(&mut self.memory, &mut self.lds)
            .map_err(|e| ModelStop {
                pc: model_error_pc(&e),
                wave: None,
                message: e.to_string(),
            })?;
        Ok(event.map(|mut e| {
            e.writes.retain(|w| !matches!(w, Write::Mem { .. }));
            e
        }))
    }

    fn memory(&self, addr: u64, dwords: usize) -> Option<Vec<u32>> {
        let bytes = self.memory.read(addr, 4 * dwords as u64).ok()?;
        Some(
            bytes
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        )
    }
}

/// The first dword of the bus memory on which the two sides disagree at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryDifference {
    pub addr: u64,
    /// The model's dword (`None`: the model does not have that memory).
    pub model: Option<u32>,
    pub rtl: u32,
}

impl fmt::Display for MemoryDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "memory differs at the end: dword at {:#x}: ", self.addr)?;
        match self.model {
            Some(m) => write!(f, "model 0x{m:08x}")?,
            None => write!(f, "the model has no such memory")?,
        }
        write!(f, ", rtl 0x{:08x}", self.rtl)
    }
}

impl Model for Machine {
    fn step(&mut self) -> Result<Option<TraceEvent>, ModelStop> {
        Machine::step(self).map_err(|e| ModelStop {
            pc: model_error_pc(&e),
            wave: None,
            message: e.to_string(),
        })
    }
}

/// The PC a model error names.
fn model_error_pc(e: &ModelError) -> Option<u32> {
    match e {
        ModelError::Decode { pc, .. }
        | ModelError::PcOutsideProgram { pc, .. }
        | ModelError::PastKernelEnd { pc, .. }
        | ModelError::BranchTarget { pc, .. }
        | ModelError::Unsupported { pc, .. }
        | ModelError::BadOperand { pc, .. }
        | ModelError::Trap { pc, .. }
        | ModelError::Halt { pc, .. }
        | ModelError::Budget { pc, .. }
        | ModelError::Memory { pc, .. }
        | ModelError::Wait { pc, .. } => Some(*pc),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// The golden model as the co-simulation runs a program: one wave ([`Machine`]) with a
/// zeroed LDS of `lds_bytes` (the RTL configuration's) and an empty global memory. The
/// RTL's trace carries no memory writes, so the model's LDS writes ([`Write::Mem`] to
/// [`Space::Lds`]) are left out of its events: the RTL's LDS is checked through the values
/// later DS loads and atomics return.
pub struct LdsMachine {
    machine: Machine,
    memory: Memory,
    lds: Vec<u8>,
}

impl LdsMachine {
    pub fn new(words: &[u32], lds_bytes: u32) -> LdsMachine {
        LdsMachine {
            machine: Machine::new(words.to_vec()),
            memory: Memory::new(),
            lds: vec![0; lds_bytes as usize],
        }
    }

    /// The LDS as the model left it.
    pub fn lds(&self) -> &[u8] {
        &self.lds
    }
}

impl Model for LdsMachine {
    fn step(&mut self) -> Result<Option<TraceEvent>, ModelStop> {
        let event = self
            .machine
            .step_in(&mut self.memory, &mut self.lds)
            .map_err(|e| ModelStop {
                pc: model_error_pc(&e),
                wave: None,
                message: e.to_string(),
            })?;
        Ok(event.map(|mut e| {
            e.writes.retain(|w| {
                !matches!(
                    w,
                    Write::Mem {
                        space: Space::Lds,
                        ..
                    }
                )
            });
            e
        }))
    }
}

/// What a side did where the two parted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// Retired this instruction.
    Event(TraceEvent),
    /// Ended normally (`s_endpgm`), retiring nothing more.
    Ended,
    /// Stopped with an error.
    Error { pc: Option<u32>, message: String },
    /// (RTL) retired nothing more within the cycle budget.
    Timeout { cycles: u64 },
    /// (RTL) the Verilog called `$finish`.
    Finish { cycles: u64 },
}

/// The first point where the model and the RTL disagree.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// The wave it concerns.
    pub wave: u32,
    /// The 0-based number of the instruction in that wave's program order.
    pub index: usize,
    pub model: Side,
    pub rtl: Side,
    /// When the RTL retired its event (cycle, waveform time), if it did.
    pub rtl_when: Option<(u64, u64)>,
    /// The last few instructions of that wave on which both sides agreed, oldest first.
    pub before: Vec<TraceEvent>,
    /// The waveform of the RTL run, or why it could not be written.
    pub vcd: Option<Result<PathBuf, String>>,
}

/// How one program's co-simulation ended.
#[derive(Clone, Debug)]
pub struct CosimReport {
    /// Instructions on which both sides agreed.
    pub instructions: usize,
    /// RTL cycles from the start pulse to the end of its run.
    pub cycles: u64,
    /// How the RTL run ended.
    pub rtl_end: RtlEnd,
    /// The first disagreement, if any.
    pub divergence: Option<Box<Divergence>>,
    /// With the traces in agreement: the first difference of the bus memory at the end.
    pub memory: Option<MemoryDifference>,
    /// The fault both sides stopped with, if they agree on one.
    pub fault: Option<Fault>,
    /// The RTL's performance counters after the run ([`RtlRun::counters`]).
    pub counters: Vec<u32>,
    /// Wall-clock time of the RTL run ([`RtlRun::wall`]).
    pub rtl_wall: std::time::Duration,
}

impl CosimReport {
    /// The two sides agree (trace and memory), whether or not the run faulted.
    pub fn agreed(&self) -> bool {
        self.divergence.is_none() && self.memory.is_none()
    }

    /// The two sides agree and the run ended normally, without a fault.
    pub fn passed(&self) -> bool {
        self.agreed() && self.fault.is_none()
    }
}

/// Options of [`cosimulate`].
#[derive(Clone, Debug)]
pub struct CosimOptions {
    /// RTL cycle budget from the start pulse.
    pub max_cycles: u64,
    /// Where to write the RTL's waveform when a divergence is found (`None`: no waveform):
    /// a rerun of the RTL, dumping the window [`CosimOptions::wave_window`].
    pub vcd_on_divergence: Option<PathBuf>,
    /// The cycles before the divergence the waveform on a divergence covers (`None`: the
    /// whole run).
    pub wave_window: Option<u64>,
    /// Where to write the waveform of the whole run, whatever its result (then no rerun).
    pub wave: Option<PathBuf>,
    /// How many agreed instructions before a divergence the report keeps.
    pub context: usize,
    /// Testing aid: perturb the model's event with this 0-based number (see [`perturb`]),
    /// to prove that a wrong model result is caught.
    pub inject_model_fault: Option<usize>,
    /// The LDS size of the RTL configuration (the model's LDS in [`cosimulate_program`]).
    pub lds_bytes: u32,
    /// The memory behind the RTL's bus, and (through [`cosimulate_program`]) the model's.
    pub bus: BusMemory,
    /// Whether the model checks that the program waits for its memory results as the
    /// ISA says ([`Machine::check_waits`]; a wave that does not stops there, which is a
    /// divergence). Off by default: programs written for a core that interlocks on
    /// memory results (its scoreboard tests) need not wait.
    pub check_waits: bool,
}

impl Default for CosimOptions {
    fn default() -> CosimOptions {
        CosimOptions {
            max_cycles: 1_000_000,
            vcd_on_divergence: None,
            wave_window: None,
            wave: None,
            context: 5,
            inject_model_fault: None,
            lds_bytes: 0,
            bus: BusMemory::default(),
            check_waits: false,
        }
    }
}

/// Changes one event the way a subtly wrong model would: flips bit 0 of its first register
/// write (its first written lane for a VGPR), or else its SCC write, or else bit 0 of its EXEC
/// (a memory write's first byte when that comes first).
pub fn perturb(event: &mut TraceEvent) {
    match event.writes.first_mut() {
        Some(Write::Sgpr { value, .. }) => *value ^= 1,
        Some(Write::Vgpr { mask, values, .. }) => values[mask.trailing_zeros() as usize % 32] ^= 1,
        Some(Write::Scc(b)) => *b = !*b,
        Some(Write::Mem { value, .. }) => *value ^= 1,
        None => event.exec ^= 1,
    }
}

/// Runs `words` on the RTL and steps `model` alongside, comparing event by event; writes
/// the waveforms the options ask for ([`attach_wave`]).
pub fn cosimulate(
    rtl: &mut Rtl,
    model: &mut dyn Model,
    words: &[u32],
    options: &CosimOptions,
) -> Result<CosimReport, CosimError> {
    let wave = options.wave.as_deref().map(Wave::whole);
    let run = rtl.run_with(words, &options.bus, options.max_cycles, wave)?;
    let mut report = compare(&run, model, options);
    if report.divergence.is_none() {
        report.memory = compare_memory(&run, model);
    }
    attach_wave(&mut report, &run, options, |wave| {
        rtl.run_with(words, &options.bus, options.max_cycles, Some(wave))
    });
    Ok(report)
}

/// Names the waveform of a divergence: the whole run's when [`CosimOptions::wave`] wrote
/// one, else one `rerun` writes (the window before the divergence).
pub(crate) fn attach_wave(
    report: &mut CosimReport,
    run: &RtlRun,
    options: &CosimOptions,
    rerun: impl FnOnce(Wave) -> Result<RtlRun, CosimError>,
) {
    let Some(d) = report.divergence.as_mut() else {
        return;
    };
    d.vcd = match (&options.wave, &options.vcd_on_divergence) {
        (Some(path), _) => Some(Ok(path.clone())),
        (None, Some(path)) => {
            // A cycle is 2 units of waveform time.
            let end = d
                .rtl_when
                .map(|(_, time)| time)
                .or_else(|| run.events.last().map(|e| e.time))
                .unwrap_or(0);
            let from_time = options
                .wave_window
                .map_or(0, |n| end.saturating_sub(n.saturating_mul(2)));
            eprintln!(
                "cosim: rerunning the RTL to write the waveform {} to {}",
                options
                    .wave_window
                    .map_or("of the whole run".into(), |n| format!(
                        "of the last {n} cycles"
                    )),
                path.display()
            );
            Some(match rerun(Wave { path, from_time }) {
                Ok(_) => Ok(path.clone()),
                Err(e) => Err(e.to_string()),
            })
        }
        (None, None) => None,
    };
}

/// [`cosimulate`] with the golden model ([`MemoryMachine`], an LDS of
/// `options.lds_bytes`) running `words` from its initial state over the options' bus memory.
pub fn cosimulate_program(
    rtl: &mut Rtl,
    words: &[u32],
    options: &CosimOptions,
) -> Result<CosimReport, CosimError> {
    let mut machine = MemoryMachine::new(words, &options.bus)?.with_lds(options.lds_bytes);
    machine.machine.check_waits(options.check_waits);
    cosimulate(rtl, &mut machine, words, options)
}

/// The first dword of the RTL's bus memory at the end of `run` that the model's memory
/// does not match. A region the model does not have is a difference at its first dword,
/// unless the model keeps no memory at all (then nothing is compared).
fn compare_memory(run: &RtlRun, model: &dyn Model) -> Option<MemoryDifference> {
    let keeps_memory = run
        .memory
        .iter()
        .any(|(addr, d)| model.memory(u64::from(*addr), d.len()).is_some());
    for (addr, rtl) in &run.memory {
        let addr = u64::from(*addr);
        let mine = model.memory(addr, rtl.len());
        let at = match &mine {
            Some(mine) => mine.iter().zip(rtl).position(|(m, r)| m != r),
            None if keeps_memory && !rtl.is_empty() => Some(0),
            None => None,
        };
        if let Some(at) = at {
            return Some(MemoryDifference {
                addr: addr + 4 * at as u64,
                model: mine.and_then(|m| m.get(at).copied()),
                rtl: rtl[at],
            });
        }
    }
    None
}

/// Compares a finished RTL run with the model's events.
pub fn compare(run: &RtlRun, model: &mut dyn Model, options: &CosimOptions) -> CosimReport {
    let mut c = Comparison::new(run, options.context);
    let mut model_events = 0;
    let mut fault = None;
    let divergence = loop {
        match model.step() {
            Ok(Some(mut event)) => {
                event.normalize();
                if options.inject_model_fault == Some(model_events) {
                    perturb(&mut event);
                }
                model_events += 1;
                let wave = event.wave;
                match c.next_rtl(wave) {
                    Some(r) if r.event == event => c.agreed(event),
                    r => break Some(c.divergence(wave, Side::Event(event), r)),
                }
            }
            Ok(None) => {
                if let Some(r) = c.leftover() {
                    break Some(c.divergence(r.event.wave, Side::Ended, Some(r)));
                }
                if run.end == RtlEnd::Done {
                    break None;
                }
                break Some(c.divergence(c.first_wave(), Side::Ended, None));
            }
            Err(stop) => {
                let wave = stop.wave.unwrap_or_else(|| c.first_wave());
                let model_side = Side::Error {
                    pc: stop.pc,
                    message: stop.message.clone(),
                };
                if let Some(r) = c.leftover() {
                    break Some(c.divergence(r.event.wave, model_side, Some(r)));
                }
                // Both stopping with a wave's error at the same instruction agree: a fault.
                match (run.end, stop.pc) {
                    (RtlEnd::Error { pc }, Some(model_pc))
                        if pc == model_pc && matches!(run.error_code, 0 | INSTRUCTION_ERROR) =>
                    {
                        fault = Some(Fault {
                            wave,
                            pc,
                            message: stop.message,
                        });
                        break None;
                    }
                    _ => break Some(c.divergence(wave, model_side, None)),
                }
            }
        }
    };
    CosimReport {
        instructions: c.matched,
        cycles: run.cycles,
        rtl_end: run.end,
        divergence: divergence.map(Box::new),
        memory: None,
        fault,
        counters: run.counters.clone(),
        rtl_wall: run.wall,
    }
}

/// The state of a comparison: the RTL's events not yet compared, per wave, and what agreed.
struct Comparison<'a> {
    run: &'a RtlRun,
    /// Per wave, the RTL's events not yet compared, each with its position in the run.
    pending: BTreeMap<u32, VecDeque<(usize, &'a RtlEvent)>>,
    /// Per wave, the last few agreed events.
    history: BTreeMap<u32, VecDeque<TraceEvent>>,
    /// Per wave, how many events agreed.
    counts: BTreeMap<u32, usize>,
    matched: usize,
    context: usize,
}

impl<'a> Comparison<'a> {
    fn new(run: &'a RtlRun, context: usize) -> Comparison<'a> {
        let mut pending: BTreeMap<u32, VecDeque<_>> = BTreeMap::new();
        for (i, e) in run.events.iter().enumerate() {
            pending.entry(e.event.wave).or_default().push_back((i, e));
        }
        Comparison {
            run,
            pending,
            history: BTreeMap::new(),
            counts: BTreeMap::new(),
            matched: 0,
            context,
        }
    }

    /// The RTL's next event of `wave`, taken off the queue.
    fn next_rtl(&mut self, wave: u32) -> Option<&'a RtlEvent> {
        let queue = self.pending.get_mut(&wave)?;
        queue.pop_front().map(|(_, e)| e)
    }

    fn agreed(&mut self, event: TraceEvent) {
        let wave = event.wave;
        let h = self.history.entry(wave).or_default();
        h.push_back(event);
        if h.len() > self.context {
            h.pop_front();
        }
        *self.counts.entry(wave).or_default() += 1;
        self.matched += 1;
    }

    /// The RTL's earliest event not yet compared (once the model has stopped).
    fn leftover(&self) -> Option<&'a RtlEvent> {
        self.pending
            .values()
            .filter_map(|q| q.front())
            .min_by_key(|(i, _)| *i)
            .map(|(_, e)| *e)
    }

    /// The wave to blame when no event names one.
    fn first_wave(&self) -> u32 {
        self.counts.keys().next().copied().unwrap_or(0)
    }

    /// What the RTL did after its last event.
    fn rtl_end(&self) -> Side {
        let run = self.run;
        match run.end {
            RtlEnd::Done => Side::Ended,
            RtlEnd::Error { pc } => Side::Error {
                pc: Some(pc),
                message: "the RTL raised `error`".into(),
            },
            RtlEnd::Timeout => Side::Timeout { cycles: run.cycles },
            RtlEnd::Finish => Side::Finish { cycles: run.cycles },
        }
    }

    /// A divergence at the next instruction of `wave`; `rtl` is the RTL's event there, if any.
    fn divergence(&self, wave: u32, model: Side, rtl: Option<&RtlEvent>) -> Divergence {
        Divergence {
            wave,
            index: self.counts.get(&wave).copied().unwrap_or(0),
            model,
            rtl: rtl.map_or_else(|| self.rtl_end(), |e| Side::Event(e.event.clone())),
            rtl_when: rtl.map(|e| (e.cycle, e.time)),
            before: self
                .history
                .get(&wave)
                .map(|h| h.iter().cloned().collect())
                .unwrap_or_default(),
            vcd: None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Event(e) => write!(f, "{e}"),
            Side::Ended => write!(f, "ended (s_endpgm), retiring nothing more"),
            Side::Error { pc, message } => {
                write!(f, "stopped with an error")?;
                if let Some(pc) = pc {
                    write!(f, " at pc 0x{pc:04x}")?;
                }
                write!(f, ": {message}")
            }
            Side::Timeout { cycles } => {
                write!(
                    f,
                    "retired nothing more within the budget of {cycles} cycles (timeout; raise it with `--max-cycles`)"
                )
            }
            Side::Finish { cycles } => write!(f, "called $finish at cycle {cycles}"),
        }
    }
}

/// The fields in which two events differ.
fn differences(a: &TraceEvent, b: &TraceEvent) -> Vec<&'static str> {
    let mut d = Vec::new();
    if a.wave != b.wave {
        d.push("wave");
    }
    if a.pc != b.pc {
        d.push("pc");
    }
    if a.words != b.words {
        d.push("instruction words");
    }
    if a.exec != b.exec {
        d.push("exec");
    }
    if a.writes != b.writes {
        d.push("writes");
    }
    d
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "divergence at instruction #{} of wave {}",
            self.index, self.wave
        )?;
        let pc = match (&self.model, &self.rtl) {
            (Side::Event(e), _) | (_, Side::Event(e)) => Some(e.pc),
            (Side::Error { pc, .. }, _) | (_, Side::Error { pc, .. }) => *pc,
            _ => None,
        };
        if let Some(pc) = pc {
            write!(f, " (pc 0x{pc:04x})")?;
        }
        writeln!(f)?;
        writeln!(f, "  model: {}", self.model)?;
        write!(f, "  rtl:   {}", self.rtl)?;
        if let Some((cycle, time)) = self.rtl_when {
            write!(f, "   (cycle {cycle}, waveform time {time})")?;
        }
        writeln!(f)?;
        if let (Side::Event(m), Side::Event(r)) = (&self.model, &self.rtl) {
            writeln!(f, "  differs in: {}", differences(m, r).join(", "))?;
        }
        if self.before.is_empty() {
            writeln!(f, "  (no instruction before it agreed)")?;
        } else {
            writeln!(f, "  the last {} agreed instructions:", self.before.len())?;
            let first = self.index - self.before.len();
            for (i, e) in self.before.iter().enumerate() {
                writeln!(f, "    #{:<4} {e}", first + i)?;
            }
        }
        match &self.vcd {
            Some(Ok(path)) => writeln!(f, "  waveform: {}", path.display()),
            Some(Err(e)) => writeln!(f, "  waveform: not written: {e}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_with_memory(memory: Vec<(u32, Vec<u32>)>) -> RtlRun {
        RtlRun {
            events: Vec::new(),
            end: RtlEnd::Done,
            cycles: 1,
            memory,
            error_code: 0,
            counters: Vec::new(),
            wall: std::time::Duration::ZERO,
        }
    }

    #[test]
    fn data_region_follows_its_documented_pattern() {
        let (base, words) = data_region();
        assert_eq!((base, words.len()), (0x10000, 1024));
        assert_eq!(&words[..2], &[0x5bd1_e995, 0xc5e6_902c]);
    }

    #[test]
    fn model_loads_the_data_region_and_memory_is_compared() {
        let (base, words) = data_region();
        let bus = BusMemory {
            regions: vec![(base, words.clone())],
            ..BusMemory::default()
        };
        // s_mov_b32 s0, 0x10000; s_load_b64 s[2:3], s[0:1], 0x8; s_endpgm
        let code = [
            0xbe80_00ff,
            0x0001_0000,
            0xf404_0080,
            0xf800_0008,
            0xbfb0_0000,
        ];
        let mut model = MemoryMachine::new(&code, &bus).expect("maps");
        model.step().expect("mov");
        let load = model.step().expect("load").expect("an event");
        assert_eq!(
            load.writes,
            [
                Write::Sgpr {
                    index: 2,
                    value: words[2]
                },
                Write::Sgpr {
                    index: 3,
                    value: words[3]
                }
            ]
        );
        assert_eq!(
            compare_memory(&run_with_memory(bus.regions.clone()), &model),
            None
        );
        let mut changed = words.clone();
        changed[5] ^= 0x100;
        let d = compare_memory(&run_with_memory(vec![(base, changed)]), &model);
        assert_eq!(
            d,
            Some(MemoryDifference {
                addr: 0x10014,
                model: Some(words[5]),
                rtl: words[5] ^ 0x100
            })
        );
        assert!(d.unwrap().to_string().contains("dword at 0x10014"));
    }

    #[test]
    fn an_unmapped_load_stops_the_model_at_its_pc() {
        // s_load_b32 s2, s[0:1], 0x0 with s[0:1] = 0: nothing is mapped there.
        let code = [0xf400_0080, 0xf800_0000, 0xbfb0_0000];
        let mut model = MemoryMachine::new(&code, &BusMemory::default()).expect("maps");
        let stop = model.step().expect_err("unmapped");
        assert_eq!(stop.pc, Some(0));
    }
}
