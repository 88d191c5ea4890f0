// Scalar-format corpus for the LLVM conformance test (isa/tests/llvm_conformance.rs):
// every opcode of isa/tables/scalar.yaml in several operand forms, one instruction per line.
// Written by isa/tests/gen_corpus.py (keeps only lines llvm-mc 19 accepts); expectations in
// scalar_corpus.expected (CU32_REGEN=1 cargo test -p cu32-isa --test llvm_conformance).
//
// Excluded: s_endpgm_ordered_ps_done (SOPP 50): llvm-mc 19 rejects it for gfx1100
// ("instruction not supported on this GPU") and llvm-objdump prints its word as .long.
s_add_u32 s0, s1, s2
s_add_u32 s105, s1, s2
s_add_u32 vcc_lo, s1, s2
s_add_u32 vcc_hi, s1, s2
s_add_u32 m0, s1, s2
s_add_u32 null, s1, s2
s_add_u32 exec_lo, s1, s2
s_add_u32 exec_hi, s1, s2
s_add_u32 ttmp15, s1, s2
s_add_u32 s0, s103, s2
s_add_u32 s0, vcc_hi, s2
s_add_u32 s0, m0, s2
s_add_u32 s0, exec_lo, s2
s_add_u32 s0, null, s2
s_add_u32 s0, ttmp7, s2
s_add_u32 s0, 0, s2
s_add_u32 s0, 64, s2
s_add_u32 s0, -1, s2
s_add_u32 s0, -16, s2
s_add_u32 s0, 65, s2
s_add_u32 s0, -17, s2
s_add_u32 s0, 0.5, s2
s_add_u32 s0, -0.5, s2
s_add_u32 s0, 1.0, s2
s_add_u32 s0, -1.0, s2
s_add_u32 s0, 2.0, s2
s_add_u32 s0, -2.0, s2
s_add_u32 s0, 4.0, s2
s_add_u32 s0, -4.0, s2
s_add_u32 s0, 0.15915494, s2
s_add_u32 s0, 0x3f800000, s2
s_add_u32 s0, 0x12345678, s2
s_add_u32 s0, 0xffffffff, s2
s_add_u32 s0, 1.5, s2
s_add_u32 s0, src_scc, s2
s_add_u32 s0, src_shared_base, s2
s_add_u32 s0, src_private_limit, s2
s_add_u32 s0, -0.0, s2
s_add_u32 s0, 0x3e22f983, s2
s_add_u32 s0, 1e10, s2
s_add_u32 s0, (1 << 4) + 1, s2
s_add_u32 s0, s1, vcc_lo
s_add_u32 s0, s1, exec_hi
s_add_u32 s0, s1, null
s_add_u32 s0, s1, -16
s_add_u32 s0, s1, 64
s_add_u32 s0, s1, -4.0
s_add_u32 s0, s1, 0.15915494
s_add_u32 s0, s1, 0x7fffffff
s_add_u32 s0, s1, 0x80000000
s_add_u32 s0, s1, scc
s_add_u32 s0, s1, 0xc0800000
s_sub_u32 s0, s1, s2
s_sub_u32 vcc_lo, s1, s2
s_sub_u32 vcc_hi, s1, s2
s_sub_u32 m0, s1, s2
s_sub_u32 null, s1, s2
s_sub_u32 s0, vcc_hi, s2
s_sub_u32 s0, m0, s2
s_sub_u32 s0, exec_lo, s2
s_sub_u32 s0, null, s2
s_sub_u32 s0, s1, exec_hi
s_sub_u32 s0, s1, null
s_sub_u32 s0, s1, -16
s_sub_u32 s0, s1, 64
s_add_i32 s0, s1, s2
s_add_i32 vcc_hi, s1, s2
s_add_i32 m0, s1, s2
s_add_i32 null, s1, s2
s_add_i32 exec_lo, s1, s2
s_add_i32 s0, m0, s2
s_add_i32 s0, exec_lo, s2
s_add_i32 s0, null, s2
s_add_i32 s0, ttmp7, s2
s_add_i32 s0, s1, null
s_add_i32 s0, s1, -16
s_add_i32 s0, s1, 64
s_add_i32 s0, s1, -4.0
s_sub_i32 s0, s1, s2
s_sub_i32 m0, s1, s2
s_sub_i32 null, s1, s2
s_sub_i32 exec_lo, s1, s2
s_sub_i32 exec_hi, s1, s2
s_sub_i32 s0, exec_lo, s2
s_sub_i32 s0, null, s2
s_sub_i32 s0, ttmp7, s2
s_sub_i32 s0, 0, s2
s_sub_i32 s0, s1, -16
s_sub_i32 s0, s1, 64
s_sub_i32 s0, s1, -4.0
s_sub_i32 s0, s1, 0.15915494
s_addc_u32 s0, s1, s2
s_addc_u32 null, s1, s2
s_addc_u32 exec_lo, s1, s2
s_addc_u32 exec_hi, s1, s2
s_addc_u32 ttmp15, s1, s2
s_addc_u32 s0, null, s2
s_addc_u32 s0, ttmp7, s2
s_addc_u32 s0, 0, s2
s_addc_u32 s0, 64, s2
s_addc_u32 s0, s1, 64
s_addc_u32 s0, s1, -4.0
s_addc_u32 s0, s1, 0.15915494
s_addc_u32 s0, s1, 0x7fffffff
s_subb_u32 s0, s1, s2
s_subb_u32 exec_lo, s1, s2
s_subb_u32 exec_hi, s1, s2
s_subb_u32 ttmp15, s1, s2
s_subb_u32 s105, s1, s2
s_subb_u32 s0, ttmp7, s2
s_subb_u32 s0, 0, s2
s_subb_u32 s0, 64, s2
s_subb_u32 s0, -1, s2
s_subb_u32 s0, s1, -4.0
s_subb_u32 s0, s1, 0.15915494
s_subb_u32 s0, s1, 0x7fffffff
s_subb_u32 s0, s1, 0x80000000
s_absdiff_i32 s0, s1, s2
s_absdiff_i32 exec_hi, s1, s2
s_absdiff_i32 ttmp15, s1, s2
s_absdiff_i32 s105, s1, s2
s_absdiff_i32 vcc_lo, s1, s2
s_absdiff_i32 s0, 0, s2
s_absdiff_i32 s0, 64, s2
s_absdiff_i32 s0, -1, s2
s_absdiff_i32 s0, -16, s2
s_absdiff_i32 s0, s1, 0.15915494
s_absdiff_i32 s0, s1, 0x7fffffff
s_absdiff_i32 s0, s1, 0x80000000
s_absdiff_i32 s0, s1, scc
s_lshl_b32 s0, s1, s2
s_lshl_b32 ttmp15, s1, s2
s_lshl_b32 s105, s1, s2
s_lshl_b32 vcc_lo, s1, s2
s_lshl_b32 vcc_hi, s1, s2
s_lshl_b32 s0, 64, s2
s_lshl_b32 s0, -1, s2
s_lshl_b32 s0, -16, s2
s_lshl_b32 s0, 65, s2
s_lshl_b32 s0, s1, 0x7fffffff
s_lshl_b32 s0, s1, 0x80000000
s_lshl_b32 s0, s1, scc
s_lshl_b32 s0, s1, 0xc0800000
s_lshl_b64 s[0:1], s[2:3], s2
s_lshl_b64 s[104:105], s[2:3], s2
s_lshl_b64 vcc, s[2:3], s2
s_lshl_b64 exec, s[2:3], s2
s_lshl_b64 null, s[2:3], s2
s_lshl_b64 ttmp[14:15], s[2:3], s2
s_lshl_b64 s[0:1], vcc, s2
s_lshl_b64 s[0:1], exec, s2
s_lshl_b64 s[0:1], null, s2
s_lshl_b64 s[0:1], ttmp[2:3], s2
s_lshl_b64 s[0:1], 0, s2
s_lshl_b64 s[0:1], -16, s2
s_lshl_b64 s[0:1], 64, s2
s_lshl_b64 s[0:1], 1.0, s2
s_lshl_b64 s[0:1], -4.0, s2
s_lshl_b64 s[0:1], 0.15915494309189532, s2
s_lshl_b64 s[0:1], 0x12345678, s2
s_lshl_b64 s[0:1], 0xffffffff, s2
s_lshl_b64 s[0:1], -17, s2
s_lshl_b64 s[0:1], src_shared_limit, s2
s_lshl_b64 s[0:1], src_scc, s2
s_lshl_b64 s[0:1], 0x3ff0000000000000, s2
s_lshl_b64 s[0:1], 0xffffffff80000000, s2
s_lshl_b64 s[0:1], s[2:3], vcc_lo
s_lshl_b64 s[0:1], s[2:3], exec_hi
s_lshl_b64 s[0:1], s[2:3], null
s_lshl_b64 s[0:1], s[2:3], -16
s_lshl_b64 s[0:1], s[2:3], 64
s_lshl_b64 s[0:1], s[2:3], -4.0
s_lshl_b64 s[0:1], s[2:3], 0.15915494
s_lshl_b64 s[0:1], s[2:3], 0x7fffffff
s_lshl_b64 s[0:1], s[2:3], 0x80000000
s_lshl_b64 s[0:1], s[2:3], scc
s_lshl_b64 s[0:1], s[2:3], 0xc0800000
s_lshr_b32 s0, s1, s2
s_lshr_b32 vcc_lo, s1, s2
s_lshr_b32 vcc_hi, s1, s2
s_lshr_b32 m0, s1, s2
s_lshr_b32 null, s1, s2
s_lshr_b32 s0, -16, s2
s_lshr_b32 s0, 65, s2
s_lshr_b32 s0, -17, s2
s_lshr_b32 s0, 0.5, s2
s_lshr_b32 s0, s1, scc
s_lshr_b32 s0, s1, 0xc0800000
s_lshr_b32 s0, s1, vcc_lo
s_lshr_b32 s0, s1, exec_hi
s_lshr_b64 s[0:1], s[2:3], s2
s_lshr_b64 s[104:105], s[2:3], s2
s_lshr_b64 vcc, s[2:3], s2
s_lshr_b64 exec, s[2:3], s2
s_lshr_b64 null, s[2:3], s2
s_lshr_b64 s[0:1], 0x12345678, s2
s_lshr_b64 s[0:1], 0xffffffff, s2
s_lshr_b64 s[0:1], -17, s2
s_lshr_b64 s[0:1], src_shared_limit, s2
s_lshr_b64 s[0:1], s[2:3], 0xc0800000
s_lshr_b64 s[0:1], s[2:3], vcc_lo
s_lshr_b64 s[0:1], s[2:3], exec_hi
s_lshr_b64 s[0:1], s[2:3], null
s_ashr_i32 s0, s1, s2
s_ashr_i32 m0, s1, s2
s_ashr_i32 null, s1, s2
s_ashr_i32 exec_lo, s1, s2
s_ashr_i32 exec_hi, s1, s2
s_ashr_i32 s0, -17, s2
s_ashr_i32 s0, 0.5, s2
s_ashr_i32 s0, -0.5, s2
s_ashr_i32 s0, 1.0, s2
s_ashr_i32 s0, s1, vcc_lo
s_ashr_i32 s0, s1, exec_hi
s_ashr_i32 s0, s1, null
s_ashr_i32 s0, s1, -16
s_ashr_i64 s[0:1], s[2:3], s2
s_ashr_i64 exec, s[2:3], s2
s_ashr_i64 null, s[2:3], s2
s_ashr_i64 ttmp[14:15], s[2:3], s2
s_ashr_i64 s[104:105], s[2:3], s2
s_ashr_i64 s[0:1], -17, s2
s_ashr_i64 s[0:1], src_shared_limit, s2
s_ashr_i64 s[0:1], src_scc, s2
s_ashr_i64 s[0:1], 0x3ff0000000000000, s2
s_ashr_i64 s[0:1], s[2:3], exec_hi
s_ashr_i64 s[0:1], s[2:3], null
s_ashr_i64 s[0:1], s[2:3], -16
s_ashr_i64 s[0:1], s[2:3], 64
s_lshl1_add_u32 s0, s1, s2
s_lshl1_add_u32 exec_lo, s1, s2
s_lshl1_add_u32 exec_hi, s1, s2
s_lshl1_add_u32 ttmp15, s1, s2
s_lshl1_add_u32 s105, s1, s2
s_lshl1_add_u32 s0, -0.5, s2
s_lshl1_add_u32 s0, 1.0, s2
s_lshl1_add_u32 s0, -1.0, s2
s_lshl1_add_u32 s0, 2.0, s2
s_lshl1_add_u32 s0, s1, null
s_lshl1_add_u32 s0, s1, -16
s_lshl1_add_u32 s0, s1, 64
s_lshl1_add_u32 s0, s1, -4.0
s_lshl2_add_u32 s0, s1, s2
s_lshl2_add_u32 exec_hi, s1, s2
s_lshl2_add_u32 ttmp15, s1, s2
s_lshl2_add_u32 s105, s1, s2
s_lshl2_add_u32 vcc_lo, s1, s2
s_lshl2_add_u32 s0, 1.0, s2
s_lshl2_add_u32 s0, -1.0, s2
s_lshl2_add_u32 s0, 2.0, s2
s_lshl2_add_u32 s0, -2.0, s2
s_lshl2_add_u32 s0, s1, -16
s_lshl2_add_u32 s0, s1, 64
s_lshl2_add_u32 s0, s1, -4.0
s_lshl2_add_u32 s0, s1, 0.15915494
s_lshl3_add_u32 s0, s1, s2
s_lshl3_add_u32 ttmp15, s1, s2
s_lshl3_add_u32 s105, s1, s2
s_lshl3_add_u32 vcc_lo, s1, s2
s_lshl3_add_u32 vcc_hi, s1, s2
s_lshl3_add_u32 s0, -1.0, s2
s_lshl3_add_u32 s0, 2.0, s2
s_lshl3_add_u32 s0, -2.0, s2
s_lshl3_add_u32 s0, 4.0, s2
s_lshl3_add_u32 s0, s1, 64
s_lshl3_add_u32 s0, s1, -4.0
s_lshl3_add_u32 s0, s1, 0.15915494
s_lshl3_add_u32 s0, s1, 0x7fffffff
s_lshl4_add_u32 s0, s1, s2
s_lshl4_add_u32 s105, s1, s2
s_lshl4_add_u32 vcc_lo, s1, s2
s_lshl4_add_u32 vcc_hi, s1, s2
s_lshl4_add_u32 m0, s1, s2
s_lshl4_add_u32 s0, 2.0, s2
s_lshl4_add_u32 s0, -2.0, s2
s_lshl4_add_u32 s0, 4.0, s2
s_lshl4_add_u32 s0, -4.0, s2
s_lshl4_add_u32 s0, s1, -4.0
s_lshl4_add_u32 s0, s1, 0.15915494
s_lshl4_add_u32 s0, s1, 0x7fffffff
s_lshl4_add_u32 s0, s1, 0x80000000
s_min_i32 s0, s1, s2
s_min_i32 vcc_lo, s1, s2
s_min_i32 vcc_hi, s1, s2
s_min_i32 m0, s1, s2
s_min_i32 null, s1, s2
s_min_i32 s0, -2.0, s2
s_min_i32 s0, 4.0, s2
s_min_i32 s0, -4.0, s2
s_min_i32 s0, 0.15915494, s2
s_min_i32 s0, s1, 0.15915494
s_min_i32 s0, s1, 0x7fffffff
s_min_i32 s0, s1, 0x80000000
s_min_i32 s0, s1, scc
s_min_u32 s0, s1, s2
s_min_u32 vcc_hi, s1, s2
s_min_u32 m0, s1, s2
s_min_u32 null, s1, s2
s_min_u32 exec_lo, s1, s2
s_min_u32 s0, 4.0, s2
s_min_u32 s0, -4.0, s2
s_min_u32 s0, 0.15915494, s2
s_min_u32 s0, 0x3f800000, s2
s_min_u32 s0, s1, 0x7fffffff
s_min_u32 s0, s1, 0x80000000
s_min_u32 s0, s1, scc
s_min_u32 s0, s1, 0xc0800000
s_max_i32 s0, s1, s2
s_max_i32 m0, s1, s2
s_max_i32 null, s1, s2
s_max_i32 exec_lo, s1, s2
s_max_i32 exec_hi, s1, s2
s_max_i32 s0, -4.0, s2
s_max_i32 s0, 0.15915494, s2
s_max_i32 s0, 0x3f800000, s2
s_max_i32 s0, 0x12345678, s2
s_max_i32 s0, s1, 0x80000000
s_max_i32 s0, s1, scc
s_max_i32 s0, s1, 0xc0800000
s_max_i32 s0, s1, vcc_lo
s_max_u32 s0, s1, s2
s_max_u32 null, s1, s2
s_max_u32 exec_lo, s1, s2
s_max_u32 exec_hi, s1, s2
s_max_u32 ttmp15, s1, s2
s_max_u32 s0, 0.15915494, s2
s_max_u32 s0, 0x3f800000, s2
s_max_u32 s0, 0x12345678, s2
s_max_u32 s0, 0xffffffff, s2
s_max_u32 s0, s1, scc
s_max_u32 s0, s1, 0xc0800000
s_max_u32 s0, s1, vcc_lo
s_max_u32 s0, s1, exec_hi
s_and_b32 s0, s1, s2
s_and_b32 exec_lo, s1, s2
s_and_b32 exec_hi, s1, s2
s_and_b32 ttmp15, s1, s2
s_and_b32 s105, s1, s2
s_and_b32 s0, 0x3f800000, s2
s_and_b32 s0, 0x12345678, s2
s_and_b32 s0, 0xffffffff, s2
s_and_b32 s0, 1.5, s2
s_and_b32 s0, s1, 0xc0800000
s_and_b32 s0, s1, vcc_lo
s_and_b32 s0, s1, exec_hi
s_and_b32 s0, s1, null
s_and_b64 s[0:1], s[2:3], s[4:5]
s_and_b64 s[104:105], s[2:3], s[4:5]
s_and_b64 vcc, s[2:3], s[4:5]
s_and_b64 exec, s[2:3], s[4:5]
s_and_b64 null, s[2:3], s[4:5]
s_and_b64 ttmp[14:15], s[2:3], s[4:5]
s_and_b64 s[0:1], vcc, s[4:5]
s_and_b64 s[0:1], exec, s[4:5]
s_and_b64 s[0:1], null, s[4:5]
s_and_b64 s[0:1], ttmp[2:3], s[4:5]
s_and_b64 s[0:1], 0, s[4:5]
s_and_b64 s[0:1], -16, s[4:5]
s_and_b64 s[0:1], 64, s[4:5]
s_and_b64 s[0:1], 1.0, s[4:5]
s_and_b64 s[0:1], -4.0, s[4:5]
s_and_b64 s[0:1], 0.15915494309189532, s[4:5]
s_and_b64 s[0:1], 0x12345678, s[4:5]
s_and_b64 s[0:1], 0xffffffff, s[4:5]
s_and_b64 s[0:1], -17, s[4:5]
s_and_b64 s[0:1], src_shared_limit, s[4:5]
s_and_b64 s[0:1], src_scc, s[4:5]
s_and_b64 s[0:1], 0x3ff0000000000000, s[4:5]
s_and_b64 s[0:1], 0xffffffff80000000, s[4:5]
s_and_b64 s[0:1], s[2:3], exec
s_and_b64 s[0:1], s[2:3], -1
s_and_b64 s[0:1], s[2:3], 0.5
s_and_b64 s[0:1], s[2:3], 0x3f800000
s_and_b64 s[0:1], s[2:3], 0xfffffff0
s_or_b32 s0, s1, s2
s_or_b32 ttmp15, s1, s2
s_or_b32 s105, s1, s2
s_or_b32 vcc_lo, s1, s2
s_or_b32 vcc_hi, s1, s2
s_or_b32 s0, 0xffffffff, s2
s_or_b32 s0, 1.5, s2
s_or_b32 s0, src_scc, s2
s_or_b32 s0, src_shared_base, s2
s_or_b32 s0, s1, exec_hi
s_or_b32 s0, s1, null
s_or_b32 s0, s1, -16
s_or_b32 s0, s1, 64
s_or_b64 s[0:1], s[2:3], s[4:5]
s_or_b64 ttmp[14:15], s[2:3], s[4:5]
s_or_b64 s[104:105], s[2:3], s[4:5]
s_or_b64 vcc, s[2:3], s[4:5]
s_or_b64 exec, s[2:3], s[4:5]
s_or_b64 s[0:1], 1.0, s[4:5]
s_or_b64 s[0:1], -4.0, s[4:5]
s_or_b64 s[0:1], 0.15915494309189532, s[4:5]
s_or_b64 s[0:1], 0x12345678, s[4:5]
s_or_b64 s[0:1], s[2:3], 0xfffffff0
s_or_b64 s[0:1], s[2:3], exec
s_or_b64 s[0:1], s[2:3], -1
s_or_b64 s[0:1], s[2:3], 0.5
s_xor_b32 s0, s1, s2
s_xor_b32 vcc_lo, s1, s2
s_xor_b32 vcc_hi, s1, s2
s_xor_b32 m0, s1, s2
s_xor_b32 null, s1, s2
s_xor_b32 s0, src_scc, s2
s_xor_b32 s0, src_shared_base, s2
s_xor_b32 s0, src_private_limit, s2
s_xor_b32 s0, -0.0, s2
s_xor_b32 s0, s1, -16
s_xor_b32 s0, s1, 64
s_xor_b32 s0, s1, -4.0
s_xor_b32 s0, s1, 0.15915494
s_xor_b64 s[0:1], s[2:3], s[4:5]
s_xor_b64 vcc, s[2:3], s[4:5]
s_xor_b64 exec, s[2:3], s[4:5]
s_xor_b64 null, s[2:3], s[4:5]
s_xor_b64 ttmp[14:15], s[2:3], s[4:5]
s_xor_b64 s[0:1], 0.15915494309189532, s[4:5]
s_xor_b64 s[0:1], 0x12345678, s[4:5]
s_xor_b64 s[0:1], 0xffffffff, s[4:5]
s_xor_b64 s[0:1], -17, s[4:5]
s_xor_b64 s[0:1], s[2:3], -1
s_xor_b64 s[0:1], s[2:3], 0.5
s_xor_b64 s[0:1], s[2:3], 0x3f800000
s_xor_b64 s[0:1], s[2:3], 0xfffffff0
s_nand_b32 s0, s1, s2
s_nand_b32 m0, s1, s2
s_nand_b32 null, s1, s2
s_nand_b32 exec_lo, s1, s2
s_nand_b32 exec_hi, s1, s2
s_nand_b32 s0, src_private_limit, s2
s_nand_b32 s0, -0.0, s2
s_nand_b32 s0, 0x3e22f983, s2
s_nand_b32 s0, 1e10, s2
s_nand_b32 s0, s1, -4.0
s_nand_b32 s0, s1, 0.15915494
s_nand_b32 s0, s1, 0x7fffffff
s_nand_b32 s0, s1, 0x80000000
s_nand_b64 s[0:1], s[2:3], s[4:5]
s_nand_b64 null, s[2:3], s[4:5]
s_nand_b64 ttmp[14:15], s[2:3], s[4:5]
s_nand_b64 s[104:105], s[2:3], s[4:5]
s_nand_b64 vcc, s[2:3], s[4:5]
s_nand_b64 s[0:1], 0xffffffff, s[4:5]
s_nand_b64 s[0:1], -17, s[4:5]
s_nand_b64 s[0:1], src_shared_limit, s[4:5]
s_nand_b64 s[0:1], src_scc, s[4:5]
s_nand_b64 s[0:1], s[2:3], 0x3f800000
s_nand_b64 s[0:1], s[2:3], 0xfffffff0
s_nand_b64 s[0:1], s[2:3], exec
s_nand_b64 s[0:1], s[2:3], -1
s_nor_b32 s0, s1, s2
s_nor_b32 exec_lo, s1, s2
s_nor_b32 exec_hi, s1, s2
s_nor_b32 ttmp15, s1, s2
s_nor_b32 s105, s1, s2
s_nor_b32 s0, 0x3e22f983, s2
s_nor_b32 s0, 1e10, s2
s_nor_b32 s0, (1 << 4) + 1, s2
s_nor_b32 s0, s103, s2
s_nor_b32 s0, s1, 0x7fffffff
s_nor_b32 s0, s1, 0x80000000
s_nor_b32 s0, s1, scc
s_nor_b32 s0, s1, 0xc0800000
s_nor_b64 s[0:1], s[2:3], s[4:5]
s_nor_b64 s[104:105], s[2:3], s[4:5]
s_nor_b64 vcc, s[2:3], s[4:5]
s_nor_b64 exec, s[2:3], s[4:5]
s_nor_b64 null, s[2:3], s[4:5]
s_nor_b64 s[0:1], src_shared_limit, s[4:5]
s_nor_b64 s[0:1], src_scc, s[4:5]
s_nor_b64 s[0:1], 0x3ff0000000000000, s[4:5]
s_nor_b64 s[0:1], 0xffffffff80000000, s[4:5]
s_nor_b64 s[0:1], s[2:3], exec
s_nor_b64 s[0:1], s[2:3], -1
s_nor_b64 s[0:1], s[2:3], 0.5
s_nor_b64 s[0:1], s[2:3], 0x3f800000
s_xnor_b32 s0, s1, s2
s_xnor_b32 ttmp15, s1, s2
s_xnor_b32 s105, s1, s2
s_xnor_b32 vcc_lo, s1, s2
s_xnor_b32 vcc_hi, s1, s2
s_xnor_b32 s0, (1 << 4) + 1, s2
s_xnor_b32 s0, s103, s2
s_xnor_b32 s0, vcc_hi, s2
s_xnor_b32 s0, m0, s2
s_xnor_b32 s0, s1, scc
s_xnor_b32 s0, s1, 0xc0800000
s_xnor_b32 s0, s1, vcc_lo
s_xnor_b32 s0, s1, exec_hi
s_xnor_b64 s[0:1], s[2:3], s[4:5]
s_xnor_b64 exec, s[2:3], s[4:5]
s_xnor_b64 null, s[2:3], s[4:5]
s_xnor_b64 ttmp[14:15], s[2:3], s[4:5]
s_xnor_b64 s[104:105], s[2:3], s[4:5]
s_xnor_b64 s[0:1], 0x3ff0000000000000, s[4:5]
s_xnor_b64 s[0:1], 0xffffffff80000000, s[4:5]
s_xnor_b64 s[0:1], vcc, s[4:5]
s_xnor_b64 s[0:1], exec, s[4:5]
s_xnor_b64 s[0:1], s[2:3], 0.5
s_xnor_b64 s[0:1], s[2:3], 0x3f800000
s_xnor_b64 s[0:1], s[2:3], 0xfffffff0
s_xnor_b64 s[0:1], s[2:3], exec
s_and_not1_b32 s0, s1, s2
s_and_not1_b32 vcc_lo, s1, s2
s_and_not1_b32 vcc_hi, s1, s2
s_and_not1_b32 m0, s1, s2
s_and_not1_b32 null, s1, s2
s_and_not1_b32 s0, vcc_hi, s2
s_and_not1_b32 s0, m0, s2
s_and_not1_b32 s0, exec_lo, s2
s_and_not1_b32 s0, null, s2
s_and_not1_b32 s0, s1, vcc_lo
s_and_not1_b32 s0, s1, exec_hi
s_and_not1_b32 s0, s1, null
s_and_not1_b32 s0, s1, -16
s_and_not1_b64 s[0:1], s[2:3], s[4:5]
s_and_not1_b64 ttmp[14:15], s[2:3], s[4:5]
s_and_not1_b64 s[104:105], s[2:3], s[4:5]
s_and_not1_b64 vcc, s[2:3], s[4:5]
s_and_not1_b64 exec, s[2:3], s[4:5]
s_and_not1_b64 s[0:1], vcc, s[4:5]
s_and_not1_b64 s[0:1], exec, s[4:5]
s_and_not1_b64 s[0:1], null, s[4:5]
s_and_not1_b64 s[0:1], ttmp[2:3], s[4:5]
s_and_not1_b64 s[0:1], s[2:3], 0xfffffff0
s_and_not1_b64 s[0:1], s[2:3], exec
s_and_not1_b64 s[0:1], s[2:3], -1
s_and_not1_b64 s[0:1], s[2:3], 0.5
s_or_not1_b32 s0, s1, s2
s_or_not1_b32 m0, s1, s2
s_or_not1_b32 null, s1, s2
s_or_not1_b32 exec_lo, s1, s2
s_or_not1_b32 exec_hi, s1, s2
s_or_not1_b32 s0, exec_lo, s2
s_or_not1_b32 s0, null, s2
s_or_not1_b32 s0, ttmp7, s2
s_or_not1_b32 s0, 0, s2
s_or_not1_b32 s0, s1, null
s_or_not1_b32 s0, s1, -16
s_or_not1_b32 s0, s1, 64
s_or_not1_b32 s0, s1, -4.0
s_or_not1_b64 s[0:1], s[2:3], s[4:5]
s_or_not1_b64 vcc, s[2:3], s[4:5]
s_or_not1_b64 exec, s[2:3], s[4:5]
s_or_not1_b64 null, s[2:3], s[4:5]
s_or_not1_b64 ttmp[14:15], s[2:3], s[4:5]
s_or_not1_b64 s[0:1], null, s[4:5]
s_or_not1_b64 s[0:1], ttmp[2:3], s[4:5]
s_or_not1_b64 s[0:1], 0, s[4:5]
s_or_not1_b64 s[0:1], -16, s[4:5]
s_or_not1_b64 s[0:1], s[2:3], -1
s_or_not1_b64 s[0:1], s[2:3], 0.5
s_or_not1_b64 s[0:1], s[2:3], 0x3f800000
s_or_not1_b64 s[0:1], s[2:3], 0xfffffff0
s_bfe_u32 s0, s1, s2
s_bfe_u32 exec_lo, s1, s2
s_bfe_u32 exec_hi, s1, s2
s_bfe_u32 ttmp15, s1, s2
s_bfe_u32 s105, s1, s2
s_bfe_u32 s0, ttmp7, s2
s_bfe_u32 s0, 0, s2
s_bfe_u32 s0, 64, s2
s_bfe_u32 s0, -1, s2
s_bfe_u32 s0, s1, 64
s_bfe_u32 s0, s1, -4.0
s_bfe_u32 s0, s1, 0.15915494
s_bfe_u32 s0, s1, 0x7fffffff
s_bfe_i32 s0, s1, s2
s_bfe_i32 exec_hi, s1, s2
s_bfe_i32 ttmp15, s1, s2
s_bfe_i32 s105, s1, s2
s_bfe_i32 vcc_lo, s1, s2
s_bfe_i32 s0, 0, s2
s_bfe_i32 s0, 64, s2
s_bfe_i32 s0, -1, s2
s_bfe_i32 s0, -16, s2
s_bfe_i32 s0, s1, -4.0
s_bfe_i32 s0, s1, 0.15915494
s_bfe_i32 s0, s1, 0x7fffffff
s_bfe_i32 s0, s1, 0x80000000
s_bfe_u64 s[0:1], s[2:3], s2
s_bfe_u64 ttmp[14:15], s[2:3], s2
s_bfe_u64 s[104:105], s[2:3], s2
s_bfe_u64 vcc, s[2:3], s2
s_bfe_u64 exec, s[2:3], s2
s_bfe_u64 s[0:1], -16, s2
s_bfe_u64 s[0:1], 64, s2
s_bfe_u64 s[0:1], 1.0, s2
s_bfe_u64 s[0:1], -4.0, s2
s_bfe_u64 s[0:1], s[2:3], 0.15915494
s_bfe_u64 s[0:1], s[2:3], 0x7fffffff
s_bfe_u64 s[0:1], s[2:3], 0x80000000
s_bfe_u64 s[0:1], s[2:3], scc
s_bfe_i64 s[0:1], s[2:3], s2
s_bfe_i64 s[104:105], s[2:3], s2
s_bfe_i64 vcc, s[2:3], s2
s_bfe_i64 exec, s[2:3], s2
s_bfe_i64 null, s[2:3], s2
s_bfe_i64 s[0:1], 64, s2
s_bfe_i64 s[0:1], 1.0, s2
s_bfe_i64 s[0:1], -4.0, s2
s_bfe_i64 s[0:1], 0.15915494309189532, s2
s_bfe_i64 s[0:1], s[2:3], 0x7fffffff
s_bfe_i64 s[0:1], s[2:3], 0x80000000
s_bfe_i64 s[0:1], s[2:3], scc
s_bfe_i64 s[0:1], s[2:3], 0xc0800000
s_bfm_b32 s0, s1, s2
s_bfm_b32 vcc_lo, s1, s2
s_bfm_b32 vcc_hi, s1, s2
s_bfm_b32 m0, s1, s2
s_bfm_b32 null, s1, s2
s_bfm_b32 s0, -16, s2
s_bfm_b32 s0, 65, s2
s_bfm_b32 s0, -17, s2
s_bfm_b32 s0, 0.5, s2
s_bfm_b32 s0, s1, 0x80000000
s_bfm_b32 s0, s1, scc
s_bfm_b32 s0, s1, 0xc0800000
s_bfm_b32 s0, s1, vcc_lo
s_bfm_b64 s[0:1], s1, s2
s_bfm_b64 exec, s1, s2
s_bfm_b64 null, s1, s2
s_bfm_b64 ttmp[14:15], s1, s2
s_bfm_b64 s[104:105], s1, s2
s_bfm_b64 s[0:1], 65, s2
s_bfm_b64 s[0:1], -17, s2
s_bfm_b64 s[0:1], 0.5, s2
s_bfm_b64 s[0:1], -0.5, s2
s_bfm_b64 s[0:1], s1, scc
s_bfm_b64 s[0:1], s1, 0xc0800000
s_bfm_b64 s[0:1], s1, vcc_lo
s_bfm_b64 s[0:1], s1, exec_hi
s_mul_i32 s0, s1, s2
s_mul_i32 m0, s1, s2
s_mul_i32 null, s1, s2
s_mul_i32 exec_lo, s1, s2
s_mul_i32 exec_hi, s1, s2
s_mul_i32 s0, -17, s2
s_mul_i32 s0, 0.5, s2
s_mul_i32 s0, -0.5, s2
s_mul_i32 s0, 1.0, s2
s_mul_i32 s0, s1, 0xc0800000
s_mul_i32 s0, s1, vcc_lo
s_mul_i32 s0, s1, exec_hi
s_mul_i32 s0, s1, null
s_mul_hi_u32 s0, s1, s2
s_mul_hi_u32 null, s1, s2
s_mul_hi_u32 exec_lo, s1, s2
s_mul_hi_u32 exec_hi, s1, s2
s_mul_hi_u32 ttmp15, s1, s2
s_mul_hi_u32 s0, 0.5, s2
s_mul_hi_u32 s0, -0.5, s2
s_mul_hi_u32 s0, 1.0, s2
s_mul_hi_u32 s0, -1.0, s2
s_mul_hi_u32 s0, s1, vcc_lo
s_mul_hi_u32 s0, s1, exec_hi
s_mul_hi_u32 s0, s1, null
s_mul_hi_u32 s0, s1, -16
s_mul_hi_i32 s0, s1, s2
s_mul_hi_i32 exec_lo, s1, s2
s_mul_hi_i32 exec_hi, s1, s2
s_mul_hi_i32 ttmp15, s1, s2
s_mul_hi_i32 s105, s1, s2
s_mul_hi_i32 s0, -0.5, s2
s_mul_hi_i32 s0, 1.0, s2
s_mul_hi_i32 s0, -1.0, s2
s_mul_hi_i32 s0, 2.0, s2
s_mul_hi_i32 s0, s1, exec_hi
s_mul_hi_i32 s0, s1, null
s_mul_hi_i32 s0, s1, -16
s_mul_hi_i32 s0, s1, 64
s_cselect_b32 s0, s1, s2
s_cselect_b32 exec_hi, s1, s2
s_cselect_b32 ttmp15, s1, s2
s_cselect_b32 s105, s1, s2
s_cselect_b32 vcc_lo, s1, s2
s_cselect_b32 s0, 1.0, s2
s_cselect_b32 s0, -1.0, s2
s_cselect_b32 s0, 2.0, s2
s_cselect_b32 s0, -2.0, s2
s_cselect_b32 s0, s1, null
s_cselect_b32 s0, s1, -16
s_cselect_b32 s0, s1, 64
s_cselect_b32 s0, s1, -4.0
s_cselect_b64 s[0:1], s[2:3], s[4:5]
s_cselect_b64 exec, s[2:3], s[4:5]
s_cselect_b64 null, s[2:3], s[4:5]
s_cselect_b64 ttmp[14:15], s[2:3], s[4:5]
s_cselect_b64 s[104:105], s[2:3], s[4:5]
s_cselect_b64 s[0:1], src_shared_limit, s[4:5]
s_cselect_b64 s[0:1], src_scc, s[4:5]
s_cselect_b64 s[0:1], 0x3ff0000000000000, s[4:5]
s_cselect_b64 s[0:1], 0xffffffff80000000, s[4:5]
s_cselect_b64 s[0:1], s[2:3], 0.5
s_cselect_b64 s[0:1], s[2:3], 0x3f800000
s_cselect_b64 s[0:1], s[2:3], 0xfffffff0
s_cselect_b64 s[0:1], s[2:3], exec
s_pack_ll_b32_b16 s0, s1, s2
s_pack_ll_b32_b16 s105, s1, s2
s_pack_ll_b32_b16 vcc_lo, s1, s2
s_pack_ll_b32_b16 vcc_hi, s1, s2
s_pack_ll_b32_b16 m0, s1, s2
s_pack_ll_b32_b16 s0, 2.0, s2
s_pack_ll_b32_b16 s0, -2.0, s2
s_pack_ll_b32_b16 s0, 4.0, s2
s_pack_ll_b32_b16 s0, -4.0, s2
s_pack_ll_b32_b16 s0, s1, 64
s_pack_ll_b32_b16 s0, s1, -4.0
s_pack_ll_b32_b16 s0, s1, 0.15915494
s_pack_ll_b32_b16 s0, s1, 0x7fffffff
s_pack_lh_b32_b16 s0, s1, s2
s_pack_lh_b32_b16 vcc_lo, s1, s2
s_pack_lh_b32_b16 vcc_hi, s1, s2
s_pack_lh_b32_b16 m0, s1, s2
s_pack_lh_b32_b16 null, s1, s2
s_pack_lh_b32_b16 s0, -2.0, s2
s_pack_lh_b32_b16 s0, 4.0, s2
s_pack_lh_b32_b16 s0, -4.0, s2
s_pack_lh_b32_b16 s0, 0.15915494, s2
s_pack_lh_b32_b16 s0, s1, -4.0
s_pack_lh_b32_b16 s0, s1, 0.15915494
s_pack_lh_b32_b16 s0, s1, 0x7fffffff
s_pack_lh_b32_b16 s0, s1, 0x80000000
s_pack_hh_b32_b16 s0, s1, s2
s_pack_hh_b32_b16 vcc_hi, s1, s2
s_pack_hh_b32_b16 m0, s1, s2
s_pack_hh_b32_b16 null, s1, s2
s_pack_hh_b32_b16 exec_lo, s1, s2
s_pack_hh_b32_b16 s0, 4.0, s2
s_pack_hh_b32_b16 s0, -4.0, s2
s_pack_hh_b32_b16 s0, 0.15915494, s2
s_pack_hh_b32_b16 s0, 0x3f800000, s2
s_pack_hh_b32_b16 s0, s1, 0.15915494
s_pack_hh_b32_b16 s0, s1, 0x7fffffff
s_pack_hh_b32_b16 s0, s1, 0x80000000
s_pack_hh_b32_b16 s0, s1, scc
s_pack_hl_b32_b16 s0, s1, s2
s_pack_hl_b32_b16 m0, s1, s2
s_pack_hl_b32_b16 null, s1, s2
s_pack_hl_b32_b16 exec_lo, s1, s2
s_pack_hl_b32_b16 exec_hi, s1, s2
s_pack_hl_b32_b16 s0, -4.0, s2
s_pack_hl_b32_b16 s0, 0.15915494, s2
s_pack_hl_b32_b16 s0, 0x3f800000, s2
s_pack_hl_b32_b16 s0, 0x12345678, s2
s_pack_hl_b32_b16 s0, s1, 0x7fffffff
s_pack_hl_b32_b16 s0, s1, 0x80000000
s_pack_hl_b32_b16 s0, s1, scc
s_pack_hl_b32_b16 s0, s1, 0xc0800000
s_movk_i32 s0, 0
s_movk_i32 s105, 0
s_movk_i32 vcc_lo, 0
s_movk_i32 vcc_hi, 0
s_movk_i32 m0, 0
s_movk_i32 null, 0
s_movk_i32 exec_lo, 0
s_movk_i32 exec_hi, 0
s_movk_i32 ttmp15, 0
s_movk_i32 s0, 0x7fff
s_movk_i32 s0, 0x8000
s_movk_i32 s0, 0xffff
s_movk_i32 s0, -1
s_movk_i32 s0, -32768
s_movk_i32 s0, 65535
s_movk_i32 s0, 100
s_version UC_VERSION_GFX11
s_version UC_VERSION_GFX10 | UC_VERSION_W32_BIT
s_version 5
s_version 0x100
s_version UC_VERSION_GFX7|UC_VERSION_MDP_BIT
s_cmovk_i32 s0, 0
s_cmovk_i32 exec_hi, 0
s_cmovk_i32 ttmp15, 0
s_cmovk_i32 s105, 0
s_cmovk_i32 vcc_lo, 0
s_cmovk_i32 s0, 65535
s_cmovk_i32 s0, 100
s_cmovk_i32 s0, 0x7fff
s_cmovk_i32 s0, 0x8000
s_cmpk_eq_i32 s0, 0
s_cmpk_eq_i32 s105, 0
s_cmpk_eq_i32 m0, 0
s_cmpk_eq_i32 null, 0
s_cmpk_eq_i32 exec_hi, 0
s_cmpk_eq_i32 s0, 100
s_cmpk_eq_i32 s0, 0x7fff
s_cmpk_eq_i32 s0, 0x8000
s_cmpk_eq_i32 s0, 0xffff
s_cmpk_lg_i32 s0, 0
s_cmpk_lg_i32 m0, 0
s_cmpk_lg_i32 null, 0
s_cmpk_lg_i32 exec_hi, 0
s_cmpk_lg_i32 ttmp3, 0
s_cmpk_lg_i32 s0, 0x7fff
s_cmpk_lg_i32 s0, 0x8000
s_cmpk_lg_i32 s0, 0xffff
s_cmpk_lg_i32 s0, -1
s_cmpk_gt_i32 s0, 0
s_cmpk_gt_i32 null, 0
s_cmpk_gt_i32 exec_hi, 0
s_cmpk_gt_i32 ttmp3, 0
s_cmpk_gt_i32 s105, 0
s_cmpk_gt_i32 s0, 0x8000
s_cmpk_gt_i32 s0, 0xffff
s_cmpk_gt_i32 s0, -1
s_cmpk_gt_i32 s0, -32768
s_cmpk_ge_i32 s0, 0
s_cmpk_ge_i32 exec_hi, 0
s_cmpk_ge_i32 ttmp3, 0
s_cmpk_ge_i32 s105, 0
s_cmpk_ge_i32 m0, 0
s_cmpk_ge_i32 s0, 0xffff
s_cmpk_ge_i32 s0, -1
s_cmpk_ge_i32 s0, -32768
s_cmpk_ge_i32 s0, 65535
s_cmpk_lt_i32 s0, 0
s_cmpk_lt_i32 ttmp3, 0
s_cmpk_lt_i32 s105, 0
s_cmpk_lt_i32 m0, 0
s_cmpk_lt_i32 null, 0
s_cmpk_lt_i32 s0, -1
s_cmpk_lt_i32 s0, -32768
s_cmpk_lt_i32 s0, 65535
s_cmpk_lt_i32 s0, 100
s_cmpk_le_i32 s0, 0
s_cmpk_le_i32 s105, 0
s_cmpk_le_i32 m0, 0
s_cmpk_le_i32 null, 0
s_cmpk_le_i32 exec_hi, 0
s_cmpk_le_i32 s0, -32768
s_cmpk_le_i32 s0, 65535
s_cmpk_le_i32 s0, 100
s_cmpk_le_i32 s0, 0x7fff
s_cmpk_eq_u32 s0, 0
s_cmpk_eq_u32 m0, 0
s_cmpk_eq_u32 null, 0
s_cmpk_eq_u32 exec_hi, 0
s_cmpk_eq_u32 ttmp3, 0
s_cmpk_eq_u32 s0, 0x8000
s_cmpk_eq_u32 s0, 0xffff
s_cmpk_eq_u32 s0, 65535
s_cmpk_eq_u32 s0, 100
s_cmpk_lg_u32 s0, 0
s_cmpk_lg_u32 null, 0
s_cmpk_lg_u32 exec_hi, 0
s_cmpk_lg_u32 ttmp3, 0
s_cmpk_lg_u32 s105, 0
s_cmpk_lg_u32 s0, 0xffff
s_cmpk_lg_u32 s0, 65535
s_cmpk_lg_u32 s0, 100
s_cmpk_lg_u32 s0, 0x7fff
s_cmpk_gt_u32 s0, 0
s_cmpk_gt_u32 exec_hi, 0
s_cmpk_gt_u32 ttmp3, 0
s_cmpk_gt_u32 s105, 0
s_cmpk_gt_u32 m0, 0
s_cmpk_gt_u32 s0, 65535
s_cmpk_gt_u32 s0, 100
s_cmpk_gt_u32 s0, 0x7fff
s_cmpk_gt_u32 s0, 0x8000
s_cmpk_ge_u32 s0, 0
s_cmpk_ge_u32 ttmp3, 0
s_cmpk_ge_u32 s105, 0
s_cmpk_ge_u32 m0, 0
s_cmpk_ge_u32 null, 0
s_cmpk_ge_u32 s0, 100
s_cmpk_ge_u32 s0, 0x7fff
s_cmpk_ge_u32 s0, 0x8000
s_cmpk_ge_u32 s0, 0xffff
s_cmpk_lt_u32 s0, 0
s_cmpk_lt_u32 s105, 0
s_cmpk_lt_u32 m0, 0
s_cmpk_lt_u32 null, 0
s_cmpk_lt_u32 exec_hi, 0
s_cmpk_lt_u32 s0, 0x7fff
s_cmpk_lt_u32 s0, 0x8000
s_cmpk_lt_u32 s0, 0xffff
s_cmpk_lt_u32 s0, 65535
s_cmpk_le_u32 s0, 0
s_cmpk_le_u32 m0, 0
s_cmpk_le_u32 null, 0
s_cmpk_le_u32 exec_hi, 0
s_cmpk_le_u32 ttmp3, 0
s_cmpk_le_u32 s0, 0x8000
s_cmpk_le_u32 s0, 0xffff
s_cmpk_le_u32 s0, 65535
s_cmpk_le_u32 s0, 100
s_addk_i32 s0, 0
s_addk_i32 m0, 0
s_addk_i32 null, 0
s_addk_i32 exec_lo, 0
s_addk_i32 exec_hi, 0
s_addk_i32 s0, -32768
s_addk_i32 s0, 65535
s_addk_i32 s0, 100
s_addk_i32 s0, 0x7fff
s_mulk_i32 s0, 0
s_mulk_i32 null, 0
s_mulk_i32 exec_lo, 0
s_mulk_i32 exec_hi, 0
s_mulk_i32 ttmp15, 0
s_mulk_i32 s0, 65535
s_mulk_i32 s0, 100
s_mulk_i32 s0, 0x7fff
s_mulk_i32 s0, 0x8000
s_getreg_b32 s0, hwreg(HW_REG_MODE)
s_getreg_b32 s105, hwreg(HW_REG_MODE)
s_getreg_b32 vcc_lo, hwreg(HW_REG_MODE)
s_getreg_b32 vcc_hi, hwreg(HW_REG_MODE)
s_getreg_b32 m0, hwreg(HW_REG_MODE)
s_getreg_b32 null, hwreg(HW_REG_MODE)
s_getreg_b32 exec_lo, hwreg(HW_REG_MODE)
s_getreg_b32 exec_hi, hwreg(HW_REG_MODE)
s_getreg_b32 ttmp15, hwreg(HW_REG_MODE)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 32)
s_getreg_b32 s0, hwreg(HW_REG_STATUS, 1, 2)
s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES, 31, 1)
s_getreg_b32 s0, hwreg(HW_REG_HW_ID1)
s_getreg_b32 s0, hwreg(0)
s_getreg_b32 s0, hwreg(63, 5, 7)
s_getreg_b32 s0, 0x1234
s_getreg_b32 s0, hwreg(HW_REG_FLAT_SCR_HI, 4, 8)
s_setreg_b32 hwreg(HW_REG_MODE), s0
s_setreg_b32 0x1234, s0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI, 4, 8), s0
s_setreg_b32 hwreg(HW_REG_MODE, 0, 32), s0
s_setreg_b32 hwreg(HW_REG_STATUS, 1, 2), s0
s_setreg_b32 hwreg(HW_REG_MODE), s105
s_setreg_b32 hwreg(HW_REG_MODE), m0
s_setreg_b32 hwreg(HW_REG_MODE), null
s_setreg_b32 hwreg(HW_REG_MODE), exec_hi
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12345678
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 32), 0x12345678
s_setreg_imm32_b32 hwreg(HW_REG_STATUS, 1, 2), 0x12345678
s_setreg_imm32_b32 hwreg(HW_REG_SHADER_CYCLES, 31, 1), 0x12345678
s_setreg_imm32_b32 hwreg(HW_REG_HW_ID1), 0x12345678
s_setreg_imm32_b32 hwreg(0), 0x12345678
s_setreg_imm32_b32 hwreg(63, 5, 7), 0x12345678
s_setreg_imm32_b32 0x1234, 0x12345678
s_setreg_imm32_b32 hwreg(HW_REG_FLAT_SCR_HI, 4, 8), 0x12345678
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 18
s_setreg_imm32_b32 hwreg(HW_REG_MODE), -1
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0xffffffff
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x3f800000
s_call_b64 s[0:1], 0
s_call_b64 s[104:105], 0
s_call_b64 vcc, 0
s_call_b64 exec, 0
s_call_b64 null, 0
s_call_b64 ttmp[14:15], 0
s_call_b64 s[0:1], 1
s_call_b64 s[0:1], -1
s_call_b64 s[0:1], 0x7fff
s_call_b64 s[0:1], -32768
s_call_b64 s[0:1], 65535
s_subvector_loop_begin s0, 0
s_subvector_loop_begin s105, 0
s_subvector_loop_begin vcc_lo, 0
s_subvector_loop_begin vcc_hi, 0
s_subvector_loop_begin m0, 0
s_subvector_loop_begin null, 0
s_subvector_loop_begin exec_lo, 0
s_subvector_loop_begin exec_hi, 0
s_subvector_loop_begin ttmp15, 0
s_subvector_loop_begin s0, 1
s_subvector_loop_begin s0, -1
s_subvector_loop_begin s0, 0x7fff
s_subvector_loop_begin s0, -32768
s_subvector_loop_begin s0, 65535
s_subvector_loop_end s0, 0
s_subvector_loop_end vcc_hi, 0
s_subvector_loop_end m0, 0
s_subvector_loop_end null, 0
s_subvector_loop_end exec_lo, 0
s_subvector_loop_end s0, 65535
s_subvector_loop_end s0, 1
s_subvector_loop_end s0, -1
s_subvector_loop_end s0, 0x7fff
s_waitcnt_vscnt null, 0
s_waitcnt_vscnt null, 65535
s_waitcnt_vscnt null, 100
s_waitcnt_vscnt null, 0x7fff
s_waitcnt_vscnt null, 0x8000
s_waitcnt_vmcnt null, 0
s_waitcnt_vmcnt null, 100
s_waitcnt_vmcnt null, 0x7fff
s_waitcnt_vmcnt null, 0x8000
s_waitcnt_vmcnt null, 0xffff
s_waitcnt_expcnt null, 0
s_waitcnt_expcnt null, 0x7fff
s_waitcnt_expcnt null, 0x8000
s_waitcnt_expcnt null, 0xffff
s_waitcnt_expcnt null, -1
s_waitcnt_lgkmcnt null, 0
s_waitcnt_lgkmcnt null, 0x8000
s_waitcnt_lgkmcnt null, 0xffff
s_waitcnt_lgkmcnt null, -1
s_waitcnt_lgkmcnt null, -32768
s_mov_b32 s0, s1
s_mov_b32 s105, s1
s_mov_b32 vcc_lo, s1
s_mov_b32 vcc_hi, s1
s_mov_b32 m0, s1
s_mov_b32 null, s1
s_mov_b32 exec_lo, s1
s_mov_b32 exec_hi, s1
s_mov_b32 ttmp15, s1
s_mov_b32 s0, s103
s_mov_b32 s0, vcc_hi
s_mov_b32 s0, m0
s_mov_b32 s0, exec_lo
s_mov_b32 s0, null
s_mov_b32 s0, ttmp7
s_mov_b32 s0, 0
s_mov_b32 s0, 64
s_mov_b32 s0, -1
s_mov_b32 s0, -16
s_mov_b32 s0, 65
s_mov_b32 s0, -17
s_mov_b32 s0, 0.5
s_mov_b32 s0, -0.5
s_mov_b32 s0, 1.0
s_mov_b32 s0, -1.0
s_mov_b32 s0, 2.0
s_mov_b32 s0, -2.0
s_mov_b32 s0, 4.0
s_mov_b32 s0, -4.0
s_mov_b32 s0, 0.15915494
s_mov_b32 s0, 0x3f800000
s_mov_b32 s0, 0x12345678
s_mov_b32 s0, 0xffffffff
s_mov_b32 s0, 1.5
s_mov_b32 s0, src_scc
s_mov_b32 s0, src_shared_base
s_mov_b32 s0, src_private_limit
s_mov_b32 s0, -0.0
s_mov_b32 s0, 0x3e22f983
s_mov_b32 s0, 1e10
s_mov_b32 s0, (1 << 4) + 1
s_mov_b64 s[0:1], s[2:3]
s_mov_b64 s[104:105], s[2:3]
s_mov_b64 vcc, s[2:3]
s_mov_b64 exec, s[2:3]
s_mov_b64 null, s[2:3]
s_mov_b64 ttmp[14:15], s[2:3]
s_mov_b64 s[0:1], vcc
s_mov_b64 s[0:1], exec
s_mov_b64 s[0:1], null
s_mov_b64 s[0:1], ttmp[2:3]
s_mov_b64 s[0:1], 0
s_mov_b64 s[0:1], -16
s_mov_b64 s[0:1], 64
s_mov_b64 s[0:1], 1.0
s_mov_b64 s[0:1], -4.0
s_mov_b64 s[0:1], 0.15915494309189532
s_mov_b64 s[0:1], 0x12345678
s_mov_b64 s[0:1], 0xffffffff
s_mov_b64 s[0:1], -17
s_mov_b64 s[0:1], src_shared_limit
s_mov_b64 s[0:1], src_scc
s_mov_b64 s[0:1], 0x3ff0000000000000
s_mov_b64 s[0:1], 0xffffffff80000000
s_cmov_b32 s0, s1
s_cmov_b32 vcc_lo, s1
s_cmov_b32 vcc_hi, s1
s_cmov_b32 m0, s1
s_cmov_b32 null, s1
s_cmov_b32 s0, -2.0
s_cmov_b32 s0, 4.0
s_cmov_b32 s0, -4.0
s_cmov_b32 s0, 0.15915494
s_cmov_b64 s[0:1], s[2:3]
s_cmov_b64 exec, s[2:3]
s_cmov_b64 null, s[2:3]
s_cmov_b64 ttmp[14:15], s[2:3]
s_cmov_b64 s[104:105], s[2:3]
s_cmov_b64 s[0:1], src_scc
s_cmov_b64 s[0:1], 0x3ff0000000000000
s_cmov_b64 s[0:1], 0xffffffff80000000
s_cmov_b64 s[0:1], vcc
s_brev_b32 s0, s1
s_brev_b32 m0, s1
s_brev_b32 null, s1
s_brev_b32 exec_lo, s1
s_brev_b32 exec_hi, s1
s_brev_b32 s0, -4.0
s_brev_b32 s0, 0.15915494
s_brev_b32 s0, 0x3f800000
s_brev_b32 s0, 0x12345678
s_brev_b64 s[0:1], s[2:3]
s_brev_b64 ttmp[14:15], s[2:3]
s_brev_b64 s[104:105], s[2:3]
s_brev_b64 vcc, s[2:3]
s_brev_b64 exec, s[2:3]
s_brev_b64 s[0:1], 0xffffffff80000000
s_brev_b64 s[0:1], vcc
s_brev_b64 s[0:1], exec
s_brev_b64 s[0:1], null
s_ctz_i32_b32 s0, s1
s_ctz_i32_b32 exec_lo, s1
s_ctz_i32_b32 exec_hi, s1
s_ctz_i32_b32 ttmp15, s1
s_ctz_i32_b32 s105, s1
s_ctz_i32_b32 s0, 0x3f800000
s_ctz_i32_b32 s0, 0x12345678
s_ctz_i32_b32 s0, 0xffffffff
s_ctz_i32_b32 s0, 1.5
s_ctz_i32_b64 s0, s[2:3]
s_ctz_i32_b64 exec_hi, s[2:3]
s_ctz_i32_b64 ttmp15, s[2:3]
s_ctz_i32_b64 s105, s[2:3]
s_ctz_i32_b64 vcc_lo, s[2:3]
s_ctz_i32_b64 s0, exec
s_ctz_i32_b64 s0, null
s_ctz_i32_b64 s0, ttmp[2:3]
s_ctz_i32_b64 s0, 0
s_clz_i32_u32 s0, s1
s_clz_i32_u32 ttmp15, s1
s_clz_i32_u32 s105, s1
s_clz_i32_u32 vcc_lo, s1
s_clz_i32_u32 vcc_hi, s1
s_clz_i32_u32 s0, 0xffffffff
s_clz_i32_u32 s0, 1.5
s_clz_i32_u32 s0, src_scc
s_clz_i32_u32 s0, src_shared_base
s_clz_i32_u64 s0, s[2:3]
s_clz_i32_u64 s105, s[2:3]
s_clz_i32_u64 vcc_lo, s[2:3]
s_clz_i32_u64 vcc_hi, s[2:3]
s_clz_i32_u64 m0, s[2:3]
s_clz_i32_u64 s0, ttmp[2:3]
s_clz_i32_u64 s0, 0
s_clz_i32_u64 s0, -16
s_clz_i32_u64 s0, 64
s_cls_i32 s0, s1
s_cls_i32 vcc_lo, s1
s_cls_i32 vcc_hi, s1
s_cls_i32 m0, s1
s_cls_i32 null, s1
s_cls_i32 s0, src_scc
s_cls_i32 s0, src_shared_base
s_cls_i32 s0, src_private_limit
s_cls_i32 s0, -0.0
s_cls_i32_i64 s0, s[2:3]
s_cls_i32_i64 vcc_hi, s[2:3]
s_cls_i32_i64 m0, s[2:3]
s_cls_i32_i64 null, s[2:3]
s_cls_i32_i64 exec_lo, s[2:3]
s_cls_i32_i64 s0, -16
s_cls_i32_i64 s0, 64
s_cls_i32_i64 s0, 1.0
s_cls_i32_i64 s0, -4.0
s_sext_i32_i8 s0, s1
s_sext_i32_i8 m0, s1
s_sext_i32_i8 null, s1
s_sext_i32_i8 exec_lo, s1
s_sext_i32_i8 exec_hi, s1
s_sext_i32_i8 s0, src_private_limit
s_sext_i32_i8 s0, -0.0
s_sext_i32_i8 s0, 0x3e22f983
s_sext_i32_i8 s0, 1e10
s_sext_i32_i16 s0, s1
s_sext_i32_i16 null, s1
s_sext_i32_i16 exec_lo, s1
s_sext_i32_i16 exec_hi, s1
s_sext_i32_i16 ttmp15, s1
s_sext_i32_i16 s0, -0.0
s_sext_i32_i16 s0, 0x3e22f983
s_sext_i32_i16 s0, 1e10
s_sext_i32_i16 s0, (1 << 4) + 1
s_bitset0_b32 s0, s1
s_bitset0_b32 exec_lo, s1
s_bitset0_b32 exec_hi, s1
s_bitset0_b32 ttmp15, s1
s_bitset0_b32 s105, s1
s_bitset0_b32 s0, 0x3e22f983
s_bitset0_b32 s0, 1e10
s_bitset0_b32 s0, (1 << 4) + 1
s_bitset0_b32 s0, s103
s_bitset0_b64 s[0:1], s1
s_bitset0_b64 ttmp[14:15], s1
s_bitset0_b64 s[104:105], s1
s_bitset0_b64 vcc, s1
s_bitset0_b64 exec, s1
s_bitset0_b64 s[0:1], 1e10
s_bitset0_b64 s[0:1], (1 << 4) + 1
s_bitset0_b64 s[0:1], s103
s_bitset0_b64 s[0:1], vcc_hi
s_bitset1_b32 s0, s1
s_bitset1_b32 ttmp15, s1
s_bitset1_b32 s105, s1
s_bitset1_b32 vcc_lo, s1
s_bitset1_b32 vcc_hi, s1
s_bitset1_b32 s0, (1 << 4) + 1
s_bitset1_b32 s0, s103
s_bitset1_b32 s0, vcc_hi
s_bitset1_b32 s0, m0
s_bitset1_b64 s[0:1], s1
s_bitset1_b64 vcc, s1
s_bitset1_b64 exec, s1
s_bitset1_b64 null, s1
s_bitset1_b64 ttmp[14:15], s1
s_bitset1_b64 s[0:1], s103
s_bitset1_b64 s[0:1], vcc_hi
s_bitset1_b64 s[0:1], m0
s_bitset1_b64 s[0:1], exec_lo
s_bitreplicate_b64_b32 s[0:1], s1
s_bitreplicate_b64_b32 exec, s1
s_bitreplicate_b64_b32 null, s1
s_bitreplicate_b64_b32 ttmp[14:15], s1
s_bitreplicate_b64_b32 s[104:105], s1
s_bitreplicate_b64_b32 s[0:1], vcc_hi
s_bitreplicate_b64_b32 s[0:1], m0
s_bitreplicate_b64_b32 s[0:1], exec_lo
s_bitreplicate_b64_b32 s[0:1], null
s_abs_i32 s0, s1
s_abs_i32 vcc_hi, s1
s_abs_i32 m0, s1
s_abs_i32 null, s1
s_abs_i32 exec_lo, s1
s_abs_i32 s0, m0
s_abs_i32 s0, exec_lo
s_abs_i32 s0, null
s_abs_i32 s0, ttmp7
s_bcnt0_i32_b32 s0, s1
s_bcnt0_i32_b32 m0, s1
s_bcnt0_i32_b32 null, s1
s_bcnt0_i32_b32 exec_lo, s1
s_bcnt0_i32_b32 exec_hi, s1
s_bcnt0_i32_b32 s0, exec_lo
s_bcnt0_i32_b32 s0, null
s_bcnt0_i32_b32 s0, ttmp7
s_bcnt0_i32_b32 s0, 0
s_bcnt0_i32_b64 s0, s[2:3]
s_bcnt0_i32_b64 null, s[2:3]
s_bcnt0_i32_b64 exec_lo, s[2:3]
s_bcnt0_i32_b64 exec_hi, s[2:3]
s_bcnt0_i32_b64 ttmp15, s[2:3]
s_bcnt0_i32_b64 s0, 0x3ff0000000000000
s_bcnt0_i32_b64 s0, 0xffffffff80000000
s_bcnt0_i32_b64 s0, vcc
s_bcnt0_i32_b64 s0, exec
s_bcnt1_i32_b32 s0, s1
s_bcnt1_i32_b32 exec_lo, s1
s_bcnt1_i32_b32 exec_hi, s1
s_bcnt1_i32_b32 ttmp15, s1
s_bcnt1_i32_b32 s105, s1
s_bcnt1_i32_b32 s0, ttmp7
s_bcnt1_i32_b32 s0, 0
s_bcnt1_i32_b32 s0, 64
s_bcnt1_i32_b32 s0, -1
s_bcnt1_i32_b64 s0, s[2:3]
s_bcnt1_i32_b64 exec_hi, s[2:3]
s_bcnt1_i32_b64 ttmp15, s[2:3]
s_bcnt1_i32_b64 s105, s[2:3]
s_bcnt1_i32_b64 vcc_lo, s[2:3]
s_bcnt1_i32_b64 s0, vcc
s_bcnt1_i32_b64 s0, exec
s_bcnt1_i32_b64 s0, null
s_bcnt1_i32_b64 s0, ttmp[2:3]
s_quadmask_b32 s0, s1
s_quadmask_b32 ttmp15, s1
s_quadmask_b32 s105, s1
s_quadmask_b32 vcc_lo, s1
s_quadmask_b32 vcc_hi, s1
s_quadmask_b32 s0, 64
s_quadmask_b32 s0, -1
s_quadmask_b32 s0, -16
s_quadmask_b32 s0, 65
s_quadmask_b64 s[0:1], s[2:3]
s_quadmask_b64 ttmp[14:15], s[2:3]
s_quadmask_b64 s[104:105], s[2:3]
s_quadmask_b64 vcc, s[2:3]
s_quadmask_b64 exec, s[2:3]
s_quadmask_b64 s[0:1], null
s_quadmask_b64 s[0:1], ttmp[2:3]
s_quadmask_b64 s[0:1], 0
s_quadmask_b64 s[0:1], -16
s_wqm_b32 s0, s1
s_wqm_b32 vcc_lo, s1
s_wqm_b32 vcc_hi, s1
s_wqm_b32 m0, s1
s_wqm_b32 null, s1
s_wqm_b32 s0, -16
s_wqm_b32 s0, 65
s_wqm_b32 s0, -17
s_wqm_b32 s0, 0.5
s_wqm_b64 s[0:1], s[2:3]
s_wqm_b64 vcc, s[2:3]
s_wqm_b64 exec, s[2:3]
s_wqm_b64 null, s[2:3]
s_wqm_b64 ttmp[14:15], s[2:3]
s_wqm_b64 s[0:1], 0
s_wqm_b64 s[0:1], -16
s_wqm_b64 s[0:1], 64
s_wqm_b64 s[0:1], 1.0
s_not_b32 s0, s1
s_not_b32 m0, s1
s_not_b32 null, s1
s_not_b32 exec_lo, s1
s_not_b32 exec_hi, s1
s_not_b32 s0, -17
s_not_b32 s0, 0.5
s_not_b32 s0, -0.5
s_not_b32 s0, 1.0
s_not_b64 s[0:1], s[2:3]
s_not_b64 null, s[2:3]
s_not_b64 ttmp[14:15], s[2:3]
s_not_b64 s[104:105], s[2:3]
s_not_b64 vcc, s[2:3]
s_not_b64 s[0:1], 64
s_not_b64 s[0:1], 1.0
s_not_b64 s[0:1], -4.0
s_not_b64 s[0:1], 0.15915494309189532
s_and_saveexec_b32 s0, s1
s_and_saveexec_b32 exec_lo, s1
s_and_saveexec_b32 exec_hi, s1
s_and_saveexec_b32 ttmp15, s1
s_and_saveexec_b32 s105, s1
s_and_saveexec_b32 s0, -0.5
s_and_saveexec_b32 s0, 1.0
s_and_saveexec_b32 s0, -1.0
s_and_saveexec_b32 s0, 2.0
s_and_saveexec_b64 s[0:1], s[2:3]
s_and_saveexec_b64 s[104:105], s[2:3]
s_and_saveexec_b64 vcc, s[2:3]
s_and_saveexec_b64 exec, s[2:3]
s_and_saveexec_b64 null, s[2:3]
s_and_saveexec_b64 s[0:1], -4.0
s_and_saveexec_b64 s[0:1], 0.15915494309189532
s_and_saveexec_b64 s[0:1], 0x12345678
s_and_saveexec_b64 s[0:1], 0xffffffff
s_or_saveexec_b32 s0, s1
s_or_saveexec_b32 ttmp15, s1
s_or_saveexec_b32 s105, s1
s_or_saveexec_b32 vcc_lo, s1
s_or_saveexec_b32 vcc_hi, s1
s_or_saveexec_b32 s0, -1.0
s_or_saveexec_b32 s0, 2.0
s_or_saveexec_b32 s0, -2.0
s_or_saveexec_b32 s0, 4.0
s_or_saveexec_b64 s[0:1], s[2:3]
s_or_saveexec_b64 exec, s[2:3]
s_or_saveexec_b64 null, s[2:3]
s_or_saveexec_b64 ttmp[14:15], s[2:3]
s_or_saveexec_b64 s[104:105], s[2:3]
s_or_saveexec_b64 s[0:1], 0x12345678
s_or_saveexec_b64 s[0:1], 0xffffffff
s_or_saveexec_b64 s[0:1], -17
s_or_saveexec_b64 s[0:1], src_shared_limit
s_xor_saveexec_b32 s0, s1
s_xor_saveexec_b32 vcc_lo, s1
s_xor_saveexec_b32 vcc_hi, s1
s_xor_saveexec_b32 m0, s1
s_xor_saveexec_b32 null, s1
s_xor_saveexec_b32 s0, -2.0
s_xor_saveexec_b32 s0, 4.0
s_xor_saveexec_b32 s0, -4.0
s_xor_saveexec_b32 s0, 0.15915494
s_xor_saveexec_b64 s[0:1], s[2:3]
s_xor_saveexec_b64 ttmp[14:15], s[2:3]
s_xor_saveexec_b64 s[104:105], s[2:3]
s_xor_saveexec_b64 vcc, s[2:3]
s_xor_saveexec_b64 exec, s[2:3]
s_xor_saveexec_b64 s[0:1], -17
s_xor_saveexec_b64 s[0:1], src_shared_limit
s_xor_saveexec_b64 s[0:1], src_scc
s_xor_saveexec_b64 s[0:1], 0x3ff0000000000000
s_nand_saveexec_b32 s0, s1
s_nand_saveexec_b32 m0, s1
s_nand_saveexec_b32 null, s1
s_nand_saveexec_b32 exec_lo, s1
s_nand_saveexec_b32 exec_hi, s1
s_nand_saveexec_b32 s0, -4.0
s_nand_saveexec_b32 s0, 0.15915494
s_nand_saveexec_b32 s0, 0x3f800000
s_nand_saveexec_b32 s0, 0x12345678
s_nand_saveexec_b64 s[0:1], s[2:3]
s_nand_saveexec_b64 vcc, s[2:3]
s_nand_saveexec_b64 exec, s[2:3]
s_nand_saveexec_b64 null, s[2:3]
s_nand_saveexec_b64 ttmp[14:15], s[2:3]
s_nand_saveexec_b64 s[0:1], src_scc
s_nand_saveexec_b64 s[0:1], 0x3ff0000000000000
s_nand_saveexec_b64 s[0:1], 0xffffffff80000000
s_nand_saveexec_b64 s[0:1], vcc
s_nor_saveexec_b32 s0, s1
s_nor_saveexec_b32 exec_lo, s1
s_nor_saveexec_b32 exec_hi, s1
s_nor_saveexec_b32 ttmp15, s1
s_nor_saveexec_b32 s105, s1
s_nor_saveexec_b32 s0, 0x3f800000
s_nor_saveexec_b32 s0, 0x12345678
s_nor_saveexec_b32 s0, 0xffffffff
s_nor_saveexec_b32 s0, 1.5
s_nor_saveexec_b64 s[0:1], s[2:3]
s_nor_saveexec_b64 null, s[2:3]
s_nor_saveexec_b64 ttmp[14:15], s[2:3]
s_nor_saveexec_b64 s[104:105], s[2:3]
s_nor_saveexec_b64 vcc, s[2:3]
s_nor_saveexec_b64 s[0:1], 0xffffffff80000000
s_nor_saveexec_b64 s[0:1], vcc
s_nor_saveexec_b64 s[0:1], exec
s_nor_saveexec_b64 s[0:1], null
s_xnor_saveexec_b32 s0, s1
s_xnor_saveexec_b32 ttmp15, s1
s_xnor_saveexec_b32 s105, s1
s_xnor_saveexec_b32 vcc_lo, s1
s_xnor_saveexec_b32 vcc_hi, s1
s_xnor_saveexec_b32 s0, 0xffffffff
s_xnor_saveexec_b32 s0, 1.5
s_xnor_saveexec_b32 s0, src_scc
s_xnor_saveexec_b32 s0, src_shared_base
s_xnor_saveexec_b64 s[0:1], s[2:3]
s_xnor_saveexec_b64 s[104:105], s[2:3]
s_xnor_saveexec_b64 vcc, s[2:3]
s_xnor_saveexec_b64 exec, s[2:3]
s_xnor_saveexec_b64 null, s[2:3]
s_xnor_saveexec_b64 s[0:1], exec
s_xnor_saveexec_b64 s[0:1], null
s_xnor_saveexec_b64 s[0:1], ttmp[2:3]
s_xnor_saveexec_b64 s[0:1], 0
s_and_not0_saveexec_b32 s0, s1
s_and_not0_saveexec_b32 vcc_lo, s1
s_and_not0_saveexec_b32 vcc_hi, s1
s_and_not0_saveexec_b32 m0, s1
s_and_not0_saveexec_b32 null, s1
s_and_not0_saveexec_b32 s0, src_scc
s_and_not0_saveexec_b32 s0, src_shared_base
s_and_not0_saveexec_b32 s0, src_private_limit
s_and_not0_saveexec_b32 s0, -0.0
s_and_not0_saveexec_b64 s[0:1], s[2:3]
s_and_not0_saveexec_b64 exec, s[2:3]
s_and_not0_saveexec_b64 null, s[2:3]
s_and_not0_saveexec_b64 ttmp[14:15], s[2:3]
s_and_not0_saveexec_b64 s[104:105], s[2:3]
s_and_not0_saveexec_b64 s[0:1], ttmp[2:3]
s_and_not0_saveexec_b64 s[0:1], 0
s_and_not0_saveexec_b64 s[0:1], -16
s_and_not0_saveexec_b64 s[0:1], 64
s_or_not0_saveexec_b32 s0, s1
s_or_not0_saveexec_b32 m0, s1
s_or_not0_saveexec_b32 null, s1
s_or_not0_saveexec_b32 exec_lo, s1
s_or_not0_saveexec_b32 exec_hi, s1
s_or_not0_saveexec_b32 s0, src_private_limit
s_or_not0_saveexec_b32 s0, -0.0
s_or_not0_saveexec_b32 s0, 0x3e22f983
s_or_not0_saveexec_b32 s0, 1e10
s_or_not0_saveexec_b64 s[0:1], s[2:3]
s_or_not0_saveexec_b64 ttmp[14:15], s[2:3]
s_or_not0_saveexec_b64 s[104:105], s[2:3]
s_or_not0_saveexec_b64 vcc, s[2:3]
s_or_not0_saveexec_b64 exec, s[2:3]
s_or_not0_saveexec_b64 s[0:1], -16
s_or_not0_saveexec_b64 s[0:1], 64
s_or_not0_saveexec_b64 s[0:1], 1.0
s_or_not0_saveexec_b64 s[0:1], -4.0
s_and_not1_saveexec_b32 s0, s1
s_and_not1_saveexec_b32 exec_lo, s1
s_and_not1_saveexec_b32 exec_hi, s1
s_and_not1_saveexec_b32 ttmp15, s1
s_and_not1_saveexec_b32 s105, s1
s_and_not1_saveexec_b32 s0, 0x3e22f983
s_and_not1_saveexec_b32 s0, 1e10
s_and_not1_saveexec_b32 s0, (1 << 4) + 1
s_and_not1_saveexec_b32 s0, s103
s_and_not1_saveexec_b64 s[0:1], s[2:3]
s_and_not1_saveexec_b64 vcc, s[2:3]
s_and_not1_saveexec_b64 exec, s[2:3]
s_and_not1_saveexec_b64 null, s[2:3]
s_and_not1_saveexec_b64 ttmp[14:15], s[2:3]
s_and_not1_saveexec_b64 s[0:1], 1.0
s_and_not1_saveexec_b64 s[0:1], -4.0
s_and_not1_saveexec_b64 s[0:1], 0.15915494309189532
s_and_not1_saveexec_b64 s[0:1], 0x12345678
s_or_not1_saveexec_b32 s0, s1
s_or_not1_saveexec_b32 ttmp15, s1
s_or_not1_saveexec_b32 s105, s1
s_or_not1_saveexec_b32 vcc_lo, s1
s_or_not1_saveexec_b32 vcc_hi, s1
s_or_not1_saveexec_b32 s0, (1 << 4) + 1
s_or_not1_saveexec_b32 s0, s103
s_or_not1_saveexec_b32 s0, vcc_hi
s_or_not1_saveexec_b32 s0, m0
s_or_not1_saveexec_b64 s[0:1], s[2:3]
s_or_not1_saveexec_b64 null, s[2:3]
s_or_not1_saveexec_b64 ttmp[14:15], s[2:3]
s_or_not1_saveexec_b64 s[104:105], s[2:3]
s_or_not1_saveexec_b64 vcc, s[2:3]
s_or_not1_saveexec_b64 s[0:1], 0.15915494309189532
s_or_not1_saveexec_b64 s[0:1], 0x12345678
s_or_not1_saveexec_b64 s[0:1], 0xffffffff
s_or_not1_saveexec_b64 s[0:1], -17
s_and_not0_wrexec_b32 s0, s1
s_and_not0_wrexec_b32 vcc_lo, s1
s_and_not0_wrexec_b32 vcc_hi, s1
s_and_not0_wrexec_b32 m0, s1
s_and_not0_wrexec_b32 null, s1
s_and_not0_wrexec_b32 s0, vcc_hi
s_and_not0_wrexec_b32 s0, m0
s_and_not0_wrexec_b32 s0, exec_lo
s_and_not0_wrexec_b32 s0, null
s_and_not0_wrexec_b64 s[0:1], s[2:3]
s_and_not0_wrexec_b64 s[104:105], s[2:3]
s_and_not0_wrexec_b64 vcc, s[2:3]
s_and_not0_wrexec_b64 exec, s[2:3]
s_and_not0_wrexec_b64 null, s[2:3]
s_and_not0_wrexec_b64 s[0:1], 0xffffffff
s_and_not0_wrexec_b64 s[0:1], -17
s_and_not0_wrexec_b64 s[0:1], src_shared_limit
s_and_not0_wrexec_b64 s[0:1], src_scc
s_and_not1_wrexec_b32 s0, s1
s_and_not1_wrexec_b32 m0, s1
s_and_not1_wrexec_b32 null, s1
s_and_not1_wrexec_b32 exec_lo, s1
s_and_not1_wrexec_b32 exec_hi, s1
s_and_not1_wrexec_b32 s0, exec_lo
s_and_not1_wrexec_b32 s0, null
s_and_not1_wrexec_b32 s0, ttmp7
s_and_not1_wrexec_b32 s0, 0
s_and_not1_wrexec_b64 s[0:1], s[2:3]
s_and_not1_wrexec_b64 exec, s[2:3]
s_and_not1_wrexec_b64 null, s[2:3]
s_and_not1_wrexec_b64 ttmp[14:15], s[2:3]
s_and_not1_wrexec_b64 s[104:105], s[2:3]
s_and_not1_wrexec_b64 s[0:1], src_shared_limit
s_and_not1_wrexec_b64 s[0:1], src_scc
s_and_not1_wrexec_b64 s[0:1], 0x3ff0000000000000
s_and_not1_wrexec_b64 s[0:1], 0xffffffff80000000
s_movrels_b32 s0, s1
s_movrels_b32 exec_lo, s1
s_movrels_b32 exec_hi, s1
s_movrels_b32 ttmp15, s1
s_movrels_b32 s105, s1
s_movrels_b32 s0, m0
s_movrels_b32 s0, vcc_hi
s_movrels_b32 s0, null
s_movrels_b32 s0, src_scc
s_movrels_b64 s[0:1], s[2:3]
s_movrels_b64 ttmp[14:15], s[2:3]
s_movrels_b64 s[104:105], s[2:3]
s_movrels_b64 vcc, s[2:3]
s_movrels_b64 exec, s[2:3]
s_movrels_b64 s[0:1], vcc
s_movrels_b64 s[0:1], exec
s_movrels_b64 s[0:1], ttmp[4:5]
s_movrels_b64 s[0:1], null
s_movreld_b32 s0, s1
s_movreld_b32 ttmp15, s1
s_movreld_b32 s105, s1
s_movreld_b32 vcc_lo, s1
s_movreld_b32 vcc_hi, s1
s_movreld_b32 s0, 64
s_movreld_b32 s0, -1
s_movreld_b32 s0, -16
s_movreld_b32 s0, 65
s_movreld_b64 s[0:1], s[2:3]
s_movreld_b64 vcc, s[2:3]
s_movreld_b64 exec, s[2:3]
s_movreld_b64 null, s[2:3]
s_movreld_b64 ttmp[14:15], s[2:3]
s_movreld_b64 s[0:1], vcc
s_movreld_b64 s[0:1], exec
s_movreld_b64 s[0:1], null
s_movreld_b64 s[0:1], ttmp[2:3]
s_movrelsd_2_b32 s0, s1
s_movrelsd_2_b32 vcc_lo, s1
s_movrelsd_2_b32 vcc_hi, s1
s_movrelsd_2_b32 m0, s1
s_movrelsd_2_b32 null, s1
s_movrelsd_2_b32 s0, -16
s_movrelsd_2_b32 s0, 65
s_movrelsd_2_b32 s0, -17
s_movrelsd_2_b32 s0, 0.5
s_getpc_b64 s[0:1]
s_getpc_b64 null
s_getpc_b64 ttmp[14:15]
s_getpc_b64 s[104:105]
s_getpc_b64 vcc
s_setpc_b64 s[2:3]
s_setpc_b64 vcc
s_setpc_b64 exec
s_setpc_b64 ttmp[4:5]
s_setpc_b64 null
s_swappc_b64 s[0:1], s[2:3]
s_swappc_b64 s[104:105], s[2:3]
s_swappc_b64 vcc, s[2:3]
s_swappc_b64 exec, s[2:3]
s_swappc_b64 null, s[2:3]
s_swappc_b64 s[0:1], 0
s_swappc_b64 s[0:1], -16
s_swappc_b64 s[0:1], 64
s_swappc_b64 s[0:1], 1.0
s_rfe_b64 s[2:3]
s_rfe_b64 vcc
s_rfe_b64 exec
s_rfe_b64 ttmp[4:5]
s_rfe_b64 null
s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b32 exec_hi, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b32 ttmp15, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b32 s105, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b32 vcc_lo, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b32 s0, sendmsg(200)
s_sendmsg_rtn_b32 s0, sendmsg(MSG_INTERRUPT)
s_sendmsg_rtn_b32 s0, sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)
s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_TBA_TO_PC)
s_sendmsg_rtn_b64 s[0:1], sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b64 null, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b64 ttmp[14:15], sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b64 s[104:105], sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b64 vcc, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b64 s[0:1], sendmsg(MSG_INTERRUPT)
s_sendmsg_rtn_b64 s[0:1], sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)
s_sendmsg_rtn_b64 s[0:1], sendmsg(MSG_RTN_GET_TBA_TO_PC)
s_sendmsg_rtn_b64 s[0:1], sendmsg(MSG_RTN_GET_REALTIME)
s_cmp_eq_i32 s1, s2
s_cmp_eq_i32 2.0, s2
s_cmp_eq_i32 -2.0, s2
s_cmp_eq_i32 4.0, s2
s_cmp_eq_i32 -4.0, s2
s_cmp_eq_i32 s1, exec_hi
s_cmp_eq_i32 s1, null
s_cmp_eq_i32 s1, -16
s_cmp_eq_i32 s1, 64
s_cmp_lg_i32 s1, s2
s_cmp_lg_i32 -2.0, s2
s_cmp_lg_i32 4.0, s2
s_cmp_lg_i32 -4.0, s2
s_cmp_lg_i32 0.15915494, s2
s_cmp_lg_i32 s1, null
s_cmp_lg_i32 s1, -16
s_cmp_lg_i32 s1, 64
s_cmp_lg_i32 s1, -4.0
s_cmp_gt_i32 s1, s2
s_cmp_gt_i32 4.0, s2
s_cmp_gt_i32 -4.0, s2
s_cmp_gt_i32 0.15915494, s2
s_cmp_gt_i32 0x3f800000, s2
s_cmp_gt_i32 s1, -16
s_cmp_gt_i32 s1, 64
s_cmp_gt_i32 s1, -4.0
s_cmp_gt_i32 s1, 0.15915494
s_cmp_ge_i32 s1, s2
s_cmp_ge_i32 -4.0, s2
s_cmp_ge_i32 0.15915494, s2
s_cmp_ge_i32 0x3f800000, s2
s_cmp_ge_i32 0x12345678, s2
s_cmp_ge_i32 s1, 64
s_cmp_ge_i32 s1, -4.0
s_cmp_ge_i32 s1, 0.15915494
s_cmp_ge_i32 s1, 0x7fffffff
s_cmp_lt_i32 s1, s2
s_cmp_lt_i32 0.15915494, s2
s_cmp_lt_i32 0x3f800000, s2
s_cmp_lt_i32 0x12345678, s2
s_cmp_lt_i32 0xffffffff, s2
s_cmp_lt_i32 s1, -4.0
s_cmp_lt_i32 s1, 0.15915494
s_cmp_lt_i32 s1, 0x7fffffff
s_cmp_lt_i32 s1, 0x80000000
s_cmp_le_i32 s1, s2
s_cmp_le_i32 0x3f800000, s2
s_cmp_le_i32 0x12345678, s2
s_cmp_le_i32 0xffffffff, s2
s_cmp_le_i32 1.5, s2
s_cmp_le_i32 s1, 0.15915494
s_cmp_le_i32 s1, 0x7fffffff
s_cmp_le_i32 s1, 0x80000000
s_cmp_le_i32 s1, scc
s_cmp_eq_u32 s1, s2
s_cmp_eq_u32 0x12345678, s2
s_cmp_eq_u32 0xffffffff, s2
s_cmp_eq_u32 1.5, s2
s_cmp_eq_u32 src_scc, s2
s_cmp_eq_u32 s1, 0x7fffffff
s_cmp_eq_u32 s1, 0x80000000
s_cmp_eq_u32 s1, scc
s_cmp_eq_u32 s1, 0xc0800000
s_cmp_lg_u32 s1, s2
s_cmp_lg_u32 0xffffffff, s2
s_cmp_lg_u32 1.5, s2
s_cmp_lg_u32 src_scc, s2
s_cmp_lg_u32 src_shared_base, s2
s_cmp_lg_u32 s1, 0x80000000
s_cmp_lg_u32 s1, scc
s_cmp_lg_u32 s1, 0xc0800000
s_cmp_lg_u32 s1, vcc_lo
s_cmp_gt_u32 s1, s2
s_cmp_gt_u32 1.5, s2
s_cmp_gt_u32 src_scc, s2
s_cmp_gt_u32 src_shared_base, s2
s_cmp_gt_u32 src_private_limit, s2
s_cmp_gt_u32 s1, scc
s_cmp_gt_u32 s1, 0xc0800000
s_cmp_gt_u32 s1, vcc_lo
s_cmp_gt_u32 s1, exec_hi
s_cmp_ge_u32 s1, s2
s_cmp_ge_u32 src_scc, s2
s_cmp_ge_u32 src_shared_base, s2
s_cmp_ge_u32 src_private_limit, s2
s_cmp_ge_u32 -0.0, s2
s_cmp_ge_u32 s1, 0xc0800000
s_cmp_ge_u32 s1, vcc_lo
s_cmp_ge_u32 s1, exec_hi
s_cmp_ge_u32 s1, null
s_cmp_lt_u32 s1, s2
s_cmp_lt_u32 src_shared_base, s2
s_cmp_lt_u32 src_private_limit, s2
s_cmp_lt_u32 -0.0, s2
s_cmp_lt_u32 0x3e22f983, s2
s_cmp_lt_u32 s1, vcc_lo
s_cmp_lt_u32 s1, exec_hi
s_cmp_lt_u32 s1, null
s_cmp_lt_u32 s1, -16
s_cmp_le_u32 s1, s2
s_cmp_le_u32 src_private_limit, s2
s_cmp_le_u32 -0.0, s2
s_cmp_le_u32 0x3e22f983, s2
s_cmp_le_u32 1e10, s2
s_cmp_le_u32 s1, exec_hi
s_cmp_le_u32 s1, null
s_cmp_le_u32 s1, -16
s_cmp_le_u32 s1, 64
s_bitcmp0_b32 s1, s2
s_bitcmp0_b32 -0.0, s2
s_bitcmp0_b32 0x3e22f983, s2
s_bitcmp0_b32 1e10, s2
s_bitcmp0_b32 (1 << 4) + 1, s2
s_bitcmp0_b32 s1, null
s_bitcmp0_b32 s1, -16
s_bitcmp0_b32 s1, 64
s_bitcmp0_b32 s1, -4.0
s_bitcmp1_b32 s1, s2
s_bitcmp1_b32 0x3e22f983, s2
s_bitcmp1_b32 1e10, s2
s_bitcmp1_b32 (1 << 4) + 1, s2
s_bitcmp1_b32 s103, s2
s_bitcmp1_b32 s1, -16
s_bitcmp1_b32 s1, 64
s_bitcmp1_b32 s1, -4.0
s_bitcmp1_b32 s1, 0.15915494
s_bitcmp0_b64 s[2:3], s2
s_bitcmp0_b64 -16, s2
s_bitcmp0_b64 64, s2
s_bitcmp0_b64 1.0, s2
s_bitcmp0_b64 -4.0, s2
s_bitcmp0_b64 s[2:3], 64
s_bitcmp0_b64 s[2:3], -4.0
s_bitcmp0_b64 s[2:3], 0.15915494
s_bitcmp0_b64 s[2:3], 0x7fffffff
s_bitcmp1_b64 s[2:3], s2
s_bitcmp1_b64 64, s2
s_bitcmp1_b64 1.0, s2
s_bitcmp1_b64 -4.0, s2
s_bitcmp1_b64 0.15915494309189532, s2
s_bitcmp1_b64 s[2:3], -4.0
s_bitcmp1_b64 s[2:3], 0.15915494
s_bitcmp1_b64 s[2:3], 0x7fffffff
s_bitcmp1_b64 s[2:3], 0x80000000
s_cmp_eq_u64 s[2:3], s[4:5]
s_cmp_eq_u64 vcc, s[4:5]
s_cmp_eq_u64 exec, s[4:5]
s_cmp_eq_u64 null, s[4:5]
s_cmp_eq_u64 ttmp[2:3], s[4:5]
s_cmp_eq_u64 0, s[4:5]
s_cmp_eq_u64 -16, s[4:5]
s_cmp_eq_u64 64, s[4:5]
s_cmp_eq_u64 1.0, s[4:5]
s_cmp_eq_u64 -4.0, s[4:5]
s_cmp_eq_u64 0.15915494309189532, s[4:5]
s_cmp_eq_u64 0x12345678, s[4:5]
s_cmp_eq_u64 0xffffffff, s[4:5]
s_cmp_eq_u64 -17, s[4:5]
s_cmp_eq_u64 src_shared_limit, s[4:5]
s_cmp_eq_u64 src_scc, s[4:5]
s_cmp_eq_u64 0x3ff0000000000000, s[4:5]
s_cmp_eq_u64 0xffffffff80000000, s[4:5]
s_cmp_eq_u64 s[2:3], exec
s_cmp_eq_u64 s[2:3], -1
s_cmp_eq_u64 s[2:3], 0.5
s_cmp_eq_u64 s[2:3], 0x3f800000
s_cmp_eq_u64 s[2:3], 0xfffffff0
s_cmp_lg_u64 s[2:3], s[4:5]
s_cmp_lg_u64 -4.0, s[4:5]
s_cmp_lg_u64 0.15915494309189532, s[4:5]
s_cmp_lg_u64 0x12345678, s[4:5]
s_cmp_lg_u64 0xffffffff, s[4:5]
s_cmp_lg_u64 s[2:3], -1
s_cmp_lg_u64 s[2:3], 0.5
s_cmp_lg_u64 s[2:3], 0x3f800000
s_cmp_lg_u64 s[2:3], 0xfffffff0
s_nop 0
s_nop 1
s_nop 64
s_nop 65
s_nop 0xffff
s_nop 0x8000
s_nop -1
s_nop 0x10000
s_setkill 0
s_setkill 65
s_setkill 0xffff
s_setkill 0x8000
s_setkill -1
s_sethalt 0
s_sethalt 0xffff
s_sethalt 0x8000
s_sethalt -1
s_sethalt 0x10000
s_sleep 0
s_sleep 0x8000
s_sleep -1
s_sleep 0x10000
s_sleep 1
s_set_inst_prefetch_distance 0
s_set_inst_prefetch_distance 65535
s_set_inst_prefetch_distance 100
s_set_inst_prefetch_distance 0x7fff
s_set_inst_prefetch_distance 0x8000
s_clause 0
s_clause 100
s_clause 0x7fff
s_clause 0x8000
s_clause 0xffff
s_delay_alu instid0(VALU_DEP_1)
s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)
s_delay_alu instskip(SKIP_4) | instid1(TRANS32_DEP_3)
s_delay_alu instid1(FMA_ACCUM_CYCLE_1)
s_delay_alu 0
s_waitcnt_depctr depctr_va_vdst(0)
s_waitcnt_depctr 0xfff
s_waitcnt_depctr depctr_hold_cnt(0) depctr_sa_sdst(0) depctr_va_vdst(0) depctr_va_sdst(0) depctr_va_ssrc(0) depctr_va_vcc(0) depctr_vm_vsrc(0)
s_waitcnt_depctr depctr_sa_sdst(0) & depctr_vm_vsrc(3)
s_waitcnt_depctr depctr_va_vcc(0), depctr_va_ssrc(1)
s_waitcnt_depctr depctr_va_sdst(1+2)
s_waitcnt_depctr 0xff9f
s_waitcnt_depctr 0
s_waitcnt_depctr -1
s_waitcnt_depctr 4095
s_waitcnt_depctr 0x8000
s_waitcnt_depctr depctr_hold_cnt(1) depctr_sa_sdst(1) depctr_va_vdst(15) depctr_va_sdst(7) depctr_va_ssrc(1) depctr_va_vcc(1) depctr_vm_vsrc(7)
s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
s_waitcnt vmcnt(0)
s_waitcnt lgkmcnt(0)
s_waitcnt expcnt(1) & lgkmcnt(2)
s_waitcnt vmcnt(63), expcnt(7)
s_waitcnt 0
s_waitcnt 0xfff7
s_waitcnt vmcnt_sat(100)
s_waitcnt vmcnt(1) lgkmcnt(3)
s_wait_idle
s_wait_event 0
s_wait_event -32768
s_wait_event 65535
s_wait_event 100
s_wait_event 0x7fff
s_trap 0
s_trap -1
s_trap 0x10000
s_trap 1
s_trap 64
s_round_mode 0
s_round_mode 100
s_round_mode 0x7fff
s_round_mode 0x8000
s_round_mode 0xffff
s_denorm_mode 0
s_denorm_mode 1
s_denorm_mode 64
s_denorm_mode 65
s_denorm_mode 0xffff
s_code_end
s_branch 0
s_branch 1
s_branch -1
s_branch 0x7fff
s_branch -32768
s_branch 65535
s_cbranch_scc0 0
s_cbranch_scc0 -32768
s_cbranch_scc0 65535
s_cbranch_scc0 1
s_cbranch_scc0 -1
s_cbranch_scc1 0
s_cbranch_scc1 65535
s_cbranch_scc1 1
s_cbranch_scc1 -1
s_cbranch_scc1 0x7fff
s_cbranch_vccz 0
s_cbranch_vccz 1
s_cbranch_vccz -1
s_cbranch_vccz 0x7fff
s_cbranch_vccz -32768
s_cbranch_vccnz 0
s_cbranch_vccnz -1
s_cbranch_vccnz 0x7fff
s_cbranch_vccnz -32768
s_cbranch_vccnz 65535
s_cbranch_execz 0
s_cbranch_execz 0x7fff
s_cbranch_execz -32768
s_cbranch_execz 65535
s_cbranch_execz 1
s_cbranch_execnz 0
s_cbranch_execnz -32768
s_cbranch_execnz 65535
s_cbranch_execnz 1
s_cbranch_execnz -1
s_cbranch_cdbgsys 0
s_cbranch_cdbgsys 65535
s_cbranch_cdbgsys 1
s_cbranch_cdbgsys -1
s_cbranch_cdbgsys 0x7fff
s_cbranch_cdbguser 0
s_cbranch_cdbguser 1
s_cbranch_cdbguser -1
s_cbranch_cdbguser 0x7fff
s_cbranch_cdbguser -32768
s_cbranch_cdbgsys_or_user 0
s_cbranch_cdbgsys_or_user -1
s_cbranch_cdbgsys_or_user 0x7fff
s_cbranch_cdbgsys_or_user -32768
s_cbranch_cdbgsys_or_user 65535
s_cbranch_cdbgsys_and_user 0
s_cbranch_cdbgsys_and_user 0x7fff
s_cbranch_cdbgsys_and_user -32768
s_cbranch_cdbgsys_and_user 65535
s_cbranch_cdbgsys_and_user 1
s_endpgm
s_endpgm 1
s_endpgm 0xffff
s_endpgm_saved
s_wakeup
s_setprio 0
s_setprio 0xffff
s_setprio 0x8000
s_setprio -1
s_setprio 0x10000
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)
s_sendmsg sendmsg(MSG_RTN_GET_REALTIME)
s_sendmsg sendmsg(4, 0, 0)
s_sendmsg sendmsg(2, 1, 0)
s_sendmsg 1028
s_sendmsg sendmsg(MSG_HALT_WAVES)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)
s_sendmsg sendmsg(MSG_SYSMSG, 2)
s_sendmsghalt sendmsg(MSG_INTERRUPT)
s_sendmsghalt sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)
s_sendmsghalt sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)
s_sendmsghalt sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)
s_sendmsghalt sendmsg(MSG_SYSMSG, 2)
s_incperflevel 0
s_incperflevel 0x10000
s_incperflevel 1
s_incperflevel 64
s_incperflevel 65
s_decperflevel 0
s_decperflevel 1
s_decperflevel 64
s_decperflevel 65
s_decperflevel 0xffff
s_ttracedata
s_ttracedata_imm 0
s_ttracedata_imm 0xffff
s_ttracedata_imm -1
s_ttracedata_imm -32768
s_ttracedata_imm 65535
s_icache_inv
s_barrier
s_add_u32 s0, 0x12345678, 0x12345678
s_and_b64 s[0:1], 0x41, 0x41
s_cmp_eq_u32 0x1234, 0x1234
s_add_u32 s0, 65, 0x41
S_MOV_B32 s0, s1
s_mov_b32 s0, s[7]
s_mov_b32 s0, ttmp[3:3]
s_mov_b32 s0, 'a'
s_mov_b32 s0, 017
s_mov_b32 s0, 0b101
s_mov_b32 s0, ~0
s_mov_b32 s0, .5
s_mov_b32 s0, 2.
s_mov_b32 s0, 0.1
s_mov_b32 s0, -0x80000000
