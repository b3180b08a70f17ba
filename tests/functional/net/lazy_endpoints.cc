/* Endpoints made on first use: in a ring where each PE talks only to its two
 * neighbours, each PE must end up with endpoints to those two and no other
 * (ROCSHMEM_UCX_EAGER_ENDPOINTS=1: to every other PE, all made at init), and
 * the data must arrive.  Run by lazy_endpoints.sh with every PE its own
 * emulated node.
 *
 * Reads the transport's counters (transport/net_stats.h, exported by the
 * library) before and after the ring.  Synchronizes with MPI only: a
 * rocshmem barrier would itself talk to other PEs.
 *
 * The first operation to the right neighbour is a put, to the left one a
 * fetching OR (over UCX's shared memory a bitwise AMO must know, before it
 * starts, that UCX maps the target: transport.cc, atomic), then a get.
 * Then rocshmem_dump_stats prints the counters and rocshmem_reset_stats
 * zeroes them; with UCX_TLS unset, last, no SysV segment may be mapped and
 * the posix transport's receive-buffer segment stays small. */
#include <rocshmem/rocshmem.h>

#include "../common/ftest.h"
#include "transport/net_stats.h"

namespace stats = rocshmem::net::stats;

enum { kBytes = 4096 };
static char inbox[kBytes];   /* the left neighbour's put lands here */
static char outbox[kBytes];  /* the right neighbour gets this */
static uint64_t or_word;     /* the right neighbour ORs its bit in */

static bool eager_mode() {
  const char *e = getenv("ROCSHMEM_UCX_EAGER_ENDPOINTS");
  return e && strcmp(e, "1") == 0;
}

static int count_endpoints(int npes) {
  int n = 0;
  for (int pe = 0; pe < npes; ++pe) n += stats::has_endpoint(pe);
  return n;
}

int main() {
  shmem_init();
  ft_begin();
  const int me = ft.me, n = ft.npes;
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  const bool eager = eager_mode();
  const int neighbours = n == 1 ? 0 : n == 2 ? 1 : 2;
  const int others = n - 1;
  char src[kBytes], got[kBytes];
  ft_fill(outbox, kBytes, me, 2);
  ft_mpi_barrier(); /* every outbox filled */
  const stats::Counts before = stats::snapshot();
  const int endpoints_at_init = count_endpoints(n);

  /* Lazy: init made one endpoint, to the next PE (transport.cc,
   * probe_peers: every PE here is its own node on one machine, with a heap
   * of one kind). */
  FT_CHECK(endpoints_at_init == (eager ? others : n > 1 ? 1 : 0),
           "PE %d: %d endpoints after init (%s)", me, endpoints_at_init, eager ? "eager" : "lazy");
  FT_CHECK(before[stats::endpoints] == static_cast<uint64_t>(endpoints_at_init),
           "PE %d: the counter says %llu endpoints, %d exist", me,
           (unsigned long long)before[stats::endpoints], endpoints_at_init);
  ft_case("after init: %s", eager ? "an endpoint to every other PE (eager)"
                                  : "one endpoint, to the next PE (lazy)");

  uint64_t old = ~0ull;
  if (n > 1) {
    ft_fill(src, kBytes, me, 1);
    shmem_putmem(inbox, src, kBytes, right);
    old = shmem_uint64_atomic_fetch_or(&or_word, 1ull << (me % 64), left);
    shmem_getmem(got, outbox, kBytes, left);
    shmem_quiet();
  }
  ft_mpi_barrier();
  if (n > 1) {
    FT_CHECK_BYTES(inbox, kBytes, left, 1, "the left neighbour's put");
    FT_CHECK_BYTES(got, kBytes, left, 2, "the get from the left neighbour");
    const uint64_t want = 1ull << (right % 64);
    FT_CHECK(or_word == want, "PE %d: OR word %#llx, want %#llx", me,
             (unsigned long long)or_word, (unsigned long long)want);
    FT_CHECK(old == 0 || (n == 2 && old == want), "PE %d: fetch_or returned %#llx", me,
             (unsigned long long)old);
  }
  ft_case("ring: put to the right, fetch_or and get on the left arrive");

  const stats::Counts after = stats::snapshot();
  const int endpoints = count_endpoints(n);
  const int want_endpoints = eager ? others : neighbours;
  FT_CHECK(endpoints == want_endpoints, "PE %d: %d endpoints after the ring, want %d", me,
           endpoints, want_endpoints);
  for (int pe = 0; pe < n && !eager; ++pe)
    FT_CHECK(stats::has_endpoint(pe) == (pe != me && (pe == left || pe == right)),
             "PE %d: endpoint to PE %d %s", me, pe,
             stats::has_endpoint(pe) ? "made, never addressed" : "missing");
  FT_CHECK(after[stats::endpoints] == static_cast<uint64_t>(endpoints),
           "PE %d: the counter says %llu endpoints, %d exist", me,
           (unsigned long long)after[stats::endpoints], endpoints);
  /* Two host segments per peer: the heap and the static data. */
  FT_CHECK(after[stats::remote_keys] == 2ull * endpoints, "PE %d: %llu remote keys for %d peers",
           me, (unsigned long long)after[stats::remote_keys], endpoints);
  ft_case("after the ring: endpoints and keys for the neighbours only (%d of %d PEs)",
          want_endpoints, others);

  const uint64_t ops = n > 1 ? 1 : 0;
  FT_CHECK(after[stats::put] - before[stats::put] == ops &&
               after[stats::put_bytes] - before[stats::put_bytes] == ops * kBytes &&
               after[stats::get] - before[stats::get] == ops &&
               after[stats::get_bytes] - before[stats::get_bytes] == ops * kBytes &&
               after[stats::atomic] - before[stats::atomic] == ops &&
               after[stats::signal_put] == before[stats::signal_put],
           "PE %d: counted put %llu (%llu B), get %llu (%llu B), atomic %llu, signal %llu", me,
           (unsigned long long)(after[stats::put] - before[stats::put]),
           (unsigned long long)(after[stats::put_bytes] - before[stats::put_bytes]),
           (unsigned long long)(after[stats::get] - before[stats::get]),
           (unsigned long long)(after[stats::get_bytes] - before[stats::get_bytes]),
           (unsigned long long)(after[stats::atomic] - before[stats::atomic]),
           (unsigned long long)(after[stats::signal_put] - before[stats::signal_put]));
  ft_case("the counters saw one put, one get and one atomic of the ring, with their bytes");

  /* The public face of the same counters: the line lazy_endpoints.sh
   * checks (this PE's put among them), then zero after a reset. */
  rocshmem_dump_stats();
  rocshmem_reset_stats();
  const stats::Counts reset = stats::snapshot();
  bool all_zero = true;
  for (int c = 0; c < stats::kCounters; ++c) all_zero = all_zero && reset.v[c] == 0;
  FT_CHECK(all_zero, "PE %d: counters not zero after rocshmem_reset_stats", me);
  ft_case("rocshmem_dump_stats printed the counters; rocshmem_reset_stats zeroed them");

  /* UCX_TLS unset: the library leaves UCX's sysv transport out (posix does
   * the same job, and each costs a PE about 2 MiB), so no SysV segment is
   * mapped here. */
  if (!getenv("UCX_TLS")) {
    int sysv = 0;
    char line[512];
    FILE *maps = fopen("/proc/self/maps", "r");
    while (maps && fgets(line, sizeof line, maps)) sysv += strstr(line, "SYSV") != nullptr;
    if (maps) fclose(maps);
    FT_CHECK(maps && sysv == 0, "PE %d: %d SysV segments mapped with UCX_TLS unset", me, sysv);
    ft_case("UCX_TLS unset: no SysV segment of UCX's mapped");

    /* The posix transport's receive buffers: the library grows their pool
     * 64 at a time (transport.cc, init_context), so the segment that holds
     * them has about 256 KiB resident; at UCX's own 512 it has about 2 MiB. */
    long largest = 0, rss = 0;
    bool posix = false, in_posix = false;
    maps = fopen("/proc/self/smaps", "r");
    while (maps && fgets(line, sizeof line, maps)) {
      unsigned long start, end; /* a mapping's first line: its address range */
      if (sscanf(line, "%lx-%lx ", &start, &end) == 2) {
        in_posix = strstr(line, "ucx_shm_posix") != nullptr;
        posix = posix || in_posix;
      } else if (in_posix && sscanf(line, "Rss: %ld kB", &rss) == 1 && rss > largest)
        largest = rss;
    }
    if (maps) fclose(maps);
    FT_CHECK(maps && posix && largest < 1024,
             "PE %d: UCX's posix segments %s, the largest with %ld KiB resident (expected < 1 MiB)",
             me, posix ? "mapped" : "not mapped", largest);
    ft_case("UCX_TLS unset: UCX's posix receive buffers grown 64 at a time (under 1 MiB resident)");
  }

  shmem_finalize();
  return ft_finish();
}
