/* Group synchronization over same-node shared memory: a dissemination
 * barrier on pairwise signal counters.
 *
 * Every PE owns one counter per possible sender (one cache line each, in the
 * symmetric heap).  "Signal PE j" stores ++sent[j] into my counter at PE j;
 * "wait for PE i" waits until my counter for i reaches ++consumed[i].  Only
 * one PE ever writes a counter, so a plain release store suffices, and the
 * counters only grow, so they never need resetting.
 *
 * Because counters are per pair rather than per group, any set of PEs can
 * synchronize without first agreeing on shared state: teams created by any
 * split and legacy active sets (whose pSync we therefore never touch, so it
 * stays at SHMEM_SYNC_VALUE as the spec requires) all use the same counters.
 * This is correct as long as every pair of PEs performs its collectives in
 * the same order, which OpenSHMEM requires of programs anyway.
 *
 * Round k of a barrier over n members: member i signals member (i + 2^k) mod n
 * and waits for member (i - 2^k) mod n; ceil(log2 n) rounds.
 *
 * A signal carries, in its low bits, whether its sender is in a finalize
 * (SyncTag, barrier.h): a finalize synchronizes like a barrier, and without
 * the tag a PE that returned from main completed its peers' barrier with
 * the one in its implicit finalize, leaving them to fail later, elsewhere.
 * Under SHMEM_DEBUG it also carries the routine its sender is in
 * (send_name), so that PEs in different collectives are named rather than
 * matched.
 *
 * A group spanning nodes runs the node-aware barrier of coll/schedule.h
 * instead on the same counters: each node's members signal its leader, the
 * leaders run the dissemination among themselves, each leader releases its
 * members, so that ceil(log2 nodes) rounds cross the network rather than
 * up to ceil(log2 n).
 *
 * One exception: a group spanning nodes in a job where some PE reaches a
 * peer by messages its worker must serve (tcp), under the MPI bootstrap,
 * synchronizes with a barrier of MPI messages (see barrier_all,
 * sync/boot_comm.h). */
#include "sync/barrier.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "coll/schedule.h"
#include "core/log.h"
#include "core/runtime.h"
#include "sync/boot_comm.h"
#include "sync/wait.h"
#include "transport/peer_table.h"

namespace rocshmem {

namespace {

constexpr int kLineWords = 64 / sizeof(uint64_t);

struct SyncState {
  uint64_t *counters = nullptr; /* symmetric: n_pes cache lines, one per sender */
  uint64_t *leaving = nullptr;  /* symmetric: the cache line after them (leave_mark) */
  /* Symmetric, used under SHMEM_DEBUG only (nullptr otherwise): per sender,
   * two slots of kSyncNameBytes, the routine its signal number k was sent
   * from in slot k % 2 (see send_name). */
  char *names = nullptr;
  size_t leaving_offset = 0;    /* its offset in the heap */
  std::vector<uint64_t> sent, consumed;
  std::vector<int> world_pes;
  Group world{nullptr, 0, -1, false, {}};
};

SyncState g_sync;

char *name_slot(int sender, uint64_t count) {
  return g_sync.names + (static_cast<size_t>(sender) * 2 + count % 2) * kSyncNameBytes;
}

/* SHMEM_DEBUG: before signal number k to PE `to`, the routine this PE
 * synchronizes in goes to its slot k % 2 at `to`, which reads it once the
 * signal has arrived (wait_for).  Two slots suffice: this PE's signal k + 2
 * to `to` comes after a synchronization (k + 1) that `to` has entered, so
 * after `to` read slot k % 2. */
void send_name(const char *call, int to, uint64_t count) {
  char name[kSyncNameBytes] = {};
  std::strncpy(name, call, kSyncNameBytes - 1);
  Location loc = peer_locate(call, "sync routine name", name_slot(g_peers.my_pe, count),
                             kSyncNameBytes, to);
  if (loc.mapped)
    std::memcpy(loc.mapped, name, kSyncNameBytes); /* ordered before the signal's release store */
  else
    net::put(call, to, loc, name, kSyncNameBytes, false); /* put_signal fences after it */
}

void signal(const char *call, int to) {
  uint64_t *slot = g_sync.counters + static_cast<size_t>(g_peers.my_pe) * kLineWords;
  const uint64_t count = ++g_sync.sent[to];
  if (g_sync.names) send_name(call, to, count);
  const uint64_t value = (count << kSyncTagBits) | sync_tag_mine();
  Location loc = peer_locate(call, "sync counter", slot, sizeof(uint64_t), to);
  if (loc.mapped) {
    __atomic_store_n(reinterpret_cast<uint64_t *>(loc.mapped), value, __ATOMIC_RELEASE);
  } else {
    /* Ordered after everything this PE sent before (a fence), and written
     * by one 8-byte put, so the waiter never sees a torn value; a later
     * quiet need not complete it (net::put_signal). */
    net::put_signal(call, to, loc, value);
  }
}

void wait_for(const char *call, int from) {
  const uint64_t *slot = g_sync.counters + static_cast<size_t>(from) * kLineWords;
  const uint64_t target = ++g_sync.consumed[from];
  uint64_t value = 0;
  wait_politely({call, "the synchronization signal of PE", from}, [&] {
    value = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    return value >> kSyncTagBits >= target;
  });
  /* A later signal's tag says nothing of this synchronization; and a
   * finalize's signal is a PE's last, so none follows it. */
  if (value >> kSyncTagBits == target)
    sync_tag_check(call, from, static_cast<unsigned>(value & ((1u << kSyncTagBits) - 1)));
  if (g_sync.names) sync_name_check(call, from, name_slot(from, target));
}

/* Up to this many members on one node, every member signals every other
 * and then waits for all of them (one round): the last PE to arrive releases
 * everybody at once.  A dissemination barrier needs ceil(log2 n) rounds in
 * sequence, and with more PEs than cores each round can cost a scheduler
 * time slice.  Larger groups, or groups that reach PEs through the network,
 * keep the O(log n) rounds.  The choice depends only on the group, so every
 * member makes the same one, and it sends each pair of members the same
 * number of signals either way. */
constexpr int kFlatMembers = 8;

/* My part of the node-aware barrier of a group: per round, the members I
 * signal and the members I wait for.  Kept for the last group seen (a team
 * or active set synchronizes many times in a row), keyed by its id. */
struct NodeAwareSteps {
  GroupId id;
  std::vector<int> pes;
  std::vector<std::vector<int>> signal_to, wait_for;
};

const NodeAwareSteps &node_aware_steps(const Group &g) {
  /* One per thread, never destroyed: a program that returns from main
   * without shmem_finalize is finalized by an exit handler, which runs after
   * the main thread's thread_local objects are gone (a thread_local
   * NodeAwareSteps was read there after its destructor: a crash at exit). */
  thread_local NodeAwareSteps *const steps = new NodeAwareSteps;
  NodeAwareSteps &cached = *steps;
  if (same_group(cached.id, cached.pes, g)) return cached;
  std::vector<int> node_of(g.size);
  for (int m = 0; m < g.size; ++m) node_of[m] = g_runtime.topo.node_of_pe[g.pes[m]];
  coll::sched::Params params;
  params.kind = coll::sched::Kind::barrier;
  const coll::sched::Schedule s = coll::sched::build(coll::sched::Layout(node_of), params);
  cached.id = g.id;
  cached.pes.assign(g.pes, g.pes + g.size);
  cached.signal_to.assign(s.rounds.size(), {});
  cached.wait_for.assign(s.rounds.size(), {});
  for (size_t r = 0; r < s.rounds.size(); ++r)
    for (const coll::sched::Step &st : s.rounds[r].steps)
      if (st.pe == g.me) (st.send ? cached.signal_to : cached.wait_for)[r].push_back(g.pes[st.peer]);
  return cached;
}

}  // namespace

void pair_signal(const char *call, int to) { signal(call, to); }
void pair_wait(const char *call, int from) { wait_for(call, from); }

void barrier_setup(const char *call) {
  const int n = g_runtime.n_pes;
  /* Allocated at the same point of init on every PE, so symmetric like any
   * other shmem_malloc. */
  void *p = g_runtime.heap.allocate((static_cast<size_t>(n) + 1) * 64, 64);
  if (!p) fatal(call, "the symmetric heap is too small for %d PEs' synchronization counters", n);
  g_sync.counters = static_cast<uint64_t *>(p);
  g_sync.leaving = g_sync.counters + static_cast<size_t>(n) * kLineWords;
  /* Allocated with or without SHMEM_DEBUG, so that a job whose PEs disagree
   * on it still lays out its heaps alike (the pages are touched only when
   * the names are written). */
  char *names = static_cast<char *>(
      g_runtime.heap.allocate(static_cast<size_t>(n) * 2 * kSyncNameBytes, 64));
  if (!names) fatal(call, "the symmetric heap is too small for %d PEs' synchronization state", n);
  g_sync.names = g_runtime.cfg.debug ? names : nullptr;
  leave_mark(kStaying);
  g_sync.leaving_offset = static_cast<size_t>(reinterpret_cast<char *>(g_sync.leaving) -
                                              g_peers.base[SEG_HEAP][g_runtime.my_pe]);
  g_sync.sent.assign(n, 0);
  g_sync.consumed.assign(n, 0);
  g_sync.world_pes.resize(n);
  for (int pe = 0; pe < n; ++pe) g_sync.world_pes[pe] = pe;
  g_sync.world = Group{g_sync.world_pes.data(), n, g_runtime.my_pe,
                       members_mapped(g_sync.world_pes.data(), n), GroupId{new_team_serial()}};
  boot_comm_setup();
}

void barrier_teardown() {
  boot_comm_teardown();
  g_sync = SyncState{};
}

const Group &world_group() { return g_sync.world; }

void leave_mark(LeaveStage stage) {
  if (g_sync.leaving) __atomic_store_n(g_sync.leaving, uint64_t{stage}, __ATOMIC_RELEASE);
}

LeaveStage leave_stage_of(int pe) {
  if (!g_sync.leaving) return kStaying;
  const char *base = g_peers.base[SEG_HEAP][pe];
  if (!base) return kStaying;
  const auto *word = reinterpret_cast<const uint64_t *>(base + g_sync.leaving_offset);
  return static_cast<LeaveStage>(__atomic_load_n(word, __ATOMIC_ACQUIRE));
}

unsigned sync_tag_mine() {
  if (g_runtime.finalizing != Finalizing::kSync) return kSyncPlain;
  return g_sync.leaving && __atomic_load_n(g_sync.leaving, __ATOMIC_RELAXED) == kLeaving
             ? kSyncExit
             : kSyncFinalize;
}

void sync_tag_check(const char *call, int from, unsigned tag) {
  /* In a finalize, any partner is legal: implicit finalization matches a
   * shmem_finalize, and several initializations' finalizes are barriers. */
  if (tag == kSyncPlain || g_runtime.finalizing != Finalizing::kNo) return;
  if (tag == kSyncExit)
    fatal(call,
          "PE %d exited without calling shmem_finalize while PE %d waits for the synchronization "
          "signal of PE %d in %s: it returned from main (or called exit), and its implicit "
          "finalize must not complete this PE's %s; call shmem_finalize on every PE, or end "
          "every PE the same way at the same point",
          from, g_runtime.my_pe, from, call, call);
  fatal(call,
        "PE %d is in shmem_finalize while PE %d is in %s: shmem_finalize is collective, every PE "
        "calls it at the same point (a finalize must not complete a barrier)",
        from, g_runtime.my_pe, call);
}

/* The routine without its prefix and what follows a blank: rocshmem_ and
 * shmem_ name the same routine, and "shmem_finalize (implicit, at exit)"
 * matches a shmem_finalize. */
namespace {
std::string routine_of(const char *call) {
  std::string name(call, strnlen(call, kSyncNameBytes - 1));
  name.erase(std::min(name.find(' '), name.size()));
  for (const char *prefix : {"rocshmem_", "shmem_"})
    if (name.compare(0, std::strlen(prefix), prefix) == 0) return name.substr(std::strlen(prefix));
  return name;
}
}  // namespace

void sync_name_check(const char *call, int from, const char *theirs) {
  if (routine_of(theirs) != routine_of(call))
    fatal(call,
          "PE %d is in %s while PE %d is in %.*s: the members of a team must call the same "
          "collective routines in the same order (SHMEM_DEBUG)",
          g_runtime.my_pe, call, from, static_cast<int>(strnlen(theirs, kSyncNameBytes - 1)),
          theirs);
}

bool sync_names_checked() { return g_sync.names != nullptr; }

void group_sync(const char *call, const Group &g) {
  /* Across nodes over tcp (sync/boot_comm.h): a barrier of MPI messages
   * (see barrier_all), after this PE's network puts are complete, which the
   * counters' signals ordered after them and MPI's messages do not. */
  const int comm = boot_comm_sync(call, g);
  if (comm != kNoBootComm) {
    if (net::g_active) net::quiet();
    boot_barrier(call, comm, g);
    return;
  }
  counter_sync(call, g);
}

void counter_sync(const char *call, const Group &g) {
  if (g.size <= kFlatMembers && g.mapped) {
    for (int d = 1; d < g.size; ++d) signal(call, g.pes[(g.me + d) % g.size]);
    for (int d = 1; d < g.size; ++d) wait_for(call, g.pes[(g.me + d) % g.size]);
    return;
  }
  if (!g.mapped) {
    const NodeAwareSteps &steps = node_aware_steps(g);
    for (size_t r = 0; r < steps.signal_to.size(); ++r) {
      for (int pe : steps.signal_to[r]) signal(call, pe);
      for (int pe : steps.wait_for[r]) wait_for(call, pe);
    }
    return;
  }
  for (int dist = 1; dist < g.size; dist <<= 1) {
    signal(call, g.pes[(g.me + dist) % g.size]);
    wait_for(call, g.pes[(g.me - dist % g.size + g.size) % g.size]);
  }
}

/* Across nodes a dissemination round over tcp is a network round trip
 * through both PEs' UCX workers (2 PEs: about 50 us where MPI's barrier took
 * 1.4): where the bootstrap is MPI, the rounds are MPI messages instead
 * (boot_barrier: shared memory on a node and the network between, as
 * OSHMEM's barrier is), after quiet, so every put is complete.  Polled:
 * while this PE waits, peers' operations on its memory (their quiet may
 * wait for them) need its worker served, and a blocking MPI call would
 * leave that to the progress thread, which may be in a back-off sleep of up
 * to 4 ms (transport/ucx/transport.cc); boot_wait says how often the worker
 * gets a turn.  group_sync does this for any group of every PE. */
void barrier_all(const char *call) {
  quiet();
  group_sync(call, g_sync.world);
}

void sync_all(const char *call) {
  fence();
  group_sync(call, g_sync.world);
}

}  // namespace rocshmem
