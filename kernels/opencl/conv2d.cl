// 3x3 convolution of a width x height float image, edges clamped, the filter in __constant
// memory.

__kernel void conv2d(__global const float *in, __constant float *filter, __global float *out,
                     uint width, uint height) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= (int)width || y >= (int)height)
    return;
  float acc = 0.0f;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int sx = clamp(x + dx, 0, (int)width - 1);
      int sy = clamp(y + dy, 0, (int)height - 1);
      acc = fma(filter[(dy + 1) * 3 + dx + 1], in[sy * width + sx], acc);
    }
  out[y * width + x] = acc;
}
