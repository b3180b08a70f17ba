/* Inline device implementation: the clock of a device wait.  A kernel that
 * waits for a peer that never comes (a PE that skipped a call, died, or was
 * never launched) would spin for ever; with ROCSHMEM_WAIT_TIMEOUT set it
 * names the routine, this PE, what it waited for (the peer, the address,
 * the comparison and the value wanted, the value seen) and traps, so the
 * launch fails and the job ends with that message.  ROCSHMEM_WAIT_WARN
 * prints one warning per wait instead and goes on waiting; a GPU's printf
 * reaches the host only when the kernel ends or fails, so the warning shows
 * late, with a kernel that ends in the end.
 *
 * Cost: a wait counts its polls and, once every kWaitPolls polls, tests one
 * word of the state (State::wait_limits); only when a limit is set does it
 * read the GPU's wall clock (ROCSHMEM_WALL_CLOCK), out of line.  Every poll
 * already pauses (ROCSHMEM_SPIN_PAUSE), so the count is lost in the pause.
 *
 * Standalone (state, platform, report.h), so that proxy.h can use it. */
#ifndef ROCSHMEM_DEVICE_IMPL_WAIT_H
#define ROCSHMEM_DEVICE_IMPL_WAIT_H

#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>

#include <cstdint>

#include "device/impl/report.h"
#include "device/state.h"

namespace rocshmem {
namespace device {

/* Polls between two looks at the clock: at least 64 ns a poll (a pause),
 * so a look every 16 us or more; the limits are whole seconds. */
constexpr unsigned kWaitPolls = 256;

/* What a wait is for, for its report: `call` waits for `what` (of PE `pe`
 * when pe >= 0): the `size`-byte word at addr to compare `cmp`
 * (ROCSHMEM_CMP_*) with `expected`. */
struct WaitSite {
  const char *call;
  const char *what;
  int pe;
  const void *addr;
  int size;
  int cmp;
  uint64_t expected;
};

namespace detail {

/* Warnings printed by this image: a wait of every thread of a large grid
 * would otherwise flood the printf buffer. */
static __device__ unsigned wait_warnings;
constexpr unsigned kMaxWaitWarnings = 8;

inline __device__ const char *cmp_symbol(int cmp) {
  switch (cmp) {
    case ROCSHMEM_CMP_EQ: return "==";
    case ROCSHMEM_CMP_NE: return "!=";
    case ROCSHMEM_CMP_GT: return ">";
    case ROCSHMEM_CMP_GE: return ">=";
    case ROCSHMEM_CMP_LT: return "<";
    default: return "<=";
  }
}

inline __device__ unsigned long long read_word(const void *addr, int size) {
  switch (size) {
    case 1: return *static_cast<const volatile unsigned char *>(addr);
    case 2: return *static_cast<const volatile unsigned short *>(addr);
    case 4: return *static_cast<const volatile unsigned *>(addr);
    default: return *static_cast<const volatile unsigned long long *>(addr);
  }
}

/* One line: "rocshmem: PE me: call: HEAD N s (VAR=N s) for what[ of PE pe]:
 * the word at addr to become cmp expected, it is seen; TAIL". */
inline __device__ void print_wait(const State &s, const char *head, const char *var,
                                  unsigned long long limit_s, const char *tail, uint64_t waited,
                                  const char *call, const char *what, int pe, const void *addr,
                                  int size, int cmp, uint64_t expected) {
  const unsigned long long secs = waited / s.wall_clock_hz;
  const unsigned long long seen = read_word(addr, size);
  if (pe >= 0)
    printf("rocshmem: PE %d: %s: %s %llu s (%s=%llu) for %s of PE %d: the word at %p to become "
           "%s %llu, it is %llu; %s\n", s.my_pe, call, head, secs, var, limit_s, what, pe, addr,
           cmp_symbol(cmp), (unsigned long long)expected, seen, tail);
  else
    printf("rocshmem: PE %d: %s: %s %llu s (%s=%llu) for %s: the word at %p to become %s %llu, "
           "it is %llu; %s\n", s.my_pe, call, head, secs, var, limit_s, what, addr,
           cmp_symbol(cmp), (unsigned long long)expected, seen, tail);
}

/* The clock's cold half.  `since`: 0 before the first look, else the start
 * tick shifted left by one, bit 0 set once this wait warned; returns its
 * new value.  Scalars, not a WaitSite: an aggregate passed to a call that is
 * not inlined would give every waiting kernel a stack frame. */
inline __device__ __noinline__ uint64_t wait_look(const State &s, uint64_t since,
                                                  const char *call, const char *what, int pe,
                                                  const void *addr, int size, int cmp,
                                                  uint64_t expected) {
  const uint64_t now = ROCSHMEM_WALL_CLOCK();
  if (since == 0) return (now << 1) | 2; /* (never 0 again) */
  const uint64_t waited = now - (since >> 1);
  if (s.wait_timeout_ticks && waited >= s.wait_timeout_ticks) {
    const bool first = first_report();
    if (first)
      print_wait(s, "waited", "ROCSHMEM_WAIT_TIMEOUT", s.wait_timeout_ticks / s.wall_clock_hz,
                 "ending the kernel", waited, call, what, pe, addr, size, cmp, expected);
    trap_after_report(first);
  }
  if (!(since & 1) && s.wait_warn_ticks && waited >= s.wait_warn_ticks) {
    since |= 1;
    if (atomicAdd(&wait_warnings, 1u) < kMaxWaitWarnings)
      print_wait(s, "warning: still waiting after", "ROCSHMEM_WAIT_WARN",
                 s.wait_warn_ticks / s.wall_clock_hz, "waiting on", waited, call, what, pe, addr,
                 size, cmp, expected);
  }
  return since;
}

}  // namespace detail

/* The state of one wait: call tick() once per poll. */
struct WaitClock {
  unsigned polls = 0;
  uint64_t since = 0;

  /* site() builds the WaitSite, only when the clock is looked at. */
  template <class Site>
  __device__ void tick(const State &s, Site site) {
    if (__builtin_expect(++polls % kWaitPolls == 0 && s.wait_limits, 0)) {
      const WaitSite w = site();
      since = detail::wait_look(s, since, w.call, w.what, w.pe, w.addr, w.size, w.cmp, w.expected);
    }
  }
};

}  // namespace device
}  // namespace rocshmem

#endif
