// Inclusive prefix sum of each work-group's slice (Hillis-Steele, double-buffered in local
// memory, one barrier per step). The work-group size must be at most 256.

__kernel void scan(__global const int *in, __global int *out) {
  __local int buf[2][256];
  uint l = get_local_id(0);
  size_t i = get_global_id(0);
  uint cur = 0;
  buf[0][l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < get_local_size(0); offset <<= 1) {
    int v = buf[cur][l];
    if (l >= offset)
      v += buf[cur][l - offset];
    cur ^= 1;
    buf[cur][l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[i] = buf[cur][l];
}
