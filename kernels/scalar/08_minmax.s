; s_min/s_max signed and unsigned: SCC = (S0 chosen by the comparison).
    s_min_i32 s0, -5, 3
    s_min_u32 s1, -5, 3
    s_max_i32 s2, -5, 3
    s_max_u32 s3, -5, 3
    s_cselect_b32 s4, 1, 0
    s_min_i32 s5, 7, 7                  ; equal: SCC = 0, result S1
    s_mov_b32 s7, 0x7fffffff
    s_max_i32 s6, 0x80000000, s7
    s_min_u32 s8, 0x80000000, s7
    s_min_i32 s9, 0x80000000, s7
    s_endpgm
; expect: s0 = 0xfffffffb
; expect: s1 = 3
; expect: s2 = 3
; expect: s3 = 0xfffffffb
; expect: s4 = 1
; expect: s5 = 7
; expect: s6 = 0x7fffffff
; expect: s7 = 0x7fffffff
; expect: s8 = 0x7fffffff
; expect: s9 = 0x80000000
; expect: scc = 1
