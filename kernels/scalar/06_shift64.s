; 64-bit shifts: amounts masked to 6 bits; a literal is sign-extended for s_ashr_i64 (signed
; 64-bit operand) and zero-extended for s_lshr_b64 (binary operand).
    s_mov_b32 s0, 0x80000001            ; s[0:1] = 0x40000000_80000001
    s_mov_b32 s1, 0x40000000
    s_lshl_b64 s[2:3], s[0:1], 1
    s_lshl_b64 s[4:5], s[0:1], 65       ; amount 1
    s_lshl_b64 s[6:7], s[0:1], 32
    s_lshr_b64 s[8:9], s[0:1], 1
    s_lshr_b64 s[10:11], s[0:1], 63     ; 0, SCC = 0
    s_cselect_b32 s12, 1, 2
    s_ashr_i64 s[14:15], s[2:3], 4
    s_ashr_i64 s[16:17], s[2:3], 64     ; amount 0
    s_ashr_i64 s[18:19], 0x80000000, 4  ; literal -> 0xffffffff_80000000
    s_lshr_b64 s[20:21], 0x80000000, 4  ; literal -> 0x00000000_80000000
    s_lshl_b64 s[22:23], -1, 63
    s_endpgm
; expect: s0 = 0x80000001
; expect: s1 = 0x40000000
; expect: s2 = 0x00000002
; expect: s3 = 0x80000001
; expect: s4 = 0x00000002
; expect: s5 = 0x80000001
; expect: s7 = 0x80000001
; expect: s8 = 0x40000000
; expect: s9 = 0x20000000
; expect: s12 = 2
; expect: s14 = 0x10000000
; expect: s15 = 0xf8000000
; expect: s16 = 0x00000002
; expect: s17 = 0x80000001
; expect: s18 = 0xf8000000
; expect: s19 = 0xffffffff
; expect: s20 = 0x08000000
; expect: s23 = 0x80000000
; expect: scc = 1
