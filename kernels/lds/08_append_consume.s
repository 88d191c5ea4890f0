; ds_append / ds_consume: the dword counter at M0[15:0] + OFFSET goes up / down by the
; number of EXEC lanes, and every EXEC lane gets its old value; under EXEC = 0 nothing
; happens (no VGPR write); a counter outside the LDS reads 0 and is not written.
    v_mbcnt_lo_u32_b32 v0, -1, 0        ; v0 = lane id l
    s_mov_b32 m0, 0x20100               ; M0[15:0] = 0x100
    ds_append v1                        ; [0x100] 0 -> 32
    ds_append v2                        ; 32 -> 64
    s_mov_b32 exec_lo, 0x0f0f00f1
    ds_consume v3                       ; 64 -> 51
    ds_append v4 offset:4               ; [0x104] 0 -> 13
    s_mov_b32 exec_lo, 0
    ds_append v5
    s_mov_b32 exec_lo, -1
    v_mov_b32 v6, 0
    ds_load_2addr_b32 v[7:8], v6 offset0:64 offset1:65
    s_mov_b32 m0, 0x3ffe                ; the counter crosses the end of a 16 KiB LDS
    ds_consume v9                       ; 0, not written
    s_mov_b32 m0, 0x3ffc
    ds_consume v10                      ; 0 -> -32
    ds_consume v11 offset:0xffff        ; outside
    s_mov_b32 m0, 0x101                 ; unaligned
    ds_append v12 offset:2
    ds_load_b32 v13, v6 offset:0x100
    ds_load_b32 v14, v6 offset:0x104
    s_endpgm
