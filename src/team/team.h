/* Teams: ordered sets of PEs, created by splitting a parent team.
 *
 * Creating a team needs no agreement on shared state (group synchronization
 * uses pairwise counters, see sync/barrier.cc), so a split is a local
 * computation of the member list followed by a synchronization of the
 * parent.  Destroyed teams are kept, marked dead, so that using a destroyed
 * handle is reported instead of touching freed memory. */
#ifndef ROCSHMEM_TEAM_TEAM_H
#define ROCSHMEM_TEAM_TEAM_H

#include <cstdint>
#include <vector>

#include "rocshmem/rocshmem.h"
#include "team/group.h"

struct rocshmem_team_s {
  uint32_t magic;
  std::vector<int> pes; /* world PE of each team member, in team order */
  int my_index;         /* my position in pes (members only exist as handles) */
  bool mapped;          /* Group::mapped, set with pes */
  rocshmem_team_config_t config;
  uint64_t serial; /* Group::id, given at creation (rocshmem::new_team_serial) */

  rocshmem::Group group() const {
    return rocshmem::Group{pes.data(), static_cast<int>(pes.size()), my_index, mapped,
                           rocshmem::GroupId{serial}};
  }
};

namespace rocshmem {

constexpr uint32_t kTeamMagic = 0x5445414d; /* "TEAM" */

/* Collective, at init/finalize. */
void teams_setup();
void teams_teardown();

/* Ends the job with a message naming `call` if team is not a live team. */
void team_check(const char *call, rocshmem_team_t team);
inline bool team_valid(const rocshmem_team_s *team) { return team && team->magic == kTeamMagic; }
/* For the routines that return an error instead of ending the job (splits,
 * team_create_ctx, team_get_config): false for SHMEM_TEAM_INVALID quietly
 * (the spec defines it: a non-zero return), and, reporting `arg` and
 * `call`, for a handle that is not a live team. */
bool team_usable(const char *call, const char *arg, rocshmem_team_t team);

/* Collective over parent.  Return 0 on success, non-zero (after reporting
 * why) on bad arguments; a PE outside a new team gets ROCSHMEM_TEAM_INVALID. */
int team_split_strided(const char *call, rocshmem_team_t parent, int start, int stride, int size,
                       const rocshmem_team_config_t *config, long config_mask,
                       rocshmem_team_t *new_team);
int team_split_2d(const char *call, rocshmem_team_t parent, int xrange,
                  const rocshmem_team_config_t *xaxis_config, long xaxis_mask,
                  rocshmem_team_t *xaxis_team, const rocshmem_team_config_t *yaxis_config,
                  long yaxis_mask, rocshmem_team_t *yaxis_team);
void team_destroy(const char *call, rocshmem_team_t team);

/* shmem_team_get_config: 0 and the team's current values of the fields in
 * config_mask (none for a mask of 0, when config may be NULL); non-zero for
 * SHMEM_TEAM_INVALID (quietly, as the spec defines), and, with a message,
 * for a dead handle or a NULL config under a non-zero mask. */
int team_get_config(const char *call, rocshmem_team_t team, long config_mask,
                    rocshmem_team_config_t *config);

}  // namespace rocshmem

#endif
