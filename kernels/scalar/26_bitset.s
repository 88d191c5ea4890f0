; s_bitset0/1_b32/b64: clear/set bit S0[4:0] (S0[5:0] for b64) of the destination.
    s_bitset1_b32 s0, 0
    s_bitset1_b32 s0, 31
    s_bitset1_b32 s0, 36                ; bit 4
    s_mov_b32 s1, -1
    s_bitset0_b32 s1, 0
    s_bitset0_b32 s1, 63                ; bit 31
    s_bitset1_b64 s[2:3], 63
    s_bitset1_b64 s[2:3], 32
    s_bitset1_b64 s[2:3], 64            ; bit 0
    s_mov_b64 s[4:5], -1
    s_bitset0_b64 s[4:5], 33
    s_bitset0_b64 s[4:5], 0
    s_endpgm
; expect: s0 = 0x80000011
; expect: s1 = 0x7ffffffe
; expect: s2 = 0x00000001
; expect: s3 = 0x80000001
; expect: s4 = 0xfffffffe
; expect: s5 = 0xfffffffd
