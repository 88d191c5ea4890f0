; An instruction that names a register a load writes comes after the s_waitcnt
; lgkmcnt(0) that makes sure the load has returned: as a source, as a 64-bit source's
; pair, and as a destination written right after the load (the later write wins); one
; that names none of them goes before the wait, and s_waitcnt lgkmcnt(1) with no load
; outstanding goes on.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    s_load_b32 s4, s[0:1], 0x8
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s4, 5                         ; the destination: after the load's dword
    s_add_u32 s6, s4, 1                     ; 6
    s_load_b64 s[8:9], s[0:1], 0x10
    s_add_u32 s7, s7, 1                     ; names none of them
    s_waitcnt lgkmcnt(0)
    s_lshr_b64 s[10:11], s[8:9], 3          ; the pair as a source
    s_load_b128 s[12:15], s[0:1], 0x20
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s15, 7                        ; the last dword's register
    s_waitcnt lgkmcnt(1)
    s_add_u32 s16, s12, s15
    s_load_b32 s17, s[0:1], 0x30
    s_waitcnt lgkmcnt(0)
    s_cmp_eq_u32 s17, 0                     ; SCC from a loaded value
    s_cselect_b32 s18, 1, 2
    s_endpgm
