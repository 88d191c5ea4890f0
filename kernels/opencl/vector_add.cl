// c = a + b over n floats, one work-item per element. The launch uses a grid that is not a
// multiple of the work-group size (OpenCL 2.0 non-uniform work-groups), so the last group
// is partial and the bound check is what keeps it in range.

__kernel void vector_add(__global const float *a, __global const float *b, __global float *c,
                         uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    c[i] = a[i] + b[i];
}
