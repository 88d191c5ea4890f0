//! The golden model's answers for the LDS unit: random DS instructions (every row the unit
//! takes), each run on `cu32_sim::Machine` over 32 lanes (ADDR in v0, DATA0 in v2..v5,
//! DATA1 in v6..v7, VDST from v10, random before) against the model's LDS, and cut into
//! the block's passes (`tb_lds_unit.v`'s stimulus lines) with the results to expect; and
//! clears of LDS rows (`clr`), read back as 0.

use crate::test_common::Rng;
use crate::vector::{ds_table, DsCtrl, DS_ATOMIC, DS_HI16, DS_LO16, DS_STORE};
use cu32_isa::{ArgKind, OpInfo};
use cu32_sim::memory::Memory;
use cu32_sim::Machine;
use std::collections::HashMap;

const WAVE: usize = 32;

/// The block's configuration.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub lanes: usize,
    pub banks: u32,
    pub bytes: u32,
}

/// One DS instruction and its 32 lanes of operands.
struct Instr {
    op: &'static OpInfo,
    c: DsCtrl,
    mask: u32,
    addr: [u32; WAVE],
    /// Given to the block as addtid passes are (`in_tid`: lane l's address `in_base` +
    /// 4 l, ADDR ignored) with `addr` = this + 4 l.
    tid: Option<u32>,
    /// `{OFFSET1, OFFSET0}`.
    off: (u8, u8),
    data0: [[u32; 4]; WAVE],
    data1: [[u32; 2]; WAVE],
    vdst: [[u32; 4]; WAVE],
}

/// One pass the block is given, and what it must give back: its beats, and per lane of
/// the pass that is in EXEC, `(dword, mask of bits compared, value)` (the model's VDST
/// dwords; dword k comes in beat k). Or a clear (`clear`: no beats).
pub struct Pass {
    pub line: String,
    pub mask: u32,
    pub beats: usize,
    pub expect: Vec<Vec<(usize, u32, u32)>>,
    /// Which instruction (for messages).
    pub what: String,
    /// A clear, `(first row, rows)`, rather than a pass.
    pub clear: Option<(u32, u32)>,
}

/// The cycles from the one that takes the last beat before a clear to the clear's first
/// (`cu32_lds_unit.v`'s header: 3 or more; the test takes the fewest).
pub const CLEAR_AFTER: u32 = 3;

/// The beats of a pass of `c` (`cu32_lds_unit.v` `beats_m1`): a store 1; else the
/// element's dwords (1 up to 4 bytes), twice for the 2addr forms.
pub fn beats(c: &DsCtrl) -> usize {
    if c.kind == DS_STORE {
        1
    } else {
        (c.size as usize / 4).max(1) * if c.two { 2 } else { 1 }
    }
}

/// The rows the block takes: loads, stores and integer atomics, not addtid nor
/// append/consume.
pub fn rows() -> Vec<(&'static OpInfo, DsCtrl)> {
    ds_table()
        .into_iter()
        .filter(|(_, c)| matches!(c.kind, 1 | 2 | 4) && !c.tid && !c.app)
        .collect()
}

fn reg(base: u32, dwords: u32) -> String {
    if dwords <= 1 {
        format!("v{base}")
    } else {
        format!("v[{base}:{}]", base + dwords - 1)
    }
}

impl Instr {
    fn text(&self) -> String {
        let mut ops = Vec::new();
        for a in &self.op.args {
            let n = u32::from(a.width()) / 32;
            ops.push(match a.kind {
                ArgKind::Vdst => reg(10, n),
                ArgKind::Addr => "v0".to_string(),
                ArgKind::Data0 => reg(2, n),
                ArgKind::Data1 => reg(6, n),
                k => panic!("{}: operand {k:?}", self.op.name),
            });
        }
        let off = if self.c.two {
            format!(" offset0:{} offset1:{}", self.off.0, self.off.1)
        } else {
            format!(
                " offset:{}",
                u32::from(self.off.1) << 8 | u32::from(self.off.0)
            )
        };
        format!("{} {}{off}", self.op.name, ops.join(", "))
    }

    /// The element offsets in bytes the block adds (`in_off0`, `in_off1`).
    fn offsets(&self) -> (u32, u32) {
        if self.c.two {
            let step = self.c.size as u32 * if self.c.stride64 { 64 } else { 1 };
            (u32::from(self.off.0) * step, u32::from(self.off.1) * step)
        } else {
            (u32::from(self.off.1) << 8 | u32::from(self.off.0), 0)
        }
    }

    /// Lane `l`'s element addresses: element 0's, element 1's (0 without a second).
    fn addrs(&self, l: usize) -> (u32, u32) {
        let (o0, o1) = self.offsets();
        let second = if self.c.two {
            self.addr[l].wrapping_add(o1)
        } else {
            0
        };
        (self.addr[l].wrapping_add(o0), second)
    }
}

/// The stimulus line of one pass (see `tb_lds_unit.v`): `ready` its out_ready pattern.
fn line(shape: Shape, ins: &Instr, pass: usize, sweep: u32, gap: u32, ready: u32) -> String {
    let c = &ins.c;
    let lanes = shape.lanes;
    let mut head: u32 = gap << 24
        | (c.kind as u32) << 21
        | (c.size as u32) << 16
        | u32::from(c.sext) << 15
        | (c.half as u32) << 13
        | u32::from(c.data_hi) << 12
        | u32::from(c.two) << 11
        | (c.aop as u32) << 7
        | sweep << 5
        | ready;
    head &= !0x1c;
    // Bits, most significant first.
    let mut bits: Vec<bool> = Vec::new();
    let mut push = |v: u64, w: usize| {
        for i in (0..w).rev() {
            bits.push(v >> i & 1 == 1);
        }
    };
    push(u64::from(head), 32);
    let ls: Vec<usize> = (pass * lanes..(pass + 1) * lanes).rev().collect();
    let m = (ins.mask >> (pass * lanes)) as u64 & ((1u64 << lanes) - 1);
    push(m, lanes);
    let (o0, o1) = ins.offsets();
    push(u64::from(o0), 17);
    push(u64::from(o1), 17);
    push(u64::from(ins.tid.is_some()), 1);
    let base = ins.tid.map_or(0, |m0| m0 + 4 * (pass * lanes) as u32);
    push(u64::from(base), 17);
    // (With tid the lanes' ADDR is not read: something else is given.)
    for &l in &ls {
        let a = ins.addr[l] ^ if ins.tid.is_some() { 0x5a5a_a5a5 } else { 0 };
        push(u64::from(a), 32);
    }
    for &l in &ls {
        for k in (0..4).rev() {
            push(u64::from(ins.data0[l][k]), 32);
        }
    }
    for &l in &ls {
        for k in (0..2).rev() {
            push(u64::from(ins.data1[l][k]), 32);
        }
    }
    hex(bits)
}

/// The stimulus line of a clear of `n` rows from row `first`, `gap` cycles after the last
/// beat before it (`tb_lds_unit.v`: head bit 2 set, off0 the first row, off1 the rows).
fn clear_line(shape: Shape, first: u32, n: u32, gap: u32) -> String {
    let mut bits: Vec<bool> = Vec::new();
    let mut push = |v: u64, w: usize| {
        for i in (0..w).rev() {
            bits.push(v >> i & 1 == 1);
        }
    };
    push(u64::from(gap << 24 | 1 << 2), 32);
    push(0, shape.lanes);
    push(u64::from(first), 17);
    push(u64::from(n), 17);
    for _ in 0..(18 + 224 * shape.lanes) / 32 {
        push(0, 32);
    }
    push(0, (18 + 224 * shape.lanes) % 32);
    hex(bits)
}

/// Bits, most significant first, in hex (zeros added in front to whole digits).
fn hex(mut bits: Vec<bool>) -> String {
    while !bits.len().is_multiple_of(4) {
        bits.insert(0, false);
    }
    let mut s = String::with_capacity(bits.len() / 4 + 1);
    for nib in bits.chunks(4) {
        let v = nib.iter().fold(0u32, |a, &b| a << 1 | u32::from(b));
        s.push(char::from_digit(v, 16).unwrap());
    }
    s
}

/// Random LDS contents: random dwords, a quarter small (0..8) or at the edges of the
/// signed and unsigned ranges.
fn contents(bytes: u32, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes as usize);
    for _ in 0..bytes / 4 {
        let v = match rng.below(8) {
            0 => rng.below(8),
            1 => [0, u32::MAX, 0x8000_0000, 0x7fff_ffff][rng.below(4) as usize],
            _ => rng.next() as u32,
        };
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// A lane address of `size` bytes by one of the address patterns, for lane `l`.
struct Pattern {
    kind: u32,
    base: u32,
    unaligned: bool,
}

impl Pattern {
    fn new(shape: Shape, size: u32, rng: &mut Rng) -> Pattern {
        let kind = rng.below(8);
        let span = shape.bytes - size.min(shape.bytes);
        let base = match kind {
            4 => shape.bytes.saturating_sub(size + 8) + rng.below(16),
            _ => rng.below(u64::from(span) + 1),
        };
        Pattern {
            kind,
            base,
            unaligned: rng.below(3) == 0,
        }
    }

    fn addr(&self, shape: Shape, size: u32, l: usize, rng: &mut Rng) -> u32 {
        let align = |a: u32| {
            if self.unaligned {
                a
            } else {
                a & !(size.next_power_of_two().min(8) - 1)
            }
        };
        let l = l as u32;
        let span = shape.bytes - size.min(shape.bytes);
        let a = match self.kind {
            // Anywhere in range.
            0 => rng.below(u64::from(span) + 1),
            // Lanes side by side.
            1 => self.base.wrapping_add(l * size),
            // All on one dword (or its neighbour bytes).
            2 => (self.base & !3) + if self.unaligned { rng.below(4) } else { 0 },
            // All on one bank.
            3 => self.base.wrapping_add(l * 4 * shape.banks) % shape.bytes,
            // Around the end: straddling, past it, far out (wrapping).
            4 => match rng.below(4) {
                0 => u32::MAX - rng.below(20),
                1 => shape.bytes + rng.below(64),
                _ => self.base + rng.below(16),
            },
            // A small window: lanes overlap.
            5 => (self.base & !63) + rng.below(48),
            // A few dwords.
            6 => (self.base & !15) + 4 * rng.below(4),
            _ => rng.next() as u32,
        };
        align(a)
    }
}

/// The LDS dword (little-endian, 0 out of range) at byte `a`, for data near the memory's.
fn peek(lds: &[u8], a: u32) -> u32 {
    let mut b = [0u8; 4];
    for (i, x) in b.iter_mut().enumerate() {
        *x = lds
            .get(a.wrapping_add(i as u32) as usize)
            .copied()
            .unwrap_or(0);
    }
    u32::from_le_bytes(b)
}

fn random_instr(
    shape: Shape,
    rows: &[(&'static OpInfo, DsCtrl)],
    lds: &[u8],
    rng: &mut Rng,
) -> Instr {
    let (op, c) = rows[rng.below(rows.len() as u64) as usize];
    let size = c.size as u32;
    let mask = match rng.below(8) {
        0..=2 => u32::MAX,
        3 => 1 << rng.below(32),
        4 => 0,
        5 => rng.next() as u32 & rng.next() as u32,
        _ => rng.next() as u32,
    };
    let pat = Pattern::new(shape, size, rng);
    let mut off = (0u8, 0u8);
    if c.two {
        let pick = |r: &mut Rng| match r.below(4) {
            0 => r.below(256) as u8,
            _ => r.below(6) as u8,
        };
        off = (pick(rng), pick(rng));
        if rng.below(6) == 0 {
            off.1 = off.0;
        }
    } else if rng.below(2) == 0 {
        off = (
            rng.next() as u8,
            if rng.below(3) == 0 {
                rng.next() as u8
            } else {
                0
            },
        );
    }
    let o16 = u32::from(off.1) << 8 | u32::from(off.0);
    // One in eight single-address rows as an addtid pass, from an M0 anywhere in the LDS
    // or a little past it.
    let tid = (!c.two && rng.below(8) == 0).then(|| rng.below(u64::from(shape.bytes) + 64));
    let mut ins = Instr {
        op,
        c,
        mask,
        addr: [0; WAVE],
        tid,
        off,
        data0: [[0; 4]; WAVE],
        data1: [[0; 2]; WAVE],
        vdst: [[0; 4]; WAVE],
    };
    for l in 0..WAVE {
        let t = pat.addr(shape, size, l, rng);
        ins.addr[l] = match tid {
            Some(m0) => m0 + 4 * l as u32,
            None if c.two => t,
            None => t.wrapping_sub(o16),
        };
        for k in 0..4 {
            ins.data0[l][k] = rng.next() as u32;
            ins.vdst[l][k] = rng.next() as u32;
        }
        for k in 0..2 {
            ins.data1[l][k] = rng.next() as u32;
        }
        if c.kind == DS_ATOMIC {
            // Data near the memory's, compare values equal to it.
            let (a, _) = ins.addrs(l);
            let m = [peek(lds, a), peek(lds, a.wrapping_add(4))];
            match rng.below(4) {
                0 => {
                    ins.data0[l][0] = m[0].wrapping_add(rng.below(3)).wrapping_sub(1);
                    ins.data0[l][1] = m[1];
                }
                1 => ins.data0[l][0] = rng.below(8),
                _ => {}
            }
            if rng.below(2) == 0 {
                ins.data1[l] = m;
            }
        }
    }
    ins
}

/// A sweep of `ds_store_b128` (`load`: `ds_load_b128`) lines over bytes `lo..hi` (16-byte
/// aligned; the whole LDS: `0..BYTES`), 512 bytes an instruction, lanes past `hi` off;
/// stores write `lds`'s bytes.
fn sweep(
    rows: &[(&'static OpInfo, DsCtrl)],
    lo: u32,
    hi: u32,
    load: bool,
    lds: &[u8],
) -> Vec<Instr> {
    let name = if load {
        "ds_load_b128"
    } else {
        "ds_store_b128"
    };
    let (op, c) = *rows.iter().find(|(o, _)| o.name == name).unwrap();
    (lo..hi)
        .step_by(512)
        .map(|at| {
            let lanes = (hi - at).div_ceil(16).min(WAVE as u32);
            let mut ins = Instr {
                op,
                c,
                mask: u32::MAX >> (32 - lanes),
                addr: [0; WAVE],
                tid: None,
                off: (0, 0),
                data0: [[0; 4]; WAVE],
                data1: [[0; 2]; WAVE],
                vdst: [[0; 4]; WAVE],
            };
            for l in 0..WAVE {
                let a = at + 16 * l as u32;
                ins.addr[l] = a;
                for k in 0..4 {
                    ins.data0[l][k] = peek(lds, a + 4 * k as u32);
                }
            }
            ins
        })
        .collect()
}

/// The model's VDST of every lane after `ins`, with the LDS updated.
fn run_model(
    ins: &Instr,
    lds: &mut [u8],
    programs: &mut HashMap<String, Vec<u32>>,
) -> [[u32; 4]; WAVE] {
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
        w.sgpr[usize::from(cu32_isa::operand::EXEC_LO)] = ins.mask;
        for l in 0..WAVE {
            w.vgpr[0][l] = ins.addr[l];
            for k in 0..4 {
                w.vgpr[2 + k][l] = ins.data0[l][k];
                w.vgpr[10 + k][l] = ins.vdst[l][k];
            }
            for k in 0..2 {
                w.vgpr[6 + k][l] = ins.data1[l][k];
            }
        }
    }
    m.step_in(&mut Memory::new(), lds)
        .unwrap_or_else(|e| panic!("{text}: model: {e}"));
    let w = m.wave();
    let mut out = [[0; 4]; WAVE];
    for (l, o) in out.iter_mut().enumerate() {
        for (k, d) in o.iter_mut().enumerate() {
            *d = w.vgpr[10 + k][l];
        }
    }
    out
}

/// The passes of `ins` (run on the model) with their expected results.
/// `timed`: the first pass after that many idle cycles, the others back to back.
/// `fixed`: out_ready always high (else a random pattern per pass).
fn passes(
    shape: Shape,
    ins: &Instr,
    vdst: &[[u32; 4]; WAVE],
    rng: &mut Rng,
    timed: Option<u32>,
    fixed: bool,
) -> Vec<Pass> {
    let np = WAVE / shape.lanes;
    let c = &ins.c;
    let what = ins.text();
    // A 2addr store: every lane's element 0 before any element 1 (one pass: maybe both).
    let sweeps: Vec<u32> = if c.kind == DS_STORE && c.two {
        if np == 1 && rng.below(2) == 0 {
            vec![3]
        } else {
            vec![1, 2]
        }
    } else {
        vec![0]
    };
    let mut out = Vec::new();
    for &sw in &sweeps {
        for p in 0..np {
            let gap = match (timed, rng.below(10)) {
                (Some(g), _) if p == 0 => g,
                (Some(_), _) => 0,
                (None, 0) => 1 + rng.below(4),
                (None, 1) => 20,
                _ => 0,
            };
            // out_ready: always (timed and fill passes), or 3 in 4, 1 in 4, 1 in 16.
            let ready = match (fixed, rng.below(16)) {
                (true, _) | (false, 0..=7) => 0,
                (false, 8..=11) => 1,
                (false, 12..=14) => 2,
                _ => 3,
            };
            let mask = (ins.mask >> (p * shape.lanes)) as u64 & ((1u64 << shape.lanes) - 1);
            let mut expect = Vec::new();
            for i in 0..shape.lanes {
                let l = p * shape.lanes + i;
                let mut e = Vec::new();
                if ins.mask >> l & 1 == 1 {
                    let m = match c.half {
                        DS_LO16 => 0xffff,
                        DS_HI16 => 0xffff_0000,
                        _ => u32::MAX,
                    };
                    for (k, &v) in vdst[l].iter().enumerate().take(c.ndst as usize) {
                        e.push((k, m, v));
                    }
                }
                expect.push(e);
            }
            out.push(Pass {
                line: line(shape, ins, p, sw, gap, ready),
                mask: mask as u32,
                beats: beats(c),
                expect,
                what: what.clone(),
                clear: None,
            });
        }
    }
    out
}

/// A test's lines: its passes and clears, how many random instructions of each row ran,
/// the first pass of a timed `ds_load_b32` (aligned, all lanes, after an idle pipeline,
/// its passes back to back), how many other instructions ran (fill, read-backs, timing,
/// the stores before clears), and the clears `(first row, rows)`.
pub struct Test {
    pub passes: Vec<Pass>,
    pub count: HashMap<&'static str, usize>,
    pub timed: usize,
    pub fixed: usize,
    pub clears: Vec<(u32, u32)>,
}

/// The whole test: the LDS filled by stores, `n` random instructions, the LDS read back
/// whole; after half of the random instructions a clear of rows in the middle of the LDS
/// and the LDS read back whole, and before the last read-back a clear of the first rows
/// (each clear as `Builder::clear` makes it).
pub fn build(shape: Shape, n: usize, seed: u64) -> Test {
    let mut rng = Rng(seed);
    let init = contents(shape.bytes, &mut rng);
    let mut b = Builder {
        shape,
        rows: rows(),
        rng,
        programs: HashMap::new(),
        lds: vec![0u8; shape.bytes as usize],
        t: Test {
            passes: Vec::new(),
            count: HashMap::new(),
            timed: 0,
            fixed: 0,
            clears: Vec::new(),
        },
    };
    for ins in sweep(&b.rows, 0, shape.bytes, false, &init) {
        b.run(&ins, None, true);
    }
    assert_eq!(b.lds, init);
    b.t.timed = b.t.passes.len();
    {
        let (op, c) = *b
            .rows
            .iter()
            .find(|(o, _)| o.name == "ds_load_b32")
            .unwrap();
        let mut ins = sweep(&b.rows, 0, shape.bytes, true, &b.lds).remove(0);
        (ins.op, ins.c) = (op, c);
        b.run(&ins, Some(30), true);
    }
    // Rows of 4 x BANKS bytes: the first clear's in 1/4 .. 3/4 of the LDS, the second's
    // in the first quarter.
    let quarter = shape.bytes / (4 * shape.banks) / 4;
    for i in 0..n {
        if i == n / 2 {
            let first = quarter + b.rng.below(u64::from(quarter));
            let rows_n = 1 + b.rng.below(u64::from(quarter));
            b.clear(first, rows_n);
            b.read_back();
        }
        let ins = random_instr(shape, &b.rows, &b.lds, &mut b.rng);
        *b.t.count.entry(ins.op.name.as_str()).or_insert(0) += 1;
        b.run(&ins, None, false);
    }
    let rows_n = 1 + b.rng.below(u64::from(quarter));
    b.clear(0, rows_n);
    b.read_back();
    // (`run` counts every instruction.)
    b.t.fixed -= n;
    b.t
}

/// The model's state while a test is built, and the test so far.
struct Builder {
    shape: Shape,
    rows: Vec<(&'static OpInfo, DsCtrl)>,
    rng: Rng,
    programs: HashMap<String, Vec<u32>>,
    lds: Vec<u8>,
    t: Test,
}

impl Builder {
    /// `ins` run on the model and its passes added (`timed`, `fixed`: as [`passes`] takes
    /// them); counted in `fixed`.
    fn run(&mut self, ins: &Instr, timed: Option<u32>, fixed: bool) {
        let vdst = run_model(ins, &mut self.lds, &mut self.programs);
        let p = passes(self.shape, ins, &vdst, &mut self.rng, timed, fixed);
        self.t.passes.extend(p);
        self.t.fixed += 1;
    }

    /// The whole LDS read back, its first pass in the cycle after the line before it.
    fn read_back(&mut self) {
        for (i, ins) in sweep(&self.rows, 0, self.shape.bytes, true, &self.lds)
            .iter()
            .enumerate()
        {
            self.run(ins, (i == 0).then_some(0), false);
        }
    }

    /// Stores of bytes `lo..hi` of `want` (bytes of the model's LDS outside them are kept).
    fn store(&mut self, lo: u32, hi: u32, want: &[u8], fixed: bool) {
        for ins in sweep(&self.rows, lo, hi, false, want) {
            self.run(&ins, None, fixed);
        }
        assert_eq!(
            self.lds[lo as usize..hi as usize],
            want[lo as usize..hi as usize]
        );
    }

    /// A clear of `n` rows from row `first`, made to fail if any byte of them is not
    /// written 0 or any other byte is: the rows are first stored with every byte nonzero
    /// (a byte the clear missed reads back nonzero); then 512 bytes next to them are
    /// stored with new bytes (the last write still on its way to the banks when the
    /// clear comes, `CLEAR_AFTER` cycles after its beat: if the two met in the banks'
    /// write registers, one would be lost and read back wrong); then the clear, and the
    /// model's rows zeroed.
    fn clear(&mut self, first: u32, n: u32) {
        let row = 4 * self.shape.banks;
        let (lo, hi) = (first * row, (first + n) * row);
        assert!(hi <= self.shape.bytes, "rows {first}.. +{n} past the LDS");
        let mut want = self.lds.clone();
        for x in &mut want[lo as usize..hi as usize] {
            if *x == 0 {
                *x = 1 + self.rng.below(255) as u8;
            }
        }
        self.store(lo, hi, &want, false);
        let near = if hi + 512 <= self.shape.bytes {
            Some((hi, hi + 512))
        } else {
            lo.checked_sub(512).map(|a| (a, lo))
        };
        if let Some((a, b)) = near {
            let mut want = self.lds.clone();
            for x in &mut want[a as usize..b as usize] {
                *x = 1 + self.rng.below(255) as u8;
            }
            self.store(a, b, &want, true);
        }
        self.t.passes.push(Pass {
            line: clear_line(self.shape, first, n, CLEAR_AFTER),
            mask: 0,
            beats: 0,
            expect: Vec::new(),
            what: format!("clear of rows {first}..{}", first + n - 1),
            clear: Some((first, n)),
        });
        self.lds[lo as usize..hi as usize].fill(0);
        self.t.clears.push((first, n));
    }
}
