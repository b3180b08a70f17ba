/* Lock entry points under both prefixes. */
#include <shmem.h>

#include "core/api.h"
#include "lock/lock.h"

extern "C" {

#define DEFINE_LOCK_API(PFX)                                                              \
  void PFX##_set_lock(long *lock) { rocshmem::lock::acquire(#PFX "_set_lock", lock); }   \
  int PFX##_test_lock(long *lock) { return rocshmem::lock::try_acquire(#PFX "_test_lock", lock); } \
  void PFX##_clear_lock(long *lock) { rocshmem::lock::release(#PFX "_clear_lock", lock); }
ROCSHMEM_API_PREFIXES(DEFINE_LOCK_API)

}  // extern "C"
