; s_absdiff_i32: the functional examples of the reference, SCC = result != 0.
    s_absdiff_i32 s0, 2, 5
    s_absdiff_i32 s1, -1, 0
    s_absdiff_i32 s2, 0x80000000, 0     ; result stays negative
    s_absdiff_i32 s3, 0x80000000, 1
    s_absdiff_i32 s4, 0x80000000, -1
    s_absdiff_i32 s5, 0x80000000, -2
    s_cselect_b32 s6, 1, 0
    s_absdiff_i32 s7, 9, 9              ; 0, SCC = 0
    s_endpgm
; expect: s0 = 3
; expect: s1 = 1
; expect: s2 = 0x80000000
; expect: s3 = 0x7fffffff
; expect: s4 = 0x7fffffff
; expect: s5 = 0x7ffffffe
; expect: s6 = 1
; expect: scc = 0
