; SMEM addressing: signed 21-bit offset, SOFFSET (SGPR, M0), both together, the two low
; address bits ignored, and a 64-bit base that wraps around to the region.
    s_mov_b32 s0, 0x10400
    s_mov_b32 s1, 0
    s_load_b32 s2, s[0:1], -0x4             ; 0x103fc: dword 255
    s_movk_i32 s3, 0x20
    s_load_b64 s[4:5], s[0:1], s3 offset:0x8 ; 0x10428
    s_load_b32 s6, s[0:1], 0x3              ; 0x10403 -> 0x10400
    s_movk_i32 s7, 0x102
    s_load_b32 s8, s[0:1], s7 offset:0x1    ; 0x10503 -> 0x10500
    s_movk_i32 m0, 0x84
    s_load_b32 s9, s[0:1], m0               ; 0x10484
    s_load_b32 s10, s[0:1], s3              ; SOFFSET without offset: 0x10420
    s_mov_b32 s12, 0xfff90000               ; s[12:13] = -0x70000
    s_mov_b32 s13, -1
    s_load_b32 s14, s[12:13], 0x80000       ; wraps to 0x10000
    s_mov_b32 s16, 0x110010
    s_mov_b32 s17, 0
    s_load_b64 s[18:19], s[16:17], -0x100000 ; the most negative offset: 0x10010
    s_mov_b32 s21, 0x21010                  ; SOFFSET (unsigned) ...
    s_mov_b32 s22, 0xfffff000
    s_mov_b32 s23, 0xffffffff               ; s[22:23] = -0x1000
    s_load_b32 s24, s[22:23], s21 offset:-0xff00 ; ... -0x1000 - 0xff00 + 0x21010 = 0x10110
    s_waitcnt lgkmcnt(0)
    s_endpgm
