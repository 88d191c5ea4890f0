; s_branch (forward and backward), s_cbranch_scc0/scc1 taken and not taken.
    s_branch start                      ; forward
back:
    s_mov_b32 s5, 5
    s_endpgm
start:
    s_branch skip1
    s_mov_b32 s1, 1                     ; skipped
skip1:
    s_cmp_eq_u32 0, 1                   ; SCC = 0
    s_cbranch_scc1 bad                  ; not taken
    s_cbranch_scc0 ok1                  ; taken
    s_mov_b32 s2, 2                     ; skipped
ok1:
    s_cmp_eq_u32 1, 1                   ; SCC = 1
    s_cbranch_scc0 bad                  ; not taken
    s_cbranch_scc1 ok2                  ; taken
bad:
    s_mov_b32 s3, 0xbad
    s_endpgm
ok2:
    s_mov_b32 s4, 0x900d
    s_branch back                       ; backward
; executed: s_branch, s_branch, s_cmp, scc1, scc0, s_cmp, scc0, scc1, s_mov, s_branch,
; s_mov, s_endpgm
; expect: s4 = 0x0000900d
; expect: s5 = 5
; expect: scc = 1
; expect: retired = 12
