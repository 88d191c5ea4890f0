; s_cbranch_vccz/vccnz and s_cbranch_execz/execnz look at the low 32 bits of VCC and
; EXEC: a wave32 ignores their high halves (reference 2.1).
    s_cbranch_vccnz bad                 ; VCC = 0: not taken
    s_cbranch_vccz l1                   ; taken
    s_branch bad
l1:
    s_mov_b32 vcc_hi, 1                 ; VCC non-zero only in its high half: still zero
    s_cbranch_vccnz bad
    s_cbranch_vccz l2
    s_branch bad
l2:
    s_mov_b32 vcc_lo, 4
    s_cbranch_vccz bad
    s_cbranch_execz bad
    s_cbranch_execnz l3
    s_branch bad
l3:
    s_mov_b32 exec_lo, 0                ; EXEC = 0
    s_cbranch_execnz bad
    s_cbranch_execz l4
    s_branch bad
l4:
    s_mov_b32 exec_hi, 2                ; EXEC non-zero only in its high half: still zero
    s_cbranch_execnz bad
    s_mov_b32 s0, 1
    s_endpgm
bad:
    s_mov_b32 s1, 0xbad
    s_endpgm
; expect: s0 = 1
; expect: vcc = 0x0000000100000004
; expect: exec = 0x0000000200000000
; expect: retired = 16
