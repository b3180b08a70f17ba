/* Fortran active-set collectives: SHMEM_BARRIER, BROADCAST, COLLECT,
 * FCOLLECT, ALLTOALL(S) and the *_TO_ALL reductions, on the same groups and
 * algorithms as the C routines (oshmem_compat/shmem_active_set.cc).  pSync
 * and pWrk are accepted and left unused, as there. */
#include "coll/coll.h"
#include "coll/reduce_ops.h"
#include "fortran/fortran.h"
#include "sync/barrier.h"
#include "team/group.h"

using rocshmem::ActiveSet;
using rocshmem::fortran::count;
using rocshmem::fortran::fint;
namespace coll = rocshmem::coll;

#define F_SET_ARGS const fint *PE_start, const fint *logPE_stride, const fint *PE_size
/* Opens a routine's body: the library is up and the active set is valid. */
#define F_ENTER_SET(UPPER)                           \
  const char *call = #UPPER;                         \
  rocshmem::require_init(call);                      \
  ActiveSet set(call, *PE_start, *logPE_stride, *PE_size)

ROCSHMEM_F_SUB(shmem_barrier, SHMEM_BARRIER, (F_SET_ARGS, fint *pSync)) {
  (void)pSync;
  F_ENTER_SET(SHMEM_BARRIER);
  rocshmem::quiet();
  rocshmem::group_sync(call, set.group());
}

/* N in the name, element bytes (4 and 8 are bytes, 32 and 64 bits). */
#define F_COLL_SIZED(N, BYTES)                                                                 \
  ROCSHMEM_F_SUB(shmem_broadcast##N, SHMEM_BROADCAST##N,                                       \
                 (void *dest, const void *source, const fint *nelems, const fint *PE_root,     \
                  F_SET_ARGS, fint *pSync)) {                                                  \
    (void)pSync;                                                                               \
    F_ENTER_SET(SHMEM_BROADCAST##N);                                                           \
    /* As in 1.4: the root's dest is not written. */                                           \
    coll::broadcast(call, set.group(), dest, source, count(call, "nelems", *nelems), BYTES,    \
                    *PE_root, false);                                                          \
  }                                                                                            \
  ROCSHMEM_F_SUB(shmem_collect##N, SHMEM_COLLECT##N,                                           \
                 (void *dest, const void *source, const fint *nelems, F_SET_ARGS,              \
                  fint *pSync)) {                                                              \
    (void)pSync;                                                                               \
    F_ENTER_SET(SHMEM_COLLECT##N);                                                             \
    coll::collect(call, set.group(), dest, source, count(call, "nelems", *nelems), BYTES);     \
  }                                                                                            \
  ROCSHMEM_F_SUB(shmem_fcollect##N, SHMEM_FCOLLECT##N,                                         \
                 (void *dest, const void *source, const fint *nelems, F_SET_ARGS,              \
                  fint *pSync)) {                                                              \
    (void)pSync;                                                                               \
    F_ENTER_SET(SHMEM_FCOLLECT##N);                                                            \
    coll::fcollect(call, set.group(), dest, source, count(call, "nelems", *nelems), BYTES);    \
  }
#define F_ALLTOALL_SIZED(N, BYTES)                                                             \
  ROCSHMEM_F_SUB(shmem_alltoall##N, SHMEM_ALLTOALL##N,                                         \
                 (void *dest, const void *source, const fint *nelems, F_SET_ARGS,              \
                  fint *pSync)) {                                                              \
    (void)pSync;                                                                               \
    F_ENTER_SET(SHMEM_ALLTOALL##N);                                                            \
    coll::alltoall(call, set.group(), dest, source, count(call, "nelems", *nelems), BYTES);    \
  }                                                                                            \
  ROCSHMEM_F_SUB(shmem_alltoalls##N, SHMEM_ALLTOALLS##N,                                       \
                 (void *dest, const void *source, const fint *dst, const fint *sst,            \
                  const fint *nelems, F_SET_ARGS, fint *pSync)) {                              \
    (void)pSync;                                                                               \
    F_ENTER_SET(SHMEM_ALLTOALLS##N);                                                           \
    coll::alltoalls(call, set.group(), dest, source, *dst, *sst,                               \
                    count(call, "nelems", *nelems), BYTES);                                    \
  }
F_COLL_SIZED(4, 4)
F_COLL_SIZED(8, 8)
F_COLL_SIZED(32, 4)
F_COLL_SIZED(64, 8)
F_ALLTOALL_SIZED(32, 4)
F_ALLTOALL_SIZED(64, 8)

#define F_TO_ALL(lo, UP, T, op, OP, OPTYPE)                                                    \
  ROCSHMEM_F_SUB(shmem_##lo##_##op##_to_all, SHMEM_##UP##_##OP##_TO_ALL,                       \
                 (T * dest, const T *source, const fint *nreduce, F_SET_ARGS, T *pWrk,         \
                  fint *pSync)) {                                                              \
    (void)pWrk;                                                                                \
    (void)pSync;                                                                               \
    F_ENTER_SET(SHMEM_##UP##_##OP##_TO_ALL);                                                   \
    coll::reduce<T, coll::OPTYPE>(call, set.group(), dest, source,                             \
                                  count(call, "nreduce", *nreduce));                           \
  }
#define F_TO_ALL_SUMPROD(lo, UP, T) \
  F_TO_ALL(lo, UP, T, sum, SUM, OpSum) F_TO_ALL(lo, UP, T, prod, PROD, OpProd)
#define F_TO_ALL_ARITH(lo, UP, T)                                              \
  F_TO_ALL(lo, UP, T, max, MAX, OpMax) F_TO_ALL(lo, UP, T, min, MIN, OpMin)     \
  F_TO_ALL_SUMPROD(lo, UP, T)
#define F_TO_ALL_INT(lo, UP, T)                                                \
  F_TO_ALL(lo, UP, T, and, AND, OpAnd) F_TO_ALL(lo, UP, T, or, OR, OpOr)        \
  F_TO_ALL(lo, UP, T, xor, XOR, OpXor) F_TO_ALL_ARITH(lo, UP, T)
ROCSHMEM_F_REDUCE_INT_TYPES(F_TO_ALL_INT)
ROCSHMEM_F_REDUCE_REAL_TYPES(F_TO_ALL_ARITH)
ROCSHMEM_F_REDUCE_COMPLEX_TYPES(F_TO_ALL_SUMPROD)
