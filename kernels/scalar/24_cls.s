; s_cls_i32 / s_cls_i32_i64: leading bits equal to the sign bit (-1 when all equal); a
; literal on the i64 operand is sign-extended.
    s_cls_i32 s0, 0
    s_cls_i32 s1, 0xcccc
    s_cls_i32 s2, 0xffff3333
    s_cls_i32 s3, 0x7fffffff
    s_cls_i32 s4, 0x80000000
    s_cls_i32 s5, -1
    s_cls_i32_i64 s6, 0
    s_cls_i32_i64 s7, -1
    s_cls_i32_i64 s8, 1
    s_cls_i32_i64 s9, 0x80000000        ; 0xffffffff_80000000
    s_mov_b32 s11, 0xffff               ; s[10:11] = 0x0000ffff_00000000
    s_cls_i32_i64 s12, s[10:11]
    s_endpgm
; expect: s0 = 0xffffffff
; expect: s1 = 0x00000010
; expect: s2 = 0x00000010
; expect: s3 = 1
; expect: s4 = 1
; expect: s5 = 0xffffffff
; expect: s6 = 0xffffffff
; expect: s7 = 0xffffffff
; expect: s8 = 0x0000003f
; expect: s9 = 0x00000021
; expect: s11 = 0x0000ffff
; expect: s12 = 0x00000010
