/* OpenSHMEM 1.6 team scans: shmem_TYPE_sum_inscan / sum_exscan for every
 * type of the sum reduction (integer, real, complex).
 *
 * One algorithm for every path (same node, other nodes, SHMEM_DEBUG): the
 * general path of coll.h.  begin() synchronizes the team, so every member's
 * source is ready; member i then adds the sources of members 0..i (inscan)
 * or 0..i-1 (exscan) in member order into a private buffer, reading them
 * where they are (mapped, or over the network); a second synchronization
 * lets every member finish reading before anyone writes dest, which may be
 * its own source (in place).  Member i reads i (or i + 1) vectors: linear in
 * the team size, which a scan's prefix dependence makes hard to beat
 * without more rounds of synchronization, and what the team sizes of one
 * machine need. */
#include <shmem.h>

#include <algorithm>

#include "coll/coll.h"
#include "coll/reduce_ops.h"
#include "core/api.h"
#include "team/team.h"

namespace rocshmem {
namespace coll_api {

template <class T>
int scan(const char *call, rocshmem_team_t team, T *dest, const T *source, size_t nelems,
         bool inclusive) {
  require_init(call);
  /* The spec leaves SHMEM_TEAM_INVALID undefined; it is what a PE outside a
   * split team holds, so it gets the "nonzero otherwise" return quietly. */
  if (team == ROCSHMEM_TEAM_INVALID) return 1;
  team_check(call, team);
  const Group g = team->group();
  const size_t bytes = coll::byte_count(call, nelems, sizeof(T));
  coll::check_dest(call, dest, bytes);
  coll::check_source(call, source, bytes);
  coll::begin(call, g, {{"nelems", static_cast<long>(nelems)}});
  T *acc = coll::scratch<T>(nelems ? nelems : 1);
  std::fill(acc, acc + nelems, T());
  const int upto = inclusive ? g.me + 1 : g.me;
  for (int m = 0; m < upto && bytes; ++m) {
    const T *in = reinterpret_cast<const T *>(coll::member_view(call, "source", source, bytes, g, m));
    for (size_t i = 0; i < nelems; ++i) acc[i] = coll::OpSum::apply(acc[i], in[i]);
  }
  group_sync(call, g); /* every member has read every source it needs */
  if (bytes) std::memcpy(static_cast<void *>(dest), static_cast<const void *>(acc), bytes);
  return 0;
}

template <class T>
int sum_inscan(const char *call, rocshmem_team_t team, T *dest, const T *source, size_t nelems) {
  return scan<T>(call, team, dest, source, nelems, true);
}
template <class T>
int sum_exscan(const char *call, rocshmem_team_t team, T *dest, const T *source, size_t nelems) {
  return scan<T>(call, team, dest, source, nelems, false);
}

}  // namespace coll_api
}  // namespace rocshmem

#define SCAN_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::coll_api::OP<T>(ROCSHMEM_STR(NAME), __VA_ARGS__); }

extern "C" {

#define DEFINE_SCAN(KEY, T) ROCSHMEM_SHMEM_API_SCAN(shmem, KEY, T, SCAN_BODY)
ROCSHMEM_REDUCE_ARITH_TYPES(DEFINE_SCAN)
SHMEM_REDUCE_EXTRA_ARITH_TYPES(DEFINE_SCAN)
SHMEM_REDUCE_COMPLEX_TYPES(DEFINE_SCAN)

}  // extern "C"
