// 256-bin histogram of bytes, counted with atomic_inc directly on the global bins.

__kernel void histogram_global(__global const uchar *data, __global uint *bins, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    atomic_inc(&bins[data[i]]);
}
