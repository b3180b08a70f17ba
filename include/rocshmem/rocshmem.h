/*
 * rocshmem host API (C99/C11 and C++).
 *
 * Typed families are expanded from include/rocshmem/types.def and declared
 * through the prefix-parameterized macros of include/rocshmem/api.def; every
 * routine here has a shmem_* twin in <shmem.h> backed by the same code.
 */
#ifndef ROCSHMEM_H
#define ROCSHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem_version.h>
#include <rocshmem/types.def>

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

/* Context options (rocshmem_ctx_create). */
#define ROCSHMEM_CTX_PRIVATE (1L << 0)
#define ROCSHMEM_CTX_SERIALIZED (1L << 1)
#define ROCSHMEM_CTX_NOSTORE (1L << 2)

/* Contexts and teams are opaque handles.  The _INVALID handles are null. */
typedef struct rocshmem_ctx_s *rocshmem_ctx_t;
typedef struct rocshmem_team_s *rocshmem_team_t;
extern rocshmem_ctx_t ROCSHMEM_CTX_DEFAULT;
extern rocshmem_team_t ROCSHMEM_TEAM_WORLD;
extern rocshmem_team_t ROCSHMEM_TEAM_SHARED;
#define ROCSHMEM_CTX_INVALID ((rocshmem_ctx_t)0)

/* Team configuration (rocshmem_team_split_*): which fields count is given by
 * a mask of ROCSHMEM_TEAM_* bits. */
typedef struct {
  int num_contexts; /* contexts the team expects to create */
} rocshmem_team_config_t;
#define ROCSHMEM_TEAM_NUM_CONTEXTS (1L << 0)
#define ROCSHMEM_TEAM_INVALID ((rocshmem_team_t)0)

#ifdef __cplusplus
} /* extern "C" */
#endif

#include <rocshmem/api.def>

/* Under a GPU compiler the routines that also exist on the device are
 * declared __host__ __device__ (see ROCSHMEM_FN_ATTR in api.def); the
 * device-only ones (_wave, _wg) are in <rocshmem/rocshmem_device.h>. */
#ifndef ROCSHMEM_HOST_DEVICE_FN /* librocshmem_device.a's sources predefine it as
                                  __device__: they define the device side only */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define ROCSHMEM_HOST_DEVICE_FN __host__ __device__
#else
#define ROCSHMEM_HOST_DEVICE_FN
#endif
#endif
#undef ROCSHMEM_FN_ATTR
#define ROCSHMEM_FN_ATTR ROCSHMEM_HOST_DEVICE_FN

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- setup (rocshmem signatures) */
void rocshmem_init(void);
int rocshmem_init_thread(int requested, int *provided);
int rocshmem_query_thread(void); /* returns the provided ROCSHMEM_THREAD_* level */
void rocshmem_finalize(void);
/* This PE's statistics: what its network transport did since init or the
 * last reset (endpoints made, remote keys, puts, gets, atomics and their
 * bytes), printed as one line on stderr, "rocshmem[PE N] stats: {...}"
 * (JSON); reset counts from zero again.  Same-node traffic is not counted. */
void rocshmem_dump_stats(void);
void rocshmem_reset_stats(void);

/* ---------------------------------------------------------------- setup with attributes
 * rocshmem_init_attr starts the library from something other than the
 * launcher's environment:
 *  - ROCSHMEM_INIT_WITH_MPI_COMM: the PEs are the ranks of attr->mpi_comm (a
 *    pointer to an MPI_Comm, e.g. &comm; NULL means MPI_COMM_WORLD); the
 *    communicator is duplicated, never freed or finalized by rocshmem.
 *  - ROCSHMEM_INIT_WITH_UNIQUEID: no MPI at all.  One process calls
 *    rocshmem_get_uniqueid, hands the id to the others by any means (a file,
 *    torch.distributed, MPI_Bcast), and every process calls
 *    rocshmem_set_attr_uniqueid_args(rank, nranks, &id, &attr) and then
 *    rocshmem_init_attr.  The id holds the TCP address the root (rank 0, which
 *    must be the process that created the id, not a child forked from it)
 *    listens on and a random session key; ROCSHMEM_BOOTSTRAP_TIMEOUT bounds
 *    the wait for the others.  attr keeps the pointer to the id, which must
 *    stay valid until rocshmem_init_attr returns.  A watchdog thread per
 *    process ends the whole job when a PE dies or calls rocshmem_global_exit.
 * The three return ROCSHMEM_SUCCESS, or report and return ROCSHMEM_ERROR on
 * bad arguments; failures of the job itself (timeout, lost peer) end the job
 * with a message, as rocshmem_init does.  See rocshmem_init_attr(3). */
#define ROCSHMEM_UNIQUEID_BYTES 128
typedef struct {
  char internal[ROCSHMEM_UNIQUEID_BYTES]; /* opaque; copy it bytewise */
} rocshmem_uniqueid_t;
#define ROCSHMEM_UNIQUEID_INITIALIZER {{0}}

typedef struct {
  int version;              /* ROCSHMEM_UNIQUEID_ARGS_VERSION */
  rocshmem_uniqueid_t *id;  /* the root's id, identical on every process */
  int myrank;               /* 0 .. nranks-1; 0 is the process that made the id */
  int nranks;
} rocshmem_uniqueid_args_t;
#define ROCSHMEM_UNIQUEID_ARGS_VERSION 1

typedef struct {
  void *mpi_comm;                    /* ROCSHMEM_INIT_WITH_MPI_COMM: MPI_Comm * */
  rocshmem_uniqueid_args_t uid_args; /* ROCSHMEM_INIT_WITH_UNIQUEID */
} rocshmem_init_attr_t;

enum rocshmem_init_flags {
  ROCSHMEM_INIT_WITH_MPI_COMM = 1 << 0,
  ROCSHMEM_INIT_WITH_UNIQUEID = 1 << 1,
};

int rocshmem_get_uniqueid(rocshmem_uniqueid_t *uid);
int rocshmem_set_attr_uniqueid_args(int rank, int nranks, rocshmem_uniqueid_t *uid,
                                    rocshmem_init_attr_t *attr);
int rocshmem_init_attr(unsigned int flags, rocshmem_init_attr_t *attr);

/* ---------------------------------------------------------------- rocshmem only */
ROCSHMEM_FN_ATTR void rocshmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
ROCSHMEM_FN_ATTR void rocshmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);
/* quiet, then synchronize the team */
ROCSHMEM_FN_ATTR void rocshmem_barrier(rocshmem_team_t team);
/* dest[0..nreduce) on team member i = reduction over members of their
 * source[i*nreduce .. (i+1)*nreduce) */
#define ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, OP) \
  ROCSHMEM_FN_ATTR int rocshmem_##KEY##_##OP##_reduce_scatter(rocshmem_team_t team, T *dest, const T *source, \
                                             size_t nreduce);
#define ROCSHMEM_DECLARE_REDUCE_SCATTER_BIT(KEY, T) \
  ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, and)      \
  ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, or) ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, xor)
#define ROCSHMEM_DECLARE_REDUCE_SCATTER_ARITH(KEY, T)                                        \
  ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, max) ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, min)  \
  ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, sum) ROCSHMEM_DECLARE_REDUCE_SCATTER(KEY, T, prod)
ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM_DECLARE_REDUCE_SCATTER_BIT)
ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM_DECLARE_REDUCE_SCATTER_ARITH)
#undef ROCSHMEM_DECLARE_REDUCE_SCATTER
#undef ROCSHMEM_DECLARE_REDUCE_SCATTER_BIT
#undef ROCSHMEM_DECLARE_REDUCE_SCATTER_ARITH

/* ---------------------------------------------------------------- shared with shmem_*:
 * query, memory, contexts, locks, RMA, signals, AMOs, point-to-point sync */
ROCSHMEM_API_COMMON_DECLS(rocshmem)
#define ROCSHMEM_DECLARE_RMA(KEY, T) ROCSHMEM_API_RMA_TYPED_DECLS(rocshmem, KEY, T)
ROCSHMEM_RMA_TYPES(ROCSHMEM_DECLARE_RMA)
#undef ROCSHMEM_DECLARE_RMA
#define ROCSHMEM_DECLARE_AMO_STD(KEY, T) ROCSHMEM_API_AMO_STANDARD(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DECLARE_AMO_EXT(KEY, T) ROCSHMEM_API_AMO_EXTENDED(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DECLARE_AMO_BIT(KEY, T) ROCSHMEM_API_AMO_BITWISE(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DECLARE_P2P(KEY, T) ROCSHMEM_API_P2P(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)
ROCSHMEM_AMO_STANDARD_TYPES(ROCSHMEM_DECLARE_AMO_STD)
ROCSHMEM_AMO_EXTENDED_TYPES(ROCSHMEM_DECLARE_AMO_EXT)
ROCSHMEM_AMO_BITWISE_TYPES(ROCSHMEM_DECLARE_AMO_BIT)
ROCSHMEM_P2P_TYPES(ROCSHMEM_DECLARE_P2P)
#define ROCSHMEM_DECLARE_REDUCE_BIT(KEY, T) ROCSHMEM_API_REDUCE_BITWISE(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DECLARE_REDUCE_ARITH(KEY, T)                           \
  ROCSHMEM_API_REDUCE_MINMAX(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)      \
  ROCSHMEM_API_REDUCE_SUMPROD(rocshmem, KEY, T, ROCSHMEM_DECL_BODY)
ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM_DECLARE_REDUCE_BIT)
ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM_DECLARE_REDUCE_ARITH)
#undef ROCSHMEM_DECLARE_REDUCE_BIT
#undef ROCSHMEM_DECLARE_REDUCE_ARITH
#undef ROCSHMEM_DECLARE_AMO_STD
#undef ROCSHMEM_DECLARE_AMO_EXT
#undef ROCSHMEM_DECLARE_AMO_BIT
#undef ROCSHMEM_DECLARE_P2P

#ifdef __cplusplus
} /* extern "C" */
#endif

/* shmem.h expands the same macros for the host-only shmem_* names. */
#undef ROCSHMEM_FN_ATTR
#define ROCSHMEM_FN_ATTR

#endif /* ROCSHMEM_H */
