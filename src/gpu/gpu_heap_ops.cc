/* Host access to GPU-heap memory: copies through the GPU runtime on the
 * library's stream and AMOs by a GPU thread, each complete on return. */
#include <vector>

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
  fatal(call, "PE %d's GPU heap is not reachable from this PE: it runs on this node, but IPC "
        "mapping of its heap failed at init (see the warnings then)", pe);
}

void copy_sync(const char *call, void *dest, const void *source, size_t bytes) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  copy_on(call, g_gpu.stream, dest, source, bytes);
  check(call, hipStreamSynchronize(g_gpu.stream), "GPU copy");
}

/* atomic_on on the library's stream, waited for; returns the old value. */
uint64_t atomic_sync(const char *call, int pe, size_t offset, net::AtomicOp op, uint64_t operand,
                     uint64_t compare, size_t size) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  atomic_on(call, g_gpu.stream, pe, offset, op, operand, compare, size, g_gpu.result);
  check(call, hipStreamSynchronize(g_gpu.stream), "GPU atomic");
  return *g_gpu.result;
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
  if (to.mapped) return copy_sync(call, to.mapped, source, bytes);
  if (!on_other_node(pe)) unreachable_peer(call, pe);
  std::vector<char> host(bytes);
  copy_sync(call, host.data(), source, bytes); /* (source may be GPU memory) */
  net::gpu_put(call, pe, to.offset, host.data(), bytes);
}

void get(const char *call, int pe, const Location &from, void *dest, size_t bytes) {
  if (from.mapped) return copy_sync(call, dest, from.mapped, bytes);
  if (!on_other_node(pe)) unreachable_peer(call, pe);
  std::vector<char> host(bytes);
  net::gpu_get(call, pe, from.offset, host.data(), bytes);
  copy_sync(call, dest, host.data(), bytes);
}

void put_from_gpu(const char *call, int pe, const Location &to, const void *source, size_t bytes) {
  if (to.mapped) return copy_sync(call, to.mapped, source, bytes);
  std::vector<char> host(bytes);
  copy_sync(call, host.data(), source, bytes);
  net::put(call, pe, to, host.data(), bytes, false);
}

void get_into_gpu(const char *call, int pe, const Location &from, void *dest, size_t bytes) {
  if (from.mapped) return copy_sync(call, dest, from.mapped, bytes);
  std::vector<char> host(bytes);
  net::get(call, pe, from, host.data(), bytes, false);
  copy_sync(call, dest, host.data(), bytes);
}

uint64_t atomic(const char *call, int pe, const Location &at, net::AtomicOp op, uint64_t operand,
                uint64_t compare, size_t size) {
  if (!at.mapped) {
    if (!on_other_node(pe)) unreachable_peer(call, pe);
    return net::gpu_atomic(call, pe, at.offset, op, operand, compare, size);
  }
  return atomic_sync(call, pe, at.offset, op, operand, compare, size);
}

/* The worker that runs these may be any thread of this process: each first
 * makes this PE's GPU current. */
namespace {
constexpr const char *kServiceCall = "rocshmem (GPU heap service)";
void check_served(size_t offset, size_t bytes) {
  const size_t size = g_gpu.state.heap_size;
  if (!g_gpu.active || offset > size || bytes > size - offset)
    fatal(kServiceCall, "internal error: another node asked for %zu bytes at offset %zu of this "
          "PE's GPU heap (%zu bytes%s)", bytes, offset, size, g_gpu.active ? "" : ", not in use");
  (void)hipSetDevice(g_gpu.device);
}
}  // namespace

void serve_put(size_t offset, const void *data, size_t bytes) {
  check_served(offset, bytes);
  copy_sync(kServiceCall, g_gpu.state.heap_base + offset, data, bytes);
}

void serve_get(size_t offset, void *data, size_t bytes) {
  check_served(offset, bytes);
  copy_sync(kServiceCall, data, g_gpu.state.heap_base + offset, bytes);
}

uint64_t serve_atomic(size_t offset, net::AtomicOp op, uint64_t operand, uint64_t compare,
                      size_t size) {
  check_served(offset, size);
  return atomic_sync(kServiceCall, g_peers.my_pe, offset, op, operand, compare, size);
}

/* The copies and atomic kernels queue on the library's stream in order, and
 * one synchronization ends them all (a synchronous copy each cost the
 * target a bus round trip per item).  A copy from the worker's buffer is
 * staged by the runtime before the call returns, so the buffer may go. */
void serve_batch(const net::BatchItem *items, size_t n) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  for (size_t i = 0; i < n; ++i) {
    const net::BatchItem &it = items[i];
    check_served(it.offset, it.size);
    if (it.is_amo)
      atomic_on(kServiceCall, g_gpu.stream, g_peers.my_pe, it.offset,
                static_cast<net::AtomicOp>(it.op), it.data[0], it.data[1], it.size, g_gpu.result);
    else
      copy_on(kServiceCall, g_gpu.stream, g_gpu.state.heap_base + it.offset, it.data, it.size);
  }
  check(kServiceCall, hipStreamSynchronize(g_gpu.stream), "a batch of GPU copies and atomics");
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
