// D (m x n, f32) = A (m x k, f16) * B (k x n, f16) + C (m x n, f32), row-major, with
// v_wmma_f32_16x16x16_f16: one wave (a work-group of 32) per 16x16 tile of D, k in steps
// of 16, the f32 accumulator rounded once per step. x runs over column tiles, y over row
// tiles. Lane l holds row l % 16 of the A tile and column l % 16 of the B tile (lanes
// 16-31 repeat lanes 0-15), and rows 2 r + l / 16 of the accumulator, column l % 16.

typedef half v16h __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));

__kernel void wmma(__global const half *a, __global const half *b, __global const float *c,
                   __global float *d, uint n, uint k) {
  uint lane = get_local_id(0), col = get_group_id(0) * 16 + lane % 16;
  uint row0 = get_group_id(1) * 16, half_ = lane / 16;
  v8f acc;
  for (uint r = 0; r < 8; r++)
    acc[r] = c[(row0 + 2 * r + half_) * n + col];
  for (uint t = 0; t < k; t += 16) {
    v16h av, bv;
    for (uint e = 0; e < 16; e++) {
      av[e] = a[(row0 + lane % 16) * k + t + e];
      bv[e] = b[(t + e) * n + col];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(av, bv, acc);
  }
  for (uint r = 0; r < 8; r++)
    d[(row0 + 2 * r + half_) * n + col] = acc[r];
}
