; An address at or above 2^32 (the RTL's bus is 32-bit; no memory is mapped there): the
; RTL refuses it before any bus cycle, the model finds nothing there.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 1                         ; 0x1_0001_0000
    s_load_b32 s2, s[0:1], 0x0
    s_endpgm
