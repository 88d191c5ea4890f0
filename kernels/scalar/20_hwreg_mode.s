; MODE through s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32 (offset and size fields),
; s_round_mode (MODE[3:0]) and s_denorm_mode (MODE[7:4]). MODE starts at 0.
    s_getreg_b32 s0, hwreg(HW_REG_MODE)
    s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x1234   ; MODE = 0x4
    s_getreg_b32 s1, hwreg(HW_REG_MODE)
    s_mov_b32 s2, 0xab
    s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s2             ; MODE[7:4] = 0xb
    s_getreg_b32 s3, hwreg(HW_REG_MODE)
    s_round_mode 0x3                                      ; MODE = 0xb3
    s_denorm_mode 0xf                                     ; MODE = 0xf3
    s_getreg_b32 s4, hwreg(HW_REG_MODE, 4, 4)
    s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 24), 0xffffffff ; MODE = 0xfffffff3
    s_getreg_b32 s5, hwreg(HW_REG_MODE, 28, 4)
    s_getreg_b32 s6, hwreg(HW_REG_MODE, 0, 32)
    s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0
    s_getreg_b32 s7, hwreg(HW_REG_MODE)
    s_endpgm
; expect: s1 = 4
; expect: s2 = 0x000000ab
; expect: s3 = 0x000000b4
; expect: s4 = 0x0000000f
; expect: s5 = 0x0000000f
; expect: s6 = 0xfffffff3
