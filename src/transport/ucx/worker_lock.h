/* Exclusive use of the UCX worker by the application and the progress thread.
 *
 * The worker is SERIALIZED (ucx/transport.cc says why): one thread in it at a
 * time.  Three regimes, chosen before a second thread can touch it:
 *  - Off: only the application thread uses it; entering costs nothing.
 *  - Shared: one application thread at a time (THREAD_SINGLE, FUNNELED,
 *    SERIALIZED) beside the progress thread.  The application enters with
 *    two plain stores and a load, no atomic read-modify-write: it raises
 *    `app_` and checks `helper_`; the progress thread raises `helper_`, runs
 *    membarrier(2) (a full barrier on every running thread of the process)
 *    and checks `app_`.  The barrier does on the helper's side what a fence
 *    would on the application's (asymmetric Dekker, as in liburcu and folly),
 *    so at most one sees the other's flag down; the helper gives way when
 *    both are up.  A mutex here cost 7-10 ns per call, a third of an 8-byte
 *    fetch_add over UCX shared memory.
 *  - Mutex: THREAD_MULTIPLE (several application threads), or a kernel
 *    without membarrier's private expedited command: everyone takes a
 *    futex-based mutex, which sleeps rather than spins when its holder is
 *    preempted. */
#ifndef ROCSHMEM_TRANSPORT_UCX_WORKER_LOCK_H
#define ROCSHMEM_TRANSPORT_UCX_WORKER_LOCK_H

#include <linux/membarrier.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <mutex>

namespace rocshmem {
namespace net {

class WorkerLock {
 public:
  enum class Mode { Off, Shared, Mutex };

  /* Before the second thread exists.  Shared falls back to Mutex where the
   * kernel refuses membarrier. */
  void set_mode(Mode m) {
    if (m == Mode::Shared &&
        syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) != 0)
      m = Mode::Mutex;
    mode_ = m;
  }
  Mode mode() const { return mode_; }

  /* The application thread. */
  void app_enter() {
    if (mode_ == Mode::Mutex) return mu_.lock();
    if (mode_ == Mode::Off) return;
    for (;;) {
      app_.store(1, std::memory_order_relaxed);
      std::atomic_signal_fence(std::memory_order_seq_cst); /* the helper's membarrier fences */
      if (!helper_.load(std::memory_order_acquire)) return;
      app_.store(0, std::memory_order_release);
      while (helper_.load(std::memory_order_acquire)) sched_yield(); /* it gives way soon */
    }
  }
  void app_leave() {
    if (mode_ == Mode::Mutex) return mu_.unlock();
    if (mode_ == Mode::Shared) app_.store(0, std::memory_order_release);
  }

  /* The progress thread: false if the application holds the worker. */
  bool helper_try_enter() {
    if (mode_ != Mode::Shared) {
      if (mode_ == Mode::Mutex) mu_.lock();
      return true;
    }
    helper_.store(1, std::memory_order_relaxed);
    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    if (!app_.load(std::memory_order_acquire)) return true;
    helper_.store(0, std::memory_order_release);
    return false;
  }
  void helper_leave() {
    if (mode_ == Mode::Mutex) return mu_.unlock();
    if (mode_ == Mode::Shared) helper_.store(0, std::memory_order_release);
  }

 private:
  Mode mode_ = Mode::Off;
  std::atomic<int> app_{0};
  std::atomic<int> helper_{0};
  std::mutex mu_;
};

}  // namespace net
}  // namespace rocshmem

#endif
