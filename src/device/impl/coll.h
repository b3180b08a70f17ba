/* Inline device implementation: team collectives (broadcast, fcollect,
 * alltoall, reduce, reduce_scatter) by a group G (Thread, Wave, Workgroup:
 * every member calls with identical arguments).  Conventions in core.h.
 *
 * Three paths, chosen from the message size alone (so every member takes
 * the same one):
 *  - push (coll_push.h), when a PE receives up to ROCSHMEM_GPU_COLL_PUSH
 *    bytes in all and every PE maps every other's heap: one round of
 *    messages that carry their own flags into per-sender buffers, no team
 *    sync;
 *  - put, when a PE receives more than that but up to
 *    ROCSHMEM_GPU_COLL_PUT bytes (broadcast, fcollect, alltoall): every PE
 *    stores its blocks (broadcast: the root its message) straight into the
 *    members' dest, then one team sync (whose quiet completes the stores)
 *    says every block has landed and nobody reads my source any more.
 *    OpenSHMEM leaves "dest ready on every member before any member calls"
 *    to the program, and this path relies on it: a member's dest may be
 *    written before that member calls (NVSHMEM's and rocSHMEM's device
 *    fcollect/alltoall behave so too).  The pull path's first sync is what
 *    it saves, a third of a 64 KiB collective's time on one H200;
 *  - pull (here), otherwise: every PE reads what it needs from the other
 *    members' buffers and writes only its own memory, between two team
 *    syncs (team.h): the first says every member's source is ready, the
 *    last that nobody reads it any more.  Reads need no scratch buffer and
 *    move each byte once, at full bandwidth, which is what large messages
 *    need (16 MiB fcollect: pulled 744 us, put 899 us); all data moves
 *    through device::get (rma.h), so a peer that is not mapped here is
 *    handled wherever get handles it (the proxy).
 *
 * Every PE reduces the members' contributions in team order, so every PE
 * computes bit-identical results (floating point included).  The caller
 * has validated the arguments (sizes, root); bytes > 0. */
#ifndef ROCSHMEM_DEVICE_IMPL_COLL_H
#define ROCSHMEM_DEVICE_IMPL_COLL_H

#include "device/impl/coll_ops.h"
#include "device/impl/coll_push.h"
#include "device/impl/core.h"
#include "device/impl/rma.h"
#include "device/impl/team.h"

namespace rocshmem {
namespace device {
namespace detail {

inline __device__ __noinline__ void fail_overlap(const char *call, const void *dest,
                                                 const void *source) {
  const bool first = first_report();
  if (first)
    printf("rocshmem: %s: dest = %p overlaps source = %p (not supported on the device)\n", call,
           dest, source);
  trap_after_report(first);
}

}  // namespace detail

namespace coll {

/* ---------------------------------------------------------------- data movement */

/* Whether a call in which `senders` members send each PE `bytes` takes the
 * put path (after the push path declined it): the same answer on every
 * member, as coll_put_bytes is the same everywhere (0 while any PE uses the
 * proxy, or when some PE asked for 0). */
inline __device__ bool put_fits(const State &s, size_t bytes, int senders) {
  return receives_within(bytes, senders, s.coll_put_bytes);
}

/* Every member's dest gets the root's source (the root's too, as on the
 * host; nothing to copy when it is in place there).  On the put path the
 * root stores into the other members' dest (symmetric, as OpenSHMEM
 * requires), its own last, and the team syncs once: across two GPUs over
 * NVLink a 64 KiB broadcast pulled took 1.34x NVSHMEM's time, two syncs and
 * reads across the link. */
template <class G>
inline __device__ void broadcast(const State &s, const char *call, const Team &t, void *dest,
                                 const void *source, size_t bytes, int root) {
  if (push::fits(s, bytes, 1)) return push::broadcast<G>(s, call, t, dest, source, bytes, root);
  if (put_fits(s, bytes, 1)) {
    if (t.my_index == root)
      for (int k = 1; k <= t.size; ++k) {
        const int i = (root + k) % t.size;
        if (i != root || dest != source)
          put_share<G>(s, call, dest, source, bytes, t.pes[i], true, nullptr);
      }
    team_sync<G>(s, call, t); /* its quiet completes the stores */
    return;
  }
  team_sync<G>(s, call, t); /* the root's source is ready */
  if (t.my_index != root || dest != source) get<G>(s, call, dest, source, bytes, t.pes[root]);
  team_sync<G>(s, call, t); /* nobody reads it any more */
}

/* dest[i * bytes ..] = `from` (a symmetric address) as member i holds it.
 * Each PE starts with its own block and goes round the team from there, so
 * the members do not all read member 0 first. */
template <class G>
inline __device__ void gather_blocks(const State &s, const char *call, const Team &t, void *dest,
                                     const void *from, size_t bytes) {
  char *d = static_cast<char *>(dest);
  team_sync<G>(s, call, t);
  for (int k = 0; k < t.size; ++k) {
    const int i = (t.my_index + k) % t.size;
    get<G>(s, call, d + i * bytes, from, bytes, t.pes[i]);
  }
  team_sync<G>(s, call, t);
}

/* Member i's dest[my_index * bytes ..] = my from + i * stride (a block of
 * `bytes`), then one team sync.  Each PE starts with its own block and goes
 * round the team from there, so the members do not all write to member 0
 * first. */
template <class G>
inline __device__ void scatter_blocks(const State &s, const char *call, const Team &t, void *dest,
                                      const void *from, size_t stride, size_t bytes) {
  char *d = static_cast<char *>(dest) + t.my_index * bytes;
  const char *f = static_cast<const char *>(from);
  for (int k = 0; k < t.size; ++k) {
    const int i = (t.my_index + k) % t.size;
    put_share<G>(s, call, d, f + i * stride, bytes, t.pes[i], true, nullptr);
  }
  team_sync<G>(s, call, t); /* its quiet completes the stores */
}

/* dest[i * bytes ..] = member i's source. */
template <class G>
inline __device__ void fcollect(const State &s, const char *call, const Team &t, void *dest,
                                const void *source, size_t bytes) {
  if (push::fits(s, bytes, t.size - 1))
    return push::exchange<G>(s, call, t, dest, source, bytes, 0);
  if (put_fits(s, bytes, t.size - 1)) return scatter_blocks<G>(s, call, t, dest, source, 0, bytes);
  gather_blocks<G>(s, call, t, dest, source, bytes);
}

/* dest[i * bytes ..] = member i's source[my_index * bytes ..]. */
template <class G>
inline __device__ void alltoall(const State &s, const char *call, const Team &t, void *dest,
                                const void *source, size_t bytes) {
  if (push::fits(s, bytes, t.size - 1))
    return push::exchange<G>(s, call, t, dest, source, bytes, bytes);
  if (put_fits(s, bytes, t.size - 1))
    return scatter_blocks<G>(s, call, t, dest, source, bytes, bytes);
  gather_blocks<G>(s, call, t, dest, static_cast<const char *>(source) + t.my_index * bytes,
                   bytes);
}

/* ---------------------------------------------------------------- reductions */

/* One member's part of a chunk.  Not inlined: the few hundred reduction
 * entry points then share one copy of get's alignment dispatch (the device
 * library compiled in a quarter of the time: 49 s instead of 219 s of CPU for the _wg reductions). */
inline __device__ __noinline__ void get_chunk(const State &s, const char *call, void *dest,
                                              const void *source, size_t bytes, int pe) {
  get<Thread>(s, call, dest, source, bytes, pe);
}

/* Up to 16 bytes of elements [i, i + n) reduced over the team: one get of
 * at most 16 bytes per member (a single vector load when aligned). */
template <class T, class Op>
struct Chunk {
  static constexpr int K = sizeof(T) >= 16 ? 1 : 16 / sizeof(T);
  using A = typename Acc<T>::type;
  A acc[K];

  /* source: this PE's address of the members' (symmetric) source. */
  __device__ void reduce(const State &s, const char *call, const Team &t, const T *source,
                         int n) {
    for (int m = 0; m < t.size; ++m) {
      alignas(16) T v[K];
      get_chunk(s, call, v, source, n * sizeof(T), t.pes[m]);
#pragma unroll
      for (int e = 0; e < K; ++e)
        if (e < n) accumulate<T, Op>(acc[e], v[e], m);
    }
  }
  __device__ void store(T *dest, int n) const {
#pragma unroll
    for (int e = 0; e < K; ++e)
      if (e < n) dest[e] = Acc<T>::out(acc[e]);
  }
};

/* Chunk c (of K elements) of count elements: its length. */
template <int K>
inline __device__ int chunk_len(size_t c, size_t count) {
  size_t left = count - c * K;
  return left < size_t(K) ? static_cast<int>(left) : K;
}

/* Chunks [first, last) of nreduce elements, reduced over the team from
 * source into dest, shared among the members of G. */
template <class T, class Op, class G>
inline __device__ void reduce_chunks(const State &s, const char *call, const Team &t, T *dest,
                                     const T *source, size_t first, size_t last,
                                     size_t nreduce) {
  using C = Chunk<T, Op>;
  for (size_t c = first + G::rank(); c < last; c += G::size()) {
    C part;
    part.reduce(s, call, t, source + c * C::K, chunk_len<C::K>(c, nreduce));
    part.store(dest + c * C::K, chunk_len<C::K>(c, nreduce));
  }
}

/* dest[i] = source[i] of member 0 op ... op member n-1, i < nreduce; dest
 * may be source (in place).
 *  - Small counts (a chunk per group member at most): every PE reduces all
 *    of it into registers, syncs (every source has been read), stores.
 *  - Otherwise reduce-scatter then allgather, in slices of whole chunks:
 *    member m reduces slice m into its own dest (in place is safe: slice m
 *    of m's source is read by m alone, each element before it is written),
 *    sync, every PE reads the other slices from their owners' dest, sync
 *    (nobody reads my slice any more). */
template <class T, class Op, class G>
inline __device__ void reduce(const State &s, const char *call, const Team &t, T *dest,
                              const T *source, size_t nreduce) {
  using C = Chunk<T, Op>;
  constexpr int K = C::K;
  const size_t chunks = (nreduce + K - 1) / K;
  if (push::fits(s, nreduce * sizeof(T), t.size - 1))
    return push::reduce<T, Op, G>(s, call, t, dest, source, nreduce, 0);
  if (chunks <= G::size()) {
    const size_t c = G::rank();
    C part;
    team_sync<G>(s, call, t); /* every source is ready */
    if (c < chunks) part.reduce(s, call, t, source + c * K, chunk_len<K>(c, nreduce));
    team_sync<G>(s, call, t); /* every source has been read: dest may be written */
    if (c < chunks) part.store(dest + c * K, chunk_len<K>(c, nreduce));
    G::sync();
    return;
  }
  auto first_chunk = [&](int m) { return chunks * m / t.size; };
  team_sync<G>(s, call, t);
  reduce_chunks<T, Op, G>(s, call, t, dest, source, first_chunk(t.my_index),
                          first_chunk(t.my_index + 1), nreduce);
  team_sync<G>(s, call, t); /* every slice is final */
  for (int k = 1; k < t.size; ++k) {
    const int m = (t.my_index + k) % t.size;
    const size_t first = first_chunk(m) * K;
    size_t last = first_chunk(m + 1) * K;
    if (last > nreduce) last = nreduce;
    if (last > first) get<G>(s, call, dest + first, dest + first, (last - first) * sizeof(T), t.pes[m]);
  }
  team_sync<G>(s, call, t); /* nobody reads my slice any more */
}

/* dest[i] (i < nreduce) = the reduction over the members of their
 * source[my_index * nreduce + i] (the host's rocshmem_TYPE_OP_reduce_scatter).
 * The caller has checked that dest and source do not overlap: without
 * scratch memory an in-place form would need a sync per chunk. */
template <class T, class Op, class G>
inline __device__ void reduce_scatter(const State &s, const char *call, const Team &t, T *dest,
                                      const T *source, size_t nreduce) {
  if (push::fits(s, nreduce * sizeof(T), t.size - 1))
    return push::reduce<T, Op, G>(s, call, t, dest, source, nreduce, nreduce);
  constexpr int K = Chunk<T, Op>::K;
  const size_t chunks = (nreduce + K - 1) / K;
  team_sync<G>(s, call, t);
  reduce_chunks<T, Op, G>(s, call, t, dest, source + static_cast<size_t>(t.my_index) * nreduce,
                          0, chunks, nreduce);
  team_sync<G>(s, call, t); /* nobody reads my source any more */
}

}  // namespace coll
}  // namespace device
}  // namespace rocshmem

#endif
