; null as destination drops the write but SCC is still written; null reads 0. TTMPs are
; not writable outside a trap handler: the write is dropped and SCC is not updated either,
; but SAVEEXEC still writes EXEC.
    s_mov_b32 null, 5
    s_add_u32 null, -1, 1               ; carry: SCC = 1
    s_cselect_b32 s0, 1, 2
    s_add_u32 s2, null, 9               ; SCC = 0
    s_mov_b32 ttmp0, 5                  ; dropped
    s_mov_b32 s3, ttmp0
    s_cmp_eq_u32 0, 0                   ; SCC = 1
    s_add_u32 ttmp1, 0, 0               ; dropped, SCC stays 1
    s_cselect_b32 s4, 1, 2
    s_mov_b64 ttmp[2:3], -1             ; dropped
    s_mov_b32 s5, ttmp3
    s_cmp_eq_u32 0, 1                   ; SCC = 0
    s_and_saveexec_b32 ttmp4, 0xff      ; EXEC_LO = 0xff, SCC stays 0
    s_cselect_b32 s6, 1, 2
    s_and_b64 null, -1, -1              ; SCC = 1
    s_endpgm
; expect: s0 = 1
; expect: s2 = 9
; expect: s4 = 1
; expect: s6 = 2
; expect: exec = 0x00000000000000ff
; expect: scc = 1
