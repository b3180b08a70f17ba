#include "amo_kernels.h"

__device__ static unsigned global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

#define DEFINE_STD(KEY, T)                                                               \
  __global__ void amo_std_##KEY(T *s, ull *sums, unsigned cas_every) {                  \
    const bool cas = global_id() % cas_every == 0;                                       \
    for (int pe = 0; pe < rocshmem_n_pes(); ++pe) {                                      \
      atomicAdd(&sums[pe * 3 + 0], (ull)rocshmem_##KEY##_atomic_fetch_add(&s[0], 1, pe)); \
      rocshmem_##KEY##_atomic_add(&s[1], 2, pe);                                         \
      rocshmem_ctx_##KEY##_atomic_inc(ROCSHMEM_CTX_INVALID, &s[2], pe);                  \
      atomicAdd(&sums[pe * 3 + 1], (ull)rocshmem_##KEY##_atomic_fetch_inc(&s[3], pe));   \
      if (cas) {                                                                         \
        T old = rocshmem_##KEY##_atomic_fetch(&s[4], pe), seen;                          \
        while ((seen = rocshmem_##KEY##_atomic_compare_swap(&s[4], old, (T)(old + 1),    \
                                                             pe)) != old)                \
          old = seen;                                                                    \
      }                                                                                  \
      T f;                                                                               \
      rocshmem_##KEY##_atomic_fetch_add_nbi(&f, &s[5], 3, pe);                           \
      rocshmem_##KEY##_atomic_fetch_inc_nbi(&f, &s[6], pe);                              \
      rocshmem_##KEY##_atomic_compare_swap_nbi(&f, &s[7], 0, 1, pe);                     \
      rocshmem_quiet();                                                                  \
      if (f == 0) atomicAdd(&sums[pe * 3 + 2], 1ull);                                    \
    }                                                                                    \
  }
#define DEFINE_EXT(KEY, T)                                                               \
  __global__ void amo_ext_##KEY(T *s, ull *sums) {                                       \
    unsigned g = global_id();                                                            \
    T unique = (T)(1 + rocshmem_my_pe() * gridDim.x * blockDim.x + g);                      \
    for (int pe = 0; pe < rocshmem_n_pes(); ++pe) {                                      \
      T old;                                                                             \
      if (g % 2)                                                                         \
        rocshmem_##KEY##_atomic_swap_nbi(&old, &s[0], unique, pe);                       \
      else                                                                               \
        old = rocshmem_##KEY##_atomic_swap(&s[0], unique, pe);                           \
      atomicAdd(&sums[pe], (ull)old);                                                    \
      if (g == 0)                                                                        \
        rocshmem_##KEY##_atomic_set(&s[1 + rocshmem_my_pe()], (T)(rocshmem_my_pe() + 1), pe); \
    }                                                                                    \
  }                                                                                      \
  __global__ void amo_ext_fetch_##KEY(T *s, ull *errors) {                               \
    if (global_id() != 0) return;                                                        \
    for (int pe = 0; pe < rocshmem_n_pes(); ++pe)                                        \
      for (int j = 0; j < rocshmem_n_pes(); ++j) {                                       \
        T a = rocshmem_##KEY##_atomic_fetch(&s[1 + j], pe), b;                           \
        rocshmem_ctx_##KEY##_atomic_fetch_nbi(ROCSHMEM_CTX_INVALID, &b, &s[1 + j], pe);  \
        rocshmem_quiet();                                                                \
        if (a != (T)(j + 1) || b != a) ++*errors;                                        \
      }                                                                                  \
  }
#define DEFINE_BIT(KEY, T)                                                               \
  __global__ void amo_bit_##KEY(T *s) {                                                  \
    unsigned g = global_id();                                                            \
    T bit = (T)((T)1 << (g % (8 * sizeof(T))));                                          \
    T f;                                                                                 \
    for (int pe = 0; pe < rocshmem_n_pes(); ++pe) {                                      \
      switch (g % 3) {                                                                   \
        case 0:                                                                          \
          rocshmem_##KEY##_atomic_fetch_or(&s[0], bit, pe);                              \
          rocshmem_##KEY##_atomic_fetch_and(&s[1], (T)~bit, pe);                         \
          rocshmem_##KEY##_atomic_fetch_xor(&s[2], bit, pe);                             \
          break;                                                                         \
        case 1:                                                                          \
          rocshmem_##KEY##_atomic_or(&s[0], bit, pe);                                    \
          rocshmem_##KEY##_atomic_and(&s[1], (T)~bit, pe);                               \
          rocshmem_##KEY##_atomic_xor(&s[2], bit, pe);                                   \
          break;                                                                         \
        default:                                                                         \
          rocshmem_##KEY##_atomic_fetch_or_nbi(&f, &s[0], bit, pe);                      \
          rocshmem_##KEY##_atomic_fetch_and_nbi(&f, &s[1], (T)~bit, pe);                 \
          rocshmem_##KEY##_atomic_fetch_xor_nbi(&f, &s[2], bit, pe);                     \
      }                                                                                  \
    }                                                                                    \
  }
ROCSHMEM_AMO_STANDARD_TYPES(DEFINE_STD)
ROCSHMEM_AMO_EXTENDED_TYPES(DEFINE_EXT)
ROCSHMEM_AMO_BITWISE_TYPES(DEFINE_BIT)
