/* Synchronization of a group of PEs, and the completion routines it builds
 * on. */
#ifndef ROCSHMEM_SYNC_BARRIER_H
#define ROCSHMEM_SYNC_BARRIER_H

#include <atomic>

#include "gpu/gpu.h"
#include "team/group.h"
#include "transport/network.h"

namespace rocshmem {

/* Collective, at init: allocates the symmetric counters and the leaving
 * word. */
void barrier_setup(const char *call);
void barrier_teardown();

/* The leaving word: one per PE, in the symmetric heap next to the counters,
 * where same-node PEs read it (a PE that left keeps its heap mapped in its
 * peers until they unmap it, so the word outlives it).  Only the implicit
 * finalize at exit sets it (core/runtime.cc): kLeaving before its barrier,
 * kGone once past it, when the PE will never signal anybody again.  A PE
 * that calls shmem_finalize itself never sets it.  Waits look at their
 * same-node peers' words (sync/wait.cc); PEs on other nodes cannot be seen
 * this way. */
enum LeaveStage : uint64_t { kStaying = 0, kLeaving = 1, kGone = 2 };
void leave_mark(LeaveStage stage);
/* Same-node PE `pe`'s word; kStaying for a PE whose heap is not mapped here,
 * and before barrier_setup or after barrier_teardown. */
LeaveStage leave_stage_of(int pe);

/* What a synchronization signal says of its sender, in its low
 * kSyncTagBits bits: a plain synchronization, or one of a finalize
 * (shmem_finalize, or the implicit one at exit after returning from main).
 * A PE outside a finalize whose synchronization completes against a
 * finalize's ends the job naming that PE (sync_tag_check): the finalizing
 * PE would otherwise go on to tear down while this one went on running. */
enum SyncTag : unsigned { kSyncPlain = 0, kSyncFinalize = 1, kSyncExit = 2 };
constexpr unsigned kSyncTagBits = 2;
/* This PE's tag for the signals it sends now. */
unsigned sync_tag_mine();
/* Called by a PE whose synchronization PE `from` completed with `tag`. */
void sync_tag_check(const char *call, int from, unsigned tag);
/* SHMEM_DEBUG: every signal also carries the routine its sender
 * synchronizes in (`call`, up to kSyncNameBytes - 1 characters), and the receiver ends
 * the job naming both routines when they differ (prefixes aside, and
 * "shmem_finalize (implicit, at exit)" is a shmem_finalize): PEs in
 * different collectives would otherwise complete each other's
 * synchronization.  Every member signals the next one in the first round,
 * so whenever the members' routines differ some member sees it.
 * sync_names_checked says whether the check is on (SHMEM_DEBUG). */
constexpr size_t kSyncNameBytes = 64;
void sync_name_check(const char *call, int from, const char *theirs);
bool sync_names_checked();

/* Completion of every put issued so far, to every PE.  Puts to mapped peers
 * are stores; a full fence makes them globally visible before any later load
 * or store (including a later flag store or get).  Network puts complete by
 * flushing the transport.  Kernels' requests to this PE's GPU proxy that are
 * published by now complete too (gpu/gpu.h). */
inline void quiet() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (net::g_active) net::quiet();
  if (gpu::g_proxy_running) gpu::drain_proxy("rocshmem_quiet");
}
/* Ordering of puts per target PE: stores are already ordered on x86 (TSO);
 * the release fence keeps the compiler, and weaker CPUs, from reordering. */
inline void fence() {
  std::atomic_thread_fence(std::memory_order_release);
  if (net::g_active) net::fence();
}

/* Returns when every member of `group` has called it (no completion
 * guarantee for puts beyond release/acquire ordering: shmem_team_sync).
 * Under SHMEM_DEBUG the members' routines are compared (sync_name_check). */
void group_sync(const char *call, const Group &group);

/* The library's own synchronization of `group` (pairwise counters), which
 * group_sync uses wherever the bootstrap's barrier does not serve. */
void counter_sync(const char *call, const Group &group);

/* One message's worth of the pairwise counters, for collectives that
 * move their own data (coll/sched_exec.h): pair_signal tells world PE `to`
 * "next event from me", ordered after every put this PE issued before it;
 * pair_wait waits for the next such event from world PE `from`.  They
 * share the counters with the barriers, so each pair of PEs must see the
 * same sequence of them, which holds as long as every pair performs its
 * collectives in the same order and each schedule waits for exactly the
 * signals it sends. */
void pair_signal(const char *call, int to);
void pair_wait(const char *call, int from);

/* The world group (every PE). */
const Group &world_group();

/* quiet, then wait for every PE (shmem_barrier_all). */
void barrier_all(const char *call);
/* wait for every PE, no completion guarantee for puts (shmem_sync_all). */
void sync_all(const char *call);

}  // namespace rocshmem

#endif
