; 32-bit bitwise operations, SCC = result != 0.
    s_mov_b32 s0, 0xff00ff00
    s_mov_b32 s1, 0x0ff00ff0
    s_and_b32 s2, s0, s1
    s_or_b32 s3, s0, s1
    s_xor_b32 s4, s0, s1
    s_nand_b32 s5, s0, s1
    s_nor_b32 s6, s0, s1
    s_xnor_b32 s7, s0, s1
    s_and_not1_b32 s8, s0, s1
    s_or_not1_b32 s9, s0, s1
    s_and_b32 s10, s0, 0xff             ; 0, SCC = 0
    s_cselect_b32 s11, 1, 2
    s_nor_b32 s12, -1, 0                ; 0, SCC = 0
    s_cselect_b32 s13, 1, 2
    s_xnor_b32 s14, 0, 0
    s_endpgm
; expect: s0 = 0xff00ff00
; expect: s1 = 0x0ff00ff0
; expect: s2 = 0x0f000f00
; expect: s3 = 0xfff0fff0
; expect: s4 = 0xf0f0f0f0
; expect: s5 = 0xf0fff0ff
; expect: s6 = 0x000f000f
; expect: s7 = 0x0f0f0f0f
; expect: s8 = 0xf000f000
; expect: s9 = 0xff0fff0f
; expect: s11 = 2
; expect: s13 = 2
; expect: s14 = 0xffffffff
; expect: scc = 1
