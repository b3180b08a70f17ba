/* Kernels the host library launches (host_kernels.cu, compiled by the GPU
 * compiler without relocatable device code): host AMOs on GPU memory and the
 * stream routines.  They take the device state by value, so they do not
 * depend on any device image's copy of it, and reuse the device-side
 * implementation (src/device/impl). */
#ifndef ROCSHMEM_GPU_HOST_KERNELS_H
#define ROCSHMEM_GPU_HOST_KERNELS_H

#include <cstddef>
#include <cstdint>

#include <rocshmem/gpu_platform.h>

#include "device/state.h"

namespace rocshmem {
namespace gpu {

/* Loads every kernel below now.  With lazy module loading (the CUDA
 * default) a kernel is loaded at its first launch, and loading waits for
 * the device to go idle: a first launch while another kernel spins waiting
 * for it (a signal wait on a stream, say) would deadlock. */
hipError_t preload_kernels();

/* Atomic ops as the network transport names them (net::AtomicOp order). */
enum class HostAtomic : int { Add, And, Or, Xor, Swap, CompareSwap };

/* *result (host-visible memory) receives the old value. */
hipError_t launch_atomic(const device::State &s, hipStream_t stream, HostAtomic op, void *dest,
                         int pe, uint64_t operand, uint64_t compare, size_t size,
                         uint64_t *result);
hipError_t launch_signal(const device::State &s, hipStream_t stream, uint64_t *sig_addr,
                         uint64_t value, int sig_op, int pe);
hipError_t launch_signal_wait(const device::State &s, hipStream_t stream, uint64_t *sig_addr,
                              int cmp, uint64_t value);
hipError_t launch_quiet(const device::State &s, hipStream_t stream);
/* pes: device array of the members' world PEs, this PE among them.  With
 * quiet, a barrier; without, a sync. */
hipError_t launch_team_sync(const device::State &s, hipStream_t stream, const int *pes, int n,
                            bool quiet);
hipError_t launch_world_sync(const device::State &s, hipStream_t stream, bool quiet);

}  // namespace gpu
}  // namespace rocshmem

#endif
