; GLOBAL instructions run in the background while scalar instructions go on
; (hdl/README.md "Vector memory"): the SADDR pair, EXEC, VCC and the SGPRs holding store
; data change under a load, a store and an atomic, which work from the values they issued
; with; `s_waitcnt vmcnt(0)` waits for a load, `s_waitcnt_vscnt` for a store or an atomic
; without return, each placed before the first instruction that needs it (reference 5.6).
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    v_mbcnt_lo_u32_b32 v0, -1, 0            ; l
    v_lshlrev_b32 v1, 2, v0                 ; 4l
    v_add_nc_u32 v5, 100, v0                ; 100 + l
    global_store_b32 v1, v5, s[0:1] offset:1024 ; dwords 256 + l = 100 + l, all 32 lanes
    s_mov_b32 s0, 0x10400                   ; SADDR changes under the store
    s_mov_b32 exec_lo, 0xff                 ; and EXEC
    s_add_u32 s4, s0, 4
    s_waitcnt_vscnt null, 0x0
    s_mov_b32 s0, 0x10000
    global_load_b32 v2, v1, s[0:1] offset:1024  ; lanes 0..7: 100 + l
    s_mov_b32 exec_lo, -1                   ; EXEC back under the load
    s_mov_b32 vcc_lo, 0x0f0f0f0f
    s_mov_b32 s0, 0x10800                   ; and SADDR again
    s_waitcnt vmcnt(0)
    v_add_nc_u32 v3, v2, v0                 ; lanes 8..31 add to the old v2 (0)
    global_load_b32 v4, v1, s[0:1]          ; dwords 512 + l, from the new SADDR
    s_mov_b32 s0, 0x10000
    s_waitcnt vmcnt(0)
    v_cndmask_b32 v6, v4, v3, vcc_lo        ; the load's v4 after the wait
    global_atomic_add_u32 v1, v0, s[0:1] offset:1024 ; no return: dwords 256 + l += l
    s_waitcnt vmcnt(0)                      ; does not wait for it (vscnt)
    s_mov_b32 s5, 7
    global_load_b32 v7, v1, s[0:1] offset:1024  ; waits for the atomic: 100 + 2l
    global_atomic_add_u32 v8, v1, v0, s[0:1] offset:1024 glc ; returns 100 + 2l
    s_mov_b32 s0, 0x10c00
    s_waitcnt_vmcnt null, 0x0
    global_store_b32 v1, v8, s[0:1]         ; at the new SADDR: dwords 768 + l
    s_endpgm
