; 32-bit shifts: amounts masked to 5 bits, arithmetic shift keeps the sign, SCC = result != 0.
    s_mov_b32 s0, 0x80000001
    s_lshl_b32 s1, s0, 1
    s_lshl_b32 s2, s0, 33               ; amount 33 & 31 = 1
    s_lshl_b32 s3, 1, 31
    s_lshl_b32 s4, s0, 32               ; amount 0
    s_lshr_b32 s5, s0, 31
    s_lshr_b32 s6, s0, 63               ; amount 31
    s_lshr_b32 s7, s0, 4
    s_ashr_i32 s8, s0, 4
    s_ashr_i32 s9, s0, 36               ; amount 4
    s_ashr_i32 s10, 0x40000000, 30
    s_lshl_b32 s11, s0, 31
    s_lshr_b32 s12, 1, 1                ; 0, SCC = 0
    s_cselect_b32 s13, 5, 7
    s_ashr_i32 s14, -1, 31
    s_endpgm
; expect: s0 = 0x80000001
; expect: s1 = 0x00000002
; expect: s2 = 0x00000002
; expect: s3 = 0x80000000
; expect: s4 = 0x80000001
; expect: s5 = 1
; expect: s6 = 1
; expect: s7 = 0x08000000
; expect: s8 = 0xf8000000
; expect: s9 = 0xf8000000
; expect: s10 = 1
; expect: s11 = 0x80000000
; expect: s13 = 7
; expect: s14 = 0xffffffff
; expect: scc = 1
