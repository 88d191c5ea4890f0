; ds_store_b32 / ds_load_b32: one dword per lane (every bank once), OFFSET, all lanes in one
; bank (bank conflicts), one address for all lanes (a broadcast read; a store where the
; highest lane wins), EXEC masking, accesses outside the LDS (a load gives 0, a store is
; dropped, an address that wraps round 2^32 back inside), unaligned dwords.
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_lshlrev_b32 v1, 2, v0             ; 4l
    v_add_nc_u32 v2, 0x1000, v0         ; data 0x1000 + l
    ds_store_b32 v1, v2                 ; [4l] = 0x1000 + l
    ds_load_b32 v3, v1                  ; 0x1000 + l
    ds_load_b32 v4, v1 offset:4         ; lane l+1's value (lane 31: 0)
    v_lshlrev_b32 v5, 7, v0             ; 128l: every lane in one bank
    ds_store_b32 v5, v0 offset:256      ; [256 + 128l] = l
    ds_load_b32 v6, v5 offset:256       ; l
    v_mov_b32 v7, 0
    ds_load_b32 v8, v7 offset:8         ; every lane: [8] = 0x1002
    ds_store_b32 v7, v0 offset:12       ; every lane writes [12]: lane 31 wins
    ds_load_b32 v9, v7 offset:12        ; 31
    s_mov_b32 exec_lo, 0x5555aaaa
    ds_store_b32 v1, v2 offset:512      ; the EXEC lanes only
    ds_load_b32 v10, v1 offset:508      ; EXEC lanes: the value of lane l-1 if it was active
    s_mov_b32 exec_lo, -1
    ds_load_b32 v11, v1 offset:512
    v_mov_b32 v12, 0x3ffe               ; 16382: a dword there runs past a 16 KiB LDS
    ds_store_b32 v12, v2                ; dropped
    ds_load_b32 v13, v12                ; 0
    ds_load_b32 v14, v12 offset:65534   ; far outside: 0
    v_mov_b32 v15, -4                   ; -4 + 8 wraps to 4
    ds_load_b32 v16, v15 offset:8       ; [4] = 0x1001
    v_add_nc_u32 v17, 1, v1             ; 4l + 1: unaligned
    ds_load_b32 v18, v17                ; bytes 4l+1 .. 4l+4
    ds_store_b32 v17, v0 offset:1024    ; overlapping unaligned stores, in lane order
    ds_load_b32 v19, v1 offset:1024
    ds_load_b32 v20, v17 offset:1024
    v_add_nc_u32 v21, 2, v1
    ds_store_b32 v21, v2 offset:2048    ; half-dword aligned
    ds_load_b32 v22, v21 offset:2046
    s_endpgm
