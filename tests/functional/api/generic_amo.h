/*
 * The generic names beyond RMA (see generic.h for the RMA ones), written
 * once for generic_c11.c and generic_cxx.cc:
 *  - shmem_atomic_and/or/xor, fetch_and/or/xor and their _nbi forms, plain
 *    and with a context, on every type of the bitwise AMO table, int32_t and
 *    int64_t included;
 *  - shmem_and/or/xor_reduce on every type of the bitwise reduction table,
 *    the signed int8_t ... int64_t included;
 *  - shmem_sync(team) beside the deprecated active-set shmem_sync, which
 *    `(shmem_sync)` and a function pointer still name;
 *  - the deprecated 1.3 generic names shmem_fadd, finc, add, inc, cswap,
 *    swap, set, fetch on their types, and the long shmem_swap function.
 * Values use a high bit of each type, so a routine of a narrower type would
 * lose it; GENERIC_SAME_TYPE(expr, T, msg) is each language's compile-time
 * check that a call returns T.
 */
#ifndef ROCSHMEM_TESTS_GENERIC_AMO_H
#define ROCSHMEM_TESTS_GENERIC_AMO_H

#include <assert.h> /* static_assert in C11 */

#include "../common/ftest.h"

/* The highest bit below the sign bit (any bit for unsigned types). */
#define GAMO_HIGH(T) ((T)((T)1 << (sizeof(T) * 8 - 2)))

/* x = INIT on every PE; CALL on the right neighbour's x; then x (changed by
 * the left neighbour) must be WANT. */
#define GAMO_STEP(T, x, init, call, want, what)                                 \
  do {                                                                          \
    (x) = (T)(init);                                                            \
    shmem_barrier_all();                                                        \
    call;                                                                       \
    shmem_barrier_all();                                                        \
    FT_CHECK((x) == (T)(want), "%s on " #T ": target is wrong", what);          \
  } while (0)

#define GENERIC_AMO_BITWISE_TEST(KEY, T)                                                  \
  GENERIC_SAME_TYPE(shmem_atomic_fetch_and((T *)0, (T)0, 0), T,                           \
                    "shmem_atomic_fetch_and(" #T " *) returns " #T)                       \
  GENERIC_SAME_TYPE(shmem_atomic_fetch_xor(SHMEM_CTX_DEFAULT, (T *)0, (T)0, 0), T,        \
                    "shmem_atomic_fetch_xor(ctx, " #T " *) returns " #T)                  \
  static void generic_amo_bitwise_##KEY(void) {                                           \
    static T x; /* symmetric */                                                           \
    const int right = (ft.me + 1) % ft.npes;                                              \
    const T a = (T)(GAMO_HIGH(T) | 0x5A), b = (T)((GAMO_HIGH(T) >> 1) | 0x3C);           \
    T f = 0;                                                                              \
    GAMO_STEP(T, x, a, shmem_atomic_and(&x, b, right), a & b, "shmem_atomic_and");        \
    GAMO_STEP(T, x, a, shmem_atomic_or(&x, b, right), a | b, "shmem_atomic_or");          \
    GAMO_STEP(T, x, a, shmem_atomic_xor(&x, b, right), a ^ b, "shmem_atomic_xor");        \
    GAMO_STEP(T, x, a, f = shmem_atomic_fetch_and(&x, b, right), a & b,                   \
              "shmem_atomic_fetch_and");                                                  \
    FT_CHECK(f == a, "shmem_atomic_fetch_and on " #T ": fetched value is wrong");         \
    GAMO_STEP(T, x, a, f = shmem_atomic_fetch_or(&x, b, right), a | b,                    \
              "shmem_atomic_fetch_or");                                                   \
    FT_CHECK(f == a, "shmem_atomic_fetch_or on " #T ": fetched value is wrong");          \
    GAMO_STEP(T, x, a, f = shmem_atomic_fetch_xor(&x, b, right), a ^ b,                   \
              "shmem_atomic_fetch_xor");                                                  \
    FT_CHECK(f == a, "shmem_atomic_fetch_xor on " #T ": fetched value is wrong");         \
    f = 0;                                                                                \
    GAMO_STEP(T, x, a, (shmem_atomic_fetch_and_nbi(&f, &x, b, right), shmem_quiet()),     \
              a & b, "shmem_atomic_fetch_and_nbi");                                       \
    FT_CHECK(f == a, "shmem_atomic_fetch_and_nbi on " #T ": fetched value is wrong");     \
    f = 0;                                                                                \
    GAMO_STEP(T, x, a, (shmem_atomic_fetch_or_nbi(&f, &x, b, right), shmem_quiet()),      \
              a | b, "shmem_atomic_fetch_or_nbi");                                        \
    FT_CHECK(f == a, "shmem_atomic_fetch_or_nbi on " #T ": fetched value is wrong");      \
    f = 0;                                                                                \
    GAMO_STEP(T, x, a, (shmem_atomic_fetch_xor_nbi(&f, &x, b, right), shmem_quiet()),     \
              a ^ b, "shmem_atomic_fetch_xor_nbi");                                       \
    FT_CHECK(f == a, "shmem_atomic_fetch_xor_nbi on " #T ": fetched value is wrong");     \
    /* Context forms. */                                                                  \
    GAMO_STEP(T, x, a, shmem_atomic_and(SHMEM_CTX_DEFAULT, &x, b, right), a & b,          \
              "shmem_atomic_and(ctx, ...)");                                              \
    GAMO_STEP(T, x, a, shmem_atomic_or(SHMEM_CTX_DEFAULT, &x, b, right), a | b,           \
              "shmem_atomic_or(ctx, ...)");                                               \
    GAMO_STEP(T, x, a, shmem_atomic_xor(SHMEM_CTX_DEFAULT, &x, b, right), a ^ b,          \
              "shmem_atomic_xor(ctx, ...)");                                              \
    GAMO_STEP(T, x, a, f = shmem_atomic_fetch_and(SHMEM_CTX_DEFAULT, &x, b, right), a & b, \
              "shmem_atomic_fetch_and(ctx, ...)");                                        \
    FT_CHECK(f == a, "shmem_atomic_fetch_and(ctx, ...) on " #T ": fetched value is wrong"); \
    GAMO_STEP(T, x, a, f = shmem_atomic_fetch_or(SHMEM_CTX_DEFAULT, &x, b, right), a | b,  \
              "shmem_atomic_fetch_or(ctx, ...)");                                         \
    FT_CHECK(f == a, "shmem_atomic_fetch_or(ctx, ...) on " #T ": fetched value is wrong"); \
    GAMO_STEP(T, x, a, f = shmem_atomic_fetch_xor(SHMEM_CTX_DEFAULT, &x, b, right), a ^ b, \
              "shmem_atomic_fetch_xor(ctx, ...)");                                        \
    FT_CHECK(f == a, "shmem_atomic_fetch_xor(ctx, ...) on " #T ": fetched value is wrong"); \
    f = 0;                                                                                \
    GAMO_STEP(T, x, a,                                                                    \
              (shmem_atomic_fetch_and_nbi(SHMEM_CTX_DEFAULT, &f, &x, b, right),           \
               shmem_ctx_quiet(SHMEM_CTX_DEFAULT)),                                       \
              a & b, "shmem_atomic_fetch_and_nbi(ctx, ...)");                             \
    FT_CHECK(f == a, "shmem_atomic_fetch_and_nbi(ctx, ...) on " #T ": fetched value is wrong"); \
    f = 0;                                                                                \
    GAMO_STEP(T, x, a,                                                                    \
              (shmem_atomic_fetch_or_nbi(SHMEM_CTX_DEFAULT, &f, &x, b, right),            \
               shmem_ctx_quiet(SHMEM_CTX_DEFAULT)),                                       \
              a | b, "shmem_atomic_fetch_or_nbi(ctx, ...)");                              \
    FT_CHECK(f == a, "shmem_atomic_fetch_or_nbi(ctx, ...) on " #T ": fetched value is wrong"); \
    f = 0;                                                                                \
    GAMO_STEP(T, x, a,                                                                    \
              (shmem_atomic_fetch_xor_nbi(SHMEM_CTX_DEFAULT, &f, &x, b, right),           \
               shmem_ctx_quiet(SHMEM_CTX_DEFAULT)),                                       \
              a ^ b, "shmem_atomic_fetch_xor_nbi(ctx, ...)");                             \
    FT_CHECK(f == a, "shmem_atomic_fetch_xor_nbi(ctx, ...) on " #T ": fetched value is wrong"); \
    ft_case(GENERIC_LANGUAGE " shmem_atomic_and/or/xor, fetch_and/or/xor and their _nbi "  \
            "forms (plain and context) on " #T " select the right routines");            \
  }

/* The bitwise reductions over SHMEM_TEAM_WORLD; dest's element after the
 * reduced ones must survive. */
#define GRED_CHECK(T, OP, op)                                                             \
  do {                                                                                    \
    for (int i = 0; i < GN + 1; ++i) dst[i] = (T)FT_SENTINEL;                             \
    shmem_barrier_all();                                                                  \
    int rc = shmem_##OP##_reduce(SHMEM_TEAM_WORLD, dst, src, GN);                         \
    FT_CHECK(rc == 0, "shmem_" #OP "_reduce on " #T " returned %d", rc);                  \
    for (int i = 0; i < GN; ++i) {                                                        \
      T want = GRED_VAL(T, 0, i);                                                         \
      for (int p = 1; p < ft.npes; ++p) want = (T)(want op GRED_VAL(T, p, i));            \
      FT_CHECK(dst[i] == want, "shmem_" #OP "_reduce on " #T ": element %d", i);          \
    }                                                                                     \
    FT_CHECK(dst[GN] == (T)FT_SENTINEL, "shmem_" #OP "_reduce on " #T " wrote too much"); \
  } while (0)
#define GRED_VAL(T, pe, i) ((T)(ft_val(pe, i, 4) | (((pe) + (i)) % 2 ? GAMO_HIGH(T) : 0)))

#define GENERIC_REDUCE_BITWISE_TEST(KEY, T)                                               \
  static void generic_reduce_bitwise_##KEY(void) {                                        \
    static T src[GN], dst[GN + 1]; /* symmetric */                                        \
    for (int i = 0; i < GN; ++i) src[i] = GRED_VAL(T, ft.me, i);                          \
    GRED_CHECK(T, and, &);                                                                \
    GRED_CHECK(T, or, |);                                                                 \
    GRED_CHECK(T, xor, ^);                                                                \
    shmem_barrier_all();                                                                  \
    ft_case(GENERIC_LANGUAGE " shmem_and/or/xor_reduce on " #T                            \
            " select the right routines");                                                \
  }

/* Deprecated 1.3 names: the integer ones on int, long, long long. */
#define GENERIC_DEPRECATED_AMO_TEST(KEY, T)                                               \
  GENERIC_SAME_TYPE(shmem_fadd((T *)0, (T)0, 0), T, "shmem_fadd(" #T " *) returns " #T)   \
  GENERIC_SAME_TYPE(shmem_finc((T *)0, 0), T, "shmem_finc(" #T " *) returns " #T)         \
  GENERIC_SAME_TYPE(shmem_cswap((T *)0, (T)0, (T)0, 0), T,                                \
                    "shmem_cswap(" #T " *) returns " #T)                                  \
  static void generic_deprecated_amo_##KEY(void) {                                        \
    static T y; /* symmetric */                                                           \
    const int right = (ft.me + 1) % ft.npes;                                              \
    const T a = (T)(GAMO_HIGH(T) | 5);                                                    \
    T f = 0;                                                                              \
    GAMO_STEP(T, y, a, f = shmem_fadd(&y, (T)3, right), a + 3, "shmem_fadd");             \
    FT_CHECK(f == a, "shmem_fadd on " #T ": fetched value is wrong");                     \
    GAMO_STEP(T, y, a, shmem_add(&y, (T)3, right), a + 3, "shmem_add");                   \
    GAMO_STEP(T, y, a, shmem_inc(&y, right), a + 1, "shmem_inc");                         \
    GAMO_STEP(T, y, a, f = shmem_finc(&y, right), a + 1, "shmem_finc");                   \
    FT_CHECK(f == a, "shmem_finc on " #T ": fetched value is wrong");                     \
    GAMO_STEP(T, y, a, f = shmem_cswap(&y, a, (T)9, right), 9, "shmem_cswap");            \
    FT_CHECK(f == a, "shmem_cswap on " #T ": fetched value is wrong");                    \
    GAMO_STEP(T, y, a, f = shmem_cswap(&y, (T)8, (T)9, right), a, "shmem_cswap (no match)"); \
    ft_case(GENERIC_LANGUAGE " deprecated shmem_fadd/add/inc/finc/cswap on " #T           \
            " select the right routines");                                                \
  }

/* Deprecated 1.3 names that also take float and double: swap, set, fetch. */
#define GENERIC_DEPRECATED_AMO_EXT_TEST(KEY, T)                                           \
  GENERIC_SAME_TYPE(shmem_swap((T *)0, (T)0, 0), T, "shmem_swap(" #T " *) returns " #T)   \
  GENERIC_SAME_TYPE(shmem_fetch((const T *)0, 0), T, "shmem_fetch(const " #T " *) returns " #T) \
  static void generic_deprecated_amo_ext_##KEY(void) {                                    \
    static T y; /* symmetric */                                                           \
    const int right = (ft.me + 1) % ft.npes;                                              \
    const T a = (T)(GAMO_HIGH(int) | 5), b = (T)7;                                       \
    T f = 0;                                                                              \
    GAMO_STEP(T, y, a, f = shmem_swap(&y, b, right), b, "shmem_swap");                    \
    FT_CHECK(f == a, "shmem_swap on " #T ": fetched value is wrong");                     \
    GAMO_STEP(T, y, a, shmem_set(&y, b, right), b, "shmem_set");                          \
    GAMO_STEP(T, y, a, f = shmem_fetch(&y, right), a, "shmem_fetch");                     \
    FT_CHECK(f == a, "shmem_fetch on " #T ": fetched value is wrong");                    \
    ft_case(GENERIC_LANGUAGE " deprecated shmem_swap/set/fetch on " #T                    \
            " select the right routines");                                                \
  }

GENERIC_SAME_TYPE(shmem_sync(SHMEM_TEAM_WORLD), int, "shmem_sync(team) returns int")

/* shmem_sync in its two forms, (shmem_sync) and a pointer to the active-set
 * function: each round puts to the right neighbour, quiets, syncs, and then
 * finds the left neighbour's value (shmem_sync orders nothing by itself,
 * hence the quiet). */
static void generic_sync(void) {
  static int box;                   /* symmetric */
  static long psync[SHMEM_SYNC_SIZE]; /* symmetric, SHMEM_SYNC_VALUE (0) */
  void (*active_set_sync)(int, int, int, long *) = shmem_sync;
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int round = 0; round < 4; ++round) {
    box = -1;
    shmem_barrier_all();
    shmem_p(&box, 100 * round + me, right);
    shmem_quiet();
    switch (round) {
      case 0:
        FT_CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0, "shmem_sync(team) did not return 0");
        break;
      case 1: shmem_sync(0, 0, n, psync); break;
      case 2: (shmem_sync)(0, 0, n, psync); break;
      default: active_set_sync(0, 0, n, psync); break;
    }
    FT_CHECK(box == 100 * round + left, "round %d: the left PE's put is not visible after the sync",
             round);
    shmem_barrier_all();
  }
  ft_case(GENERIC_LANGUAGE " shmem_sync(team), shmem_sync(PE_start, logPE_stride, PE_size, "
          "pSync), (shmem_sync)(...) and a pointer to shmem_sync synchronize");
}

/* The deprecated long shmem_swap function, named as itself. */
static void generic_long_swap_function(void) {
  static long z; /* symmetric */
  long (*swap_fn)(long *, long, int) = shmem_swap;
  const int right = (ft.me + 1) % ft.npes;
  long f = 0;
  GAMO_STEP(long, z, 5, f = (shmem_swap)(&z, 7L, right), 7, "(shmem_swap)");
  FT_CHECK(f == 5, "(shmem_swap) on long: fetched value is wrong");
  GAMO_STEP(long, z, 5, f = swap_fn(&z, 8L, right), 8, "a pointer to shmem_swap");
  FT_CHECK(f == 5, "a pointer to shmem_swap on long: fetched value is wrong");
  ft_case(GENERIC_LANGUAGE " (shmem_swap) and a pointer to it reach the long function");
}

/* OpenSHMEM 1.6 generics (shmem_ibput/ibget, shmem_sum_inscan/exscan,
 * shmem_signal_add/set(ctx, ...)). */
static void generic_v16(void) {
  static long blocks[8], scan_src[GN], scan_dst[GN]; /* symmetric */
  static uint64_t sig;                              /* symmetric */
  long src[4] = {11, 12, 13, 14}, got[8];
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int i = 0; i < 8; ++i) blocks[i] = -1, got[i] = -1;
  shmem_barrier_all();
  /* Blocks of 2 taken every 2 elements, stored every 4. */
  shmem_ibput(blocks, src, 4, 2, 2, 2, right);
  shmem_barrier_all();
  FT_CHECK(blocks[0] == 11 && blocks[1] == 12 && blocks[2] == -1 && blocks[4] == 13 &&
               blocks[5] == 14 && blocks[6] == -1,
           "shmem_ibput on long");
  shmem_ibget(SHMEM_CTX_DEFAULT, got, blocks, 2, 4, 2, 2, right);
  FT_CHECK(got[0] == 11 && got[1] == 12 && got[2] == 13 && got[3] == 14 && got[4] == -1,
           "shmem_ibget(ctx, ...) on long");
  for (int i = 0; i < GN; ++i) scan_src[i] = me + i;
  shmem_barrier_all();
  FT_CHECK(shmem_sum_inscan(SHMEM_TEAM_WORLD, scan_dst, scan_src, GN) == 0, "shmem_sum_inscan");
  for (int i = 0; i < GN; ++i)
    FT_CHECK(scan_dst[i] == (long)me * (me + 1) / 2 + (long)(me + 1) * i,
             "shmem_sum_inscan on long: element %d", i);
  FT_CHECK(shmem_sum_exscan(SHMEM_TEAM_WORLD, scan_dst, scan_src, GN) == 0, "shmem_sum_exscan");
  for (int i = 0; me > 0 && i < GN; ++i)
    FT_CHECK(scan_dst[i] == (long)(me - 1) * me / 2 + (long)me * i,
             "shmem_sum_exscan on long: element %d", i);
  sig = 0;
  shmem_barrier_all();
  shmem_signal_add(SHMEM_CTX_DEFAULT, &sig, 3, right);
  shmem_signal_add(&sig, 4, right);
  shmem_barrier_all();
  FT_CHECK(sig == 7, "shmem_signal_add(ctx, ...) and shmem_signal_add(...)");
  shmem_barrier_all();
  shmem_signal_set(SHMEM_CTX_DEFAULT, &sig, 100 + (uint64_t)me, right);
  shmem_barrier_all();
  FT_CHECK(sig == 100 + (uint64_t)left, "shmem_signal_set(ctx, ...)");
  shmem_signal_set(&sig, 5, me);
  shmem_barrier_all();
  FT_CHECK(sig == 5, "shmem_signal_set(...)");
  shmem_barrier_all();
  ft_case(GENERIC_LANGUAGE " shmem_ibput/ibget, shmem_sum_inscan/exscan, "
          "shmem_signal_add/set (3 and 4 arguments) select the right routines");
}

#define GENERIC_AMO_CALL(KEY, T) generic_amo_bitwise_##KEY();
#define GENERIC_REDUCE_CALL(KEY, T) generic_reduce_bitwise_##KEY();
#define GENERIC_DEPRECATED_CALL(KEY, T) generic_deprecated_amo_##KEY();
#define GENERIC_DEPRECATED_EXT_CALL(KEY, T) generic_deprecated_amo_ext_##KEY();

/* The type lists, written out (a C11 generic call cannot appear inside an
 * expansion of the types.def macros it is built from; see generic_c11.c);
 * generic_c11.c checks their counts against types.def. */
#define GENERIC_AMO_BITWISE_TYPES(X)                                                  \
  X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long)      \
  X(int32, int32_t) X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t)
#define GENERIC_REDUCE_BITWISE_TYPES(X)                                               \
  X(uchar, unsigned char) X(ushort, unsigned short) X(uint, unsigned int)             \
  X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int8, int8_t)            \
  X(int16, int16_t) X(int32, int32_t) X(int64, int64_t) X(uint8, uint8_t)             \
  X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)
#define GENERIC_DEPRECATED_AMO_TYPES(X) X(int, int) X(long, long) X(longlong, long long)
#define GENERIC_DEPRECATED_AMO_EXT_TYPES(X) \
  GENERIC_DEPRECATED_AMO_TYPES(X) X(float, float) X(double, double)

#define GENERIC_COUNT_ONE(KEY, T) +1
static_assert(0 GENERIC_AMO_BITWISE_TYPES(GENERIC_COUNT_ONE) ==
                  0 ROCSHMEM_AMO_BITWISE_TYPES(GENERIC_COUNT_ONE),
              "GENERIC_AMO_BITWISE_TYPES lists every type of the bitwise AMO table");
static_assert(0 GENERIC_REDUCE_BITWISE_TYPES(GENERIC_COUNT_ONE) ==
                  0 ROCSHMEM_REDUCE_BITWISE_TYPES(GENERIC_COUNT_ONE),
              "GENERIC_REDUCE_BITWISE_TYPES lists every type of the bitwise reduction table");
static_assert(0 GENERIC_DEPRECATED_AMO_EXT_TYPES(GENERIC_COUNT_ONE) ==
                  0 SHMEM_DEPRECATED_AMO_TYPES(GENERIC_COUNT_ONE)
                      SHMEM_DEPRECATED_AMO_FLOAT_TYPES(GENERIC_COUNT_ONE),
              "GENERIC_DEPRECATED_AMO_EXT_TYPES lists every deprecated AMO type");

GENERIC_AMO_BITWISE_TYPES(GENERIC_AMO_BITWISE_TEST)
GENERIC_REDUCE_BITWISE_TYPES(GENERIC_REDUCE_BITWISE_TEST)
GENERIC_DEPRECATED_AMO_TYPES(GENERIC_DEPRECATED_AMO_TEST)
GENERIC_DEPRECATED_AMO_EXT_TYPES(GENERIC_DEPRECATED_AMO_EXT_TEST)

static void generic_amo_all(void) {
  GENERIC_AMO_BITWISE_TYPES(GENERIC_AMO_CALL)
  GENERIC_REDUCE_BITWISE_TYPES(GENERIC_REDUCE_CALL)
  GENERIC_DEPRECATED_AMO_TYPES(GENERIC_DEPRECATED_CALL)
  GENERIC_DEPRECATED_AMO_EXT_TYPES(GENERIC_DEPRECATED_EXT_CALL)
  generic_sync();
  generic_long_swap_function();
  generic_v16();
}

#endif /* ROCSHMEM_TESTS_GENERIC_AMO_H */
