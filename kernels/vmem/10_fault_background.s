; A GLOBAL load that faults after it has retired: the wave has gone on with scalar
; instructions and met an instruction the RTL does not run (s_sethalt), yet both sides stop
; at the load (the RTL's `error` waits for the load, whose fault wins; the co-simulation
; drops the instructions retired after it).
    s_mov_b32 s0, 0x10f80
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    global_load_b32 v3, v1, s[0:1] offset:4 ; lane 31 reads 0x11000: unmapped
    s_add_u32 s2, s0, 1
    s_mov_b32 exec_lo, 0xffff
    s_sethalt 0
    v_mov_b32 v4, v3
    s_endpgm
