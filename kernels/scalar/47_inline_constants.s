; Inline constants: floats in the operand's precision (f32 on 32-bit operands, f64 on
; 64-bit operands, also on integer opcodes), integers sign-extended to 64 bits.
    s_mov_b32 s0, 1.0
    s_mov_b32 s1, -4.0
    s_mov_b32 s2, 0.15915494            ; 1/(2*pi), inline code 248
    s_mov_b64 s[4:5], -0.5
    s_mov_b64 s[6:7], 2.0
    .long 0xbe8801f8                    ; s_mov_b64 s[8:9], 1/(2*pi) (f64)
    s_mov_b32 s10, 64
    s_mov_b32 s11, -16
    s_mov_b64 s[12:13], -16
    s_add_u32 s14, 4.0, 0
    s_endpgm
; expect: s0 = 0x3f800000
; expect: s1 = 0xc0800000
; expect: s2 = 0x3e22f983
; expect: s5 = 0xbfe00000
; expect: s7 = 0x40000000
; expect: s8 = 0x6dc9c882
; expect: s9 = 0x3fc45f30
; expect: s10 = 0x00000040
; expect: s11 = 0xfffffff0
; expect: s12 = 0xfffffff0
; expect: s13 = 0xffffffff
; expect: s14 = 0x40800000
