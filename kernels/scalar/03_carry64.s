; 64-bit add and subtract with s_add_u32/s_addc_u32 and s_sub_u32/s_subb_u32; carry-in
; and borrow-in edge cases.
    s_mov_b32 s0, 0xffffffff            ; a = 0x1_ffffffff
    s_mov_b32 s1, 1
    s_mov_b32 s2, 1                     ; b = 0x2_00000001
    s_mov_b32 s3, 2
    s_add_u32 s4, s0, s2                ; lo 0, carry
    s_addc_u32 s5, s1, s3               ; 1 + 2 + 1 = 4
    s_sub_u32 s6, s4, s2                ; 0 - 1: borrow
    s_subb_u32 s7, s5, s3               ; 4 - 2 - 1 = 1, no borrow
    s_mov_b32 s8, -1
    s_cmp_eq_u32 0, 0                   ; SCC = 1
    s_addc_u32 s9, s8, 0                ; 0xffffffff + 0 + 1: carry
    s_addc_u32 s10, 0, 0                ; 0 + 0 + 1 = 1, no carry
    s_cmp_eq_u32 0, 0                   ; SCC = 1
    s_subb_u32 s11, 5, 5                ; 5 - 5 - 1 = -1, borrow
    s_subb_u32 s12, 5, 4                ; 5 - 4 - 1 = 0, 4 + 1 > 5 is false
    s_subb_u32 s13, 0, 0xffffffff       ; 0 - 0xffffffff - 0 = 1, borrow
    s_endpgm
; expect: s0 = 0xffffffff
; expect: s1 = 1
; expect: s2 = 1
; expect: s3 = 2
; expect: s5 = 4
; expect: s6 = 0xffffffff
; expect: s7 = 1
; expect: s8 = 0xffffffff
; expect: s10 = 1
; expect: s11 = 0xffffffff
; expect: s13 = 1
; expect: scc = 1
