/* Communication sessions (OpenSHMEM 1.6): shmem_ctx_session_start/stop.
 *
 * A session only hints at what a context is about to do (SHMEM_CTX_SESSION_
 * BATCH: many small operations; total_ops: about how many), and the spec
 * lets a library ignore hints, which is right here: on the same node every
 * operation is a load/store that is complete when its call returns, so there
 * is nothing to batch; over UCX non-blocking operations already leave in
 * the order issued and quiet flushes the worker.  Since no hint changes
 * anything, a session has no state: starting one on a context that has one
 * (the spec ORs the options, replaces the masked fields) and stopping one
 * that was never started (the spec: no effect) need no bookkeeping.  The
 * arguments are still checked, so that a program that later runs on a
 * library that does use them is not carrying a latent bug. */
#include <shmem.h>

#include "core/log.h"
#include "core/runtime.h"
#include "ctx/context.h"

namespace {

/* The fields the mask can name (shmem_ctx_session_config_t). */
constexpr long kKnownConfigMask = SHMEM_CTX_SESSION_TOTAL_OPS;

}  // namespace

extern "C" {

void shmem_ctx_session_start(shmem_ctx_t ctx, long options, const shmem_ctx_session_config_t *config,
                             long config_mask) {
  const char *call = "shmem_ctx_session_start";
  rocshmem::require_init(call);
  if (ctx == SHMEM_CTX_INVALID) return; /* the spec: no action */
  rocshmem::ctx_check(call, ctx);
  /* Any options are allowed, unknown bits included (the spec: no
   * combination is undefined); the mask only selects fields of config. */
  if (config_mask & ~kKnownConfigMask)
    rocshmem::fatal(call, "config_mask = 0x%lx names no field of shmem_ctx_session_config_t "
                    "(known: SHMEM_CTX_SESSION_TOTAL_OPS = 0x%lx)", config_mask, kKnownConfigMask);
  if (config_mask && !config)
    rocshmem::fatal(call, "config = NULL with config_mask = 0x%lx", config_mask);
  ROCSHMEM_LOG(rocshmem::LOG_DEBUG, "%s: ctx %p, options 0x%lx, total_ops %zu: hints, no effect",
               call, static_cast<void *>(ctx), options,
               (config_mask & SHMEM_CTX_SESSION_TOTAL_OPS) ? config->total_ops : SIZE_MAX);
}

void shmem_ctx_session_stop(shmem_ctx_t ctx) {
  const char *call = "shmem_ctx_session_stop";
  rocshmem::require_init(call);
  /* start does nothing on SHMEM_CTX_INVALID, so it never has a session, and
   * stopping a context without one has no effect. */
  if (ctx == SHMEM_CTX_INVALID) return;
  rocshmem::ctx_check(call, ctx);
}

}  // extern "C"
