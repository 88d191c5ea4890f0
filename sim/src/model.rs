//! The golden model of one wave running scalar (SALU and program-control) code: state,
//! one-instruction-at-a-time execution following the chapter 16 pseudocode of the RDNA3
//! reference, and one [`TraceEvent`] per retired instruction.
//!
//! # Wave state
//!
//! The scalar register space is indexed by the SDST code 0..=127 ([`Wave::sgpr`]):
//! 0..=105 SGPRs, 106/107 `vcc_lo/hi`, 108..=123 `ttmp0..15`, 124 `null` (always 0),
//! 125 `m0`, 126/127 `exec_lo/hi`. A wave starts with every register 0 except
//! `exec_lo = 0xffffffff`, with SCC = 0, PC = 0 and MODE = 0 ([`Wave::new`]).
//!
//! # Trace
//!
//! Every retired instruction gives one [`TraceEvent`] (wave 0, its PC, its words with the
//! literal, EXEC before it) listing one [`Write::Sgpr`] per 32-bit register it wrote (VCC,
//! M0 and EXEC included; a register written twice, e.g. `s_and_saveexec_b32 exec_lo, ...`,
//! appears once with its final value) and [`Write::Scc`] whenever the pseudocode assigns
//! SCC, changed or not; then [`TraceEvent::normalize`]. `s_endpgm` retires with no writes
//! and the wave ends. A failing instruction does not retire and leaves the state unchanged.
//!
//! # Operands
//!
//! * Sources: registers, inline constants (`cu32_isa::operand::inline_constant`), SCC (253,
//!   zero-extended) and the literal (255). The aperture codes 235..=238 and every reserved
//!   code stop the wave with [`ModelError::BadOperand`].
//! * A 32-bit literal on a 64-bit source is sign-extended when the mnemonic names a signed
//!   64-bit integer type (`_i64`: `s_ashr_i64`, `s_bfe_i64`, `s_cls_i32_i64`) and
//!   zero-extended otherwise (unsigned and binary operands), as section 4.1 of the reference
//!   says ("When used in a 64-bit signed integer operation, it is sign-extended to 64 bits.
//!   For unsigned 64-bit integer ops (and 64-bit binary ops) it is zero extended").
//! * A 64-bit register operand ignores the low bit of its code (hardware alignment,
//!   section 3.3.1); `null` and `m0` read as a 64-bit operand give 0.
//! * Destinations: `null` drops the write but SCC is still written (section 3.4.4). The
//!   wave is never privileged (STATUS.PRIV = 0), so, as section 3.3.1.4 says, writes to
//!   `ttmp0..15` are dropped *and* an instruction that tries one does not update SCC;
//!   SAVEEXEC/WREXEC still write EXEC.
//!
//! # Instruction notes
//!
//! * `s_bfe_*`: the width field `S1[22:16]` is 7 bits; a width at or above the operand size
//!   gives an all-ones mask (the pseudocode's `(1 << width) - 1` computed without overflow).
//! * `s_movrels*`, `s_movreld*`, `s_movrelsd_2_b32`: the index (M0, or `M0[9:0]` / `M0[25:16]`)
//!   is added to the raw operand code. An access is in range when the base is an SGPR/VCC
//!   code and the indexed register stays within 0..=107, or the base is a TTMP and stays
//!   within 108..=123, or the index is 0. Out-of-range sources read the plain operand S0;
//!   out-of-range destinations are not written (section 3.3.1.4). The `_b64` forms ignore
//!   the low bit of the index.
//! * `s_getreg_b32` / `s_setreg_b32` / `s_setreg_imm32_b32`: only `HW_REG_MODE` (id 1), all
//!   32 bits writable; other ids stop with [`ModelError::Unsupported`]. The pseudocode of
//!   s_setreg applies the size mask *before* shifting it to the field offset, which would
//!   make every write with a non-zero offset a no-op and contradicts the prose ("write some
//!   or all of the LSBs of the source into a hardware register" at OFFSET); the model uses
//!   the mask shifted to the field: `mode = (mode & !(mask << off)) | ((s0 << off) & (mask
//!   << off))`.
//! * `s_quadmask_b64` has a 64-bit destination (tables, LLVM); the pseudocode assigns the
//!   16-bit mask to `D0.u`, so the model writes it zero-extended (high dword 0).
//! * `s_round_mode` sets `MODE[3:0]`, `s_denorm_mode` sets `MODE[7:4]`, from `SIMM16[3:0]`.
//!   MODE is not an architectural write of the trace (the trace has no MODE field).
//! * Branch and jump targets must land inside the program on a dword boundary, otherwise
//!   the wave stops with [`ModelError::BranchTarget`].
//!
//! # No-ops and unsupported opcodes
//!
//! Retired, traced, no writes: `s_nop`, `s_setkill`, `s_sleep`, `s_set_inst_prefetch_distance`,
//! `s_clause`, `s_delay_alu`, `s_waitcnt`, `s_wait_idle`, `s_wait_event`, `s_setprio`,
//! `s_icache_inv`, `s_barrier` (a lone wave), `s_wakeup`, `s_incperflevel`,
//! `s_decperflevel`, `s_sendmsg`, `s_version`, `s_waitcnt_vscnt/vmcnt/expcnt/lgkmcnt`, and
//! the debug branches `s_cbranch_cdbgsys*`/`s_cbranch_cdbguser` (never taken: no debugger).
//!
//! Stop with [`ModelError::Unsupported`]: `s_trap`, `s_rfe_b64`, `s_sethalt`,
//! `s_sendmsghalt`, `s_endpgm_saved`, `s_endpgm_ordered_ps_done`, `s_sendmsg_rtn_b32/b64`
//! (no trap handler, no halting, no upstream hardware to answer a message) and
//! `s_code_end` (an illegal-instruction marker).

use crate::trace::{TraceEvent, Write};
use cu32_isa::operand::{self, EXEC_LO, M0, NULL, SRC_LITERAL, SRC_SCC, TTMP0, VCC_LO};
use cu32_isa::{decode, ArgKind, DecodeError, Format, Instr};

/// Number of codes in the scalar register space (SDST codes 0..=127).
pub const SCALAR_REGS: usize = 128;

/// Opcodes the model refuses, with the reason (also listed in the module documentation).
pub const UNSUPPORTED: &[(&str, &str)] = &[
    ("s_trap", "there is no trap handler"),
    ("s_rfe_b64", "there is no trap handler to return from"),
    ("s_sethalt", "halting is not modelled"),
    ("s_sendmsghalt", "halting is not modelled"),
    ("s_endpgm_saved", "context save is not modelled"),
    ("s_endpgm_ordered_ps_done", "pixel shaders are not modelled"),
    ("s_sendmsg_rtn_b32", "no upstream hardware answers messages"),
    ("s_sendmsg_rtn_b64", "no upstream hardware answers messages"),
    (
        "s_code_end",
        "it marks the end of a code buffer (illegal instruction)",
    ),
];

/// Hardware register id of MODE for `s_getreg_b32`/`s_setreg_b32`.
pub const HW_REG_MODE: u16 = 1;

/// Architectural state of one wave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wave {
    /// Scalar register space indexed by SDST code (see the module documentation).
    pub sgpr: [u32; SCALAR_REGS],
    /// Scalar condition code.
    pub scc: bool,
    /// Byte address of the next instruction.
    pub pc: u32,
    /// The MODE hardware register (round and denormal modes, ...).
    pub mode: u32,
}

impl Default for Wave {
    fn default() -> Self {
        Wave::new()
    }
}

impl Wave {
    /// The initial state the RTL matches: all registers 0, `exec_lo = 0xffffffff`,
    /// SCC = 0, PC = 0, MODE = 0.
    pub fn new() -> Wave {
        let mut sgpr = [0; SCALAR_REGS];
        sgpr[usize::from(EXEC_LO)] = 0xffff_ffff;
        Wave {
            sgpr,
            scc: false,
            pc: 0,
            mode: 0,
        }
    }

    /// The 64-bit register pair starting at `code` (low dword first).
    pub fn pair(&self, code: u8) -> u64 {
        let i = usize::from(code & 0x7e);
        u64::from(self.sgpr[i]) | (u64::from(self.sgpr[i + 1]) << 32)
    }

    /// EXEC as `hi:lo`.
    pub fn exec(&self) -> u64 {
        self.pair(EXEC_LO)
    }

    /// VCC as `hi:lo`.
    pub fn vcc(&self) -> u64 {
        self.pair(VCC_LO)
    }

    /// M0.
    pub fn m0(&self) -> u32 {
        self.sgpr[usize::from(M0)]
    }
}

/// What a call of [`Machine::run`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// Instructions retired by this call.
    pub retired: u64,
}

/// Why the wave stopped with an error. Every message names the PC and, when there is one,
/// the instruction word.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The word at the PC is not an instruction (or its literal is missing).
    #[error("pc 0x{pc:04x}: {source}")]
    Decode { pc: u32, source: DecodeError },
    /// The PC left the code (no `s_endpgm` on the way).
    #[error("pc 0x{pc:04x}: outside the program ({len} bytes), no s_endpgm on the way")]
    PcOutsideProgram { pc: u32, len: u64 },
    /// A branch, call or jump aims outside the code or between dwords.
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}): branch target 0x{target:x} outside the program ({len} bytes)")]
    BranchTarget {
        pc: u32,
        word: u32,
        name: String,
        target: i128,
        len: u64,
    },
    /// An opcode (or hardware register) the functional model does not provide.
    #[error(
        "pc 0x{pc:04x}: {name} (0x{word:08x}) is unsupported in the functional model: {reason}"
    )]
    Unsupported {
        pc: u32,
        word: u32,
        name: String,
        reason: String,
    },
    /// A reserved or unmodelled source operand code (apertures, DPP, ...).
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}): source operand code {code} is not supported")]
    BadOperand {
        pc: u32,
        word: u32,
        name: String,
        code: u8,
    },
    /// `max_instructions` retired without reaching `s_endpgm`.
    #[error("instruction budget of {max} exhausted at pc 0x{pc:04x}")]
    Budget { max: u64, pc: u32 },
}

/// A program loaded at byte address 0 and the one wave that runs it.
#[derive(Clone, Debug)]
pub struct Machine {
    code: Vec<u32>,
    wave: Wave,
    ended: bool,
    retired: u64,
}

impl Machine {
    /// Loads `code` at byte address 0; the wave starts in [`Wave::new`] state.
    pub fn new(code: Vec<u32>) -> Machine {
        Machine {
            code,
            wave: Wave::new(),
            ended: false,
            retired: 0,
        }
    }

    /// The wave's current state.
    pub fn wave(&self) -> &Wave {
        &self.wave
    }

    /// Mutable access to the wave, to set up a state other than the initial one (dispatch).
    pub fn wave_mut(&mut self) -> &mut Wave {
        &mut self.wave
    }

    /// Whether the wave has executed `s_endpgm`.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Instructions retired since the machine was created.
    pub fn retired(&self) -> u64 {
        self.retired
    }

    /// Program size in bytes.
    fn len_bytes(&self) -> u64 {
        self.code.len() as u64 * 4
    }

    /// Executes one instruction. `Ok(None)` once the wave has ended. On an error the wave
    /// state is unchanged.
    pub fn step(&mut self) -> Result<Option<TraceEvent>, ModelError> {
        if self.ended {
            return Ok(None);
        }
        let pc = self.wave.pc;
        let start = (pc / 4) as usize;
        if !pc.is_multiple_of(4) || start >= self.code.len() {
            return Err(ModelError::PcOutsideProgram {
                pc,
                len: self.len_bytes(),
            });
        }
        let instr =
            decode(&self.code[start..]).map_err(|source| ModelError::Decode { pc, source })?;
        let words = self.code[start..start + instr.len_words()].to_vec();
        let mut ex = Exec::new(&self.wave, instr, pc, words[0], self.len_bytes());
        ex.execute()?;
        let Exec {
            writes,
            scc,
            ttmp_blocked,
            next_pc,
            mode,
            end,
            ..
        } = ex;
        let mut event = TraceEvent {
            wave: 0,
            pc,
            words,
            exec: self.wave.exec(),
            writes: Vec::new(),
        };
        // Commit in program order (a later write to the same register wins), then report
        // each register once with its final value.
        for &(index, value) in &writes {
            self.wave.sgpr[usize::from(index)] = value;
        }
        let mut seen = [false; SCALAR_REGS];
        for &(index, _) in writes.iter().rev() {
            if !std::mem::replace(&mut seen[usize::from(index)], true) {
                event.writes.push(Write::Sgpr {
                    index,
                    value: self.wave.sgpr[usize::from(index)],
                });
            }
        }
        if let Some(b) = scc.filter(|_| !ttmp_blocked) {
            self.wave.scc = b;
            event.writes.push(Write::Scc(b));
        }
        if let Some(m) = mode {
            self.wave.mode = m;
        }
        self.wave.pc = next_pc;
        self.ended = end;
        self.retired += 1;
        event.normalize();
        Ok(Some(event))
    }

    /// Runs until `s_endpgm`, at most `max_instructions` instructions.
    pub fn run(&mut self, max_instructions: u64) -> Result<RunSummary, ModelError> {
        self.run_traced(max_instructions, |_| {})
    }

    /// Like [`Machine::run`], handing every trace event to `sink`.
    pub fn run_traced(
        &mut self,
        max_instructions: u64,
        mut sink: impl FnMut(&TraceEvent),
    ) -> Result<RunSummary, ModelError> {
        let mut retired = 0;
        while !self.ended {
            if retired == max_instructions {
                return Err(ModelError::Budget {
                    max: max_instructions,
                    pc: self.wave.pc,
                });
            }
            if let Some(event) = self.step()? {
                sink(&event);
                retired += 1;
            }
        }
        Ok(RunSummary { retired })
    }
}

/// Result type of the executor's helpers.
type Res<T> = Result<T, ModelError>;

/// Sign-extends the low `bits` bits of `value` (1..=64).
fn sign_extend(value: u64, bits: u32) -> u64 {
    match bits {
        0 => 0,
        64.. => value,
        _ => (((value << (64 - bits)) as i64) >> (64 - bits)) as u64,
    }
}

/// `(1 << width) - 1` without overflow: all ones at or above 64.
fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// One instruction being executed: reads come from the state before the instruction, writes
/// are collected and committed by [`Machine::step`].
struct Exec<'a> {
    wave: &'a Wave,
    instr: Instr,
    pc: u32,
    word: u32,
    len: u64,
    /// 32-bit register writes in pseudocode order.
    writes: Vec<(u8, u32)>,
    scc: Option<bool>,
    /// A write to a TTMP was attempted (and dropped): SCC is not updated either.
    ttmp_blocked: bool,
    next_pc: u32,
    mode: Option<u32>,
    end: bool,
}

impl<'a> Exec<'a> {
    fn new(wave: &'a Wave, instr: Instr, pc: u32, word: u32, len: u64) -> Exec<'a> {
        Exec {
            wave,
            instr,
            pc,
            word,
            len,
            writes: Vec::new(),
            scc: None,
            ttmp_blocked: false,
            next_pc: pc.wrapping_add(4 * instr.len_words() as u32),
            mode: None,
            end: false,
        }
    }

    fn name(&self) -> &'static str {
        self.instr.op.name.as_str()
    }

    fn unsupported(&self, reason: impl Into<String>) -> ModelError {
        ModelError::Unsupported {
            pc: self.pc,
            word: self.word,
            name: self.name().to_string(),
            reason: reason.into(),
        }
    }

    // ---- sources -------------------------------------------------------------------

    /// A 32-bit source operand.
    fn src32(&self, code: u8) -> Res<u32> {
        match code {
            0..=127 => Ok(self.wave.sgpr[usize::from(code)]),
            SRC_SCC => Ok(u32::from(self.wave.scc)),
            SRC_LITERAL => Ok(self.instr.literal.unwrap_or(0)),
            _ => operand::inline_constant(code, 32)
                .map(|v| v as u32)
                .ok_or_else(|| self.bad_operand(code)),
        }
    }

    /// A 64-bit source operand; a literal is sign-extended for `_i64` mnemonics.
    fn src64(&self, code: u8) -> Res<u64> {
        match code {
            NULL | M0 => Ok(0),
            0..=127 => Ok(self.wave.pair(code)),
            SRC_SCC => Ok(u64::from(self.wave.scc)),
            SRC_LITERAL => {
                let lit = u64::from(self.instr.literal.unwrap_or(0));
                Ok(if self.name().contains("_i64") {
                    sign_extend(lit, 32)
                } else {
                    lit
                })
            }
            _ => operand::inline_constant(code, 64).ok_or_else(|| self.bad_operand(code)),
        }
    }

    fn bad_operand(&self, code: u8) -> ModelError {
        ModelError::BadOperand {
            pc: self.pc,
            word: self.word,
            name: self.name().to_string(),
            code,
        }
    }

    fn s0(&self) -> Res<u32> {
        self.src32(self.instr.ssrc0)
    }

    fn s1(&self) -> Res<u32> {
        self.src32(self.instr.ssrc1)
    }

    fn s0_64(&self) -> Res<u64> {
        self.src64(self.instr.ssrc0)
    }

    fn s1_64(&self) -> Res<u64> {
        self.src64(self.instr.ssrc1)
    }

    /// The SDST field read as a 32-bit source (SOPK `sreg`, read-modify-write forms).
    fn d0(&self) -> Res<u32> {
        self.src32(self.instr.sdst)
    }

    fn d0_64(&self) -> Res<u64> {
        self.src64(self.instr.sdst)
    }

    /// SIMM16 sign-extended to 32 bits.
    fn simm32(&self) -> u32 {
        self.instr.simm16 as i16 as i32 as u32
    }

    // ---- destinations --------------------------------------------------------------

    /// Writes one dword of the register space (null dropped, TTMPs dropped and block SCC).
    fn write_reg(&mut self, code: u8, value: u32) {
        match code {
            NULL => {}
            TTMP0..=123 => self.ttmp_blocked = true,
            _ => self.writes.push((code & 0x7f, value)),
        }
    }

    fn write32(&mut self, code: u8, value: u32) {
        self.write_reg(code, value);
    }

    fn write64(&mut self, code: u8, value: u64) {
        let base = code & 0x7e;
        if base == NULL {
            return;
        }
        self.write_reg(base, value as u32);
        self.write_reg(base + 1, (value >> 32) as u32);
    }

    fn d32(&mut self, value: u32) {
        self.write32(self.instr.sdst, value);
    }

    fn d64(&mut self, value: u64) {
        self.write64(self.instr.sdst, value);
    }

    fn set_scc(&mut self, b: bool) {
        self.scc = Some(b);
    }

    /// D0 = value, SCC = value != 0.
    fn d32_nz(&mut self, value: u32) {
        self.d32(value);
        self.set_scc(value != 0);
    }

    fn d64_nz(&mut self, value: u64) {
        self.d64(value);
        self.set_scc(value != 0);
    }

    /// Jumps to a byte address, checking it lies inside the program.
    fn jump(&mut self, target: i128) -> Res<()> {
        if target < 0 || target >= i128::from(self.len) || target % 4 != 0 {
            return Err(ModelError::BranchTarget {
                pc: self.pc,
                word: self.word,
                name: self.name().to_string(),
                target,
                len: self.len,
            });
        }
        self.next_pc = target as u32;
        Ok(())
    }

    /// Short branch: PC + 4 + SIMM16 * 4.
    fn branch_if(&mut self, taken: bool) -> Res<()> {
        if taken {
            let offset = i128::from(self.instr.simm16 as i16) * 4;
            self.jump(i128::from(self.pc) + 4 + offset)?;
        }
        Ok(())
    }

    // ---- execution -----------------------------------------------------------------

    fn execute(&mut self) -> Res<()> {
        if let Some((_, reason)) = UNSUPPORTED.iter().find(|(n, _)| *n == self.name()) {
            return Err(self.unsupported(*reason));
        }
        match self.instr.op.format {
            Format::Sop2 => self.sop2(),
            Format::Sopk => self.sopk(),
            Format::Sop1 => self.sop1(),
            Format::Sopc => self.sopc(),
            Format::Sopp => self.sopp(),
            // vector and memory formats: no semantics yet
            _ => Err(self.not_modelled()),
        }
    }

    fn not_modelled(&self) -> ModelError {
        self.unsupported("the model has no semantics for this opcode")
    }

    fn sop2(&mut self) -> Res<()> {
        let name = self.name();
        if self.dst_bits() == 64 {
            return self.sop2_64();
        }
        let (a, b) = (self.s0()?, self.s1()?);
        let (ai, bi) = (a as i32, b as i32);
        let scc_in = u64::from(self.wave.scc);
        match name {
            "s_add_u32" => {
                let tmp = u64::from(a) + u64::from(b);
                self.set_scc(tmp >= 1 << 32);
                self.d32(tmp as u32);
            }
            "s_sub_u32" => {
                self.set_scc(b > a);
                self.d32(a.wrapping_sub(b));
            }
            "s_add_i32" => {
                let tmp = a.wrapping_add(b);
                self.set_scc((a >> 31 == b >> 31) && (a >> 31 != tmp >> 31));
                self.d32(tmp);
            }
            "s_sub_i32" => {
                let tmp = a.wrapping_sub(b);
                self.set_scc((a >> 31 != b >> 31) && (a >> 31 != tmp >> 31));
                self.d32(tmp);
            }
            "s_addc_u32" => {
                let tmp = u64::from(a) + u64::from(b) + scc_in;
                self.set_scc(tmp >= 1 << 32);
                self.d32(tmp as u32);
            }
            "s_subb_u32" => {
                self.set_scc(u64::from(b) + scc_in > u64::from(a));
                self.d32(a.wrapping_sub(b).wrapping_sub(scc_in as u32));
            }
            "s_absdiff_i32" => {
                let d = ai.wrapping_sub(bi).wrapping_abs();
                self.d32_nz(d as u32);
            }
            "s_lshl_b32" => self.d32_nz(a << (b & 31)),
            "s_lshr_b32" => self.d32_nz(a >> (b & 31)),
            "s_ashr_i32" => self.d32_nz((ai >> (b & 31)) as u32),
            "s_lshl1_add_u32" | "s_lshl2_add_u32" | "s_lshl3_add_u32" | "s_lshl4_add_u32" => {
                let shift = u32::from(name.as_bytes()[6] - b'0');
                let tmp = (u64::from(a) << shift) + u64::from(b);
                self.set_scc(tmp >= 1 << 32);
                self.d32(tmp as u32);
            }
            "s_min_i32" => self.select(ai < bi, a, b),
            "s_min_u32" => self.select(a < b, a, b),
            "s_max_i32" => self.select(ai > bi, a, b),
            "s_max_u32" => self.select(a > b, a, b),
            "s_and_b32" => self.d32_nz(a & b),
            "s_or_b32" => self.d32_nz(a | b),
            "s_xor_b32" => self.d32_nz(a ^ b),
            "s_nand_b32" => self.d32_nz(!(a & b)),
            "s_nor_b32" => self.d32_nz(!(a | b)),
            "s_xnor_b32" => self.d32_nz(!(a ^ b)),
            "s_and_not1_b32" => self.d32_nz(a & !b),
            "s_or_not1_b32" => self.d32_nz(a | !b),
            "s_bfe_u32" => {
                let mask = low_mask((b >> 16) & 0x7f) as u32;
                self.d32_nz((a >> (b & 31)) & mask);
            }
            "s_bfe_i32" => {
                let width = (b >> 16) & 0x7f;
                let tmp = ((ai >> (b & 31)) as u32) & (low_mask(width) as u32);
                self.d32_nz(sign_extend(u64::from(tmp), width.min(32)) as u32);
            }
            "s_bfm_b32" => self.d32(((1u32 << (a & 31)) - 1) << (b & 31)),
            "s_mul_i32" => self.d32(a.wrapping_mul(b)),
            "s_mul_hi_u32" => self.d32(((u64::from(a) * u64::from(b)) >> 32) as u32),
            "s_mul_hi_i32" => self.d32(((i64::from(ai) * i64::from(bi)) >> 32) as u32),
            "s_cselect_b32" => self.d32(if self.wave.scc { a } else { b }),
            "s_pack_ll_b32_b16" => self.d32((b << 16) | (a & 0xffff)),
            "s_pack_lh_b32_b16" => self.d32((b & 0xffff_0000) | (a & 0xffff)),
            "s_pack_hh_b32_b16" => self.d32((b & 0xffff_0000) | (a >> 16)),
            "s_pack_hl_b32_b16" => self.d32((b << 16) | (a >> 16)),
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    /// SCC = cond; D0 = cond ? a : b (min/max).
    fn select(&mut self, cond: bool, a: u32, b: u32) {
        self.set_scc(cond);
        self.d32(if cond { a } else { b });
    }

    /// Width of the destination operand per the table (32 when there is none).
    fn dst_bits(&self) -> u8 {
        self.instr.op.arg(ArgKind::Sdst).map_or(32, |a| a.bits)
    }

    /// Whether the table gives SSRC0 a 64-bit width.
    fn src0_is_64(&self) -> bool {
        self.instr
            .op
            .arg(ArgKind::Ssrc0)
            .is_some_and(|a| a.bits == 64)
    }

    /// Whether the table gives SSRC1 a 64-bit width.
    fn src1_is_64(&self) -> bool {
        self.instr
            .op
            .arg(ArgKind::Ssrc1)
            .is_some_and(|a| a.bits == 64)
    }

    /// SOP2 opcodes with a 64-bit destination. The table gives each source's width: the
    /// shift amount and bit-field descriptor (S1) of shifts and `s_bfe_*64`, and both
    /// sources of `s_bfm_b64`, are 32-bit.
    fn sop2_64(&mut self) -> Res<()> {
        let name = self.name();
        if name == "s_bfm_b64" {
            let (a, b) = (self.s0()?, self.s1()?);
            self.d64(((1u64 << (a & 63)) - 1) << (b & 63));
            return Ok(());
        }
        let a = self.s0_64()?;
        if !self.src1_is_64() {
            let b = self.s1()?;
            let (shift, width) = (b & 63, (b >> 16) & 0x7f);
            match name {
                "s_lshl_b64" => self.d64_nz(a << shift),
                "s_lshr_b64" => self.d64_nz(a >> shift),
                "s_ashr_i64" => self.d64_nz(((a as i64) >> shift) as u64),
                "s_bfe_u64" => self.d64_nz((a >> shift) & low_mask(width)),
                "s_bfe_i64" => {
                    let tmp = (((a as i64) >> shift) as u64) & low_mask(width);
                    self.d64_nz(sign_extend(tmp, width.min(64)));
                }
                _ => return Err(self.not_modelled()),
            }
            return Ok(());
        }
        let b = self.s1_64()?;
        match name {
            "s_and_b64" => self.d64_nz(a & b),
            "s_or_b64" => self.d64_nz(a | b),
            "s_xor_b64" => self.d64_nz(a ^ b),
            "s_nand_b64" => self.d64_nz(!(a & b)),
            "s_nor_b64" => self.d64_nz(!(a | b)),
            "s_xnor_b64" => self.d64_nz(!(a ^ b)),
            "s_and_not1_b64" => self.d64_nz(a & !b),
            "s_or_not1_b64" => self.d64_nz(a | !b),
            "s_cselect_b64" => self.d64(if self.wave.scc { a } else { b }),
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    fn sopk(&mut self) -> Res<()> {
        let simm = self.simm32();
        let uimm = u32::from(self.instr.simm16);
        match self.name() {
            "s_movk_i32" => self.d32(simm),
            "s_cmovk_i32" => {
                if self.wave.scc {
                    self.d32(simm);
                }
            }
            name if name.starts_with("s_cmpk_") => {
                let s0 = self.d0()?;
                let (a, b) = if name.ends_with("_i32") {
                    // 64'I(S0.i) against signext(SIMM16): signed comparison.
                    (i64::from(s0 as i32), i64::from(simm as i32))
                } else {
                    // S0.u against 32'U(SIMM16.u16): zero-extended immediate.
                    (i64::from(s0), i64::from(uimm))
                };
                let cmp = name.trim_start_matches("s_cmpk_");
                self.set_scc(compare(&cmp[..2], a, b));
            }
            "s_addk_i32" => {
                let tmp = self.d0()?;
                let d = tmp.wrapping_add(simm);
                self.set_scc((tmp >> 31 == simm >> 31) && (tmp >> 31 != d >> 31));
                self.d32(d);
            }
            "s_mulk_i32" => {
                let d = self.d0()?.wrapping_mul(simm);
                self.d32(d);
            }
            "s_getreg_b32" => {
                let (id, offset, size) = hwreg_fields(self.instr.simm16);
                let value = self.hwreg(id)?;
                self.d32(((value >> offset) as u64 & low_mask(size)) as u32);
            }
            "s_setreg_b32" => {
                let s0 = self.d0()?;
                self.setreg(s0)?;
            }
            "s_setreg_imm32_b32" => self.setreg(self.instr.literal.unwrap_or(0))?,
            "s_call_b64" => {
                self.d64(u64::from(self.pc) + 4);
                self.branch_if(true)?;
            }
            _ if self.instr.op.has_no_effect() => {}
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    /// The value of hardware register `id`.
    fn hwreg(&self, id: u16) -> Res<u32> {
        if id == HW_REG_MODE {
            Ok(self.wave.mode)
        } else {
            Err(self.unsupported(format!(
                "hardware register id {id} (only HW_REG_MODE, id {HW_REG_MODE}, is modelled)"
            )))
        }
    }

    fn setreg(&mut self, s0: u32) -> Res<()> {
        let (id, offset, size) = hwreg_fields(self.instr.simm16);
        let old = self.hwreg(id)?;
        let mask = (low_mask(size) as u32) << offset;
        self.mode = Some((old & !mask) | ((s0 << offset) & mask));
        Ok(())
    }

    fn sop1(&mut self) -> Res<()> {
        let name = self.name();
        let scc = self.wave.scc;
        let exec = self.wave.exec();
        if let Some(op) = name
            .strip_prefix("s_")
            .and_then(|n| n.split_once("_saveexec_").or(n.split_once("_wrexec_")))
        {
            let wide = self.dst_bits() == 64;
            return self.exec_mask_op(op.0, name.contains("_wrexec_"), wide, exec);
        }
        if name.starts_with("s_movrel") {
            return self.movrel();
        }
        match name {
            "s_mov_b32" => self.d32(self.s0()?),
            "s_mov_b64" => self.d64(self.s0_64()?),
            "s_cmov_b32" => {
                let v = self.s0()?;
                if scc {
                    self.d32(v);
                }
            }
            "s_cmov_b64" => {
                let v = self.s0_64()?;
                if scc {
                    self.d64(v);
                }
            }
            "s_brev_b32" => self.d32(self.s0()?.reverse_bits()),
            "s_brev_b64" => self.d64(self.s0_64()?.reverse_bits()),
            "s_ctz_i32_b32" => self.d32(find_first(self.s0()?.trailing_zeros(), 32)),
            "s_ctz_i32_b64" => self.d32(find_first(self.s0_64()?.trailing_zeros(), 64)),
            "s_clz_i32_u32" => self.d32(find_first(self.s0()?.leading_zeros(), 32)),
            "s_clz_i32_u64" => self.d32(find_first(self.s0_64()?.leading_zeros(), 64)),
            "s_cls_i32" => {
                let v = self.s0()?;
                let v = if v >> 31 == 1 { !v } else { v };
                self.d32(find_first(v.leading_zeros(), 32));
            }
            "s_cls_i32_i64" => {
                let v = self.s0_64()?;
                let v = if v >> 63 == 1 { !v } else { v };
                self.d32(find_first(v.leading_zeros(), 64));
            }
            "s_sext_i32_i8" => self.d32(self.s0()? as i8 as i32 as u32),
            "s_sext_i32_i16" => self.d32(self.s0()? as i16 as i32 as u32),
            "s_bitset0_b32" => {
                let bit = self.s0()? & 31;
                self.d32(self.d0()? & !(1 << bit));
            }
            "s_bitset1_b32" => {
                let bit = self.s0()? & 31;
                self.d32(self.d0()? | (1 << bit));
            }
            "s_bitset0_b64" => {
                let bit = self.s0()? & 63;
                self.d64(self.d0_64()? & !(1 << bit));
            }
            "s_bitset1_b64" => {
                let bit = self.s0()? & 63;
                self.d64(self.d0_64()? | (1 << bit));
            }
            "s_bitreplicate_b64_b32" => {
                let v = self.s0()?;
                let d = (0..32).fold(0u64, |d, i| d | (u64::from((v >> i) & 1) * (3 << (2 * i))));
                self.d64(d);
            }
            "s_abs_i32" => self.d32_nz((self.s0()? as i32).wrapping_abs() as u32),
            "s_bcnt0_i32_b32" => self.d32_nz(self.s0()?.count_zeros()),
            "s_bcnt0_i32_b64" => self.d32_nz(self.s0_64()?.count_zeros()),
            "s_bcnt1_i32_b32" => self.d32_nz(self.s0()?.count_ones()),
            "s_bcnt1_i32_b64" => self.d32_nz(self.s0_64()?.count_ones()),
            "s_quadmask_b32" => self.d32_nz(quadmask(u64::from(self.s0()?), 8)),
            "s_quadmask_b64" => {
                // D0.u = tmp: the 16-bit mask, zero-extended into the 64-bit destination.
                let d = quadmask(self.s0_64()?, 16);
                self.d64(u64::from(d));
                self.set_scc(d != 0);
            }
            "s_wqm_b32" => self.d32_nz(wqm(u64::from(self.s0()?)) as u32),
            "s_wqm_b64" => self.d64_nz(wqm(self.s0_64()?)),
            "s_not_b32" => self.d32_nz(!self.s0()?),
            "s_not_b64" => self.d64_nz(!self.s0_64()?),
            "s_getpc_b64" => self.d64(u64::from(self.pc) + 4),
            "s_setpc_b64" => {
                let target = self.s0_64()?;
                self.jump(i128::from(target))?;
            }
            "s_swappc_b64" => {
                let target = self.s0_64()?;
                self.d64(u64::from(self.pc) + 4);
                self.jump(i128::from(target))?;
            }
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    /// `s_<op>_saveexec_b32/b64` and `s_<op>_wrexec_b32/b64`.
    fn exec_mask_op(&mut self, op: &str, wrexec: bool, wide: bool, exec: u64) -> Res<()> {
        let (s0, ex) = if wide {
            (self.s0_64()?, exec)
        } else {
            (u64::from(self.s0()?), exec & 0xffff_ffff)
        };
        let result = match op {
            "and" => s0 & ex,
            "or" => s0 | ex,
            "xor" => s0 ^ ex,
            "nand" => !(s0 & ex),
            "nor" => !(s0 | ex),
            "xnor" => !(s0 ^ ex),
            "and_not0" => !s0 & ex,
            "or_not0" => !s0 | ex,
            "and_not1" => s0 & !ex,
            "or_not1" => s0 | !ex,
            _ => return Err(self.not_modelled()),
        };
        let saved = if wrexec { result } else { ex };
        if wide {
            self.write64(EXEC_LO, result);
            self.d64(saved);
            self.set_scc(result != 0);
        } else {
            self.write32(EXEC_LO, result as u32);
            self.d32(saved as u32);
            self.set_scc(result as u32 != 0);
        }
        Ok(())
    }

    /// `s_movrels_*`, `s_movreld_*`, `s_movrelsd_2_b32` (M0-relative register moves).
    fn movrel(&mut self) -> Res<()> {
        let m0 = self.wave.m0();
        let (sdst, ssrc0) = (self.instr.sdst, self.instr.ssrc0);
        match self.name() {
            "s_movrels_b32" => {
                let v = match indexed(ssrc0, m0, false) {
                    Some(r) => self.wave.sgpr[usize::from(r)],
                    None => self.s0()?,
                };
                self.d32(v);
            }
            "s_movrels_b64" => {
                let v = match indexed(ssrc0, m0, true) {
                    Some(r) => self.wave.pair(r),
                    None => self.s0_64()?,
                };
                self.d64(v);
            }
            "s_movreld_b32" => {
                let v = self.s0()?;
                if let Some(r) = indexed(sdst, m0, false) {
                    self.write32(r, v);
                }
            }
            "s_movreld_b64" => {
                let v = self.s0_64()?;
                if let Some(r) = indexed(sdst, m0, true) {
                    self.write64(r, v);
                }
            }
            "s_movrelsd_2_b32" => {
                let v = match indexed(ssrc0, m0 & 0x3ff, false) {
                    Some(r) => self.wave.sgpr[usize::from(r)],
                    None => self.s0()?,
                };
                if let Some(r) = indexed(sdst, (m0 >> 16) & 0x3ff, false) {
                    self.write32(r, v);
                }
            }
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }

    fn sopc(&mut self) -> Res<()> {
        let name = self.name();
        let scc = if name.starts_with("s_cmp_") && self.src0_is_64() {
            let (a, b) = (self.s0_64()?, self.s1_64()?);
            match name {
                "s_cmp_eq_u64" => a == b,
                "s_cmp_lg_u64" => a != b,
                _ => return Err(self.not_modelled()),
            }
        } else if let Some(rest) = name.strip_prefix("s_bitcmp") {
            let bit = self.s1()?;
            let set = if self.src0_is_64() {
                (self.s0_64()? >> (bit & 63)) & 1 == 1
            } else {
                (self.s0()? >> (bit & 31)) & 1 == 1
            };
            set == rest.starts_with('1')
        } else if let Some(cmp) = name.strip_prefix("s_cmp_") {
            let (a, b) = (self.s0()?, self.s1()?);
            let (a, b) = if cmp.ends_with("_i32") {
                (i64::from(a as i32), i64::from(b as i32))
            } else {
                (i64::from(a), i64::from(b))
            };
            compare(&cmp[..2], a, b)
        } else {
            return Err(self.not_modelled());
        };
        self.set_scc(scc);
        Ok(())
    }

    fn sopp(&mut self) -> Res<()> {
        let wave = self.wave;
        let simm = u32::from(self.instr.simm16);
        match self.name() {
            "s_endpgm" => self.end = true,
            "s_branch" => self.branch_if(true)?,
            "s_cbranch_scc0" => self.branch_if(!wave.scc)?,
            "s_cbranch_scc1" => self.branch_if(wave.scc)?,
            "s_cbranch_vccz" => self.branch_if(wave.vcc() == 0)?,
            "s_cbranch_vccnz" => self.branch_if(wave.vcc() != 0)?,
            "s_cbranch_execz" => self.branch_if(wave.exec() == 0)?,
            "s_cbranch_execnz" => self.branch_if(wave.exec() != 0)?,
            // No debugger: the conditional-debug flags are clear, never taken.
            "s_cbranch_cdbgsys"
            | "s_cbranch_cdbguser"
            | "s_cbranch_cdbgsys_or_user"
            | "s_cbranch_cdbgsys_and_user" => {}
            "s_round_mode" => self.mode = Some((wave.mode & !0xf) | (simm & 0xf)),
            "s_denorm_mode" => self.mode = Some((wave.mode & !0xf0) | ((simm & 0xf) << 4)),
            _ if self.instr.op.has_no_effect() => {}
            _ => return Err(self.not_modelled()),
        }
        Ok(())
    }
}

/// `hwreg` fields of SIMM16: (id, offset, size 1..=32).
fn hwreg_fields(simm16: u16) -> (u16, u32, u32) {
    (
        simm16 & 0x3f,
        u32::from((simm16 >> 6) & 0x1f),
        u32::from((simm16 >> 11) & 0x1f) + 1,
    )
}

/// A comparison by its two-letter LLVM name (`eq`, `lg`, `gt`, `ge`, `lt`, `le`).
fn compare(cmp: &str, a: i64, b: i64) -> bool {
    match cmp {
        "eq" => a == b,
        "lg" => a != b,
        "gt" => a > b,
        "ge" => a >= b,
        "lt" => a < b,
        _ => a <= b,
    }
}

/// A bit position found by a search, or -1 (`0xffffffff`) when the search found none.
fn find_first(count: u32, bits: u32) -> u32 {
    if count >= bits {
        u32::MAX
    } else {
        count
    }
}

/// One bit per group of four: set when any bit of the group is set.
fn quadmask(v: u64, groups: u32) -> u32 {
    (0..groups).fold(0, |d, i| d | (u32::from((v >> (4 * i)) & 0xf != 0) << i))
}

/// Every group of four bits becomes all ones when any of its bits is set.
fn wqm(v: u64) -> u64 {
    (0..16).fold(0, |d, i| {
        if (v >> (4 * i)) & 0xf != 0 {
            d | (0xf << (4 * i))
        } else {
            d
        }
    })
}

/// The register an M0-indexed operand reaches, or `None` when out of range (see the module
/// documentation). `wide` ignores the index's low bit and needs room for a pair.
fn indexed(base: u8, index: u32, wide: bool) -> Option<u8> {
    let (base, index) = if wide {
        (base & !1, index & !1)
    } else {
        (base, index)
    };
    let last = match base {
        0..=107 => 107,
        TTMP0..=123 => 123,
        _ => return (index == 0 && base <= 127).then_some(base),
    } - u32::from(wide);
    let addr = u64::from(base) + u64::from(index);
    (addr <= u64::from(last)).then_some(addr as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(sign_extend(0x80, 8), 0xffff_ffff_ffff_ff80);
        assert_eq!(sign_extend(0x7f, 8), 0x7f);
        assert_eq!(low_mask(0), 0);
        assert_eq!(low_mask(70), u64::MAX);
        assert_eq!(quadmask(0x0000_f010, 8), 0b1010);
        assert_eq!(wqm(0x0100_0020), 0x0f00_00f0);
        assert_eq!(indexed(7, 10, false), Some(17));
        assert_eq!(indexed(100, 8, false), None);
        assert_eq!(indexed(100, 7, false), Some(107));
        assert_eq!(indexed(106, 1, true), Some(106));
        assert_eq!(indexed(104, 4, true), None);
        assert_eq!(indexed(4, 3, true), Some(6));
        assert_eq!(indexed(TTMP0, 15, false), Some(123));
        assert_eq!(indexed(M0, 0, false), Some(M0));
        assert_eq!(indexed(M0, 1, false), None);
    }
}
