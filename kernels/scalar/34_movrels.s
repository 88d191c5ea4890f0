; s_movrels_b32/b64: D = SGPR[S0 code + M0]; the b64 form ignores the index's low bit; an
; index leaving the SGPR/VCC range reads the plain operand; a constant base ignores M0.
    s_mov_b32 s7, 0x77
    s_mov_b32 s14, 0x1414
    s_mov_b32 s15, 0x1515
    s_mov_b32 s16, 0x1616
    s_mov_b32 s17, 0x1717
    s_mov_b32 vcc_hi, 0xabc
    s_mov_b32 m0, 10
    s_movrels_b32 s5, s7                ; s17
    s_mov_b32 m0, 9
    s_movrels_b64 s[0:1], s[6:7]        ; index 8: s[14:15]
    s_mov_b32 m0, 200
    s_movrels_b32 s2, s7                ; 207 is out of range: s7
    s_mov_b32 m0, 100
    s_movrels_b32 s3, s7                ; 107 = vcc_hi
    .long 0xbe844085                    ; s_movrels_b32 s4, 5 (constant base: llvm-mc refuses it)
    s_mov_b32 m0, 0
    s_movrels_b64 s[8:9], s[14:15]
    s_endpgm
; expect: s0 = 0x00001414
; expect: s1 = 0x00001515
; expect: s2 = 0x00000077
; expect: s3 = 0x00000abc
; expect: s4 = 5
; expect: s5 = 0x00001717
; expect: s7 = 0x00000077
; expect: s8 = 0x00001414
; expect: s9 = 0x00001515
; expect: s14 = 0x00001414
; expect: s15 = 0x00001515
; expect: s16 = 0x00001616
; expect: s17 = 0x00001717
; expect: vcc = 0x00000abc00000000
; expect: m0 = 0
