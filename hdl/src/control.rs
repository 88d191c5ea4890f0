//! The decode control word: what the scalar core does for one opcode. The mnemonic →
//! behaviour mapping lives here (the semantic knowledge); opcode numbers and operand
//! widths come only from the ISA tables (`cu32_isa::tables()`), and the rendered decode
//! module (`templates/decode.v.tera`) is the only place where the two meet.

use crate::config::Features;
use cu32_isa::{ArgKind, Format, Mn, OpInfo};
use rust_hdl::prelude::*;

/// SALU function, executed in the three SALU stages (see `salu.rs`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum AluOp {
    /// No result (nops, branches, compares that only set SCC use their own codes).
    None,
    AddU,
    SubU,
    AddI,
    SubI,
    Addc,
    Subb,
    Absdiff,
    Shl,
    Shr,
    Ashr,
    Lshl1Add,
    Lshl2Add,
    Lshl3Add,
    Lshl4Add,
    MinI,
    MinU,
    MaxI,
    MaxU,
    And,
    Or,
    Xor,
    Nand,
    Nor,
    Xnor,
    AndNot1,
    OrNot1,
    BfeU,
    BfeI,
    Bfm,
    MulLo,
    MulHiU,
    MulHiI,
    Csel,
    PackLl,
    PackLh,
    PackHh,
    PackHl,
    MovA,
    MovB,
    Brev,
    Ctz,
    Clz,
    Cls,
    Sext8,
    Sext16,
    Bitset0,
    Bitset1,
    Bitrep,
    Abs,
    Bcnt0,
    Bcnt1,
    Quadmask,
    Wqm,
    Not,
    SaveAnd,
    SaveOr,
    SaveXor,
    SaveNand,
    SaveNor,
    SaveXnor,
    SaveAndNot0,
    SaveOrNot0,
    SaveAndNot1,
    SaveOrNot1,
    WrAndNot0,
    WrAndNot1,
    Pc4,
    CmpEq,
    CmpLg,
    CmpGtI,
    CmpGeI,
    CmpLtI,
    CmpLeI,
    CmpGtU,
    CmpGeU,
    CmpLtU,
    CmpLeU,
    Bitcmp0,
    Bitcmp1,
    /// `s_getreg_b32`: D = MODE[OFFSET +: SIZE] (hwreg descriptor in B).
    GetReg,
    /// `s_setreg_b32`, `s_setreg_imm32_b32`: MODE[OFFSET +: SIZE] = A (hwreg descriptor in B).
    SetReg,
    /// `s_round_mode`: MODE[3:0] = B[3:0].
    RoundMode,
    /// `s_denorm_mode`: MODE[7:4] = B[3:0].
    DenormMode,
}

/// Where operand A comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum ASrc {
    /// Not used (reads 0).
    None,
    /// The SSRC0 field: register, inline constant, SCC/VCCZ/EXECZ or literal.
    Ssrc0,
    /// The register named by the SDST field (SOPK `sreg`, `s_addk_i32`, ...).
    Sdst,
    /// The mandatory literal dword (`imm32`: `s_setreg_imm32_b32`).
    Imm32,
}

/// Where operand B comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum BSrc {
    None,
    /// The SSRC1 field.
    Ssrc1,
    /// SIMM16 sign-extended.
    SimmS,
    /// SIMM16 zero-extended (also the `hwreg(...)` descriptor).
    SimmZ,
    /// The register named by the SDST field (read-modify-write: `s_bitset*`).
    Sdst,
}

/// What the instruction does to the program flow.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum Kind {
    /// Falls through to the next instruction.
    Next,
    /// PC-relative branch by SIMM16 dwords when `Cond` holds (`s_branch`, `s_call_b64`).
    Branch,
    /// Absolute jump to operand A (`s_setpc_b64`, `s_swappc_b64`).
    Jump,
    /// `s_endpgm`: retire, then stop with `done`.
    End,
    /// Scalar memory (SMEM, two dwords): `s_load_b*` reads `smem_n` dwords over the bus
    /// into SGPRs; `smem_n` = 0 (`s_dcache_inv`, `s_gl1_inv`) retires with no effect.
    Smem,
}

/// Branch condition.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum Cond {
    Always,
    Scc0,
    Scc1,
    Vccz,
    Vccnz,
    Execz,
    Execnz,
    Never,
}

/// M0-relative addressing of a register operand (`s_movrels*`, `s_movreld*`,
/// `s_movrelsd_2_b32`): the index added to the operand's code. Out-of-range accesses are
/// resolved by the spine (`scalar::indexer::Indexer`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum Rel {
    None,
    /// + M0 (all 32 bits).
    M0,
    /// + M0[9:0] (`s_movrelsd_2_b32`'s source).
    M0Lo,
    /// + M0[25:16] (`s_movrelsd_2_b32`'s destination).
    M0Hi,
}

/// What an instruction waits for while a memory access runs in the background: a scalar
/// load (`lgkmcnt`) or a GLOBAL instruction (`vmcnt` when it returns data, else `vscnt`).
/// The core keeps at most one of each kind (so a count is 0 or 1); besides these, the
/// registers an instruction shares with a scalar load (the core's scoreboard) and the rule
/// that memory and vector instructions and `s_endpgm` wait make it wait.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum Wait {
    /// Nothing more.
    None,
    /// `s_waitcnt`: waits while more of the wave's scalar loads and DS instructions are in
    /// flight than its `lgkmcnt` field (SIMM16[9:4]), or more GLOBAL loads and returning
    /// atomics than its `vmcnt` field (SIMM16[15:10]).
    Waitcnt,
    /// `s_waitcnt_lgkmcnt null, N`: waits while more than N (SIMM16[5:0]) scalar loads and
    /// DS instructions are in flight.
    Lgkm,
    /// `s_waitcnt_vmcnt null, N`: the same for GLOBAL loads and returning atomics.
    Vm,
    /// `s_waitcnt_vscnt null, N`: the same for GLOBAL stores and non-returning atomics.
    Vs,
    /// Always waits (`s_barrier`: a parked wave has nothing outstanding).
    Drain,
}

/// One opcode's control word, before packing into the decode template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Control {
    pub alu: AluOp,
    pub a_src: ASrc,
    pub b_src: BSrc,
    pub a_wide: bool,
    pub b_wide: bool,
    pub d_wide: bool,
    /// Writes the SDST register.
    pub d_we: bool,
    /// The SDST write happens only when SCC is 1 (`s_cmov*`).
    pub d_cond: bool,
    pub scc_we: bool,
    pub kind: Kind,
    pub cond: Cond,
    /// Writes EXEC from the SALU's EXEC result (`*_saveexec_*`, `*_wrexec_*`).
    pub exec_we: bool,
    /// A 32-bit literal on a 64-bit operand is sign-extended (signed 64-bit opcodes).
    pub lit_sext: bool,
    /// M0-relative operand A (SSRC0).
    pub a_rel: Rel,
    /// M0-relative destination (SDST).
    pub d_rel: Rel,
    /// Writes MODE from the SALU's MODE result (`s_setreg*`, `s_round_mode`,
    /// `s_denorm_mode`).
    pub mode_we: bool,
    /// SMEM (`Kind::Smem`): the dwords an `s_load_b*` reads (1..=16), 0 for the cache
    /// invalidates.
    pub smem_n: u8,
    /// What it waits for while a memory access runs in the background.
    pub mem_wait: Wait,
}

impl Control {
    fn new(alu: AluOp) -> Control {
        Control {
            alu,
            a_src: ASrc::None,
            b_src: BSrc::None,
            a_wide: false,
            b_wide: false,
            d_wide: false,
            d_we: false,
            d_cond: false,
            scc_we: false,
            kind: Kind::Next,
            cond: Cond::Always,
            exec_we: false,
            lit_sext: false,
            a_rel: Rel::None,
            d_rel: Rel::None,
            mode_we: false,
            smem_n: 0,
            mem_wait: Wait::None,
        }
    }
}

/// Why an opcode decodes as illegal in this core.
pub fn unsupported_reason(op: &OpInfo, features: &Features) -> Option<&'static str> {
    if !features.int_mul
        && matches!(
            op.mn,
            Mn::s_mul_i32 | Mn::s_mul_hi_u32 | Mn::s_mul_hi_i32 | Mn::s_mulk_i32
        )
    {
        return Some("integer multiply switched off (features.int_mul)");
    }
    match op.mn {
        Mn::s_rfe_b64 | Mn::s_trap => Some("trap handling not modelled"),
        Mn::s_sethalt | Mn::s_sendmsghalt => Some("halting not modelled"),
        Mn::s_sendmsg_rtn_b32 | Mn::s_sendmsg_rtn_b64 => Some("no message hardware to answer"),
        Mn::s_endpgm_saved | Mn::s_endpgm_ordered_ps_done => Some("graphics/context-switch end"),
        Mn::s_code_end => Some("raises an illegal-instruction exception by definition"),
        Mn::s_subvector_loop_begin | Mn::s_subvector_loop_end => {
            Some("subvector looping (wave64 in two halves) not modelled")
        }
        Mn::s_ttracedata | Mn::s_ttracedata_imm => Some("no thread trace unit"),
        Mn::s_buffer_load_b32
        | Mn::s_buffer_load_b64
        | Mn::s_buffer_load_b128
        | Mn::s_buffer_load_b256
        | Mn::s_buffer_load_b512 => {
            Some("buffer-resource scalar loads not in the RTL yet (the model has them)")
        }
        Mn::s_atc_probe | Mn::s_atc_probe_buffer => Some("no address translation cache"),
        _ => None,
    }
}

/// The SALU function of a mnemonic, or `None` for opcodes that only move control
/// (branches, nops) or are unsupported. Width variants (`s_and_b32`, `s_and_b64`) share a
/// function; the width comes from the table's operand widths.
fn alu_of(mn: Mn) -> Option<AluOp> {
    use AluOp::*;
    Some(match mn {
        Mn::s_add_u32 => AddU,
        Mn::s_sub_u32 => SubU,
        Mn::s_add_i32 | Mn::s_addk_i32 => AddI,
        Mn::s_sub_i32 => SubI,
        Mn::s_addc_u32 => Addc,
        Mn::s_subb_u32 => Subb,
        Mn::s_absdiff_i32 => Absdiff,
        Mn::s_lshl_b32 | Mn::s_lshl_b64 => Shl,
        Mn::s_lshr_b32 | Mn::s_lshr_b64 => Shr,
        Mn::s_ashr_i32 | Mn::s_ashr_i64 => Ashr,
        Mn::s_lshl1_add_u32 => Lshl1Add,
        Mn::s_lshl2_add_u32 => Lshl2Add,
        Mn::s_lshl3_add_u32 => Lshl3Add,
        Mn::s_lshl4_add_u32 => Lshl4Add,
        Mn::s_min_i32 => MinI,
        Mn::s_min_u32 => MinU,
        Mn::s_max_i32 => MaxI,
        Mn::s_max_u32 => MaxU,
        Mn::s_and_b32 | Mn::s_and_b64 => And,
        Mn::s_or_b32 | Mn::s_or_b64 => Or,
        Mn::s_xor_b32 | Mn::s_xor_b64 => Xor,
        Mn::s_nand_b32 | Mn::s_nand_b64 => Nand,
        Mn::s_nor_b32 | Mn::s_nor_b64 => Nor,
        Mn::s_xnor_b32 | Mn::s_xnor_b64 => Xnor,
        Mn::s_and_not1_b32 | Mn::s_and_not1_b64 => AndNot1,
        Mn::s_or_not1_b32 | Mn::s_or_not1_b64 => OrNot1,
        Mn::s_bfe_u32 | Mn::s_bfe_u64 => BfeU,
        Mn::s_bfe_i32 | Mn::s_bfe_i64 => BfeI,
        Mn::s_bfm_b32 | Mn::s_bfm_b64 => Bfm,
        Mn::s_mul_i32 | Mn::s_mulk_i32 => MulLo,
        Mn::s_mul_hi_u32 => MulHiU,
        Mn::s_mul_hi_i32 => MulHiI,
        Mn::s_cselect_b32 | Mn::s_cselect_b64 => Csel,
        Mn::s_pack_ll_b32_b16 => PackLl,
        Mn::s_pack_lh_b32_b16 => PackLh,
        Mn::s_pack_hh_b32_b16 => PackHh,
        Mn::s_pack_hl_b32_b16 => PackHl,
        Mn::s_mov_b32
        | Mn::s_mov_b64
        | Mn::s_cmov_b32
        | Mn::s_cmov_b64
        | Mn::s_movrels_b32
        | Mn::s_movrels_b64
        | Mn::s_movreld_b32
        | Mn::s_movreld_b64
        | Mn::s_movrelsd_2_b32 => MovA,
        Mn::s_movk_i32 | Mn::s_cmovk_i32 => MovB,
        Mn::s_brev_b32 | Mn::s_brev_b64 => Brev,
        Mn::s_ctz_i32_b32 | Mn::s_ctz_i32_b64 => Ctz,
        Mn::s_clz_i32_u32 | Mn::s_clz_i32_u64 => Clz,
        Mn::s_cls_i32 | Mn::s_cls_i32_i64 => Cls,
        Mn::s_sext_i32_i8 => Sext8,
        Mn::s_sext_i32_i16 => Sext16,
        Mn::s_bitset0_b32 | Mn::s_bitset0_b64 => Bitset0,
        Mn::s_bitset1_b32 | Mn::s_bitset1_b64 => Bitset1,
        Mn::s_bitreplicate_b64_b32 => Bitrep,
        Mn::s_abs_i32 => Abs,
        Mn::s_bcnt0_i32_b32 | Mn::s_bcnt0_i32_b64 => Bcnt0,
        Mn::s_bcnt1_i32_b32 | Mn::s_bcnt1_i32_b64 => Bcnt1,
        Mn::s_quadmask_b32 | Mn::s_quadmask_b64 => Quadmask,
        Mn::s_wqm_b32 | Mn::s_wqm_b64 => Wqm,
        Mn::s_not_b32 | Mn::s_not_b64 => Not,
        Mn::s_and_saveexec_b32 | Mn::s_and_saveexec_b64 => SaveAnd,
        Mn::s_or_saveexec_b32 | Mn::s_or_saveexec_b64 => SaveOr,
        Mn::s_xor_saveexec_b32 | Mn::s_xor_saveexec_b64 => SaveXor,
        Mn::s_nand_saveexec_b32 | Mn::s_nand_saveexec_b64 => SaveNand,
        Mn::s_nor_saveexec_b32 | Mn::s_nor_saveexec_b64 => SaveNor,
        Mn::s_xnor_saveexec_b32 | Mn::s_xnor_saveexec_b64 => SaveXnor,
        Mn::s_and_not0_saveexec_b32 | Mn::s_and_not0_saveexec_b64 => SaveAndNot0,
        Mn::s_or_not0_saveexec_b32 | Mn::s_or_not0_saveexec_b64 => SaveOrNot0,
        Mn::s_and_not1_saveexec_b32 | Mn::s_and_not1_saveexec_b64 => SaveAndNot1,
        Mn::s_or_not1_saveexec_b32 | Mn::s_or_not1_saveexec_b64 => SaveOrNot1,
        Mn::s_and_not0_wrexec_b32 | Mn::s_and_not0_wrexec_b64 => WrAndNot0,
        Mn::s_and_not1_wrexec_b32 | Mn::s_and_not1_wrexec_b64 => WrAndNot1,
        Mn::s_getpc_b64 | Mn::s_swappc_b64 | Mn::s_call_b64 => Pc4,
        Mn::s_cmp_eq_i32
        | Mn::s_cmp_eq_u32
        | Mn::s_cmp_eq_u64
        | Mn::s_cmpk_eq_i32
        | Mn::s_cmpk_eq_u32 => CmpEq,
        Mn::s_cmp_lg_i32
        | Mn::s_cmp_lg_u32
        | Mn::s_cmp_lg_u64
        | Mn::s_cmpk_lg_i32
        | Mn::s_cmpk_lg_u32 => CmpLg,
        Mn::s_cmp_gt_i32 | Mn::s_cmpk_gt_i32 => CmpGtI,
        Mn::s_cmp_ge_i32 | Mn::s_cmpk_ge_i32 => CmpGeI,
        Mn::s_cmp_lt_i32 | Mn::s_cmpk_lt_i32 => CmpLtI,
        Mn::s_cmp_le_i32 | Mn::s_cmpk_le_i32 => CmpLeI,
        Mn::s_cmp_gt_u32 | Mn::s_cmpk_gt_u32 => CmpGtU,
        Mn::s_cmp_ge_u32 | Mn::s_cmpk_ge_u32 => CmpGeU,
        Mn::s_cmp_lt_u32 | Mn::s_cmpk_lt_u32 => CmpLtU,
        Mn::s_cmp_le_u32 | Mn::s_cmpk_le_u32 => CmpLeU,
        Mn::s_bitcmp0_b32 | Mn::s_bitcmp0_b64 => Bitcmp0,
        Mn::s_bitcmp1_b32 | Mn::s_bitcmp1_b64 => Bitcmp1,
        Mn::s_getreg_b32 => GetReg,
        Mn::s_setreg_b32 | Mn::s_setreg_imm32_b32 => SetReg,
        Mn::s_round_mode => RoundMode,
        Mn::s_denorm_mode => DenormMode,
        _ => return Option::None,
    })
}

fn branch_cond(mn: Mn) -> Option<Cond> {
    Some(match mn {
        Mn::s_branch => Cond::Always,
        Mn::s_cbranch_scc0 => Cond::Scc0,
        Mn::s_cbranch_scc1 => Cond::Scc1,
        Mn::s_cbranch_vccz => Cond::Vccz,
        Mn::s_cbranch_vccnz => Cond::Vccnz,
        Mn::s_cbranch_execz => Cond::Execz,
        Mn::s_cbranch_execnz => Cond::Execnz,
        Mn::s_cbranch_cdbgsys
        | Mn::s_cbranch_cdbguser
        | Mn::s_cbranch_cdbgsys_or_user
        | Mn::s_cbranch_cdbgsys_and_user => Cond::Never,
        _ => return None,
    })
}

/// Opcodes whose result does not write SCC even though most SALU ops do. Everything else
/// with an SALU function writes SCC exactly when the reference pseudocode assigns it.
fn writes_scc(alu: AluOp) -> bool {
    use AluOp::*;
    !matches!(
        alu,
        None | Bfm
            | MulLo
            | MulHiU
            | MulHiI
            | Csel
            | PackLl
            | PackLh
            | PackHh
            | PackHl
            | MovA
            | MovB
            | Brev
            | Ctz
            | Clz
            | Cls
            | Sext8
            | Sext16
            | Bitset0
            | Bitset1
            | Bitrep
            | Pc4
            | GetReg
            | SetReg
            | RoundMode
            | DenormMode
    )
}

/// The control word of a table row, or `None` when the core decodes it as illegal.
pub fn control(op: &OpInfo, features: &Features) -> Option<Control> {
    if unsupported_reason(op, features).is_some() {
        return None;
    }
    if op.format == Format::Smem {
        return smem_control(op);
    }
    let mut c = if op.has_no_effect() {
        let mut c = Control::new(AluOp::None);
        c.mem_wait = match op.mn {
            Mn::s_waitcnt => Wait::Waitcnt,
            Mn::s_waitcnt_lgkmcnt => Wait::Lgkm,
            Mn::s_waitcnt_vmcnt => Wait::Vm,
            Mn::s_waitcnt_vscnt => Wait::Vs,
            Mn::s_barrier => Wait::Drain,
            _ => Wait::None,
        };
        c
    } else if let Some(cond) = branch_cond(op.mn) {
        let mut c = Control::new(AluOp::None);
        c.kind = Kind::Branch;
        c.cond = cond;
        c
    } else if op.mn == Mn::s_endpgm {
        let mut c = Control::new(AluOp::None);
        c.kind = Kind::End;
        c
    } else if op.mn == Mn::s_setpc_b64 {
        let mut c = Control::new(AluOp::None);
        c.kind = Kind::Jump;
        c.a_src = ASrc::Ssrc0;
        c.a_wide = true;
        return Some(c);
    } else {
        let alu = alu_of(op.mn)?;
        let mut c = Control::new(alu);
        c.scc_we = writes_scc(alu);
        c
    };
    if c.alu == AluOp::None {
        return Some(c);
    }
    // Operands and widths from the table row.
    for arg in &op.args {
        let wide = arg.bits == 64;
        match arg.kind {
            ArgKind::Sdst => {
                c.d_we = true;
                c.d_wide = wide;
            }
            ArgKind::Ssrc0 => {
                c.a_src = ASrc::Ssrc0;
                c.a_wide = wide;
            }
            ArgKind::Ssrc1 => {
                c.b_src = BSrc::Ssrc1;
                c.b_wide = wide;
            }
            ArgKind::Sreg => c.a_src = ASrc::Sdst,
            ArgKind::Simm16 => {
                c.b_src = match op.mn {
                    Mn::s_cmpk_eq_u32
                    | Mn::s_cmpk_lg_u32
                    | Mn::s_cmpk_gt_u32
                    | Mn::s_cmpk_ge_u32
                    | Mn::s_cmpk_lt_u32
                    | Mn::s_cmpk_le_u32 => BSrc::SimmZ,
                    _ => BSrc::SimmS,
                }
            }
            ArgKind::Uimm16 | ArgKind::Hwreg => c.b_src = BSrc::SimmZ,
            ArgKind::Imm32 => c.a_src = ASrc::Imm32,
            ArgKind::Label => {
                c.kind = Kind::Branch;
                c.cond = Cond::Always;
            }
            _ => {}
        }
    }
    match op.mn {
        Mn::s_addk_i32 | Mn::s_mulk_i32 => c.a_src = ASrc::Sdst,
        Mn::s_cmov_b32 | Mn::s_cmov_b64 | Mn::s_cmovk_i32 => c.d_cond = true,
        Mn::s_bitset0_b32 | Mn::s_bitset0_b64 | Mn::s_bitset1_b32 | Mn::s_bitset1_b64 => {
            c.b_src = BSrc::Sdst;
            c.b_wide = c.d_wide;
        }
        Mn::s_swappc_b64 => c.kind = Kind::Jump,
        Mn::s_movrels_b32 | Mn::s_movrels_b64 => c.a_rel = Rel::M0,
        Mn::s_movreld_b32 | Mn::s_movreld_b64 => c.d_rel = Rel::M0,
        Mn::s_movrelsd_2_b32 => {
            c.a_rel = Rel::M0Lo;
            c.d_rel = Rel::M0Hi;
        }
        _ => {}
    }
    c.mode_we = matches!(c.alu, AluOp::SetReg | AluOp::RoundMode | AluOp::DenormMode);
    c.exec_we = matches!(
        c.alu,
        AluOp::SaveAnd
            | AluOp::SaveOr
            | AluOp::SaveXor
            | AluOp::SaveNand
            | AluOp::SaveNor
            | AluOp::SaveXnor
            | AluOp::SaveAndNot0
            | AluOp::SaveOrNot0
            | AluOp::SaveAndNot1
            | AluOp::SaveOrNot1
            | AluOp::WrAndNot0
            | AluOp::WrAndNot1
    );
    c.lit_sext = matches!(op.mn, Mn::s_ashr_i64 | Mn::s_bfe_i64 | Mn::s_cls_i32_i64);
    Some(c)
}

/// The control word of an SMEM row: `s_load_b*` reads as many dwords as its `sdata`
/// operand is wide (from the table); the cache invalidates have no operand and no effect.
fn smem_control(op: &OpInfo) -> Option<Control> {
    let mut c = Control::new(AluOp::None);
    c.kind = Kind::Smem;
    match op.mn {
        Mn::s_dcache_inv | Mn::s_gl1_inv => Some(c),
        Mn::s_load_b32 | Mn::s_load_b64 | Mn::s_load_b128 | Mn::s_load_b256 | Mn::s_load_b512 => {
            let bits = op.args.iter().find(|a| a.kind == ArgKind::Sdata)?.width();
            c.smem_n = u8::try_from(bits / 32)
                .ok()
                .filter(|n| (1..=16).contains(n))?;
            Some(c)
        }
        _ => None,
    }
}

/// Every table row of the scalar formats (SMEM included) with its control word
/// (`None` = illegal).
pub fn control_table(features: &Features) -> Vec<(&'static OpInfo, Option<Control>)> {
    cu32_isa::tables()
        .ops()
        .iter()
        // the scalar formats (first in `Format::ALL`) and SMEM
        .filter(|op| op.format <= Format::Smem)
        .map(|op| (op, control(op, features)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    #[test]
    fn every_row_is_supported_or_has_a_reason() {
        let f = Config::default_config().features;
        for (op, c) in control_table(&f) {
            assert!(
                c.is_some() || unsupported_reason(op, &f).is_some(),
                "{} has neither semantics nor a reason",
                op.name
            );
        }
    }

    /// The rows that sign-extend a literal are the signed 64-bit ones, and the rows that
    /// write EXEC the `saveexec` and `wrexec` ones.
    #[test]
    fn literal_sign_and_exec_follow_the_names() {
        let f = Config::default_config().features;
        for (op, c) in control_table(&f) {
            let Some(c) = c else { continue };
            let n = &op.name;
            assert_eq!(c.lit_sext, n.contains("i64"), "{n}");
            assert_eq!(
                c.exec_we,
                n.contains("saveexec") || n.contains("wrexec"),
                "{n}"
            );
        }
    }

    #[test]
    fn widths_come_from_the_table() {
        let f = Config::default_config().features;
        let t = cu32_isa::tables();
        let c = control(t.by_name("s_and_saveexec_b64")[0], &f).unwrap();
        assert!(c.exec_we && c.d_wide && c.a_wide && c.scc_we);
        let c = control(t.by_name("s_cmpk_lt_u32")[0], &f).unwrap();
        assert_eq!((c.a_src, c.b_src, c.d_we), (ASrc::Sdst, BSrc::SimmZ, false));
        let c = control(t.by_name("s_call_b64")[0], &f).unwrap();
        assert_eq!((c.alu, c.kind, c.d_wide), (AluOp::Pc4, Kind::Branch, true));
        let c = control(t.by_name("s_ashr_i64")[0], &f).unwrap();
        assert!(c.lit_sext);
    }

    #[test]
    fn mode_and_m0_relative_rows() {
        let f = Config::default_config().features;
        let t = cu32_isa::tables();
        let c = control(t.by_name("s_getreg_b32")[0], &f).unwrap();
        assert_eq!((c.alu, c.b_src), (AluOp::GetReg, BSrc::SimmZ));
        assert!(c.d_we && !c.scc_we && !c.mode_we);
        let c = control(t.by_name("s_setreg_b32")[0], &f).unwrap();
        assert_eq!(
            (c.alu, c.a_src, c.b_src),
            (AluOp::SetReg, ASrc::Sdst, BSrc::SimmZ)
        );
        assert!(c.mode_we && !c.d_we && !c.scc_we);
        let c = control(t.by_name("s_setreg_imm32_b32")[0], &f).unwrap();
        assert_eq!((c.alu, c.a_src), (AluOp::SetReg, ASrc::Imm32));
        let c = control(t.by_name("s_denorm_mode")[0], &f).unwrap();
        assert_eq!((c.alu, c.b_src), (AluOp::DenormMode, BSrc::SimmZ));
        assert!(c.mode_we && !c.d_we);
        let c = control(t.by_name("s_movrelsd_2_b32")[0], &f).unwrap();
        assert_eq!((c.a_rel, c.d_rel), (Rel::M0Lo, Rel::M0Hi));
        let c = control(t.by_name("s_movreld_b64")[0], &f).unwrap();
        assert_eq!((c.a_rel, c.d_rel, c.d_wide), (Rel::None, Rel::M0, true));
    }

    /// The waits on background memory: which rows have them, and that the core's fixed
    /// count fields (`s_waitcnt`'s SIMM16[9:4] and [15:10], the SOPK forms' SIMM16[5:0])
    /// are the ISA's.
    #[test]
    fn memory_waits() {
        let f = Config::default_config().features;
        let waits: Vec<(&str, Wait)> = control_table(&f)
            .into_iter()
            .filter_map(|(op, c)| {
                c.filter(|c| c.mem_wait != Wait::None)
                    .map(|c| (op.name.as_str(), c.mem_wait))
            })
            .collect();
        assert_eq!(
            waits,
            [
                ("s_waitcnt_vscnt", Wait::Vs),
                ("s_waitcnt_vmcnt", Wait::Vm),
                ("s_waitcnt_lgkmcnt", Wait::Lgkm),
                ("s_waitcnt", Wait::Waitcnt),
                ("s_barrier", Wait::Drain)
            ]
        );
        assert!(cu32_isa::syntax::WAITCNT_FIELDS.contains(&("lgkmcnt", 4, 6)));
        assert!(cu32_isa::syntax::WAITCNT_FIELDS.contains(&("vmcnt", 10, 6)));
    }

    #[test]
    fn smem_rows_take_their_dwords_from_the_table() {
        let f = Config::default_config().features;
        let t = cu32_isa::tables();
        for (name, n) in [
            ("s_load_b32", 1),
            ("s_load_b64", 2),
            ("s_load_b128", 4),
            ("s_load_b256", 8),
            ("s_load_b512", 16),
            ("s_dcache_inv", 0),
            ("s_gl1_inv", 0),
        ] {
            let c = control(t.by_name(name)[0], &f).unwrap();
            assert_eq!(
                (c.kind, c.smem_n, c.alu),
                (Kind::Smem, n, AluOp::None),
                "{name}"
            );
            assert!(!c.d_we && !c.scc_we, "{name}");
        }
        assert!(control(t.by_name("s_buffer_load_b32")[0], &f).is_none());
    }
}
