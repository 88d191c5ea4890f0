; s_wqm_b32/b64: whole quad mode, every nibble with a set bit becomes 0xf.
    s_wqm_b32 s0, 0x80000102
    s_wqm_b32 s1, 0                     ; SCC = 0
    s_cselect_b32 s2, 1, 2
    s_mov_b32 s4, 0x10                  ; s[4:5] = 0x01000000_00000010
    s_mov_b32 s5, 0x01000000
    s_wqm_b64 s[6:7], s[4:5]
    s_endpgm
; expect: s0 = 0xf0000f0f
; expect: s2 = 2
; expect: s4 = 0x00000010
; expect: s5 = 0x01000000
; expect: s6 = 0x000000f0
; expect: s7 = 0x0f000000
; expect: scc = 1
