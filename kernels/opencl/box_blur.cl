// 3x3 box blur of an 8-bit grayscale image (uchar loads and stores, edges clamped, the sum
// rounded to nearest). The launch's grid is not a multiple of the work-group size in x.

__kernel void box_blur(__global const uchar *src, __global uchar *dst, uint width,
                       uint height) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= (int)width || y >= (int)height)
    return;
  uint sum = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int sx = clamp(x + dx, 0, (int)width - 1);
      int sy = clamp(y + dy, 0, (int)height - 1);
      sum += src[sy * width + sx];
    }
  dst[y * width + x] = (uchar)((sum + 4) / 9);
}
