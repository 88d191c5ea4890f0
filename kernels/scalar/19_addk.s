; s_addk_i32: D += sign-extended SIMM16, SCC = signed overflow.
    s_mov_b32 s0, 0x7fff0000
    s_addk_i32 s0, 0x7fff               ; no overflow
    s_cselect_b32 s1, 1, 2
    s_mov_b32 s2, 0x7fffffff
    s_addk_i32 s2, 1                    ; overflow
    s_cselect_b32 s3, 1, 2
    s_mov_b32 s4, 0x80000000
    s_addk_i32 s4, 0xffff               ; + -1: overflow
    s_cselect_b32 s5, 1, 2
    s_mov_b32 s6, 5
    s_addk_i32 s6, 0xfff6               ; + -10 = -5, no overflow
    s_endpgm
; expect: s0 = 0x7fff7fff
; expect: s1 = 2
; expect: s2 = 0x80000000
; expect: s3 = 1
; expect: s4 = 0x7fffffff
; expect: s5 = 1
; expect: s6 = 0xfffffffb
; expect: scc = 0
