// The remaining OpenCL 1.x integer atomics, used so that every result is deterministic:
// - the minimum and maximum of `in`, per work-group with atomic_min/atomic_max on local
//   memory, then over the grid on global memory (result[0], result[1]), and the number of
//   work-groups counted with atomic_inc (result[2]);
// - atomic_xchg of each element's own slot (olds[2i] gets the slot's old value, the slot
//   gets in[i]), then atomic_cmpxchg on it that succeeds for odd i only (olds[2i+1] gets the
//   value it found; odd slots become -in[i]);
// - atomic_xchg and atomic_cmpxchg on each work-item's own local word, added to slots[i].
// Work-groups are at most 256 work-items.

__kernel void atomics(__global const int *in, __global int *result, __global int *slots,
                      __global int *olds) {
  __local int lmin, lmax;
  __local int mine[256];
  uint l = get_local_id(0);
  size_t i = get_global_id(0);
  int v = in[i];
  if (l == 0) {
    lmin = INT_MAX;
    lmax = INT_MIN;
  }
  mine[l] = (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_min(&lmin, v);
  atomic_max(&lmax, v);
  int swapped = atomic_xchg(&mine[l], v);
  int found = atomic_cmpxchg(&mine[l], v, swapped + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    atomic_min(&result[0], lmin);
    atomic_max(&result[1], lmax);
    atomic_inc(&result[2]);
  }
  olds[2 * i] = atomic_xchg(&slots[i], v);
  olds[2 * i + 1] = atomic_cmpxchg(&slots[i], (i & 1) ? v : v + 1, -v);
  atomic_add(&slots[i], mine[l] + found);
}
