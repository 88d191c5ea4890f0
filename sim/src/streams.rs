//! Constrained-random instruction streams: seeded programs of integer SALU and VALU
//! (VOPD pairs included; and, when asked, DS, SMEM and GLOBAL) instructions drawn from the
//! ISA tables, with random
//! EXEC masks and forward branches,
//! for co-simulating the RTL against the golden model beyond hand-written programs.
//!
//! A stream is LLVM-syntax assembly: a prologue that gives s0..s15, VCC and v0..v15
//! random values (v0 the lane id; no VGPRs when the filter accepts no VALU row: a scalar
//! stream), then `length` instructions, then `s_endpgm`. Every
//! instruction is an opcode of the tables that the caller's filter accepts and the
//! assembler takes, with operands chosen by the table row: scalar registers s0..s15 (pairs for 64-bit operands) or
//! `vcc_lo`, VGPRs v0..v15, inline constants, and at most one SGPR or literal per VALU
//! instruction (the constant-bus limit; an SGPR lane mask such as a carry-in counts as
//! that one); a VOP3 opcode with 16-bit operands that takes `op_sel` now and then selects
//! register halves with it (random bits); now and then a VOP1, VOP2 or VOPC instruction
//! takes its DPP form (DPP16 controls with row and bank masks, bound control and fetch
//! inactive, or DPP8 selects). Clamp, e32 true16 halves (`v<n>.h`) and packed
//! (VOP3P) instructions are not drawn: no RTL configuration executes them yet. Between them come EXEC changes (`s_mov_b32 exec_lo, <random>`,
//! `s_and_saveexec_b32`, `v_cmpx_*` from the tables) and forward branches (`s_branch`,
//! `s_cbranch_scc0/1`, `s_cbranch_vccz/vccnz`, `s_cbranch_execz/execnz`) over the next one
//! to four instructions, so every stream ends. The same seed always gives the same text.
//!
//! With an LDS (`lds_bytes` > 0) a stream also holds DS instructions (the rows the filter
//! accepts): each is preceded by `v_and_b32 v16, MASK, vN`, which gives its address
//! register v16 a random VGPR's value masked into the LDS (the whole LDS, one 128-byte
//! row of dwords, one bank of 32, one dword, ...: aligned and unaligned, many lanes on one
//! bank or word), with small or random offsets (some accesses then fall outside the LDS)
//! and data and destination VGPRs from v0..v15. The DS instructions are EXEC-masked like
//! the rest.
//!
//! With a memory region (`memory`: the byte address of 4 KiB both sides map) a stream also
//! loads from and stores to it: `s_load_b32` .. `s_load_b512` into s0..s15 from base
//! s[20:21] with an immediate offset, and the GLOBAL loads, stores and atomics the filter
//! accepts, each preceded by `v_and_b32 v17, MASK, vN` (its 32-bit offset from base
//! s[20:21], or, now and then, the 64-bit address v[18:19] = base + v17 with `off`):
//! aligned and unaligned, spread over the region or many lanes on one dword, with small
//! immediate offsets, always inside the region. The prologue sets s20, s21 and (with
//! GLOBAL rows) v19. Now and then two to four memory instructions come back to back, so
//! that several are outstanding at once.
//!
//! Memory results are waited for as a compiler does (the rule of
//! [`crate::model::waits`], reference 5.6): the generator follows the memory instructions
//! outstanding on every path (at a label, those of the fall-through and of the branch,
//! each with the fewer later instructions) and puts an `s_waitcnt` right before the
//! first instruction that reads or writes a register one of them is still to write, with
//! the largest count that makes sure it has (now and then 0, which is safe too), and now
//! and then an `s_waitcnt_vscnt null, 0x0` after a store. Every stream passes the model's
//! wait checker.

use crate::model::waits::{self, waits_text, Counter, Waits};
use cu32_isa::table::Modifier;
use cu32_isa::{tables, Accept, Arg, ArgKind, Format, OpInfo};
use std::fmt::Write as _;

/// What a stream may contain.
pub struct StreamOptions<'a> {
    /// Instructions after the prologue (branches and EXEC changes included).
    pub length: usize,
    /// Which table rows may appear (e.g. the opcodes an RTL configuration implements).
    pub allowed: &'a dyn Fn(&OpInfo) -> bool,
    /// The LDS size the program runs with; 0: no DS instructions.
    pub lds_bytes: u32,
    /// The byte address of a 4 KiB region the program may load from and store to (SMEM
    /// and GLOBAL); `None`: no memory instructions.
    pub memory: Option<u32>,
}

/// The bytes of the memory region a stream's SMEM and GLOBAL instructions stay inside.
pub const MEMORY_BYTES: u32 = 4096;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// A 32-bit value biased toward edges (0, 1, all ones, sign bits, small numbers).
    fn value(&mut self) -> u32 {
        match self.below(8) {
            0 => [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff, 0xffff, 0x1_0000][self.below(7)],
            1 => self.below(64) as u32,
            2 => (self.below(64) as u32).wrapping_neg(),
            _ => self.next() as u32,
        }
    }
}

/// Rows a stream draws from.
struct Pools {
    salu: Vec<&'static OpInfo>,
    valu: Vec<&'static OpInfo>,
    cmpx: Vec<&'static OpInfo>,
    ds: Vec<&'static OpInfo>,
    smem: Vec<&'static OpInfo>,
    global: Vec<&'static OpInfo>,
    vopd_x: Vec<&'static OpInfo>,
    vopd_y: Vec<&'static OpInfo>,
}

/// The operand kinds this generator can fill in.
fn fillable(op: &OpInfo) -> bool {
    if op.format == Format::Ds {
        return !op.args.is_empty()
            && op.args.iter().all(|a| {
                matches!(
                    a.kind,
                    ArgKind::Vdst | ArgKind::Addr | ArgKind::Data0 | ArgKind::Data1
                )
            });
    }
    op.args.iter().all(|a| {
        matches!(
            a.kind,
            ArgKind::Sdst
                | ArgKind::Ssrc0
                | ArgKind::Ssrc1
                | ArgKind::Simm16
                | ArgKind::Vdst
                | ArgKind::Vcc
                | ArgKind::Src0
                | ArgKind::Src1
                | ArgKind::Src2
                | ArgKind::Vsrc1
        ) && matches!(a.bits, 16 | 32 | 64)
            && matches!(a.accept, Accept::Any | Accept::Vgpr | Accept::Sgpr)
    })
}

/// Scalar opcodes with effects a stream must not have: control flow (the generator places
/// its own branches), PC, hardware registers, messages, M0-relative moves, and writes of
/// EXEC through the `saveexec`/`wrexec` families (EXEC changes are placed on purpose).
fn plain_salu(name: &str) -> bool {
    const EXCLUDED: [&str; 14] = [
        "branch",
        "pc",
        "call",
        "rfe",
        "reg",
        "msg",
        "movrel",
        "waitcnt",
        "version",
        "subvector",
        "ttrace",
        "exec",
        "barrier",
        "trap",
    ];
    !EXCLUDED.iter().any(|e| name.contains(e))
}

impl Pools {
    fn new(allowed: &dyn Fn(&OpInfo) -> bool, lds: bool, memory: bool) -> Pools {
        let mut pools = Pools {
            salu: Vec::new(),
            valu: Vec::new(),
            cmpx: Vec::new(),
            ds: Vec::new(),
            smem: Vec::new(),
            global: Vec::new(),
            vopd_x: Vec::new(),
            vopd_y: Vec::new(),
        };
        for op in tables().ops() {
            if !allowed(op) {
                continue;
            }
            let has = |k| op.args.iter().any(|a| a.kind == k);
            match op.format {
                Format::Smem if memory && op.name.starts_with("s_load_") => pools.smem.push(op),
                // Loads, stores and atomics with a VGPR address (not the LDS-loading
                // or addtid forms), GLOBAL and FLAT.
                Format::Global | Format::Flat
                    if memory
                        && has(ArgKind::Vaddr)
                        && (has(ArgKind::Vdst) || has(ArgKind::Vdata)) =>
                {
                    pools.global.push(op)
                }
                _ => {}
            }
            if !fillable(op) {
                continue;
            }
            match op.format {
                Format::Sop1 | Format::Sop2 | Format::Sopc | Format::Sopk
                    if plain_salu(&op.name) =>
                {
                    pools.salu.push(op)
                }
                Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3 | Format::Vop3sd => {
                    if op.name.starts_with("v_cmpx_") {
                        pools.cmpx.push(op);
                    } else if !matches!(op.name.as_str(), "v_nop" | "v_pipeflush") {
                        pools.valu.push(op);
                    }
                }
                Format::Ds if lds => pools.ds.push(op),
                Format::VopdX => pools.vopd_x.push(op),
                Format::VopdY => pools.vopd_y.push(op),
                _ => {}
            }
        }
        pools
    }
}

/// The mnemonic as written for this row: `_e64` for the VOP3 row of an opcode that also
/// has a VOP1/VOP2/VOPC row, `_e32` for those rows, else the plain name.
fn mnemonic(op: &OpInfo) -> String {
    let promoted = tables().by_name(&op.name).len() > 1;
    match op.format {
        Format::Vop3 | Format::Vop3sd if promoted => format!("{}_e64", op.name),
        Format::Vop1 | Format::Vop2 | Format::Vopc => format!("{}_e32", op.name),
        _ => op.name.clone(),
    }
}

/// A scalar register operand: `s<n>` or `s[n:n+1]` (n from s0..s15), or VCC.
fn sreg(rng: &mut Rng, bits: u8) -> String {
    if rng.chance(15) {
        return if bits == 64 { "vcc" } else { "vcc_lo" }.to_string();
    }
    if bits == 64 {
        let n = 2 * rng.below(8);
        format!("s[{n}:{}]", n + 1)
    } else {
        format!("s{}", rng.below(16))
    }
}

/// A VGPR operand `v<n>` or `v[n:n+k]` (v0..v15; pairs start even).
fn vreg(rng: &mut Rng, bits: u8) -> String {
    match bits {
        64 => {
            let n = 2 * rng.below(8);
            format!("v[{n}:{}]", n + 1)
        }
        96 | 128 => {
            let k = usize::from(bits / 32);
            let n = rng.below(17 - k);
            format!("v[{n}:{}]", n + k - 1)
        }
        _ => format!("v{}", rng.below(16)),
    }
}

/// A DS instruction of `op`, preceded by the line that sets its address register v16
/// (see the module documentation).
fn ds_instruction(rng: &mut Rng, op: &OpInfo, lds_bytes: u32) -> String {
    let top = lds_bytes.max(4) - 1;
    let mask = [
        top & !3,
        top,
        top & !0x7f,
        0x7c,
        0x1fc,
        0xf,
        0x3,
        top & !0x1ff,
    ][rng.below(8)];
    let setup = format!("v_and_b32 v16, 0x{mask:x}, v{}", rng.below(16));
    let mut operands = Vec::new();
    for a in &op.args {
        operands.push(match a.kind {
            ArgKind::Addr => "v16".to_string(),
            _ => vreg(rng, a.bits),
        });
    }
    let two = op.name.contains("2addr");
    let offset = if two {
        let mut o = || match rng.below(10) {
            0 => rng.below(256),
            _ => rng.below(16),
        };
        format!(" offset0:{} offset1:{}", o(), o())
    } else if op.name == "ds_swizzle_b32" {
        format!(" offset:0x{:x}", rng.next() as u16)
    } else {
        match rng.below(10) {
            0..=4 => String::new(),
            5..=8 => format!(
                " offset:{}",
                4 * rng.below(64) + usize::from(rng.chance(20))
            ),
            _ => format!(" offset:{}", rng.next() as u16),
        }
    };
    format!("{setup}\n{} {}{offset}", op.name, operands.join(", "))
}

/// The address register v17 for a memory access of up to 16 bytes: a random VGPR's value
/// masked so that the access, with an immediate offset below 256, stays in the region
/// (spread over it, aligned or not, within one 128-byte row, or every lane on one dword).
fn memory_offset_setup(rng: &mut Rng) -> String {
    let top = MEMORY_BYTES - 256 - 16 - 1;
    let mask = [top & !3, top, 0x7c, 0x3, 0][rng.below(5)];
    format!("v_and_b32 v17, 0x{mask:x}, v{}", rng.below(16))
}

/// A scalar load of `op` into s0..s15 (aligned as its width requires) from base s[20:21]
/// at an immediate offset inside the region (the low two bits, which the load ignores,
/// now and then set).
fn smem_instruction(rng: &mut Rng, op: &OpInfo) -> String {
    let dwords = op
        .args
        .iter()
        .find(|a| a.kind == ArgKind::Sdata)
        .map_or(1, |a| usize::from(a.width() / 32));
    let align = dwords.min(4);
    let first = align * rng.below((16 - dwords) / align + 1);
    let dst = if dwords == 1 {
        format!("s{first}")
    } else {
        format!("s[{first}:{}]", first + dwords - 1)
    };
    let offset = 4 * rng.below(MEMORY_BYTES as usize / 4 - dwords)
        + rng.below(4) * usize::from(rng.chance(10));
    format!("{} {dst}, s[20:21], 0x{offset:x}", op.name)
}

/// A GLOBAL load, store or atomic of `op` at v17 (+ base s[20:21]) or at v[18:19] (FLAT:
/// always), with data and destination VGPRs from v0..v15 and an atomic's return (`glc`)
/// now and then.
fn global_instruction(rng: &mut Rng, op: &OpInfo) -> String {
    let mut lines = vec![memory_offset_setup(rng)];
    let pair = op.format == Format::Flat || rng.chance(25);
    if pair {
        lines.push("v_add_nc_u32 v18, s20, v17".to_string());
    }
    let atomic = op.name.contains("atomic");
    let rtn = atomic && rng.chance(50);
    let mut operands = Vec::new();
    for a in &op.args {
        match a.kind {
            ArgKind::Vdst if atomic && !rtn => {}
            ArgKind::Vdst | ArgKind::Vdata => operands.push(vreg(rng, a.bits)),
            ArgKind::Vaddr => operands.push(if pair { "v[18:19]" } else { "v17" }.to_string()),
            ArgKind::Saddr => operands.push(if pair { "off" } else { "s[20:21]" }.to_string()),
            _ => {}
        }
    }
    let offset = match rng.below(3) {
        0 => String::new(),
        _ => format!(" offset:{}", rng.below(256)),
    };
    let glc = if rtn { " glc" } else { "" };
    lines.push(format!("{} {}{offset}{glc}", op.name, operands.join(", ")));
    lines.join("\n")
}

/// An inline integer constant.
fn inline(rng: &mut Rng) -> String {
    (rng.below(81) as i32 - 16).to_string()
}

/// One instruction of `op` with random operands.
fn instruction(rng: &mut Rng, op: &OpInfo) -> String {
    let valu = op.format.is_valu();
    // The one SGPR or literal a VALU instruction may read; a lane-mask SGPR takes it.
    let mut scalar_used = op
        .args
        .iter()
        .any(|a| a.kind == ArgKind::Src2 && a.accept == Accept::Sgpr);
    let mut operands = Vec::new();
    for &Arg {
        kind, bits, accept, ..
    } in &op.args
    {
        let text = match kind {
            ArgKind::Sdst => sreg(rng, bits),
            ArgKind::Vdst => vreg(rng, bits),
            ArgKind::Vcc => "vcc_lo".to_string(),
            ArgKind::Simm16 => format!("0x{:x}", rng.next() as u16),
            ArgKind::Vsrc1 => vreg(rng, bits),
            ArgKind::Src2 if accept == Accept::Sgpr => sreg(rng, 32),
            _ if accept == Accept::Vgpr => vreg(rng, bits),
            _ if accept == Accept::Sgpr => sreg(rng, bits),
            ArgKind::Ssrc0 | ArgKind::Ssrc1 => match rng.below(4) {
                0 => inline(rng),
                1 => format!("0x{:x}", rng.value()),
                _ => sreg(rng, bits),
            },
            // Src0..Src2 of a VALU instruction.
            _ => match rng.below(6) {
                0 => inline(rng),
                1 if !scalar_used && valu => {
                    scalar_used = true;
                    if bits == 64 {
                        inline(rng)
                    } else {
                        format!("0x{:x}", rng.value())
                    }
                }
                2 if !scalar_used => {
                    scalar_used = true;
                    sreg(rng, bits)
                }
                _ => vreg(rng, bits),
            },
        };
        operands.push(text);
    }
    let mut text = format!("{} {}", mnemonic(op), operands.join(", "));
    // Now and then the register halves of a VOP3 opcode with 16-bit operands (OPSEL: one
    // bit per source, then the destination's).
    let halves = op.format == Format::Vop3
        && op.has_mod(Modifier::OpSel)
        && op.args.iter().any(|a| a.width() == 16);
    if halves && rng.chance(30) {
        let sources = op
            .args
            .iter()
            .filter(|a| matches!(a.kind, ArgKind::Src0 | ArgKind::Src1 | ArgKind::Src2))
            .count();
        let bits: Vec<String> = (0..=sources).map(|_| rng.below(2).to_string()).collect();
        let _ = write!(text, " op_sel:[{}]", bits.join(","));
    }
    text
}

/// One instruction of a random row of `pool` that the assembler accepts (it accepts what
/// llvm-mc accepts; a draw it refuses, e.g. an operand combination an encoding cannot
/// hold, is drawn again).
fn pick(rng: &mut Rng, pool: &[&'static OpInfo]) -> String {
    for _ in 0..64 {
        let op = pool[rng.below(pool.len())];
        for _ in 0..8 {
            let mut text = instruction(rng, op);
            if matches!(op.format, Format::Vop1 | Format::Vop2 | Format::Vopc)
                && crate::model::dpp_modelled(&op.name)
                && rng.chance(15)
            {
                text = dpp_form(rng, &text);
            }
            if cu32_isa::asm::assemble(&text, "stream.s").is_ok() {
                return text;
            }
        }
    }
    "s_nop 0".to_string()
}

/// The DPP form of a VOP1, VOP2 or VOPC instruction `text`: its S0 moved across lanes
/// by a random DPP16 control (with row and bank masks, now and then partial, bound
/// control and fetch inactive) or DPP8 selects. (The assembler refuses the forms DPP
/// cannot take, e.g. an S0 that is not a VGPR, and the caller draws again.)
fn dpp_form(rng: &mut Rng, text: &str) -> String {
    let (name, operands) = text.split_once(' ').unwrap_or((text, ""));
    let name = name.strip_suffix("_e32").unwrap_or(name);
    let fi = |rng: &mut Rng| if rng.chance(30) { " fi:1" } else { "" };
    let control = if rng.chance(25) {
        let sel: Vec<String> = (0..8).map(|_| rng.below(8).to_string()).collect();
        format!("dpp8:[{}]{}", sel.join(","), fi(rng))
    } else {
        let n = 1 + rng.below(15);
        let ctrl = match rng.below(8) {
            0 => {
                let sel: Vec<String> = (0..4).map(|_| rng.below(4).to_string()).collect();
                format!("quad_perm:[{}]", sel.join(","))
            }
            1 => format!("row_shl:{n}"),
            2 => format!("row_shr:{n}"),
            3 => format!("row_ror:{n}"),
            4 => "row_mirror".to_string(),
            5 => "row_half_mirror".to_string(),
            6 => format!("row_share:{}", rng.below(16)),
            _ => format!("row_xmask:{}", rng.below(16)),
        };
        let mask = |rng: &mut Rng| if rng.chance(70) { 15 } else { rng.below(16) };
        let (row, bank) = (mask(rng), mask(rng));
        let bc = if rng.chance(50) { " bound_ctrl:1" } else { "" };
        format!(
            "{ctrl} row_mask:0x{row:x} bank_mask:0x{bank:x}{bc}{}",
            fi(rng)
        )
    };
    format!("{name}_dpp {operands} {control}")
}

/// A VOPD pair `X :: Y` of random rows of the two pools with random operands (a draw the
/// assembler refuses, e.g. two sources in one VGPR bank, is drawn again).
fn pick_vopd(rng: &mut Rng, x: &[&'static OpInfo], y: &[&'static OpInfo]) -> String {
    for _ in 0..64 {
        let (ox, oy) = (x[rng.below(x.len())], y[rng.below(y.len())]);
        let text = format!("{} :: {}", instruction(rng, ox), instruction(rng, oy));
        if cu32_isa::asm::assemble(&text, "stream.s").is_ok() {
            return text;
        }
    }
    "s_nop 0".to_string()
}

/// Places `s_waitcnt` in a stream as a compiler does (see the module documentation): the
/// memory instructions outstanding on the way to the next instruction, on every path.
struct Placer {
    waits: Waits,
    /// The state each branch left for its label, by label number.
    at_labels: Vec<(usize, Waits)>,
}

impl Placer {
    /// Writes instruction `line` to `out`, preceded by the `s_waitcnt` it needs;
    /// `assembled` is the same instruction as the assembler takes it alone (a branch
    /// with an offset instead of its label).
    fn place(&mut self, rng: &mut Rng, line: &str, assembled: &str, out: &mut String) {
        let words = match cu32_isa::asm::assemble(assembled, "stream.s") {
            Ok(p) => p.words,
            Err(e) => panic!("the generator wrote `{assembled}`: {e}"),
        };
        let instr = cu32_isa::decode(&words).expect("assembled code decodes");
        let op = waits::mem_op(&instr);
        let (mut needs, _) = self.waits.needs(&waits::access(&instr), op.as_ref());
        if needs.iter().any(Option::is_some) {
            // The largest safe count, now and then 0 (still safe).
            for n in needs.iter_mut().flatten() {
                if rng.chance(15) {
                    *n = 0;
                }
            }
            let _ = writeln!(out, "s_waitcnt {}", waits_text(&needs));
            self.waits.wait(needs);
        }
        out.push_str(line);
        out.push('\n');
        self.waits.retire(&instr, 0, |_| 0);
        // Now and then a store is waited for at once (vscnt: memory order only).
        let store = op.is_some_and(|o| o.parts[0].is_some_and(|(c, _)| c == Counter::Vs));
        if store && rng.chance(10) {
            out.push_str("s_waitcnt_vscnt null, 0x0\n");
            self.waits.wait([None, Some(0), None]);
        }
    }
}

impl Placer {
    /// At label `label`: the state joins the one its branch left.
    fn join(&mut self, label: usize) {
        if let Some(at) = self.at_labels.iter().position(|(l, _)| *l == label) {
            let (_, branch) = self.at_labels.swap_remove(at);
            self.waits.join(&branch);
        }
    }
}

/// The stream of `seed` (see the module documentation).
pub fn random_program(seed: u64, options: &StreamOptions) -> String {
    let mut rng = Rng::new(seed);
    let pools = Pools::new(
        options.allowed,
        options.lds_bytes > 0,
        options.memory.is_some(),
    );
    let mut out = format!("; random stream, seed {seed}\n");
    for s in 0..16 {
        let _ = writeln!(out, "s_mov_b32 s{s}, 0x{:x}", rng.value());
    }
    if let Some(base) = options.memory {
        let _ = writeln!(out, "s_mov_b32 s20, 0x{base:x}");
        let _ = writeln!(out, "s_mov_b32 s21, 0");
        if !pools.global.is_empty() {
            let _ = writeln!(out, "v_mov_b32 v19, 0");
        }
    }
    let _ = writeln!(out, "s_mov_b32 vcc_lo, 0x{:x}", rng.next() as u32);
    // (Without vector instructions to run, a scalar-only stream: no VGPR set-up.)
    if !pools.valu.is_empty() {
        let _ = writeln!(out, "v_mbcnt_lo_u32_b32 v0, -1, 0");
        for v in 1..16 {
            let _ = writeln!(out, "v_mul_lo_u32 v{v}, v0, 0x{:x}", rng.value());
            let _ = writeln!(out, "v_xad_u32 v{v}, v{v}, 0x{:x}, v0", rng.value());
        }
    }
    // Labels still to be placed: (label number, instructions still to come before it).
    let mut pending: Vec<(usize, usize)> = Vec::new();
    let mut labels = 0;
    let mut placer = Placer {
        waits: Waits::new(),
        at_labels: Vec::new(),
    };
    // Memory instructions still to come back to back (a burst keeps several outstanding).
    let mut burst = 0;
    for _ in 0..options.length {
        let mut branch_to = None;
        let draw = if burst > 0 {
            burst -= 1;
            [40, 60, 65][rng.below(3)]
        } else {
            rng.below(100)
        };
        if (40..=74).contains(&draw) && burst == 0 && rng.chance(15) {
            burst = 1 + rng.below(3);
        }
        let line = match draw {
            0..=3 => format!("s_mov_b32 exec_lo, 0x{:x}", rng.next() as u32),
            4..=5 => format!("s_and_saveexec_b32 s{}, s{}", rng.below(16), rng.below(16)),
            6..=7 if !pools.cmpx.is_empty() => pick(&mut rng, &pools.cmpx),
            8..=11 => {
                let branch = [
                    "s_branch",
                    "s_cbranch_scc0",
                    "s_cbranch_scc1",
                    "s_cbranch_vccz",
                    "s_cbranch_vccnz",
                    "s_cbranch_execz",
                    "s_cbranch_execnz",
                ][rng.below(7)];
                branch_to = Some((labels, 1 + rng.below(4)));
                labels += 1;
                format!("{branch} l{}", labels - 1)
            }
            12..=39 if !pools.salu.is_empty() => pick(&mut rng, &pools.salu),
            40..=59 if !pools.ds.is_empty() => {
                let mut text = "s_nop 0".to_string();
                for _ in 0..8 {
                    let op = pools.ds[rng.below(pools.ds.len())];
                    let t = ds_instruction(&mut rng, op, options.lds_bytes);
                    if cu32_isa::asm::assemble(&t, "stream.s").is_ok() {
                        text = t;
                        break;
                    }
                }
                text
            }
            60..=64 if !pools.smem.is_empty() => {
                let op = pools.smem[rng.below(pools.smem.len())];
                smem_instruction(&mut rng, op)
            }
            65..=74 if !pools.global.is_empty() => {
                let mut text = "s_nop 0".to_string();
                for _ in 0..8 {
                    let op = pools.global[rng.below(pools.global.len())];
                    let t = global_instruction(&mut rng, op);
                    if cu32_isa::asm::assemble(&t, "stream.s").is_ok() {
                        text = t;
                        break;
                    }
                }
                text
            }
            75..=79 if !pools.vopd_x.is_empty() && !pools.vopd_y.is_empty() => {
                pick_vopd(&mut rng, &pools.vopd_x, &pools.vopd_y)
            }
            _ if !pools.valu.is_empty() => pick(&mut rng, &pools.valu),
            _ => "s_nop 0".to_string(),
        };
        if branch_to.is_some() {
            let mnemonic = line.split_whitespace().next().unwrap_or_default();
            placer.place(&mut rng, &line, &format!("{mnemonic} 0"), &mut out);
        } else {
            for part in line.lines() {
                placer.place(&mut rng, part, part, &mut out);
            }
        }
        // Labels land after the number of instructions their branch skips; the state
        // there joins the branch's.
        for (label, left) in &mut pending {
            *left -= 1;
            if *left == 0 {
                let _ = writeln!(out, "l{label}:");
                placer.join(*label);
            }
        }
        pending.retain(|&(_, left)| left > 0);
        if let Some((label, _)) = branch_to {
            placer.at_labels.push((label, placer.waits.clone()));
        }
        pending.extend(branch_to);
    }
    for (label, _) in pending {
        let _ = writeln!(out, "l{label}:");
        placer.join(label);
    }
    out.push_str("s_endpgm\n");
    out
}
