// 64-bin histogram of words (bin = value % 64): each work-group counts a grid-strided share
// of the input into private local bins with atomic_inc, then adds them to the global bins
// with atomic_add.

#define BINS 64

__kernel void histogram_local(__global const uint *data, __global uint *bins, uint n) {
  __local uint local_bins[BINS];
  uint l = get_local_id(0);
  for (uint b = l; b < BINS; b += get_local_size(0))
    local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&local_bins[data[i] % BINS]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = l; b < BINS; b += get_local_size(0))
    atomic_add(&bins[b], local_bins[b]);
}
