; A counted loop: s0 = 10 + 9 + ... + 1.
    s_mov_b32 s0, 0
    s_mov_b32 s1, 10
loop:
    s_add_u32 s0, s0, s1
    s_sub_u32 s1, s1, 1
    s_cmp_lg_u32 s1, 0
    s_cbranch_scc1 loop
    s_endpgm
; expect: s0 = 0x00000037
; expect: scc = 0
; expect: retired = 43
