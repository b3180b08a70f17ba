/* shmemx_pcntr_*: the progress counters count the puts, gets and AMOs this
 * PE issues on a context, and their completion.  Each case issues a known
 * number of operations to the right-hand neighbour and checks the change of
 * each counter: issued by exactly N at once, completed by exactly N after a
 * quiet, never more than issued, and the other counters unchanged.  Runs on
 * shared memory and over UCX (each PE its own node: puts really are in
 * flight until quiet there). */
#include <shmemx.h>

#include <pthread.h>

#include "../common/ftest.h"

enum { N = 7, LEN = 4 };

static long target[LEN * N];
static long source[LEN * N];
static long fetched[N];

struct counts {
  uint64_t iw, ir, cw, cr;
  shmemx_pcntr_t all;
};

static struct counts read_counts(shmem_ctx_t ctx) {
  struct counts c;
  shmemx_pcntr_get_issued_write(ctx, &c.iw);
  shmemx_pcntr_get_issued_read(ctx, &c.ir);
  shmemx_pcntr_get_completed_write(ctx, &c.cw);
  shmemx_pcntr_get_completed_read(ctx, &c.cr);
  shmemx_pcntr_get_all(ctx, &c.all);
  return c;
}

/* The counters of ctx moved by exactly (writes, reads) since `before`, all
 * of them complete (after a quiet). */
static void check_delta(shmem_ctx_t ctx, const struct counts *before, uint64_t writes,
                        uint64_t reads, const char *what) {
  struct counts a = read_counts(ctx);
  FT_CHECK(a.iw - before->iw == writes, "%s: issued writes +%llu, expected +%llu", what,
           (unsigned long long)(a.iw - before->iw), (unsigned long long)writes);
  FT_CHECK(a.ir - before->ir == reads, "%s: issued reads +%llu, expected +%llu", what,
           (unsigned long long)(a.ir - before->ir), (unsigned long long)reads);
  FT_CHECK(a.cw - before->cw == writes, "%s: completed writes +%llu after quiet, expected +%llu",
           what, (unsigned long long)(a.cw - before->cw), (unsigned long long)writes);
  FT_CHECK(a.cr - before->cr == reads, "%s: completed reads +%llu after quiet, expected +%llu",
           what, (unsigned long long)(a.cr - before->cr), (unsigned long long)reads);
  FT_CHECK(a.all.completed_put == a.cw && a.all.completed_get == a.cr,
           "%s: get_all completed %llu/%llu, the single getters %llu/%llu", what,
           (unsigned long long)a.all.completed_put, (unsigned long long)a.all.completed_get,
           (unsigned long long)a.cw, (unsigned long long)a.cr);
  FT_CHECK(a.all.pending_put == 0 && a.all.pending_get == 0,
           "%s: pending %llu puts, %llu gets after quiet", what,
           (unsigned long long)a.all.pending_put, (unsigned long long)a.all.pending_get);
}

/* Right after issuing, before any quiet: issued moved by exactly N, and
 * completed + pending = issued with completed never ahead. */
static void check_issued(shmem_ctx_t ctx, const struct counts *before, uint64_t writes,
                         uint64_t reads, const char *what) {
  struct counts a = read_counts(ctx);
  FT_CHECK(a.iw - before->iw == writes && a.ir - before->ir == reads,
           "%s: issued +%llu writes, +%llu reads before quiet, expected +%llu, +%llu", what,
           (unsigned long long)(a.iw - before->iw), (unsigned long long)(a.ir - before->ir),
           (unsigned long long)writes, (unsigned long long)reads);
  FT_CHECK(a.cw <= a.iw && a.cr <= a.ir, "%s: completed %llu/%llu ahead of issued %llu/%llu",
           what, (unsigned long long)a.cw, (unsigned long long)a.cr, (unsigned long long)a.iw,
           (unsigned long long)a.ir);
  FT_CHECK(a.all.completed_put + a.all.pending_put == a.iw &&
               a.all.completed_get + a.all.pending_get == a.ir,
           "%s: get_all completed + pending %llu/%llu, issued %llu/%llu", what,
           (unsigned long long)(a.all.completed_put + a.all.pending_put),
           (unsigned long long)(a.all.completed_get + a.all.pending_get),
           (unsigned long long)a.iw, (unsigned long long)a.ir);
}

/* Whether pe is on another (emulated) node, reached through UCX: each PE
 * is its own node in the -ucx1 runs (tests/mpirun_test.sh). */
static int remote_node(int pe) {
  const char *s = getenv("ROCSHMEM_PES_PER_NODE");
  return s && atoi(s) == 1 && pe != ft.me;
}

static void run(shmem_ctx_t ctx, const char *name) {
  int right = (ft.me + 1) % ft.npes;
  struct counts b, other;
  shmem_ctx_t unrelated = ctx == SHMEM_CTX_DEFAULT ? SHMEM_CTX_INVALID : SHMEM_CTX_DEFAULT;

  shmem_barrier_all();
  b = read_counts(ctx);
  if (unrelated != SHMEM_CTX_INVALID) other = read_counts(unrelated);
  for (int i = 0; i < N; i++) shmem_ctx_long_put(ctx, target + i * LEN, source, LEN, right);
  check_issued(ctx, &b, N, 0, "long_put");
  if (remote_node(right)) {
    /* Over the network a put is only known complete at quiet. */
    struct counts a = read_counts(ctx);
    FT_CHECK(a.cw == b.cw && a.all.pending_put == N,
             "puts over the network: completed +%llu, pending %llu before quiet (expected 0, %d)",
             (unsigned long long)(a.cw - b.cw), (unsigned long long)a.all.pending_put, N);
  }
  shmem_ctx_quiet(ctx);
  check_delta(ctx, &b, N, 0, "long_put");
  if (unrelated != SHMEM_CTX_INVALID) check_delta(unrelated, &other, 0, 0, "another context");
  ft_case("%s: %d shmem_ctx_long_put: issued and (after quiet) completed writes +%d", name, N, N);

  b = read_counts(ctx);
  for (int i = 0; i < N; i++) shmem_ctx_putmem_nbi(ctx, target + i * LEN, source, 8, right);
  for (int i = 0; i < N; i++) shmem_ctx_long_p(ctx, target + i, i, right);
  shmem_ctx_long_iput(ctx, target, source, 2, 1, LEN, right); /* one call */
  check_issued(ctx, &b, 2 * N + 1, 0, "putmem_nbi/p/iput");
  shmem_ctx_quiet(ctx);
  check_delta(ctx, &b, 2 * N + 1, 0, "putmem_nbi/p/iput");
  ft_case("%s: putmem_nbi, p and iput count one write per call", name);

  b = read_counts(ctx);
  for (int i = 0; i < N; i++) shmem_ctx_long_get(ctx, source, target + i * LEN, LEN, right);
  for (int i = 0; i < N; i++) shmem_ctx_getmem_nbi(ctx, source, target, 8, right);
  check_issued(ctx, &b, 0, 2 * N, "long_get/getmem_nbi");
  shmem_ctx_quiet(ctx);
  check_delta(ctx, &b, 0, 2 * N, "long_get/getmem_nbi");
  ft_case("%s: %d long_get + %d getmem_nbi: reads +%d", name, N, N, 2 * N);

  b = read_counts(ctx);
  shmem_ctx_long_ibput(ctx, target, source, LEN, 2, 1, 2, right); /* one call each */
  shmem_ctx_long_ibget(ctx, source, target, 2, LEN, 1, 2, right);
  check_issued(ctx, &b, 1, 1, "ibput/ibget");
  shmem_ctx_quiet(ctx);
  check_delta(ctx, &b, 1, 1, "ibput/ibget");
  ft_case("%s: ibput and ibget count one write and one read per call", name);

  shmem_barrier_all(); /* the peers' gets of target are done before the AMOs */
  b = read_counts(ctx);
  for (int i = 0; i < N; i++) shmem_ctx_long_atomic_add(ctx, target, 1, right);
  for (int i = 0; i < N; i++) shmem_ctx_long_atomic_set(ctx, target + 1, i, right);
  for (int i = 0; i < N; i++) fetched[i] = shmem_ctx_long_atomic_fetch_inc(ctx, target + 2, right);
  for (int i = 0; i < N; i++) shmem_ctx_long_atomic_fetch_nbi(ctx, fetched + i, target, right);
  check_issued(ctx, &b, 2 * N, 2 * N, "AMOs");
  shmem_ctx_quiet(ctx);
  check_delta(ctx, &b, 2 * N, 2 * N, "AMOs");
  ft_case("%s: non-fetching AMOs (add, set) count as writes, fetching ones (fetch_inc, "
          "fetch_nbi) as reads", name);

  b = read_counts(ctx);
  shmem_ctx_long_put(ctx, target, source, 0, right);
  shmem_ctx_getmem(ctx, source, target, 0, right);
  check_delta(ctx, &b, 0, 0, "zero-length put and get");
  ft_case("%s: zero-length put and get count nothing", name);
  shmem_barrier_all();
}

/* SHMEM_THREAD_MULTIPLE: threads share the default context, whose counters
 * must then lose no increment (they become atomic adds). */
enum { THREADS = 4 };
static long thread_target[THREADS];
static int per_thread;

static void *put_many(void *arg) {
  int t = (int)(intptr_t)arg, right = (ft.me + 1) % ft.npes;
  for (int i = 0; i < per_thread; i++) {
    shmem_long_p(thread_target + t, i, right);
    (void)shmem_long_atomic_fetch(thread_target + t, right);
  }
  return NULL;
}

static void test_threads(int provided) {
  FT_CHECK(provided == SHMEM_THREAD_MULTIPLE, "shmem_init_thread provided %d", provided);
  per_thread = provided == SHMEM_THREAD_MULTIPLE ? ft_iters(20000, 500) : 0;
  shmem_barrier_all();
  struct counts b = read_counts(SHMEM_CTX_DEFAULT);
  pthread_t th[THREADS];
  for (int t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, put_many, (void *)(intptr_t)t);
  for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
  shmem_quiet();
  check_delta(SHMEM_CTX_DEFAULT, &b, (uint64_t)THREADS * per_thread,
              (uint64_t)THREADS * per_thread, "threads on the default context");
  ft_case("THREAD_MULTIPLE: %d threads x %d p + %d fetch on the default context: no count lost",
          THREADS, per_thread, per_thread);
  shmem_barrier_all();
}

int main(void) {
  int provided = -1;
  shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
  ft_begin();
  for (int i = 0; i < LEN * N; i++) source[i] = i;

  run(SHMEM_CTX_DEFAULT, "default context");
  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(rc == 0, "shmem_ctx_create: %d", rc);
  if (rc == 0) {
    struct counts fresh = read_counts(ctx);
    FT_CHECK(fresh.iw == 0 && fresh.ir == 0 && fresh.cw == 0 && fresh.cr == 0,
             "a new context starts at %llu/%llu/%llu/%llu", (unsigned long long)fresh.iw,
             (unsigned long long)fresh.ir, (unsigned long long)fresh.cw,
             (unsigned long long)fresh.cr);
    ft_case("a new private context starts at zero");
    run(ctx, "private context");
    shmem_ctx_destroy(ctx);
  }

  test_threads(provided);

  uint64_t target_count = 1;
  shmemx_pcntr_get_completed_target(&target_count);
  FT_CHECK(target_count == 0, "completed_target = %llu", (unsigned long long)target_count);
  ft_case("shmemx_pcntr_get_completed_target stores 0 (not tracked, as documented)");

  /* The field has Sandia OpenSHMEM's name, target; completed_target, its
   * earlier name here, is the same storage. */
  shmemx_pcntr_t all;
  memset(&all, 0xff, sizeof all);
  shmemx_pcntr_get_all(SHMEM_CTX_DEFAULT, &all);
  FT_CHECK(all.target == 0 && all.completed_target == 0 &&
               &all.target == &all.completed_target,
           "get_all: target = %llu, completed_target = %llu", (unsigned long long)all.target,
           (unsigned long long)all.completed_target);
  FT_CHECK(sizeof all == 5 * sizeof(uint64_t), "shmemx_pcntr_t is %zu bytes, Sandia's is 40",
           sizeof all);
  ft_case("shmemx_pcntr_get_all stores 0 in target, also named completed_target");

  int status = ft_finish();
  shmem_finalize();
  return status;
}
