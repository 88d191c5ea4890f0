; s_bitcmp0/1_b32/b64: SCC = bit S1[4:0] (S1[5:0]) of S0 is clear/set.
    s_mov_b32 s0, 0x80000010
    s_bitcmp1_b32 s0, 4                 ; 1
    s_addc_u32 s10, s10, s10
    s_bitcmp1_b32 s0, 36                ; bit 4: 1
    s_addc_u32 s10, s10, s10
    s_bitcmp0_b32 s0, 31                ; 0
    s_addc_u32 s10, s10, s10
    s_bitcmp0_b32 s0, 0                 ; 1
    s_addc_u32 s10, s10, s10
    s_mov_b32 s3, 1                     ; s[2:3] = 0x00000001_00000000
    s_bitcmp1_b64 s[2:3], 32            ; 1
    s_addc_u32 s10, s10, s10
    s_bitcmp1_b64 s[2:3], 0             ; 0
    s_addc_u32 s10, s10, s10
    s_bitcmp0_b64 s[2:3], 33            ; 1
    s_addc_u32 s10, s10, s10
    s_bitcmp0_b64 s[2:3], 96            ; bit 32: 0
    s_addc_u32 s10, s10, s10
    s_endpgm
; bits 11011010
; expect: s0 = 0x80000010
; expect: s3 = 1
; expect: s10 = 0x000000da
; expect: scc = 0
