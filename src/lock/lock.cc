/* An MCS queue lock over the symmetric `long` the user passes.
 *
 * Every PE's copy of the lock word is one 64-bit field set:
 *   bits  0..30  tail: PE+1 of the last PE queued (used on PE 0 only, the
 *                lock's home; 0 = free)
 *   bits 31..61  next: PE+1 of the PE queued behind this PE (0 = none yet)
 *   bit  62      wait: set while this PE waits for the lock to be handed over
 * All updates are 64-bit atomics (CAS, and, or) on the word that holds the
 * field, so the fields of PE 0's word never disturb each other.
 *
 * Acquire: clear my next/wait, set wait, swap myself into the tail at PE 0.
 * A previous tail means a predecessor: link myself into its next field and
 * wait (politely) until it clears my wait bit.  Release: if I am still the
 * tail, reset it to 0; otherwise wait until my successor has linked itself
 * and clear its wait bit.  Waiters are served in arrival order (FIFO), so no
 * PE starves, and each waits on its own word, not on a shared hot spot.
 * A zero-initialized `long` (as the spec requires) is a free lock. */
#include "lock/lock.h"

#include <cstdint>

#include "amo/amo.h"
#include "sync/wait.h"

namespace rocshmem {
namespace lock {

namespace {

constexpr uint64_t kTailMask = (1ull << 31) - 1;
constexpr int kNextShift = 31;
constexpr uint64_t kNextMask = kTailMask << kNextShift;
constexpr uint64_t kWaitBit = 1ull << 62;
constexpr int kHome = 0;

uint64_t *word(const char *call, long *lock, int pe) {
  static_assert(sizeof(long) == sizeof(uint64_t), "the lock word is a 64-bit long");
  return reinterpret_cast<uint64_t *>(
      amo::target(call, ROCSHMEM_CTX_DEFAULT, "lock", lock, pe));
}

uint64_t load(uint64_t *w) { return __atomic_load_n(w, __ATOMIC_ACQUIRE); }

/* Replaces the tail field at home with `tail` if it currently is `expect`
 * (expect_any: whatever it is); returns the previous tail. */
uint64_t exchange_tail(uint64_t *home, uint64_t tail, bool expect_any, uint64_t expect) {
  uint64_t old = load(home);
  for (;;) {
    uint64_t old_tail = old & kTailMask;
    if (!expect_any && old_tail != expect) return old_tail;
    uint64_t desired = (old & ~kTailMask) | tail;
    if (__atomic_compare_exchange_n(home, &old, desired, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
      return old_tail;
  }
}

void prepare(uint64_t *mine) {
  __atomic_fetch_and(mine, ~(kNextMask | kWaitBit), __ATOMIC_ACQ_REL);
}

}  // namespace

void acquire(const char *call, long *lock) {
  const int me = g_runtime.my_pe;
  uint64_t *mine = word(call, lock, me);
  uint64_t *home = word(call, lock, kHome);
  prepare(mine);
  __atomic_fetch_or(mine, kWaitBit, __ATOMIC_ACQ_REL);
  uint64_t prev = exchange_tail(home, static_cast<uint64_t>(me) + 1, true, 0);
  if (prev == 0) {
    __atomic_fetch_and(mine, ~kWaitBit, __ATOMIC_ACQ_REL);
    return;
  }
  uint64_t *pred = word(call, lock, static_cast<int>(prev - 1));
  __atomic_fetch_or(pred, (static_cast<uint64_t>(me) + 1) << kNextShift, __ATOMIC_ACQ_REL);
  wait_politely([&] { return (load(mine) & kWaitBit) == 0; });
}

int try_acquire(const char *call, long *lock) {
  const int me = g_runtime.my_pe;
  uint64_t *mine = word(call, lock, me);
  uint64_t *home = word(call, lock, kHome);
  if ((load(home) & kTailMask) != 0) return 1;
  prepare(mine);
  return exchange_tail(home, static_cast<uint64_t>(me) + 1, false, 0) == 0 ? 0 : 1;
}

void release(const char *call, long *lock) {
  const uint64_t me1 = static_cast<uint64_t>(g_runtime.my_pe) + 1;
  uint64_t *mine = word(call, lock, g_runtime.my_pe);
  uint64_t *home = word(call, lock, kHome);
  /* Writes made under the lock must be complete before the next holder runs. */
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (exchange_tail(home, 0, false, me1) == me1) return; /* nobody queued */
  uint64_t next = 0;
  wait_politely([&] { return (next = (load(mine) & kNextMask) >> kNextShift) != 0; });
  __atomic_fetch_and(word(call, lock, static_cast<int>(next - 1)), ~kWaitBit, __ATOMIC_ACQ_REL);
}

}  // namespace lock
}  // namespace rocshmem
