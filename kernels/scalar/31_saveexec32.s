; The ten s_*_saveexec_b32 opcodes, chained: each saves EXEC_LO into its destination and
; computes a new EXEC_LO (EXEC_HI untouched), SCC = new EXEC_LO != 0.
    s_mov_b32 exec_lo, 0xff00ff00
    s_and_saveexec_b32 s0, 0x0ff00ff0       ; E = 0x0f000f00
    s_or_saveexec_b32 s1, 0xff              ; E = 0x0f000fff
    s_xor_saveexec_b32 s2, 0x0f000fff       ; E = 0, SCC = 0
    s_cselect_b32 s3, 1, 2
    s_nand_saveexec_b32 s4, 0               ; E = 0xffffffff
    s_nor_saveexec_b32 s5, 0xffff0000       ; E = 0, SCC = 0
    s_cselect_b32 s6, 1, 2
    s_xnor_saveexec_b32 s7, 0x12345678      ; E = 0xedcba987
    s_and_not0_saveexec_b32 s8, 0xffff0000  ; E = 0x0000a987
    s_or_not0_saveexec_b32 s9, 0xffffff00   ; E = 0x0000a9ff
    s_and_not1_saveexec_b32 s10, 0xffff     ; E = 0x00005600
    s_or_not1_saveexec_b32 s11, 0x100       ; E = 0xffffa9ff
    s_endpgm
; expect: s0 = 0xff00ff00
; expect: s1 = 0x0f000f00
; expect: s2 = 0x0f000fff
; expect: s3 = 2
; expect: s5 = 0xffffffff
; expect: s6 = 2
; expect: s8 = 0xedcba987
; expect: s9 = 0x0000a987
; expect: s10 = 0x0000a9ff
; expect: s11 = 0x00005600
; expect: exec = 0x00000000ffffa9ff
; expect: scc = 1
