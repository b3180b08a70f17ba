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
#include <rocshmem/types.def>

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

/* Team collectives on a stream: one work-group each, running the device
 * library's own algorithms (impl/coll.h) on the team's device view.
 * Arguments are validated by the caller; bytes / nreduce > 0. */
hipError_t launch_broadcast(const device::State &s, hipStream_t stream, const device::Team &t,
                            void *dest, const void *source, size_t bytes, int root);
hipError_t launch_alltoall(const device::State &s, hipStream_t stream, const device::Team &t,
                           void *dest, const void *source, size_t bytes);
/* launch_reduce_KEY_OP (launch_reduce_int_sum ...) for the reduction
 * tables of types.def (and/or/xor for the bitwise table, max/min/sum/prod
 * for the arithmetic one and half/bfloat16): named per type key, not a
 * template over T, because the tables list typedefs of one type under
 * several keys.  Users define ROCSHMEM_GPU_REDUCE_OP(KEY, T, OP), then
 * expand ROCSHMEM_GPU_REDUCE_ALL. */
#define ROCSHMEM_GPU_REDUCE_BIT(KEY, T) \
  ROCSHMEM_GPU_REDUCE_OP(KEY, T, and) ROCSHMEM_GPU_REDUCE_OP(KEY, T, or) ROCSHMEM_GPU_REDUCE_OP(KEY, T, xor)
#define ROCSHMEM_GPU_REDUCE_ARITH(KEY, T)                                 \
  ROCSHMEM_GPU_REDUCE_OP(KEY, T, max) ROCSHMEM_GPU_REDUCE_OP(KEY, T, min) \
  ROCSHMEM_GPU_REDUCE_OP(KEY, T, sum) ROCSHMEM_GPU_REDUCE_OP(KEY, T, prod)
#define ROCSHMEM_GPU_REDUCE_ALL                               \
  ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM_GPU_REDUCE_BIT)      \
  ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM_GPU_REDUCE_ARITH)      \
  ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(ROCSHMEM_GPU_REDUCE_ARITH)
#define ROCSHMEM_GPU_REDUCE_OP(KEY, T, OP)                                                   \
  hipError_t launch_reduce_##KEY##_##OP(const device::State &s, hipStream_t stream,          \
                                        const device::Team &t, T *dest, const T *source,    \
                                        size_t nreduce);
ROCSHMEM_GPU_REDUCE_ALL
#undef ROCSHMEM_GPU_REDUCE_OP

}  // namespace gpu
}  // namespace rocshmem

#endif
