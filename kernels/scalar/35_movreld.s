; s_movreld_b32/b64: SGPR[D code + M0] = S0; out-of-range destinations are not written.
    s_mov_b32 s7, 0x77
    s_mov_b32 m0, 10
    s_movreld_b32 s5, s7                ; s15 = s7
    s_mov_b32 m0, 3
    s_movreld_b64 s[20:21], -1          ; index 2: s[22:23]
    s_mov_b32 m0, 6
    s_movreld_b64 s[100:101], 5         ; s[106:107] = vcc
    s_mov_b32 m0, 8
    s_movreld_b32 s100, 9               ; 108 is out of range: nothing written
    s_mov_b32 m0, 5
    s_movreld_b32 s100, 0x42            ; s105
    s_mov_b32 m0, 0
    s_movreld_b32 s30, s7
    s_endpgm
; expect: s7 = 0x00000077
; expect: s15 = 0x00000077
; expect: s22 = 0xffffffff
; expect: s23 = 0xffffffff
; expect: s30 = 0x00000077
; expect: s105 = 0x00000042
; expect: vcc = 0x0000000000000005
; expect: m0 = 0
