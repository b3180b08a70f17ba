/* Device AMOs: every type of the standard, extended and bitwise tables and
 * every op, from AMO_BLOCKS x AMO_THREADS threads of every PE on every PE
 * (one block of AMO_PROXY_THREADS through the GPU proxy, where every AMO is
 * a round trip through the host), with exact totals.  Kernels in
 * amo_kernels.cu. */
#include "amo_kernels.h"
#include "gpu_test.h"

static int g_blocks = AMO_BLOCKS, g_threads = AMO_THREADS;
static ull g_per_pe = AMO_BLOCKS * AMO_THREADS;
/* Every g_cas_every-th thread takes part in the compare_swap loop.  Each
 * contender's retries grow with their number, so the loop's round trips
 * grow with its square: through the proxy (one kernel launch each) with 4
 * PEs time-sharing one GPU without MPS, every thread's loop took the run
 * 75 s per type. */
static unsigned g_cas_every = 1;

template <class T>
static T *alloc_slots(size_t n, int byte) {
  T *s = (T *)rocshmem_malloc(n * sizeof(T));
  GT_CHECK(s, "rocshmem_malloc failed");
  GT_GPU(hipMemset(s, byte, n * sizeof(T)));
  return s;
}
static ull *alloc_sums(size_t n) {
  ull *s;
  GT_GPU(hipMalloc((void **)&s, n * sizeof(ull)));
  GT_GPU(hipMemset(s, 0, n * sizeof(ull)));
  return s;
}
/* The per-target sums of every PE, added up: entry [t*stride + k] is for target t. */
static std::vector<ull> summed(const ull *dev, size_t n) {
  std::vector<ull> mine = gt_download(dev, n), all(n);
  MPI_Allreduce(mine.data(), all.data(), (int)n, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  return all;
}

template <class T>
static void run_std(const char *key, void (*kernel)(T *, ull *, unsigned)) {
  T *s = alloc_slots<T>(STD_SLOTS, 0);
  ull *sums = alloc_sums(3 * gt.npes);
  gt_sync();
  kernel<<<g_blocks, g_threads>>>(s, sums, g_cas_every);
  gt_sync();
  ull n = g_per_pe * gt.npes;
  std::vector<T> v = gt_download(s, STD_SLOTS);
  const ull expect[STD_SLOTS] = {n, 2 * n, n, n, n / g_cas_every, 3 * n, n, 1};
  for (int k = 0; k < STD_SLOTS; ++k)
    GT_CHECK((ull)v[k] == expect[k], "%s slot %d: %llu, expected %llu", key, k, (ull)v[k],
             expect[k]);
  std::vector<ull> all = summed(sums, 3 * gt.npes);
  GT_CHECK(all[3 * gt.me] == n * (n - 1) / 2 && all[3 * gt.me + 1] == n * (n - 1) / 2,
           "%s: fetched values are not 0..%llu once each", key, n - 1);
  GT_CHECK(all[3 * gt.me + 2] == 1, "%s compare_swap_nbi: %llu winners", key,
           all[3 * gt.me + 2]);
  char name[96];
  snprintf(name, sizeof name, "%s: fetch_add add inc fetch_inc compare_swap (+_nbi)", key);
  gt_case(name);
  GT_GPU(hipFree(sums));
  rocshmem_free(s);
}

template <class T>
static void run_ext(const char *key, void (*kernel)(T *, ull *), void (*fetch)(T *, ull *)) {
  T *s = alloc_slots<T>(1 + gt.npes, 0);
  ull *sums = alloc_sums(gt.npes);
  gt_sync();
  kernel<<<g_blocks, g_threads>>>(s, sums);
  gt_sync();
  ull errors_init = 0, *errors = alloc_sums(1);
  fetch<<<1, 32>>>(s, errors);
  gt_sync();
  ull n = g_per_pe * gt.npes;
  std::vector<ull> all = summed(sums, gt.npes);
  T last = gt_download(s, 1)[0];
  /* the fetched values and the last one are the initial 0 and every unique value */
  GT_CHECK(all[gt.me] + (ull)last == n * (n + 1) / 2, "%s swap chain: %llu + %llu", key,
           all[gt.me], (ull)last);
  GT_CHECK(gt_download(errors, 1)[0] == errors_init, "%s set/fetch: wrong values fetched", key);
  char name[96];
  snprintf(name, sizeof name, "%s: swap swap_nbi set fetch fetch_nbi", key);
  gt_case(name);
  GT_GPU(hipFree(errors));
  GT_GPU(hipFree(sums));
  rocshmem_free(s);
}

template <class T>
static void run_bit(const char *key, void (*kernel)(T *)) {
  T *s = alloc_slots<T>(3, 0);
  GT_GPU(hipMemset(s + 1, 0xff, sizeof(T)));
  gt_sync();
  kernel<<<g_blocks, g_threads>>>(s);
  gt_sync();
  std::vector<T> v = gt_download(s, 3);
  GT_CHECK(v[0] == (T)~(T)0 && v[1] == 0 && v[2] == 0, "%s: or %llx and %llx xor %llx", key,
           (ull)v[0], (ull)v[1], (ull)v[2]);
  char name[96];
  snprintf(name, sizeof name, "%s: fetch_and/or/xor, and/or/xor, fetch_*_nbi", key);
  gt_case(name);
  rocshmem_free(s);
}

int main(int argc, char **argv) {
  gt_init(argc, argv);
  if (gt_proxy_all()) {
    g_blocks = 1;
    g_threads = AMO_PROXY_THREADS;
    g_per_pe = AMO_PROXY_THREADS;
    g_cas_every = 8;
  }
#define RUN_STD(KEY, T) run_std<T>(#KEY, amo_std_##KEY);
#define RUN_EXT(KEY, T) run_ext<T>(#KEY, amo_ext_##KEY, amo_ext_fetch_##KEY);
#define RUN_BIT(KEY, T) run_bit<T>(#KEY, amo_bit_##KEY);
  ROCSHMEM_AMO_STANDARD_TYPES(RUN_STD)
  ROCSHMEM_AMO_EXTENDED_TYPES(RUN_EXT)
  ROCSHMEM_AMO_BITWISE_TYPES(RUN_BIT)
  return gt_finish();
}
