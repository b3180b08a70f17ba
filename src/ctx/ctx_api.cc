/* Context management, per-context ordering, under both prefixes.
 *
 * Fence and quiet per context: the spec asks ctx_fence to order, and
 * ctx_quiet to complete, the operations issued on that context; it does not
 * forbid ordering or completing more.  Every context of a PE shares the
 * PE's transports (context.h), so both act on every operation the PE issued,
 * on any context: a stronger guarantee than required, hence conforming, at
 * the cost of waiting for other contexts' operations too (on one node, a
 * memory fence only).
 *
 * SHMEM_CTX_INVALID is a defined input for ctx_destroy, ctx_fence and
 * ctx_quiet (no operation) and ctx_get_team (non-zero, SHMEM_TEAM_INVALID):
 * those return quietly.  Communication on it stays an error (rma.h, amo.h),
 * as does any other handle that is not a live context. */
#include <shmem.h>

#include "core/api.h"
#include "core/runtime.h"
#include "ctx/context.h"
#include "sync/barrier.h"
#include "team/team.h"

extern "C" {

#define DEFINE_CTX_API(PFX)                                                                  \
  int PFX##_ctx_create(long options, rocshmem_ctx_t *ctx) {                                  \
    rocshmem::require_init(#PFX "_ctx_create");                                              \
    return rocshmem::ctx_create(#PFX "_ctx_create", ROCSHMEM_TEAM_WORLD, options, ctx);      \
  }                                                                                          \
  int PFX##_team_create_ctx(rocshmem_team_t team, long options, rocshmem_ctx_t *ctx) {       \
    rocshmem::require_init(#PFX "_team_create_ctx");                                         \
    return rocshmem::ctx_create(#PFX "_team_create_ctx", team, options, ctx);                \
  }                                                                                          \
  void PFX##_ctx_destroy(rocshmem_ctx_t ctx) {                                               \
    rocshmem::require_init(#PFX "_ctx_destroy");                                             \
    if (!ctx) return; /* 1.5: destroying SHMEM_CTX_INVALID does nothing */                   \
    rocshmem::quiet(); /* the spec completes the context's operations first */               \
    rocshmem::ctx_destroy(#PFX "_ctx_destroy", ctx);                                         \
  }                                                                                          \
  int PFX##_ctx_get_team(rocshmem_ctx_t ctx, rocshmem_team_t *team) {                        \
    rocshmem::require_init(#PFX "_ctx_get_team");                                            \
    if (!team) return 1;                                                                     \
    if (ctx == ROCSHMEM_CTX_DEFAULT) {                                                       \
      *team = ROCSHMEM_TEAM_WORLD;                                                           \
      return 0;                                                                              \
    }                                                                                        \
    if (!ctx || ctx->magic != rocshmem::kCtxMagic) {                                         \
      *team = ROCSHMEM_TEAM_INVALID;                                                         \
      return 1;                                                                              \
    }                                                                                        \
    *team = ctx->team;                                                                       \
    return 0;                                                                                \
  }                                                                                          \
  void PFX##_ctx_fence(rocshmem_ctx_t ctx) {                                                 \
    rocshmem::require_init(#PFX "_ctx_fence");                                               \
    if (!ctx) return; /* SHMEM_CTX_INVALID: the spec makes it a no-op */                     \
    rocshmem::ctx_check(#PFX "_ctx_fence", ctx);                                             \
    rocshmem::fence();                                                                       \
  }                                                                                          \
  void PFX##_ctx_quiet(rocshmem_ctx_t ctx) {                                                 \
    rocshmem::require_init(#PFX "_ctx_quiet");                                               \
    if (!ctx) return; /* SHMEM_CTX_INVALID: the spec makes it a no-op */                     \
    rocshmem::ctx_check(#PFX "_ctx_quiet", ctx);                                             \
    rocshmem::quiet();                                                                       \
  }
ROCSHMEM_API_PREFIXES(DEFINE_CTX_API)

}  // extern "C"
