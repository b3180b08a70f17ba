/*
 * Every typed RMA routine of the public API, as a table of uniform entries,
 * expanded from the X-macro tables of <rocshmem/types.def> (never a
 * hand-written list of types): the 25 shmem_TYPE_* families (long double
 * included), the 24 rocshmem_TYPE_* families, and the 5 sized shmem_*BITS
 * families.  The test logic is then written once, over ft_rma_ops, with
 * element access through set/eq so that each comparison is done in the real
 * type (float == float, not bytes).
 *
 * Each entry gets small wrapper functions with one uniform signature rather
 * than function pointers cast to it, because calling through a mismatched
 * function pointer type is undefined behaviour in C.
 */
#ifndef ROCSHMEM_TESTS_TYPED_OPS_H
#define ROCSHMEM_TESTS_TYPED_OPS_H

#include "ftest.h"

typedef struct {
  const char *name; /* routine family, e.g. "shmem_int" or "shmem_put32" */
  size_t size;      /* element size in bytes */
  void (*set)(void *buf, size_t i, int v);       /* buf[i] = value v */
  int (*eq)(const void *buf, size_t i, int v);   /* buf[i] == value v */
  void (*put)(void *dest, const void *source, size_t nelems, int pe);
  void (*get)(void *dest, const void *source, size_t nelems, int pe);
  void (*put_nbi)(void *dest, const void *source, size_t nelems, int pe);
  void (*get_nbi)(void *dest, const void *source, size_t nelems, int pe);
  void (*iput)(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
               int pe);
  void (*iget)(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
               int pe);
  /* Single-element routines; NULL for the sized families, which have none. */
  void (*p)(void *dest, int v, int pe);
  int (*g_eq)(const void *source, int pe, int v); /* g(source, pe) == value v */
} ft_rma_ops;

/* ---- typed families: PFX_KEY_put(T *, const T *, size_t, int) ... */
#define FT_TYPED_OPS(PFX, KEY, T)                                                           \
  static void PFX##_##KEY##_set_(void *b, size_t i, int v) { ((T *)b)[i] = (T)v; }          \
  static int PFX##_##KEY##_eq_(const void *b, size_t i, int v) {                           \
    return ((const T *)b)[i] == (T)v;                                                       \
  }                                                                                         \
  static void PFX##_##KEY##_put_(void *d, const void *s, size_t n, int pe) {               \
    PFX##_##KEY##_put((T *)d, (const T *)s, n, pe);                                         \
  }                                                                                         \
  static void PFX##_##KEY##_get_(void *d, const void *s, size_t n, int pe) {               \
    PFX##_##KEY##_get((T *)d, (const T *)s, n, pe);                                         \
  }                                                                                         \
  static void PFX##_##KEY##_put_nbi_(void *d, const void *s, size_t n, int pe) {           \
    PFX##_##KEY##_put_nbi((T *)d, (const T *)s, n, pe);                                     \
  }                                                                                         \
  static void PFX##_##KEY##_get_nbi_(void *d, const void *s, size_t n, int pe) {           \
    PFX##_##KEY##_get_nbi((T *)d, (const T *)s, n, pe);                                     \
  }                                                                                         \
  static void PFX##_##KEY##_iput_(void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss,      \
                                  size_t n, int pe) {                                       \
    PFX##_##KEY##_iput((T *)d, (const T *)s, ds, ss, n, pe);                                \
  }                                                                                         \
  static void PFX##_##KEY##_iget_(void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss,      \
                                  size_t n, int pe) {                                       \
    PFX##_##KEY##_iget((T *)d, (const T *)s, ds, ss, n, pe);                                \
  }                                                                                         \
  static void PFX##_##KEY##_p_(void *d, int v, int pe) { PFX##_##KEY##_p((T *)d, (T)v, pe); } \
  static int PFX##_##KEY##_g_eq_(const void *s, int pe, int v) {                           \
    return PFX##_##KEY##_g((const T *)s, pe) == (T)v;                                       \
  }                                                                                         \
  static const ft_rma_ops PFX##_##KEY##_ops = {                                             \
      #PFX "_" #KEY,        sizeof(T),              PFX##_##KEY##_set_,                     \
      PFX##_##KEY##_eq_,    PFX##_##KEY##_put_,     PFX##_##KEY##_get_,                     \
      PFX##_##KEY##_put_nbi_, PFX##_##KEY##_get_nbi_, PFX##_##KEY##_iput_,                  \
      PFX##_##KEY##_iget_,  PFX##_##KEY##_p_,       PFX##_##KEY##_g_eq_};

/* ---- sized families: shmem_putBITS(void *, const void *, size_t, int) ...
 * No C type per size: value v is spread over the element's bytes as
 * v*7 + byte index, so a wrong element size or a torn copy shows. */
#define FT_SIZED_OPS(BITS)                                                                  \
  static void shmem_##BITS##_set_(void *b, size_t i, int v) {                               \
    unsigned char *e = (unsigned char *)b + i * ((BITS) / 8);                                \
    for (size_t k = 0; k < (BITS) / 8; ++k) e[k] = (unsigned char)(v * 7 + (int)k);         \
  }                                                                                         \
  static int shmem_##BITS##_eq_(const void *b, size_t i, int v) {                           \
    const unsigned char *e = (const unsigned char *)b + i * ((BITS) / 8);                    \
    for (size_t k = 0; k < (BITS) / 8; ++k)                                                 \
      if (e[k] != (unsigned char)(v * 7 + (int)k)) return 0;                                \
    return 1;                                                                               \
  }                                                                                         \
  static const ft_rma_ops shmem_##BITS##_ops = {                                            \
      "shmem_put" #BITS "/get" #BITS, (BITS) / 8, shmem_##BITS##_set_, shmem_##BITS##_eq_,  \
      shmem_put##BITS, shmem_get##BITS, shmem_put##BITS##_nbi, shmem_get##BITS##_nbi,       \
      shmem_iput##BITS, shmem_iget##BITS, NULL, NULL};

#define FT_SHMEM_TYPED_OPS(KEY, T) FT_TYPED_OPS(shmem, KEY, T)
#define FT_ROCSHMEM_TYPED_OPS(KEY, T) FT_TYPED_OPS(rocshmem, KEY, T)
SHMEM_RMA_TYPES(FT_SHMEM_TYPED_OPS)
ROCSHMEM_RMA_TYPES(FT_ROCSHMEM_TYPED_OPS)
SHMEM_RMA_SIZES(FT_SIZED_OPS)

#define FT_REF_SHMEM_OPS(KEY, T) &shmem_##KEY##_ops,
#define FT_REF_ROCSHMEM_OPS(KEY, T) &rocshmem_##KEY##_ops,
#define FT_REF_SIZED_OPS(BITS) &shmem_##BITS##_ops,

/* Every entry, shmem_* typed first, then rocshmem_* typed, then sized. */
static const ft_rma_ops *const ft_all_ops[] = {SHMEM_RMA_TYPES(FT_REF_SHMEM_OPS)
                                                   ROCSHMEM_RMA_TYPES(FT_REF_ROCSHMEM_OPS)
                                                       SHMEM_RMA_SIZES(FT_REF_SIZED_OPS)};
enum { FT_N_OPS = sizeof ft_all_ops / sizeof ft_all_ops[0] };

/* Largest element size in the table (the 128-bit sized family). */
enum { FT_MAX_ELEM = 16 };

static inline void *ft_elem(void *buf, const ft_rma_ops *o, size_t i) {
  return (char *)buf + i * o->size;
}

#endif /* ROCSHMEM_TESTS_TYPED_OPS_H */
