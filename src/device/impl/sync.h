/* Inline device implementation, part 4: point-to-point synchronization,
 * signal waits, barriers.  Conventions in core.h.
 *
 * Waits poll with volatile loads (so every poll reaches memory) and pause
 * between polls: PEs may share one GPU, and other warps, or other processes'
 * kernels, must get to run to produce what is waited for.  Once the
 * condition holds an acquire fence orders the caller's later reads after
 * the observed value (pairing with the writer's release fence: put_signal,
 * quiet, barrier).  Every wait keeps a WaitClock (wait.h): with
 * ROCSHMEM_WAIT_TIMEOUT set, one that outlasts it names the call and what it
 * waits for and ends the kernel. */
#ifndef ROCSHMEM_DEVICE_IMPL_SYNC_H
#define ROCSHMEM_DEVICE_IMPL_SYNC_H

#include "device/impl/amo.h"
#include "device/impl/core.h"
#include "device/impl/wait.h"

namespace rocshmem {
namespace device {

/* site(): the WaitSite of a report (wait.h). */
template <class Done, class Site>
inline __device__ void wait_politely(const State &s, Done done, Site site) {
  for (WaitClock clock; !done(); clock.tick(s, site)) ROCSHMEM_SPIN_PAUSE();
  acquire_fence(s); /* the writer may be on any GPU: the widest scope in use */
}

template <class T>
inline __device__ bool test(const T *ivar, int cmp, T value) {
  return compare(load_volatile(ivar), cmp, value);
}

/* The bits of a value, for a wait's report. */
template <class T>
inline __device__ uint64_t value_bits(T value) {
  uint64_t bits = 0;
  memcpy(&bits, &value, sizeof value);
  return bits;
}

template <class T>
inline __device__ void wait_until(const State &s, const char *call, const T *ivar, int cmp,
                                  T value) {
  wait_politely(s, [&] { return test(ivar, cmp, value); }, [&] {
    return WaitSite{call, "the variable", -1, ivar, sizeof(T), cmp, value_bits(value)};
  });
}

/* Returns the value that satisfied the comparison. */
inline __device__ uint64_t signal_wait_until(const State &s, const char *call, uint64_t *sig_addr,
                                             int cmp, uint64_t value) {
  uint64_t seen;
  wait_politely(s, [&] { return compare(seen = load_volatile(sig_addr), cmp, value); }, [&] {
    return WaitSite{call, "the signal", -1, sig_addr, 8, cmp, value};
  });
  return seen;
}

/* The _all/_any/_some forms: element i takes part when status is null or
 * status[i] == 0; it is compared with values[i * stride] (stride 0: one
 * value for all). */
template <class T>
struct WaitSet {
  const T *ivars;
  size_t nelems;
  const int *status;
  int cmp;
  const T *values;
  size_t stride;

  __device__ bool included(size_t i) const { return !status || status[i] == 0; }
  __device__ bool done(size_t i) const {
    return compare(load_volatile(ivars + i), cmp, values[i * stride]);
  }
  __device__ bool any_included() const {
    for (size_t i = 0; i < nelems; ++i)
      if (included(i)) return true;
    return false;
  }
  __device__ bool all_done() const {
    for (size_t i = 0; i < nelems; ++i)
      if (included(i) && !done(i)) return false;
    return true;
  }
  /* A satisfied element, SIZE_MAX when none.  The _any forms must be fair
   * (a series of calls returns, eventually, every index whose condition
   * holds), and a kernel thread has no state that outlives the call to
   * remember where the last search ended: each search starts at an index
   * taken from the cycle counter instead (hashed: calls made a fixed
   * number of cycles apart would otherwise keep one start), so successive
   * calls begin at unrelated places and no ready index stays behind
   * another for ever. */
  __device__ size_t first_done() const {
    if (nelems == 0) return SIZE_MAX;
    const unsigned long long mixed =
        static_cast<unsigned long long>(clock64()) * 0x9E3779B97F4A7C15ull;
    const size_t start = static_cast<size_t>(mixed >> 32) % nelems;
    for (size_t k = 0; k < nelems; ++k) {
      const size_t i = start + k < nelems ? start + k : start + k - nelems;
      if (included(i) && done(i)) return i;
    }
    return SIZE_MAX;
  }
  __device__ size_t collect_done(size_t *indices) const {
    size_t n = 0;
    for (size_t i = 0; i < nelems; ++i)
      if (included(i) && done(i)) indices[n++] = i;
    return n;
  }
  /* A report names the first element taking part that is not satisfied
   * (the first taking part when all are: an _any wait that lost a race). */
  __device__ WaitSite site(const char *call) const {
    size_t i = 0;
    while (i < nelems && !(included(i) && !done(i))) ++i;
    if (i == nelems)
      for (i = 0; i + 1 < nelems && !included(i);) ++i;
    return WaitSite{call, "an element of the set", -1, ivars + i, sizeof(T), cmp,
                    value_bits(values[i * stride])};
  }
};

template <class T>
inline __device__ void wait_until_all(const State &s, const char *call, const WaitSet<T> &set) {
  wait_politely(s, [&] { return set.all_done(); }, [&] { return set.site(call); });
}
/* SIZE_MAX at once when no element takes part (nothing to wait for). */
template <class T>
inline __device__ size_t wait_until_any(const State &s, const char *call, const WaitSet<T> &set) {
  if (!set.any_included()) return SIZE_MAX;
  size_t found;
  wait_politely(s, [&] { return (found = set.first_done()) != SIZE_MAX; },
                [&] { return set.site(call); });
  return found;
}
/* 0 at once when no element takes part. */
template <class T>
inline __device__ size_t wait_until_some(const State &s, const char *call, const WaitSet<T> &set,
                                         size_t *indices) {
  if (!set.any_included()) return 0;
  size_t count;
  wait_politely(s, [&] { return (count = set.collect_done(indices)) != 0; },
                [&] { return set.site(call); });
  return count;
}

/* ---------------------------------------------------------------- barriers
 * Pairwise counters: sync_arrive[q] (symmetric) counts the syncs PE q has
 * signalled to this PE, sync_expected[q] (private) the syncs this PE has met
 * with q.  Each counter has one writer, so a PE signals by storing its new
 * count with q into sync_arrive[me] on q, after its release fence (as the
 * host barrier, src/sync/barrier.cc, and NVSHMEM's do; a remote atomic add
 * cost 0.1 us more on one H200), then waits until each member's counter
 * here reaches its count with that member.  A member reached through the
 * proxy gets an add of 1 instead (a proxy request carries an AMO's operand,
 * while a put's data would have to sit in memory), which yields the same
 * values.  Counters only grow (64 bits never wrap), so a member racing ahead
 * into the next sync cannot be mistaken for a missing one, and syncs over
 * different PE sets (world, teams) share the counters as long as each pair
 * of PEs meets them in the same order, which collective call order
 * guarantees.
 *
 * One thread per PE at a time.  No quiet: sync_all orders this thread's
 * earlier stores (its full fence is also quiet's release fence for
 * load/store transports) but barrier_all is the one that promises
 * completion.  The closing fence is an acquire fence alone: a full one
 * waits for this PE's own arrivals at the others to be performed, which
 * cost a 2-PE barrier on one H200 0.16 us more. */
template <class PeAt>
inline __device__ void sync_members(const State &s, const char *call, int n, PeAt pe_at) {
  memory_fence(s); /* release: the arrival must not overtake this PE's stores (requests
                      to the proxy are ordered before it by the proxy itself) */
  uint64_t *mine = s.sync_arrive + s.my_pe;
  for (int i = 0; i < n; ++i) {
    int pe = pe_at(i);
    if (pe == s.my_pe) continue;
    const uint64_t count = ++s.sync_expected[pe];
    if (auto *remote = reinterpret_cast<uint64_t *>(translate(s, mine, pe)))
      store_volatile(remote, count);
    else
      update<uint64_t>(s, AmoOp::FETCH_ADD, mine, 1, pe, call);
  }
  for (int i = 0; i < n; ++i) {
    int pe = pe_at(i);
    if (pe == s.my_pe) continue;
    const uint64_t target = s.sync_expected[pe];
    const uint64_t *arrive = s.sync_arrive + pe;
    for (WaitClock clock; load_volatile(arrive) < target;) {
      ROCSHMEM_SPIN_PAUSE();
      clock.tick(s, [&] {
        return WaitSite{call, "the arrival", pe, arrive, 8, ROCSHMEM_CMP_GE, target};
      });
    }
  }
  acquire_fence(s);
}

inline __device__ void sync_all(const State &s, const char *call = "rocshmem_sync_all") {
  sync_members(s, call, s.n_pes, [](int i) { return i; });
}

/* pes[0..n): world PE numbers of the members, this PE among them. */
inline __device__ void sync_pes(const State &s, const int *pes, int n) {
  sync_members(s, "rocshmem_team_sync", n, [pes](int i) { return pes[i]; });
}

/* quiet's release fence is left to sync_all's full fence: the two back to
 * back cost a 2-PE barrier on one H200 0.18 us more than one. */
inline __device__ void barrier_all(const State &s, const char *call = "rocshmem_barrier_all") {
  if (s.proxy) proxy::quiet(s, nullptr);
  sync_all(s, call);
}

/* Group forms: every member completes (barrier) or orders (sync) its own
 * accesses before the group meets, then the leader synchronizes the PEs. */
template <class G>
inline __device__ void sync_all(const State &s, const char *call) {
  memory_fence(s);
  G::sync();
  if (G::rank() == 0) sync_all(s, call);
  G::sync();
}

/* The members' fences are their share of quiet; the leader's quiet adds the
 * proxy requests (one QUIET for the group, not one per member). */
template <class G>
inline __device__ void barrier_all(const State &s, const char *call) {
  memory_fence(s);
  G::sync();
  if (G::rank() == 0) barrier_all(s, call);
  G::sync();
}

}  // namespace device
}  // namespace rocshmem

#endif
