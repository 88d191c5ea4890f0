; The DS lane moves: ds_swizzle_b32 in each of its modes (and/or/xor masks, quad permute,
; rotate left and right, bit reverse), ds_permute_b32 (forward: several lanes to one lane,
; the highest wins; lanes nobody writes get 0) and ds_bpermute_b32 (backward), under EXEC
; (an inactive source gives 0, inactive lanes keep their value), with OFFSET added to the
; permute addresses.
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_mul_u32_u24 v1, 0x01000193, v0
    v_xor_b32 v1, 0x9e3779b9, v1        ; per-lane data
    ds_swizzle_b32 v2, v1 offset:swizzle(BITMASK_PERM,"01pip")
    ds_swizzle_b32 v3, v1 offset:swizzle(QUAD_PERM,3,1,2,0)
    ds_swizzle_b32 v4, v1 offset:swizzle(SWAP,16)
    ds_swizzle_b32 v5, v1 offset:swizzle(REVERSE,8)
    ds_swizzle_b32 v6, v1 offset:swizzle(BROADCAST,4,1)
    ds_swizzle_b32 v7, v1 offset:0xc0e3  ; rotate left by 7 within masked bits
    ds_swizzle_b32 v8, v1 offset:0xc4a1  ; rotate right
    ds_swizzle_b32 v9, v1 offset:0xe005  ; bit reverse
    ds_swizzle_b32 v10, v1 offset:0xe000
    ds_swizzle_b32 v11, v1 offset:0x1234
    v_lshlrev_b32 v12, 2, v0            ; 4l
    v_sub_nc_u32 v13, 0x7c, v12         ; 4(31 - l): reverse
    ds_bpermute_b32 v14, v13, v1
    ds_permute_b32 v15, v13, v1
    v_and_b32 v16, 0x38, v12            ; several lanes to one lane
    ds_permute_b32 v17, v16, v1
    ds_bpermute_b32 v18, v16, v1 offset:4
    ds_permute_b32 v19, v12, v1 offset:0x1ffc   ; (4l + 8188) / 4 mod 32 = l - 1
    v_mul_u32_u24 v20, 0x12345, v0      ; wild addresses
    ds_bpermute_b32 v21, v20, v1 offset:0xfff
    ds_permute_b32 v22, v20, v1 offset:3
    s_mov_b32 exec_lo, 0x6a5c0ff3
    v_mov_b32 v23, -1
    v_mov_b32 v24, -1
    v_mov_b32 v25, -1
    ds_swizzle_b32 v23, v1 offset:swizzle(SWAP,1)
    ds_bpermute_b32 v24, v13, v1
    ds_permute_b32 v25, v20, v1
    s_mov_b32 exec_lo, -1
    s_endpgm
