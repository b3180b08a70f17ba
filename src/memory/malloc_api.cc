/* shmem_malloc family under both prefixes. */
#include <shmem.h>

#include "core/api.h"
#include "core/log.h"
#include "memory/symmetric_alloc.h"

namespace {
/* Hints this implementation understands; they are advisory (both kinds of
 * memory are equally fast for atomics and signals on shared memory). */
constexpr long kKnownHints = SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE;
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
    if (hints & ~kKnownHints) {                                                           \
      rocshmem::report_error(#PFX "_malloc_with_hints", "hints = 0x%lx has unknown bits", \
                             hints);                                                      \
      return nullptr;                                                                     \
    }                                                                                     \
    return rocshmem::sym_malloc(#PFX "_malloc_with_hints", WHERE, size, kDefaultAlign);   \
  }                                                                                       \
  void PFX##_free(void *ptr) { rocshmem::sym_free(#PFX "_free", ptr); }
DEFINE_MALLOC_API(rocshmem, rocshmem::HeapChoice::Preferred)
DEFINE_MALLOC_API(shmem, rocshmem::HeapChoice::Host)

}  // extern "C"
