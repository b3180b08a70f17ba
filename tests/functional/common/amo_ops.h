/*
 * Every atomic memory operation of the public API as a table of uniform
 * entries, expanded from the X-macro tables of <rocshmem/types.def> (never a
 * hand-written list of types):
 *  - the standard table (compare_swap, fetch_inc, inc, fetch_add, add and the
 *    fetching _nbi forms), the extended table (fetch, set, swap, fetch_nbi,
 *    swap_nbi) and the bitwise table (fetch_and/or/xor, and/or/xor,
 *    fetch_and/or/xor_nbi), under both prefixes, each entry usable in its
 *    plain and its context form (ft_amo_use_ctx);
 *  - the deprecated 1.x names (shmem_int_fadd, finc, add, inc, cswap, swap,
 *    fetch, set; shmem_float_swap ...) and shmem_swap.
 *
 * Values travel as long double, which holds every 64-bit integer and every
 * float/double exactly (x86-64: 64-bit mantissa), so one piece of test logic
 * serves every type; each wrapper converts to its own type at the call.
 * The _nbi wrappers complete their operation with (ctx_)quiet before they
 * read the fetched value, as the spec requires.
 */
#ifndef ROCSHMEM_TESTS_AMO_OPS_H
#define ROCSHMEM_TESTS_AMO_OPS_H

#include "ftest.h"

typedef long double ft_v;

enum ft_amo_op {
  FT_FETCH, FT_SET, FT_SWAP, FT_FETCH_NBI, FT_SWAP_NBI,                  /* extended */
  FT_CSWAP, FT_FINC, FT_INC, FT_FADD, FT_ADD, FT_CSWAP_NBI, FT_FINC_NBI, /* standard */
  FT_FADD_NBI,
  FT_FAND, FT_AND, FT_FAND_NBI, FT_FOR, FT_OR, FT_FOR_NBI, FT_FXOR,      /* bitwise */
  FT_XOR, FT_FXOR_NBI,
  FT_N_AMO_OPS
};

static const char *const ft_amo_op_names[FT_N_AMO_OPS] = {
    "fetch", "set", "swap", "fetch_nbi", "swap_nbi",
    "compare_swap", "fetch_inc", "inc", "fetch_add", "add", "compare_swap_nbi",
    "fetch_inc_nbi", "fetch_add_nbi",
    "fetch_and", "and", "fetch_and_nbi", "fetch_or", "or", "fetch_or_nbi", "fetch_xor",
    "xor", "fetch_xor_nbi"};

/* Does the operation return (or fetch) the old value? */
static inline int ft_amo_fetches(int op) {
  return op != FT_SET && op != FT_INC && op != FT_ADD && op != FT_AND && op != FT_OR &&
         op != FT_XOR;
}

/* op(dest, a, b, pe): a is the operand (value, or cond for compare_swap), b
 * the compare_swap value; returns the fetched value (0 for non-fetching). */
typedef ft_v (*ft_amo_fn)(void *dest, ft_v a, ft_v b, int pe);

typedef struct {
  const char *name;  /* e.g. "shmem_int" */
  const char *table; /* "standard", "extended", "bitwise", "1.x names" */
  size_t size;
  int is_float;
  int has_ctx; /* the deprecated names have no context forms */
  ft_v (*load)(const void *p);
  void (*store)(void *p, ft_v v);
  ft_amo_fn op[FT_N_AMO_OPS];
} ft_amo_ops;

/* The context form is used when set (the wrappers read these). */
static int ft_amo_use_ctx = 0;
static shmem_ctx_t ft_amo_ctx;

#define FT_AMO_CALL(PFX, KEY, OP, ...)                                                   \
  (ft_amo_use_ctx ? PFX##_ctx_##KEY##_atomic_##OP(ft_amo_ctx, __VA_ARGS__)                \
                  : PFX##_##KEY##_atomic_##OP(__VA_ARGS__))
#define FT_AMO_QUIET(PFX) (ft_amo_use_ctx ? PFX##_ctx_quiet(ft_amo_ctx) : PFX##_quiet())

/* ---- helpers shared by all entries of a type */
#define FT_AMO_TYPE(PFX, KEY, T)                                                          \
  static ft_v PFX##_##KEY##_amo_load_(const void *p) {                                    \
    return (ft_v)__atomic_load_n((const T *)p, __ATOMIC_ACQUIRE);                         \
  }                                                                                       \
  static void PFX##_##KEY##_amo_store_(void *p, ft_v v) { *(T *)p = (T)v; }

/* Floating types cannot go through __atomic_load_n. */
#define FT_AMO_FLOAT_TYPE(PFX, KEY, T)                                                    \
  static ft_v PFX##_##KEY##_amo_load_(const void *p) {                                    \
    T v;                                                                                  \
    __atomic_load((const T *)p, &v, __ATOMIC_ACQUIRE);                                    \
    return (ft_v)v;                                                                       \
  }                                                                                       \
  static void PFX##_##KEY##_amo_store_(void *p, ft_v v) { *(T *)p = (T)v; }

/* A poisoned fetch buffer: an _nbi that never writes it is caught. */
#define FT_AMO_POISON 77

#define FT_AMO_FETCHING(PFX, KEY, T, OP, ARGS, CALLARGS)                                  \
  static ft_v PFX##_##KEY##_##OP##_(void *d, ft_v a, ft_v b, int pe) {                    \
    (void)a;                                                                              \
    (void)b;                                                                              \
    (void)d;                                                                              \
    return (ft_v)FT_AMO_CALL(PFX, KEY, OP, ROCSHMEM_EXPAND CALLARGS);                     \
  }
#define FT_AMO_VOID(PFX, KEY, T, OP, CALLARGS)                                            \
  static ft_v PFX##_##KEY##_##OP##_(void *d, ft_v a, ft_v b, int pe) {                    \
    (void)a;                                                                              \
    (void)b;                                                                              \
    FT_AMO_CALL(PFX, KEY, OP, ROCSHMEM_EXPAND CALLARGS);                                  \
    return 0;                                                                             \
  }
#define FT_AMO_NBI(PFX, KEY, T, OP, CALLARGS)                                             \
  static ft_v PFX##_##KEY##_##OP##_(void *d, ft_v a, ft_v b, int pe) {                    \
    (void)a;                                                                              \
    (void)b;                                                                              \
    T r = (T)FT_AMO_POISON;                                                               \
    FT_AMO_CALL(PFX, KEY, OP, &r, ROCSHMEM_EXPAND CALLARGS);                              \
    FT_AMO_QUIET(PFX);                                                                    \
    return (ft_v)r;                                                                       \
  }

/* ---- the three tables */
#define FT_AMO_STANDARD(PFX, KEY, T)                                                      \
  FT_AMO_FETCHING(PFX, KEY, T, compare_swap, , ((T *)d, (T)a, (T)b, pe))                  \
  FT_AMO_FETCHING(PFX, KEY, T, fetch_inc, , ((T *)d, pe))                                 \
  FT_AMO_VOID(PFX, KEY, T, inc, ((T *)d, pe))                                             \
  FT_AMO_FETCHING(PFX, KEY, T, fetch_add, , ((T *)d, (T)a, pe))                           \
  FT_AMO_VOID(PFX, KEY, T, add, ((T *)d, (T)a, pe))                                       \
  FT_AMO_NBI(PFX, KEY, T, compare_swap_nbi, ((T *)d, (T)a, (T)b, pe))                     \
  FT_AMO_NBI(PFX, KEY, T, fetch_inc_nbi, ((T *)d, pe))                                    \
  FT_AMO_NBI(PFX, KEY, T, fetch_add_nbi, ((T *)d, (T)a, pe))                              \
  static const ft_amo_ops PFX##_##KEY##_amo_std = {                                       \
      #PFX "_" #KEY, "standard", sizeof(T), 0, 1,                           \
      PFX##_##KEY##_amo_load_, PFX##_##KEY##_amo_store_,                                  \
      {[FT_CSWAP] = PFX##_##KEY##_compare_swap_, [FT_FINC] = PFX##_##KEY##_fetch_inc_,    \
       [FT_INC] = PFX##_##KEY##_inc_, [FT_FADD] = PFX##_##KEY##_fetch_add_,               \
       [FT_ADD] = PFX##_##KEY##_add_, [FT_CSWAP_NBI] = PFX##_##KEY##_compare_swap_nbi_,   \
       [FT_FINC_NBI] = PFX##_##KEY##_fetch_inc_nbi_,                                      \
       [FT_FADD_NBI] = PFX##_##KEY##_fetch_add_nbi_}};

#define FT_AMO_EXTENDED(PFX, KEY, T)                                                      \
  FT_AMO_FETCHING(PFX, KEY, T, fetch, , ((const T *)d, pe))                               \
  FT_AMO_VOID(PFX, KEY, T, set, ((T *)d, (T)a, pe))                                       \
  FT_AMO_FETCHING(PFX, KEY, T, swap, , ((T *)d, (T)a, pe))                                \
  FT_AMO_NBI(PFX, KEY, T, fetch_nbi, ((const T *)d, pe))                                  \
  FT_AMO_NBI(PFX, KEY, T, swap_nbi, ((T *)d, (T)a, pe))                                   \
  static const ft_amo_ops PFX##_##KEY##_amo_ext = {                                       \
      #PFX "_" #KEY, "extended", sizeof(T), (T)0.5 != 0, 1,                 \
      PFX##_##KEY##_amo_load_, PFX##_##KEY##_amo_store_,                                  \
      {[FT_FETCH] = PFX##_##KEY##_fetch_, [FT_SET] = PFX##_##KEY##_set_,                  \
       [FT_SWAP] = PFX##_##KEY##_swap_, [FT_FETCH_NBI] = PFX##_##KEY##_fetch_nbi_,        \
       [FT_SWAP_NBI] = PFX##_##KEY##_swap_nbi_}};

#define FT_AMO_BITWISE(PFX, KEY, T)                                                       \
  FT_AMO_FETCHING(PFX, KEY, T, fetch_and, , ((T *)d, (T)a, pe))                           \
  FT_AMO_VOID(PFX, KEY, T, and, ((T *)d, (T)a, pe))                                       \
  FT_AMO_NBI(PFX, KEY, T, fetch_and_nbi, ((T *)d, (T)a, pe))                              \
  FT_AMO_FETCHING(PFX, KEY, T, fetch_or, , ((T *)d, (T)a, pe))                            \
  FT_AMO_VOID(PFX, KEY, T, or, ((T *)d, (T)a, pe))                                        \
  FT_AMO_NBI(PFX, KEY, T, fetch_or_nbi, ((T *)d, (T)a, pe))                               \
  FT_AMO_FETCHING(PFX, KEY, T, fetch_xor, , ((T *)d, (T)a, pe))                           \
  FT_AMO_VOID(PFX, KEY, T, xor, ((T *)d, (T)a, pe))                                       \
  FT_AMO_NBI(PFX, KEY, T, fetch_xor_nbi, ((T *)d, (T)a, pe))                              \
  static const ft_amo_ops PFX##_##KEY##_amo_bit = {                                       \
      #PFX "_" #KEY, "bitwise", sizeof(T), 0, 1,                            \
      PFX##_##KEY##_amo_load_, PFX##_##KEY##_amo_store_,                                  \
      {[FT_FAND] = PFX##_##KEY##_fetch_and_, [FT_AND] = PFX##_##KEY##_and_,               \
       [FT_FAND_NBI] = PFX##_##KEY##_fetch_and_nbi_, [FT_FOR] = PFX##_##KEY##_fetch_or_,  \
       [FT_OR] = PFX##_##KEY##_or_, [FT_FOR_NBI] = PFX##_##KEY##_fetch_or_nbi_,           \
       [FT_FXOR] = PFX##_##KEY##_fetch_xor_, [FT_XOR] = PFX##_##KEY##_xor_,               \
       [FT_FXOR_NBI] = PFX##_##KEY##_fetch_xor_nbi_}};

/* ---- 1.x names: shmem_KEY_fadd ... (no context forms) */
#define FT_AMO_DEP_EXT_FNS(KEY, T)                                                        \
  static ft_v shmem_##KEY##_dep_swap_(void *d, ft_v a, ft_v b, int pe) {                  \
    (void)b;                                                                              \
    return (ft_v)shmem_##KEY##_swap((T *)d, (T)a, pe);                                    \
  }                                                                                       \
  static ft_v shmem_##KEY##_dep_fetch_(void *d, ft_v a, ft_v b, int pe) {                 \
    (void)a;                                                                              \
    (void)b;                                                                              \
    return (ft_v)shmem_##KEY##_fetch((const T *)d, pe);                                   \
  }                                                                                       \
  static ft_v shmem_##KEY##_dep_set_(void *d, ft_v a, ft_v b, int pe) {                   \
    (void)b;                                                                              \
    shmem_##KEY##_set((T *)d, (T)a, pe);                                                  \
    return 0;                                                                             \
  }
#define FT_AMO_DEPRECATED(KEY, T)                                                         \
  FT_AMO_DEP_EXT_FNS(KEY, T)                                                              \
  static ft_v shmem_##KEY##_dep_fadd_(void *d, ft_v a, ft_v b, int pe) {                  \
    (void)b;                                                                              \
    return (ft_v)shmem_##KEY##_fadd((T *)d, (T)a, pe);                                    \
  }                                                                                       \
  static ft_v shmem_##KEY##_dep_finc_(void *d, ft_v a, ft_v b, int pe) {                  \
    (void)a;                                                                              \
    (void)b;                                                                              \
    return (ft_v)shmem_##KEY##_finc((T *)d, pe);                                          \
  }                                                                                       \
  static ft_v shmem_##KEY##_dep_add_(void *d, ft_v a, ft_v b, int pe) {                   \
    (void)b;                                                                              \
    shmem_##KEY##_add((T *)d, (T)a, pe);                                                  \
    return 0;                                                                             \
  }                                                                                       \
  static ft_v shmem_##KEY##_dep_inc_(void *d, ft_v a, ft_v b, int pe) {                   \
    (void)a;                                                                              \
    (void)b;                                                                              \
    shmem_##KEY##_inc((T *)d, pe);                                                        \
    return 0;                                                                             \
  }                                                                                       \
  static ft_v shmem_##KEY##_dep_cswap_(void *d, ft_v a, ft_v b, int pe) {                 \
    return (ft_v)shmem_##KEY##_cswap((T *)d, (T)a, (T)b, pe);                             \
  }                                                                                       \
  static const ft_amo_ops shmem_##KEY##_amo_dep = {                                       \
      "shmem_" #KEY, "1.x names", sizeof(T), 0, 0,                                     \
      shmem_##KEY##_amo_load_, shmem_##KEY##_amo_store_,                                  \
      {[FT_FETCH] = shmem_##KEY##_dep_fetch_, [FT_SET] = shmem_##KEY##_dep_set_,          \
       [FT_SWAP] = shmem_##KEY##_dep_swap_, [FT_CSWAP] = shmem_##KEY##_dep_cswap_,        \
       [FT_FINC] = shmem_##KEY##_dep_finc_, [FT_INC] = shmem_##KEY##_dep_inc_,            \
       [FT_FADD] = shmem_##KEY##_dep_fadd_, [FT_ADD] = shmem_##KEY##_dep_add_}};
#define FT_AMO_DEPRECATED_FLOAT(KEY, T)                                                   \
  FT_AMO_DEP_EXT_FNS(KEY, T)                                                              \
  static const ft_amo_ops shmem_##KEY##_amo_dep = {                                       \
      "shmem_" #KEY, "1.x names", sizeof(T), 1, 0,                                     \
      shmem_##KEY##_amo_load_, shmem_##KEY##_amo_store_,                                  \
      {[FT_FETCH] = shmem_##KEY##_dep_fetch_, [FT_SET] = shmem_##KEY##_dep_set_,          \
       [FT_SWAP] = shmem_##KEY##_dep_swap_}};

/* shmem_swap(long *, long, int) */
static ft_v ft_shmem_swap_(void *d, ft_v a, ft_v b, int pe) {
  (void)b;
  return (ft_v)shmem_swap((long *)d, (long)a, pe);
}

/* ---- expansion */
#define FT_AMO_TYPE_BOTH(KEY, T) FT_AMO_TYPE(shmem, KEY, T) FT_AMO_TYPE(rocshmem, KEY, T)
#define FT_AMO_FLOAT_TYPE_BOTH(KEY, T) \
  FT_AMO_FLOAT_TYPE(shmem, KEY, T) FT_AMO_FLOAT_TYPE(rocshmem, KEY, T)
ROCSHMEM_AMO_STANDARD_TYPES(FT_AMO_TYPE_BOTH)
ROCSHMEM_AMO_FLOAT_TYPES(FT_AMO_FLOAT_TYPE_BOTH)

#define FT_AMO_STANDARD_BOTH(KEY, T) FT_AMO_STANDARD(shmem, KEY, T) FT_AMO_STANDARD(rocshmem, KEY, T)
#define FT_AMO_EXTENDED_BOTH(KEY, T) FT_AMO_EXTENDED(shmem, KEY, T) FT_AMO_EXTENDED(rocshmem, KEY, T)
#define FT_AMO_BITWISE_BOTH(KEY, T) FT_AMO_BITWISE(shmem, KEY, T) FT_AMO_BITWISE(rocshmem, KEY, T)
ROCSHMEM_AMO_STANDARD_TYPES(FT_AMO_STANDARD_BOTH)
ROCSHMEM_AMO_EXTENDED_TYPES(FT_AMO_EXTENDED_BOTH)
ROCSHMEM_AMO_BITWISE_TYPES(FT_AMO_BITWISE_BOTH)
SHMEM_DEPRECATED_AMO_TYPES(FT_AMO_DEPRECATED)
SHMEM_DEPRECATED_AMO_FLOAT_TYPES(FT_AMO_DEPRECATED_FLOAT)

static const ft_amo_ops ft_shmem_swap_amo = {
    "shmem_swap (long)", "1.x names", sizeof(long), 0, 0,
    shmem_long_amo_load_, shmem_long_amo_store_, {[FT_SWAP] = ft_shmem_swap_}};

#define FT_REF_AMO_STD(KEY, T) &shmem_##KEY##_amo_std, &rocshmem_##KEY##_amo_std,
#define FT_REF_AMO_EXT(KEY, T) &shmem_##KEY##_amo_ext, &rocshmem_##KEY##_amo_ext,
#define FT_REF_AMO_BIT(KEY, T) &shmem_##KEY##_amo_bit, &rocshmem_##KEY##_amo_bit,
#define FT_REF_AMO_DEP(KEY, T) &shmem_##KEY##_amo_dep,

/* Every entry: standard, extended, bitwise (both prefixes), then 1.x names. */
static const ft_amo_ops *const ft_all_amo[] = {
    ROCSHMEM_AMO_STANDARD_TYPES(FT_REF_AMO_STD) ROCSHMEM_AMO_EXTENDED_TYPES(FT_REF_AMO_EXT)
        ROCSHMEM_AMO_BITWISE_TYPES(FT_REF_AMO_BIT) SHMEM_DEPRECATED_AMO_TYPES(FT_REF_AMO_DEP)
            SHMEM_DEPRECATED_AMO_FLOAT_TYPES(FT_REF_AMO_DEP) & ft_shmem_swap_amo};
enum { FT_N_AMO = sizeof ft_all_amo / sizeof ft_all_amo[0] };

/* Uses this entry's context form when on (and the entry has one). */
static inline void ft_amo_set_ctx(shmem_ctx_t ctx, int on) {
  ft_amo_ctx = ctx;
  ft_amo_use_ctx = on;
}

#endif /* ROCSHMEM_TESTS_AMO_OPS_H */
