/* The host library's GPU support: the GPU heap that
 * rocshmem_malloc serves when a GPU is present, its IPC mapping between
 * same-node PEs, the device state handed to kernels, and host access to GPU
 * memory.  Builds without a GPU platform link gpu_none.cc, where setup leaves
 * the GPU heap off and the access routines are never reached (no address is
 * ever in SEG_GPU). */
#ifndef ROCSHMEM_GPU_GPU_H
#define ROCSHMEM_GPU_GPU_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "transport/network.h"
#include "transport/peer_table.h"

struct rocshmem_team_s;

namespace rocshmem {

struct Runtime;

namespace gpu {

bool compiled_in();
/* Collective, after the host peers are set up: decides (ROCSHMEM_GPU) whether
 * this job uses a GPU heap, selects this PE's GPU, allocates the heap, maps
 * same-node peers' heaps and fills the device state of every registered
 * device image.  Every PE takes the same decision or the job ends. */
void setup(const char *call, Runtime &rt);
void teardown(Runtime &rt);
/* Whether rocshmem_malloc & co. allocate from the GPU heap. */
bool active();
/* One line for logs and rocshmem_info: device, heap, peers reached by IPC. */
std::string describe();

/* Host access to a GPU-heap location of PE pe; every call is complete when
 * it returns (so quiet has nothing left to wait for).  `call` names the
 * public routine for errors (an unreachable peer, say). */
void put(const char *call, int pe, const Location &to, const void *source, size_t bytes);
void get(const char *call, int pe, const Location &from, void *dest, size_t bytes);
/* Whether p is in this PE's own GPU heap.  A host RMA's local buffer there
 * (the source of a put, the dest of a get) is moved by a GPU copy, since
 * the CPU cannot touch it.  One compare on the hot path; never true
 * without a GPU heap (its bounds are then both 0). */
inline bool local_gpu(const void *p) {
  return reinterpret_cast<uintptr_t>(p) - g_peers.lo[SEG_GPU] <
         g_peers.hi[SEG_GPU] - g_peers.lo[SEG_GPU];
}
/* Host RMA between this PE's GPU heap and host memory of PE pe (mapped, or
 * on another node through the network transport, staged in host memory);
 * complete on return. */
void put_from_gpu(const char *call, int pe, const Location &to, const void *source, size_t bytes);
void get_into_gpu(const char *call, int pe, const Location &from, void *dest, size_t bytes);
/* A 4- or 8-byte atomic performed by a GPU thread (so it is atomic with
 * respect to device-side AMOs); returns the old value. */
uint64_t atomic(const char *call, int pe, const Location &at, net::AtomicOp op, uint64_t operand,
                uint64_t compare, size_t size);

/* The target side of net::gpu_put / gpu_get / gpu_atomic: another node's
 * request on this PE's own GPU heap (`offset` from its start), run by the
 * network transport's worker; complete on return.  `data` is host memory. */
void serve_put(size_t offset, const void *data, size_t bytes);
void serve_get(size_t offset, void *data, size_t bytes);
uint64_t serve_atomic(size_t offset, net::AtomicOp op, uint64_t operand, uint64_t compare,
                      size_t size);
/* A batch of small puts and AMOs, in order, with one synchronization. */
void serve_batch(const net::BatchItem *items, size_t n);

/* True while this PE's GPU proxy thread serves kernels (gpu/proxy.h); host
 * quiet then also completes the requests kernels have published
 * (drain_proxy), so that a kernel's end followed by a barrier completes its
 * operations through the proxy as it does those through IPC. */
extern bool g_proxy_running;
void drain_proxy(const char *call);

/* The device team table (gpu_teams.cc): team.cc reports every team this PE
 * joins (`call` names the split for a full-table error) and every team it
 * destroys.  No-ops without a GPU heap. */
void team_created(const char *call, const rocshmem_team_s *team);
void team_destroyed(const rocshmem_team_s *team);

/* Local GPU memory (symmetric allocation: calloc, realloc). */
void zero(void *p, size_t bytes);
void copy_local(void *dest, const void *source, size_t bytes);

}  // namespace gpu
}  // namespace rocshmem

#endif
