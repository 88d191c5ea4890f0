; Loads into VCC, M0 and EXEC read by the scalar instructions right after the
; s_waitcnt lgkmcnt(0) that each needs (SMEM returns out of order: reference 8.2), so the
; wave sees what the golden model, which loads at once, sees. A load across s105/VCC, and
; one wrapping past exec_hi to s0.
; llvm-mc refuses m0/exec/ttmp as SDATA: those words are written with .long.
    s_mov_b32 s0, 0x10000
    s_mov_b32 s1, 0
    s_load_b64 vcc, s[0:1], 0x0             ; dwords 0, 1: both nonzero
    s_waitcnt lgkmcnt(0)
    s_cbranch_vccz bad                      ; VCC after the wait
    s_mov_b32 s2, vcc_hi
    .long 0xf4001f40, 0xf8000010            ; s_load_b32 m0, s[0:1], 0x10
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s3, m0                        ; M0 after the wait
    .long 0xf4041f80, 0xf8000020            ; s_load_b64 exec, s[0:1], 0x20
    s_waitcnt lgkmcnt(0)
    s_mov_b32 s4, exec_lo                   ; EXEC after the wait
    s_cbranch_execz bad
    .long 0xf4081a00, 0xf8000040            ; s_load_b128 s[104:107], s[0:1], 0x40 (s104, s105, vcc)
    s_waitcnt lgkmcnt(0)
    s_mov_b64 s[6:7], vcc
    s_add_u32 s8, s104, s105
    .long 0xf4101e00, 0xf8000080            ; s_load_b512 from ttmp8: ttmp, null, m0, exec, s0..s3
    s_waitcnt lgkmcnt(0)
    s_add_u32 s9, s0, s3                    ; the wrapped dwords
    s_mov_b32 s10, exec_hi
    s_endpgm
bad:
    s_mov_b32 s11, 0xbad
    s_endpgm
