/* Polite waiting (DESIGN.md, principle 10): poll a location for a while, then
 * give the core away between polls.  With more PEs than cores, the PE we wait
 * for may need our core to make progress, so spinning forever would collapse
 * oversubscribed runs.  The spin budget comes from ROCSHMEM_SPIN_COUNT, or
 * ROCSHMEM_OVERSUBSCRIBED_SPIN_COUNT when the node is oversubscribed. */
#ifndef ROCSHMEM_SYNC_WAIT_H
#define ROCSHMEM_SYNC_WAIT_H

#include <sched.h>

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

/* kProgressEvery: polls per turn of the network's progress.  1 where what
 * we wait for arrives through the network; more where it arrives by other
 * means (MPI) and the worker is served only for peers' requests, which can
 * wait a few polls: ucp_worker_progress over tcp is a system call (an
 * epoll_wait, about 1 us on this VM), so the first turn comes after
 * kProgressEvery polls, not at the first. */
template <unsigned kProgressEvery = 1, class Done>
inline void wait_politely(Done done) {
  const unsigned spins = g_runtime.spin_count;
  for (unsigned i = 0; !done(); ++i) {
    /* What we wait for may arrive through the network transport, which
     * makes progress only when driven (see transport/ucx/transport.cc). */
    if (net::g_active && (i + 1) % kProgressEvery == 0) net::progress();
    if (i < spins)
      cpu_relax();
    else
      sched_yield();
  }
}

}  // namespace rocshmem

#endif
