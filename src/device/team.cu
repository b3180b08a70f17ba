/* Device entry points: team queries, team sync and barrier (thread, wave,
 * workgroup), and the predefined team handles (rocshmem_device.h). */
#include "device/coll_entry.h"

using rocshmem::device::entry::state;
namespace dev = rocshmem::device;

namespace {

/* The team sync and the barrier are the same operation on the device:
 * team_sync's release fence is the quiet of load/store transports (see
 * impl/sync.h), which completes this PE's earlier stores. */
template <class G>
__device__ int team_sync(const char *call, rocshmem_team_t team) {
  const dev::State &s = state();
  dev::team_sync<G>(s, call, dev::find_team(s, call, team));
  return 0;
}

}  // namespace

#if ROCSHMEM_DEVICE_PASS
extern "C" {

/* -1 for ROCSHMEM_TEAM_INVALID, as the spec says; an unknown handle traps. */
__device__ int rocshmem_team_my_pe(rocshmem_team_t team) {
  return team ? dev::find_team(state(), "rocshmem_team_my_pe", team).my_index : -1;
}
__device__ int rocshmem_team_n_pes(rocshmem_team_t team) {
  return team ? dev::find_team(state(), "rocshmem_team_n_pes", team).size : -1;
}
__device__ int rocshmem_team_translate_pe(rocshmem_team_t src_team, int src_pe,
                                          rocshmem_team_t dest_team) {
  return dev::team_translate_pe(state(), src_team, src_pe, dest_team);
}

__device__ int rocshmem_team_sync(rocshmem_team_t team) {
  return team_sync<dev::Thread>("rocshmem_team_sync", team);
}
__device__ int rocshmem_team_sync_wave(rocshmem_team_t team) {
  return team_sync<dev::Wave>("rocshmem_team_sync_wave", team);
}
__device__ int rocshmem_team_sync_wg(rocshmem_team_t team) {
  return team_sync<dev::Workgroup>("rocshmem_team_sync_wg", team);
}
__device__ void rocshmem_barrier(rocshmem_team_t team) {
  team_sync<dev::Thread>("rocshmem_barrier", team);
}
__device__ void rocshmem_barrier_wave(rocshmem_team_t team) {
  team_sync<dev::Wave>("rocshmem_barrier_wave", team);
}
__device__ void rocshmem_barrier_wg(rocshmem_team_t team) {
  team_sync<dev::Workgroup>("rocshmem_barrier_wg", team);
}

__device__ rocshmem_team_t rocshmemi_device_team_world(void) {
  return static_cast<rocshmem_team_t>(const_cast<void *>(state().team_world));
}
__device__ rocshmem_team_t rocshmemi_device_team_shared(void) {
  return static_cast<rocshmem_team_t>(const_cast<void *>(state().team_shared));
}
}
#endif
