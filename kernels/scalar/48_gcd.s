; Euclid's algorithm by subtraction: gcd(1071, 462) = 21.
    s_movk_i32 s0, 1071
    s_movk_i32 s1, 462
loop:
    s_cmp_eq_u32 s0, s1
    s_cbranch_scc1 done
    s_cmp_gt_u32 s0, s1
    s_cbranch_scc0 less
    s_sub_u32 s0, s0, s1
    s_branch loop
less:
    s_sub_u32 s1, s1, s0
    s_branch loop
done:
    s_endpgm
; (1071,462) (609,462) (147,462) (147,315) (147,168) (147,21) (126,21) (105,21) (84,21)
; (63,21) (42,21) (21,21): 11 subtractions of 6 instructions, then 2 + 1.
; expect: s0 = 0x00000015
; expect: s1 = 0x00000015
; expect: scc = 1
; expect: retired = 71
