//! Symbolic operand syntax of LLVM's gfx11 assembly, shared by the assembler and the
//! disassembler: hardware-register names, message names, the `s_waitcnt`,
//! `s_waitcnt_depctr` and `s_delay_alu` field layouts, `s_version` names, and the special source operands
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
    /// `MSG_SYSMSG`: not a gfx11 message of its own (llvm-objdump prints its words
    /// numerically), but llvm-mc 19 accepts it with one of [`SYSMSG_OPS`] (and no stream).
    pub const SYSMSG: (u16, &str) = (15, "MSG_SYSMSG");
    /// The `MSG_SYSMSG` operations llvm-mc 19 accepts on gfx11, by id (3,
    /// `SYSMSG_OP_HOST_TRAP_ACK`, it refuses as unsupported on this GPU).
    pub const SYSMSG_OPS: &[(u16, &str)] = &[
        (1, "SYSMSG_OP_ECC_ERR_INTERRUPT"),
        (2, "SYSMSG_OP_REG_RD"),
        (4, "SYSMSG_OP_TTRACE_PC"),
    ];

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

/// `s_waitcnt_depctr` fields of gfx11, in the order LLVM prints them: `(name, shift,
/// width)`. Bits 6:5 are unused.
pub mod depctr {
    pub const FIELDS: [(&str, u32, u32); 7] = [
        ("depctr_hold_cnt", 7, 1),
        ("depctr_sa_sdst", 0, 1),
        ("depctr_va_vdst", 12, 4),
        ("depctr_va_sdst", 9, 3),
        ("depctr_va_ssrc", 8, 1),
        ("depctr_va_vcc", 1, 1),
        ("depctr_vm_vsrc", 2, 3),
    ];
    /// The unused bits: a value with any of them set prints as hexadecimal.
    pub const UNUSED: u16 = 0x60;

    /// Every field at its maximum (no wait) and the unused bits clear, `0xff9f`: the value
    /// of the fields a symbolic operand leaves out.
    pub fn all_max() -> u16 {
        FIELDS
            .iter()
            .map(|&(_, shift, width)| ((1u16 << width) - 1) << shift)
            .sum()
    }
}

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

/// DPP16 `DPP_CTRL` (9 bits) as LLVM gfx11 writes it: `quad_perm:[a,b,c,d]` for 0..=0xff
/// (two bits per lane, lane 0 lowest), then the controls below; DPP8 is `dpp8:[...]` with
/// eight 3-bit lane selects. Read off llvm-objdump 19 by disassembling every control value.
pub mod dpp {
    /// Last `quad_perm` control.
    pub const QUAD_PERM_LAST: u16 = 0xff;
    /// Controls with a count in their low four bits: `(code with count 0, name, lowest
    /// valid count)`; printed `name:count` (`row_shl:1`, `row_share:0`).
    pub const COUNTED: &[(u16, &str, u16)] = &[
        (0x100, "row_shl", 1),
        (0x110, "row_shr", 1),
        (0x120, "row_ror", 1),
        (0x150, "row_share", 0),
        (0x160, "row_xmask", 0),
    ];
    /// Controls without an argument.
    pub const NAMED: &[(u16, &str)] = &[(0x140, "row_mirror"), (0x141, "row_half_mirror")];
    /// Pre-GFX10 controls: the disassembler prints these comments in their place.
    pub const RETIRED: &[(u16, &str)] = &[
        (0x130, "/* wave_shl is not supported starting from GFX10 */"),
        (0x134, "/* wave_rol is not supported starting from GFX10 */"),
        (0x138, "/* wave_shr is not supported starting from GFX10 */"),
        (0x13c, "/* wave_ror is not supported starting from GFX10 */"),
        (
            0x142,
            "/* row_bcast is not supported starting from GFX10 */",
        ),
        (
            0x143,
            "/* row_bcast is not supported starting from GFX10 */",
        ),
    ];
    /// Printed for any other control value.
    pub const INVALID: &str = "/* Invalid dpp_ctrl value */";
}

/// `ds_swizzle_b32` offsets: `offset:swizzle(MODE,...)`. Bit 15 set with bits 14:8 clear is
/// QUAD_PERM (four 2-bit lane selects); bit 15 clear is BITMASK_PERM with 5-bit and / or /
/// xor masks at bits 0, 5, 10, printed as SWAP, REVERSE or BROADCAST when the masks have
/// that shape. Other values print as a plain decimal offset.
pub mod swizzle {
    pub const QUAD_PERM: &str = "QUAD_PERM";
    pub const BITMASK_PERM: &str = "BITMASK_PERM";
    pub const SWAP: &str = "SWAP";
    pub const REVERSE: &str = "REVERSE";
    pub const BROADCAST: &str = "BROADCAST";
    /// `(mask, value)` of the QUAD_PERM encoding.
    pub const QUAD_PERM_ENC: (u16, u16) = (0xff00, 0x8000);
    /// `(mask, value)` of the BITMASK_PERM encoding.
    pub const BITMASK_PERM_ENC: (u16, u16) = (0x8000, 0);
    /// Width of the and / or / xor masks, and their shifts.
    pub const MASK_BITS: u32 = 5;
    pub const AND_SHIFT: u32 = 0;
    pub const OR_SHIFT: u32 = 5;
    pub const XOR_SHIFT: u32 = 10;
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

/// VALU sources LLVM 19 types as "VGPR or `src_lds_direct`" / "SGPR or `src_lds_direct`"
/// (`(mnemonic, source index)`): the disassembler's `/*Invalid register...*/` comment names
/// their class `VRegOrLds_32` / `SRegOrLds_32` instead of `VGPR_32` / `SReg_32`.
pub const OR_LDS_OPERANDS: &[(&str, usize)] = &[
    ("v_readfirstlane_b32", 0),
    ("v_readlane_b32", 0),
    ("v_writelane_b32", 0),
];

/// VOP3 opcodes whose OPSEL bits 0 and 1 are the fetch-inactive and bound-control flags,
/// written `op_sel:[fi,bc]` (two entries, no destination).
pub const OP_SEL_FI_BC: &[&str] = &["v_permlane16_b32", "v_permlanex16_b32"];

/// VOP3 opcodes with `op_sel` whose e64 form has a src2 tied to the destination: LLVM's
/// `op_sel:[...]` lists it (always 0) between the sources and the destination.
pub const OP_SEL_TIED_SRC2: &[&str] = &["v_fmac_f16"];

/// 16-bit VOP2 opcodes whose VSRC1 LLVM 19 decodes only from v0..v127 (it prints `.long`
/// for a higher one); the other 16-bit e32 opcodes decode it and flag it as outside the
/// `VGPR_32_Lo128` class.
pub const LO128_STRICT_VSRC1: &[&str] = &["v_ldexp_f16", "v_fmamk_f16", "v_fmaak_f16"];

/// e32 sources LLVM 19 types as float for constants but whose DPP input modifiers are the
/// integer ones (`sext(...)` from NEG, ABS ignored): `(mnemonic, source index)`.
pub const DPP_INT_MODS_SOURCES: &[(&str, usize)] = &[("v_ldexp_f16", 1), ("v_mov_b16", 0)];

/// DS opcodes LLVM 19 decodes only with GDS set (and then prints `gds`).
pub const GDS_ONLY: &[&str] = &[
    "ds_ordered_count",
    "ds_add_gs_reg_rtn",
    "ds_sub_gs_reg_rtn",
    "ds_gws_sema_release_all",
    "ds_gws_init",
    "ds_gws_sema_v",
    "ds_gws_sema_br",
    "ds_gws_sema_p",
    "ds_gws_barrier",
];
