/* Inline device implementation: device contexts (device/context.h).  A
 * kernel's rocshmem_ctx_t is a pool entry when its address is inside the
 * pool; anything else is the default context, so the forms without a
 * context (which pass nullptr, see entry.h) cost nothing here.  Conventions
 * in core.h. */
#ifndef ROCSHMEM_DEVICE_IMPL_CTX_H
#define ROCSHMEM_DEVICE_IMPL_CTX_H

#include "device/impl/core.h"

namespace rocshmem {
namespace device {

namespace detail {

inline __device__ __noinline__ void fail_team_pe(const char *call, int pe, int team_size) {
  const bool first = first_report();
  if (first)
    printf("rocshmem: %s: pe = %d is out of range [0, %d) of the team this context was "
           "created from\n", call, pe, team_size);
  trap_after_report(first);
}

}  // namespace detail

/* The pool entry ctx names; nullptr for the default context (entry 0, and
 * every pointer outside the pool: the host's ROCSHMEM_CTX_DEFAULT,
 * ROCSHMEM_CTX_INVALID). */
inline __device__ DeviceContext *context_of(const State &s, rocshmem_ctx_t ctx) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(ctx);
  const uintptr_t pool = reinterpret_cast<uintptr_t>(s.ctx_pool);
  if (at > pool && at < pool + sizeof(DeviceContext) * static_cast<size_t>(s.ctx_pool_size))
    return reinterpret_cast<DeviceContext *>(ctx);
  return nullptr;
}

/* The world PE of a PE argument: a team context numbers PEs within its team
 * (OpenSHMEM 1.5, shmem_team_create_ctx). */
inline __device__ int world_pe(const char *call, const DeviceContext *ctx, int pe) {
  if (!ctx || ctx->team_size == 0) return pe;
  if (pe < 0 || pe >= ctx->team_size) detail::fail_team_pe(call, pe, ctx->team_size);
  return ctx->team_pes[pe];
}

/* Claims a free pool entry for a new context (team_pes nullptr: world
 * numbering); nullptr when the pool is exhausted.  One thread calls. */
inline __device__ DeviceContext *claim_context(const State &s, long options, int team_size,
                                               const int *team_pes) {
  for (int i = 1; i < s.ctx_pool_size; ++i) {
    DeviceContext *c = s.ctx_pool + i;
    if (atomicCAS(&c->in_use, 0u, 1u) != 0u) continue;
    c->team_size = team_pes ? team_size : 0;
    c->team_pes = team_pes;
    c->options = options;
    c->posted = 0;
    c->covered = 0;
    __threadfence(); /* the entry is filled before any thread of the GPU uses it */
    return c;
  }
  return nullptr;
}

/* Completes the context's operations (the spec's destroy does), then frees
 * its entry.  One thread calls; the default context is never freed. */
inline __device__ void release_context(const State &s, DeviceContext *ctx) {
  if (!ctx) return;
  quiet(s, ctx);
  atomicExch(&ctx->in_use, 0u);
}

}  // namespace device
}  // namespace rocshmem

#endif
