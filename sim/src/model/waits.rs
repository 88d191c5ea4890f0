//! The memory-wait checker: whether a program waits for its memory results as the RDNA3
//! reference says it must (§5.6 "Data Dependency Resolution", `S_WAITCNT*` in 16.5 and
//! 16.2, §8.2 for SMEM, §11.1.1 for FLAT, §12.5 for LDS), on gfx1100 hardware whose memory
//! results return out of order and are ordered only by `s_waitcnt`.
//!
//! The model executes a memory instruction whole when it issues; the checker keeps, per
//! wave, the memory instructions that real hardware may still have outstanding, and stops
//! the wave ([`super::ModelError::Wait`]) at an instruction that reads or writes a
//! register one of them will write before a wait has made sure it did.
//!
//! # The rule
//!
//! * Counters: `vmcnt` counts VMEM loads (GLOBAL, SCRATCH, FLAT; the loads to LDS too)
//!   and atomics that return (GLC); `vscnt` VMEM stores and atomics that do not return;
//!   `lgkmcnt` DS (LDS) instructions, SMEM instructions and messages (`s_sendmsg*`). A
//!   FLAT instruction counts on both `vmcnt` (or `vscnt`) and `lgkmcnt` and is complete
//!   only when both have counted it down (§11.1.1). Every instruction counts one.
//! * Order: `vmcnt` counts down in issue order (§5.6: "the counter-decrement still
//!   reflects in-order completion"; §11.1.1: FLAT in order with scratch, global, texture
//!   and buffer), `vscnt` too; in `lgkmcnt`, DS instructions and the LDS part of FLAT ones
//!   are in order with each other (§12.5, §11.1.1), while SMEM loads "may return completely
//!   out-of-order" (§5.6, §8.2), and messages and GDS operations are taken to be unordered
//!   too.
//! * So an outstanding instruction `I` has certainly completed after `s_waitcnt` brings
//!   its counter to `N` or below exactly when at least `N` instructions issued after `I`
//!   count down in order after it on that counter: if `I` were outstanding, those would
//!   be too, and the counter would be above `N`. The largest safe `N` for `I` is that
//!   number: with two GLOBAL loads outstanding the first needs `vmcnt(1)` (the example of
//!   §5.6), the second `vmcnt(0)`; an SMEM load always needs `lgkmcnt(0)` (§8.2: "the only
//!   sensible way to use this counter"), and so does a DS load with an SMEM load issued
//!   after it.
//! * Registers: an outstanding load's (or returning atomic's) destination registers (VGPRs
//!   of VMEM and DS, SGPRs of SMEM) are neither read nor written by a later instruction
//!   before the wait, another memory instruction included (a second write could land
//!   first: §5.6 "data [may be] written to VGPRs out-of-order"), with one exception: a
//!   VMEM load (or returning atomic) may write the registers of an outstanding one of the
//!   same kind, since VMEM loads write their VGPRs in order (LLVM's
//!   `hasVmemWriteVgprInOrder` for gfx11; clang's code relies on it, e.g. a
//!   `global_load_d16_hi_b16` into the register a `global_load_u16` just loaded; it must
//!   not read them as an address or data, though). The address and data
//!   registers of a memory instruction are read when it issues (§10.8: the hardware stalls
//!   an ALU write to them until they are sent), so stores have no register hazard, and
//!   `vscnt` only matters for memory order, which the checker does not check (nor the
//!   LDS bytes a load to LDS writes).
//! * Registers an instruction touches: the operands of its table row (64-bit and wider
//!   operands every register of their range), EXEC for every vector instruction, VCC for
//!   the e32 forms that name it and `s_cbranch_vcc*`, `v_div_fmas_*` and
//!   `v_dual_cndmask_b32`, EXEC for `s_cbranch_exec*` and the `saveexec`/`wrexec` family,
//!   M0 for DS instructions without an address VGPR, loads to LDS, `s_sendmsg*` and the
//!   M0-relative moves (the registers those index are not followed).
//! * Waits: `s_waitcnt` (`vmcnt` in `SIMM16[15:10]`, `lgkmcnt` in `[9:4]`); `s_waitcnt_vmcnt`,
//!   `_vscnt`, `_lgkmcnt` wait for `S0[5:0] + SIMM16[5:0]` (6 bits, wrapping: their
//!   pseudocode); `s_wait_idle` for every counter at 0. `s_endpgm` waits for everything
//!   itself (16.5: "The hardware implicitly executes S_WAITCNT 0 and S_WAITCNT_VSCNT 0"),
//!   so outstanding loads and stores at the end are fine. `s_barrier` does not wait.
//!
//! The checker is off by default ([`super::Machine::check_waits`],
//! [`crate::dispatch::Dispatch::check_waits`], [`crate::cosim::CosimOptions::check_waits`]):
//! the suite and stream tests turn it on (`sim/tests/waits.rs`, `sim/tests/streams.rs`), as
//! do `cu32 run --check-waits`, `cu32 cosim --check-waits` and `cu32 cosim --seeds` (its
//! random streams). With it on, a wave runs on the general path only. The random streams
//! ([`crate::streams`]) place their waits by this rule too ([`Waits::join`] for the
//! paths that meet at a label).
//!
//! Not checked: memory order (a load after a store to the same address, other waves'
//! accesses: `vscnt` and barriers), the LDS bytes a load to LDS writes, and EXPcnt (no
//! exports).

use cu32_isa::encoding::SRC_VGPR0;
use cu32_isa::operand::{EXEC_LO, M0, NULL, VCC_LO};
use cu32_isa::table::Modifier;
use cu32_isa::{ArgKind, Format, Instr, Mn, OpInfo};
use std::fmt;

/// A memory counter of the wave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    Vm,
    Vs,
    Lgkm,
}

impl Counter {
    pub const ALL: [Counter; 3] = [Counter::Vm, Counter::Vs, Counter::Lgkm];

    /// The name `s_waitcnt` uses.
    pub fn name(self) -> &'static str {
        match self {
            Counter::Vm => "vmcnt",
            Counter::Vs => "vscnt",
            Counter::Lgkm => "lgkmcnt",
        }
    }
}

/// One value per counter, indexed by `Counter as usize`.
pub type PerCounter<T> = [T; 3];

/// A set of registers: the scalar register space by its SDST code (0..=127: SGPRs, VCC,
/// TTMPs, M0, EXEC) and the 256 VGPRs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Regs {
    sgpr: u128,
    vgpr: [u128; 2],
}

impl Regs {
    /// `n` scalar registers from code `code` (`null` and codes past 127 are none).
    pub fn add_sgprs(&mut self, code: u16, n: u16) {
        for c in code..code + n {
            if c < 128 && c != u16::from(NULL) {
                self.sgpr |= 1 << c;
            }
        }
    }

    /// `n` VGPRs from `v` (stopping at v255).
    pub fn add_vgprs(&mut self, v: u16, n: u16) {
        for r in v..(v + n).min(256) {
            self.vgpr[usize::from(r / 128)] |= 1 << (r % 128);
        }
    }

    pub fn union(self, o: Regs) -> Regs {
        Regs {
            sgpr: self.sgpr | o.sgpr,
            vgpr: [self.vgpr[0] | o.vgpr[0], self.vgpr[1] | o.vgpr[1]],
        }
    }

    pub fn intersection(self, o: Regs) -> Regs {
        Regs {
            sgpr: self.sgpr & o.sgpr,
            vgpr: [self.vgpr[0] & o.vgpr[0], self.vgpr[1] & o.vgpr[1]],
        }
    }

    pub fn is_empty(self) -> bool {
        self == Regs::default()
    }

    /// The lowest register of the set (scalar registers first).
    pub fn first(self) -> Option<Reg> {
        if self.sgpr != 0 {
            return Some(Reg::Scalar(self.sgpr.trailing_zeros() as u8));
        }
        (0..2)
            .find(|&h| self.vgpr[h] != 0)
            .map(|h| Reg::Vgpr((128 * h as u32 + self.vgpr[h].trailing_zeros()) as u8))
    }
}

/// One register, as a message names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    /// A scalar register by its SDST code.
    Scalar(u8),
    Vgpr(u8),
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reg::Vgpr(v) => write!(f, "v{v}"),
            Reg::Scalar(c) => match c {
                0..=105 => write!(f, "s{c}"),
                106 => f.write_str("vcc_lo"),
                107 => f.write_str("vcc_hi"),
                108..=123 => write!(f, "ttmp{}", c - 108),
                125 => f.write_str("m0"),
                126 => f.write_str("exec_lo"),
                127 => f.write_str("exec_hi"),
                _ => write!(f, "scalar register {c}"),
            },
        }
    }
}

/// The registers an instruction reads and those it writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Access {
    pub read: Regs,
    pub written: Regs,
}

impl Access {
    pub fn all(&self) -> Regs {
        self.read.union(self.written)
    }
}

/// Whether `op` is an atomic of FLAT/GLOBAL (their rows take `rtn`: the pre-op value is
/// returned with GLC).
fn is_vmem_atomic(op: &OpInfo) -> bool {
    op.has_mod(Modifier::Rtn)
}

fn has(op: &OpInfo, kind: ArgKind) -> bool {
    op.arg(kind).is_some()
}

/// Scalar registers of an operand of `bits` at `code` (64-bit and wider: from the even
/// register).
fn scalar(regs: &mut Regs, code: u16, bits: u16) {
    let n = bits.div_ceil(32).max(1);
    let base = if n > 1 { code & !1 } else { code };
    regs.add_sgprs(base, n);
}

/// A 9-bit source: a VGPR (256 + v) or a scalar register (0..=127); constants are none.
fn source(regs: &mut Regs, code: u16, bits: u16) {
    if code >= SRC_VGPR0 {
        regs.add_vgprs(code - SRC_VGPR0, bits.div_ceil(32).max(1));
    } else if code < 128 {
        scalar(regs, code, bits);
    }
}

/// The registers `instr` (as the model decoded it: e32 true16 halves folded into OPSEL)
/// reads and writes (see the module documentation for the implicit ones).
pub fn access(instr: &Instr) -> Access {
    let mut a = Access::default();
    let op = instr.op;
    let format = op.format;
    match format {
        Format::Sop1 | Format::Sop2 | Format::Sopc | Format::Sopk | Format::Sopp => {
            for arg in &op.args {
                let bits = arg.width();
                match arg.kind {
                    ArgKind::Sdst => scalar(&mut a.written, instr.sdst.into(), bits),
                    ArgKind::Sreg => scalar(&mut a.read, instr.sdst.into(), 32),
                    ArgKind::Ssrc0 => scalar_source(&mut a.read, instr.ssrc0, bits),
                    ArgKind::Ssrc1 => scalar_source(&mut a.read, instr.ssrc1, bits),
                    _ => {}
                }
            }
            scalar_implicit(op.mn, &mut a);
        }
        Format::Smem => {
            for arg in &op.args {
                match arg.kind {
                    // A run past exec_hi wraps to s0 (the model's register write).
                    ArgKind::Sdata => {
                        for i in 0..arg.width() / 32 {
                            a.written.add_sgprs((u16::from(instr.sdata) + i) & 0x7f, 1);
                        }
                    }
                    ArgKind::Sbase => scalar(&mut a.read, instr.sbase.into(), arg.width()),
                    ArgKind::SmemOffset => scalar_source(&mut a.read, instr.soffset, 32),
                    _ => {}
                }
            }
        }
        f if f.is_valu_or_vopd() => {
            if let Some(y) = instr.op_y {
                valu_operands(op, instr.vdst, [instr.src0, instr.src1, 0], &mut a, instr);
                let vdst_y = instr.vdst_y;
                valu_operands(y, vdst_y, [instr.src0_y, instr.src1_y, 0], &mut a, instr);
            } else {
                valu_operands(
                    op,
                    instr.vdst,
                    [instr.src0, instr.src1, instr.src2],
                    &mut a,
                    instr,
                );
            }
            let ops = std::iter::once(op.mn).chain(instr.op_y.map(|y| y.mn));
            for mn in ops {
                match mn {
                    Mn::v_div_fmas_f32 | Mn::v_div_fmas_f64 | Mn::v_dual_cndmask_b32 => {
                        a.read.add_sgprs(VCC_LO.into(), 1)
                    }
                    Mn::v_movreld_b32
                    | Mn::v_movrels_b32
                    | Mn::v_movrelsd_b32
                    | Mn::v_movrelsd_2_b32
                    | Mn::v_swaprel_b32 => a.read.add_sgprs(M0.into(), 1),
                    _ => {}
                }
            }
            a.read.add_sgprs(EXEC_LO.into(), 1);
        }
        Format::Ds => {
            for arg in &op.args {
                let n = arg.ty.regs().into();
                match arg.kind {
                    ArgKind::Vdst => a.written.add_vgprs(instr.vdst.into(), n),
                    ArgKind::Addr => a.read.add_vgprs(instr.addr.into(), 1),
                    ArgKind::Data0 => a.read.add_vgprs(instr.data0.into(), n),
                    ArgKind::Data1 => a.read.add_vgprs(instr.data1.into(), n),
                    _ => {}
                }
            }
            if !has(op, ArgKind::Addr) {
                a.read.add_sgprs(M0.into(), 1);
            }
            a.read.add_sgprs(EXEC_LO.into(), 1);
        }
        Format::Flat | Format::Global | Format::Scratch => {
            let off = instr.saddr == NULL;
            for arg in &op.args {
                let n = arg.ty.regs().into();
                match arg.kind {
                    ArgKind::Vdst if is_vmem_atomic(op) && !instr.glc => {}
                    ArgKind::Vdst => a.written.add_vgprs(instr.vdst.into(), n),
                    ArgKind::Vdata => a.read.add_vgprs(instr.data0.into(), n),
                    ArgKind::Vaddr => {
                        let n = match format {
                            Format::Flat => 2,
                            Format::Global if off => 2,
                            Format::Global => 1,
                            _ => u16::from(instr.sve),
                        };
                        a.read.add_vgprs(instr.addr.into(), n);
                    }
                    ArgKind::Saddr if !off => {
                        let bits = if format == Format::Scratch { 32 } else { 64 };
                        scalar(&mut a.read, instr.saddr.into(), bits);
                    }
                    _ => {}
                }
            }
            if !has(op, ArgKind::Vdst) && !has(op, ArgKind::Vdata) {
                // A load to LDS: the LDS address in M0.
                a.read.add_sgprs(M0.into(), 1);
            }
            a.read.add_sgprs(EXEC_LO.into(), 1);
        }
        // MUBUF: the model runs only the cache invalidates, which name no register.
        _ => {}
    }
    a
}

/// An 8-bit scalar source: a register below 128, else a constant, SCC or the literal.
fn scalar_source(regs: &mut Regs, code: u8, bits: u16) {
    if code < 128 {
        scalar(regs, code.into(), bits);
    }
}

/// The implicit registers of scalar instructions.
fn scalar_implicit(mn: Mn, a: &mut Access) {
    let exec = EXEC_LO.into();
    match mn {
        Mn::s_cbranch_vccz | Mn::s_cbranch_vccnz => a.read.add_sgprs(VCC_LO.into(), 1),
        Mn::s_cbranch_execz | Mn::s_cbranch_execnz => a.read.add_sgprs(exec, 1),
        Mn::s_sendmsg
        | Mn::s_sendmsghalt
        | Mn::s_sendmsg_rtn_b32
        | Mn::s_sendmsg_rtn_b64
        | Mn::s_movreld_b32
        | Mn::s_movreld_b64
        | Mn::s_movrels_b32
        | Mn::s_movrels_b64
        | Mn::s_movrelsd_2_b32 => a.read.add_sgprs(M0.into(), 1),
        Mn::s_and_saveexec_b32
        | Mn::s_and_saveexec_b64
        | Mn::s_or_saveexec_b32
        | Mn::s_or_saveexec_b64
        | Mn::s_xor_saveexec_b32
        | Mn::s_xor_saveexec_b64
        | Mn::s_nand_saveexec_b32
        | Mn::s_nand_saveexec_b64
        | Mn::s_nor_saveexec_b32
        | Mn::s_nor_saveexec_b64
        | Mn::s_xnor_saveexec_b32
        | Mn::s_xnor_saveexec_b64
        | Mn::s_and_not0_saveexec_b32
        | Mn::s_and_not0_saveexec_b64
        | Mn::s_and_not1_saveexec_b32
        | Mn::s_and_not1_saveexec_b64
        | Mn::s_or_not0_saveexec_b32
        | Mn::s_or_not0_saveexec_b64
        | Mn::s_or_not1_saveexec_b32
        | Mn::s_or_not1_saveexec_b64
        | Mn::s_and_not0_wrexec_b32
        | Mn::s_and_not0_wrexec_b64
        | Mn::s_and_not1_wrexec_b32
        | Mn::s_and_not1_wrexec_b64 => {
            a.read.add_sgprs(exec, 1);
            a.written.add_sgprs(exec, 1);
        }
        _ => {}
    }
}

/// The operands of a VALU row `op` (one half of a VOPD pair, or the whole instruction)
/// with its destination field and its three source fields (VSRC1 in the second).
fn valu_operands(op: &OpInfo, vdst: u8, src: [u16; 3], a: &mut Access, instr: &Instr) {
    // A VCC operand before any source is the e32 form's result, after one a source.
    let mut sourced = false;
    for arg in &op.args {
        let bits = arg.width();
        match arg.kind {
            ArgKind::Vdst => a.written.add_vgprs(vdst.into(), arg.ty.regs().into()),
            ArgKind::Sdst if op.format == Format::Vop3sd => {
                scalar(&mut a.written, instr.sdst.into(), bits)
            }
            ArgKind::Sdst => scalar(&mut a.written, vdst.into(), bits),
            ArgKind::Vcc if sourced => a.read.add_sgprs(VCC_LO.into(), 1),
            ArgKind::Vcc => a.written.add_sgprs(VCC_LO.into(), 1),
            ArgKind::Src0 => {
                sourced = true;
                source(&mut a.read, src[0], bits)
            }
            ArgKind::Src1 | ArgKind::Vsrc1 => {
                sourced = true;
                source(&mut a.read, src[1], bits)
            }
            ArgKind::Src2 => {
                sourced = true;
                source(&mut a.read, src[2], bits)
            }
            _ => {}
        }
    }
}

/// How an outstanding instruction counts down on one counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// In issue order with the other instructions of the same stream on its counter.
    Stream(Stream),
    /// In any order (SMEM, messages, GDS).
    Unordered,
}

/// The in-order streams of the counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// `vmcnt`: VMEM loads and returning atomics.
    VmemLoads,
    /// `vscnt`: VMEM stores and atomics without return.
    VmemStores,
    /// `lgkmcnt`: DS instructions and the LDS part of FLAT ones.
    Lds,
}

/// What a memory instruction adds to the counters and which registers it writes when it
/// completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemOp {
    pub parts: [Option<(Counter, Order)>; 2],
    pub dest: Regs,
}

/// The memory operation of `instr`, if it counts on a counter.
pub fn mem_op(instr: &Instr) -> Option<MemOp> {
    let op = instr.op;
    let dest = access(instr).written;
    let lgkm_unordered = Some((Counter::Lgkm, Order::Unordered));
    let parts = match op.format {
        Format::Smem => [lgkm_unordered, None],
        Format::Ds if instr.gds => [lgkm_unordered, None],
        Format::Ds => [Some((Counter::Lgkm, Order::Stream(Stream::Lds))), None],
        Format::Flat | Format::Global | Format::Scratch => {
            let returns = has(op, ArgKind::Vdst) && (!is_vmem_atomic(op) || instr.glc);
            let to_lds = !has(op, ArgKind::Vdst) && !has(op, ArgKind::Vdata);
            let vm = if returns || to_lds {
                (Counter::Vm, Order::Stream(Stream::VmemLoads))
            } else {
                (Counter::Vs, Order::Stream(Stream::VmemStores))
            };
            let lds =
                (op.format == Format::Flat).then_some((Counter::Lgkm, Order::Stream(Stream::Lds)));
            [Some(vm), lds]
        }
        _ => match op.mn {
            Mn::s_sendmsg | Mn::s_sendmsghalt | Mn::s_sendmsg_rtn_b32 | Mn::s_sendmsg_rtn_b64 => {
                [lgkm_unordered, None]
            }
            _ => return None,
        },
    };
    Some(MemOp { parts, dest })
}

/// The counter values a wait instruction waits for (`None`: that counter not waited
/// for); `sgpr` reads a scalar register (the `s_waitcnt_*cnt` operand).
pub fn wait_of(instr: &Instr, sgpr: impl Fn(u8) -> u32) -> Option<PerCounter<Option<u32>>> {
    let simm = u32::from(instr.simm16);
    let field = |counter: Counter| {
        let s0 = match instr.sdst {
            NULL => 0,
            c if c < 128 => sgpr(c),
            _ => 0,
        };
        let mut w = [None; 3];
        w[counter as usize] = Some((s0 + simm) & 0x3f);
        w
    };
    Some(match instr.op.mn {
        Mn::s_waitcnt => [Some(simm >> 10 & 0x3f), None, Some(simm >> 4 & 0x3f)],
        Mn::s_waitcnt_vmcnt => field(Counter::Vm),
        Mn::s_waitcnt_vscnt => field(Counter::Vs),
        Mn::s_waitcnt_lgkmcnt => field(Counter::Lgkm),
        Mn::s_wait_idle | Mn::s_endpgm => [Some(0); 3],
        _ => return None,
    })
}

/// One counter's share of an outstanding instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Part {
    counter: Counter,
    order: Order,
    /// Instructions issued after this one that count down after it on the counter.
    later: u32,
}

/// An instruction real hardware may still have outstanding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outstanding {
    /// Its number in issue order.
    seq: u64,
    pub pc: u32,
    pub mn: Mn,
    pub dest: Regs,
    parts: [Option<Part>; 2],
}

impl Outstanding {
    /// The largest wait per counter that makes sure it has completed.
    pub fn needs(&self) -> PerCounter<Option<u32>> {
        let mut n = [None; 3];
        for p in self.parts.iter().flatten() {
            n[p.counter as usize] = Some(p.later);
        }
        n
    }
}

/// `s_waitcnt` operands as text: `vmcnt(1) lgkmcnt(0)`.
pub fn waits_text(needs: &PerCounter<Option<u32>>) -> String {
    let parts: Vec<String> = Counter::ALL
        .iter()
        .filter_map(|&c| needs[c as usize].map(|n| format!("{}({n})", c.name())))
        .collect();
    parts.join(" ")
}

/// A register touched too early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hazard {
    pub reg: Reg,
    /// Whether the instruction reads it (else it only writes it).
    pub read: bool,
    /// The outstanding instruction that writes it (the oldest, when several do).
    pub load_pc: u32,
    pub load: Mn,
    /// The waits that make the instruction safe.
    pub needs: PerCounter<Option<u32>>,
}

impl fmt::Display for Hazard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let access = if self.read { "read" } else { "written" };
        let wait = if self.needs[Counter::Vs as usize].is_some()
            && self.needs[Counter::Vm as usize].is_none()
            && self.needs[Counter::Lgkm as usize].is_none()
        {
            format!("s_waitcnt_vscnt null, {}", self.needs[1].unwrap_or(0))
        } else {
            format!("s_waitcnt {}", waits_text(&self.needs))
        };
        write!(
            f,
            "{} {access} before the {} at pc 0x{:04x} completed (needs {wait})",
            self.reg,
            self.load.name(),
            self.load_pc
        )
    }
}

/// The outstanding memory instructions of one wave (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waits {
    outstanding: Vec<Outstanding>,
    issued: u64,
}

impl Waits {
    pub fn new() -> Waits {
        Waits::default()
    }

    /// The instructions still outstanding, oldest first.
    pub fn outstanding(&self) -> &[Outstanding] {
        &self.outstanding
    }

    /// The waits, per counter, that make sure every outstanding instruction writing one
    /// of the registers an instruction touches has completed (`None` where none is
    /// needed), with the oldest of them: the instruction's `access`, and its memory
    /// operation `op` if it has one (see `Waits::touched`).
    pub fn needs(
        &self,
        access: &Access,
        op: Option<&MemOp>,
    ) -> (PerCounter<Option<u32>>, Option<&Outstanding>) {
        let mut needs: PerCounter<Option<u32>> = [None; 3];
        let mut oldest = None;
        for o in &self.outstanding {
            if Waits::touched(o, access, op).is_empty() {
                continue;
            }
            oldest.get_or_insert(o);
            for (n, m) in needs.iter_mut().zip(o.needs()) {
                if let Some(m) = m {
                    *n = Some(n.map_or(m, |n: u32| n.min(m)));
                }
            }
        }
        (needs, oldest)
    }

    /// The registers of outstanding `o` an instruction with `access` and memory
    /// operation `op` touches too early. A load whose results come back in the same
    /// in-order stream as `o`'s may write `o`'s registers: VMEM loads of one type write
    /// their VGPRs in order (LLVM's `hasVmemWriteVgprInOrder` on gfx11, which clang's
    /// code relies on: a `d16_hi` load into the register of the load before it).
    fn touched(o: &Outstanding, access: &Access, op: Option<&MemOp>) -> Regs {
        let in_order = op.is_some_and(|op| {
            o.parts.iter().zip(&op.parts).all(|(a, b)| match (a, b) {
                (Some(a), Some((counter, order))) => {
                    a.counter == *counter
                        && a.order == *order
                        && a.order == Order::Stream(Stream::VmemLoads)
                }
                (None, None) => true,
                _ => false,
            })
        });
        let regs = if in_order { access.read } else { access.all() };
        o.dest.intersection(regs)
    }

    /// The hazard of an instruction with `access` and memory operation `op`, if any.
    pub fn check(&self, access: &Access, op: Option<&MemOp>) -> Option<Hazard> {
        let (needs, oldest) = self.needs(access, op);
        let o = oldest?;
        let touched = Waits::touched(o, access, op);
        let read = !touched.intersection(access.read).is_empty();
        Some(Hazard {
            reg: touched.first()?,
            read,
            load_pc: o.pc,
            load: o.mn,
            needs,
        })
    }

    /// A wait for the counters at or below `limits`: the outstanding instructions that
    /// have surely completed then are dropped.
    pub fn wait(&mut self, limits: PerCounter<Option<u32>>) {
        for o in &mut self.outstanding {
            for part in &mut o.parts {
                if let Some(p) = part {
                    if limits[p.counter as usize].is_some_and(|n| p.later >= n) {
                        *part = None;
                    }
                }
            }
        }
        self.outstanding
            .retain(|o| o.parts.iter().any(Option::is_some));
    }

    /// A memory instruction issues at `pc`.
    pub fn issue(&mut self, pc: u32, mn: Mn, op: MemOp) {
        for &(counter, order) in op.parts.iter().flatten() {
            if let Order::Stream(s) = order {
                let same = Order::Stream(s);
                for o in &mut self.outstanding {
                    for p in o.parts.iter_mut().flatten() {
                        if p.counter == counter && p.order == same {
                            p.later += 1;
                        }
                    }
                }
            }
        }
        let part = |p: Option<(Counter, Order)>| {
            p.map(|(counter, order)| Part {
                counter,
                order,
                later: 0,
            })
        };
        self.issued += 1;
        self.outstanding.push(Outstanding {
            seq: self.issued,
            pc,
            mn,
            dest: op.dest,
            parts: [part(op.parts[0]), part(op.parts[1])],
        });
    }

    /// What an instruction that retired does to the outstanding ones (a wait, or a memory
    /// instruction issuing); `sgpr` reads the wave's scalar registers.
    pub fn retire(&mut self, instr: &Instr, pc: u32, sgpr: impl Fn(u8) -> u32) {
        if let Some(limits) = wait_of(instr, sgpr) {
            self.wait(limits);
        }
        if let Some(op) = mem_op(instr) {
            self.issue(pc, instr.op.mn, op);
        }
    }

    /// Joins the state of another path to the same point (a branch target reached both by
    /// the branch and by falling through): an instruction outstanding on either path is
    /// outstanding, with the fewer later instructions of the two. Both must come from one
    /// path up to their branch (the same issue numbers).
    pub fn join(&mut self, other: &Waits) {
        for o in &other.outstanding {
            match self.outstanding.iter_mut().find(|m| m.seq == o.seq) {
                Some(m) => {
                    for (mine, theirs) in m.parts.iter_mut().zip(&o.parts) {
                        match (mine.as_mut(), theirs) {
                            (Some(a), Some(b)) => a.later = a.later.min(b.later),
                            (None, Some(b)) => *mine = Some(*b),
                            _ => {}
                        }
                    }
                }
                None => self.outstanding.push(*o),
            }
        }
        self.outstanding.sort_by_key(|o| o.seq);
        self.issued = self.issued.max(other.issued);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instr(text: &str) -> Instr {
        let words = cu32_isa::asm::assemble(text, "t.s")
            .expect("assembles")
            .words;
        cu32_isa::decode(&words).expect("decodes")
    }

    fn vgprs(list: &[u16]) -> Regs {
        let mut r = Regs::default();
        for &v in list {
            r.add_vgprs(v, 1);
        }
        r
    }

    fn sgprs(list: &[u16]) -> Regs {
        let mut r = Regs::default();
        for &s in list {
            r.add_sgprs(s, 1);
        }
        r
    }

    #[test]
    fn operands_of_the_table_rows() {
        let a = access(&instr("v_add_nc_u32 v3, s4, v[5]"));
        assert_eq!(a.written, vgprs(&[3]));
        assert_eq!(a.read, vgprs(&[5]).union(sgprs(&[4, 126])));
        let a = access(&instr("global_load_b128 v[4:7], v1, s[2:3] offset:16"));
        assert_eq!(a.written, vgprs(&[4, 5, 6, 7]));
        assert_eq!(a.read, vgprs(&[1]).union(sgprs(&[2, 3, 126])));
        let a = access(&instr("global_store_b64 v[8:9], v[2:3], off"));
        assert_eq!(a.written, Regs::default());
        assert_eq!(a.read, vgprs(&[2, 3, 8, 9]).union(sgprs(&[126])));
        // An atomic without GLC returns nothing; with GLC it writes its VDST.
        assert!(access(&instr("global_atomic_add_u32 v1, v2, s[0:1]"))
            .written
            .is_empty());
        let a = access(&instr("global_atomic_add_u32 v7, v1, v2, s[0:1] glc"));
        assert_eq!(a.written, vgprs(&[7]));
        let a = access(&instr("s_load_b256 s[8:15], s[0:1], 0x10"));
        assert_eq!(a.written, sgprs(&[8, 9, 10, 11, 12, 13, 14, 15]));
        assert_eq!(a.read, sgprs(&[0, 1]));
        let a = access(&instr("ds_load_2addr_b64 v[0:3], v9 offset1:2"));
        assert_eq!(a.written, vgprs(&[0, 1, 2, 3]));
        let a = access(&instr("v_cndmask_b32_e32 v1, v2, v3, vcc_lo"));
        assert_eq!(a.read, vgprs(&[2, 3]).union(sgprs(&[106, 126])));
        let a = access(&instr("v_cmp_eq_u32_e32 vcc_lo, v1, v2"));
        assert_eq!(a.written, sgprs(&[106]));
        let a = access(&instr("s_cbranch_vccz 0"));
        assert_eq!(a.read, sgprs(&[106]));
        let a = access(&instr(
            "v_dual_mov_b32 v1, v2 :: v_dual_add_nc_u32 v4, v5, v6",
        ));
        assert_eq!(a.written, vgprs(&[1, 4]));
        assert_eq!(a.read, vgprs(&[2, 5, 6]).union(sgprs(&[126])));
        let a = access(&instr("s_add_u32 s0, s[2], 0x1234"));
        assert_eq!((a.read, a.written), (sgprs(&[2]), sgprs(&[0])));
    }

    #[test]
    fn counters_of_memory_instructions() {
        let vm = Some((Counter::Vm, Order::Stream(Stream::VmemLoads)));
        let vs = Some((Counter::Vs, Order::Stream(Stream::VmemStores)));
        let lds = Some((Counter::Lgkm, Order::Stream(Stream::Lds)));
        let smem = Some((Counter::Lgkm, Order::Unordered));
        let parts = |t: &str| mem_op(&instr(t)).map(|m| m.parts);
        assert_eq!(parts("global_load_b32 v1, v2, s[0:1]"), Some([vm, None]));
        assert_eq!(parts("global_store_b32 v2, v1, s[0:1]"), Some([vs, None]));
        assert_eq!(
            parts("global_atomic_add_u32 v1, v2, s[0:1]"),
            Some([vs, None])
        );
        assert_eq!(
            parts("global_atomic_add_u32 v0, v1, v2, s[0:1] glc"),
            Some([vm, None])
        );
        assert_eq!(parts("flat_load_b32 v1, v[2:3]"), Some([vm, lds]));
        assert_eq!(parts("flat_store_b32 v[2:3], v1"), Some([vs, lds]));
        assert_eq!(parts("scratch_load_b32 v1, off, s2"), Some([vm, None]));
        assert_eq!(parts("ds_store_b32 v1, v2"), Some([lds, None]));
        assert_eq!(parts("s_load_b32 s1, s[2:3], 0x0"), Some([smem, None]));
        assert_eq!(
            parts("s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)"),
            Some([smem, None])
        );
        assert_eq!(parts("v_add_nc_u32 v1, v2, v3"), None);
        assert_eq!(parts("s_waitcnt vmcnt(0)"), None);
    }

    #[test]
    fn wait_fields() {
        let none = |_| 0;
        let w = wait_of(&instr("s_waitcnt vmcnt(3) lgkmcnt(5)"), none);
        assert_eq!(w, Some([Some(3), None, Some(5)]));
        let w = wait_of(&instr("s_waitcnt vmcnt(2)"), none);
        assert_eq!(w, Some([Some(2), None, Some(63)]));
        let w = wait_of(&instr("s_waitcnt_vscnt null, 0x1"), none);
        assert_eq!(w, Some([None, Some(1), None]));
        // S0[5:0] + SIMM16[5:0], 6 bits.
        // (llvm-mc takes only `null` there; the field holds any SGPR.)
        let mut i = instr("s_waitcnt_vmcnt null, 0x3e");
        i.sdst = 3;
        let w = wait_of(&i, |s| u32::from(s == 3) * 3);
        assert_eq!(w, Some([Some(1), None, None]));
        assert_eq!(wait_of(&instr("s_endpgm"), none), Some([Some(0); 3]));
        assert_eq!(wait_of(&instr("s_nop 0"), none), None);
    }
}
