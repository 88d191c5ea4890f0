; global_load_b32 / global_store_b32 on the co-simulation data region (kernels/README.md:
; 1024 dwords at 0x10000): consecutive lanes (one coalesced burst per pass), the SADDR form
; (SGPR pair base + VGPR offset + signed OFFSET) and the `off` form (a VGPR pair address),
; stores then loads, one address for every lane (a load reads the dword once; a store
; where the highest lane wins), scattered addresses, partial EXEC, EXEC 0.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; v0 = lane id l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    global_load_b32 v2, v1, s[0:1]          ; dword l
    global_load_b32 v3, v1, s[0:1] offset:256   ; dword 64 + l
    v_add_nc_u32 v4, 0x200, v1
    global_load_b32 v5, v4, s[0:1] offset:-4    ; dword 127 + l
    v_add_nc_u32 v6, 0x10000, v1            ; the VGPR pair address 0x10000 + 4l
    v_mov_b32 v7, 0
    global_load_b32 v8, v[6:7], off offset:8    ; dword 2 + l
    v_add_nc_u32 v9, 0x1000, v0             ; data 0x1000 + l
    global_store_b32 v1, v9, s[0:1] offset:1024 ; dword 256 + l = 0x1000 + l
    global_load_b32 v10, v1, s[0:1] offset:1024 ; 0x1000 + l
    global_load_b32 v11, v1, s[0:1] offset:1028 ; lane l+1's (lane 31: dword 288)
    v_mov_b32 v12, 0
    global_load_b32 v13, v12, s[0:1] offset:12  ; every lane: dword 3
    global_store_b32 v12, v0, s[0:1] offset:2048 ; every lane writes dword 512: lane 31 wins
    global_load_b32 v14, v12, s[0:1] offset:2048 ; 31
    v_mul_lo_u32 v15, 0x7c, v0              ; 124l: scattered dwords (31l)
    global_load_b32 v16, v15, s[0:1]
    s_waitcnt vmcnt(8)
    global_store_b32 v15, v2, s[0:1] offset:4   ; dword 31l + 1 = dword l
    s_mov_b32 exec_lo, 0x5555aaaa
    global_store_b32 v[6:7], v9, off offset:3072 ; the EXEC lanes only: dword 768 + l
    global_load_b32 v17, v1, s[0:1] offset:3068  ; EXEC lanes: dword 767 + l
    s_mov_b32 exec_lo, 0
    global_load_b32 v18, v1, s[0:1]         ; no lane
    global_store_b32 v1, v0, s[0:1]         ; no lane
    s_mov_b32 exec_lo, -1
    s_waitcnt vmcnt(0)
    global_load_b32 v19, v1, s[0:1] offset:3072
    s_waitcnt vmcnt(0)
    v_add_nc_u32 v20, v19, v17
    s_endpgm
