; A computed jump: table base from s_getpc_b64, entry = base + index * 8 (s_lshl3_add_u32).
    s_movk_i32 s4, 2                    ; 0x00: case index
    s_getpc_b64 s[0:1]                  ; 0x04: s0 = 0x08
    s_lshl3_add_u32 s0, s4, s0          ; 0x08: s0 = 0x18
    s_add_u32 s0, s0, 12                ; 0x0c: s0 = 0x24 (table at 0x14)
    s_setpc_b64 s[0:1]                  ; 0x10
    s_movk_i32 s5, 0x100                ; 0x14: case 0
    s_branch done
    s_movk_i32 s5, 0x101                ; 0x1c: case 1
    s_branch done
    s_movk_i32 s5, 0x102                ; 0x24: case 2
    s_branch done
    s_movk_i32 s5, 0x103                ; 0x2c: case 3
    s_branch done
done:
    s_endpgm                            ; 0x34
; expect: s0 = 0x00000024
; expect: s4 = 2
; expect: s5 = 0x00000102
; expect: scc = 0
; expect: retired = 8
