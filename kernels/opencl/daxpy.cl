// y = a * x + y in double precision.

__kernel void daxpy(double a, __global const double *x, __global double *y, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    y[i] = a * x[i] + y[i];
}
