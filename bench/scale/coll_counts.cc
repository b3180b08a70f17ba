/* coll_counts: network operations per PE of each collective, counted by the
 * library (bench/scale/run.sh runs it; so does a test of the barrier).
 *
 *   coll_counts [-k ITERS] SPEC...     (under a launcher)
 *
 * SPEC is barrier, or COLL:BYTES with COLL one of broadcast, reduce,
 * fcollect, alltoall and BYTES its size as bench/scale/coll_model counts it
 * (broadcast and reduce: the vector; fcollect: each PE's block; alltoall:
 * the block for each pair), a multiple of 8 (K and M suffixes allowed).
 * Team forms on SHMEM_TEAM_WORLD, longs (reduce: sum).
 *
 * What the counters see depends on the path the library takes: UCX over
 * shared memory maps the peers' heaps, so signals and copies become stores
 * (nothing counted); under the MPI bootstrap over tcp a group spanning nodes
 * synchronizes with MPI's messages.  So run it over UCX on tcp with
 * ROCSHMEM_BOOTSTRAP=uniqueid, ROCSHMEM_MASTER_ADDR and ROCSHMEM_MASTER_PORT
 * (RANK and WORLD_SIZE are taken from MPI here): every operation of the
 * library's own synchronization and collectives between nodes is then a
 * network operation, as on a network without such mappings.
 *
 * For each SPEC: one untimed call (endpoints made on first use are made
 * then, not counted), an MPI barrier, the transport's counters reset
 * (src/transport/net_stats.h), ITERS calls, this PE's counters read, and
 * the result checked.  Network operations are what the API families hand
 * to the network transport: puts, gets, atomics, signal puts and
 * active-message requests; peers on the same node are never counted.  PE 0
 * prints one JSON line per SPEC with per-iteration operations and bytes
 * (max and mean over PEs), and the same for node leaders (the first PE of
 * each node: the library's emulated nodes are ROCSHMEM_PES_PER_NODE
 * consecutive PEs) and for the other PEs.  Exit status 1 when a result was
 * wrong on any PE, 2 on bad arguments. */
#include <mpi.h>
#include <shmem.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "transport/net_stats.h"

namespace stats = rocshmem::net::stats;

namespace {

struct Spec {
  std::string coll;
  size_t bytes = 0;
};

[[noreturn]] void usage_error(const std::string &why) {
  std::fprintf(stderr, "coll_counts: %s\nusage: coll_counts [-k ITERS] barrier|COLL:BYTES...\n"
                       "  COLL: broadcast, reduce, fcollect, alltoall; BYTES a multiple of 8\n",
               why.c_str());
  std::exit(2);
}

Spec parse_spec(const std::string &s) {
  Spec sp;
  const size_t colon = s.find(':');
  sp.coll = s.substr(0, colon);
  if (sp.coll == "barrier") {
    if (colon != std::string::npos) usage_error("barrier takes no size: " + s);
    return sp;
  }
  if (sp.coll != "broadcast" && sp.coll != "reduce" && sp.coll != "fcollect" &&
      sp.coll != "alltoall")
    usage_error("unknown collective: " + s);
  if (colon == std::string::npos) usage_error("missing :BYTES in " + s);
  char *end = nullptr;
  const std::string num = s.substr(colon + 1);
  unsigned long long v = std::strtoull(num.c_str(), &end, 10);
  if (*end == 'K') v <<= 10, ++end;
  else if (*end == 'M') v <<= 20, ++end;
  if (end == num.c_str() || *end || v == 0 || v % 8) usage_error("bad size in " + s);
  sp.bytes = v;
  return sp;
}

/* Symmetric buffers of the size the largest spec needs. */
struct Buffers {
  long *src = nullptr, *dst = nullptr;
  size_t src_longs = 0, dst_longs = 0;
};

size_t src_longs(const Spec &s, int n) {
  return s.coll == "alltoall" ? s.bytes / 8 * n : s.bytes / 8;
}
size_t dst_longs(const Spec &s, int n) {
  return s.coll == "alltoall" || s.coll == "fcollect" ? s.bytes / 8 * n : s.bytes / 8;
}

/* Value PE `pe` contributes at element i (distinct across PEs and elements). */
long value(int pe, size_t i) { return static_cast<long>(pe) * 1000003L + static_cast<long>(i); }

void fill(const Spec &s, const Buffers &b, int me) {
  for (size_t i = 0; i < src_longs(s, shmem_n_pes()); ++i) b.src[i] = value(me, i);
  for (size_t i = 0; i < b.dst_longs; ++i) b.dst[i] = -1;
}

void call(const Spec &s, const Buffers &b) {
  const size_t nl = s.bytes / 8;
  if (s.coll == "barrier") shmem_barrier_all();
  else if (s.coll == "broadcast") shmem_long_broadcast(SHMEM_TEAM_WORLD, b.dst, b.src, nl, 0);
  else if (s.coll == "reduce") shmem_long_sum_reduce(SHMEM_TEAM_WORLD, b.dst, b.src, nl);
  else if (s.coll == "fcollect") shmem_long_fcollect(SHMEM_TEAM_WORLD, b.dst, b.src, nl);
  else shmem_long_alltoall(SHMEM_TEAM_WORLD, b.dst, b.src, nl);
}

/* Whether this PE's destination holds what the collective defines. */
bool correct(const Spec &s, const Buffers &b, int me, int n) {
  const size_t nl = s.bytes / 8;
  for (size_t i = 0; i < dst_longs(s, n) && s.coll != "barrier"; ++i) {
    long want;
    if (s.coll == "broadcast") {
      if (me == 0) return true; /* the root's dest: written or not, by API version */
      want = value(0, i);
    } else if (s.coll == "reduce") {
      want = 0;
      for (int p = 0; p < n; ++p) want += value(p, i);
    } else if (s.coll == "fcollect") {
      want = value(static_cast<int>(i / nl), i % nl);
    } else { /* alltoall: block p of dest is block `me` of PE p's source */
      want = value(static_cast<int>(i / nl), me * nl + i % nl);
    }
    if (b.dst[i] != want) return false;
  }
  return true;
}

uint64_t network_ops(const stats::Counts &c) {
  return c[stats::put] + c[stats::get] + c[stats::atomic] + c[stats::signal_put] +
         c[stats::active_message];
}

struct Summary {
  double max = 0, mean = 0;
  int count = 0;
};

/* Max and mean of v over the PEs `in` selects (at PE 0; all PEs call). */
Summary summarize(double v, bool in) {
  double mine[2] = {in ? v : 0.0, in ? 1.0 : 0.0}, sum[2] = {0, 0}, max = 0;
  const double candidate = in ? v : -1.0;
  MPI_Reduce(mine, sum, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&candidate, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  Summary s;
  s.count = static_cast<int>(sum[1]);
  if (s.count) s.max = max, s.mean = sum[0] / sum[1];
  return s;
}

}  // namespace

int main(int argc, char **argv) {
  int iters = 10;
  std::vector<Spec> specs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-k") == 0 && i + 1 < argc) {
      iters = std::atoi(argv[++i]);
      if (iters < 1) usage_error(std::string("-k needs a positive count: ") + argv[i]);
    } else if (std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help") == 0) {
      std::printf("usage: coll_counts [-k ITERS] barrier|COLL:BYTES...\n"
                  "(see the header of bench/scale/coll_counts.cc)\n");
      return 0;
    } else {
      specs.push_back(parse_spec(argv[i]));
    }
  }
  if (specs.empty()) usage_error("no collective given");

  MPI_Init(&argc, &argv);
  /* Under the unique-id bootstrap the library runs its own synchronization
   * and collectives over the network (under MPI's, across nodes over tcp,
   * they are MPI's messages, which the counters do not see): a launcher's
   * rank and size are this PE's. */
  const char *boot = std::getenv("ROCSHMEM_BOOTSTRAP");
  if (boot && std::strcmp(boot, "uniqueid") == 0 && !std::getenv("RANK")) {
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    setenv("RANK", std::to_string(rank).c_str(), 1);
    setenv("WORLD_SIZE", std::to_string(size).c_str(), 1);
  }
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const char *ppn_env = std::getenv("ROCSHMEM_PES_PER_NODE");
  const int ppn = ppn_env && std::atoi(ppn_env) > 0 ? std::min(std::atoi(ppn_env), n) : n;
  const int nodes = (n + ppn - 1) / ppn;
  const bool leader = me % ppn == 0;

  Buffers b;
  for (const Spec &s : specs) {
    b.src_longs = std::max(b.src_longs, src_longs(s, n));
    b.dst_longs = std::max(b.dst_longs, dst_longs(s, n));
  }
  b.src = static_cast<long *>(shmem_malloc(std::max<size_t>(b.src_longs, 1) * sizeof(long)));
  b.dst = static_cast<long *>(shmem_malloc(std::max<size_t>(b.dst_longs, 1) * sizeof(long)));
  if (!b.src || !b.dst) {
    std::fprintf(stderr, "coll_counts: shmem_malloc of the buffers failed (SHMEM_SYMMETRIC_SIZE)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  bool all_ok = true;
  for (const Spec &s : specs) {
    fill(s, b, me);
    call(s, b); /* endpoints made on first use are made here */
    shmem_barrier_all();
    MPI_Barrier(MPI_COMM_WORLD);
    rocshmem_reset_stats();
    for (int i = 0; i < iters; ++i) call(s, b);
    const stats::Counts c = stats::snapshot();
    const int ok_here = correct(s, b, me, n);
    int ok = 0;
    MPI_Allreduce(&ok_here, &ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    all_ok = all_ok && ok;

    const double ops = static_cast<double>(network_ops(c)) / iters;
    const double bytes = static_cast<double>(c[stats::put_bytes] + c[stats::get_bytes]) / iters;
    const Summary all = summarize(ops, true), lead = summarize(ops, leader),
                  other = summarize(ops, !leader), vol = summarize(bytes, true);
    const Summary kind[] = {summarize(static_cast<double>(c[stats::put]) / iters, true),
                            summarize(static_cast<double>(c[stats::get]) / iters, true),
                            summarize(static_cast<double>(c[stats::atomic]) / iters, true),
                            summarize(static_cast<double>(c[stats::signal_put]) / iters, true)};
    if (me == 0)
      std::printf("{\"coll\":\"%s\",\"bytes\":%zu,\"pes\":%d,\"nodes\":%d,\"per_node\":%d,"
                  "\"iters\":%d,\"ok\":%s,\"ops_max\":%.3f,\"ops_mean\":%.4f,"
                  "\"leader_ops_max\":%.3f,\"leader_ops_mean\":%.4f,"
                  "\"nonleader_ops_max\":%.3f,\"nonleader_ops_mean\":%.4f,\"nonleaders\":%d,"
                  "\"net_bytes_max\":%.1f,\"net_bytes_mean\":%.1f,\"put_mean\":%.4f,"
                  "\"get_mean\":%.4f,\"atomic_mean\":%.4f,\"signal_put_mean\":%.4f}\n",
                  s.coll.c_str(), s.bytes, n, nodes, ppn, iters, ok ? "true" : "false", all.max,
                  all.mean, lead.max, lead.mean, other.max, other.mean, other.count, vol.max,
                  vol.mean, kind[0].mean, kind[1].mean, kind[2].mean, kind[3].mean);
    std::fflush(stdout);
    if (!ok && me == 0) std::fprintf(stderr, "coll_counts: %s:%zu: WRONG RESULT\n", s.coll.c_str(), s.bytes);
  }
  shmem_free(b.dst);
  shmem_free(b.src);
  shmem_finalize();
  MPI_Finalize();
  return all_ok ? 0 : 1;
}
