/* This PE's GPU proxy (reverse offload): a host thread that serves the
 * requests kernels post for peers whose GPU heap is not mapped on this GPU
 * (device/proxy_channel.h describes the channel, impl/proxy.h the device
 * side).  Requests run in ticket order on the thread's own GPU stream
 * through the same paths the host library uses for GPU memory (copies, and
 * AMOs by a one-thread kernel so they stay atomic with device AMOs), so the
 * application's threads and stream are never touched.
 *
 * The host reaches another PE's GPU heap only through IPC: the network
 * transport (UCX) registers host memory only, so a request for a PE on
 * another node (or one whose IPC mapping failed) ends the job with a message
 * naming the operation, the PE and why. */
#ifndef ROCSHMEM_GPU_PROXY_H
#define ROCSHMEM_GPU_PROXY_H

#include <cstdint>

#include "device/proxy_channel.h"

namespace rocshmem {
namespace gpu {
namespace proxy {

/* Allocates the channel and starts the thread (after the GPU heap and the
 * peer mappings exist).  Returns the channel as kernels address it. */
device::ProxyChannel *start(const char *call);

/* Stops the thread, waiting a bounded time for requests still being
 * posted.  Returns how many requests kernels posted that were never
 * completed (reported naming `call`); then the channel stays allocated,
 * since a kernel may still use it. */
uint64_t stop(const char *call);

}  // namespace proxy
}  // namespace gpu
}  // namespace rocshmem

#endif
