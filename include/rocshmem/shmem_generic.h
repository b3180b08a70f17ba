/*
 * Type-generic shmem_* names (OpenSHMEM 1.6): shmem_put(dest, ...),
 * shmem_put(ctx, dest, ...), shmem_atomic_fetch_add(dest, ...),
 * shmem_wait_until(ivar, ...), shmem_broadcast(team, dest, ...),
 * shmem_sum_reduce(team, dest, ...) and so on, the deprecated 1.3 names
 * (shmem_fadd, shmem_swap ...) and shmem_sync(team).  Included by <shmem.h>.
 * Selection is on the distinct C types of the tables in types.def (the
 * fixed-width names are typedefs of those).
 *
 * Each family's operations are listed once (SHMEM_GENERIC_<FAMILY>_OPS); C++
 * expands them into overloads.  C11 _Generic needs one association list per
 * operation, so each operation also has a one-line case macro
 * (SHMEM_C11_CASE_<op>) fed by the same type tables.
 *
 * A type outside an operation's table is a compile error that names the
 * routine: in C++ a catch-all template whose static_assert says so, in C11
 * the _Generic default, a function shmem_c11_unsupported_<op> that GCC and
 * Clang reject with the same words when the call is compiled (elsewhere the
 * undefined symbol's name says it at link time).
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
/* The bitwise tables hold unsigned base types and signed exact-width ones
 * (int32_t ...): those are selected by their typedef names, so int32_t
 * reaches shmem_int32_atomic_and (see ROCSHMEM_*_BITWISE_SIGNED_TYPES for
 * why the list has no duplicate on any ABI). */
#define SHMEM_GENERIC_AMO_BITWISE_TYPES(X) \
  ROCSHMEM_AMO_BITWISE_BASE_TYPES(X) ROCSHMEM_AMO_BITWISE_SIGNED_TYPES(X)
#define SHMEM_GENERIC_P2P_TYPES(X) ROCSHMEM_P2P_BASE_TYPES(X)
/* Collectives take every RMA type; max/min reductions the same distinct
 * types (ptrdiff_t and size_t are typedefs of them), sum/prod also complex. */
#define SHMEM_GENERIC_COLL_TYPES(X) SHMEM_GENERIC_RMA_TYPES(X)
#define SHMEM_GENERIC_REDUCE_BITWISE_TYPES(X) \
  ROCSHMEM_REDUCE_BITWISE_BASE_TYPES(X) ROCSHMEM_REDUCE_BITWISE_SIGNED_TYPES(X)
#define SHMEM_GENERIC_REDUCE_MINMAX_TYPES(X) SHMEM_GENERIC_RMA_TYPES(X)
#define SHMEM_GENERIC_REDUCE_SUMPROD_TYPES(X) SHMEM_GENERIC_RMA_TYPES(X) SHMEM_REDUCE_COMPLEX_TYPES(X)
/* The scans (1.6) take the types of the sum reduction. */
#define SHMEM_GENERIC_SCAN_TYPES(X) SHMEM_GENERIC_REDUCE_SUMPROD_TYPES(X)
/* The deprecated 1.3 generic names kept the types they had then. */
#define SHMEM_GENERIC_DEPRECATED_AMO_TYPES(X) SHMEM_DEPRECATED_AMO_TYPES(X)
#define SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES(X) \
  SHMEM_DEPRECATED_AMO_TYPES(X) SHMEM_DEPRECATED_AMO_FLOAT_TYPES(X)

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

/* Blocked strided RMA (1.6): the RMA types, with context forms. */
#define SHMEM_GENERIC_RMA_BLOCK_OPS(Y, KEY, T) \
  Y(ibput, KEY, T, 1, void, (T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t bs, size_t nb, int pe), (d, s, dst, sst, bs, nb, pe)) \
  Y(ibget, KEY, T, 1, void, (T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t bs, size_t nb, int pe), (d, s, dst, sst, bs, nb, pe))

/* Scans (1.6): team first, selected by dest like the reductions. */
#define SHMEM_GENERIC_SCAN_OPS(Y, KEY, T) \
  Y(sum_inscan, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n), (t, d, s, n)) \
  Y(sum_exscan, KEY, T, 0, int, (shmem_team_t t, T *d, const T *s, size_t n), (t, d, s, n))

/* Deprecated 1.3 generic AMO names, no context forms.  shmem_swap is apart:
 * shmem_swap(long *, long, int) is also a real function (see each language). */
#define SHMEM_GENERIC_DEPRECATED_AMO_OPS(Y, KEY, T) \
  Y(cswap, KEY, T, 0, T, (T *d, T c, T v, int pe), (d, c, v, pe)) \
  Y(finc, KEY, T, 0, T, (T *d, int pe), (d, pe)) \
  Y(inc, KEY, T, 0, void, (T *d, int pe), (d, pe)) \
  Y(fadd, KEY, T, 0, T, (T *d, T v, int pe), (d, v, pe)) \
  Y(add, KEY, T, 0, void, (T *d, T v, int pe), (d, v, pe))
#define SHMEM_GENERIC_DEPRECATED_AMO_EXT_OPS(Y, KEY, T) \
  Y(fetch, KEY, T, 0, T, (const T *s, int pe), (s, pe)) \
  Y(set, KEY, T, 0, void, (T *d, T v, int pe), (d, v, pe))

#if !defined(__cplusplus)
/* ------------------------------------------------------------------ C (any standard) */
/* A call the generic cannot serve selects a function that is declared and
 * never defined: GCC and Clang reject the call with MSG when they compile it
 * (attribute error); other compilers leave the undefined symbol, whose name
 * says the same to the linker.  Its prototype takes any arguments after a
 * first pointer (the first argument of every generic that uses it is a
 * pointer, a context or a team), so no argument error comes first; Clang
 * checks the attribute only on calls through a prototype. */
#if defined(__has_attribute)
#if __has_attribute(__error__) || __has_attribute(error)
#define SHMEM_C_REJECT_ATTR_(MSG) __attribute__((__error__(MSG)))
#endif
#endif
#ifndef SHMEM_C_REJECT_ATTR_
#define SHMEM_C_REJECT_ATTR_(MSG)
#endif
#define SHMEM_C_REJECT_DECL_(NAME, MSG) \
  int NAME(const volatile void *, ...) SHMEM_C_REJECT_ATTR_(MSG);
/* Declared from C11 on only, as a C99 <shmem.h> declares no more names
 * than the specification's: there the undeclared name is the error. */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
SHMEM_C_REJECT_DECL_(shmem_sync_takes_1_or_4_arguments,
                     "shmem_sync: takes a team (1 argument) or the deprecated active set "
                     "PE_start, logPE_stride, PE_size, pSync (4 arguments)")
#endif

/* SHMEM_C_ARGC_(args, F4, F3, F2, F1, 0): the F for the number of args (1-4);
 * the trailing 0 keeps C99's variadic part non-empty. */
#define SHMEM_C_ARGC_PICK_(a1, a2, a3, a4, F, ...) F
#define SHMEM_C_ARGC_(...) SHMEM_C_ARGC_PICK_(__VA_ARGS__)

/* shmem_sync(team) (1.5, the same as shmem_team_sync) or the deprecated
 * shmem_sync(PE_start, logPE_stride, PE_size, pSync), by argument count.
 * The name in the expansion is not expanded again, so the 4-argument form
 * calls the function itself, which `(shmem_sync)` also names. */
#define shmem_sync(...)                                                             \
  SHMEM_C_ARGC_(__VA_ARGS__, shmem_sync, shmem_sync_takes_1_or_4_arguments,        \
                shmem_sync_takes_1_or_4_arguments, shmem_team_sync, 0)(__VA_ARGS__)
#endif /* !__cplusplus */

#if defined(__cplusplus)
/* ------------------------------------------------------------------ C++ overloads */
#include <type_traits>

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
#define SHMEM_CXX_DEPRECATED_AMO(KEY, T) SHMEM_GENERIC_DEPRECATED_AMO_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_DEPRECATED_AMO_TYPES(SHMEM_CXX_DEPRECATED_AMO)
#undef SHMEM_CXX_DEPRECATED_AMO
#define SHMEM_CXX_DEPRECATED_AMO_EXT(KEY, T) SHMEM_GENERIC_DEPRECATED_AMO_EXT_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES(SHMEM_CXX_DEPRECATED_AMO_EXT)
#undef SHMEM_CXX_DEPRECATED_AMO_EXT

/* Type lists for the checks below: shmem_cxx_types_<none, T...>. */
struct shmem_cxx_no_type_;
template <class... Ts> struct shmem_cxx_types_ {};
template <class L, class T> struct shmem_cxx_has_ : std::false_type {};
template <class H, class... R, class T>
struct shmem_cxx_has_<shmem_cxx_types_<H, R...>, T>
    : std::integral_constant<bool, std::is_same<H, T>::value ||
                                       shmem_cxx_has_<shmem_cxx_types_<R...>, T>::value> {};
#define SHMEM_CXX_TYPE_(KEY, T) , T
#define SHMEM_CXX_TYPE_LIST(TYPES) shmem_cxx_types_<shmem_cxx_no_type_ TYPES(SHMEM_CXX_TYPE_)>
template <class T> struct shmem_cxx_same_ { typedef T type; };

/* Generic names that are also extern "C" functions: shmem_sync (the
 * active-set form), shmem_swap (long) and, in 1.6, shmem_signal_add/set
 * (without context).  Overloading the function itself would make its name
 * an overload set, which a cast to another function type (as in
 * (any_fn)shmem_sync) cannot resolve; so each generic is a macro over an
 * overload set of its own, one member of which calls the function, and the
 * name alone (or in parentheses) is still the function. */
static inline int shmem_cxx_sync_(shmem_team_t team) { return shmem_team_sync(team); }
static inline void shmem_cxx_sync_(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  shmem_sync(PE_start, logPE_stride, PE_size, pSync);
}
#define shmem_sync(...) shmem_cxx_sync_(__VA_ARGS__)

/* shmem_swap: long calls the 1.x function; the other types of the
 * deprecated table reach shmem_TYPE_swap through the template (its value
 * is not deduced, so it converts as in the other overloads; for long the
 * non-template is preferred). */
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES) shmem_cxx_deprecated_amo_ext_types_;
#define SHMEM_CXX_SWAP_(KEY, T) \
  static inline T shmem_cxx_typed_swap_(T *d, T v, int pe) { return shmem_##KEY##_swap(d, v, pe); }
SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES(SHMEM_CXX_SWAP_)
#undef SHMEM_CXX_SWAP_
static inline long shmem_cxx_swap_(long *d, long v, int pe) { return shmem_swap(d, v, pe); }
template <class ShmemT>
static inline typename std::enable_if<
    shmem_cxx_has_<shmem_cxx_deprecated_amo_ext_types_, ShmemT>::value, ShmemT>::type
shmem_cxx_swap_(ShmemT *d, typename shmem_cxx_same_<ShmemT>::type v, int pe) {
  return shmem_cxx_typed_swap_(d, v, pe);
}
#define shmem_swap(...) shmem_cxx_swap_(__VA_ARGS__)

/* 1.6 routines: blocked strided RMA, scans, shmem_signal_add/set(ctx, ...). */
#define SHMEM_CXX_RMA_BLOCK(KEY, T) SHMEM_GENERIC_RMA_BLOCK_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_RMA_TYPES(SHMEM_CXX_RMA_BLOCK)
#undef SHMEM_CXX_RMA_BLOCK
#define SHMEM_CXX_SCAN(KEY, T) SHMEM_GENERIC_SCAN_OPS(SHMEM_CXX_OVERLOAD, KEY, T)
SHMEM_GENERIC_SCAN_TYPES(SHMEM_CXX_SCAN)
#undef SHMEM_CXX_SCAN
/* The 1.6 generic shmem_signal_add/set is the context form; the plain
 * one is the function (see shmem_sync above for why a macro). */
static inline void shmem_cxx_signal_add_(uint64_t *sig_addr, uint64_t signal, int pe) {
  shmem_signal_add(sig_addr, signal, pe);
}
static inline void shmem_cxx_signal_add_(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal,
                                         int pe) {
  shmem_ctx_signal_add(ctx, sig_addr, signal, pe);
}
#define shmem_signal_add(...) shmem_cxx_signal_add_(__VA_ARGS__)
static inline void shmem_cxx_signal_set_(uint64_t *sig_addr, uint64_t signal, int pe) {
  shmem_signal_set(sig_addr, signal, pe);
}
static inline void shmem_cxx_signal_set_(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal,
                                         int pe) {
  shmem_ctx_signal_set(ctx, sig_addr, signal, pe);
}
#define shmem_signal_set(...) shmem_cxx_signal_set_(__VA_ARGS__)

/* Unsupported types.  Without these a call on a type outside the table
 * fails with a list of every candidate overload.  Each generic gets a
 * catch-all template, enabled only when the type that selects (dest, the
 * first pointer after the context or team) is in no overload of it, whose
 * static_assert names the routine.  Being enabled only then, it never
 * competes with an overload that a call may reach by conversion. */
template <class L, class T>
struct shmem_cxx_rejects_
    : std::integral_constant<
          bool, !shmem_cxx_has_<L, typename std::remove_cv<T>::type>::value &&
                    !std::is_same<typename std::remove_cv<T>::type,
                                  std::remove_pointer<shmem_ctx_t>::type>::value &&
                    !std::is_same<typename std::remove_cv<T>::type,
                                  std::remove_pointer<shmem_team_t>::type>::value> {};
#define SHMEM_CXX_REJECT_MSG(OP) \
  "shmem_" #OP ": argument type not supported (not in the type table of this routine)"
#define SHMEM_CXX_REJECT_NAMED(FN, OP, LIST, FIRST)                                     \
  template <class ShmemT, class... ShmemA>                                              \
  static inline typename std::enable_if<shmem_cxx_rejects_<LIST, ShmemT>::value>::type  \
      FN(FIRST() ShmemT *, ShmemA...) {                                                   \
    static_assert(!shmem_cxx_rejects_<LIST, ShmemT>::value, SHMEM_CXX_REJECT_MSG(OP));  \
  }
#define SHMEM_CXX_REJECT_WITH(OP, LIST, FIRST) \
  SHMEM_CXX_REJECT_NAMED(shmem_##OP, OP, LIST, FIRST)
/* FIRST is one of these, called in the parameter list (a comma in a
 * macro argument would split it). */
#define SHMEM_CXX_NO_FIRST()
#define SHMEM_CXX_FIRST_CTX() shmem_ctx_t,
#define SHMEM_CXX_FIRST_TEAM() shmem_team_t,
#define SHMEM_CXX_REJECT_CTX0(OP, LIST)
#define SHMEM_CXX_REJECT_CTX1(OP, LIST) SHMEM_CXX_REJECT_WITH(OP, LIST, SHMEM_CXX_FIRST_CTX)
#define SHMEM_CXX_REJECT(OP, LIST, T, WITH_CTX, RET, PARAMS, ARGS) \
  SHMEM_CXX_REJECT_WITH(OP, LIST, SHMEM_CXX_NO_FIRST) SHMEM_CXX_REJECT_CTX##WITH_CTX(OP, LIST)
#define SHMEM_CXX_REJECT_TEAM(OP, LIST, T, WITH_CTX, RET, PARAMS, ARGS) \
  SHMEM_CXX_REJECT_WITH(OP, LIST, SHMEM_CXX_FIRST_TEAM)
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_RMA_TYPES) shmem_cxx_rma_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_AMO_STANDARD_TYPES) shmem_cxx_amo_standard_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_AMO_EXTENDED_TYPES) shmem_cxx_amo_extended_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_AMO_BITWISE_TYPES) shmem_cxx_amo_bitwise_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_P2P_TYPES) shmem_cxx_p2p_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_COLL_TYPES) shmem_cxx_coll_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_REDUCE_BITWISE_TYPES) shmem_cxx_reduce_bitwise_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_REDUCE_MINMAX_TYPES) shmem_cxx_reduce_minmax_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_REDUCE_SUMPROD_TYPES) shmem_cxx_reduce_sumprod_types_;
typedef SHMEM_CXX_TYPE_LIST(SHMEM_GENERIC_DEPRECATED_AMO_TYPES) shmem_cxx_deprecated_amo_types_;
SHMEM_GENERIC_RMA_OPS(SHMEM_CXX_REJECT, shmem_cxx_rma_types_, ShmemT)
SHMEM_GENERIC_AMO_STANDARD_OPS(SHMEM_CXX_REJECT, shmem_cxx_amo_standard_types_, ShmemT)
SHMEM_GENERIC_AMO_EXTENDED_OPS(SHMEM_CXX_REJECT, shmem_cxx_amo_extended_types_, ShmemT)
SHMEM_GENERIC_AMO_BITWISE_OPS(SHMEM_CXX_REJECT, shmem_cxx_amo_bitwise_types_, ShmemT)
SHMEM_GENERIC_P2P_OPS(SHMEM_CXX_REJECT, shmem_cxx_p2p_types_, ShmemT)
SHMEM_GENERIC_COLL_OPS(SHMEM_CXX_REJECT_TEAM, shmem_cxx_coll_types_, ShmemT)
SHMEM_GENERIC_REDUCE_BITWISE_OPS(SHMEM_CXX_REJECT_TEAM, shmem_cxx_reduce_bitwise_types_, ShmemT)
SHMEM_GENERIC_REDUCE_MINMAX_OPS(SHMEM_CXX_REJECT_TEAM, shmem_cxx_reduce_minmax_types_, ShmemT)
SHMEM_GENERIC_REDUCE_SUMPROD_OPS(SHMEM_CXX_REJECT_TEAM, shmem_cxx_reduce_sumprod_types_, ShmemT)
SHMEM_GENERIC_DEPRECATED_AMO_OPS(SHMEM_CXX_REJECT, shmem_cxx_deprecated_amo_types_, ShmemT)
SHMEM_GENERIC_DEPRECATED_AMO_EXT_OPS(SHMEM_CXX_REJECT, shmem_cxx_deprecated_amo_ext_types_, ShmemT)
SHMEM_CXX_REJECT_NAMED(shmem_cxx_swap_, swap, shmem_cxx_deprecated_amo_ext_types_,
                       SHMEM_CXX_NO_FIRST)
SHMEM_GENERIC_RMA_BLOCK_OPS(SHMEM_CXX_REJECT, shmem_cxx_rma_types_, ShmemT)
SHMEM_GENERIC_SCAN_OPS(SHMEM_CXX_REJECT_TEAM, shmem_cxx_reduce_sumprod_types_, ShmemT)

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
/* ------------------------------------------------------------------ C11 _Generic */
#define SHMEM_C11_ARG0_(a, ...) a
#define SHMEM_C11_ARG0(...) SHMEM_C11_ARG0_(__VA_ARGS__, 0)
#define SHMEM_C11_ARG1_(a, b, ...) b
#define SHMEM_C11_ARG1(...) SHMEM_C11_ARG1_(__VA_ARGS__, 0, 0)
/* The default of every selection: shmem_c11_unsupported_<op>, one per
 * generic, declared (see SHMEM_C_REJECT_DECL_) from the operation lists. */
#define SHMEM_C11_REJECT(OP, KEY, T, WITH_CTX, RET, PARAMS, ARGS)          \
  SHMEM_C_REJECT_DECL_(shmem_c11_unsupported_##OP,                         \
                       "shmem_" #OP ": argument type not supported (not in " \
                       "the type table of this routine)")
SHMEM_GENERIC_RMA_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_RMA_BLOCK_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_AMO_STANDARD_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_AMO_EXTENDED_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_AMO_BITWISE_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_P2P_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_COLL_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_REDUCE_BITWISE_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_REDUCE_MINMAX_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_REDUCE_SUMPROD_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_SCAN_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_DEPRECATED_AMO_OPS(SHMEM_C11_REJECT, , int)
SHMEM_GENERIC_DEPRECATED_AMO_EXT_OPS(SHMEM_C11_REJECT, , int)
SHMEM_C11_REJECT(swap, , int, 0, , , )
SHMEM_C_REJECT_DECL_(shmem_c11_signal_add_argument_count,
                     "shmem_signal_add: takes sig_addr, signal, pe (3 arguments) or a "
                     "context first (4 arguments)")
SHMEM_C_REJECT_DECL_(shmem_c11_signal_set_argument_count,
                     "shmem_signal_set: takes sig_addr, signal, pe (3 arguments) or a "
                     "context first (4 arguments)")
#define SHMEM_C11_SELECT(OP, TYPES, first) \
  _Generic((first), TYPES(SHMEM_C11_CASE_##OP) default: shmem_c11_unsupported_##OP)
#define SHMEM_C11_SELECT_CTX(OP, TYPES, first) \
  _Generic((first), TYPES(SHMEM_C11_CTX_CASE_##OP) default: shmem_c11_unsupported_##OP)
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

/* 1.6: blocked strided RMA, scans, and shmem_signal_add/set whose generic
 * form takes a context first (4 arguments; 3 call the plain function). */
#define SHMEM_C11_CASE_ibput(K, T) T *: shmem_##K##_ibput,
#define SHMEM_C11_CTX_CASE_ibput(K, T) T *: shmem_ctx_##K##_ibput,
#define shmem_ibput(...) SHMEM_C11_DISPATCH_CTX(ibput, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_ibget(K, T) T *: shmem_##K##_ibget,
#define SHMEM_C11_CTX_CASE_ibget(K, T) T *: shmem_ctx_##K##_ibget,
#define shmem_ibget(...) SHMEM_C11_DISPATCH_CTX(ibget, SHMEM_GENERIC_RMA_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_sum_inscan(K, T) T *: shmem_##K##_sum_inscan,
#define shmem_sum_inscan(...) SHMEM_C11_DISPATCH_TEAM(sum_inscan, SHMEM_GENERIC_SCAN_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_sum_exscan(K, T) T *: shmem_##K##_sum_exscan,
#define shmem_sum_exscan(...) SHMEM_C11_DISPATCH_TEAM(sum_exscan, SHMEM_GENERIC_SCAN_TYPES, __VA_ARGS__)
#define shmem_signal_add(...)                                                         \
  SHMEM_C_ARGC_(__VA_ARGS__, shmem_ctx_signal_add, shmem_signal_add,                  \
                shmem_c11_signal_add_argument_count, shmem_c11_signal_add_argument_count, \
                0)(__VA_ARGS__)
#define shmem_signal_set(...)                                                         \
  SHMEM_C_ARGC_(__VA_ARGS__, shmem_ctx_signal_set, shmem_signal_set,                  \
                shmem_c11_signal_set_argument_count, shmem_c11_signal_set_argument_count, \
                0)(__VA_ARGS__)

/* Deprecated 1.3 generic AMO names (int, long, long long; fetch, set and
 * swap also float and double), on the deprecated typed routines. */
#define SHMEM_C11_CASE_cswap(K, T) T *: shmem_##K##_cswap,
#define shmem_cswap(...) SHMEM_C11_DISPATCH(cswap, SHMEM_GENERIC_DEPRECATED_AMO_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_finc(K, T) T *: shmem_##K##_finc,
#define shmem_finc(...) SHMEM_C11_DISPATCH(finc, SHMEM_GENERIC_DEPRECATED_AMO_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_inc(K, T) T *: shmem_##K##_inc,
#define shmem_inc(...) SHMEM_C11_DISPATCH(inc, SHMEM_GENERIC_DEPRECATED_AMO_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_fadd(K, T) T *: shmem_##K##_fadd,
#define shmem_fadd(...) SHMEM_C11_DISPATCH(fadd, SHMEM_GENERIC_DEPRECATED_AMO_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_add(K, T) T *: shmem_##K##_add,
#define shmem_add(...) SHMEM_C11_DISPATCH(add, SHMEM_GENERIC_DEPRECATED_AMO_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_fetch(K, T) T *: shmem_##K##_fetch, const T *: shmem_##K##_fetch,
#define shmem_fetch(...) SHMEM_C11_DISPATCH(fetch, SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES, __VA_ARGS__)
#define SHMEM_C11_CASE_set(K, T) T *: shmem_##K##_set,
#define shmem_set(...) SHMEM_C11_DISPATCH(set, SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES, __VA_ARGS__)
/* long * goes to the real function shmem_swap (the name is not expanded
 * again inside its own macro); the inner selection serves the other types
 * (its long entry is never reached). */
#define SHMEM_C11_CASE_swap(K, T) T *: shmem_##K##_swap,
#define shmem_swap(...)                                                                  \
  _Generic(SHMEM_C11_ARG0(__VA_ARGS__),                                                 \
      long *: shmem_swap,                                                                \
      default: SHMEM_C11_SELECT(swap, SHMEM_GENERIC_DEPRECATED_AMO_EXT_TYPES,            \
                                SHMEM_C11_ARG0(__VA_ARGS__)))(__VA_ARGS__)
#endif

#endif /* ROCSHMEM_SHMEM_GENERIC_H */
