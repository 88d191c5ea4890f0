// Kernels compiled by clang 19 to produce clang_kernel_corpus.s (see the test in
// isa/tests/llvm_conformance.rs): clang-19 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa
// -mcpu=gfx1100 -nogpulib -O2 -S
__constant int tbl[4] = {1, 2, 3, 4};

__kernel void scale(__global float *out, __global const float *in, float k, int n) {
  int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
  if (i < n) out[i] = in[i] * k + 1.0f;
}

__kernel void lut(__global int *out) {
  int i = __builtin_amdgcn_workitem_id_x();
  out[i] = tbl[i & 3];
}

__kernel void reduce(__global float *out, __global const float *in, __global int *count) {
  __local float tmp[64];
  int l = __builtin_amdgcn_workitem_id_x();
  tmp[l] = in[l + __builtin_amdgcn_workgroup_id_x() * 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 32; s > 0; s >>= 1) {
    if (l < s) tmp[l] = fmax(tmp[l], tmp[l + s]) * 0.5f;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) {
    out[__builtin_amdgcn_workgroup_id_x()] = tmp[0] + 2.0f;
    atomic_add(count, 1);
  }
}

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void mix(__global double *d, __global half *h, __global uint *u) {
  int i = __builtin_amdgcn_workitem_id_x();
  d[i] = d[i] * 3.0 + 0.5;
  h[i] = h[i] * (half)2.0 + (half)1.0;
  u[i] = (u[i] >> 3) ^ (u[i] * 0x9e3779b9u) + popcount(u[i]);
}
