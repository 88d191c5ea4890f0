; A global_load_b32 whose 64-bit address lies above 2^32 (a VGPR pair with a high half):
; the RTL's bus is 32-bit, so it stops with `error` before any bus request; the model has
; no memory there and stops too.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0
    v_lshlrev_b32 v1, 2, v0
    global_load_b32 v2, v1, s[0:1]
    v_add_nc_u32 v4, 0x10000, v1
    v_mov_b32 v5, 1                         ; 0x1_0001_0000 + 4l
    s_mov_b32 exec_lo, 0x100
    global_store_b32 v[4:5], v0, off        ; lane 8 only
    s_endpgm
