// Two kernels: a scaled copy (two global buffers, a by-value float, the work-group size from
// the implicit arguments) and a reversal through static and dynamic __local memory.

__kernel void scale(__global float *out, __global const float *in, float k) {
  unsigned i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
               __builtin_amdgcn_workitem_id_x();
  out[i] = in[i] * k;
}

__kernel void reverse(__global int *data, __local int *spill) {
  __local int tile[64];
  unsigned l = __builtin_amdgcn_workitem_id_x() & 63;
  unsigned g = __builtin_amdgcn_workgroup_id_x() * 64 + l;
  tile[l] = data[g];
  spill[l] = data[g] + 1;
  __builtin_amdgcn_s_barrier();
  data[g] = tile[63 - l] + spill[63 - l];
}
