; s_pack_{ll,lh,hh,hl}_b32_b16: D = { S1 half, S0 half }.
    s_mov_b32 s0, 0x11112222
    s_mov_b32 s1, 0x33334444
    s_pack_ll_b32_b16 s2, s0, s1
    s_pack_lh_b32_b16 s3, s0, s1
    s_pack_hh_b32_b16 s4, s0, s1
    s_pack_hl_b32_b16 s5, s0, s1
    s_pack_ll_b32_b16 s6, -1, 0
    s_endpgm
; expect: s0 = 0x11112222
; expect: s1 = 0x33334444
; expect: s2 = 0x44442222
; expect: s3 = 0x33332222
; expect: s4 = 0x33331111
; expect: s5 = 0x44441111
; expect: s6 = 0x0000ffff
