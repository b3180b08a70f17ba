/* An MCS queue lock over the symmetric `long` the user passes (or the
 * default INTEGER of the Fortran API: the same fields in 32 bits, see Layout).
 *
 * Every PE's copy of the lock word is one 64-bit field set:
 *   bits  0..30  tail: PE+1 of the last PE queued (used on PE 0 only, the
 *                lock's home; 0 = free)
 *   bits 31..61  next: PE+1 of the PE queued behind this PE (0 = none yet)
 *   bit  62      wait: set while this PE waits for the lock to be handed over
 *   bit  63      held: set from this PE's set_lock (or successful test_lock)
 *                to its clear_lock, so that misuse that would otherwise
 *                hang (clearing a lock this PE does not hold, setting one it
 *                already holds: it would queue behind itself) ends the job
 *                with a message instead
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
#include <type_traits>

#include "amo/amo.h"
#include "sync/wait.h"

namespace rocshmem {
namespace lock {

namespace {

/* The fields of a lock word of type Word (long: the widths above; a 32-bit
 * word: 15-bit tail and next fields, so at most 32767 PEs). */
template <class Word>
struct Layout {
  using U = std::make_unsigned_t<Word>;
  static constexpr int kBits = 8 * sizeof(Word);
  static constexpr int kNextShift = (kBits - 2) / 2;
  static constexpr U kTailMask = (U(1) << kNextShift) - 1;
  static constexpr U kNextMask = kTailMask << kNextShift;
  static constexpr U kWaitBit = U(1) << (kBits - 2);
  static constexpr U kHeldBit = U(1) << (kBits - 1);
};
constexpr int kHome = 0;

/* The lock word as the AMO layer sees it (CPU or network atomics, by the
 * atomicity rule of amo/amo.h). */
template <class Word>
auto *word(Word *lock) {
  return reinterpret_cast<typename Layout<Word>::U *>(lock);
}
template <class Word>
auto fetch(const char *call, Word *lock, int pe) {
  return amo::fetch(call, ROCSHMEM_CTX_DEFAULT, word(lock), pe);
}
template <class Word, class U>
U fetch_or(const char *call, Word *lock, U bits, int pe) {
  return amo::fetch_or<U>(call, ROCSHMEM_CTX_DEFAULT, word(lock), bits, pe);
}
template <class Word, class U>
U fetch_and(const char *call, Word *lock, U bits, int pe) {
  return amo::fetch_and<U>(call, ROCSHMEM_CTX_DEFAULT, word(lock), bits, pe);
}
/* The lock word is polled with plain loads (load_mine), so it must be in
 * host memory; and its tail field must hold every PE number. */
template <class Word>
void check_word(const char *call, Word *lock) {
  if (peer_segment_of(lock, sizeof *lock) == SEG_GPU)
    fatal(call, "lock = %p is in the GPU heap (rocshmem_malloc): host locks live in host memory "
          "(a symmetric long from shmem_malloc, or a global or static one)", static_cast<void *>(lock));
  if (static_cast<uint64_t>(g_runtime.n_pes) > Layout<Word>::kTailMask)
    fatal(call, "a %d-bit lock word serves at most %llu PEs, not %d", Layout<Word>::kBits,
          static_cast<unsigned long long>(Layout<Word>::kTailMask), g_runtime.n_pes);
}
/* My own word changes under remote AMOs; a plain load observes them. */
template <class Word>
auto load_mine(Word *lock) { return __atomic_load_n(word(lock), __ATOMIC_ACQUIRE); }

/* Replaces the tail field at home with `tail` if it currently is `expect`
 * (expect_any: whatever it is); returns the previous tail. */
template <class Word, class U = typename Layout<Word>::U>
U exchange_tail(const char *call, Word *lock, U tail, bool expect_any, U expect) {
  constexpr U kTailMask = Layout<Word>::kTailMask;
  U old = fetch(call, lock, kHome);
  for (;;) {
    U old_tail = old & kTailMask;
    if (!expect_any && old_tail != expect) return old_tail;
    U desired = (old & ~kTailMask) | tail;
    U seen = amo::compare_swap<U>(call, ROCSHMEM_CTX_DEFAULT, word(lock), old, desired, kHome);
    if (seen == old) return old_tail;
    old = seen;
  }
}

}  // namespace

template <class Word>
void acquire(const char *call, Word *lock) {
  using L = Layout<Word>;
  using U = typename L::U;
  constexpr U kNextMask = L::kNextMask, kWaitBit = L::kWaitBit, kHeldBit = L::kHeldBit;
  constexpr int kNextShift = L::kNextShift;
  check_word(call, lock);
  const int me = g_runtime.my_pe;
  if (fetch_and(call, lock, ~(kNextMask | kWaitBit), me) & kHeldBit)
    fatal(call, "lock = %p is already held by this PE (PE %d); locks are not recursive", lock, me);
  fetch_or(call, lock, kWaitBit | kHeldBit, me);
  U prev = exchange_tail(call, lock, static_cast<U>(me + 1), true, U(0));
  if (prev > static_cast<U>(g_runtime.n_pes))
    fatal(call, "lock = %p names PE %llu as its last holder in a %d-PE job: it is not a lock "
          "word (a lock must be a symmetric long set to 0 before first use)",
          lock, static_cast<unsigned long long>(prev - 1), g_runtime.n_pes);
  if (prev == 0) {
    fetch_and(call, lock, ~kWaitBit, me);
    return;
  }
  fetch_or(call, lock, static_cast<U>(static_cast<U>(me + 1) << kNextShift), static_cast<int>(prev - 1));
  wait_politely({call, "the lock to be handed over by its previous holder, PE",
                 static_cast<int>(prev - 1)},
                [&] { return (load_mine(lock) & kWaitBit) == 0; });
}

template <class Word>
int try_acquire(const char *call, Word *lock) {
  using L = Layout<Word>;
  using U = typename L::U;
  constexpr U kNextMask = L::kNextMask, kWaitBit = L::kWaitBit, kHeldBit = L::kHeldBit;
  check_word(call, lock);
  const int me = g_runtime.my_pe;
  if ((fetch(call, lock, kHome) & L::kTailMask) != 0) return 1;
  fetch_and(call, lock, ~(kNextMask | kWaitBit), me);
  if (exchange_tail(call, lock, static_cast<U>(me + 1), false, U(0)) != 0) return 1;
  fetch_or(call, lock, kHeldBit, me);
  return 0;
}

template <class Word>
void release(const char *call, Word *lock) {
  using L = Layout<Word>;
  using U = typename L::U;
  constexpr U kNextMask = L::kNextMask, kWaitBit = L::kWaitBit, kHeldBit = L::kHeldBit;
  constexpr int kNextShift = L::kNextShift;
  check_word(call, lock);
  const int me = g_runtime.my_pe;
  const U me1 = static_cast<U>(me + 1);
  if (!(fetch_and(call, lock, ~kHeldBit, me) & kHeldBit))
    fatal(call, "lock = %p is not held by this PE (PE %d): clear_lock must follow its set_lock "
          "or a successful test_lock", lock, me);
  /* Writes made under the lock must be complete before the next holder runs. */
  std::atomic_thread_fence(std::memory_order_seq_cst);
  net::quiet();
  if (exchange_tail(call, lock, U(0), false, me1) == me1) return; /* nobody queued */
  U next = 0;
  wait_politely({call, "the next PE in the lock's queue to make itself known"},
                [&] { return (next = (load_mine(lock) & kNextMask) >> kNextShift) != 0; });
  fetch_and(call, lock, ~kWaitBit, static_cast<int>(next - 1));
}

template void acquire(const char *, long *);
template void acquire(const char *, int32_t *);
template int try_acquire(const char *, long *);
template int try_acquire(const char *, int32_t *);
template void release(const char *, long *);
template void release(const char *, int32_t *);

}  // namespace lock
}  // namespace rocshmem
