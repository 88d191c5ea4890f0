//! The decode control word: what the scalar core does for one opcode. The mnemonic →
//! behaviour mapping lives here (the semantic knowledge); opcode numbers and operand
//! widths come only from the ISA tables (`cu32_isa::tables()`), and the rendered decode
//! module (`templates/decode.v.tera`) is the only place where the two meet.

use crate::config::Features;
use cu32_isa::{ArgKind, Format, OpInfo};
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
/// resolved by the core (`core::Indexer`).
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
    let n = op.name.as_str();
    if !features.int_mul
        && matches!(
            n,
            "s_mul_i32" | "s_mul_hi_u32" | "s_mul_hi_i32" | "s_mulk_i32"
        )
    {
        return Some("integer multiply switched off (features.int_mul)");
    }
    match n {
        "s_rfe_b64" | "s_trap" => Some("trap handling not modelled"),
        "s_sethalt" | "s_sendmsghalt" => Some("halting not modelled"),
        "s_sendmsg_rtn_b32" | "s_sendmsg_rtn_b64" => Some("no message hardware to answer"),
        "s_endpgm_saved" | "s_endpgm_ordered_ps_done" => Some("graphics/context-switch end"),
        "s_code_end" => Some("raises an illegal-instruction exception by definition"),
        "s_subvector_loop_begin" | "s_subvector_loop_end" => {
            Some("subvector looping (wave64 in two halves) not modelled")
        }
        "s_ttracedata" | "s_ttracedata_imm" => Some("no thread trace unit"),
        n if n.starts_with("s_buffer_load_") => {
            Some("buffer-resource scalar loads not in the RTL yet (the model has them)")
        }
        "s_atc_probe" | "s_atc_probe_buffer" => Some("no address translation cache"),
        _ => None,
    }
}

/// The SALU function of a mnemonic, or `None` for opcodes that only move control
/// (branches, nops) or are unsupported.
fn alu_of(name: &str) -> Option<AluOp> {
    use AluOp::*;
    // Names without their width suffix (`s_and_b64` → `and`) map to one function;
    // the width comes from the table's operand widths.
    let base = name
        .trim_start_matches("s_")
        .trim_end_matches("_b32")
        .trim_end_matches("_b64");
    Some(match base {
        "add_u32" => AddU,
        "sub_u32" => SubU,
        "add_i32" | "addk_i32" => AddI,
        "sub_i32" => SubI,
        "addc_u32" => Addc,
        "subb_u32" => Subb,
        "absdiff_i32" => Absdiff,
        "lshl" => Shl,
        "lshr" => Shr,
        "ashr_i32" | "ashr_i64" => Ashr,
        "lshl1_add_u32" => Lshl1Add,
        "lshl2_add_u32" => Lshl2Add,
        "lshl3_add_u32" => Lshl3Add,
        "lshl4_add_u32" => Lshl4Add,
        "min_i32" => MinI,
        "min_u32" => MinU,
        "max_i32" => MaxI,
        "max_u32" => MaxU,
        "and" => And,
        "or" => Or,
        "xor" => Xor,
        "nand" => Nand,
        "nor" => Nor,
        "xnor" => Xnor,
        "and_not1" => AndNot1,
        "or_not1" => OrNot1,
        "bfe_u32" | "bfe_u64" => BfeU,
        "bfe_i32" | "bfe_i64" => BfeI,
        "bfm" => Bfm,
        "mul_i32" | "mulk_i32" => MulLo,
        "mul_hi_u32" => MulHiU,
        "mul_hi_i32" => MulHiI,
        "cselect" => Csel,
        "pack_ll_b32_b16" => PackLl,
        "pack_lh_b32_b16" => PackLh,
        "pack_hh_b32_b16" => PackHh,
        "pack_hl_b32_b16" => PackHl,
        "mov" | "cmov" | "movrels" | "movreld" | "movrelsd_2" => MovA,
        "movk_i32" | "cmovk_i32" => MovB,
        "brev" => Brev,
        "ctz_i32" => Ctz,
        "clz_i32_u32" | "clz_i32_u64" => Clz,
        "cls_i32" | "cls_i32_i64" => Cls,
        "sext_i32_i8" => Sext8,
        "sext_i32_i16" => Sext16,
        "bitset0" => Bitset0,
        "bitset1" => Bitset1,
        "bitreplicate" => Bitrep,
        "abs_i32" => Abs,
        "bcnt0_i32" => Bcnt0,
        "bcnt1_i32" => Bcnt1,
        "quadmask" => Quadmask,
        "wqm" => Wqm,
        "not" => Not,
        "and_saveexec" => SaveAnd,
        "or_saveexec" => SaveOr,
        "xor_saveexec" => SaveXor,
        "nand_saveexec" => SaveNand,
        "nor_saveexec" => SaveNor,
        "xnor_saveexec" => SaveXnor,
        "and_not0_saveexec" => SaveAndNot0,
        "or_not0_saveexec" => SaveOrNot0,
        "and_not1_saveexec" => SaveAndNot1,
        "or_not1_saveexec" => SaveOrNot1,
        "and_not0_wrexec" => WrAndNot0,
        "and_not1_wrexec" => WrAndNot1,
        "getpc" | "swappc" | "call" => Pc4,
        "cmp_eq_i32" | "cmp_eq_u32" | "cmp_eq_u64" | "cmpk_eq_i32" | "cmpk_eq_u32" => CmpEq,
        "cmp_lg_i32" | "cmp_lg_u32" | "cmp_lg_u64" | "cmpk_lg_i32" | "cmpk_lg_u32" => CmpLg,
        "cmp_gt_i32" | "cmpk_gt_i32" => CmpGtI,
        "cmp_ge_i32" | "cmpk_ge_i32" => CmpGeI,
        "cmp_lt_i32" | "cmpk_lt_i32" => CmpLtI,
        "cmp_le_i32" | "cmpk_le_i32" => CmpLeI,
        "cmp_gt_u32" | "cmpk_gt_u32" => CmpGtU,
        "cmp_ge_u32" | "cmpk_ge_u32" => CmpGeU,
        "cmp_lt_u32" | "cmpk_lt_u32" => CmpLtU,
        "cmp_le_u32" | "cmpk_le_u32" => CmpLeU,
        "bitcmp0" => Bitcmp0,
        "bitcmp1" => Bitcmp1,
        "getreg" => GetReg,
        "setreg" | "setreg_imm32" => SetReg,
        "round_mode" => RoundMode,
        "denorm_mode" => DenormMode,
        _ => return Option::None,
    })
}

fn branch_cond(name: &str) -> Option<Cond> {
    Some(match name {
        "s_branch" => Cond::Always,
        "s_cbranch_scc0" => Cond::Scc0,
        "s_cbranch_scc1" => Cond::Scc1,
        "s_cbranch_vccz" => Cond::Vccz,
        "s_cbranch_vccnz" => Cond::Vccnz,
        "s_cbranch_execz" => Cond::Execz,
        "s_cbranch_execnz" => Cond::Execnz,
        n if n.starts_with("s_cbranch_cdbg") => Cond::Never,
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
    let name = op.name.as_str();
    if op.format == Format::Smem {
        return smem_control(op);
    }
    let mut c = if op.has_no_effect() {
        let mut c = Control::new(AluOp::None);
        c.mem_wait = match name {
            "s_waitcnt" => Wait::Waitcnt,
            "s_waitcnt_lgkmcnt" => Wait::Lgkm,
            "s_waitcnt_vmcnt" => Wait::Vm,
            "s_waitcnt_vscnt" => Wait::Vs,
            "s_barrier" => Wait::Drain,
            _ => Wait::None,
        };
        c
    } else if let Some(cond) = branch_cond(name) {
        let mut c = Control::new(AluOp::None);
        c.kind = Kind::Branch;
        c.cond = cond;
        c
    } else if name == "s_endpgm" {
        let mut c = Control::new(AluOp::None);
        c.kind = Kind::End;
        c
    } else if name == "s_setpc_b64" {
        let mut c = Control::new(AluOp::None);
        c.kind = Kind::Jump;
        c.a_src = ASrc::Ssrc0;
        c.a_wide = true;
        return Some(c);
    } else {
        let alu = alu_of(name)?;
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
                c.b_src = if name.starts_with("s_cmpk_") && name.ends_with("_u32") {
                    BSrc::SimmZ
                } else {
                    BSrc::SimmS
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
    let base = name.trim_start_matches("s_");
    match base {
        "addk_i32" | "mulk_i32" => c.a_src = ASrc::Sdst,
        "cmov_b32" | "cmov_b64" | "cmovk_i32" => c.d_cond = true,
        "bitset0_b32" | "bitset0_b64" | "bitset1_b32" | "bitset1_b64" => {
            c.b_src = BSrc::Sdst;
            c.b_wide = c.d_wide;
        }
        "swappc_b64" => c.kind = Kind::Jump,
        "movrels_b32" | "movrels_b64" => c.a_rel = Rel::M0,
        "movreld_b32" | "movreld_b64" => c.d_rel = Rel::M0,
        "movrelsd_2_b32" => {
            c.a_rel = Rel::M0Lo;
            c.d_rel = Rel::M0Hi;
        }
        _ => {}
    }
    c.mode_we = matches!(c.alu, AluOp::SetReg | AluOp::RoundMode | AluOp::DenormMode);
    c.exec_we = base.contains("saveexec") || base.contains("wrexec");
    c.lit_sext = base.contains("i64");
    Some(c)
}

/// The control word of an SMEM row: `s_load_b*` reads as many dwords as its `sdata`
/// operand is wide (from the table); the cache invalidates have no operand and no effect.
fn smem_control(op: &OpInfo) -> Option<Control> {
    let mut c = Control::new(AluOp::None);
    c.kind = Kind::Smem;
    match op.name.as_str() {
        "s_dcache_inv" | "s_gl1_inv" => Some(c),
        n if n.starts_with("s_load_b") => {
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
