// y = a * x + y on pairs of halves (half2: packed 16-bit float arithmetic); a is passed as a
// float and converted.

__kernel void half_axpy(float a, __global const half2 *x, __global half2 *y, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    y[i] = (half2)((half)a) * x[i] + y[i];
}
