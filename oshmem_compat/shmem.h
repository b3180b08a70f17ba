/*
 * OpenSHMEM 1.5 API (shmem_*), for programs ported by recompiling with oshcc.
 *
 * The routines are the rocshmem_* implementation under their standard names;
 * typed families come from <rocshmem/types.def> (24 RMA types: rocshmem's 23
 * plus long double) and shared declarations from <rocshmem/api.def>.
 * Includable from C99, C11 (adds _Generic selectors) and C++ (adds overloads).
 */
#ifndef ROCSHMEM_SHMEM_H
#define ROCSHMEM_SHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem.h>

/* ---------------------------------------------------------------- constants */
#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN ROCSHMEM_MAX_NAME_LEN
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING ROCSHMEM_VENDOR_STRING
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

#define SHMEM_THREAD_SINGLE ROCSHMEM_THREAD_SINGLE
#define SHMEM_THREAD_FUNNELED ROCSHMEM_THREAD_FUNNELED
#define SHMEM_THREAD_SERIALIZED ROCSHMEM_THREAD_SERIALIZED
#define SHMEM_THREAD_MULTIPLE ROCSHMEM_THREAD_MULTIPLE

#define SHMEM_CMP_EQ ROCSHMEM_CMP_EQ
#define SHMEM_CMP_NE ROCSHMEM_CMP_NE
#define SHMEM_CMP_GT ROCSHMEM_CMP_GT
#define SHMEM_CMP_GE ROCSHMEM_CMP_GE
#define SHMEM_CMP_LT ROCSHMEM_CMP_LT
#define SHMEM_CMP_LE ROCSHMEM_CMP_LE
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

#define SHMEM_SIGNAL_SET ROCSHMEM_SIGNAL_SET
#define SHMEM_SIGNAL_ADD ROCSHMEM_SIGNAL_ADD

/* Contexts and teams share rocshmem's handles. */
typedef rocshmem_ctx_t shmem_ctx_t;
typedef rocshmem_team_t shmem_team_t;
#define SHMEM_CTX_PRIVATE ROCSHMEM_CTX_PRIVATE
#define SHMEM_CTX_SERIALIZED ROCSHMEM_CTX_SERIALIZED
#define SHMEM_CTX_NOSTORE ROCSHMEM_CTX_NOSTORE
#define SHMEM_CTX_DEFAULT ROCSHMEM_CTX_DEFAULT
#define SHMEM_CTX_INVALID ROCSHMEM_CTX_INVALID
#define SHMEM_TEAM_WORLD ROCSHMEM_TEAM_WORLD
#define SHMEM_TEAM_SHARED ROCSHMEM_TEAM_SHARED
#define SHMEM_TEAM_INVALID ROCSHMEM_TEAM_INVALID
typedef rocshmem_team_config_t shmem_team_config_t;
#define SHMEM_TEAM_NUM_CONTEXTS ROCSHMEM_TEAM_NUM_CONTEXTS

/* Allocation hints (shmem_malloc_with_hints). */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* Deprecated work-array constants still used by 1.x codes. */
#define SHMEM_SYNC_VALUE 0L
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define SHMEM_BCAST_SYNC_SIZE 64
#define SHMEM_BARRIER_SYNC_SIZE 64
#define SHMEM_REDUCE_SYNC_SIZE 64
#define SHMEM_COLLECT_SYNC_SIZE 64
#define SHMEM_ALLTOALL_SYNC_SIZE 64
#define SHMEM_ALLTOALLS_SYNC_SIZE 64
#define SHMEM_SYNC_SIZE 64
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- setup */
void shmem_init(void);
int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);
void shmem_finalize(void);

/* ---------------------------------------------------------------- shared with rocshmem_* */
ROCSHMEM_API_COMMON_DECLS(shmem)
#define SHMEM_DECLARE_RMA(KEY, T) ROCSHMEM_API_RMA_TYPED_DECLS(shmem, KEY, T)
SHMEM_RMA_TYPES(SHMEM_DECLARE_RMA)
#undef SHMEM_DECLARE_RMA
#define SHMEM_DECLARE_AMO_STD(KEY, T) ROCSHMEM_API_AMO_STANDARD(shmem, KEY, T, ROCSHMEM_DECL_BODY)
#define SHMEM_DECLARE_AMO_EXT(KEY, T) ROCSHMEM_API_AMO_EXTENDED(shmem, KEY, T, ROCSHMEM_DECL_BODY)
#define SHMEM_DECLARE_AMO_BIT(KEY, T) ROCSHMEM_API_AMO_BITWISE(shmem, KEY, T, ROCSHMEM_DECL_BODY)
#define SHMEM_DECLARE_P2P(KEY, T) ROCSHMEM_API_P2P(shmem, KEY, T, ROCSHMEM_DECL_BODY)
ROCSHMEM_AMO_STANDARD_TYPES(SHMEM_DECLARE_AMO_STD)
ROCSHMEM_AMO_EXTENDED_TYPES(SHMEM_DECLARE_AMO_EXT)
ROCSHMEM_AMO_BITWISE_TYPES(SHMEM_DECLARE_AMO_BIT)
ROCSHMEM_P2P_TYPES(SHMEM_DECLARE_P2P)
#undef SHMEM_DECLARE_AMO_STD
#undef SHMEM_DECLARE_AMO_EXT
#undef SHMEM_DECLARE_AMO_BIT
#undef SHMEM_DECLARE_P2P
#define SHMEM_DECLARE_REDUCE_BIT(KEY, T) ROCSHMEM_API_REDUCE_BITWISE(shmem, KEY, T, ROCSHMEM_DECL_BODY)
#define SHMEM_DECLARE_REDUCE_MINMAX(KEY, T) ROCSHMEM_API_REDUCE_MINMAX(shmem, KEY, T, ROCSHMEM_DECL_BODY)
#define SHMEM_DECLARE_REDUCE_SUMPROD(KEY, T) ROCSHMEM_API_REDUCE_SUMPROD(shmem, KEY, T, ROCSHMEM_DECL_BODY)
ROCSHMEM_REDUCE_BITWISE_TYPES(SHMEM_DECLARE_REDUCE_BIT)
ROCSHMEM_REDUCE_ARITH_TYPES(SHMEM_DECLARE_REDUCE_MINMAX)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(SHMEM_DECLARE_REDUCE_MINMAX)
ROCSHMEM_REDUCE_ARITH_TYPES(SHMEM_DECLARE_REDUCE_SUMPROD)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(SHMEM_DECLARE_REDUCE_SUMPROD)
SHMEM_REDUCE_COMPLEX_TYPES(SHMEM_DECLARE_REDUCE_SUMPROD)
#undef SHMEM_DECLARE_REDUCE_BIT
#undef SHMEM_DECLARE_REDUCE_MINMAX
#undef SHMEM_DECLARE_REDUCE_SUMPROD

/* Sized RMA: shmem_put32, shmem_iget64, shmem_put128_nbi, shmem_put64_signal ... */
#define SHMEM_DECLARE_SIZED(BITS)                                                       \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)     \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)  \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)
SHMEM_RMA_SIZES(SHMEM_DECLARE_SIZED)
#undef SHMEM_DECLARE_SIZED

/* ---------------------------------------------------------------- active-set collectives (1.x)
 * The PEs are PE_start + i * 2^logPE_stride for i < PE_size.  pSync and pWrk
 * are accepted and left untouched (synchronization uses internal counters), so
 * pSync stays at SHMEM_SYNC_VALUE and may be reused at once. */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);
#define SHMEM_DECLARE_ACTIVE_SET(BITS)                                                         \
  void shmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root,       \
                             int PE_start, int logPE_stride, int PE_size, long *pSync);        \
  void shmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start,        \
                           int logPE_stride, int PE_size, long *pSync);                        \
  void shmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start,       \
                            int logPE_stride, int PE_size, long *pSync);                       \
  void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start,       \
                            int logPE_stride, int PE_size, long *pSync);                       \
  void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,     \
                             size_t nelems, int PE_start, int logPE_stride, int PE_size,       \
                             long *pSync);
SHMEM_DECLARE_ACTIVE_SET(32)
SHMEM_DECLARE_ACTIVE_SET(64)
#undef SHMEM_DECLARE_ACTIVE_SET
#define SHMEM_DECLARE_TO_ALL(KEY, T, OP)                                                       \
  void shmem_##KEY##_##OP##_to_all(T *dest, const T *source, int nreduce, int PE_start,        \
                                   int logPE_stride, int PE_size, T *pWrk, long *pSync);
#define SHMEM_DECLARE_TO_ALL_BIT(KEY, T) \
  SHMEM_DECLARE_TO_ALL(KEY, T, and) SHMEM_DECLARE_TO_ALL(KEY, T, or) SHMEM_DECLARE_TO_ALL(KEY, T, xor)
#define SHMEM_DECLARE_TO_ALL_MINMAX(KEY, T) SHMEM_DECLARE_TO_ALL(KEY, T, max) SHMEM_DECLARE_TO_ALL(KEY, T, min)
#define SHMEM_DECLARE_TO_ALL_SUMPROD(KEY, T) SHMEM_DECLARE_TO_ALL(KEY, T, sum) SHMEM_DECLARE_TO_ALL(KEY, T, prod)
SHMEM_TO_ALL_BITWISE_TYPES(SHMEM_DECLARE_TO_ALL_BIT)
SHMEM_TO_ALL_ARITH_TYPES(SHMEM_DECLARE_TO_ALL_MINMAX)
SHMEM_TO_ALL_ARITH_TYPES(SHMEM_DECLARE_TO_ALL_SUMPROD)
SHMEM_REDUCE_COMPLEX_TYPES(SHMEM_DECLARE_TO_ALL_SUMPROD)
#undef SHMEM_DECLARE_TO_ALL
#undef SHMEM_DECLARE_TO_ALL_BIT
#undef SHMEM_DECLARE_TO_ALL_MINMAX
#undef SHMEM_DECLARE_TO_ALL_SUMPROD

/* ---------------------------------------------------------------- profiling
 * Levels as in MPI_Pcontrol (0 off, 1 on, 2 flush ...); rocshmem has no
 * profiling library of its own, so the call only has meaning to a tool that
 * interposes on it. */
void shmem_pcontrol(const int level, ...);

/* ---------------------------------------------------------------- deprecated 1.x names */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
int my_pe(void);
int num_pes(void);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmemalign(size_t alignment, size_t size);
void globalexit(int status);

/* 1.x atomics: shmem_int_fadd, shmem_long_cswap, shmem_double_swap ... */
#define SHMEM_DECLARE_DEPRECATED_AMO(KEY, T)                         \
  T shmem_##KEY##_fadd(T *dest, T value, int pe);                    \
  T shmem_##KEY##_finc(T *dest, int pe);                             \
  void shmem_##KEY##_add(T *dest, T value, int pe);                  \
  void shmem_##KEY##_inc(T *dest, int pe);                           \
  T shmem_##KEY##_cswap(T *dest, T cond, T value, int pe);
#define SHMEM_DECLARE_DEPRECATED_AMO_EXT(KEY, T)                     \
  T shmem_##KEY##_swap(T *dest, T value, int pe);                    \
  T shmem_##KEY##_fetch(const T *source, int pe);                    \
  void shmem_##KEY##_set(T *dest, T value, int pe);
SHMEM_DEPRECATED_AMO_TYPES(SHMEM_DECLARE_DEPRECATED_AMO)
SHMEM_DEPRECATED_AMO_TYPES(SHMEM_DECLARE_DEPRECATED_AMO_EXT)
SHMEM_DEPRECATED_AMO_FLOAT_TYPES(SHMEM_DECLARE_DEPRECATED_AMO_EXT)
#undef SHMEM_DECLARE_DEPRECATED_AMO
#undef SHMEM_DECLARE_DEPRECATED_AMO_EXT
long shmem_swap(long *dest, long value, int pe);

/* 1.x waits: shmem_wait (until *ivar != value), shmem_TYPE_wait. */
void shmem_wait(long *ivar, long cmp_value);
#if !defined(__cplusplus) || defined(ROCSHMEM_BUILDING_LIBRARY)
/* C++ programs reach this through the shmem_wait_until(long *, ...) overload. */
void shmem_wait_until(long *ivar, int cmp, long cmp_value);
#endif
#define SHMEM_DECLARE_DEPRECATED_WAIT(KEY, T) void shmem_##KEY##_wait(T *ivar, T cmp_value);
SHMEM_DEPRECATED_WAIT_TYPES(SHMEM_DECLARE_DEPRECATED_WAIT)
#undef SHMEM_DECLARE_DEPRECATED_WAIT

/* Cache management (deprecated since 1.3): no-ops, the memory is coherent. */
void shmem_clear_cache_inv(void);
void shmem_set_cache_inv(void);
void shmem_clear_cache_line_inv(void *dest);
void shmem_set_cache_line_inv(void *dest);
void shmem_udcflush(void);
void shmem_udcflush_line(void *dest);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* C11 _Generic selectors and C++ overloads (shmem_put, shmem_atomic_fetch_add ...). */
#ifndef ROCSHMEM_BUILDING_LIBRARY /* the library defines the typed names only */
#include <rocshmem/shmem_generic.h>
#endif

#endif /* ROCSHMEM_SHMEM_H */
