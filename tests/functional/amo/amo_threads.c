/*
 * Atomics from several threads of every PE at once (SHMEM_THREAD_MULTIPLE):
 * N PEs x T threads x K fetch_adds on one counter of PE 0 and on one counter
 * of the next PE must give exact totals, and every fetched value must be
 * distinct.  Run with the default context, then with one private context per
 * thread (shmem_ctx_create(SHMEM_CTX_PRIVATE) called by the thread that uses
 * it), and for a 32-bit type (rocshmem_uint32_atomic_fetch_inc).
 */
#include <pthread.h>

#include "../common/ftest.h"

enum { T = 4 };

static long counter_home;   /* .bss: on PE 0, every thread of every PE adds here */
static long counter_ring;   /* .bss: the previous PE's threads add here */
static uint32_t counter32;  /* .bss: on PE 0 */
static int K;
static long *fetched;       /* [T][K] */
static int mode;            /* 0 default context, 1 private contexts, 2 uint32 */
static int ctx_failures;

static void *worker(void *arg) {
  const int t = (int)(intptr_t)arg, right = (ft.me + 1) % ft.npes;
  long *mine = fetched + (size_t)t * K;
  shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  if (mode == 1 && shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) {
    __atomic_add_fetch(&ctx_failures, 1, __ATOMIC_RELAXED);
    return NULL;
  }
  for (int k = 0; k < K; ++k) {
    if (mode == 2) {
      mine[k] = (long)rocshmem_uint32_atomic_fetch_inc(&counter32, 0);
    } else {
      mine[k] = shmem_ctx_long_atomic_fetch_add(ctx, &counter_home, 1, 0);
      shmem_ctx_long_atomic_add(ctx, &counter_ring, 2, right);
    }
  }
  if (mode == 1) {
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
  }
  return NULL;
}

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : x > y;
}

static void run(const char *what) {
  const int n = ft.npes, total = n * T * K;
  counter_home = counter_ring = 0;
  counter32 = 0;
  ctx_failures = 0;
  shmem_barrier_all();
  pthread_t th[T];
  for (int t = 0; t < T; ++t) pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
  for (int t = 0; t < T; ++t) pthread_join(th[t], NULL);
  FT_CHECK(ctx_failures == 0, "%d thread(s) could not create a private context", ctx_failures);
  shmem_barrier_all();
  if (ft.me == 0) {
    long home = mode == 2 ? (long)counter32 : counter_home;
    FT_CHECK(home == total, "PE 0's counter holds %ld, expected %d", home, total);
  }
  if (mode != 2)
    FT_CHECK(counter_ring == 2L * T * K, "my ring counter holds %ld, expected %ld", counter_ring,
             2L * T * K);
  long *all = (long *)malloc(sizeof(long) * (size_t)total);
  MPI_Gather(fetched, T * K, MPI_LONG, all, T * K, MPI_LONG, 0, MPI_COMM_WORLD);
  if (ft.me == 0) {
    qsort(all, (size_t)total, sizeof(long), cmp_long);
    for (int i = 0; i < total; ++i)
      if (all[i] != i) {
        FT_CHECK(0, "fetched values are not 0..%d exactly once: sorted slot %d holds %ld",
                 total - 1, i, all[i]);
        break;
      }
  }
  free(all);
  shmem_barrier_all();
  ft_case("%d PEs x %d threads x %d %s: exact totals, every fetched value distinct", n, T, K,
          what);
}

int main(void) {
  int provided = -1;
  int rc = shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
  ft_begin();
  FT_CHECK(rc == 0, "shmem_init_thread returned %d", rc);
  ft_case("shmem_init_thread(SHMEM_THREAD_MULTIPLE) succeeds");
  if (provided != SHMEM_THREAD_MULTIPLE) {
    ft_skip("SHMEM_THREAD_MULTIPLE not provided", "threaded atomics");
    rc = ft_finish();
    shmem_finalize();
    return rc;
  }
  K = ft_iters(2000, 100);
  fetched = (long *)malloc(sizeof(long) * T * (size_t)K);
  mode = 0;
  run("shmem_ctx_long_atomic_fetch_add on SHMEM_CTX_DEFAULT");
  mode = 1;
  run("shmem_ctx_long_atomic_fetch_add, one private context per thread");
  mode = 2;
  run("rocshmem_uint32_atomic_fetch_inc");
  free(fetched);
  rc = ft_finish();
  shmem_finalize();
  return rc;
}
