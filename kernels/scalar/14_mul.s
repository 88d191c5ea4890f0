; s_mul_i32 (low 32 bits), s_mul_hi_u32/i32 (high 32 bits), s_mulk_i32 (SIMM16 sign-extended).
    s_mul_i32 s0, 7, -3
    s_mov_b32 s1, 0x10001
    s_mul_i32 s2, s1, s1                ; 0x1_0002_0001 truncated
    s_mov_b32 s3, 0xffffffff
    s_mul_hi_u32 s4, s3, s3
    s_mul_hi_i32 s5, s3, s3             ; (-1) * (-1) = 1
    s_mul_hi_i32 s6, s3, 2              ; -2
    s_mov_b32 s7, 0x80000000
    s_mul_hi_i32 s8, s7, s7             ; 2^62
    s_mul_hi_u32 s9, s7, 4              ; 2^33
    s_mov_b32 s10, 1000
    s_mulk_i32 s10, 0xfffe              ; * -2
    s_mov_b32 s11, 0x10000
    s_mulk_i32 s11, 0x7fff
    s_mulk_i32 s12, 5
    s_endpgm
; expect: s0 = 0xffffffeb
; expect: s1 = 0x00010001
; expect: s2 = 0x00020001
; expect: s3 = 0xffffffff
; expect: s4 = 0xfffffffe
; expect: s6 = 0xffffffff
; expect: s7 = 0x80000000
; expect: s8 = 0x40000000
; expect: s9 = 2
; expect: s10 = 0xfffff830
; expect: s11 = 0x7fff0000
; expect: scc = 0
