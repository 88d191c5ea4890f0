; A global_load_b32 of which one lane reads past the data region's end: the model stops
; there with a memory error, the RTL with `error` at that PC (the bus answers ERR).
    s_mov_b32 s0, 0x10f80
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    global_load_b32 v2, v1, s[0:1]          ; dwords 992 + l: all inside
    global_load_b32 v3, v1, s[0:1] offset:4 ; lane 31 reads 0x11000: unmapped
    v_mov_b32 v4, v3
    s_endpgm
