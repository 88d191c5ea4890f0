; Counts the one bits of 0xf00f0001 with a shift loop (s_lshr_b32 sets SCC = result != 0)
; and checks the count against s_bcnt1_i32_b32.
    s_mov_b32 s0, 0xf00f0001
    s_mov_b32 s1, 0
loop:
    s_and_b32 s2, s0, 1
    s_add_u32 s1, s1, s2
    s_lshr_b32 s0, s0, 1
    s_cbranch_scc1 loop                 ; 32 iterations (bit 31 is set)
    s_bcnt1_i32_b32 s3, 0xf00f0001
    s_endpgm
; expect: s1 = 9
; expect: s2 = 1
; expect: s3 = 9
; expect: scc = 1
; expect: retired = 132
