; A load from an unmapped address: the model refuses it and the RTL's bus answers ERR, so
; both stop with an error at the same instruction.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    s_load_b32 s2, s[0:1], 0x10             ; fine
    s_load_b32 s3, s[0:1], 0x1000           ; 0x11000: just past the region
    s_mov_b32 s4, 1
    s_endpgm
