// cu32.h: the OpenCL C work-item, synchronisation, atomic and math functions the cu32
// kernels use, mapped onto clang 19 built-ins so that kernels compile with -nogpulib (no
// AMD device library) for amdgcn-amd-amdhsa gfx1100, code object v5.
//
// Included with `clang -include cu32.h` after clang's default OpenCL header, which already
// declares the standard functions: each one used here is redefined as a macro naming an
// inline function below, so calls compile to instructions instead of unresolved calls.
//
// Work-item functions read the work-group and work-item ids from the SGPRs/VGPRs the
// kernel descriptor enables, and the grid shape from the code object v5 implicit
// arguments (the hidden_* kernel arguments after the explicit ones, reached through
// __builtin_amdgcn_implicitarg_ptr(), i.e. the kernarg pointer): no dispatch packet is
// needed. Byte offsets into the implicit arguments:
//    0, 4, 8   hidden_block_count_x/y/z  u32  number of full work-groups per dimension
//   12, 14, 16 hidden_group_size_x/y/z   u16  the work-group size of the launch
//   18, 20, 22 hidden_remainder_x/y/z    u16  grid size modulo group size (the size of a
//                                             trailing partial work-group, 0 if none)
// so get_num_groups(d) = block_count + (remainder != 0), and the last group of a dimension
// with a remainder has get_local_size(d) = remainder (OpenCL 2.0 non-uniform work-groups).
// Global offsets are taken to be 0 (get_global_offset is not provided).

#ifndef CU32_H
#define CU32_H

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define CU32_INLINE static inline __attribute__((always_inline, overloadable))

// ---- Work-item functions ------------------------------------------------------------

CU32_INLINE uint cu32_local_id(uint d) {
  return d == 0   ? __builtin_amdgcn_workitem_id_x()
         : d == 1 ? __builtin_amdgcn_workitem_id_y()
         : d == 2 ? __builtin_amdgcn_workitem_id_z()
                  : 0;
}

CU32_INLINE uint cu32_group_id(uint d) {
  return d == 0   ? __builtin_amdgcn_workgroup_id_x()
         : d == 1 ? __builtin_amdgcn_workgroup_id_y()
         : d == 2 ? __builtin_amdgcn_workgroup_id_z()
                  : 0;
}

// The launch's (uniform) work-group size: hidden_group_size_x/y/z.
CU32_INLINE uint cu32_enqueued_local_size(uint d) {
  return d == 0   ? __builtin_amdgcn_workgroup_size_x()
         : d == 1 ? __builtin_amdgcn_workgroup_size_y()
         : d == 2 ? __builtin_amdgcn_workgroup_size_z()
                  : 1;
}

CU32_INLINE uint cu32_block_count(uint d) {
  return d < 3 ? ((__constant uint *)__builtin_amdgcn_implicitarg_ptr())[d] : 1;
}

CU32_INLINE uint cu32_remainder(uint d) {
  return d < 3 ? ((__constant ushort *)__builtin_amdgcn_implicitarg_ptr())[9 + d] : 0;
}

CU32_INLINE uint cu32_local_size(uint d) {
  return cu32_group_id(d) < cu32_block_count(d) ? cu32_enqueued_local_size(d)
                                                : cu32_remainder(d);
}

CU32_INLINE uint cu32_num_groups(uint d) {
  return cu32_block_count(d) + (cu32_remainder(d) != 0);
}

CU32_INLINE uint cu32_global_size(uint d) {
  return cu32_block_count(d) * cu32_enqueued_local_size(d) + cu32_remainder(d);
}

CU32_INLINE uint cu32_global_id(uint d) {
  return cu32_group_id(d) * cu32_enqueued_local_size(d) + cu32_local_id(d);
}

#define get_local_id(d) ((size_t)cu32_local_id(d))
#define get_group_id(d) ((size_t)cu32_group_id(d))
#define get_local_size(d) ((size_t)cu32_local_size(d))
#define get_enqueued_local_size(d) ((size_t)cu32_enqueued_local_size(d))
#define get_num_groups(d) ((size_t)cu32_num_groups(d))
#define get_global_size(d) ((size_t)cu32_global_size(d))
#define get_global_id(d) ((size_t)cu32_global_id(d))

// ---- Barrier ------------------------------------------------------------------------

// A work-group barrier orders both local and global memory among the work-items of the
// group (OpenCL's CLK_LOCAL_MEM_FENCE / CLK_GLOBAL_MEM_FENCE): a workgroup-scope release
// fence, s_barrier, a workgroup-scope acquire fence, whatever the flags.
CU32_INLINE void cu32_barrier(cl_mem_fence_flags flags) {
  (void)flags;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

#define barrier(flags) cu32_barrier(flags)

// ---- OpenCL 1.x atomics on 32-bit integers ------------------------------------------

// Relaxed read-modify-writes returning the old value, at device scope on __global and
// work-group scope on __local memory. T is the type, AS the address space, SCOPE the
// memory scope.
#define CU32_ATOMICS(T, AS, SCOPE)                                                      \
  CU32_INLINE T cu32_atomic_add(volatile AS T *p, T v) {                                \
    return __scoped_atomic_fetch_add(p, v, __ATOMIC_RELAXED, SCOPE);                    \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_sub(volatile AS T *p, T v) {                                \
    return __scoped_atomic_fetch_sub(p, v, __ATOMIC_RELAXED, SCOPE);                    \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_inc(volatile AS T *p) {                                     \
    return __scoped_atomic_fetch_add(p, (T)1, __ATOMIC_RELAXED, SCOPE);                 \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_dec(volatile AS T *p) {                                     \
    return __scoped_atomic_fetch_sub(p, (T)1, __ATOMIC_RELAXED, SCOPE);                 \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_min(volatile AS T *p, T v) {                                \
    return __scoped_atomic_fetch_min(p, v, __ATOMIC_RELAXED, SCOPE);                    \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_max(volatile AS T *p, T v) {                                \
    return __scoped_atomic_fetch_max(p, v, __ATOMIC_RELAXED, SCOPE);                    \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_and(volatile AS T *p, T v) {                                \
    return __scoped_atomic_fetch_and(p, v, __ATOMIC_RELAXED, SCOPE);                    \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_or(volatile AS T *p, T v) {                                 \
    return __scoped_atomic_fetch_or(p, v, __ATOMIC_RELAXED, SCOPE);                     \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_xor(volatile AS T *p, T v) {                                \
    return __scoped_atomic_fetch_xor(p, v, __ATOMIC_RELAXED, SCOPE);                    \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_xchg(volatile AS T *p, T v) {                               \
    return __scoped_atomic_exchange_n(p, v, __ATOMIC_RELAXED, SCOPE);                   \
  }                                                                                     \
  CU32_INLINE T cu32_atomic_cmpxchg(volatile AS T *p, T cmp, T v) {                     \
    __scoped_atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED, \
                                       SCOPE);                                          \
    return cmp;                                                                         \
  }

CU32_ATOMICS(int, __global, __MEMORY_SCOPE_DEVICE)
CU32_ATOMICS(uint, __global, __MEMORY_SCOPE_DEVICE)
CU32_ATOMICS(int, __local, __MEMORY_SCOPE_WRKGRP)
CU32_ATOMICS(uint, __local, __MEMORY_SCOPE_WRKGRP)

#undef CU32_ATOMICS

#define atomic_add cu32_atomic_add
#define atomic_sub cu32_atomic_sub
#define atomic_inc cu32_atomic_inc
#define atomic_dec cu32_atomic_dec
#define atomic_min cu32_atomic_min
#define atomic_max cu32_atomic_max
#define atomic_and cu32_atomic_and
#define atomic_or cu32_atomic_or
#define atomic_xor cu32_atomic_xor
#define atomic_xchg cu32_atomic_xchg
#define atomic_cmpxchg cu32_atomic_cmpxchg

// ---- Math -----------------------------------------------------------------------------

// fma and mad are the fused multiply-add; sqrt is correctly rounded (clang expands it);
// rsqrt is the hardware reciprocal square root (v_rsq_f32, about 1 ulp, like the device
// library's); fabs, fmin and fmax follow IEEE minNum/maxNum.
CU32_INLINE float cu32_fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
CU32_INLINE double cu32_fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
CU32_INLINE half cu32_fma(half a, half b, half c) { return __builtin_fmaf16(a, b, c); }
CU32_INLINE float cu32_sqrt(float x) { return __builtin_sqrtf(x); }
CU32_INLINE double cu32_sqrt(double x) { return __builtin_sqrt(x); }
CU32_INLINE float cu32_rsqrt(float x) { return __builtin_amdgcn_rsqf(x); }
CU32_INLINE float cu32_fabs(float x) { return __builtin_fabsf(x); }
CU32_INLINE float cu32_fmin(float a, float b) { return __builtin_fminf(a, b); }
CU32_INLINE float cu32_fmax(float a, float b) { return __builtin_fmaxf(a, b); }

#define fma cu32_fma
#define mad cu32_fma
#define sqrt cu32_sqrt
#define rsqrt cu32_rsqrt
#define fabs cu32_fabs
#define fmin cu32_fmin
#define fmax cu32_fmax

// Integer min, max and clamp (OpenCL's overloads for int and uint).
CU32_INLINE int cu32_min(int a, int b) { return a < b ? a : b; }
CU32_INLINE uint cu32_min(uint a, uint b) { return a < b ? a : b; }
CU32_INLINE int cu32_max(int a, int b) { return a > b ? a : b; }
CU32_INLINE uint cu32_max(uint a, uint b) { return a > b ? a : b; }
CU32_INLINE int cu32_clamp(int x, int lo, int hi) { return cu32_min(cu32_max(x, lo), hi); }
CU32_INLINE uint cu32_clamp(uint x, uint lo, uint hi) { return cu32_min(cu32_max(x, lo), hi); }

#define min cu32_min
#define max cu32_max
#define clamp cu32_clamp

#undef CU32_INLINE

#endif
