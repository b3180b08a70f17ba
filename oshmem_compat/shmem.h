/*
 * OpenSHMEM 1.6 API (shmem_*), for programs ported by recompiling with oshcc.
 *
 * The routines are the rocshmem_* implementation under their standard names;
 * typed families come from <rocshmem/types.def> (24 RMA types: rocshmem's 23
 * plus long double), the declarations from <rocshmem/shmem_api.def> (which
 * builds on <rocshmem/api.def> and also gives <pshmem.h> its pshmem_* names).
 * Includable from C99, C11 (adds _Generic selectors) and C++ (adds overloads).
 */
#ifndef ROCSHMEM_SHMEM_H
#define ROCSHMEM_SHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem.h>

/* ---------------------------------------------------------------- constants */
#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 6
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN ROCSHMEM_MAX_NAME_LEN
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING ROCSHMEM_VENDOR_STRING
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

#define SHMEM_THREAD_SINGLE ROCSHMEM_THREAD_SINGLE
#define SHMEM_THREAD_FUNNELED ROCSHMEM_THREAD_FUNNELED
#define SHMEM_THREAD_SERIALIZED ROCSHMEM_THREAD_SERIALIZED
#define SHMEM_THREAD_MULTIPLE ROCSHMEM_THREAD_MULTIPLE

#define SHMEM_CMP_EQ ROCSHMEM_CMP_EQ
#define SHMEM_CMP_NE ROCSHMEM_CMP_NE
#define SHMEM_CMP_GT ROCSHMEM_CMP_GT
#define SHMEM_CMP_GE ROCSHMEM_CMP_GE
#define SHMEM_CMP_LT ROCSHMEM_CMP_LT
#define SHMEM_CMP_LE ROCSHMEM_CMP_LE
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

#define SHMEM_SIGNAL_SET ROCSHMEM_SIGNAL_SET
#define SHMEM_SIGNAL_ADD ROCSHMEM_SIGNAL_ADD

/* Contexts and teams share rocshmem's handles. */
typedef rocshmem_ctx_t shmem_ctx_t;
typedef rocshmem_team_t shmem_team_t;
#define SHMEM_CTX_PRIVATE ROCSHMEM_CTX_PRIVATE
#define SHMEM_CTX_SERIALIZED ROCSHMEM_CTX_SERIALIZED
#define SHMEM_CTX_NOSTORE ROCSHMEM_CTX_NOSTORE
#define SHMEM_CTX_DEFAULT ROCSHMEM_CTX_DEFAULT
#define SHMEM_CTX_INVALID ROCSHMEM_CTX_INVALID
#define SHMEM_TEAM_WORLD ROCSHMEM_TEAM_WORLD
#define SHMEM_TEAM_SHARED ROCSHMEM_TEAM_SHARED
#define SHMEM_TEAM_INVALID ROCSHMEM_TEAM_INVALID
typedef rocshmem_team_config_t shmem_team_config_t;
#define SHMEM_TEAM_NUM_CONTEXTS ROCSHMEM_TEAM_NUM_CONTEXTS

/* Communication sessions (shmem_ctx_session_start): options, and the mask
 * bits naming the fields of the configuration that apply.  Hints only: see
 * shmem_ctx_session_start(3) for what rocshmem does with them. */
#define SHMEM_CTX_SESSION_BATCH (1L << 0)
#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0)
typedef struct {
  size_t total_ops; /* expected RMA calls in the session; SIZE_MAX: not given */
} shmem_ctx_session_config_t;

/* Allocation hints (shmem_malloc_with_hints). */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* Deprecated work-array constants still used by 1.x codes. */
#define SHMEM_SYNC_VALUE 0L
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define SHMEM_BCAST_SYNC_SIZE 64
#define SHMEM_BARRIER_SYNC_SIZE 64
#define SHMEM_REDUCE_SYNC_SIZE 64
#define SHMEM_COLLECT_SYNC_SIZE 64
#define SHMEM_ALLTOALL_SYNC_SIZE 64
#define SHMEM_ALLTOALLS_SYNC_SIZE 64
#define SHMEM_SYNC_SIZE 64
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

#ifdef __cplusplus
extern "C" {
#endif

/* Every routine: the declarations of <rocshmem/shmem_api.def>, which
 * <pshmem.h> expands again for the pshmem_* names. */
#define ROCSHMEM_SHMEM_P
#ifdef ROCSHMEM_BUILDING_LIBRARY
/* The profiling interface: in the library each shmem_X is the strong symbol
 * pshmem_X with shmem_X a weak alias of it (see shmem_api.def). */
#define ROCSHMEM_SHMEM_STR_(X) #X
#define ROCSHMEM_SHMEM_END_(S) \
  __asm__("p" S);              \
  __asm__(".weak " S "\n\t.set " S ", p" S);
#define ROCSHMEM_SHMEM_END(NAME) ROCSHMEM_SHMEM_END_(ROCSHMEM_SHMEM_STR_(NAME))
#else
#define ROCSHMEM_SHMEM_END(NAME) ;
#endif
#include <rocshmem/shmem_api.def>
#undef ROCSHMEM_SHMEM_END

#ifdef __cplusplus
} /* extern "C" */
#endif

/* C11 _Generic selectors and C++ overloads (shmem_put, shmem_atomic_fetch_add ...). */
#ifndef ROCSHMEM_BUILDING_LIBRARY /* the library defines the typed names only */
#include <rocshmem/shmem_generic.h>
#endif

#endif /* ROCSHMEM_SHMEM_H */
