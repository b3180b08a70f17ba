/* The OpenSHMEM 1.6 routines under their standard names (<shmem.h>), each
 * checked by what it does: ibput/ibget (every typed and sized form, plain,
 * private and team contexts), signal_add/set (and ctx forms), pe_quiet
 * completing put_nbi, team_ptr on WORLD and a stride-2 team, the sum scans
 * (integer, real, long double, complex; in place; a stride-2 team), the
 * communication sessions (incl. SHMEM_CTX_INVALID), query_initialized, and
 * nested initialization: several init calls, the library usable until the
 * matching number of finalize calls, a re-init after the last. */
#include <complex.h>

#include "../common/ftest.h"

/* ------------------------------------------------------------ ibput/ibget */
enum { NB = 5, BS = 3, SST = 4, DST = 6, SPAN = NB * DST, SRC_N = NB * SST, MAX_ES = 16 };
enum { SENTINEL_BYTE = 0xee };

typedef void (*blocked_fn)(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
struct blocked_family {
  const char *name;
  size_t es;
  blocked_fn put, get;
};

/* The plain routine for SHMEM_CTX_DEFAULT, the ctx_ one otherwise, so that
 * both are called. */
#define V16_BLOCKED(KEY, T)                                                                     \
  static void put_##KEY(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst,    \
                        size_t b, size_t n, int pe) {                                           \
    if (c == SHMEM_CTX_DEFAULT)                                                                 \
      shmem_##KEY##_ibput((T *)d, (const T *)s, dst, sst, b, n, pe);                           \
    else                                                                                        \
      shmem_ctx_##KEY##_ibput(c, (T *)d, (const T *)s, dst, sst, b, n, pe);                    \
  }                                                                                             \
  static void get_##KEY(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst,    \
                        size_t b, size_t n, int pe) {                                           \
    if (c == SHMEM_CTX_DEFAULT)                                                                 \
      shmem_##KEY##_ibget((T *)d, (const T *)s, dst, sst, b, n, pe);                           \
    else                                                                                        \
      shmem_ctx_##KEY##_ibget(c, (T *)d, (const T *)s, dst, sst, b, n, pe);                    \
  }
SHMEM_RMA_TYPES(V16_BLOCKED)
#define V16_BLOCKED_SIZED(BITS)                                                                 \
  static void put_##BITS(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst,   \
                         size_t b, size_t n, int pe) {                                          \
    if (c == SHMEM_CTX_DEFAULT)                                                                 \
      shmem_ibput##BITS(d, s, dst, sst, b, n, pe);                                              \
    else                                                                                        \
      shmem_ctx_ibput##BITS(c, d, s, dst, sst, b, n, pe);                                       \
  }                                                                                             \
  static void get_##BITS(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst,   \
                         size_t b, size_t n, int pe) {                                          \
    if (c == SHMEM_CTX_DEFAULT)                                                                 \
      shmem_ibget##BITS(d, s, dst, sst, b, n, pe);                                              \
    else                                                                                        \
      shmem_ctx_ibget##BITS(c, d, s, dst, sst, b, n, pe);                                       \
  }
SHMEM_RMA_SIZES(V16_BLOCKED_SIZED)

#define V16_TYPED_ENTRY(KEY, T) {#KEY, sizeof(T), put_##KEY, get_##KEY},
#define V16_SIZED_ENTRY(BITS) {"size " #BITS, BITS / 8, put_##BITS, get_##BITS},
static const struct blocked_family typed_families[] = {SHMEM_RMA_TYPES(V16_TYPED_ENTRY)};
static const struct blocked_family sized_families[] = {SHMEM_RMA_SIZES(V16_SIZED_ENTRY)};

static unsigned char *sym_src, *sym_dst; /* SRC_N and SPAN elements of MAX_ES bytes */
static unsigned char loc_src[SRC_N * MAX_ES], loc_dst[SPAN * MAX_ES];

/* Byte x of element j of block b in dest came from element b * SST + j of
 * `from`'s source for j < BS; the gaps (BS <= j < DST) are untouched. */
static void check_blocked(const unsigned char *d, size_t es, int from, int salt, const char *what,
                          const char *name) {
  for (size_t k = 0; k < (size_t)SPAN * es; k++) {
    size_t e = k / es, x = k % es, b = e / DST, j = e % DST;
    unsigned char want = j < BS ? ft_byte(from, (b * SST + j) * es + x, salt) : SENTINEL_BYTE;
    FT_CHECK(d[k] == want, "%s %s: byte %zu (block %zu, element %zu) = 0x%02x, expected 0x%02x",
             name, what, k, b, j, d[k], want);
    if (d[k] != want) return;
  }
}

/* One family both ways on ctx (PE numbers relative to its team): put to
 * the next member, get from it. */
static void blocked_round(const struct blocked_family *f, shmem_ctx_t ctx, int me, int next,
                          int prev, int next_world, int prev_world, int salt) {
  const size_t es = f->es;
  for (size_t k = 0; k < (size_t)SRC_N * es; k++)
    loc_src[k] = sym_src[k] = ft_byte(ft.me, k, salt);
  memset(sym_dst, SENTINEL_BYTE, (size_t)SPAN * es);
  memset(loc_dst, SENTINEL_BYTE, (size_t)SPAN * es);
  shmem_barrier_all();
  f->put(ctx, sym_dst, loc_src, DST, SST, BS, NB, next);
  f->get(ctx, loc_dst, sym_src, DST, SST, BS, NB, next);
  check_blocked(loc_dst, es, next_world, salt, "ibget", f->name);
  if (ctx != SHMEM_CTX_DEFAULT) shmem_ctx_quiet(ctx);
  shmem_barrier_all();
  check_blocked(sym_dst, es, prev_world, salt, "ibput", f->name);
  (void)me;
  (void)prev;
}

static void run_families(const struct blocked_family *fams, size_t count, shmem_ctx_t ctx,
                         int me, int next, int prev, int next_world, int prev_world) {
  for (size_t i = 0; i < count; i++)
    blocked_round(&fams[i], ctx, me, next, prev, next_world, prev_world, (int)i + 1);
}

static void test_blocked(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  const size_t ntyped = sizeof typed_families / sizeof typed_families[0];
  const size_t nsized = sizeof sized_families / sizeof sized_families[0];
  sym_src = (unsigned char *)shmem_malloc((size_t)SRC_N * MAX_ES);
  sym_dst = (unsigned char *)shmem_malloc((size_t)SPAN * MAX_ES);

  run_families(typed_families, ntyped, SHMEM_CTX_DEFAULT, me, right, left, right, left);
  ft_case("shmem_TYPE_ibput/ibget, all %zu RMA types: %d blocks of %d, sst %d, dst %d", ntyped,
          NB, BS, SST, DST);
  run_families(sized_families, nsized, SHMEM_CTX_DEFAULT, me, right, left, right, left);
  ft_case("shmem_ibput/ibget 8, 16, 32, 64, 128");

  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(rc == 0, "shmem_ctx_create: %d", rc);
  if (rc == 0) {
    run_families(typed_families, ntyped, ctx, me, right, left, right, left);
    run_families(sized_families, nsized, ctx, me, right, left, right, left);
    shmem_ctx_destroy(ctx);
  }
  ft_case("shmem_ctx_TYPE_ibput/ibget and shmem_ctx_ibputN/ibgetN on a private context");

  /* A context of the even PEs: PE numbers are team members. */
  shmem_team_t even;
  const int size = (n + 1) / 2;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &even);
  shmem_ctx_t tctx = SHMEM_CTX_INVALID;
  if (even != SHMEM_TEAM_INVALID) {
    rc = shmem_team_create_ctx(even, 0, &tctx);
    FT_CHECK(rc == 0, "shmem_team_create_ctx: %d", rc);
  }
  /* Every PE takes part in the barriers of blocked_round. */
  const int t = even != SHMEM_TEAM_INVALID ? shmem_team_my_pe(even) : 0;
  const int tn = (t + 1) % size, tp = (t + size - 1) % size;
  const struct blocked_family *f = &typed_families[6]; /* long */
  if (tctx != SHMEM_CTX_INVALID) {
    blocked_round(f, tctx, t, tn, tp, 2 * tn, 2 * tp, 77);
  } else {
    /* Not a member: the same barriers, nothing moved or checked. */
    shmem_barrier_all();
    shmem_barrier_all();
  }
  if (tctx != SHMEM_CTX_INVALID) shmem_ctx_destroy(tctx);
  if (even != SHMEM_TEAM_INVALID) shmem_team_destroy(even);
  ft_case("shmem_ctx_long_ibput/ibget on a stride-2 team's context (team PE numbers)");

  /* Nothing to move: NULL buffers and any strides are fine. */
  shmem_long_ibput(NULL, NULL, 0, 0, 0, 4, right);
  shmem_long_ibget(NULL, NULL, 0, 0, 3, 0, right);
  shmem_ibput64(NULL, NULL, -5, -5, 0, 0, right);
  /* One block: the strides are never used. */
  static long one_dst[3], one_src[3];
  for (int i = 0; i < 3; i++) one_src[i] = 100 * me + i, one_dst[i] = -1;
  shmem_barrier_all();
  shmem_long_ibput(one_dst, one_src, 0, 0, 3, 1, right);
  shmem_barrier_all();
  for (int i = 0; i < 3; i++)
    FT_CHECK(one_dst[i] == 100 * left + i, "one block: one_dst[%d] = %ld", i, one_dst[i]);
  /* bsize 1: shmem_iput's layout. */
  static int iput_dst[8];
  int iput_src[4] = {me, me + 1, me + 2, me + 3};
  for (int i = 0; i < 8; i++) iput_dst[i] = -1;
  shmem_barrier_all();
  shmem_int_ibput(iput_dst, iput_src, 2, 1, 1, 4, right);
  shmem_barrier_all();
  for (int i = 0; i < 8; i++)
    FT_CHECK(iput_dst[i] == (i % 2 ? -1 : left + i / 2), "bsize 1: iput_dst[%d] = %d", i,
             iput_dst[i]);
  ft_case("ibput/ibget with nothing to move (NULL), one block, and bsize 1 (= iput)");
  shmem_free(sym_src);
  shmem_free(sym_dst);
}

/* ------------------------------------------------------------ signals */
static uint64_t sig_add, sig_set, sig_ctx;
static void test_signals(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  sig_add = 5;
  sig_set = 0;
  sig_ctx = 0;
  shmem_barrier_all();
  shmem_signal_add(&sig_add, (uint64_t)me + 1, 0);
  shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, &sig_add, 1000, 0);
  shmem_barrier_all();
  if (me == 0) {
    uint64_t want = 5 + (uint64_t)n * (n + 1) / 2 + 1000 * (uint64_t)n;
    FT_CHECK(shmem_signal_fetch(&sig_add) == want, "signal_add total %lu, expected %lu",
             (unsigned long)sig_add, (unsigned long)want);
  }
  ft_case("shmem_signal_add / shmem_ctx_signal_add: every PE adds to PE 0's signal");

  shmem_signal_set(&sig_set, 1000 + (uint64_t)me, right);
  uint64_t seen = shmem_signal_wait_until(&sig_set, SHMEM_CMP_EQ, 1000 + (uint64_t)left);
  FT_CHECK(seen == 1000 + (uint64_t)left, "signal_set: %lu", (unsigned long)seen);
  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(0, &ctx);
  FT_CHECK(rc == 0, "shmem_ctx_create: %d", rc);
  if (rc == 0) {
    shmem_ctx_signal_set(ctx, &sig_ctx, 7, right);
    shmem_ctx_signal_add(ctx, &sig_ctx, 3, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    FT_CHECK(sig_ctx == 10, "ctx set 7 then add 3: %lu", (unsigned long)sig_ctx);
    shmem_ctx_destroy(ctx);
  }
  shmem_barrier_all();
  ft_case("shmem_signal_set to the right neighbour, shmem_ctx_signal_set/add on a context");
}

/* ------------------------------------------------------------ pe_quiet */
enum { QN = 1 << 15 };
static long q_dst[QN], q_src[QN];
static uint64_t q_flag;
static void pe_quiet_round(shmem_ctx_t ctx, int salt, const char *what) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int i = 0; i < QN; i++) q_src[i] = ft_val(me, (size_t)i, salt), q_dst[i] = -1;
  q_flag = 0;
  shmem_barrier_all();
  int targets[2] = {right, me};
  if (ctx == SHMEM_CTX_DEFAULT) {
    shmem_long_put_nbi(q_dst, q_src, QN, right);
    shmem_pe_quiet(targets, 2);
  } else {
    shmem_ctx_long_put_nbi(ctx, q_dst, q_src, QN, right);
    shmem_ctx_pe_quiet(ctx, targets, 2);
  }
  /* q_src is reusable and the data is at right before the flag leaves. */
  for (int i = 0; i < QN; i++) q_src[i] = -2;
  shmem_signal_set(&q_flag, 1, right);
  shmem_signal_wait_until(&q_flag, SHMEM_CMP_EQ, 1);
  size_t bad = 0;
  for (int i = 0; i < QN; i++) bad += q_dst[i] != ft_val(left, (size_t)i, salt);
  FT_CHECK(bad == 0, "%s: %zu of %d elements from PE %d missing after its pe_quiet", what, bad,
           QN, left);
  shmem_barrier_all();
}
static void test_pe_quiet(void) {
  pe_quiet_round(SHMEM_CTX_DEFAULT, 1, "shmem_pe_quiet");
  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(rc == 0, "shmem_ctx_create: %d", rc);
  if (rc == 0) {
    pe_quiet_round(ctx, 2, "shmem_ctx_pe_quiet");
    shmem_ctx_destroy(ctx);
  }
  /* npes 0: target_pes is not looked at. */
  shmem_pe_quiet(NULL, 0);
  shmem_ctx_pe_quiet(SHMEM_CTX_DEFAULT, NULL, 0);
  ft_case("shmem_pe_quiet / shmem_ctx_pe_quiet complete a %d KiB put_nbi to the listed PE; "
          "npes 0 with NULL", (int)(QN * sizeof(long) / 1024));
}

/* ------------------------------------------------------------ team_ptr */
static long tp_buf[4];
static void test_team_ptr(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  long on_stack = 0;
  FT_CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, tp_buf, me) == (void *)tp_buf, "own PE in WORLD");
  for (int p = 0; p < n; p++)
    FT_CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, tp_buf, p) == shmem_ptr(tp_buf, p), "WORLD pe %d", p);
  FT_CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, tp_buf, 0) == NULL, "SHMEM_TEAM_INVALID");
  FT_CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, tp_buf, n) == NULL, "pe = n");
  FT_CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, tp_buf, -1) == NULL, "pe = -1");
  FT_CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, &on_stack, me) == NULL, "not symmetric");
  /* Stores through the pointer land in the peer's object. */
  tp_buf[0] = -1;
  shmem_barrier_all();
  long *r = (long *)shmem_team_ptr(SHMEM_TEAM_WORLD, tp_buf, right);
  if (r) *r = 500 + me;
  shmem_barrier_all();
  if (shmem_ptr(tp_buf, left))
    FT_CHECK(tp_buf[0] == 500 + left, "store through team_ptr: %ld", tp_buf[0]);
  ft_case("shmem_team_ptr on WORLD (= shmem_ptr), SHMEM_TEAM_INVALID, pe out of range, stores");

  shmem_team_t even;
  const int size = (n + 1) / 2;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &even);
  if (even != SHMEM_TEAM_INVALID) {
    for (int p = 0; p < size; p++)
      FT_CHECK(shmem_team_ptr(even, tp_buf, p) == shmem_ptr(tp_buf, 2 * p), "even team pe %d", p);
    FT_CHECK(shmem_team_ptr(even, tp_buf, size) == NULL, "pe = team size");
    shmem_team_destroy(even);
  }
  ft_case("shmem_team_ptr on a stride-2 team (= shmem_ptr of the world PE; NULL past the team)");
}

/* ------------------------------------------------------------ scans */
enum { SN = 3000 };
/* source[i] on team PE p: (p + 1) * (i % 7 + 1): the inclusive scan on
 * team PE t is (i % 7 + 1) * (t + 1)(t + 2) / 2, the exclusive one
 * (i % 7 + 1) * t(t + 1) / 2. */
static long tri(int t) { return (long)t * (t + 1) / 2; }
/* Symmetric, allocated by every PE (shmem_malloc is collective over the
 * world, the scans may run on a team). */
static void *scan_a, *scan_b;

#define V16_SCAN_CHECK(KEY, T, CMPLX)                                                             \
  static void scan_##KEY(shmem_team_t team, int t, size_t count, int in_place) {                  \
    T *src = (T *)scan_a;                                                                         \
    T *dst = in_place ? src : (T *)scan_b;                                                        \
    for (int inclusive = 1; inclusive >= 0; inclusive--) {                                        \
      for (size_t i = 0; i < count; i++) {                                                        \
        long k = (long)(i % 7 + 1) * (t + 1);                                                     \
        src[i] = (T)k;                                                                            \
        if (CMPLX) src[i] += (T)(k * 2) * (T)I;                                                   \
        if (!in_place) dst[i] = (T)-1;                                                            \
      }                                                                                           \
      int rc = inclusive ? shmem_##KEY##_sum_inscan(team, dst, src, count)                        \
                         : shmem_##KEY##_sum_exscan(team, dst, src, count);                       \
      FT_CHECK(rc == 0, #KEY " scan rc = %d", rc);                                                \
      size_t bad = 0, first = count;                                                              \
      for (size_t i = 0; i < count; i++) {                                                        \
        long w = (long)(i % 7 + 1) * (inclusive ? tri(t + 1) : tri(t));                          \
        T want = (T)w;                                                                            \
        if (CMPLX) want += (T)(2 * w) * (T)I;                                                     \
        if (dst[i] != want) {                                                                     \
          bad++;                                                                                  \
          if (first == count) first = i;                                                          \
        }                                                                                         \
      }                                                                                           \
      FT_CHECK(bad == 0, "shmem_" #KEY "_sum_%s (%zu elements%s): %zu wrong, first [%zu]",        \
               inclusive ? "inscan" : "exscan", count, in_place ? ", in place" : "", bad, first); \
      shmem_team_sync(team); /* nobody still reads src before the next round writes it */       \
    }                                                                                             \
  }
#define V16_SCAN_REAL(KEY, T) V16_SCAN_CHECK(KEY, T, 0)
V16_SCAN_REAL(int, int)
V16_SCAN_REAL(long, long)
V16_SCAN_REAL(ulonglong, unsigned long long)
V16_SCAN_REAL(schar, signed char)
V16_SCAN_REAL(float, float)
V16_SCAN_REAL(double, double)
V16_SCAN_REAL(longdouble, long double)
V16_SCAN_CHECK(complexf, float _Complex, 1)
V16_SCAN_CHECK(complexd, double _Complex, 1)

static void scans_on(shmem_team_t team, size_t count) {
  const int t = shmem_team_my_pe(team);
  scan_int(team, t, count, 0);
  scan_long(team, t, count, 1);
  scan_ulonglong(team, t, count, 0);
  if (count <= 1) scan_schar(team, t, count, 0); /* small sums: exact in signed char */
  scan_float(team, t, count, 0);
  scan_double(team, t, count, 1);
  scan_longdouble(team, t, count, 0);
  scan_complexf(team, t, count, 0);
  scan_complexd(team, t, count, 1);
}

static void test_scans(void) {
  const int n = ft.npes;
  scan_a = shmem_malloc(SN * 16);
  scan_b = shmem_malloc(SN * 16);
  scans_on(SHMEM_TEAM_WORLD, 1);
  scans_on(SHMEM_TEAM_WORLD, 13);
  scans_on(SHMEM_TEAM_WORLD, SN);
  scans_on(SHMEM_TEAM_WORLD, 0);
  ft_case("shmem_TYPE_sum_inscan/exscan on WORLD: int, long, ulonglong, schar, float, double, "
          "longdouble, complexf, complexd; 0, 1, 13, %d elements; in place", SN);

  shmem_team_t even;
  const int size = (n + 1) / 2;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &even);
  if (even != SHMEM_TEAM_INVALID) {
    scans_on(even, 13);
    shmem_team_destroy(even);
  } else {
    static int none;
    FT_CHECK(shmem_int_sum_inscan(even, &none, &none, 1) != 0, "SHMEM_TEAM_INVALID: 0 returned");
    FT_CHECK(shmem_complexd_sum_exscan(even, NULL, NULL, 0) != 0, "SHMEM_TEAM_INVALID: 0 returned");
  }
  ft_case("the scans on a stride-2 team; nonzero, quietly, on SHMEM_TEAM_INVALID");
  shmem_free(scan_a);
  shmem_free(scan_b);
}

/* ------------------------------------------------------------ sessions */
static long sess_dst[64];
static long sess_count;
static void test_sessions(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int i = 0; i < 64; i++) sess_dst[i] = -1;
  sess_count = 0;
  shmem_barrier_all();
  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(rc == 0, "shmem_ctx_create: %d", rc);
  if (rc != 0) ctx = SHMEM_CTX_DEFAULT;
  shmem_ctx_session_config_t cfg = {64};
  shmem_ctx_session_start(ctx, SHMEM_CTX_SESSION_BATCH, &cfg, SHMEM_CTX_SESSION_TOTAL_OPS);
  for (int i = 0; i < 32; i++) shmem_ctx_long_p(ctx, &sess_dst[i], 10 * me + i, right);
  /* A second start on the same context: options combine, no config. */
  shmem_ctx_session_start(ctx, 0, NULL, 0);
  long mine[32];
  for (int i = 0; i < 32; i++) mine[i] = 1000 + me;
  shmem_ctx_long_put_nbi(ctx, &sess_dst[32], mine, 32, right);
  shmem_ctx_long_atomic_add(ctx, &sess_count, 1, 0);
  shmem_ctx_session_stop(ctx);
  shmem_ctx_session_stop(ctx); /* already stopped: no effect */
  shmem_ctx_quiet(ctx);
  /* The default context, with an option this library does not know. */
  shmem_ctx_session_start(SHMEM_CTX_DEFAULT, SHMEM_CTX_SESSION_BATCH | (1L << 20), &cfg, 0);
  shmem_long_atomic_add(&sess_count, 1, 0);
  shmem_ctx_session_stop(SHMEM_CTX_DEFAULT);
  shmem_barrier_all();
  for (int i = 0; i < 32; i++)
    FT_CHECK(sess_dst[i] == 10 * left + i && sess_dst[32 + i] == 1000 + left,
             "session p / put_nbi: sess_dst[%d] = %ld, [%d] = %ld", i, sess_dst[i], 32 + i,
             sess_dst[32 + i]);
  if (me == 0) FT_CHECK(sess_count == 2 * n, "session atomics: %ld", sess_count);
  if (ctx != SHMEM_CTX_DEFAULT) shmem_ctx_destroy(ctx);
  /* A stop without a start. */
  shmem_ctx_session_stop(SHMEM_CTX_DEFAULT);
  ft_case("shmem_ctx_session_start/stop around RMA and AMOs (private and default contexts, "
          "started twice, stopped twice, stop without start, unknown option)");

  /* The spec: no action on SHMEM_CTX_INVALID (and no error). */
  shmem_ctx_session_start(SHMEM_CTX_INVALID, SHMEM_CTX_SESSION_BATCH, &cfg,
                          SHMEM_CTX_SESSION_TOTAL_OPS);
  shmem_ctx_session_stop(SHMEM_CTX_INVALID);
  shmem_barrier_all();
  ft_case("shmem_ctx_session_start/stop on SHMEM_CTX_INVALID do nothing");
}

/* ------------------------------------------------------------ init/finalize */
static long ring[256];
/* Puts to the right neighbour, then checks what the left one put, after
 * `sync` (shmem_barrier_all, or a shmem_finalize that is not the last). */
static int ring_round(int salt, void (*sync)(void)) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  long src[256];
  for (int i = 0; i < 256; i++) src[i] = ft_val(me, (size_t)i, salt);
  shmem_barrier_all();
  shmem_long_put_nbi(ring, src, 256, right);
  sync();
  int bad = 0;
  for (int i = 0; i < 256; i++) bad += ring[i] != ft_val(left, (size_t)i, salt);
  return bad;
}

static int query(void) {
  int v = -1;
  shmem_query_initialized(&v);
  return v;
}

int main(void) {
  const int before = query();
  shmem_init();
  ft_begin();
  const int after_init = query();
  shmem_init(); /* a second initialization */
  const int after_second = query();
  /* Not the last finalize: a barrier_all (the put_nbi complete), no more. */
  int bad = ring_round(1, shmem_finalize);
  const int after_first_finalize = query();
  bad += ring_round(2, shmem_barrier_all);
  FT_CHECK(before == 0, "before shmem_init: %d", before);
  FT_CHECK(after_init != 0 && after_second != 0, "after init: %d, after the second: %d",
           after_init, after_second);
  FT_CHECK(after_first_finalize != 0, "one finalize after two inits: %d", after_first_finalize);
  FT_CHECK(bad == 0, "%d ring elements wrong around the first finalize", bad);
  ft_case("shmem_init twice, shmem_finalize once: still initialized (query_initialized), "
          "that finalize completes put_nbi like barrier_all, RMA and barrier work after it");

  test_blocked();
  test_signals();
  test_pe_quiet();
  test_team_ptr();
  test_scans();
  test_sessions();

  /* Every initialization routine counts: four open now. */
  int provided = -1;
  rocshmem_init();
  start_pes(0);
  shmem_init_thread(SHMEM_THREAD_SINGLE, &provided);
  int still = 0;
  bad = 0;
  for (int k = 0; k < 3; k++) {
    shmem_finalize();
    still += query() != 0;
    bad += ring_round(10 + k, shmem_barrier_all);
  }
  FT_CHECK(still == 3 && bad == 0, "after 1..3 of 4 finalizes: initialized %d of 3, %d wrong",
           still, bad);
  shmem_finalize(); /* the last: releases the library */
  const int after_last = query();
  FT_CHECK(after_last == 0, "after the last finalize: %d", after_last);
  ft_case("rocshmem_init, start_pes and shmem_init_thread count too: usable until the 4th "
          "finalize, uninitialized after it");

  /* Re-initialization after the last finalize. */
  shmem_init();
  ft_begin();
  const int again = query();
  bad = ring_round(20, shmem_barrier_all);
  shmem_finalize();
  const int end = query();
  FT_CHECK(again != 0 && end == 0, "re-init: %d, after its finalize: %d", again, end);
  FT_CHECK(bad == 0, "%d ring elements wrong after re-init", bad);
  ft_case("shmem_init after the last shmem_finalize works; query_initialized follows");
  return ft_finish();
}
