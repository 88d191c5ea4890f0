; GLOBAL integer atomics, 32- and 64-bit, read-modify-write lane by lane in lane order:
; every lane on one dword (each lane sees the lower lanes' results), lanes on their own
; dwords, with GLC (the old value returned into VDST) and without, cmpswap with the
; compare value after DATA, partial EXEC.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    v_mov_b32 v2, 0
    v_add_nc_u32 v3, 1, v0                  ; l + 1
    global_atomic_add_u32 v4, v2, v3, s[0:1] offset:2048 glc   ; one dword: running sums
    global_atomic_add_u32 v2, v3, s[0:1] offset:2048            ; no return
    global_load_b32 v5, v2, s[0:1] offset:2048
    global_atomic_sub_u32 v6, v1, v3, s[0:1] offset:256 glc
    global_atomic_swap_b32 v7, v1, v0, s[0:1] offset:512 glc
    global_atomic_min_i32 v8, v1, v3, s[0:1] offset:768 glc
    global_atomic_max_u32 v9, v1, v3, s[0:1] offset:1024 glc
    global_atomic_and_b32 v10, v1, v3, s[0:1] offset:1280 glc
    global_atomic_or_b32 v11, v1, v3, s[0:1] offset:1536 glc
    global_atomic_xor_b32 v12, v2, v3, s[0:1] offset:1792 glc
    global_atomic_inc_u32 v13, v2, v3, s[0:1] offset:2560 glc
    global_atomic_dec_u32 v14, v2, v3, s[0:1] offset:2564 glc
    v_mov_b32 v16, 0x77
    s_waitcnt vmcnt(7)
    v_mov_b32 v17, v7                       ; compare: the value swapped in above (l)
    global_atomic_cmpswap_b32 v18, v1, v[16:17], s[0:1] offset:512 glc   ; every lane hits
    v_mov_b32 v17, 5
    global_atomic_cmpswap_b32 v19, v1, v[16:17], s[0:1] offset:768 glc   ; lane 4 only
    v_lshlrev_b32 v20, 3, v0                ; 8l
    v_mov_b32 v22, v3
    v_mov_b32 v23, 1
    global_atomic_add_u64 v[24:25], v20, v[22:23], s[0:1] offset:3072 glc
    global_atomic_cmpswap_b64 v[26:27], v2, v[20:23], s[0:1] offset:3072 glc
    s_mov_b32 exec_lo, 0xf0f0f0f0
    global_atomic_max_i32 v28, v2, v0, s[0:1] offset:4000 glc
    global_atomic_min_u32 v2, v0, s[0:1] offset:4004
    s_mov_b32 exec_lo, -1
    global_load_b64 v[30:31], v2, s[0:1] offset:4000
    s_endpgm
