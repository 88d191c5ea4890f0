; A jump 64 KiB past its own PC, outside the program and past any instruction memory: the
; golden model stops at the jump (it neither retires nor writes s[2:3]). The pipelined
; core stops there too; the sequential core stops at the target, so only the pipelined
; core's tests run it.
    s_getpc_b64 s[0:1]
    s_add_u32 s0, s0, 0x10000
    s_addc_u32 s1, s1, 0
    s_swappc_b64 s[2:3], s[0:1]
    s_endpgm
