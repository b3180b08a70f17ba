/* The device team table (device::State::teams, impl/team.h): set up with
 * the GPU heap, updated by the gpu::team_created / team_destroyed hooks
 * (gpu.h) that team.cc calls.  For the host-side GPU files only. */
#ifndef ROCSHMEM_GPU_GPU_TEAMS_H
#define ROCSHMEM_GPU_GPU_TEAMS_H

#include <rocshmem/rocshmem.h>

#include "device/state.h"

namespace rocshmem {
struct Runtime;
namespace gpu {

/* At GPU setup, before the state is copied into the device images: fills
 * the State's team fields and the WORLD and SHARED slots (team.cc's own
 * teams_setup runs later, so their members come from the runtime here). */
void device_teams_setup(const char *call, Runtime &rt);
void device_teams_teardown();

/* The device view of `team` (a live team this PE belongs to: team_check
 * first), for the host library's kernels. */
device::Team device_team(const char *call, rocshmem_team_t team);

}  // namespace gpu
}  // namespace rocshmem

#endif
