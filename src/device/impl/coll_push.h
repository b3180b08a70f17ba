/* Inline device implementation: the push path of the small team
 * collectives (coll.h chooses the path of each call).  Conventions in
 * core.h.
 *
 * The pull path brackets its reads with two team syncs, each a fence plus a
 * round of counter updates and polls (1.5-3 us on one H200), which is most
 * of the cost of a collective of a few bytes.  Here each message carries its
 * own flags, as NCCL's LL protocol does: the payload is cut into 4-byte
 * words and every word is written by one 8-byte store together with the
 * message's sequence number, so a receiver that reads the sequence number in
 * a word has read that word's data: no fence, no separate flag, no sync.  A
 * collective is one round of messages: each PE reads only its own source
 * (before it returns) and writes only its own dest.
 *
 * Buffers (State::push_*, set up by src/gpu/gpu_runtime.cc): every PE's
 * inbox holds two buffers per sending PE.  Message k from q to r goes to
 * buffer k % 2 of q's area at r, which must no longer hold message k - 2:
 * r acknowledges every message it has consumed by storing k into
 * push_ack[r] at q, and q waits for k - 2 there before writing (in practice
 * already true, the acknowledgement is two collectives old).  Sequence
 * numbers are counted per ordered pair of PEs, so any team can use the
 * buffers without agreeing on anything first, as long as every pair meets
 * its collectives in the same order: the calling rule the sync counters
 * already rely on.  32-bit numbers wrap after 2^32 messages per pair,
 * harmlessly: a buffer never still holds a word that old.
 *
 * The words are written with single 8-byte volatile stores and read with
 * single 8-byte volatile loads (naturally aligned: single-copy atomic, and
 * the loads reach memory every time). */
#ifndef ROCSHMEM_DEVICE_IMPL_COLL_PUSH_H
#define ROCSHMEM_DEVICE_IMPL_COLL_PUSH_H

#include "device/impl/coll_ops.h"
#include "device/impl/core.h"
#include "device/impl/wait.h"

namespace rocshmem {
namespace device {
namespace coll {
namespace push {

/* Payload bytes per line: two words of 4 data bytes and a flag each. */
constexpr size_t kLineBytes = 8;

/* Whether a call in which `senders` members send each PE `bytes` takes
 * the push path: up to push_lines lines in all (ROCSHMEM_GPU_COLL_PUSH).
 * The limit is on what a PE receives, because the push path moves each
 * byte twice (flags and all) where the pull path reads it once, so the
 * volume decides which is faster; a single message therefore always fits
 * its buffer.  The same answer on every PE: push_lines is the same
 * everywhere, and so are the arguments. */
inline __device__ bool fits(const State &s, size_t bytes, int senders) {
  return receives_within(bytes, senders, static_cast<uint64_t>(s.push_lines) * kLineBytes);
}

inline __device__ size_t lines_of(size_t bytes) { return (bytes + kLineBytes - 1) / kLineBytes; }

/* Buffer (sender, seq % 2) of an inbox, as a word offset. */
inline __device__ size_t buffer_at(const State &s, int sender, uint32_t seq) {
  return (static_cast<size_t>(sender) * 2 + (seq & 1)) * s.push_lines * 2;
}

/* p (a symmetric address of this PE) in PE pe's heap as mapped here. */
template <class T>
inline __device__ T *at_peer(const State &s, T *p, int pe) {
  return reinterpret_cast<T *>(peer_base(s, pe) + (reinterpret_cast<char *>(p) - s.heap_base));
}

/* The 8 bytes of line l of [src, src + bytes), the tail zero-filled. */
inline __device__ uint2 load_line(const char *src, size_t bytes, size_t l) {
  const char *p = src + l * kLineBytes;
  size_t n = bytes - l * kLineBytes;
  if (n >= kLineBytes) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    if (a % 8 == 0) {
      const unsigned long long v = *reinterpret_cast<const unsigned long long *>(p);
      return make_uint2(static_cast<unsigned>(v), static_cast<unsigned>(v >> 32));
    }
    if (a % 4 == 0) {
      const unsigned *w = reinterpret_cast<const unsigned *>(p);
      return make_uint2(w[0], w[1]);
    }
    n = kLineBytes;
  }
  unsigned long long v = 0;
  for (size_t i = 0; i < n; ++i)
    v |= static_cast<unsigned long long>(static_cast<unsigned char>(p[i])) << (8 * i);
  return make_uint2(static_cast<unsigned>(v), static_cast<unsigned>(v >> 32));
}

/* The reverse: line l's bytes of v into [dst, dst + bytes). */
inline __device__ void store_line(char *dst, size_t bytes, size_t l, uint2 v) {
  char *p = dst + l * kLineBytes;
  size_t n = bytes - l * kLineBytes;
  if (n >= kLineBytes) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    if (a % 8 == 0) {
      *reinterpret_cast<unsigned long long *>(p) =
          static_cast<unsigned long long>(v.y) << 32 | v.x;
      return;
    }
    if (a % 4 == 0) {
      unsigned *w = reinterpret_cast<unsigned *>(p);
      w[0] = v.x;
      w[1] = v.y;
      return;
    }
    n = kLineBytes;
  }
  const unsigned long long bits = static_cast<unsigned long long>(v.y) << 32 | v.x;
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<char>(bits >> (8 * i));
}

inline __device__ void store_word(uint64_t *p, unsigned data, uint32_t seq) {
  store_volatile(p, static_cast<uint64_t>(seq) << 32 | data);
}

/* Line l of an inbox buffer once both its words carry seq; w0 and w1 are
 * first reads of them (issued early, so that a member's reads overlap). */
/* take_word's wait, out of line: the loop, its clock and its report would
 * otherwise be copied into every instantiation of every collective, whose
 * words are mostly there at the first read. */
inline __device__ __noinline__ unsigned long long wait_word(const State &s, const char *call,
                                                            int pe, const uint64_t *w,
                                                            uint32_t seq) {
  unsigned long long seen;
  for (WaitClock clock; static_cast<uint32_t>((seen = load_volatile(w)) >> 32) != seq;) {
    ROCSHMEM_SPIN_PAUSE();
    clock.tick(s, [&] {
      /* (the sequence number is the upper half of the little-endian word) */
      return WaitSite{call, "a pushed message", pe,
                      reinterpret_cast<const uint32_t *>(w) + 1, 4, ROCSHMEM_CMP_EQ, seq};
    });
  }
  return seen;
}

/* Word w (first read `seen`) of a message from `pe` once it carries seq in
 * its upper half.  `call` (the entry point's name, a constant) names the
 * wait in a timeout's report; it is passed only when the word is late. */
inline __device__ unsigned long long take_word(const State &s, const char *call, int pe,
                                               const uint64_t *w, uint32_t seq,
                                               unsigned long long seen) {
  return static_cast<uint32_t>(seen >> 32) == seq ? seen : wait_word(s, call, pe, w, seq);
}

inline __device__ uint2 take_line(const State &s, const char *call, int pe, const uint64_t *buf,
                                  size_t l, uint32_t seq, unsigned long long w0,
                                  unsigned long long w1) {
  w0 = take_word(s, call, pe, buf + 2 * l, seq, w0);
  w1 = take_word(s, call, pe, buf + 2 * l + 1, seq, w1);
  return make_uint2(static_cast<unsigned>(w0), static_cast<unsigned>(w1));
}

inline __device__ uint2 take_line(const State &s, const char *call, int pe, const uint64_t *buf,
                                  size_t l, uint32_t seq) {
  return take_line(s, call, pe, buf, l, seq, load_volatile(buf + 2 * l),
                   load_volatile(buf + 2 * l + 1));
}

/* The members of G write [src, src + bytes) into world PE pe's inbox as
 * this PE's next message to it (no group sync).  `call`: the entry point,
 * for the reports of the waits here and in recv. */
template <class G>
inline __device__ void send(const State &s, const char *call, int pe, const void *src,
                            size_t bytes) {
  const uint32_t seq = s.push_sent[pe] + 1;
  const uint32_t *consumed = s.push_ack + pe;
  for (WaitClock clock; static_cast<int32_t>(load_volatile(consumed) - (seq - 2)) < 0;) {
    ROCSHMEM_SPIN_PAUSE();
    clock.tick(s, [&] {
      return WaitSite{call, "room in the push buffer", pe, consumed, 4,
                      ROCSHMEM_CMP_GE, seq - 2};
    });
  }
  uint64_t *out = at_peer(s, s.push_inbox + buffer_at(s, s.my_pe, seq), pe);
  const char *from = static_cast<const char *>(src);
  const size_t lines = lines_of(bytes);
  for (size_t l = G::rank(); l < lines; l += G::size()) {
    const uint2 v = load_line(from, bytes, l);
    store_word(out + 2 * l, v.x, seq);
    store_word(out + 2 * l + 1, v.y, seq);
  }
}

/* The members of G take world PE pe's next message to this PE into
 * [dst, dst + bytes) (no group sync).  Each member first reads kBatch of
 * its lines, then waits for them one by one, so that when the message is
 * already there its reads are in flight together. */
template <class G>
inline __device__ void recv(const State &s, const char *call, int pe, void *dst, size_t bytes) {
  constexpr int kBatch = 4;
  const uint32_t seq = s.push_recv[pe] + 1;
  const uint64_t *buf = s.push_inbox + buffer_at(s, pe, seq);
  char *to = static_cast<char *>(dst);
  const size_t lines = lines_of(bytes), step = G::size();
  for (size_t l = G::rank(); l < lines; l += kBatch * step) {
    unsigned long long w[2 * kBatch];
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      const size_t lj = l + j * step;
      if (lj < lines) {
        w[2 * j] = load_volatile(buf + 2 * lj);
        w[2 * j + 1] = load_volatile(buf + 2 * lj + 1);
      }
    }
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      const size_t lj = l + j * step;
      if (lj < lines)
        store_line(to, bytes, lj, take_line(s, call, pe, buf, lj, seq, w[2 * j], w[2 * j + 1]));
    }
  }
}

/* Counts a message sent to world PE pe. */
inline __device__ void count_sent(const State &s, int pe) { ++s.push_sent[pe]; }

/* Counts the message taken from pe and frees its buffer for pe. */
inline __device__ void count_received(const State &s, int pe) {
  const uint32_t seq = ++s.push_recv[pe];
  store_volatile(at_peer(s, s.push_ack + s.my_pe, pe), seq);
}

/* The end of a collective: once every member of G is done with the
 * messages (their reads are complete), the leader counts them. */
template <class G, class Count>
inline __device__ void finish(Count count) {
  G::sync();
  if (G::rank() == 0) count();
  G::sync();
}

/* Every other member exchanged one message with me. */
inline __device__ void count_all_pairs(const State &s, const Team &t) {
  for (int k = 1; k < t.size; ++k) {
    const int pe = t.pes[(t.my_index + k) % t.size];
    count_sent(s, pe);
    count_received(s, pe);
  }
}

/* ---------------------------------------------------------------- collectives
 * Same arguments and results as their pull forms in coll.h. */

template <class G>
inline __device__ void broadcast(const State &s, const char *call, const Team &t, void *dest,
                                 const void *source, size_t bytes, int root) {
  if (t.my_index == root) {
    for (int k = 1; k < t.size; ++k) send<G>(s, call, t.pes[(root + k) % t.size], source, bytes);
    if (dest != source) group_copy<G>(dest, source, bytes);
    finish<G>([&] {
      for (int k = 1; k < t.size; ++k) count_sent(s, t.pes[(root + k) % t.size]);
    });
  } else {
    recv<G>(s, call, t.pes[root], dest, bytes);
    finish<G>([&] { count_received(s, t.pes[root]); });
  }
}

/* dest[i * bytes ..] = member i's source[my_index * stride ..] (stride 0:
 * fcollect, bytes: alltoall).  Sends go round the team from my successor,
 * receives from my predecessor: what each sender writes first is what its
 * receiver waits for first.  dest may overlap source (in place): the sync
 * after the sends orders every member's reads of source before the writes. */
template <class G>
inline __device__ void exchange(const State &s, const char *call, const Team &t, void *dest,
                                const void *source, size_t bytes, size_t stride) {
  const char *src = static_cast<const char *>(source);
  char *d = static_cast<char *>(dest);
  for (int k = 1; k < t.size; ++k) {
    const int i = (t.my_index + k) % t.size;
    send<G>(s, call, t.pes[i], src + i * stride, bytes);
  }
  G::sync();
  group_copy<G>(d + t.my_index * bytes, src + t.my_index * stride, bytes);
  for (int k = 1; k < t.size; ++k) {
    const int i = (t.my_index + t.size - k) % t.size;
    recv<G>(s, call, t.pes[i], d + i * bytes, bytes);
  }
  finish<G>([&] { count_all_pairs(s, t); });
}

/* dest[i] = the reduction over the members m, in team order, of m's
 * source[my_index * stride + i], i < nreduce (stride 0: reduce, nreduce:
 * reduce_scatter).  Each member sends its elements, then every PE reduces
 * line by line, its own contribution straight from source; in place is
 * safe (each line is read, then written, by one thread, after the sync that
 * ends every member's sends). */
template <class T, class Op, class G>
inline __device__ void reduce(const State &s, const char *call, const Team &t, T *dest,
                              const T *source, size_t nreduce, size_t stride) {
  static_assert(sizeof(T) <= kLineBytes && kLineBytes % sizeof(T) == 0,
                "a line holds whole elements");
  constexpr int E = kLineBytes / sizeof(T);
  const size_t bytes = nreduce * sizeof(T);
  for (int k = 1; k < t.size; ++k) {
    const int i = (t.my_index + k) % t.size;
    send<G>(s, call, t.pes[i], source + i * stride, bytes);
  }
  G::sync();
  const char *own = reinterpret_cast<const char *>(source + t.my_index * stride);
  const size_t lines = lines_of(bytes);
  for (size_t l = G::rank(); l < lines; l += G::size()) {
    typename Acc<T>::type acc[E];
    for (int m = 0; m < t.size; ++m) {
      const int pe = t.pes[m];
      const uint2 v = m == t.my_index
                          ? load_line(own, bytes, l)
                          : take_line(s, call, pe,
                                      s.push_inbox + buffer_at(s, pe, s.push_recv[pe] + 1), l,
                                      s.push_recv[pe] + 1);
      T e[E];
      memcpy(e, &v, sizeof e);
#pragma unroll
      for (int k = 0; k < E; ++k) accumulate<T, Op>(acc[k], e[k], m);
    }
    T out[E];
#pragma unroll
    for (int k = 0; k < E; ++k) out[k] = Acc<T>::out(acc[k]);
    uint2 v;
    memcpy(&v, out, sizeof v);
    store_line(reinterpret_cast<char *>(dest), bytes, l, v);
  }
  finish<G>([&] { count_all_pairs(s, t); });
}

}  // namespace push
}  // namespace coll
}  // namespace device
}  // namespace rocshmem

#endif
