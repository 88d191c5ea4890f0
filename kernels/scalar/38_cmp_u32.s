; s_cmp_*_u32 (unsigned). SCC shifted into s10 after each compare.
    s_mov_b32 s0, -2
    s_mov_b32 s1, 3
    s_cmp_eq_u32 s0, 0xfffffffe         ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_lg_u32 s0, s0                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_gt_u32 s0, s1                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_ge_u32 s1, s0                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_lt_u32 s1, s0                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_le_u32 s0, s1                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_le_u32 s1, 3                  ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_ge_u32 s1, 4                  ; 0
    s_addc_u32 s10, s10, s10
    s_endpgm
; bits 10101010
; expect: s0 = 0xfffffffe
; expect: s1 = 3
; expect: s10 = 0x000000aa
; expect: scc = 0
