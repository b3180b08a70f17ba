/* Device contexts (rocshmem_wg_ctx_create, rocshmem_wg_team_create_ctx): a
 * fixed pool of these in GPU memory, allocated at init.  Entry 0 is the
 * default context (what rocshmem_get_device_ctx returns); a rocshmem_ctx_t a
 * kernel passes is recognised by its address falling inside the pool, and
 * anything else (the host's ROCSHMEM_CTX_DEFAULT, ROCSHMEM_CTX_INVALID) means
 * the default context.
 *
 * What a context owns on the device is its share of the proxy requests
 * (device/proxy_channel.h): quiet on a context waits for the proxy only when
 * that context posted requests no later quiet has covered.
 *
 * Plain data, compiled by the host compiler and the GPU compiler. */
#ifndef ROCSHMEM_DEVICE_CONTEXT_H
#define ROCSHMEM_DEVICE_CONTEXT_H

#include <cstdint>

namespace rocshmem {
namespace device {

/* Pool size, default context included. */
constexpr int kDeviceContexts = 64;

struct DeviceContext {
  unsigned int in_use; /* 1 while created (entry 0: always) */
  int team_size;       /* 0: PE arguments are world PEs */
  const int *team_pes; /* [team_size] world PE of each team member (GPU memory) */
  long options;
  /* Proxy tickets: every ticket below `posted` that this context did not
   * wait for itself was posted through it; every ticket below `covered` is
   * complete.  quiet has nothing to do while posted <= covered. */
  unsigned long long posted;
  unsigned long long covered;
};

}  // namespace device
}  // namespace rocshmem

#endif
