; s_add_u32/s_sub_u32 (carry/borrow in SCC) and s_add_i32/s_sub_i32 (signed overflow in
; SCC). s_cselect_b32 sN, 1, 0 records SCC after each.
    s_mov_b32 s0, 0xffffffff
    s_add_u32 s1, s0, 1                 ; 0x1_00000000: carry
    s_cselect_b32 s2, 1, 0
    s_add_u32 s3, 0x7fffffff, 1         ; no carry
    s_cselect_b32 s4, 1, 0
    s_sub_u32 s5, 5, 7                  ; borrow
    s_cselect_b32 s6, 1, 0
    s_sub_u32 s7, 7, 5
    s_cselect_b32 s8, 1, 0
    s_add_i32 s9, 0x7fffffff, 1         ; signed overflow
    s_cselect_b32 s10, 1, 0
    s_add_i32 s11, -1, -1               ; no overflow
    s_cselect_b32 s12, 1, 0
    s_add_i32 s13, 0x80000000, 0x80000000 ; overflow to 0
    s_cselect_b32 s14, 1, 0
    s_sub_i32 s15, 0x80000000, 1        ; overflow
    s_cselect_b32 s16, 1, 0
    s_sub_i32 s17, 5, -3                ; no overflow
    s_cselect_b32 s18, 1, 0
    s_sub_i32 s19, 0x7fffffff, -1       ; overflow
    s_endpgm
; expect: s0 = 0xffffffff
; expect: s2 = 1
; expect: s3 = 0x80000000
; expect: s5 = 0xfffffffe
; expect: s6 = 1
; expect: s7 = 2
; expect: s9 = 0x80000000
; expect: s10 = 1
; expect: s11 = 0xfffffffe
; expect: s14 = 1
; expect: s15 = 0x7fffffff
; expect: s16 = 1
; expect: s17 = 8
; expect: s19 = 0x80000000
; expect: scc = 1
