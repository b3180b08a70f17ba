/* The bootstrap communicators of groups spanning nodes over tcp (see
 * boot_comm.h).  Communicator 0 is every PE in world order; the others are
 * made by Bootstrap::group_create, which is blocking and collective over
 * the group's members only.  Before it, the members synchronize with the
 * library's own barrier (polled, serving the worker): after that no member
 * waits for another member's worker, so none can be stuck while the others
 * sit in MPI without a progress thread.  PEs outside the group never wait
 * for it. */
#include "sync/boot_comm.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "core/log.h"
#include "core/runtime.h"
#include "sync/barrier.h"
#include "sync/wait.h"

namespace rocshmem {

namespace {

struct BootGroup {
  std::vector<int> pes; /* world PEs in member order */
  int comm;
  GroupId id; /* the group that last used it */
};

struct BootCommState {
  bool on = false; /* this job synchronizes across nodes through the bootstrap */
  /* A job makes few groups (its teams and active sets), and each lookup is
   * dwarfed by the network collective it precedes: a list suffices. */
  std::vector<BootGroup> groups;
};

BootCommState g_boot;

bool in_world_order(const Group &g) {
  if (g.size != g_runtime.n_pes) return false;
  for (int m = 0; m < g.size; ++m)
    if (g.pes[m] != m) return false;
  return true;
}

int group_comm(const char *call, const Group &g) {
  /* A non-member gets the general path, which reports it. */
  if (g.me < 0 || g.mapped) return kNoBootComm;
  /* By id first (O(1): the same team again), then by members: groups of
   * the same members share a communicator, so that a program making many
   * short-lived teams of the same PEs does not run out of them. */
  for (const BootGroup &b : g_boot.groups)
    if (g.id.known() && b.id == g.id) return b.comm;
  for (BootGroup &b : g_boot.groups)
    if (b.pes.size() == static_cast<size_t>(g.size) &&
        std::equal(b.pes.begin(), b.pes.end(), g.pes)) {
      b.id = g.id;
      return b.comm;
    }
  counter_sync(call, g);
  const int comm = g_runtime.boot->group_create(g.pes, g.size);
  g_boot.groups.push_back(BootGroup{std::vector<int>(g.pes, g.pes + g.size), comm, g.id});
  ROCSHMEM_LOG(LOG_DEBUG, "%s: a communicator for a %d-PE group spanning nodes (%zu so far)",
               call, g.size, g_boot.groups.size());
  return comm;
}

}  // namespace

/* The worker is served for peers' requests only (what we wait for comes
 * through MPI), and each turn over tcp is a system call (an epoll_wait,
 * about 1 us on this VM).  While nobody needs it: a turn after 16 polls,
 * then at most one per kServeEvery (served every 16 polls, a 2-PE fcollect
 * of 1 MiB, MPI's rendezvous advanced only inside MPI_Testall, spent 40% of
 * its time in the worker; at every poll the 2-PE barrier took 3.2 us, not
 * 0.6).  Once a turn found work, a peer is using this PE's memory: every
 * poll serves while g_net_use (sync/wait.h, shared with the data-path
 * waits) says the transport is in use (a PE in a barrier while its peer
 * works on its memory, 2 PEs over tcp: throttled, put 8 B + quiet took 48 us
 * and get 33, OSHMEM's 24 and 14; this way 23 and 16; served at every poll
 * from the 16th: 33 and 19, and the barrier 4.6 us). */
namespace {
using Clock = std::chrono::steady_clock;
constexpr std::chrono::microseconds kServeEvery{10};
Clock::time_point g_served;

/* Returns whether the transport is in use (wait_serving then keeps the
 * core). */
bool serve(unsigned i) {
  if (!net::g_active) return false;
  if (!g_net_use.on) {
    if ((i + 1) % 16 != 0) return false;
    const Clock::time_point now = Clock::now();
    if (now - g_served < kServeEvery) return false;
    g_served = now;
  }
  return g_net_use.note(net::progress());
}
}  // namespace

void boot_wait(const char *call) {
  Bootstrap &boot = *g_runtime.boot;
  wait_serving({call, "the MPI messages of a synchronization or collective spanning nodes"},
               [&boot] { return boot.request_done(); }, serve);
}

void boot_comm_setup() {
  /* Across nodes, the bootstrap's messages unless every PE's signals
   * are stores (UCX reaches all its network peers through shared memory:
   * there our own barrier took 0.17 us, MPI's 1.1, 2 PEs over UCX sm).
   * Every PE must choose the same: n_nodes and the bootstrap are the same
   * everywhere, the transports are agreed here. */
  Bootstrap &boot = *g_runtime.boot;
  if (g_runtime.topo.n_nodes <= 1 || !boot.data_path_collectives()) return;
  const char direct = net::heaps_reached_directly();
  std::vector<char> all(g_runtime.n_pes);
  boot.allgather(&direct, all.data(), 1);
  g_boot.on = std::find(all.begin(), all.end(), 0) != all.end();
  if (g_boot.on && g_runtime.my_pe == 0)
    ROCSHMEM_LOG(LOG_INFO, "synchronization and collectives of groups spanning nodes: MPI's (a "
                 "PE reaches a peer by messages the peer's worker must serve)");
}

void boot_comm_teardown() {
  g_boot = BootCommState{};
  g_served = Clock::time_point{};
  g_net_use = NetUse{};
}

int boot_comm_sync(const char *call, const Group &g) {
  if (!g_boot.on) return kNoBootComm;
  return g.size == g_runtime.n_pes ? 0 : group_comm(call, g);
}

int boot_comm_coll(const char *call, const Group &g) {
  if (!g_boot.on) return kNoBootComm;
  return in_world_order(g) ? 0 : group_comm(call, g);
}

/* Why our own schedules: MPI's non-blocking collectives (Open MPI's libnbc)
 * build and walk a schedule on every call and advance it only inside
 * MPI_Test; the same rounds as Isend/Irecv cost less (stand-alone, 2 ranks
 * on this VM: barrier 0.48 us against 0.60, 8-byte broadcast 0.37 against
 * 0.51; a 1 MiB allgather 98 us against 148, where a blocking
 * MPI_Allgather took 94; 2 of 4 ranks on 2 cores: broadcast 2.0-2.4 us
 * against 2.3-9.7).  Messages of one kind between two ranks match in order
 * (MPI does not overtake), and every member runs the same sequence of
 * synchronizations and collectives on a communicator, so one tag per kind
 * suffices. */
namespace {

constexpr int kBarrierTag = 1;
constexpr int kBcastTag = 2;
constexpr int kExchangeTag = 3;

struct Block {
  const void *in; /* what I send to the peer */
  void *out;      /* where its block for me lands */
  size_t in_bytes, out_bytes;
};

/* Every rank sends a block to every other and receives one from each:
 * blocks(p) says which, for peer p (and for p = me: the copy that stays
 * here).  In step d rank r sends to r + d and receives from r - d, so both
 * ends of each message are in the same batch; batches of kBatch steps keep
 * the requests within the bootstrap's bound.  The send is started before
 * the receive: a large block from a peer that started first is copied
 * inside MPI_Irecv (Open MPI's shared memory reads it with CMA at once),
 * and a send started after that would reach the peer one copy late, so the
 * two copies ran one after the other (2 PEs, 1 MiB fcollect after our
 * barrier: median 132 us, 72-81 with the send first). */
template <class Blocks>
void exchange(const char *call, int comm, Blocks blocks) {
  constexpr int kBatch = 16;
  Bootstrap &boot = *g_runtime.boot;
  const int n = boot.comm_size(comm), r = boot.comm_rank(comm);
  for (int first = 1; first < n; first += kBatch) {
    for (int d = first; d < n && d < first + kBatch; ++d) {
      const int from = (r - d + n) % n, to = (r + d) % n;
      const Block f = blocks(from), t = blocks(to);
      boot.isend_start(comm, to, t.in, t.in_bytes, kExchangeTag);
      boot.irecv_start(comm, from, f.out, f.out_bytes, kExchangeTag);
    }
    boot_wait(call);
  }
  const Block mine = blocks(r);
  if (mine.in_bytes && mine.out != mine.in) std::memmove(mine.out, mine.in, mine.in_bytes);
}

}  // namespace

void boot_barrier(const char *call, int comm, const Group &g) {
  Bootstrap &boot = *g_runtime.boot;
  const int n = boot.comm_size(comm), r = boot.comm_rank(comm);
  /* Each message says what the counters' signals say (sync/barrier.h): the
   * sender's SyncTag, then the routine it synchronizes in (65 bytes, far
   * below MPI's eager limit, so still one message per round). */
  struct Message {
    unsigned char tag;
    char routine[kSyncNameBytes];
  };
  Message mine{static_cast<unsigned char>(sync_tag_mine()), {}};
  std::strncpy(mine.routine, call, kSyncNameBytes - 1);
  for (int dist = 1; dist < n; dist <<= 1) {
    const int from = (r - dist + n) % n;
    Message theirs{};
    boot.irecv_start(comm, from, &theirs, sizeof theirs, kBarrierTag);
    boot.isend_start(comm, (r + dist) % n, &mine, sizeof mine, kBarrierTag);
    boot_wait(call);
    /* Communicator 0 ranks PEs in world order, the others in member order. */
    const int pe = comm == 0 ? from : g.pes[from];
    sync_tag_check(call, pe, theirs.tag);
    if (sync_names_checked()) sync_name_check(call, pe, theirs.routine);
  }
}

void boot_bcast(const char *call, int comm, void *buf, size_t bytes, int root) {
  Bootstrap &boot = *g_runtime.boot;
  const int n = boot.comm_size(comm), r = boot.comm_rank(comm);
  const int v = (r - root + n) % n; /* my rank relative to the root's */
  /* My parent is v without its lowest set bit; my children are v + m for
   * every power of two m below that bit. */
  int m = 1;
  for (; m < n; m <<= 1)
    if (v & m) {
      boot.irecv_start(comm, (r - m + n) % n, buf, bytes, kBcastTag);
      boot_wait(call);
      break;
    }
  for (m >>= 1; m > 0; m >>= 1)
    if (v + m < n) boot.isend_start(comm, (r + m) % n, buf, bytes, kBcastTag);
  boot_wait(call);
}

void boot_allgather(const char *call, int comm, const void *in, void *out, size_t bytes) {
  char *o = static_cast<char *>(out);
  exchange(call, comm, [=](int p) { return Block{in, o + p * bytes, bytes, bytes}; });
}

void boot_allgatherv(const char *call, int comm, const void *in, size_t in_bytes, void *out,
                     const int *counts, const int *displs) {
  char *o = static_cast<char *>(out);
  exchange(call, comm, [=](int p) {
    return Block{in, o + displs[p], in_bytes, static_cast<size_t>(counts[p])};
  });
}

void boot_alltoall(const char *call, int comm, const void *in, void *out, size_t bytes) {
  const char *i = static_cast<const char *>(in);
  char *o = static_cast<char *>(out);
  exchange(call, comm, [=](int p) { return Block{i + p * bytes, o + p * bytes, bytes, bytes}; });
}

}  // namespace rocshmem
