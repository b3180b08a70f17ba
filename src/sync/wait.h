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

/* Polls done() until it holds, calling serve(i) before poll i: how the
 * network transport is driven while waiting. */
template <class Done, class Serve>
inline void wait_serving(Done done, Serve serve) {
  const unsigned spins = g_runtime.spin_count;
  for (unsigned i = 0; !done(); ++i) {
    serve(i);
    if (i < spins)
      cpu_relax();
    else
      sched_yield();
  }
}

/* What we wait for may arrive through the network transport, which makes
 * progress only when driven (see transport/ucx/transport.cc): a turn at
 * every poll. */
template <class Done>
inline void wait_politely(Done done) {
  wait_serving(done, [](unsigned) {
    if (net::g_active) net::progress();
  });
}

}  // namespace rocshmem

#endif
