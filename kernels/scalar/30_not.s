; s_not_b32/b64, SCC = result != 0.
    s_not_b32 s0, 0x0f0f0f0f
    s_not_b32 s1, -1                    ; 0, SCC = 0
    s_cselect_b32 s2, 1, 2
    s_not_b64 s[4:5], 0
    s_mov_b32 s6, 0x12345678
    s_mov_b32 s7, -1
    s_not_b64 s[8:9], s[6:7]
    s_endpgm
; expect: s0 = 0xf0f0f0f0
; expect: s2 = 2
; expect: s4 = 0xffffffff
; expect: s5 = 0xffffffff
; expect: s6 = 0x12345678
; expect: s7 = 0xffffffff
; expect: s8 = 0xedcba987
; expect: scc = 1
