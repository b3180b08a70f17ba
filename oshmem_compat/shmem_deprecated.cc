/* Deprecated OpenSHMEM 1.x / SGI names that legacy codes still call. */
#include <shmem.h>

#include "core/runtime.h"
#include "memory/symmetric_alloc.h"

extern "C" {

/* npes is ignored, as every implementation since SGI's does: the launcher
 * decides the PE count. */
void start_pes(int npes) {
  (void)npes;
  rocshmem::runtime_init("start_pes", ROCSHMEM_THREAD_SINGLE);
}

#define DEFINE_PE_QUERY(NAME, FIELD)       \
  int NAME(void) {                         \
    rocshmem::require_init(#NAME);         \
    return rocshmem::g_runtime.FIELD;      \
  }
DEFINE_PE_QUERY(_my_pe, my_pe)
DEFINE_PE_QUERY(my_pe, my_pe)
DEFINE_PE_QUERY(_num_pes, n_pes)
DEFINE_PE_QUERY(num_pes, n_pes)

void *shmalloc(size_t size) { return rocshmem::sym_malloc("shmalloc", rocshmem::HeapChoice::Host, size, 64); }
void shfree(void *ptr) { rocshmem::sym_free("shfree", ptr); }
void *shrealloc(void *ptr, size_t size) { return rocshmem::sym_realloc("shrealloc", ptr, size); }
void *shmemalign(size_t alignment, size_t size) {
  return rocshmem::sym_malloc("shmemalign", rocshmem::HeapChoice::Host, size, alignment);
}
void globalexit(int status) { shmem_global_exit(status); }

/* Cache management: the symmetric memory is cache coherent on every
 * transport, so there is nothing to invalidate or flush. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }

}  // extern "C"

/* 1.x atomics: the same operations as shmem_TYPE_atomic_*, under old names. */
#include "amo/amo.h"
#include "core/api.h"
#include "sync/p2p.h"

extern "C" {

#define DEFINE_DEPRECATED_AMO(KEY, T)                                                      \
  T shmem_##KEY##_fadd(T *dest, T value, int pe) {                                         \
    return rocshmem::amo::fetch_add<T>(ROCSHMEM_STR(shmem_##KEY##_fadd), ROCSHMEM_CTX_DEFAULT, dest, value, pe); \
  }                                                                                        \
  T shmem_##KEY##_finc(T *dest, int pe) {                                                  \
    return rocshmem::amo::fetch_inc<T>(ROCSHMEM_STR(shmem_##KEY##_finc), ROCSHMEM_CTX_DEFAULT, dest, pe); \
  }                                                                                        \
  void shmem_##KEY##_add(T *dest, T value, int pe) {                                       \
    rocshmem::amo::add<T>(ROCSHMEM_STR(shmem_##KEY##_add), ROCSHMEM_CTX_DEFAULT, dest, value, pe); \
  }                                                                                        \
  void shmem_##KEY##_inc(T *dest, int pe) {                                                \
    rocshmem::amo::inc<T>(ROCSHMEM_STR(shmem_##KEY##_inc), ROCSHMEM_CTX_DEFAULT, dest, pe); \
  }                                                                                        \
  T shmem_##KEY##_cswap(T *dest, T cond, T value, int pe) {                                \
    return rocshmem::amo::compare_swap<T>(ROCSHMEM_STR(shmem_##KEY##_cswap), ROCSHMEM_CTX_DEFAULT, dest, cond, \
                                          value, pe);                                      \
  }
#define DEFINE_DEPRECATED_AMO_EXT(KEY, T)                                                  \
  T shmem_##KEY##_swap(T *dest, T value, int pe) {                                         \
    return rocshmem::amo::swap<T>(ROCSHMEM_STR(shmem_##KEY##_swap), ROCSHMEM_CTX_DEFAULT, dest, value, pe); \
  }                                                                                        \
  T shmem_##KEY##_fetch(const T *source, int pe) {                                         \
    return rocshmem::amo::fetch<T>(ROCSHMEM_STR(shmem_##KEY##_fetch), ROCSHMEM_CTX_DEFAULT, source, pe); \
  }                                                                                        \
  void shmem_##KEY##_set(T *dest, T value, int pe) {                                       \
    rocshmem::amo::set<T>(ROCSHMEM_STR(shmem_##KEY##_set), ROCSHMEM_CTX_DEFAULT, dest, value, pe); \
  }
SHMEM_DEPRECATED_AMO_TYPES(DEFINE_DEPRECATED_AMO)
SHMEM_DEPRECATED_AMO_TYPES(DEFINE_DEPRECATED_AMO_EXT)
SHMEM_DEPRECATED_AMO_FLOAT_TYPES(DEFINE_DEPRECATED_AMO_EXT)

long shmem_swap(long *dest, long value, int pe) {
  return rocshmem::amo::swap<long>("shmem_swap", ROCSHMEM_CTX_DEFAULT, dest, value, pe);
}

/* 1.x waits: shmem_wait and shmem_TYPE_wait block while *ivar == cmp_value. */
void shmem_wait(long *ivar, long cmp_value) {
  rocshmem::p2p::wait_until<long>("shmem_wait", ivar, ROCSHMEM_CMP_NE, cmp_value);
}
void shmem_wait_until(long *ivar, int cmp, long cmp_value) {
  rocshmem::p2p::wait_until<long>("shmem_wait_until", ivar, cmp, cmp_value);
}
#define DEFINE_DEPRECATED_WAIT(KEY, T)                                                    \
  void shmem_##KEY##_wait(T *ivar, T cmp_value) {                                         \
    rocshmem::p2p::wait_until<T>(ROCSHMEM_STR(shmem_##KEY##_wait), ivar, ROCSHMEM_CMP_NE, cmp_value); \
  }
SHMEM_DEPRECATED_WAIT_TYPES(DEFINE_DEPRECATED_WAIT)

}  // extern "C"
