; global_load_b32 / global_store_b32 at unaligned byte addresses (an access over two
; dwords: two bus transactions per lane) and with a SADDR base that is not the region's
; start; the last dword of the region.
    s_mov_b32 s2, 0x10101
    s_mov_b32 s3, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    global_load_b32 v2, v1, s[2:3]          ; bytes 0x10101 + 4l .. + 3
    v_add_nc_u32 v3, 0x5a5a0000, v0
    global_store_b32 v1, v3, s[2:3] offset:512  ; unaligned stores, lane order
    global_load_b32 v4, v1, s[2:3] offset:511
    global_load_b32 v5, v1, s[2:3] offset:513
    s_mov_b32 s4, 0x10ffc
    s_mov_b32 s5, 0
    v_mov_b32 v6, 0
    global_load_b32 v7, v6, s[4:5]          ; the region's last dword, every lane
    v_and_b32 v8, 3, v0                     ; 0..3
    global_store_b32 v8, v0, s[2:3] offset:-1   ; bytes 0x10100 + (l & 3): lane order
    global_load_b32 v9, v6, s[2:3] offset:-1
    s_endpgm
