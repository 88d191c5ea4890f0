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
        (
            ".section .data",
            "e.s:1:1: unsupported directive `.section`",
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
        ("s_mov_b32 s0, @", "e.s:1:15: unexpected character `@`"),
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
