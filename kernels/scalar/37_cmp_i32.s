; s_cmp_*_i32 (signed). SCC shifted into s10 after each compare.
    s_mov_b32 s0, -2
    s_mov_b32 s1, 3
    s_cmp_eq_i32 s0, s1                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_lg_i32 s0, s1                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_gt_i32 s0, s1                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_ge_i32 s0, s0                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_lt_i32 s0, s1                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_le_i32 s1, s0                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_eq_i32 s0, -2                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_gt_i32 s1, 0x80000000         ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_le_i32 0x80000000, s0         ; 1
    s_addc_u32 s10, s10, s10
    s_endpgm
; bits 010110111
; expect: s0 = 0xfffffffe
; expect: s1 = 3
; expect: s10 = 0x000000b7
; expect: scc = 0
