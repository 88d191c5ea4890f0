// Eight work-groups of one wave each (no LDS, so all in flight together) loop 16 times:
// load in[id] (GLOBAL) and wait for it; count the iterations whose last VCC was not zero
// (s_cbranch_vccz reads the core's VCC copy); put bit k of in[id] (k: the loop count)
// into VCC (a VALU compare, whose result the core writes in the background) and branch
// on it at once, held until the result is in; add the number of its lanes. While a wave
// waits there, the others, whose loads are done, are ready: a wave that gives way leaves
// its result behind, to be written into its own VCC, not the running wave's. Each
// work-item stores 1000 times the count plus the sum over k of the number of lanes of its
// wave with bit k of in[] set. Kernel arguments: in, out (global buffers of uint).
// Build: clang -target amdgcn-amd-amdhsa -mcpu=gfx1100 -c vcc_give_way.s; ld.lld -shared.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.text
	.globl	vcc_give_way
	.p2align	8
	.type	vcc_give_way,@function
vcc_give_way:
	// s[0:1]: the kernarg pointer, s2: the work-group id; v0: the local id.
	s_load_b128 s[4:7], s[0:1], 0x0         // in, out
	v_lshlrev_b32_e32 v1, 2, v0             // l * 4
	s_lshl_b32 s3, s2, 7                    // group * 32 * 4
	v_add_nc_u32_e32 v1, s3, v1             // id * 4
	s_mov_b32 s8, 0                         // k
	s_mov_b32 s9, 0                         // the sum
	s_mov_b32 s11, 0                        // the count
	s_mov_b32 vcc_lo, 0
	s_waitcnt lgkmcnt(0)
.Lloop:
	global_load_b32 v2, v1, s[4:5]
	s_waitcnt vmcnt(0)
	s_cbranch_vccz .Lzero                   // the last iteration's VCC
	s_add_u32 s11, s11, 1
.Lzero:
	v_bfe_u32 v4, v2, s8, 1
	v_cmp_ne_u32_e32 vcc_lo, 0, v4          // lanes with bit k of in[] set
	s_cbranch_vccz .Lnone
	s_bcnt1_i32_b32 s10, vcc_lo
	s_add_u32 s9, s9, s10
.Lnone:
	s_add_u32 s8, s8, 1
	s_cmp_lt_u32 s8, 16
	s_cbranch_scc1 .Lloop
	s_mul_i32 s11, s11, 1000
	s_add_u32 s9, s9, s11
	v_mov_b32_e32 v3, s9
	global_store_b32 v1, v3, s[6:7]
	s_endpgm
.Lend:
	.size	vcc_give_way, .Lend-vcc_give_way

	.rodata
	.p2align	6
	.amdhsa_kernel vcc_give_way
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 12
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           in
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           out
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 32
    .name:           vcc_give_way
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .symbol:         vcc_give_way.kd
    .vgpr_count:     5
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
