/* Dissemination barrier over same-node shared memory.
 *
 * Round k: PE i raises its flag for round k on PE (i + 2^k) mod n, then waits
 * for its own round-k flag, raised by PE (i - 2^k) mod n.  ceil(log2 n) rounds,
 * each one cache-line handoff.  Flags hold the barrier's epoch number, which
 * only grows, so they never need resetting and a fast PE entering the next
 * barrier cannot be confused with the current one (it writes epoch+1, which
 * also satisfies a waiter of epoch).  Each flag has one writer per epoch and
 * sits on its own cache line. */
#include "sync/barrier.h"

#include <cstdint>

#include "core/log.h"
#include "core/runtime.h"
#include "sync/wait.h"
#include "transport/peer_table.h"

namespace rocshmem {

namespace {

constexpr int kMaxRounds = 32;
constexpr int kLineWords = 64 / sizeof(uint64_t);

struct BarrierState {
  uint64_t *flags = nullptr; /* symmetric: kMaxRounds cache lines */
  uint64_t epoch = 0;
};

BarrierState g_barrier;

uint64_t *flag_of(int round) { return g_barrier.flags + round * kLineWords; }

void dissemination(const char *call) {
  const int n = g_peers.n_pes, me = g_peers.my_pe;
  const uint64_t epoch = ++g_barrier.epoch;
  for (int round = 0, dist = 1; dist < n; ++round, dist <<= 1) {
    int to = (me + dist) % n;
    auto *remote = reinterpret_cast<uint64_t *>(
        peer_translate(call, "barrier flag", flag_of(round), sizeof(uint64_t), to));
    __atomic_store_n(remote, epoch, __ATOMIC_RELEASE);
    uint64_t *mine = flag_of(round);
    wait_politely([&] { return __atomic_load_n(mine, __ATOMIC_ACQUIRE) >= epoch; });
  }
}

}  // namespace

void barrier_setup(const char *call) {
  /* Allocated the same way on every PE at the same point of init, so the
   * flags are symmetric like any other shmem_malloc. */
  void *p = g_runtime.heap.allocate(kMaxRounds * 64, 64);
  if (!p) fatal(call, "the symmetric heap is too small for the barrier's flags");
  g_barrier.flags = static_cast<uint64_t *>(p);
  g_barrier.epoch = 0;
}

void barrier_teardown() { g_barrier = BarrierState{}; }

void barrier_all(const char *call) {
  quiet();
  dissemination(call);
}

void sync_all(const char *call) {
  fence();
  dissemination(call);
}

}  // namespace rocshmem
