//! Symbolic operand syntax of LLVM's gfx11 assembly, shared by the assembler and the
//! disassembler: hardware-register names, message names, the `s_waitcnt` and
//! `s_delay_alu` field layouts, `s_version` names, and the special source operands
//! (`src_scc`, `src_shared_base`, ...). Names and codes were read off llvm-objdump 19
//! (`--mcpu=gfx1100`) by disassembling every field value.

/// `hwreg(...)` field layout: id bits 5:0, offset 10:6, size-1 15:11.
pub mod hwreg {
    /// Hardware registers LLVM names on gfx11, by id.
    pub const NAMES: &[(u16, &str)] = &[
        (1, "HW_REG_MODE"),
        (2, "HW_REG_STATUS"),
        (3, "HW_REG_TRAPSTS"),
        (5, "HW_REG_GPR_ALLOC"),
        (6, "HW_REG_LDS_ALLOC"),
        (7, "HW_REG_IB_STS"),
        (15, "HW_REG_SH_MEM_BASES"),
        (18, "HW_REG_PERF_SNAPSHOT_PC_LO"),
        (19, "HW_REG_PERF_SNAPSHOT_PC_HI"),
        (20, "HW_REG_FLAT_SCR_LO"),
        (21, "HW_REG_FLAT_SCR_HI"),
        (23, "HW_REG_HW_ID1"),
        (24, "HW_REG_HW_ID2"),
        (27, "HW_REG_PERF_SNAPSHOT_DATA"),
        (29, "HW_REG_SHADER_CYCLES"),
    ];

    /// Packs id (0..=63), offset (0..=31) and size (1..=32).
    pub fn encode(id: u16, offset: u16, size: u16) -> u16 {
        (id & 0x3f) | ((offset & 0x1f) << 6) | (((size.wrapping_sub(1)) & 0x1f) << 11)
    }

    /// `(id, offset, size)` of a SIMM16.
    pub fn decode(simm16: u16) -> (u16, u16, u16) {
        (simm16 & 0x3f, (simm16 >> 6) & 0x1f, (simm16 >> 11) + 1)
    }

    pub fn name(id: u16) -> Option<&'static str> {
        NAMES.iter().find(|(i, _)| *i == id).map(|(_, n)| *n)
    }

    pub fn id(name: &str) -> Option<u16> {
        NAMES.iter().find(|(_, n)| *n == name).map(|(i, _)| *i)
    }
}

/// `sendmsg(...)`: on gfx11 the message id is bits 7:0; the numeric form
/// `sendmsg(id, op, stream)` packs op at bit 4 and stream at bit 8.
pub mod sendmsg {
    /// Messages LLVM names on gfx11, by id.
    pub const NAMES: &[(u16, &str)] = &[
        (1, "MSG_INTERRUPT"),
        (2, "MSG_HS_TESSFACTOR"),
        (3, "MSG_DEALLOC_VGPRS"),
        (5, "MSG_STALL_WAVE_GEN"),
        (6, "MSG_HALT_WAVES"),
        (9, "MSG_GS_ALLOC_REQ"),
        (128, "MSG_RTN_GET_DOORBELL"),
        (129, "MSG_RTN_GET_DDID"),
        (130, "MSG_RTN_GET_TMA"),
        (131, "MSG_RTN_GET_REALTIME"),
        (132, "MSG_RTN_SAVE_WAVE"),
        (133, "MSG_RTN_GET_TBA"),
        (134, "MSG_RTN_GET_TBA_TO_PC"),
    ];
    pub const OP_SHIFT: u32 = 4;
    pub const STREAM_SHIFT: u32 = 8;

    pub fn name(id: u16) -> Option<&'static str> {
        NAMES.iter().find(|(i, _)| *i == id).map(|(_, n)| *n)
    }

    pub fn id(name: &str) -> Option<u16> {
        NAMES.iter().find(|(_, n)| *n == name).map(|(i, _)| *i)
    }
}

/// `s_waitcnt` counter fields of gfx11, in the order LLVM prints them:
/// `(name, shift, width)`. Bit 3 is unused.
pub const WAITCNT_FIELDS: [(&str, u32, u32); 3] =
    [("vmcnt", 10, 6), ("expcnt", 0, 3), ("lgkmcnt", 4, 6)];

/// `s_delay_alu` fields in print order: `(name, shift, width, value names)`.
pub const DELAY_ALU_FIELDS: [(&str, u32, u32, &[&str]); 3] = [
    ("instid0", 0, 4, DELAY_INSTID),
    ("instskip", 4, 3, DELAY_INSTSKIP),
    ("instid1", 7, 4, DELAY_INSTID),
];

/// Values of the `instid0` / `instid1` fields.
pub const DELAY_INSTID: &[&str] = &[
    "NO_DEP",
    "VALU_DEP_1",
    "VALU_DEP_2",
    "VALU_DEP_3",
    "VALU_DEP_4",
    "TRANS32_DEP_1",
    "TRANS32_DEP_2",
    "TRANS32_DEP_3",
    "FMA_ACCUM_CYCLE_1",
    "SALU_CYCLE_1",
    "SALU_CYCLE_2",
    "SALU_CYCLE_3",
];

/// Values of the `instskip` field.
pub const DELAY_INSTSKIP: &[&str] = &["SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"];

/// `s_version` symbols: version numbers in bits 7:0 and flag bits above.
pub mod version {
    pub const VERSION_MASK: u16 = 0xff;
    pub const NAMES: &[(u16, &str)] = &[
        (0, "UC_VERSION_GFX7"),
        (4, "UC_VERSION_GFX10"),
        (6, "UC_VERSION_GFX11"),
        (9, "UC_VERSION_GFX12"),
    ];
    /// Flag bits in the order LLVM combines them.
    pub const FLAGS: &[(u16, &str)] = &[
        (0x2000, "UC_VERSION_W64_BIT"),
        (0x4000, "UC_VERSION_W32_BIT"),
        (0x8000, "UC_VERSION_MDP_BIT"),
    ];

    /// The value of a `UC_VERSION_*` symbol.
    pub fn symbol(name: &str) -> Option<u16> {
        NAMES
            .iter()
            .chain(FLAGS)
            .find(|(_, n)| *n == name)
            .map(|(v, _)| *v)
    }
}

/// Special source operands (SSRC codes beyond the registers) as llvm-objdump prints them.
pub const SPECIAL_SOURCES: &[(u8, &str)] = &[
    (235, "src_shared_base"),
    (236, "src_shared_limit"),
    (237, "src_private_base"),
    (238, "src_private_limit"),
    (239, "src_pops_exiting_wave_id"),
    (251, "src_vccz"),
    (252, "src_execz"),
    (253, "src_scc"),
];

/// Source names llvm-mc accepts for gfx1100 (with and without the `src_` prefix).
/// `src_vccz`, `src_execz` and `src_pops_exiting_wave_id` are printed but not accepted.
pub fn special_source(name: &str) -> Option<u8> {
    let base = name.strip_prefix("src_").unwrap_or(name);
    match base {
        "shared_base" => Some(235),
        "shared_limit" => Some(236),
        "private_base" => Some(237),
        "private_limit" => Some(238),
        "scc" => Some(253),
        _ => None,
    }
}

/// Name of a special source code, if it is one.
pub fn special_source_name(code: u8) -> Option<&'static str> {
    SPECIAL_SOURCES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, n)| *n)
}

/// Table opcodes that LLVM 19 does not accept for gfx1100: llvm-mc rejects them ("instruction
/// not supported on this GPU") and llvm-objdump prints their words as `.long`. The assembler
/// and disassembler follow LLVM.
pub const NOT_IN_LLVM_GFX1100: &[&str] = &["s_endpgm_ordered_ps_done"];
