; s_cselect_b32/b64, s_cmov_b32/b64, s_cmovk_i32 with SCC set and clear; SCC as a source
; operand (src_scc).
    s_cmp_eq_u32 1, 1                   ; SCC = 1
    s_cselect_b32 s0, 10, 20
    s_cselect_b64 s[2:3], -1, 0
    s_cmov_b32 s4, 7
    s_cmov_b64 s[6:7], -3
    s_cmovk_i32 s8, 0x8001
    s_cmp_eq_u32 1, 0                   ; SCC = 0
    s_cselect_b32 s9, 10, 20
    s_mov_b32 s10, 0x55
    s_cmov_b32 s10, 7                   ; not moved
    s_mov_b64 s[12:13], 5
    s_cmov_b64 s[12:13], -1             ; not moved
    s_mov_b32 s14, 3
    s_cmovk_i32 s14, 100                ; not moved
    s_cselect_b64 s[16:17], s[2:3], s[12:13]
    s_cmp_lg_u32 s0, 0                  ; SCC = 1
    s_mov_b32 s19, src_scc
    s_add_u32 s20, src_scc, 41          ; 42, SCC = 0
    s_endpgm
; expect: s0 = 0x0000000a
; expect: s2 = 0xffffffff
; expect: s3 = 0xffffffff
; expect: s4 = 7
; expect: s6 = 0xfffffffd
; expect: s7 = 0xffffffff
; expect: s8 = 0xffff8001
; expect: s9 = 0x00000014
; expect: s10 = 0x00000055
; expect: s12 = 5
; expect: s14 = 3
; expect: s16 = 5
; expect: s19 = 1
; expect: s20 = 0x0000002a
; expect: scc = 0
