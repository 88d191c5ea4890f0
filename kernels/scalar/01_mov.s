; s_mov_b32/b64 and s_movk_i32: literals, inline constants (integer and float), 64-bit
; literal zero extension for a binary (b64) operand, SIMM16 sign extension.
    s_mov_b32 s0, 42
    s_mov_b32 s1, -1
    s_mov_b32 s2, 0x12345678
    s_mov_b64 s[4:5], -2                ; inline -2 is sign-extended to 64 bits
    s_mov_b64 s[6:7], 0x80000000        ; literal on a b64 operand: zero-extended
    s_movk_i32 s8, 0x8000               ; sign-extended
    s_movk_i32 s9, 0x7fff
    s_mov_b32 s10, 0.5
    s_mov_b64 s[12:13], 1.0             ; f64 1.0
    s_mov_b32 s14, s2
    s_mov_b64 s[16:17], s[4:5]
    s_mov_b32 m0, 64
    s_mov_b32 vcc_lo, -16
    s_endpgm
; expect: s0 = 0x0000002a
; expect: s1 = 0xffffffff
; expect: s2 = 0x12345678
; expect: s4 = 0xfffffffe
; expect: s5 = 0xffffffff
; expect: s6 = 0x80000000
; expect: s8 = 0xffff8000
; expect: s9 = 0x00007fff
; expect: s10 = 0x3f000000
; expect: s13 = 0x3ff00000
; expect: s14 = 0x12345678
; expect: s16 = 0xfffffffe
; expect: s17 = 0xffffffff
; expect: m0 = 0x00000040
; expect: vcc = 0x00000000fffffff0
; expect: retired = 14
