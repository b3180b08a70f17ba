/*
 * Distributed locks (shmem_set_lock / shmem_test_lock / shmem_clear_lock
 * and the rocshmem_ names).
 *
 *  - mutual exclusion under contention: every PE K times takes the lock and
 *    does a NON-atomic read-modify-write (get, then put) of a counter on
 *    PE 0; clear_lock must complete the put, and no two PEs may be inside at
 *    once (an atomic occupancy count checks that too): the total is exact;
 *  - the same with the lock word in the heap and in static data, and with
 *    test_lock spinning instead of set_lock;
 *  - test_lock: returns 1 while another PE holds the lock, and 0 to exactly
 *    one of the PEs racing for a free lock;
 *  - two locks are independent.
 */
#include "../common/ftest.h"

static long lock_static;    /* .bss: a zero long is a free lock */
static long counter;        /* .bss, used on PE 0 */
static long occupancy;      /* .bss, used on PE 0 */
static long lock_b;         /* .bss */
static int K;

typedef struct {
  const char *name;
  void (*set)(long *);
  int (*test)(long *);
  void (*clear)(long *);
} lock_api;
static const lock_api apis[] = {
    {"shmem", shmem_set_lock, shmem_test_lock, shmem_clear_lock},
    {"rocshmem", rocshmem_set_lock, rocshmem_test_lock, rocshmem_clear_lock},
};

static void mutual_exclusion(const lock_api *a, long *lock, const char *where, int use_test) {
  counter = 0;
  occupancy = 0;
  shmem_barrier_all();
  for (int k = 0; k < K; ++k) {
    if (use_test) {
      while (a->test(lock) != 0) {
      }
    } else {
      a->set(lock);
    }
    long inside = shmem_long_atomic_fetch_inc(&occupancy, 0);
    FT_CHECK(inside == 0, "%s lock (%s): %ld other PE(s) inside the critical section", a->name,
             where, inside);
    long v = shmem_long_g(&counter, 0);
    if (k % 8 == 0) sched_yield(); /* widen the window */
    shmem_long_p(&counter, v + 1, 0);
    shmem_long_atomic_add(&occupancy, -1, 0);
    a->clear(lock);
  }
  shmem_barrier_all();
  if (ft.me == 0)
    FT_CHECK(counter == (long)ft.npes * K, "counter is %ld, expected %ld (lost updates)", counter,
             (long)ft.npes * K);
  shmem_barrier_all();
  ft_case("%s_%s_lock (%s lock word): %d PEs x %d non-atomic increments of a counter on PE 0 "
          "under the lock: exact, one PE inside at a time", a->name, use_test ? "test" : "set",
          where, ft.npes, K);
}

static void test_lock_semantics(const lock_api *a, long *lock) {
  const int me = ft.me, n = ft.npes;
  shmem_barrier_all();
  if (me == 0) a->set(lock);
  shmem_barrier_all();
  if (me != 0) FT_CHECK(a->test(lock) == 1, "test_lock on a lock held by PE 0 returned 0");
  /* the second lock is independent */
  if (me == n - 1) {
    FT_CHECK(a->test(&lock_b) == 0, "test_lock on a free second lock failed");
    a->clear(&lock_b);
  }
  shmem_barrier_all();
  if (me == 0) a->clear(lock);
  shmem_barrier_all();
  /* every PE races for the free lock once: exactly one wins */
  long won = a->test(lock) == 0;
  long winners = ft_sum(won);
  FT_CHECK(winners == 1, "%ld PEs acquired the lock with test_lock at once", winners);
  if (won) a->clear(lock);
  shmem_barrier_all();
  /* and after that it is free again */
  if (me == n - 1) {
    FT_CHECK(a->test(lock) == 0, "the lock is not free after clear_lock");
    a->clear(lock);
  }
  shmem_barrier_all();
  ft_case("%s_test_lock: 1 while another PE holds the lock, 0 for exactly one of %d racing PEs, "
          "free again after clear_lock; a second lock is independent", a->name, n);
}

int main(void) {
  shmem_init();
  ft_begin();
  K = ft_iters(300, 20);
  long *lock_heap = (long *)shmem_calloc(1, sizeof(long));
  for (size_t i = 0; i < sizeof apis / sizeof apis[0]; ++i) {
    mutual_exclusion(&apis[i], lock_heap, "heap", 0);
    mutual_exclusion(&apis[i], &lock_static, "static", 0);
    mutual_exclusion(&apis[i], &lock_static, "static", 1);
    test_lock_semantics(&apis[i], lock_heap);
  }
  shmem_free(lock_heap);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
