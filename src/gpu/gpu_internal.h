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
#include "transport/network.h"

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
  uint32_t *push_counts = nullptr; /* push_sent then push_recv of the device state */
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

  /* Reverse offload (gpu/proxy.h): the peers kernels reach through the
   * proxy are kPeerProxy with a null heap in the device images' copy of the
   * state (device_view() in gpu_runtime.cc), while `state` above, which the
   * host's own kernels take, keeps every IPC mapping. */
  int proxy_peers = 0;
  /* Peers on other nodes whose GPU heap UCX reaches itself (net::register_gpu_heap). */
  int direct_peers = 0;
  std::vector<uint8_t> image_peer_flags; /* host copy of image_flags */
  char **image_heap = nullptr;           /* device arrays of the images' state */
  uint8_t *image_flags = nullptr;
  device::ProxyChannel *proxy_channel = nullptr;
};

extern GpuContext g_gpu;

/* The copy and the atomic of gpu::put / get / atomic on a given stream,
 * not waited for (the proxy thread runs them on its own stream).  pe's GPU
 * heap must be mapped here (g_peers.base[SEG_GPU][pe]); offset is from the
 * heap base; *result (host-visible) receives the atomic's old value. */
void copy_on(const char *call, hipStream_t stream, void *dest, const void *source, size_t bytes);
void atomic_on(const char *call, hipStream_t stream, int pe, size_t offset, net::AtomicOp op,
               uint64_t operand, uint64_t compare, size_t size, uint64_t *result);

/* PE pe is on another node: no host path maps its GPU heap, and the network
 * transport asks that PE to do the work on it (net::gpu_put & co.; host
 * buffers only, as UCX here reaches no GPU memory). */
inline bool on_other_node(int pe) { return g_peers.path[pe] == PeerPath::UCX; }

/* The pool of device contexts in GPU memory, entry 0 the default context
 * (gpu_contexts.cc); freed with the rest at teardown. */
device::DeviceContext *contexts_setup(const char *call);

/* Ends the job naming the public call when a GPU runtime call failed. */
inline void check(const char *call, hipError_t err, const char *what) {
  if (__builtin_expect(err != hipSuccess, 0))
    fatal(call, "%s failed: %s", what, hipGetErrorString(err));
}

}  // namespace gpu
}  // namespace rocshmem

#endif
