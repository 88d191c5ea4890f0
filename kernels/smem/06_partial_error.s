; An s_load_b512 whose last dwords run past the region: its first dwords exist, the rest
; do not; the instruction stops with an error (no register write retires).
    s_mov_b32 s0, 0x10fe0
    s_mov_b32 s1, 0
    s_load_b256 s[8:15], s[0:1], 0x0        ; 0x10fe0..0x10fff: fine
    s_load_b512 s[16:31], s[0:1], 0x0       ; 0x10fe0..0x1101f: ERR from dword 8 on
    s_endpgm
