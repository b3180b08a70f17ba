/* Ordering and whole-job synchronization under both prefixes. */
#include <shmem.h>

#include "core/api.h"
#include "core/runtime.h"
#include "sync/barrier.h"

extern "C" {

#define DEFINE_SYNC_API(PFX)                                  \
  void PFX##_fence(void) {                                    \
    rocshmem::require_init(#PFX "_fence");                    \
    rocshmem::fence();                                        \
  }                                                           \
  void PFX##_quiet(void) {                                    \
    rocshmem::require_init(#PFX "_quiet");                    \
    rocshmem::quiet();                                        \
  }                                                           \
  void PFX##_barrier_all(void) {                              \
    rocshmem::require_init(#PFX "_barrier_all");              \
    rocshmem::barrier_all(#PFX "_barrier_all");               \
  }                                                           \
  void PFX##_sync_all(void) {                                 \
    rocshmem::require_init(#PFX "_sync_all");                 \
    rocshmem::sync_all(#PFX "_sync_all");                     \
  }
ROCSHMEM_API_PREFIXES(DEFINE_SYNC_API)

}  // extern "C"
