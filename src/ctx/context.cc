#include "ctx/context.h"

#include "core/handle_pool.h"
#include "core/log.h"
#include "team/team.h"

namespace rocshmem {

rocshmem_ctx_s g_default_ctx{kCtxMagic, 0, nullptr, {}};

namespace {
constexpr long kKnownOptions = ROCSHMEM_CTX_PRIVATE | ROCSHMEM_CTX_SERIALIZED | ROCSHMEM_CTX_NOSTORE;
HandlePool<rocshmem_ctx_s> g_ctx_pool;
}  // namespace

void ctx_invalid(const char *call, rocshmem_ctx_t ctx) {
  if (!ctx) fatal(call, "ctx = SHMEM_CTX_INVALID");
  fatal(call, "ctx = %p is not a valid context (destroyed, or never created)",
        static_cast<void *>(ctx));
}

int ctx_team_pe(const char *call, rocshmem_ctx_t ctx, int pe) {
  const rocshmem_team_s *team = ctx->team;
  /* Until a later split reuses the team object (team/team.cc parks it). */
  if (__builtin_expect(!team_valid(team), 0))
    fatal(call, "ctx = %p was created from team %p, which has been destroyed (destroy a team's "
          "contexts before the team)", static_cast<void *>(ctx),
          static_cast<const void *>(team));
  if (pe < 0 || static_cast<size_t>(pe) >= team->pes.size())
    fatal(call, "pe = %d is out of range [0, %zu) of the team this context was created from", pe,
          team->pes.size());
  return team->pes[pe];
}

int ctx_create(const char *call, rocshmem_team_t team, long options, rocshmem_ctx_t *ctx) {
  if (!ctx) {
    report_error(call, "ctx = NULL (need somewhere to store the new context)");
    return 1;
  }
  *ctx = ROCSHMEM_CTX_INVALID;
  if (options & ~kKnownOptions) {
    report_error(call, "options = 0x%lx has unknown bits (valid: SHMEM_CTX_PRIVATE, "
                 "SHMEM_CTX_SERIALIZED, SHMEM_CTX_NOSTORE)", options);
    return 1;
  }
  /* shmem_team_create_ctx: SHMEM_TEAM_INVALID (a PE outside a split's new
   * team holds it) is refused quietly, as the spec defines. */
  if (!team_usable(call, "team", team)) return 1;
  if (team->my_index < 0) {
    report_error(call, "this PE is not a member of team %p", static_cast<void *>(team));
    return 1;
  }
  rocshmem_ctx_s *c = g_ctx_pool.take();
  *c = rocshmem_ctx_s{kCtxMagic, options, team, {}}; /* counters from 0 */
  *ctx = c;
  return 0;
}

void ctx_destroy(const char *call, rocshmem_ctx_t ctx) {
  if (ctx == &g_default_ctx) fatal(call, "ctx = SHMEM_CTX_DEFAULT cannot be destroyed");
  ctx_check(call, ctx);
  ctx->magic = 0;
  g_ctx_pool.park(ctx);
}

}  // namespace rocshmem

extern "C" {
rocshmem_ctx_t ROCSHMEM_CTX_DEFAULT = &rocshmem::g_default_ctx;
}
