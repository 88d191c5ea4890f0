// Sorts each work-group's 256 consecutive keys ascending with a bitonic network in local
// memory (one compare-exchange per pair per step, a barrier between steps). Work-groups
// are 256 work-items.

#define N 256

__kernel void bitonic_sort(__global uint *data) {
  __local uint keys[N];
  uint l = get_local_id(0);
  size_t base = get_group_id(0) * N;
  keys[l] = data[base + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint size = 2; size <= N; size <<= 1)
    for (uint stride = size / 2; stride > 0; stride >>= 1) {
      uint partner = l ^ stride;
      if (partner > l) {
        uint a = keys[l], b = keys[partner];
        bool ascending = (l & size) == 0;
        if ((a > b) == ascending) {
          keys[l] = b;
          keys[partner] = a;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  data[base + l] = keys[l];
}
