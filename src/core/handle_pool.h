/* Storage for opaque handles (contexts, teams) that outlive their
 * destruction: the owner marks a destroyed object dead (its magic number)
 * and parks it here for reuse, so a stale handle meets a dead magic number
 * instead of freed memory.  Thread-safe (THREAD_MULTIPLE creates may race).
 *
 * Reuse is first-parked first-reused, and only once kKeepDead objects are
 * parked: a handle is its object's address, so reusing the object at once
 * would make the stale handle of a destroyed team or context valid again
 * (as the handle of whatever was created next) and misuse would go
 * unnoticed.  This way a destroyed handle stays detectably dead through at
 * least the next kKeepDead creations of its kind, for a few KiB. */
#ifndef ROCSHMEM_CORE_HANDLE_POOL_H
#define ROCSHMEM_CORE_HANDLE_POOL_H

#include <cstddef>
#include <deque>
#include <mutex>

namespace rocshmem {

template <class T>
class HandlePool {
 public:
  static constexpr size_t kKeepDead = 64;

  /* A parked object, or a new one; the caller initializes it. */
  T *take() {
    std::lock_guard<std::mutex> lock(mu_);
    if (parked_.size() <= kKeepDead) return new T();
    T *obj = parked_.front();
    parked_.pop_front();
    return obj;
  }
  void park(T *obj) {
    std::lock_guard<std::mutex> lock(mu_);
    parked_.push_back(obj);
  }

 private:
  std::mutex mu_;
  std::deque<T *> parked_;
};

}  // namespace rocshmem

#endif
