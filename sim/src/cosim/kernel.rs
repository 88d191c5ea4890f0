//! Co-simulation of a kernel dispatch: the launch is prepared as `cu32 run` prepares it
//! ([`crate::dispatch::prepare_at`]), only placed below 2^32 (the image at [`IMAGE_BASE`],
//! the buffers and kernarg segment from [`HEAP_BASE`]: the RTL's bus is 32-bit). The RTL
//! gets that memory behind its bus and the CSR writes of the dispatch through its host port
//! ([`host_writes`]), and runs it with its dispatcher. The golden model then runs the same
//! dispatch following the RTL's schedule ([`run_dispatch_in_order`]: the wave that retired
//! each of the RTL's instructions steps next), so both retire the same instructions in the
//! same order whichever waves, of whichever work-groups, the RTL interleaves (atomics
//! return the same old values), keeping its trace. Then the two traces are compared wave
//! by wave ([`super::compare`]) and the memory at the end.
//!
//! Waves are numbered in dispatch order on both sides (the RTL's `trace_wave` and the
//! model's events carry that number);
//! [`KernelRun::wave_of`] says which work-group and wave of it a number is. The RTL's PCs
//! count from the kernel's first instruction (its instruction memory holds the code from
//! ENTRY); they are moved to the model's (offsets in the code object's image) before the
//! comparison (`s_getpc_b64` and the like see ENTRY + PC in the RTL: the image address).

use super::{
    compare, compare_memory, model_error_pc, BusMemory, CosimError, CosimOptions, CosimReport,
    Model, ModelStop, Rtl, RtlEnd,
};
use crate::dispatch::{prepare_at, Dispatch};
use crate::launch::Launch;
use crate::memory::Memory;
use crate::model::workgroup::{run_dispatch_in_order, RunError};
use crate::trace::{TraceEvent, Write};
use cu32_isa::code_object::CodeObject;
use std::collections::VecDeque;

/// Where the code object's image is placed (its ELF address `v` at `IMAGE_BASE + v`).
pub const IMAGE_BASE: u64 = 0x0100_0000;
/// Where the buffers, the kernarg segment and the private segments are allocated from.
pub const HEAP_BASE: u64 = 0x1000_0000;

/// CSR word addresses (the map in `templates/csr.v.tera`).
pub mod csr {
    pub const CONTROL: u8 = 0x02;
    pub const ENTRY_LO: u8 = 0x08;
    pub const KERNARG_LO: u8 = 0x0a;
    pub const GRID_X: u8 = 0x0c;
    pub const BLOCK_X: u8 = 0x10;
    pub const CODE_BYTES: u8 = 0x13;
    pub const RSRC1: u8 = 0x14;
    pub const RSRC2: u8 = 0x15;
    pub const PROPERTIES: u8 = 0x16;
    pub const LDS_BYTES: u8 = 0x17;
}

/// The most bytes a co-simulated launch's buffers may hold in all (64 MiB): the bus memory
/// is copied to the shim and back, and kept on both sides.
pub const MAX_COSIM_BUFFER_BYTES: u64 = 64 << 20;

/// With the RTL out of cycles: how many instructions past the RTL's the model may run.
pub const TIMEOUT_MARGIN: u64 = 100_000;

/// The dispatcher's error codes that carry a PC (`cu32_hdl::dispatch::ERRORS`: a wave's
/// error, `s_barrier` in a work-group of several waves); the others carry 0 or an address.
const PC_ERRORS: [u8; 2] = [1, 7];

/// What a kernel co-simulation found.
pub struct KernelRun {
    pub report: CosimReport,
    /// The RTL's error code when it stopped with an error (see `cu32_hdl::dispatch`).
    pub error_code: u8,
    /// The dispatch as prepared (its outputs name the buffers to write back).
    pub dispatch: Dispatch,
    /// The memory as the RTL left it (the prepared memory with the RTL's bus memory
    /// written back).
    pub rtl_memory: Memory,
    /// Work-group and wave within it of each wave number, in dispatch order.
    waves: Vec<([u32; 3], u32)>,
}

impl KernelRun {
    /// The work-group and wave (within it) of wave number `n`.
    pub fn wave_of(&self, n: u32) -> Option<([u32; 3], u32)> {
        self.waves.get(n as usize).copied()
    }

    /// The waves of the dispatch.
    pub fn waves(&self) -> usize {
        self.waves.len()
    }

    /// The RTL's performance counters after the dispatch, in index order
    /// (`cu32_hdl::counters::COUNTERS`; read through the host port once it ended).
    pub fn counters(&self) -> &[u32] {
        &self.report.counters
    }

    /// Simulated cycles per wall-clock second of the RTL's run (its Verilator process,
    /// trace output included); 0 for no measurable time.
    pub fn cycles_per_second(&self) -> f64 {
        let s = self.report.rtl_wall.as_secs_f64();
        if s > 0.0 {
            self.report.cycles as f64 / s
        } else {
            0.0
        }
    }
}

/// The CSR writes that start `dispatch` of `launch`'s kernel in `code`, CONTROL last.
pub fn host_writes(
    code: &CodeObject,
    launch: &Launch,
    dispatch: &Dispatch,
) -> Result<Vec<(u8, u32)>, CosimError> {
    let kernel = code
        .kernel(&launch.kernel)
        .ok_or_else(|| CosimError::Dispatch(format!("kernel {}: not found", launch.kernel)))?;
    let d = &kernel.descriptor;
    let properties = d.kernel_code_properties.raw | (d.kernarg_preload.raw << 16);
    let code_bytes = u32::try_from(kernel.code.len())
        .map_err(|_| CosimError::Dispatch(format!("kernel {}: code too large", kernel.name)))?;
    let mut w = vec![
        (csr::ENTRY_LO, dispatch.entry as u32),
        (csr::ENTRY_LO + 1, (dispatch.entry >> 32) as u32),
        (csr::KERNARG_LO, dispatch.kernarg as u32),
        (csr::KERNARG_LO + 1, (dispatch.kernarg >> 32) as u32),
    ];
    for i in 0..3 {
        w.push((csr::GRID_X + i as u8, launch.grid[i]));
        w.push((csr::BLOCK_X + i as u8, launch.block[i]));
    }
    w.extend([
        (csr::CODE_BYTES, code_bytes),
        (csr::RSRC1, d.compute_pgm_rsrc1.raw),
        (csr::RSRC2, d.compute_pgm_rsrc2.raw),
        (csr::PROPERTIES, properties),
        (csr::LDS_BYTES, d.group_segment_fixed_size),
        (csr::CONTROL, 1),
    ]);
    Ok(w)
}

/// The golden model's run replayed: its events, then how it stopped.
struct Replay {
    events: VecDeque<TraceEvent>,
    stop: Option<ModelStop>,
    memory: Memory,
}

impl Model for Replay {
    fn step(&mut self) -> Result<Option<TraceEvent>, ModelStop> {
        match self.events.pop_front() {
            Some(e) => Ok(Some(e)),
            None => self.stop.take().map_or(Ok(None), Err),
        }
    }

    fn memory(&self, addr: u64, dwords: usize) -> Option<Vec<u32>> {
        // Byte by byte: the bus regions are padded to whole dwords (0 past the end).
        self.memory.read(addr, 1).ok()?;
        let byte = |a: u64| self.memory.read(a, 1).map_or(0, |b| b[0]);
        Some(
            (0..dwords as u64)
                .map(|k| {
                    let a = addr + 4 * k;
                    u32::from_le_bytes([byte(a), byte(a + 1), byte(a + 2), byte(a + 3)])
                })
                .collect(),
        )
    }
}

/// Checks, before anything is read or allocated, that the launch's buffers fit
/// co-simulation ([`MAX_COSIM_BUFFER_BYTES`]).
pub fn check_buffer_bytes(launch: &Launch) -> Result<(), CosimError> {
    let bytes = launch
        .buffer_bytes()
        .map_err(|e| CosimError::Dispatch(e.to_string()))?;
    if bytes > MAX_COSIM_BUFFER_BYTES {
        return Err(CosimError::Dispatch(format!(
            "{}: the buffers hold {bytes} bytes, more than co-simulation takes \
             ({MAX_COSIM_BUFFER_BYTES} bytes, 64 MiB)",
            launch.origin
        )));
    }
    Ok(())
}

/// Co-simulates `launch` of `code` on `rtl` (generated for a configuration) and the golden
/// model (at most `max_instructions` instructions; when the RTL ran out of cycles, at most
/// [`TIMEOUT_MARGIN`] more than the RTL retired, enough to tell an RTL that hangs from a
/// kernel that runs on); `options.bus` gives the bus's latency and STALL (its regions are
/// the dispatch's memory).
pub fn cosimulate_kernel(
    rtl: &mut Rtl,
    code: &CodeObject,
    launch: &Launch,
    max_instructions: u64,
    options: &CosimOptions,
) -> Result<KernelRun, CosimError> {
    check_buffer_bytes(launch)?;
    let mut memory = Memory::with_heap_base(HEAP_BASE);
    let mut dispatch = prepare_at(code, launch, &mut memory, IMAGE_BASE)
        .map_err(|e| CosimError::Dispatch(e.to_string()))?;
    dispatch.check_waits = options.check_waits;
    let mut regions = Vec::new();
    for (addr, bytes, _) in memory.regions() {
        let end = addr + bytes.len() as u64;
        if end > 1 << 32 {
            return Err(CosimError::Dispatch(format!(
                "{} bytes at {addr:#x} do not fit below 2^32 (the RTL's bus is 32-bit)",
                bytes.len()
            )));
        }
        let dwords = cu32_isa::words_le(bytes);
        regions.push((addr as u32, dwords));
    }
    let bus = BusMemory {
        regions,
        ..options.bus.clone()
    };
    let host = host_writes(code, launch, &dispatch)?;

    // The RTL, its PCs moved to the model's (its waves are numbered in dispatch order).
    let waves: Vec<([u32; 3], u32)> = launch
        .group_ids()
        .flat_map(|id| (0..Launch::waves_in(launch.group_size(id))).map(move |w| (id, w)))
        .collect();
    let offset = (dispatch.entry - dispatch.program.base()) as u32;
    let wave = options.wave.as_deref().map(super::Wave::whole);
    let mut run = rtl.run_dispatch(&host, &bus, options.max_cycles, wave)?;
    for e in run.events.iter_mut() {
        e.event.pc = e.event.pc.wrapping_add(offset);
    }
    if let RtlEnd::Error { pc } = &mut run.end {
        if PC_ERRORS.contains(&run.error_code) {
            *pc = pc.wrapping_add(offset);
        }
    }

    // The model, following the RTL's schedule (which wave retired each instruction), every
    // event kept (memory writes left out: the RTL's trace has none).
    let order: Vec<u32> = run.events.iter().map(|e| e.event.wave).collect();
    let mut model_memory = memory.clone();
    let mut events = VecDeque::new();
    let mut keep = |e: &TraceEvent| {
        let mut e = e.clone();
        e.writes.retain(|w| !matches!(w, Write::Mem { .. }));
        e.normalize();
        events.push_back(e);
    };
    let result = run_dispatch_in_order(
        code,
        launch,
        &dispatch,
        &mut model_memory,
        match run.end {
            RtlEnd::Timeout => max_instructions.min(run.events.len() as u64 + TIMEOUT_MARGIN),
            _ => max_instructions,
        },
        Some(&mut keep),
        &order,
    );
    let stop = match result {
        Ok(_) => None,
        Err(RunError::Wave { group, wave, error }) => Some(ModelStop {
            pc: model_error_pc(&error),
            wave: waves
                .iter()
                .position(|&w| w == (group, wave))
                .map(|n| n as u32),
            message: format!(
                "work-group ({}, {}, {}) wave {wave}: {error}",
                group[0], group[1], group[2]
            ),
        }),
        Err(e) => Some(ModelStop {
            pc: None,
            wave: None,
            message: e.to_string(),
        }),
    };
    let mut model = Replay {
        events,
        stop,
        memory: model_memory,
    };

    let mut report = compare(&run, &mut model, options);
    if report.divergence.is_none() {
        report.memory = compare_memory(&run, &model);
    }
    super::attach_wave(&mut report, &run, options, |wave| {
        rtl.run_dispatch(&host, &bus, options.max_cycles, Some(wave))
    });

    // The RTL's writable regions written back (without the dword padding).
    let mut rtl_memory = memory;
    let lens: Vec<usize> = rtl_memory.regions().map(|(_, b, _)| b.len()).collect();
    for ((addr, dwords), size) in run.memory.iter().zip(lens) {
        let data: Vec<u8> = dwords.iter().flat_map(|w| w.to_le_bytes()).collect();
        if let Some((_, region)) = rtl_memory.writable_region(u64::from(*addr), size as u64) {
            region[..size].copy_from_slice(&data[..size]);
        }
    }
    Ok(KernelRun {
        report,
        error_code: run.error_code,
        dispatch,
        rtl_memory,
        waves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn collatz_dispatch_lies_below_4g_and_its_csr_writes_end_with_start() {
        let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/opencl");
        let co = std::fs::read(suite.join("build/collatz.co")).unwrap();
        let code = CodeObject::parse(&co).unwrap();
        let launch = Launch::from_file(&suite.join("collatz.yaml")).unwrap();
        let mut memory = Memory::with_heap_base(HEAP_BASE);
        let dispatch = prepare_at(&code, &launch, &mut memory, IMAGE_BASE).unwrap();
        assert!(memory
            .regions()
            .all(|(a, b, _)| a + b.len() as u64 <= 1 << 32));
        assert!(dispatch.kernarg >= HEAP_BASE);
        let w = host_writes(&code, &launch, &dispatch).unwrap();
        let kernel = code.kernel("collatz").unwrap();
        assert_eq!(w.first(), Some(&(csr::ENTRY_LO, dispatch.entry as u32)));
        assert_eq!(w.last(), Some(&(csr::CONTROL, 1)));
        assert!(w.contains(&(csr::GRID_X, 256)) && w.contains(&(csr::BLOCK_X, 64)));
        assert!(w.contains(&(csr::CODE_BYTES, kernel.code.len() as u32)));
        assert!(w.contains(&(csr::RSRC2, kernel.descriptor.compute_pgm_rsrc2.raw)));
    }
}
