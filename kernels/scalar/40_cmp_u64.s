; s_cmp_eq_u64 / s_cmp_lg_u64; a literal on the u64 operand is zero-extended, inline -1
; is all ones.
    s_mov_b64 s[0:1], 5
    s_mov_b32 s2, 5                     ; s[2:3] = 0x00000001_00000005
    s_mov_b32 s3, 1
    s_mov_b32 s4, -1                    ; s[4:5] = 0x00000000_ffffffff
    s_mov_b32 s6, -1                    ; s[6:7] = 0x00000000_ffffffff
    s_cmp_eq_u64 s[0:1], 5              ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_eq_u64 s[0:1], s[2:3]         ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_lg_u64 s[0:1], s[2:3]         ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_lg_u64 s[2:3], s[2:3]         ; 0
    s_addc_u32 s10, s10, s10
    s_cmp_eq_u64 s[4:5], 0xffffffff     ; 1
    s_addc_u32 s10, s10, s10
    s_cmp_eq_u64 s[6:7], -1             ; 0
    s_addc_u32 s10, s10, s10
    s_endpgm
; bits 101010
; expect: s0 = 5
; expect: s2 = 5
; expect: s3 = 1
; expect: s4 = 0xffffffff
; expect: s6 = 0xffffffff
; expect: s10 = 0x0000002a
; expect: scc = 0
