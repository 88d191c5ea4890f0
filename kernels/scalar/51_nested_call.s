; Nested calls with s_call_b64, each returning through s_setpc_b64.
    s_call_b64 s[0:1], outer            ; 0x00: s[0:1] = 0x04
    s_endpgm                            ; 0x04
outer:
    s_add_u32 s10, s10, 1               ; 0x08
    s_call_b64 s[2:3], inner            ; 0x0c: s[2:3] = 0x10
    s_add_u32 s10, s10, 0x100           ; 0x10 (8 bytes)
    s_setpc_b64 s[0:1]                  ; 0x18
inner:
    s_lshl_b32 s10, s10, 4              ; 0x1c
    s_setpc_b64 s[2:3]                  ; 0x20
; expect: s0 = 4
; expect: s2 = 0x00000010
; expect: s10 = 0x00000110
; expect: scc = 0
; expect: retired = 8
