; s_bcnt0/1_i32_b32/b64: population counts of zeros and ones, SCC = result != 0.
    s_bcnt0_i32_b32 s0, 0
    s_bcnt0_i32_b32 s1, 0xcccccccc
    s_bcnt0_i32_b32 s2, -1              ; 0, SCC = 0
    s_cselect_b32 s3, 1, 2
    s_bcnt1_i32_b32 s4, 0xcccccccc
    s_bcnt1_i32_b32 s5, -1
    s_bcnt0_i32_b64 s6, 0
    s_bcnt1_i32_b64 s7, -1
    s_mov_b32 s8, 0xf0                  ; s[8:9] = 0x00000003_000000f0
    s_mov_b32 s9, 3
    s_bcnt1_i32_b64 s10, s[8:9]
    s_bcnt0_i32_b64 s11, s[8:9]
    s_bcnt1_i32_b32 s12, 0              ; 0, SCC = 0
    s_endpgm
; expect: s0 = 0x00000020
; expect: s1 = 0x00000010
; expect: s3 = 2
; expect: s4 = 0x00000010
; expect: s5 = 0x00000020
; expect: s6 = 0x00000040
; expect: s7 = 0x00000040
; expect: s8 = 0x000000f0
; expect: s9 = 3
; expect: s10 = 6
; expect: s11 = 0x0000003a
; expect: scc = 0
