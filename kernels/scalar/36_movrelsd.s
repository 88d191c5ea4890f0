; s_movrelsd_2_b32: SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]].
    s_mov_b32 s17, 0x1234
    s_mov_b32 m0, 0x14000a              ; (20 << 16) | 10
    s_movrelsd_2_b32 s5, s7             ; s25 = s17
    s_mov_b32 m0, 0xfc00fc03            ; source index 3, destination index 0
    s_movrelsd_2_b32 s40, s14           ; s40 = s17
    s_mov_b32 m0, 0x640000              ; destination index 100: 110 out of range
    s_movrelsd_2_b32 s10, s17           ; nothing written
    s_endpgm
; expect: s17 = 0x00001234
; expect: s25 = 0x00001234
; expect: s40 = 0x00001234
; expect: m0 = 0x00640000
