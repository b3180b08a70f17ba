/* rocshmem extensions to OpenSHMEM (shmemx_* names only, never shmem_*
 * routines: programs opt in by including this header).
 *  - the OpenSHMEM 1.6 routines under the shmemx_ names they had here before
 *    <shmem.h> declared the standard ones: signal_add/set, TYPE_ibput/ibget
 *    (and ctx_, sized forms), pe_quiet, ctx_pe_quiet, team_ptr,
 *    TYPE_sum_inscan/exscan, query_initialized.  Aliases: each calls its
 *    shmem_ routine; new code should use those;
 *  - shmemx_wtime;
 *  - the shmemx_ names of Open MPI's OSHMEM that legacy codes use (int16/32/
 *    64 p/g, int32/64 atomics and waits, int16/32/64 *_to_all,
 *    alltoall_global_nb, malloc_with_hint) and its shmem_int32_swap ...
 *    compatibility macros.
 * All are implemented (oshmem_compat/shmemx.cc) by forwarding to the
 * library's shmem_* routines.  man shmemx(3). */
#ifndef ROCSHMEM_SHMEMX_H
#define ROCSHMEM_SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- OpenSHMEM 1.6 aliases */
/* Atomically add to / set a remote signal without moving data. */
void shmemx_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
void shmemx_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);

/* Blocked strided RMA: nblocks blocks of bsize contiguous elements; block i
 * goes from source + i * sst to dest + i * dst (strides in elements). */
#define SHMEMX_DECLARE_IBLOCKED(KEY, T)                                                      \
  void shmemx_##KEY##_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,          \
                            size_t bsize, size_t nblocks, int pe);                           \
  void shmemx_##KEY##_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,          \
                            size_t bsize, size_t nblocks, int pe);                           \
  void shmemx_ctx_##KEY##_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,    \
                                ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);        \
  void shmemx_ctx_##KEY##_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,    \
                                ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
SHMEM_RMA_TYPES(SHMEMX_DECLARE_IBLOCKED)
#undef SHMEMX_DECLARE_IBLOCKED
#define SHMEMX_DECLARE_IBLOCKED_SIZED(BITS)                                                  \
  void shmemx_ibput##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,      \
                          size_t bsize, size_t nblocks, int pe);                             \
  void shmemx_ibget##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,      \
                          size_t bsize, size_t nblocks, int pe);                             \
  void shmemx_ctx_ibput##BITS(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, \
                              ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);          \
  void shmemx_ctx_ibget##BITS(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, \
                              ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
SHMEM_RMA_SIZES(SHMEMX_DECLARE_IBLOCKED_SIZED)
#undef SHMEMX_DECLARE_IBLOCKED_SIZED
/* The generic names of codes written before 1.6, selected by the type of
 * dest (or a context first) like shmem_ibput/shmem_ibget of
 * <rocshmem/shmem_generic.h>, which they are: the typed shmemx_ routines
 * are aliases of the shmem_ ones.  C11 and C++, as every generic. */
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
#define shmemx_ibput shmem_ibput
#define shmemx_ibget shmem_ibget
#endif

/* Completion of the operations issued to the listed PEs only (here: quiet). */
void shmemx_pe_quiet(const int *target_pes, size_t npes);
void shmemx_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes);

/* shmem_ptr with pe numbered in team. */
void *shmemx_team_ptr(shmem_team_t team, const void *dest, int pe);

/* Team scans: dest[i] = sum of source[i] over the team's PEs 0..me
 * (inscan) or 0..me-1 (exscan; 0 on PE 0).  Collective over team; 0 on
 * success, nonzero for an invalid team. */
#define SHMEMX_DECLARE_SCAN(KEY, T)                                                          \
  int shmemx_##KEY##_sum_inscan(shmem_team_t team, T *dest, const T *source, size_t nelems); \
  int shmemx_##KEY##_sum_exscan(shmem_team_t team, T *dest, const T *source, size_t nelems);
ROCSHMEM_REDUCE_ARITH_TYPES(SHMEMX_DECLARE_SCAN)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(SHMEMX_DECLARE_SCAN)
#undef SHMEMX_DECLARE_SCAN

/* *initialized = 1 between shmem_init and shmem_finalize, else 0. */
void shmemx_query_initialized(int *initialized);

/* ---------------------------------------------------------------- rocshmem */
/* Seconds since an arbitrary fixed point of this process (monotonic). */
double shmemx_wtime(void);

/* ---------------------------------------------------------------- Open MPI OSHMEM */
enum {
  SHMEM_HINT_NONE = 0,
  SHMEM_HINT_LOW_LAT_MEM = 1 << 0,
  SHMEM_HINT_HIGH_BW_MEM = 1 << 1,
  SHMEM_HINT_NEAR_NIC_MEM = 1 << 2,
  SHMEM_HINT_DEVICE_GPU_MEM = 1 << 3,
  SHMEM_HINT_DEVICE_NIC_MEM = 1 << 4,
  SHMEM_HINT_PSYNC = 1 << 16,
  SHMEM_HINT_PWORK = 1 << 17,
  SHMEM_HINT_ATOMICS = 1 << 18
};
/* The hints are accepted and ignored: shmem_malloc. */
void *shmemx_malloc_with_hint(size_t size, long hint);

#define SHMEMX_DECLARE_OSHMEM_PG(KEY, T)                 \
  void shmemx_##KEY##_p(T *addr, T value, int pe);       \
  T shmemx_##KEY##_g(const T *addr, int pe);
#define SHMEMX_OSHMEM_PG_TYPES(X) X(int16, int16_t) X(int32, int32_t) X(int64, int64_t)
SHMEMX_OSHMEM_PG_TYPES(SHMEMX_DECLARE_OSHMEM_PG)
#undef SHMEMX_DECLARE_OSHMEM_PG

#define SHMEMX_OSHMEM_AMO_TYPES(X) X(int32, int32_t) X(int64, int64_t)
#define SHMEMX_DECLARE_OSHMEM_AMO(KEY, T)                                 \
  T shmemx_##KEY##_swap(T *target, T value, int pe);                      \
  void shmemx_##KEY##_set(T *target, T value, int pe);                    \
  T shmemx_##KEY##_cswap(T *target, T cond, T value, int pe);             \
  T shmemx_##KEY##_fadd(T *target, T value, int pe);                      \
  T shmemx_##KEY##_fetch(const T *target, int pe);                        \
  T shmemx_##KEY##_finc(T *target, int pe);                               \
  void shmemx_##KEY##_add(T *target, T value, int pe);                    \
  void shmemx_##KEY##_inc(T *target, int pe);                             \
  void shmemx_##KEY##_wait(T *addr, T value);                             \
  void shmemx_##KEY##_wait_until(T *addr, int cmp, T value);
SHMEMX_OSHMEM_AMO_TYPES(SHMEMX_DECLARE_OSHMEM_AMO)
#undef SHMEMX_DECLARE_OSHMEM_AMO

#define SHMEMX_OSHMEM_BITWISE_TYPES(X) \
  X(int32, int32_t) X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t)
#define SHMEMX_DECLARE_OSHMEM_BITWISE(KEY, T)                         \
  T shmemx_##KEY##_atomic_fetch_and(T *target, T value, int pe);      \
  T shmemx_##KEY##_atomic_fetch_or(T *target, T value, int pe);       \
  T shmemx_##KEY##_atomic_fetch_xor(T *target, T value, int pe);      \
  void shmemx_##KEY##_atomic_and(T *target, T value, int pe);         \
  void shmemx_##KEY##_atomic_or(T *target, T value, int pe);          \
  void shmemx_##KEY##_atomic_xor(T *target, T value, int pe);
SHMEMX_OSHMEM_BITWISE_TYPES(SHMEMX_DECLARE_OSHMEM_BITWISE)
#undef SHMEMX_DECLARE_OSHMEM_BITWISE

#define SHMEMX_OSHMEM_TO_ALL_TYPES(X) X(int16, int16_t) X(int32, int32_t) X(int64, int64_t)
#define SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, OP)                                          \
  void shmemx_##KEY##_##OP##_to_all(T *target, const T *source, int nreduce, int PE_start, \
                                    int logPE_stride, int PE_size, T *pWrk, long *pSync);
#define SHMEMX_DECLARE_OSHMEM_TO_ALL_OPS(KEY, T)                                           \
  SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, and) SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, or)       \
  SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, xor) SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, max)      \
  SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, min) SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, sum)      \
  SHMEMX_DECLARE_OSHMEM_TO_ALL(KEY, T, prod)
SHMEMX_OSHMEM_TO_ALL_TYPES(SHMEMX_DECLARE_OSHMEM_TO_ALL_OPS)
#undef SHMEMX_DECLARE_OSHMEM_TO_ALL_OPS
#undef SHMEMX_DECLARE_OSHMEM_TO_ALL

/* Every PE puts size bytes to each PE (source + pe * size to dest + me *
 * size) and then increments *counter there (after the data). Returns once
 * issued; the puts complete at the next quiet/barrier, and a PE knows its
 * dest is complete when its counter reached the number of PEs. */
void shmemx_alltoall_global_nb(void *dest, const void *source, size_t size, long *counter);

/* ---------------------------------------------------------------- Sandia OpenSHMEM */
/* The PEs of this PE's node, as a predefined team: here the same team as
 * SHMEM_TEAM_SHARED (which is the node). */
extern shmem_team_t SHMEMX_TEAM_NODE;
/* shmem_malloc_with_hints: no barrier on exit; the caller synchronizes
 * before other PEs access the block (man shmem_malloc(3)). */
#define SHMEMX_MALLOC_NO_BARRIER (1L << 30)

#ifdef __cplusplus
}
#endif

/* Open MPI's backward-compatibility names for the above. */
#define shmem_int32_swap shmemx_int32_swap
#define shmem_int64_swap shmemx_int64_swap
#define shmem_int32_set shmemx_int32_set
#define shmem_int64_set shmemx_int64_set
#define shmem_int32_cswap shmemx_int32_cswap
#define shmem_int64_cswap shmemx_int64_cswap
#define shmem_int32_fadd shmemx_int32_fadd
#define shmem_int64_fadd shmemx_int64_fadd
#define shmem_int32_fetch shmemx_int32_fetch
#define shmem_int64_fetch shmemx_int64_fetch
#define shmem_int32_finc shmemx_int32_finc
#define shmem_int64_finc shmemx_int64_finc
#define shmem_int32_add shmemx_int32_add
#define shmem_int64_add shmemx_int64_add
#define shmem_int32_inc shmemx_int32_inc
#define shmem_int64_inc shmemx_int64_inc
#define shmem_int32_wait shmemx_int32_wait
#define shmem_int64_wait shmemx_int64_wait
#define shmem_int16_and_to_all shmemx_int16_and_to_all
#define shmem_int32_and_to_all shmemx_int32_and_to_all
#define shmem_int64_and_to_all shmemx_int64_and_to_all
#define shmem_int16_or_to_all shmemx_int16_or_to_all
#define shmem_int32_or_to_all shmemx_int32_or_to_all
#define shmem_int64_or_to_all shmemx_int64_or_to_all
#define shmem_int16_xor_to_all shmemx_int16_xor_to_all
#define shmem_int32_xor_to_all shmemx_int32_xor_to_all
#define shmem_int64_xor_to_all shmemx_int64_xor_to_all
#define shmem_int16_max_to_all shmemx_int16_max_to_all
#define shmem_int32_max_to_all shmemx_int32_max_to_all
#define shmem_int64_max_to_all shmemx_int64_max_to_all
#define shmem_int16_min_to_all shmemx_int16_min_to_all
#define shmem_int32_min_to_all shmemx_int32_min_to_all
#define shmem_int64_min_to_all shmemx_int64_min_to_all
#define shmem_int16_sum_to_all shmemx_int16_sum_to_all
#define shmem_int32_sum_to_all shmemx_int32_sum_to_all
#define shmem_int64_sum_to_all shmemx_int64_sum_to_all
#define shmem_int16_prod_to_all shmemx_int16_prod_to_all
#define shmem_int32_prod_to_all shmemx_int32_prod_to_all
#define shmem_int64_prod_to_all shmemx_int64_prod_to_all

#endif /* ROCSHMEM_SHMEMX_H */

/* ---------------------------------------------------------------- progress counters */
/* Sandia OpenSHMEM's shmemx_pcntr_* (src/ctx/pcntr.cc): the number of puts
 * and non-fetching AMOs (writes) and of gets and fetching AMOs (reads) this
 * PE issued on a context, and how many of them have completed.  Kept apart
 * from the block above, with its own guard.  man shmemx(3). */
#ifndef ROCSHMEM_SHMEMX_PCNTR_H
#define ROCSHMEM_SHMEMX_PCNTR_H

#include <stdint.h>
#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The fields of Sandia OpenSHMEM's struct, in its order.  `target` counts
 * the operations other PEs completed on this one: 0 here.  Its earlier name
 * here, completed_target, still compiles where the C dialect has anonymous
 * unions (C11, C++). */
typedef struct {
  uint64_t pending_put;   /* writes issued and not yet completed */
  uint64_t pending_get;   /* reads issued and not yet completed */
  uint64_t completed_put; /* writes completed */
  uint64_t completed_get; /* reads completed */
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
  union {
    uint64_t target;
    uint64_t completed_target;
  };
#else
  uint64_t target;
#endif
} shmemx_pcntr_t;

void shmemx_pcntr_get_issued_write(shmem_ctx_t ctx, uint64_t *cntr_value);
void shmemx_pcntr_get_issued_read(shmem_ctx_t ctx, uint64_t *cntr_value);
void shmemx_pcntr_get_completed_write(shmem_ctx_t ctx, uint64_t *cntr_value);
void shmemx_pcntr_get_completed_read(shmem_ctx_t ctx, uint64_t *cntr_value);
void shmemx_pcntr_get_completed_target(uint64_t *cntr_value);
void shmemx_pcntr_get_all(shmem_ctx_t ctx, shmemx_pcntr_t *pcntr);

#ifdef __cplusplus
}
#endif

#endif /* ROCSHMEM_SHMEMX_PCNTR_H */
