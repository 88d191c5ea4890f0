//! The instruction tables: one row per opcode, loaded once from the YAML data in
//! `isa/tables/`. Every other part of cu32 (assembler, disassembler, golden model, RTL
//! decode) looks opcodes up here and nowhere else.

use crate::Mn;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// Microcode formats known to the tables.
///
/// `Vop3` holds the native VOP3 opcodes and also the VOP1, VOP2 and VOPC opcodes promoted
/// to VOP3 (the reference lists them in its VOP3 table, e.g. `v_mov_b32` = 385), each with
/// its e64 operand list. `VopdX` and `VopdY` are the two opcode tables of the dual-issue
/// VOPD encoding (OPX and OPY fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smem,
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    Vop3sd,
    Vop3p,
    VopdX,
    VopdY,
    Ds,
    Flat,
    Global,
    Scratch,
    Mubuf,
}

impl Format {
    /// Whether the format is a vector ALU encoding other than VOPD: VOP1, VOP2, VOPC, VOP3,
    /// VOP3SD, VOP3P (the encodings that have DPP forms).
    #[inline]
    pub fn is_valu(self) -> bool {
        matches!(
            self,
            Format::Vop1
                | Format::Vop2
                | Format::Vopc
                | Format::Vop3
                | Format::Vop3sd
                | Format::Vop3p
        )
    }

    /// Whether the format is a vector ALU encoding, VOPD included.
    #[inline]
    pub fn is_valu_or_vopd(self) -> bool {
        self.is_valu() || matches!(self, Format::VopdX | Format::VopdY)
    }

    /// Whether the format accesses memory per lane: DS, FLAT, GLOBAL, SCRATCH, MUBUF.
    #[inline]
    pub fn is_vector_memory(self) -> bool {
        matches!(
            self,
            Format::Ds | Format::Flat | Format::Global | Format::Scratch | Format::Mubuf
        )
    }

    /// All formats, in table order.
    pub const ALL: [Format; 19] = [
        Format::Sop2,
        Format::Sopk,
        Format::Sop1,
        Format::Sopc,
        Format::Sopp,
        Format::Smem,
        Format::Vop1,
        Format::Vop2,
        Format::Vopc,
        Format::Vop3,
        Format::Vop3sd,
        Format::Vop3p,
        Format::VopdX,
        Format::VopdY,
        Format::Ds,
        Format::Flat,
        Format::Global,
        Format::Scratch,
        Format::Mubuf,
    ];

    /// The name the reference uses (`SOP2`, ..., `VOPD_X`), which is also the YAML key.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sop2 => "SOP2",
            Format::Sopk => "SOPK",
            Format::Sop1 => "SOP1",
            Format::Sopc => "SOPC",
            Format::Sopp => "SOPP",
            Format::Smem => "SMEM",
            Format::Vop1 => "VOP1",
            Format::Vop2 => "VOP2",
            Format::Vopc => "VOPC",
            Format::Vop3 => "VOP3",
            Format::Vop3sd => "VOP3SD",
            Format::Vop3p => "VOP3P",
            Format::VopdX => "VOPD_X",
            Format::VopdY => "VOPD_Y",
            Format::Ds => "DS",
            Format::Flat => "FLAT",
            Format::Global => "GLOBAL",
            Format::Scratch => "SCRATCH",
            Format::Mubuf => "MUBUF",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one assembly operand is and where it is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// Scalar destination register in the SDST field (`sdst`, `sdst:64`).
    Sdst,
    /// Scalar source in SSRC0 (`ssrc0`, `ssrc0:64`): register, inline constant or literal.
    Ssrc0,
    /// Scalar source in SSRC1 (`ssrc1`, `ssrc1:64`).
    Ssrc1,
    /// Scalar register read through the SDST field (`sreg`): SOPK compares, `s_setreg_b32`,
    /// `s_waitcnt_*cnt`.
    Sreg,
    /// SIMM16 printed as hexadecimal (`simm16`).
    Simm16,
    /// SIMM16 printed in decimal up to 64 and in hexadecimal above (`uimm16`).
    Uimm16,
    /// SIMM16 branch offset in dwords, relative to the next instruction (`label`); printed
    /// as the raw unsigned field, as llvm-objdump does.
    Label,
    /// SIMM16 holding `hwreg(ID, OFFSET, SIZE)` (`hwreg`).
    Hwreg,
    /// SIMM16 holding `vmcnt/expcnt/lgkmcnt` (`waitcnt`).
    Waitcnt,
    /// SIMM16 holding `sendmsg(MSG, OP, STREAM)` (`sendmsg`).
    Sendmsg,
    /// SSRC0 holding a `sendmsg(MSG_RTN_...)` message id (`msg_rtn`).
    MsgRtn,
    /// SIMM16 holding `instid0/instskip/instid1` (`delay_alu`).
    DelayAlu,
    /// SIMM16 holding the `s_waitcnt_depctr` fields (`depctr`).
    Depctr,
    /// A mandatory 32-bit literal dword after the instruction (`imm32`).
    Imm32,
    /// SIMM16 holding a microcode version, printed with `UC_VERSION_*` names (`version`).
    Version,
    /// Optional SIMM16, printed as unsigned decimal and omitted when zero (`opt_imm16`:
    /// `s_endpgm`).
    OptImm16,

    // ---- vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD) ----
    // `Sdst` above is also the scalar result of a VALU opcode: VOPC e64 (VDST field),
    // VOP3SD carry-out / `v_div_scale` VCC (SDST field), `v_readlane_b32` and
    // `v_readfirstlane_b32` (VDST field). `Imm32` is also the mandatory K literal of
    // `v_fmamk_*` / `v_fmaak_*` / `v_dual_fmamk_f32` / `v_dual_fmaak_f32`.
    /// VGPR destination (`vdst`; VOPD: VDSTX / VDSTY).
    Vdst,
    /// The implicit VCC of an e32 form: VOPC result, VOP2 carry-out and carry-in
    /// (`v_add_co_ci_u32_e32`), `v_cndmask_b32_e32` selector. Printed `vcc_lo` in wave32,
    /// not encoded (`vcc`).
    Vcc,
    /// General 9-bit source (`src0`, `src1`, `src2`): VGPR, SGPR, inline constant or
    /// literal, narrowed by the restriction. VOPD: SRCX0 / SRCY0.
    Src0,
    Src1,
    Src2,
    /// 8-bit VGPR-only source of an e32 form (`vsrc1`; VOPD: VSRCX1 / VSRCY1).
    Vsrc1,

    // ---- scalar memory (SMEM) ----
    /// SGPR data: load destination (`sdata`).
    Sdata,
    /// The SDATA field holding a 7-bit immediate, printed in decimal up to 64 and in
    /// hexadecimal above (`sdata_imm`: the probe mode of `s_atc_probe*`).
    SdataImm,
    /// SGPR pair (address) or quad (buffer descriptor) base, SBASE field (`sbase`).
    Sbase,
    /// The SMEM offset operand (`smem_offset`), as LLVM writes it: an SGPR (SOFFSET field,
    /// immediate 0), an immediate (OFFSET field, SOFFSET = null), or `sN offset:imm` (both).
    /// Printed as one operand; the immediate is a signed 21-bit byte offset.
    SmemOffset,

    // ---- LDS (DS) ----
    /// VGPR holding the LDS address (`addr`).
    Addr,
    /// First / second data VGPRs (`data0`, `data1`).
    Data0,
    Data1,

    // ---- FLAT, GLOBAL, SCRATCH, MUBUF ----
    /// VGPR address (`vaddr`). FLAT: 64-bit address. GLOBAL: 64-bit address when `saddr`
    /// is `off`, else a 32-bit offset (rows give 64). SCRATCH: 32-bit offset, or `off`.
    /// MUBUF: 0, 1 or 2 VGPRs (index and/or offset, by `idxen` / `offen`), `off` for none
    /// (rows give 32).
    Vaddr,
    /// VGPR store / atomic data; MUBUF: also the load destination and atomic return
    /// (`vdata`).
    Vdata,
    /// SGPR base (GLOBAL: 64-bit) or offset (SCRATCH: 32-bit), or `off` (`saddr`).
    Saddr,
    /// MUBUF buffer resource, an SGPR quad (`srsrc`).
    Srsrc,
    /// MUBUF SGPR (or inline constant) byte offset (`soffset`).
    Soffset,
}

/// Which values an operand accepts in assembly, beyond what its kind and width allow. The
/// hardware reads the field the same way; this only narrows what the assembler takes (and
/// marks what the disassembler flags), as llvm-mc does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Accept {
    /// Everything the kind allows.
    Any,
    /// Registers only: no inline constants or literals (`:regs`, e.g. `s_setpc_b64`).
    Registers,
    /// Only `null` (`:null`, the SDST of `s_waitcnt_*cnt`).
    Null,
    /// Only non-negative values, 0..=65535 (`:unsigned`, the `s_cmpk_*_u32` immediates).
    Unsigned,
    /// Only a VGPR, though the field is a 9-bit source (`:vgpr`, e.g. `v_readfirstlane_b32`
    /// src0, `v_movrels_b32` src0, `v_permlane16_b32` src0, WMMA A/B matrices).
    Vgpr,
    /// Only an SGPR (incl. `vcc_lo`, `null`, ...), no VGPR and no constant (`:sgpr`: the
    /// e64 `v_cndmask_*` selector and `v_*_co_ci_u32` carry-in).
    Sgpr,
    /// An SGPR or a constant (inline or literal), no VGPR (`:scalar`, e.g.
    /// `v_writelane_b32` src0, `v_permlane16_b32` src1/src2).
    Scalar,
    /// An SGPR or an inline constant; no VGPR, no literal (`:scalar_inline`, the lane
    /// select of `v_readlane_b32` / `v_writelane_b32`).
    ScalarInline,
    /// Anything but a literal (`:nolit`: the sources of `v_fmamk_*` / `v_fmaak_*`, whose
    /// literal slot holds K).
    NoLiteral,
    /// A VGPR or an inline constant; no SGPR, no literal (`:vgpr_inline`, the WMMA C
    /// matrix).
    VgprInline,
}

/// The value type of an operand, from its `:type` part: the width of register operands and,
/// for sources, how LLVM treats constants (which values fold to inline constants and how the
/// disassembler prints them). Destinations carry widths only; integer and bit types are
/// widths. A 32-bit integer and an `f32` source behave identically in LLVM's syntax; the
/// distinction follows the opcode's type and is informative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgType {
    /// `16`, `32` (default), `64`, `96`, `128`, `256`, `512`: integer / raw bits of that
    /// width (register operands: `width / 32` registers, at least one).
    B16,
    B32,
    B64,
    B96,
    B128,
    B256,
    B512,
    /// `f16`, `f32`, `f64`: floating point.
    F16,
    F32,
    F64,
    /// `bf16`: bfloat16 (`v_dot2_bf16_bf16` src2: an fp literal converts to bf16).
    Bf16,
    /// `v2i16`, `v2f16`, `v2bf16`: packed pairs in 32 bits (VOP3P; `v2f16` also the packed
    /// sources of `v_dot2*_f16`).
    V2i16,
    V2f16,
    V2bf16,
}

impl ArgType {
    fn parse(text: &str) -> Option<ArgType> {
        Some(match text {
            "16" => ArgType::B16,
            "32" => ArgType::B32,
            "64" => ArgType::B64,
            "96" => ArgType::B96,
            "128" => ArgType::B128,
            "256" => ArgType::B256,
            "512" => ArgType::B512,
            "f16" => ArgType::F16,
            "f32" => ArgType::F32,
            "f64" => ArgType::F64,
            "bf16" => ArgType::Bf16,
            "v2i16" => ArgType::V2i16,
            "v2f16" => ArgType::V2f16,
            "v2bf16" => ArgType::V2bf16,
            _ => return None,
        })
    }

    /// Width in bits.
    pub fn bits(self) -> u16 {
        match self {
            ArgType::B16 | ArgType::F16 | ArgType::Bf16 => 16,
            ArgType::B32 | ArgType::F32 | ArgType::V2i16 | ArgType::V2f16 | ArgType::V2bf16 => 32,
            ArgType::B64 | ArgType::F64 => 64,
            ArgType::B96 => 96,
            ArgType::B128 => 128,
            ArgType::B256 => 256,
            ArgType::B512 => 512,
        }
    }

    /// Registers a register operand of this type occupies (16-bit types: one).
    pub fn regs(self) -> u8 {
        self.bits().div_ceil(32) as u8
    }

    /// Whether constants are floating point for this type (`f16`, `f32`, `f64`, `bf16`,
    /// `v2f16`, `v2bf16`).
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ArgType::F16
                | ArgType::F32
                | ArgType::F64
                | ArgType::Bf16
                | ArgType::V2f16
                | ArgType::V2bf16
        )
    }
}

/// A syntax modifier an opcode accepts (and LLVM prints) in its encoding: the row's `mods`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// `|x|` / `abs(x)` on float sources (VOP3 ABS bits; VOP3P `v_fma_mix*`: NEG_HI bits).
    Abs,
    /// `-x` / `neg(x)` on float sources (VOP3 NEG bits).
    Neg,
    /// `clamp`.
    Clamp,
    /// Output modifier `mul:2`, `mul:4`, `div:2` (`omod`).
    Omod,
    /// `op_sel:[...]` (VOP3 OPSEL bits, VOP3P OPSEL).
    OpSel,
    /// `op_sel_hi:[...]` (VOP3P).
    OpSelHi,
    /// `neg_lo:[...]`, `neg_hi:[...]` (VOP3P).
    NegLo,
    NegHi,
    /// The opcode has DPP16 (`_dpp`, `quad_perm:`/`row_*`) and DPP8 (`dpp8:[...]`) forms in
    /// this encoding (`dpp`).
    Dpp,
    /// Only the DPP16 form / only the DPP8 form (`dpp16`, `dpp8`).
    Dpp16,
    Dpp8,
    /// LLVM 19 accepts and prints the opcode only in true16 syntax: its 16-bit VGPR
    /// operands are register halves `v10.l` / `v10.h` (`t16`: `v_mov_b16_e32`).
    T16,
    /// Memory immediate offset `offset:N` (SMEM none; DS 16-bit; FLAT 12-bit unsigned;
    /// GLOBAL/SCRATCH 13-bit signed; MUBUF 12-bit unsigned).
    Offset,
    /// DS two-address offsets `offset0:N offset1:N` (8 bits each).
    Offset0,
    Offset1,
    /// DS `gds`. Printed always for the GDS-only opcodes (`ds_ordered_count`,
    /// `ds_*_gs_reg_rtn`), which LLVM decodes only with GDS set.
    Gds,
    /// Cache policy bits `glc`, `slc`, `dlc`.
    Glc,
    Slc,
    Dlc,
    /// MUBUF `offen`, `idxen`: VADDR supplies an offset / an index (both: two VGPRs, index
    /// first).
    Offen,
    Idxen,
    /// MUBUF `tfe`.
    Tfe,
    /// An atomic that returns the pre-op value only when `glc` is set. FLAT / GLOBAL /
    /// SCRATCH: the row's first operand `vdst` is present (printed, accepted, written)
    /// iff `glc`; without `glc` the operand list is the rest. MUBUF: no extra operand; with
    /// `glc` the pre-op value is written back into `vdata` (its first half for cmpswap).
    /// This is how LLVM tells the `_RTN` and no-return forms apart (`rtn`).
    Rtn,
}

impl Modifier {
    fn parse(text: &str) -> Option<Modifier> {
        Some(match text {
            "abs" => Modifier::Abs,
            "neg" => Modifier::Neg,
            "clamp" => Modifier::Clamp,
            "omod" => Modifier::Omod,
            "op_sel" => Modifier::OpSel,
            "op_sel_hi" => Modifier::OpSelHi,
            "neg_lo" => Modifier::NegLo,
            "neg_hi" => Modifier::NegHi,
            "dpp" => Modifier::Dpp,
            "dpp16" => Modifier::Dpp16,
            "dpp8" => Modifier::Dpp8,
            "t16" => Modifier::T16,
            "offset" => Modifier::Offset,
            "offset0" => Modifier::Offset0,
            "offset1" => Modifier::Offset1,
            "gds" => Modifier::Gds,
            "glc" => Modifier::Glc,
            "slc" => Modifier::Slc,
            "dlc" => Modifier::Dlc,
            "offen" => Modifier::Offen,
            "idxen" => Modifier::Idxen,
            "tfe" => Modifier::Tfe,
            "rtn" => Modifier::Rtn,
            _ => return None,
        })
    }
}

/// One operand of an opcode: its kind, its width in bits (32 or 64 for registers) and
/// which values the assembler accepts. YAML form: `kind[:type][:restriction]`, e.g.
/// `sdst:64`, `src1:f16`, `src0:vgpr`, `src2:256:vgpr_inline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arg {
    pub kind: ArgKind,
    /// Width in bits (16, 32, 64, 96, 128), as `ty.bits()`; 0 for the 256- and 512-bit
    /// operands (SMEM `sdata`, WMMA matrices), whose width does not fit a `u8`: use
    /// [`Arg::width`] or `ty`.
    pub bits: u8,
    pub accept: Accept,
    /// Value type (default `B32`).
    pub ty: ArgType,
}

impl Arg {
    /// Width in bits, for every operand.
    pub fn width(&self) -> u16 {
        self.ty.bits()
    }

    fn parse(text: &str) -> Result<Arg, String> {
        let mut parts = text.split(':');
        let kind = parts.next().unwrap_or_default();
        let mut ty = ArgType::B32;
        let mut accept = Accept::Any;
        for part in parts {
            if let Some(t) = ArgType::parse(part) {
                ty = t;
                continue;
            }
            match part {
                "regs" => accept = Accept::Registers,
                "null" => accept = Accept::Null,
                "unsigned" => accept = Accept::Unsigned,
                "vgpr" => accept = Accept::Vgpr,
                "sgpr" => accept = Accept::Sgpr,
                "scalar" => accept = Accept::Scalar,
                "scalar_inline" => accept = Accept::ScalarInline,
                "nolit" => accept = Accept::NoLiteral,
                "vgpr_inline" => accept = Accept::VgprInline,
                w if w.starts_with(|c: char| c.is_ascii_digit()) => {
                    return Err(format!(
                        "width `{w}` (allowed: 16, 32, 64, 96, 128, 256, 512)"
                    ))
                }
                other => {
                    return Err(format!(
                        "operand type or restriction `{other}` (types: 16..512, f16, f32, \
                         f64, bf16, v2i16, v2f16, v2bf16; restrictions: regs, null, unsigned, \
                         vgpr, sgpr, scalar, scalar_inline, nolit, vgpr_inline)"
                    ))
                }
            }
        }
        let kind = match kind {
            "sdst" => ArgKind::Sdst,
            "ssrc0" => ArgKind::Ssrc0,
            "ssrc1" => ArgKind::Ssrc1,
            "sreg" => ArgKind::Sreg,
            "simm16" => ArgKind::Simm16,
            "uimm16" => ArgKind::Uimm16,
            "label" => ArgKind::Label,
            "hwreg" => ArgKind::Hwreg,
            "waitcnt" => ArgKind::Waitcnt,
            "sendmsg" => ArgKind::Sendmsg,
            "msg_rtn" => ArgKind::MsgRtn,
            "delay_alu" => ArgKind::DelayAlu,
            "depctr" => ArgKind::Depctr,
            "imm32" => ArgKind::Imm32,
            "version" => ArgKind::Version,
            "opt_imm16" => ArgKind::OptImm16,
            "vdst" => ArgKind::Vdst,
            "vcc" => ArgKind::Vcc,
            "src0" => ArgKind::Src0,
            "src1" => ArgKind::Src1,
            "src2" => ArgKind::Src2,
            "vsrc1" => ArgKind::Vsrc1,
            "sdata" => ArgKind::Sdata,
            "sdata_imm" => ArgKind::SdataImm,
            "sbase" => ArgKind::Sbase,
            "smem_offset" => ArgKind::SmemOffset,
            "addr" => ArgKind::Addr,
            "data0" => ArgKind::Data0,
            "data1" => ArgKind::Data1,
            "vaddr" => ArgKind::Vaddr,
            "vdata" => ArgKind::Vdata,
            "saddr" => ArgKind::Saddr,
            "srsrc" => ArgKind::Srsrc,
            "soffset" => ArgKind::Soffset,
            other => return Err(format!("operand kind `{other}`")),
        };
        let bits = u8::try_from(ty.bits()).unwrap_or(0);
        Ok(Arg {
            kind,
            bits,
            accept,
            ty,
        })
    }
}

/// Where a row's opcode comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The reference's chapter 15 opcode tables (the default).
    Reference,
    /// `source: llvm`: opcodes LLVM 19 decodes and assembles for gfx1100 that the
    /// reference's opcode tables do not list (e.g. `s_waitcnt_depctr`, `ds_gws_init`);
    /// operand lists probed from LLVM like the others.
    Llvm,
}

/// One table row: an opcode of a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpInfo {
    pub format: Format,
    pub opcode: u16,
    /// Lower-case mnemonic as LLVM prints it (`s_add_u32`).
    pub name: String,
    /// The same as a [`Mn`] value, to match on.
    pub mn: Mn,
    /// Operands in assembly order (LLVM's order for this encoding).
    pub args: Vec<Arg>,
    /// Syntax modifiers the opcode accepts in this encoding (YAML `mods`, default none).
    pub mods: Vec<Modifier>,
    /// False for opcodes the reference lists but llvm-mc 19 rejects for gfx1100 (YAML
    /// `llvm: none`); their operand lists come from the reference pseudocode. Corpus
    /// generators and LLVM conformance checks skip them.
    pub llvm: bool,
    /// Where the row comes from (YAML `source`, default the reference).
    pub source: Source,
}

impl OpInfo {
    /// Whether the opcode has no architectural effect for one wave of a functional model or
    /// a one-wave core: hints, waits, priorities, messages without a reply, a lone wave's
    /// barrier. Such an instruction retires with no writes. (The one list of them, used by
    /// the golden model and the RTL decode alike.)
    pub fn has_no_effect(&self) -> bool {
        matches!(
            self.mn,
            Mn::s_nop
                | Mn::s_setkill
                | Mn::s_sleep
                | Mn::s_set_inst_prefetch_distance
                | Mn::s_clause
                | Mn::s_delay_alu
                | Mn::s_waitcnt
                | Mn::s_waitcnt_depctr
                | Mn::s_wait_idle
                | Mn::s_wait_event
                | Mn::s_setprio
                | Mn::s_icache_inv
                | Mn::s_barrier
                | Mn::s_wakeup
                | Mn::s_incperflevel
                | Mn::s_decperflevel
                | Mn::s_sendmsg
                | Mn::s_version
                | Mn::s_waitcnt_vscnt
                | Mn::s_waitcnt_vmcnt
                | Mn::s_waitcnt_expcnt
                | Mn::s_waitcnt_lgkmcnt
        )
    }

    /// The operand of the given kind, if the opcode has one.
    pub fn arg(&self, kind: ArgKind) -> Option<Arg> {
        self.args.iter().copied().find(|a| a.kind == kind)
    }

    /// Whether the opcode accepts the modifier in its encoding.
    pub fn has_mod(&self, m: Modifier) -> bool {
        self.mods.contains(&m)
    }
}

/// All opcodes, with lookups by `(format, opcode)` and by mnemonic.
#[derive(Debug)]
pub struct Tables {
    ops: Vec<OpInfo>,
    by_code: HashMap<(Format, u16), usize>,
    by_name: HashMap<String, Vec<usize>>,
}

impl Tables {
    /// Every row, in format then opcode order. A row's position is its stable index.
    pub fn ops(&self) -> &[OpInfo] {
        &self.ops
    }

    pub fn lookup(&self, format: Format, opcode: u16) -> Option<&OpInfo> {
        self.by_code.get(&(format, opcode)).map(|&i| &self.ops[i])
    }

    /// Every row with this mnemonic, in [`Format::ALL`] order (empty if none). Mnemonics are
    /// unique within a format but not across formats: `v_mov_b32` is a VOP1 and a VOP3 row,
    /// `v_dual_mov_b32` a VOPD_X and a VOPD_Y row.
    pub fn by_name(&self, name: &str) -> Vec<&OpInfo> {
        self.by_name
            .get(name)
            .map(|v| v.iter().map(|&i| &self.ops[i]).collect())
            .unwrap_or_default()
    }

    /// Position of a row in [`Tables::ops`].
    pub fn index_of(&self, op: &OpInfo) -> usize {
        self.by_code[&(op.format, op.opcode)]
    }

    pub fn of_format(&self, format: Format) -> impl Iterator<Item = &OpInfo> {
        self.ops.iter().filter(move |o| o.format == format)
    }
}

/// The embedded YAML source of the scalar tables.
pub const SCALAR_YAML: &str = include_str!("../tables/scalar.yaml");
/// The embedded YAML source of the vector ALU tables (generated by `tables/derive/`).
pub const VALU_YAML: &str = include_str!("../tables/valu.yaml");
/// The embedded YAML source of the memory tables (generated by `tables/derive/`).
pub const MEMORY_YAML: &str = include_str!("../tables/memory.yaml");

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    op: u16,
    name: String,
    args: Vec<String>,
    #[serde(default)]
    mods: Vec<String>,
    /// `none` when llvm-mc 19 rejects the opcode for gfx1100.
    #[serde(default)]
    llvm: Option<String>,
    /// `llvm` for opcodes the reference's tables do not list.
    #[serde(default)]
    source: Option<String>,
}

/// Parses table YAML (a map from format name to rows). Errors name the format and row.
pub fn parse_tables(yaml: &str) -> Result<Tables, String> {
    parse_table_sources(&[yaml])
}

/// Parses several table YAML documents into one set of tables; a format may appear in only
/// one of them.
pub fn parse_table_sources(sources: &[&str]) -> Result<Tables, String> {
    let mut raw: HashMap<String, Vec<Row>> = HashMap::new();
    for yaml in sources {
        let part: HashMap<String, Vec<Row>> =
            serde_norway::from_str(yaml).map_err(|e| format!("ISA table YAML: {e}"))?;
        for (k, rows) in part {
            if raw.insert(k.clone(), rows).is_some() {
                return Err(format!("ISA table: format `{k}` defined twice"));
            }
        }
    }
    let mut ops = Vec::new();
    for format in Format::ALL {
        let Some(rows) = raw.get(format.name()) else {
            continue;
        };
        for row in rows {
            let args = row
                .args
                .iter()
                .map(|a| Arg::parse(a))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("ISA table {format} `{}`: unknown {e}", row.name))?;
            let mods = row
                .mods
                .iter()
                .map(|m| {
                    Modifier::parse(m).ok_or_else(|| {
                        format!("ISA table {format} `{}`: unknown modifier `{m}`", row.name)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let llvm = match row.llvm.as_deref() {
                None => true,
                Some("none") => false,
                Some(other) => {
                    return Err(format!(
                        "ISA table {format} `{}`: `llvm: {other}` (only `llvm: none`)",
                        row.name
                    ))
                }
            };
            let source = match row.source.as_deref() {
                None => Source::Reference,
                Some("llvm") => Source::Llvm,
                Some(other) => {
                    return Err(format!(
                        "ISA table {format} `{}`: `source: {other}` (only `source: llvm`)",
                        row.name
                    ))
                }
            };
            let mn = Mn::from_name(&row.name).ok_or_else(|| {
                format!(
                    "ISA table {format} `{}`: not a mnemonic of the embedded tables",
                    row.name
                )
            })?;
            ops.push(OpInfo {
                format,
                opcode: row.op,
                name: row.name.clone(),
                mn,
                args,
                mods,
                llvm,
                source,
            });
        }
    }
    if let Some(k) = raw
        .keys()
        .find(|k| !Format::ALL.iter().any(|f| f.name() == k.as_str()))
    {
        return Err(format!("ISA table: unknown format `{k}`"));
    }
    ops.sort_by_key(|o| (o.format, o.opcode));
    let mut by_code = HashMap::new();
    let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, o) in ops.iter().enumerate() {
        if by_code.insert((o.format, o.opcode), i).is_some() {
            return Err(format!("ISA table {}: opcode {} twice", o.format, o.opcode));
        }
        let rows = by_name.entry(o.name.clone()).or_default();
        if rows.iter().any(|&j| ops[j].format == o.format) {
            return Err(format!(
                "ISA table {}: mnemonic `{}` twice",
                o.format, o.name
            ));
        }
        rows.push(i);
    }
    Ok(Tables {
        ops,
        by_code,
        by_name,
    })
}

/// The tables of the embedded YAML, parsed on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(
        || match parse_table_sources(&[SCALAR_YAML, VALU_YAML, MEMORY_YAML]) {
            Ok(t) => t,
            // The YAML is compiled into the binary and checked by the unit test below, so a
            // failure here is a build defect, not a user error.
            Err(e) => panic!("embedded ISA tables are invalid: {e}"),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_tables_parse_with_expected_counts() {
        let t = parse_tables(SCALAR_YAML).unwrap();
        let count = |f| t.of_format(f).count();
        assert_eq!(count(Format::Sop2), 52);
        assert_eq!(count(Format::Sopk), 27);
        assert_eq!(count(Format::Sop1), 65);
        assert_eq!(count(Format::Sopc), 18);
        assert_eq!(count(Format::Sopp), 39);
        let add = t.by_name("s_lshl_b64")[0];
        assert_eq!((add.format, add.opcode), (Format::Sop2, 9));
        assert_eq!(add.args[0].bits, 64);
        assert_eq!(add.args[2].bits, 32);
    }

    #[test]
    fn all_embedded_tables_parse_with_expected_counts() {
        let t = parse_table_sources(&[SCALAR_YAML, VALU_YAML, MEMORY_YAML]).unwrap();
        let counts = [
            (Format::Sop2, 52),
            (Format::Sopk, 27),
            (Format::Sop1, 65),
            (Format::Sopc, 18),
            (Format::Sopp, 39),
            (Format::Smem, 14),
            (Format::Vop1, 86),
            (Format::Vop2, 47),
            (Format::Vopc, 190),
            (Format::Vop3, 429),
            (Format::Vop3sd, 10),
            (Format::Vop3p, 34),
            (Format::VopdX, 14),
            (Format::VopdY, 17),
            (Format::Ds, 126),
            (Format::Flat, 52),
            (Format::Global, 61),
            (Format::Scratch, 27),
            (Format::Mubuf, 79),
        ];
        for (f, n) in counts {
            assert_eq!(t.of_format(f).count(), n, "{f}");
        }
        assert_eq!(t.ops().len(), counts.iter().map(|c| c.1).sum::<usize>());
        // promoted opcodes are rows of both formats
        let mov: Vec<_> = t
            .by_name("v_mov_b32")
            .iter()
            .map(|o| (o.format, o.opcode))
            .collect();
        assert_eq!(mov, [(Format::Vop1, 1), (Format::Vop3, 385)]);
        let lsh = t.lookup(Format::Vop3, 828).unwrap();
        assert_eq!(lsh.name, "v_lshlrev_b64");
        assert_eq!(lsh.args[1].ty, ArgType::B32);
        assert_eq!(lsh.args[2].ty, ArgType::B64);
        let add = t.lookup(Format::Vop2, 50).unwrap();
        assert_eq!(add.args[1].ty, ArgType::F16);
        assert!(add.has_mod(Modifier::Dpp));
        let cvt = &t.by_name("v_cvt_f32_f64")[1];
        assert_eq!((cvt.format, cvt.args[1].ty), (Format::Vop3, ArgType::F64));
        assert!(cvt.has_mod(Modifier::Clamp) && cvt.has_mod(Modifier::Omod));
        let ld = t.lookup(Format::Smem, 4).unwrap();
        assert_eq!((ld.args[0].width(), ld.args[0].bits), (512, 0));
        let atomic = t.lookup(Format::Global, 53).unwrap();
        assert!(atomic.has_mod(Modifier::Rtn) && atomic.args[0].kind == ArgKind::Vdst);
        assert!(!t.lookup(Format::Vop1, 102).unwrap().llvm);
        assert!(t.ops().iter().filter(|o| !o.llvm).count() < 30);
        let depctr = t.lookup(Format::Sopp, 8).unwrap();
        assert_eq!(
            (depctr.name.as_str(), depctr.source),
            ("s_waitcnt_depctr", Source::Llvm)
        );
        assert_eq!(t.lookup(Format::Sopp, 9).unwrap().source, Source::Reference);
    }

    #[test]
    fn bad_rows_are_named() {
        let e = parse_tables("SOP2:\n  - {op: 0, name: s_x, args: [sdst:24]}\n").unwrap_err();
        assert!(e.contains("s_x") && e.contains("width"), "{e}");
        let e = parse_tables("SOPX: []\n").unwrap_err();
        assert!(e.contains("SOPX"), "{e}");
        let e = parse_tables("VOP1:\n  - {op: 1, name: v_x, args: [vdst], mods: [bogus]}\n")
            .unwrap_err();
        assert!(e.contains("v_x") && e.contains("bogus"), "{e}");
        let e = parse_table_sources(&["SOP2: []\n", "SOP2: []\n"]).unwrap_err();
        assert!(e.contains("twice"), "{e}");
    }
}
