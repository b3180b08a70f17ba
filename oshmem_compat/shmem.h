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
#define SHMEM_DECLARE_TYPED(KEY, T) ROCSHMEM_API_TYPED_DECLS(shmem, KEY, T)
SHMEM_RMA_TYPES(SHMEM_DECLARE_TYPED)
#undef SHMEM_DECLARE_TYPED

/* Sized RMA: shmem_put32, shmem_iget64, shmem_put128_nbi ... */
#define SHMEM_DECLARE_SIZED(BITS)                                              \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY) \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_SIZED_NAME, shmem, BITS, void, ROCSHMEM_DECL_BODY)
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

#ifdef __cplusplus
} /* extern "C" */
#endif

/* ---------------------------------------------------------------- generic selection */
#if defined(__cplusplus)
/* C++: overloads on the distinct C types (the fixed-width names are typedefs
 * of these). */
#define SHMEM_CXX_OVERLOADS(KEY, T)                                                          \
  static inline void shmem_put(T *d, const T *s, size_t n, int pe) { shmem_##KEY##_put(d, s, n, pe); } \
  static inline void shmem_get(T *d, const T *s, size_t n, int pe) { shmem_##KEY##_get(d, s, n, pe); } \
  static inline void shmem_put_nbi(T *d, const T *s, size_t n, int pe) { shmem_##KEY##_put_nbi(d, s, n, pe); } \
  static inline void shmem_get_nbi(T *d, const T *s, size_t n, int pe) { shmem_##KEY##_get_nbi(d, s, n, pe); } \
  static inline void shmem_iput(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
  { shmem_##KEY##_iput(d, s, dst, sst, n, pe); }                                             \
  static inline void shmem_iget(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
  { shmem_##KEY##_iget(d, s, dst, sst, n, pe); }                                             \
  static inline void shmem_p(T *d, T v, int pe) { shmem_##KEY##_p(d, v, pe); }               \
  static inline T shmem_g(const T *s, int pe) { return shmem_##KEY##_g(s, pe); }
ROCSHMEM_RMA_BASE_TYPES(SHMEM_CXX_OVERLOADS)
SHMEM_RMA_EXTRA_TYPES(SHMEM_CXX_OVERLOADS)
#undef SHMEM_CXX_OVERLOADS
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SHMEM_GENERIC_CASE_put(KEY, T) T *: shmem_##KEY##_put,
#define SHMEM_GENERIC_CASE_get(KEY, T) T *: shmem_##KEY##_get,
#define SHMEM_GENERIC_CASE_put_nbi(KEY, T) T *: shmem_##KEY##_put_nbi,
#define SHMEM_GENERIC_CASE_get_nbi(KEY, T) T *: shmem_##KEY##_get_nbi,
#define SHMEM_GENERIC_CASE_iput(KEY, T) T *: shmem_##KEY##_iput,
#define SHMEM_GENERIC_CASE_iget(KEY, T) T *: shmem_##KEY##_iget,
#define SHMEM_GENERIC_CASE_p(KEY, T) T *: shmem_##KEY##_p,
#define SHMEM_GENERIC_CASE_g(KEY, T) const T *: shmem_##KEY##_g, T *: shmem_##KEY##_g,
/* Selects on the type of the first pointer argument. */
#define SHMEM_GENERIC(OP, first)                                     \
  _Generic((first), ROCSHMEM_RMA_BASE_TYPES(SHMEM_GENERIC_CASE_##OP) \
                        SHMEM_RMA_EXTRA_TYPES(SHMEM_GENERIC_CASE_##OP) default: shmem_generic_type_error)
void shmem_generic_type_error(void); /* never defined: an unsupported type fails to link */
#define shmem_put(dest, ...) SHMEM_GENERIC(put, dest)(dest, __VA_ARGS__)
#define shmem_get(dest, ...) SHMEM_GENERIC(get, dest)(dest, __VA_ARGS__)
#define shmem_put_nbi(dest, ...) SHMEM_GENERIC(put_nbi, dest)(dest, __VA_ARGS__)
#define shmem_get_nbi(dest, ...) SHMEM_GENERIC(get_nbi, dest)(dest, __VA_ARGS__)
#define shmem_iput(dest, ...) SHMEM_GENERIC(iput, dest)(dest, __VA_ARGS__)
#define shmem_iget(dest, ...) SHMEM_GENERIC(iget, dest)(dest, __VA_ARGS__)
#define shmem_p(dest, ...) SHMEM_GENERIC(p, dest)(dest, __VA_ARGS__)
#define shmem_g(source, ...) SHMEM_GENERIC(g, source)(source, __VA_ARGS__)
#endif

#endif /* ROCSHMEM_SHMEM_H */
