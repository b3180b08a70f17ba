/* Progress counters (Sandia OpenSHMEM's shmemx_pcntr_*, ctx/pcntr.cc).
 *
 * Each context counts the operations issued on it: puts and non-fetching
 * AMOs as writes, gets and fetching AMOs as reads (the split Sandia's
 * counters make), one per call that moves data.  Issuing is counted on the
 * RMA/AMO paths by an increment of a field of the context the call already
 * touches; completion is not counted there at all.  Every operation
 * completes before its call returns except those the network transport
 * leaves in flight (puts, and _nbi gets, to PEs no mapping reaches): those
 * are recorded on that cold path as pending, and they all complete when the
 * transport's quiet returns, which advances a process-wide epoch.  So
 * completed = issued - (pending if no quiet completed since, else 0).
 *
 * Threads: with SHMEM_THREAD_MULTIPLE a context not created private (the
 * default context included) may be used by several threads at once, and a
 * plain increment would lose counts; only then is it a relaxed atomic add.
 * The test reads a field of g_runtime next to `initialized`, which every
 * call reads already, and the context's options. */
#ifndef ROCSHMEM_CTX_PCNTR_H
#define ROCSHMEM_CTX_PCNTR_H

#include <cstdint>

#include "core/runtime.h"
#include "ctx/context.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace pcntr {

inline void bump(rocshmem_ctx_t ctx, uint64_t *counter) {
  if (__builtin_expect(g_runtime.thread_level == ROCSHMEM_THREAD_MULTIPLE &&
                           !(ctx->options & ROCSHMEM_CTX_PRIVATE), 0))
    __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
  else
    ++*counter;
}

/* An operation the network transport may have left in flight (cold). */
void network_pending(rocshmem_ctx_t ctx, const Location &remote, const void *local, bool write);

/* A put or get just issued on ctx, to / from `remote`. */
inline void issued(rocshmem_ctx_t ctx, const Location &remote, const void *local, bool write,
                   bool nbi) {
  bump(ctx, write ? &ctx->pc.issued_write : &ctx->pc.issued_read);
  /* Only unmapped locations can be in flight; a blocking get is complete. */
  if (__builtin_expect(!remote.mapped, 0) && (write || nbi))
    network_pending(ctx, remote, local, write);
}

/* An AMO issued on ctx: fetching ones read, the others write.  Each one is
 * complete when it returns, over the network too. */
inline void amo_issued(rocshmem_ctx_t ctx, bool fetching) {
  bump(ctx, fetching ? &ctx->pc.issued_read : &ctx->pc.issued_write);
}

/* The network transport completed everything in flight (its quiet). */
void network_completed();

}  // namespace pcntr
}  // namespace rocshmem

#endif
