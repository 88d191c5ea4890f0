//! The golden model's answers for the GLOBAL memory unit: random GLOBAL instructions
//! (every load, store and integer atomic row the unit takes), each run on
//! `cu32_sim::Machine` over 32 lanes (VADDR in v[0:1], DATA in v2..v5, VDST from v10,
//! random before) against a global memory of three mapped regions, and cut into the
//! block's passes (`tb_gmem_unit.v`'s stimulus lines) with the results to expect.
//!
//! An instruction the model refuses (a lane's access not wholly in one region, or at or
//! above 2^32) is expected as the unit runs it: its lanes in order, a good lane as the
//! model runs it alone, a bad one (at or above 2^32) making no access, a store partly in
//! a region writing the bytes of its mapped dwords, any other failing lane nothing; the
//! passes with such a lane carry out_err.

use crate::test_common::Rng;
use crate::vector::{vmem_table, DsCtrl, DS_ATOMIC, DS_HI16, DS_LO16, DS_LOAD, DS_STORE};
use cu32_isa::{ArgKind, OpInfo};
use cu32_sim::memory::Memory;
use cu32_sim::Machine;
use std::collections::HashMap;

const WAVE: usize = 32;

/// The mapped regions: base address, bytes (dword multiples; the last one ends at 2^32).
pub const REGIONS: [(u64, u64); 3] = [
    (0x0000_4000, 0x1000),
    (0x0001_0000, 0x800),
    (0xffff_f000, 0x1000),
];

/// The testbench's memory dwords.
pub const MEMW: usize = 4096;

/// The block's configuration.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub lanes: usize,
}

/// One GLOBAL instruction and its 32 lanes of operands.
struct Instr {
    op: &'static OpInfo,
    c: DsCtrl,
    mask: u32,
    /// Each lane's 64-bit byte address (VADDR + offset).
    addr: [u64; WAVE],
    offset: i32,
    /// VDATA's dwords (v2..v5).
    data: [[u32; 4]; WAVE],
    vdst: [[u32; 4]; WAVE],
}

/// One pass the block is given, and what it must give back: its beats, its error, and
/// per lane of the pass, `(dword, mask of bits compared, value)` (dword k in beat k).
pub struct Pass {
    pub line: String,
    pub mask: u32,
    pub beats: usize,
    pub err: bool,
    pub expect: Vec<Vec<(usize, u32, u32)>>,
    /// Which instruction (for messages).
    pub what: String,
}

/// Everything [`build`] makes.
pub struct Built {
    pub passes: Vec<Pass>,
    /// Random instructions per row.
    pub count: HashMap<&'static str, usize>,
    /// Instructions the model refused.
    pub faulting: usize,
    /// The first pass of the timed load.
    pub timed: usize,
    /// The memory at the start and as the model leaves it (the testbench's dwords).
    pub mem_in: Vec<u32>,
    pub mem_out: Vec<u32>,
}

/// The beats of a pass of `c` (`cu32_gmem_unit.v` `beats_m1`): a store 1; else the
/// element's dwords (1 up to 4 bytes).
pub fn beats(c: &DsCtrl) -> usize {
    if c.kind == DS_STORE {
        1
    } else {
        (c.size as usize / 4).max(1)
    }
}

/// The rows the block takes: every GLOBAL load, store and integer atomic of the vector
/// unit's table (`vmem_table`: addtid and LDS-DMA rows are not in it).
pub fn rows() -> Vec<(&'static OpInfo, DsCtrl)> {
    vmem_table()
        .into_iter()
        .filter(|(_, c)| matches!(c.kind, DS_LOAD | DS_STORE | DS_ATOMIC))
        .collect()
}

fn reg(base: u32, dwords: u32) -> String {
    if dwords <= 1 {
        format!("v{base}")
    } else {
        format!("v[{base}:{}]", base + dwords - 1)
    }
}

/// The testbench's memory index of the dword at byte address `a`, if mapped.
fn index(a: u64) -> Option<usize> {
    let mut first = 0;
    for (base, bytes) in REGIONS {
        if a >= base && a < base + bytes {
            return Some(first + ((a - base) / 4) as usize);
        }
        first += (bytes / 4) as usize;
    }
    None
}

impl Instr {
    fn vdata_dwords(&self) -> u32 {
        self.op
            .arg(ArgKind::Vdata)
            .map_or(0, |a| u32::from(a.width()) / 32)
    }

    fn text(&self) -> String {
        let vdst = reg(10, self.c.ndst as u32);
        let vdata = reg(2, self.vdata_dwords());
        let off = if self.offset != 0 {
            format!(" offset:{}", self.offset)
        } else {
            String::new()
        };
        let name = &self.op.name;
        match self.c.kind {
            DS_LOAD => format!("{name} {vdst}, v[0:1], off{off}"),
            DS_STORE => format!("{name} v[0:1], {vdata}, off{off}"),
            _ => format!("{name} {vdst}, v[0:1], {vdata}, off{off} glc"),
        }
    }

    fn size(&self) -> u64 {
        self.c.size
    }

    /// The lane's access lies at or above 2^32 (the caller's in_bad).
    fn bad(&self, l: usize) -> bool {
        // (its last byte, addr + size - 1, at or above 2^32)
        u128::from(self.addr[l]) + u128::from(self.size()) > 1 << 32
    }

    /// Every byte of the lane's access is in one region.
    fn mapped(&self, l: usize) -> bool {
        let a = self.addr[l];
        REGIONS
            .iter()
            .any(|&(b, n)| a >= b && a.checked_add(self.size()).is_some_and(|e| e <= b + n))
    }

    /// The compare value of cmpswap (DATA's second element), else anything.
    fn data1(&self, l: usize) -> [u32; 2] {
        let d = &self.data[l];
        if self.c.data1 {
            if self.c.size == 4 {
                [d[1], 0]
            } else {
                [d[2], d[3]]
            }
        } else {
            [d[3] ^ 0x5a5a_5a5a, d[2]]
        }
    }
}

/// The stimulus line of one pass (see `tb_gmem_unit.v`).
fn line(shape: Shape, ins: &Instr, pass: usize, gap: u32, bus: u32, ready: u32) -> String {
    let c = &ins.c;
    let lanes = shape.lanes;
    let head: u32 = gap << 24
        | (c.kind as u32) << 21
        | (c.size as u32) << 16
        | u32::from(c.sext) << 15
        | (c.half as u32) << 13
        | u32::from(c.data_hi) << 12
        | (c.aop as u32) << 8
        | bus << 4
        | ready;
    let mut bits: Vec<bool> = Vec::new();
    let mut push = |v: u64, w: usize| {
        for i in (0..w).rev() {
            bits.push(v >> i & 1 == 1);
        }
    };
    push(u64::from(head), 32);
    let ls: Vec<usize> = (pass * lanes..(pass + 1) * lanes).rev().collect();
    for &l in &ls {
        push(u64::from(ins.mask >> l & 1), 1);
    }
    for &l in &ls {
        push(u64::from(ins.bad(l)), 1);
    }
    for &l in &ls {
        push(ins.addr[l] & 0xffff_ffff, 32);
    }
    for &l in &ls {
        for k in (0..4).rev() {
            push(u64::from(ins.data[l][k]), 32);
        }
    }
    for &l in &ls {
        let d1 = ins.data1(l);
        push(u64::from(d1[1]), 32);
        push(u64::from(d1[0]), 32);
    }
    while !bits.len().is_multiple_of(4) {
        bits.insert(0, false);
    }
    bits.chunks(4)
        .map(|nib| {
            let v = nib.iter().fold(0u32, |a, &b| a << 1 | u32::from(b));
            char::from_digit(v, 16).unwrap()
        })
        .collect()
}

/// A random dword: a quarter small (0..8) or at the edges of the signed and unsigned
/// ranges.
fn value(rng: &mut Rng) -> u32 {
    match rng.below(8) {
        0 => rng.below(8),
        1 => [0, u32::MAX, 0x8000_0000, 0x7fff_ffff][rng.below(4) as usize],
        _ => rng.next() as u32,
    }
}

/// The memory dword (0 unmapped) at byte address `a`, for data near the memory's.
fn peek(memory: &Memory, a: u64) -> u32 {
    memory
        .read(a, 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A lane address of `size` bytes in region `r` by pattern `kind` (`base`: a spot in it).
fn in_region(r: usize, size: u64, kind: u32, base: u64, l: usize, rng: &mut Rng) -> u64 {
    let (rb, rn) = REGIONS[r];
    let span = rn - size;
    let l = l as u64;
    let off = match kind {
        // Anywhere.
        0 => rng.next() % (span + 1),
        // Side by side (wrapping in the region).
        1 => (base + l * size) % (span + 1),
        // All on one dword (or its neighbour bytes).
        2 => (base & !3) + u64::from(rng.below(4)),
        // A small window: lanes overlap.
        3 => (base & !63) + u64::from(rng.below(48)),
        // A few dwords.
        4 => (base & !15) + 4 * u64::from(rng.below(4)),
        // Near the region's end or start.
        5 => {
            if rng.below(2) == 0 {
                span - u64::from(rng.below(24)).min(span)
            } else {
                u64::from(rng.below(24))
            }
        }
        _ => rng.next() % (span + 1),
    };
    rb + off.min(span)
}

/// A failing lane address: straddling a region's end or start, in a gap, straddling or
/// above 2^32 (some with low 32 bits in a region), anywhere.
fn wild(size: u64, rng: &mut Rng) -> u64 {
    let (rb, rn) = REGIONS[rng.below(3) as usize];
    match rng.below(7) {
        0 => rb + rn - size + 1 + u64::from(rng.below(size.min(8))),
        1 => rb.wrapping_sub(1 + u64::from(rng.below(6))),
        2 => rb + rn + u64::from(rng.below(64)),
        3 => (1 << 32) - size + 1 + u64::from(rng.below(size + 4)),
        4 => (1u64 << 32) + rb + u64::from(rng.below(rn)),
        5 => (u64::from(rng.below(8)) << 32 | rng.next() & 0xffff_ffff) & !3,
        _ => rng.next(),
    }
}

fn random_instr(rows: &[(&'static OpInfo, DsCtrl)], memory: &Memory, rng: &mut Rng) -> Instr {
    let (op, c) = rows[rng.below(rows.len() as u64) as usize];
    let size = c.size;
    let mask = match rng.below(8) {
        0..=2 => u32::MAX,
        3 => 1 << rng.below(32),
        4 => 0,
        5 => rng.next() as u32 & rng.next() as u32,
        _ => rng.next() as u32,
    };
    let r = rng.below(3) as usize;
    let kind = rng.below(8);
    let base = rng.next() % (REGIONS[r].1 - size + 1);
    let unaligned = rng.below(3) == 0;
    let align = size.next_power_of_two().min(16);
    // One instruction in 6 has failing lanes.
    let wild_lanes = rng.below(6) == 0;
    let offset = match rng.below(4) {
        0 => rng.below(8192) as i32 - 4096,
        1 => rng.below(64) as i32 - 32,
        _ => 0,
    };
    let mut ins = Instr {
        op,
        c,
        mask,
        addr: [0; WAVE],
        offset,
        data: [[0; 4]; WAVE],
        vdst: [[0; 4]; WAVE],
    };
    for l in 0..WAVE {
        let mut a = in_region(r, size, kind, base, l, rng);
        if !unaligned {
            a &= !(align - 1);
        }
        if wild_lanes && rng.below(6) == 0 {
            a = wild(size, rng);
        }
        ins.addr[l] = a;
        for k in 0..4 {
            ins.data[l][k] = value(rng);
            ins.vdst[l][k] = rng.next() as u32;
        }
        if c.kind == DS_ATOMIC {
            // Data near the memory's, compare values equal to it.
            let m = [peek(memory, a), peek(memory, a.wrapping_add(4))];
            let n = (c.size / 4) as usize;
            match rng.below(4) {
                0 => {
                    ins.data[l][0] = m[0].wrapping_add(rng.below(3)).wrapping_sub(1);
                    ins.data[l][1] = m[1];
                }
                1 => ins.data[l][0] = rng.below(8),
                _ => {}
            }
            if c.data1 && rng.below(2) == 0 {
                ins.data[l][n..2 * n].copy_from_slice(&m[..n]);
            }
        }
    }
    ins
}

/// The model's run of `ins` with EXEC `mask`: VDST of every lane, with the memory updated;
/// `None` (the memory untouched) when it refuses the instruction.
fn run_model(
    ins: &Instr,
    mask: u32,
    memory: &mut Memory,
    programs: &mut HashMap<String, Vec<u32>>,
) -> Option<[[u32; 4]; WAVE]> {
    let text = ins.text();
    let words = programs
        .entry(text.clone())
        .or_insert_with(|| {
            cu32_isa::asm::assemble(&format!("{text}\ns_endpgm\n"), "t.s")
                .unwrap_or_else(|e| panic!("{text}: {e:?}"))
                .words
        })
        .clone();
    let mut m = Machine::new(words);
    {
        let w = m.wave_mut();
        w.sgpr[usize::from(cu32_isa::operand::EXEC_LO)] = mask;
        for l in 0..WAVE {
            let vaddr = ins.addr[l].wrapping_sub(ins.offset as i64 as u64);
            w.vgpr[0][l] = vaddr as u32;
            w.vgpr[1][l] = (vaddr >> 32) as u32;
            for k in 0..4 {
                w.vgpr[2 + k][l] = ins.data[l][k];
                w.vgpr[10 + k][l] = ins.vdst[l][k];
            }
        }
    }
    m.step_in(memory, &mut []).ok()?;
    let w = m.wave();
    let mut out = [[0; 4]; WAVE];
    for (l, o) in out.iter_mut().enumerate() {
        for (k, d) in o.iter_mut().enumerate() {
            *d = w.vgpr[10 + k][l];
        }
    }
    Some(out)
}

/// The unit's run of an instruction the model refuses: VDST of the good lanes, the memory
/// updated as the unit leaves it; and which lanes fail.
fn run_unit(
    ins: &Instr,
    memory: &mut Memory,
    programs: &mut HashMap<String, Vec<u32>>,
) -> ([[u32; 4]; WAVE], u32) {
    let mut out = ins.vdst;
    let mut failing = 0u32;
    for l in (0..WAVE).filter(|&l| ins.mask >> l & 1 == 1) {
        if !ins.bad(l) && ins.mapped(l) {
            let v = run_model(ins, 1 << l, memory, programs)
                .unwrap_or_else(|| panic!("{}: lane {l} alone refused", ins.text()));
            out[l] = v[l];
            continue;
        }
        failing |= 1 << l;
        if ins.c.kind == DS_STORE && !ins.bad(l) {
            // The bytes in mapped dwords are written.
            let shift = if ins.c.data_hi { 2 } else { 0 };
            let bytes: Vec<u8> = ins.data[l].iter().flat_map(|d| d.to_le_bytes()).collect();
            for i in 0..ins.size() {
                let a = ins.addr[l] + i;
                if index(a).is_some() {
                    memory
                        .write(a, &[bytes[shift + i as usize]])
                        .expect("mapped");
                }
            }
        }
    }
    (out, failing)
}

/// The passes of `ins` with their expected results. `timed`: the first pass after that
/// many idle cycles, the others back to back, out_ready high and the fastest bus.
fn passes(
    shape: Shape,
    ins: &Instr,
    vdst: &[[u32; 4]; WAVE],
    failing: u32,
    rng: &mut Rng,
    timed: Option<u32>,
) -> Vec<Pass> {
    let np = WAVE / shape.lanes;
    let c = &ins.c;
    let what = ins.text();
    let bus = rng.below(4);
    let mut out = Vec::new();
    for p in 0..np {
        let gap = match (timed, rng.below(10)) {
            (Some(g), _) if p == 0 => g,
            (Some(_), _) => 0,
            (None, 0) => 1 + rng.below(4),
            (None, 1) => 20,
            _ => 0,
        };
        let ready = match (timed, rng.below(16)) {
            (Some(_), _) | (None, 0..=7) => 0,
            (None, 8..=11) => 1,
            (None, 12..=14) => 2,
            _ => 3,
        };
        let lanes = p * shape.lanes..(p + 1) * shape.lanes;
        let mask = (ins.mask >> (p * shape.lanes)) as u64 & ((1u64 << shape.lanes) - 1);
        let mut expect = Vec::new();
        let mut err = false;
        for l in lanes {
            let mut e = Vec::new();
            if ins.mask >> l & 1 == 1 {
                if failing >> l & 1 == 1 {
                    err = true;
                } else if c.kind != DS_STORE {
                    let m = match c.half {
                        DS_LO16 => 0xffff,
                        DS_HI16 => 0xffff_0000,
                        _ => u32::MAX,
                    };
                    for (k, &v) in vdst[l].iter().enumerate().take(c.ndst as usize) {
                        e.push((k, m, v));
                    }
                }
            }
            expect.push(e);
        }
        let bus = if timed.is_some() { 0 } else { bus };
        out.push(Pass {
            line: line(shape, ins, p, gap, bus, ready),
            mask: mask as u32,
            beats: beats(c),
            err,
            expect,
            what: what.clone(),
        });
    }
    out
}

/// The memory's regions as the testbench's dwords.
fn dwords(memory: &Memory) -> Vec<u32> {
    let mut out = vec![0u32; MEMW];
    for (base, bytes) in REGIONS {
        let b = memory.read(base, bytes).unwrap();
        for (i, d) in b.chunks(4).enumerate() {
            out[index(base).unwrap() + i] = u32::from_le_bytes([d[0], d[1], d[2], d[3]]);
        }
    }
    out
}

/// The whole test: a timed aligned `global_load_b32` of all lanes, then `n` random
/// instructions.
pub fn build(shape: Shape, n: usize, seed: u64) -> Built {
    let rows = rows();
    let mut rng = Rng(seed);
    let mut programs = HashMap::new();
    let mut memory = Memory::new();
    for (i, (base, bytes)) in REGIONS.into_iter().enumerate() {
        let init: Vec<u8> = (0..bytes / 4)
            .flat_map(|_| value(&mut rng).to_le_bytes())
            .collect();
        memory
            .map(base, &format!("region {i}"), init, true)
            .unwrap();
    }
    let mem_in = dwords(&memory);
    let mut out = Vec::new();
    let mut count = HashMap::new();
    let mut faulting = 0;
    {
        let (op, c) = *rows
            .iter()
            .find(|(o, _)| o.name == "global_load_b32")
            .unwrap();
        let mut ins = random_instr(&rows, &memory, &mut rng);
        (ins.op, ins.c, ins.mask, ins.offset) = (op, c, u32::MAX, 0);
        for (l, a) in ins.addr.iter_mut().enumerate() {
            *a = REGIONS[0].0 + 4 * l as u64;
        }
        let vdst = run_model(&ins, ins.mask, &mut memory, &mut programs).unwrap();
        out.extend(passes(shape, &ins, &vdst, 0, &mut rng, Some(30)));
    }
    for _ in 0..n {
        let ins = random_instr(&rows, &memory, &mut rng);
        *count.entry(ins.op.name.as_str()).or_insert(0) += 1;
        let (vdst, failing) = match run_model(&ins, ins.mask, &mut memory, &mut programs) {
            Some(v) => (v, 0),
            None => {
                faulting += 1;
                run_unit(&ins, &mut memory, &mut programs)
            }
        };
        out.extend(passes(shape, &ins, &vdst, failing, &mut rng, None));
    }
    Built {
        passes: out,
        count,
        faulting,
        timed: 0,
        mem_in,
        mem_out: dwords(&memory),
    }
}
