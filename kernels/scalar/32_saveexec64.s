; The ten s_*_saveexec_b64 opcodes on the full 64-bit EXEC. M = s[20:21].
    s_mov_b64 exec, -1
    s_mov_b32 s20, 0xffff                   ; M = 0xffff0000_0000ffff
    s_mov_b32 s21, 0xffff0000
    s_and_saveexec_b64 s[0:1], s[20:21]     ; E = M
    s_or_saveexec_b64 s[2:3], 0xf0000       ; E = 0xffff0000_000fffff
    s_xor_saveexec_b64 s[4:5], s[20:21]     ; E = 0x00000000_000f0000
    s_nand_saveexec_b64 s[6:7], -1          ; E = 0xffffffff_fff0ffff
    s_nor_saveexec_b64 s[8:9], 0            ; E = 0x00000000_000f0000
    s_xnor_saveexec_b64 s[10:11], s[20:21]  ; E = 0x0000ffff_fff00000
    s_and_not0_saveexec_b64 s[12:13], s[20:21] ; E = 0x0000ffff_fff00000
    s_or_not0_saveexec_b64 s[14:15], -1     ; E unchanged
    s_and_not1_saveexec_b64 s[16:17], s[20:21] ; E = 0xffff0000_0000ffff
    s_or_not1_saveexec_b64 s[18:19], 0      ; E = 0x0000ffff_ffff0000
    s_endpgm
; expect: s0 = 0xffffffff
; expect: s1 = 0xffffffff
; expect: s2 = 0x0000ffff
; expect: s3 = 0xffff0000
; expect: s4 = 0x000fffff
; expect: s5 = 0xffff0000
; expect: s6 = 0x000f0000
; expect: s8 = 0xfff0ffff
; expect: s9 = 0xffffffff
; expect: s10 = 0x000f0000
; expect: s12 = 0xfff00000
; expect: s13 = 0x0000ffff
; expect: s14 = 0xfff00000
; expect: s15 = 0x0000ffff
; expect: s16 = 0xfff00000
; expect: s17 = 0x0000ffff
; expect: s18 = 0x0000ffff
; expect: s19 = 0xffff0000
; expect: s20 = 0x0000ffff
; expect: s21 = 0xffff0000
; expect: exec = 0x0000ffffffff0000
; expect: scc = 1
