; ds_storexchg_2addr_rtn_b32 / _b64 and their stride64 forms: per lane in lane order, read
; both elements, then write DATA0 to the first and DATA1 to the second; VDST gets both old
; values. Lanes overlapping each other's elements see the earlier lanes' writes; EXEC;
; one element outside the LDS (reads 0, not written).
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_lshlrev_b32 v1, 2, v0             ; 4l
    v_lshlrev_b32 v2, 3, v0             ; 8l
    v_add_nc_u32 v3, 0x100, v0
    v_add_nc_u32 v4, 0x200, v0
    v_mul_u32_u24 v5, 0x01000193, v0
    ds_store_b32 v1, v5
    ds_store_b32 v1, v0 offset:128
    ds_storexchg_2addr_rtn_b32 v[6:7], v1, v3, v4 offset0:0 offset1:32
    ds_storexchg_2addr_rtn_b32 v[8:9], v1, v0, v5 offset0:1 offset1:0  ; neighbours overlap
    ds_load_2addr_b32 v[10:11], v1 offset0:0 offset1:1
    ds_storexchg_2addr_stride64_rtn_b32 v[12:13], v1, v3, v4 offset0:1 offset1:2
    ds_load_2addr_stride64_b32 v[14:15], v1 offset0:1 offset1:2
    ds_store_b64 v2, v[3:4] offset:1024
    ds_storexchg_2addr_rtn_b64 v[16:19], v2, v[4:5], v[0:1] offset0:128 offset1:129
    s_waitcnt lgkmcnt(6)
    ds_storexchg_2addr_stride64_rtn_b64 v[20:23], v2, v[3:4], v[5:6] offset0:2 offset1:3
    ds_load_b128 v[24:27], v2 offset:1024
    s_mov_b32 exec_lo, 0x33cc55aa
    v_mov_b32 v28, 0x3ff8               ; the second element past a 16 KiB LDS
    ds_storexchg_2addr_rtn_b32 v[29:30], v28, v0, v3 offset0:1 offset1:2
    ds_storexchg_2addr_rtn_b32 v[31:32], v1, v4, v0 offset0:3 offset1:3  ; one element twice
    s_mov_b32 exec_lo, -1
    ds_load_2addr_b32 v[33:34], v28 offset0:0 offset1:1
    ds_load_b32 v35, v1 offset:12
    s_endpgm
