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
  if (g.me < 0 || all_mapped(g)) return kNoBootComm;
  for (const BootGroup &b : g_boot.groups)
    if (b.pes.size() == static_cast<size_t>(g.size) &&
        std::equal(b.pes.begin(), b.pes.end(), g.pes))
      return b.comm;
  counter_sync(call, g);
  const int comm = g_runtime.boot->group_create(g.pes, g.size);
  g_boot.groups.push_back(BootGroup{std::vector<int>(g.pes, g.pes + g.size), comm});
  ROCSHMEM_LOG(LOG_DEBUG, "%s: a communicator for a %d-PE group spanning nodes (%zu so far)",
               call, g.size, g_boot.groups.size());
  return comm;
}

}  // namespace

void boot_comm_setup() {
  /* Across nodes, the bootstrap's collectives unless every PE's signals
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

void boot_comm_teardown() { g_boot = BootCommState{}; }

int boot_comm_sync(const char *call, const Group &g) {
  if (!g_boot.on) return kNoBootComm;
  return g.size == g_runtime.n_pes ? 0 : group_comm(call, g);
}

int boot_comm_coll(const char *call, const Group &g) {
  if (!g_boot.on) return kNoBootComm;
  return in_world_order(g) ? 0 : group_comm(call, g);
}

void boot_wait() {
  Bootstrap &boot = *g_runtime.boot;
  wait_politely<16>([&boot] { return boot.request_done(); });
}

}  // namespace rocshmem
