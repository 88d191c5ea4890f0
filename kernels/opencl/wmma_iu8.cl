// D (m x n, int) = A (m x k, signed char) * B (k x n, unsigned char) + C (m x n, int),
// row-major, with v_wmma_i32_16x16x16_iu8 (A signed, B unsigned, clamp: every step
// saturates to the int range): one wave per 16x16 tile of D, k in steps of 16, the layout
// of wmma.cl with four 8-bit elements per dword.

typedef int v4i __attribute__((ext_vector_type(4)));
typedef int v8i __attribute__((ext_vector_type(8)));

__kernel void wmma_iu8(__global const char *a, __global const uchar *b, __global const int *c,
                       __global int *d, uint n, uint k) {
  uint lane = get_local_id(0), col = get_group_id(0) * 16 + lane % 16;
  uint row0 = get_group_id(1) * 16, half_ = lane / 16;
  v8i acc;
  for (uint r = 0; r < 8; r++)
    acc[r] = c[(row0 + 2 * r + half_) * n + col];
  for (uint t = 0; t < k; t += 16) {
    v4i av, bv;
    for (uint j = 0; j < 4; j++) {
      uint x = 0, y = 0;
      for (uint e = 0; e < 4; e++) {
        x |= (uint)(uchar)a[(row0 + lane % 16) * k + t + 4 * j + e] << (8 * e);
        y |= (uint)b[(t + 4 * j + e) * n + col] << (8 * e);
      }
      av[j] = x;
      bv[j] = y;
    }
    acc = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32(true, av, false, bv, acc, true);
  }
  for (uint r = 0; r < 8; r++)
    d[(row0 + 2 * r + half_) * n + col] = acc[r];
}
