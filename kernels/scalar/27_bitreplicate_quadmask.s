; s_bitreplicate_b64_b32 (each bit doubled) and s_quadmask_b32/b64 (one bit per nibble).
    s_bitreplicate_b64_b32 s[0:1], 0x80000005
    s_bitreplicate_b64_b32 s[2:3], 0xffff
    s_quadmask_b32 s4, 0x0f00f001
    s_quadmask_b32 s5, 0                ; SCC = 0
    s_cselect_b32 s6, 1, 2
    s_mov_b32 s8, 0x10000000            ; s[8:9] = 0x00000001_10000000
    s_mov_b32 s9, 1
    s_quadmask_b64 s[10:11], s[8:9]     ; 64-bit destination, high dword 0
    s_endpgm
; expect: s0 = 0x00000033
; expect: s1 = 0xc0000000
; expect: s2 = 0xffffffff
; expect: s4 = 0x00000049
; expect: s6 = 2
; expect: s10 = 0x00000180
; expect: s8 = 0x10000000
; expect: s9 = 1
; expect: scc = 1
