/*
 * Why is a small device operation slower than NVSHMEM's?  One program that
 * separates the suspects:
 *   (a) the call: our entry points are out-of-line calls into
 *       librocshmem_device.a (build this same file once normally and once
 *       with device link-time optimization, -dlto: the "api_*" rows of the
 *       two binaries differ only in that);
 *   (b) the peer table in global memory: the same checked fetch_add inlined
 *       here with the table in global memory vs in __constant__ memory;
 *   (c) the mapping: raw loads / atomics / stores on the peer pointer from
 *       rocshmem_ptr (cudaIpcOpenMemHandle), on this PE's own heap and on a
 *       plain cudaMalloc buffer;
 *   (d) the copy loop: getmem 8 B vs long_g vs one raw 8-byte load;
 * plus the fence that quiet uses (fence.sc vs fence.acq_rel, gpu vs sys
 * scope) and the bulk copy loop (loads in flight per thread).
 *
 *   SHMEM_SYMMETRIC_SIZE=1G mpirun -np 2 probe [TAG]
 * PE 0 measures against PE 1; PE 1 waits.  The heap must hold two 256 MiB
 * buffers (the bandwidth rows), hence SHMEM_SYMMETRIC_SIZE; under MPS (the
 * bench's setting, nvidia-cuda-mps-control -d first) both PEs run at once.
 * Prints one line per row: "probe TAG ROW usec_median usec_min usec_max iters".
 * "dep" rows make each operation depend on the previous one's result (a true
 * round trip per operation); the others let independent operations overlap,
 * as the benchmark's loops do.
 */
#include <cuda_runtime.h>
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include <rocshmem/rocshmem_device.h>
#include <rocshmem/rocshmem.h>

#define CK(call)                                                                     \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "probe: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,           \
              cudaGetErrorString(e_));                                               \
      MPI_Abort(MPI_COMM_WORLD, 2);                                                  \
    }                                                                                \
  } while (0)

struct Timing {
  unsigned long long t0, t1;
  long long sink;
};
__device__ __forceinline__ unsigned long long gtime_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ void cbar() { asm volatile("" ::: "memory"); }

/* ------------------------------------------------------------ latency ops */
template <class Op>
__global__ void k_lat(Op op, long iters, Timing *t) {
  long long s = 0;
  atomicMin(&t->t0, gtime_ns());
  for (long i = 0; i < iters; ++i) s = op(i, s);
  atomicMax(&t->t1, gtime_ns());
  t->sink = s;
}
/* s >> 62 is 0 (s stays far below 2^62) but the compiler cannot know it */
__device__ __forceinline__ long long zero_of(long long s) { return s >> 62; }

struct ApiFadd {
  long *ctr; int pe;
  __device__ long long operator()(long, long long s) const {
    return s + rocshmem_long_atomic_fetch_add(ctr, 1L, pe);
  }
};
struct ApiFaddDep {
  long *ctr; int pe;
  __device__ long long operator()(long, long long s) const {
    return s + rocshmem_long_atomic_fetch_add(ctr + zero_of(s), 1L, pe);
  }
};
template <bool Sys, bool Dep>
struct RawFadd {
  unsigned long long *p;
  __device__ long long operator()(long, long long s) const {
    unsigned long long *q = Dep ? p + zero_of(s) : p;
    return s + (long long)(Sys ? atomicAdd_system(q, 1ull) : atomicAdd(q, 1ull));
  }
};

/* (b): the library's checked translation inlined, peer table in global or
 * constant memory. */
#define NCONST 16
struct Tab {
  char *heap_base; size_t heap_size; int n_pes;
  char *const *peer_g; const unsigned char *flag_g;
};
__constant__ Tab c_tab;
__constant__ char *c_peer[NCONST];
__constant__ unsigned char c_flag[NCONST];
__device__ __noinline__ void fail_here() { __trap(); }
template <bool Const>
__device__ __forceinline__ unsigned long long *xlate(const void *a, int pe, bool *same) {
  if (pe < 0 || pe >= c_tab.n_pes) fail_here();
  uintptr_t off = (uintptr_t)a - (uintptr_t)c_tab.heap_base;
  if (off > c_tab.heap_size || 8 > c_tab.heap_size - off) fail_here();
  char *b = Const ? c_peer[pe] : c_tab.peer_g[pe];
  if (!b) fail_here();
  *same = ((Const ? c_flag[pe] : c_tab.flag_g[pe]) & 2) != 0;
  return (unsigned long long *)(b + off);
}
template <bool Const>
struct InlFadd {
  long *ctr; int pe;
  __device__ long long operator()(long, long long s) const {
    bool same;
    unsigned long long *q = xlate<Const>(ctr, pe, &same);
    return s + (long long)(same ? atomicAdd(q, 1ull) : atomicAdd_system(q, 1ull));
  }
};

struct ApiGetmem {
  char *local; const char *src; int pe;
  __device__ long long operator()(long, long long s) const {
    rocshmem_getmem(local, src, 8, pe);
    cbar();
    return s;
  }
};
struct ApiLongG {
  const long *src; int pe;
  __device__ long long operator()(long, long long s) const { return s + rocshmem_long_g(src, pe); }
};
template <bool Volatile>
struct RawGet { /* 8-byte load from p, stored to local (as getmem) */
  const long long *p; long long *local;
  __device__ long long operator()(long, long long s) const {
    *local = Volatile ? *(const volatile long long *)p : *p;
    cbar();
    return s;
  }
};
template <bool Volatile>
struct RawLoadDep { /* pointer-chase style: each load's address depends on the previous */
  const long long *p;
  __device__ long long operator()(long, long long s) const {
    const long long *q = p + zero_of(s);
    return s + (Volatile ? *(const volatile long long *)q : *q);
  }
};

struct ApiPutQuiet {
  char *dst; const char *src; int pe;
  __device__ long long operator()(long, long long s) const {
    rocshmem_putmem_nbi(dst, src, 8, pe);
    rocshmem_quiet();
    return s;
  }
};
struct ApiIntPQuiet {
  int *dst; int pe;
  __device__ long long operator()(long i, long long s) const {
    rocshmem_int_p(dst, (int)i, pe);
    rocshmem_quiet();
    return s;
  }
};
/* kind: 0 fence.sc.gpu (__threadfence) 1 fence.acq_rel.gpu 2 fence.sc.sys
 * 3 fence.acq_rel.sys 4 none 5 ROCSHMEM_RELEASE_FENCE (fence.release.gpu,
 * what quiet uses when every peer is on this GPU) */
template <int Kind>
__device__ __forceinline__ void fence_kind() {
  if (Kind == 0) asm volatile("fence.sc.gpu;" ::: "memory");
  if (Kind == 1) asm volatile("fence.acq_rel.gpu;" ::: "memory");
  if (Kind == 2) asm volatile("fence.sc.sys;" ::: "memory");
  if (Kind == 3) asm volatile("fence.acq_rel.sys;" ::: "memory");
  if (Kind == 4) cbar();
  if (Kind == 5) ROCSHMEM_RELEASE_FENCE();
}
template <int Kind>
struct RawPutFence { /* 8-byte load of the source, store to p, fence */
  long long *p; const long long *src;
  __device__ long long operator()(long, long long s) const {
    *p = *src;
    fence_kind<Kind>();
    return s;
  }
};

/* The two halves of put + quiet, each through the API or raw. */
template <int Kind>
struct ApiPutRawFence {
  char *dst; const char *src; int pe;
  __device__ long long operator()(long, long long s) const {
    rocshmem_putmem_nbi(dst, src, 8, pe);
    fence_kind<Kind>();
    return s;
  }
};
struct RawPutApiQuiet {
  long long *p; const long long *src;
  __device__ long long operator()(long, long long s) const {
    *p = *src;
    rocshmem_quiet();
    return s;
  }
};
/* A raw put + fence whose peer address is looked up every time, as the
 * API does: in the constant table (indexed constant load) or in a global
 * table through the read-only path (as NVSHMEM does). */
template <bool Const>
struct RawPutLookup {
  int pe; size_t off; const long long *src;
  __device__ long long operator()(long, long long s) const {
    char *b = Const ? c_peer[pe] : (char *)__ldg((const unsigned long long *)&c_tab.peer_g[pe]);
    *(long long *)(b + off) = *src;
    fence_kind<0>();
    return s;
  }
};
/* The peer lookup redone every operation, as in a loop whose PE the
 * compiler cannot prove constant (the API's case: its lookup sits behind
 * the checks' branches and is not hoisted), where the lookup above is
 * hoisted out of the loop.  Where: 0 constant table (indexed LDC), 1 global
 * table through the read-only path (LDG.CONSTANT, NVSHMEM's), 2 plain
 * global load, 3 no lookup (the base passed in).  Kind: fence_kind. */
__device__ __forceinline__ int opaque(int v) {
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  return v;
}
template <int Where>
__device__ __forceinline__ char *lookup_each(int pe, char *base) {
  int p = opaque(pe);
  if (Where == 0) return c_peer[p];
  if (Where == 1) return (char *)__ldg((const unsigned long long *)&c_tab.peer_g[p]);
  if (Where == 2) return c_tab.peer_g[p];
  return base + p - opaque(pe);
}
template <int Where, int Kind>
struct RawPutEach {
  int pe; size_t off; const long long *src; char *base;
  __device__ long long operator()(long, long long s) const {
    *(long long *)(lookup_each<Where>(pe, base) + off) = *src;
    fence_kind<Kind>();
    return s;
  }
};
template <int Where>
struct RawFaddEach {
  int pe; size_t off; char *base;
  __device__ long long operator()(long, long long s) const {
    return s + (long long)atomicAdd((unsigned long long *)(lookup_each<Where>(pe, base) + off), 1ull);
  }
};
struct ApiQuietOnly {
  __device__ long long operator()(long, long long s) const {
    rocshmem_quiet();
    return s;
  }
};
template <int Kind>
struct RawFenceOnly {
  __device__ long long operator()(long, long long s) const {
    fence_kind<Kind>();
    return s;
  }
};

/* ------------------------------------------------------------ block ops */
template <class Op>
__global__ void k_blk(Op op, long iters, Timing *t) {
  __syncthreads();
  if (threadIdx.x == 0) atomicMin(&t->t0, gtime_ns());
  for (long i = 0; i < iters; ++i) op();
  if (threadIdx.x == 0) atomicMax(&t->t1, gtime_ns());
}
struct ApiPutWg { /* as gpu_bench's put_wg_quiet / put_bw */
  char *dst; const char *src; size_t chunk; int pe;
  __device__ void operator()() const {
    size_t off = (size_t)blockIdx.x * chunk;
    rocshmem_putmem_wg(dst + off, src + off, chunk, pe);
    __syncthreads();
    if (threadIdx.x == 0) rocshmem_quiet();
    __syncthreads();
  }
};
template <int U, int Kind>
struct RawPutWg { /* uint4 copy with U loads in flight per thread, then fence */
  char *dst; const char *src; size_t chunk;
  __device__ void operator()() const {
    size_t off = (size_t)blockIdx.x * chunk;
    uint4 *d = (uint4 *)(dst + off);
    const uint4 *s = (const uint4 *)(src + off);
    size_t n = chunk / 16, step = blockDim.x;
    size_t i = threadIdx.x;
    for (; i + (U - 1) * step < n; i += U * step) {
      uint4 v[U];
#pragma unroll
      for (int u = 0; u < U; ++u) v[u] = s[i + u * step];
#pragma unroll
      for (int u = 0; u < U; ++u) d[i + u * step] = v[u];
    }
    for (; i < n; i += step) d[i] = s[i];
    __syncthreads();
    if (threadIdx.x == 0) fence_kind<Kind>();
    __syncthreads();
  }
};

/* ------------------------------------------------------------ host */
static Timing *g_t;
static const char *g_tag = "plain";
static int g_me;

static double one(const std::function<void(long)> &launch, long iters) {
  Timing init = {ULLONG_MAX, 0, 0};
  CK(cudaMemcpy(g_t, &init, sizeof init, cudaMemcpyHostToDevice));
  launch(iters);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  Timing got;
  CK(cudaMemcpy(&got, g_t, sizeof got, cudaMemcpyDeviceToHost));
  return got.t1 > got.t0 ? (double)(got.t1 - got.t0) / 1e3 / iters : 0.0;
}
static void row(const char *name, const std::function<void(long)> &launch, double ms = 4,
                long maxit = 100000) {
  one(launch, 16);
  double p = std::max(one(launch, 16), 1e-3);
  long it = std::max(10L, std::min(maxit, (long)(ms * 1e3 / p)));
  one(launch, std::max(1L, it / 10));
  std::vector<double> v;
  for (int r = 0; r < 5; ++r) v.push_back(one(launch, it));
  std::sort(v.begin(), v.end());
  printf("probe %-6s %-28s %9.4f %9.4f %9.4f %7ld\n", g_tag, name, v[2], v[0], v[4], it);
  fflush(stdout);
}
template <class Op>
static void lat(const char *name, Op op) {
  row(name, [=](long it) { k_lat<<<1, 1>>>(op, it, g_t); });
}
template <class Op>
static void blk(const char *name, Op op, int blocks, int threads, double ms = 4) {
  row(name, [=](long it) { k_blk<<<blocks, threads>>>(op, it, g_t); }, ms);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (argc > 1) g_tag = argv[1];
  int ndev = 0, lrank = 0;
  CK(cudaGetDeviceCount(&ndev));
  if (const char *s = getenv("OMPI_COMM_WORLD_LOCAL_RANK")) lrank = atoi(s);
  CK(cudaSetDevice(lrank % ndev));
  rocshmem_init();
  g_me = rocshmem_my_pe();
  int npes = rocshmem_n_pes(), pe = npes - 1;

  const size_t kBig = 256ul << 20;
  char *src = (char *)rocshmem_malloc(kBig), *dst = (char *)rocshmem_malloc(kBig);
  char *lat_buf = (char *)rocshmem_malloc(1 << 20);
  long *ctr = (long *)rocshmem_malloc(256);
  char *local = nullptr, *plain = nullptr;
  CK(cudaMalloc(&local, 4096));
  CK(cudaMalloc(&plain, 1 << 20));
  CK(cudaMalloc(&g_t, sizeof(Timing)));
  CK(cudaMemset(src, 0x5a, kBig));
  CK(cudaMemset(lat_buf, 0, 1 << 20));
  CK(cudaMemset(ctr, 0, 256));
  CK(cudaMemset(plain, 0, 1 << 20));
  CK(cudaDeviceSynchronize());

  /* (b): the tables, built from rocshmem_ptr (every PE on this GPU here) */
  std::vector<unsigned char> flags(npes, 1 | 2);
  Tab tab{};
  tab.heap_base = lat_buf;
  tab.heap_size = 1 << 20;
  tab.n_pes = npes;
  std::vector<char *> pb(npes);
  for (int p = 0; p < npes; ++p) pb[p] = (char *)rocshmem_ptr(lat_buf, p);
  char **dpeer = nullptr;
  unsigned char *dflag = nullptr;
  CK(cudaMalloc(&dpeer, sizeof(char *) * npes));
  CK(cudaMalloc(&dflag, npes));
  CK(cudaMemcpy(dpeer, pb.data(), sizeof(char *) * npes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dflag, flags.data(), npes, cudaMemcpyHostToDevice));
  tab.peer_g = dpeer;
  tab.flag_g = dflag;
  CK(cudaMemcpyToSymbol(c_tab, &tab, sizeof tab));
  CK(cudaMemcpyToSymbol(c_peer, pb.data(), sizeof(char *) * std::min(npes, NCONST)));
  CK(cudaMemcpyToSymbol(c_flag, flags.data(), std::min(npes, NCONST)));
  rocshmem_barrier_all();
  MPI_Barrier(MPI_COMM_WORLD);

  if (g_me == 0) {
    long *lat_long = (long *)lat_buf; /* [0] fetch_add target, [64..] get source, [128..] put */
    unsigned long long *peer_ctr = (unsigned long long *)rocshmem_ptr(ctr, pe);
    unsigned long long *own_ctr = (unsigned long long *)ctr;
    unsigned long long *plain_ctr = (unsigned long long *)plain;
    printf("probe %-6s peer=%d ptr(ctr,peer)=%p ctr=%p same_mapping=%d\n", g_tag, pe,
           (void *)peer_ctr, (void *)ctr, (void *)peer_ctr == (void *)ctr);
    /* fetch_add */
    lat("api_fadd", ApiFadd{ctr, pe});
    lat("api_fadd_dep", ApiFaddDep{ctr, pe});
    lat("raw_fadd_peer", RawFadd<false, false>{peer_ctr});
    lat("raw_fadd_peer_dep", RawFadd<false, true>{peer_ctr});
    lat("raw_fadd_peer_sys", RawFadd<true, false>{peer_ctr});
    lat("raw_fadd_own", RawFadd<false, false>{own_ctr});
    lat("raw_fadd_own_dep", RawFadd<false, true>{own_ctr});
    lat("raw_fadd_plain", RawFadd<false, false>{plain_ctr});
    lat("raw_fadd_plain_dep", RawFadd<false, true>{plain_ctr});
    lat("inl_fadd_gtab", InlFadd<false>{lat_long, pe});
    lat("inl_fadd_ctab", InlFadd<true>{lat_long, pe});
    /* get 8 B */
    const char *gsrc = lat_buf + 512;
    const long long *peer_g = (const long long *)rocshmem_ptr(gsrc, pe);
    lat("api_getmem8", ApiGetmem{local, gsrc, pe});
    lat("api_long_g", ApiLongG{(const long *)gsrc, pe});
    lat("raw_get_peer", RawGet<false>{peer_g, (long long *)local});
    lat("raw_get_peer_vol", RawGet<true>{peer_g, (long long *)local});
    lat("raw_get_own", RawGet<false>{(const long long *)gsrc, (long long *)local});
    lat("raw_get_plain", RawGet<false>{(const long long *)plain, (long long *)local});
    lat("raw_load_peer_dep", RawLoadDep<false>{peer_g});
    lat("raw_load_peer_dep_vol", RawLoadDep<true>{peer_g});
    lat("raw_load_own_dep_vol", RawLoadDep<true>{(const long long *)gsrc});
    /* put 8 B + quiet */
    char *pdst = lat_buf + 1024;
    const char *psrc = lat_buf + 2048;
    long long *peer_p = (long long *)rocshmem_ptr(pdst, pe);
    lat("api_put8_quiet", ApiPutQuiet{pdst, psrc, pe});
    lat("api_int_p_quiet", ApiIntPQuiet{(int *)pdst, pe});
    lat("api_put8_raw_sc_gpu", ApiPutRawFence<0>{pdst, psrc, pe});
    lat("api_put8_nofence", ApiPutRawFence<4>{pdst, psrc, pe});
    lat("raw_put_api_quiet", RawPutApiQuiet{peer_p, (const long long *)psrc});
    lat("api_quiet_only", ApiQuietOnly{});
    lat("raw_put_ctab_sc_gpu", RawPutLookup<true>{pe, 1024, (const long long *)psrc});
    lat("raw_put_gtab_nc_sc_gpu", RawPutLookup<false>{pe, 1024, (const long long *)psrc});
    lat("raw_sc_gpu_only", RawFenceOnly<0>{});
    lat("raw_release_gpu_only", RawFenceOnly<5>{});
    lat("api_put8_raw_release_gpu", ApiPutRawFence<5>{pdst, psrc, pe});
    {
      char *pbase = (char *)rocshmem_ptr(lat_buf, pe);
      const long long *ps = (const long long *)psrc;
      lat("each_put_ctab_sc_gpu", RawPutEach<0, 0>{pe, 1024, ps, pbase});
      lat("each_put_ldg_sc_gpu", RawPutEach<1, 0>{pe, 1024, ps, pbase});
      lat("each_put_gload_sc_gpu", RawPutEach<2, 0>{pe, 1024, ps, pbase});
      lat("each_put_none_sc_gpu", RawPutEach<3, 0>{pe, 1024, ps, pbase});
      lat("each_put_ctab_nofence", RawPutEach<0, 4>{pe, 1024, ps, pbase});
      lat("each_put_ldg_nofence", RawPutEach<1, 4>{pe, 1024, ps, pbase});
      lat("each_put_none_nofence", RawPutEach<3, 4>{pe, 1024, ps, pbase});
      lat("each_fadd_ctab", RawFaddEach<0>{pe, 0, pbase});
      lat("each_fadd_ldg", RawFaddEach<1>{pe, 0, pbase});
      lat("each_fadd_none", RawFaddEach<3>{pe, 0, pbase});
    }

    lat("raw_put_peer_sc_gpu", RawPutFence<0>{peer_p, (const long long *)psrc});
    lat("raw_put_peer_acqrel_gpu", RawPutFence<1>{peer_p, (const long long *)psrc});
    lat("raw_put_peer_sc_sys", RawPutFence<2>{peer_p, (const long long *)psrc});
    lat("raw_put_peer_acqrel_sys", RawPutFence<3>{peer_p, (const long long *)psrc});
    lat("raw_put_peer_nofence", RawPutFence<4>{peer_p, (const long long *)psrc});
    lat("raw_put_peer_release_gpu", RawPutFence<5>{peer_p, (const long long *)psrc});
    lat("raw_put_own_sc_gpu", RawPutFence<0>{(long long *)pdst, (const long long *)psrc});
    lat("raw_put_plain_sc_gpu", RawPutFence<0>{(long long *)plain, (const long long *)psrc});
    lat("raw_put_plain_acqrel_gpu", RawPutFence<1>{(long long *)plain, (const long long *)psrc});
    lat("raw_put_plain_release_gpu", RawPutFence<5>{(long long *)plain, (const long long *)psrc});
    /* block put 4 KiB / 64 KiB + quiet */
    char *bdst = lat_buf + 65536, *bsrc = lat_buf + 262144;
    char *peer_b = (char *)rocshmem_ptr(bdst, pe);
    for (size_t n : {(size_t)4096, (size_t)65536}) {
      char nm[64];
      snprintf(nm, sizeof nm, "api_put_wg_%zuK", n >> 10);
      blk(nm, ApiPutWg{bdst, bsrc, n, pe}, 1, 512);
      snprintf(nm, sizeof nm, "raw_put_wg_%zuK_u1_sc", n >> 10);
      blk(nm, RawPutWg<1, 0>{peer_b, bsrc, n}, 1, 512);
      snprintf(nm, sizeof nm, "raw_put_wg_%zuK_u4_sc", n >> 10);
      blk(nm, RawPutWg<4, 0>{peer_b, bsrc, n}, 1, 512);
      snprintf(nm, sizeof nm, "raw_put_wg_%zuK_u4_acqrel", n >> 10);
      blk(nm, RawPutWg<4, 1>{peer_b, bsrc, n}, 1, 512);
    }
    /* bandwidth 256 MiB, 256 x 512 */
    char *peer_dst = (char *)rocshmem_ptr(dst, pe);
    size_t chunk = kBig / 256;
    blk("api_bw_256M", ApiPutWg{dst, src, chunk, pe}, 256, 512, 20);
    blk("raw_bw_256M_u1", RawPutWg<1, 0>{peer_dst, src, chunk}, 256, 512, 20);
    blk("raw_bw_256M_u2", RawPutWg<2, 0>{peer_dst, src, chunk}, 256, 512, 20);
    blk("raw_bw_256M_u4", RawPutWg<4, 0>{peer_dst, src, chunk}, 256, 512, 20);
    blk("raw_bw_256M_u8", RawPutWg<8, 0>{peer_dst, src, chunk}, 256, 512, 20);
    blk("raw_bw_256M_u4_1024blk", RawPutWg<4, 0>{peer_dst, src, kBig / 1024}, 1024, 512, 20);
    blk("raw_bw_256M_u4_own", RawPutWg<4, 0>{dst, src, chunk}, 256, 512, 20);
    /* cudaMemcpy D2D to the plain/peer destination (us per 256 MiB) */
    for (int which = 0; which < 2; ++which) {
      char *d = which ? peer_dst : dst;
      cudaEvent_t e0, e1;
      CK(cudaEventCreate(&e0));
      CK(cudaEventCreate(&e1));
      std::vector<double> v;
      for (int r = 0; r < 6; ++r) {
        CK(cudaEventRecord(e0));
        for (int k = 0; k < 5; ++k) CK(cudaMemcpyAsync(d, src, kBig, cudaMemcpyDeviceToDevice));
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (r) v.push_back(ms * 1e3 / 5);
      }
      std::sort(v.begin(), v.end());
      printf("probe %-6s %-28s %9.4f %9.4f %9.4f %7d\n", g_tag,
             which ? "memcpy_256M_to_peer" : "memcpy_256M_own", v[2], v[0], v[4], 5);
    }
  }
  fflush(stdout);
  MPI_Barrier(MPI_COMM_WORLD);
  rocshmem_barrier_all();
  rocshmem_finalize();
  MPI_Finalize();
  return 0;
}
