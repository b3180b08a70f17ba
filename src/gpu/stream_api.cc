/* The _on_stream routines (rocshmem_stream.h): validated on the host at the
 * call, then enqueued on the caller's stream as copies and small kernels. */
#include <rocshmem/rocshmem_stream.h>

#include "core/runtime.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "gpu/gpu_teams.h"
#include "gpu/host_kernels.h"
#include "team/team.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace gpu {
namespace {

void require_gpu(const char *call) {
  require_init(call);
  if (!g_gpu.active)
    fatal(call, "this job has no GPU heap (no GPU, or ROCSHMEM_GPU=off): stream routines need one");
}

/* A location some path reaches by copy: host memory of a mapped peer or a
 * GPU heap mapped through IPC. */
char *stream_target(const char *call, const char *arg, const void *addr, size_t bytes, int pe) {
  Location loc = peer_locate(call, arg, addr, bytes, pe);
  if (!loc.mapped)
    fatal(call, "%s = %p on PE %d is not reachable by a GPU copy from this PE (another node): "
          "the _on_stream copies reach same-node peers only; use rocshmem_putmem / getmem from "
          "the host, or a device put or get in a kernel (through the GPU proxy)", arg, addr, pe);
  return loc.mapped;
}

void team_sync(const char *call, rocshmem_team_t team, hipStream_t stream, bool quiet) {
  require_gpu(call);
  team_check(call, team);
  if (team == ROCSHMEM_TEAM_WORLD) {
    check(call, launch_world_sync(g_gpu.state, stream, quiet), "launching a GPU barrier");
    return;
  }
  const device::Team t = device_team(call, team);
  check(call, launch_team_sync(g_gpu.state, stream, t.pes, t.size, quiet),
        "launching a GPU team barrier");
}

/* A symmetric GPU-heap range [addr, addr + bytes) of this PE: the team
 * collectives read it on the other members. */
void check_gpu_heap(const char *call, const char *arg, const void *addr, size_t bytes) {
  Location loc = peer_locate(call, arg, addr, bytes, g_peers.my_pe);
  if (loc.seg != SEG_GPU)
    fatal(call, "%s = %p is not in the GPU heap (rocshmem_malloc): the collective runs on the "
          "GPU", arg, addr);
}

/* n * size bytes, or a message naming the argument. */
size_t total_bytes(const char *call, const char *arg, size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) fatal(call, "%s = %zu overflows the byte count", arg, n);
  return n * size;
}

/* The team of a collective on a stream: checked, and its device view. */
device::Team coll_team(const char *call, rocshmem_team_t team) {
  require_gpu(call);
  team_check(call, team);
  return device_team(call, team);
}

template <class T>
using ReduceLaunch = hipError_t (*)(const device::State &, hipStream_t, const device::Team &, T *,
                                    const T *, size_t);

template <class T>
void reduce_on_stream(const char *call, ReduceLaunch<T> launch, rocshmem_team_t team, T *dest,
                      const T *source, size_t nreduce, hipStream_t stream) {
  const device::Team t = coll_team(call, team);
  const size_t bytes = total_bytes(call, "nreduce", nreduce, sizeof(T));
  if (!bytes) return;
  check_gpu_heap(call, "dest", dest, bytes);
  check_gpu_heap(call, "source", source, bytes);
  check(call, launch(g_gpu.state, stream, t, dest, source, nreduce),
        "launching a reduction");
}

}  // namespace
}  // namespace gpu
}  // namespace rocshmem

using namespace rocshmem;
using namespace rocshmem::gpu;

extern "C" {

void rocshmem_putmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               hipStream_t stream) {
  const char *call = "rocshmem_putmem_on_stream";
  require_gpu(call);
  if (nelems == 0) return peer_check_pe(call, pe);
  char *to = stream_target(call, "dest", dest, nelems, pe);
  check(call, hipMemcpyAsync(to, source, nelems, hipMemcpyDefault, stream), "enqueueing a copy");
}

void rocshmem_getmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               hipStream_t stream) {
  const char *call = "rocshmem_getmem_on_stream";
  require_gpu(call);
  if (nelems == 0) return peer_check_pe(call, pe);
  char *from = stream_target(call, "source", source, nelems, pe);
  check(call, hipMemcpyAsync(dest, from, nelems, hipMemcpyDefault, stream), "enqueueing a copy");
}

void rocshmem_putmem_signal_on_stream(void *dest, const void *source, size_t nelems,
                                      uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                      hipStream_t stream) {
  const char *call = "rocshmem_putmem_signal_on_stream";
  require_gpu(call);
  if (sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD)
    fatal(call, "sig_op = %d is neither ROCSHMEM_SIGNAL_SET nor ROCSHMEM_SIGNAL_ADD", sig_op);
  Location sig = peer_locate(call, "sig_addr", sig_addr, sizeof *sig_addr, pe);
  if (sig.seg != SEG_GPU)
    fatal(call, "sig_addr = %p is not in the GPU heap (rocshmem_malloc): the signal is updated "
          "by a GPU thread", static_cast<void *>(sig_addr));
  if (reinterpret_cast<uintptr_t>(sig_addr) % sizeof(uint64_t))
    fatal(call, "sig_addr = %p is not 8-byte aligned", static_cast<void *>(sig_addr));
  if (nelems) {
    char *to = stream_target(call, "dest", dest, nelems, pe);
    check(call, hipMemcpyAsync(to, source, nelems, hipMemcpyDefault, stream), "enqueueing a copy");
  }
  /* Stream order: the kernel starts after the copy has completed, so the
   * data is visible before the signal. */
  check(call, launch_signal(g_gpu.state, stream, sig_addr, signal, sig_op, pe),
        "launching a signal update");
}

void rocshmem_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value,
                                          hipStream_t stream) {
  const char *call = "rocshmem_signal_wait_until_on_stream";
  require_gpu(call);
  if (cmp < ROCSHMEM_CMP_EQ || cmp > ROCSHMEM_CMP_LE)
    fatal(call, "cmp = %d is not a ROCSHMEM_CMP_* value", cmp);
  Location sig = peer_locate(call, "sig_addr", sig_addr, sizeof *sig_addr, g_peers.my_pe);
  if (sig.seg != SEG_GPU)
    fatal(call, "sig_addr = %p is not in the GPU heap (rocshmem_malloc)",
          static_cast<void *>(sig_addr));
  check(call, launch_signal_wait(g_gpu.state, stream, sig_addr, cmp, cmp_value),
        "launching a signal wait");
}

void rocshmem_quiet_on_stream(hipStream_t stream) {
  const char *call = "rocshmem_quiet_on_stream";
  require_gpu(call);
  check(call, launch_quiet(g_gpu.state, stream), "launching a quiet");
}

void rocshmem_barrier_all_on_stream(hipStream_t stream) {
  team_sync("rocshmem_barrier_all_on_stream", ROCSHMEM_TEAM_WORLD, stream, true);
}
void rocshmem_barrier_on_stream(rocshmem_team_t team, hipStream_t stream) {
  team_sync("rocshmem_barrier_on_stream", team, stream, true);
}
void rocshmem_sync_all_on_stream(hipStream_t stream) {
  team_sync("rocshmem_sync_all_on_stream", ROCSHMEM_TEAM_WORLD, stream, false);
}
void rocshmem_team_sync_on_stream(rocshmem_team_t team, hipStream_t stream) {
  team_sync("rocshmem_team_sync_on_stream", team, stream, false);
}

void rocshmem_alltoallmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                    size_t size, hipStream_t stream) {
  const char *call = "rocshmem_alltoallmem_on_stream";
  const device::Team t = coll_team(call, team);
  const size_t total = total_bytes(call, "size", size, static_cast<size_t>(t.size));
  if (!total) return;
  check_gpu_heap(call, "dest", dest, total);
  check_gpu_heap(call, "source", source, total);
  check(call, launch_alltoall(g_gpu.state, stream, t, dest, source, size), "launching an alltoall");
}

void rocshmem_broadcastmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                     size_t nelems, int pe_root, hipStream_t stream) {
  const char *call = "rocshmem_broadcastmem_on_stream";
  const device::Team t = coll_team(call, team);
  if (pe_root < 0 || pe_root >= t.size)
    fatal(call, "pe_root = %d is out of range [0, %d) of the team", pe_root, t.size);
  if (!nelems) return;
  check_gpu_heap(call, "dest", dest, nelems);
  check_gpu_heap(call, "source", source, nelems);
  check(call, launch_broadcast(g_gpu.state, stream, t, dest, source, nelems, pe_root),
        "launching a broadcast");
}

/* rocshmem_TYPE_OP_reduce_on_stream for the reduction tables. */
#define ROCSHMEM_GPU_REDUCE_OP(KEY, T, OP)                                                       \
  void rocshmem_##KEY##_##OP##_reduce_on_stream(rocshmem_team_t team, T *dest, const T *source,  \
                                                size_t nreduce, hipStream_t stream) {            \
    reduce_on_stream<T>("rocshmem_" #KEY "_" #OP "_reduce_on_stream", launch_reduce_##KEY##_##OP, \
                        team, dest, source, nreduce, stream);                                    \
  }
ROCSHMEM_GPU_REDUCE_ALL
#undef ROCSHMEM_GPU_REDUCE_OP

}  // extern "C"
