/* Collective algorithms over a Group (a team or a legacy active set).
 *
 * Four paths, chosen per call from the group, the job and the byte count
 * (so every member takes the same one):
 *
 * - A group spanning nodes, in a job over tcp under the MPI bootstrap,
 *   SHMEM_DEBUG off (by_mpi): our schedules of MPI messages on the group's
 *   bootstrap communicator (sync/boot_comm.h), polled while serving the
 *   network (over tcp each pull below is a network round trip: 2 PEs'
 *   8-byte collectives took 120-250 us, 4-190x OSHMEM, whose collectives
 *   are MPI's).
 *
 * - Same node (every member mapped) and SHMEM_DEBUG off: one round of
 *   messages through per-pair mailboxes (msg:: below).  Small blocks travel
 *   inside the message; large ones are read by the receiver straight out of
 *   the sender's buffer (one copy per byte), and the sender waits for the
 *   acknowledgements.  No group synchronization at all: a broadcast root
 *   leaves as soon as its messages are written.
 *
 * - Members on other nodes otherwise, SHMEM_DEBUG off: broadcast, fcollect
 *   and reductions (in pieces of sched_exec::kReduceMaxBytes) run the
 *   node-aware schedules of coll/schedule.h (coll/sched_exec.h): members hand their
 *   part to their node leader through shared memory, the leaders exchange
 *   over the network in O(log2 nodes) messages each.
 *
 * - Otherwise (the other collectives across nodes, or SHMEM_DEBUG):
 *   collectives pull.
 *   begin() publishes the arguments and synchronizes the group, each PE
 *   copies what it needs out of its peers' source buffers, and a final
 *   synchronization makes sure nobody reuses a buffer another PE is still
 *   reading.  Under SHMEM_DEBUG begin() also compares the arguments that
 *   must agree.
 *
 * Reductions combine the members' contributions in member order on every PE,
 * so floating-point results are identical everywhere.  Small vectors are
 * reduced whole by every PE; large ones on the general path are split into
 * one chunk per member (reduce-scatter), then gathered (four
 * synchronizations, but each element is combined once, by one PE). */
#ifndef ROCSHMEM_COLL_COLL_H
#define ROCSHMEM_COLL_COLL_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "coll/sched_exec.h"
#include "core/log.h"
#include "core/runtime.h"
#include "sync/barrier.h"
#include "sync/boot_comm.h"
#include "team/group.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace coll {

/* Below this many bytes every PE reduces the whole vector. */
constexpr size_t kReduceWholeBytes = 16 * 1024;

/* Collective at init: the symmetric words PEs publish for each other, and
 * the mailboxes of the same-node path (msg::). */
void coll_setup(const char *call);

/* An argument that must agree across the members of a collective. */
struct Arg {
  const char *name;
  long value;
};

/* Checks that the runtime is up and this PE is a member of g. */
void enter(const char *call, const Group &g);

/* The opening of every collective on the general path: checks that the
 * runtime is up and this PE is a member, publishes `share` for the other
 * members (collect's sizes), and synchronizes the group.  Under SHMEM_DEBUG
 * it also fails when members passed different values of any of `args` (a
 * root, a count, a stride), which would otherwise corrupt memory or hang. */
void begin(const char *call, const Group &g, std::initializer_list<Arg> args, size_t share = 0);
/* What member m shared in begin(); valid until the collective's last sync. */
size_t shared_by(const char *call, const Group &g, int m);

/* Member m's copy of the symmetric range [addr, addr+len): its address when
 * mapped here, else fetched through the network transport into this
 * thread's staging buffer, valid until the next member_view. */
const char *member_view(const char *call, const char *arg, const void *addr, size_t len,
                        const Group &g, int m);
/* Copies member m's [addr, addr+len) into dst. */
void read_member(const char *call, const char *arg, const void *addr, size_t len, const Group &g,
                 int m, void *dst);

size_t byte_count(const char *call, size_t nelems, size_t elem_size);

/* Host collectives move data with the CPU, which cannot touch the GPU heap
 * (rocshmem_malloc with a GPU): such a buffer ends the job naming the call
 * and the argument, and the GPU forms that can take it. */
[[noreturn]] void gpu_heap_arg(const char *call, const char *arg, const void *addr);

/* A collective's dest here, `len` bytes of it about to be written.  The
 * spec makes dest symmetric; one outside every symmetric segment is left
 * alone (this PE's CPU writes it, as OSHMEM's does), but one that starts in
 * the heap or the static data and runs past its end ends the job naming
 * the call and the argument, instead of being written past the segment. */
inline void check_dest(const char *call, const void *dest, size_t len) {
  if (!len) return;
  const int s = peer_segment_of(dest, 1);
  if (s == SEG_GPU) gpu_heap_arg(call, "dest", dest);
  if (s >= 0 && peer_segment_of(dest, len) < 0)
    peer_bad_address(call, "dest", dest, len, g_peers.my_pe);
}

/* A collective's source here, `len` bytes of it read by the members: it
 * must be symmetric, in host memory.  The sender of a message checks its
 * own source, so a receiver never follows a reference into GPU memory. */
inline void check_source(const char *call, const void *source, size_t len) {
  if (!len) return;
  const int s = peer_segment_of(source, len);
  if (s < 0) peer_bad_address(call, "source", source, len, g_peers.my_pe);
  if (s == SEG_GPU) gpu_heap_arg(call, "source", source);
}

/* Jobs spanning nodes over tcp (sync/boot_comm.h): a collective of a group
 * spanning nodes moves its data with our schedules of MPI messages on the
 * bootstrap communicator returned (kNoBootComm: not this way), whose buffers of
 * `total` bytes must fit an int.  Not under SHMEM_DEBUG, whose argument
 * checks run on the general path. */
int by_mpi(const char *call, const Group &g, size_t total);

/* ROCSHMEM_DEBUG_LEVEL=3: says which path a collective routine takes, the
 * first time each routine takes each path (one in a loop would flood the
 * log otherwise).  by_mpi, msg::fast and begin call it on their path. */
void note_path(const char *call, const Group &g, const char *path);

/* ------------------------------------------------- the same-node fast path
 * When every member maps every other member's memory (one node) and
 * SHMEM_DEBUG is off, a collective is one round of messages instead of
 * synchronization + copy + synchronization.  Each PE has, in the symmetric
 * heap, one mailbox slot per possible sender and one acknowledgement word
 * per possible receiver.  A message to PE j is written into my slot at PE j,
 * sequence number last (release); j copies it out and then stores how many
 * of my messages it has consumed into my acknowledgement word for j.  I wait
 * for that word only before reusing the slot, so a PE leaves a collective as
 * soon as its own part is done: with more PEs than cores, every additional
 * round trip would cost a scheduler time slice.
 *
 * Messages up to kInline bytes carry their data.  Longer ones carry only the
 * length: the receiver copies straight out of the sender's (mapped) buffer,
 * and the sender waits for every receiver's acknowledgement before it
 * returns, because the caller may reuse that buffer at once.  Mailboxes are
 * per pair, like the synchronization counters, so any team or active set
 * can use them, as long as every pair of PEs performs its collectives in
 * the same order (the spec requires it). */
namespace msg {

constexpr size_t kSlotBytes = 1024;
constexpr size_t kInline = kSlotBytes - 4 * sizeof(uint64_t);
/* Slots per sender at each receiver. */
constexpr uint64_t kRing = 4;

/* True when this collective may take the fast path: the same answer on
 * every member (all on one node, and SHMEM_DEBUG is a job-wide setting). */
bool fast(const char *call, const Group &g);
/* Sends len bytes from data (inline when len <= kInline) to world PE `to`.
 * `call` names the collective, for a wait's timeout (sync/wait.h). */
void send(const char *call, int to, const void *data, size_t len);
/* Waits for the next message from world PE `from`; returns its inline data,
 * or nullptr when it was sent by reference (read the sender's buffer), and
 * its length. */
const char *recv(const char *call, int from, size_t *len);
/* recv of a message that must be `bytes` long (every member's count is the
 * same): a mismatch ends the job naming `call` instead of reading past the
 * slot or the sender's buffer. */
const char *recv_exact(const char *call, int from, size_t bytes);
/* Tells `from` that its last message has been consumed. */
void ack(int from);
/* Waits until `to` has consumed every message I sent it. */
void wait_acked(const char *call, int to);

}  // namespace msg

void broadcast(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
               size_t elem_size, int root, bool root_receives);
void fcollect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size);
void collect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
             size_t elem_size);
void alltoall(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size);
void alltoalls(const char *call, const Group &g, void *dest, const void *source, ptrdiff_t dst,
               ptrdiff_t sst, size_t nelems, size_t elem_size);

/* ------------------------------------------------------------- reductions */
template <class T>
T *scratch(size_t count, int which = 0) {
  thread_local std::vector<T> buffers[2];
  if (buffers[which].size() < count) buffers[which].resize(count);
  return buffers[which].data();
}

/* out[0..count) = source[first..first+count) combined over members, in
 * member order. */
template <class T, class Op>
void reduce_range(const char *call, const Group &g, T *out, const T *source, size_t first,
                  size_t count) {
  read_member(call, "source", source + first, count * sizeof(T), g, 0, out);
  for (int m = 1; m < g.size; ++m) {
    const T *in = reinterpret_cast<const T *>(
        member_view(call, "source", source + first, count * sizeof(T), g, m));
    for (size_t i = 0; i < count; ++i) out[i] = Op::apply(out[i], in[i]);
  }
}

/* The fast path (msg::): every member sends every other the part of its
 * source that member reduces, `source + m * stride` to member m (the whole
 * source of a reduction, stride 0; block m of a reduce-scatter, stride
 * nreduce), and each reduces the contributions in member order.  The
 * caller has checked the whole source. */
template <class T, class Op>
void reduce_by_messages(const char *call, const Group &g, T *dest, const T *source,
                        size_t nreduce, size_t stride) {
  const size_t bytes = nreduce * sizeof(T);
  for (int d = 1; d < g.size; ++d) {
    const int to = (g.me + d) % g.size;
    msg::send(call, g.world_pe(to), source + to * stride, bytes);
  }
  const T *mine = source + g.me * stride;
  T *tmp = scratch<T>(nreduce ? nreduce : 1);
  for (int m = 0; m < g.size; ++m) {
    const T *in = mine;
    if (m != g.me) {
      const char *data = msg::recv_exact(call, g.world_pe(m), bytes);
      in = data ? reinterpret_cast<const T *>(data)
                : reinterpret_cast<const T *>(
                      peer_translate(call, "source", mine, bytes, g.world_pe(m)));
    }
    if (m == 0)
      std::memcpy(tmp, in, bytes);
    else
      for (size_t i = 0; i < nreduce; ++i) tmp[i] = Op::apply(tmp[i], in[i]);
    if (m != g.me) msg::ack(g.world_pe(m));
  }
  /* Sent by reference: the others read my source, which may be dest. */
  if (bytes > msg::kInline)
    for (int d = 1; d < g.size; ++d) msg::wait_acked(call, g.world_pe((g.me + d) % g.size));
  if (bytes) std::memcpy(dest, tmp, bytes);
}

/* Combines count elements of each of n blocks `stride` apart, in member
 * order, into out (which may be the first block). */
template <class T, class Op>
void combine_blocks(T *out, const T *blocks, size_t count, size_t stride, int n) {
  for (size_t i = 0; i < count; ++i) {
    T acc = blocks[i];
    for (int m = 1; m < n; ++m) acc = Op::apply(acc, blocks[m * stride + i]);
    out[i] = acc;
  }
}

/* The by_mpi path: small vectors gathered whole and reduced by every PE;
 * larger ones as a reduce-scatter (an alltoall of one padded chunk per
 * member, each reduced by its member) and an allgather of the results. */
template <class T, class Op>
void reduce_by_mpi(const char *call, int comm, const Group &g, T *dest, const T *source,
                   size_t nreduce, size_t bytes) {
  const int n = g.size;
  if (bytes <= kReduceWholeBytes) {
    T *all = scratch<T>(nreduce * n + 1, 1);
    boot_allgather(call, comm, source, all, bytes);
    combine_blocks<T, Op>(dest, all, nreduce, nreduce, n);
    return;
  }
  const size_t chunk = (nreduce + n - 1) / n;
  /* Where the chunks tile the vector exactly (power-of-two counts on
   * power-of-two groups), the alltoall reads `source` and the allgather
   * writes `dest`: two copies of the vector fewer (about 45 us at 1 MiB
   * here, within the noise of the tcp rows).  Either way my chunk is
   * reduced into its place in the allgather's output, which then keeps it
   * there (the allgather copies no block of its own).  That output may be
   * `blocks` itself: combine_blocks reads element i of every block before
   * it writes element i of mine, and no other element reads that one. */
  const bool exact = chunk * n == nreduce;
  T *mine = exact ? nullptr : scratch<T>(chunk * n, 0), *blocks = scratch<T>(chunk * n, 1);
  if (!exact) {
    std::memcpy(mine, source, bytes);
    std::memset(static_cast<void *>(mine + nreduce), 0, (chunk * n - nreduce) * sizeof(T));
  }
  boot_alltoall(call, comm, exact ? source : mine, blocks, chunk * sizeof(T));
  T *gathered = exact ? dest : blocks, *reduced = gathered + g.me * chunk;
  combine_blocks<T, Op>(reduced, blocks, chunk, chunk, n);
  boot_allgather(call, comm, reduced, gathered, chunk * sizeof(T));
  if (!exact) std::memcpy(dest, blocks, bytes);
}

/* dest may equal source (in place), as the spec allows. */
template <class T, class Op>
void reduce(const char *call, const Group &g, T *dest, const T *source, size_t nreduce) {
  const size_t bytes = byte_count(call, nreduce, sizeof(T));
  check_dest(call, dest, bytes);
  if (const int comm = by_mpi(call, g, bytes * g.size + sizeof(T)); comm != kNoBootComm) {
    enter(call, g);
    if (bytes) {
      check_source(call, source, bytes);
      reduce_by_mpi<T, Op>(call, comm, g, dest, source, nreduce, bytes);
    }
    return;
  }
  const bool whole = bytes <= kReduceWholeBytes || nreduce < static_cast<size_t>(g.size);
  if (whole && msg::fast(call, g)) {
    enter(call, g);
    check_source(call, source, bytes);
    reduce_by_messages<T, Op>(call, g, dest, source, nreduce, 0);
    return;
  }
  if (bytes && sched_exec::takes(call, g)) {
    enter(call, g);
    check_source(call, source, bytes);
    peer_locate(call, "dest", dest, bytes, g_peers.my_pe);
    sched_exec::reduce(call, g, dest, source, bytes, sizeof(T), &sched_exec::combine<T, Op>);
    return;
  }
  begin(call, g, {{"nreduce", static_cast<long>(nreduce)}});
  if (bytes == 0) {
    group_sync(call, g);
    return;
  }
  if (whole) {
    T *tmp = scratch<T>(nreduce);
    reduce_range<T, Op>(call, g, tmp, source, 0, nreduce);
    group_sync(call, g); /* every source has been read */
    std::memcpy(dest, tmp, bytes);
    return;
  }
  auto chunk_first = [&](int m) { return nreduce * m / g.size; };
  const size_t first = chunk_first(g.me), count = chunk_first(g.me + 1) - first;
  T *tmp = scratch<T>(count);
  reduce_range<T, Op>(call, g, tmp, source, first, count);
  group_sync(call, g); /* every source has been read: dest may now be written */
  std::memcpy(dest + first, tmp, count * sizeof(T));
  group_sync(call, g); /* every chunk is final */
  for (int m = 0; m < g.size; ++m) {
    if (m == g.me) continue;
    size_t f = chunk_first(m), c = chunk_first(m + 1) - f;
    read_member(call, "dest", dest + f, c * sizeof(T), g, m, dest + f);
  }
  group_sync(call, g); /* nobody still reads my chunk */
}

/* dest gets nreduce elements: member me's block of the reduction of every
 * member's source[0 .. nreduce * g.size).  dest may overlap source. */
template <class T, class Op>
void reduce_scatter(const char *call, const Group &g, T *dest, const T *source, size_t nreduce) {
  const size_t total = byte_count(call, nreduce, static_cast<size_t>(g.size));
  const size_t bytes = byte_count(call, total, sizeof(T));
  check_dest(call, dest, nreduce * sizeof(T));
  if (const int comm = by_mpi(call, g, bytes); comm != kNoBootComm) {
    /* Block m of every member's source to member m: only my block of each
     * crosses the network. */
    enter(call, g);
    check_source(call, source, bytes);
    if (nreduce) {
      T *blocks = scratch<T>(total, 1);
      boot_alltoall(call, comm, source, blocks, nreduce * sizeof(T));
      combine_blocks<T, Op>(dest, blocks, nreduce, nreduce, g.size);
    }
    return;
  }
  if (msg::fast(call, g)) {
    enter(call, g);
    check_source(call, source, bytes);
    reduce_by_messages<T, Op>(call, g, dest, source, nreduce, nreduce);
    return;
  }
  begin(call, g, {{"nreduce", static_cast<long>(nreduce)}});
  /* Checked before the scratch buffer of nreduce elements is allocated. */
  check_source(call, source, bytes);
  T *tmp = scratch<T>(nreduce);
  if (nreduce) reduce_range<T, Op>(call, g, tmp, source, nreduce * g.me, nreduce);
  group_sync(call, g);
  if (nreduce) std::memcpy(dest, tmp, nreduce * sizeof(T));
}

}  // namespace coll
}  // namespace rocshmem

#endif
