; Opcodes without effect in the one-wave functional model: retired, no writes. SCC and s0
; are set first and must survive. The debug branches are never taken.
    s_mov_b32 s0, 1
    s_cmp_eq_u32 0, 0                   ; SCC = 1
    s_version 0
    s_nop 0
    s_nop 15
    s_setkill 0
    s_sleep 1
    s_set_inst_prefetch_distance 1
    s_clause 1
    s_delay_alu instid0(VALU_DEP_1)
    s_waitcnt 0
    s_wait_idle
    s_wait_event 0
    s_setprio 2
    s_icache_inv
    s_barrier
    s_wakeup
    s_incperflevel 1
    s_decperflevel 1
    s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
    s_waitcnt_vscnt null, 0
    s_waitcnt_vmcnt null, 0
    s_waitcnt_expcnt null, 0
    s_waitcnt_lgkmcnt null, 0
    s_waitcnt_depctr 0xfff
    s_cbranch_cdbgsys bad
    s_cbranch_cdbguser bad
    s_cbranch_cdbgsys_or_user bad
    s_cbranch_cdbgsys_and_user bad
    s_endpgm
bad:
    s_mov_b32 s1, 0xbad
    s_endpgm
; expect: s0 = 1
; expect: scc = 1
; expect: retired = 30
