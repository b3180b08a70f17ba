/*
 * Shared helpers of the GPU tests (host side).  Same TAP conventions as
 * tests/functional/common/ftest.h: every PE counts its failures for a case,
 * gt_case() sums them over the PEs with MPI (not with rocshmem, which is
 * under test) and PE 0 prints one TAP line; gt_finish() prints the plan.
 *
 * Without a GPU a test prints "1..0 # SKIP no GPU" (PE 0) and exits 77;
 * `PROG --probe-gpu` only answers whether a GPU is present (0) or not (77),
 * which is how tests/gpu/gpu_test.sh skips before starting mpirun.
 */
#ifndef ROCSHMEM_TESTS_GPU_TEST_H
#define ROCSHMEM_TESTS_GPU_TEST_H

#include <mpi.h>
#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

enum { GT_SKIP = 77 };
typedef unsigned long long ull;

struct GtState {
  int me = 0, npes = 1, cases = 0, hard_failures = 0;
  long fails = 0;
  int diags = 0;
  double case_start = 0; /* MPI_Wtime at init or at the previous case's end */
};
static GtState gt;

/* The launcher's rank before init: only rank 0 prints the skip line. */
static inline bool gt_launcher_rank0() {
  const char *vars[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"};
  for (const char *v : vars)
    if (const char *s = getenv(v)) return atoi(s) == 0;
  return true;
}

/* Whether this run sends every other PE through the GPU proxy
 * (ROCSHMEM_GPU_PROXY=all): rocshmem_ptr is then NULL for them, and device
 * AMOs are round trips through the host, so stress tests shrink. */
static inline bool gt_proxy_all() {
  const char *mode = getenv("ROCSHMEM_GPU_PROXY");
  return mode && strcmp(mode, "all") == 0;
}

/* Whether PEs me and pe share a node: the tests run every PE on one machine,
 * which ROCSHMEM_PES_PER_NODE may split into emulated nodes. */
static inline bool gt_same_node(int me, int pe) {
  const char *ppn = getenv("ROCSHMEM_PES_PER_NODE");
  const int k = ppn ? atoi(ppn) : 0;
  return k <= 0 || pe / k == me / k;
}

/* Whether kernels of PE `me` reach PE `pe`'s heap by load/store: itself, or
 * a same-node peer unless every peer goes through the proxy. */
static inline bool gt_mapped(int me, int pe) {
  return pe == me || (!gt_proxy_all() && gt_same_node(me, pe));
}

/* Call first in main: handles --probe-gpu and the no-GPU skip, then
 * initializes rocshmem. */
static inline void gt_init(int argc, char **argv) {
  int count = 0;
  bool have_gpu = hipGetDeviceCount(&count) == hipSuccess && count > 0;
  if (argc > 1 && strcmp(argv[1], "--probe-gpu") == 0) exit(have_gpu ? 0 : GT_SKIP);
  if (!have_gpu) {
    if (gt_launcher_rank0()) printf("1..0 # SKIP no GPU\n");
    exit(GT_SKIP);
  }
  rocshmem_init();
  gt.me = rocshmem_my_pe();
  gt.npes = rocshmem_n_pes();
  gt.case_start = MPI_Wtime();
}

#define GT_CHECK(cond, ...)                                                    \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++gt.fails;                                                              \
      if (gt.diags++ < 4) {                                                    \
        fprintf(stderr, "# PE %d/%d: %s:%d: ", gt.me, gt.npes, __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);                                          \
        fprintf(stderr, "\n");                                                 \
      }                                                                        \
    }                                                                          \
  } while (0)

/* A GPU runtime call that must succeed (a failed kernel shows up here). */
#define GT_GPU(call)                                                           \
  do {                                                                         \
    hipError_t gt_err_ = (call);                                               \
    if (gt_err_ != hipSuccess) {                                               \
      fprintf(stderr, "# PE %d: %s:%d: %s: %s\n", gt.me, __FILE__, __LINE__, #call, \
              hipGetErrorString(gt_err_));                                     \
      MPI_Abort(MPI_COMM_WORLD, 1);                                            \
    }                                                                          \
  } while (0)

static inline int gt_case(const char *name) {
  long total = 0;
  MPI_Allreduce(&gt.fails, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  ++gt.cases;
  if (total) ++gt.hard_failures;
  if (gt.me == 0) {
    /* The seconds since the previous case (or init) say where a slow
     * configuration spends its run (proxy, MPS off). */
    printf("%s %d - %s (%d PEs, %.1f s)", total ? "not ok" : "ok", gt.cases, name, gt.npes,
           MPI_Wtime() - gt.case_start);
    if (total) printf(" (%ld failures)", total);
    printf("\n");
    fflush(stdout);
  }
  gt.fails = 0;
  gt.diags = 0;
  gt.case_start = MPI_Wtime();
  return total == 0;
}

static inline int gt_finish() {
  if (gt.me == 0) {
    printf("1..%d\n", gt.cases);
    fflush(stdout);
  }
  rocshmem_finalize();
  return gt.hard_failures ? 1 : 0;
}

/* Kernel completion, then a world barrier: the data the kernels wrote on
 * every PE is in place. */
/* A host-to-GPU copy that has landed when this returns.  hipMemcpy from
 * pageable host memory may return once the data is staged, before the DMA
 * reaches the GPU, so a kernel on a non-blocking stream, or a peer's kernel
 * reading this memory after a barrier, could see the old contents (an
 * alltoallmem_on_stream case once read 3979 stale bytes of a peer's source). */
static inline void gt_upload(void *dev, const void *host, size_t bytes) {
  GT_GPU(hipMemcpy(dev, host, bytes, hipMemcpyHostToDevice));
  GT_GPU(hipDeviceSynchronize());
}

static inline void gt_sync() {
  GT_GPU(hipDeviceSynchronize());
  rocshmem_barrier_all();
}

template <class T>
static inline std::vector<T> gt_download(const T *dev, size_t n) {
  std::vector<T> host(n);
  GT_GPU(hipMemcpy(host.data(), dev, n * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

/* Byte pattern of (pe, index, salt): misplaced bytes cannot go unnoticed. */
ROCSHMEM_HOST_DEVICE static inline unsigned char gt_byte(int pe, size_t i, int salt) {
  unsigned x = (unsigned)i * 2654435761u ^ (unsigned)(pe + 1) * 40503u ^ (unsigned)salt * 97u;
  x ^= x >> 15;
  x *= 2246822519u;
  x ^= x >> 13;
  return (unsigned char)x;
}

/* Number of bytes of buf[0..n) that differ from pattern bytes first.. */
static inline size_t gt_count_bad(const unsigned char *buf, size_t n, int pe, int salt,
                                  size_t first) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += buf[i] != gt_byte(pe, first + i, salt);
  return bad;
}

#endif
