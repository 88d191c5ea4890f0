; A load starting below 2^32 whose dwords would carry past it: refused by both sides.
    s_mov_b32 s0, 0xfffffff8
    s_mov_b32 s1, 0
    s_load_b128 s[4:7], s[0:1], 0x0         ; 0xfffffff8..0x1_00000007
    s_endpgm
