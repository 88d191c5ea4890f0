; s_cmpk_*_i32: S0 compared signed with the sign-extended SIMM16. After each compare,
; s_addc_u32 s10, s10, s10 shifts SCC into s10 (s10 = 2 * s10 + SCC).
    s_mov_b32 s0, -5
    s_cmpk_eq_i32 s0, 0xfffb            ; -5 == -5: 1
    s_addc_u32 s10, s10, s10
    s_cmpk_lg_i32 s0, 0xfffb            ; 0
    s_addc_u32 s10, s10, s10
    s_cmpk_gt_i32 s0, 0xfff0            ; -5 > -16: 1
    s_addc_u32 s10, s10, s10
    s_cmpk_ge_i32 s0, 0xfffb            ; 1
    s_addc_u32 s10, s10, s10
    s_cmpk_lt_i32 s0, 0                 ; 1
    s_addc_u32 s10, s10, s10
    s_cmpk_le_i32 s0, 0xfffa            ; -5 <= -6: 0
    s_addc_u32 s10, s10, s10
    s_cmpk_gt_i32 s0, 0x7fff            ; 0
    s_addc_u32 s10, s10, s10
    s_mov_b32 s1, 0x8000                ; +32768
    s_cmpk_eq_i32 s1, 0x8000            ; 32768 == -32768: 0
    s_addc_u32 s10, s10, s10
    s_cmpk_lt_i32 s1, 0x8000            ; 0
    s_addc_u32 s10, s10, s10
    s_cmpk_gt_i32 s1, 0x8000            ; 1
    s_addc_u32 s10, s10, s10
    s_endpgm
; bits 1011100001
; expect: s0 = 0xfffffffb
; expect: s1 = 0x00008000
; expect: s10 = 0x000002e1
; expect: scc = 0
