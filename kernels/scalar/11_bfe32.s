; s_bfe_u32 / s_bfe_i32: offset S1[4:0] (masked), width S1[22:16] (7 bits; >= 32 keeps
; everything), signed form shifts arithmetically then sign-extends from bit width-1.
    s_mov_b32 s0, 0x12345678
    s_bfe_u32 s1, s0, 0x80004           ; offset 4, width 8
    s_bfe_i32 s2, s0, 0x80004           ; bit 7 of the field is 0
    s_bfe_i32 s3, s0, 0x40000           ; field 0x8: negative
    s_bfe_u32 s4, s0, 0x40000
    s_bfe_u32 s5, s0, 0                 ; width 0: 0, SCC = 0
    s_cselect_b32 s6, 1, 2
    s_mov_b32 s9, 0x80000000
    s_mov_b32 s10, 0x8001c              ; offset 28, width 8
    s_bfe_i32 s7, s9, s10               ; arithmetic shift: 0xf8, sign-extended
    s_bfe_u32 s8, s9, s10               ; logical shift: 0x8
    s_bfe_u32 s11, s0, 0x7f0008         ; width 127
    s_bfe_i32 s12, s0, 0x200010         ; width 32
    s_bfe_u32 s13, s0, 0x10025          ; offset 0x25 & 31 = 5, width 1
    s_bfe_i32 s14, s0, 0x10025          ; 1-bit field 1 -> -1
    s_endpgm
; expect: s0 = 0x12345678
; expect: s1 = 0x00000067
; expect: s2 = 0x00000067
; expect: s3 = 0xfffffff8
; expect: s4 = 0x00000008
; expect: s6 = 2
; expect: s7 = 0xfffffff8
; expect: s8 = 0x00000008
; expect: s9 = 0x80000000
; expect: s10 = 0x0008001c
; expect: s11 = 0x00123456
; expect: s12 = 0x00001234
; expect: s13 = 1
; expect: s14 = 0xffffffff
; expect: scc = 1
