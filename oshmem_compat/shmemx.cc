/* shmemx_* extensions (shmemx.h): each forwards to the library's shmem_*
 * routines, so they inherit their argument checks and transports.  In the
 * library build those calls go to the pshmem_* symbols, so a profiling tool
 * sees the shmemx_ call, not the routines it is built from. */
#include <shmemx.h>

#include <time.h>

#include "core/log.h"

namespace {
/* int16/32/64 *_to_all are the short/int/long ones of the same width. */
template <size_t Bytes> struct ToAllType;
template <> struct ToAllType<2> { typedef short type; };
template <> struct ToAllType<4> { typedef int type; };
template <> struct ToAllType<8> { typedef long type; };
}  // namespace

extern "C" {

/* ---------------------------------------------------------------- OpenSHMEM 1.6 aliases
 * The 1.6 routines are standard now (<shmem.h>); these names stay for
 * programs built against the earlier <shmemx.h>, one forwarding line each. */
#define SHMEMX_ALIAS_IBLOCKED(KEY, T)                                                          \
  void shmemx_##KEY##_ibput(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t b, size_t n, \
                            int pe) { shmem_##KEY##_ibput(d, s, dst, sst, b, n, pe); }          \
  void shmemx_##KEY##_ibget(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t b, size_t n, \
                            int pe) { shmem_##KEY##_ibget(d, s, dst, sst, b, n, pe); }          \
  void shmemx_ctx_##KEY##_ibput(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,  \
                                size_t b, size_t n, int pe) {                                   \
    shmem_ctx_##KEY##_ibput(c, d, s, dst, sst, b, n, pe);                                       \
  }                                                                                             \
  void shmemx_ctx_##KEY##_ibget(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,  \
                                size_t b, size_t n, int pe) {                                   \
    shmem_ctx_##KEY##_ibget(c, d, s, dst, sst, b, n, pe);                                       \
  }
SHMEM_RMA_TYPES(SHMEMX_ALIAS_IBLOCKED)

#define SHMEMX_ALIAS_IBLOCKED_SIZED(BITS)                                                      \
  void shmemx_ibput##BITS(void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t b,       \
                          size_t n, int pe) { shmem_ibput##BITS(d, s, dst, sst, b, n, pe); }    \
  void shmemx_ibget##BITS(void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t b,       \
                          size_t n, int pe) { shmem_ibget##BITS(d, s, dst, sst, b, n, pe); }    \
  void shmemx_ctx_ibput##BITS(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst,             \
                              ptrdiff_t sst, size_t b, size_t n, int pe) {                      \
    shmem_ctx_ibput##BITS(c, d, s, dst, sst, b, n, pe);                                         \
  }                                                                                             \
  void shmemx_ctx_ibget##BITS(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst,             \
                              ptrdiff_t sst, size_t b, size_t n, int pe) {                      \
    shmem_ctx_ibget##BITS(c, d, s, dst, sst, b, n, pe);                                         \
  }
SHMEM_RMA_SIZES(SHMEMX_ALIAS_IBLOCKED_SIZED)

#define SHMEMX_ALIAS_SCAN(KEY, T)                                                              \
  int shmemx_##KEY##_sum_inscan(shmem_team_t t, T *d, const T *s, size_t n) {                   \
    return shmem_##KEY##_sum_inscan(t, d, s, n);                                                \
  }                                                                                             \
  int shmemx_##KEY##_sum_exscan(shmem_team_t t, T *d, const T *s, size_t n) {                   \
    return shmem_##KEY##_sum_exscan(t, d, s, n);                                                \
  }
ROCSHMEM_REDUCE_ARITH_TYPES(SHMEMX_ALIAS_SCAN)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(SHMEMX_ALIAS_SCAN)

/* rocshmem's signature (no context), which 1.6 kept; Sandia's OpenSHMEM
 * had a context first in its shmemx_signal_set. */
void shmemx_signal_add(uint64_t *a, uint64_t v, int pe) { shmem_signal_add(a, v, pe); }
void shmemx_signal_set(uint64_t *a, uint64_t v, int pe) { shmem_signal_set(a, v, pe); }
void shmemx_pe_quiet(const int *pes, size_t n) { shmem_pe_quiet(pes, n); }
void shmemx_ctx_pe_quiet(shmem_ctx_t c, const int *pes, size_t n) { shmem_ctx_pe_quiet(c, pes, n); }
void *shmemx_team_ptr(shmem_team_t t, const void *d, int pe) { return shmem_team_ptr(t, d, pe); }
/* Checked here too: its one error keeps naming the routine that was called. */
void shmemx_query_initialized(int *initialized) {
  if (!initialized) rocshmem::fatal("shmemx_query_initialized", "initialized = NULL");
  shmem_query_initialized(initialized);
}

double shmemx_wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---------------------------------------------------------------- Open MPI OSHMEM names */
void *shmemx_malloc_with_hint(size_t size, long hint) {
  (void)hint;
  return shmem_malloc(size);
}

#define SHMEMX_DEFINE_OSHMEM_PG(KEY, T)                                             \
  void shmemx_##KEY##_p(T *addr, T value, int pe) { shmem_##KEY##_p(addr, value, pe); } \
  T shmemx_##KEY##_g(const T *addr, int pe) { return shmem_##KEY##_g(addr, pe); }
SHMEMX_OSHMEM_PG_TYPES(SHMEMX_DEFINE_OSHMEM_PG)

#define SHMEMX_DEFINE_OSHMEM_AMO(KEY, T)                                                    \
  T shmemx_##KEY##_swap(T *target, T value, int pe) {                                       \
    return shmem_##KEY##_atomic_swap(target, value, pe);                                    \
  }                                                                                         \
  void shmemx_##KEY##_set(T *target, T value, int pe) {                                     \
    shmem_##KEY##_atomic_set(target, value, pe);                                            \
  }                                                                                         \
  T shmemx_##KEY##_cswap(T *target, T cond, T value, int pe) {                              \
    return shmem_##KEY##_atomic_compare_swap(target, cond, value, pe);                      \
  }                                                                                         \
  T shmemx_##KEY##_fadd(T *target, T value, int pe) {                                       \
    return shmem_##KEY##_atomic_fetch_add(target, value, pe);                               \
  }                                                                                         \
  T shmemx_##KEY##_fetch(const T *target, int pe) {                                         \
    return shmem_##KEY##_atomic_fetch(target, pe);                                          \
  }                                                                                         \
  T shmemx_##KEY##_finc(T *target, int pe) { return shmem_##KEY##_atomic_fetch_inc(target, pe); } \
  void shmemx_##KEY##_add(T *target, T value, int pe) {                                     \
    shmem_##KEY##_atomic_add(target, value, pe);                                            \
  }                                                                                         \
  void shmemx_##KEY##_inc(T *target, int pe) { shmem_##KEY##_atomic_inc(target, pe); }      \
  void shmemx_##KEY##_wait(T *addr, T value) {                                              \
    shmem_##KEY##_wait_until(addr, SHMEM_CMP_NE, value);                                    \
  }                                                                                         \
  void shmemx_##KEY##_wait_until(T *addr, int cmp, T value) {                               \
    shmem_##KEY##_wait_until(addr, cmp, value);                                             \
  }
SHMEMX_OSHMEM_AMO_TYPES(SHMEMX_DEFINE_OSHMEM_AMO)

#define SHMEMX_DEFINE_OSHMEM_BITWISE(KEY, T)                                               \
  T shmemx_##KEY##_atomic_fetch_and(T *target, T value, int pe) {                          \
    return shmem_##KEY##_atomic_fetch_and(target, value, pe);                              \
  }                                                                                        \
  T shmemx_##KEY##_atomic_fetch_or(T *target, T value, int pe) {                           \
    return shmem_##KEY##_atomic_fetch_or(target, value, pe);                               \
  }                                                                                        \
  T shmemx_##KEY##_atomic_fetch_xor(T *target, T value, int pe) {                          \
    return shmem_##KEY##_atomic_fetch_xor(target, value, pe);                              \
  }                                                                                        \
  void shmemx_##KEY##_atomic_and(T *target, T value, int pe) {                             \
    shmem_##KEY##_atomic_and(target, value, pe);                                           \
  }                                                                                        \
  void shmemx_##KEY##_atomic_or(T *target, T value, int pe) {                              \
    shmem_##KEY##_atomic_or(target, value, pe);                                            \
  }                                                                                        \
  void shmemx_##KEY##_atomic_xor(T *target, T value, int pe) {                             \
    shmem_##KEY##_atomic_xor(target, value, pe);                                           \
  }
SHMEMX_OSHMEM_BITWISE_TYPES(SHMEMX_DEFINE_OSHMEM_BITWISE)

#define SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, OP, BASEKEY)                                        \
  void shmemx_##KEY##_##OP##_to_all(T *target, const T *source, int nreduce, int PE_start,     \
                                    int logPE_stride, int PE_size, T *pWrk, long *pSync) {     \
    typedef ToAllType<sizeof(T)>::type B;                                                      \
    static_assert(sizeof(B) == sizeof(T), "same width");                                       \
    shmem_##BASEKEY##_##OP##_to_all((B *)target, (const B *)source, nreduce, PE_start,         \
                                    logPE_stride, PE_size, (B *)pWrk, pSync);                  \
  }
#define SHMEMX_DEFINE_OSHMEM_TO_ALL_OPS(KEY, T, BASEKEY)                                     \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, and, BASEKEY)                                          \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, or, BASEKEY)                                           \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, xor, BASEKEY)                                          \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, max, BASEKEY)                                          \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, min, BASEKEY)                                          \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, sum, BASEKEY)                                          \
  SHMEMX_DEFINE_OSHMEM_TO_ALL(KEY, T, prod, BASEKEY)
SHMEMX_DEFINE_OSHMEM_TO_ALL_OPS(int16, int16_t, short)
SHMEMX_DEFINE_OSHMEM_TO_ALL_OPS(int32, int32_t, int)
SHMEMX_DEFINE_OSHMEM_TO_ALL_OPS(int64, int64_t, long)

void shmemx_alltoall_global_nb(void *dest, const void *source, size_t size, long *counter) {
  int me = shmem_my_pe(), npes = shmem_n_pes();
  for (int i = 0; i < npes; i++) {
    int pe = (me + i) % npes;
    shmem_putmem_nbi((char *)dest + (size_t)me * size, (const char *)source + (size_t)pe * size,
                     size, pe);
  }
  shmem_fence(); /* the data before the counter, per target PE */
  for (int i = 0; i < npes; i++) shmem_long_atomic_inc(counter, (me + i) % npes);
}

}  // extern "C"
