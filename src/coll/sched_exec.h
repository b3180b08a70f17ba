/* The runtime's executor of coll/schedule.h's node-aware schedules, for the
 * data collectives of a group spanning nodes.
 *
 * The general path (coll.h) makes every PE read every member's block over
 * the network: O(members) network operations per PE.  Here each PE performs
 * only its own steps of the schedule, so a non-leader talks to its node
 * leader through shared memory alone and a leader makes O(log2 nodes)
 * network messages.
 *
 * A message is data pushed into the receiver followed by one signal on the
 * pairwise counters (sync/barrier.h, pair_signal), which the transport
 * orders after the data; a receive is a wait for that signal.  Copy steps
 * land straight in the receiver's symmetric dest at the pieces' byte
 * offsets; combine steps between nodes land in a symmetric scratch slot of
 * the receiver (one per inter-node receive of a reduction); combine steps
 * on a node are read by the leader straight out of the member's source.
 * A broadcast's root is the exception: its dest may not be the others'
 * (a root broadcasting in place passes its source as its dest), so the
 * members it sends to read its source themselves after its signal, and
 * signal back when done, before the root returns.
 *
 * Pushing into a peer's memory is safe only once that peer has entered the
 * collective (its previous collective may still read its dest or scratch):
 * on entry every PE signals each member that will push to it ("ready"),
 * then waits for the ready of each member it pushes to.  Every ready is
 * sent before any is waited for, and each PE consumes them before any data
 * signal, so both ends of every pair see the same sequence.
 *
 * Taken, by every member alike, where the group spans nodes (some member is
 * not mapped here), SHMEM_DEBUG is off (its argument checks run on the
 * general path) and the by_mpi path was not; the same-node msg:: path keeps
 * groups on one node. */
#ifndef ROCSHMEM_COLL_SCHED_EXEC_H
#define ROCSHMEM_COLL_SCHED_EXEC_H

#include <cstddef>

#include "coll/schedule.h"
#include "team/group.h"

namespace rocshmem {
namespace coll {
namespace sched_exec {

/* Collective, at init: the symmetric scratch of the reductions. */
void setup(const char *call);

/* Whether a collective of g takes this path: the same answer on every
 * member (a group's layout and SHMEM_DEBUG are the same everywhere).
 * Notes the path (note_path) when it does. */
bool takes(const char *call, const Group &g);

/* A reduction runs in pieces of at most this many bytes, each one
 * recursive doubling between the leaders with its partials landing in one
 * scratch slot: O(log2 nodes) messages a piece, where the general path
 * reads from every member.  (The schedule module's Rabenseifner form for
 * large vectors, which moves each byte about twice instead of log2 nodes
 * times, would need scratch of the vector's size.) */
constexpr size_t kReduceMaxBytes = sched::kReduceHalvingBytes;
/* The bytes of every piece but the last: a whole number of elements. */
constexpr size_t reduce_piece_bytes(size_t elem_size) {
  return kReduceMaxBytes / elem_size * elem_size;
}

/* The caller checked its arguments (check_dest, check_source) and that this
 * PE is a member; bytes > 0, and the same on every member. */
void broadcast(const char *call, const Group &g, void *dest, const void *source, size_t bytes,
               size_t elem_size, int root, bool root_receives);
void fcollect(const char *call, const Group &g, void *dest, const void *source, size_t bytes);

/* acc[i] = op(in[i], acc[i]) when in_first (the partial of lower members),
 * else op(acc[i], in[i]), for count elements. */
using Combine = void (*)(void *acc, const void *in, size_t count, bool in_first);
template <class T, class Op>
void combine(void *acc, const void *in, size_t count, bool in_first) {
  T *a = static_cast<T *>(acc);
  const T *b = static_cast<const T *>(in);
  if (in_first)
    for (size_t i = 0; i < count; ++i) a[i] = Op::apply(b[i], a[i]);
  else
    for (size_t i = 0; i < count; ++i) a[i] = Op::apply(a[i], b[i]);
}
/* Any bytes > 0, in pieces of reduce_piece_bytes(elem_size), each a
 * collective of its own.  dest may be source.  Every member gets the
 * same bits: each combine puts the lower members' partial first, and the
 * two ends of a recursive-doubling exchange compute the same expression. */
void reduce(const char *call, const Group &g, void *dest, const void *source, size_t bytes,
            size_t elem_size, Combine fn);

}  // namespace sched_exec
}  // namespace coll
}  // namespace rocshmem

#endif
