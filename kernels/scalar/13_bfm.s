; s_bfm_b32/b64: ((1 << S0) - 1) << S1 with both amounts masked; no SCC.
    s_bfm_b32 s0, 4, 8
    s_bfm_b32 s1, 36, 8                 ; 36 & 31 = 4
    s_bfm_b32 s2, 31, 1
    s_bfm_b32 s3, 0, 5
    s_bfm_b32 s4, 8, 28                 ; top bits shifted out
    s_bfm_b64 s[6:7], 8, 28
    s_bfm_b64 s[8:9], 63, 1
    s_bfm_b64 s[10:11], 32, 0
    s_bfm_b64 s[12:13], 4, 64           ; 64 & 63 = 0
    s_endpgm
; expect: s0 = 0x00000f00
; expect: s1 = 0x00000f00
; expect: s2 = 0xfffffffe
; expect: s4 = 0xf0000000
; expect: s6 = 0xf0000000
; expect: s7 = 0x0000000f
; expect: s8 = 0xfffffffe
; expect: s9 = 0xffffffff
; expect: s10 = 0xffffffff
; expect: s12 = 0x0000000f
; expect: scc = 0
