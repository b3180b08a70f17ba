/* Collective algorithms over a Group (a team or a legacy active set).
 *
 * Every member maps every other member's symmetric memory, so collectives
 * pull: after a group synchronization each PE copies what it needs straight
 * out of its peers' source buffers, all PEs in parallel, then synchronizes
 * again so that nobody reuses a buffer another PE is still reading.  One copy
 * per byte and no intermediate buffers; the synchronizations are dissemination
 * rounds (sync/barrier.cc).
 *
 * Reductions combine the members' contributions in member order on every PE,
 * so floating-point results are identical everywhere.  Small vectors are
 * reduced whole by every PE (two synchronizations); large ones are split
 * into one chunk per member (reduce-scatter), then gathered (four
 * synchronizations, but each element is combined once, by one PE). */
#ifndef ROCSHMEM_COLL_COLL_H
#define ROCSHMEM_COLL_COLL_H

#include <cstddef>
#include <cstring>
#include <vector>

#include "core/log.h"
#include "core/runtime.h"
#include "sync/barrier.h"
#include "team/group.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace coll {

/* Below this many bytes every PE reduces the whole vector. */
constexpr size_t kReduceWholeBytes = 16 * 1024;

/* Collective at init: the symmetric words PEs publish for each other. */
void coll_setup(const char *call);

/* The opening of every collective: checks that the runtime is up and this PE
 * is a member, publishes `share` for the other members (collect's sizes),
 * and synchronizes the group.  Under SHMEM_DEBUG it also fails when members
 * passed different values of the argument named `arg` (a root or a count),
 * which would otherwise corrupt memory or hang. */
void begin(const char *call, const Group &g, const char *arg, long value, size_t share = 0);
/* What member m shared in begin(); valid until the collective's last sync. */
size_t shared_by(const char *call, const Group &g, int m);

inline const char *remote(const char *call, const char *arg, const void *addr, size_t len,
                          const Group &g, int member) {
  return peer_translate(call, arg, addr, len, g.world_pe(member));
}

size_t byte_count(const char *call, size_t nelems, size_t elem_size);

void broadcast(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
               size_t elem_size, int root, bool root_receives);
void fcollect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size);
void collect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
             size_t elem_size);
void alltoall(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size);
void alltoalls(const char *call, const Group &g, void *dest, const void *source, ptrdiff_t dst,
               ptrdiff_t sst, size_t nelems, size_t elem_size);

/* ------------------------------------------------------------- reductions */
template <class T, class Op>
void reduce_range(const char *call, const Group &g, T *out, const T *source, size_t first,
                  size_t count, size_t total) {
  const T *in = reinterpret_cast<const T *>(remote(call, "source", source, total * sizeof(T), g, 0));
  std::memcpy(out, in + first, count * sizeof(T));
  for (int m = 1; m < g.size; ++m) {
    in = reinterpret_cast<const T *>(remote(call, "source", source, total * sizeof(T), g, m));
    for (size_t i = 0; i < count; ++i) out[i] = Op::apply(out[i], in[first + i]);
  }
}

template <class T>
T *scratch(size_t count) {
  thread_local std::vector<T> buffer;
  if (buffer.size() < count) buffer.resize(count);
  return buffer.data();
}

/* dest may equal source (in place), as the spec allows. */
template <class T, class Op>
void reduce(const char *call, const Group &g, T *dest, const T *source, size_t nreduce) {
  const size_t bytes = byte_count(call, nreduce, sizeof(T));
  begin(call, g, "nreduce", static_cast<long>(nreduce));
  if (bytes == 0) {
    group_sync(call, g);
    return;
  }
  if (bytes <= kReduceWholeBytes || nreduce < static_cast<size_t>(g.size)) {
    T *tmp = scratch<T>(nreduce);
    reduce_range<T, Op>(call, g, tmp, source, 0, nreduce, nreduce);
    group_sync(call, g); /* every source has been read */
    std::memcpy(dest, tmp, bytes);
    return;
  }
  auto chunk_first = [&](int m) { return nreduce * m / g.size; };
  const size_t first = chunk_first(g.me), count = chunk_first(g.me + 1) - first;
  T *tmp = scratch<T>(count);
  reduce_range<T, Op>(call, g, tmp, source, first, count, nreduce);
  group_sync(call, g); /* every source has been read: dest may now be written */
  std::memcpy(dest + first, tmp, count * sizeof(T));
  group_sync(call, g); /* every chunk is final */
  for (int m = 0; m < g.size; ++m) {
    if (m == g.me) continue;
    size_t f = chunk_first(m), c = chunk_first(m + 1) - f;
    std::memcpy(dest + f, remote(call, "dest", dest + f, c * sizeof(T), g, m), c * sizeof(T));
  }
  group_sync(call, g); /* nobody still reads my chunk */
}

/* dest gets nreduce elements: member me's block of the reduction of every
 * member's source[0 .. nreduce * g.size). */
template <class T, class Op>
void reduce_scatter(const char *call, const Group &g, T *dest, const T *source, size_t nreduce) {
  const size_t total = nreduce * static_cast<size_t>(g.size);
  byte_count(call, total, sizeof(T));
  begin(call, g, "nreduce", static_cast<long>(nreduce));
  T *tmp = scratch<T>(nreduce);
  if (nreduce) reduce_range<T, Op>(call, g, tmp, source, nreduce * g.me, nreduce, total);
  group_sync(call, g);
  if (nreduce) std::memcpy(dest, tmp, nreduce * sizeof(T));
}

}  // namespace coll
}  // namespace rocshmem

#endif
