/* Context management, per-context ordering, under both prefixes. */
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
    rocshmem::ctx_check(#PFX "_ctx_fence", ctx);                                             \
    rocshmem::fence();                                                                       \
  }                                                                                          \
  void PFX##_ctx_quiet(rocshmem_ctx_t ctx) {                                                 \
    rocshmem::require_init(#PFX "_ctx_quiet");                                               \
    rocshmem::ctx_check(#PFX "_ctx_quiet", ctx);                                             \
    rocshmem::quiet();                                                                       \
  }
ROCSHMEM_API_PREFIXES(DEFINE_CTX_API)

}  // extern "C"
