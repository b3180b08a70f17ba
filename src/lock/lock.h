/* Distributed locks (shmem_set_lock / test_lock / clear_lock). */
#ifndef ROCSHMEM_LOCK_LOCK_H
#define ROCSHMEM_LOCK_LOCK_H

namespace rocshmem {
namespace lock {

void acquire(const char *call, long *lock);
/* 0 when acquired, 1 when the lock is held by someone else. */
int try_acquire(const char *call, long *lock);
void release(const char *call, long *lock);

}  // namespace lock
}  // namespace rocshmem

#endif
