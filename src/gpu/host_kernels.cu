/* Kernels launched by the host library (see host_kernels.h).  One thread
 * each: they are latency-bound bookkeeping, not data movement (copies go
 * through the copy engines). */
#include "gpu/host_kernels.h"

#include <rocshmem/rocshmem.h>

#include "device/impl/all.h"
#include "device/impl/coll.h"

namespace rocshmem {
namespace gpu {
namespace {

using device::AmoOp;
using device::State;

__device__ AmoOp amo_op(HostAtomic op) {
  switch (op) {
    case HostAtomic::Add: return AmoOp::FETCH_ADD;
    case HostAtomic::And: return AmoOp::FETCH_AND;
    case HostAtomic::Or: return AmoOp::FETCH_OR;
    case HostAtomic::Xor: return AmoOp::FETCH_XOR;
    case HostAtomic::Swap: return AmoOp::SWAP;
    default: return AmoOp::COMPARE_SWAP;
  }
}

template <class Bits>
__global__ void atomic_kernel(State s, HostAtomic op, Bits *dest, int pe, Bits operand,
                              Bits compare, uint64_t *result) {
  *result = device::amo<Bits>(s, amo_op(op), dest, operand, compare, pe);
}

__global__ void signal_kernel(State s, uint64_t *sig_addr, uint64_t value, int sig_op, int pe) {
  device::signal_update(s, sig_addr, value, sig_op, pe);
}

__global__ void signal_wait_kernel(State s, uint64_t *sig_addr, int cmp, uint64_t value) {
  device::signal_wait_until(s, "rocshmem_signal_wait_until_on_stream", sig_addr, cmp, value);
}

__global__ void quiet_kernel(State s) { device::quiet(s); }

__global__ void world_sync_kernel(State s, bool quiet) {
  if (quiet)
    device::barrier_all(s, "rocshmem_barrier_all_on_stream");
  else
    device::sync_all(s, "rocshmem_sync_all_on_stream");
}

/* A team barrier on the world barrier's per-sender arrival counters (see
 * device::sync_pes). */
__global__ void team_sync_kernel(State s, const int *pes, int n, bool quiet) {
  if (quiet) device::quiet(s);
  device::sync_pes(s, pes, n);
}

/* ---------------------------------------------------------------- team collectives */
constexpr int kCollThreads = 512;

__global__ void broadcast_kernel(State s, device::Team t, void *dest, const void *source,
                                 size_t bytes, int root) {
  device::coll::broadcast<device::Workgroup>(s, "rocshmem_broadcastmem_on_stream", t, dest,
                                             source, bytes, root);
}

__global__ void alltoall_kernel(State s, device::Team t, void *dest, const void *source,
                                size_t bytes) {
  device::coll::alltoall<device::Workgroup>(s, "rocshmem_alltoallmem_on_stream", t, dest, source,
                                            bytes);
}

/* The operator of each routine-name op. */
using op_and = device::coll::OpAnd;
using op_or = device::coll::OpOr;
using op_xor = device::coll::OpXor;
using op_max = device::coll::OpMax;
using op_min = device::coll::OpMin;
using op_sum = device::coll::OpSum;
using op_prod = device::coll::OpProd;

template <class T, class Op>
__global__ void reduce_kernel(State s, device::Team t, T *dest, const T *source, size_t nreduce) {
  device::coll::reduce<T, Op, device::Workgroup>(s, "rocshmem_reduce_on_stream", t, dest, source,
                                                 nreduce);
}

}  // namespace

hipError_t preload_kernels() {
  /* Reading a kernel's attributes loads it: see host_kernels.h. */
  hipFuncAttributes attr;
  const void *kernels[] = {
      reinterpret_cast<const void *>(atomic_kernel<uint32_t>),
      reinterpret_cast<const void *>(atomic_kernel<uint64_t>),
      reinterpret_cast<const void *>(signal_kernel),
      reinterpret_cast<const void *>(signal_wait_kernel),
      reinterpret_cast<const void *>(quiet_kernel),
      reinterpret_cast<const void *>(world_sync_kernel),
      reinterpret_cast<const void *>(team_sync_kernel),
      reinterpret_cast<const void *>(broadcast_kernel),
      reinterpret_cast<const void *>(alltoall_kernel),
#define ROCSHMEM_GPU_REDUCE_OP(KEY, T, OP) reinterpret_cast<const void *>(reduce_kernel<T, op_##OP>),
      ROCSHMEM_GPU_REDUCE_ALL
#undef ROCSHMEM_GPU_REDUCE_OP
  };
  for (const void *k : kernels) {
    hipError_t err = hipFuncGetAttributes(&attr, k);
    if (err != hipSuccess) return err;
  }
  return hipSuccess;
}

hipError_t launch_atomic(const State &s, hipStream_t stream, HostAtomic op, void *dest, int pe,
                         uint64_t operand, uint64_t compare, size_t size, uint64_t *result) {
  if (size == 4)
    hipLaunchKernelGGL(atomic_kernel<uint32_t>, 1, 1, 0, stream, s, op,
                       static_cast<uint32_t *>(dest), pe, static_cast<uint32_t>(operand),
                       static_cast<uint32_t>(compare), result);
  else
    hipLaunchKernelGGL(atomic_kernel<uint64_t>, 1, 1, 0, stream, s, op,
                       static_cast<uint64_t *>(dest), pe, operand, compare, result);
  return hipGetLastError();
}

hipError_t launch_signal(const State &s, hipStream_t stream, uint64_t *sig_addr, uint64_t value,
                         int sig_op, int pe) {
  hipLaunchKernelGGL(signal_kernel, 1, 1, 0, stream, s, sig_addr, value, sig_op, pe);
  return hipGetLastError();
}

hipError_t launch_signal_wait(const State &s, hipStream_t stream, uint64_t *sig_addr, int cmp,
                              uint64_t value) {
  hipLaunchKernelGGL(signal_wait_kernel, 1, 1, 0, stream, s, sig_addr, cmp, value);
  return hipGetLastError();
}

hipError_t launch_quiet(const State &s, hipStream_t stream) {
  hipLaunchKernelGGL(quiet_kernel, 1, 1, 0, stream, s);
  return hipGetLastError();
}

hipError_t launch_team_sync(const State &s, hipStream_t stream, const int *pes, int n,
                            bool quiet) {
  hipLaunchKernelGGL(team_sync_kernel, 1, 1, 0, stream, s, pes, n, quiet);
  return hipGetLastError();
}

hipError_t launch_world_sync(const State &s, hipStream_t stream, bool quiet) {
  hipLaunchKernelGGL(world_sync_kernel, 1, 1, 0, stream, s, quiet);
  return hipGetLastError();
}

hipError_t launch_broadcast(const State &s, hipStream_t stream, const device::Team &t, void *dest,
                            const void *source, size_t bytes, int root) {
  hipLaunchKernelGGL(broadcast_kernel, 1, kCollThreads, 0, stream, s, t, dest, source, bytes, root);
  return hipGetLastError();
}

hipError_t launch_alltoall(const State &s, hipStream_t stream, const device::Team &t, void *dest,
                           const void *source, size_t bytes) {
  hipLaunchKernelGGL(alltoall_kernel, 1, kCollThreads, 0, stream, s, t, dest, source, bytes);
  return hipGetLastError();
}

#define ROCSHMEM_GPU_REDUCE_OP(KEY, T, OP)                                                     \
  hipError_t launch_reduce_##KEY##_##OP(const State &s, hipStream_t stream,                     \
                                        const device::Team &t, T *dest, const T *source,       \
                                        size_t nreduce) {                                      \
    hipLaunchKernelGGL((reduce_kernel<T, op_##OP>), 1, kCollThreads, 0, stream, s, t, dest,     \
                       source, nreduce);                                                       \
    return hipGetLastError();                                                                  \
  }
ROCSHMEM_GPU_REDUCE_ALL
#undef ROCSHMEM_GPU_REDUCE_OP

}  // namespace gpu
}  // namespace rocshmem
