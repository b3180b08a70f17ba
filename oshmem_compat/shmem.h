/*
 * OpenSHMEM 1.5 API (shmem_*), for programs ported by recompiling with oshcc.
 *
 * The routines are the rocshmem_* implementation under their standard names;
 * typed families come from <rocshmem/types.def> (25 RMA types: rocshmem's 24
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

/* Sized RMA: shmem_put32, shmem_iget64, shmem_put128_nbi, shmem_put64_signal ... */
#define SHMEM_DECLARE_SIZED(BITS)                                                       \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)     \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)  \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)
SHMEM_RMA_SIZES(SHMEM_DECLARE_SIZED)
#undef SHMEM_DECLARE_SIZED

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

#ifdef __cplusplus
} /* extern "C" */
#endif

/* C11 _Generic selectors and C++ overloads (shmem_put, shmem_atomic_fetch_add ...). */
#ifndef ROCSHMEM_BUILDING_LIBRARY /* the library defines the typed names only */
#include <rocshmem/shmem_generic.h>
#endif

#endif /* ROCSHMEM_SHMEM_H */
