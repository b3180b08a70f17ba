/* State shared by the host-side GPU files (gpu_runtime.cc sets it up,
 * gpu_heap_ops.cc and stream_api.cc use it).  Not for the rest of the
 * library, which goes through gpu/gpu.h. */
#ifndef ROCSHMEM_GPU_GPU_INTERNAL_H
#define ROCSHMEM_GPU_GPU_INTERNAL_H

#include <rocshmem/gpu_platform.h>

#include <mutex>
#include <string>
#include <vector>

#include "core/log.h"
#include "device/state.h"

namespace rocshmem {
namespace gpu {

struct GpuContext {
  bool active = false;
  int device = -1;
  std::string bus_id;
  char *allocation = nullptr; /* what hipMalloc returned (base is aligned inside it) */
  std::vector<char *> ipc_mapped; /* peers' allocations opened here, closed at teardown */
  char **peer_heap = nullptr;     /* device arrays of the device state */
  uint8_t *peer_flags = nullptr;
  uint64_t *sync_expected = nullptr;
  std::vector<uint8_t> host_peer_flags; /* host copy of peer_flags (that of peer_heap
                                           is g_peers.base[SEG_GPU]) */
  int ipc_peers = 0;
  int same_gpu_peers = 0;
  device::State state{};

  /* Host-initiated operations run on the library's own stream, one at a time
   * (the result slot is shared). */
  std::mutex mu;
  hipStream_t stream = nullptr;
  uint64_t *result = nullptr; /* pinned host memory the atomic kernel writes */
};

extern GpuContext g_gpu;

/* Ends the job naming the public call when a GPU runtime call failed. */
inline void check(const char *call, hipError_t err, const char *what) {
  if (__builtin_expect(err != hipSuccess, 0))
    fatal(call, "%s failed: %s", what, hipGetErrorString(err));
}

}  // namespace gpu
}  // namespace rocshmem

#endif
