; FLAT loads, stores and atomics on the co-simulation data region (kernels/README.md: 1024
; dwords at 0x10000). The golden model treats a FLAT address as global (no LDS or scratch
; apertures), so FLAT runs as GLOBAL with a VGPR-pair address; its OFFSET is unsigned
; (up to 4095 here; GLOBAL's is signed).
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; v0 = lane id l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    v_add_nc_u32 v2, 0x10000, v1            ; the VGPR pair address 0x10000 + 4l
    v_mov_b32 v3, 0
    flat_load_b32 v4, v[2:3]                ; dword l
    flat_load_b32 v5, v[2:3] offset:2048    ; dword 512 + l
    v_mov_b32 v6, 0x10000                   ; every lane: the region's start
    v_mov_b32 v7, 0
    flat_load_b32 v8, v[6:7] offset:4092    ; every lane: dword 1023
    flat_load_b64 v[10:11], v[2:3] offset:8 ; dwords 2 + l, 3 + l
    flat_load_u8 v12, v[2:3] offset:3       ; byte 3 of dword l
    flat_load_i16 v13, v[2:3] offset:2      ; the high half of dword l, sign-extended
    v_add_nc_u32 v14, 0x2000, v0            ; data 0x2000 + l
    flat_store_b32 v[2:3], v14 offset:1024  ; dword 256 + l
    flat_load_b32 v15, v[2:3] offset:1024   ; 0x2000 + l
    flat_store_b16 v[2:3], v0 offset:1026   ; the high half of dword 256 + l
    flat_load_b32 v16, v[2:3] offset:1024
    s_waitcnt vmcnt(4) lgkmcnt(6)
    flat_store_b64 v[2:3], v[10:11] offset:1536 ; dwords 384 + l, 385 + l (lanes overlap)
    flat_load_b64 v[18:19], v[2:3] offset:1536
    v_mov_b32 v20, 5
    flat_atomic_add_u32 v21, v[6:7], v20 offset:4000 glc ; every lane adds 5 to dword 1000
    flat_atomic_add_u32 v[6:7], v20 offset:4000 ; again, without the old value
    flat_load_b32 v22, v[6:7] offset:4000
    v_mov_b32 v24, v0
    v_mov_b32 v25, 0
    flat_atomic_max_u64 v[26:27], v[2:3], v[24:25] offset:3072 glc ; dwords 768 + l, 769 + l
    v_mov_b32 v28, 7
    flat_atomic_cmpswap_b32 v29, v[2:3], v[28:29] offset:2560 glc ; dword 640 + l: 7 if v29 matched
    s_mov_b32 exec_lo, 0x0f0f00ff
    flat_store_b32 v[2:3], v0 offset:512    ; EXEC lanes only: dword 128 + l
    s_mov_b32 exec_lo, -1
    flat_load_b32 v30, v[2:3] offset:512
    s_waitcnt vmcnt(0) lgkmcnt(0)
    s_endpgm
