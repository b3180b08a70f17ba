/* Inline device implementation, part 2: RMA (put/get in thread, wave and
 * workgroup granularity, strided, single elements) and put-with-signal.
 * Conventions in core.h.
 *
 * Puts are stores into the peer's mapped heap and gets loads from it: a
 * blocking put returns once its source has been read (the stores are
 * issued), and like a non-blocking one completes remotely at the next
 * quiet/barrier; the _nbi forms are therefore the blocking ones.
 *
 * A kPeerProxy peer's transfers go to this PE's host proxy (impl/proxy.h),
 * posted by one member of the group; there a non-blocking transfer really
 * is one (complete at quiet), and a blocking put waits for the copy unless
 * its payload travels with the request (up to kProxyPayloadBytes, which the
 * members of the group copy into the request's payload area together).
 * Every call takes the calling context's pool entry (nullptr: the default
 * context) for that path. */
#ifndef ROCSHMEM_DEVICE_IMPL_RMA_H
#define ROCSHMEM_DEVICE_IMPL_RMA_H

#include "device/impl/amo.h"
#include "device/impl/core.h"

namespace rocshmem {
namespace device {

namespace detail {

inline __device__ __noinline__ void fail_proxy_buffer(const char *call, const void *addr, int pe,
                                                      uint64_t limit) {
  const bool first = first_report();
  if (first)
    printf("rocshmem: %s: local buffer %p is a thread's private or a block's shared memory; "
           "pe = %d is reached through the host proxy, which can only copy from and to global "
           "memory (over %llu bytes)\n", call, addr, pe, (unsigned long long)limit);
  trap_after_report(first);
}

/* The proxy path of a transfer: the local buffer must be reachable by the
 * host unless the data travels with the request (up to `limit` bytes). */
inline __device__ void check_proxy_buffer(const char *call, const void *local, size_t bytes,
                                          int pe, uint64_t limit) {
  if (bytes > limit && !proxy::host_reachable(local)) fail_proxy_buffer(call, local, pe, limit);
}

/* The leader's value, for every member of the group. */
inline __device__ unsigned long long from_leader(Thread, unsigned long long v) { return v; }
inline __device__ unsigned long long from_leader(Wave, unsigned long long v) {
#if defined(ROCSHMEM_GPU_IS_CUDA)
  const unsigned lanes = Wave::size(); /* (the low lanes: fewer in a block's partial last warp) */
  return __shfl_sync(lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1, v, 0);
#else
  return __shfl(v, 0);
#endif
}
/* The caller syncs the group before a later call may write `shared` again. */
inline __device__ unsigned long long from_leader(Workgroup, unsigned long long v) {
  __shared__ unsigned long long shared;
  if (Workgroup::rank() == 0) shared = v;
  __syncthreads();
  return shared;
}

/* The proxy path of a put: a payload up to kProxyPayloadBytes is copied by
 * the members of G into the payload area of the request the leader claimed
 * (each member fences its stores at system scope before the group sync
 * that precedes the publication), so the proxy sends it without a copy
 * from the GPU and source is free at once; the leader posts the others
 * alone.  Out of line, as proxy::put is: the rare branch of every put. */
template <class G>
inline __device__ __noinline__ void proxy_put(const State &s, const char *call, void *dest,
                                              const void *source, size_t bytes, int pe, bool nbi,
                                              DeviceContext *ctx) {
  if (bytes <= kProxyInlineBytes || bytes > kProxyPayloadBytes) {
    if (G::rank() == 0) {
      check_proxy_buffer(call, source, bytes, pe, kProxyPayloadBytes);
      proxy::put(s, ctx, dest, source, bytes, pe, nbi);
    }
    return;
  }
  const unsigned long long t = from_leader(G(), G::rank() == 0 ? proxy::claim(s, ProxyOp::PUT) : 0);
  /* source's address modulo 16: then the copy is of 16-byte units */
  const size_t at = reinterpret_cast<uintptr_t>(source) % 16;
  group_copy<G>(proxy::payload_of(s, t) + at, source, bytes);
  if (G::size() > 1) {
    __threadfence_system();
    G::sync();
  }
  if (G::rank() == 0) proxy::put_payload(s, ctx, t, dest, at, bytes, pe);
}

}  // namespace detail

/* Each member's share of a put, without the group barrier. */
template <class G>
inline __device__ void put_share(const State &s, const char *call, void *dest,
                                 const void *source, size_t bytes, int pe, bool nbi,
                                 DeviceContext *ctx) {
  if (!bytes) return;
  char *remote = translate_checked(s, call, dest, bytes, pe);
  if (__builtin_expect(remote != nullptr, 1)) {
    group_copy<G>(remote, source, bytes);
  } else {
    detail::proxy_put<G>(s, call, dest, source, bytes, pe, nbi, ctx);
  }
}

/* All members of G call with identical arguments; returns when the group is
 * done (G::sync). */
template <class G>
inline __device__ void put(const State &s, const char *call, void *dest, const void *source,
                           size_t bytes, int pe, bool nbi = false, DeviceContext *ctx = nullptr) {
  put_share<G>(s, call, dest, source, bytes, pe, nbi, ctx);
  G::sync();
}

template <class G>
inline __device__ void get(const State &s, const char *call, void *dest, const void *source,
                           size_t bytes, int pe, bool nbi = false, DeviceContext *ctx = nullptr) {
  if (bytes) {
    const char *remote = translate_checked(s, call, source, bytes, pe);
    if (__builtin_expect(remote != nullptr, 1)) {
      group_copy<G>(dest, remote, bytes);
    } else if (G::rank() == 0) {
      detail::check_proxy_buffer(call, dest, bytes, pe, kProxyInlineBytes);
      proxy::get(s, ctx, dest, source, bytes, pe, nbi);
    }
  }
  G::sync();
}

/* Strided access of nelems elements of T, `stride` elements apart (any
 * sign), at `first` in PE pe's heap: the whole span is checked up front
 * (nullptr: a proxy peer). */
template <class T>
inline __device__ T *translate_strided(const State &s, const char *call, const T *first,
                                       ptrdiff_t stride, size_t nelems, int pe) {
  ptrdiff_t last = stride * static_cast<ptrdiff_t>(nelems - 1);
  const T *lo = last < 0 ? first + last : first;
  size_t span = (static_cast<size_t>(last < 0 ? -last : last) + 1) * sizeof(T);
  char *mapped_lo = translate_checked(s, call, lo, span, pe);
  if (!mapped_lo) return nullptr;
  return reinterpret_cast<T *>(mapped_lo) + (first - lo);
}

/* Through the proxy, one request per element (each carries its data). */
template <class T>
inline __device__ void iput(const State &s, const char *call, T *dest, const T *source,
                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe,
                            DeviceContext *ctx = nullptr) {
  if (!nelems) return;
  T *remote = translate_strided(s, call, dest, dst, nelems, pe);
  for (size_t i = 0; i < nelems; ++i) {
    const ptrdiff_t d = static_cast<ptrdiff_t>(i) * dst, from = static_cast<ptrdiff_t>(i) * sst;
    if (__builtin_expect(remote != nullptr, 1))
      remote[d] = source[from];
    else
      proxy::put(s, ctx, dest + d, source + from, sizeof(T), pe, false);
  }
}

template <class T>
inline __device__ void iget(const State &s, const char *call, T *dest, const T *source,
                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe,
                            DeviceContext *ctx = nullptr) {
  if (!nelems) return;
  const T *remote = translate_strided(s, call, source, sst, nelems, pe);
  for (size_t i = 0; i < nelems; ++i) {
    const ptrdiff_t d = static_cast<ptrdiff_t>(i) * dst, from = static_cast<ptrdiff_t>(i) * sst;
    if (__builtin_expect(remote != nullptr, 1))
      dest[d] = remote[from];
    else
      proxy::get(s, ctx, dest + d, source + from, sizeof(T), pe, false);
  }
}

/* p and g: one predicated access before the one branch (word.h says why),
 * behind which the cold path reports bad input or goes through the proxy.
 * A word that is not naturally aligned takes the cold path too, where the
 * checked translation and a plain access serve it. */
template <class T>
inline __device__ void p(const State &s, const char *call, T *dest, T value, int pe,
                         DeviceContext *ctx = nullptr) {
  const WordTarget t = word_target(s, dest, sizeof(T), pe);
  word_store(t, bit_cast<Bits<T>>(value));
  if (__builtin_expect(!t.ok, 0)) {
    char *remote = translate_checked(s, call, dest, sizeof(T), pe); /* (bytes: unaligned) */
    if (remote)
      memcpy(remote, &value, sizeof(T));
    else
      proxy::put_value(s, ctx, dest, bit_cast<Bits<T>>(value), sizeof(T), pe);
  }
}

/* A plain load (word.h, LoadKind): polling another PE's word takes
 * wait_until, test or an atomic fetch. */
template <class T>
inline __device__ T g(const State &s, const char *call, const T *source, int pe,
                      DeviceContext *ctx = nullptr) {
  const WordTarget t = word_target(s, source, sizeof(T), pe);
  Bits<T> v = word_load<Bits<T>, LoadKind::kPlain>(t);
  if (__builtin_expect(!t.ok, 0)) {
    const char *remote = translate_checked(s, call, source, sizeof(T), pe); /* (unaligned) */
    if (remote) {
      T value;
      memcpy(&value, remote, sizeof(T));
      return value;
    }
    v = static_cast<Bits<T>>(proxy::get_value(s, ctx, source, sizeof(T), pe));
  }
  return bit_cast<T>(v);
}

/* The data, then the signal: every member fences its own stores towards
 * the peer before the group barrier, so that once the leader's signal
 * update is visible the whole payload is (the classic "write, fence,
 * barrier, one thread flags" pattern).  Through the proxy the leader posts
 * both, in that order, which the proxy keeps.  The signal op and the PE are
 * checked before any data moves. */
template <class G>
inline __device__ void put_signal(const State &s, const char *call, void *dest,
                                  const void *source, size_t bytes, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe,
                                  DeviceContext *ctx = nullptr) {
  if (sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD)
    detail::fail_arg(call, "sig_op", sig_op);
  if (pe < 0 || pe >= s.n_pes) detail::fail_pe(call, pe, s.n_pes); /* before peer_flags[pe] */
  put_share<G>(s, call, dest, source, bytes, pe, false, ctx);
  fence_towards(s, pe);
  G::sync();
  if (G::rank() == 0) signal_update(s, sig_addr, signal, sig_op, pe, call, ctx);
  G::sync();
}

}  // namespace device
}  // namespace rocshmem

#endif
