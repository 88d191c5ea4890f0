; s_lshl{1,2,3,4}_add_u32: (S0 << n) + S1 computed in 64 bits, SCC = carry out.
    s_lshl1_add_u32 s0, 3, 4
    s_lshl2_add_u32 s1, 3, 4
    s_lshl3_add_u32 s2, 3, 4
    s_lshl4_add_u32 s3, 3, 4
    s_cselect_b32 s4, 1, 0
    s_lshl1_add_u32 s5, 0x80000000, 0   ; the shifted-out bit is a carry
    s_cselect_b32 s6, 1, 0
    s_lshl4_add_u32 s7, 0x10000000, 1
    s_lshl2_add_u32 s8, 0x3fffffff, 3   ; 0xffffffff exactly, no carry
    s_cselect_b32 s9, 1, 0
    s_lshl3_add_u32 s10, 0x20000000, -1 ; 0x1_ffffffff
    s_endpgm
; expect: s0 = 0x0000000a
; expect: s1 = 0x00000010
; expect: s2 = 0x0000001c
; expect: s3 = 0x00000034
; expect: s6 = 1
; expect: s7 = 1
; expect: s8 = 0xffffffff
; expect: s10 = 0xffffffff
; expect: scc = 1
