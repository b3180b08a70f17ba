/*
 * The GPU proxy to another node's GPU heap, beside what bounds it (see
 * bench/gpu/PROXY.md).  Two PEs, each its own emulated node
 * (ROCSHMEM_PES_PER_NODE=1, UCX_TLS=tcp,self: run_proxy.sh sets them), so
 * every device RMA/AMO of PE 0 on PE 1 goes kernel -> PE 0's proxy thread
 * -> UCX -> PE 1 -> PE 1's GPU.  In one run, rows interleaved (device,
 * host, PCIe, device, ...), median of the repetitions:
 *
 *   device  a kernel of PE 0 (one thread) on PE 1's GPU heap: putmem 8 B +
 *           quiet, getmem 8 B, long fetch_add (latency), putmem_nbi of each
 *           size then one quiet (bandwidth);
 *   host    the same routines called by PE 0's host on PE 1's host heap
 *           (shmem_malloc) over the same UCX transport;
 *   pcie    cudaMemcpy between PE 0's GPU and page-locked host memory of
 *           the same size (latency: an 8-byte device-to-host copy, one bus
 *           round trip), host-to-device and device-to-host.
 *
 * Targets: latency <= host + one PCIe round trip (ratio = device / (host +
 * pcie), <= 1 met); bandwidth >= 80% of the slowest of host, H2D and D2H
 * (ratio = device / that, >= 0.8 met).  A table for people, then one JSON
 * line per row.  Each bandwidth row checks that PE 1 received the data.
 *
 *   mpirun -np 2 proxy_bench [-r REPS] [-m MAX_BYTES] [-T MS]
 */
#include <mpi.h>
#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>
#include <rocshmem/rocshmem_device.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

/* The host heap (librocshmem's OpenSHMEM names): rocshmem_malloc gives GPU
 * memory in a GPU job. */
extern "C" void *shmem_malloc(size_t size);

namespace {

using Clock = std::chrono::steady_clock;

void must(hipError_t e, const char *what) {
  if (e != hipSuccess) {
    fprintf(stderr, "proxy_bench: %s: %s\n", what, hipGetErrorString(e));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

/* ------------------------------------------------------------------ kernels
 * Each times itself with the GPU's wall clock and stores nanoseconds. */
__global__ void k_put_lat(char *dst, const char *src, int pe, int iters, unsigned long long *ns) {
  const unsigned long long t0 = ROCSHMEM_WALL_CLOCK();
  for (int i = 0; i < iters; ++i) {
    rocshmem_putmem(dst, src, 8, pe);
    rocshmem_quiet();
  }
  *ns = ROCSHMEM_WALL_CLOCK() - t0;
}
__global__ void k_get_lat(char *dst, const char *src, int pe, int iters, unsigned long long *ns) {
  const unsigned long long t0 = ROCSHMEM_WALL_CLOCK();
  for (int i = 0; i < iters; ++i) rocshmem_getmem(dst, src, 8, pe);
  *ns = ROCSHMEM_WALL_CLOCK() - t0;
}
__global__ void k_fadd_lat(long *word, int pe, int iters, unsigned long long *ns) {
  const unsigned long long t0 = ROCSHMEM_WALL_CLOCK();
  long sum = 0;
  for (int i = 0; i < iters; ++i) sum += rocshmem_long_atomic_fetch_add(word, 1, pe);
  *ns = ROCSHMEM_WALL_CLOCK() - t0 + (sum < 0); /* (keeps sum alive) */
}
__global__ void k_put_bw(char *dst, const char *src, size_t bytes, int pe, int count,
                         unsigned long long *ns) {
  const unsigned long long t0 = ROCSHMEM_WALL_CLOCK();
  for (int i = 0; i < count; ++i) rocshmem_putmem_nbi(dst, src, bytes, pe);
  rocshmem_quiet();
  *ns = ROCSHMEM_WALL_CLOCK() - t0;
}

struct Bufs {
  char *gpu_src, *gpu_dst; /* symmetric GPU heap, max bytes each */
  long *gpu_word;
  char *host_src, *host_dst; /* symmetric host heap */
  long *host_word;
  char *pinned;              /* PE 0: page-locked, max bytes */
  char *gpu_local;           /* PE 0: GPU destination of gets, 8 bytes */
  unsigned long long *ns;    /* a kernel's time */
};

double kernel_us(const Bufs &b) {
  must(hipDeviceSynchronize(), "a benchmark kernel");
  unsigned long long ns = 0;
  must(hipMemcpy(&ns, b.ns, sizeof ns, hipMemcpyDeviceToHost), "reading a kernel's time");
  return ns / 1e3;
}

template <class F>
double host_us(F f) {
  const Clock::time_point t0 = Clock::now();
  f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Side numbers of one row: seconds per operation (latency) or per transfer
 * of `bytes` (bandwidth), one vector per side. */
enum Side { DEVICE, HOST, H2D, D2H, SIDES };
const char *kSideName[SIDES] = {"device", "host", "pcie_h2d", "pcie_d2h"};

struct Row {
  std::string bench;
  size_t bytes;
  bool bandwidth;
  double us[SIDES]; /* median microseconds per operation / transfer; < 0: not measured */
  bool check_ok = true;
};

/* PE 0 runs `measure(side)` for each side it lists, reps times, sides
 * interleaved; every PE calls (PE 1 only meets the barriers). */
template <class Measure>
void interleave(int me, int reps, const std::vector<Side> &sides, Row &row, Measure measure) {
  std::vector<double> t[SIDES];
  for (int r = 0; r < reps; ++r)
    for (Side s : sides) {
      rocshmem_barrier_all();
      if (me == 0) t[s].push_back(measure(s));
      rocshmem_barrier_all();
    }
  for (int s = 0; s < SIDES; ++s) row.us[s] = t[s].empty() ? -1 : median(t[s]);
}

void print_row(const Row &r, double pcie_rt_us) {
  if (!r.bandwidth) {
    const double bound = r.us[HOST] + pcie_rt_us;
    const double ratio = r.us[DEVICE] / bound;
    printf("%-14s %10zu %12.2f %12.2f %12.2f %10.2f  %s\n", r.bench.c_str(), r.bytes,
           r.us[DEVICE], r.us[HOST], pcie_rt_us, ratio, ratio <= 1.0 ? "met" : "NOT met");
    return;
  }
  auto gbs = [&](Side s) { return r.us[s] > 0 ? r.bytes / (r.us[s] * 1e3) : 0.0; };
  const double limit = std::min(gbs(HOST), std::min(gbs(H2D), gbs(D2H)));
  const double ratio = gbs(DEVICE) / limit;
  printf("%-14s %10zu %10.3f %10.3f %10.3f %10.3f %8.2f  %s%s\n", r.bench.c_str(), r.bytes,
         gbs(DEVICE), gbs(HOST), gbs(H2D), gbs(D2H), ratio, ratio >= 0.8 ? "met" : "NOT met",
         r.check_ok ? "" : "  DATA WRONG");
}

void json_row(const Row &r, double pcie_rt_us) {
  printf("{\"bench\": \"%s\", \"bytes\": %zu, \"pes\": 2", r.bench.c_str(), r.bytes);
  for (int s = 0; s < SIDES; ++s)
    if (r.us[s] >= 0) printf(", \"%s_us\": %.3f", kSideName[s], r.us[s]);
  if (r.us[DEVICE] < 0) { /* a physical limit alone (pcie_rt) */
    printf("}\n");
  } else if (r.bandwidth) {
    auto gbs = [&](Side s) { return r.bytes / (r.us[s] * 1e3); };
    const double limit = std::min(gbs(HOST), std::min(gbs(H2D), gbs(D2H)));
    printf(", \"device_gbs\": %.4f, \"limit_gbs\": %.4f, \"ratio\": %.3f, \"target\": \">= 0.8\", "
           "\"met\": %s, \"data_ok\": %s}\n", gbs(DEVICE), limit, gbs(DEVICE) / limit,
           gbs(DEVICE) / limit >= 0.8 ? "true" : "false", r.check_ok ? "true" : "false");
  } else {
    const double ratio = r.us[DEVICE] / (r.us[HOST] + pcie_rt_us);
    printf(", \"pcie_rt_us\": %.3f, \"ratio\": %.3f, \"target\": \"<= 1 (host + PCIe round "
           "trip)\", \"met\": %s}\n", pcie_rt_us, ratio, ratio <= 1.0 ? "true" : "false");
  }
}

}  // namespace

int main(int argc, char **argv) {
  int reps = 5;
  size_t max_bytes = size_t(256) << 20;
  double target_ms = 20;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-r") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-m") && i + 1 < argc) max_bytes = strtoull(argv[++i], nullptr, 0);
    else if (!strcmp(argv[i], "-T") && i + 1 < argc) target_ms = atof(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [-r REPS] [-m MAX_BYTES] [-T MS]\n", argv[0]);
      return 2;
    }
  }
  rocshmem_init();
  const int me = rocshmem_my_pe();
  if (rocshmem_n_pes() != 2) {
    if (me == 0) fprintf(stderr, "proxy_bench: run it on 2 PEs\n");
    rocshmem_finalize();
    return 2;
  }
  Bufs b{};
  b.gpu_src = static_cast<char *>(rocshmem_malloc(max_bytes));
  b.gpu_dst = static_cast<char *>(rocshmem_malloc(max_bytes));
  b.gpu_word = static_cast<long *>(rocshmem_malloc(sizeof(long)));
  b.host_src = static_cast<char *>(shmem_malloc(max_bytes));
  b.host_dst = static_cast<char *>(shmem_malloc(max_bytes));
  b.host_word = static_cast<long *>(shmem_malloc(sizeof(long)));
  if (!b.gpu_src || !b.gpu_dst || !b.gpu_word || !b.host_src || !b.host_dst || !b.host_word) {
    fprintf(stderr, "proxy_bench: symmetric allocation of 2 x %zu bytes failed (raise "
            "SHMEM_SYMMETRIC_SIZE)\n", max_bytes);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  must(hipHostMalloc(reinterpret_cast<void **>(&b.pinned), max_bytes, hipHostMallocDefault),
       "pinned host memory");
  must(hipMalloc(reinterpret_cast<void **>(&b.gpu_local), 64), "GPU memory");
  must(hipMalloc(reinterpret_cast<void **>(&b.ns), sizeof *b.ns), "GPU memory");
  memset(b.host_src, 1, max_bytes);
  memset(b.pinned, 1, max_bytes);

  const char *tls = getenv("UCX_TLS");
  const char *ppn = getenv("ROCSHMEM_PES_PER_NODE");
  if (me == 0) {
    int dev = 0;
    hipDeviceProp_t prop;
    must(hipGetDevice(&dev), "hipGetDevice");
    must(hipGetDeviceProperties(&prop, dev), "device properties");
    printf("# proxy_bench: 2 PEs, GPU %s, UCX_TLS=%s, ROCSHMEM_PES_PER_NODE=%s, reps %d, "
           "ROCSHMEM_WAIT_TIMEOUT=%s\n", prop.name, tls ? tls : "(unset)", ppn ? ppn : "(unset)",
           reps, getenv("ROCSHMEM_WAIT_TIMEOUT") ? getenv("ROCSHMEM_WAIT_TIMEOUT") : "(unset)");
  }

  /* The PCIe round trip: a synchronous 8-byte device-to-host copy. */
  Row rt{"pcie_rt", 8, false, {-1, -1, -1, -1}};
  const int lat_iters = 200;
  interleave(me, reps, {D2H}, rt, [&](Side) {
    return host_us([&] {
             for (int i = 0; i < lat_iters; ++i)
               must(hipMemcpy(b.pinned, b.gpu_src, 8, hipMemcpyDeviceToHost), "cudaMemcpy");
           }) / lat_iters;
  });
  const double pcie_rt_us = rt.us[D2H];

  std::vector<Row> rows;
  /* Latency rows. */
  {
    Row r{"put_lat", 8, false, {-1, -1, -1, -1}};
    interleave(me, reps, {DEVICE, HOST}, r, [&](Side s) {
      if (s == DEVICE) {
        k_put_lat<<<1, 1>>>(b.gpu_dst, b.gpu_src, 1, lat_iters, b.ns);
        return kernel_us(b) / lat_iters;
      }
      return host_us([&] {
               for (int i = 0; i < lat_iters; ++i) {
                 rocshmem_putmem(b.host_dst, b.host_src, 8, 1);
                 rocshmem_quiet();
               }
             }) / lat_iters;
    });
    rows.push_back(r);
  }
  {
    Row r{"get_lat", 8, false, {-1, -1, -1, -1}};
    interleave(me, reps, {DEVICE, HOST}, r, [&](Side s) {
      if (s == DEVICE) {
        k_get_lat<<<1, 1>>>(b.gpu_local, b.gpu_src, 1, lat_iters, b.ns);
        return kernel_us(b) / lat_iters;
      }
      char local[8];
      return host_us([&] {
               for (int i = 0; i < lat_iters; ++i) rocshmem_getmem(local, b.host_src, 8, 1);
             }) / lat_iters;
    });
    rows.push_back(r);
  }
  {
    Row r{"fetch_add_lat", 8, false, {-1, -1, -1, -1}};
    interleave(me, reps, {DEVICE, HOST}, r, [&](Side s) {
      if (s == DEVICE) {
        k_fadd_lat<<<1, 1>>>(b.gpu_word, 1, lat_iters, b.ns);
        return kernel_us(b) / lat_iters;
      }
      long sum = 0;
      const double us = host_us([&] {
                          for (int i = 0; i < lat_iters; ++i)
                            sum += rocshmem_long_atomic_fetch_add(b.host_word, 1, 1);
                        }) / lat_iters;
      return us + (sum < 0);
    });
    rows.push_back(r);
  }

  /* Bandwidth rows: `count` transfers of `bytes` per measurement, enough
   * for about target_ms at 1 GB/s, 1 at the large sizes. */
  std::vector<size_t> sizes;
  for (size_t bytes = 8; bytes < max_bytes; bytes *= 8) sizes.push_back(bytes);
  sizes.push_back(max_bytes);
  for (size_t bytes : sizes) {
    const size_t wanted = static_cast<size_t>(target_ms * 1e6 / std::max<size_t>(bytes, 1000));
    const int count = static_cast<int>(std::min<size_t>(std::max<size_t>(wanted, 1), 1000));
    Row r{"put_bw", bytes, true, {-1, -1, -1, -1}};
    /* a pattern of this size, checked on PE 1 afterwards */
    const unsigned char mark = static_cast<unsigned char>(bytes % 251 + 2);
    must(hipMemset(b.gpu_src, mark, bytes), "hipMemset");
    must(hipMemset(b.gpu_dst, 0, bytes), "hipMemset");
    must(hipDeviceSynchronize(), "hipMemset");
    interleave(me, reps, {DEVICE, HOST, H2D, D2H}, r, [&](Side s) {
      switch (s) {
        case DEVICE:
          k_put_bw<<<1, 1>>>(b.gpu_dst, b.gpu_src, bytes, 1, count, b.ns);
          return kernel_us(b) / count;
        case HOST:
          return host_us([&] {
                   for (int i = 0; i < count; ++i)
                     rocshmem_putmem_nbi(b.host_dst, b.host_src, bytes, 1);
                   rocshmem_quiet();
                 }) / count;
        case H2D:
          return host_us([&] {
                   for (int i = 0; i < count; ++i)
                     must(hipMemcpy(b.gpu_dst, b.pinned, bytes, hipMemcpyHostToDevice), "copy");
                 }) / count;
        default:
          return host_us([&] {
                   for (int i = 0; i < count; ++i)
                     must(hipMemcpy(b.pinned, b.gpu_src, bytes, hipMemcpyDeviceToHost), "copy");
                 }) / count;
      }
    });
    /* PE 1's copy of the pattern: its first and last bytes (PE 0's H2D
     * copies wrote PE 0's own dst only). */
    int ok = 1;
    if (me == 1) {
      unsigned char ends[2] = {0, 0};
      must(hipMemcpy(&ends[0], b.gpu_dst, 1, hipMemcpyDeviceToHost), "check");
      must(hipMemcpy(&ends[1], b.gpu_dst + bytes - 1, 1, hipMemcpyDeviceToHost), "check");
      ok = ends[0] == mark && ends[1] == mark;
    }
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    r.check_ok = ok != 0;
    rows.push_back(r);
  }

  if (me == 0) {
    printf("\n# latency (us per operation); ratio = device / (host + PCIe round trip), target "
           "<= 1\n");
    printf("%-14s %10s %12s %12s %12s %10s\n", "bench", "bytes", "device", "host", "pcie_rt",
           "ratio");
    for (const Row &r : rows)
      if (!r.bandwidth) print_row(r, pcie_rt_us);
    printf("\n# put bandwidth (GB/s); ratio = device / min(host, H2D, D2H), target >= 0.8\n");
    printf("%-14s %10s %10s %10s %10s %10s %8s\n", "bench", "bytes", "device", "host",
           "pcie_h2d", "pcie_d2h", "ratio");
    for (const Row &r : rows)
      if (r.bandwidth) print_row(r, pcie_rt_us);
    printf("\n");
    json_row(rt, 0);
    for (const Row &r : rows) json_row(r, pcie_rt_us);
    fflush(stdout);
  }
  int all_ok = 1;
  for (const Row &r : rows) all_ok &= r.check_ok;
  rocshmem_finalize();
  return all_ok ? 0 : 1;
}
