// Read-only data reached PC-relatively (a __constant table in .rodata), private (scratch)
// memory, and argument qualifiers: restrict (.actual_access), an image (.access), const.
// Built with -cl-kernel-arg-info so the metadata carries argument names.

__constant float table[4] = {1.5f, 2.5f, 3.5f, 4.5f};

__kernel void lookup(__global float *restrict out, __global const int *idx,
                     __read_only image2d_t unused, uint n) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  volatile float scratch[16];
  for (int j = 0; j < 16; j++)
    scratch[j] = table[j & 3];
  if (i < n)
    out[i] = table[idx[i] & 3] + scratch[idx[i] & 15];
}
