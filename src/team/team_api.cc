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

extern "C" {

#define DEFINE_TEAM_MANAGEMENT_API(PFX)                                                        \
  int PFX##_team_split_strided(rocshmem_team_t parent, int start, int stride, int size,        \
                               const rocshmem_team_config_t *config, long config_mask,         \
                               rocshmem_team_t *new_team) {                                    \
    rocshmem::require_init(#PFX "_team_split_strided");                                        \
    return rocshmem::team_split_strided(#PFX "_team_split_strided", parent, start, stride,     \
                                        size, config, config_mask, new_team);                  \
  }                                                                                            \
  int PFX##_team_split_2d(rocshmem_team_t parent, int xrange,                                  \
                          const rocshmem_team_config_t *xaxis_config, long xaxis_mask,         \
                          rocshmem_team_t *xaxis_team,                                         \
                          const rocshmem_team_config_t *yaxis_config, long yaxis_mask,         \
                          rocshmem_team_t *yaxis_team) {                                       \
    rocshmem::require_init(#PFX "_team_split_2d");                                             \
    return rocshmem::team_split_2d(#PFX "_team_split_2d", parent, xrange, xaxis_config,        \
                                   xaxis_mask, xaxis_team, yaxis_config, yaxis_mask,           \
                                   yaxis_team);                                                \
  }                                                                                            \
  int PFX##_team_get_config(rocshmem_team_t team, long config_mask,                            \
                            rocshmem_team_config_t *config) {                                  \
    rocshmem::require_init(#PFX "_team_get_config");                                           \
    return rocshmem::team_get_config(#PFX "_team_get_config", team, config_mask, config);      \
  }                                                                                            \
  void PFX##_team_destroy(rocshmem_team_t team) {                                              \
    rocshmem::require_init(#PFX "_team_destroy");                                              \
    rocshmem::team_destroy(#PFX "_team_destroy", team);                                        \
  }
ROCSHMEM_API_PREFIXES(DEFINE_TEAM_MANAGEMENT_API)

}  // extern "C"
