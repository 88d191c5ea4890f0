; s_brev_b32/b64: bit reversal.
    s_brev_b32 s0, 1
    s_brev_b32 s1, 0x12345678
    s_brev_b64 s[2:3], 1
    s_mov_b32 s4, 0x12345678            ; s[4:5] = 0x0000000f_12345678
    s_mov_b32 s5, 15
    s_brev_b64 s[6:7], s[4:5]
    s_endpgm
; expect: s0 = 0x80000000
; expect: s1 = 0x1e6a2c48
; expect: s3 = 0x80000000
; expect: s4 = 0x12345678
; expect: s5 = 0x0000000f
; expect: s6 = 0xf0000000
; expect: s7 = 0x1e6a2c48
