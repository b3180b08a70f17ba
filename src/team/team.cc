#include "team/team.h"

#include "core/handle_pool.h"
#include "core/log.h"
#include "core/runtime.h"
#include "gpu/gpu.h"
#include "sync/barrier.h"

namespace {
rocshmem_team_s g_team_world{0, {}, -1, {0}};
rocshmem_team_s g_team_shared{0, {}, -1, {0}};
rocshmem::HandlePool<rocshmem_team_s> g_team_pool;
}  // namespace

extern "C" {
rocshmem_team_t ROCSHMEM_TEAM_WORLD = &g_team_world;
rocshmem_team_t ROCSHMEM_TEAM_SHARED = &g_team_shared;
}

namespace rocshmem {

namespace {

rocshmem_team_t make_team(const char *call, std::vector<int> pes, int my_index,
                          const rocshmem_team_config_t *config, long mask) {
  rocshmem_team_s *t = g_team_pool.take();
  t->magic = kTeamMagic;
  t->pes = std::move(pes);
  t->my_index = my_index;
  t->config.num_contexts = (config && (mask & ROCSHMEM_TEAM_NUM_CONTEXTS)) ? config->num_contexts : 0;
  gpu::team_created(call, t); /* kernels look teams up in the GPU's table */
  return t;
}

bool check_parent(const char *call, rocshmem_team_t parent) {
  if (!team_valid(parent)) {
    report_error(call, "parent_team = %p is not a valid team", static_cast<void *>(parent));
    return false;
  }
  return true;
}

bool check_config(const char *call, const char *arg, const rocshmem_team_config_t *config,
                  long mask) {
  if (mask & ~ROCSHMEM_TEAM_NUM_CONTEXTS) {
    report_error(call, "%s_mask = 0x%lx has unknown bits (valid: SHMEM_TEAM_NUM_CONTEXTS)", arg,
                 mask);
    return false;
  }
  if ((mask & ROCSHMEM_TEAM_NUM_CONTEXTS) && (!config || config->num_contexts < 0)) {
    report_error(call, "%s requests SHMEM_TEAM_NUM_CONTEXTS but %s", arg,
                 config ? "num_contexts is negative" : "the config pointer is NULL");
    return false;
  }
  return true;
}

/* Members of parent at start + i*stride; false if one falls outside. */
bool strided_members(rocshmem_team_t parent, int start, int stride, int size, std::vector<int> *pes,
                     int *my_index) {
  const long n = static_cast<long>(parent->pes.size());
  pes->clear();
  *my_index = -1;
  for (long i = 0; i < size; ++i) {
    long idx = start + i * static_cast<long>(stride);
    if (idx < 0 || idx >= n) return false;
    if (idx == parent->my_index) *my_index = static_cast<int>(i);
    pes->push_back(parent->pes[idx]);
  }
  return true;
}

}  // namespace

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

void teams_teardown() { g_team_world.magic = g_team_shared.magic = 0; }

void team_check(const char *call, rocshmem_team_t team) {
  if (!team) fatal(call, "team = SHMEM_TEAM_INVALID");
  if (team->magic != kTeamMagic)
    fatal(call, "team = %p is not a valid team (destroyed, or never created)",
          static_cast<void *>(team));
}

int team_split_strided(const char *call, rocshmem_team_t parent, int start, int stride, int size,
                       const rocshmem_team_config_t *config, long config_mask,
                       rocshmem_team_t *new_team) {
  if (!new_team) {
    report_error(call, "new_team = NULL");
    return 1;
  }
  *new_team = ROCSHMEM_TEAM_INVALID;
  if (!check_parent(call, parent) || !check_config(call, "config", config, config_mask)) return 1;
  std::vector<int> pes;
  int my_index;
  /* Stride 0 would list one PE several times, which no team can be. */
  if (size < 1 || (stride == 0 && size > 1) ||
      !strided_members(parent, start, stride, size, &pes, &my_index)) {
    report_error(call, "start = %d, stride = %d, size = %d do not select PEs of a %zu-PE parent "
                 "team", start, stride, size, parent->pes.size());
    return 1;
  }
  if (my_index >= 0) *new_team = make_team(call, std::move(pes), my_index, config, config_mask);
  group_sync(call, parent->group());
  return 0;
}

int team_split_2d(const char *call, rocshmem_team_t parent, int xrange,
                  const rocshmem_team_config_t *xaxis_config, long xaxis_mask,
                  rocshmem_team_t *xaxis_team, const rocshmem_team_config_t *yaxis_config,
                  long yaxis_mask, rocshmem_team_t *yaxis_team) {
  if (!xaxis_team || !yaxis_team) {
    report_error(call, "%s = NULL", xaxis_team ? "yaxis_team" : "xaxis_team");
    return 1;
  }
  *xaxis_team = *yaxis_team = ROCSHMEM_TEAM_INVALID;
  if (!check_parent(call, parent) || !check_config(call, "xaxis_config", xaxis_config, xaxis_mask) ||
      !check_config(call, "yaxis_config", yaxis_config, yaxis_mask))
    return 1;
  if (xrange < 1) {
    report_error(call, "xrange = %d must be positive", xrange);
    return 1;
  }
  const int n = static_cast<int>(parent->pes.size());
  if (xrange > n) xrange = n; /* the spec's rule: one row holding every PE */
  const int me = parent->my_index;
  /* My row: consecutive parent PEs [row*xrange, ...); my column: every
   * xrange-th parent PE starting at my x coordinate. */
  const int x = me % xrange, row_start = me - x;
  std::vector<int> pes;
  int my_index;
  strided_members(parent, row_start, 1, std::min(xrange, n - row_start), &pes, &my_index);
  *xaxis_team = make_team(call, std::move(pes), my_index, xaxis_config, xaxis_mask);
  strided_members(parent, x, xrange, (n - x + xrange - 1) / xrange, &pes, &my_index);
  *yaxis_team = make_team(call, std::move(pes), my_index, yaxis_config, yaxis_mask);
  group_sync(call, parent->group());
  return 0;
}

void team_destroy(const char *call, rocshmem_team_t team) {
  if (!team) return; /* destroying SHMEM_TEAM_INVALID does nothing */
  team_check(call, team);
  if (team == ROCSHMEM_TEAM_WORLD || team == ROCSHMEM_TEAM_SHARED)
    fatal(call, "team = SHMEM_TEAM_%s is predefined and cannot be destroyed",
          team == ROCSHMEM_TEAM_WORLD ? "WORLD" : "SHARED");
  group_sync(call, team->group());
  gpu::team_destroyed(team);
  team->magic = 0;
  g_team_pool.park(team);
}

}  // namespace rocshmem
