; EXEC, VCC and M0 as ordinary operands and destinations (32- and 64-bit).
    s_mov_b64 exec, 0
    s_cbranch_execnz bad                ; EXEC = 0: not taken
    s_not_b64 exec, exec                ; all ones
    s_mov_b64 vcc, exec
    s_lshr_b64 vcc, vcc, 36             ; 0x00000000_0fffffff
    s_movk_i32 m0, 0x1234
    s_add_u32 m0, m0, m0                ; 0x2468, SCC = 0
    s_and_b32 exec_hi, exec_hi, 0xff    ; EXEC = 0x000000ff_ffffffff
    s_xor_b32 vcc_lo, vcc_lo, -1        ; VCC = 0x00000000_f0000000, SCC = 1
    s_endpgm
bad:
    s_mov_b32 s0, 0xbad
    s_endpgm
; expect: vcc = 0x00000000f0000000
; expect: exec = 0x000000ffffffffff
; expect: m0 = 0x00002468
; expect: scc = 1
; expect: retired = 10
