/*
 * The type-generic RMA names -- shmem_put, get, put_nbi, get_nbi, iput, iget,
 * p and g, with or without a leading shmem_ctx_t -- and the team collectives
 * (shmem_broadcast, shmem_max_reduce: selected by dest) are C11 _Generic macros
 * in C and overloads in C++; a call looks
 * the same in both, so the test body is written once here and compiled by
 * generic_c11.c and generic_cxx.cc.
 *
 * For every type of <rocshmem/types.def> (the fixed-width and size types are
 * typedefs and must resolve to their base type's routines), each call moves N
 * elements and a sentinel right after them must survive: a selection of the
 * wrong type would move N elements of another size and fail the check (or,
 * for a wrong pointer type, not compile: both files build with -Werror).
 * GENERIC_RETURN_CHECK(T) is each language's compile-time check that shmem_g
 * returns T.  GENERIC_MAIN also runs the cases of generic_amo.h (AMOs,
 * bitwise reductions, shmem_sync, deprecated names), which each program
 * includes after defining its checks.
 */
#ifndef ROCSHMEM_TESTS_GENERIC_H
#define ROCSHMEM_TESTS_GENERIC_H

#include "../common/ftest.h"

enum { GN = 5 };

#define GENERIC_CHECK_ALL(T, buf, expr, what)                                          \
  for (int i = 0; i < 2 * GN; ++i)                                                     \
    FT_CHECK((buf)[i] == (T)(expr), "%s on " #T ": element %d is wrong", what, i)

#define GENERIC_TEST(KEY, T)                                                           \
  GENERIC_RETURN_CHECK(T)                                                              \
  static void generic_##KEY(void) {                                                    \
    const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n; \
    static T sym_static[2 * GN]; /* static data is symmetric too */                    \
    T *sym_heap = (T *)shmem_malloc(2 * GN * sizeof(T));                               \
    T src[2 * GN], got[2 * GN];                                                        \
    for (int i = 0; i < 2 * GN; ++i) {                                                 \
      src[i] = (T)ft_val(me, i, 1);                                                    \
      sym_heap[i] = (T)FT_SENTINEL;                                                    \
      sym_static[i] = (T)ft_val(me, i, 2);                                             \
      got[i] = (T)FT_SENTINEL;                                                         \
    }                                                                                  \
    shmem_barrier_all();                                                               \
    shmem_put(sym_heap, src, GN, right);                                               \
    shmem_barrier_all();                                                               \
    GENERIC_CHECK_ALL(T, sym_heap, i < GN ? ft_val(left, i, 1) : FT_SENTINEL, "shmem_put"); \
    shmem_get(got, sym_static, GN, right); /* an array argument: decays */             \
    GENERIC_CHECK_ALL(T, got, i < GN ? ft_val(right, i, 2) : FT_SENTINEL, "shmem_get"); \
    shmem_barrier_all(); /* the next PE has checked its sym_heap */                    \
    shmem_p(&sym_heap[GN], (T)42, right);                                              \
    shmem_barrier_all();                                                               \
    FT_CHECK(sym_heap[GN] == (T)42, "shmem_p on " #T);                                 \
    FT_CHECK(sym_heap[GN + 1] == (T)FT_SENTINEL, "shmem_p on " #T " wrote too much");  \
    FT_CHECK(shmem_g(&sym_static[GN + 1], right) == (T)ft_val(right, GN + 1, 2),       \
             "shmem_g on " #T);                                                        \
    shmem_barrier_all();                                                               \
    for (int i = 0; i < 2 * GN; ++i) sym_heap[i] = (T)FT_SENTINEL, got[i] = (T)FT_SENTINEL; \
    shmem_barrier_all();                                                               \
    shmem_put_nbi(sym_heap, src + GN, GN, right);                                      \
    shmem_quiet();                                                                     \
    ft_mpi_barrier();                                                                  \
    GENERIC_CHECK_ALL(T, sym_heap, i < GN ? ft_val(left, GN + i, 1) : FT_SENTINEL,     \
                      "shmem_put_nbi");                                                \
    shmem_get_nbi(got, sym_static + GN, GN, right);                                    \
    shmem_quiet();                                                                     \
    GENERIC_CHECK_ALL(T, got, i < GN ? ft_val(right, GN + i, 2) : FT_SENTINEL,         \
                      "shmem_get_nbi");                                                \
    shmem_barrier_all();                                                               \
    for (int i = 0; i < 2 * GN; ++i) sym_heap[i] = (T)FT_SENTINEL, got[i] = (T)FT_SENTINEL; \
    shmem_barrier_all();                                                               \
    shmem_iput(sym_heap, src, 2, 1, GN, right);                                        \
    shmem_barrier_all();                                                               \
    GENERIC_CHECK_ALL(T, sym_heap, i % 2 == 0 ? ft_val(left, i / 2, 1) : FT_SENTINEL,  \
                      "shmem_iput");                                                   \
    shmem_iget(got, sym_static, 1, 2, GN, right);                                      \
    GENERIC_CHECK_ALL(T, got, i < GN ? ft_val(right, 2 * i, 2) : FT_SENTINEL,          \
                      "shmem_iget");                                                   \
    /* Context forms: a shmem_ctx_t first argument selects shmem_ctx_TYPE_*. */        \
    shmem_barrier_all();                                                               \
    for (int i = 0; i < 2 * GN; ++i) sym_heap[i] = (T)FT_SENTINEL, got[i] = (T)FT_SENTINEL; \
    shmem_barrier_all();                                                               \
    shmem_put(SHMEM_CTX_DEFAULT, sym_heap, src, GN, right);                            \
    shmem_barrier_all();                                                               \
    GENERIC_CHECK_ALL(T, sym_heap, i < GN ? ft_val(left, i, 1) : FT_SENTINEL,          \
                      "shmem_put(ctx, ...)");                                          \
    shmem_get(SHMEM_CTX_DEFAULT, got, sym_static, GN, right);                          \
    GENERIC_CHECK_ALL(T, got, i < GN ? ft_val(right, i, 2) : FT_SENTINEL,              \
                      "shmem_get(ctx, ...)");                                          \
    FT_CHECK(shmem_g(SHMEM_CTX_DEFAULT, &sym_static[GN + 2], right) ==                 \
                 (T)ft_val(right, GN + 2, 2), "shmem_g(ctx, ...) on " #T);             \
    /* Team collectives: the type of dest (second argument) selects. */               \
    shmem_barrier_all();                                                               \
    for (int i = 0; i < 2 * GN; ++i) sym_heap[i] = (T)FT_SENTINEL;                     \
    shmem_barrier_all();                                                               \
    shmem_broadcast(SHMEM_TEAM_WORLD, sym_heap, sym_static, GN, 0);                    \
    if (me != 0)                                                                       \
      GENERIC_CHECK_ALL(T, sym_heap, i < GN ? ft_val(0, i, 2) : FT_SENTINEL,           \
                        "shmem_broadcast(team, ...)");                                 \
    FT_CHECK(sym_heap[GN] == (T)FT_SENTINEL, "shmem_broadcast on " #T " wrote too much"); \
    shmem_max_reduce(SHMEM_TEAM_WORLD, sym_heap, sym_static, GN);                      \
    for (int i = 0; i < GN; ++i) {                                                     \
      T want = (T)ft_val(0, i, 2);                                                     \
      for (int p = 1; p < n; ++p)                                                      \
        if ((T)ft_val(p, i, 2) > want) want = (T)ft_val(p, i, 2);                      \
      FT_CHECK(sym_heap[i] == want, "shmem_max_reduce(team, ...) on " #T ": element %d", i); \
    }                                                                                  \
    FT_CHECK(sym_heap[GN] == (T)FT_SENTINEL, "shmem_max_reduce on " #T " wrote too much"); \
    shmem_barrier_all();                                                               \
    shmem_free(sym_heap);                                                              \
    ft_case(GENERIC_LANGUAGE " shmem_put/get/p/g/put_nbi/get_nbi/iput/iget (plain and " \
            "context forms), shmem_broadcast and shmem_max_reduce on " #T                 \
            " select the right routines");                                             \
  }

#define GENERIC_CALL(KEY, T) generic_##KEY();

/* TYPES is an X-macro list of (KEY, T): every type of types.def. */
#define GENERIC_MAIN(TYPES)                                                            \
  TYPES(GENERIC_TEST)                                                                  \
  int main(void) {                                                                     \
    shmem_init();                                                                      \
    ft_begin();                                                                        \
    TYPES(GENERIC_CALL)                                                                \
    generic_amo_all(); /* generic_amo.h */                                             \
    int rc = ft_finish();                                                              \
    shmem_finalize();                                                                  \
    return rc;                                                                         \
  }

#endif /* ROCSHMEM_TESTS_GENERIC_H */
