; Wide and two-address DS forms: ds_store/load_b64, b96, b128 (aligned, dword-aligned and
; unaligned, overlapping in lane order), ds_store/load_2addr_b32 / _b64 and their stride64
; forms (OFFSET0 and OFFSET1 in elements; a 2addr store writes all first elements before
; any second one), destinations over several VGPR banks, EXEC masking, the LDS end.
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_mul_u32_u24 v1, 0x01000193, v0
    v_add_nc_u32 v2, 0x7f4a7c15, v1
    v_xor_b32 v3, 0x9e3779b9, v1
    v_sub_nc_u32 v4, 0x2545f491, v1
    v_lshlrev_b32 v5, 4, v0             ; 16l
    ds_store_b128 v5, v[1:4]            ; [16l] = v1..v4
    ds_load_b128 v[8:11], v5
    ds_load_b96 v[12:14], v5 offset:4
    ds_load_b64 v[15:16], v5 offset:8
    v_lshlrev_b32 v6, 3, v0             ; 8l: b64 per lane
    ds_store_b64 v6, v[2:3] offset:1024
    ds_load_b64 v[17:18], v6 offset:1028 ; dword-aligned across lanes
    v_add_nc_u32 v7, 3, v5              ; 16l + 3: unaligned
    ds_store_b96 v7, v[2:4] offset:2048
    ds_load_b128 v[20:23], v5 offset:2048
    ds_load_b96 v[24:26], v7 offset:2048
    v_lshlrev_b32 v27, 2, v0            ; 4l: 8-byte stores overlap their neighbours
    ds_store_b64 v27, v[3:4] offset:3072
    ds_load_b64 v[28:29], v27 offset:3072
    ds_store_2addr_b32 v27, v1, v2 offset0:1 offset1:40  ; [4l + 4], [4l + 160]
    ds_load_2addr_b32 v[30:31], v27 offset0:0 offset1:39
    ds_store_2addr_stride64_b32 v27, v3, v4 offset0:20 offset1:21  ; [4l + 5120], [4l + 5376]
    ds_load_2addr_stride64_b32 v[32:33], v27 offset0:20 offset1:21
    ds_store_2addr_b64 v6, v[1:2], v[3:4] offset0:100 offset1:101   ; [8l + 800], [8l + 808]
    ds_load_2addr_b64 v[34:37], v6 offset0:100 offset1:104
    ds_store_2addr_stride64_b64 v6, v[2:3], v[3:4] offset0:12 offset1:13
    ds_load_2addr_stride64_b64 v[38:41], v6 offset0:12 offset1:13
    ds_load_2addr_b32 v[42:43], v27 offset0:255 offset1:0
    ds_load_2addr_b32 v[44:45], v27 offset0:1 offset1:1
    s_mov_b32 exec_lo, 0x0ff0f00f
    ds_store_b128 v5, v[0:3] offset:4096
    ds_load_b128 v[46:49], v5 offset:4092
    ds_load_2addr_b32 v[0:1], v27 offset0:0 offset1:1     ; VDST over ADDR's register? no: v27
    s_mov_b32 exec_lo, -1
    v_mov_b32 v50, 0x3ff8               ; the last 8 bytes of a 16 KiB LDS
    ds_store_b64 v50, v[2:3]            ; in range
    ds_load_b128 v[52:55], v50          ; runs past: 0
    ds_load_b64 v[56:57], v50
    ds_load_2addr_b32 v[58:59], v50 offset0:1 offset1:2  ; second element past the end: 0
    s_waitcnt lgkmcnt(17)
    ds_load_2addr_b32 v[27:28], v27 offset0:2 offset1:3  ; VDST overwrites ADDR
    s_endpgm
