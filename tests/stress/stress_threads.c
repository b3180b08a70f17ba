/*
 * Threads x contexts under SHMEM_THREAD_MULTIPLE: every thread of every PE
 * has its own private context and, for a fixed time (stress.h), puts
 * random-length patterns into its own slot on random PEs, quiets its
 * context and reads the slot back, and adds to random counters.  At the
 * end the counters of all PEs must add up to exactly what all threads
 * added.  Slots are per (PE, thread), so a slot has one writer.
 */
#include <pthread.h>

#include "stress.h"

enum { THREADS = 4, SLOT = 2048, NCTR = 8 };

static char *slots;    /* [npes][THREADS][SLOT] */
static long *counters; /* [NCTR] */
static uint64_t seed;
static volatile int stop;

typedef struct {
  int id;
  long added, ops, fails;
} worker;

static void *work(void *arg) {
  worker *w = (worker *)arg;
  shmem_ctx_t ctx;
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) {
    w->fails = 1;
    fprintf(stderr, "PE %d thread %d: shmem_ctx_create failed\n", ft.me, w->id);
    return NULL;
  }
  st_rng r = st_stream(seed, (uint64_t)ft.me, (uint64_t)w->id);
  char buf[SLOT], back[SLOT];
  char *mine = slots + ((size_t)ft.me * THREADS + (size_t)w->id) * SLOT;
  for (int salt = 0; !__atomic_load_n(&stop, __ATOMIC_RELAXED); ++salt) {
    int t = (int)st_below(&r, (size_t)ft.npes);
    if (st_below(&r, 2)) {
      size_t len = 1 + st_below(&r, SLOT);
      ft_fill(buf, len, ft.me * THREADS + w->id, salt);
      shmem_ctx_putmem_nbi(ctx, mine, buf, len, t);
      shmem_ctx_quiet(ctx);
      shmem_ctx_getmem(ctx, back, mine, len, t);
      size_t at = ft_mismatch(back, len, ft.me * THREADS + w->id, salt);
      if (at != len && w->fails++ < 3)
        fprintf(stderr, "PE %d thread %d: %zu B put to PE %d read back wrong at byte %zu\n",
                ft.me, w->id, len, t, at);
    } else {
      long v = 1 + (long)st_below(&r, 10);
      (void)shmem_ctx_long_atomic_fetch_add(ctx, counters + st_below(&r, NCTR), v, t);
      w->added += v;
    }
    ++w->ops;
  }
  shmem_ctx_quiet(ctx);
  shmem_ctx_destroy(ctx);
  return NULL;
}

int main(void) {
  int provided = -1;
  shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
  ft_begin();
  seed = st_seed("stress_threads");
  if (provided != SHMEM_THREAD_MULTIPLE) {
    ft_skip("the library provides no SHMEM_THREAD_MULTIPLE", "threads x contexts");
    shmem_finalize();
    return ft_finish();
  }
  slots = (char *)shmem_malloc((size_t)ft.npes * THREADS * SLOT);
  counters = (long *)shmem_calloc(NCTR, sizeof(long));
  shmem_barrier_all();

  worker w[THREADS];
  pthread_t th[THREADS];
  for (int i = 0; i < THREADS; ++i) {
    w[i] = (worker){i, 0, 0, 0};
    pthread_create(&th[i], NULL, work, &w[i]);
  }
  /* PE 0's clock decides for everyone, as in the other stress programs. */
  const double start = st_now();
  while (st_keep_going(start)) usleep(20 * 1000);
  __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
  long added = 0, ops = 0;
  for (int i = 0; i < THREADS; ++i) {
    pthread_join(th[i], NULL);
    added += w[i].added;
    ops += w[i].ops;
    ft.fails += w[i].fails;
  }
  shmem_barrier_all();
  long held = 0;
  for (int i = 0; i < NCTR; ++i) held += counters[i];
  long all_added = ft_sum(added), all_held = ft_sum(held), all_ops = ft_sum(ops);
  FT_CHECK(all_added == all_held, "counters hold %ld in all, threads added %ld", all_held, all_added);
  ft_case("%d PEs x %d threads, a private context each, %.0f s: %ld operations, %ld added, all verified",
          ft.npes, THREADS, st_seconds(), all_ops, all_added);
  shmem_free(slots);
  shmem_free(counters);
  shmem_finalize();
  return ft_finish();
}
