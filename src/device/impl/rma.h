/* Inline device implementation, part 2: RMA (put/get in thread, wave and
 * workgroup granularity, strided, single elements) and put-with-signal.
 * Conventions in core.h.
 *
 * Puts are stores into the peer's mapped heap and gets loads from it: a
 * blocking put returns once its source has been read (the stores are
 * issued), and like a non-blocking one completes remotely at the next
 * quiet/barrier; the _nbi forms are therefore the blocking ones. */
#ifndef ROCSHMEM_DEVICE_IMPL_RMA_H
#define ROCSHMEM_DEVICE_IMPL_RMA_H

#include "device/impl/amo.h"
#include "device/impl/core.h"

namespace rocshmem {
namespace device {

/* All members of G call with identical arguments; returns when the group is
 * done (G::sync). */
template <class G>
inline __device__ void put(const State &s, const char *call, void *dest, const void *source,
                           size_t bytes, int pe) {
  if (bytes) group_copy<G>(translate_checked(s, call, dest, bytes, pe), source, bytes);
  G::sync();
}

template <class G>
inline __device__ void get(const State &s, const char *call, void *dest, const void *source,
                           size_t bytes, int pe) {
  if (bytes) group_copy<G>(dest, translate_checked(s, call, source, bytes, pe), bytes);
  G::sync();
}

/* Strided access of nelems elements of T, `stride` elements apart (any
 * sign), at `first` in PE pe's heap: the whole span is checked up front. */
template <class T>
inline __device__ T *translate_strided(const State &s, const char *call, const T *first,
                                       ptrdiff_t stride, size_t nelems, int pe) {
  ptrdiff_t last = stride * static_cast<ptrdiff_t>(nelems - 1);
  const T *lo = last < 0 ? first + last : first;
  size_t span = (static_cast<size_t>(last < 0 ? -last : last) + 1) * sizeof(T);
  char *mapped_lo = translate_checked(s, call, lo, span, pe);
  return reinterpret_cast<T *>(mapped_lo) + (first - lo);
}

template <class T>
inline __device__ void iput(const State &s, const char *call, T *dest, const T *source,
                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {
  if (!nelems) return;
  T *remote = translate_strided(s, call, dest, dst, nelems, pe);
  for (size_t i = 0; i < nelems; ++i)
    remote[static_cast<ptrdiff_t>(i) * dst] = source[static_cast<ptrdiff_t>(i) * sst];
}

template <class T>
inline __device__ void iget(const State &s, const char *call, T *dest, const T *source,
                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {
  if (!nelems) return;
  const T *remote = translate_strided(s, call, source, sst, nelems, pe);
  for (size_t i = 0; i < nelems; ++i)
    dest[static_cast<ptrdiff_t>(i) * dst] = remote[static_cast<ptrdiff_t>(i) * sst];
}

template <class T>
inline __device__ void p(const State &s, const char *call, T *dest, T value, int pe) {
  *reinterpret_cast<T *>(translate_checked(s, call, dest, sizeof(T), pe)) = value;
}

/* Volatile: a loop polling a peer's word with g must see its updates. */
template <class T>
inline __device__ T g(const State &s, const char *call, const T *source, int pe) {
  return load_volatile(reinterpret_cast<const T *>(translate_checked(s, call, source, sizeof(T), pe)));
}

/* The data, then the signal: every member fences its own stores towards
 * the peer before the group barrier, so that once the leader's signal
 * update is visible the whole payload is (the classic "write, fence,
 * barrier, one thread flags" pattern).  The signal op and the PE are
 * checked before any data moves. */
template <class G>
inline __device__ void put_signal(const State &s, const char *call, void *dest,
                                  const void *source, size_t bytes, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe) {
  if (sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD)
    detail::fail_arg(call, "sig_op", sig_op);
  if (pe < 0 || pe >= s.n_pes) detail::fail_pe(call, pe, s.n_pes); /* before peer_flags[pe] */
  if (bytes) group_copy<G>(translate_checked(s, call, dest, bytes, pe), source, bytes);
  fence_towards(s, pe);
  G::sync();
  if (G::rank() == 0) signal_update(s, sig_addr, signal, sig_op, pe, call);
  G::sync();
}

}  // namespace device
}  // namespace rocshmem

#endif
