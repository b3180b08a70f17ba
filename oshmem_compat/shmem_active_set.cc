/* OpenSHMEM 1.x active-set collectives.  An active set becomes a Group and
 * runs the team algorithms; pSync/pWrk are not needed (see shmem.h). */
#include <shmem.h>

#include "coll/coll.h"
#include "coll/reduce_ops.h"
#include "core/api.h"
#include "team/group.h"

using rocshmem::ActiveSet;

extern "C" {

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  (void)pSync;
  rocshmem::require_init("shmem_barrier");
  ActiveSet set("shmem_barrier", PE_start, logPE_stride, PE_size);
  rocshmem::quiet();
  rocshmem::group_sync("shmem_barrier", set.group());
}

void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  (void)pSync;
  rocshmem::require_init("shmem_sync");
  ActiveSet set("shmem_sync", PE_start, logPE_stride, PE_size);
  rocshmem::fence();
  rocshmem::group_sync("shmem_sync", set.group());
}

#define DEFINE_ACTIVE_SET(BITS)                                                                  \
  void shmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root,         \
                             int PE_start, int logPE_stride, int PE_size, long *pSync) {         \
    (void)pSync;                                                                                 \
    rocshmem::require_init("shmem_broadcast" #BITS);                                             \
    ActiveSet set("shmem_broadcast" #BITS, PE_start, logPE_stride, PE_size);                     \
    /* 1.x: the root's dest is not written. */                                                   \
    rocshmem::coll::broadcast("shmem_broadcast" #BITS, set.group(), dest, source, nelems,        \
                              BITS / 8, PE_root, false);                                         \
  }                                                                                              \
  void shmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start,          \
                           int logPE_stride, int PE_size, long *pSync) {                         \
    (void)pSync;                                                                                 \
    rocshmem::require_init("shmem_collect" #BITS);                                               \
    ActiveSet set("shmem_collect" #BITS, PE_start, logPE_stride, PE_size);                       \
    rocshmem::coll::collect("shmem_collect" #BITS, set.group(), dest, source, nelems, BITS / 8); \
  }                                                                                              \
  void shmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start,         \
                            int logPE_stride, int PE_size, long *pSync) {                        \
    (void)pSync;                                                                                 \
    rocshmem::require_init("shmem_fcollect" #BITS);                                              \
    ActiveSet set("shmem_fcollect" #BITS, PE_start, logPE_stride, PE_size);                      \
    rocshmem::coll::fcollect("shmem_fcollect" #BITS, set.group(), dest, source, nelems,          \
                             BITS / 8);                                                          \
  }                                                                                              \
  void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start,         \
                            int logPE_stride, int PE_size, long *pSync) {                        \
    (void)pSync;                                                                                 \
    rocshmem::require_init("shmem_alltoall" #BITS);                                              \
    ActiveSet set("shmem_alltoall" #BITS, PE_start, logPE_stride, PE_size);                      \
    rocshmem::coll::alltoall("shmem_alltoall" #BITS, set.group(), dest, source, nelems,          \
                             BITS / 8);                                                          \
  }                                                                                              \
  void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,       \
                             size_t nelems, int PE_start, int logPE_stride, int PE_size,         \
                             long *pSync) {                                                      \
    (void)pSync;                                                                                 \
    rocshmem::require_init("shmem_alltoalls" #BITS);                                             \
    ActiveSet set("shmem_alltoalls" #BITS, PE_start, logPE_stride, PE_size);                     \
    rocshmem::coll::alltoalls("shmem_alltoalls" #BITS, set.group(), dest, source, dst, sst,      \
                              nelems, BITS / 8);                                                 \
  }
DEFINE_ACTIVE_SET(32)
DEFINE_ACTIVE_SET(64)

#define DEFINE_TO_ALL(KEY, T, OP, OPTYPE)                                                       \
  void shmem_##KEY##_##OP##_to_all(T *dest, const T *source, int nreduce, int PE_start,         \
                                   int logPE_stride, int PE_size, T *pWrk, long *pSync) {       \
    (void)pWrk;                                                                                 \
    (void)pSync;                                                                                \
    const char *call = ROCSHMEM_STR(shmem_##KEY##_##OP##_to_all);                               \
    rocshmem::require_init(call);                                                               \
    if (nreduce < 0) rocshmem::fatal(call, "nreduce = %d is negative", nreduce);                \
    ActiveSet set(call, PE_start, logPE_stride, PE_size);                                       \
    rocshmem::coll::reduce<T, rocshmem::coll::OPTYPE>(call, set.group(), dest, source,          \
                                                      static_cast<size_t>(nreduce));            \
  }
#define DEFINE_TO_ALL_BIT(KEY, T) \
  DEFINE_TO_ALL(KEY, T, and, OpAnd) DEFINE_TO_ALL(KEY, T, or, OpOr) DEFINE_TO_ALL(KEY, T, xor, OpXor)
#define DEFINE_TO_ALL_MINMAX(KEY, T) DEFINE_TO_ALL(KEY, T, max, OpMax) DEFINE_TO_ALL(KEY, T, min, OpMin)
#define DEFINE_TO_ALL_SUMPROD(KEY, T) DEFINE_TO_ALL(KEY, T, sum, OpSum) DEFINE_TO_ALL(KEY, T, prod, OpProd)
SHMEM_TO_ALL_BITWISE_TYPES(DEFINE_TO_ALL_BIT)
SHMEM_TO_ALL_ARITH_TYPES(DEFINE_TO_ALL_MINMAX)
SHMEM_TO_ALL_ARITH_TYPES(DEFINE_TO_ALL_SUMPROD)
SHMEM_REDUCE_COMPLEX_TYPES(DEFINE_TO_ALL_SUMPROD)

}  // extern "C"
