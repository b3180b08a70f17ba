/* What this PE's network transport did: counters the library always keeps.
 *
 * One plain per-process counter each, bumped by a relaxed load and store
 * (no atomic read-modify-write: a locked instruction would cost a put over
 * a direct mapping a third more).  Exact when one thread at a time issues
 * network operations, which every thread level but THREAD_MULTIPLE
 * guarantees; there, concurrent threads may lose a few counts.
 *
 * Operations are counted where the API families hand them to the network
 * transport (network.h), whatever UCX then does with them: a put to a peer
 * whose heap UCX maps here is a copy, and still one network put.  Same-node
 * peers never reach the transport and are never counted.
 *
 * Readers: snapshot() in the library's own tools and tests (the shared
 * library exports the rocshmem namespace), and ROCSHMEM_NET_STATS, which
 * makes every PE print its counters as one JSON line on stderr when the
 * network transport closes at finalize (report()). */
#ifndef ROCSHMEM_TRANSPORT_NET_STATS_H
#define ROCSHMEM_TRANSPORT_NET_STATS_H

#include <cstdint>
#include <cstdio>

namespace rocshmem {
namespace net {
namespace stats {

/* X(name, what it counts) */
#define ROCSHMEM_NET_COUNTERS(X)                                                         \
  X(endpoints, "UCX endpoints created (at init when eager, else on first use)")          \
  X(remote_keys, "remote keys unpacked (one per segment of each peer connected)")        \
  X(put, "puts, blocking and _nbi")                                                      \
  X(put_bytes, "bytes of those puts")                                                    \
  X(get, "gets, blocking and _nbi")                                                      \
  X(get_bytes, "bytes of those gets")                                                    \
  X(atomic, "atomic memory operations")                                                  \
  X(signal_put, "synchronization puts (put_signal: barriers' and collectives' signals)") \
  X(active_message, "active-message requests (other nodes' GPU heaps, staged path)")       \
  X(peer_info_bytes, "bytes kept from init to make endpoints: every PE's worker address "     \
                     "and packed keys, and the per-PE tables of endpoints, keys and bases")

enum Counter : int {
#define X(NAME, WHAT) NAME,
  ROCSHMEM_NET_COUNTERS(X)
#undef X
      kCounters
};

struct Counts {
  uint64_t v[kCounters];
  uint64_t operator[](Counter c) const { return v[c]; }
};

/* Its own cache line: bumped on every network operation. */
struct alignas(64) Live {
  uint64_t v[kCounters];
};
extern Live g_live;

inline void add(Counter c, uint64_t n = 1) {
  __atomic_store_n(&g_live.v[c], __atomic_load_n(&g_live.v[c], __ATOMIC_RELAXED) + n,
                   __ATOMIC_RELAXED);
}

/* The counters now (since init or the last reset). */
Counts snapshot();
/* Counts from zero again (init does it). */
void reset();
/* The counter's name, as the report's JSON keys spell it. */
const char *name(Counter c);
/* Writes `counts` as one JSON object, {"pe":P,"endpoints":...}, and a
 * newline to `out`. */
void write_json(FILE *out, int pe, const Counts &counts);
/* This PE's line on stderr, `prefix` then the JSON object, in one write
 * (PEs sharing stderr do not interleave within lines): ROCSHMEM_NET_STATS
 * at finalize ("rocshmem net-stats: ") and rocshmem_dump_stats. */
void report(int pe, const char *prefix = "rocshmem net-stats: ");

/* Whether this PE has made its endpoint to PE pe (the network transport's,
 * transport/ucx; never in a build without it, nor in a one-node job). */
bool has_endpoint(int pe);

}  // namespace stats
}  // namespace net
}  // namespace rocshmem

#endif
