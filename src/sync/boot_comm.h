/* Where groups of PEs synchronize and collect through the bootstrap's
 * messages (MPI's) instead of the library's own rounds: in jobs spanning
 * nodes where some PE reaches a peer by messages its worker must serve (UCX
 * over tcp), under the MPI bootstrap.  There a round of the library's own
 * barrier or a block of its collectives is a network round trip through
 * both PEs' workers (2 PEs: about 50 us where MPI's barrier took 1.4). */
#ifndef ROCSHMEM_SYNC_BOOT_COMM_H
#define ROCSHMEM_SYNC_BOOT_COMM_H

#include <cstddef>

#include "team/group.h"

namespace rocshmem {

constexpr int kNoBootComm = -1;

/* Collective, at init (after the network transport is up): agrees whether
 * this job takes the bootstrap's messages at all. */
void boot_comm_setup();
void boot_comm_teardown();

/* The bootstrap communicator that synchronizes `group` (members in any
 * order), or kNoBootComm.  A group spanning nodes gets its own communicator
 * the first time one is needed (collective over its members, like every
 * use of the group), kept until finalize and found again by member list:
 * teams made again with the same members, and 1.x active sets, called on
 * every collective, reuse it.  A group on one node keeps the library's own
 * shared-memory paths.  The same answer on every member. */
int boot_comm_sync(const char *call, const Group &group);
/* The same for `group`'s collectives, whose ranks must be in member order
 * (every PE in another order gets its own communicator). */
int boot_comm_coll(const char *call, const Group &group);

/* Completes the round of messages just started on the bootstrap, serving
 * the network transport meanwhile; `call` (here and below) names the public
 * routine, for a wait's timeout (sync/wait.h). */
void boot_wait(const char *call);

/* The collectives of a communicator from the calls above, scheduled by
 * the library over the bootstrap's point-to-point messages (see
 * boot_comm.cc for why not MPI's non-blocking collectives), each rank's
 * blocks in rank order, `in` apart from `out` (the caller copies an
 * overlapping source first):
 * - a dissemination barrier of the communicator that boot_comm_sync gave
 *   for `group` (whose messages carry the senders' sync tags);
 * - a binomial-tree broadcast of `bytes` from comm rank `root` (`buf` is the
 *   root's source and every other rank's destination);
 * - allgather: every rank's `bytes` from `in` at out + rank * bytes;
 * - allgatherv: rank r's block (counts[r] bytes; mine is in_bytes) at
 *   out + displs[r];
 * - alltoall: block p of my `in` (`bytes` each) to rank p, rank p's block for
 *   me at out + p * bytes. */
void boot_barrier(const char *call, int comm, const Group &group);
void boot_bcast(const char *call, int comm, void *buf, size_t bytes, int root);
void boot_allgather(const char *call, int comm, const void *in, void *out, size_t bytes);
void boot_allgatherv(const char *call, int comm, const void *in, size_t in_bytes, void *out,
                     const int *counts, const int *displs);
void boot_alltoall(const char *call, int comm, const void *in, void *out, size_t bytes);

}  // namespace rocshmem

#endif
