; s_bfe_u64 / s_bfe_i64: offset S1[5:0], width S1[22:16] (>= 64 keeps everything).
    s_mov_b32 s0, 0x89abcdef            ; A = 0x01234567_89abcdef
    s_mov_b32 s1, 0x01234567
    s_bfe_u64 s[2:3], s[0:1], 0x100018  ; offset 24, width 16 -> 0x6789
    s_bfe_i64 s[4:5], s[0:1], 0x100018
    s_bfe_i64 s[6:7], s[0:1], 0x100010  ; 0x89ab, negative
    s_bfe_u64 s[8:9], s[0:1], 0x280010  ; width 40
    s_bfe_i64 s[10:11], s[0:1], 0x200020
    s_bfe_u64 s[12:13], s[0:1], 0x7f0044 ; offset 0x44 & 63 = 4, width 127
    s_bfe_i64 s[14:15], s[0:1], 0x7f0004
    s_mov_b32 s17, 0x80000000           ; B = 0x80000000_00000000
    s_bfe_i64 s[18:19], s[16:17], 0x8003c ; offset 60, width 8: arithmetic shift
    s_bfe_u64 s[20:21], s[16:17], 0x8003c
    s_bfe_u64 s[22:23], s[16:17], 0     ; width 0, SCC = 0
    s_endpgm
; expect: s0 = 0x89abcdef
; expect: s1 = 0x01234567
; expect: s2 = 0x00006789
; expect: s4 = 0x00006789
; expect: s6 = 0xffff89ab
; expect: s7 = 0xffffffff
; expect: s8 = 0x456789ab
; expect: s9 = 0x00000023
; expect: s10 = 0x01234567
; expect: s12 = 0x789abcde
; expect: s13 = 0x00123456
; expect: s14 = 0x789abcde
; expect: s15 = 0x00123456
; expect: s17 = 0x80000000
; expect: s18 = 0xfffffff8
; expect: s19 = 0xffffffff
; expect: s20 = 0x00000008
; expect: scc = 0
