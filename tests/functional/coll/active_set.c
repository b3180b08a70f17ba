/*
 * The OpenSHMEM 1.x active-set collectives: shmem_barrier, shmem_sync,
 * shmem_broadcast/collect/fcollect/alltoall/alltoalls 32 and 64, and every
 * shmem_TYPE_OP_to_all (expanded from <rocshmem/types.def>), on 1..6 PEs.
 *
 *  - active sets: every PE (0, 0, n), the even PEs (0, 1, ceil(n/2)): a
 *    stride-2 set, and the odd PEs (1, 1, n/2);
 *  - one pSync (and pWrk) per kind, reused by back-to-back calls with no
 *    barrier between, and still SHMEM_SYNC_VALUE afterwards;
 *  - 1.x broadcast leaves the root's dest alone; counts 0, 1, 13;
 *  - barrier completes puts to the members; sync after quiet too.
 */
#include <complex.h>

#include "../common/ftest.h"

static long pSync_bar[SHMEM_BARRIER_SYNC_SIZE];
static long pSync_coll[SHMEM_COLLECT_SYNC_SIZE];
static long pSync_red[SHMEM_REDUCE_SYNC_SIZE];
static long double _Complex pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 64];
static long slots[64];
static char *src, *dst;

typedef struct {
  int start, log_stride, size;
  const char *name;
} aset;

static int member(const aset *s, int pe) {
  int st = 1 << s->log_stride;
  return pe >= s->start && (pe - s->start) % st == 0 && (pe - s->start) / st < s->size;
}
static int index_in(const aset *s, int pe) { return (pe - s->start) >> s->log_stride; }
static int world_of(const aset *s, int i) { return s->start + (i << s->log_stride); }

static int psync_intact(void) {
  for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; ++i)
    if (pSync_bar[i] != SHMEM_SYNC_VALUE || pSync_coll[i] != SHMEM_SYNC_VALUE ||
        pSync_red[i] != SHMEM_SYNC_VALUE)
      return 0;
  return 1;
}

static void barriers(const aset *s) {
  const int me = ft.me;
  const int rounds = ft_iters(100, 10);
  memset(slots, 0, sizeof slots);
  shmem_barrier_all();
  if (member(s, me)) {
    for (int r = 1; r <= rounds; ++r) {
      for (int i = 0; i < s->size; ++i) shmem_long_p(&slots[me], r, world_of(s, i));
      if (r % 2) {
        shmem_barrier(s->start, s->log_stride, s->size, pSync_bar);
      } else {
        shmem_quiet();
        shmem_sync(s->start, s->log_stride, s->size, pSync_bar);
      }
      for (int i = 0; i < s->size; ++i)
        if (slots[world_of(s, i)] < r) {
          FT_CHECK(0, "round %d: member %d's put not complete after the barrier", r, i);
          break;
        }
    }
  }
  shmem_barrier_all();
  FT_CHECK(psync_intact(), "pSync changed");
  ft_case("shmem_barrier / shmem_sync on %s: %d rounds, puts to the members complete, one pSync "
          "reused", s->name, rounds);
}

/* ---- 32/64-bit data movement */
#define FT_ASET_SIZED(BITS, UT)                                                              \
  static void sized_##BITS(const aset *s, size_t count) {                                    \
    const int me = ft.me, tme = index_in(s, me), tn = s->size;                               \
    UT *S = (UT *)src, *D = (UT *)dst;                                                       \
    const UT G = (UT)0x5A5A5A5A5A5A5A5Aull;                                                  \
    /* broadcast from the last member: the root's dest stays */                              \
    for (size_t i = 0; i < count; ++i) S[i] = (UT)(tme * 1000 + i) << ((BITS) - 16);         \
    for (size_t i = 0; i <= count * tn * 3; ++i) D[i] = G;                                   \
    shmem_broadcast##BITS(D, S, count, tn - 1, s->start, s->log_stride, s->size, pSync_coll); \
    for (size_t i = 0; i < count; ++i)                                                       \
      FT_CHECK(D[i] == (tme == tn - 1 ? G : (UT)((tn - 1) * 1000 + i) << ((BITS) - 16)),     \
               "broadcast%d element %zu", BITS, i);                                          \
    FT_CHECK(D[count] == G, "broadcast%d wrote past the end", BITS);                         \
    /* fcollect */                                                                           \
    for (size_t i = 0; i < count; ++i) S[i] = (UT)(tme * 100 + i);                           \
    shmem_fcollect##BITS(D, S, count, s->start, s->log_stride, s->size, pSync_coll);         \
    for (int m = 0; m < tn; ++m)                                                             \
      for (size_t i = 0; i < count; ++i)                                                     \
        FT_CHECK(D[m * count + i] == (UT)(m * 100 + i), "fcollect%d block %d el %zu", BITS, m, i); \
    /* collect: member m gives count + m elements */                                         \
    for (size_t i = 0; i < count + tme; ++i) S[i] = (UT)(tme * 100 + i + 7);                 \
    shmem_collect##BITS(D, S, count + tme, s->start, s->log_stride, s->size, pSync_coll);    \
    size_t at = 0;                                                                           \
    for (int m = 0; m < tn; ++m)                                                             \
      for (size_t i = 0; i < count + m; ++i, ++at)                                           \
        FT_CHECK(D[at] == (UT)(m * 100 + i + 7), "collect%d block %d el %zu", BITS, m, i);   \
    /* alltoall */                                                                           \
    for (int j = 0; j < tn; ++j)                                                             \
      for (size_t i = 0; i < count; ++i) S[j * count + i] = (UT)(tme * 10000 + j * 100 + i); \
    shmem_alltoall##BITS(D, S, count, s->start, s->log_stride, s->size, pSync_coll);         \
    for (int m = 0; m < tn; ++m)                                                             \
      for (size_t i = 0; i < count; ++i)                                                     \
        FT_CHECK(D[m * count + i] == (UT)(m * 10000 + tme * 100 + i), "alltoall%d", BITS);   \
    /* alltoalls: dst stride 3, sst stride 2 */                                              \
    for (int j = 0; j < tn; ++j)                                                             \
      for (size_t i = 0; i < count; ++i) S[(j * count + i) * 2] = (UT)(tme * 10000 + j * 100 + i + 1); \
    for (size_t i = 0; i <= count * tn * 3; ++i) D[i] = G;                                   \
    shmem_alltoalls##BITS(D, S, 3, 2, count, s->start, s->log_stride, s->size, pSync_coll);  \
    for (int m = 0; m < tn; ++m)                                                             \
      for (size_t i = 0; i < count; ++i)                                                     \
        FT_CHECK(D[(m * count + i) * 3] == (UT)(m * 10000 + tme * 100 + i + 1) &&            \
                     D[(m * count + i) * 3 + 1] == G,                                        \
                 "alltoalls%d block %d el %zu", BITS, m, i);                                 \
  }
FT_ASET_SIZED(32, uint32_t)
FT_ASET_SIZED(64, uint64_t)

static void data_movement(const aset *s) {
  static const size_t counts[] = {0, 1, 13};
  if (member(s, ft.me))
    for (size_t k = 0; k < 3; ++k) {
      sized_32(s, counts[k]);
      sized_64(s, counts[k]);
    }
  shmem_barrier_all();
  FT_CHECK(psync_intact(), "pSync changed");
  ft_case("shmem_broadcast/fcollect/collect/alltoall/alltoalls 32 and 64 on %s: counts 0, 1, "
          "13, back to back on one pSync; the root's dest untouched by broadcast", s->name);
}

/* ---- every to_all */
typedef long double _Complex cv;
enum { OP_AND, OP_OR, OP_XOR, OP_MAX, OP_MIN, OP_SUM, OP_PROD };
typedef struct {
  const char *name;
  int op, is_complex;
  size_t size;
  void (*set)(void *, size_t, cv);
  cv (*get)(const void *, size_t);
  void (*to_all)(void *d, const void *s, int n, int start, int logs, int size);
} to_all_ops;
#define OPID_and OP_AND
#define OPID_or OP_OR
#define OPID_xor OP_XOR
#define OPID_max OP_MAX
#define OPID_min OP_MIN
#define OPID_sum OP_SUM
#define OPID_prod OP_PROD
#define TA_TYPE(KEY, T)                                                             \
  static void KEY##_tset_(void *b, size_t i, cv v) { ((T *)b)[i] = (T)v; }         \
  static cv KEY##_tget_(const void *b, size_t i) { return (cv)((const T *)b)[i]; }
#define TA_FN(KEY, T, OP, CPLX)                                                                 \
  static void KEY##_##OP##_ta_(void *d, const void *s, int n, int st, int ls, int sz) {        \
    shmem_##KEY##_##OP##_to_all((T *)d, (const T *)s, n, st, ls, sz, (T *)pWrk, pSync_red);     \
  }                                                                                             \
  static const to_all_ops KEY##_##OP##_ta = {"shmem_" #KEY "_" #OP "_to_all", OPID_##OP, CPLX, \
                                             sizeof(T), KEY##_tset_, KEY##_tget_,             \
                                             KEY##_##OP##_ta_};
#define TA_BIT(KEY, T) TA_FN(KEY, T, and, 0) TA_FN(KEY, T, or, 0) TA_FN(KEY, T, xor, 0)
#define TA_ARITH(KEY, T) TA_FN(KEY, T, max, 0) TA_FN(KEY, T, min, 0) TA_FN(KEY, T, sum, 0) TA_FN(KEY, T, prod, 0)
#define TA_CPLX(KEY, T) TA_FN(KEY, T, sum, 1) TA_FN(KEY, T, prod, 1)
SHMEM_TO_ALL_ARITH_TYPES(TA_TYPE)
SHMEM_REDUCE_COMPLEX_TYPES(TA_TYPE)
SHMEM_TO_ALL_BITWISE_TYPES(TA_BIT)
SHMEM_TO_ALL_ARITH_TYPES(TA_ARITH)
SHMEM_REDUCE_COMPLEX_TYPES(TA_CPLX)
#define TA_REF_BIT(KEY, T) &KEY##_and_ta, &KEY##_or_ta, &KEY##_xor_ta,
#define TA_REF_ARITH(KEY, T) &KEY##_max_ta, &KEY##_min_ta, &KEY##_sum_ta, &KEY##_prod_ta,
#define TA_REF_CPLX(KEY, T) &KEY##_sum_ta, &KEY##_prod_ta,
static const to_all_ops *const ta_all[] = {SHMEM_TO_ALL_BITWISE_TYPES(TA_REF_BIT)
                                               SHMEM_TO_ALL_ARITH_TYPES(TA_REF_ARITH)
                                                   SHMEM_REDUCE_COMPLEX_TYPES(TA_REF_CPLX)};
enum { N_TA = sizeof ta_all / sizeof ta_all[0] };

static cv ta_value(const to_all_ops *o, int m, size_t i) {
  switch (o->op) {
    case OP_AND: case OP_OR: case OP_XOR:
      return (cv)(long double)(((i * 37 + (size_t)m * 11) ^ ((size_t)1 << (m % 14))) & 0x7FFF);
    case OP_MAX: case OP_MIN: return (cv)(long double)((long)((i * 7 + (size_t)m * 3) % 10) - 5);
    case OP_SUM: return o->is_complex ? (long double)m + (long double)i * I : (cv)(long double)((i + m) % 5);
    default: return o->is_complex ? (((i + m) % 3 == 0) ? (cv)I : (cv)1)
                                  : (cv)(long double)(((i + m) % 3 == 0) ? -2 : 1);
  }
}

static void to_all(const aset *s, const to_all_ops *o) {
  const int me = ft.me;
  if (member(s, me)) {
    const int tme = index_in(s, me), tn = s->size;
    static const int counts[] = {0, 1, 13};
    for (int k = 0; k < 3; ++k) {
      const int count = counts[k];
      for (int i = 0; i < count; ++i) o->set(src, (size_t)i, ta_value(o, tme, (size_t)i));
      for (int i = 0; i <= count; ++i) o->set(dst, (size_t)i, 3);
      o->to_all(dst, src, count, s->start, s->log_stride, s->size);
      for (int i = 0; i < count; ++i) {
        cv acc = ta_value(o, 0, (size_t)i);
        for (int m = 1; m < tn; ++m) {
          cv v = ta_value(o, m, (size_t)i);
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
        }
        cv got = o->get(dst, (size_t)i);
        if (got != acc) {
          FT_CHECK(0, "%s (%s, %d): element %d is %.1Lf%+.1Lfi, expected %.1Lf%+.1Lfi", o->name,
                   s->name, count, i, creall(got), cimagl(got), creall(acc), cimagl(acc));
          break;
        }
      }
      FT_CHECK(o->get(dst, (size_t)count) == (cv)3, "%s wrote past the end", o->name);
    }
  }
}

int main(void) {
  shmem_init();
  ft_begin();
  const int n = ft.npes;
  for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; ++i)
    pSync_bar[i] = pSync_coll[i] = pSync_red[i] = SHMEM_SYNC_VALUE;
  src = (char *)shmem_malloc(1 << 16);
  dst = (char *)shmem_malloc(1 << 16);
  shmem_barrier_all(); /* pSync initialized everywhere before first use */
  aset sets[] = {{0, 0, n, "every PE (0, 0, n)"},
                 {0, 1, (n + 1) / 2, "the even PEs (0, 1, ceil(n/2)): stride 2"},
                 {1, 1, n / 2, "the odd PEs (1, 1, n/2)"}};
  for (size_t k = 0; k < sizeof sets / sizeof sets[0]; ++k) {
    const aset *s = &sets[k];
    if (s->size < 1) {
      ft_skip("no such PEs", "active set %s", s->name);
      continue;
    }
    barriers(s);
    data_movement(s);
    for (size_t j = 0; j < N_TA; ++j) {
      to_all(s, ta_all[j]);
      if (!member(s, ft.me)) continue; /* non-members just go on */
    }
    shmem_barrier_all();
    FT_CHECK(psync_intact(), "pSync changed");
    ft_case("every shmem_TYPE_OP_to_all (%d routines) on %s: counts 0, 1, 13, back to back on "
            "one pSync and pWrk", (int)N_TA, s->name);
  }
  shmem_free(src);
  shmem_free(dst);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
