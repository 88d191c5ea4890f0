//! The Verilated RTL as a child process: the shim executable built by [`super::verilate`],
//! spoken to over its line protocol (see `sim/shim/cosim_shim.cpp`). One process runs any
//! number of programs; each run starts from reset on a fresh design instance, with the
//! shim's bus memory (a Wishbone slave, [`BusMemory`]) mapped as the run asks.

use super::verilate::{self, Built};
use super::CosimError;
use crate::trace::{TraceEvent, Write as TraceWrite};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};

/// How an RTL run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtlEnd {
    /// `done` rose.
    Done,
    /// `error` rose, with `error_pc`.
    Error { pc: u32 },
    /// Neither within the cycle budget.
    Timeout,
    /// The Verilog called `$finish`.
    Finish,
}

impl fmt::Display for RtlEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RtlEnd::Done => write!(f, "done"),
            RtlEnd::Error { pc } => write!(f, "error at pc 0x{pc:04x}"),
            RtlEnd::Timeout => write!(f, "timeout"),
            RtlEnd::Finish => write!(f, "$finish"),
        }
    }
}

/// Where a run's waveform goes (a VCD file) and the waveform time it starts at (0: the
/// whole run; a cycle is 2 time units): a window of the last cycles before a divergence.
#[derive(Clone, Copy, Debug)]
pub struct Wave<'a> {
    pub path: &'a Path,
    pub from_time: u64,
}

impl<'a> Wave<'a> {
    /// The whole run's waveform in `path`.
    pub fn whole(path: &'a Path) -> Wave<'a> {
        Wave { path, from_time: 0 }
    }
}

/// One instruction retired by the RTL, with when it retired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtlEvent {
    pub event: TraceEvent,
    /// Cycles since the start pulse (the pulse's cycle is 1).
    pub cycle: u64,
    /// The waveform's time stamp of that cycle's rising edge (two time units per cycle).
    pub time: u64,
}

/// Everything one RTL run produced.
#[derive(Clone, Debug)]
pub struct RtlRun {
    /// Retired instructions, in retirement order, normalized.
    pub events: Vec<RtlEvent>,
    pub end: RtlEnd,
    /// Cycles from the start pulse to the end.
    pub cycles: u64,
    /// The bus memory's regions as the run left them (byte address, dwords), in the order
    /// [`BusMemory::regions`] gave them.
    pub memory: Vec<(u32, Vec<u32>)>,
    /// With [`RtlEnd::Error`]: the top's `error_code` (the dispatcher's code, see
    /// `cu32_hdl::dispatch`; 1 for a plain program's error).
    pub error_code: u8,
    /// The performance counters read through the host port after the run, in index order
    /// (`cu32_hdl::counters::COUNTERS`; empty for a top without them).
    pub counters: Vec<u32>,
    /// Wall-clock time of the run in the shim, from the request to its end line.
    pub wall: std::time::Duration,
}

/// The memory the shim serves on the RTL's Wishbone port, and how it answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BusMemory {
    /// Mapped regions: byte address (a multiple of 4) and dwords, below 2^32, not
    /// overlapping. Any other address is answered with ERR.
    pub regions: Vec<(u32, Vec<u32>)>,
    /// Cycles from a request's acceptance to its acknowledge (at least 1).
    pub latency: u32,
    /// The chance of STALL in a cycle, in 1/1000.
    pub stall_permille: u32,
    /// Seed of the STALL sequence.
    pub seed: u64,
}

impl Default for BusMemory {
    fn default() -> BusMemory {
        BusMemory {
            regions: Vec::new(),
            latency: 1,
            stall_permille: 0,
            seed: 1,
        }
    }
}

/// A running shim process for one Verilated design.
pub struct Rtl {
    exe: PathBuf,
    process: Option<Process>,
}

struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    stderr: Arc<Mutex<String>>,
}

/// Keep at most this much of the shim's stderr.
const STDERR_LIMIT: usize = 64 * 1024;

impl Rtl {
    /// Builds (or reuses from `cache_root`) the Verilated model of `verilog_files`, whose top
    /// module is `cu32_top`, and starts it. Build progress goes to stderr.
    pub fn build(verilog_files: &[PathBuf], cache_root: &Path) -> Result<Rtl, CosimError> {
        let built = verilate::build(verilog_files, cache_root)?;
        Rtl::start(&built)
    }

    /// Starts the shim of a finished build.
    pub fn start(built: &Built) -> Result<Rtl, CosimError> {
        let mut rtl = Rtl {
            exe: built.exe.clone(),
            process: None,
        };
        rtl.process()?;
        Ok(rtl)
    }

    /// The shim executable.
    pub fn exe(&self) -> &Path {
        &self.exe
    }

    /// The running process, started anew if the previous one died.
    fn process(&mut self) -> Result<&mut Process, CosimError> {
        if self.process.is_none() {
            self.process = Some(spawn(&self.exe)?);
        }
        self.process
            .as_mut()
            .ok_or_else(|| CosimError::Shim("the shim process is gone".into()))
    }

    /// Runs `words` (loaded at word address 0) from reset until `done`, `error` or
    /// `max_cycles` cycles after the start pulse, with no bus memory; with `vcd`, dumps the
    /// whole run's waveform there.
    pub fn run(
        &mut self,
        words: &[u32],
        max_cycles: u64,
        vcd: Option<Wave>,
    ) -> Result<RtlRun, CosimError> {
        self.run_with(words, &BusMemory::default(), max_cycles, vcd)
    }

    /// [`Rtl::run`] with `memory` behind the bus; the run's result holds the regions as the
    /// run left them.
    pub fn run_with(
        &mut self,
        words: &[u32],
        memory: &BusMemory,
        max_cycles: u64,
        vcd: Option<Wave>,
    ) -> Result<RtlRun, CosimError> {
        self.run_either(words, &[], memory, max_cycles, vcd)
    }

    /// Runs a dispatch from reset: the CSR writes `host` (word address, value; the last
    /// one CONTROL start) through the top's host port, with `memory` behind the bus (where
    /// the dispatcher finds the code), until `done`, `error` or `max_cycles` cycles after
    /// the last write; with `vcd`, dumps the waveform there.
    pub fn run_dispatch(
        &mut self,
        host: &[(u8, u32)],
        memory: &BusMemory,
        max_cycles: u64,
        vcd: Option<Wave>,
    ) -> Result<RtlRun, CosimError> {
        self.run_either(&[], host, memory, max_cycles, vcd)
    }

    fn run_either(
        &mut self,
        words: &[u32],
        host: &[(u8, u32)],
        memory: &BusMemory,
        max_cycles: u64,
        vcd: Option<Wave>,
    ) -> Result<RtlRun, CosimError> {
        let from_time = vcd.map_or(0, |w| w.from_time);
        let vcd = match vcd.map(|w| w.path) {
            Some(p) => {
                let abs = std::path::absolute(p).map_err(|e| CosimError::io(p, "bad path", e))?;
                let text = abs.to_string_lossy().into_owned();
                if text.contains(['\n', '\r']) {
                    return Err(CosimError::Shim(format!(
                        "waveform path {text:?} holds a line break"
                    )));
                }
                if let Some(dir) = abs.parent() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| CosimError::io(dir, "cannot create", e))?;
                }
                Some(text)
            }
            None => None,
        };
        let result = self.exchange(
            words,
            host,
            memory,
            max_cycles.max(1),
            vcd.as_deref(),
            from_time,
        );
        if result.is_err() {
            // Whatever state the process is in, start afresh next time.
            if let Some(mut p) = self.process.take() {
                let _ = p.child.kill();
                let _ = p.child.wait();
            }
        }
        result
    }

    fn exchange(
        &mut self,
        words: &[u32],
        host: &[(u8, u32)],
        memory: &BusMemory,
        max_cycles: u64,
        vcd: Option<&str>,
        from_time: u64,
    ) -> Result<RtlRun, CosimError> {
        let p = self.process()?;
        // The bus memory first: every request is answered by `OK n`.
        let mut req = String::from("clear\n");
        let mut oks = vec![0];
        for (addr, dwords) in &memory.regions {
            req.push_str(&format!("map {addr:x} {}\n", dwords.len()));
            push_words(&mut req, dwords);
            oks.push(dwords.len());
        }
        req.push_str(&format!(
            "bus {} {} {}\n",
            memory.latency.max(1),
            memory.stall_permille.min(1000),
            memory.seed
        ));
        oks.push(0);
        req.push_str(&format!("host {}\n", host.len()));
        let pairs: Vec<u32> = host.iter().flat_map(|&(a, v)| [u32::from(a), v]).collect();
        push_words(&mut req, &pairs);
        oks.push(host.len());
        req.push_str(&format!("load {}\n", words.len()));
        push_words(&mut req, words);
        oks.push(words.len());
        req.push_str(&format!("window {from_time}\n"));
        oks.push(0);
        req.push_str(&format!("run {max_cycles}"));
        if let Some(path) = vcd {
            req.push(' ');
            req.push_str(path);
        }
        req.push('\n');
        let started = std::time::Instant::now();
        p.send(&req)?;

        for n in oks {
            let ok = p.line()?;
            if ok != format!("OK {n}") {
                return Err(p.protocol(&format!("expected `OK {n}`, got `{ok}`")));
            }
        }
        let mut events: Vec<RtlEvent> = Vec::new();
        let mut vgprs = Vec::new();
        let mut counters = Vec::new();
        // The event of the scalar load whose dwords are still arriving, and of the vector
        // instructions still running in the background on each unit (VALU, LDS, GLOBAL),
        // oldest first: the VALU's in flight; the LDS instructions up to the vector ALU's
        // queue places and the passes in its LDS unit; on the GLOBAL unit (3) likewise.
        let mut outstanding: Option<usize> = None;
        // The scalar loads outstanding by tag (a top that keeps several: `T` lines with a
        // tag, their `S` and `L` lines with it).
        let mut tagged: std::collections::BTreeMap<u64, usize> = Default::default();
        let mut background: [std::collections::VecDeque<usize>; 3] = Default::default();
        const IN_FLIGHT: [usize; 3] = [5, 64, 64];
        // A long run reports its progress on stderr every PROGRESS.
        const PROGRESS: std::time::Duration = std::time::Duration::from_secs(10);
        let mut next_progress = PROGRESS;
        loop {
            let line = p.line()?;
            let fields: Vec<&str> = line.split_whitespace().collect();
            let nums: Result<Vec<u64>, _> = fields
                .iter()
                .skip(1)
                .map(|f| u64::from_str_radix(f, 16))
                .collect();
            let Ok(nums) = nums else {
                return Err(p.protocol(&format!("unreadable line `{line}`")));
            };
            let end = match (fields.first().copied(), nums.as_slice()) {
                (Some("V"), n) if n.len() == 34 => {
                    let mut values = [0u32; 32];
                    for (v, &x) in values.iter_mut().zip(&n[2..]) {
                        *v = x as u32;
                    }
                    vgprs.push(TraceWrite::Vgpr {
                        index: n[0] as u8,
                        mask: n[1] as u32,
                        values,
                    });
                    continue;
                }
                (Some("S"), [index, value, tag]) => {
                    // (Bit 7: the VALU's background instruction's scalar result, which
                    // its `G 1` line ends in this cycle: that is the oldest there.)
                    let owner = if index & 0x80 != 0 {
                        background[0].front().copied()
                    } else if *tag != 0 {
                        tagged.get(tag).copied()
                    } else {
                        outstanding
                    };
                    let Some(load) = owner.and_then(|i| events.get_mut(i)) else {
                        return Err(p.protocol(&format!(
                            "`{line}` with no load or VALU result outstanding"
                        )));
                    };
                    load.event.writes.push(TraceWrite::Sgpr {
                        index: (index & 0x7f) as u8,
                        value: *value as u32,
                    });
                    load.event.normalize();
                    continue;
                }
                (Some("L"), [tag]) => {
                    let done = if *tag != 0 {
                        tagged.remove(tag)
                    } else {
                        outstanding.take()
                    };
                    if done.is_none() {
                        return Err(p.protocol(&format!("`{line}` with no such load outstanding")));
                    }
                    continue;
                }
                (Some("G"), [unit @ 1..=3]) => {
                    let slot = &mut background[*unit as usize - 1];
                    let Some(access) = slot.pop_front().and_then(|i| events.get_mut(i)) else {
                        return Err(p.protocol(&format!(
                            "`{line}` with no vector instruction outstanding on that unit"
                        )));
                    };
                    access.event.writes.append(&mut vgprs);
                    access.event.normalize();
                    continue;
                }
                (Some("T"), n) if n.len() == 25 => {
                    let event = trace_event(n, std::mem::take(&mut vgprs));
                    if n[24] != 0 {
                        if tagged.insert(n[24], events.len()).is_some() {
                            return Err(p.protocol(&format!("`{line}`: its tag is in use")));
                        }
                    } else if loads_sgprs(&event.event) {
                        if outstanding.is_some() {
                            return Err(p.protocol("a load issued while another is outstanding"));
                        }
                        outstanding = Some(events.len());
                    }
                    if n[23] != 0 {
                        let unit = n[23] as usize - 1;
                        let Some(slot) = background.get_mut(unit) else {
                            return Err(p.protocol(&format!("unknown unit in `{line}`")));
                        };
                        if slot.len() == IN_FLIGHT[unit] {
                            return Err(p.protocol(&format!(
                                "a vector instruction issued while {} are outstanding on its unit",
                                IN_FLIGHT[unit]
                            )));
                        }
                        slot.push_back(events.len());
                    }
                    if started.elapsed() >= next_progress {
                        eprintln!(
                            "cosim: the RTL has retired {} instructions in {} cycles ({} s; \
                             budget {max_cycles} cycles)",
                            events.len() + 1,
                            event.cycle,
                            started.elapsed().as_secs()
                        );
                        next_progress += PROGRESS;
                    }
                    events.push(event);
                    continue;
                }
                (Some("C"), [n, values @ ..]) if *n as usize == values.len() => {
                    counters = values.iter().map(|&v| v as u32).collect();
                    continue;
                }
                (Some("DONE"), [c])
                    if outstanding.is_none()
                        && tagged.is_empty()
                        && background.iter().all(|b| b.is_empty()) =>
                {
                    (RtlEnd::Done, *c, 0)
                }
                (Some("ERROR"), [pc, c, code]) => {
                    (RtlEnd::Error { pc: *pc as u32 }, *c, *code as u8)
                }
                (Some("TIMEOUT"), [c]) => (RtlEnd::Timeout, *c, 0),
                (Some("FINISH"), [c]) => (RtlEnd::Finish, *c, 0),
                _ => return Err(p.protocol(&format!("unexpected line `{line}`"))),
            };
            let wall = started.elapsed();
            // A load or a GLOBAL instruction (in the background) that never completed stopped
            // the wave with its fault: the model refuses the whole instruction, so it and
            // what retired after it (register work, and scalar loads beside a GLOBAL load;
            // `error` waits for every unit) go.
            if let RtlEnd::Error { .. } = end.0 {
                if let Some(i) = outstanding
                    .into_iter()
                    .chain(tagged.into_values())
                    .chain(background.into_iter().flatten())
                    .min()
                {
                    events.truncate(i);
                }
            }
            let mut dumps = Vec::new();
            for (addr, dwords) in &memory.regions {
                p.send(&format!("dump {addr:x} {}\n", dwords.len()))?;
                let line = p.line()?;
                let nums: Option<Vec<u64>> = line.strip_prefix("M ").and_then(|rest| {
                    rest.split_whitespace()
                        .map(|f| u64::from_str_radix(f, 16).ok())
                        .collect()
                });
                match nums.as_deref() {
                    Some([a, n, data @ ..])
                        if *a == u64::from(*addr)
                            && *n as usize == dwords.len()
                            && data.len() == dwords.len() =>
                    {
                        dumps.push((*addr, data.iter().map(|&w| w as u32).collect()));
                    }
                    _ => return Err(p.protocol(&format!("unexpected dump answer `{line}`"))),
                }
            }
            return Ok(RtlRun {
                events,
                end: end.0,
                cycles: end.1,
                memory: dumps,
                error_code: end.2,
                counters,
                wall,
            });
        }
    }
}

/// Whether the event is a scalar load (an SMEM row with SDATA): its SGPR writes arrive as
/// `S` lines after its `T` line, until an `L` line.
pub fn loads_sgprs(event: &TraceEvent) -> bool {
    cu32_isa::decode(&event.words).is_ok_and(|i| {
        i.op.format == cu32_isa::Format::Smem
            && i.op.args.iter().any(|a| a.kind == cu32_isa::ArgKind::Sdata)
    })
}

/// Appends `words` in hex, eight to a line.
fn push_words(req: &mut String, words: &[u32]) {
    for chunk in words.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|w| format!("{w:x}")).collect();
        req.push_str(&line.join(" "));
        req.push('\n');
    }
}

/// A trace event from the 24 numbers of a `T` line and the VGPR writes of the `V` lines
/// before it (see the shim's protocol; the last number, whether the instruction runs on in
/// the background, is the caller's).
fn trace_event(n: &[u64], vgprs: Vec<TraceWrite>) -> RtlEvent {
    let w32 = |i: usize| n[i] as u32;
    let nwords = n[4].clamp(1, 3) as usize;
    let words = [w32(1), w32(2), w32(3)][..nwords].to_vec();
    let mut writes = Vec::new();
    for slot in 0..4 {
        let base = 6 + 3 * slot;
        if n[base] != 0 {
            writes.push(TraceWrite::Sgpr {
                index: (n[base + 1] & 0x7f) as u8,
                value: w32(base + 2),
            });
        }
    }
    writes.extend(vgprs);
    if n[18] != 0 {
        writes.push(TraceWrite::Scc(n[19] != 0));
    }
    let mut event = TraceEvent {
        wave: n[22] as u32,
        pc: w32(0),
        words,
        exec: n[5],
        writes,
    };
    event.normalize();
    RtlEvent {
        event,
        cycle: n[20],
        time: n[21],
    }
}

fn spawn(exe: &Path) -> Result<Process, CosimError> {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CosimError::io(exe, "cannot start", e))?;
    let (Some(stdin), Some(stdout), Some(mut err)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        return Err(CosimError::Shim(
            "cannot connect to the shim's pipes".into(),
        ));
    };
    let stderr = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&stderr);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = err.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut s = sink.lock().unwrap_or_else(PoisonError::into_inner);
            if s.len() < STDERR_LIMIT {
                s.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
    });
    Ok(Process {
        child,
        stdin,
        stdout: BufReader::new(stdout),
        stderr,
    })
}

impl Process {
    fn send(&mut self, text: &str) -> Result<(), CosimError> {
        let r = self.stdin.write_all(text.as_bytes());
        let r = r.and_then(|()| self.stdin.flush());
        r.map_err(|e| self.died(&format!("cannot send a request: {e}")))
    }

    /// The next line, without its line break.
    fn line(&mut self) -> Result<String, CosimError> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err(self.died("it exited unexpectedly")),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(self.died(&format!("cannot read its answer: {e}"))),
        }
    }

    fn protocol(&mut self, what: &str) -> CosimError {
        self.died(&format!("protocol error: {what}"))
    }

    /// An error naming what went wrong, the exit status if the process ended, and its stderr.
    fn died(&mut self, what: &str) -> CosimError {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let status = match self.child.try_wait() {
            Ok(Some(s)) => format!(" ({s})"),
            _ => String::new(),
        };
        let stderr = self
            .stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let mut msg = format!("the co-simulation shim: {what}{status}");
        if !stderr.trim().is_empty() {
            msg.push_str(&format!("; its stderr:\n{}", stderr.trim_end()));
        }
        CosimError::Shim(msg)
    }
}

impl Drop for Rtl {
    fn drop(&mut self) {
        if let Some(mut p) = self.process.take() {
            let _ = p.stdin.write_all(b"quit\n");
            let _ = p.stdin.flush();
            drop(p.stdin);
            let _ = p.child.wait();
        }
    }
}
