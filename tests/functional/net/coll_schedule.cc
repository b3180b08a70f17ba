/* Collectives of a group spanning nodes run coll/schedule.h's node-aware
 * schedules (coll/sched_exec.h): each PE makes exactly the network
 * operations of its own steps, so a PE that is not its node's leader makes
 * none, and a leader O(log2 nodes).  Run by coll_schedule.sh on emulated
 * nodes of ROCSHMEM_PES_PER_NODE consecutive PEs, UCX over shared memory
 * (over tcp the collectives are MPI's, sync/boot_comm.h).
 *
 * For each collective it reads this PE's transport counters
 * (transport/net_stats.h) before and after, and compares them with what the
 * schedule built for the same layout says this member sends across nodes:
 * one put per contiguous piece of each message (its bytes), one signal per
 * message, one "ready" signal to each member on another node that sends to
 * it, no gets.  A broadcast's root already holds every chunk, so the ring's
 * messages to it are not sent; its own messages are read by their
 * receivers (one get per piece), which signal it back.  The results are
 * checked too. */
#include <rocshmem/rocshmem.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <vector>

#include "../common/ftest.h"
#include "coll/sched_exec.h"
#include "coll/schedule.h"
#include "transport/net_stats.h"

namespace stats = rocshmem::net::stats;
namespace sched = rocshmem::coll::sched;

struct Expected {
  uint64_t puts = 0, put_bytes = 0, gets = 0, get_bytes = 0, signals = 0;
  bool leader = false; /* its node's leader in this collective */
};

/* What one schedule makes this member do across nodes, added to e. */
static void add_expected(Expected &e, const sched::Layout &l, const sched::Params &p, int me) {
  const sched::Schedule s = sched::build(l, p);
  std::set<int> pushers;
  for (const sched::Round &r : s.rounds)
    for (const sched::Step &st : r.steps) {
      if (st.pe != me || !st.inter) continue;
      const int receiver = st.send ? st.peer : st.pe;
      if (p.kind == sched::Kind::broadcast && receiver == p.root) continue;
      const bool from_root =
          p.kind == sched::Kind::broadcast && (st.send ? st.pe : st.peer) == p.root;
      if (st.send) {
        e.signals += 1;
        if (!from_root) e.puts += st.pieces.size(), e.put_bytes += st.bytes;
      } else if (from_root) {
        e.gets += st.pieces.size(), e.get_bytes += st.bytes, e.signals += 1;
      } else {
        pushers.insert(st.peer);
      }
    }
  e.signals += pushers.size();
  e.leader = sched::leader_of(l, p, l.node[me]) == me;
}

/* A reduction runs as pieces of at most kReduceMaxBytes, a schedule each. */
static Expected expected(const sched::Layout &l, const sched::Params &p, int me) {
  Expected e;
  if (p.kind != sched::Kind::reduce) {
    add_expected(e, l, p, me);
    return e;
  }
  const size_t piece = rocshmem::coll::sched_exec::reduce_piece_bytes(p.elem);
  for (size_t at = 0; at < p.bytes; at += piece) {
    sched::Params one = p;
    one.bytes = std::min(piece, p.bytes - at);
    add_expected(e, l, one, me);
  }
  return e;
}

static int g_me, g_npes;
static std::vector<int> g_node_of;

/* Runs one collective between two snapshots and compares the difference. */
template <class F>
static void measure(const char *what, const sched::Params &p, F collective) {
  const Expected want = expected(sched::Layout(g_node_of), p, g_me);
  const stats::Counts before = stats::snapshot();
  collective();
  const stats::Counts after = stats::snapshot();
  auto d = [&](stats::Counter c) { return (unsigned long long)(after[c] - before[c]); };
  FT_CHECK(d(stats::get) == want.gets && d(stats::get_bytes) == want.get_bytes &&
               d(stats::put) == want.puts && d(stats::put_bytes) == want.put_bytes &&
               d(stats::signal_put) == want.signals,
           "PE %d, %s: get %llu (%llu B), put %llu (%llu B), signals %llu; the schedule says "
           "get %llu (%llu B), put %llu (%llu B), signals %llu",
           g_me, what, d(stats::get), d(stats::get_bytes), d(stats::put), d(stats::put_bytes),
           d(stats::signal_put), (unsigned long long)want.gets, (unsigned long long)want.get_bytes,
           (unsigned long long)want.puts, (unsigned long long)want.put_bytes,
           (unsigned long long)want.signals);
  FT_CHECK(want.leader || d(stats::put) + d(stats::get) + d(stats::signal_put) == 0,
           "PE %d, %s: not a leader, yet it used the network", g_me, what);
}

int main() {
  shmem_init();
  ft_begin();
  g_me = ft.me;
  g_npes = ft.npes;
  const char *ppn_env = getenv("ROCSHMEM_PES_PER_NODE");
  const int ppn = ppn_env ? atoi(ppn_env) : 0;
  if (ppn < 1 || ppn >= g_npes) {
    ft_skip("needs emulated nodes", "ROCSHMEM_PES_PER_NODE=%s with %d PEs", ppn_env ? ppn_env : "",
            g_npes);
    shmem_finalize();
    return ft_finish();
  }
  for (int pe = 0; pe < g_npes; ++pe) g_node_of.push_back(pe / ppn);
  const int nodes = g_node_of.back() + 1;

  const size_t big = 256 * 1024; /* past the schedules' thresholds: scatter + ring, ring */
  char *src = static_cast<char *>(shmem_malloc(big));
  char *dst = static_cast<char *>(shmem_malloc(big * g_npes));
  constexpr size_t kLongs = 5000;
  long *lsrc = static_cast<long *>(shmem_malloc(kLongs * sizeof(long)));
  long *ldst = static_cast<long *>(shmem_malloc(kLongs * sizeof(long)));

  for (size_t bytes : {size_t{64}, big}) {
    /* A root on every node, the last member of it (not its first). */
    for (int node = 0; node < nodes; ++node) {
      const int root = std::min(g_npes - 1, node * ppn + ppn - 1);
      ft_fill(src, bytes, g_me, 1);
      sched::Params p;
      p.kind = sched::Kind::broadcast;
      p.root = root;
      p.bytes = bytes;
      /* The large one with the root in place: its dest is its source. */
      char *d = bytes == big && g_me == root ? src : dst;
      measure("broadcastmem", p, [&] { shmem_broadcastmem(SHMEM_TEAM_WORLD, d, src, bytes, root); });
      FT_CHECK_BYTES(d, bytes, root, 1, "the broadcast");
    }
    ft_case("broadcast of %zu bytes, a root on each of %d nodes: the schedule's network "
            "operations, none for non-leaders", bytes, nodes);
  }

  for (size_t each : {size_t{64}, size_t{80 * 1024}}) {
    ft_fill(src, each, g_me, 2);
    sched::Params p;
    p.kind = sched::Kind::fcollect;
    p.bytes = each;
    measure("fcollectmem", p, [&] { shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, each); });
    for (int pe = 0; pe < g_npes; ++pe) FT_CHECK_BYTES(dst + pe * each, each, pe, 2, "fcollect");
    ft_case("fcollect of %zu bytes per PE: the schedule's network operations", each);
  }

  /* 100 longs: one piece; 5000 (39 KiB): two whole pieces and a part, the
   * second one in place. */
  for (size_t n : {size_t{100}, kLongs}) {
    for (int inplace = 0; inplace <= (n == kLongs); ++inplace) {
      for (size_t i = 0; i < n; ++i) lsrc[i] = (long)g_me * 1000 + (long)i;
      long *out = inplace ? lsrc : ldst;
      sched::Params p;
      p.kind = sched::Kind::reduce;
      p.bytes = n * sizeof(long);
      p.elem = sizeof(long);
      measure("long_sum_reduce", p, [&] { shmem_long_sum_reduce(SHMEM_TEAM_WORLD, out, lsrc, n); });
      for (size_t i = 0; i < n; ++i) {
        const long want = 1000L * g_npes * (g_npes - 1) / 2 + (long)g_npes * (long)i;
        FT_CHECK(out[i] == want, "PE %d: sum[%zu] = %ld, want %ld", g_me, i, out[i], want);
      }
    }
    ft_case("sum reduction of %zu longs (%zu pieces): the schedule's network operations", n,
            (n * sizeof(long) + rocshmem::coll::sched_exec::reduce_piece_bytes(sizeof(long)) - 1) /
                rocshmem::coll::sched_exec::reduce_piece_bytes(sizeof(long)));
  }

  shmem_free(ldst);
  shmem_free(lsrc);
  shmem_free(dst);
  shmem_free(src);
  shmem_finalize();
  return ft_finish();
}
