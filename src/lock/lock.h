/* Distributed locks (shmem_set_lock / test_lock / clear_lock). */
#ifndef ROCSHMEM_LOCK_LOCK_H
#define ROCSHMEM_LOCK_LOCK_H

#include <cstdint>

namespace rocshmem {
namespace lock {

/* Word: long (the C API) or int32_t (the default INTEGER of the Fortran
 * API), instantiated in lock.cc. */
template <class Word>
void acquire(const char *call, Word *lock);
/* 0 when acquired, 1 when the lock is held by someone else. */
template <class Word>
int try_acquire(const char *call, Word *lock);
template <class Word>
void release(const char *call, Word *lock);

}  // namespace lock
}  // namespace rocshmem

#endif
