/*
 * rocshmem host API (C99/C11 and C++).
 *
 * Typed families are expanded from include/rocshmem/types.def; every routine
 * here has a shmem_* twin in <shmem.h> backed by the same implementation.
 */
#ifndef ROCSHMEM_H
#define ROCSHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem_version.h>
#include <rocshmem/types.def>
#include <rocshmem/api.def>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- constants */
enum {
  ROCSHMEM_SUCCESS = 0,
  ROCSHMEM_ERROR = -1,
};

enum rocshmem_thread_level {
  ROCSHMEM_THREAD_SINGLE = 0,
  ROCSHMEM_THREAD_FUNNELED = 1,
  ROCSHMEM_THREAD_SERIALIZED = 2,
  ROCSHMEM_THREAD_MULTIPLE = 3,
};

enum rocshmem_cmp {
  ROCSHMEM_CMP_EQ = 0,
  ROCSHMEM_CMP_NE = 1,
  ROCSHMEM_CMP_GT = 2,
  ROCSHMEM_CMP_GE = 3,
  ROCSHMEM_CMP_LT = 4,
  ROCSHMEM_CMP_LE = 5,
};

enum rocshmem_signal_op {
  ROCSHMEM_SIGNAL_SET = 0,
  ROCSHMEM_SIGNAL_ADD = 1,
};

/* Contexts: an opaque handle; ROCSHMEM_CTX_DEFAULT is the default context. */
typedef struct rocshmem_ctx_s *rocshmem_ctx_t;
extern rocshmem_ctx_t ROCSHMEM_CTX_DEFAULT;

/* ---------------------------------------------------------------- setup */
void rocshmem_init(void);
int rocshmem_init_thread(int requested, int *provided);
int rocshmem_query_thread(void); /* returns the provided ROCSHMEM_THREAD_* level */
void rocshmem_finalize(void);

/* ---------------------------------------------------------------- everything shared with shmem_*:
 * query, memory, RMA (putmem/getmem and every type of types.def), ordering and barriers */
ROCSHMEM_API_COMMON_DECLS(rocshmem)
#define ROCSHMEM_DECLARE_TYPED(KEY, T) ROCSHMEM_API_TYPED_DECLS(rocshmem, KEY, T)
ROCSHMEM_RMA_TYPES(ROCSHMEM_DECLARE_TYPED)
#undef ROCSHMEM_DECLARE_TYPED

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ROCSHMEM_H */
