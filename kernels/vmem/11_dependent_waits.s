; One wave's dependent VALU instructions between GLOBAL, FLAT and DS instructions, each
; result waited for with the least wait the ISA allows (reference 5.6): `vmcnt(1)` for
; the older of two loads, `lgkmcnt(1)` for a DS load with a FLAT load issued after it (a
; FLAT instruction counts on lgkmcnt too, in order with DS), `vscnt` before loading what
; a store wrote. Run at a one-cycle bus and a slow one, the waits must hold either way.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    v_mul_u32_u24 v2, 3, v0                 ; 3l
    v_add_nc_u32 v3, 7, v2                  ; 3l + 7
    global_store_b32 v1, v3, s[0:1]         ; dwords l = 3l + 7
    v_xor_b32 v4, 0x55, v3                  ; depends on v3, beside the store
    global_store_b32 v1, v4, s[0:1] offset:128 ; dwords 32 + l
    s_waitcnt_vscnt null, 0x0
    global_load_b32 v5, v1, s[0:1]          ; 3l + 7
    global_load_b32 v6, v1, s[0:1] offset:128 ; (3l + 7) ^ 0x55
    s_waitcnt vmcnt(1)                      ; the first load is in
    v_add_nc_u32 v7, v5, v0                 ; 4l + 7
    v_lshlrev_b32 v7, 1, v7                 ; 8l + 14
    s_waitcnt vmcnt(0)
    v_sub_nc_u32 v8, v6, v7
    ds_store_b32 v1, v8                     ; LDS dword l
    v_mov_b32 v9, s0
    v_mov_b32 v10, s1
    v_add_co_u32 v9, vcc_lo, v9, v1
    v_add_co_ci_u32_e32 v10, vcc_lo, 0, v10, vcc_lo
    ds_load_b32 v11, v1                     ; after the store: v8
    flat_load_b32 v12, v[9:10] offset:128   ; (3l + 7) ^ 0x55
    s_waitcnt lgkmcnt(1)                    ; the DS load is in (FLAT is younger)
    v_add_nc_u32 v13, v11, 1
    s_waitcnt vmcnt(0) lgkmcnt(0)
    v_mad_u32_u24 v14, v12, 3, v13
    global_atomic_add_u32 v15, v1, v14, s[0:1] offset:256 glc ; dwords 64 + l: 0 + v14
    s_waitcnt vmcnt(0)
    v_add_nc_u32 v16, v15, v14              ; 0 + v14 + v14
    global_store_b32 v1, v16, s[0:1] offset:384
    s_endpgm
