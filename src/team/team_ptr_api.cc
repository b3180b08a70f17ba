/* shmem_team_ptr (OpenSHMEM 1.6): shmem_ptr with the PE numbered in a team. */
#include <shmem.h>

#include "core/runtime.h"
#include "team/team.h"
#include "transport/peer_table.h"

extern "C" {

/* NULL where a load/store cannot reach: a PE outside the team's numbering,
 * a peer on another node, memory that is not symmetric (as shmem_ptr). */
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe) {
  const char *call = "shmem_team_ptr";
  rocshmem::require_init(call);
  if (team == SHMEM_TEAM_INVALID) return nullptr; /* the spec's answer */
  rocshmem::team_check(call, team);
  if (pe < 0 || static_cast<size_t>(pe) >= team->pes.size()) return nullptr;
  const int world_pe = team->pes[pe];
  if (rocshmem::g_peers.path[world_pe] == rocshmem::PeerPath::UNREACHABLE ||
      rocshmem::peer_segment_of(dest, 1) < 0)
    return nullptr;
  return rocshmem::peer_locate(call, "dest", dest, 1, world_pe).mapped;
}

}  // extern "C"
