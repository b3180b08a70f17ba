/*
 * Type-generic shmem_* names (OpenSHMEM 1.5): shmem_put(dest, ...),
 * shmem_put(ctx, dest, ...), shmem_atomic_fetch_add(dest, ...),
 * shmem_wait_until(ivar, ...), shmem_broadcast(team, dest, ...),
 * shmem_sum_reduce(team, dest, ...) and so on.  Included by <shmem.h>.  Selection
 * is on the distinct C types of the tables in types.def (the fixed-width
 * names are typedefs of those).
 *
 * Each family's operations are listed once (SHMEM_GENERIC_<FAMILY>_OPS); C++
 * expands them into overloads.  C11 _Generic needs one association list per
 * operation, so each operation also has a one-line case macro
 * (SHMEM_C11_CASE_<op>) fed by the same type tables.
 *
 * Limitation (C only): because the C11 macros expand the types.def tables,
 * a generic call cannot appear inside the expansion of one of those same
 * table macros (the preprocessor does not re-expand a macro within itself);
 * call the typed routine there.  C++ overloads have no such limit.
 */
#ifndef ROCSHMEM_SHMEM_GENERIC_H
#define ROCSHMEM_SHMEM_GENERIC_H

#define SHMEM_GENERIC_RMA_TYPES(X) ROCSHMEM_RMA_BASE_TYPES(X) SHMEM_RMA_EXTRA_TYPES(X)
#define SHMEM_GENERIC_AMO_STANDARD_TYPES(X) ROCSHMEM_AMO_STANDARD_BASE_TYPES(X)
#define SHMEM_GENERIC_AMO_EXTENDED_TYPES(X) ROCSHMEM_AMO_STANDARD_BASE_TYPES(X) ROCSHMEM_AMO_FLOAT_TYPES(X)
#define SHMEM_GENERIC_AMO_BITWISE_TYPES(X) ROCSHMEM_AMO_BITWISE_BASE_TYPES(X)
#define SHMEM_GENERIC_P2P_TYPES(X) ROCSHMEM_P2P_BASE_TYPES(X)
/* Collectives take every RMA type; max/min reductions the same distinct
 * types (ptrdiff_t and size_t are typedefs of them), sum/prod also complex. */
#define SHMEM_GENERIC_COLL_TYPES(X) SHMEM_GENERIC_RMA_TYPES(X)
#define SHMEM_GENERIC_REDUCE_BITWISE_TYPES(X) ROCSHMEM_REDUCE_BITWISE_BASE_TYPES(X)
#define SHMEM_GENERIC_REDUCE_MINMAX_TYPES(X) SHMEM_GENERIC_RMA_TYPES(X)
#define SHMEM_GENERIC_REDUCE_SUMPROD_TYPES(X) SHMEM_GENERIC_RMA_TYPES(X) SHMEM_REDUCE_COMPLEX_TYPES(X)

/* Y(OP, KEY, T, WITH_CTX, RET, PARAMS, ARGS) for each operation of a family. */
#define SHMEM_GENERIC_RMA_OPS(Y, KEY, T) \
  Y(put, KEY, T, 1, void, (T *d, const T *s, size_t n, int pe), (d, s, n, pe)) \
  Y(get, KEY, T, 1, void, (T *d, const T *s, size_t n, int pe), (d, s, n, pe)) \
  Y(put_nbi, KEY, T, 1, void, (T *d, const T *s, size_t n, int pe), (d, s, n, pe)) \
  Y(get_nbi, KEY, T, 1, void, (T *d, const T *s, size_t n, int pe), (d, s, n, pe)) \
  Y(iput, KEY, T, 1, void, (T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), (d, s, dst, sst, n, pe)) \
  Y(iget, KEY, T, 1, void, (T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), (d, s, dst, sst, n, pe)) \
  Y(p, KEY, T, 1, void, (T *d, T v, int pe), (d, v, pe)) \
  Y(g, KEY, T, 1, T, (const T *s, int pe), (s, pe)) \
  Y(put_signal, KEY, T, 1, void, (T *d, const T *s, size_t n, uint64_t *sig, uint64_t sv, int op, int pe), (d, s, n, sig, sv, op, pe)) \
  Y(put_signal_nbi, KEY, T, 1, void, (T *d, const T *s, size_t n, uint64_t *sig, uint64_t sv, int op, int pe), (d, s, n, sig, sv, op, pe))

#define SHMEM_GENERIC_AMO_STANDARD_OPS(Y, KEY, T) \
  Y(atomic_compare_swap, KEY, T, 1, T, (T *d, T c, T v, int pe), (d, c, v, pe)) \
  Y(atomic_fetch_inc, KEY, T, 1, T, (T *d, int pe), (d, pe)) \
  Y(atomic_inc, KEY, T, 1, void, (T *d, int pe), (d, pe)) \
  Y(atomic_fetch_add, KEY, T, 1, T, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_add, KEY, T, 1, void, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_compare_swap_nbi, KEY, T, 1, void, (T *f, T *d, T c, T v, int pe), (f, d, c, v, pe)) \
  Y(atomic_fetch_inc_nbi, KEY, T, 1, void, (T *f, T *d, int pe), (f, d, pe)) \
  Y(atomic_fetch_add_nbi, KEY, T, 1, void, (T *f, T *d, T v, int pe), (f, d, v, pe))

#define SHMEM_GENERIC_AMO_EXTENDED_OPS(Y, KEY, T) \
  Y(atomic_fetch, KEY, T, 1, T, (const T *s, int pe), (s, pe)) \
  Y(atomic_set, KEY, T, 1, void, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_swap, KEY, T, 1, T, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_fetch_nbi, KEY, T, 1, void, (T *f, const T *s, int pe), (f, s, pe)) \
  Y(atomic_swap_nbi, KEY, T, 1, void, (T *f, T *d, T v, int pe), (f, d, v, pe))

#define SHMEM_GENERIC_AMO_BITWISE_OPS(Y, KEY, T) \
  Y(atomic_fetch_and, KEY, T, 1, T, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_and, KEY, T, 1, void, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_fetch_and_nbi, KEY, T, 1, void, (T *f, T *d, T v, int pe), (f, d, v, pe)) \
  Y(atomic_fetch_or, KEY, T, 1, T, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_or, KEY, T, 1, void, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_fetch_or_nbi, KEY, T, 1, void, (T *f, T *d, T v, int pe), (f, d, v, pe)) \
  Y(atomic_fetch_xor, KEY, T, 1, T, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_xor, KEY, T, 1, void, (T *d, T v, int pe), (d, v, pe)) \
  Y(atomic_fetch_xor_nbi, KEY, T, 1, void, (T *f, T *d, T v, int pe), (f, d, v, pe))

#define SHMEM_GENERIC_P2P_OPS(Y, KEY, T) \
  Y(wait_until, KEY, T, 0, void, (T *i, int c, T v), (i, c, v)) \
  Y(test, KEY, T, 0, int, (T *i, int c, T v), (i, c, v)) \
  Y(wait_until_all, KEY, T, 0, void, (T *i, size_t n, const int *st, int c, T v), (i, n, st, c, v)) \
  Y(wait_until_any, KEY, T, 0, size_t, (T *i, size_t n, const int *st, int c, T v), (i, n, st, c, v)) \
  Y(wait_until_some, KEY, T, 0, size_t, (T *i, size_t n, size_t *ix, const int *st, int c, T v), (i, n, ix, st, c, v)) \
  Y(wait_until_all_vector, KEY, T, 0, void, (T *i, size_t n, const int *st, int c, T *v), (i, n, st, c, v)) \
  Y(wait_until_any_vector, KEY, T, 0, size_t, (T *i, size_t n, const int *st, int c, T *v), (i, n, st, c, v)) \
  Y(wait_until_some_vector, KEY, T, 0, size_t, (T *i, size_t n, size_t *ix, const int *st, int c, T *v), (i, n, ix, st, c, v)) \
  Y(test_all, KEY, T, 0, int, (T *i, size_t n, const int *st, int c, T v), (i, n, st, c, v)) \
  Y(test_any, KEY, T, 0, size_t, (T *i, size_t n, const int *st, int c, T v), (i, n, st, c, v)) \
  Y(test_some, KEY, T, 0, size_t, (T *i, size_t n, size_t *ix, const int *st, int c, T v), (i, n, ix, st, c, v)) \
  Y(test_all_vector, KEY, T, 0, int, (T *i, size_t n, const int *st, int c, T *v), (i, n, st, c, v)) \
  Y(test_any_vector, KEY, T, 0, size_t, (T *i, size_t n, const int *st, int c, T *v), (i, n, st, c, v)) \
  Y(test_some_vector, KEY, T, 0, size_t, (T *i, size_t n, size_t *ix, const int *st, int c, T *v), (i, n, ix, st, c, v))

/* Team collectives: the team comes first, the element type from dest. */
#define SHMEM_GENERIC_COLL_OPS(Y, KEY, T) \
  Y(broadcast, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n, int root), (t, d, s, n, root)) \
  Y(collect, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n), (t, d, s, n)) \
  Y(fcollect, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n), (t, d, s, n)) \
  Y(alltoall, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n), (t, d, s, n)) \
  Y(alltoalls, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n), (t, d, s, dst, sst, n))

#define SHMEM_GENERIC_REDUCE_OP(Y, OP, KEY, T) \
  Y(OP##_reduce, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n), (t, d, s, n))
#define SHMEM_GENERIC_REDUCE_BITWISE_OPS(Y, KEY, T) \
  SHMEM_GENERIC_REDUCE_OP(Y, and, KEY, T) SHMEM_GENERIC_REDUCE_OP(Y, or, KEY, T) \
  SHMEM_GENERIC_REDUCE_OP(Y, xor, KEY, T)
#define SHMEM_GENERIC_REDUCE_MINMAX_OPS(Y, KEY, T) \
  SHMEM_GENERIC_REDUCE_OP(Y, max, KEY, T) SHMEM_GENERIC_REDUCE_OP(Y, min, KEY, T)
#define SHMEM_GENERIC_REDUCE_SUMPROD_OPS(Y, KEY, T) \
  SHMEM_GENERIC_REDUCE_OP(Y, sum, KEY, T) SHMEM_GENERIC_REDUCE_OP(Y, prod, KEY, T)

#if defined(__cplusplus)
/* ------------------------------------------------------------------ C++ overloads */
#define SHMEM_CXX_CTX_OVERLOAD0(OP, KEY, RET, PARAMS, ARGS)
#define SHMEM_CXX_CTX_OVERLOAD1(OP, KEY, RET, PARAMS, ARGS)               \
  static inline RET shmem_##OP(shmem_ctx_t ctx, ROCSHMEM_EXPAND PARAMS) { \
    return shmem_ctx_##KEY##_##OP(ctx, ROCSHMEM_EXPAND ARGS);             \
  }
#define SHMEM_CXX_OVERLOAD(OP, KEY, T, WITH_CTX, RET, PARAMS, ARGS)              \
  static inline RET shmem_##OP PARAMS { return shmem_##KEY##_##OP ARGS; }       \
  SHMEM_CXX_CTX_OVERLOAD##WITH_CTX(OP, KEY, RET, PARAMS, ARGS)
#define SHMEM_CXX_RMA(KEY, T) SHMEM_GENERIC_RMA_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_RMA_TYPES(SHMEM_CXX_RMA)
#undef SHMEM_CXX_RMA
#define SHMEM_CXX_AMO_STANDARD(KEY, T) SHMEM_GENERIC_AMO_STANDARD_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_AMO_STANDARD_TYPES(SHMEM_CXX_AMO_STANDARD)
#undef SHMEM_CXX_AMO_STANDARD
#define SHMEM_CXX_AMO_EXTENDED(KEY, T) SHMEM_GENERIC_AMO_EXTENDED_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_AMO_EXTENDED_TYPES(SHMEM_CXX_AMO_EXTENDED)
#undef SHMEM_CXX_AMO_EXTENDED
#define SHMEM_CXX_AMO_BITWISE(KEY, T) SHMEM_GENERIC_AMO_BITWISE_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_AMO_BITWISE_TYPES(SHMEM_CXX_AMO_BITWISE)
#undef SHMEM_CXX_AMO_BITWISE
#define SHMEM_CXX_P2P(KEY, T) SHMEM_GENERIC_P2P_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_P2P_TYPES(SHMEM_CXX_P2P)
#undef SHMEM_CXX_P2P
#define SHMEM_CXX_COLL(KEY, T) SHMEM_GENERIC_COLL_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_COLL_TYPES(SHMEM_CXX_COLL)
#undef SHMEM_CXX_COLL
#define SHMEM_CXX_REDUCE_BITWISE(KEY, T) SHMEM_GENERIC_REDUCE_BITWISE_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_REDUCE_BITWISE_TYPES(SHMEM_CXX_REDUCE_BITWISE)
#undef SHMEM_CXX_REDUCE_BITWISE
#define SHMEM_CXX_REDUCE_MINMAX(KEY, T) SHMEM_GENERIC_REDUCE_MINMAX_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_REDUCE_MINMAX_TYPES(SHMEM_CXX_REDUCE_MINMAX)
#undef SHMEM_CXX_REDUCE_MINMAX
#define SHMEM_CXX_REDUCE_SUMPROD(KEY, T) SHMEM_GENERIC_REDUCE_SUMPROD_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_REDUCE_SUMPROD_TYPES(SHMEM_CXX_REDUCE_SUMPROD)
#undef SHMEM_CXX_REDUCE_SUMPROD

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
/* ------------------------------------------------------------------ C11 _Generic */
#define SHMEM_C11_ARG0_(a, ...) a
#define SHMEM_C11_ARG0(...) SHMEM_C11_ARG0_(__VA_ARGS__, 0)
#define SHMEM_C11_ARG1_(a, b, ...) b
#define SHMEM_C11_ARG1(...) SHMEM_C11_ARG1_(__VA_ARGS__, 0, 0)
/* Never defined: an unsupported type makes the call fail to compile. */
void shmem_c11_type_error(void);
#define SHMEM_C11_SELECT(OP, TYPES, first) \
  _Generic((first), TYPES(SHMEM_C11_CASE_##OP) default: shmem_c11_type_error)
#define SHMEM_C11_SELECT_CTX(OP, TYPES, first) \
  _Generic((first), TYPES(SHMEM_C11_CTX_CASE_##OP) default: shmem_c11_type_error)
/* Operations with a context form: a shmem_ctx_t first argument selects it. */
#define SHMEM_C11_DISPATCH_CTX(OP, TYPES, ...)                                               \
  _Generic(SHMEM_C11_ARG0(__VA_ARGS__),                                                     \
      shmem_ctx_t: SHMEM_C11_SELECT_CTX(OP, TYPES, SHMEM_C11_ARG1(__VA_ARGS__)),             \
      default: SHMEM_C11_SELECT(OP, TYPES, SHMEM_C11_ARG0(__VA_ARGS__)))(__VA_ARGS__)
#define SHMEM_C11_DISPATCH(OP, TYPES, ...) \
  SHMEM_C11_SELECT(OP, TYPES, SHMEM_C11_ARG0(__VA_ARGS__))(__VA_ARGS__)
/* Team collectives: selected by dest, the second argument. */
#define SHMEM_C11_DISPATCH_TEAM(OP, TYPES, ...) \
  SHMEM_C11_SELECT(OP, TYPES, SHMEM_C11_ARG1(__VA_ARGS__))(__VA_ARGS__)

#define SHMEM_C11_CASE_put(K, T) T *: shmem_##K##_put,
#define SHMEM_C11_CTX_CASE_put(K, T) T *: shmem_ctx_##K##_put,
#define shmem_put(...) SHMEM_C11_DISPATCH_CTX(put, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_get(K, T) T *: shmem_##K##_get,
#define SHMEM_C11_CTX_CASE_get(K, T) T *: shmem_ctx_##K##_get,
#define shmem_get(...) SHMEM_C11_DISPATCH_CTX(get, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_put_nbi(K, T) T *: shmem_##K##_put_nbi,
#define SHMEM_C11_CTX_CASE_put_nbi(K, T) T *: shmem_ctx_##K##_put_nbi,
#define shmem_put_nbi(...) SHMEM_C11_DISPATCH_CTX(put_nbi, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_get_nbi(K, T) T *: shmem_##K##_get_nbi,
#define SHMEM_C11_CTX_CASE_get_nbi(K, T) T *: shmem_ctx_##K##_get_nbi,
#define shmem_get_nbi(...) SHMEM_C11_DISPATCH_CTX(get_nbi, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_iput(K, T) T *: shmem_##K##_iput,
#define SHMEM_C11_CTX_CASE_iput(K, T) T *: shmem_ctx_##K##_iput,
#define shmem_iput(...) SHMEM_C11_DISPATCH_CTX(iput, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_iget(K, T) T *: shmem_##K##_iget,
#define SHMEM_C11_CTX_CASE_iget(K, T) T *: shmem_ctx_##K##_iget,
#define shmem_iget(...) SHMEM_C11_DISPATCH_CTX(iget, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_p(K, T) T *: shmem_##K##_p,
#define SHMEM_C11_CTX_CASE_p(K, T) T *: shmem_ctx_##K##_p,
#define shmem_p(...) SHMEM_C11_DISPATCH_CTX(p, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_g(K, T) T *: shmem_##K##_g, const T *: shmem_##K##_g,
#define SHMEM_C11_CTX_CASE_g(K, T) T *: shmem_ctx_##K##_g, const T *: shmem_ctx_##K##_g,
#define shmem_g(...) SHMEM_C11_DISPATCH_CTX(g, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_put_signal(K, T) T *: shmem_##K##_put_signal,
#define SHMEM_C11_CTX_CASE_put_signal(K, T) T *: shmem_ctx_##K##_put_signal,
#define shmem_put_signal(...) SHMEM_C11_DISPATCH_CTX(put_signal, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_put_signal_nbi(K, T) T *: shmem_##K##_put_signal_nbi,
#define SHMEM_C11_CTX_CASE_put_signal_nbi(K, T) T *: shmem_ctx_##K##_put_signal_nbi,
#define shmem_put_signal_nbi(...) SHMEM_C11_DISPATCH_CTX(put_signal_nbi, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_compare_swap(K, T) T *: shmem_##K##_atomic_compare_swap,
#define SHMEM_C11_CTX_CASE_atomic_compare_swap(K, T) T *: shmem_ctx_##K##_atomic_compare_swap,
#define shmem_atomic_compare_swap(...) SHMEM_C11_DISPATCH_CTX(atomic_compare_swap, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_inc(K, T) T *: shmem_##K##_atomic_fetch_inc,
#define SHMEM_C11_CTX_CASE_atomic_fetch_inc(K, T) T *: shmem_ctx_##K##_atomic_fetch_inc,
#define shmem_atomic_fetch_inc(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_inc, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_inc(K, T) T *: shmem_##K##_atomic_inc,
#define SHMEM_C11_CTX_CASE_atomic_inc(K, T) T *: shmem_ctx_##K##_atomic_inc,
#define shmem_atomic_inc(...) SHMEM_C11_DISPATCH_CTX(atomic_inc, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_add(K, T) T *: shmem_##K##_atomic_fetch_add,
#define SHMEM_C11_CTX_CASE_atomic_fetch_add(K, T) T *: shmem_ctx_##K##_atomic_fetch_add,
#define shmem_atomic_fetch_add(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_add, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_add(K, T) T *: shmem_##K##_atomic_add,
#define SHMEM_C11_CTX_CASE_atomic_add(K, T) T *: shmem_ctx_##K##_atomic_add,
#define shmem_atomic_add(...) SHMEM_C11_DISPATCH_CTX(atomic_add, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_compare_swap_nbi(K, T) T *: shmem_##K##_atomic_compare_swap_nbi,
#define SHMEM_C11_CTX_CASE_atomic_compare_swap_nbi(K, T) T *: shmem_ctx_##K##_atomic_compare_swap_nbi,
#define shmem_atomic_compare_swap_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_compare_swap_nbi, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_inc_nbi(K, T) T *: shmem_##K##_atomic_fetch_inc_nbi,
#define SHMEM_C11_CTX_CASE_atomic_fetch_inc_nbi(K, T) T *: shmem_ctx_##K##_atomic_fetch_inc_nbi,
#define shmem_atomic_fetch_inc_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_inc_nbi, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_add_nbi(K, T) T *: shmem_##K##_atomic_fetch_add_nbi,
#define SHMEM_C11_CTX_CASE_atomic_fetch_add_nbi(K, T) T *: shmem_ctx_##K##_atomic_fetch_add_nbi,
#define shmem_atomic_fetch_add_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_add_nbi, SHMEM_GENERIC_AMO_STANDARD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch(K, T) T *: shmem_##K##_atomic_fetch, const T *: shmem_##K##_atomic_fetch,
#define SHMEM_C11_CTX_CASE_atomic_fetch(K, T) T *: shmem_ctx_##K##_atomic_fetch, const T *: shmem_ctx_##K##_atomic_fetch,
#define shmem_atomic_fetch(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch, SHMEM_GENERIC_AMO_EXTENDED_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_set(K, T) T *: shmem_##K##_atomic_set,
#define SHMEM_C11_CTX_CASE_atomic_set(K, T) T *: shmem_ctx_##K##_atomic_set,
#define shmem_atomic_set(...) SHMEM_C11_DISPATCH_CTX(atomic_set, SHMEM_GENERIC_AMO_EXTENDED_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_swap(K, T) T *: shmem_##K##_atomic_swap,
#define SHMEM_C11_CTX_CASE_atomic_swap(K, T) T *: shmem_ctx_##K##_atomic_swap,
#define shmem_atomic_swap(...) SHMEM_C11_DISPATCH_CTX(atomic_swap, SHMEM_GENERIC_AMO_EXTENDED_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_nbi(K, T) T *: shmem_##K##_atomic_fetch_nbi,
#define SHMEM_C11_CTX_CASE_atomic_fetch_nbi(K, T) T *: shmem_ctx_##K##_atomic_fetch_nbi,
#define shmem_atomic_fetch_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_nbi, SHMEM_GENERIC_AMO_EXTENDED_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_swap_nbi(K, T) T *: shmem_##K##_atomic_swap_nbi,
#define SHMEM_C11_CTX_CASE_atomic_swap_nbi(K, T) T *: shmem_ctx_##K##_atomic_swap_nbi,
#define shmem_atomic_swap_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_swap_nbi, SHMEM_GENERIC_AMO_EXTENDED_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_and(K, T) T *: shmem_##K##_atomic_fetch_and,
#define SHMEM_C11_CTX_CASE_atomic_fetch_and(K, T) T *: shmem_ctx_##K##_atomic_fetch_and,
#define shmem_atomic_fetch_and(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_and, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_and(K, T) T *: shmem_##K##_atomic_and,
#define SHMEM_C11_CTX_CASE_atomic_and(K, T) T *: shmem_ctx_##K##_atomic_and,
#define shmem_atomic_and(...) SHMEM_C11_DISPATCH_CTX(atomic_and, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_and_nbi(K, T) T *: shmem_##K##_atomic_fetch_and_nbi,
#define SHMEM_C11_CTX_CASE_atomic_fetch_and_nbi(K, T) T *: shmem_ctx_##K##_atomic_fetch_and_nbi,
#define shmem_atomic_fetch_and_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_and_nbi, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_or(K, T) T *: shmem_##K##_atomic_fetch_or,
#define SHMEM_C11_CTX_CASE_atomic_fetch_or(K, T) T *: shmem_ctx_##K##_atomic_fetch_or,
#define shmem_atomic_fetch_or(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_or, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_or(K, T) T *: shmem_##K##_atomic_or,
#define SHMEM_C11_CTX_CASE_atomic_or(K, T) T *: shmem_ctx_##K##_atomic_or,
#define shmem_atomic_or(...) SHMEM_C11_DISPATCH_CTX(atomic_or, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_or_nbi(K, T) T *: shmem_##K##_atomic_fetch_or_nbi,
#define SHMEM_C11_CTX_CASE_atomic_fetch_or_nbi(K, T) T *: shmem_ctx_##K##_atomic_fetch_or_nbi,
#define shmem_atomic_fetch_or_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_or_nbi, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_xor(K, T) T *: shmem_##K##_atomic_fetch_xor,
#define SHMEM_C11_CTX_CASE_atomic_fetch_xor(K, T) T *: shmem_ctx_##K##_atomic_fetch_xor,
#define shmem_atomic_fetch_xor(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_xor, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_xor(K, T) T *: shmem_##K##_atomic_xor,
#define SHMEM_C11_CTX_CASE_atomic_xor(K, T) T *: shmem_ctx_##K##_atomic_xor,
#define shmem_atomic_xor(...) SHMEM_C11_DISPATCH_CTX(atomic_xor, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_atomic_fetch_xor_nbi(K, T) T *: shmem_##K##_atomic_fetch_xor_nbi,
#define SHMEM_C11_CTX_CASE_atomic_fetch_xor_nbi(K, T) T *: shmem_ctx_##K##_atomic_fetch_xor_nbi,
#define shmem_atomic_fetch_xor_nbi(...) SHMEM_C11_DISPATCH_CTX(atomic_fetch_xor_nbi, SHMEM_GENERIC_AMO_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until(K, T) T *: shmem_##K##_wait_until,
#define shmem_wait_until(...) SHMEM_C11_DISPATCH(wait_until, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test(K, T) T *: shmem_##K##_test,
#define shmem_test(...) SHMEM_C11_DISPATCH(test, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until_all(K, T) T *: shmem_##K##_wait_until_all,
#define shmem_wait_until_all(...) SHMEM_C11_DISPATCH(wait_until_all, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until_any(K, T) T *: shmem_##K##_wait_until_any,
#define shmem_wait_until_any(...) SHMEM_C11_DISPATCH(wait_until_any, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until_some(K, T) T *: shmem_##K##_wait_until_some,
#define shmem_wait_until_some(...) SHMEM_C11_DISPATCH(wait_until_some, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until_all_vector(K, T) T *: shmem_##K##_wait_until_all_vector,
#define shmem_wait_until_all_vector(...) SHMEM_C11_DISPATCH(wait_until_all_vector, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until_any_vector(K, T) T *: shmem_##K##_wait_until_any_vector,
#define shmem_wait_until_any_vector(...) SHMEM_C11_DISPATCH(wait_until_any_vector, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_wait_until_some_vector(K, T) T *: shmem_##K##_wait_until_some_vector,
#define shmem_wait_until_some_vector(...) SHMEM_C11_DISPATCH(wait_until_some_vector, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test_all(K, T) T *: shmem_##K##_test_all,
#define shmem_test_all(...) SHMEM_C11_DISPATCH(test_all, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test_any(K, T) T *: shmem_##K##_test_any,
#define shmem_test_any(...) SHMEM_C11_DISPATCH(test_any, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test_some(K, T) T *: shmem_##K##_test_some,
#define shmem_test_some(...) SHMEM_C11_DISPATCH(test_some, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test_all_vector(K, T) T *: shmem_##K##_test_all_vector,
#define shmem_test_all_vector(...) SHMEM_C11_DISPATCH(test_all_vector, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test_any_vector(K, T) T *: shmem_##K##_test_any_vector,
#define shmem_test_any_vector(...) SHMEM_C11_DISPATCH(test_any_vector, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_test_some_vector(K, T) T *: shmem_##K##_test_some_vector,
#define shmem_test_some_vector(...) SHMEM_C11_DISPATCH(test_some_vector, SHMEM_GENERIC_P2P_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_broadcast(K, T) T *: shmem_##K##_broadcast,
#define shmem_broadcast(...) SHMEM_C11_DISPATCH_TEAM(broadcast, SHMEM_GENERIC_COLL_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_collect(K, T) T *: shmem_##K##_collect,
#define shmem_collect(...) SHMEM_C11_DISPATCH_TEAM(collect, SHMEM_GENERIC_COLL_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_fcollect(K, T) T *: shmem_##K##_fcollect,
#define shmem_fcollect(...) SHMEM_C11_DISPATCH_TEAM(fcollect, SHMEM_GENERIC_COLL_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_alltoall(K, T) T *: shmem_##K##_alltoall,
#define shmem_alltoall(...) SHMEM_C11_DISPATCH_TEAM(alltoall, SHMEM_GENERIC_COLL_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_alltoalls(K, T) T *: shmem_##K##_alltoalls,
#define shmem_alltoalls(...) SHMEM_C11_DISPATCH_TEAM(alltoalls, SHMEM_GENERIC_COLL_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_and_reduce(K, T) T *: shmem_##K##_and_reduce,
#define shmem_and_reduce(...) SHMEM_C11_DISPATCH_TEAM(and_reduce, SHMEM_GENERIC_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_or_reduce(K, T) T *: shmem_##K##_or_reduce,
#define shmem_or_reduce(...) SHMEM_C11_DISPATCH_TEAM(or_reduce, SHMEM_GENERIC_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_xor_reduce(K, T) T *: shmem_##K##_xor_reduce,
#define shmem_xor_reduce(...) SHMEM_C11_DISPATCH_TEAM(xor_reduce, SHMEM_GENERIC_REDUCE_BITWISE_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_max_reduce(K, T) T *: shmem_##K##_max_reduce,
#define shmem_max_reduce(...) SHMEM_C11_DISPATCH_TEAM(max_reduce, SHMEM_GENERIC_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_min_reduce(K, T) T *: shmem_##K##_min_reduce,
#define shmem_min_reduce(...) SHMEM_C11_DISPATCH_TEAM(min_reduce, SHMEM_GENERIC_REDUCE_MINMAX_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_sum_reduce(K, T) T *: shmem_##K##_sum_reduce,
#define shmem_sum_reduce(...) SHMEM_C11_DISPATCH_TEAM(sum_reduce, SHMEM_GENERIC_REDUCE_SUMPROD_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_prod_reduce(K, T) T *: shmem_##K##_prod_reduce,
#define shmem_prod_reduce(...) SHMEM_C11_DISPATCH_TEAM(prod_reduce, SHMEM_GENERIC_REDUCE_SUMPROD_TYPES, __VA_ARGS__)
#endif

#endif /* ROCSHMEM_SHMEM_GENERIC_H */
