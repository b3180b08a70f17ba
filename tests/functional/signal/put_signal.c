/*
 * Put-with-signal and the signal routines.
 *
 *  - every put_signal family (25 shmem_TYPE_*, 24 rocshmem_TYPE_*, 5 sized,
 *    and putmem under both prefixes; expanded from <rocshmem/types.def>),
 *    blocking and _nbi, plain and context forms: with SHMEM_SIGNAL_SET to
 *    the next PE, and with SHMEM_SIGNAL_ADD from every PE to every PE (the
 *    signal must reach the exact sum, every block must be there);
 *  - ordering, many iterations: once a PE sees the signal, the whole
 *    payload (8 B, 4 KiB, 1 MiB) of that iteration is visible; SET and ADD,
 *    blocking and _nbi;
 *  - signal_wait_until returns a value satisfying the comparison (every
 *    comparison), signal_fetch reads the signal;
 *  - rocshmem_signal_add/set and shmemx_signal_add/set.
 */
#include <shmemx.h>

#include "../common/typed_ops.h"

enum { N = 29 };

/* ---- put_signal families as uniform entries */
typedef void (*ft_ps_fn)(void *dest, const void *source, size_t nelems, uint64_t *sig,
                         uint64_t signal, int sig_op, int pe);
typedef struct {
  const char *name;
  size_t size;
  void (*set)(void *buf, size_t i, int v);
  int (*eq)(const void *buf, size_t i, int v);
  ft_ps_fn put_signal, put_signal_nbi;
} ft_ps_ops;

static int ps_use_ctx;
static shmem_ctx_t ps_ctx;

#define FT_PS_CALL(NAME, CTXNAME, ...) \
  (ps_use_ctx ? CTXNAME(ps_ctx, __VA_ARGS__) : NAME(__VA_ARGS__))

#define FT_PS_TYPED(PFX, KEY, T)                                                            \
  static void PFX##_##KEY##_ps_(void *d, const void *s, size_t n, uint64_t *sig, uint64_t v, \
                                int op, int pe) {                                           \
    FT_PS_CALL(PFX##_##KEY##_put_signal, PFX##_ctx_##KEY##_put_signal, (T *)d, (const T *)s, \
               n, sig, v, op, pe);                                                          \
  }                                                                                         \
  static void PFX##_##KEY##_ps_nbi_(void *d, const void *s, size_t n, uint64_t *sig,        \
                                    uint64_t v, int op, int pe) {                           \
    FT_PS_CALL(PFX##_##KEY##_put_signal_nbi, PFX##_ctx_##KEY##_put_signal_nbi, (T *)d,      \
               (const T *)s, n, sig, v, op, pe);                                            \
  }                                                                                         \
  static const ft_ps_ops PFX##_##KEY##_ps = {#PFX "_" #KEY "_put_signal", sizeof(T),        \
                                             PFX##_##KEY##_set_, PFX##_##KEY##_eq_,         \
                                             PFX##_##KEY##_ps_, PFX##_##KEY##_ps_nbi_};
#define FT_PS_SIZED(BITS)                                                                   \
  static void shmem_##BITS##_ps_(void *d, const void *s, size_t n, uint64_t *sig,           \
                                 uint64_t v, int op, int pe) {                              \
    FT_PS_CALL(shmem_put##BITS##_signal, shmem_ctx_put##BITS##_signal, d, s, n, sig, v, op, \
               pe);                                                                         \
  }                                                                                         \
  static void shmem_##BITS##_ps_nbi_(void *d, const void *s, size_t n, uint64_t *sig,       \
                                     uint64_t v, int op, int pe) {                          \
    FT_PS_CALL(shmem_put##BITS##_signal_nbi, shmem_ctx_put##BITS##_signal_nbi, d, s, n,     \
               sig, v, op, pe);                                                             \
  }                                                                                         \
  static const ft_ps_ops shmem_##BITS##_ps = {"shmem_put" #BITS "_signal", (BITS) / 8,      \
                                              shmem_##BITS##_set_, shmem_##BITS##_eq_,      \
                                              shmem_##BITS##_ps_, shmem_##BITS##_ps_nbi_};
#define FT_PS_MEM(PFX)                                                                      \
  static void PFX##_mem_set_(void *b, size_t i, int v) { ((unsigned char *)b)[i] = (unsigned char)v; } \
  static int PFX##_mem_eq_(const void *b, size_t i, int v) {                                \
    return ((const unsigned char *)b)[i] == (unsigned char)v;                               \
  }                                                                                         \
  static void PFX##_mem_ps_(void *d, const void *s, size_t n, uint64_t *sig, uint64_t v,    \
                            int op, int pe) {                                               \
    FT_PS_CALL(PFX##_putmem_signal, PFX##_ctx_putmem_signal, d, s, n, sig, v, op, pe);      \
  }                                                                                         \
  static void PFX##_mem_ps_nbi_(void *d, const void *s, size_t n, uint64_t *sig,            \
                                uint64_t v, int op, int pe) {                               \
    FT_PS_CALL(PFX##_putmem_signal_nbi, PFX##_ctx_putmem_signal_nbi, d, s, n, sig, v, op,   \
               pe);                                                                         \
  }                                                                                         \
  static const ft_ps_ops PFX##_mem_ps = {#PFX "_putmem_signal", 1, PFX##_mem_set_,          \
                                         PFX##_mem_eq_, PFX##_mem_ps_, PFX##_mem_ps_nbi_};

#define FT_PS_SHMEM(KEY, T) FT_PS_TYPED(shmem, KEY, T)
#define FT_PS_ROCSHMEM(KEY, T) FT_PS_TYPED(rocshmem, KEY, T)
SHMEM_RMA_TYPES(FT_PS_SHMEM)
ROCSHMEM_RMA_TYPES(FT_PS_ROCSHMEM)
SHMEM_RMA_SIZES(FT_PS_SIZED)
FT_PS_MEM(shmem)
FT_PS_MEM(rocshmem)

#define FT_REF_PS_SHMEM(KEY, T) &shmem_##KEY##_ps,
#define FT_REF_PS_ROCSHMEM(KEY, T) &rocshmem_##KEY##_ps,
#define FT_REF_PS_SIZED(BITS) &shmem_##BITS##_ps,
static const ft_ps_ops *const ps_all[] = {
    SHMEM_RMA_TYPES(FT_REF_PS_SHMEM) ROCSHMEM_RMA_TYPES(FT_REF_PS_ROCSHMEM)
        SHMEM_RMA_SIZES(FT_REF_PS_SIZED) & shmem_mem_ps, &rocshmem_mem_ps};
enum { N_PS = sizeof ps_all / sizeof ps_all[0] };

static uint64_t sig_word[2]; /* .bss: [0] the signal, [1] a guard */
static uint64_t ack_word;    /* .bss */
static void *dst, *src_local;

/* SET to the next PE: the signal carries 0x1000 + the sender. */
static void ps_set_ring(const ft_ps_ops *o, int nbi, const char *form) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (size_t i = 0; i < N + 1; ++i) o->set(dst, i, FT_SENTINEL);
  for (size_t i = 0; i < N; ++i) o->set(src_local, i, ft_val(me, i, 1));
  sig_word[0] = 7;
  sig_word[1] = 0xABCD;
  shmem_barrier_all();
  (nbi ? o->put_signal_nbi : o->put_signal)(dst, src_local, N, &sig_word[0], 0x1000 + me,
                                             SHMEM_SIGNAL_SET, right);
  if (nbi) shmem_quiet();
  uint64_t got = shmem_signal_wait_until(&sig_word[0], SHMEM_CMP_EQ, 0x1000 + left);
  FT_CHECK(got == 0x1000u + left, "%s: signal_wait_until returned %llu", o->name,
           (unsigned long long)got);
  for (size_t i = 0; i < N; ++i)
    FT_CHECK(o->eq(dst, i, ft_val(left, i, 1)), "%s: element %zu wrong when the signal was seen",
             o->name, i);
  FT_CHECK(o->eq(dst, N, FT_SENTINEL), "%s: wrote past the end", o->name);
  FT_CHECK(sig_word[1] == 0xABCD, "%s: the word after the signal was written", o->name);
  shmem_barrier_all();
  ft_case("%s%s%s: SHMEM_SIGNAL_SET to the next PE, %d elements, data there with the signal",
          o->name, nbi ? "_nbi" : "", form, N);
}

/* ADD from every PE to every PE: block p of dst comes from PE p, each adds
 * p + 1, so the signal ends at n(n+1)/2. */
static void ps_add_all(const ft_ps_ops *o, int nbi, const char *form) {
  const int me = ft.me, n = ft.npes;
  for (size_t i = 0; i < (size_t)N * n; ++i) o->set(dst, i, FT_SENTINEL);
  for (size_t i = 0; i < N; ++i) o->set(src_local, i, ft_val(me, i, 2));
  sig_word[0] = 0;
  shmem_barrier_all();
  for (int k = 0; k < n; ++k) {
    int pe = (me + k) % n;
    (nbi ? o->put_signal_nbi : o->put_signal)((char *)dst + (size_t)me * N * o->size, src_local,
                                               N, &sig_word[0], (uint64_t)me + 1,
                                               SHMEM_SIGNAL_ADD, pe);
  }
  if (nbi) shmem_quiet();
  const uint64_t total = (uint64_t)n * (n + 1) / 2;
  uint64_t got = shmem_signal_wait_until(&sig_word[0], SHMEM_CMP_GE, total);
  FT_CHECK(got == total, "%s: signal reached %llu, expected exactly %llu", o->name,
           (unsigned long long)got, (unsigned long long)total);
  for (int p = 0; p < n; ++p)
    for (size_t i = 0; i < N; ++i)
      FT_CHECK(o->eq((char *)dst + (size_t)p * N * o->size, i, ft_val(p, i, 2)),
               "%s: block of PE %d element %zu wrong", o->name, p, i);
  shmem_barrier_all();
  FT_CHECK(shmem_signal_fetch(&sig_word[0]) == total, "%s: signal_fetch", o->name);
  shmem_barrier_all();
  ft_case("%s%s%s: SHMEM_SIGNAL_ADD from every PE to every PE, signal exact", o->name,
          nbi ? "_nbi" : "", form);
}

/* ---- ordering over many iterations: the sender waits for an ack before
 * reusing the destination, the receiver checks every byte on the signal. */
static void ordering(size_t bytes, int iters, int sig_op, int nbi) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  unsigned char *buf = (unsigned char *)shmem_malloc(bytes);
  unsigned char *mine = (unsigned char *)malloc(bytes);
  sig_word[0] = 0;
  ack_word = 0;
  shmem_barrier_all();
  for (int it = 1; it <= iters; ++it) {
    ft_fill(mine, bytes, me, it);
    /* SET: the iteration number; ADD: one per iteration, same result */
    uint64_t value = sig_op == SHMEM_SIGNAL_SET ? (uint64_t)it : 1;
    if (nbi) {
      shmem_putmem_signal_nbi(buf, mine, bytes, &sig_word[0], value, sig_op, right);
    } else {
      shmem_putmem_signal(buf, mine, bytes, &sig_word[0], value, sig_op, right);
    }
    shmem_signal_wait_until(&sig_word[0], SHMEM_CMP_GE, (uint64_t)it);
    size_t at = ft_mismatch(buf, bytes, left, it);
    FT_CHECK(at == bytes, "iteration %d: byte %zu of %zu not there when the signal was seen", it,
             at, bytes);
    /* my buffer may be overwritten again once I said so */
    shmemx_signal_set(&ack_word, (uint64_t)it, left);
    shmem_signal_wait_until(&ack_word, SHMEM_CMP_GE, (uint64_t)it);
    if (nbi) shmem_quiet(); /* `mine` is reused */
  }
  shmem_barrier_all();
  shmem_free(buf);
  free(mine);
  ft_case("ordering: %d x shmem_putmem_signal%s of %zu bytes with %s: the whole payload is "
          "visible once the signal is", iters, nbi ? "_nbi" : "", bytes,
          sig_op == SHMEM_SIGNAL_SET ? "SIGNAL_SET" : "SIGNAL_ADD");
}

/* ---- signal_wait_until's return value for every comparison */
static void wait_until_returns(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  static const struct {
    int cmp;
    uint64_t init, cmp_value, put;
    const char *name;
  } c[] = {{SHMEM_CMP_EQ, 0, 40, 40, "EQ"}, {SHMEM_CMP_NE, 40, 40, 41, "NE"},
           {SHMEM_CMP_GT, 1, 40, 45, "GT"}, {SHMEM_CMP_GE, 1, 40, 40, "GE"},
           {SHMEM_CMP_LT, 90, 40, 39, "LT"}, {SHMEM_CMP_LE, 90, 40, 12, "LE"}};
  for (size_t k = 0; k < sizeof c / sizeof c[0]; ++k) {
    sig_word[0] = c[k].init;
    shmem_barrier_all();
    FT_CHECK(shmem_signal_fetch(&sig_word[0]) == c[k].init, "signal_fetch before");
    ft_mpi_barrier(); /* nobody signals before everyone fetched */
    rocshmem_signal_set(&sig_word[0], c[k].put + (uint64_t)left * 0, right);
    uint64_t got = shmem_signal_wait_until(&sig_word[0], c[k].cmp, c[k].cmp_value);
    FT_CHECK(got == c[k].put, "CMP_%s: signal_wait_until returned %llu, expected %llu",
             c[k].name, (unsigned long long)got, (unsigned long long)c[k].put);
    (void)me;
    shmem_barrier_all();
  }
  ft_case("shmem_signal_wait_until returns the value that satisfied EQ, NE, GT, GE, LT, LE; "
          "shmem_signal_fetch reads the signal");
}

/* ---- signal updates without data */
static void signal_updates(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  sig_word[0] = 0;
  shmem_barrier_all();
  /* every PE adds 1 << me to PE 0's signal, once through each name */
  rocshmem_signal_add(&sig_word[0], 1ull << me, 0);
  shmemx_signal_add(&sig_word[0], 1ull << (me + 20), 0);
  if (me == 0) {
    uint64_t all = ((1ull << n) - 1) | (((1ull << n) - 1) << 20);
    uint64_t got = shmem_signal_wait_until(&sig_word[0], SHMEM_CMP_EQ, all);
    FT_CHECK(got == all, "PE 0's signal holds 0x%llx", (unsigned long long)got);
  }
  shmem_barrier_all();
  sig_word[0] = 0;
  shmem_barrier_all();
  shmemx_signal_set(&sig_word[0], 500 + (uint64_t)me, right);
  uint64_t got = shmem_signal_wait_until(&sig_word[0], SHMEM_CMP_NE, 0);
  FT_CHECK(got == 500u + left, "shmemx_signal_set: got %llu", (unsigned long long)got);
  shmem_barrier_all();
  rocshmem_signal_set(&sig_word[0], 900 + (uint64_t)me, right);
  got = shmem_signal_wait_until(&sig_word[0], SHMEM_CMP_GE, 900);
  FT_CHECK(got == 900u + left, "rocshmem_signal_set: got %llu", (unsigned long long)got);
  FT_CHECK(rocshmem_signal_fetch(&sig_word[0]) == 900u + left, "rocshmem_signal_fetch");
  shmem_barrier_all();
  ft_case("rocshmem_signal_add/set and shmemx_signal_add/set: exact sums and values");
}

int main(void) {
  shmem_init();
  ft_begin();
  const int n = ft.npes;
  dst = shmem_malloc((size_t)N * FT_MAX_ELEM * (size_t)(n + 1));
  src_local = malloc((size_t)N * FT_MAX_ELEM);
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ps_ctx);
  FT_CHECK(dst && src_local && rc == 0, "setup failed");
  ft_case("setup");

  for (size_t k = 0; k < N_PS; ++k)
    for (int use_ctx = 0; use_ctx < 2; ++use_ctx)
      for (int nbi = 0; nbi < 2; ++nbi) {
        ps_use_ctx = use_ctx;
        const char *form = use_ctx ? " (context form)" : "";
        ps_set_ring(ps_all[k], nbi, form);
        ps_add_all(ps_all[k], nbi, form);
      }
  ps_use_ctx = 0;

  const int it_small = ft_iters(1000, 50), it_big = ft_iters(40, 4);
  for (int nbi = 0; nbi < 2; ++nbi)
    for (int op = SHMEM_SIGNAL_SET; op <= SHMEM_SIGNAL_ADD; ++op) {
      ordering(8, it_small, op, nbi);
      ordering(4096, it_small, op, nbi);
      ordering(1 << 20, it_big, op, nbi);
    }
  wait_until_returns();
  signal_updates();

  shmem_ctx_destroy(ps_ctx);
  shmem_free(dst);
  free(src_local);
  rc = ft_finish();
  shmem_finalize();
  return rc;
}
