//! Per-instruction tests of the golden model's integer VALU semantics: carries and borrows,
//! shift amounts at or above the width, signed extremes, partial EXEC masks, compares into
//! VCC / an SGPR / EXEC, cross-lane reads and writes, 16-bit halves, DPP lane moves and VOPD
//! pairs, the trace events, and the errors for opcodes not modelled yet. Expected values
//! are worked out from the chapter 16 pseudocode of the RDNA3 reference.

use cu32_sim::{Machine, ModelError, TraceEvent, Wave, Write};

/// Assembles `body` + `s_endpgm`, lets `setup` prepare the wave, runs it; returns the final
/// wave and every trace event.
fn run_with(body: &str, setup: impl FnOnce(&mut Wave)) -> (Wave, Vec<TraceEvent>) {
    let src = format!("{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&src, "test.s").expect("test program assembles");
    let mut m = Machine::new(program.words);
    setup(m.wave_mut());
    let mut events = Vec::new();
    m.run_traced(1000, |e| events.push(e.clone()))
        .expect("program runs");
    (m.wave().clone(), events)
}

fn run(body: &str) -> Wave {
    run_with(body, |_| {}).0
}

/// v0 = lane id, the usual first instruction of a test.
const LANE_ID: &str = "v_mbcnt_lo_u32_b32 v0, -1, 0\n";

fn lanes(f: impl Fn(u32) -> u32) -> [u32; 32] {
    std::array::from_fn(|l| f(l as u32))
}

fn error(body: &str) -> (ModelError, Machine) {
    let src = format!("{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&src, "test.s").expect("test program assembles");
    let mut m = Machine::new(program.words);
    let e = m.run(100).expect_err("program fails");
    (e, m)
}

#[test]
fn lane_ids_and_mbcnt() {
    let w = run(
        "v_mbcnt_lo_u32_b32 v0, -1, 0\nv_mbcnt_hi_u32_b32 v1, -1, v0\n\
                 s_mov_b32 s0, 0xaaaaaaaa\nv_mbcnt_lo_u32_b32 v2, s0, 100",
    );
    assert_eq!(w.vgpr[0], lanes(|l| l));
    assert_eq!(w.vgpr[1], lanes(|l| l), "wave32: mbcnt_hi moves S1");
    // Odd bits set: lanes below l with an odd index.
    assert_eq!(w.vgpr[2], lanes(|l| 100 + l / 2));
}

#[test]
fn sources_sgpr_inline_literal_and_vgpr() {
    let w = run(&format!(
        "{LANE_ID}s_mov_b32 s0, 1000\nv_add_nc_u32 v1, s0, v0\nv_sub_nc_u32 v2, 64, v0\n\
         v_subrev_nc_u32 v3, 0x12345678, v0\nv_mov_b32 v4, -16\nv_mov_b32 v5, 0.5\n\
         v_add_nc_u32_e64 v6, v0, 0x100"
    ));
    assert_eq!(w.vgpr[1], lanes(|l| 1000 + l));
    assert_eq!(w.vgpr[2], lanes(|l| 64 - l));
    assert_eq!(w.vgpr[3], lanes(|l| l.wrapping_sub(0x1234_5678)));
    assert_eq!(w.vgpr[4], [0xffff_fff0; 32]);
    assert_eq!(w.vgpr[5], [0x3f00_0000; 32]);
    assert_eq!(w.vgpr[6], lanes(|l| l + 0x100));
}

#[test]
fn lanes_outside_exec_keep_their_values_and_trace_masks() {
    let (w, ev) = run_with(
        "s_mov_b32 exec_lo, 0x0000ff01\nv_mov_b32 v1, 7\ns_mov_b32 exec_lo, 0\nv_mov_b32 v1, 9",
        |w| w.vgpr[1] = [0xdead; 32],
    );
    assert_eq!(
        w.vgpr[1],
        lanes(|l| if l == 0 || (8..16).contains(&l) {
            7
        } else {
            0xdead
        })
    );
    assert_eq!(
        ev[1].writes,
        vec![Write::Vgpr {
            index: 1,
            mask: 0xff01,
            values: lanes(|l| if l == 0 || (8..16).contains(&l) { 7 } else { 0 }),
        }]
    );
    assert!(ev[3].writes.is_empty(), "EXEC = 0: nothing written");
    let shown = ev[1].writes[0].to_string();
    assert!(
        shown.starts_with("v1=[mask 0x0000ff01: 0x00000007,0x00000007"),
        "{shown}"
    );
}

#[test]
fn carry_out_and_carry_in() {
    let (w, ev) = run_with(
        &format!(
            "{LANE_ID}v_add_co_u32 v2, s4, v0, v1\nv_add_co_ci_u32_e64 v3, s5, 0, 0, s4\n\
             v_mov_b32 v4, -1\nv_add_co_ci_u32_e32 v5, vcc_lo, v0, v4, vcc_lo\n\
             v_sub_co_u32 v6, s6, v0, 3\nv_sub_co_ci_u32_e64 v7, s7, v0, 2, s6\n\
             v_subrev_co_u32 v8, s8, v0, 30\nv_subrev_co_ci_u32_e64 v9, s9, 29, v0, s8"
        ),
        |w| w.vgpr[1] = [0xffff_fffa; 32],
    );
    // l + 0xfffffffa carries from lane 6 on.
    assert_eq!(w.sgpr[4], 0xffff_ffc0);
    assert_eq!(w.vgpr[2], lanes(|l| l.wrapping_sub(6)));
    assert_eq!(w.vgpr[3], lanes(|l| u32::from(l >= 6)));
    assert_eq!(w.sgpr[5], 0);
    // VCC was 0 (carry-in 0): l + 0xffffffff carries for every lane but 0.
    assert_eq!(w.vgpr[5], lanes(|l| l.wrapping_sub(1)));
    assert_eq!(w.vcc(), 0xffff_fffe);
    // l - 3 borrows for lanes 0..2.
    assert_eq!(
        (w.sgpr[6], w.vgpr[6]),
        (0b111, lanes(|l| l.wrapping_sub(3)))
    );
    // l - 2 - borrow_in: borrow when 2 + borrow_in > l.
    assert_eq!(w.vgpr[7], lanes(|l| l.wrapping_sub(2 + u32::from(l < 3))));
    assert_eq!(w.sgpr[7], 0b111);
    // subrev: 30 - l, borrow from lane 31; then l - 29 - borrow_in.
    assert_eq!(
        (w.vgpr[8], w.sgpr[8]),
        (lanes(|l| 30u32.wrapping_sub(l)), 1 << 31)
    );
    assert_eq!(
        w.vgpr[9],
        lanes(|l| l.wrapping_sub(29 + u32::from(l == 31)))
    );
    assert_eq!(w.sgpr[9], 0x1fff_ffff);
    // Trace: the SGPR carry-out and the VGPR, in canonical order.
    let first = &ev[1].writes;
    assert!(matches!(
        first[0],
        Write::Sgpr {
            index: 4,
            value: 0xffff_ffc0
        }
    ));
    assert!(matches!(
        first[1],
        Write::Vgpr {
            index: 2,
            mask: u32::MAX,
            ..
        }
    ));
}

#[test]
fn carry_out_of_inactive_lanes_is_zero() {
    let w = run("s_mov_b32 exec_lo, 0xf0\nv_add_co_u32 v1, s2, -1, -1");
    assert_eq!(w.sgpr[2], 0xf0);
    assert_eq!(
        w.vgpr[1],
        lanes(|l| if (4..8).contains(&l) { 0xffff_fffe } else { 0 })
    );
}

#[test]
fn shifts_mask_their_amount() {
    let w = run(&format!(
        "{LANE_ID}v_lshlrev_b32 v1, 33, v0\nv_mov_b32 v2, 0x80000000\n\
         v_ashrrev_i32 v3, 63, v2\nv_lshrrev_b32 v4, 63, v2\n\
         v_mov_b32 v5, 1\nv_lshlrev_b64 v[6:7], 36, v[4:5]\nv_lshrrev_b64 v[8:9], 64, v[4:5]\n\
         v_mov_b32 v11, 0x80000000\nv_ashrrev_i64 v[12:13], 63, v[10:11]\n\
         v_lshlrev_b16 v14, 17, v2\nv_ashrrev_i16 v15, 15, 0x8000"
    ));
    assert_eq!(w.vgpr[1], lanes(|l| l << 1));
    assert_eq!(w.vgpr[3], [u32::MAX; 32]);
    assert_eq!(w.vgpr[4], [1; 32]);
    // v[4:5] = 0x00000001_00000001 << 36 = 0x00000010_00000000
    assert_eq!((w.vgpr[6], w.vgpr[7]), ([0; 32], [0x10; 32]));
    assert_eq!((w.vgpr[8], w.vgpr[9]), ([1; 32], [1; 32]));
    assert_eq!((w.vgpr[12], w.vgpr[13]), ([u32::MAX; 32], [u32::MAX; 32]));
    // 16-bit: shift by 17 & 15 = 1 of v2.lo = 0 (v2 = 0x80000000): 0; high half kept.
    assert_eq!(w.vgpr[14], [0; 32]);
    assert_eq!(w.vgpr[15], [0xffff; 32]);
}

#[test]
fn multiplies_and_signed_extremes() {
    let w = run("v_mov_b32 v0, 0x80000000\nv_mov_b32 v1, -1\n\
                 v_mul_hi_i32 v2, v0, v0\nv_mul_hi_u32 v3, v1, v1\nv_mul_lo_u32 v4, v1, v1\n\
                 v_mul_hi_i32 v5, v0, v1\nv_mul_i32_i24 v6, 0x800000, 2\n\
                 v_mul_u32_u24 v7, 0xff800000, 2\nv_mul_hi_u32_u24 v8, 0xffffff, 0xffffff\n\
                 v_mad_u32_u24 v9, 0x1000001, 3, 5\nv_mad_i32_i24 v10, 0xffffff, 7, 1\n\
                 v_max_i32 v11, v0, 1\nv_min_u32 v12, v0, 1\nv_max3_i32 v13, v0, -5, -7\n\
                 v_min3_u32 v14, v0, -5, 7\nv_med3_i32 v15, v0, 7, -5\nv_med3_u32 v16, v0, 7, -5\n\
                 v_maxmin_i32 v17, 3, 9, 5\nv_minmax_u32 v18, 3, 9, 5");
    assert_eq!(w.vgpr[2], [0x4000_0000; 32]);
    assert_eq!(w.vgpr[3], [0xffff_fffe; 32]);
    assert_eq!(w.vgpr[4], [1; 32]);
    assert_eq!(w.vgpr[5], [0; 32], "-2^31 * -1 = 2^31: high word 0");
    assert_eq!(w.vgpr[6], [0xff00_0000; 32], "i24 0x800000 = -2^23");
    assert_eq!(w.vgpr[7], [0x0100_0000; 32], "u24 of 0xff800000");
    assert_eq!(w.vgpr[8], [0xffff; 32], "(2^24-1)^2 >> 32");
    assert_eq!(w.vgpr[9], [8; 32], "u24 of 0x1000001 is 1");
    assert_eq!(w.vgpr[10], [0xffff_fffa; 32], "-1 * 7 + 1");
    assert_eq!(w.vgpr[11], [1; 32]);
    assert_eq!(w.vgpr[12], [1; 32]);
    assert_eq!(w.vgpr[13], [0xffff_fffb; 32]);
    assert_eq!(w.vgpr[14], [7; 32]);
    assert_eq!(w.vgpr[15], [0xffff_fffb; 32]);
    assert_eq!(
        w.vgpr[16], [0x8000_0000; 32],
        "unsigned: 7 < 0x80000000 < 0xfffffffb"
    );
    assert_eq!((w.vgpr[17], w.vgpr[18]), ([5; 32], [5; 32]));
}

#[test]
fn mad_64_with_carry_out() {
    let w = run("v_mov_b32 v0, -1\nv_mov_b32 v2, -1\nv_mov_b32 v3, -1\n\
                 v_mad_u64_u32 v[4:5], s0, v0, v0, v[2:3]\n\
                 v_mad_u64_u32 v[6:7], s1, v0, 2, 7\n\
                 v_mad_i64_i32 v[8:9], s2, v0, 1, 0\n\
                 v_mad_i64_i32 v[10:11], s3, v0, 5, 0x10\n\
                 v_mad_i64_i32 v[12:13], s4, v0, v0, v[2:3]");
    // (2^32-1)^2 + 2^64-1 = 2^65 - 2^33: bit 64 set, low 0xfffffffe_00000000.
    assert_eq!(
        (w.vgpr[4], w.vgpr[5], w.sgpr[0]),
        ([0; 32], [0xffff_fffe; 32], u32::MAX)
    );
    // (2^32-1) * 2 + 7 = 2^33 + 5.
    assert_eq!((w.vgpr[6], w.vgpr[7], w.sgpr[1]), ([5; 32], [2; 32], 0));
    // -1 * 1 = -1: the 65-bit result's bit 64 is its sign.
    assert_eq!(
        (w.vgpr[8], w.vgpr[9], w.sgpr[2]),
        ([u32::MAX; 32], [u32::MAX; 32], u32::MAX)
    );
    // -5 + 16 = 11 (inline 16 sign-extended... positive).
    assert_eq!((w.vgpr[10], w.vgpr[11], w.sgpr[3]), ([11; 32], [0; 32], 0));
    // 1 + (-1) = 0.
    assert_eq!((w.vgpr[12], w.vgpr[13], w.sgpr[4]), ([0; 32], [0; 32], 0));
}

#[test]
fn bit_field_and_byte_ops() {
    let w = run("v_mov_b32 v0, 0x80000000\nv_mov_b32 v1, 0x12345678\n\
                 v_bfe_u32 v2, v0, 28, 8\nv_bfe_i32 v3, v0, 28, 8\nv_bfe_i32 v4, -1, 0, 32\n\
                 v_bfe_u32 v5, v1, 4, 36\nv_bfi_b32 v6, 0xff00ff00, v1, 0\n\
                 v_alignbit_b32 v7, v1, v0, 36\nv_alignbyte_b32 v8, v1, v0, 5\n\
                 v_perm_b32 v9, v1, v0, 0x0c0d0b04\nv_perm_b32 v10, v1, v0, 0x00010203\n\
                 v_bfm_b32 v11, 4, 8\nv_bcnt_u32_b32 v12, v1, 1\n\
                 v_clz_i32_u32 v13, 0\nv_clz_i32_u32 v14, v1\nv_ctz_i32_b32 v15, v0\n\
                 v_cls_i32 v16, -1\nv_cls_i32 v17, 0x40000000\nv_bfrev_b32 v18, 1\nv_not_b32 v19, v1");
    assert_eq!(w.vgpr[2], [8; 32]);
    assert_eq!(
        w.vgpr[3], [0xffff_fff8; 32],
        "arithmetic shift first, then sign of bit 7"
    );
    assert_eq!(w.vgpr[4], [0; 32], "width 32 & 31 = 0");
    assert_eq!(w.vgpr[5], [0x7; 32], "width 36 & 31 = 4");
    assert_eq!(w.vgpr[6], [0x1200_5600; 32]);
    // {0x12345678, 0x80000000} >> 4 = 0x8_8000000 | ...: low word 0x88000000.
    assert_eq!(w.vgpr[7], [0x8800_0000; 32]);
    // byte align by 5 & 3 = 1: {S0,S1} >> 8.
    assert_eq!(w.vgpr[8], [0x7880_0000; 32]);
    // bytes: sel 0x0c -> 0, 0x0d -> 0xff, 0x0b -> sign of byte 7 (0x12: 0), 0x04 -> 0x78.
    assert_eq!(w.vgpr[9], [0x00ff_0078; 32]);
    // sel 0..3 are the bytes of S1 (0x80000000), reversed.
    assert_eq!(w.vgpr[10], [0x0000_0080; 32]);
    assert_eq!(w.vgpr[11], [0xf00; 32]);
    assert_eq!(w.vgpr[12], [14; 32]);
    assert_eq!(
        (w.vgpr[13], w.vgpr[14], w.vgpr[15]),
        ([u32::MAX; 32], [3; 32], [31; 32])
    );
    assert_eq!((w.vgpr[16], w.vgpr[17]), ([u32::MAX; 32], [1; 32]));
    assert_eq!(
        (w.vgpr[18], w.vgpr[19]),
        ([0x8000_0000; 32], [!0x1234_5678; 32])
    );
}

#[test]
fn three_operand_integer_ops() {
    let w = run(&format!(
        "{LANE_ID}v_add3_u32 v1, v0, -1, 0x10\nv_lshl_add_u32 v2, v0, 33, 1\n\
         v_add_lshl_u32 v3, v0, 1, 4\nv_and_or_b32 v4, v0, 3, 0x100\nv_or3_b32 v5, v0, 0x10, 0x20\n\
         v_xad_u32 v6, v0, 1, 1\nv_xor3_b32 v7, v0, 1, 3\nv_lshl_or_b32 v8, v0, 4, 1"
    ));
    assert_eq!(w.vgpr[1], lanes(|l| l + 15));
    assert_eq!(w.vgpr[2], lanes(|l| 2 * l + 1));
    assert_eq!(w.vgpr[3], lanes(|l| (l + 1) << 4));
    assert_eq!(w.vgpr[4], lanes(|l| (l & 3) | 0x100));
    assert_eq!(w.vgpr[5], lanes(|l| l | 0x30));
    assert_eq!(w.vgpr[6], lanes(|l| (l ^ 1) + 1));
    assert_eq!(w.vgpr[7], lanes(|l| l ^ 2));
    assert_eq!(w.vgpr[8], lanes(|l| (l << 4) | 1));
}

#[test]
fn compares_write_vcc_sgpr_and_exec() {
    let (w, ev) = run_with(
        &format!(
            "{LANE_ID}s_mov_b32 exec_lo, 0xffff\nv_cmp_gt_u32_e32 vcc_lo, 5, v0\n\
             v_cmp_le_i32_e64 s8, v0, 10\nv_cmp_t_u32_e64 s9, 0, 0\nv_cmp_f_i32_e64 s10, 0, 0\n\
             v_cmp_lt_i32_e64 s11, -1, v0\nv_cmp_lt_u32_e64 s12, -1, v0\n\
             v_cmp_lt_i16_e64 s13, 0x8000, 0\nv_cmp_ne_u64_e64 s14, v[1:2], 0\n\
             v_cmpx_gt_u32_e32 4, v0"
        ),
        |w| w.vgpr[2][3] = 1,
    );
    assert_eq!(w.vcc(), 0b11111, "inactive lanes compare to 0");
    assert_eq!(w.sgpr[8], 0x7ff);
    assert_eq!((w.sgpr[9], w.sgpr[10]), (0xffff, 0));
    assert_eq!((w.sgpr[11], w.sgpr[12]), (0xffff, 0));
    assert_eq!(w.sgpr[13], 0xffff, "0x8000 is -32768 as i16");
    assert_eq!(w.sgpr[14], 1 << 3);
    assert_eq!(w.exec(), 0xf);
    let last = &ev[ev.len() - 2];
    assert_eq!(
        last.writes,
        vec![Write::Sgpr {
            index: 126,
            value: 0xf
        }]
    );
    assert_eq!(last.exec, 0xffff, "EXEC before the cmpx");
}

#[test]
fn cndmask_with_vcc_and_sgpr() {
    let w = run(&format!(
        "{LANE_ID}s_mov_b32 vcc_lo, 0xf0f0f0f0\nv_cndmask_b32_e32 v1, 1, v0, vcc_lo\n\
         s_mov_b32 s3, 0x0000ffff\nv_cndmask_b32_e64 v2, v0, -1, s3\nv_cndmask_b32_e64 v3, 7, 9, s4"
    ));
    assert_eq!(w.vgpr[1], lanes(|l| if (l / 4) % 2 == 1 { l } else { 1 }));
    assert_eq!(w.vgpr[2], lanes(|l| if l < 16 { u32::MAX } else { l }));
    assert_eq!(w.vgpr[3], [7; 32]);
}

#[test]
fn readlane_readfirstlane_writelane() {
    let w = run(&format!(
        "{LANE_ID}v_add_nc_u32 v0, 100, v0\ns_mov_b32 s2, 37\nv_readlane_b32 s0, v0, 5\n\
         v_readlane_b32 s1, v0, s2\ns_mov_b32 exec_lo, 0xf0\nv_readfirstlane_b32 s3, v0\n\
         s_mov_b32 exec_lo, 0\nv_readfirstlane_b32 s4, v0\nv_writelane_b32 v1, s2, 3\n\
         v_writelane_b32 v1, 0x1234, 63"
    ));
    assert_eq!(
        (w.sgpr[0], w.sgpr[1]),
        (105, 105),
        "lane select 37 & 31 = 5"
    );
    assert_eq!(
        (w.sgpr[3], w.sgpr[4]),
        (104, 100),
        "lowest active lane, or lane 0"
    );
    assert_eq!(
        w.vgpr[1],
        lanes(|l| match l {
            3 => 37,
            31 => 0x1234,
            _ => 0,
        }),
        "writelane ignores EXEC"
    );
}

#[test]
fn sixteen_bit_ops_and_op_sel() {
    let w = run_with(
        "v_add_nc_u16 v3, v1, v2\nv_add_nc_u16 v4, v1, v2 op_sel:[1,0,1]\n\
         v_sub_nc_u16 v5, v1, v2\nv_mul_lo_u16 v6, v1, v1\nv_cvt_i32_i16_e32 v7, v1\n\
         v_cvt_u32_u16_e32 v8, v1\nv_max_i16 v9, v1, 0\nv_mad_u32_u16 v10, v1, v1, 1\n\
         s_mov_b32 s0, 0x12345\ns_mov_b32 s1, -0x12345\n\
         v_cvt_pk_i16_i32 v11, s0, s1\nv_cvt_pk_u16_u32 v12, s0, 7",
        |w| {
            w.vgpr[1] = [0x0003_fffe; 32];
            w.vgpr[2] = [0x0000_0005; 32];
            w.vgpr[3] = [0xaaaa_0000; 32];
            w.vgpr[4] = [0x0000_bbbb; 32];
        },
    )
    .0;
    assert_eq!(
        w.vgpr[3], [0xaaaa_0003; 32],
        "low half written, high half kept"
    );
    // op_sel: src0 high half (3) + src1 low (5) = 8 into the high half; low half kept.
    assert_eq!(w.vgpr[4], [0x0008_bbbb; 32]);
    assert_eq!(w.vgpr[5], [0xfff9; 32]);
    assert_eq!(w.vgpr[6], [0x0004; 32], "0xfffe^2 mod 2^16");
    assert_eq!((w.vgpr[7], w.vgpr[8]), ([0xffff_fffe; 32], [0xfffe; 32]));
    assert_eq!(w.vgpr[9], [0; 32], "max(-2, 0) as i16");
    assert_eq!(
        w.vgpr[10], [0xfffc_0005; 32],
        "0xfffe * 0xfffe + 1 in 32 bits"
    );
    assert_eq!(w.vgpr[11], [0x8000_7fff; 32], "saturated to i16");
    assert_eq!(w.vgpr[12], [0x0007_ffff; 32], "saturated to u16");
}

#[test]
fn dpp16_patterns_and_masks() {
    let setup = |w: &mut Wave| w.vgpr[1] = [0xdead; 32];
    let dpp = |ctrl: &str| {
        run_with(&format!("{LANE_ID}v_mov_b32_dpp v1, v0 {ctrl}"), setup)
            .0
            .vgpr[1]
    };
    assert_eq!(
        dpp("quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf"),
        lanes(|l| (l & !3) | (3 - (l & 3)))
    );
    // row_shr:1 bound_ctrl:1: the first lane of each row reads 0.
    assert_eq!(
        dpp("row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"),
        lanes(|l| if l % 16 == 0 { 0 } else { l - 1 })
    );
    // Without bound_ctrl the lane keeps its old value.
    assert_eq!(
        dpp("row_shl:2 row_mask:0xf bank_mask:0xf"),
        lanes(|l| if l % 16 >= 14 { 0xdead } else { l + 2 })
    );
    assert_eq!(
        dpp("row_ror:4 row_mask:0xf bank_mask:0xf"),
        lanes(|l| (l & 16) | ((l + 12) & 15))
    );
    assert_eq!(
        dpp("row_mirror row_mask:0xf bank_mask:0xf"),
        lanes(|l| (l & 16) | (15 - (l & 15)))
    );
    assert_eq!(
        dpp("row_half_mirror row_mask:0xf bank_mask:0xf"),
        lanes(|l| (l & 24) | (7 - (l & 7)))
    );
    assert_eq!(
        dpp("row_share:5 row_mask:0xf bank_mask:0xf"),
        lanes(|l| (l & 16) | 5)
    );
    assert_eq!(
        dpp("row_xmask:3 row_mask:0xf bank_mask:0xf"),
        lanes(|l| l ^ 3)
    );
    // row_mask 0x2: only lanes 16..31 write; bank_mask 0x5: banks 0 and 2 of each row.
    assert_eq!(
        dpp("row_xmask:1 row_mask:0x2 bank_mask:0x5"),
        lanes(|l| if l >= 16 && (l % 16) / 4 % 2 == 0 {
            l ^ 1
        } else {
            0xdead
        })
    );
}

#[test]
fn dpp_inactive_sources_bound_ctrl_and_fetch_inactive() {
    let body =
        |ctrl: &str| format!("{LANE_ID}s_mov_b32 exec_lo, 0x5555\nv_mov_b32_dpp v1, v0 {ctrl}");
    let setup = |w: &mut Wave| w.vgpr[1] = [0xdead; 32];
    // Active even lanes of 0..15 read lane l+1 (odd, inactive).
    let even = |v: u32| lanes(move |l| if l < 16 && l % 2 == 0 { v } else { 0xdead });
    let w = run_with(
        &body("quad_perm:[1,1,3,3] row_mask:0xf bank_mask:0xf"),
        setup,
    )
    .0;
    assert_eq!(w.vgpr[1], even(0xdead), "bound_ctrl:0: write disabled");
    let w = run_with(
        &body("quad_perm:[1,1,3,3] row_mask:0xf bank_mask:0xf bound_ctrl:1"),
        setup,
    )
    .0;
    assert_eq!(w.vgpr[1], even(0), "bound_ctrl:1: reads 0");
    let w = run_with(
        &body("quad_perm:[1,1,3,3] row_mask:0xf bank_mask:0xf fi:1"),
        setup,
    )
    .0;
    assert_eq!(
        w.vgpr[1],
        lanes(|l| if l < 16 && l % 2 == 0 { l + 1 } else { 0xdead }),
        "fetch inactive"
    );
    // DPP8: inactive sources read 0 unless fi.
    let w = run_with(&body("dpp8:[1,0,3,2,5,4,7,6]"), setup).0;
    assert_eq!(w.vgpr[1], even(0));
    let w = run_with(&body("dpp8:[1,0,3,2,5,4,7,6] fi:1"), setup).0;
    assert_eq!(
        w.vgpr[1],
        lanes(|l| if l < 16 && l % 2 == 0 { l + 1 } else { 0xdead })
    );
    let w = run(&format!(
        "{LANE_ID}v_mov_b32_dpp v1, v0 dpp8:[7,6,5,4,3,2,1,0]"
    ));
    assert_eq!(w.vgpr[1], lanes(|l| (l & !7) | (7 - (l & 7))));
}

#[test]
fn dpp_on_two_source_ops_and_compares() {
    let w = run(&format!(
        "{LANE_ID}v_add_nc_u32_dpp v1, v0, v0 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1\n\
         v_cmp_eq_u32_dpp vcc_lo, v0, v0 row_shl:1 row_mask:0xf bank_mask:0xf"
    ));
    // Prefix-sum step: lane l adds lane l-1 of its row.
    assert_eq!(
        w.vgpr[1],
        lanes(|l| if l % 16 == 0 { l } else { 2 * l - 1 })
    );
    // row_shl:1 reads l+1 != l; the last lane of each row is out of range (bit 0).
    assert_eq!(w.vcc(), 0);
}

#[test]
fn vopd_reads_both_sources_before_writing() {
    let w = run(&format!(
        "{LANE_ID}v_mov_b32 v1, 100\nv_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v1, v0\n\
         s_mov_b32 vcc_lo, 0xffff0000\n\
         v_dual_cndmask_b32 v2, 7, v1 :: v_dual_add_nc_u32 v3, 5, v0\n\
         v_dual_mov_b32 v5, v1 :: v_dual_lshlrev_b32 v4, 4, v0\n\
         v_dual_mov_b32 v7, 1 :: v_dual_and_b32 v6, 3, v1"
    ));
    assert_eq!(w.vgpr[0], [100; 32]);
    assert_eq!(w.vgpr[1], lanes(|l| l));
    assert_eq!(w.vgpr[2], lanes(|l| if l >= 16 { l } else { 7 }));
    assert_eq!(w.vgpr[3], [105; 32]);
    assert_eq!((w.vgpr[4], w.vgpr[5]), ([1600; 32], lanes(|l| l)));
    assert_eq!((w.vgpr[6], w.vgpr[7]), (lanes(|l| l & 3), [1; 32]));
}

#[test]
fn sixty_four_bit_results_trace_two_registers() {
    let (_, ev) = run_with("v_lshlrev_b64 v[2:3], 4, v[0:1]", |w| {
        w.vgpr[0] = [0xf000_0001; 32];
    });
    let regs: Vec<u8> = ev[0]
        .writes
        .iter()
        .map(|w| match w {
            Write::Vgpr { index, .. } => *index,
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(regs, vec![2, 3]);
    assert!(matches!(ev[0].writes[1], Write::Vgpr { values, .. } if values == [0xf; 32]));
}

#[test]
fn unmodelled_vector_opcodes_stop_the_wave() {
    for (body, name) in [
        ("v_illegal", "v_illegal"),
        // v_mul_lo_u32 v0, v1, v2 clamp (no assembler takes clamp on it)
        (".long 0xd72c8000, 0x00020501", "v_mul_lo_u32"),
    ] {
        let (e, m) = error(&format!("s_mov_b32 s0, 1\n{body}"));
        assert!(
            matches!(e, ModelError::Unsupported { pc: 4, .. }) && e.to_string().contains(name),
            "{body}: {e}"
        );
        assert_eq!(m.wave().vgpr[0], [0; 32], "{body}: state unchanged");
        assert_eq!(m.retired(), 1);
    }
    // A 64-bit operand running past v255 (the assembler refuses v[255:256]).
    let op = cu32_isa::tables()
        .by_name("v_lshlrev_b64")
        .into_iter()
        .next()
        .expect("table row");
    let mut instr = cu32_isa::Instr::new(op);
    instr.src0 = 129; // inline 1
    instr.src1 = 256 + 255;
    let mut code = instr.encode();
    code.push(0xbfb0_0000);
    let e = Machine::new(code).run(10).expect_err("v[255:256] fails");
    assert!(
        matches!(e, ModelError::BadVgpr { pc: 0, .. }) && e.to_string().contains("v256"),
        "{e}"
    );
}
