/* Team collectives under both prefixes: broadcast/collect/fcollect/alltoall(s)
 * for putmem and every RMA type, every reduction of the 1.5 tables, team
 * sync, and rocshmem's barrier(team) and reduce_scatter. */
#include <shmem.h>

#include "coll/coll.h"
#include "coll/reduce_ops.h"
#include "core/api.h"
#include "rma/rma.h"
#include "team/team.h"

namespace rocshmem {
namespace coll_api {

/* The team-handle front end of every collective: the checks, then the group. */
inline Group group_of(const char *call, rocshmem_team_t team) {
  require_init(call);
  team_check(call, team);
  return team->group();
}

template <class T>
int broadcast(const char *call, rocshmem_team_t team, void *dest, const void *source,
              size_t nelems, int root) {
  /* 1.5: the root's dest receives the data too. */
  coll::broadcast(call, group_of(call, team), dest, source, nelems, rma::ElemSize<T>::value, root,
                  true);
  return 0;
}
template <class T>
int collect(const char *call, rocshmem_team_t team, void *dest, const void *source, size_t nelems) {
  coll::collect(call, group_of(call, team), dest, source, nelems, rma::ElemSize<T>::value);
  return 0;
}
template <class T>
int fcollect(const char *call, rocshmem_team_t team, void *dest, const void *source, size_t nelems) {
  coll::fcollect(call, group_of(call, team), dest, source, nelems, rma::ElemSize<T>::value);
  return 0;
}
template <class T>
int alltoall(const char *call, rocshmem_team_t team, void *dest, const void *source, size_t nelems) {
  coll::alltoall(call, group_of(call, team), dest, source, nelems, rma::ElemSize<T>::value);
  return 0;
}
template <class T>
int alltoalls(const char *call, rocshmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
              ptrdiff_t sst, size_t nelems) {
  coll::alltoalls(call, group_of(call, team), dest, source, dst, sst, nelems,
                  rma::ElemSize<T>::value);
  return 0;
}

#define ROCSHMEM_DEFINE_REDUCE_OP(NAME, OPTYPE)                                               \
  template <class T>                                                                          \
  int reduce_##NAME(const char *call, rocshmem_team_t team, T *dest, const T *source,         \
                    size_t nreduce) {                                                         \
    coll::reduce<T, coll::OPTYPE>(call, group_of(call, team), dest, source, nreduce);         \
    return 0;                                                                                 \
  }                                                                                           \
  template <class T>                                                                          \
  int reduce_scatter_##NAME(const char *call, rocshmem_team_t team, T *dest, const T *source, \
                            size_t nreduce) {                                                 \
    coll::reduce_scatter<T, coll::OPTYPE>(call, group_of(call, team), dest, source, nreduce); \
    return 0;                                                                                 \
  }
ROCSHMEM_DEFINE_REDUCE_OP(and, OpAnd)
ROCSHMEM_DEFINE_REDUCE_OP(or, OpOr)
ROCSHMEM_DEFINE_REDUCE_OP(xor, OpXor)
ROCSHMEM_DEFINE_REDUCE_OP(max, OpMax)
ROCSHMEM_DEFINE_REDUCE_OP(min, OpMin)
ROCSHMEM_DEFINE_REDUCE_OP(sum, OpSum)
ROCSHMEM_DEFINE_REDUCE_OP(prod, OpProd)
#undef ROCSHMEM_DEFINE_REDUCE_OP

}  // namespace coll_api
}  // namespace rocshmem

#define COLL_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::coll_api::OP<T>(ROCSHMEM_STR(NAME), __VA_ARGS__); }

extern "C" {

#define DEFINE_MEM(PFX) ROCSHMEM_API_COLL(ROCSHMEM_MEM_NAME, PFX, , void, COLL_BODY)
ROCSHMEM_API_PREFIXES(DEFINE_MEM)

#define DEFINE_TYPED_BOTH(KEY, T)                                  \
  ROCSHMEM_API_COLL(ROCSHMEM_TYPED_NAME, rocshmem, KEY, T, COLL_BODY) \
  ROCSHMEM_API_COLL(ROCSHMEM_TYPED_NAME, shmem, KEY, T, COLL_BODY)
#define DEFINE_TYPED_SHMEM(KEY, T) ROCSHMEM_API_COLL(ROCSHMEM_TYPED_NAME, shmem, KEY, T, COLL_BODY)
ROCSHMEM_RMA_TYPES(DEFINE_TYPED_BOTH)
SHMEM_RMA_EXTRA_TYPES(DEFINE_TYPED_SHMEM)

#define DEFINE_REDUCE_BIT(KEY, T)                                  \
  ROCSHMEM_API_REDUCE_BITWISE(rocshmem, KEY, T, COLL_BODY)         \
  ROCSHMEM_API_REDUCE_BITWISE(shmem, KEY, T, COLL_BODY)
#define DEFINE_REDUCE_ARITH(KEY, T)                                \
  ROCSHMEM_API_REDUCE_MINMAX(rocshmem, KEY, T, COLL_BODY)          \
  ROCSHMEM_API_REDUCE_MINMAX(shmem, KEY, T, COLL_BODY)             \
  ROCSHMEM_API_REDUCE_SUMPROD(rocshmem, KEY, T, COLL_BODY)         \
  ROCSHMEM_API_REDUCE_SUMPROD(shmem, KEY, T, COLL_BODY)
#define DEFINE_REDUCE_ARITH_SHMEM(KEY, T)                          \
  ROCSHMEM_API_REDUCE_MINMAX(shmem, KEY, T, COLL_BODY)             \
  ROCSHMEM_API_REDUCE_SUMPROD(shmem, KEY, T, COLL_BODY)
#define DEFINE_REDUCE_COMPLEX(KEY, T) ROCSHMEM_API_REDUCE_SUMPROD(shmem, KEY, T, COLL_BODY)
ROCSHMEM_REDUCE_BITWISE_TYPES(DEFINE_REDUCE_BIT)
ROCSHMEM_REDUCE_ARITH_TYPES(DEFINE_REDUCE_ARITH)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(DEFINE_REDUCE_ARITH_SHMEM)
SHMEM_REDUCE_COMPLEX_TYPES(DEFINE_REDUCE_COMPLEX)

/* rocshmem_TYPE_OP_reduce_scatter */
#define DEFINE_REDUCE_SCATTER(KEY, T, OP)                                                      \
  int rocshmem_##KEY##_##OP##_reduce_scatter(rocshmem_team_t team, T *dest, const T *source,   \
                                             size_t nreduce) {                                 \
    return ::rocshmem::coll_api::reduce_scatter_##OP<T>(                                       \
        ROCSHMEM_STR(rocshmem_##KEY##_##OP##_reduce_scatter), team, dest, source, nreduce);    \
  }
#define DEFINE_REDUCE_SCATTER_BIT(KEY, T) \
  DEFINE_REDUCE_SCATTER(KEY, T, and) DEFINE_REDUCE_SCATTER(KEY, T, or) DEFINE_REDUCE_SCATTER(KEY, T, xor)
#define DEFINE_REDUCE_SCATTER_ARITH(KEY, T)                                      \
  DEFINE_REDUCE_SCATTER(KEY, T, max) DEFINE_REDUCE_SCATTER(KEY, T, min)          \
  DEFINE_REDUCE_SCATTER(KEY, T, sum) DEFINE_REDUCE_SCATTER(KEY, T, prod)
ROCSHMEM_REDUCE_BITWISE_TYPES(DEFINE_REDUCE_SCATTER_BIT)
ROCSHMEM_REDUCE_ARITH_TYPES(DEFINE_REDUCE_SCATTER_ARITH)

#define DEFINE_TEAM_SYNC(PFX)                                                       \
  int PFX##_team_sync(rocshmem_team_t team) {                                       \
    rocshmem::fence();                                                              \
    rocshmem::group_sync(#PFX "_team_sync",                                         \
                         rocshmem::coll_api::group_of(#PFX "_team_sync", team));    \
    return 0;                                                                       \
  }
ROCSHMEM_API_PREFIXES(DEFINE_TEAM_SYNC)

void rocshmem_barrier(rocshmem_team_t team) {
  rocshmem::Group g = rocshmem::coll_api::group_of("rocshmem_barrier", team);
  rocshmem::quiet();
  rocshmem::group_sync("rocshmem_barrier", g);
}

}  // extern "C"
