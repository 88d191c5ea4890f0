// Each work-item stores its local id + 1 to out[local id], then the wave traps (s_trap 2,
// no trap handler): a dispatch that faults. `cu32 run` and `cu32 cosim` report the fault
// (the trap, its wave and PC) and write no output. Kernel argument: out (uint *).
// Build: clang -target amdgcn-amd-amdhsa -mcpu=gfx1100 -c trap.s; ld.lld -shared.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.text
	.globl	trap
	.p2align	8
	.type	trap,@function
trap:
	// s[0:1]: the kernarg pointer; v0: the local id.
	s_load_b64 s[4:5], s[0:1], 0x0          // out
	v_lshlrev_b32_e32 v2, 2, v0             // l * 4
	v_add_nc_u32_e32 v1, 1, v0              // l + 1
	s_waitcnt lgkmcnt(0)
	global_store_b32 v2, v1, s[4:5]
	s_trap 2
	s_endpgm
.Lend:
	.size	trap, .Lend-trap

	.rodata
	.p2align	6
	.amdhsa_kernel trap
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 3
		.amdhsa_next_free_sgpr 6
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
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 32
    .name:           trap
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .symbol:         trap.kd
    .vgpr_count:     3
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
