/* The extern "C" entry points of the device collectives and teams: the
 * templates the body macros below forward to (argument checks, then the
 * inline implementation of impl/coll.h and impl/team.h), and
 * ROCSHMEM_COLL_FORM_DATA / _REDUCE, which expand every collective of one
 * form from the type tables (coll*.cu, reduce*.cu: one translation unit per
 * form and part, so the GPU compiler's work is spread over several files). */
#ifndef ROCSHMEM_DEVICE_COLL_ENTRY_H
#define ROCSHMEM_DEVICE_COLL_ENTRY_H

#include "device/entry.h"
#include "device/impl/coll.h"
#include "device/impl/team.h"

namespace rocshmem {
namespace device {
namespace coll_entry {

using entry::state;

/* nelems of T (T = void: bytes) times `blocks`, checked for overflow. */
template <class T>
inline __device__ size_t bytes_of(const char *call, const char *arg, size_t nelems,
                                  int blocks = 1) {
  size_t bytes = entry::bytes_of<T>(call, nelems);
  if (blocks > 1 && bytes > SIZE_MAX / static_cast<size_t>(blocks))
    detail::fail_arg(call, arg, static_cast<long long>(nelems));
  return bytes;
}

template <class T, class G>
__device__ int broadcast(const char *call, rocshmem_team_t team, T *dest, const T *source,
                         size_t nelems, int root) {
  const State &s = state();
  const Team &t = find_team(s, call, team);
  const size_t bytes = bytes_of<T>(call, "nelems", nelems);
  if (root < 0 || root >= t.size) detail::fail_arg(call, "PE_root", root);
  /* Zero bytes: nothing to wait for (every member has the same nelems). */
  if (bytes) coll::broadcast<G>(s, call, t, dest, source, bytes, root);
  return 0;
}

template <class T, class G>
__device__ int fcollect(const char *call, rocshmem_team_t team, T *dest, const T *source,
                        size_t nelems) {
  const State &s = state();
  const Team &t = find_team(s, call, team);
  const size_t bytes = bytes_of<T>(call, "nelems", nelems, t.size);
  if (bytes) coll::fcollect<G>(s, call, t, dest, source, bytes);
  return 0;
}

template <class T, class G>
__device__ int alltoall(const char *call, rocshmem_team_t team, T *dest, const T *source,
                        size_t nelems) {
  const State &s = state();
  const Team &t = find_team(s, call, team);
  const size_t bytes = bytes_of<T>(call, "nelems", nelems, t.size);
  if (bytes) coll::alltoall<G>(s, call, t, dest, source, bytes);
  return 0;
}

template <class T, class Op, class G>
__device__ int reduce(const char *call, rocshmem_team_t team, T *dest, const T *source,
                      size_t nreduce) {
  const State &s = state();
  const Team &t = find_team(s, call, team);
  if (bytes_of<T>(call, "nreduce", nreduce)) coll::reduce<T, Op, G>(s, call, t, dest, source, nreduce);
  return 0;
}

template <class T, class Op, class G>
__device__ int reduce_scatter(const char *call, rocshmem_team_t team, T *dest, const T *source,
                              size_t nreduce) {
  const State &s = state();
  const Team &t = find_team(s, call, team);
  const size_t total = bytes_of<T>(call, "nreduce", nreduce, t.size) * t.size;
  if (!total) return 0;
  const char *d = reinterpret_cast<const char *>(dest), *src = reinterpret_cast<const char *>(source);
  if (d < src + total && src < d + nreduce * sizeof(T)) detail::fail_overlap(call, dest, source);
  coll::reduce_scatter<T, Op, G>(s, call, t, dest, source, nreduce);
  return 0;
}

/* reduce_OP and reduce_scatter_OP, the internal names of api_coll.def. */
#define ROCSHMEM_DEVICE_REDUCE_ENTRIES(OP, OPTYPE)                                           \
  template <class T, class G>                                                               \
  __device__ int reduce_##OP(const char *call, rocshmem_team_t team, T *dest, const T *source, \
                             size_t nreduce) {                                              \
    return reduce<T, coll::OPTYPE, G>(call, team, dest, source, nreduce);                   \
  }                                                                                         \
  template <class T, class G>                                                               \
  __device__ int reduce_scatter_##OP(const char *call, rocshmem_team_t team, T *dest,        \
                                     const T *source, size_t nreduce) {                     \
    return reduce_scatter<T, coll::OPTYPE, G>(call, team, dest, source, nreduce);           \
  }
ROCSHMEM_DEVICE_REDUCE_ENTRIES(and, OpAnd)
ROCSHMEM_DEVICE_REDUCE_ENTRIES(or, OpOr)
ROCSHMEM_DEVICE_REDUCE_ENTRIES(xor, OpXor)
ROCSHMEM_DEVICE_REDUCE_ENTRIES(max, OpMax)
ROCSHMEM_DEVICE_REDUCE_ENTRIES(min, OpMin)
ROCSHMEM_DEVICE_REDUCE_ENTRIES(sum, OpSum)
ROCSHMEM_DEVICE_REDUCE_ENTRIES(prod, OpProd)
#undef ROCSHMEM_DEVICE_REDUCE_ENTRIES

}  // namespace coll_entry
}  // namespace device
}  // namespace rocshmem

/* Body macros of the collective families (group G: Thread, Wave, Workgroup). */
#define ROCSHMEM_DEVICE_COLL_BODY(G, NAME, OP, T, ...) \
  { return ::rocshmem::device::coll_entry::OP<T, ::rocshmem::device::G>(#NAME, __VA_ARGS__); }
#define ROCSHMEM_DEVICE_COLL_BODY_THREAD(NAME, CTX, OP, T, KEY, ...) \
  ROCSHMEM_DEVICE_COLL_BODY(Thread, NAME, OP, T, __VA_ARGS__)
#define ROCSHMEM_DEVICE_COLL_BODY_WAVE(NAME, CTX, OP, T, KEY, ...) \
  ROCSHMEM_DEVICE_COLL_BODY(Wave, NAME, OP, T, __VA_ARGS__)
#define ROCSHMEM_DEVICE_COLL_BODY_WG(NAME, CTX, OP, T, KEY, ...) \
  ROCSHMEM_DEVICE_COLL_BODY(Workgroup, NAME, OP, T, __VA_ARGS__)

/* Every collective of one form, expanded from the type tables:
 * ROCSHMEM_COLL_FORM_DATA() (broadcast, fcollect, alltoall for the device
 * RMA table and the mem forms) and ROCSHMEM_COLL_FORM_REDUCE() (reduce and
 * reduce_scatter for the reduction tables, and sum/prod/min/max for half
 * and bfloat16).  The including file
 * defines ROCSHMEM_COLL_TYPED_NAMER, ROCSHMEM_COLL_MEM_NAMER and
 * ROCSHMEM_COLL_BODY first, since the table X-macros take (KEY, T) only. */
#define ROCSHMEM_COLL_DEFINE_DATA(KEY, T) \
  ROCSHMEM_DEVICE_COLL(ROCSHMEM_COLL_TYPED_NAMER, KEY, T, ROCSHMEM_COLL_BODY)
#define ROCSHMEM_COLL_DEFINE_REDUCE_BIT(KEY, T) \
  ROCSHMEM_DEVICE_REDUCE_BITWISE(ROCSHMEM_COLL_TYPED_NAMER, KEY, T, ROCSHMEM_COLL_BODY)
#define ROCSHMEM_COLL_DEFINE_REDUCE_ARITH(KEY, T) \
  ROCSHMEM_DEVICE_REDUCE_ARITH(ROCSHMEM_COLL_TYPED_NAMER, KEY, T, ROCSHMEM_COLL_BODY)
#define ROCSHMEM_COLL_FORM_DATA()                         \
  ROCSHMEM_RMA_DEVICE_TYPES(ROCSHMEM_COLL_DEFINE_DATA)    \
  ROCSHMEM_DEVICE_COLL(ROCSHMEM_COLL_MEM_NAMER, , void, ROCSHMEM_COLL_BODY)
#define ROCSHMEM_COLL_FORM_REDUCE()                                  \
  ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM_COLL_DEFINE_REDUCE_BIT)     \
  ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM_COLL_DEFINE_REDUCE_ARITH)     \
  ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(ROCSHMEM_COLL_DEFINE_REDUCE_ARITH)

#endif
