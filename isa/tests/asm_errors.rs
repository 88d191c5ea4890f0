//! Assembler errors: each class reports `file:line:col: message` at the offending token
//! (columns as llvm-mc reports them where it reports the same error).

use cu32_isa::asm::assemble;

/// Assembles `src` as `e.s` and returns the error text.
fn error(src: &str) -> String {
    match assemble(src, "e.s") {
        Ok(p) => panic!("`{src}` assembled to {:08x?}", p.words),
        Err(e) => e.to_string(),
    }
}

#[test]
fn error_classes_name_position_and_cause() {
    let cases = [
        ("s_nop 0\ns_foo s0", "e.s:2:1: invalid instruction `s_foo`"),
        (
            "s_mov_b32 s0, v0",
            "e.s:1:15: invalid operand for instruction",
        ),
        (
            "s_add_u32 s0, s1",
            "e.s:1:1: too few operands for instruction",
        ),
        (
            "s_add_u32 s0, s1, s2, s3",
            "e.s:1:23: invalid operand for instruction",
        ),
        (
            "s_mov_b32 s0, s106",
            "e.s:1:15: register index is out of range",
        ),
        (
            "s_mov_b64 s[0:1], s[1:2]",
            "e.s:1:19: invalid register alignment",
        ),
        (
            "s_mov_b64 s[0:1], s2",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "s_mov_b32 s0, s[2:3]",
            "e.s:1:15: invalid operand for instruction",
        ),
        (
            "s_mov_b32 s0, 0x100000000",
            "e.s:1:15: invalid operand for instruction",
        ),
        (
            "s_mov_b64 s[0:1], 1.5",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "s_add_u32 s0, 65, -17",
            "e.s:1:19: only one unique literal operand is allowed",
        ),
        (
            "s_movk_i32 s0, 65536",
            "e.s:1:16: invalid operand for instruction",
        ),
        (
            "s_cmpk_eq_u32 s0, -1",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "s_branch -32769",
            "e.s:1:10: expected a 16-bit signed jump offset",
        ),
        ("  s_branch nowhere", "e.s:1:12: undefined label `nowhere`"),
        ("a:\na: s_nop 0", "e.s:2:1: label `a` is defined twice"),
        ("s_waitcnt vmcnt(64)", "e.s:1:17: too large value for vmcnt"),
        (
            "s_waitcnt_depctr depctr_va_vdst(16)",
            "e.s:1:18: invalid value for depctr_va_vdst",
        ),
        (
            "s_waitcnt_depctr depctr_va_vdst(0) depctr_va_vdst(1)",
            "e.s:1:36: duplicate counter name depctr_va_vdst",
        ),
        (
            "s_waitcnt_depctr depctr_foo(1)",
            "e.s:1:18: invalid counter name depctr_foo",
        ),
        (
            "s_waitcnt_depctr 0x10000",
            "e.s:1:18: invalid operand for instruction",
        ),
        (
            "ds_gws_init v5 offset:65536 gds",
            "e.s:1:16: expected a 16-bit unsigned offset",
        ),
        (
            "s_waitcnt expcnt(8)",
            "e.s:1:18: too large value for expcnt",
        ),
        (
            "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 33)",
            "e.s:1:40: invalid bitfield width: only values from 1 to 32 are legal",
        ),
        (
            "s_getreg_b32 s0, hwreg(HW_REG_MODE, 32, 1)",
            "e.s:1:37: invalid bit offset: only 5-bit values are legal",
        ),
        (
            "s_getreg_b32 s0, hwreg(64)",
            "e.s:1:24: invalid hardware register: only 6-bit values are legal",
        ),
        (
            "s_getreg_b32 s0, hwreg(HW_REG_HW_ID)",
            "e.s:1:24: invalid hardware register `HW_REG_HW_ID`: not supported on this GPU",
        ),
        (
            "s_getreg_b32 s0, 65536",
            "e.s:1:18: invalid immediate: only 16-bit values are legal",
        ),
        ("s_sendmsg sendmsg(300)", "e.s:1:19: invalid message id"),
        (
            "s_sendmsg sendmsg(MSG_INTERRUPT, 0)",
            "e.s:1:34: message does not support operations",
        ),
        // MSG_SYSMSG takes one of llvm-mc's SYSMSG_OP_* operations (1, 2, 4) and no stream.
        (
            "s_sendmsg sendmsg(MSG_SYSMSG)",
            "e.s:1:19: missing message operation",
        ),
        (
            "s_sendmsg sendmsg(MSG_SYSMSG, 3)",
            "e.s:1:31: invalid operation id",
        ),
        (
            "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)",
            "e.s:1:31: invalid operation `SYSMSG_OP_HOST_TRAP_ACK` of MSG_SYSMSG",
        ),
        (
            "s_sendmsg sendmsg(MSG_SYSMSG, 1, 0)",
            "e.s:1:34: message operation does not support streams",
        ),
        // `src_scc` is the one special source a register-only 32-bit operand takes.
        (
            "s_movrels_b32 s0, src_shared_base",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "s_movrels_b64 s[0:1], src_scc",
            "e.s:1:23: invalid operand for instruction",
        ),
        ("s_waitcnt_vscnt s0, 0", "e.s:1:17: src0 must be null"),
        ("s_setpc_b64 1", "e.s:1:13: invalid operand for instruction"),
        (
            "s_mov_b32 s0, vccz",
            "e.s:1:15: execz and vccz are not supported on this GPU",
        ),
        (
            "s_delay_alu instid0(VALU_DEP_1) instid1(VALU_DEP_2)",
            "e.s:1:33: invalid operand for instruction",
        ),
        (
            "s_delay_alu instid0(BOGUS)",
            "e.s:1:21: invalid value name for instid0",
        ),
        (
            "s_mov_b32 scc, s0",
            "e.s:1:11: scc is not a destination (llvm-mc would silently write m0)",
        ),
        (
            "s_endpgm_ordered_ps_done",
            "e.s:1:1: `s_endpgm_ordered_ps_done` is not supported on gfx1100 by LLVM 19",
        ),
        (".bogus 1", "e.s:1:1: unsupported directive `.bogus`"),
        (
            ".section .data\ns_nop 0",
            "e.s:2:1: instructions are only assembled in .text",
        ),
        (
            "s_mov_b32 s0, 1 +",
            "e.s:1:18: expected an integer expression",
        ),
        ("s_mov_b32 s0, 1 / 0", "e.s:1:17: division by zero"),
        (
            "s_mov_b32 s0, 1e40",
            "e.s:1:15: invalid operand for instruction",
        ),
        ("s_mov_b32 s0, #", "e.s:1:15: unexpected character `#`"),
    ];
    let mut wrong = Vec::new();
    for (src, want) in cases {
        let got = error(src);
        if got != want {
            wrong.push(format!("`{src}`:\n  got  {got}\n  want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Vector and memory errors, with llvm-mc 19's messages and columns where it reports the
/// same error.
#[test]
fn vector_and_memory_errors_name_position_and_cause() {
    let cases = [
        // Wrong register class or width.
        (
            "v_mov_b32 v0, s[0:1]",
            "e.s:1:15: invalid operand for instruction",
        ),
        (
            "v_add_f64 v[0:1], v2, v[4:5]",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "v_readfirstlane_b32 v0, v1",
            "e.s:1:21: invalid operand for instruction",
        ),
        (
            "v_readlane_b32 s0, s1, s2",
            "e.s:1:20: invalid operand for instruction",
        ),
        (
            "global_load_b32 v1, v2, off",
            "e.s:1:21: invalid operand for instruction",
        ),
        (
            "flat_load_b32 v1, v2",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "buffer_load_b32 v1, off, s[4:6], s3",
            "e.s:1:26: invalid operand for instruction",
        ),
        (
            "s_load_b64 s[1:2], s[2:3], 0",
            "e.s:1:12: invalid register alignment",
        ),
        (
            "v_mov_b32 v256, v0",
            "e.s:1:11: register index is out of range",
        ),
        (
            "v_cndmask_b32 v0, v1, v2, vcc",
            "e.s:1:27: invalid operand for instruction",
        ),
        // Modifiers the opcode does not take.
        (
            "v_add_f32_e64 v0, v1, v2 clamp glc",
            "e.s:1:32: invalid operand for instruction",
        ),
        (
            "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] clamp",
            "e.s:1:42: invalid operand for instruction",
        ),
        (
            "v_and_b32_e64 v0, -v1, v2",
            "e.s:1:19: invalid operand for instruction",
        ),
        (
            "v_add_f32 v0, v1, v2 mul:3",
            "e.s:1:26: invalid output modifier: expected mul:2, mul:4 or div:2",
        ),
        (
            "ds_load_b32 v1, v2 glc",
            "e.s:1:20: invalid operand for instruction",
        ),
        (
            "v_add_f32 v0, v1, v2 bogus",
            "e.s:1:22: invalid operand for instruction",
        ),
        // Literals, constants and the constant bus.
        (
            "v_add3_u32 v0, 0x1234, 0x5678, v1",
            "e.s:1:24: only one unique literal operand is allowed",
        ),
        (
            "v_add_f16 v0, 0x12345, v1",
            "e.s:1:15: invalid operand for instruction",
        ),
        (
            "v_add3_u32 v0, s1, s2, s3",
            "e.s:1:24: invalid operand (violates constant bus restrictions)",
        ),
        (
            "v_lshlrev_b64 v[0:1], s0, s[2:3]",
            "e.s:1:27: invalid operand (violates constant bus restrictions)",
        ),
        (
            "v_add_f32_dpp v0, 1.0, v1 quad_perm:[0,1,2,3]",
            "e.s:1:19: invalid operand for instruction",
        ),
        // Out-of-range offsets.
        (
            "global_load_b32 v1, v[2:3], off offset:4096",
            "e.s:1:33: expected a 13-bit signed offset",
        ),
        (
            "flat_load_b32 v1, v[2:3] offset:-1",
            "e.s:1:26: expected a 12-bit unsigned offset",
        ),
        (
            "ds_load_b32 v1, v2 offset:65536",
            "e.s:1:20: expected a 16-bit unsigned offset",
        ),
        (
            "ds_store_2addr_b32 v1, v2, v3 offset0:256",
            "e.s:1:31: invalid offset0 value.",
        ),
        (
            "buffer_load_b32 v1, off, s[4:7], s3 offset:4096",
            "e.s:1:37: expected a 12-bit unsigned offset",
        ),
        (
            "s_load_b32 s0, s[2:3], 0x100000",
            "e.s:1:24: expected a 21-bit signed offset",
        ),
        // Atomics with and without a return value.
        (
            "global_atomic_add_u32 v1, v[2:3], v4, off",
            "e.s:1:1: instruction must use glc",
        ),
        (
            "global_atomic_add_u32 v[2:3], v4, off glc",
            "e.s:1:39: instruction must not use glc",
        ),
        // VOPD pairs: bank rules and shared limits, reported at the Y operand.
        (
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v2, v4, v5",
            "e.s:1:45: one dst register must be even and the other odd",
        ),
        (
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v5, v6",
            "e.s:1:49: src0 operands must use different VGPR banks",
        ),
        (
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v6",
            "e.s:1:53: src1 operands must use different VGPR banks",
        ),
        // `v_dual_fmamk_f32`'s VGPR after K is LLVM's src2 (parity only); the accumulating
        // `v_dual_fmac_f32` reads its destination as src2 (reported at the X operand).
        (
            "v_dual_fmac_f32 v7, v2, v5 :: v_dual_fmamk_f32 v6, v1, 0x40000000, v3",
            "e.s:1:68: src2 operands must use different VGPR banks",
        ),
        (
            "v_dual_fmamk_f32 v2, v4, 0x40000000, v3 :: v_dual_fmac_f32 v5, v2, v1",
            "e.s:1:38: src2 operands must use different VGPR banks",
        ),
        (
            "v_dual_dot2acc_f32_f16 v7, v2, v5 :: v_dual_fmamk_f32 v6, v1, 0x40000000, v3",
            "e.s:1:75: src2 operands must use different VGPR banks",
        ),
        (
            "v_dual_mul_f32 v0, 0x1234, v2 :: v_dual_add_f32 v3, 0x1235, v5",
            "e.s:1:53: only one unique literal operand is allowed",
        ),
        (
            "v_dual_cndmask_b32 v0, s1, v2 :: v_dual_mov_b32 v3, s4",
            "e.s:1:53: invalid operand (violates constant bus restrictions)",
        ),
        (
            "v_dual_add_nc_u32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5",
            "e.s:1:1: invalid instruction",
        ),
        (
            "v_dual_mul_f32 v0, v1, v2",
            "e.s:1:1: `v_dual_mul_f32` is a dual-issue half: write `x :: y`",
        ),
        (
            "v_mov_b16_e64 v0.l, v1.l",
            "e.s:1:1: e64 variant of this instruction is not supported",
        ),
    ];
    let mut wrong = Vec::new();
    for (src, want) in cases {
        let got = error(src);
        if got != want {
            wrong.push(format!("`{src}`:\n  got  {got}\n  want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn odd_input_never_panics() {
    let samples = [
        "",
        ":",
        "s_mov_b32",
        "s_mov_b32 ,",
        "s_mov_b32 s[",
        "s_mov_b32 s[99999999999999999999]",
        "s_mov_b32 s0, ((((",
        "s_mov_b32 s0, 1 << 200",
        "s_waitcnt vmcnt(",
        "hwreg(",
        "\"",
        "s_getreg_b32 s0, hwreg(HW_REG_MODE,",
        "s_sendmsg sendmsg(1, 99)",
        "s_mov_b32 s0, '",
        "/* unterminated",
        "s_branch 1 +",
        "s_mov_b32 s0, -",
        "s_mov_b32 s0, ttmp[15:16]",
        "s_version UC_VERSION_BOGUS",
        "s_delay_alu instid0(",
        "x: y: z:",
        ".long",
        "v_add_f32 v0, |v1",
        "v_add_f32 v0, neg(",
        "v_mov_b32 v[0:",
        "v_dual_mov_b32 v0, v1 ::",
        ":: v_dual_mov_b32 v0, v1",
        "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2]",
        "v_mov_b32_dpp v0, v1 dpp8:[8,0,0,0,0,0,0,0]",
        "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM, \"01\")",
        "ds_swizzle_b32 v1, v2 offset:swizzle(",
        "buffer_load_b32 v1, v[2:3], s[4:7], s3 offen",
        "v_pk_add_f16 v0, v1, v2 op_sel:[1,1,1,1,1]",
        ".amdhsa_kernel k",
    ];
    for s in samples {
        let _ = assemble(s, "p.s");
    }
}

#[test]
fn labels_comments_directives_and_lines() {
    let src = "\t.text\n\t.globl other ; comment\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\nmain:\n  s_mov_b32 s0, 0x12345678 // literal\nloop: /* block */ s_sub_u32 s0, s0, 1\n  s_cbranch_scc1 loop\n  s_call_b64 s[0:1], main\n  .p2align 4\n  s_endpgm\n";
    let p = assemble(src, "t.s").unwrap();
    assert_eq!(
        p.words,
        // llvm-mc 19 output for the same source.
        [
            0xbe80_00ff,
            0x1234_5678,
            0x8080_8100,
            0xbfa2_fffe,
            0xba00_fffb,
            0xbf80_0000,
            0xbf80_0000,
            0xbf80_0000,
            0xbfb0_0000
        ]
    );
    let lines: Vec<(u32, usize)> = p.lines.iter().map(|l| (l.addr, l.line)).collect();
    assert_eq!(lines, [(0, 5), (8, 6), (12, 7), (16, 8), (32, 10)]);
}
