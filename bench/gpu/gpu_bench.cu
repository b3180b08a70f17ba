/*
 * GPU device-API benchmark: one source for rocshmem (ours, default) and
 * NVSHMEM (-DUSE_NVSHMEM), through the B_* names of bench/gpu/api.h.
 * Written for NVIDIA GPUs (CUDA dialect, %globaltimer), because the
 * baseline only exists there.
 *
 * Run with 2 PEs (processes) that share one GPU under MPS (or one GPU each):
 *   mpirun -np 2 ./gpu_bench [-r REPS] [-T MS] [-b LIST] [-t THREADS] [-B BLOCKS]
 * PE 0 drives every benchmark against the last PE (PE 1); the others wait in
 * MPI_Barrier, except in barrier_all, where every PE launches the kernel.
 *
 * Timing: each repetition is ONE kernel launch that runs `iters` operations
 * back to back; the kernel reads %globaltimer (ns, the GPU's wall clock) at
 * the start and the end (first-started / last-finished thread of the grid:
 * atomicMin / atomicMax), so the launch latency is not counted and a
 * per-operation time of ~1 us is resolved exactly; clock64 is not used
 * because the SM clock changes with boost.  A cudaEvent pair around the
 * same launch gives a cross-check (`usec_event`, includes the launch).  The
 * cudaMemcpy D2D limit has no kernel of ours: cudaEvents around a loop of
 * cudaMemcpyAsync.  Iterations: a 16-iteration probe, then enough for about
 * -T ms per repetition (default 10), a warm-up of a tenth, then -r timed
 * repetitions (default 7); `usec` is the median per-operation time.
 *
 * Output (PE 0, stdout): a table line (starting with "#", for people) and a
 * JSON line per row:
 *   {"bench":"put_nbi_quiet","size":8,"pes":2,"lib":"ours","usec":1.02,...}
 * a {"meta":{...}} line first and a {"check":{...}} line at the end (what
 * PE 1 found in its memory: the puts and fetch_adds really arrived).
 */
#include <cuda_runtime.h>
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "api.h"

/* ------------------------------------------------------------------ device */
struct Timing {
  unsigned long long t0, t1; /* ns: earliest start, latest end */
  long long sink;            /* results that must not be optimized away */
};

__device__ __forceinline__ unsigned long long gtime_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ void stamp_start(Timing *t) { atomicMin(&t->t0, gtime_ns()); }
__device__ __forceinline__ void stamp_end(Timing *t) { atomicMax(&t->t1, gtime_ns()); }
/* The one-thread latency rows (put_nbi_quiet, get, long_g, int_p_quiet,
 * fetch_add) move their target word over kSpots places kSpotStride apart,
 * operation i using place i % kSpots: one round trip to L2 costs from 0.15
 * to 0.27 us depending on where the line lives (probes/atomic_latency_probe.cu: a
 * fetch_add at four places 128 KiB apart), so a single target made each run
 * of each side draw one latency at random (fetch_add rounds 0.27-0.41 us).
 * The mean over kSpots places is steady from run to run. */
constexpr int kSpots = 16;
constexpr size_t kSpotStride = 128ul << 10;
__device__ __forceinline__ size_t spot(long i) {
  return static_cast<size_t>(i & (kSpots - 1)) * kSpotStride;
}

/* The compiler must re-issue every call (inline library code included). */
__device__ __forceinline__ void compiler_barrier() { asm volatile("" ::: "memory"); }

/* put_nbi + quiet, one thread, into dst's kSpots places */
__global__ void k_put_nbi_quiet(char *dst, const char *src, size_t n, int pe, long iters,
                                Timing *t) {
  stamp_start(t);
  for (long i = 0; i < iters; ++i) {
    B_putmem_nbi(dst + spot(i), src, n, pe);
    B_quiet();
  }
  stamp_end(t);
}

/* Block-scope put of n bytes by the whole block, then quiet by thread 0
 * (after the block's stores: __syncthreads), one block.  Also the
 * bandwidth kernel: block b moves bytes [b*chunk, (b+1)*chunk). */
__global__ void k_put_wg_quiet(char *dst, const char *src, size_t chunk, int pe, long iters,
                               Timing *t) {
  size_t off = (size_t)blockIdx.x * chunk;
  __syncthreads();
  if (threadIdx.x == 0) stamp_start(t);
  for (long i = 0; i < iters; ++i) {
    B_putmem_wg(dst + off, src + off, chunk, pe);
    __syncthreads();
    if (threadIdx.x == 0) B_quiet();
    __syncthreads();
  }
  if (threadIdx.x == 0) stamp_end(t);
}

/* Wave-scope put of n bytes by one warp (launched with warpSize threads),
 * then quiet by lane 0 after the warp's stores. */
__global__ void k_put_wave_quiet(char *dst, const char *src, size_t n, int pe, long iters,
                                 Timing *t) {
  if (threadIdx.x == 0) stamp_start(t);
  for (long i = 0; i < iters; ++i) {
    B_putmem_wave(dst, src, n, pe);
    __syncwarp();
    if (threadIdx.x == 0) B_quiet();
    __syncwarp();
  }
  if (threadIdx.x == 0) stamp_end(t);
}

/* long_g (a blocking 8-byte read returning the value), one thread, from
 * src's kSpots places.  UNROLL 4 (the _x4 rows, both libraries alike): the
 * loop unrolled, as a user's loop of independent reads may be, so that a
 * library whose call leaves the next one free to start overlaps them. */
template <int UNROLL>
__global__ void k_long_g(const char *src, int pe, long iters, Timing *t) {
  long long s = 0;
  stamp_start(t);
#pragma unroll UNROLL
  for (long i = 0; i < iters; ++i) s += B_long_g((const long *)(src + spot(i)), pe);
  stamp_end(t);
  t->sink = s;
}

/* blocking getmem into local (non-symmetric) device memory, one thread,
 * from src's kSpots places */
__global__ void k_get(char *local, const char *src, size_t n, int pe, long iters, Timing *t) {
  stamp_start(t);
  for (long i = 0; i < iters; ++i) {
    B_getmem(local, src + spot(i), n, pe);
    compiler_barrier();
  }
  stamp_end(t);
  t->sink = *(volatile long long *)local;
}

/* int_p + quiet, one thread, into dst's kSpots places */
__global__ void k_int_p_quiet(char *dst, int pe, long iters, Timing *t) {
  stamp_start(t);
  for (long i = 0; i < iters; ++i) {
    B_int_p((int *)(dst + spot(i)), (int)i, pe);
    B_quiet();
  }
  stamp_end(t);
}

/* long fetch_add (returns the old value: a round trip), one thread, on the
 * counters at ctrs' kSpots places */
template <int UNROLL> /* (as k_long_g's) */
__global__ void k_fetch_add(char *ctrs, int pe, long iters, Timing *t) {
  long long s = 0;
  stamp_start(t);
#pragma unroll UNROLL
  for (long i = 0; i < iters; ++i)
    s += B_long_atomic_fetch_add((long *)(ctrs + spot(i)), 1L, pe);
  stamp_end(t);
  t->sink = s;
}

/* device barrier_all, one thread per PE, every PE runs the same counts */
__global__ void k_barrier_all(long warm, long iters, Timing *t) {
  for (long i = 0; i < warm; ++i) B_barrier_all();
  stamp_start(t);
  for (long i = 0; i < iters; ++i) B_barrier_all();
  stamp_end(t);
}

/* Block-scope collectives on the world team (every PE launches the same
 * counts).  n is bytes: broadcast's message, each PE's block of fcollect and
 * alltoall, the reduced array (n / 4 floats). */
enum Coll { C_BARRIER_WG, C_BROADCAST, C_FCOLLECT, C_ALLTOALL, C_REDUCE };
static const char *const kCollName[] = {"barrier_all_wg", "broadcast", "fcollect", "alltoall",
                                        "reduce_float_sum"};

template <int which>
__device__ __forceinline__ void coll_once(B_team_t team, char *dst, const char *src, size_t n) {
  switch (which) {
    case C_BARRIER_WG: B_barrier_all_wg(); break;
    case C_BROADCAST: B_broadcastmem_wg(team, dst, src, n, 0); break;
    case C_FCOLLECT: B_fcollectmem_wg(team, dst, src, n); break;
    case C_ALLTOALL: B_alltoallmem_wg(team, dst, src, n); break;
    case C_REDUCE:
      B_float_sum_reduce_wg(team, (float *)dst, (const float *)src, n / sizeof(float));
      break;
  }
}

/* One kernel per collective, with a register cap for BENCH_COLL_MAX_THREADS
 * threads: a single kernel switching over all of them needed more registers
 * per thread than a 512-thread block may have (both libraries: "too many
 * resources requested for launch").  1024 threads leave 64 registers a
 * thread, which fits only when the device API is compiled into the kernel
 * under that cap (-dlto); linked plainly, the library's _wg collectives keep
 * their own counts (up to 116 on sm_90) and nvlink refuses the bound, so
 * stage.sh builds with DLTO=0 for 512 threads (128 registers). */
#ifndef BENCH_COLL_MAX_THREADS
#define BENCH_COLL_MAX_THREADS 1024
#endif
template <int which>
__global__ void __launch_bounds__(BENCH_COLL_MAX_THREADS) k_coll(B_team_t team, char *dst, const char *src,
                                               size_t n, long warm, long iters, Timing *t) {
  for (long i = 0; i < warm; ++i) coll_once<which>(team, dst, src, n);
  __syncthreads();
  if (threadIdx.x == 0) stamp_start(t);
  for (long i = 0; i < iters; ++i) coll_once<which>(team, dst, src, n);
  __syncthreads();
  if (threadIdx.x == 0) stamp_end(t);
}

/* ------------------------------------------------------------------ host */
static int g_me = 0, g_npes = 1, g_peer = 0;
static const char *g_bench = "init";

#define CK(call)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      fprintf(stderr, "gpu_bench[%s PE %d]: FAILED in %s: %s:%d: %s: %s\n", B_LIB, g_me, \
              g_bench, __FILE__, __LINE__, #call, cudaGetErrorString(e_));            \
      fflush(stderr);                                                                 \
      MPI_Abort(MPI_COMM_WORLD, 2);                                                   \
    }                                                                                 \
  } while (0)

struct Opts {
  int reps = 7;
  double target_ms = 10.0;
  int threads = 512;  /* block-scope rows */
  int blocks = 256;   /* put_bw */
  long max_iters = 200000;
  std::string benches = "all";
};
static Opts opt;

static bool want(const char *name) {
  if (opt.benches == "all") return true;
  std::string l = "," + opt.benches + ",", n = std::string(",") + name + ",";
  return l.find(n) != std::string::npos;
}

struct Sample {
  double us;    /* per operation, %globaltimer */
  double ev_us; /* per operation, cudaEvent around the launch */
};

static Timing *g_timing = nullptr; /* device */
static cudaEvent_t g_e0, g_e1;

/* One launch of `iters` operations: per-operation times. */
static Sample timed(const std::function<void(long)> &launch, long iters) {
  Timing init = {ULLONG_MAX, 0, 0};
  CK(cudaMemcpy(g_timing, &init, sizeof init, cudaMemcpyHostToDevice));
  CK(cudaEventRecord(g_e0));
  launch(iters);
  CK(cudaGetLastError());
  CK(cudaEventRecord(g_e1));
  CK(cudaEventSynchronize(g_e1));
  CK(cudaDeviceSynchronize());
  Timing got;
  CK(cudaMemcpy(&got, g_timing, sizeof got, cudaMemcpyDeviceToHost));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, g_e0, g_e1));
  Sample s;
  s.us = got.t1 > got.t0 ? (double)(got.t1 - got.t0) / 1e3 / iters : 0.0;
  s.ev_us = ms * 1e3 / iters;
  return s;
}

/* Iterations for about target_ms per repetition from a probe's time. */
static long size_iters(double us_per_op, long min_iters) {
  if (us_per_op <= 0) us_per_op = 0.01;
  long it = (long)(opt.target_ms * 1e3 / us_per_op);
  return std::max(min_iters, std::min(opt.max_iters, it));
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n == 0 ? 0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

static bool g_header = false;
static void report(const char *bench, size_t size, const std::vector<Sample> &s, long iters,
                   int threads, int blocks, const char *timer) {
  if (g_me != 0) return;
  std::vector<double> us, ev;
  for (const Sample &x : s) {
    us.push_back(x.us);
    ev.push_back(x.ev_us);
  }
  double med = median(us), mn = *std::min_element(us.begin(), us.end()),
         mx = *std::max_element(us.begin(), us.end()), evm = median(ev);
  double gbps = size && med > 0 ? size / (med * 1e3) : 0; /* bytes/ns = GB/s */
  if (!g_header) {
    printf("# %-8s %-14s %10s %4s %10s %10s %10s %10s %10s %8s %s\n", "lib", "bench", "size",
           "pes", "usec", "GB/s", "usec_min", "usec_max", "usec_ev", "iters", "timer");
    g_header = true;
  }
  printf("# %-8s %-14s %10zu %4d %10.3f %10.2f %10.3f %10.3f %10.3f %8ld %s\n", B_LIB, bench,
         size, g_npes, med, gbps, mn, mx, evm, iters, timer);
  printf("{\"bench\":\"%s\",\"size\":%zu,\"pes\":%d,\"lib\":\"%s\",\"usec\":%.4f,\"GBps\":%.3f,"
         "\"usec_min\":%.4f,\"usec_max\":%.4f,\"usec_event\":%.4f,\"iters\":%ld,\"reps\":%zu,"
         "\"threads\":%d,\"blocks\":%d,\"timer\":\"%s\"}\n",
         bench, size, g_npes, B_LIB, med, gbps, mn, mx, evm, iters, s.size(), threads, blocks,
         timer);
  fflush(stdout);
}

/* A benchmark that PE 0 runs alone against the peer. */
static long g_fadd_ops = 0; /* fetch_adds PE 0 issued (checked at the end) */
static void pe0_bench(const char *bench, size_t size, int threads, int blocks,
                      const std::function<void(long)> &launch, long *op_count = nullptr) {
  if (!want(bench)) return;
  g_bench = bench;
  MPI_Barrier(MPI_COMM_WORLD);
  if (g_me == 0) {
    long done = 0;
    timed(launch, 16); /* cold */
    Sample p = timed(launch, 16);
    done += 32;
    long iters = size_iters(std::max(p.us, 1e-3), 10);
    long warm = std::max(1L, iters / 10);
    timed(launch, warm);
    done += warm;
    std::vector<Sample> s;
    for (int r = 0; r < opt.reps; ++r) {
      s.push_back(timed(launch, iters));
      done += iters;
    }
    if (op_count) *op_count += done;
    report(bench, size, s, iters, threads, blocks, "globaltimer");
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [-r REPS] [-T MS_PER_REP] [-b LIST] [-t THREADS] [-B BLOCKS] [-m MAX_ITERS]\n"
          "  LIST: all, or a comma list of put_nbi_quiet,put_wave_quiet,put_wg_quiet,get,\n"
          "        long_g,long_g_x4,int_p_quiet,fetch_add,fetch_add_x4,put_bw,memcpy_d2d,memcpy_peer,barrier_all,\n"
          "        barrier_all_wg,broadcast,fcollect,alltoall,reduce_float_sum\n",
          argv0);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_me); /* for messages before init */
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&](void) -> const char * {
      if (i + 1 >= argc) {
        usage(argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
      }
      return argv[++i];
    };
    if (a == "-r") opt.reps = std::max(1, atoi(val()));
    else if (a == "-T") opt.target_ms = std::max(0.1, atof(val()));
    else if (a == "-b") opt.benches = val();
    else if (a == "-t") {
      opt.threads = std::max(32, atoi(val()));
      if (opt.threads > BENCH_COLL_MAX_THREADS) {
        fprintf(stderr, "%s: -t %d: this build's collective kernels take at most %d threads a "
                "block (BENCH_COLL_MAX_THREADS)\n", argv[0], opt.threads, BENCH_COLL_MAX_THREADS);
        MPI_Abort(MPI_COMM_WORLD, 1);
      }
    }
    else if (a == "-B") opt.blocks = std::max(1, atoi(val()));
    else if (a == "-m") opt.max_iters = std::max(10L, atol(val()));
    else {
      usage(argv[0]);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }

  /* Every PE on device 0 (PEs share the one GPU), as the NVSHMEM unique-ID
   * path wants it before init; ours picks the node-local rank modulo the
   * GPU count, which is device 0 with one GPU as well. */
  int ndev = 0;
  CK(cudaGetDeviceCount(&ndev));
  int lrank = 0;
  if (const char *s = getenv("OMPI_COMM_WORLD_LOCAL_RANK")) lrank = atoi(s);
  CK(cudaSetDevice(ndev > 0 ? lrank % ndev : 0));
  if (B_init() != 0) {
    fprintf(stderr, "gpu_bench[%s]: FAILED: library init\n", B_LIB);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  g_me = B_my_pe();
  g_npes = B_n_pes();
  g_peer = g_npes - 1;
  if (g_npes < 2) {
    fprintf(stderr, "gpu_bench: needs at least 2 PEs\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  int dev = 0;
  CK(cudaGetDevice(&dev));
  /* PE 0's and the peer's GPUs (one node: device numbers agree across
   * processes), the same on every PE: the memcpy_peer row's barriers must
   * be entered by all PEs or none. */
  std::vector<int> devs(g_npes);
  MPI_Allgather(&dev, 1, MPI_INT, devs.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const int peer_dev = devs[g_peer];
  const bool cross_gpu = devs[0] != peer_dev;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  int rt = 0, drv = 0;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  if (g_me == 0) {
    printf("{\"meta\":{\"lib\":\"%s\",\"version\":\"%s\",\"gpu\":\"%s\",\"sms\":%d,"
           "\"pes\":%d,\"device\":%d,\"peer_device\":%d,\"ndev\":%d,\"cuda_runtime\":%d,\"cuda_driver\":%d,"
           "\"reps\":%d,\"target_ms\":%.2f,\"threads\":%d,\"blocks\":%d,\"benches\":\"%s\"}}\n",
           B_LIB, B_version(), prop.name, prop.multiProcessorCount, g_npes, dev, peer_dev, ndev, rt, drv,
           opt.reps, opt.target_ms, opt.threads, opt.blocks, opt.benches.c_str());
    fflush(stdout);
  }

  /* Symmetric buffers: 256 MiB source and destination (put bandwidth), a
   * small area for the latency rows, the one-thread rows' kSpots places
   * (targets, and counters: each place's first long).  Heap size: the run
   * script sets SHMEM_SYMMETRIC_SIZE / NVSHMEM_SYMMETRIC_SIZE to 1G. */
  const size_t kBig = 256ul << 20, kMid = 16ul << 20, kSmall = 64ul << 10;
  g_bench = "malloc";
  char *src = (char *)B_malloc(kBig);
  char *dst = (char *)B_malloc(kBig);
  char *lat = (char *)B_malloc(2 * kSmall); /* [0, 64K) target, [64K, 128K) source */
  const size_t spots_bytes = kSpots * kSpotStride;
  char *spots = (char *)B_malloc(spots_bytes);
  char *ctrs = (char *)B_malloc(spots_bytes);
  /* the collectives' own buffers (put_bw's destination is checked at the end) */
  const size_t coll_bytes = (size_t)g_npes * kMid;
  char *csrc = (char *)B_malloc(coll_bytes);
  char *cdst = (char *)B_malloc(coll_bytes);
  if (!src || !dst || !lat || !spots || !ctrs || !csrc || !cdst) {
    fprintf(stderr, "gpu_bench[%s PE %d]: FAILED: symmetric malloc of the benchmark buffers\n", B_LIB,
            g_me);
    MPI_Abort(MPI_COMM_WORLD, 4);
  }
  char *local = nullptr;
  CK(cudaMalloc(&local, 4096));
  CK(cudaMalloc(&g_timing, sizeof(Timing)));
  CK(cudaEventCreate(&g_e0));
  CK(cudaEventCreate(&g_e1));
  CK(cudaMemset(src, 0x5a, kBig));
  CK(cudaMemset(dst, 0, kBig));
  CK(cudaMemset(lat, 0x33, 2 * kSmall));
  CK(cudaMemset(spots, 0x33, spots_bytes));
  CK(cudaMemset(ctrs, 0, spots_bytes));
  CK(cudaMemset(csrc, 0x3c, coll_bytes)); /* 0x3c3c3c3c: a normal float (0.0115) */
  CK(cudaMemset(cdst, 0, coll_bytes));
  CK(cudaMemset(local, 0, 4096));
  CK(cudaDeviceSynchronize());
  B_barrier_all();

  const int pe = g_peer, th = opt.threads;
  char *lsrc = lat + kSmall;
  Timing *T = g_timing;

  /* Latency by granularity, 8 B to 64 KiB (thread, one warp, one block). */
  const size_t lat_sizes[] = {8, 64, 512, 4096, kSmall};
  for (size_t n : lat_sizes)
    pe0_bench("put_nbi_quiet", n, 1, 1,
              [&, n](long it) { k_put_nbi_quiet<<<1, 1>>>(spots, lsrc, n, pe, it, T); });
  int warp = 32;
  CK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0));
  for (size_t n : lat_sizes)
    pe0_bench("put_wave_quiet", n, warp, 1,
              [&, n, warp](long it) { k_put_wave_quiet<<<1, warp>>>(lat, lsrc, n, pe, it, T); });
  for (size_t n : lat_sizes)
    pe0_bench("put_wg_quiet", n, th, 1,
              [&, n](long it) { k_put_wg_quiet<<<1, th>>>(lat, lsrc, n, pe, it, T); });
  pe0_bench("get", 8, 1, 1, [&](long it) { k_get<<<1, 1>>>(local, spots, 8, pe, it, T); });
  pe0_bench("long_g", 8, 1, 1, [&](long it) { k_long_g<1><<<1, 1>>>(spots, pe, it, T); });
  pe0_bench("long_g_x4", 8, 1, 1, [&](long it) { k_long_g<4><<<1, 1>>>(spots, pe, it, T); });
  pe0_bench("int_p_quiet", 4, 1, 1, [&](long it) { k_int_p_quiet<<<1, 1>>>(spots, pe, it, T); });
  pe0_bench("fetch_add", 8, 1, 1,
            [&](long it) { k_fetch_add<1><<<1, 1>>>(ctrs, pe, it, T); }, &g_fadd_ops);
  pe0_bench("fetch_add_x4", 8, 1, 1,
            [&](long it) { k_fetch_add<4><<<1, 1>>>(ctrs, pe, it, T); }, &g_fadd_ops);
  for (size_t n : {(size_t)1 << 20, kMid, kBig}) {
    int nb = opt.blocks;
    while (nb > 1 && n % ((size_t)nb * 256)) --nb; /* chunks of whole 256-byte lines */
    pe0_bench("put_bw", n, th, nb, [&, n, nb](long it) {
      k_put_wg_quiet<<<nb, th>>>(dst, src, n / nb, pe, it, T);
    });
  }

  /* Physical limits, PE 0 alone, on plain cudaMalloc buffers (outside either
   * library), cudaEvents around a loop of 256 MiB copies: cudaMemcpy
   * device-to-device, and cudaMemcpyPeer to the peer's GPU when it runs on
   * another one.  dst_dev: the GPU of the destination buffer. */
  auto copy_limit = [&](const char *bench, int dst_dev) {
    if (!want(bench)) return;
    g_bench = bench;
    MPI_Barrier(MPI_COMM_WORLD);
    if (g_me == 0) {
      char *a = nullptr, *b = nullptr;
      CK(cudaMalloc(&a, kBig));
      CK(cudaSetDevice(dst_dev));
      CK(cudaMalloc(&b, kBig));
      CK(cudaSetDevice(dev));
      if (dst_dev != dev) {
        cudaError_t pe_err = cudaDeviceEnablePeerAccess(dst_dev, 0);
        if (pe_err != cudaErrorPeerAccessAlreadyEnabled) CK(pe_err);
        (void)cudaGetLastError();
      }
      CK(cudaMemset(a, 1, kBig));
      auto copies = [&](long it) -> double {
        CK(cudaEventRecord(g_e0));
        for (long i = 0; i < it; ++i) CK(cudaMemcpyPeerAsync(b, dst_dev, a, dev, kBig));
        CK(cudaEventRecord(g_e1));
        CK(cudaEventSynchronize(g_e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, g_e0, g_e1));
        return ms * 1e3 / it;
      };
      copies(2);
      long iters = size_iters(copies(2), 3);
      std::vector<Sample> s;
      for (int r = 0; r < opt.reps; ++r) {
        double us = copies(iters);
        s.push_back({us, us});
      }
      report(bench, kBig, s, iters, 0, 0, "cudaEvent");
      CK(cudaFree(a));
      CK(cudaSetDevice(dst_dev));
      CK(cudaFree(b));
      CK(cudaSetDevice(dev));
    }
    MPI_Barrier(MPI_COMM_WORLD);
  };
  /* (cudaMemcpyPeerAsync between buffers of one GPU is a D2D copy) */
  copy_limit("memcpy_d2d", dev);
  if (cross_gpu) copy_limit("memcpy_peer", peer_dev);

  /* Benchmarks every PE runs, with PE 0's counts (probe on all PEs, then PE
   * 0 decides and broadcasts); launch(warm, iters) runs warm untimed
   * operations, then iters timed ones. */
  auto all_bench = [&](const char *bench, size_t size, int threads,
                       const std::function<void(long, long)> &launch_k) {
    if (!want(bench)) return;
    g_bench = bench;
    auto launch = [&](long warm, long it) -> Sample {
      MPI_Barrier(MPI_COMM_WORLD);
      return timed([&](long n) { launch_k(warm, n); }, it);
    };
    launch(4, 16);
    Sample p = launch(4, 64);
    long iters = size_iters(std::max(p.us, 1e-3), 10);
    MPI_Bcast(&iters, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    launch(0, std::max(1L, iters / 10));
    std::vector<Sample> s;
    for (int r = 0; r < opt.reps; ++r) s.push_back(launch(16, iters));
    report(bench, size, s, iters, threads, 1, "globaltimer");
  };
  /* Device barrier_all, one thread per PE. */
  all_bench("barrier_all", 0, 1,
            [&](long warm, long it) { k_barrier_all<<<1, 1>>>(warm, it, T); });
  /* Block-scope collectives on the world team: one block per PE, the
   * latency-row block size; 8 B, 64 KiB, 16 MiB (per PE block for fcollect
   * and alltoall: csrc and cdst hold g_npes x 16 MiB). */
  B_team_t world = B_TEAM_WORLD;
  all_bench("barrier_all_wg", 0, th, [&](long warm, long it) {
    k_coll<C_BARRIER_WG><<<1, th>>>(world, cdst, csrc, 0, warm, it, T);
  });
  using CollKernel = void (*)(B_team_t, char *, const char *, size_t, long, long, Timing *);
  const CollKernel coll_kernels[] = {k_coll<C_BARRIER_WG>, k_coll<C_BROADCAST>,
                                     k_coll<C_FCOLLECT>, k_coll<C_ALLTOALL>, k_coll<C_REDUCE>};
  for (int c = C_BROADCAST; c <= C_REDUCE; ++c)
    for (size_t n : {(size_t)8, kSmall, kMid}) {
      all_bench(kCollName[c], n, th, [&, c, n](long warm, long it) {
        coll_kernels[c]<<<1, th>>>(world, cdst, csrc, n, warm, it, T);
      });
    }

  /* What PE 1 found: the puts and fetch_adds arrived. */
  g_bench = "check";
  CK(cudaDeviceSynchronize());
  B_barrier_all();
  long info[3] = {0, 0, 0}; /* dst first byte, dst last byte, counters' sum */
  if (g_me == g_peer) {
    unsigned char f = 0, l = 0;
    CK(cudaMemcpy(&f, dst, 1, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&l, dst + kBig - 1, 1, cudaMemcpyDeviceToHost));
    long c = 0;
    for (int k = 0; k < kSpots; ++k) {
      long v = 0;
      CK(cudaMemcpy(&v, ctrs + k * kSpotStride, sizeof v, cudaMemcpyDeviceToHost));
      c += v;
    }
    info[0] = f;
    info[1] = l;
    info[2] = c;
  }
  MPI_Bcast(info, 3, MPI_LONG, g_peer, MPI_COMM_WORLD);
  if (g_me == 0) {
    bool bw = want("put_bw"), fa = want("fetch_add") || want("fetch_add_x4");
    bool ok = (!bw || (info[0] == 0x5a && info[1] == 0x5a)) && (!fa || info[2] == g_fadd_ops);
    printf("{\"check\":{\"lib\":\"%s\",\"ok\":%s,\"put_bw_bytes\":[%ld,%ld],"
           "\"fetch_add_counter\":%ld,\"fetch_add_issued\":%ld}}\n",
           B_LIB, ok ? "true" : "false", info[0], info[1], info[2], g_fadd_ops);
    if (!ok) fprintf(stderr, "gpu_bench[%s]: CHECK FAILED: data did not arrive as expected\n", B_LIB);
    fflush(stdout);
  }

  B_barrier_all();
  B_free(cdst);
  B_free(csrc);
  B_free(ctrs);
  B_free(spots);
  B_free(lat);
  B_free(dst);
  B_free(src);
  CK(cudaFree(local));
  CK(cudaFree(g_timing));
  B_finalize();
  MPI_Finalize();
  return 0;
}
