/* Device entry points: device contexts (device/context.h, impl/ctx.h). */
#include "device/entry.h"
#include "device/impl/team.h"

namespace dev = rocshmem::device;
using rocshmem::device::entry::state;

#if ROCSHMEM_DEVICE_PASS
namespace {

constexpr long kKnownOptions =
    ROCSHMEM_CTX_PRIVATE | ROCSHMEM_CTX_SERIALIZED | ROCSHMEM_CTX_NOSTORE;

/* Every thread of the workgroup calls; the first claims a pool entry and
 * hands it to the others through shared memory.  Returns 0, or non-zero
 * (*ctx = ROCSHMEM_CTX_INVALID) when the pool is exhausted, the options are
 * unknown or this PE is not a member of the team. */
__device__ int create_for_workgroup(const char *call, long options, rocshmem_team_t team,
                                    rocshmem_ctx_t *ctx) {
  __shared__ dev::DeviceContext *created;
  const dev::State &s = state();
  if (dev::Workgroup::rank() == 0) {
    created = nullptr;
    const dev::Team *t = team ? dev::lookup_team(s, team) : nullptr;
    if (options & ~kKnownOptions) {
      if (dev::detail::first_report())
        printf("rocshmem: %s: options = 0x%lx has unknown bits (valid: ROCSHMEM_CTX_PRIVATE, "
               "_SERIALIZED, _NOSTORE)\n", call, options);
    } else if (team && !t) {
      if (dev::detail::first_report())
        printf("rocshmem: %s: team = %p is not a team of this PE\n", call,
               static_cast<void *>(team));
    } else {
      created = dev::claim_context(s, options, t ? t->size : 0, t ? t->pes : nullptr);
    }
  }
  __syncthreads();
  dev::DeviceContext *c = created;
  *ctx = c ? reinterpret_cast<rocshmem_ctx_t>(c) : ROCSHMEM_CTX_INVALID;
  __syncthreads(); /* nobody reads `created` once a later call may write it */
  return c ? 0 : 1;
}

}  // namespace

extern "C" {

__device__ int rocshmem_wg_ctx_create(long options, rocshmem_ctx_t *ctx) {
  return create_for_workgroup("rocshmem_wg_ctx_create", options, nullptr, ctx);
}

__device__ int rocshmem_wg_team_create_ctx(rocshmem_team_t team, long options,
                                           rocshmem_ctx_t *ctx) {
  if (!team) {
    *ctx = ROCSHMEM_CTX_INVALID;
    return 1;
  }
  return create_for_workgroup("rocshmem_wg_team_create_ctx", options, team, ctx);
}

/* Every thread of the workgroup calls: each completes its own accesses,
 * then one quiets the context's proxy requests and frees the entry.  The
 * default context, and anything outside the pool, is left alone. */
__device__ void rocshmem_wg_ctx_destroy(rocshmem_ctx_t ctx) {
  const dev::State &s = state();
  dev::memory_fence(s);
  __syncthreads();
  if (dev::Workgroup::rank() == 0) dev::release_context(s, dev::context_of(s, ctx));
  __syncthreads();
}

__device__ rocshmem_ctx_t rocshmemi_device_ctx_default(void) {
  return reinterpret_cast<rocshmem_ctx_t>(state().ctx_pool);
}

}  // extern "C"
#endif
