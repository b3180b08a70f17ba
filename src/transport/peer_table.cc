#include "transport/peer_table.h"

#include <cstdio>

namespace rocshmem {

PeerTable g_peers;

void peer_bad_pe(const char *call, int pe) {
  fatal(call, "pe = %d is out of range [0, %d)", pe, g_peers.n_pes);
}

void peer_bad_address(const char *call, const char *arg, const void *addr, size_t len, int pe) {
  uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  static const char *const names[SEG_ALL] = {"heap", "static data", "GPU heap"};
  for (int s = 0; s < SEG_ALL; ++s) {
    if (a >= g_peers.lo[s] && a < g_peers.hi[s])
      fatal(call,
            "%s = %p with length %zu (target pe %d) runs past the end of the symmetric %s "
            "(%zu bytes left)",
            arg, addr, len, pe, names[s], static_cast<size_t>(g_peers.hi[s] - a));
  }
  char gpu[96] = "";
  if (g_peers.hi[SEG_GPU])
    std::snprintf(gpu, sizeof gpu, ", nor in the GPU heap [%p, %p)",
                  reinterpret_cast<void *>(g_peers.lo[SEG_GPU]),
                  reinterpret_cast<void *>(g_peers.hi[SEG_GPU]));
  fatal(call,
        "%s = %p (target pe %d) is not a symmetric address: it lies neither in the symmetric "
        "heap [%p, %p) nor in the executable's global/static data [%p, %p)%s",
        arg, addr, pe, reinterpret_cast<void *>(g_peers.lo[SEG_HEAP]),
        reinterpret_cast<void *>(g_peers.hi[SEG_HEAP]),
        reinterpret_cast<void *>(g_peers.lo[SEG_DATA]),
        reinterpret_cast<void *>(g_peers.hi[SEG_DATA]), gpu);
}

void peer_not_mapped(const char *call, int pe) {
  fatal(call, "internal error: PE %d is not mapped into this process (it is reached through "
        "the network transport)", pe);
}

}  // namespace rocshmem
