/*
 * Random RMA, atomics, signals and collectives on every PE for a fixed time
 * (stress.h), every result verified.  Each round's kind and shape come from
 * the job's seed, the same on every PE; what each PE does within a round
 * comes from its own stream (seed, round, PE), which any other PE can
 * replay, so a target knows exactly what it must have received without
 * asking.  Runs on 8 PEs on a 2-core machine in `make check`.
 */
#include "stress.h"

enum { SLOT = 4096, NCTR = 16, MAXN = 512, KINDS = 4 };
enum { RMA, AMO, COLL, SIGNAL };

static char *slots;        /* [npes][SLOT]: slot s is written by PE s */
static long *counters;     /* [NCTR], updated atomically by everyone */
static long *src, *dst;    /* collective buffers, MAXN * npes longs each */
static uint64_t *sig;      /* put_signal's counter */
static long expect_ctr[NCTR];
static uint64_t expect_sig;

/* ---- RMA: each PE writes a random-length pattern into its slot on PE
 * me+shift, by a random method, and reads it back with a get. */
static size_t rma_len(st_rng *m, int *method) {
  *method = (int)st_below(m, 4);
  size_t len = 1 + st_below(m, SLOT);
  return *method == 2 ? (len + 7) / 8 * 8 : *method == 3 ? 1 + len % 64 : len;
}
static void rma_round(uint64_t seed, int round, int shift) {
  const int n = ft.npes, me = ft.me, t = (me + shift) % n, from = (me - shift + n) % n;
  static char buf[SLOT], back[SLOT];
  st_rng m = st_stream(seed, (uint64_t)round, (uint64_t)me);
  int method;
  size_t len = rma_len(&m, &method);
  char *d = slots + (size_t)me * SLOT;
  ft_fill(buf, len, me, round);
  switch (method) {
    case 0: shmem_putmem(d, buf, len, t); break;
    case 1: shmem_putmem_nbi(d, buf, len, t); shmem_quiet(); break;
    case 2: shmem_long_put((long *)d, (const long *)buf, len / 8, t); break;
    default: for (size_t i = 0; i < len; ++i) shmem_char_p(d + i, buf[i], t); break;
  }
  shmem_getmem(back, d, len, t);
  size_t bad = ft_mismatch(back, len, me, round);
  FT_CHECK(bad == len, "round %d: get of %zu B from PE %d (method %d) differs at byte %zu",
           round, len, t, method, bad);
  shmem_barrier_all();
  st_rng theirs = st_stream(seed, (uint64_t)round, (uint64_t)from);
  len = rma_len(&theirs, &method);
  bad = ft_mismatch(slots + (size_t)from * SLOT, len, from, round);
  FT_CHECK(bad == len, "round %d: %zu B put by PE %d (method %d) differ at byte %zu",
           round, len, from, method, bad);
}

/* ---- atomics: random ops on random counters of random PEs; each PE
 * replays everyone's stream to know what its counters must hold. */
static int amo_ops(st_rng *m) { return 1 + (int)st_below(m, 64); }
static void amo_op(st_rng *m, int *t, int *idx, long *v, int *op) {
  *t = (int)st_below(m, (size_t)ft.npes);
  *idx = (int)st_below(m, NCTR);
  *op = (int)st_below(m, 4);
  *v = *op >= 2 ? 1 : 1 + (long)st_below(m, 100);
}
static void amo_round(uint64_t seed, int round) {
  st_rng m = st_stream(seed, (uint64_t)round, (uint64_t)ft.me);
  for (int k = amo_ops(&m); k > 0; --k) {
    int t, idx, op;
    long v;
    amo_op(&m, &t, &idx, &v, &op);
    long old = 0;
    switch (op) {
      case 0: shmem_long_atomic_add(counters + idx, v, t); break;
      case 1: old = shmem_long_atomic_fetch_add(counters + idx, v, t); break;
      case 2: shmem_long_atomic_inc(counters + idx, t); break;
      default: old = shmem_long_atomic_fetch_inc(counters + idx, t); break;
    }
    FT_CHECK(old >= 0, "round %d: fetched %ld from a counter that only grows", round, old);
  }
  for (int s = 0; s < ft.npes; ++s) {
    st_rng r = st_stream(seed, (uint64_t)round, (uint64_t)s);
    for (int k = amo_ops(&r); k > 0; --k) {
      int t, idx, op;
      long v;
      amo_op(&r, &t, &idx, &v, &op);
      if (t == ft.me) expect_ctr[idx] += v;
    }
  }
  shmem_barrier_all();
  for (int i = 0; i < NCTR; ++i)
    FT_CHECK(counters[i] == expect_ctr[i], "round %d: counter %d = %ld, expected %ld", round, i,
             counters[i], expect_ctr[i]);
}

/* ---- collectives on the world team, shape from the shared stream. */
static void coll_round(st_rng *shared, int round) {
  const int n = ft.npes, me = ft.me, root = (int)st_below(shared, (size_t)n);
  const size_t ne = 1 + st_below(shared, MAXN);
  const int op = (int)st_below(shared, 4);
  for (size_t i = 0; i < ne * (size_t)n; ++i) src[i] = ft_val(me, i, round);
  switch (op) {
    case 0:
      shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, ne, root);
      for (size_t i = 0; i < ne; ++i)
        FT_CHECK(dst[i] == ft_val(root, i, round), "round %d: broadcast of %zu from %d: [%zu] = %ld",
                 round, ne, root, i, dst[i]);
      break;
    case 1:
      shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, ne);
      for (int s = 0; s < n; ++s)
        for (size_t i = 0; i < ne; ++i)
          FT_CHECK(dst[(size_t)s * ne + i] == ft_val(s, i, round),
                   "round %d: fcollect of %zu: PE %d's [%zu] wrong", round, ne, s, i);
      break;
    case 2:
      shmem_long_alltoall(SHMEM_TEAM_WORLD, dst, src, ne);
      for (int s = 0; s < n; ++s)
        for (size_t i = 0; i < ne; ++i)
          FT_CHECK(dst[(size_t)s * ne + i] == ft_val(s, (size_t)me * ne + i, round),
                   "round %d: alltoall of %zu: block from PE %d [%zu] wrong", round, ne, s, i);
      break;
    default:
      shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, ne);
      for (size_t i = 0; i < ne; ++i) {
        long want = 0;
        for (int s = 0; s < n; ++s) want += ft_val(s, i, round);
        FT_CHECK(dst[i] == want, "round %d: sum_reduce of %zu: [%zu] = %ld, expected %ld", round,
                 ne, i, dst[i], want);
      }
      break;
  }
  shmem_barrier_all(); /* src/dst are reused by the next round */
}

/* ---- put_signal around the ring: the data must be there with the signal. */
static void signal_round(uint64_t seed, int round) {
  const int n = ft.npes, me = ft.me, t = (me + 1) % n, from = (me - 1 + n) % n;
  static char buf[SLOT];
  st_rng m = st_stream(seed, (uint64_t)round, (uint64_t)me);
  size_t len = 1 + st_below(&m, SLOT);
  ft_fill(buf, len, me, round);
  shmem_putmem_signal(slots + (size_t)me * SLOT, buf, len, sig, 1, SHMEM_SIGNAL_ADD, t);
  expect_sig += 1;
  shmem_signal_wait_until(sig, SHMEM_CMP_GE, expect_sig);
  st_rng theirs = st_stream(seed, (uint64_t)round, (uint64_t)from);
  len = 1 + st_below(&theirs, SLOT);
  size_t bad = ft_mismatch(slots + (size_t)from * SLOT, len, from, round);
  FT_CHECK(bad == len, "round %d: signalled %zu B from PE %d differ at byte %zu", round, len,
           from, bad);
  shmem_barrier_all();
}

int main(void) {
  shmem_init();
  ft_begin();
  const uint64_t seed = st_seed("stress_mix");
  const size_t n = (size_t)ft.npes;
  slots = (char *)shmem_malloc(n * SLOT);
  counters = (long *)shmem_calloc(NCTR, sizeof(long));
  src = (long *)shmem_malloc(MAXN * n * sizeof(long));
  dst = (long *)shmem_malloc(MAXN * n * sizeof(long));
  sig = (uint64_t *)shmem_calloc(1, sizeof(uint64_t));
  shmem_barrier_all();

  int count[KINDS] = {0}, rounds = 0;
  const double start = st_now();
  while (st_keep_going(start)) {
    st_rng shared = st_stream(seed, (uint64_t)rounds, 0xffffffffu);
    int kind = (int)st_below(&shared, KINDS);
    switch (kind) {
      case RMA: rma_round(seed, rounds, ft.npes > 1 ? 1 + (int)st_below(&shared, n - 1) : 0); break;
      case AMO: amo_round(seed, rounds); break;
      case COLL: coll_round(&shared, rounds); break;
      default: signal_round(seed, rounds); break;
    }
    ++count[kind];
    ++rounds;
    if (ft_sum(ft.fails)) break; /* every PE stops at the same round */
  }
  ft_case("%d PEs, %.0f s: %d rounds verified (rma %d, amo %d, coll %d, signal %d)", ft.npes,
          st_seconds(), rounds, count[RMA], count[AMO], count[COLL], count[SIGNAL]);
  shmem_free(slots);
  shmem_free(counters);
  shmem_free(src);
  shmem_free(dst);
  shmem_free(sig);
  shmem_finalize();
  return ft_finish();
}
