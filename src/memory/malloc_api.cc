/* shmem_malloc family under both prefixes. */
#include <shmem.h>
#include <shmemx.h>

#include "core/api.h"
#include "memory/symmetric_alloc.h"

namespace {
/* Hints are advisory: the spec makes a hint the implementation cannot use
 * behave as shmem_malloc, so 0, SHMEM_MALLOC_ATOMICS_REMOTE,
 * SHMEM_MALLOC_SIGNAL_REMOTE (every kind of symmetric memory is equally fast
 * for atomics and signals here) and bits nobody defined all allocate the
 * same way.  The one hint acted on is Sandia OpenSHMEM's
 * SHMEMX_MALLOC_NO_BARRIER (<shmemx.h>), which leaves out the barrier on
 * exit (memory/symmetric_alloc.cc says why that is safe).  Its value is a
 * high bit, away from the low bits the standard hands out. */
static_assert((SHMEMX_MALLOC_NO_BARRIER &
               (SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE)) == 0,
              "SHMEMX_MALLOC_NO_BARRIER collides with a standard hint");
constexpr size_t kDefaultAlign = 64;
}  // namespace

extern "C" {

/* WHERE: HeapChoice::Host for shmem_* (legacy codes dereference the result),
 * HeapChoice::Preferred for rocshmem_* (the GPU heap when there is one). */
#define DEFINE_MALLOC_API(PFX, WHERE)                                                     \
  void *PFX##_malloc(size_t size) {                                                       \
    return rocshmem::sym_malloc(#PFX "_malloc", WHERE, size, kDefaultAlign);              \
  }                                                                                       \
  void *PFX##_calloc(size_t count, size_t size) {                                         \
    return rocshmem::sym_calloc(#PFX "_calloc", WHERE, count, size);                      \
  }                                                                                       \
  void *PFX##_align(size_t alignment, size_t size) {                                      \
    return rocshmem::sym_malloc(#PFX "_align", WHERE, size, alignment);                   \
  }                                                                                       \
  void *PFX##_realloc(void *ptr, size_t size) {                                           \
    return rocshmem::sym_realloc(#PFX "_realloc", ptr, size);                             \
  }                                                                                       \
  void *PFX##_malloc_with_hints(size_t size, long hints) {                                \
    return rocshmem::sym_malloc(#PFX "_malloc_with_hints", WHERE, size, kDefaultAlign,    \
                                !(hints & SHMEMX_MALLOC_NO_BARRIER));                     \
  }                                                                                       \
  void PFX##_free(void *ptr) { rocshmem::sym_free(#PFX "_free", ptr); }
DEFINE_MALLOC_API(rocshmem, rocshmem::HeapChoice::Preferred)
DEFINE_MALLOC_API(shmem, rocshmem::HeapChoice::Host)

}  // extern "C"
