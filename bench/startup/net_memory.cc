/* What a PE's memory holds once the job spans nodes, with endpoints made at
 * init or on first use (bench/startup/net_scale.sh runs it).
 *
 *   net_memory [BYTES]      (under a launcher; MPI starts first)
 *
 * Each PE reads its Pss (/proc/self/smaps_rollup: shared pages split among
 * the processes mapping them, so what oversubscription does not distort)
 * after MPI_Init, after shmem_init, and after a ring exchange across nodes:
 * a put of BYTES (default 4096) to the same local rank on the next node, a
 * get from the previous one, an atomic add on each, synchronized with MPI
 * only (a rocshmem barrier talks to peers of its own).  With the transport's
 * counters (src/transport/net_stats.h, exported by the library) PE 0 prints
 * one JSON line: PE and node counts, the endpoint mode, and per PE (mean and
 * largest) the Pss shmem_init added, the Pss after the ring, endpoints,
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

long pss_kib() {
  char line[256];
  long kib = -1;
  FILE *f = std::fopen("/proc/self/smaps_rollup", "r");
  if (!f) return -1;
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, "Pss:", 4) == 0) {
      kib = std::strtol(line + 4, nullptr, 10);
      break;
    }
  std::fclose(f);
  return kib;
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
  const size_t bytes = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : 4096;
  MPI_Init(&argc, &argv);
  const long before = pss_kib();
  shmem_init();
  const long at_init = pss_kib();
  const stats::Counts init_counts = stats::snapshot();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  const char *ppn_env = std::getenv("ROCSHMEM_PES_PER_NODE");
  const int ppn = ppn_env && std::atoi(ppn_env) > 0 ? std::atoi(ppn_env) : n;
  const int nodes = (n + ppn - 1) / ppn;

  char *buf = static_cast<char *>(shmem_malloc(2 * bytes));
  long *counter = static_cast<long *>(shmem_malloc(sizeof(long)));
  std::vector<char> src(bytes, static_cast<char>(me)), got(bytes);
  std::memset(buf, 0, 2 * bytes);
  *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  const int next = (me + ppn) % n, prev = (me - ppn % n + n) % n;
  shmem_putmem(buf, src.data(), bytes, next);
  shmem_getmem(got.data(), buf + bytes, bytes, prev);
  shmem_long_atomic_add(counter, 1, next);
  shmem_long_atomic_add(counter, 1, prev);
  shmem_quiet();
  MPI_Barrier(MPI_COMM_WORLD);
  const long after_ring = pss_kib();
  const stats::Counts ring_counts = stats::snapshot();
  const int ok = n == 1 || (buf[0] == static_cast<char>(prev) && *counter == 2);

  struct Row {
    const char *name;
    double value;
  } rows[] = {
      {"init_pss_kib", static_cast<double>(at_init - before)},
      {"ring_pss_kib", static_cast<double>(after_ring - before)},
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
  shmem_free(counter);
  shmem_free(buf);
  shmem_finalize();
  MPI_Finalize();
  return all_ok || me != 0 ? 0 : 1;
}
