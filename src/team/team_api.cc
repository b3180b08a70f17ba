/* Team queries under both prefixes. */
#include <shmem.h>

#include "core/api.h"
#include "core/runtime.h"
#include "team/team.h"

extern "C" {

/* OpenSHMEM: queries on SHMEM_TEAM_INVALID return -1 rather than failing. */
#define DEFINE_TEAM_QUERY_API(PFX)                                                           \
  int PFX##_team_my_pe(rocshmem_team_t team) {                                               \
    rocshmem::require_init(#PFX "_team_my_pe");                                              \
    if (!team) return -1;                                                                    \
    rocshmem::team_check(#PFX "_team_my_pe", team);                                          \
    return team->my_index;                                                                   \
  }                                                                                          \
  int PFX##_team_n_pes(rocshmem_team_t team) {                                               \
    rocshmem::require_init(#PFX "_team_n_pes");                                              \
    if (!team) return -1;                                                                    \
    rocshmem::team_check(#PFX "_team_n_pes", team);                                          \
    return static_cast<int>(team->pes.size());                                               \
  }                                                                                          \
  int PFX##_team_translate_pe(rocshmem_team_t src, int src_pe, rocshmem_team_t dest) {       \
    rocshmem::require_init(#PFX "_team_translate_pe");                                       \
    if (!src || !dest) return -1;                                                            \
    rocshmem::team_check(#PFX "_team_translate_pe", src);                                    \
    rocshmem::team_check(#PFX "_team_translate_pe", dest);                                   \
    if (src_pe < 0 || static_cast<size_t>(src_pe) >= src->pes.size()) return -1;            \
    int world_pe = src->pes[src_pe];                                                         \
    for (size_t i = 0; i < dest->pes.size(); ++i)                                            \
      if (dest->pes[i] == world_pe) return static_cast<int>(i);                              \
    return -1;                                                                               \
  }
ROCSHMEM_API_PREFIXES(DEFINE_TEAM_QUERY_API)

}  // extern "C"
