; s_ctz_i32_b32/b64 and s_clz_i32_u32/u64: -1 when there is no one bit; a literal on the
; u64 operand is zero-extended.
    s_ctz_i32_b32 s0, 0xaaaaaaaa
    s_ctz_i32_b32 s1, 0x55555555
    s_ctz_i32_b32 s2, 0
    s_ctz_i32_b32 s3, 0x10000
    s_ctz_i32_b64 s4, 0
    s_mov_b32 s7, 0x100                 ; s[6:7] = 0x00000100_00000000
    s_ctz_i32_b64 s5, s[6:7]
    s_clz_i32_u32 s8, 0
    s_clz_i32_u32 s9, 0xcccc
    s_clz_i32_u32 s10, 0x7fffffff
    s_clz_i32_u32 s11, 0x80000000
    s_clz_i32_u64 s12, s[6:7]
    s_clz_i32_u64 s13, 1
    s_clz_i32_u64 s14, 0
    s_ctz_i32_b64 s15, -1
    s_clz_i32_u64 s16, 0x80000000
    s_endpgm
; expect: s0 = 1
; expect: s2 = 0xffffffff
; expect: s3 = 0x00000010
; expect: s4 = 0xffffffff
; expect: s5 = 0x00000028
; expect: s7 = 0x00000100
; expect: s8 = 0xffffffff
; expect: s9 = 0x00000010
; expect: s10 = 1
; expect: s12 = 0x00000017
; expect: s13 = 0x0000003f
; expect: s14 = 0xffffffff
; expect: s16 = 0x00000020
