/* Where every PE's symmetric memory is, decided once at init, never per
 * call.  The hot path of every RMA call is: range-check the PE, find
 * the segment holding the address, check the length, add an offset.
 *
 * Symmetric addresses are translated by offset from the segment start: the
 * same variable sits at different virtual addresses in different PEs (ASLR),
 * but at the same offset in its segment.
 *
 * A peer whose segments are mapped here (same node) is reached by load/store;
 * any other peer goes through the network transport (transport/ucx), which
 * addresses it by (segment, offset). */
#ifndef ROCSHMEM_TRANSPORT_PEER_TABLE_H
#define ROCSHMEM_TRANSPORT_PEER_TABLE_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/log.h"

namespace rocshmem {

/* SEG_HEAP and SEG_DATA are host memory shared between same-node PEs and
 * registered with the network transport (loops over "the host segments" run
 * to SEG_COUNT).  SEG_GPU is the GPU heap (rocshmem_malloc with a GPU): peers'
 * GPU heaps are mapped through IPC, and the host reaches them through the GPU
 * runtime (gpu/gpu.h), never by load/store. */
enum Segment : int { SEG_HEAP = 0, SEG_DATA = 1, SEG_COUNT = 2, SEG_GPU = 2, SEG_ALL = 3 };

/* How a peer is reached, decided at init and stored as data. */
enum class PeerPath : uint8_t { SELF, SHM, UCX, UNREACHABLE };

struct PeerTable {
  int my_pe = -1;
  int n_pes = 0;
  /* Local bounds of each segment: [lo, hi). */
  uintptr_t lo[SEG_ALL] = {};
  uintptr_t hi[SEG_ALL] = {};
  /* base[s][pe]: where PE pe's segment s is mapped in this process, or
   * nullptr when it is not load/store reachable. */
  std::vector<char *> base[SEG_ALL];
  std::vector<PeerPath> path;
  /* AMOs to every other PE go through the network transport: the job spans
   * nodes and UCX may use NIC atomics (the atomicity rule: see amo/amo.h). */
  bool amo_via_network = false;
};

extern PeerTable g_peers;

[[noreturn]] void peer_bad_pe(const char *call, int pe);
[[noreturn]] void peer_bad_address(const char *call, const char *arg, const void *addr,
                                   size_t len, int pe);
[[noreturn]] void peer_not_mapped(const char *call, int pe);

/* Segment holding [addr, addr+len), or -1. */
inline int peer_segment_of(const void *addr, size_t len) {
  uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  for (int s = 0; s < SEG_ALL; ++s)
    if (a >= g_peers.lo[s] && a < g_peers.hi[s]) return len <= g_peers.hi[s] - a ? s : -1;
  return -1;
}

inline void peer_check_pe(const char *call, int pe) {
  if (__builtin_expect(static_cast<unsigned>(pe) >= static_cast<unsigned>(g_peers.n_pes), 0))
    peer_bad_pe(call, pe);
}

/* A checked symmetric address on some PE. */
struct Location {
  char *mapped;  /* address in this process (a device pointer for SEG_GPU), nullptr if not mapped */
  int seg;
  size_t offset; /* from the segment start, for the network transport */
};

/* Locates the symmetric object `addr` (length len) on PE `pe`.  Ends the job
 * with a message naming `call` and `arg` if pe is out of range or the range
 * is not symmetric.  Always inlined: every RMA and AMO call starts here, and
 * out of line the Location came back through memory, copied with a wider
 * load than its stores (a store-forwarding stall on every call). */
__attribute__((always_inline)) inline Location peer_locate(const char *call, const char *arg,
                                                           const void *addr, size_t len, int pe) {
  peer_check_pe(call, pe);
  int s = peer_segment_of(addr, len);
  if (__builtin_expect(s < 0, 0)) peer_bad_address(call, arg, addr, len, pe);
  size_t off = reinterpret_cast<uintptr_t>(addr) - g_peers.lo[s];
  char *base = g_peers.base[s][pe];
  return Location{base ? base + off : nullptr, s, off};
}

/* For callers that know the peer is mapped (same node) and the object is in
 * host memory: its address here. */
inline char *peer_translate(const char *call, const char *arg, const void *addr, size_t len,
                            int pe) {
  Location loc = peer_locate(call, arg, addr, len, pe);
  if (__builtin_expect(!loc.mapped, 0)) peer_not_mapped(call, pe);
  return loc.mapped;
}

}  // namespace rocshmem

#endif
