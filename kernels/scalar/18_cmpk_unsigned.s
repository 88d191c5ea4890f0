; s_cmpk_*_u32: S0 compared unsigned with the zero-extended SIMM16. SCC shifted into s10.
    s_mov_b32 s0, 0xfffb
    s_cmpk_eq_u32 s0, 0xfffb            ; 1
    s_addc_u32 s10, s10, s10
    s_mov_b32 s1, -5
    s_cmpk_eq_u32 s1, 0xfffb            ; 0xfffffffb == 0x0000fffb: 0
    s_addc_u32 s10, s10, s10
    s_cmpk_lg_u32 s1, 0xfffb            ; 1
    s_addc_u32 s10, s10, s10
    s_cmpk_gt_u32 s1, 0xfffb            ; 1
    s_addc_u32 s10, s10, s10
    s_cmpk_ge_u32 s0, 0xfffc            ; 0
    s_addc_u32 s10, s10, s10
    s_cmpk_lt_u32 s0, 0xfffc            ; 1
    s_addc_u32 s10, s10, s10
    s_cmpk_le_u32 s0, 0xfffb            ; 1
    s_addc_u32 s10, s10, s10
    s_cmpk_le_u32 s1, 0                 ; 0
    s_addc_u32 s10, s10, s10
    s_cmpk_ge_u32 s1, 0xffff            ; 1
    s_addc_u32 s10, s10, s10
    s_endpgm
; bits 101101101
; expect: s0 = 0x0000fffb
; expect: s1 = 0xfffffffb
; expect: s10 = 0x0000016d
; expect: scc = 0
