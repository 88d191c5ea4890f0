// One n-body time step: each work-item sums the softened gravitational acceleration on
// its body from all n bodies (pos.w is the mass), using rsqrt and fused multiply-adds on
// float4 data, then updates its velocity and writes its new position.

__kernel void nbody(__global const float4 *pos, __global float4 *vel, __global float4 *new_pos,
                    uint n, float dt, float eps2) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  float4 p = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (uint j = 0; j < n; j++) {
    float4 q = pos[j];
    float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
    float d2 = fma(dx, dx, fma(dy, dy, fma(dz, dz, eps2)));
    float inv = rsqrt(d2);
    float s = q.w * inv * inv * inv;
    ax = fma(dx, s, ax);
    ay = fma(dy, s, ay);
    az = fma(dz, s, az);
  }
  float4 v = vel[i];
  v.x = fma(ax, dt, v.x);
  v.y = fma(ay, dt, v.y);
  v.z = fma(az, dt, v.z);
  vel[i] = v;
  new_pos[i] = (float4)(fma(v.x, dt, p.x), fma(v.y, dt, p.y), fma(v.z, dt, p.z), p.w);
}
