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

/* Member m's copy of the symmetric range [addr, addr+len): its address when
 * mapped here, else fetched through the network transport into `staging`
 * (which must hold len bytes). */
const char *member_view(const char *call, const char *arg, const void *addr, size_t len,
                        const Group &g, int m, void *staging);
/* Copies member m's [addr, addr+len) into dst. */
void read_member(const char *call, const char *arg, const void *addr, size_t len, const Group &g,
                 int m, void *dst);

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
template <class T>
T *scratch(size_t count, int which = 0) {
  thread_local std::vector<T> buffers[2];
  if (buffers[which].size() < count) buffers[which].resize(count);
  return buffers[which].data();
}

/* out[0..count) = source[first..first+count) combined over members, in
 * member order. */
template <class T, class Op>
void reduce_range(const char *call, const Group &g, T *out, const T *source, size_t first,
                  size_t count) {
  T *staging = scratch<T>(count, 1);
  read_member(call, "source", source + first, count * sizeof(T), g, 0, out);
  for (int m = 1; m < g.size; ++m) {
    const T *in = reinterpret_cast<const T *>(
        member_view(call, "source", source + first, count * sizeof(T), g, m, staging));
    for (size_t i = 0; i < count; ++i) out[i] = Op::apply(out[i], in[i]);
  }
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
    reduce_range<T, Op>(call, g, tmp, source, 0, nreduce);
    group_sync(call, g); /* every source has been read */
    std::memcpy(dest, tmp, bytes);
    return;
  }
  auto chunk_first = [&](int m) { return nreduce * m / g.size; };
  const size_t first = chunk_first(g.me), count = chunk_first(g.me + 1) - first;
  T *tmp = scratch<T>(count);
  reduce_range<T, Op>(call, g, tmp, source, first, count);
  group_sync(call, g); /* every source has been read: dest may now be written */
  std::memcpy(dest + first, tmp, count * sizeof(T));
  group_sync(call, g); /* every chunk is final */
  for (int m = 0; m < g.size; ++m) {
    if (m == g.me) continue;
    size_t f = chunk_first(m), c = chunk_first(m + 1) - f;
    read_member(call, "dest", dest + f, c * sizeof(T), g, m, dest + f);
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
  if (nreduce) reduce_range<T, Op>(call, g, tmp, source, nreduce * g.me, nreduce);
  group_sync(call, g);
  if (nreduce) std::memcpy(dest, tmp, nreduce * sizeof(T));
}

}  // namespace coll
}  // namespace rocshmem

#endif
