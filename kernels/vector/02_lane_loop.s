; A divergent loop: lane l adds l + (l-1) + ... + 1 into v1, leaving the loop (its EXEC bit
; cleared by v_cmp + s_and_b32) when its counter reaches 0; EXEC is restored at the end.
    v_mbcnt_lo_u32_b32 v2, -1, 0        ; counter = l
    v_mov_b32 v1, 0
    s_mov_b32 s0, exec_lo
loop:
    v_cmp_ne_u32_e32 vcc_lo, 0, v2      ; lanes still counting
    s_and_b32 exec_lo, exec_lo, vcc_lo  ; SCC = any left
    s_cbranch_execz done
    v_add_nc_u32 v1, v1, v2
    v_subrev_nc_u32 v2, 1, v2           ; v2 - 1
    s_branch loop
done:
    s_mov_b32 exec_lo, s0
    s_endpgm
; Lane 31 runs 31 iterations; the 32nd v_cmp finds no lane left: VCC = 0, SCC = 0.
; retired = 3 + 31 * 6 + 3 (v_cmp, s_and, taken execz) + 2
; expect: s0 = 0xffffffff
; expect: v1 = [0x00000000, 0x00000001, 0x00000003, 0x00000006, 0x0000000a, 0x0000000f, 0x00000015, 0x0000001c, 0x00000024, 0x0000002d, 0x00000037, 0x00000042, 0x0000004e, 0x0000005b, 0x00000069, 0x00000078, 0x00000088, 0x00000099, 0x000000ab, 0x000000be, 0x000000d2, 0x000000e7, 0x000000fd, 0x00000114, 0x0000012c, 0x00000145, 0x0000015f, 0x0000017a, 0x00000196, 0x000001b3, 0x000001d1, 0x000001f0]
; expect: scc = 0
; expect: retired = 194
