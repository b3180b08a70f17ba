/*
 * Every team reduction, by the tables of <rocshmem/types.def>:
 * shmem_TYPE_OP_reduce and rocshmem_TYPE_OP_reduce for and/or/xor over the
 * bitwise types, max/min/sum/prod over the arithmetic types, long double
 * (shmem only) and the complex types (sum/prod, shmem only), and
 * rocshmem_TYPE_OP_reduce_scatter, on 1..6 PEs.
 *
 *  - teams: SHMEM_TEAM_WORLD and the even PEs (split_strided stride 2);
 *  - counts 0, 1, 13 and a 20000-byte vector, above the size where the
 *    library switches to its chunked algorithm; 1 MiB for a few entries;
 *  - in place (dest == source) at count 13 and for the large vector;
 *  - values chosen so that every result is exact in every type (signed
 *    types see negative values in max/min, products stay small);
 *  - guards after every destination.
 */
#include <complex.h>

#include "../common/ftest.h"

typedef long double _Complex cv; /* holds every value of every type exactly */

enum { OP_AND, OP_OR, OP_XOR, OP_MAX, OP_MIN, OP_SUM, OP_PROD };

typedef int (*red_fn)(shmem_team_t, void *, const void *, size_t);
typedef struct {
  const char *name; /* shmem_int_sum_reduce */
  int op;
  size_t size;
  int is_signed, is_complex, is_float;
  void (*set)(void *b, size_t i, cv v);
  cv (*get)(const void *b, size_t i);
  red_fn reduce;
  int scatter; /* reduce is a reduce_scatter */
} red_ops;

#define FT_RED_TYPE(KEY, T)                                                                  \
  static void KEY##_rset_(void *b, size_t i, cv v) { ((T *)b)[i] = (T)creall(v); }          \
  static cv KEY##_rget_(const void *b, size_t i) { return (cv)((const T *)b)[i]; }
#define FT_RED_CTYPE(KEY, T)                                                                 \
  static void KEY##_rset_(void *b, size_t i, cv v) { ((T *)b)[i] = (T)v; }                  \
  static cv KEY##_rget_(const void *b, size_t i) { return (cv)((const T *)b)[i]; }

#define FT_RED_FN(PFX, KEY, T, OP, SFX, SCAT)                                               \
  static int PFX##_##KEY##_##OP##SFX##_(shmem_team_t t, void *d, const void *s, size_t n) { \
    return PFX##_##KEY##_##OP##SFX(t, (T *)d, (const T *)s, n);                             \
  }                                                                                         \
  static const red_ops PFX##_##KEY##_##OP##SFX##_ops = {                                    \
      #PFX "_" #KEY "_" #OP #SFX, OP_##OP##_ID, sizeof(T),                                  \
      (T)(-1) < (T)(1), 0, (T)0.5 != (T)0, KEY##_rset_, KEY##_rget_,                         \
      PFX##_##KEY##_##OP##SFX##_, SCAT};
#define FT_RED_CFN(PFX, KEY, T, OP)                                                         \
  static int PFX##_##KEY##_##OP##_reduce_(shmem_team_t t, void *d, const void *s, size_t n) { \
    return PFX##_##KEY##_##OP##_reduce(t, (T *)d, (const T *)s, n);                         \
  }                                                                                         \
  static const red_ops PFX##_##KEY##_##OP##_reduce_ops = {                                  \
      #PFX "_" #KEY "_" #OP "_reduce", OP_##OP##_ID, sizeof(T), 1, 1, 1, KEY##_rset_,        \
      KEY##_rget_, PFX##_##KEY##_##OP##_reduce_, 0};
#define OP_and_ID OP_AND
#define OP_or_ID OP_OR
#define OP_xor_ID OP_XOR
#define OP_max_ID OP_MAX
#define OP_min_ID OP_MIN
#define OP_sum_ID OP_SUM
#define OP_prod_ID OP_PROD

#define FT_RED_BIT(PFX, KEY, T, SFX, SCAT) \
  FT_RED_FN(PFX, KEY, T, and, SFX, SCAT) FT_RED_FN(PFX, KEY, T, or, SFX, SCAT) FT_RED_FN(PFX, KEY, T, xor, SFX, SCAT)
#define FT_RED_ARITH(PFX, KEY, T, SFX, SCAT)                                      \
  FT_RED_FN(PFX, KEY, T, max, SFX, SCAT) FT_RED_FN(PFX, KEY, T, min, SFX, SCAT)   \
  FT_RED_FN(PFX, KEY, T, sum, SFX, SCAT) FT_RED_FN(PFX, KEY, T, prod, SFX, SCAT)

/* element accessors: one per type (bitwise types are arithmetic ones too) */
ROCSHMEM_REDUCE_ARITH_TYPES(FT_RED_TYPE)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(FT_RED_TYPE)
SHMEM_REDUCE_COMPLEX_TYPES(FT_RED_CTYPE)

#define FT_RED_BIT_ALL(KEY, T)                                                    \
  FT_RED_BIT(shmem, KEY, T, _reduce, 0) FT_RED_BIT(rocshmem, KEY, T, _reduce, 0)  \
  FT_RED_BIT(rocshmem, KEY, T, _reduce_scatter, 1)
#define FT_RED_ARITH_ALL(KEY, T)                                                      \
  FT_RED_ARITH(shmem, KEY, T, _reduce, 0) FT_RED_ARITH(rocshmem, KEY, T, _reduce, 0)  \
  FT_RED_ARITH(rocshmem, KEY, T, _reduce_scatter, 1)
#define FT_RED_EXTRA(KEY, T) FT_RED_ARITH(shmem, KEY, T, _reduce, 0)
#define FT_RED_COMPLEX(KEY, T) FT_RED_CFN(shmem, KEY, T, sum) FT_RED_CFN(shmem, KEY, T, prod)
ROCSHMEM_REDUCE_BITWISE_TYPES(FT_RED_BIT_ALL)
ROCSHMEM_REDUCE_ARITH_TYPES(FT_RED_ARITH_ALL)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(FT_RED_EXTRA)
SHMEM_REDUCE_COMPLEX_TYPES(FT_RED_COMPLEX)

#define R1(PFX, KEY, OP, SFX) &PFX##_##KEY##_##OP##SFX##_ops,
#define REF_BIT(KEY, T) R1(shmem, KEY, and, _reduce) R1(shmem, KEY, or, _reduce) R1(shmem, KEY, xor, _reduce) \
  R1(rocshmem, KEY, and, _reduce) R1(rocshmem, KEY, or, _reduce) R1(rocshmem, KEY, xor, _reduce)             \
  R1(rocshmem, KEY, and, _reduce_scatter) R1(rocshmem, KEY, or, _reduce_scatter)                           \
  R1(rocshmem, KEY, xor, _reduce_scatter)
#define REF_ARITH_PFX(PFX, KEY, SFX) \
  R1(PFX, KEY, max, SFX) R1(PFX, KEY, min, SFX) R1(PFX, KEY, sum, SFX) R1(PFX, KEY, prod, SFX)
#define REF_ARITH(KEY, T) REF_ARITH_PFX(shmem, KEY, _reduce) REF_ARITH_PFX(rocshmem, KEY, _reduce) \
  REF_ARITH_PFX(rocshmem, KEY, _reduce_scatter)
#define REF_EXTRA(KEY, T) REF_ARITH_PFX(shmem, KEY, _reduce)
#define REF_COMPLEX(KEY, T) R1(shmem, KEY, sum, _reduce) R1(shmem, KEY, prod, _reduce)
static const red_ops *const red_all[] = {
    ROCSHMEM_REDUCE_BITWISE_TYPES(REF_BIT) ROCSHMEM_REDUCE_ARITH_TYPES(REF_ARITH)
        SHMEM_REDUCE_EXTRA_ARITH_TYPES(REF_EXTRA) SHMEM_REDUCE_COMPLEX_TYPES(REF_COMPLEX)};
enum { N_RED = sizeof red_all / sizeof red_all[0] };

/* Member m's element i for operation op: exact results in every type, and
 * periodic in i (period PERIOD), so that expected values are computed once
 * per period. */
enum { PERIOD = 60 };
static cv value(const red_ops *o, int m, size_t i) {
  switch (o->op) {
    case OP_AND: case OP_OR: case OP_XOR: {
      unsigned long long x = (i % PERIOD + 1) * 0x9E3779B97F4A7C15ull ^ (unsigned long long)(m + 1) * 0xC2B2AE3D27D4EB4Full;
      x ^= x >> 29;
      return (cv)(long double)(x & ((1ull << (o->size * 8 - 1)) - 1)); /* below the sign bit */
    }
    case OP_MAX: case OP_MIN: {
      long v = (long)((i * 7 + (size_t)m * 3) % 10);
      if (o->is_signed) v -= 5;
      return (cv)(long double)v + (o->is_float ? 0.5L : 0);
    }
    case OP_SUM:
      if (o->is_complex) return (long double)(m + (int)(i % 3)) + (long double)(m - 1) * I;
      return (cv)(long double)((i + (size_t)m) % 5) + (o->is_float ? 0.25L : 0);
    default: /* prod: a 2 from at most two members per element (or i for complex) */
      if (o->is_complex) return ((i + (size_t)m) % 3 == 0) ? (cv)I : (cv)1;
      return (cv)(long double)(((i + (size_t)m) % 3 == 0) ? 2 : 1) * (o->is_signed && m == 0 && i % 2 ? -1 : 1);
  }
}

/* The reduction of value(o, members, i) in member order, in the type. */
static cv expected(const red_ops *o, int tn, size_t i, char *tmp) {
  o->set(tmp, 0, value(o, 0, i));
  cv acc = o->get(tmp, 0);
  for (int m = 1; m < tn; ++m) {
    o->set(tmp, 0, value(o, m, i));
    cv v = o->get(tmp, 0);
    unsigned long long a = (unsigned long long)creall(acc), b = (unsigned long long)creall(v);
    switch (o->op) {
      case OP_AND: acc = (cv)(long double)(a & b); break;
      case OP_OR: acc = (cv)(long double)(a | b); break;
      case OP_XOR: acc = (cv)(long double)(a ^ b); break;
      case OP_MAX: if (creall(v) > creall(acc)) acc = v; break;
      case OP_MIN: if (creall(v) < creall(acc)) acc = v; break;
      case OP_SUM: acc += v; break;
      default: acc *= v; break;
    }
    o->set(tmp, 0, acc); /* round to the type like the library does */
    acc = o->get(tmp, 0);
  }
  return acc;
}

enum { GUARD = 3 };
static char *src, *dst;
static size_t large_bytes;

static void run(const red_ops *o, shmem_team_t t, size_t count, int in_place, const char *tname) {
  const int tn = shmem_team_n_pes(t), tme = shmem_team_my_pe(t);
  char tmp[32];
  const size_t in_n = o->scatter ? count * tn : count; /* source elements */
  for (size_t i = 0; i < in_n; ++i) o->set(src, i, value(o, tme, i));
  o->set(src, in_n, GUARD);
  void *d = in_place ? (void *)src : (void *)dst;
  if (!in_place) {
    for (size_t i = 0; i <= count; ++i) o->set(dst, i, GUARD);
  }
  int rc = o->reduce(t, d, src, count);
  FT_CHECK(rc == 0, "%s returned %d", o->name, rc);
  const size_t first = o->scatter ? count * tme : 0;
  cv want_of[PERIOD];
  for (size_t p = 0; p < PERIOD; ++p) want_of[p] = expected(o, tn, p, tmp);
  for (size_t i = 0; i < count; ++i) {
    cv want = want_of[(first + i) % PERIOD], got = o->get(d, i);
    if (got != want) {
      FT_CHECK(0, "%s (%s, %zu%s): element %zu is %.2Lf%+.2Lfi, expected %.2Lf%+.2Lfi", o->name,
               tname, count, in_place ? ", in place" : "", i, creall(got), cimagl(got),
               creall(want), cimagl(want));
      break;
    }
  }
  if (!in_place)
    FT_CHECK(o->get(dst, count) == (cv)GUARD, "%s (%s, %zu): wrote past the end", o->name, tname,
             count);
  else if (!o->scatter)
    FT_CHECK(o->get(src, in_n) == (cv)GUARD, "%s (%s, %zu, in place): wrote past the end",
             o->name, tname, count);
}

/* 1 MiB vectors for a few entries (every entry gets LARGE_BYTES, above the
 * library's 16 KiB switch to its chunked algorithm). */
enum { LARGE_BYTES = 20000, HUGE_BYTES = 1 << 20 };
static int is_huge(const red_ops *o) {
  static const char *const names[] = {"shmem_int_sum_reduce", "shmem_double_prod_reduce",
                                      "rocshmem_uint64_xor_reduce", "shmem_complexd_sum_reduce"};
  if (ft_network_mode()) return 0;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
    if (strcmp(o->name, names[i]) == 0) return 1;
  return 0;
}

static void entry(const red_ops *o, shmem_team_t t, const char *tname) {
  if (ft_network_mode()) { /* every operation crosses the network: fewer */
    run(o, t, 1, 0, tname);
    run(o, t, 13, 1, tname);
    run(o, t, large_bytes / o->size / (o->scatter ? (size_t)shmem_team_n_pes(t) : 1), 0, tname);
    return;
  }
  run(o, t, 0, 0, tname);
  run(o, t, 1, 0, tname);
  run(o, t, 13, 0, tname);
  if (!o->scatter) run(o, t, 13, 1, tname);
  size_t large = large_bytes / o->size / (o->scatter ? (size_t)shmem_team_n_pes(t) : 1);
  run(o, t, large, 0, tname);
  if (!o->scatter) run(o, t, large, 1, tname);
  if (is_huge(o)) {
    run(o, t, HUGE_BYTES / o->size, 0, tname);
    run(o, t, HUGE_BYTES / o->size, 1, tname);
  }
}

int main(void) {
  shmem_init();
  ft_begin();
  const int n = ft.npes;
  large_bytes = LARGE_BYTES;
  src = (char *)shmem_malloc(HUGE_BYTES + 64);
  dst = (char *)shmem_malloc(HUGE_BYTES + 64);
  shmem_team_t evens;
  int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &evens);
  FT_CHECK(src && dst && rc == 0, "setup failed");
  ft_case("setup");
  for (size_t k = 0; k < N_RED; ++k) {
    const red_ops *o = red_all[k];
    entry(o, SHMEM_TEAM_WORLD, "WORLD");
    if (evens != SHMEM_TEAM_INVALID && !ft_network_mode()) entry(o, evens, "even PEs");
    if (ft_network_mode())
      ft_case("%s on SHMEM_TEAM_WORLD (%d PEs): counts 1, 13 (in place), %zu bytes", o->name, n,
              large_bytes);
    else
      ft_case("%s on SHMEM_TEAM_WORLD (%d PEs) and the even PEs: counts 0, 1, 13, %zu bytes%s%s",
              o->name, n, large_bytes, is_huge(o) ? ", 1 MiB" : "",
              o->scatter ? " in all" : "; also in place");
  }
  shmem_team_destroy(evens);
  shmem_free(src);
  shmem_free(dst);
  rc = ft_finish();
  shmem_finalize();
  return rc;
}
