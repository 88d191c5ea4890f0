//! The fast path: the instructions compiled kernels spend most of their time in (the
//! scheduling hints that do nothing here, `s_endpgm` and `s_barrier`, short branches,
//! 32-bit scalar ALU and SOP1, `s_load`, integer VALU including 64-bit shifts and
//! `v_mad_u64_u32`, readlane, common f32 VALU and int-to-f32 conversions, VOPD pairs, DS
//! dword loads and stores, FLAT/GLOBAL loads and stores of bytes, shorts and whole
//! dwords (not the d16 forms), 32-bit integer global atomics), resolved once when the
//! program is decoded into plain data ([`Fast`]) and run directly on the wave, without the
//! general executor's write lists. The instructions are run by blocks ([`Block`]): runs
//! in program order from any instruction it takes up to `s_branch` or a stop, whose
//! statistics and budget are counted once per block (the vector lanes per instruction),
//! and whose scalar no-ops do nothing at all; a conditional branch taken, or an
//! instruction it gives up at run time, leaves its block there, and a budget that ends
//! inside a block runs only as many instructions.
//!
//! It is taken only when no trace event is wanted ([`Machine::run_quiet`]). It computes
//! with the general executor's own functions (`sop1_32`, `sop2_32`, [`Branch`], [`Cmp32`],
//! the `Op32`/`Op64` lane tables, `mad64`, `atomic`, `f32_fast`, `min_max`) and hands
//! everything else to the general executor, which stays the reference: instructions it
//! does not cover, operands it does not resolve at decode (TTMP or null destinations,
//! 16-bit operands, DPP, OMOD/clamp), and run-time cases it does not take (an f32 NaN, a
//! MODE other than round-to-nearest-even with f32 denormals, an access outside one
//! allocation). The per-opcode cases, the random streams, the kernel tests and the tests
//! here (budget cuts inside blocks, faults inside blocks, f32 NaNs) run both paths and
//! compare them.
//!
//! On x86-64 CPUs with AVX2 (checked at run time), the f32 operations, DS dword loads
//! (gathers) and their lane writes are compiled for it; the lane writes there are explicit
//! blends with whole 32-byte stores, because LLVM's own choice, a masked store
//! (VPMASKMOVD), is many times slower on AMD Zen.

use super::lds::two_addr;
use super::program::Decoded;
use super::salu::{exec_mask_fn, exec_mask_form, sop1_32, sop2_32, Branch, Cmp32};
use super::smem::load_dwords;
use super::valu::{int_compare_mask32, mad64, CarryOp, Dual, Kind, Op32, Op64};
use super::valu_float::{f32_fast_lanes, f32_fast_mode, FastF32, FloatOp, Fmt, Op};
use super::vmem::{atomic, lanes, load_kind, store_kind, Dest};
use super::workgroup::Stats;
use super::{per_lane, write_lanes, Lanes, Machine, ModelError, Wave, LANES};
use crate::memory::Memory;
use cu32_isa::encoding::SRC_VGPR0;
use cu32_isa::operand::{
    inline_constant, EXEC_LO, M0, NULL, NUM_SGPRS, SRC_LITERAL, SRC_SCC, TTMP0, VCC_LO,
};
use cu32_isa::table::ArgType;
use cu32_isa::{Accept, Arg, ArgKind, Format, Instr, Mn};
use std::sync::Arc;

/// One instruction of the sweep as the fast path sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Fast {
    format: Format,
    /// Length in dwords.
    len: u8,
    /// Whether it counts its EXEC lanes in the statistics (VALU and vector memory).
    vector: bool,
    entry: Entry,
}

/// What an instruction is to the fast path's blocks.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// Not on the fast path: the general executor runs it.
    General,
    /// `s_endpgm` (`end`) or `s_barrier`: it ends its block, and the wave ends or waits
    /// after it.
    Stop { end: bool },
    /// `s_branch` to a target inside the program (checked at decode): it ends its block.
    Jump { target: u32 },
    /// An operation run in its block (a conditional branch: one that leaves it when
    /// taken).
    Op(FastOp),
}

/// What a fast-path operation does. (`repr(u8)`: a plain tag byte, which the dispatch
/// reads with fewer instructions than a niche-encoded one.)
#[derive(Clone, Copy, Debug)]
#[repr(u8)]
enum FastOp {
    /// Nothing (a scalar one has no step in its block; a vector one counts its lanes).
    Nop,
    /// A conditional short branch to a target inside the program (checked at decode).
    Branch { cond: Branch, target: u32 },
    /// A 32-bit SOP2 opcode.
    Sop2 { mn: Mn, a: SSrc, b: SSrc, d: u8 },
    /// One of the common SOP2 opcodes of [`ScalarOp`], computed in the loop.
    Scalar {
        op: ScalarOp,
        a: SSrc,
        b: SSrc,
        d: u8,
    },
    /// A 32-bit `s_cmp_*`.
    Cmp { cmp: Cmp32, a: SSrc, b: SSrc },
    /// `s_mov_b32`.
    Mov { src: SSrc, d: u8 },
    /// A 32-bit SOP1 opcode of `sop1_32`.
    Sop1 { mn: Mn, a: SSrc, d: u8 },
    /// `s_<op>_saveexec_b32` / `s_<op>_wrexec_b32`.
    ExecMask {
        f: fn(u64, u64) -> u64,
        wrexec: bool,
        src: SSrc,
        d: u8,
    },
    /// `s_load_b32` .. `s_load_b512` into plain SGPRs, from one allocation.
    Sload {
        sbase: u8,
        offset: i32,
        soffset: SSrc,
        sdata: u8,
        dwords: u8,
    },
    /// `v_mov_b32`, EXEC-masked.
    VMov { src: VSrc, vdst: u8 },
    /// An integer VALU opcode on 32-bit operands, EXEC-masked.
    Valu { f: Op32, src: [VSrc; 3], vdst: u8 },
    /// One of the common integer VALU opcodes of [`IntOp`], computed in the loop.
    Int { op: IntOp, src: [VSrc; 3], vdst: u8 },
    /// An add or subtract with carry-out to `sdst` (and carry-in from `mask`).
    Carry {
        f: CarryOp,
        src: [VSrc; 2],
        mask: SSrc,
        vdst: u8,
        sdst: u8,
    },
    /// A 32-bit integer compare writing its lane mask to `dst` (EXEC for v_cmpx).
    IntCmp {
        pred: u8,
        signed: bool,
        src: [VSrc; 2],
        dst: u8,
    },
    /// `v_readlane_b32` (`lane` from a scalar source) / `v_readfirstlane_b32` (`lane`
    /// none: the lowest EXEC lane, lane 0 without any) into `d`.
    ReadLane { src: u8, lane: Option<SSrc>, d: u8 },
    /// `v_cndmask_b32`: S1 where the `mask` bit is set, else S0.
    Cndmask {
        src: [VSrc; 2],
        mask: SSrc,
        vdst: u8,
    },
    /// An integer VALU opcode with a 64-bit source or destination, EXEC-masked.
    Valu64 {
        f: Op64,
        src: [WideSrc; 3],
        vdst: u8,
        wide: bool,
    },
    /// `v_mad_u64_u32` / `v_mad_i64_i32`: bit 64 of each active lane's result into
    /// `sdst` (unless it is null).
    Mad64 {
        signed: bool,
        src: [WideSrc; 3],
        vdst: u8,
        sdst: u8,
    },
    /// An f32 opcode `f32_fast` covers.
    F32(F32Instr),
    /// A DS load or store of whole dwords.
    Ds(DsInstr),
    /// A FLAT/GLOBAL load or store of whole dwords.
    Vmem(VmemInstr),
    /// A FLAT/GLOBAL 32-bit integer atomic whose operation needs no second operand.
    Atomic(AtomicInstr),
    /// A VOPD pair whose halves are both on the fast path.
    Vopd(VopdInstr),
}

/// The SOP2 opcodes compiled kernels use most (EXEC mask arithmetic, loop counters),
/// computed in the fast path's loop itself (the others by `sop2_32`), each as `sop2_32`
/// computes it.
#[derive(Clone, Copy, Debug)]
enum ScalarOp {
    And,
    Or,
    AndNot1,
    AddI32,
    Cselect,
}

impl ScalarOp {
    /// The form of opcode `mn`, if it is one of them.
    fn of(mn: Mn) -> Option<ScalarOp> {
        Some(match mn {
            Mn::s_and_b32 => ScalarOp::And,
            Mn::s_or_b32 => ScalarOp::Or,
            Mn::s_and_not1_b32 => ScalarOp::AndNot1,
            Mn::s_add_i32 => ScalarOp::AddI32,
            Mn::s_cselect_b32 => ScalarOp::Cselect,
            _ => return None,
        })
    }

    /// The result and SCC after it.
    #[inline(always)]
    fn apply(self, a: u32, b: u32, scc: bool) -> (u32, bool) {
        let nz = |d: u32| (d, d != 0);
        match self {
            ScalarOp::And => nz(a & b),
            ScalarOp::Or => nz(a | b),
            ScalarOp::AndNot1 => nz(a & !b),
            ScalarOp::AddI32 => {
                let d = a.wrapping_add(b);
                (d, (a >> 31 == b >> 31) && (a >> 31 != d >> 31))
            }
            ScalarOp::Cselect => (if scc { a } else { b }, scc),
        }
    }
}

/// The integer VALU opcodes compiled kernels use most, computed in the fast path's loop
/// itself (the others through their `Op32` lane function): each as its `valu` table
/// entry computes it.
#[derive(Clone, Copy, Debug)]
enum IntOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Lshlrev,
    Lshrrev,
    MulLo,
    Add3,
    LshlAdd,
    BfeU32,
}

impl IntOp {
    /// The form of opcode `mn`, if it is one of them.
    fn of(mn: Mn) -> Option<IntOp> {
        Some(match mn {
            Mn::v_add_nc_u32 => IntOp::Add,
            Mn::v_sub_nc_u32 => IntOp::Sub,
            Mn::v_and_b32 => IntOp::And,
            Mn::v_or_b32 => IntOp::Or,
            Mn::v_xor_b32 => IntOp::Xor,
            Mn::v_lshlrev_b32 => IntOp::Lshlrev,
            Mn::v_lshrrev_b32 => IntOp::Lshrrev,
            Mn::v_mul_lo_u32 => IntOp::MulLo,
            Mn::v_add3_u32 => IntOp::Add3,
            Mn::v_lshl_add_u32 => IntOp::LshlAdd,
            Mn::v_bfe_u32 => IntOp::BfeU32,
            _ => return None,
        })
    }

    /// Every lane's result.
    #[inline(always)]
    fn lanes(self, a: &Lanes, b: &Lanes, c: &Lanes) -> Lanes {
        match self {
            IntOp::Add => per_lane(|l| a[l].wrapping_add(b[l])),
            IntOp::Sub => per_lane(|l| a[l].wrapping_sub(b[l])),
            IntOp::And => per_lane(|l| a[l] & b[l]),
            IntOp::Or => per_lane(|l| a[l] | b[l]),
            IntOp::Xor => per_lane(|l| a[l] ^ b[l]),
            IntOp::Lshlrev => per_lane(|l| b[l] << (a[l] & 31)),
            IntOp::Lshrrev => per_lane(|l| b[l] >> (a[l] & 31)),
            IntOp::MulLo => per_lane(|l| a[l].wrapping_mul(b[l])),
            IntOp::Add3 => per_lane(|l| a[l].wrapping_add(b[l]).wrapping_add(c[l])),
            IntOp::LshlAdd => per_lane(|l| (a[l] << (b[l] & 31)).wrapping_add(c[l])),
            IntOp::BfeU32 => per_lane(|l| (a[l] >> (b[l] & 31)) & ((1u32 << (c[l] & 31)) - 1)),
        }
    }
}

/// An f32 opcode `f32_fast` covers: abs/neg bits per source, the K literal, and where the
/// result goes.
#[derive(Clone, Copy, Debug)]
struct F32Instr {
    op: Op,
    src: [VSrc; 3],
    abs: u8,
    neg: u8,
    k: u32,
    dst: F32Dst,
}

/// A DS load or store of `size` bytes (a multiple of 4) at one address (ADDR +
/// `offsets[0]`) or two (`two`: the 2addr forms, ADDR + `offsets[n]`), from DATA0 (and
/// DATA1) or into VDST onwards; the fast path takes it when every active lane's access is
/// inside the LDS.
#[derive(Clone, Copy, Debug)]
struct DsInstr {
    store: bool,
    size: u32,
    two: bool,
    offsets: [u32; 2],
    addr: u8,
    data: [u8; 2],
    vdst: u8,
}

/// A FLAT/GLOBAL load or store of `size` bytes (1, 2 or a multiple of 4) per lane at the lane's
/// 64-bit VGPR pair ADDR, or (GLOBAL with SADDR) the SGPR pair `saddr` + the lane's 32-bit
/// ADDR, + `offset`; the fast path takes it when every active lane's bytes lie in one
/// allocation (writable, for a store).
#[derive(Clone, Copy, Debug)]
struct VmemInstr {
    store: bool,
    size: u32,
    /// A byte or short load sign-extends (else zero-extends).
    signed: bool,
    saddr: Option<u8>,
    addr: u8,
    offset: i32,
    data: u8,
    vdst: u8,
}

/// A FLAT/GLOBAL 32-bit integer atomic (operation `op` of `vmem::atomic`) at the
/// addresses of `at` (whose `store`, `size` and `signed` are unused), from DATA, the
/// pre-op value into VDST when `ret`; lanes in order, as the general executor runs them.
#[derive(Clone, Copy, Debug)]
struct AtomicInstr {
    at: VmemInstr,
    op: &'static str,
    signed: bool,
    ret: bool,
}

/// A VOPD pair whose halves are both on the fast path, and the K literal.
#[derive(Clone, Copy, Debug)]
struct VopdInstr {
    halves: [Half; 2],
    k: u32,
}

/// Where an f32 fast opcode's result goes.
#[derive(Clone, Copy, Debug)]
enum F32Dst {
    Vgpr(u8),
    /// A compare's lane mask into this scalar register (VCC, an SGPR, or EXEC for v_cmpx).
    Mask(u8),
}

/// One half of a VOPD pair.
#[derive(Clone, Copy, Debug)]
struct Half {
    op: HalfOp,
    src: [VSrc; 2],
    vdst: u8,
}

#[derive(Clone, Copy, Debug)]
enum HalfOp {
    Op32(Op32),
    Cndmask,
    F32(Op),
}

/// A 32-bit scalar source: a register of the scalar space, a constant (inline or the
/// literal), or SCC.
#[derive(Clone, Copy, Debug)]
enum SSrc {
    Sgpr(u8),
    Const(u32),
    Scc,
}

impl SSrc {
    /// The source `code` as the general executor's `src32` reads it, if it is one.
    fn of(instr: &Instr, code: u8) -> Option<SSrc> {
        match code {
            0..=127 => Some(SSrc::Sgpr(code)),
            SRC_SCC => Some(SSrc::Scc),
            SRC_LITERAL => Some(SSrc::Const(instr.literal.unwrap_or(0))),
            _ => inline_constant(code, 32).map(|v| SSrc::Const(v as u32)),
        }
    }

    fn read(self, wave: &Wave) -> u32 {
        match self {
            SSrc::Sgpr(r) => wave.sgpr[usize::from(r)],
            SSrc::Const(v) => v,
            SSrc::Scc => u32::from(wave.scc),
        }
    }
}

/// A 32-bit VALU source: a VGPR or a scalar source broadcast to every lane (or none).
/// (`repr(u8)`: a plain tag byte, not one shared with the scalar source's, so that the
/// common case, a VGPR, is found with one compare.)
#[derive(Clone, Copy, Debug)]
#[repr(u8)]
enum VSrc {
    Vgpr(u8),
    Scalar(SSrc),
    /// Not an operand of the opcode: reads as zero.
    Unused,
}

static ZEROS: Lanes = [0; LANES];

impl VSrc {
    /// Operand `arg` in field `code`, when it is 32 bits wide and readable here.
    fn of(instr: &Instr, code: u16, arg: Arg) -> Option<VSrc> {
        if arg.ty.bits() != 32 {
            return None;
        }
        if code >= SRC_VGPR0 {
            return Some(VSrc::Vgpr((code - SRC_VGPR0) as u8));
        }
        if arg.accept == Accept::Vgpr {
            return None;
        }
        SSrc::of(instr, code as u8).map(VSrc::Scalar)
    }

    /// The lanes of the source: the VGPR itself, or `tmp` filled with the scalar value.
    #[inline(always)]
    fn lanes<'a>(self, wave: &'a Wave, tmp: &'a mut Lanes) -> &'a Lanes {
        match self {
            VSrc::Vgpr(v) => &wave.vgpr[usize::from(v)],
            VSrc::Scalar(s) => {
                *tmp = [s.read(wave); LANES];
                tmp
            }
            VSrc::Unused => &ZEROS,
        }
    }

    /// [`VSrc::lanes`], or `tmp` itself when it holds the source with its modifiers.
    #[inline(always)]
    fn modified<'a>(self, in_tmp: bool, wave: &'a Wave, tmp: &'a mut Lanes) -> &'a Lanes {
        if in_tmp {
            tmp
        } else {
            self.lanes(wave, tmp)
        }
    }
}

/// An integer VALU source of 32 or 64 bits, as the general executor's `vsrc` reads it
/// (zero-extended to 64 bits).
#[derive(Clone, Copy, Debug)]
enum WideSrc {
    /// VGPR `v`, and `v + 1` as the high half when `pair`.
    Vgpr { v: u8, pair: bool },
    /// A 32-bit scalar source.
    Scalar(SSrc),
    /// The 64-bit SGPR pair at this code.
    Pair(u8),
    /// A 64-bit constant.
    Const(u64),
}

impl WideSrc {
    /// Operand `arg` in field `code`, when it is readable here.
    fn of(instr: &Instr, code: u16, arg: Arg) -> Option<WideSrc> {
        let pair = match arg.ty.bits() {
            32 => false,
            64 => true,
            _ => return None,
        };
        if code >= SRC_VGPR0 {
            let v = u8::try_from(code - SRC_VGPR0).ok()?;
            // A pair must not run past v255 (the general executor's error).
            return (!pair || v < u8::MAX).then_some(WideSrc::Vgpr { v, pair });
        }
        if arg.accept == Accept::Vgpr {
            return None;
        }
        let code = code as u8;
        if !pair {
            return SSrc::of(instr, code).map(WideSrc::Scalar);
        }
        match code {
            NULL | M0 | SRC_SCC | SRC_LITERAL => None,
            0..=127 => Some(WideSrc::Pair(code)),
            _ => inline_constant(code, 64).map(WideSrc::Const),
        }
    }

    /// Every lane's value.
    #[inline(always)]
    fn read(self, wave: &Wave) -> [u64; LANES] {
        match self {
            WideSrc::Vgpr { v, pair } => {
                let lo = &wave.vgpr[usize::from(v)];
                if pair {
                    let hi = &wave.vgpr[usize::from(v) + 1];
                    per_lane(|l| u64::from(lo[l]) | u64::from(hi[l]) << 32)
                } else {
                    per_lane(|l| u64::from(lo[l]))
                }
            }
            WideSrc::Scalar(s) => [u64::from(s.read(wave)); LANES],
            WideSrc::Pair(code) => [wave.pair(code); LANES],
            WideSrc::Const(c) => [c; LANES],
        }
    }
}

/// [`FastOp::Valu64`].
#[inline(always)]
fn valu64<const AVX2: bool>(
    w: &mut Wave,
    f: Op64,
    src: &[WideSrc; 3],
    vdst: u8,
    wide: bool,
    exec: u32,
) {
    let d = f(&src[0].read(w), &src[1].read(w), &src[2].read(w));
    write_wide::<AVX2>(w, vdst, wide, exec, &d);
}

/// [`FastOp::Mad64`].
#[inline(always)]
fn mad<const AVX2: bool>(
    w: &mut Wave,
    signed: bool,
    src: &[WideSrc; 3],
    vdst: u8,
    sdst: u8,
    exec: u32,
) {
    let (a, b, c) = (src[0].read(w), src[1].read(w), src[2].read(w));
    let (d, carry): ([u64; LANES], [bool; LANES]) = if signed {
        let r: [u128; LANES] = per_lane(|l| mad64(signed, a[l], b[l], c[l]));
        (per_lane(|l| r[l] as u64), per_lane(|l| r[l] >> 64 & 1 == 1))
    } else {
        // `mad64` in 64-bit arithmetic (vectorizes): S0 and S1 are 32-bit sources, read
        // zero-extended, so their product fits; bit 64 is the carry of adding S2.
        let d = per_lane(|l| (a[l] * b[l]).wrapping_add(c[l]));
        (d, per_lane(|l| d[l] < c[l]))
    };
    if sdst != NULL {
        let carry = (0..LANES).fold(0u32, |m, l| m | u32::from(carry[l]) << l);
        w.sgpr[usize::from(sdst)] = carry & exec;
    }
    write_wide::<AVX2>(w, vdst, true, exec, &d);
}

/// Writes 64-bit `values` under `exec` to VGPR `v` (low halves) and, when `wide`, `v + 1`.
#[inline(always)]
fn write_wide<const AVX2: bool>(w: &mut Wave, v: u8, wide: bool, exec: u32, values: &[u64; LANES]) {
    put::<AVX2>(
        &mut w.vgpr[usize::from(v)],
        exec,
        &per_lane(|l| values[l] as u32),
    );
    if wide {
        let hi = per_lane(|l| (values[l] >> 32) as u32);
        put::<AVX2>(&mut w.vgpr[usize::from(v) + 1], exec, &hi);
    }
}

/// Whether a scalar destination is written as it is (not null, not a TTMP, whose writes
/// the general executor drops).
fn plain_sdst(code: u8) -> bool {
    code < TTMP0 || code == M0 || code == EXEC_LO || code == EXEC_LO + 1
}

/// The f32 opcodes `f32_fast` computes.
fn f32_fast_op(op: Op) -> bool {
    matches!(
        op,
        Op::Add
            | Op::Sub
            | Op::Subrev
            | Op::Mul
            | Op::Fma
            | Op::Fmac
            | Op::Fmamk
            | Op::Fmaak
            | Op::Min
            | Op::Max
            | Op::Sqrt
            | Op::Rcp
            | Op::Rsq
            | Op::FromInt(_)
            | Op::Cmp(_)
    )
}

impl Fast {
    /// The entry of a dword where no instruction starts, or none the sweep decoded.
    const GENERAL: Fast = Fast {
        format: Format::Sopp,
        len: 1,
        vector: false,
        entry: Entry::General,
    };

    /// The fast form of `d`, decoded at byte `pc` of a program of `len` bytes.
    fn of(d: &Decoded, pc: u32, len: u64) -> Fast {
        let entry = if d.unsupported.is_some() {
            Entry::General
        } else {
            resolve(d, pc, len).unwrap_or(Entry::General)
        };
        let format = d.instr.op.format;
        Fast {
            format,
            len: d.len as u8,
            vector: format.is_valu_or_vopd() || format.is_vector_memory(),
            entry,
        }
    }
}

/// The most instructions in a block (its counts fit in bytes, and building the blocks takes
/// time linear in the program's length).
const BLOCK_MAX: u8 = 64;

/// A program's fast path: the [`Fast`] entry of every dword, the steps of its operations
/// in program order, the block that starts at every dword where the fast path takes the
/// instruction, and at every dword (and past the last) the [`Tally`] of the sweep's
/// instructions before it, so that the statistics of the instructions from one dword to
/// another in program order are a difference.
#[derive(Debug)]
pub(super) struct FastCode {
    table: Vec<Fast>,
    steps: Vec<Step>,
    blocks: Vec<Option<Block>>,
    totals: Vec<Tally>,
}

/// An operation as its block runs it, at byte `pc`.
#[derive(Clone, Copy, Debug)]
struct Step {
    op: FastOp,
    pc: u32,
    lanes: LaneCount,
}

/// Where an operation's EXEC lanes count in the statistics (the index of their sum).
#[derive(Clone, Copy, Debug)]
enum LaneCount {
    /// Not at all: a scalar instruction.
    Scalar,
    Valu,
    /// Vector memory.
    Memory,
}

/// Instructions the fast path takes, run in one go: from its first dword on, up to and
/// with `s_branch` or a stop, or up to an instruction it does not take, at most
/// [`BLOCK_MAX`]; a conditional branch taken leaves it there. The scalar no-ops have no
/// step; the statistics are counted once per block (and the vector lanes per step).
#[derive(Clone, Copy, Debug)]
struct Block {
    /// The steps: `steps` of them from index `first` of [`FastCode::steps`].
    first: u32,
    steps: u8,
    /// How many instructions it has.
    n: u8,
    /// The byte PC after its last instruction.
    after: u32,
    end: End,
}

/// How a block ends.
#[derive(Clone, Copy, Debug)]
enum End {
    /// It goes on at its `after`.
    Next,
    /// `s_endpgm` (`end`) or `s_barrier`.
    Stop { end: bool },
    /// `s_branch`.
    Jump { target: u32 },
}

/// Instructions for the statistics: `n` in all, `formats[f]` of them of format `f`
/// (`Format as usize`), `scalars` counting one lane-instruction each, `valus` VALU or
/// VOPD.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    n: u32,
    pub(super) formats: [u32; Format::ALL.len()],
    pub(super) scalars: u32,
    pub(super) valus: u32,
}

impl Tally {
    fn add(&mut self, f: &Fast) {
        self.n += 1;
        self.formats[f.format as usize] += 1;
        self.scalars += u32::from(!f.vector);
        self.valus += u32::from(f.format.is_valu_or_vopd());
    }
}

impl FastCode {
    /// The fast path of a program of `len` bytes whose sweep decoded `decoded` (by dword).
    pub(super) fn new(decoded: &[Option<Decoded>], len: u64) -> FastCode {
        let table: Vec<Fast> = decoded
            .iter()
            .enumerate()
            .map(|(at, d)| {
                d.as_ref()
                    .map_or(Fast::GENERAL, |d| Fast::of(d, at as u32 * 4, len))
            })
            .collect();
        // The index of the first step at or after every dword, and past the last.
        let mut first = Vec::with_capacity(table.len() + 1);
        let mut steps = Vec::new();
        for (at, f) in table.iter().enumerate() {
            first.push(steps.len() as u32);
            match f.entry {
                Entry::Op(FastOp::Nop) if !f.vector => {}
                Entry::Op(op) => steps.push(Step {
                    op,
                    pc: 4 * at as u32,
                    lanes: match f.format {
                        f if f.is_valu_or_vopd() => LaneCount::Valu,
                        _ if f.vector => LaneCount::Memory,
                        _ => LaneCount::Scalar,
                    },
                }),
                _ => {}
            }
        }
        first.push(steps.len() as u32);
        let blocks = (0..table.len())
            .map(|at| block(&table, &first, at))
            .collect();
        let mut totals = vec![Tally::default(); table.len() + 1];
        for (at, f) in table.iter().enumerate() {
            totals[at + 1] = totals[at];
            if decoded[at].is_some() {
                totals[at + 1].add(f);
            }
        }
        FastCode {
            table,
            steps,
            blocks,
            totals,
        }
    }

    /// The byte PC after the `n` instructions from byte `pc` on (inside a block).
    fn skip(&self, mut pc: u32, n: u64) -> u32 {
        for _ in 0..n {
            pc += 4 * u32::from(self.table[pc as usize / 4].len);
        }
        pc
    }

    /// The instructions from byte `start` up to byte `end` (in program order): the
    /// [`Tally`] after them and the one before them.
    fn span(&self, start: u32, end: u32) -> (&Tally, &Tally) {
        (
            &self.totals[end as usize / 4],
            &self.totals[start as usize / 4],
        )
    }
}

/// The block that starts at dword `start` of `table`, if the fast path takes the
/// instruction there; `first`: the index of the first step at or after every dword.
fn block(table: &[Fast], first: &[u32], start: usize) -> Option<Block> {
    let mut n = 0;
    let mut end = End::Next;
    let mut at = start;
    while let Some(f) = table.get(at) {
        match f.entry {
            Entry::General => break,
            Entry::Stop { end: e } => end = End::Stop { end: e },
            Entry::Jump { target } => end = End::Jump { target },
            Entry::Op(_) => {}
        }
        n += 1;
        at += usize::from(f.len);
        if !matches!(end, End::Next) || n == BLOCK_MAX {
            break;
        }
    }
    (n > 0).then(|| Block {
        first: first[start],
        steps: (first[at] - first[start]) as u8,
        n,
        after: 4 * at as u32,
        end,
    })
}

/// The fast form of `d` (at byte `pc` of a program of `len` bytes), if it has one.
fn resolve(d: &Decoded, pc: u32, len: u64) -> Option<Entry> {
    let i = &d.instr;
    let op = i.op;
    match op.format {
        Format::Sopp if matches!(op.mn, Mn::s_endpgm | Mn::s_barrier) => Some(Entry::Stop {
            end: op.mn == Mn::s_endpgm,
        }),
        Format::Sopp if !op.has_no_effect() => {
            let cond = Branch::of(op.mn)?;
            let target = i64::from(pc) + 4 + i64::from(i.simm16 as i16) * 4;
            let inside = target >= 0 && (target as u64) < len;
            let target = target as u32;
            inside.then_some(match cond {
                Branch::Always => Entry::Jump { target },
                cond => Entry::Op(FastOp::Branch { cond, target }),
            })
        }
        _ => resolve_op(d).map(Entry::Op),
    }
}

/// The fast operation of `d` (not a stop or a branch), if it has one.
fn resolve_op(d: &Decoded) -> Option<FastOp> {
    let i = &d.instr;
    let op = i.op;
    let bits = |kind| op.arg(kind).map_or(32, |a| a.bits);
    let scalar32 = bits(ArgKind::Sdst) == 32 && bits(ArgKind::Ssrc0) == 32;
    let src = |code| SSrc::of(i, code);
    match op.format {
        Format::Sopp | Format::Sopk if op.has_no_effect() => Some(FastOp::Nop),
        Format::Mubuf if matches!(op.mn, Mn::buffer_gl0_inv | Mn::buffer_gl1_inv) => {
            Some(FastOp::Nop)
        }
        Format::Sop2 if scalar32 && bits(ArgKind::Ssrc1) == 32 && plain_sdst(i.sdst) => {
            sop2_32(op.mn, 0, 0, false)?;
            let (a, b, d) = (src(i.ssrc0)?, src(i.ssrc1)?, i.sdst);
            Some(match ScalarOp::of(op.mn) {
                Some(op) => FastOp::Scalar { op, a, b, d },
                None => FastOp::Sop2 { mn: op.mn, a, b, d },
            })
        }
        Format::Sopc if bits(ArgKind::Ssrc0) == 32 => Some(FastOp::Cmp {
            cmp: Cmp32::of(op.name.as_str())?,
            a: src(i.ssrc0)?,
            b: src(i.ssrc1)?,
        }),
        Format::Sop1 if scalar32 && plain_sdst(i.sdst) => {
            if op.mn == Mn::s_mov_b32 {
                return Some(FastOp::Mov {
                    src: src(i.ssrc0)?,
                    d: i.sdst,
                });
            }
            if sop1_32(op.mn, 0).is_some() {
                return Some(FastOp::Sop1 {
                    mn: op.mn,
                    a: src(i.ssrc0)?,
                    d: i.sdst,
                });
            }
            let (name, wrexec) = exec_mask_form(op.name.as_str())?;
            Some(FastOp::ExecMask {
                f: exec_mask_fn(name)?,
                wrexec,
                src: src(i.ssrc0)?,
                d: i.sdst,
            })
        }
        Format::Smem => {
            let dwords = load_dwords(op.name.as_str())?;
            if usize::from(i.sdata) + dwords as usize > usize::from(NUM_SGPRS) {
                return None;
            }
            Some(FastOp::Sload {
                sbase: i.sbase,
                offset: i.offset,
                soffset: match i.soffset {
                    NULL => SSrc::Const(0),
                    code => src(code)?,
                },
                sdata: i.sdata,
                dwords: dwords as u8,
            })
        }
        Format::Ds if !i.gds => ds(i),
        Format::Global | Format::Flat => vmem(i),
        Format::VopdX => vopd(d),
        f if f.is_valu() => valu(d),
        _ => None,
    }
}

/// The fast form of a (non-VOPD) VALU instruction.
fn valu(d: &Decoded) -> Option<FastOp> {
    let i = &d.instr;
    let ops = &d.operands;
    if d.refusal.is_some() || i.dpp.is_some() || i.opsel != 0 || i.omod != 0 || i.clamp {
        return None;
    }
    if let Some(op) = valu_wide(d) {
        return Some(op);
    }
    let mut src = [VSrc::Unused; 3];
    for (k, &(code, arg, _)) in ops.data[..ops.count].iter().enumerate() {
        src[k] = VSrc::of(i, code, arg)?;
    }
    let vdst32 = ops.vdst.is_some_and(|a| a.ty.bits() == 32);
    let two = [src[0], src[1]];
    let sdst = ops.sdst.unwrap_or(VCC_LO);
    // The lane mask read as carry-in or selector (none: zero).
    let mask = match ops.mask {
        Some(code) => SSrc::of(i, u8::try_from(code).ok()?)?,
        None => SSrc::Const(0),
    };
    let plain = i.abs == 0 && i.neg == 0;
    match d.kind {
        Kind::Carry(f) if vdst32 && plain && plain_sdst(sdst) => Some(FastOp::Carry {
            f,
            src: two,
            mask,
            vdst: i.vdst,
            sdst,
        }),
        Kind::IntCmp {
            cmpx,
            pred,
            signed,
            bits: 32,
        } if plain && plain_sdst(sdst) => Some(FastOp::IntCmp {
            pred,
            signed,
            src: two,
            dst: if cmpx { EXEC_LO } else { sdst },
        }),
        Kind::ReadLane | Kind::ReadFirstLane if plain && plain_sdst(sdst) => {
            let VSrc::Vgpr(src) = two[0] else { return None };
            let lane = match (d.kind, two[1]) {
                (Kind::ReadLane, VSrc::Scalar(s)) => Some(s),
                (Kind::ReadLane, _) => return None,
                _ => None,
            };
            Some(FastOp::ReadLane { src, lane, d: sdst })
        }
        Kind::Cndmask if vdst32 && plain => Some(FastOp::Cndmask {
            src: two,
            mask,
            vdst: i.vdst,
        }),
        // `v_mov_b32`: the lanes copied, without a lane function.
        Kind::Op32(_) if vdst32 && plain && i.op.mn == Mn::v_mov_b32 => Some(FastOp::VMov {
            src: src[0],
            vdst: i.vdst,
        }),
        Kind::Op32(f) if vdst32 && plain => Some(match IntOp::of(i.op.mn) {
            Some(op) => FastOp::Int {
                op,
                src,
                vdst: i.vdst,
            },
            None => FastOp::Valu {
                f,
                src,
                vdst: i.vdst,
            },
        }),
        Kind::Float(FloatOp::Scalar {
            op,
            fmt: Fmt::S,
            cmpx,
        }) if f32_fast_op(op) => {
            // abs/neg only on the f32 data sources.
            let float = (0..ops.count).fold(0u8, |m, k| {
                m | u8::from(ops.data[k].1.ty == ArgType::F32) << k
            });
            if (i.abs | i.neg) & !float != 0 {
                return None;
            }
            let dst = match op {
                Op::Cmp(_) if cmpx => F32Dst::Mask(EXEC_LO),
                Op::Cmp(_) => F32Dst::Mask(ops.sdst.unwrap_or(VCC_LO)),
                _ if vdst32 => F32Dst::Vgpr(i.vdst),
                _ => return None,
            };
            if let F32Dst::Mask(code) = dst {
                if !plain_sdst(code) {
                    return None;
                }
            }
            Some(FastOp::F32(F32Instr {
                op,
                src,
                abs: i.abs,
                neg: i.neg,
                k: i.literal.unwrap_or(0),
                dst,
            }))
        }
        _ => None,
    }
}

/// The fast form of an integer VALU opcode on 64-bit values ([`valu`] has checked the
/// modifiers).
fn valu_wide(d: &Decoded) -> Option<FastOp> {
    let i = &d.instr;
    let ops = &d.operands;
    if !matches!(d.kind, Kind::Op64(_) | Kind::Mad64 { .. }) || i.abs != 0 || i.neg != 0 {
        return None;
    }
    let mut src = [WideSrc::Const(0); 3];
    for (k, &(code, arg, _)) in ops.data[..ops.count].iter().enumerate() {
        src[k] = WideSrc::of(i, code, arg)?;
    }
    let wide = match ops.vdst?.ty.bits() {
        32 => false,
        64 if i.vdst < u8::MAX => true,
        _ => return None,
    };
    match d.kind {
        Kind::Op64(f) => Some(FastOp::Valu64 {
            f,
            src,
            vdst: i.vdst,
            wide,
        }),
        Kind::Mad64 { signed, .. } if wide => {
            let sdst = ops.sdst.unwrap_or(VCC_LO);
            (sdst == NULL || plain_sdst(sdst)).then_some(FastOp::Mad64 {
                signed,
                src,
                vdst: i.vdst,
                sdst,
            })
        }
        _ => None,
    }
}

/// The fast form of a DS load or store of whole dwords.
fn ds(i: &Instr) -> Option<FastOp> {
    let rest = i.op.name.as_str().strip_prefix("ds_")?;
    let (store, kind) = match rest.strip_prefix("store_") {
        Some(kind) => (true, kind),
        None => (false, rest.strip_prefix("load_")?),
    };
    let (offset0, offset1) = (i.offset as u32, u32::from(i.offset1));
    let (size, two, offsets) = match two_addr(kind) {
        Some((size, stride)) => {
            let step = size as u32 * stride;
            (size, true, [offset0 * step, offset1 * step])
        }
        None => {
            let size = if store {
                store_kind(kind).filter(|&(_, bit)| bit == 0)?.0
            } else {
                load_kind(kind)
                    .filter(|&(_, _, dest)| dest == Dest::Full)?
                    .0
            };
            (size, false, [(offset1 << 8) | offset0, 0])
        }
    };
    let dwords = size / 4;
    let last = |first: u8, n: usize| usize::from(first) + n <= 256;
    let fits = if store {
        last(i.data0, dwords) && (!two || last(i.data1, dwords))
    } else {
        last(i.vdst, dwords * if two { 2 } else { 1 })
    };
    (size.is_multiple_of(4) && fits).then_some(FastOp::Ds(DsInstr {
        store,
        size: size as u32,
        two,
        offsets,
        addr: i.addr,
        data: [i.data0, i.data1],
        vdst: i.vdst,
    }))
}

/// The fast form of a FLAT/GLOBAL load or store of whole dwords.
fn vmem(i: &Instr) -> Option<FastOp> {
    let (_, rest) = i.op.name.as_str().split_once('_')?;
    if let Some(a) = rest.strip_prefix("atomic_") {
        let (op, ty) = a.rsplit_once('_')?;
        let known = atomic(op, false, 32, 0, 0, 0).is_some();
        let second = matches!(op, "cmpswap" | "cmpstore" | "mskor" | "wrap");
        let int32 = matches!(ty, "u32" | "i32" | "b32");
        let fits = (i.op.format == Format::Global && i.saddr != NULL) || i.addr < 255;
        return (known && !second && int32 && fits).then_some(FastOp::Atomic(AtomicInstr {
            at: VmemInstr {
                store: false,
                size: 4,
                signed: false,
                saddr: (i.op.format == Format::Global && i.saddr != NULL).then_some(i.saddr),
                addr: i.addr,
                offset: i.offset,
                data: i.data0,
                vdst: i.vdst,
            },
            op,
            signed: ty == "i32",
            ret: i.glc,
        }));
    }
    let (store, size, signed) = match rest.strip_prefix("store_") {
        Some(kind) => (
            true,
            store_kind(kind).filter(|&(_, bit)| bit == 0)?.0,
            false,
        ),
        None => {
            let (size, signed, dest) = load_kind(rest.strip_prefix("load_")?)?;
            (dest == Dest::Full).then_some((false, size, signed))?
        }
    };
    let dwords = size.div_ceil(4);
    let saddr = (i.op.format == Format::Global && i.saddr != NULL).then_some(i.saddr);
    let regs_fit = usize::from(if store { i.data0 } else { i.vdst }) + dwords <= 256;
    let addr_fits = saddr.is_some() || i.addr < 255;
    (regs_fit && addr_fits).then_some(FastOp::Vmem(VmemInstr {
        store,
        size: size as u32,
        signed,
        saddr,
        addr: i.addr,
        offset: i.offset,
        data: i.data0,
        vdst: i.vdst,
    }))
}

/// The fast form of a VOPD pair.
fn vopd(d: &Decoded) -> Option<FastOp> {
    let i = &d.instr;
    let y = i.op_y?;
    let halves = [
        (i.op, d.dual[0], i.vdst, i.src0, i.src1),
        (y, d.dual[1], i.vdst_y, i.src0_y, i.src1_y),
    ];
    let mut out = [Half {
        op: HalfOp::Cndmask,
        src: [VSrc::Unused; 2],
        vdst: 0,
    }; 2];
    for (h, (op, dual, vdst, src0, src1)) in halves.into_iter().enumerate() {
        out[h].vdst = vdst;
        out[h].op = match dual {
            Dual::Op32(f) => HalfOp::Op32(f),
            Dual::Cndmask => HalfOp::Cndmask,
            Dual::Float(FloatOp::Scalar {
                op, fmt: Fmt::S, ..
            }) if f32_fast_op(op) => HalfOp::F32(op),
            _ => return None,
        };
        for arg in &op.args {
            match arg.kind {
                ArgKind::Src0 => out[h].src[0] = VSrc::of(i, src0, *arg)?,
                ArgKind::Vsrc1 => out[h].src[1] = VSrc::of(i, src1, *arg)?,
                _ => {}
            }
        }
    }
    Some(FastOp::Vopd(VopdInstr {
        halves: out,
        k: i.literal.unwrap_or(0),
    }))
}

impl Machine {
    /// Runs the wave until it ends, waits at a barrier or has retired `*budget` more
    /// instructions (counting them down and into `stats`), on the fast path where it can.
    pub fn run_quiet(
        &mut self,
        memory: &mut Memory,
        lds: &mut [u8],
        budget: &mut u64,
        stats: &mut Stats,
    ) -> Result<(), ModelError> {
        if self.checks_waits() {
            // The wait checker follows every instruction: the general path only.
            while !self.ended && !self.at_barrier && *budget > 0 {
                if let Some(r) = self.execute(memory, lds, None)? {
                    stats.count(r);
                    *budget -= 1;
                }
            }
            return Ok(());
        }
        let program = Arc::clone(&self.program);
        let code = program.fast_code();
        while !self.ended && !self.at_barrier && *budget > 0 {
            let left = *budget;
            #[cfg(target_arch = "x86_64")]
            let (pc, left, stopped) = if avx2() {
                // SAFETY: the CPU has the instructions `blocks_avx2` is compiled for.
                unsafe { self.blocks_avx2(code, memory, lds, left, stats) }
            } else {
                self.blocks::<false>(code, memory, lds, left, stats)
            };
            #[cfg(not(target_arch = "x86_64"))]
            let (pc, left, stopped) = self.blocks::<false>(code, memory, lds, left, stats);
            self.retired += *budget - left;
            *budget = left;
            self.wave.pc = pc;
            if left == 0 || stopped {
                continue;
            }
            // The instruction the fast path did not take, on the general path.
            if let Some(r) = self.execute(memory, lds, None)? {
                stats.count(r);
                *budget -= 1;
            }
        }
        Ok(())
    }

    /// [`Machine::blocks`] compiled for AVX2 and FMA.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma,popcnt,bmi1,bmi2,lzcnt")]
    unsafe fn blocks_avx2(
        &mut self,
        code: &FastCode,
        memory: &mut Memory,
        lds: &mut [u8],
        left: u64,
        stats: &mut Stats,
    ) -> (u32, u64, bool) {
        self.blocks::<true>(code, memory, lds, left, stats)
    }

    /// The fast path, block after block, for as long as it takes the instructions, with
    /// the PC and the budget (`left`) in locals, until `s_endpgm` or `s_barrier` stops the
    /// wave (`true`): the PC and the budget then. An instruction it does not take now ends
    /// the run at its PC, the ones before it in its block retired; a budget that ends
    /// inside a block runs only that many of its instructions. It starts only at a dword
    /// boundary and stays on them: lengths are whole dwords, branch targets are PC + 4 *
    /// offset. (`AVX2`: compiled for AVX2.)
    #[inline(always)]
    fn blocks<const AVX2: bool>(
        &mut self,
        code: &FastCode,
        memory: &mut Memory,
        lds: &mut [u8],
        mut left: u64,
        stats: &mut Stats,
    ) -> (u32, u64, bool) {
        let mut pc = self.wave.pc;
        if !pc.is_multiple_of(4) {
            return (pc, left, false);
        }
        // No instruction of the fast path changes MODE.
        let float = f32_fast_mode(self.wave.mode);
        while left > 0 {
            let Some(Some(b)) = code.blocks.get(pc as usize / 4) else {
                break;
            };
            let mut steps = &code.steps[b.first as usize..][..usize::from(b.steps)];
            // The budget ends before the block's last instruction: the steps before it.
            let cut = (u64::from(b.n) > left).then(|| code.skip(pc, left));
            if let Some(stop) = cut {
                steps = &steps[..steps.iter().take_while(|s| s.pc < stop).count()];
            }
            // The EXEC lanes of the steps, by `LaneCount`.
            let mut lanes = [0; 3];
            // Where the block is left early: the PC its retired instructions end at, and
            // a taken branch's target (none: the fast path gives up the step there).
            let mut exit = None;
            for s in steps {
                let exec = self.wave.exec_lanes();
                let (w, scratch) = (&mut self.wave, &mut self.scratch);
                match run::<AVX2>(&s.op, w, scratch, memory, lds, exec, float) {
                    Some(Flow::Next) => lanes[s.lanes as usize] += u64::from(exec.count_ones()),
                    // A branch (SOPP) is one dword.
                    Some(Flow::Jump(target)) => {
                        exit = Some((s.pc + 4, Some(target)));
                        break;
                    }
                    None => {
                        exit = Some((s.pc, None));
                        break;
                    }
                }
            }
            let [_, valu, memory] = lanes;
            let end = match exit {
                Some((end, _)) => end,
                None => cut.unwrap_or(b.after),
            };
            let (after, before) = code.span(pc, end);
            stats.count_fast(after, before, valu + memory, valu);
            left -= u64::from(after.n - before.n);
            pc = match (exit, cut) {
                (Some((_, Some(target))), _) => target,
                (Some((end, None)), _) | (None, Some(end)) => return (end, left, false),
                (None, None) => match b.end {
                    End::Next => b.after,
                    End::Jump { target } => target,
                    End::Stop { end } => {
                        if end {
                            self.ended = true;
                        } else {
                            self.at_barrier = true;
                        }
                        return (b.after, left, true);
                    }
                },
            };
        }
        (pc, left, false)
    }
}

/// Whether the CPU has AVX2 and FMA (the fast path's wide variant).
#[cfg(target_arch = "x86_64")]
fn avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
}

/// [`write_lanes`], as [`write_lanes_avx2`] in code compiled for AVX2 (`AVX2`).
#[inline(always)]
fn put<const AVX2: bool>(regs: &mut Lanes, mask: u32, values: &Lanes) {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: `AVX2` is only true in code compiled for AVX2, run on a CPU with it.
        unsafe { write_lanes_avx2(regs, mask, values) };
        return;
    }
    write_lanes(regs, mask, values);
}

/// What a step did.
enum Flow {
    /// Its block goes on.
    Next,
    /// A branch was taken to this target.
    Jump(u32),
}

/// Runs `op` if the fast path takes it now, EXEC being `exec`. `float`: whether MODE is
/// one the f32 forms compute in ([`f32_fast_mode`]).
#[inline(always)]
fn run<const AVX2: bool>(
    op: &FastOp,
    w: &mut Wave,
    scratch: &mut [Lanes; 4],
    memory: &mut Memory,
    lds: &mut [u8],
    exec: u32,
    float: bool,
) -> Option<Flow> {
    match *op {
        FastOp::Nop => {}
        FastOp::Branch { cond, target } => {
            if cond.taken(w) {
                return Some(Flow::Jump(target));
            }
        }
        FastOp::Sop2 { mn, a, b, d } => {
            let (value, scc) = sop2_32(mn, a.read(w), b.read(w), w.scc)?;
            w.sgpr[usize::from(d)] = value;
            if let Some(scc) = scc {
                w.scc = scc;
            }
        }
        FastOp::Scalar { op, a, b, d } => {
            let (value, scc) = op.apply(a.read(w), b.read(w), w.scc);
            w.sgpr[usize::from(d)] = value;
            w.scc = scc;
        }
        FastOp::Sload {
            sbase,
            offset,
            soffset,
            sdata,
            dwords,
        } => {
            let addr = w.pair(sbase).wrapping_add(offset as i64 as u64);
            let addr = addr.wrapping_add(u64::from(soffset.read(w))) & !3;
            let bytes = memory.read(addr, 4 * u64::from(dwords)).ok()?;
            let regs = &mut w.sgpr[usize::from(sdata)..][..usize::from(dwords)];
            for (r, b) in regs.iter_mut().zip(bytes.chunks_exact(4)) {
                *r = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            }
        }
        FastOp::Cmp { cmp, a, b } => w.scc = cmp.holds(a.read(w), b.read(w)),
        FastOp::Mov { src, d } => w.sgpr[usize::from(d)] = src.read(w),
        FastOp::Sop1 { mn, a, d } => {
            let (value, scc) = sop1_32(mn, a.read(w))?;
            w.sgpr[usize::from(d)] = value;
            if let Some(scc) = scc {
                w.scc = scc;
            }
        }
        FastOp::ExecMask { f, wrexec, src, d } => {
            let ex = u64::from(exec);
            let result = f(u64::from(src.read(w)), ex) as u32;
            // EXEC first, then D (the general executor's commit order).
            w.sgpr[usize::from(EXEC_LO)] = result;
            w.sgpr[usize::from(d)] = if wrexec { result } else { exec };
            w.scc = result != 0;
        }
        FastOp::VMov { src, vdst } => {
            // The value built here, not in a scratch array.
            let d = match src {
                VSrc::Vgpr(v) => w.vgpr[usize::from(v)],
                VSrc::Scalar(s) => [s.read(w); LANES],
                VSrc::Unused => ZEROS,
            };
            put::<AVX2>(&mut w.vgpr[usize::from(vdst)], exec, &d);
        }
        FastOp::Valu { f, src, vdst } => {
            let [t0, t1, t2, _] = scratch;
            let d = f(
                src[0].lanes(w, t0),
                src[1].lanes(w, t1),
                src[2].lanes(w, t2),
            );
            put::<AVX2>(&mut w.vgpr[usize::from(vdst)], exec, &d);
        }
        FastOp::Int { op, src, vdst } => {
            let [t0, t1, t2, _] = scratch;
            let d = op.lanes(
                src[0].lanes(w, t0),
                src[1].lanes(w, t1),
                src[2].lanes(w, t2),
            );
            put::<AVX2>(&mut w.vgpr[usize::from(vdst)], exec, &d);
        }
        FastOp::Carry {
            f,
            src,
            mask,
            vdst,
            sdst,
        } => {
            let [t0, t1, _, _] = scratch;
            let (d, carry) = f(src[0].lanes(w, t0), src[1].lanes(w, t1), mask.read(w));
            w.sgpr[usize::from(sdst)] = carry & exec;
            put::<AVX2>(&mut w.vgpr[usize::from(vdst)], exec, &d);
        }
        FastOp::IntCmp {
            pred,
            signed,
            src,
            dst,
        } => {
            let [t0, t1, _, _] = scratch;
            let m = int_compare_mask32(pred, signed, src[0].lanes(w, t0), src[1].lanes(w, t1));
            w.sgpr[usize::from(dst)] = m & exec;
        }
        FastOp::ReadLane { src, lane, d } => {
            let lane = match lane {
                Some(s) => s.read(w) & 31,
                None if exec == 0 => 0,
                None => exec.trailing_zeros(),
            };
            w.sgpr[usize::from(d)] = w.vgpr[usize::from(src)][lane as usize];
        }
        FastOp::Cndmask { src, mask, vdst } => {
            let [t0, t1, _, _] = scratch;
            let (a, b) = (src[0].lanes(w, t0), src[1].lanes(w, t1));
            let m = mask.read(w);
            let d = per_lane(|l| if m >> l & 1 == 1 { b[l] } else { a[l] });
            put::<AVX2>(&mut w.vgpr[usize::from(vdst)], exec, &d);
        }
        FastOp::Valu64 { f, src, vdst, wide } => valu64::<AVX2>(w, f, &src, vdst, wide, exec),
        FastOp::Mad64 {
            signed,
            src,
            vdst,
            sdst,
        } => mad::<AVX2>(w, signed, &src, vdst, sdst, exec),
        FastOp::F32(ref f) if float => f.run::<AVX2>(w, scratch, exec)?,
        FastOp::F32(_) => return None,
        FastOp::Ds(ref d) => d.run::<AVX2>(w, scratch, lds, exec)?,
        FastOp::Vmem(ref v) => v.run::<AVX2>(w, scratch, memory, exec)?,
        FastOp::Atomic(ref a) => a.run(w, memory, exec)?,
        FastOp::Vopd(ref v) => v.run::<AVX2>(w, scratch, exec, float)?,
    }
    Some(Flow::Next)
}

impl F32Instr {
    /// Runs the opcode if the fast path takes it now, MODE being one it computes in
    /// (`AVX2`: in code compiled for AVX2 and FMA).
    #[inline(always)]
    fn run<const AVX2: bool>(
        &self,
        w: &mut Wave,
        scratch: &mut [Lanes; 4],
        exec: u32,
    ) -> Option<()> {
        let F32Instr {
            op,
            src,
            abs,
            neg,
            k,
            dst,
        } = *self;
        let [t0, t1, t2, _] = scratch;
        let mut t = [t0, t1, t2];
        if (abs | neg) != 0 {
            // Sources with modifiers are copied into their scratch arrays first.
            for (j, tj) in t.iter_mut().enumerate() {
                let and = if abs >> j & 1 == 1 { 0x7fff_ffff } else { !0 };
                let xor = if neg >> j & 1 == 1 { 0x8000_0000 } else { 0 };
                if and != !0 || xor != 0 {
                    let v = *src[j].lanes(w, tj);
                    **tj = per_lane(|l| (v[l] & and) ^ xor);
                }
            }
        }
        let [t0, t1, t2] = t;
        let m = abs | neg;
        let s = [
            src[0].modified(m & 1 != 0, w, t0),
            src[1].modified(m & 2 != 0, w, t1),
            src[2].modified(m & 4 != 0, w, t2),
        ];
        let acc = match dst {
            F32Dst::Vgpr(v) if op == Op::Fmac => &w.vgpr[usize::from(v)],
            _ => &ZEROS,
        };
        #[cfg(target_arch = "x86_64")]
        if let (true, Op::Cmp(pred), F32Dst::Mask(code)) = (AVX2, op, dst) {
            // SAFETY: `AVX2` is only true in code compiled for AVX2, run on a CPU with it.
            let m = unsafe { f32_compare_avx2(pred, s[0], s[1]) }?;
            w.sgpr[usize::from(code)] = m & exec;
            return Some(());
        }
        match (f32_fast_lanes(op, w.mode, s, acc, k), dst) {
            (Some(FastF32::Values(d)), F32Dst::Vgpr(v)) => {
                put::<AVX2>(&mut w.vgpr[usize::from(v)], exec, &d);
            }
            (Some(FastF32::Mask(m)), F32Dst::Mask(code)) => {
                w.sgpr[usize::from(code)] = m & exec;
            }
            _ => return None,
        }
        Some(())
    }
}

/// The lane mask of f32 compare `pred` (its bits: less 1, equal 2, greater 4) of `a` with
/// `b`, as `f32_fast_lanes` gives it: `None` when a lane of either holds a NaN.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn f32_compare_avx2(pred: u8, a: &Lanes, b: &Lanes) -> Option<u32> {
    use std::arch::x86_64::{
        _mm256_cmp_ps, _mm256_loadu_ps, _mm256_movemask_ps, _CMP_EQ_OQ, _CMP_GT_OQ, _CMP_LT_OQ,
        _CMP_UNORD_Q,
    };
    let mut mask = 0;
    for (i, (x, y)) in a.chunks_exact(8).zip(b.chunks_exact(8)).enumerate() {
        // SAFETY: `x` and `y` are 8 u32s (32 bytes); unaligned loads.
        let (x, y) = unsafe {
            (
                _mm256_loadu_ps(x.as_ptr().cast()),
                _mm256_loadu_ps(y.as_ptr().cast()),
            )
        };
        let bits = |c| _mm256_movemask_ps(c) as u32;
        if bits(_mm256_cmp_ps::<_CMP_UNORD_Q>(x, y)) != 0 {
            return None;
        }
        let mut m = 0;
        if pred & 1 != 0 {
            m |= bits(_mm256_cmp_ps::<_CMP_LT_OQ>(x, y));
        }
        if pred & 2 != 0 {
            m |= bits(_mm256_cmp_ps::<_CMP_EQ_OQ>(x, y));
        }
        if pred & 4 != 0 {
            m |= bits(_mm256_cmp_ps::<_CMP_GT_OQ>(x, y));
        }
        mask |= m << (8 * i);
    }
    Some(mask)
}

/// [`write_lanes`] for code compiled for AVX2: a blend and whole 32-byte stores. Left to
/// itself, LLVM turns the load-select-store of [`write_lanes`] into a masked store
/// (VPMASKMOVD), which AMD Zen CPUs execute many times slower; and the baseline build's
/// 16-byte stores, read back by the next instruction's 32-byte loads, defeat store
/// forwarding.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn write_lanes_avx2(regs: &mut Lanes, mask: u32, values: &Lanes) {
    use std::arch::x86_64::{
        _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi32, _mm256_loadu_si256,
        _mm256_set1_epi32, _mm256_setr_epi32, _mm256_storeu_si256,
    };
    if mask == u32::MAX {
        *regs = *values;
        return;
    }
    let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    for (i, (reg, value)) in regs
        .chunks_exact_mut(8)
        .zip(values.chunks_exact(8))
        .enumerate()
    {
        let byte = _mm256_set1_epi32((mask >> (8 * i) & 0xff) as i32);
        let take = _mm256_cmpeq_epi32(_mm256_and_si256(byte, bits), bits);
        // SAFETY: `reg` and `value` are 8 u32s (32 bytes); unaligned loads and stores.
        unsafe {
            let old = _mm256_loadu_si256(reg.as_ptr().cast());
            let new = _mm256_loadu_si256(value.as_ptr().cast());
            _mm256_storeu_si256(reg.as_mut_ptr().cast(), _mm256_blendv_epi8(old, new, take));
        }
    }
}

/// Into `out[k]`, the dwords at byte `base[lane] + offsets[k]` of `lds` for every `exec`
/// lane (anything in the others), with AVX2; `None` if an active lane's dword is not
/// inside `lds`. Eight lanes whose addresses are consecutive dwords inside `lds` take one
/// 32-byte load, eight lanes at one address inside it a broadcast, others a gather (slow
/// on AMD Zen).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn gather_b32_avx2(
    lds: &[u8],
    base: &Lanes,
    offsets: &[u32],
    exec: u32,
    out: &mut [Lanes],
) -> Option<()> {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
        _mm256_loadu_si256, _mm256_mask_i32gather_epi32, _mm256_max_epu32, _mm256_movemask_ps,
        _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    // Whether every lane of `a` equals the same lane of `b`.
    let same = |a: __m256i, b: __m256i| {
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))) == 0xff
    };
    let steps = _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
    // The highest byte address a dword can start at; every address below 2^31 then, as the
    // gathers' signed offsets need.
    let last = u32::try_from(lds.len().checked_sub(4)?)
        .ok()
        .filter(|&l| l < 1 << 31)?;
    let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    let limit = _mm256_set1_epi32(last as i32);
    for (k, &offset) in offsets.iter().enumerate() {
        let off = _mm256_set1_epi32(offset as i32);
        for i in 0..LANES / 8 {
            let byte = _mm256_set1_epi32((exec >> (8 * i) & 0xff) as i32);
            let active = _mm256_cmpeq_epi32(_mm256_and_si256(byte, bits), bits);
            // SAFETY: `base` and `out[k]` hold 32 u32s; lanes 8i..8i+8 are in bounds.
            let addr: __m256i = unsafe { _mm256_loadu_si256(base.as_ptr().add(8 * i).cast()) };
            let addr = _mm256_add_epi32(addr, off);
            let first = base[8 * i].wrapping_add(offset);
            let at = _mm256_set1_epi32(first as i32);
            let dst = out[k][8 * i..].as_mut_ptr().cast();
            if same(addr, _mm256_add_epi32(at, steps)) && first as usize + 32 <= lds.len() {
                // SAFETY: the 32 bytes at `first` are inside `lds` (checked); `dst` holds
                // lanes 8i..8i+8.
                unsafe {
                    let v = _mm256_loadu_si256(lds.as_ptr().add(first as usize).cast());
                    _mm256_storeu_si256(dst, v);
                }
                continue;
            }
            if same(addr, at) && first <= last {
                let b: &[u8; 4] = lds[first as usize..].first_chunk()?;
                let v = _mm256_set1_epi32(u32::from_le_bytes(*b) as i32);
                // SAFETY: `dst` holds lanes 8i..8i+8.
                unsafe { _mm256_storeu_si256(dst, v) };
                continue;
            }
            let inside = _mm256_cmpeq_epi32(_mm256_max_epu32(addr, limit), limit);
            let outside = _mm256_movemask_ps(_mm256_castsi256_ps(inside)) as u32 ^ 0xff;
            if outside & (exec >> (8 * i)) & 0xff != 0 {
                return None;
            }
            // SAFETY: only active lanes are read, each at a dword inside `lds` (checked).
            unsafe {
                let v = _mm256_mask_i32gather_epi32::<1>(
                    _mm256_setzero_si256(),
                    lds.as_ptr().cast(),
                    addr,
                    active,
                );
                _mm256_storeu_si256(dst, v);
            }
        }
    }
    Some(())
}

impl DsInstr {
    /// Runs the access if every active lane's bytes are inside `lds`.
    #[inline(always)]
    fn run<const AVX2: bool>(
        &self,
        w: &mut Wave,
        scratch: &mut [Lanes; 4],
        lds: &mut [u8],
        exec: u32,
    ) -> Option<()> {
        let DsInstr {
            store,
            size,
            two,
            offsets,
            addr,
            data,
            vdst,
        } = *self;
        let base = &w.vgpr[usize::from(addr)];
        let n = if two { 2 } else { 1 };
        if !store && size == 4 {
            #[cfg(target_arch = "x86_64")]
            if AVX2 {
                let values = &mut scratch[..n];
                // SAFETY: `AVX2` is only true in code compiled for AVX2, run on a CPU with it.
                unsafe { gather_b32_avx2(lds, base, &offsets[..n], exec, values)? };
                for (r, v) in values.iter().enumerate() {
                    put::<AVX2>(&mut w.vgpr[usize::from(vdst) + r], exec, v);
                }
                return Some(());
            }
            // Dword loads (most of them): each lane's bounds checked as it reads.
            let mut values = [[0; LANES]; 2];
            for lane in lanes(exec) {
                for (a, v) in values[..n].iter_mut().enumerate() {
                    let at = base[lane].wrapping_add(offsets[a]) as usize;
                    v[lane] = u32::from_le_bytes(*lds.get(at..)?.first_chunk()?);
                }
            }
            for (r, v) in values[..n].iter().enumerate() {
                put::<AVX2>(&mut w.vgpr[usize::from(vdst) + r], exec, v);
            }
            return Some(());
        }
        let (size, dwords) = (size as usize, size as usize / 4);
        let at = |lane: usize, a: usize| base[lane].wrapping_add(offsets[a]) as usize;
        let inside = |lane: usize| (0..n).all(|a| at(lane, a) + size <= lds.len());
        if !lanes(exec).all(inside) {
            return None;
        }
        if store && dwords == 1 {
            // Lane order: of two lanes writing one byte, the higher one's value stays. Eight
            // active lanes at consecutive dwords write them as one block (as one store).
            for (a, &d) in data[..n].iter().enumerate() {
                let v = &w.vgpr[usize::from(d)];
                for i in 0..LANES / 8 {
                    let first = at(8 * i, a);
                    let block = (0..8).all(|j| at(8 * i + j, a) == first + 4 * j);
                    if exec >> (8 * i) & 0xff == 0xff && block {
                        let bytes = lds.get_mut(first..first + 32)?;
                        for (b, x) in bytes.chunks_exact_mut(4).zip(&v[8 * i..8 * i + 8]) {
                            b.copy_from_slice(&x.to_le_bytes());
                        }
                        continue;
                    }
                    for lane in lanes(exec & 0xff << (8 * i)) {
                        let b: &mut [u8; 4] = lds[at(lane, a)..].first_chunk_mut()?;
                        *b = v[lane].to_le_bytes();
                    }
                }
            }
        } else if store {
            // Lane order: of two lanes writing one byte, the higher one's value stays.
            for (a, &d) in data[..n].iter().enumerate() {
                for lane in lanes(exec) {
                    for k in 0..dwords {
                        let v = w.vgpr[usize::from(d) + k][lane];
                        if let Some(b) = lds[at(lane, a) + 4 * k..].first_chunk_mut() {
                            *b = v.to_le_bytes();
                        }
                    }
                }
            }
        } else {
            // Every value is read before any register is written (VDST may be ADDR).
            let mut values = [[0; LANES]; 4];
            for lane in lanes(exec) {
                for a in 0..n {
                    for k in 0..dwords {
                        if let Some(b) = lds[at(lane, a) + 4 * k..].first_chunk() {
                            values[a * dwords + k][lane] = u32::from_le_bytes(*b);
                        }
                    }
                }
            }
            for (r, v) in values[..n * dwords].iter().enumerate() {
                put::<AVX2>(&mut w.vgpr[usize::from(vdst) + r], exec, v);
            }
        }
        Some(())
    }
}

impl VmemInstr {
    /// Every lane's address, and the first byte and the length of the span the `exec`
    /// lanes' accesses cover (`None` if one runs past the top of the address space).
    #[inline(always)]
    fn addresses(&self, w: &Wave, exec: u32) -> Option<([u64; LANES], u64, u64)> {
        let offset = self.offset as i64 as u64;
        let lo = &w.vgpr[usize::from(self.addr)];
        let addrs: [u64; LANES] = match self.saddr {
            Some(s) => {
                let base = w.pair(s).wrapping_add(offset);
                per_lane(|l| base.wrapping_add(u64::from(lo[l])))
            }
            None => {
                let hi = &w.vgpr[usize::from(self.addr) + 1];
                per_lane(|l| (u64::from(lo[l]) | u64::from(hi[l]) << 32).wrapping_add(offset))
            }
        };
        // Over every lane without branches (so that it vectorizes), the inactive ones
        // neutral.
        let size = u64::from(self.size);
        let (mut first, mut last, mut past) = (u64::MAX, 0, false);
        for (l, &a) in addrs.iter().enumerate() {
            let on = exec >> l & 1 == 1;
            let end = a.wrapping_add(size);
            past |= on & (end < a);
            first = first.min(if on { a } else { u64::MAX });
            last = last.max(if on { end } else { 0 });
        }
        (!past).then_some((addrs, first, last - first))
    }

    /// Runs the access if every active lane's bytes lie in one allocation.
    #[inline(always)]
    fn run<const AVX2: bool>(
        &self,
        w: &mut Wave,
        scratch: &mut [Lanes; 4],
        memory: &mut Memory,
        exec: u32,
    ) -> Option<()> {
        if exec == 0 {
            return Some(());
        }
        let dwords = self.size.div_ceil(4) as usize;
        // A byte or short: its bytes of the low dword.
        let narrow = (self.size < 4).then_some(self.size as usize);
        let (addrs, first, span) = self.addresses(w, exec)?;
        if self.store {
            let (base, bytes) = memory.writable_region(first, span)?;
            // Lane order: of two lanes writing one byte, the higher one's value stays.
            for l in lanes(exec) {
                let at = (addrs[l] - base) as usize;
                for k in 0..dwords {
                    let v = w.vgpr[usize::from(self.data) + k][l].to_le_bytes();
                    match narrow {
                        Some(1) => bytes[at] = v[0],
                        Some(_) => bytes[at..at + 2].copy_from_slice(&v[..2]),
                        None => bytes[at + 4 * k..][..4].copy_from_slice(&v),
                    }
                }
            }
        } else {
            let (base, bytes) = memory.region(first, span).ok()?;
            if let Some(n) = narrow {
                let values = &mut scratch[0];
                for l in lanes(exec) {
                    let at = (addrs[l] - base) as usize;
                    let v = match n {
                        1 => u32::from(bytes[at]),
                        _ => u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]])),
                    };
                    let shift = 32 - 8 * n as u32;
                    values[l] = if self.signed {
                        ((v << shift) as i32 >> shift) as u32
                    } else {
                        v
                    };
                }
                put::<AVX2>(&mut w.vgpr[usize::from(self.vdst)], exec, values);
                return Some(());
            }
            if dwords == 1 {
                // Dword loads (most of them), without the loop over dwords.
                let values = &mut scratch[0];
                for l in lanes(exec) {
                    let at = (addrs[l] - base) as usize;
                    values[l] = u32::from_le_bytes(*bytes.get(at..)?.first_chunk()?);
                }
            } else {
                for l in lanes(exec) {
                    let at = (addrs[l] - base) as usize;
                    for (k, values) in scratch[..dwords].iter_mut().enumerate() {
                        if let Some(b) = bytes[at + 4 * k..].first_chunk() {
                            values[l] = u32::from_le_bytes(*b);
                        }
                    }
                }
            }
            for (k, values) in scratch[..dwords].iter().enumerate() {
                put::<AVX2>(&mut w.vgpr[usize::from(self.vdst) + k], exec, values);
            }
        }
        Some(())
    }
}

impl AtomicInstr {
    /// Runs the atomic if every active lane's dword lies in one writable allocation.
    #[inline(never)]
    fn run(&self, w: &mut Wave, memory: &mut Memory, exec: u32) -> Option<()> {
        if exec == 0 {
            return Some(());
        }
        let (addrs, first, span) = self.at.addresses(w, exec)?;
        let (base, bytes) = memory.writable_region(first, span)?;
        let data = &w.vgpr[usize::from(self.at.data)];
        let mut olds = [0; LANES];
        for l in lanes(exec) {
            let b: &mut [u8; 4] = bytes[(addrs[l] - base) as usize..].first_chunk_mut()?;
            let old = u32::from_le_bytes(*b);
            // Known at decode: `atomic` gives a value.
            let new = atomic(self.op, self.signed, 32, old.into(), data[l].into(), 0)?;
            *b = (new as u32).to_le_bytes();
            olds[l] = old;
        }
        if self.ret {
            write_lanes(&mut w.vgpr[usize::from(self.at.vdst)], exec, &olds);
        }
        Some(())
    }
}

impl VopdInstr {
    /// Runs the pair if the fast path takes both halves now (`float`: MODE is one the f32
    /// forms compute in).
    #[inline(always)]
    fn run<const AVX2: bool>(
        &self,
        w: &mut Wave,
        scratch: &mut [Lanes; 4],
        exec: u32,
        float: bool,
    ) -> Option<()> {
        let VopdInstr { halves, k } = *self;
        let mut results = [[0; LANES]; 2];
        for (r, h) in results.iter_mut().zip(&halves) {
            let [t0, t1, _, _] = scratch;
            let (a, b) = (h.src[0].lanes(w, t0), h.src[1].lanes(w, t1));
            *r = match h.op {
                HalfOp::Op32(f) => f(a, b, &ZEROS),
                HalfOp::Cndmask => {
                    let vcc = w.sgpr[usize::from(VCC_LO)];
                    per_lane(|l| if vcc >> l & 1 == 1 { b[l] } else { a[l] })
                }
                HalfOp::F32(op) => {
                    if !float {
                        return None;
                    }
                    let acc = &w.vgpr[usize::from(h.vdst)];
                    match f32_fast_lanes(op, w.mode, [a, b, &ZEROS], acc, k) {
                        Some(FastF32::Values(d)) => d,
                        _ => return None,
                    }
                }
            };
        }
        for (r, h) in results.iter().zip(&halves) {
            put::<AVX2>(&mut w.vgpr[usize::from(h.vdst)], exec, r);
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The AVX2 lane write leaves the same registers as [`write_lanes`], for masks with
    /// every byte pattern in every position.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn avx2_write_agrees() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let old: Lanes = per_lane(|l| 0x1000 + l as u32);
        let new: Lanes = per_lane(|l| 0xa000_0000 | l as u32);
        let mut masks = vec![0, u32::MAX, 1, 1 << 31, 0x0f0f_0f0f, 0x8000_0001];
        masks.extend((0..256u32).flat_map(|b| (0..4).map(move |i| b << (8 * i) | (b ^ 0x5a))));
        for mask in masks {
            let (mut a, mut b) = (old, old);
            write_lanes(&mut a, mask, &new);
            // SAFETY: the CPU has AVX2 (checked above).
            unsafe { write_lanes_avx2(&mut b, mask, &new) };
            assert_eq!(a, b, "mask {mask:#010x}");
            assert!((0..LANES).all(|l| a[l] == if mask >> l & 1 == 1 { new[l] } else { old[l] }));
        }
    }

    /// The traced run of `m` (general executor only): the wave, the statistics and the
    /// error after each retired instruction, up to the end or the first error.
    fn traced_states(
        mut m: Machine,
        memory: &mut Memory,
        lds: &mut [u8],
    ) -> Vec<(Wave, Stats, Option<String>)> {
        let mut stats = Stats::default();
        let mut states = Vec::new();
        while !m.ended() && states.len() < 5_000 {
            match m.step_traced(memory, lds) {
                Ok(Some((r, _))) => stats.count(r),
                Ok(None) => continue,
                Err(e) => {
                    states.push((m.wave().clone(), stats.clone(), Some(e.to_string())));
                    break;
                }
            }
            states.push((m.wave().clone(), stats.clone(), None));
        }
        states
    }

    /// `m` run quietly with a budget of `budget` instructions (releasing barriers): its
    /// wave, statistics and error then.
    fn quiet_state(
        mut m: Machine,
        memory: &mut Memory,
        lds: &mut [u8],
        mut budget: u64,
    ) -> (Wave, Stats, Option<String>) {
        let mut stats = Stats::default();
        while budget > 0 && !m.ended() {
            if let Err(e) = m.run_quiet(memory, lds, &mut budget, &mut stats) {
                return (m.wave().clone(), stats, Some(e.to_string()));
            }
            m.release_barrier();
        }
        (m.wave().clone(), stats, None)
    }

    /// Quiet runs of random streams (with memory and an LDS, in both MODEs) cut by every
    /// budget (so ending inside blocks, and at instructions the fast path gives up in the
    /// middle of a block) stop exactly where the traced run is after as many instructions,
    /// with the same statistics.
    #[test]
    fn quiet_runs_stop_where_the_traced_run_is() {
        use crate::streams::{random_program, StreamOptions, MEMORY_BYTES};
        const BASE: u32 = 0x10_0000;
        let allowed = |op: &cu32_isa::OpInfo| {
            (!op.format.is_valu() || super::super::valu_implemented(&op.name))
                && super::super::ds_unsupported(&op.name).is_none()
        };
        let options = StreamOptions {
            length: 60,
            allowed: &allowed,
            lds_bytes: 4096,
            memory: Some(BASE),
        };
        let mut memory = Memory::new();
        let pattern = (0..MEMORY_BYTES).map(|i| (i * 37 + 11) as u8).collect();
        memory
            .map(u64::from(BASE), "data", pattern, true)
            .expect("the region maps");
        let mut checked = 0;
        for seed in 0..30 {
            let text = random_program(seed, &options);
            let program = cu32_isa::asm::assemble(&text, "stream.s")
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            for mode in [0, 0xf0] {
                let mut start = Machine::new(program.words.clone());
                start.wave_mut().mode = mode;
                let traced = traced_states(start.clone(), &mut memory.clone(), &mut [0; 4096]);
                for (k, want) in traced.iter().enumerate() {
                    let budget = k as u64 + 1;
                    let got =
                        quiet_state(start.clone(), &mut memory.clone(), &mut [0; 4096], budget);
                    assert!(
                        got == *want,
                        "seed {seed}, MODE {mode:#x}, budget {budget}: quiet {:?} / {:?}, traced {:?} / {:?}\n{text}",
                        got.1, got.2, want.1, want.2
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 3_000, "{checked} cuts");
    }

    /// A global load with one lane outside memory, in the middle of a block: the quiet run
    /// retires the instructions before it and faults as the traced run does.
    #[test]
    fn a_fault_inside_a_block_is_the_general_executors() {
        let src = "s_nop 0\nv_add_nc_u32 v2, 1, v2\nglobal_load_b32 v3, v[0:1], off\n\
                   v_add_nc_u32 v2, 1, v2\ns_endpgm\n";
        let words = cu32_isa::asm::assemble(src, "fault.s")
            .expect("assembles")
            .words;
        let mut memory = Memory::new();
        let base = memory.allocate("data", vec![7; 4 * LANES], false);
        let mut start = Machine::new(words);
        let w = start.wave_mut();
        w.vgpr[0] = per_lane(|l| (base + 4 * l as u64) as u32);
        w.vgpr[0][9] = 0xdead_0000;
        w.vgpr[1] = [(base >> 32) as u32; LANES];
        let traced = traced_states(start.clone(), &mut memory.clone(), &mut []);
        let want = traced.last().expect("a traced step");
        assert!(
            want.2.as_ref().is_some_and(|e| e.contains("lane 9")),
            "{:?}",
            want.2
        );
        let got = quiet_state(start, &mut memory, &mut [], 100);
        assert!(
            got == *want,
            "quiet {:?} / {:?}, traced {:?}",
            got.1,
            got.2,
            want.2
        );
    }

    /// The f32 forms of the fast path (taken in MODE 0xf0) give the general executor's
    /// own results (in MODE 0, where it does not use the host's f32 arithmetic; the values
    /// hold no denormals, which MODE 0 would flush), bit for bit and VCC for the compares,
    /// when sources hold NaNs (quiet, signalling, negative, with payloads), infinities and
    /// zeros, in some lanes or all, under a partial EXEC.
    #[test]
    fn f32_forms_agree_on_nans() {
        const VALUES: [u32; 10] = [
            0x3f80_0000, // 1.0
            0x7fc0_0000, // quiet NaN
            0x7f80_0001, // signalling NaN, payload 1
            0xffc0_1234, // negative quiet NaN with a payload
            0x7f80_0000, // +inf
            0xff80_0000, // -inf
            0x0000_0000,
            0x8000_0000,
            0x4049_0fdb, // pi
            0x7fa0_0000, // signalling NaN
        ];
        let programs = [
            "v_add_f32 v3, v0, v1",
            "v_sub_f32 v3, v0, v1",
            "v_subrev_f32 v3, v0, v1",
            "v_mul_f32 v3, v0, v1",
            "v_fma_f32 v3, v0, v1, v2",
            "v_fma_f32 v3, -v0, |v1|, -|v2|",
            "v_fmac_f32 v3, v0, v1",
            "v_fmamk_f32 v3, v0, 0x7fc00005, v1",
            "v_fmaak_f32 v3, v0, v1, 0x3f800000",
            "v_min_f32 v3, v0, v1",
            "v_max_f32 v3, v0, v1",
            "v_sqrt_f32 v3, v0",
            "v_rcp_f32 v3, v1",
            "v_rsq_f32 v3, v2",
            "v_cmp_lt_f32 vcc_lo, v0, v1",
            "v_cmp_ge_f32 s5, v1, v2",
            "v_cmpx_eq_f32 v0, v2",
            "v_dual_add_f32 v3, v0, v1 :: v_dual_mul_f32 v4, v1, v2",
            "v_dual_fmac_f32 v3, v0, v1 :: v_dual_max_f32 v4, v2, v0",
        ];
        // Lanes with a NaN everywhere, in one source, in one lane, and in none.
        let patterns: [fn(usize, usize) -> u32; 3] = [
            |l, r| VALUES[(l * (r + 1) + r) % VALUES.len()],
            |l, r| {
                if r == 1 && l == 7 {
                    0x7fc0_0042
                } else {
                    VALUES[[0, 4, 6, 8][(l + r) % 4]]
                }
            },
            |l, r| VALUES[[0, 5, 7, 8][(l * 3 + r) % 4]],
        ];
        for text in programs {
            let words = cu32_isa::asm::assemble(&format!("{text}\ns_endpgm\n"), "nan.s")
                .unwrap_or_else(|e| panic!("{text}: {e}"))
                .words;
            for (p, pattern) in patterns.iter().enumerate() {
                for exec in [u32::MAX, 0x5a5a_f00f] {
                    let mut start = Machine::new(words.clone());
                    let w = start.wave_mut();
                    w.sgpr[usize::from(EXEC_LO)] = exec;
                    for r in 0..5 {
                        w.vgpr[r] = per_lane(|l| pattern(l, r));
                    }
                    let traced = traced_states(start.clone(), &mut Memory::new(), &mut []);
                    let (mut want, _, _) = traced.last().expect("a traced step").clone();
                    start.wave_mut().mode = 0xf0;
                    let (got, _, error) = quiet_state(start, &mut Memory::new(), &mut [], 100);
                    assert!(error.is_none(), "{text}: {error:?}");
                    want.mode = 0xf0;
                    assert!(got == want, "{text}, pattern {p}, EXEC {exec:#x}");
                }
            }
        }
    }
}
