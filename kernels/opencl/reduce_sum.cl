// Sum reduction: each work-group adds its slice of `in` by a tree in local memory, with a
// barrier between levels, and writes one partial sum per group. The work-group size must
// be a power of two, at most 256.

__kernel void reduce_sum(__global const uint *in, __global uint *partial, uint n) {
  __local uint sums[256];
  uint l = get_local_id(0);
  size_t i = get_global_id(0);
  sums[l] = i < n ? in[i] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (l < s)
      sums[l] += sums[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    partial[get_group_id(0)] = sums[0];
}
