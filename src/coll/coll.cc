#include "coll/coll.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <mutex>
#include <set>
#include <utility>

#include "sync/wait.h"

namespace rocshmem {
namespace coll {

namespace {

/* Each PE's published words, one cache line in the symmetric heap:
 * [0] the value shared in begin(), [1..7] the debug-checked arguments. */
constexpr int kWords = 8;
uint64_t *g_words = nullptr;

/* Member m's published words. */
void words_of(const char *call, const Group &g, int m, uint64_t out[kWords]) {
  read_member(call, "collective state", g_words, kWords * sizeof(uint64_t), g, m, out);
}

/* The mailboxes (see msg:: in coll.h), sized by the node, not the job: only
 * PEs that map each other's heaps (one node's: Topology::local_pes, the same
 * ascending list on each of them) exchange messages, so a PE is known here
 * by its node-local rank.  Symmetric: inbox[s * kRing + r] is slot r of the
 * ring of the node's s-th PE; acks[j * kAckStride] is written by the node's
 * j-th PE (how many of my messages it has consumed).  Private, per PE of the
 * node: messages sent to it, messages received from it and consumed
 * (acknowledged), and the newest count of mine it is known to have
 * consumed.  At 64 PEs a node that is 256 KiB of each heap, whatever the
 * job's size. */
struct Slot {
  uint64_t seq;    /* the sender's message count to this PE, stored last */
  uint64_t len;
  uint64_t acked;  /* how many of this PE's messages the sender had consumed */
  uint64_t unused; /* keeps data 16-byte aligned */
  char data[msg::kInline]; /* shares the first line with the header */
};
static_assert(sizeof(Slot) == msg::kSlotBytes, "one slot per sender and ring position");
constexpr size_t kAckStride = 64 / sizeof(uint64_t); /* one line per receiver */

struct Mail {
  const std::vector<int> *node_pes = nullptr; /* Topology::local_pes */
  Slot *inbox = nullptr;
  uint64_t *acks = nullptr;
  size_t inbox_off = 0, acks_off = 0; /* from the heap's start, on every PE */
  std::vector<uint64_t> sent, received, consumed, known_acked;
};
Mail g_mail;

inline char *heap_of(int pe) { return g_peers.base[SEG_HEAP][pe]; }

/* A same-node PE's rank on the node (msg:: is only used between them). */
size_t node_rank(int pe) {
  const std::vector<int> &pes = *g_mail.node_pes;
  return static_cast<size_t>(std::lower_bound(pes.begin(), pes.end(), pe) - pes.begin());
}

/* Raises what I know `to` has consumed of my messages to at least k, reading
 * its acknowledgement word (a line it writes: a cache miss) only when what
 * I learned for free, from the messages it sent me, is not enough. */
void learn_acked(const char *call, int to, uint64_t k) {
  uint64_t &known = g_mail.known_acked[node_rank(to)];
  if (known >= k) return;
  const uint64_t *acked = g_mail.acks + node_rank(to) * kAckStride;
  known = __atomic_load_n(acked, __ATOMIC_ACQUIRE);
  if (known < k) {
    wait_politely({call, "its earlier collective messages to be consumed by PE", to},
                  [&] { return __atomic_load_n(acked, __ATOMIC_ACQUIRE) >= k; });
    known = __atomic_load_n(acked, __ATOMIC_ACQUIRE);
  }
}

}  // namespace

namespace msg {

bool fast(const char *call, const Group &g) {
  const bool yes = !g_runtime.cfg.debug && g_mail.inbox && g.mapped;
  if (yes) note_path(call, g, "the same-node message path (one message per pair of members)");
  return yes;
}

void send(const char *call, int to, const void *data, size_t len) {
  const size_t peer = node_rank(to);
  const uint64_t k = ++g_mail.sent[peer];
  /* The ring position still holds message k - kRing until `to` consumed it. */
  if (k > kRing) learn_acked(call, to, k - kRing);
  Slot *slot = reinterpret_cast<Slot *>(heap_of(to) + g_mail.inbox_off) +
               static_cast<size_t>(g_runtime.topo.local_rank) * kRing + k % kRing;
  if (len <= kInline && len) std::memcpy(slot->data, data, len);
  __atomic_store_n(&slot->len, len, __ATOMIC_RELAXED);
  __atomic_store_n(&slot->acked, g_mail.consumed[peer], __ATOMIC_RELAXED);
  __atomic_store_n(&slot->seq, k, __ATOMIC_RELEASE);
}

const char *recv(const char *call, int from, size_t *len) {
  const size_t peer = node_rank(from);
  const uint64_t k = ++g_mail.received[peer];
  const Slot *slot = g_mail.inbox + peer * kRing + k % kRing;
  if (__atomic_load_n(&slot->seq, __ATOMIC_ACQUIRE) < k)
    wait_politely({call, "a collective message from PE", from},
                  [&] { return __atomic_load_n(&slot->seq, __ATOMIC_ACQUIRE) >= k; });
  *len = __atomic_load_n(&slot->len, __ATOMIC_RELAXED);
  uint64_t &known = g_mail.known_acked[peer];
  known = std::max(known, __atomic_load_n(&slot->acked, __ATOMIC_RELAXED));
  return *len <= kInline ? slot->data : nullptr;
}

const char *recv_exact(const char *call, int from, size_t bytes) {
  size_t len;
  const char *data = recv(call, from, &len);
  if (len != bytes)
    fatal(call, "this PE's nelems make %zu bytes but PE %d sent %zu: every member must pass "
          "the same nelems (SHMEM_DEBUG=1 compares all the arguments)", bytes, from, len);
  return data;
}

void ack(int from) {
  uint64_t *word = reinterpret_cast<uint64_t *>(heap_of(from) + g_mail.acks_off) +
                   static_cast<size_t>(g_runtime.topo.local_rank) * kAckStride;
  const size_t peer = node_rank(from);
  g_mail.consumed[peer] = g_mail.received[peer];
  /* Release: my reads of the slot (or of from's buffer) come first. */
  __atomic_store_n(word, g_mail.consumed[peer], __ATOMIC_RELEASE);
}

void wait_acked(const char *call, int to) { learn_acked(call, to, g_mail.sent[node_rank(to)]); }

}  // namespace msg

void gpu_heap_arg(const char *call, const char *arg, const void *addr) {
  fatal(call, "%s = %p is in the GPU heap (rocshmem_malloc): host collectives move data with "
        "the CPU, which cannot reach GPU memory; call the device collective in a kernel or the "
        "_on_stream form (rocshmem_stream.h), or use host memory (shmem_malloc)", arg, addr);
}

/* Member m's copy of a symmetric object, checked to be host memory (the
 * general path reads members whose own call has not checked it yet). */
namespace {
Location member_locate(const char *call, const char *arg, const void *addr, size_t len,
                       const Group &g, int m) {
  Location loc = peer_locate(call, arg, addr, len, g.world_pe(m));
  if (loc.seg == SEG_GPU) gpu_heap_arg(call, arg, addr);
  return loc;
}
}  // namespace

const char *member_view(const char *call, const char *arg, const void *addr, size_t len,
                        const Group &g, int m) {
  Location loc = member_locate(call, arg, addr, len, g, m);
  if (loc.mapped) return loc.mapped;
  /* Its own buffer, not a scratch<> slot: callers hold those while they
   * read (reduce_range's result may be scratch<char>).  operator new's
   * alignment suits every reduction type. */
  thread_local std::vector<char> staging;
  if (staging.size() < len) staging.resize(len);
  net::get(call, g.world_pe(m), loc, staging.data(), len, false);
  return staging.data();
}

void read_member(const char *call, const char *arg, const void *addr, size_t len, const Group &g,
                 int m, void *dst) {
  if (len == 0) return;
  Location loc = member_locate(call, arg, addr, len, g, m);
  if (loc.mapped)
    std::memmove(dst, loc.mapped, len);
  else
    net::get(call, g.world_pe(m), loc, dst, len, false);
}

void coll_setup(const char *call) {
  /* The largest node's PE count: every PE allocates the same sizes at the
   * same point of init, so the heaps stay symmetric. */
  std::vector<size_t> node_sizes(static_cast<size_t>(g_runtime.topo.n_nodes), 0);
  for (int node : g_runtime.topo.node_of_pe) ++node_sizes[static_cast<size_t>(node)];
  const size_t n = *std::max_element(node_sizes.begin(), node_sizes.end());
  void *words = g_runtime.heap.allocate(64, 64);
  void *inbox = g_runtime.heap.allocate(n * msg::kRing * sizeof(Slot), 64);
  void *acks = g_runtime.heap.allocate(n * kAckStride * sizeof(uint64_t), 64);
  if (!words || !inbox || !acks)
    fatal(call, "the symmetric heap is too small for the collectives' state of %zu PEs on a "
          "node (%zu bytes); raise SHMEM_SYMMETRIC_SIZE", n,
          64 + n * (msg::kRing * sizeof(Slot) + 64));
  g_words = static_cast<uint64_t *>(words);
  g_mail = Mail{};
  g_mail.node_pes = &g_runtime.topo.local_pes;
  g_mail.inbox = static_cast<Slot *>(inbox);
  g_mail.acks = static_cast<uint64_t *>(acks);
  g_mail.inbox_off = static_cast<char *>(inbox) - reinterpret_cast<char *>(g_peers.lo[SEG_HEAP]);
  g_mail.acks_off = static_cast<char *>(acks) - reinterpret_cast<char *>(g_peers.lo[SEG_HEAP]);
  g_mail.sent.assign(n, 0);
  g_mail.received.assign(n, 0);
  g_mail.consumed.assign(n, 0);
  g_mail.known_acked.assign(n, 0);
}

size_t byte_count(const char *call, size_t nelems, size_t elem_size) {
  if (elem_size > 1 && nelems > SIZE_MAX / elem_size)
    fatal(call, "nelems = %zu elements of %zu bytes overflows the address space", nelems, elem_size);
  return nelems * elem_size;
}

void enter(const char *call, const Group &g) {
  require_init(call);
  if (g.me < 0) fatal(call, "this PE (%d) is not a member of the team", g_runtime.my_pe);
}

void note_path(const char *call, const Group &g, const char *path) {
  if (g_log_level < LOG_DEBUG) return;
  static std::mutex lock;
  static std::set<std::pair<const char *, const char *>> said; /* literals: by address */
  {
    std::lock_guard<std::mutex> hold(lock);
    if (!said.emplace(call, path).second) return;
  }
  ROCSHMEM_LOG(LOG_DEBUG, "%s: a team of %d PE%s takes %s", call, g.size, g.size == 1 ? "" : "s",
               path);
}

int by_mpi(const char *call, const Group &g, size_t total) {
  if (g_runtime.cfg.debug) return kNoBootComm;
  /* Asked first, so that every member makes (or finds) the communicator at
   * the same call whatever its own byte count. */
  const int comm = boot_comm_coll(call, g);
  if (total > static_cast<size_t>(INT_MAX) || comm == kNoBootComm) return kNoBootComm;
  note_path(call, g, "MPI's collectives over the bootstrap's communicator (members on other "
            "nodes over tcp)");
  return comm;
}

void begin(const char *call, const Group &g, std::initializer_list<Arg> args, size_t share) {
  enter(call, g);
  note_path(call, g, "the general path (each member's memory read between two synchronizations)");
  if (args.size() > kWords - 1) fatal(call, "internal error: too many checked arguments");
  /* The previous collective's last synchronization guarantees nobody still
   * reads these words (fast-path collectives never read them). */
  __atomic_store_n(&g_words[0], share, __ATOMIC_RELAXED);
  int i = 1;
  for (const Arg &a : args)
    __atomic_store_n(&g_words[i++], static_cast<uint64_t>(a.value), __ATOMIC_RELAXED);
  group_sync(call, g);
  if (!g_runtime.cfg.debug || args.size() == 0) return;
  for (int m = 0; m < g.size; ++m) {
    uint64_t words[kWords];
    words_of(call, g, m, words);
    i = 1;
    for (const Arg &a : args) {
      long theirs = static_cast<long>(words[i++]);
      if (theirs != a.value)
        fatal(call, "%s = %ld on PE %d but %ld on PE %d: every member of a collective must "
              "pass the same value", a.name, a.value, g_runtime.my_pe, theirs, g.world_pe(m));
    }
  }
}

size_t shared_by(const char *call, const Group &g, int m) {
  uint64_t words[kWords];
  words_of(call, g, m, words);
  return words[0];
}

namespace {

/* Where member m's symmetric object addr lives here (fast path only: every
 * member is mapped). */
const char *mapped(const char *call, const char *arg, const void *addr, size_t len,
                   const Group &g, int m) {
  return peer_translate(call, arg, addr, len, g.world_pe(m));
}

/* Copies the message just received from member m into dst: inline data, or
 * len bytes of m's symmetric `addr` (sent by reference). */
void take(const char *call, const char *arg, const char *data, const void *addr, size_t len,
          const Group &g, int m, void *dst) {
  if (!len) return;
  std::memcpy(dst, data ? data : mapped(call, arg, addr, len, g, m), len);
}

/* Members other than me, starting after me, so that PEs do not all write to
 * (and wait on) the same member first. */
template <class F>
void for_others(const Group &g, F f) {
  for (int d = 1; d < g.size; ++d) f((g.me + d) % g.size);
}

/* After sending `len` bytes to the others: by reference, they read my
 * buffer, which the caller may reuse once I return. */
void finish_sends(const char *call, const Group &g, size_t len) {
  if (len > msg::kInline) for_others(g, [&](int m) { msg::wait_acked(call, g.world_pe(m)); });
}

/* The by_mpi schedules send from `source` while they receive into `dest`
 * (sync/boot_comm.h): a block received could overwrite a part of an
 * overlapping source not yet sent, so such a source is copied first. */
const void *apart_from(const void *source, size_t len, const void *dest, size_t dest_len) {
  const char *s = static_cast<const char *>(source), *d = static_cast<const char *>(dest);
  if (!len || s >= d + dest_len || d >= s + len) return source;
  char *copy = scratch<char>(len, 1);
  std::memcpy(copy, source, len);
  return copy;
}

/* nelems elements of elem_size bytes from `in` to `out`, the k-th at
 * element k * in_stride of in and k * out_stride of out.  The typed
 * routines' element sizes get copies of a constant size, single loads and
 * stores: a memcpy call per element made alltoalls64's 1 MiB blocks 18
 * times slower than alltoall64's. */
template <size_t kSize>
void copy_elements(char *out, size_t out_step, const char *in, size_t in_step, size_t nelems,
                   size_t elem_size) {
  const size_t size = kSize ? kSize : elem_size;
  for (size_t k = 0; k < nelems; ++k) std::memcpy(out + k * out_step, in + k * in_step, size);
}

void copy_strided(char *out, ptrdiff_t out_stride, const char *in, ptrdiff_t in_stride,
                  size_t nelems, size_t elem_size) {
  const size_t out_step = out_stride * elem_size, in_step = in_stride * elem_size;
  if (out_stride == 1 && in_stride == 1) {
    if (nelems) std::memcpy(out, in, nelems * elem_size);
    return;
  }
  switch (elem_size) {
    case 1: return copy_elements<1>(out, out_step, in, in_step, nelems, 1);
    case 2: return copy_elements<2>(out, out_step, in, in_step, nelems, 2);
    case 4: return copy_elements<4>(out, out_step, in, in_step, nelems, 4);
    case 8: return copy_elements<8>(out, out_step, in, in_step, nelems, 8);
    case 16: return copy_elements<16>(out, out_step, in, in_step, nelems, 16);
    default: return copy_elements<0>(out, out_step, in, in_step, nelems, elem_size);
  }
}

/* collect on the by_mpi path: every member's length, then the blocks.  MPI
 * counts are ints, and members learn the total only after the first step,
 * too late for all of them to switch paths: a total past INT_MAX ends the
 * job with a message. */
void collect_by_mpi(const char *call, int comm, const Group &g, void *dest,
                    const void *source, size_t bytes) {
  uint64_t *lens = scratch<uint64_t>(g.size);
  const uint64_t mine = bytes;
  boot_allgather(call, comm, &mine, lens, sizeof mine);
  int *counts = scratch<int>(2 * static_cast<size_t>(g.size)), *displs = counts + g.size;
  uint64_t total = 0;
  for (int m = 0; m < g.size; ++m) {
    displs[m] = static_cast<int>(total);
    counts[m] = static_cast<int>(lens[m]);
    total += lens[m];
    if (total > static_cast<uint64_t>(INT_MAX))
      fatal(call, "the members' blocks add up to more than %d bytes, the most this job's "
            "collect (MPI messages, across nodes) can move in one call", INT_MAX);
  }
  check_dest(call, dest, total);
  boot_allgatherv(call, comm, apart_from(source, bytes, dest, total), bytes, dest, counts, displs);
}

}  // namespace

void broadcast(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
               size_t elem_size, int root, bool root_receives) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  if (root < 0 || root >= g.size)
    fatal(call, "PE_root = %d is not a member index of the %d-PE team", root, g.size);
  if (g.me != root || root_receives) check_dest(call, dest, bytes);
  if (const int comm = by_mpi(call, g, bytes); comm != kNoBootComm) {
    enter(call, g);
    if (g.me == root)
      check_source(call, source, bytes);
    else if (bytes)
      peer_locate(call, "dest", dest, bytes, g.world_pe(g.me));
    boot_bcast(call, comm, g.me == root ? const_cast<void *>(source) : dest, bytes, root);
    if (bytes && g.me == root && root_receives && dest != source) std::memmove(dest, source, bytes);
    return;
  }
  if (msg::fast(call, g)) {
    enter(call, g);
    /* One message from the root to each member; nobody else waits. */
    if (g.me == root) {
      check_source(call, source, bytes);
      for_others(g, [&](int m) { msg::send(call, g.world_pe(m), source, bytes); });
      if (bytes && root_receives && dest != source) std::memmove(dest, source, bytes);
      finish_sends(call, g, bytes);
    } else {
      const char *data = msg::recv_exact(call, g.world_pe(root), bytes);
      take(call, "source", data, source, bytes, g, root, dest);
      msg::ack(g.world_pe(root));
    }
    return;
  }
  if (bytes && sched_exec::takes(call, g)) {
    enter(call, g);
    if (g.me == root) check_source(call, source, bytes);
    if (g.me != root || root_receives) peer_locate(call, "dest", dest, bytes, g_peers.my_pe);
    sched_exec::broadcast(call, g, dest, source, bytes, elem_size, root, root_receives);
    return;
  }
  begin(call, g, {{"PE_root", root}, {"nelems", static_cast<long>(nelems)}});
  if (bytes && (g.me != root || (root_receives && dest != source)))
    read_member(call, "source", source, bytes, g, root, dest);
  group_sync(call, g);
}

void fcollect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  check_dest(call, dest, byte_count(call, bytes, static_cast<size_t>(g.size)));
  char *out = static_cast<char *>(dest);
  if (const int comm = by_mpi(call, g, bytes * g.size); comm != kNoBootComm) {
    enter(call, g);
    check_source(call, source, bytes);
    boot_allgather(call, comm, apart_from(source, bytes, dest, bytes * g.size), dest, bytes);
    return;
  }
  if (msg::fast(call, g)) {
    enter(call, g);
    check_source(call, source, bytes);
    for_others(g, [&](int m) { msg::send(call, g.world_pe(m), source, bytes); });
    if (bytes) std::memmove(out + g.me * bytes, source, bytes);
    for_others(g, [&](int m) {
      const char *data = msg::recv_exact(call, g.world_pe(m), bytes);
      take(call, "source", data, source, bytes, g, m, out + m * bytes);
      msg::ack(g.world_pe(m));
    });
    finish_sends(call, g, bytes);
    return;
  }
  if (bytes && sched_exec::takes(call, g)) {
    enter(call, g);
    check_source(call, source, bytes);
    peer_locate(call, "dest", dest, bytes * g.size, g_peers.my_pe);
    sched_exec::fcollect(call, g, dest, source, bytes);
    return;
  }
  begin(call, g, {{"nelems", static_cast<long>(nelems)}});
  for (int m = 0; bytes && m < g.size; ++m)
    read_member(call, "source", source, bytes, g, m, out + m * bytes);
  group_sync(call, g);
}

void collect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
             size_t elem_size) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  char *out = static_cast<char *>(dest);
  /* The members' lengths differ: collect_by_mpi checks their total. */
  if (const int comm = by_mpi(call, g, 0); comm != kNoBootComm) {
    enter(call, g);
    check_source(call, source, bytes);
    collect_by_mpi(call, comm, g, dest, source, bytes);
    return;
  }
  if (msg::fast(call, g)) {
    enter(call, g);
    check_source(call, source, bytes);
    for_others(g, [&](int m) { msg::send(call, g.world_pe(m), source, bytes); });
    /* Every member's length first: they place the blocks. */
    std::vector<const char *> data(g.size);
    std::vector<size_t> len(g.size);
    for_others(g, [&](int m) { data[m] = msg::recv(call, g.world_pe(m), &len[m]); });
    len[g.me] = bytes;
    size_t total = 0;
    for (int m = 0; m < g.size; ++m) total += len[m];
    check_dest(call, dest, total);
    for (int m = 0; m < g.size; ++m) {
      if (m == g.me) {
        if (bytes) std::memmove(out, source, bytes);
      } else {
        take(call, "source", data[m], source, len[m], g, m, out);
        msg::ack(g.world_pe(m));
      }
      out += len[m];
    }
    finish_sends(call, g, bytes);
    return;
  }
  begin(call, g, {}, bytes);
  /* Every member's length first (each a read of its published words, a
   * network get for a member on another node): dest is checked against
   * their total before anything is written. */
  std::vector<size_t> len(g.size);
  size_t total = 0;
  for (int m = 0; m < g.size; ++m) total += len[m] = shared_by(call, g, m);
  check_dest(call, dest, total);
  for (int m = 0; m < g.size; ++m) {
    read_member(call, "source", source, len[m], g, m, out);
    out += len[m];
  }
  group_sync(call, g);
}

void alltoall(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  const size_t total = byte_count(call, bytes, static_cast<size_t>(g.size));
  check_dest(call, dest, total);
  const char *in = static_cast<const char *>(source);
  if (const int comm = by_mpi(call, g, total); comm != kNoBootComm) {
    enter(call, g);
    if (bytes) check_source(call, source, total); /* whole range */
    boot_alltoall(call, comm, apart_from(source, total, dest, total), dest, bytes);
    return;
  }
  char *out = static_cast<char *>(dest);
  if (msg::fast(call, g)) {
    enter(call, g);
    if (bytes) check_source(call, source, total); /* whole range */
    for_others(g, [&](int m) { msg::send(call, g.world_pe(m), in + m * bytes, bytes); });
    if (bytes) std::memmove(out + g.me * bytes, in + g.me * bytes, bytes);
    for_others(g, [&](int m) {
      const char *data = msg::recv_exact(call, g.world_pe(m), bytes);
      take(call, "source", data, in + g.me * bytes, bytes, g, m, out + m * bytes);
      msg::ack(g.world_pe(m));
    });
    finish_sends(call, g, bytes);
    return;
  }
  begin(call, g, {{"nelems", static_cast<long>(nelems)}});
  if (bytes) check_source(call, source, total); /* whole range */
  for (int m = 0; bytes && m < g.size; ++m)
    read_member(call, "source", in + g.me * bytes, bytes, g, m, out + m * bytes);
  group_sync(call, g);
}

void alltoalls(const char *call, const Group &g, void *dest, const void *source, ptrdiff_t dst,
               ptrdiff_t sst, size_t nelems, size_t elem_size) {
  if (dst < 1 || sst < 1)
    fatal(call, "dst = %td and sst = %td must both be at least 1", dst, sst);
  const size_t n = static_cast<size_t>(g.size);
  const size_t block = byte_count(call, nelems, elem_size); /* packed */
  const size_t per_pe = byte_count(call, nelems, n * elem_size);
  const size_t span = byte_count(call, per_pe, static_cast<size_t>(sst));
  /* dest is written through its last element, (n * nelems - 1) * dst + 1 in. */
  if (nelems)
    check_dest(call, dest,
               byte_count(call, per_pe - elem_size, static_cast<size_t>(dst)) + elem_size);
  const char *in = static_cast<const char *>(source);
  char *out = static_cast<char *>(dest);
  /* Member m's block in a source, my block's place in dest. */
  const size_t src_step = nelems * sst * elem_size, dst_step = nelems * dst * elem_size;
  /* Bytes from a block's first element through its last, at stride sst,
   * and from the source's first element through its last. */
  const size_t mine = nelems ? ((nelems - 1) * sst + 1) * elem_size : 0;
  const size_t used = nelems ? span - (sst - 1) * elem_size : 0;
  const size_t total = block * n;
  if (const int comm = by_mpi(call, g, total); comm != kNoBootComm) {
    /* MPI moves packed blocks: only the bytes wanted cross the network. */
    enter(call, g);
    check_source(call, source, used);
    /* Packed into slot 0, received into slot 1 when strided; else straight
     * from source (apart_from uses slot 1) into dest. */
    const void *send = source;
    if (sst > 1) {
      char *packed = scratch<char>(total, 0);
      for (size_t m = 0; m < n; ++m)
        copy_strided(packed + m * block, 1, in + m * src_step, sst, nelems, elem_size);
      send = packed;
    } else if (dst == 1) {
      send = apart_from(source, total, dest, total);
    }
    char *recv = dst > 1 ? scratch<char>(total, 1) : out;
    boot_alltoall(call, comm, send, recv, block);
    if (dst > 1)
      for (size_t m = 0; m < n; ++m)
        copy_strided(out + m * dst_step, dst, recv + m * block, 1, nelems, elem_size);
    return;
  }
  if (msg::fast(call, g)) {
    /* As alltoall: a block that fits a message is packed into it, a longer
     * one read with its strides from the sender's mapped source. */
    enter(call, g);
    check_source(call, source, used);
    char *packed = block <= msg::kInline ? scratch<char>(block, 0) : nullptr;
    for_others(g, [&](int m) {
      if (packed) copy_strided(packed, 1, in + m * src_step, sst, nelems, elem_size);
      msg::send(call, g.world_pe(m), packed, block);
    });
    copy_strided(out + g.me * dst_step, dst, in + g.me * src_step, sst, nelems, elem_size);
    for_others(g, [&](int m) {
      const char *data = msg::recv_exact(call, g.world_pe(m), block);
      if (data)
        copy_strided(out + m * dst_step, dst, data, 1, nelems, elem_size);
      else if (nelems)
        copy_strided(out + m * dst_step, dst,
                     mapped(call, "source", in + g.me * src_step, mine, g, m), sst, nelems,
                     elem_size);
      msg::ack(g.world_pe(m));
    });
    finish_sends(call, g, block);
    return;
  }
  begin(call, g, {{"dst", static_cast<long>(dst)}, {"sst", static_cast<long>(sst)},
                  {"nelems", static_cast<long>(nelems)}});
  check_source(call, source, used);
  /* From each member only the block addressed to me. */
  for (int m = 0; nelems && m < g.size; ++m)
    copy_strided(out + m * dst_step, dst,
                 member_view(call, "source", in + g.me * src_step, mine, g, m), sst, nelems,
                 elem_size);
  group_sync(call, g);
}

}  // namespace coll
}  // namespace rocshmem
