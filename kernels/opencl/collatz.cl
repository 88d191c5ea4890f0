// Number of Collatz steps from each start value to 1: divergent, data-dependent loops.

__kernel void collatz(__global const uint *start, __global uint *steps, uint n) {
  size_t i = get_global_id(0);
  if (i >= n)
    return;
  uint x = start[i], s = 0;
  while (x > 1) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    s++;
  }
  steps[i] = s;
}
