#include "team/team.h"

#include <initializer_list>
#include <string_view>

#include "coll/coll.h"
#include "core/handle_pool.h"
#include "core/log.h"
#include "core/runtime.h"
#include "core/topology.h"
#include "gpu/gpu.h"
#include "sync/barrier.h"

namespace {
rocshmem_team_s g_team_world{0, {}, -1, false, {0}, 0};
rocshmem_team_s g_team_shared{0, {}, -1, false, {0}, 0};
rocshmem::HandlePool<rocshmem_team_s> g_team_pool;
}  // namespace

extern "C" {
rocshmem_team_t ROCSHMEM_TEAM_WORLD = &g_team_world;
rocshmem_team_t ROCSHMEM_TEAM_SHARED = &g_team_shared;
/* Sandia OpenSHMEM's team of the PEs on this node (<shmemx.h>).  Our SHARED
 * team is exactly the node (the PEs whose memory this PE maps), so the
 * node team is the same team under a second name: every team routine, the
 * GPU's team table and the refusal to destroy a predefined team hold for it
 * without a second object to keep in step. */
rocshmem_team_t SHMEMX_TEAM_NODE = &g_team_shared;
}

namespace rocshmem {

namespace {

rocshmem_team_t make_team(const char *call, std::vector<int> pes, int my_index,
                          const rocshmem_team_config_t *config, long mask) {
  rocshmem_team_s *t = g_team_pool.take();
  t->magic = kTeamMagic;
  t->pes = std::move(pes);
  t->my_index = my_index;
  t->mapped = members_mapped(t->pes.data(), static_cast<int>(t->pes.size()));
  t->serial = new_team_serial();
  t->config.num_contexts = (config && (mask & ROCSHMEM_TEAM_NUM_CONTEXTS)) ? config->num_contexts : 0;
  gpu::team_created(call, t); /* kernels look teams up in the GPU's table */
  return t;
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

/* Members of parent at start + i*stride, downwards for a negative stride;
 * false if one falls outside the parent (past its last PE or below 0). */
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

/* A split is collective over its parent, and the spec makes its arguments
 * the same on every member.  Before any team is made the members agree:
 * each shares a digest of its arguments (0: its call failed, and said so),
 * and a PE whose peers' digests are not all its own reports why and makes
 * no team.  Without this, members whose call was fine waited for ever for
 * one that had returned, or made a team the others had not.  Leaves the
 * shared words being read: the caller's next group_sync releases them. */
bool members_agree(const char *call, rocshmem_team_t parent, bool ok,
                   std::initializer_list<long> args) {
  uint64_t digest = 0;
  if (ok) {
    const std::string_view bytes(reinterpret_cast<const char *>(args.begin()),
                                 args.size() * sizeof(long));
    digest = fnv1a(bytes) | 1; /* never 0, the failed call's digest */
  }
  const Group g = parent->group();
  coll::begin(call, g, {}, digest);
  for (int m = 0; ok && m < g.size; ++m) {
    const uint64_t theirs = coll::shared_by(call, g, m);
    if (theirs == 0) {
      report_error(call, "the call failed on PE %d of the parent team (see its message): no team "
                   "was made", g.world_pe(m));
      return false;
    }
    if (theirs != digest) {
      report_error(call, "PE %d passed other arguments than this PE (PE %d): every member of the "
                   "parent team must pass the same; no team was made", g.world_pe(m),
                   g_runtime.my_pe);
      return false;
    }
  }
  return ok;
}

}  // namespace

void teams_setup() {
  const Runtime &rt = g_runtime;
  g_team_world.pes.resize(rt.n_pes);
  for (int pe = 0; pe < rt.n_pes; ++pe) g_team_world.pes[pe] = pe;
  g_team_world.my_index = rt.my_pe;
  g_team_world.mapped = members_mapped(g_team_world.pes.data(), rt.n_pes);
  g_team_world.serial = new_team_serial();
  g_team_world.magic = kTeamMagic;
  /* SHARED: the PEs that can map my memory, i.e. my node. */
  g_team_shared.pes = rt.topo.local_pes;
  g_team_shared.my_index = rt.topo.local_rank;
  g_team_shared.mapped = members_mapped(g_team_shared.pes.data(),
                                        static_cast<int>(g_team_shared.pes.size()));
  g_team_shared.serial = new_team_serial();
  g_team_shared.magic = kTeamMagic;
  active_sets_setup();
}

void teams_teardown() { g_team_world.magic = g_team_shared.magic = 0; }

bool team_usable(const char *call, const char *arg, rocshmem_team_t team) {
  if (!team) return false;
  if (team_valid(team)) return true;
  report_error(call, "%s = %p is not a valid team (destroyed, or never created)", arg,
               static_cast<void *>(team));
  return false;
}

void team_check(const char *call, rocshmem_team_t team) {
  if (!team) fatal(call, "team = SHMEM_TEAM_INVALID");
  if (team->magic != kTeamMagic)
    fatal(call, "team = %p is not a valid team (destroyed, or never created)",
          static_cast<void *>(team));
}

int team_split_strided(const char *call, rocshmem_team_t parent, int start, int stride, int size,
                       const rocshmem_team_config_t *config, long config_mask,
                       rocshmem_team_t *new_team) {
  bool ok = true;
  if (!new_team) {
    report_error(call, "new_team = NULL");
    ok = false;
  } else {
    *new_team = ROCSHMEM_TEAM_INVALID;
  }
  /* Without a valid parent there is nobody to agree with. */
  if (!team_usable(call, "parent_team", parent)) return 1;
  ok = ok && check_config(call, "config", config, config_mask);
  std::vector<int> pes;
  int my_index = -1;
  /* The triplets the spec defines: a positive size; a stride of any sign (a
   * negative one walks the parent downwards, members in reverse order); a
   * stride of 0 with size 1.  A size of 0 selects no PE: no team is made
   * and every member returns non-zero, which the spec defines for an
   * invalid triplet, so it is quiet (after the agreement below: the call
   * stays collective).  The others the spec leaves undefined are reported:
   * stride 0 with several PEs (one PE listed several times), and a sequence
   * leaving the parent's range, which is the wrap-around the spec excludes
   * (its own example runs past the last PE). */
  const bool empty = size == 0;
  if (ok && size < 0) {
    report_error(call, "size = %d is negative", size);
    ok = false;
  } else if (ok && stride == 0 && size > 1) {
    report_error(call, "stride = 0 with size = %d would list PE %d of the parent team %d times "
                 "(stride 0 needs size 1)", size, start, size);
    ok = false;
  } else if (ok && !empty && !strided_members(parent, start, stride, size, &pes, &my_index)) {
    report_error(call, "start = %d, stride = %d, size = %d do not select PEs of a %zu-PE parent "
                 "team (members must stay in [0, %zu): no wrap-around)", start, stride, size,
                 parent->pes.size(), parent->pes.size());
    ok = false;
  }
  ok = members_agree(call, parent, ok, {start, stride, size});
  if (ok && !empty && my_index >= 0)
    *new_team = make_team(call, std::move(pes), my_index, config, config_mask);
  group_sync(call, parent->group());
  return ok && !empty ? 0 : 1;
}

int team_split_2d(const char *call, rocshmem_team_t parent, int xrange,
                  const rocshmem_team_config_t *xaxis_config, long xaxis_mask,
                  rocshmem_team_t *xaxis_team, const rocshmem_team_config_t *yaxis_config,
                  long yaxis_mask, rocshmem_team_t *yaxis_team) {
  bool ok = true;
  if (!xaxis_team || !yaxis_team) {
    report_error(call, "%s = NULL", xaxis_team ? "yaxis_team" : "xaxis_team");
    ok = false;
  }
  if (xaxis_team) *xaxis_team = ROCSHMEM_TEAM_INVALID;
  if (yaxis_team) *yaxis_team = ROCSHMEM_TEAM_INVALID;
  if (!team_usable(call, "parent_team", parent)) return 1;
  ok = ok && check_config(call, "xaxis_config", xaxis_config, xaxis_mask) &&
       check_config(call, "yaxis_config", yaxis_config, yaxis_mask);
  if (ok && xrange < 1) {
    report_error(call, "xrange = %d must be positive", xrange);
    ok = false;
  }
  ok = members_agree(call, parent, ok, {xrange});
  if (ok) {
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
  }
  group_sync(call, parent->group());
  return ok ? 0 : 1;
}

int team_get_config(const char *call, rocshmem_team_t team, long config_mask,
                    rocshmem_team_config_t *config) {
  if (!team_usable(call, "team", team)) return 1;
  if (!config_mask) return 0; /* nothing asked: config is not touched, may be NULL */
  if (!config) {
    report_error(call, "config = NULL with config_mask = 0x%lx (only a mask of 0 allows NULL)",
                 config_mask);
    return 1;
  }
  /* num_contexts is what the team was created with: contexts are not
   * reserved per team here, so the value never changes afterwards. */
  if (config_mask & ROCSHMEM_TEAM_NUM_CONTEXTS) config->num_contexts = team->config.num_contexts;
  return 0;
}

void team_destroy(const char *call, rocshmem_team_t team) {
  if (!team) return; /* destroying SHMEM_TEAM_INVALID does nothing */
  team_check(call, team);
  if (team == ROCSHMEM_TEAM_WORLD || team == ROCSHMEM_TEAM_SHARED)
    fatal(call, "team = %s is predefined and cannot be destroyed",
          team == ROCSHMEM_TEAM_WORLD ? "SHMEM_TEAM_WORLD"
                                      : "SHMEM_TEAM_SHARED (or SHMEMX_TEAM_NODE)");
  group_sync(call, team->group());
  gpu::team_destroyed(team);
  team->magic = 0;
  std::vector<int>().swap(team->pes); /* a parked handle keeps no member list */
  g_team_pool.park(team);
}

}  // namespace rocshmem
