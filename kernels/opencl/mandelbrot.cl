// Escape-time iteration counts of the Mandelbrot set on a width x height grid of points
// (x0 + px * step, y0 + py * step): a data-dependent loop, so lanes leave it at different
// times.

__kernel void mandelbrot(__global uint *iters, uint width, uint height, float x0, float y0,
                         float step, uint max_iter) {
  uint px = get_global_id(0), py = get_global_id(1);
  if (px >= width || py >= height)
    return;
  float cr = x0 + px * step, ci = y0 + py * step;
  float zr = 0.0f, zi = 0.0f;
  uint n = 0;
  while (n < max_iter && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  iters[py * width + px] = n;
}
