/* The pool of device contexts (device/context.h) and the host's handle to
 * its default entry. */
#include <vector>

#include "core/runtime.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"

namespace rocshmem {
namespace gpu {

device::DeviceContext *contexts_setup(const char *call) {
  std::vector<device::DeviceContext> pool(device::kDeviceContexts);
  pool[0].in_use = 1; /* the default context is never handed out by create */
  device::DeviceContext *dev = nullptr;
  const size_t bytes = sizeof(device::DeviceContext) * pool.size();
  check(call, hipMalloc(reinterpret_cast<void **>(&dev), bytes), "allocating the device contexts");
  check(call, hipMemcpy(dev, pool.data(), bytes, hipMemcpyHostToDevice),
        "clearing the device contexts");
  return dev;
}

}  // namespace gpu
}  // namespace rocshmem

/* What kernels receive as the default context; NULL before init or without
 * a GPU heap. */
extern "C" void *rocshmem_get_device_ctx(void) {
  const rocshmem::gpu::GpuContext &g = rocshmem::gpu::g_gpu;
  return g.active ? static_cast<void *>(g.state.ctx_pool) : nullptr;
}
