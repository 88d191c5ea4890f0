// C (m x n) = A (m x k) * B (k x n), row-major floats, with 16x16 tiles of A and B staged in
// local memory. Work-groups are 16x16; x runs over columns of C, y over rows.

#define TS 16

__kernel void matmul(__global const float *a, __global const float *b, __global float *c,
                     uint m, uint n, uint k) {
  __local float as[TS][TS];
  __local float bs[TS][TS];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < k; t += TS) {
    as[ly][lx] = row < m && t + lx < k ? a[row * k + t + lx] : 0.0f;
    bs[ly][lx] = col < n && t + ly < k ? b[(t + ly) * n + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint j = 0; j < TS; j++)
      acc = fma(as[ly][j], bs[j][lx], acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < m && col < n)
    c[row * n + col] = acc;
}
