/*
 * Point-to-point synchronization for every type of the P2P table (expanded
 * from <rocshmem/types.def>, both prefixes):
 *  - wait_until and test for every comparison: test is false before the
 *    left neighbour's put and true after, wait_until returns on it;
 *  - wait_until_all/any/some and test_all/any/some, scalar and _vector:
 *    index and count semantics with status masks (an excluded element that
 *    satisfies the comparison is never reported), and the all-excluded and
 *    nelems = 0 cases (any: SIZE_MAX, some: 0, all: returns at once and
 *    test_all returns 1);
 *  - fairness of test_any/wait_until_any(_vector): with every element
 *    satisfied, each included index comes back within n calls;
 *  - the deprecated shmem_wait, shmem_wait_until and shmem_TYPE_wait.
 */
#include <unistd.h>

#include "../common/ftest.h"

enum { NV = 8 };
typedef long long ll;

typedef struct {
  const char *name;
  size_t size;
  void (*store)(void *buf, size_t i, ll v);
  void (*p)(void *ivar, ll v, int pe); /* PFX_KEY_p */
  void (*wait_until)(void *ivar, int cmp, ll v);
  int (*test)(void *ivar, int cmp, ll v);
  void (*wait_until_all)(void *iv, size_t n, const int *st, int cmp, ll v);
  size_t (*wait_until_any)(void *iv, size_t n, const int *st, int cmp, ll v);
  size_t (*wait_until_some)(void *iv, size_t n, size_t *idx, const int *st, int cmp, ll v);
  void (*wait_until_all_vector)(void *iv, size_t n, const int *st, int cmp, const ll *v);
  size_t (*wait_until_any_vector)(void *iv, size_t n, const int *st, int cmp, const ll *v);
  size_t (*wait_until_some_vector)(void *iv, size_t n, size_t *idx, const int *st, int cmp,
                                   const ll *v);
  int (*test_all)(void *iv, size_t n, const int *st, int cmp, ll v);
  size_t (*test_any)(void *iv, size_t n, const int *st, int cmp, ll v);
  size_t (*test_some)(void *iv, size_t n, size_t *idx, const int *st, int cmp, ll v);
  int (*test_all_vector)(void *iv, size_t n, const int *st, int cmp, const ll *v);
  size_t (*test_any_vector)(void *iv, size_t n, const int *st, int cmp, const ll *v);
  size_t (*test_some_vector)(void *iv, size_t n, size_t *idx, const int *st, int cmp,
                             const ll *v);
} ft_p2p_ops;

#define FT_P2P_VEC(T, v, n)            \
  T vals_[NV > 0 ? NV : 1];            \
  for (size_t i_ = 0; i_ < (n); ++i_) vals_[i_] = (T)(v)[i_]

#define FT_P2P_OPS(PFX, KEY, T)                                                              \
  static void PFX##_##KEY##_store_(void *b, size_t i, ll v) {                                \
    __atomic_store_n((T *)b + i, (T)v, __ATOMIC_RELEASE);                                    \
  }                                                                                          \
  static void PFX##_##KEY##_pp_(void *d, ll v, int pe) { PFX##_##KEY##_p((T *)d, (T)v, pe); } \
  static void PFX##_##KEY##_wu_(void *iv, int c, ll v) { PFX##_##KEY##_wait_until((T *)iv, c, (T)v); } \
  static int PFX##_##KEY##_t_(void *iv, int c, ll v) { return PFX##_##KEY##_test((T *)iv, c, (T)v); } \
  static void PFX##_##KEY##_wua_(void *iv, size_t n, const int *st, int c, ll v) {           \
    PFX##_##KEY##_wait_until_all((T *)iv, n, st, c, (T)v);                                   \
  }                                                                                          \
  static size_t PFX##_##KEY##_wuy_(void *iv, size_t n, const int *st, int c, ll v) {         \
    return PFX##_##KEY##_wait_until_any((T *)iv, n, st, c, (T)v);                            \
  }                                                                                          \
  static size_t PFX##_##KEY##_wus_(void *iv, size_t n, size_t *ix, const int *st, int c, ll v) { \
    return PFX##_##KEY##_wait_until_some((T *)iv, n, ix, st, c, (T)v);                       \
  }                                                                                          \
  static void PFX##_##KEY##_wuav_(void *iv, size_t n, const int *st, int c, const ll *v) {   \
    FT_P2P_VEC(T, v, n);                                                                     \
    PFX##_##KEY##_wait_until_all_vector((T *)iv, n, st, c, vals_);                           \
  }                                                                                          \
  static size_t PFX##_##KEY##_wuyv_(void *iv, size_t n, const int *st, int c, const ll *v) { \
    FT_P2P_VEC(T, v, n);                                                                     \
    return PFX##_##KEY##_wait_until_any_vector((T *)iv, n, st, c, vals_);                    \
  }                                                                                          \
  static size_t PFX##_##KEY##_wusv_(void *iv, size_t n, size_t *ix, const int *st, int c,   \
                                    const ll *v) {                                           \
    FT_P2P_VEC(T, v, n);                                                                     \
    return PFX##_##KEY##_wait_until_some_vector((T *)iv, n, ix, st, c, vals_);               \
  }                                                                                          \
  static int PFX##_##KEY##_ta_(void *iv, size_t n, const int *st, int c, ll v) {             \
    return PFX##_##KEY##_test_all((T *)iv, n, st, c, (T)v);                                  \
  }                                                                                          \
  static size_t PFX##_##KEY##_ty_(void *iv, size_t n, const int *st, int c, ll v) {          \
    return PFX##_##KEY##_test_any((T *)iv, n, st, c, (T)v);                                  \
  }                                                                                          \
  static size_t PFX##_##KEY##_ts_(void *iv, size_t n, size_t *ix, const int *st, int c, ll v) { \
    return PFX##_##KEY##_test_some((T *)iv, n, ix, st, c, (T)v);                             \
  }                                                                                          \
  static int PFX##_##KEY##_tav_(void *iv, size_t n, const int *st, int c, const ll *v) {     \
    FT_P2P_VEC(T, v, n);                                                                     \
    return PFX##_##KEY##_test_all_vector((T *)iv, n, st, c, vals_);                          \
  }                                                                                          \
  static size_t PFX##_##KEY##_tyv_(void *iv, size_t n, const int *st, int c, const ll *v) {  \
    FT_P2P_VEC(T, v, n);                                                                     \
    return PFX##_##KEY##_test_any_vector((T *)iv, n, st, c, vals_);                          \
  }                                                                                          \
  static size_t PFX##_##KEY##_tsv_(void *iv, size_t n, size_t *ix, const int *st, int c,     \
                                   const ll *v) {                                            \
    FT_P2P_VEC(T, v, n);                                                                     \
    return PFX##_##KEY##_test_some_vector((T *)iv, n, ix, st, c, vals_);                     \
  }                                                                                          \
  static const ft_p2p_ops PFX##_##KEY##_p2p = {                                              \
      #PFX "_" #KEY, sizeof(T), PFX##_##KEY##_store_, PFX##_##KEY##_pp_,                     \
      PFX##_##KEY##_wu_, PFX##_##KEY##_t_, PFX##_##KEY##_wua_, PFX##_##KEY##_wuy_,           \
      PFX##_##KEY##_wus_, PFX##_##KEY##_wuav_, PFX##_##KEY##_wuyv_, PFX##_##KEY##_wusv_,     \
      PFX##_##KEY##_ta_, PFX##_##KEY##_ty_, PFX##_##KEY##_ts_, PFX##_##KEY##_tav_,           \
      PFX##_##KEY##_tyv_, PFX##_##KEY##_tsv_};

#define FT_P2P_SHMEM(KEY, T) FT_P2P_OPS(shmem, KEY, T)
#define FT_P2P_ROCSHMEM(KEY, T) FT_P2P_OPS(rocshmem, KEY, T)
ROCSHMEM_P2P_TYPES(FT_P2P_SHMEM)
ROCSHMEM_P2P_TYPES(FT_P2P_ROCSHMEM)
#define FT_REF_P2P_SHMEM(KEY, T) &shmem_##KEY##_p2p,
#define FT_REF_P2P_ROCSHMEM(KEY, T) &rocshmem_##KEY##_p2p,
static const ft_p2p_ops *const p2p_all[] = {ROCSHMEM_P2P_TYPES(FT_REF_P2P_SHMEM)
                                                ROCSHMEM_P2P_TYPES(FT_REF_P2P_ROCSHMEM)};
enum { N_P2P = sizeof p2p_all / sizeof p2p_all[0] };

static long long ivars_static[NV]; /* .bss: holds NV elements of every P2P type */
static void *ivars_heap;

static const struct {
  int cmp;
  ll init, cmp_value, put;
  const char *name;
} cmps[] = {{SHMEM_CMP_EQ, 0, 40, 40, "EQ"}, {SHMEM_CMP_NE, 40, 40, 41, "NE"},
            {SHMEM_CMP_GT, 1, 40, 45, "GT"}, {SHMEM_CMP_GE, 1, 40, 40, "GE"},
            {SHMEM_CMP_LT, 90, 40, 39, "LT"}, {SHMEM_CMP_LE, 90, 40, 12, "LE"}};
enum { N_CMPS = sizeof cmps / sizeof cmps[0] };

/* wait_until/test for each comparison, on the heap and on static data. */
static void single(const ft_p2p_ops *o) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n;
  void *where[2] = {ivars_heap, ivars_static};
  for (int w = 0; w < 2; ++w)
    for (int k = 0; k < N_CMPS; ++k) {
      void *iv = where[w];
      o->store(iv, 0, cmps[k].init);
      shmem_barrier_all();
      FT_CHECK(!o->test(iv, cmps[k].cmp, cmps[k].cmp_value), "%s_test CMP_%s true before the put",
               o->name, cmps[k].name);
      ft_mpi_barrier(); /* nobody puts before everyone tested */
      o->p(iv, cmps[k].put, right);
      o->wait_until(iv, cmps[k].cmp, cmps[k].cmp_value);
      FT_CHECK(o->test(iv, cmps[k].cmp, cmps[k].cmp_value), "%s_test CMP_%s false after the put",
               o->name, cmps[k].name);
      shmem_barrier_all();
    }
  ft_case("%s_wait_until and %s_test: EQ NE GT GE LT LE on heap and static ivars", o->name,
          o->name);
}

/* The set forms on NV ivars; cmp is EQ against 1 (vector: against i + 1,
 * with the satisfied elements holding i + 1). */
static void sets(const ft_p2p_ops *o, int vector) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n;
  void *iv = ivars_heap;
  ll cmpv[NV];
  for (int i = 0; i < NV; ++i) cmpv[i] = vector ? i + 1 : 1;
#define VAL(i) (vector ? (ll)(i) + 1 : 1)
  size_t idx[NV];
  int status[NV];
  const char *form = vector ? "_vector" : "";

  /* Nothing satisfied yet: test_* report so; then elements 2 and 5 are put
   * by the left neighbour. */
  for (int i = 0; i < NV; ++i) o->store(iv, (size_t)i, 0);
  shmem_barrier_all();
  if (vector) {
    FT_CHECK(!o->test_all_vector(iv, NV, NULL, SHMEM_CMP_EQ, cmpv), "%s test_all%s", o->name, form);
    FT_CHECK(o->test_any_vector(iv, NV, NULL, SHMEM_CMP_EQ, cmpv) == SIZE_MAX, "test_any%s", form);
    FT_CHECK(o->test_some_vector(iv, NV, idx, NULL, SHMEM_CMP_EQ, cmpv) == 0, "test_some%s", form);
  } else {
    FT_CHECK(!o->test_all(iv, NV, NULL, SHMEM_CMP_EQ, 1), "%s test_all", o->name);
    FT_CHECK(o->test_any(iv, NV, NULL, SHMEM_CMP_EQ, 1) == SIZE_MAX, "%s test_any", o->name);
    FT_CHECK(o->test_some(iv, NV, idx, NULL, SHMEM_CMP_EQ, 1) == 0, "%s test_some", o->name);
  }
  ft_mpi_barrier();
  o->p((char *)iv + 5 * o->size, VAL(5), right);
  o->p((char *)iv + 2 * o->size, VAL(2), right);
  /* any with element 2 excluded must report 5 (once 5 has arrived) */
  for (int i = 0; i < NV; ++i) status[i] = i == 2;
  size_t got = vector ? o->wait_until_any_vector(iv, NV, status, SHMEM_CMP_EQ, cmpv)
                      : o->wait_until_any(iv, NV, status, SHMEM_CMP_EQ, 1);
  FT_CHECK(got == 5, "%s wait_until_any%s with element 2 excluded returned %zu, expected 5",
           o->name, form, got);
  /* some over 0..7 (none excluded): once both are there, exactly {2, 5} */
  for (int i = 0; i < NV; ++i) status[i] = 0;
  if (vector)
    o->wait_until_all_vector(iv, NV, (int[NV]){1, 1, 0, 1, 1, 0, 1, 1}, SHMEM_CMP_EQ, cmpv);
  else
    o->wait_until_all(iv, NV, (int[NV]){1, 1, 0, 1, 1, 0, 1, 1}, SHMEM_CMP_EQ, 1);
  size_t cnt = vector ? o->wait_until_some_vector(iv, NV, idx, status, SHMEM_CMP_EQ, cmpv)
                      : o->wait_until_some(iv, NV, idx, status, SHMEM_CMP_EQ, 1);
  FT_CHECK(cnt == 2 && idx[0] == 2 && idx[1] == 5,
           "%s wait_until_some%s returned %zu indices (%zu, %zu), expected 2 (2, 5)", o->name,
           form, cnt, idx[0], cnt > 1 ? idx[1] : (size_t)99);
  cnt = vector ? o->test_some_vector(iv, NV, idx, (int[NV]){0, 0, 0, 0, 0, 1}, SHMEM_CMP_EQ, cmpv)
               : o->test_some(iv, NV, idx, (int[NV]){0, 0, 0, 0, 0, 1}, SHMEM_CMP_EQ, 1);
  FT_CHECK(cnt == 1 && idx[0] == 2, "%s test_some%s with 5 excluded: %zu indices, first %zu",
           o->name, form, cnt, idx[0]);
  got = vector ? o->test_any_vector(iv, NV, NULL, SHMEM_CMP_EQ, cmpv)
               : o->test_any(iv, NV, NULL, SHMEM_CMP_EQ, 1);
  FT_CHECK(got == 2, "%s test_any%s returned %zu, expected 2", o->name, form, got);
  /* test_all over {2, 5} only: true; over everything: false */
  int only25[NV] = {1, 1, 0, 1, 1, 0, 1, 1};
  FT_CHECK(vector ? o->test_all_vector(iv, NV, only25, SHMEM_CMP_EQ, cmpv)
                  : o->test_all(iv, NV, only25, SHMEM_CMP_EQ, 1),
           "%s test_all%s over {2, 5}", o->name, form);
  FT_CHECK(!(vector ? o->test_all_vector(iv, NV, NULL, SHMEM_CMP_EQ, cmpv)
                    : o->test_all(iv, NV, NULL, SHMEM_CMP_EQ, 1)),
           "%s test_all%s over all", o->name, form);

  /* All excluded, and nelems = 0 (NULL arrays): return at once. */
  int none[NV];
  for (int i = 0; i < NV; ++i) none[i] = 1;
  if (vector) {
    FT_CHECK(o->wait_until_any_vector(iv, NV, none, SHMEM_CMP_EQ, cmpv) == SIZE_MAX,
             "%s wait_until_any_vector all excluded", o->name);
    FT_CHECK(o->wait_until_some_vector(iv, NV, idx, none, SHMEM_CMP_EQ, cmpv) == 0,
             "%s wait_until_some_vector all excluded", o->name);
    o->wait_until_all_vector(iv, NV, none, SHMEM_CMP_EQ, cmpv);
    FT_CHECK(o->test_any_vector(iv, NV, none, SHMEM_CMP_EQ, cmpv) == SIZE_MAX, "test_any_vector excl");
    FT_CHECK(o->test_some_vector(iv, NV, idx, none, SHMEM_CMP_EQ, cmpv) == 0, "test_some_vector excl");
    FT_CHECK(o->test_all_vector(iv, NV, none, SHMEM_CMP_EQ, cmpv) == 1, "test_all_vector excl");
    FT_CHECK(o->wait_until_any_vector(NULL, 0, NULL, SHMEM_CMP_EQ, NULL) == SIZE_MAX,
             "%s wait_until_any_vector nelems 0", o->name);
    FT_CHECK(o->wait_until_some_vector(NULL, 0, NULL, NULL, SHMEM_CMP_EQ, NULL) == 0,
             "%s wait_until_some_vector nelems 0", o->name);
    o->wait_until_all_vector(NULL, 0, NULL, SHMEM_CMP_EQ, NULL);
    FT_CHECK(o->test_all_vector(NULL, 0, NULL, SHMEM_CMP_EQ, NULL) == 1,
             "%s test_all_vector nelems 0 must return 1", o->name);
    FT_CHECK(o->test_any_vector(NULL, 0, NULL, SHMEM_CMP_EQ, NULL) == SIZE_MAX,
             "%s test_any_vector nelems 0", o->name);
    FT_CHECK(o->test_some_vector(NULL, 0, NULL, NULL, SHMEM_CMP_EQ, NULL) == 0,
             "%s test_some_vector nelems 0", o->name);
  } else {
    FT_CHECK(o->wait_until_any(iv, NV, none, SHMEM_CMP_EQ, 1) == SIZE_MAX,
             "%s wait_until_any all excluded", o->name);
    FT_CHECK(o->wait_until_some(iv, NV, idx, none, SHMEM_CMP_EQ, 1) == 0,
             "%s wait_until_some all excluded", o->name);
    o->wait_until_all(iv, NV, none, SHMEM_CMP_EQ, 1);
    FT_CHECK(o->test_any(iv, NV, none, SHMEM_CMP_EQ, 1) == SIZE_MAX, "test_any excl");
    FT_CHECK(o->test_some(iv, NV, idx, none, SHMEM_CMP_EQ, 1) == 0, "test_some excl");
    FT_CHECK(o->test_all(iv, NV, none, SHMEM_CMP_EQ, 1) == 1, "test_all excl");
    FT_CHECK(o->wait_until_any(NULL, 0, NULL, SHMEM_CMP_EQ, 1) == SIZE_MAX,
             "%s wait_until_any nelems 0", o->name);
    FT_CHECK(o->wait_until_some(NULL, 0, NULL, NULL, SHMEM_CMP_EQ, 1) == 0,
             "%s wait_until_some nelems 0", o->name);
    o->wait_until_all(NULL, 0, NULL, SHMEM_CMP_EQ, 1);
    FT_CHECK(o->test_all(NULL, 0, NULL, SHMEM_CMP_EQ, 1) == 1,
             "%s test_all nelems 0 must return 1", o->name);
    FT_CHECK(o->test_any(NULL, 0, NULL, SHMEM_CMP_EQ, 1) == SIZE_MAX, "%s test_any nelems 0",
             o->name);
    FT_CHECK(o->test_some(NULL, 0, NULL, NULL, SHMEM_CMP_EQ, 1) == 0, "%s test_some nelems 0",
             o->name);
  }
  shmem_barrier_all();
#undef VAL
  ft_case("%s_wait_until_all/any/some%s and test_all/any/some%s: indices, counts, status "
          "masks, all excluded (SIZE_MAX / 0), nelems 0", o->name, form, form);
}

/* Fairness of the _any forms: with every element of a set satisfied and
 * staying so, a series of calls must eventually return each included index
 * (the spec's progress rule), here within as many calls as there are
 * included elements; excluded ones are never returned.  Two arrays served
 * alternately (heap and static) must each get every index as well.  The
 * ivars are this PE's own: no other PE writes them between the barriers. */
static size_t any_call(const ft_p2p_ops *o, int vector, int wait, void *iv, const int *status,
                       const ll *cmpv) {
  if (vector)
    return wait ? o->wait_until_any_vector(iv, NV, status, SHMEM_CMP_EQ, cmpv)
                : o->test_any_vector(iv, NV, status, SHMEM_CMP_EQ, cmpv);
  return wait ? o->wait_until_any(iv, NV, status, SHMEM_CMP_EQ, 1)
              : o->test_any(iv, NV, status, SHMEM_CMP_EQ, 1);
}

static void fairness(const ft_p2p_ops *o, int vector) {
  const char *form = vector ? "_vector" : "";
  ll cmpv[NV];
  for (int i = 0; i < NV; ++i) cmpv[i] = vector ? i + 1 : 1;
  void *arrays[2] = {ivars_heap, ivars_static};
  shmem_barrier_all();
  for (int a = 0; a < 2; ++a)
    for (int i = 0; i < NV; ++i) o->store(arrays[a], (size_t)i, cmpv[i]);
  const int excl[NV] = {1, 0, 0, 1, 0, 0, 0, 0}; /* 6 included */
  for (int wait = 0; wait < 2; ++wait) {
    const char *name = wait ? "wait_until_any" : "test_any";
    for (int masked = 0; masked < 2; ++masked) {
      const int *status = masked ? excl : NULL;
      int included = 0;
      for (int i = 0; i < NV; ++i) included += !status || !status[i];
      /* one array alone, then both alternately */
      for (int both = 0; both < 2; ++both) {
        int seen[2][NV] = {{0}};
        for (int call = 0; call < included; ++call)
          for (int a = 0; a <= both; ++a) {
            size_t got = any_call(o, vector, wait, arrays[a], status, cmpv);
            FT_CHECK(got < NV && (!status || !status[got]),
                     "%s %s%s returned %zu (excluded or out of range)", o->name, name, form, got);
            if (got < NV) seen[a][got] = 1;
          }
        for (int a = 0; a <= both; ++a)
          for (int i = 0; i < NV; ++i)
            if (!status || !status[i])
              FT_CHECK(seen[a][i], "%s %s%s%s%s: index %d never returned in %d calls", o->name,
                       name, form, masked ? " (0 and 3 excluded)" : "",
                       both ? (a ? " (static, alternating)" : " (heap, alternating)") : "", i,
                       included);
      }
    }
  }
  shmem_barrier_all();
  ft_case("%s_test_any%s and _wait_until_any%s are fair: every satisfied index within n calls, "
          "with a status mask, and on two arrays served alternately", o->name, form, form);
}

/* ---- deprecated 1.x waits */
static long dep_long, dep_long2;
static short dep_short;
static int dep_int;
static long long dep_ll;

static void deprecated(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n;
  dep_long = 5;
  dep_long2 = 5;
  dep_short = 5;
  dep_int = 5;
  dep_ll = 5;
  shmem_barrier_all();
  shmem_long_p(&dep_long, 6, right);
  shmem_wait(&dep_long, 5); /* until != 5 */
  FT_CHECK(dep_long == 6, "shmem_wait");
  shmem_long_p(&dep_long2, 50, right);
  shmem_wait_until(&dep_long2, SHMEM_CMP_GE, 50);
  FT_CHECK(dep_long2 == 50, "shmem_wait_until");
  shmem_short_p(&dep_short, 7, right);
  shmem_short_wait(&dep_short, 5);
  FT_CHECK(dep_short == 7, "shmem_short_wait");
  shmem_int_p(&dep_int, 8, right);
  shmem_int_wait(&dep_int, 5);
  FT_CHECK(dep_int == 8, "shmem_int_wait");
  shmem_longlong_p(&dep_ll, 9, right);
  shmem_longlong_wait(&dep_ll, 5);
  FT_CHECK(dep_ll == 9, "shmem_longlong_wait");
  shmem_barrier_all();
  ft_case("deprecated shmem_wait, shmem_wait_until, shmem_short/int/longlong_wait");
}

int main(void) {
  shmem_init();
  ft_begin();
  ivars_heap = shmem_calloc(NV, sizeof(long long));
  for (size_t k = 0; k < N_P2P; ++k) {
    single(p2p_all[k]);
    sets(p2p_all[k], 0);
    sets(p2p_all[k], 1);
    fairness(p2p_all[k], 0);
    fairness(p2p_all[k], 1);
  }
  deprecated();
  shmem_free(ivars_heap);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
