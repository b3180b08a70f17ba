/* shmemx_* extensions (shmemx.h): each forwards to the library's shmem_*
 * routines, so they inherit their argument checks and transports.  In the
 * library build those calls go to the pshmem_* symbols, so a profiling tool
 * sees the shmemx_ call, not the routines it is built from. */
#include <shmemx.h>

#include <string.h>
#include <time.h>

#include <vector>

#include "core/log.h"
#include "core/runtime.h"

namespace {
/* int16/32/64 *_to_all are the short/int/long ones of the same width. */
template <size_t Bytes> struct ToAllType;
template <> struct ToAllType<2> { typedef short type; };
template <> struct ToAllType<4> { typedef int type; };
template <> struct ToAllType<8> { typedef long type; };
}  // namespace

extern "C" {

/* ---------------------------------------------------------------- ibput / ibget
 * OpenSHMEM 1.6: block i (bsize elements) moves from source + i * sst to
 * dest + i * dst; one contiguous put/get per block. */
#define SHMEMX_DEFINE_IBLOCKED(KEY, T)                                                      \
  void shmemx_ctx_##KEY##_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,   \
                                ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {      \
    for (size_t i = 0; i < nblocks; i++)                                                    \
      shmem_ctx_##KEY##_put(ctx, dest + (ptrdiff_t)i * dst, source + (ptrdiff_t)i * sst,    \
                            bsize, pe);                                                     \
  }                                                                                         \
  void shmemx_ctx_##KEY##_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,   \
                                ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {      \
    for (size_t i = 0; i < nblocks; i++)                                                    \
      shmem_ctx_##KEY##_get(ctx, dest + (ptrdiff_t)i * dst, source + (ptrdiff_t)i * sst,    \
                            bsize, pe);                                                     \
  }                                                                                         \
  void shmemx_##KEY##_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,         \
                            size_t bsize, size_t nblocks, int pe) {                         \
    shmemx_ctx_##KEY##_ibput(SHMEM_CTX_DEFAULT, dest, source, dst, sst, bsize, nblocks, pe); \
  }                                                                                         \
  void shmemx_##KEY##_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,         \
                            size_t bsize, size_t nblocks, int pe) {                         \
    shmemx_ctx_##KEY##_ibget(SHMEM_CTX_DEFAULT, dest, source, dst, sst, bsize, nblocks, pe); \
  }
SHMEM_RMA_TYPES(SHMEMX_DEFINE_IBLOCKED)

#define SHMEMX_DEFINE_IBLOCKED_SIZED(BITS)                                                  \
  void shmemx_ctx_ibput##BITS(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, \
                              ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {        \
    const ptrdiff_t e = BITS / 8;                                                           \
    for (size_t i = 0; i < nblocks; i++)                                                    \
      shmem_ctx_putmem(ctx, (char *)dest + (ptrdiff_t)i * dst * e,                          \
                       (const char *)source + (ptrdiff_t)i * sst * e, bsize * e, pe);       \
  }                                                                                         \
  void shmemx_ctx_ibget##BITS(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, \
                              ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {        \
    const ptrdiff_t e = BITS / 8;                                                           \
    for (size_t i = 0; i < nblocks; i++)                                                    \
      shmem_ctx_getmem(ctx, (char *)dest + (ptrdiff_t)i * dst * e,                          \
                       (const char *)source + (ptrdiff_t)i * sst * e, bsize * e, pe);       \
  }                                                                                         \
  void shmemx_ibput##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,     \
                          size_t bsize, size_t nblocks, int pe) {                           \
    shmemx_ctx_ibput##BITS(SHMEM_CTX_DEFAULT, dest, source, dst, sst, bsize, nblocks, pe);  \
  }                                                                                         \
  void shmemx_ibget##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,     \
                          size_t bsize, size_t nblocks, int pe) {                           \
    shmemx_ctx_ibget##BITS(SHMEM_CTX_DEFAULT, dest, source, dst, sst, bsize, nblocks, pe);  \
  }
SHMEM_RMA_SIZES(SHMEMX_DEFINE_IBLOCKED_SIZED)

/* ---------------------------------------------------------------- pe_quiet
 * Completing everything is a valid (stronger) completion of the listed PEs;
 * the context's quiet is per context, not per peer. */
void shmemx_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes) {
  (void)target_pes;
  (void)npes;
  shmem_ctx_quiet(ctx);
}
void shmemx_pe_quiet(const int *target_pes, size_t npes) {
  shmemx_ctx_pe_quiet(SHMEM_CTX_DEFAULT, target_pes, npes);
}

void *shmemx_team_ptr(shmem_team_t team, const void *dest, int pe) {
  int world_pe = shmem_team_translate_pe(team, pe, SHMEM_TEAM_WORLD);
  return world_pe < 0 ? nullptr : shmem_ptr(dest, world_pe);
}

/* ---------------------------------------------------------------- scans
 * Simple and collective-only: after a team sync every member gets the
 * sources of the members before it (or up to itself), sums in team order
 * into a private buffer, syncs again (dest may be source, which the others
 * may still be reading) and stores. */
#define SHMEMX_DEFINE_SCAN(KEY, T)                                                          \
  static int shmemx_##KEY##_scan(shmem_team_t team, T *dest, const T *source, size_t nelems, \
                                 bool inclusive) {                                          \
    int me = shmem_team_my_pe(team);                                                        \
    if (me < 0) return -1;                                                                  \
    std::vector<T> acc(nelems, (T)0), got(nelems);                                          \
    shmem_team_sync(team);                                                                  \
    for (int p = 0; p < (inclusive ? me + 1 : me); p++) {                                   \
      int world_pe = shmem_team_translate_pe(team, p, SHMEM_TEAM_WORLD);                    \
      if (nelems) shmem_getmem(got.data(), source, nelems * sizeof(T), world_pe);           \
      for (size_t i = 0; i < nelems; i++) acc[i] += got[i];                                 \
    }                                                                                       \
    shmem_team_sync(team);                                                                  \
    if (nelems) memcpy((void *)dest, (const void *)acc.data(), nelems * sizeof(T));         \
    return 0;                                                                               \
  }                                                                                         \
  int shmemx_##KEY##_sum_inscan(shmem_team_t team, T *dest, const T *source, size_t nelems) { \
    return shmemx_##KEY##_scan(team, dest, source, nelems, true);                           \
  }                                                                                         \
  int shmemx_##KEY##_sum_exscan(shmem_team_t team, T *dest, const T *source, size_t nelems) { \
    return shmemx_##KEY##_scan(team, dest, source, nelems, false);                          \
  }
ROCSHMEM_REDUCE_ARITH_TYPES(SHMEMX_DEFINE_SCAN)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(SHMEMX_DEFINE_SCAN)

void shmemx_query_initialized(int *initialized) {
  if (!initialized) rocshmem::fatal("shmemx_query_initialized", "initialized = NULL");
  *initialized = rocshmem::g_runtime.initialized ? 1 : 0;
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
