; An unmapped address in a lane outside EXEC does not fault; the same access with that
; lane active does.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0
    v_lshlrev_b32 v1, 7, v0                 ; 128l: lanes 0..31 inside up to 0x10f80
    v_cmp_eq_u32 vcc_lo, 5, v0
    v_cndmask_b32 v1, v1, 0x8000, vcc_lo    ; lane 5: 0x18000 (unmapped)
    s_mov_b32 exec_lo, 0xffffffdf
    global_load_b32 v2, v1, s[0:1]
    global_store_b32 v1, v0, s[0:1] offset:4
    s_mov_b32 exec_lo, -1
    global_load_b32 v3, v1, s[0:1]          ; lane 5 faults
    s_endpgm
