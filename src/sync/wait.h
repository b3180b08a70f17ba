/* Polite waiting: poll a location for a while, then
 * give the core away between polls.  With more PEs than cores, the PE we wait
 * for may need our core to make progress, so spinning forever would collapse
 * oversubscribed runs.  The spin budget comes from ROCSHMEM_SPIN_COUNT, or
 * ROCSHMEM_OVERSUBSCRIBED_SPIN_COUNT when the node is oversubscribed.
 *
 * Every wait says what it is for (WaitSite), so that one outlasting
 * ROCSHMEM_WAIT_TIMEOUT ends the job with a message instead of hanging: the
 * usual cause is a program whose PEs did not make the same collective calls
 * in the same order, which the library cannot see any other way.  One that
 * outlasts ROCSHMEM_WAIT_WARN says so once and goes on; and one whose peer
 * on the same node returned from main without shmem_finalize ends the job
 * naming that PE (WaitTimer). */
#ifndef ROCSHMEM_SYNC_WAIT_H
#define ROCSHMEM_SYNC_WAIT_H

#include <sched.h>

#include <chrono>

#include "core/runtime.h"
#include "transport/network.h"

namespace rocshmem {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#else
  asm volatile("" ::: "memory");
#endif
}

/* What a wait is for, for the messages when it lasts long:
 * the public routine waiting, and what it waits for, followed by `pe` when
 * that is not negative ("a collective message from PE" 3). */
struct WaitSite {
  const char *call;
  const char *what;
  int pe = -1;
};

/* Reports `site` and ends the job (sync/wait.cc). */
[[noreturn]] void wait_timed_out(const WaitSite &site, long seconds);

/* The clock of one wait: ROCSHMEM_WAIT_TIMEOUT ends the job when the wait
 * outlasts it, ROCSHMEM_WAIT_WARN prints one warning when it lasts that
 * long, and a same-node PE that left the program without shmem_finalize
 * while this PE waits ends the job (WaitTimer::look, sync/wait.cc).
 *
 * The clock is read once every kPolls polls (tens of microseconds while
 * spinning, a millisecond or more while yielding) and compared with the
 * next look, due every kLook: a wait pays one predictable branch per kPolls
 * polls, and a clock read and a compare per kPolls polls once it has lasted
 * that long; everything else happens out of line, every kLook at most. */
class WaitTimer {
 public:
  static constexpr unsigned kPolls = 1024;
  static constexpr std::chrono::milliseconds kLook{100};
  using Clock = std::chrono::steady_clock;

  void check(const WaitSite &site) {
    const Clock::time_point now = Clock::now();
    if (__builtin_expect(now >= next_, 0)) look(site, now);
  }

 private:
  /* sync/wait.cc: the first call starts the clock; the others act on the
   * limits and the leaving words, and set the next look. */
  void look(const WaitSite &site, Clock::time_point now);

  Clock::time_point start_{}, next_{};
  Clock::time_point leaver_seen_{}; /* when a leaving peer was first seen in this wait, */
  unsigned leaver_stage_ = 0;       /* at this stage (sync/barrier.h's LeaveStage) */
  bool warned_ = false;
};

/* Polls done() until it holds, calling serve(i) before poll i: how the
 * network transport is driven while waiting.  serve returns whether a peer
 * is using this PE's memory through the transport right now; then the core
 * is kept past the spin budget (unless the node is oversubscribed): a yield
 * is a system call, and the peer's next request waits for it (2 PEs over
 * UCX sm, a put to static data, which UCX's target worker performs: 2.0 us
 * yielding, 1.4 not, OSHMEM 1.35). */
template <class Done, class Serve>
inline void wait_serving(const WaitSite &site, Done done, Serve serve) {
  const unsigned spins = g_runtime.spin_count;
  const bool may_keep = !g_runtime.oversubscribed;
  WaitTimer timer;
  for (unsigned i = 0; !done(); ++i) {
    const bool in_use = serve(i);
    if (i < spins || (in_use && may_keep))
      cpu_relax();
    else
      sched_yield();
    if ((i + 1) % WaitTimer::kPolls == 0) timer.check(site);
  }
}

/* Whether a worker turn found work within the last kInUseFor: a peer is
 * using this PE's memory through the transport.  Across waits (a PE in a
 * barrier serves its peer's operations in one wait after another), per
 * thread.  The clock is read only while the answer is yes. */
struct NetUse {
  static constexpr std::chrono::microseconds kInUseFor{200};
  std::chrono::steady_clock::time_point until{};
  bool on = false;

  bool note(bool found_work) {
    if (found_work) {
      until = std::chrono::steady_clock::now() + kInUseFor;
      on = true;
    } else if (on && std::chrono::steady_clock::now() >= until) {
      on = false;
    }
    return on;
  }
};
inline thread_local NetUse g_net_use;

/* What we wait for may arrive through the network transport, which makes
 * progress only when driven (see transport/ucx/transport.cc): a turn at
 * every poll. */
template <class Done>
inline void wait_politely(const WaitSite &site, Done done) {
  wait_serving(site, done,
               [](unsigned) { return net::g_active && g_net_use.note(net::progress()); });
}

}  // namespace rocshmem

#endif
