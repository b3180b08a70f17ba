/* shmem_pe_quiet / shmem_ctx_pe_quiet (OpenSHMEM 1.6): completion of what
 * this PE issued to the listed PEs.
 *
 * The transports complete per context, not per peer (same-node operations
 * are complete when their call returns; UCX flushes a worker), so the
 * listed PEs are checked and then everything is completed, as quiet does:
 * a stronger guarantee than asked, which is always a valid one. */
#include <shmem.h>

#include "core/log.h"
#include "core/runtime.h"
#include "ctx/context.h"
#include "sync/barrier.h"
#include "team/team.h"

namespace {

void pe_quiet(const char *call, rocshmem_ctx_t ctx, const int *target_pes, size_t npes) {
  rocshmem::require_init(call);
  /* No clause of the spec gives SHMEM_CTX_INVALID a meaning here (unlike
   * shmem_ctx_quiet's), so an unusable context is reported like in RMA. */
  rocshmem::ctx_check(call, ctx);
  if (npes == 0) return; /* target_pes is not even looked at */
  if (!target_pes) rocshmem::fatal(call, "target_pes = NULL with npes = %zu", npes);
  /* Numbers are relative to the context's team, as in RMA on it. */
  int n = rocshmem::g_runtime.n_pes;
  const bool team_ctx = ctx != ROCSHMEM_CTX_DEFAULT && ctx->team != ROCSHMEM_TEAM_WORLD;
  if (team_ctx) {
    (void)rocshmem::ctx_world_pe(call, ctx, 0); /* reports a destroyed team */
    n = static_cast<int>(ctx->team->pes.size());
  }
  for (size_t i = 0; i < npes; ++i)
    if (target_pes[i] < 0 || target_pes[i] >= n)
      rocshmem::fatal(call, "target_pes[%zu] = %d is out of range [0, %d)%s", i, target_pes[i], n,
                      team_ctx ? " of the context's team" : "");
  rocshmem::quiet();
}

}  // namespace

extern "C" {

void shmem_pe_quiet(const int *target_pes, size_t npes) {
  pe_quiet("shmem_pe_quiet", ROCSHMEM_CTX_DEFAULT, target_pes, npes);
}
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes) {
  pe_quiet("shmem_ctx_pe_quiet", ctx, target_pes, npes);
}

}  // extern "C"
