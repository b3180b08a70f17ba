/* Point-to-point synchronization entry points under both prefixes. */
#include <shmem.h>

#include "core/api.h"
#include "sync/p2p.h"

namespace rocshmem {
namespace p2p {

namespace {
/* A thread rarely serves more than a few ivars arrays at once: up to
 * kCursors arrays each keep their own cursor.  Beyond that the oldest
 * claimed cursor is handed to the new array, and the array that lost it
 * starts its next search at index 0. */
constexpr unsigned kCursors = 8;
thread_local AnyCursor t_cursors[kCursors];
thread_local unsigned t_claimed;
}  // namespace

AnyCursor &any_cursor(const void *ivars) {
  for (AnyCursor &c : t_cursors)
    if (c.ivars == ivars) return c;
  AnyCursor &c = t_cursors[t_claimed++ % kCursors];
  c = AnyCursor{ivars, 0};
  return c;
}

}  // namespace p2p
}  // namespace rocshmem

extern "C" {

#define DEFINE_P2P_BOTH(KEY, T)                                 \
  ROCSHMEM_API_P2P(rocshmem, KEY, T, ROCSHMEM_P2P_DEF_BODY)     \
  ROCSHMEM_API_P2P(shmem, KEY, T, ROCSHMEM_P2P_DEF_BODY)
ROCSHMEM_P2P_TYPES(DEFINE_P2P_BOTH)

}  // extern "C"
