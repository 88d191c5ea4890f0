; ds_store_addtid_b32 / ds_load_addtid_b32: address M0[15:0] + OFFSET + 4 * lane (no ADDR
; operand; M0's high half ignored), under EXEC, partly and wholly outside the LDS.
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_add_nc_u32 v1, 0x5000, v0
    s_mov_b32 m0, 0x10040               ; M0[15:0] = 0x40
    ds_store_addtid_b32 v1 offset:8     ; [0x48 + 4l] = 0x5000 + l
    v_lshlrev_b32 v2, 2, v0
    ds_load_b32 v3, v2 offset:0x48
    s_mov_b32 m0, 0x44
    ds_load_addtid_b32 v4 offset:0      ; lane l: [0x44 + 4l] = 0x4fff + l (lane 0: 0)
    s_mov_b32 exec_lo, 0xff00ff0f
    s_mov_b32 m0, 0xfff0
    ds_store_addtid_b32 v0 offset:0xfff0    ; outside: dropped
    ds_load_addtid_b32 v5 offset:0x10
    s_mov_b32 m0, 0x3f80
    ds_store_addtid_b32 v1 offset:0x40  ; 0x3fc0 + 4l: lanes 16.. outside
    ds_load_addtid_b32 v6 offset:0x40
    s_mov_b32 exec_lo, -1
    ds_load_addtid_b32 v7 offset:0x30
    s_endpgm
