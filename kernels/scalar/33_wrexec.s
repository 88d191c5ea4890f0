; s_and_not0/not1_wrexec_b32/b64: EXEC and the destination both get the result.
    s_mov_b32 exec_lo, 0xff0f
    s_and_not0_wrexec_b32 s0, 0x0f0f        ; E = ~0x0f0f & 0xff0f = 0xf000
    s_and_not1_wrexec_b32 s1, 0xffff        ; E = 0xffff & ~0xf000 = 0x0fff
    s_mov_b64 exec, -1
    s_mov_b32 s10, 0xffff                   ; S = 0x80000000_0000ffff
    s_mov_b32 s11, 0x80000000
    s_and_not0_wrexec_b64 s[2:3], s[10:11]  ; E = 0x7fffffff_ffff0000
    s_and_not1_wrexec_b64 s[4:5], -1        ; E = 0x80000000_0000ffff
    s_and_not1_wrexec_b64 s[6:7], s[4:5]    ; E = 0, SCC = 0
    s_endpgm
; expect: s0 = 0x0000f000
; expect: s1 = 0x00000fff
; expect: s2 = 0xffff0000
; expect: s3 = 0x7fffffff
; expect: s4 = 0x0000ffff
; expect: s5 = 0x80000000
; expect: s10 = 0x0000ffff
; expect: s11 = 0x80000000
; expect: exec = 0x0000000000000000
; expect: scc = 0
