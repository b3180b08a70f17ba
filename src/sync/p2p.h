/* Point-to-point synchronization: waiting on and testing local symmetric
 * variables that other PEs update (shmem_TYPE_wait_until, _test and the
 * _all/_any/_some/_vector forms), and the comparison they share with
 * signal_wait_until. */
#ifndef ROCSHMEM_SYNC_P2P_H
#define ROCSHMEM_SYNC_P2P_H

#include <cstddef>
#include <cstdint>

#include "core/log.h"
#include "core/runtime.h"
#include "rocshmem/rocshmem.h"
#include "sync/wait.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace p2p {

inline void check_cmp(const char *call, int cmp) {
  if (__builtin_expect(cmp < ROCSHMEM_CMP_EQ || cmp > ROCSHMEM_CMP_LE, 0))
    fatal(call, "cmp = %d is not one of SHMEM_CMP_EQ, _NE, _GT, _GE, _LT, _LE", cmp);
}

template <class T>
inline bool satisfied(int cmp, T value, T target) {
  switch (cmp) {
    case ROCSHMEM_CMP_EQ: return value == target;
    case ROCSHMEM_CMP_NE: return value != target;
    case ROCSHMEM_CMP_GT: return value > target;
    case ROCSHMEM_CMP_GE: return value >= target;
    case ROCSHMEM_CMP_LT: return value < target;
    default: return value <= target;
  }
}

/* Other PEs write the variable; every read must go to memory. */
template <class T>
inline T load(const T *ivar) {
  return __atomic_load_n(ivar, __ATOMIC_ACQUIRE);
}

/* The waited-on variables must be symmetric (the spec requires it, and only
 * symmetric memory can be updated by other PEs), and in host memory: the
 * CPU polls them with plain loads, which cannot reach the GPU heap. */
template <class T>
inline void check_ivars(const char *call, const char *arg, const T *ivars, size_t nelems) {
  require_init(call);
  if (!nelems) return;
  const int s = peer_segment_of(ivars, nelems * sizeof(T));
  if (s < 0)
    fatal(call, "%s = %p (%zu element(s)) is not symmetric: other PEs could never update it",
          arg, static_cast<const void *>(ivars), nelems);
  if (s == SEG_GPU)
    fatal(call, "%s = %p is in the GPU heap (rocshmem_malloc), which the CPU cannot poll: wait "
          "in a kernel (rocshmem_device.h) or on a stream (rocshmem_signal_wait_until_on_stream), "
          "or use host memory (shmem_malloc)", arg, static_cast<const void *>(ivars));
}

template <class T>
inline int test(const char *call, T *ivar, int cmp, T value) {
  check_ivars(call, "ivar", ivar, 1);
  check_cmp(call, cmp);
  return satisfied(cmp, load(ivar), value);
}

template <class T>
inline void wait_until(const char *call, T *ivar, int cmp, T value) {
  check_ivars(call, "ivar", ivar, 1);
  check_cmp(call, cmp);
  wait_politely({call, "ivar to satisfy the comparison"},
                [&] { return satisfied(cmp, load(ivar), value); });
}

/* The set forms: element i takes part when status is NULL or status[i] == 0;
 * its comparison value is values[i * stride] (stride 0: one shared value). */
template <class T>
struct Set {
  T *ivars;
  size_t nelems;
  const int *status;
  int cmp;
  const T *values;
  int stride;

  bool included(size_t i) const { return !status || status[i] == 0; }
  bool done(size_t i) const { return satisfied(cmp, load(ivars + i), values[i * stride]); }
  bool any_included() const {
    for (size_t i = 0; i < nelems; ++i)
      if (included(i)) return true;
    return false;
  }
  bool all_done() const {
    for (size_t i = 0; i < nelems; ++i)
      if (included(i) && !done(i)) return false;
    return true;
  }
  /* The first satisfied element at or after `start`, wrapping around. */
  size_t first_done(size_t start) const {
    for (size_t k = 0; k < nelems; ++k) {
      const size_t i = start + k < nelems ? start + k : start + k - nelems;
      if (included(i) && done(i)) return i;
    }
    return SIZE_MAX;
  }
  /* The _some forms report every satisfied element, so no index can be
   * starved by another: they need no cursor. */
  size_t collect_done(size_t *indices) const {
    size_t n = 0;
    for (size_t i = 0; i < nelems; ++i)
      if (included(i) && done(i)) indices[n++] = i;
    return n;
  }
};

/* Fairness of the _any forms: the spec requires that a series of calls
 * eventually returns every index whose condition holds, so a consumer that
 * serves "whichever is ready" cannot starve one ivar behind a lower one that
 * is always ready.  Each search starts just after the index this thread
 * returned last for the same ivars array.  The cursor is per thread (no lock
 * or shared cache line on the hot path under SHMEM_THREAD_MULTIPLE) and per
 * array (a thread alternating between arrays would otherwise feed one
 * array's cursor into the other's search and could starve an index again);
 * a few arrays per thread are remembered, the least recently claimed slot
 * being given to a new one (p2p_api.cc). */
struct AnyCursor {
  const void *ivars;
  size_t next;
};
AnyCursor &any_cursor(const void *ivars);

template <class T>
inline size_t first_done_fair(const Set<T> &set, AnyCursor &cursor) {
  const size_t start = cursor.next < set.nelems ? cursor.next : 0;
  const size_t found = set.first_done(start);
  if (found != SIZE_MAX) cursor.next = found + 1;
  return found;
}

template <class T>
inline Set<T> make_set(const char *call, T *ivars, size_t nelems, const int *status, int cmp,
                       const T *values, int stride) {
  check_ivars(call, "ivars", ivars, nelems);
  check_cmp(call, cmp);
  if (nelems && !values) fatal(call, "cmp_values = NULL");
  return Set<T>{ivars, nelems, status, cmp, values, stride};
}

template <class T>
inline int test_all(const char *call, T *ivars, size_t n, const int *status, int cmp,
                    const T *values, int stride) {
  return make_set(call, ivars, n, status, cmp, values, stride).all_done();
}
template <class T>
inline size_t test_any(const char *call, T *ivars, size_t n, const int *status, int cmp,
                       const T *values, int stride) {
  const Set<T> set = make_set(call, ivars, n, status, cmp, values, stride);
  if (!n) return SIZE_MAX;
  return first_done_fair(set, any_cursor(ivars));
}
template <class T>
inline size_t test_some(const char *call, T *ivars, size_t n, size_t *indices, const int *status,
                        int cmp, const T *values, int stride) {
  Set<T> set = make_set(call, ivars, n, status, cmp, values, stride);
  if (n && !indices) fatal(call, "indices = NULL");
  return set.collect_done(indices);
}

template <class T>
inline void wait_until_all(const char *call, T *ivars, size_t n, const int *status, int cmp,
                           const T *values, int stride) {
  Set<T> set = make_set(call, ivars, n, status, cmp, values, stride);
  wait_politely({call, "every included ivar to satisfy the comparison"},
                [&] { return set.all_done(); });
}
/* Returns SIZE_MAX at once when no element takes part (nothing to wait for). */
template <class T>
inline size_t wait_until_any(const char *call, T *ivars, size_t n, const int *status, int cmp,
                             const T *values, int stride) {
  Set<T> set = make_set(call, ivars, n, status, cmp, values, stride);
  if (!set.any_included()) return SIZE_MAX;
  AnyCursor &cursor = any_cursor(ivars);
  size_t found = SIZE_MAX;
  wait_politely({call, "an included ivar to satisfy the comparison"},
                [&] { return (found = first_done_fair(set, cursor)) != SIZE_MAX; });
  return found;
}
template <class T>
inline size_t wait_until_some(const char *call, T *ivars, size_t n, size_t *indices,
                              const int *status, int cmp, const T *values, int stride) {
  Set<T> set = make_set(call, ivars, n, status, cmp, values, stride);
  if (!set.any_included()) return 0;
  if (!indices) fatal(call, "indices = NULL");
  size_t count = 0;
  wait_politely({call, "an included ivar to satisfy the comparison"},
                [&] { return (count = set.collect_done(indices)) != 0; });
  return count;
}

}  // namespace p2p
}  // namespace rocshmem

/* Definition body for api_p2p.def (no context: CTX is ignored). */
#define ROCSHMEM_P2P_DEF_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::p2p::OP<T>(ROCSHMEM_STR(NAME), __VA_ARGS__); }

#endif
