; Back-to-back and dependent loads: an address built from a loaded value, the same
; registers reloaded once the first load is back, and a loop of loads walking the region
; with SOFFSET.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    s_load_b32 s2, s[0:1], 0x4
    s_waitcnt lgkmcnt(0)
    s_load_b32 s2, s[0:1], 0x8              ; overwrites s2
    s_load_b64 s[4:5], s[0:1], 0xc
    s_waitcnt lgkmcnt(0)
    s_and_b32 s6, s2, 0x7fc                 ; a loaded value as an address
    s_add_u32 s6, s6, s0
    s_mov_b32 s7, 0
    s_load_b128 s[8:11], s[6:7], 0x0
    s_waitcnt lgkmcnt(0)
    s_and_b32 s12, s11, 0x3c0
    s_load_b32 s13, s[6:7], s12 offset:0x4  ; dependent SOFFSET
    s_movk_i32 s20, 0                       ; loop: sum 16 dwords, 0x40 apart
    s_movk_i32 s21, 0
loop:
    s_load_b32 s22, s[0:1], s20 offset:0x20
    s_waitcnt lgkmcnt(0)
    s_add_u32 s21, s21, s22
    s_addk_i32 s20, 0x40
    s_cmpk_lt_u32 s20, 0x400
    s_cbranch_scc1 loop
    s_endpgm
