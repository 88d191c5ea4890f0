; 64-bit Fibonacci with add/addc: after 60 iterations s[0:1] = F(60), s[2:3] = F(61).
    s_mov_b64 s[0:1], 0
    s_mov_b64 s[2:3], 1
    s_movk_i32 s6, 60
loop:
    s_add_u32 s4, s0, s2
    s_addc_u32 s5, s1, s3
    s_mov_b64 s[0:1], s[2:3]
    s_mov_b64 s[2:3], s[4:5]
    s_sub_u32 s6, s6, 1
    s_cmp_lg_u32 s6, 0
    s_cbranch_scc1 loop
    s_endpgm
; F(60) = 1548008755920 = 0x168_6c8312d0, F(61) = 2504730781961 = 0x247_2d96a909
; expect: s0 = 0x6c8312d0
; expect: s1 = 0x00000168
; expect: s2 = 0x2d96a909
; expect: s3 = 0x00000247
; expect: s4 = 0x2d96a909
; expect: s5 = 0x00000247
; expect: scc = 0
; expect: retired = 424
