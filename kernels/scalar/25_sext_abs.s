; s_sext_i32_i8/i16 and s_abs_i32 (SCC = result != 0; abs(0x80000000) stays negative).
    s_sext_i32_i8 s0, 0x80
    s_sext_i32_i8 s1, 0x17f
    s_sext_i32_i16 s2, 0x8000
    s_sext_i32_i16 s3, 0x12347fff
    s_abs_i32 s4, -1
    s_abs_i32 s5, 0x80000000
    s_abs_i32 s6, 0x80000001
    s_abs_i32 s7, 0x7fffffff
    s_abs_i32 s8, 0                     ; SCC = 0
    s_endpgm
; expect: s0 = 0xffffff80
; expect: s1 = 0x0000007f
; expect: s2 = 0xffff8000
; expect: s3 = 0x00007fff
; expect: s4 = 1
; expect: s5 = 0x80000000
; expect: s6 = 0x7fffffff
; expect: s7 = 0x7fffffff
; expect: scc = 0
