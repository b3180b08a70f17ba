/* The _on_stream routines (rocshmem_stream.h): validated on the host at the
 * call, then enqueued on the caller's stream as copies and small kernels. */
#include <rocshmem/rocshmem_stream.h>

#include <map>

#include "core/runtime.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
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
    fatal(call, "%s = %p on PE %d is not reachable by the GPU from this PE (another node)", arg,
          addr, pe);
  return loc.mapped;
}

/* Device copies of team member lists, for the team sync kernel.  Keyed by
 * handle and checked against the member list, since destroyed handles are
 * reused for new teams. */
struct TeamOnDevice {
  std::vector<int> pes;
  int *device_pes = nullptr;
};
std::map<rocshmem_team_t, TeamOnDevice> g_team_cache;

const int *device_members(const char *call, rocshmem_team_t team) {
  std::lock_guard<std::mutex> lock(g_gpu.mu);
  TeamOnDevice &t = g_team_cache[team];
  if (t.pes != team->pes) {
    if (t.device_pes) (void)hipFree(t.device_pes);
    t.pes = team->pes;
    check(call, hipMalloc(reinterpret_cast<void **>(&t.device_pes), sizeof(int) * t.pes.size()),
          "allocating a team's member list on the GPU");
    check(call, hipMemcpy(t.device_pes, t.pes.data(), sizeof(int) * t.pes.size(),
                          hipMemcpyHostToDevice), "copying a team's member list to the GPU");
  }
  return t.device_pes;
}

void team_sync(const char *call, rocshmem_team_t team, hipStream_t stream, bool quiet) {
  require_gpu(call);
  team_check(call, team);
  if (team == ROCSHMEM_TEAM_WORLD) {
    check(call, launch_world_sync(g_gpu.state, stream, quiet), "launching a GPU barrier");
    return;
  }
  check(call, launch_team_sync(g_gpu.state, stream, device_members(call, team),
                               static_cast<int>(team->pes.size()), quiet),
        "launching a GPU team barrier");
}

}  // namespace

void stream_teardown() {
  for (auto &entry : g_team_cache) (void)hipFree(entry.second.device_pes);
  g_team_cache.clear();
}

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

}  // extern "C"
