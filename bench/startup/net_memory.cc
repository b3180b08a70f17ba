/* What a PE's memory holds once the job spans nodes, with endpoints made at
 * init or on first use (bench/startup/net_scale.sh runs it).
 *
 *   net_memory      (under a launcher; MPI starts first)
 *
 * Each PE reads its Pss (/proc/self/smaps_rollup: shared pages split among
 * the processes mapping them, so what oversubscription does not distort)
 * and VmRSS (shared pages counted whole) after MPI_Init, after shmem_init, and after a ring exchange across nodes:
 * a put of 4 KiB to the same local rank on the next node, a get from the
 * previous one, an atomic add on each, synchronized with MPI only, on
 * static (symmetric) arrays: shmem_malloc's barrier, like any rocshmem
 * barrier, would talk to peers of its own (log2 of the PE count).  With the transport's
 * counters (src/transport/net_stats.h, exported by the library) PE 0 prints
 * one JSON line: PE and node counts, the endpoint mode, and per PE (mean and
 * largest) the Pss and RSS shmem_init added, and after the ring, endpoints,
 * remote keys, and the bytes kept from init to make endpoints. */
#include <mpi.h>
#include <shmem.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "transport/net_stats.h"

namespace stats = rocshmem::net::stats;

namespace {

constexpr size_t kBytes = 4096;
char buf[2 * kBytes];
long counter;

/* The KiB of the line starting with key in a /proc file; -1 if absent. */
long proc_kib(const char *path, const char *key) {
  char line[256];
  long kib = -1;
  const size_t n = std::strlen(key);
  FILE *f = std::fopen(path, "r");
  if (!f) return -1;
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, key, n) == 0) {
      kib = std::strtol(line + n, nullptr, 10);
      break;
    }
  std::fclose(f);
  return kib;
}

/* Pss: shared pages split among the processes that map them (what
 * oversubscription does not distort); VmRSS: counted whole in each. */
struct Memory {
  long pss, rss;
};
Memory memory() {
  return {proc_kib("/proc/self/smaps_rollup", "Pss:"), proc_kib("/proc/self/status", "VmRSS:")};
}

/* Mean and largest of v over the PEs, at PE 0. */
void mean_max(double v, double *mean, double *max) {
  int n;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  double sum = 0;
  MPI_Reduce(&v, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&v, max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  *mean = sum / n;
}

}  // namespace

int main(int argc, char **argv) {
  const size_t bytes = kBytes;
  MPI_Init(&argc, &argv);
  const Memory before = memory();
  shmem_init();
  const Memory at_init = memory();
  const stats::Counts init_counts = stats::snapshot();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const char *ppn_env = std::getenv("ROCSHMEM_PES_PER_NODE");
  const int ppn = ppn_env && std::atoi(ppn_env) > 0 ? std::atoi(ppn_env) : n;
  const int nodes = (n + ppn - 1) / ppn;

  std::vector<char> src(bytes, static_cast<char>(me)), got(bytes);
  MPI_Barrier(MPI_COMM_WORLD);
  const int next = (me + ppn) % n, prev = (me - ppn % n + n) % n;
  shmem_putmem(buf, src.data(), bytes, next);
  shmem_getmem(got.data(), buf + bytes, bytes, prev);
  shmem_long_atomic_add(&counter, 1, next);
  shmem_long_atomic_add(&counter, 1, prev);
  shmem_quiet();
  MPI_Barrier(MPI_COMM_WORLD);
  const Memory after_ring = memory();
  const stats::Counts ring_counts = stats::snapshot();
  const int ok = n == 1 || (buf[0] == static_cast<char>(prev) && counter == 2);

  struct Row {
    const char *name;
    double value;
  } rows[] = {
      {"init_pss_kib", static_cast<double>(at_init.pss - before.pss)},
      {"ring_pss_kib", static_cast<double>(after_ring.pss - before.pss)},
      {"init_rss_kib", static_cast<double>(at_init.rss - before.rss)},
      {"ring_rss_kib", static_cast<double>(after_ring.rss - before.rss)},
      {"init_endpoints", static_cast<double>(init_counts[stats::endpoints])},
      {"ring_endpoints", static_cast<double>(ring_counts[stats::endpoints])},
      {"ring_remote_keys", static_cast<double>(ring_counts[stats::remote_keys])},
      {"peer_info_bytes", static_cast<double>(ring_counts[stats::peer_info_bytes])},
  };
  int all_ok = 0;
  MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  const char *eager = std::getenv("ROCSHMEM_UCX_EAGER_ENDPOINTS");
  const char *tls = std::getenv("UCX_TLS");
  std::string line;
  char item[160];
  std::snprintf(item, sizeof item, "{\"pes\":%d,\"nodes\":%d,\"mode\":\"%s\",\"tls\":\"%s\",\"ok\":%s",
                n, nodes, eager && std::strcmp(eager, "1") == 0 ? "eager" : "lazy",
                tls ? tls : "", all_ok ? "true" : "false");
  line = item;
  for (const Row &r : rows) {
    double mean, max;
    mean_max(r.value, &mean, &max);
    std::snprintf(item, sizeof item, ",\"%s_mean\":%.1f,\"%s_max\":%.0f", r.name, mean, r.name, max);
    line += item;
  }
  if (me == 0) std::printf("%s}\n", line.c_str());
  std::fflush(stdout);
  shmem_finalize();
  MPI_Finalize();
  return all_ok || me != 0 ? 0 : 1;
}
