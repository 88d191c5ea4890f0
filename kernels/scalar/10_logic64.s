; 64-bit bitwise operations and s_cselect_b64; a literal on a b64 operand is zero-extended.
    s_mov_b32 s0, 0xff00ff00            ; A = 0x12345678_ff00ff00
    s_mov_b32 s1, 0x12345678
    s_mov_b64 s[2:3], 0xffff            ; B = 0x00000000_0000ffff
    s_and_b64 s[4:5], s[0:1], s[2:3]
    s_or_b64 s[6:7], s[0:1], s[2:3]
    s_xor_b64 s[8:9], s[0:1], s[2:3]
    s_nand_b64 s[10:11], s[0:1], s[2:3]
    s_nor_b64 s[12:13], s[0:1], s[2:3]
    s_xnor_b64 s[14:15], s[0:1], s[2:3]
    s_and_not1_b64 s[16:17], s[0:1], s[2:3]
    s_or_not1_b64 s[18:19], s[0:1], s[2:3]
    s_and_b64 s[20:21], s[0:1], 0       ; 0, SCC = 0
    s_cselect_b64 s[22:23], -1, 0
    s_nor_b64 s[24:25], s[0:1], -1      ; 0, SCC = 0
    s_endpgm
; expect: s0 = 0xff00ff00
; expect: s1 = 0x12345678
; expect: s2 = 0x0000ffff
; expect: s4 = 0x0000ff00
; expect: s6 = 0xff00ffff
; expect: s7 = 0x12345678
; expect: s8 = 0xff0000ff
; expect: s9 = 0x12345678
; expect: s10 = 0xffff00ff
; expect: s11 = 0xffffffff
; expect: s12 = 0x00ff0000
; expect: s13 = 0xedcba987
; expect: s14 = 0x00ffff00
; expect: s15 = 0xedcba987
; expect: s16 = 0xff000000
; expect: s17 = 0x12345678
; expect: s18 = 0xffffff00
; expect: s19 = 0xffffffff
; expect: scc = 0
