/*
 * Atomicity under contention: every PE hammers the same locations at once,
 * and the results must be exact.
 *
 *  - every standard-table entry (both prefixes, plain and context forms) and
 *    the 1.x names: K fetch_inc, fetch_add, inc and add per PE on PE 0's
 *    counter and on a static counter of the next PE; exact totals, and the
 *    values fetched by fetch_inc/fetch_add over all PEs are all distinct
 *    (each PE saw a different old value);
 *  - every extended-table entry: K swaps per PE of distinct values into one
 *    word; the fetched values plus the final value are exactly the initial
 *    value plus every value swapped in (nothing lost, nothing duplicated);
 *  - every bitwise-table entry: each PE sets, toggles and clears its own bit
 *    of one shared word; the fetched values never show a bit that only
 *    another PE could have changed, and the final word is exact;
 *  - a compare_swap retry loop as a lock-free counter, for every standard
 *    entry: exactly N * K successful swaps;
 *  - a lock-free Treiber stack (compare_swap on a tagged head on PE 0, nodes
 *    in every PE's heap): concurrent pushes then concurrent pops, then mixed
 *    pushes and pops; every node is popped exactly once.
 */
#include "../common/amo_ops.h"

static long double static_counter[2];
static long double *heap_counter;
static int K; /* operations per PE per phase */

static int cmp_ld(const void *a, const void *b) {
  ft_v x = *(const ft_v *)a, y = *(const ft_v *)b;
  return x < y ? -1 : x > y;
}

/* Gathers every PE's n values into all[n * npes] (MPI, not rocshmem). */
static void gather_values(const ft_v *mine, int n, ft_v *all) {
  MPI_Allgather(mine, n * (int)sizeof(ft_v), MPI_BYTE, all, n * (int)sizeof(ft_v), MPI_BYTE,
                MPI_COMM_WORLD);
}

/* The fetched values of one phase, over all PEs, must be exactly
 * base, base + step, ... (one per operation). */
static void check_distinct(const ft_amo_ops *o, const char *what, const ft_v *mine, int n,
                           ft_v base, ft_v step) {
  const int total = n * ft.npes;
  ft_v *all = (ft_v *)malloc(sizeof(ft_v) * (size_t)total);
  gather_values(mine, n, all);
  if (ft.me == 0) {
    qsort(all, (size_t)total, sizeof(ft_v), cmp_ld);
    for (int i = 0; i < total; ++i)
      if (all[i] != base + step * i) {
        FT_CHECK(0, "%s %s: fetched values are not distinct: sorted value %d is %.1Lf, "
                 "expected %.1Lf", o->name, what, i, all[i], base + step * i);
        break;
      }
  }
  free(all);
}

/* ---- standard table: fetch_inc, fetch_add, inc, add on one counter.
 * PE 0's heap counter takes every PE's operations: the values fetched over
 * all PEs must be distinct.  The next PE's static counter takes only mine:
 * I must fetch exactly 0, 1, 2 ... in order. */
static void counters(const ft_amo_ops *o) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n;
  ft_v *fetched = (ft_v *)malloc(sizeof(ft_v) * (size_t)K);
  void *targets[2] = {heap_counter, static_counter};
  const int target_pe[2] = {0, right}, users[2] = {n, 1};
  const char *names[2] = {"PE 0's heap counter", "the next PE's static counter"};
  for (int t = 0; t < 2; ++t) {
    void *c = targets[t];
    o->store(c, 0);
    shmem_barrier_all();
    for (int k = 0; k < K; ++k) fetched[k] = o->op[FT_FINC](c, 0, 0, target_pe[t]);
    shmem_barrier_all();
    if (t == 0) check_distinct(o, "fetch_inc", fetched, K, 0, 1);
    for (int k = 0; t == 1 && k < K; ++k)
      FT_CHECK(fetched[k] == k, "%s fetch_inc %d on %s fetched %.0Lf", o->name, k, names[t],
               fetched[k]);
    for (int k = 0; k < K; ++k) fetched[k] = o->op[FT_FADD](c, 2, 0, target_pe[t]);
    shmem_barrier_all();
    if (t == 0) check_distinct(o, "fetch_add", fetched, K, (ft_v)n * K, 2);
    for (int k = 0; t == 1 && k < K; ++k)
      FT_CHECK(fetched[k] == K + 2 * k, "%s fetch_add %d on %s fetched %.0Lf", o->name, k,
               names[t], fetched[k]);
    for (int k = 0; k < K; ++k) o->op[FT_INC](c, 0, 0, target_pe[t]);
    for (int k = 0; k < K; ++k) o->op[FT_ADD](c, 3, 0, target_pe[t]);
    shmem_barrier_all();
    if (t == 1 || me == 0) {
      ft_v expect = (ft_v)users[t] * K * (1 + 2 + 1 + 3), got = o->load(c);
      FT_CHECK(got == expect, "%s: %s holds %.0Lf after %d PE(s)' operations, expected %.0Lf",
               o->name, names[t], got, users[t], expect);
    }
    shmem_barrier_all();
  }
  free(fetched);
}

/* ---- compare_swap retry loop: a lock-free counter on PE 0 */
static void cswap_counter(const ft_amo_ops *o) {
  void *c = heap_counter;
  o->store(c, 0);
  shmem_barrier_all();
  long retries = 0;
  for (int k = 0; k < K; ++k) {
    ft_v seen = 0; /* a guess: a miss fetches the current value */
    for (;;) {
      ft_v old = o->op[FT_CSWAP](c, seen, seen + 1, 0);
      if (old == seen) break;
      seen = old;
      ++retries;
    }
  }
  shmem_barrier_all();
  if (ft.me == 0) {
    ft_v got = o->load(c);
    FT_CHECK(got == (ft_v)ft.npes * K, "%s: compare_swap counter holds %.0Lf, expected %d",
             o->name, got, ft.npes * K);
  }
  shmem_barrier_all();
}

/* ---- extended table: swap chains */
static void swap_chain(const ft_amo_ops *o) {
  const int me = ft.me, n = ft.npes;
  ft_v *fetched = (ft_v *)malloc(sizeof(ft_v) * (size_t)(K + 1));
  void *w = heap_counter;
  o->store(w, 0);
  shmem_barrier_all();
  /* PE p swaps in 1 + p*K + k: every value distinct, all exact in float */
  for (int k = 0; k < K; ++k) fetched[k] = o->op[FT_SWAP](w, (ft_v)(1 + me * K + k), 0, 0);
  shmem_barrier_all();
  /* The last value swapped in stays: count it as fetched by PE 0 (the other
   * PEs add a value that cannot occur, so every PE gathers K + 1 values). */
  fetched[K] = me == 0 ? o->op[FT_FETCH](w, 0, 0, 0) : (ft_v)(-1 - me);
  const int total = (K + 1) * n;
  ft_v *all = (ft_v *)malloc(sizeof(ft_v) * (size_t)total);
  gather_values(fetched, K + 1, all);
  if (me == 0) {
    qsort(all, (size_t)total, sizeof(ft_v), cmp_ld);
    /* n-1 markers -n..-2 (PEs 1..n-1), then 0 .. n*K exactly once each */
    int at = n - 1;
    for (int i = 0; i <= n * K; ++i, ++at)
      if (all[at] != (ft_v)i) {
        FT_CHECK(0, "%s swap chain: value %d lost or duplicated (sorted slot %d holds %.1Lf)",
                 o->name, i, at, all[at]);
        break;
      }
  }
  shmem_barrier_all();
  free(all);
  free(fetched);
}

/* ---- bitwise table: own bits of one shared word */
static void own_bits(const ft_amo_ops *o) {
  const int me = ft.me, n = ft.npes;
  const int bits = (int)o->size * 8 - 2; /* below the sign bit */
  void *w = heap_counter;
  unsigned long long mine = 1ull << (me % bits), all_bits = 0;
  for (int p = 0; p < n; ++p) all_bits |= 1ull << (p % bits);
  o->store(w, 0);
  shmem_barrier_all();
  /* fetch_or: nobody else sets my bit; then K fetch_xor toggles, each
   * fetching my bit as I left it */
  unsigned long long old = (unsigned long long)o->op[FT_FOR](w, (ft_v)mine, 0, 0);
  FT_CHECK(!(old & mine), "%s fetch_or: my bit was already set (0x%llx)", o->name, old);
  for (int k = 0; k < K; ++k) {
    old = (unsigned long long)o->op[FT_FXOR](w, (ft_v)mine, 0, 0);
    FT_CHECK(((old & mine) != 0) == (k % 2 == 0), "%s fetch_xor %d: my bit is %s", o->name, k,
             (old & mine) ? "set" : "clear");
  }
  shmem_barrier_all();
  unsigned long long expect = (K % 2 == 0) ? all_bits : 0;
  unsigned long long now = (unsigned long long)o->op[FT_FOR](w, 0, 0, 0);
  FT_CHECK(now == expect, "%s: word is 0x%llx after fetch_or/fetch_xor, expected 0x%llx",
           o->name, now, expect);
  shmem_barrier_all();
  /* the non-fetching forms: or sets my bit, K + 1 xors clear it iff K is even */
  o->op[FT_OR](w, (ft_v)mine, 0, 0);
  for (int k = 0; k <= K; ++k) o->op[FT_XOR](w, (ft_v)mine, 0, 0);
  shmem_barrier_all();
  expect = (K % 2 == 0) ? 0 : all_bits;
  now = (unsigned long long)o->op[FT_FOR](w, 0, 0, 0);
  FT_CHECK(now == expect, "%s: word is 0x%llx after or/xor, expected 0x%llx", o->name, now,
           expect);
  shmem_barrier_all();
  /* and: every PE clears its bit of an all-ones word */
  unsigned long long ones = o->size == 8 ? 0x3FFFFFFFFFFFFFFFull : 0x3FFFFFFFull;
  if (me == 0) o->store(w, (ft_v)ones);
  shmem_barrier_all();
  old = (unsigned long long)o->op[FT_FAND](w, (ft_v)(ones & ~mine), 0, 0);
  FT_CHECK(old & mine, "%s fetch_and: my bit was cleared by someone else (0x%llx)", o->name, old);
  shmem_barrier_all();
  now = (unsigned long long)o->op[FT_FOR](w, 0, 0, 0);
  FT_CHECK(now == (ones & ~all_bits), "%s: word is 0x%llx after and, expected 0x%llx", o->name,
           now, ones & ~all_bits);
  shmem_barrier_all();
}

/* ---- Treiber stack: head on PE 0 = tag << 32 | (pe + 1) << 16 | index;
 * 0 is the empty stack; node (pe, i) lives in PE pe's nodes[i]. */
typedef struct {
  long next; /* encoded like the head (tag ignored), 0 at the bottom */
  long value;
} node_t;
static long stack_head;
static node_t *nodes;
enum { MAX_NODES = 256 };

static long encode(int pe, int i, long tag) { return tag << 32 | (long)(pe + 1) << 16 | i; }
static int node_pe(long e) { return (int)((e >> 16) & 0xFFFF) - 1; }
static int node_index(long e) { return (int)(e & 0xFFFF); }

static void push(int i) {
  long head = shmem_long_atomic_fetch(&stack_head, 0);
  for (;;) {
    /* my node's next is read by poppers on other PEs: atomic set */
    shmem_long_atomic_set(&nodes[i].next, head & 0xFFFFFFFFL, ft.me);
    long tag = (head >> 32) + 1;
    long seen = shmem_long_atomic_compare_swap(&stack_head, head, encode(ft.me, i, tag), 0);
    if (seen == head) return;
    head = seen;
  }
}

/* Returns the popped node's value, or -1 when empty. */
static long pop(void) {
  long head = shmem_long_atomic_fetch(&stack_head, 0);
  for (;;) {
    if ((head & 0xFFFFFFFFL) == 0) return -1;
    int pe = node_pe(head), i = node_index(head);
    long next = shmem_long_atomic_fetch(&nodes[i].next, pe);
    long value = shmem_long_atomic_fetch(&nodes[i].value, pe);
    long tag = (head >> 32) + 1;
    long seen = shmem_long_atomic_compare_swap(&stack_head, head, tag << 32 | next, 0);
    if (seen == head) return value;
    head = seen;
  }
}

static void treiber(int per_pe) {
  const int me = ft.me, n = ft.npes, total = per_pe * n;
  stack_head = 0;
  for (int i = 0; i < per_pe; ++i) {
    nodes[i].next = 0;
    nodes[i].value = (long)me * per_pe + i;
  }
  shmem_barrier_all();
  for (int i = 0; i < per_pe; ++i) push(i);
  shmem_barrier_all();
  /* every PE pops until empty */
  int *seen = (int *)calloc((size_t)total, sizeof(int)), *all = (int *)calloc((size_t)total, sizeof(int));
  long v;
  int popped = 0;
  while ((v = pop()) >= 0) {
    FT_CHECK(v < total, "popped a value %ld that was never pushed", v);
    if (v < total) ++seen[v];
    ++popped;
  }
  shmem_barrier_all();
  MPI_Allreduce(seen, all, total, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  for (int i = 0; i < total; ++i)
    FT_CHECK(all[i] == 1, "node value %d popped %d times", i, all[i]);
  ft_case("lock-free stack (shmem_long_atomic_compare_swap): %d PEs push %d nodes each at once, "
          "then pop at once: every node popped exactly once", n, per_pe);

  /* mixed: push my node i, pop something, push it back if it is mine... the
   * nodes popped are counted; at the end the stack is drained. */
  memset(seen, 0, sizeof(int) * (size_t)total);
  stack_head = 0;
  shmem_barrier_all();
  int pushed = 0;
  for (int i = 0; i < per_pe; ++i) {
    push(i);
    ++pushed;
    if (i % 2 == 1) {
      v = pop();
      FT_CHECK(v >= 0 && v < total, "pop after push found %ld", v);
      if (v >= 0 && v < total) ++seen[v];
    }
  }
  shmem_barrier_all();
  while ((v = pop()) >= 0)
    if (v < total) ++seen[v];
  shmem_barrier_all();
  MPI_Allreduce(seen, all, total, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  for (int i = 0; i < total; ++i)
    FT_CHECK(all[i] == 1, "node value %d popped %d times (mixed)", i, all[i]);
  ft_case("lock-free stack: interleaved pushes and pops on %d PEs, then a drain: every node "
          "popped exactly once", n);
  (void)popped;
  (void)pushed;
  free(seen);
  free(all);
}

int main(void) {
  shmem_init();
  ft_begin();
  K = ft_iters(200, 20);
  heap_counter = (long double *)shmem_align(16, 2 * sizeof(long double));
  nodes = (node_t *)shmem_malloc(MAX_NODES * sizeof(node_t));
  shmem_ctx_t ctx;
  int ctx_rc = shmem_ctx_create(0, &ctx);
  FT_CHECK(heap_counter && nodes && ctx_rc == 0, "setup failed");
  ft_case("setup: counters, stack nodes and a context");

  for (size_t k = 0; k < FT_N_AMO; ++k) {
    const ft_amo_ops *o = ft_all_amo[k];
    for (int use_ctx = 0; use_ctx <= o->has_ctx; ++use_ctx) {
      ft_amo_set_ctx(use_ctx ? ctx : SHMEM_CTX_DEFAULT, use_ctx);
      const char *form = use_ctx ? " (context form)" : "";
      if (o->op[FT_FINC] && o->op[FT_FADD] && o->op[FT_INC] && o->op[FT_ADD]) {
        counters(o);
        ft_case("%s fetch_inc/fetch_add/inc/add%s (%s): %d PEs x %d of each on PE 0's heap "
                "counter and the next PE's static counter: exact totals, distinct fetched "
                "values", o->name, form, o->table, ft.npes, K);
      }
      if (o->op[FT_CSWAP]) {
        cswap_counter(o);
        ft_case("%s compare_swap%s (%s): retry-loop counter, %d PEs x %d increments, exact",
                o->name, form, o->table, ft.npes, K);
      }
      if (o->op[FT_SWAP] && o->op[FT_FETCH]) {
        swap_chain(o);
        ft_case("%s swap%s (%s): %d PEs x %d swaps on one word: no value lost or duplicated",
                o->name, form, o->table, ft.npes, K);
      }
      if (o->op[FT_FOR]) {
        own_bits(o);
        ft_case("%s fetch_or/fetch_xor/or/xor/fetch_and%s (%s): %d PEs toggle their own bit of "
                "one word %d times: exact", o->name, form, o->table, ft.npes, K);
      }
    }
  }
  ft_amo_set_ctx(SHMEM_CTX_DEFAULT, 0);
  int per_pe = ft_iters(MAX_NODES, 32);
  treiber(per_pe);

  shmem_ctx_destroy(ctx);
  shmem_free(nodes);
  shmem_free(heap_counter);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
