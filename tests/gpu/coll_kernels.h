/* Kernels of tests/gpu/coll.cu, in their own translation unit.  Launched
 * with one block of COLL_THREADS threads; `gran` picks the form: thread 0
 * calls the thread form, the first wavefront the _wave form, the whole
 * block the _wg form. */
#ifndef ROCSHMEM_TESTS_GPU_COLL_KERNELS_H
#define ROCSHMEM_TESTS_GPU_COLL_KERNELS_H

#include <rocshmem/rocshmem_device.h>

enum { GRAN_THREAD, GRAN_WAVE, GRAN_WG, GRAN_COUNT };
enum { COLL_BROADCAST, COLL_FCOLLECT, COLL_ALLTOALL, COLL_COUNT };
/* Reduction ops in the order of the routine names (and, or, xor, max, min,
 * sum, prod): a bitwise kernel takes 0..2, an arithmetic one 3..6. */
enum { OP_AND, OP_OR, OP_XOR, OP_MAX, OP_MIN, OP_SUM, OP_PROD, OP_COUNT };
enum { COLL_THREADS = 256 };
typedef unsigned long long ull;

/* out: team_my_pe, team_n_pes, translate(team, 0 -> WORLD),
 * translate(WORLD, my_pe -> team), team_my_pe(INVALID), team_n_pes(INVALID),
 * ROCSHMEM_TEAM_WORLD == world (the host's handle), team_n_pes(SHARED),
 * translate(team, n_pes -> WORLD) */
__global__ void team_query(rocshmem_team_t team, rocshmem_team_t world, int *out);
/* op (COLL_*) of nbytes per block; typed: the int form (nbytes % 4 == 0) */
__global__ void data_coll(int op, int gran, int typed, rocshmem_team_t team, void *dest,
                          const void *source, size_t nbytes, int root);
/* team sync and barrier rounds on team: p to the next member, barrier, check */
__global__ void team_barrier_rounds(int gran, rocshmem_team_t team, int *slot, int rounds,
                                    ull *errors);
/* rocshmem_int_sum_reduce(ROCSHMEM_TEAM_WORLD, buf, buf, n) from inside a kernel */
__global__ void world_sum(int *buf, size_t n);
/* iters rounds of fcollect, alltoall, broadcast and an in-place sum, no
 * barrier between them, each checked in the kernel; out: two sets of 3 x n
 * ints, used in turn */
__global__ void back_to_back(rocshmem_team_t team, int *src, int *out, int *red, int iters,
                             ull *errors);
/* rocshmem_int_sum_reduce on an unknown team handle (must trap) */
__global__ void bad_team(int *buf);

/* Per arithmetic reduction type: fill (gt_reduce_value of every element)
 * and reduce_KEY (max/min/sum/prod); per bitwise type reduce_bit_KEY
 * (and/or/xor).  scatter: the reduce_scatter form. */
#define COLL_DECLARE_REDUCE_KERNELS(KEY, T)                                                  \
  __global__ void fill_##KEY(T *buf, size_t n, int pe, int bitwise);                       \
  __global__ void reduce_##KEY(int op, int gran, int scatter, rocshmem_team_t team, T *dest, \
                               const T *source, size_t n);
#define COLL_DECLARE_REDUCE_BIT_KERNELS(KEY, T)                                               \
  __global__ void reduce_bit_##KEY(int op, int gran, int scatter, rocshmem_team_t team,       \
                                   T *dest, const T *source, size_t n);
ROCSHMEM_REDUCE_ARITH_TYPES(COLL_DECLARE_REDUCE_KERNELS)
ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(COLL_DECLARE_REDUCE_KERNELS)
ROCSHMEM_REDUCE_BITWISE_TYPES(COLL_DECLARE_REDUCE_BIT_KERNELS)

/* The source value of element i on PE pe: small, so that every reduction
 * of up to 4 PEs is exact in every type (products <= 81, sums <= 12). */
ROCSHMEM_HOST_DEVICE static inline ull gt_reduce_value(int pe, size_t i, int bitwise) {
  if (bitwise) return (i * 37 + (size_t)pe * 11 + 5) & 0x7f;
  return 1 + ((size_t)pe + 2 * i) % 3;
}

#endif
