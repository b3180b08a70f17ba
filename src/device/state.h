/* The device-side runtime state: what a kernel needs to reach every PE's GPU
 * heap.  The host library fills one of these at init and copies it into
 * every registered device image (see device/registration.h): with relocatable
 * device code the state variable lives in the *application's* image, not in
 * the host library, so the host library cannot simply write its own copy.
 *
 * Plain data only: compiled by the host compiler (src/gpu) and by the GPU
 * compiler (src/device).  Pointers are device pointers. */
#ifndef ROCSHMEM_DEVICE_STATE_H
#define ROCSHMEM_DEVICE_STATE_H

#include <cstddef>
#include <cstdint>

#include "device/context.h"
#include "device/proxy_channel.h"

namespace rocshmem {
namespace device {

/* Bumped whenever the layout changes, so a device library and a host
 * library from different builds refuse to work together. */
constexpr uint32_t kStateVersion = 5;

/* PEs whose peer heap and flags are also kept in the State itself (see
 * State::near_heap). */
constexpr int kStatePeers = 16;

/* peer_flags bits. */
enum : uint8_t {
  kPeerReachable = 1 << 0, /* its GPU heap is mapped here (IPC or self) */
  kPeerSameGpu = 1 << 1,   /* it runs on this GPU: device-scope atomics and fences */
  kPeerProxy = 1 << 2,     /* not mapped here: reached through this PE's host proxy */
};

/* A team as kernels see it (src/gpu/gpu_teams.cc fills a table of these,
 * src/device/impl/team.h looks handles up in it).  Kernels receive team
 * handles from the host, so the host's rocshmem_team_t is the key. */
struct Team {
  const void *handle; /* the host's rocshmem_team_t; nullptr: a free slot */
  int size;
  int my_index;       /* this PE's index in the team */
  const int *pes;     /* [size] world PE of each member, in team order (device memory) */
};

struct State {
  uint32_t version;
  int my_pe;
  int n_pes;
  /* true when every reachable peer is on this GPU, so quiet/fence can use a
   * device-scope fence instead of a system-scope one */
  int all_same_gpu;
  char *heap_base; /* this PE's GPU heap */
  size_t heap_size;
  char *const *peer_heap;   /* [n_pes] peer heaps mapped here, nullptr if unreachable */
  const uint8_t *peer_flags; /* [n_pes] kPeer* bits */
  /* Synchronization (device barrier, see device/barrier): sync_arrive lives in
   * the symmetric GPU heap, [n_pes] counters indexed by the signalling PE;
   * sync_expected is private, [n_pes] counts of signals consumed. */
  uint64_t *sync_arrive;
  uint64_t *sync_expected;
  /* The teams this PE belongs to: [team_slots] (free slots have a null
   * handle), and the handles of ROCSHMEM_TEAM_WORLD / _SHARED, which
   * kernels read through the device-pass macros of rocshmem_device.h. */
  const Team *teams;
  int team_slots;
  const void *team_world;
  const void *team_shared;
  /* Reverse offload (device/proxy_channel.h): nullptr when no peer is
   * kPeerProxy.  Device contexts (device/context.h): [ctx_pool,
   * ctx_pool + ctx_pool_size), entry 0 the default context. */
  ProxyChannel *proxy;
  DeviceContext *ctx_pool;
  int ctx_pool_size;
  /* The push path of the small device collectives (impl/coll_push.h):
   * push_inbox (symmetric) holds, for every sending PE, two buffers of
   * push_lines 16-byte lines (two words of 4 payload bytes and a flag);
   * push_ack (symmetric, [n_pes] by receiver) how many of this PE's
   * messages each receiver has consumed; push_sent / push_recv (private,
   * [n_pes]) the messages this PE sent to / took from each PE.  push_lines
   * is 0 (push off) while any PE of the job uses the GPU proxy. */
  uint64_t *push_inbox;
  uint32_t *push_ack;
  uint32_t *push_sent;
  uint32_t *push_recv;
  uint32_t push_lines;
  /* The put path of fcollect/alltoall (impl/coll.h): taken when a PE
   * receives up to this many bytes (and more than the push path takes); 0
   * (off) while any PE of the job uses the GPU proxy. */
  uint64_t coll_put_bytes;
  /* Device waits' limits (impl/wait.h), in ticks of the GPU's wall clock
 * (ROCSHMEM_WALL_CLOCK, wall_clock_hz ticks a second): ROCSHMEM_WAIT_TIMEOUT
 * ends the kernel, ROCSHMEM_WAIT_WARN prints one warning; 0: none.
 * wait_limits is nonzero when either is set, the one word a wait reads. */
  uint64_t wait_timeout_ticks;
  uint64_t wait_warn_ticks;
  uint64_t wall_clock_hz;
  int wait_limits;
  /* peer_heap[pe] and peer_flags[pe] for pe < kStatePeers, copied here: the
   * State is __constant__ in every device image, and a constant-memory load
   * is not ordered behind the caller's previous global atomic or load as the
   * global table's is (measured on H200: a checked, inlined fetch_add loop
   * 0.27 -> 0.21 us per operation, bench/gpu/probe.cu). */
  char *near_heap[kStatePeers];
  uint8_t near_flags[kStatePeers];
};

}  // namespace device
}  // namespace rocshmem

#endif
