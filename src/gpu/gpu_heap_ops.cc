/* Host access to GPU-heap memory: copies through the GPU runtime on the
 * library's stream and AMOs by a GPU thread, each complete on return. */
#include "core/runtime.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "gpu/host_kernels.h"

namespace rocshmem {
namespace gpu {

static_assert(static_cast<int>(net::AtomicOp::Add) == static_cast<int>(HostAtomic::Add) &&
                  static_cast<int>(net::AtomicOp::CompareSwap) ==
                      static_cast<int>(HostAtomic::CompareSwap),
              "HostAtomic mirrors net::AtomicOp");

namespace {

[[noreturn]] void unreachable_peer(const char *call, int pe) {
  fatal(call, "PE %d's GPU heap is not reachable from this PE (it is on another node, or IPC "
        "mapping failed at init: see the warnings then); the network transport (UCX) "
        "registers host memory only, so no host path reaches that GPU heap", pe);
}

void copy_sync(const char *call, void *dest, const void *source, size_t bytes) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  copy_on(call, g_gpu.stream, dest, source, bytes);
  check(call, hipStreamSynchronize(g_gpu.stream), "GPU copy");
}

}  // namespace

void copy_on(const char *call, hipStream_t stream, void *dest, const void *source, size_t bytes) {
  check(call, hipMemcpyAsync(dest, source, bytes, hipMemcpyDefault, stream), "GPU copy");
}

/* The kernel translates the local symmetric address itself, choosing the
 * atomic's scope from the device state. */
void atomic_on(const char *call, hipStream_t stream, int pe, size_t offset, net::AtomicOp op,
               uint64_t operand, uint64_t compare, size_t size, uint64_t *result) {
  void *local = g_gpu.state.heap_base + offset;
  check(call, launch_atomic(g_gpu.state, stream, static_cast<HostAtomic>(op), local, pe, operand,
                            compare, size, result), "launching a GPU atomic");
}

void put(const char *call, int pe, const Location &to, const void *source, size_t bytes) {
  if (!to.mapped) unreachable_peer(call, pe);
  copy_sync(call, to.mapped, source, bytes);
}

void get(const char *call, int pe, const Location &from, void *dest, size_t bytes) {
  if (!from.mapped) unreachable_peer(call, pe);
  copy_sync(call, dest, from.mapped, bytes);
}

uint64_t atomic(const char *call, int pe, const Location &at, net::AtomicOp op, uint64_t operand,
                uint64_t compare, size_t size) {
  if (!at.mapped) unreachable_peer(call, pe);
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  atomic_on(call, g_gpu.stream, pe, at.offset, op, operand, compare, size, g_gpu.result);
  check(call, hipStreamSynchronize(g_gpu.stream), "GPU atomic");
  return *g_gpu.result;
}

void zero(void *p, size_t bytes) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  check("rocshmem_calloc", hipMemsetAsync(p, 0, bytes, g_gpu.stream), "clearing GPU memory");
  check("rocshmem_calloc", hipStreamSynchronize(g_gpu.stream), "clearing GPU memory");
}

void copy_local(void *dest, const void *source, size_t bytes) {
  copy_sync("rocshmem_realloc", dest, source, bytes);
}

}  // namespace gpu
}  // namespace rocshmem
