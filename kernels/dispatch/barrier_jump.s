// A work-group of two waves meets at an s_barrier reached by a jump (s_setpc_b64), not by
// falling through: work-item l stores l + 1 to LDS dword l, and after the barrier reads
// dword 63 - l (the other wave's) and stores it to out[global id]. Expected: each group's
// 64 dwords are 64, 63, .., 1. Kernel argument: out (a global buffer of uint).
// Build: clang -target amdgcn-amd-amdhsa -mcpu=gfx1100 -c barrier_jump.s; ld.lld -shared.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.text
	.globl	barrier_jump
	.p2align	8
	.type	barrier_jump,@function
barrier_jump:
	// s[0:1]: the kernarg pointer, s2: the work-group id; v0: the local id.
	s_load_b64 s[4:5], s[0:1], 0x0          // out
	v_lshlrev_b32_e32 v2, 2, v0             // l * 4
	v_add_nc_u32_e32 v1, 1, v0              // l + 1
	ds_store_b32 v2, v1
	s_waitcnt lgkmcnt(0)
	s_getpc_b64 s[6:7]
.Lpc:
	s_add_u32 s6, s6, .Lbarrier-.Lpc
	s_addc_u32 s7, s7, 0
	s_setpc_b64 s[6:7]
	s_endpgm                                // jumped over
.Lbarrier:
	s_barrier
	v_sub_nc_u32_e32 v3, 0xfc, v2           // (63 - l) * 4
	ds_load_b32 v3, v3
	s_lshl_b32 s8, s2, 6                    // group * 64
	v_add_nc_u32_e32 v4, s8, v0             // global id
	v_lshlrev_b32_e32 v4, 2, v4
	v_add_co_u32 v4, vcc_lo, s4, v4
	v_add_co_ci_u32_e64 v5, null, s5, 0, vcc_lo
	s_waitcnt lgkmcnt(0)
	global_store_b32 v[4:5], v3, off
	s_endpgm
.Lend:
	.size	barrier_jump, .Lend-barrier_jump

	.rodata
	.p2align	6
	.amdhsa_kernel barrier_jump
		.amdhsa_group_segment_fixed_size 256
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 9
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 64
    .name:           barrier_jump
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .symbol:         barrier_jump.kd
    .vgpr_count:     6
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
