#include "team/team.h"

#include "core/log.h"
#include "core/runtime.h"

namespace {
rocshmem_team_s g_team_world{0, {}, -1};
rocshmem_team_s g_team_shared{0, {}, -1};
}  // namespace

extern "C" {
rocshmem_team_t ROCSHMEM_TEAM_WORLD = &g_team_world;
rocshmem_team_t ROCSHMEM_TEAM_SHARED = &g_team_shared;
}

namespace rocshmem {

void teams_setup() {
  const Runtime &rt = g_runtime;
  g_team_world.pes.resize(rt.n_pes);
  for (int pe = 0; pe < rt.n_pes; ++pe) g_team_world.pes[pe] = pe;
  g_team_world.my_index = rt.my_pe;
  g_team_world.magic = kTeamMagic;
  /* SHARED: the PEs that can map my memory, i.e. my node. */
  g_team_shared.pes = rt.topo.local_pes;
  g_team_shared.my_index = rt.topo.local_rank;
  g_team_shared.magic = kTeamMagic;
}

void teams_teardown() {
  g_team_world.magic = g_team_shared.magic = 0;
}

void team_check(const char *call, rocshmem_team_t team) {
  if (!team) fatal(call, "team = SHMEM_TEAM_INVALID");
  if (team->magic != kTeamMagic)
    fatal(call, "team = %p is not a valid team (destroyed, or never created)",
          static_cast<void *>(team));
}

}  // namespace rocshmem
