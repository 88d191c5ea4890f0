; Integer DS atomics, 32- and 64-bit, with and without return: every lane on its own
; element, then all lanes on one element (the model's lane order: each lane sees the
; previous lanes' results), EXEC masking, an unaligned element, outside the LDS (no write,
; 0 returned).
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_lshlrev_b32 v1, 2, v0             ; 4l
    v_lshlrev_b32 v2, 3, v0             ; 8l
    v_mul_u32_u24 v3, 0x01000193, v0
    v_xor_b32 v3, 0x9e3779b9, v3        ; per-lane data
    v_sub_nc_u32 v4, 0x7f4a7c15, v3
    v_mov_b32 v5, 0                     ; one address for every lane
    v_mov_b32 v6, 7
    ds_store_b32 v1, v3                 ; [4l] = v3
    ds_add_u32 v1, v4
    ds_add_rtn_u32 v10, v1, v0
    ds_sub_rtn_u32 v11, v1, v3
    ds_rsub_rtn_u32 v12, v1, v4
    ds_min_rtn_i32 v13, v1, v3
    ds_max_rtn_i32 v14, v1, v4
    ds_min_rtn_u32 v15, v1, v3
    ds_max_rtn_u32 v16, v1, v4
    ds_and_rtn_b32 v17, v1, v3
    ds_or_rtn_b32 v18, v1, v4
    ds_xor_rtn_b32 v19, v1, v3
    ds_mskor_rtn_b32 v20, v1, v3, v4
    ds_storexchg_rtn_b32 v21, v1, v0
    ds_cmpstore_rtn_b32 v22, v1, v4, v0 ; lanes whose element is l take v4
    ds_wrap_rtn_b32 v23, v1, v6, v3
    ds_inc_rtn_u32 v24, v1, v6
    ds_dec_rtn_u32 v25, v1, v6
    ds_load_b32 v26, v1
    ds_add_rtn_u32 v27, v5, v0 offset:4096     ; all lanes: running sums
    ds_inc_rtn_u32 v28, v5, v6 offset:4100     ; wraps at 7
    ds_dec_rtn_u32 v29, v5, v6 offset:4104
    ds_max_rtn_i32 v30, v5, v3 offset:4108
    ds_min_u32 v5, v4 offset:4112
    ds_cmpstore_rtn_b32 v31, v5, v0, v0 offset:4116  ; a chain: lane l stores l+... when [.] = l
    ds_load_b32 v32, v5 offset:4112
    s_mov_b32 exec_lo, 0x00ff0ff0
    ds_add_rtn_u32 v33, v5, v0 offset:4120
    ds_xor_b32 v1, v4 offset:8
    s_mov_b32 exec_lo, -1
    ds_load_b32 v34, v5 offset:4120
    ds_load_b32 v35, v1 offset:8
    ds_store_b64 v2, v[3:4] offset:8192
    ds_add_rtn_u64 v[36:37], v2, v[3:4] offset:8192
    ds_sub_rtn_u64 v[38:39], v2, v[0:1] offset:8192
    ds_rsub_u64 v2, v[3:4] offset:8192
    ds_min_rtn_i64 v[40:41], v2, v[3:4] offset:8192
    ds_max_rtn_u64 v[42:43], v2, v[4:5] offset:8192
    ds_and_rtn_b64 v[44:45], v2, v[3:4] offset:8192
    ds_or_b64 v2, v[0:1] offset:8192
    ds_mskor_rtn_b64 v[46:47], v2, v[3:4], v[0:1] offset:8192
    s_waitcnt lgkmcnt(0)
    ds_cmpstore_rtn_b64 v[48:49], v2, v[0:1], v[46:47] offset:8192
    ds_storexchg_rtn_b64 v[50:51], v2, v[3:4] offset:8192
    ds_inc_rtn_u64 v[52:53], v5, v[6:7] offset:8
    ds_dec_rtn_u64 v[54:55], v5, v[6:7] offset:16
    ds_xor_rtn_b64 v[56:57], v2, v[3:4] offset:8192
    ds_max_rtn_i64 v[58:59], v5, v[3:4] offset:24
    v_add_nc_u32 v60, 2, v1             ; unaligned, overlapping neighbours
    ds_add_rtn_u32 v61, v60, v0 offset:12288
    ds_add_rtn_u64 v[62:63], v60, v[3:4] offset:12300
    v_mov_b32 v7, 0x3ffe                ; past the end of a 16 KiB LDS
    ds_add_rtn_u32 v8, v7, v0           ; 0, no write
    s_waitcnt lgkmcnt(0)
    ds_max_rtn_u64 v[8:9], v7, v[3:4]
    s_endpgm
