/* Communication contexts.
 *
 * A context is an independent stream of operations: fence/quiet on it order
 * and complete only its own operations.  On the shared-memory transport every
 * operation is complete when its call returns, so a context's quiet is a
 * memory fence and isolation holds trivially; the object still carries its
 * options and team so that transports with real queues (UCX workers, the GPU
 * proxy) can hang their per-context state here.
 *
 * Destroyed contexts are kept (marked dead) and reused by later creates, so
 * that using a destroyed handle is reported instead of touching freed memory. */
#ifndef ROCSHMEM_CTX_CONTEXT_H
#define ROCSHMEM_CTX_CONTEXT_H

#include <cstdint>

#include "rocshmem/rocshmem.h"

struct rocshmem_ctx_s {
  uint32_t magic;
  long options;
  rocshmem_team_t team;
  /* Progress counters (ctx/pcntr.h): operations issued on this context,
   * and those the network may still have in flight since quiet `epoch`. */
  struct {
    uint64_t issued_write, issued_read;
    uint64_t pending_write, pending_read, epoch;
  } pc;
};

namespace rocshmem {

constexpr uint32_t kCtxMagic = 0x43545821;
extern rocshmem_ctx_s g_default_ctx;

[[noreturn]] void ctx_invalid(const char *call, rocshmem_ctx_t ctx);

/* Cheap enough for every RMA/AMO call: the default context is one compare. */
inline void ctx_check(const char *call, rocshmem_ctx_t ctx) {
  if (__builtin_expect(ctx != &g_default_ctx, 0) && (!ctx || ctx->magic != kCtxMagic))
    ctx_invalid(call, ctx);
}

/* PE numbers given to operations on a context created from a team are team
 * member indices (OpenSHMEM 1.5, shmem_team_create_ctx).  Returns the world
 * PE, after the same checks as ctx_check; ends the job naming `call` when pe
 * is not a member index. */
int ctx_team_pe(const char *call, rocshmem_ctx_t ctx, int pe);
inline int ctx_world_pe(const char *call, rocshmem_ctx_t ctx, int pe) {
  if (__builtin_expect(ctx == &g_default_ctx, 1)) return pe;
  if (!ctx || ctx->magic != kCtxMagic) ctx_invalid(call, ctx);
  return ctx->team == ROCSHMEM_TEAM_WORLD ? pe : ctx_team_pe(call, ctx, pe);
}

/* Returns 0 and a new context, or non-zero after reporting why. */
int ctx_create(const char *call, rocshmem_team_t team, long options, rocshmem_ctx_t *ctx);
void ctx_destroy(const char *call, rocshmem_ctx_t ctx);

}  // namespace rocshmem

#endif
