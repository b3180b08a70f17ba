/* Storage for opaque handles (contexts, teams) that outlive their
 * destruction: the owner marks a destroyed object dead (its magic number)
 * and parks it here for reuse, so a stale handle meets a dead magic number
 * instead of freed memory.  Thread-safe (THREAD_MULTIPLE creates may race). */
#ifndef ROCSHMEM_CORE_HANDLE_POOL_H
#define ROCSHMEM_CORE_HANDLE_POOL_H

#include <mutex>
#include <vector>

namespace rocshmem {

template <class T>
class HandlePool {
 public:
  /* A parked object, or a new one; the caller initializes it. */
  T *take() {
    std::lock_guard<std::mutex> lock(mu_);
    if (parked_.empty()) return new T();
    T *obj = parked_.back();
    parked_.pop_back();
    return obj;
  }
  void park(T *obj) {
    std::lock_guard<std::mutex> lock(mu_);
    parked_.push_back(obj);
  }

 private:
  std::mutex mu_;
  std::vector<T *> parked_;
};

}  // namespace rocshmem

#endif
