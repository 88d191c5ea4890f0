; s_getpc_b64, s_call_b64, s_setpc_b64 (return), s_swappc_b64. Byte addresses in comments.
    s_getpc_b64 s[0:1]                  ; 0x00: s[0:1] = 4
    s_call_b64 s[2:3], func             ; 0x04: s[2:3] = 8
    s_add_u32 s10, s10, 1               ; 0x08
    s_getpc_b64 s[4:5]                  ; 0x0c: s[4:5] = 0x10
    s_add_u32 s6, s4, 12                ; 0x10: 0x1c = func2
    s_swappc_b64 s[8:9], s[6:7]         ; 0x14: s[8:9] = 0x18
    s_endpgm                            ; 0x18
func2:
    s_add_u32 s11, s11, 2               ; 0x1c
    s_setpc_b64 s[8:9]                  ; 0x20
func:
    s_mov_b32 s12, 0x77                 ; 0x24 (0x77 is a literal: 8 bytes)
    s_setpc_b64 s[2:3]                  ; 0x2c
; expect: s0 = 4
; expect: s2 = 8
; expect: s4 = 0x00000010
; expect: s6 = 0x0000001c
; expect: s8 = 0x00000018
; expect: s10 = 1
; expect: s11 = 2
; expect: s12 = 0x00000077
; expect: retired = 11
