; Narrow DS loads and stores: ds_store_b8 / b16 and their _d16_hi forms, ds_load_u8 / i8 /
; u16 / i16 (zero- and sign-extended), the d16 loads into the low or high half (the other
; half kept), at every byte offset (unaligned halves cross a dword), with EXEC masking.
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    v_mul_u32_u24 v1, 0x01030507, v0    ; per-lane data with varied bytes
    v_xor_b32 v1, 0x80c0f0a5, v1
    ds_store_b8 v0, v1                  ; [l] = byte 0 of v1 (lanes 0..31: bytes 0..31)
    ds_store_b8_d16_hi v0, v1 offset:32 ; [32 + l] = bits 23:16
    v_lshlrev_b32 v2, 1, v0             ; 2l
    ds_store_b16 v2, v1 offset:64       ; [64 + 2l] = bits 15:0
    ds_store_b16_d16_hi v2, v1 offset:128
    v_add_nc_u32 v3, 1, v2              ; 2l + 1: halves across dwords
    ds_store_b16 v3, v0 offset:192      ; overlapping (lane l's high byte under lane l+1's low)
    ds_load_u8 v4, v0                   ; zero-extended
    ds_load_i8 v5, v0                   ; sign-extended
    ds_load_u16 v6, v3 offset:63        ; unaligned halves
    ds_load_i16 v7, v2 offset:128
    ds_load_i16 v8, v3 offset:191
    ds_load_b32 v9, v2 offset:192
    v_mov_b32 v10, 0x11223344
    v_mov_b32 v11, 0x55667788
    ds_load_u8_d16 v10, v0 offset:32    ; low half replaced, high kept
    ds_load_i8_d16_hi v11, v0 offset:32 ; high half replaced, low kept
    v_mov_b32 v12, -1
    v_mov_b32 v13, -1
    ds_load_u16_d16 v12, v3 offset:63
    ds_load_u16_d16_hi v13, v2 offset:64
    ds_load_i8_d16 v14, v0 offset:1
    ds_load_u8_d16_hi v15, v0 offset:2
    s_mov_b32 exec_lo, 0xf0f00ff1
    ds_store_b8 v0, v0 offset:3         ; masked bytes
    ds_load_u16 v16, v0 offset:2
    v_mov_b32 v17, 0x3fff               ; the last byte of a 16 KiB LDS
    ds_load_u8 v18, v17                 ; in range
    ds_load_u16 v19, v17                ; runs past the end: 0
    s_waitcnt lgkmcnt(9)
    ds_load_u16_d16_hi v10, v17         ; 0 into the high half
    ds_store_b16 v17, v0                ; dropped
    ds_store_b8 v17, v0                 ; the EXEC lanes in order: the highest wins
    s_mov_b32 exec_lo, -1
    ds_load_u8 v20, v17
    ds_load_i8 v21, v17 offset:65535    ; far outside: 0
    s_endpgm
