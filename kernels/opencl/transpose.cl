// Matrix transpose (height x width floats, row-major, to width x height) through a 16x16
// local tile padded by one column against bank conflicts. Work-groups are 16x16.

#define TILE 16

__kernel void transpose(__global const float *in, __global float *out, uint width,
                        uint height) {
  __local float tile[TILE][TILE + 1];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint x = get_global_id(0), y = get_global_id(1);
  if (x < width && y < height)
    tile[ly][lx] = in[y * width + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * TILE + lx;
  y = get_group_id(0) * TILE + ly;
  if (x < height && y < width)
    out[y * height + x] = tile[lx][ly];
}
