; The other widths: u8 / i8 / u16 / i16 loads (zero / sign extension), b8 / b16 stores,
; b64 / b96 / b128 loads and stores (lane by lane, the highest lane's bytes winning where
; they overlap), the d16 loads (one half of VDST kept) and d16_hi stores, aligned and not.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    v_add_nc_u32 v2, 3, v0                  ; l + 3: bytes of every alignment
    global_load_u8 v3, v2, s[0:1]
    global_load_i8 v4, v2, s[0:1] offset:64
    global_load_u16 v5, v2, s[0:1] offset:128
    global_load_i16 v6, v1, s[0:1] offset:2
    v_lshlrev_b32 v7, 3, v0                 ; 8l
    global_load_b64 v[8:9], v7, s[0:1]
    v_mul_lo_u32 v10, 12, v0                ; 12l
    global_load_b96 v[12:14], v10, s[0:1] offset:1
    v_lshlrev_b32 v15, 4, v0                ; 16l
    global_load_b128 v[16:19], v15, s[0:1]
    v_add_nc_u32 v20, 0xa5a50000, v0
    global_store_b8 v2, v20, s[0:1] offset:2048   ; bytes 2051 + l
    global_store_b16 v1, v20, s[0:1] offset:2177  ; unaligned halves
    global_store_d16_hi_b16 v1, v20, s[0:1] offset:2304
    global_store_d16_hi_b8 v0, v20, s[0:1] offset:2432
    s_waitcnt vmcnt(2)
    global_store_b64 v1, v[8:9], s[0:1] offset:2560   ; overlapping: lane order
    s_waitcnt vmcnt(1)
    global_store_b96 v10, v[12:14], s[0:1] offset:3000
    s_waitcnt vmcnt(0)
    global_store_b128 v15, v[16:19], s[0:1] offset:3584
    global_load_b128 v[24:27], v15, s[0:1] offset:2048
    global_load_d16_u8 v28, v2, s[0:1] offset:2048
    global_load_d16_hi_i8 v28, v2, s[0:1] offset:2052
    global_load_d16_b16 v29, v1, s[0:1] offset:3001
    global_load_d16_hi_b16 v29, v1, s[0:1] offset:3003
    global_load_b96 v[30:32], v10, s[0:1] offset:3000
    global_load_b64 v[34:35], v1, s[0:1] offset:2560
    s_endpgm
