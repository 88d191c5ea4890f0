; s_load_b32 .. s_load_b512 from the co-simulation data region (kernels/README.md: 1024
; dwords at 0x10000, dword k = (k * 0x9e3779b9) ^ 0x5bd1e995), and the cache invalidates.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    s_load_b32 s2, s[0:1], 0x0              ; dword 0
    s_load_b64 s[4:5], s[0:1], 0x8          ; dwords 2, 3
    s_load_b128 s[8:11], s[0:1], 0x10       ; dwords 4..7
    s_load_b256 s[16:23], s[0:1], 0x40      ; dwords 16..23
    s_load_b512 s[32:47], s[0:1], 0x100     ; dwords 64..79
    s_waitcnt lgkmcnt(0)
    s_load_b512 s[48:63], s[0:1], 0xfc0     ; the region's last 16 dwords
    s_load_b32 s64, s[0:1], 0xffc           ; its last dword
    s_dcache_inv
    s_gl1_inv
    s_waitcnt lgkmcnt(0)
    s_add_u32 s65, s2, s64                  ; the loaded values are usable at once
    s_endpgm
