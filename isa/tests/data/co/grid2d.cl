// A 2-D kernel: work-group ids x and y, work-item ids x and y (packed in v0), a by-value
// pitch. Built with -cl-kernel-arg-info so the metadata carries argument names.

__kernel void fill2d(__global int *out, int pitch) {
  unsigned x = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
               __builtin_amdgcn_workitem_id_x();
  unsigned y = __builtin_amdgcn_workgroup_id_y() * __builtin_amdgcn_workgroup_size_y() +
               __builtin_amdgcn_workitem_id_y();
  out[y * pitch + x] = (int)(x + y * 1000);
}
