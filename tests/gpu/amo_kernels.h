/* Kernels of tests/gpu/amo.cu (own translation unit), one per type of each
 * AMO table of types.def.  Threads of every PE hit every PE. */
#ifndef ROCSHMEM_TESTS_GPU_AMO_KERNELS_H
#define ROCSHMEM_TESTS_GPU_AMO_KERNELS_H

#include <rocshmem/rocshmem_device.h>

/* AMO_PROXY_THREADS: at least 64, so that every bit of a 64-bit word is
 * touched by the bitwise kernels. */
enum { AMO_BLOCKS = 2, AMO_THREADS = 128, AMO_PROXY_THREADS = 64, STD_SLOTS = 8 };
typedef unsigned long long ull;

/* slots[STD_SLOTS]: fetch_add 1, add 2, inc, fetch_inc, compare_swap loop
 * (+1 by every cas_every-th thread), fetch_add_nbi 3, fetch_inc_nbi,
 * compare_swap_nbi 0->1 (one winner); sums[pe * 3 + k]: sums of fetched
 * values (k 0, 1) and CAS winners (k 2). */
#define DECLARE_STD(KEY, T) __global__ void amo_std_##KEY(T *slots, ull *sums, unsigned cas_every);
/* slots[0]: swap chain of unique values (sums[pe] += fetched);
 * slots[1 + pe]: set by PE pe to pe + 1. */
#define DECLARE_EXT(KEY, T)                                   \
  __global__ void amo_ext_##KEY(T *slots, ull *sums);        \
  __global__ void amo_ext_fetch_##KEY(T *slots, ull *errors);
/* slots[0] |= every bit, slots[1] &= ~every bit, slots[2] ^= every bit an
 * even number of times. */
#define DECLARE_BIT(KEY, T) __global__ void amo_bit_##KEY(T *slots);
ROCSHMEM_AMO_STANDARD_TYPES(DECLARE_STD)
ROCSHMEM_AMO_EXTENDED_TYPES(DECLARE_EXT)
ROCSHMEM_AMO_BITWISE_TYPES(DECLARE_BIT)
#undef DECLARE_STD
#undef DECLARE_EXT
#undef DECLARE_BIT

#endif
