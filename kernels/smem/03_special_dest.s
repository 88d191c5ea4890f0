; Loads into VCC, M0, EXEC and next to them: the core's VCC/EXEC/M0 copies follow (branches,
; the vector unit's EXEC), null and ttmp destinations are dropped, and a destination range
; running past exec_hi wraps to s0 as the golden model has it (SDATA + k, mod 128).
; llvm-mc refuses m0/exec/ttmp as SDATA: those words are written with .long.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    s_load_b64 vcc, s[0:1], 0x0             ; dwords 0, 1: both nonzero
    s_waitcnt lgkmcnt(0)
    s_cbranch_vccz bad
    s_load_b64 s[104:105], s[0:1], 0x8
    s_waitcnt lgkmcnt(0)
    .long 0xf4081a00, 0xf8000040            ; s_load_b128 s[104:107], s[0:1], 0x40 (s104, s105, vcc)
    s_waitcnt lgkmcnt(0)
    s_mov_b64 vcc, 0
    s_cbranch_vccnz bad
    .long 0xf4001f40, 0xf8000010            ; s_load_b32 m0, s[0:1], 0x10
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s2, m0
    .long 0xf4041f80, 0xf8000020            ; s_load_b64 exec, s[0:1], 0x20
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v0, s2                        ; under the loaded EXEC
    s_cbranch_execz bad
    .long 0xf4001f00, 0xf8000030            ; s_load_b32 null, s[0:1], 0x30: dropped
    .long 0xf4001e00, 0xf8000030            ; s_load_b32 ttmp8, s[0:1], 0x30: dropped
    s_waitcnt lgkmcnt(0)
    .long 0xf4101e00, 0xf8000080            ; s_load_b512 from ttmp8: ttmp, null, m0, exec, s0..s7
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s8, exec_lo
    s_endpgm
bad:
    s_mov_b32 s3, 0xbad
    s_endpgm
