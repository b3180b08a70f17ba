/* Teams: ordered sets of PEs.  The predefined teams (WORLD, SHARED) are built
 * at init; split/destroy and team collectives come with the teams work. */
#ifndef ROCSHMEM_TEAM_TEAM_H
#define ROCSHMEM_TEAM_TEAM_H

#include <cstdint>
#include <vector>

#include "rocshmem/rocshmem.h"

struct rocshmem_team_s {
  uint32_t magic;
  std::vector<int> pes; /* world PE of each team member, in team order */
  int my_index;         /* my position in pes, -1 if not a member */
};

namespace rocshmem {

constexpr uint32_t kTeamMagic = 0x5445414d; /* "TEAM" */

/* Collective, at init/finalize. */
void teams_setup();
void teams_teardown();

/* Ends the job with a message naming `call` if team is not a live team. */
void team_check(const char *call, rocshmem_team_t team);
inline bool team_valid(rocshmem_team_t team) { return team && team->magic == kTeamMagic; }

}  // namespace rocshmem

#endif
