#include "coll/sched_exec.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "coll/coll.h"
#include "core/log.h"
#include "core/runtime.h"
#include "sync/barrier.h"
#include "transport/network.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace coll {
namespace sched_exec {

namespace {

/* The reductions' landing slots, symmetric: kReduceMaxBytes each, one per
 * inter-node combine a PE receives in one reduction (a folded-in node's
 * partial, then one per round of recursive doubling). */
char *g_scratch = nullptr;
size_t g_slots = 0;

/* How a message of the schedule moves its data. */
enum class How : uint8_t {
  push_copy,    /* put into the receiver's dest at the pieces' offsets */
  push_combine, /* put the sender's partial into a scratch slot of the receiver */
  pull_combine, /* on a node: the receiver reads the sender's source itself */
  pull_copy,    /* from a broadcast's root: the receiver reads the root's source and
                 * says when it is done (an in-place root passes its source as its
                 * dest, so the root cannot name the others' dest) */
};

/* One of my steps, resolved to addresses. */
struct Xfer {
  int pe = -1; /* the peer, a world PE */
  bool send = false;
  How how = How::push_copy;
  bool peer_first = false; /* combine: the peer's partial covers lower members */
  size_t slot = 0;         /* push_combine: the slot at the receiver */
  std::vector<std::pair<size_t, size_t>> ranges; /* push_copy: offset, length in dest */
};

/* My part of one collective of one group, kept for reuse. */
struct Plan {
  GroupId id;
  std::vector<int> pes;
  sched::Params params;
  std::vector<Xfer> xfers; /* round by round: a round's sends, then its receives */
  std::vector<int> ready_to, ready_from; /* who pushes to me; whom I push to */
};

/* Byte ranges of dest named by a message's pieces, sorted and merged. */
std::vector<std::pair<size_t, size_t>> ranges_of(const sched::Schedule &s, const sched::Layout &l,
                                                 const std::vector<sched::Piece> &pieces) {
  std::vector<std::pair<size_t, size_t>> r;
  for (const sched::Piece &p : pieces) {
    if (s.params.kind != sched::Kind::fcollect) { /* chunks of one vector */
      const size_t lo = s.chunk_offset(p.blocks.first);
      r.emplace_back(lo, s.chunk_offset(p.blocks.first + p.blocks.count) - lo);
      continue;
    }
    const size_t each = s.params.bytes; /* member m's block is at m * each */
    if (!p.from.nodes) {
      r.emplace_back(p.from.first * each, p.from.count * each);
      continue;
    }
    for (int v = p.from.first; v < p.from.first + p.from.count; ++v)
      for (int m : l.members[v]) r.emplace_back(m * each, each);
  }
  std::sort(r.begin(), r.end());
  std::vector<std::pair<size_t, size_t>> merged;
  for (const auto &x : r) {
    if (!x.second) continue;
    if (!merged.empty() && merged.back().first + merged.back().second == x.first)
      merged.back().second += x.second;
    else
      merged.push_back(x);
  }
  return merged;
}

Plan make_plan(const char *call, const Group &g, const sched::Params &params) {
  std::vector<int> node_of(g.size);
  for (int m = 0; m < g.size; ++m) node_of[m] = g_runtime.topo.node_of_pe[g.pes[m]];
  const sched::Layout l(node_of);
  const sched::Schedule s = sched::build(l, params);
  Plan plan;
  plan.id = g.id;
  plan.pes.assign(g.pes, g.pes + g.size);
  plan.params = params;
  std::set<int> ready_to, ready_from;
  /* Scratch slots are numbered per receiver in schedule order, which every
   * member computes alike, so a sender knows the slot its message takes. */
  std::vector<size_t> next_slot(g.size, 0);
  for (const sched::Round &round : s.rounds) {
    std::map<std::pair<int, int>, size_t> slot_of; /* (sender, receiver) -> slot */
    for (const sched::Step &st : round.steps)
      if (!st.send && st.inter && st.op == sched::Op::combine)
        slot_of[{st.peer, st.pe}] = next_slot[st.pe]++;
    std::vector<Xfer> sends, receives;
    for (const sched::Step &st : round.steps) {
      if (st.pe != g.me) continue;
      /* A broadcast's root holds every chunk: the ring's message to it
       * would only write the dest that a legacy broadcast leaves alone. */
      const int receiver = st.send ? st.peer : st.pe;
      if (params.kind == sched::Kind::broadcast && receiver == params.root) continue;
      Xfer x;
      x.pe = g.pes[st.peer];
      x.send = st.send;
      const int sender = st.send ? st.pe : st.peer;
      if (st.op == sched::Op::copy)
        x.how = params.kind == sched::Kind::broadcast && sender == params.root ? How::pull_copy
                                                                              : How::push_copy;
      else
        x.how = st.inter ? How::push_combine : How::pull_combine;
      x.peer_first = st.inter ? l.node[st.peer] < l.node[g.me] : st.peer < g.me;
      if (x.how == How::push_combine) {
        x.slot = st.send ? slot_of[{g.me, st.peer}] : slot_of[{st.peer, g.me}];
        if (x.slot >= g_slots) fatal(call, "internal error: %zu reduction slots", g_slots);
      }
      if (x.how == How::push_copy || x.how == How::pull_copy) x.ranges = ranges_of(s, l, st.pieces);
      if (x.how == How::push_copy || x.how == How::push_combine)
        (st.send ? ready_from : ready_to).insert(x.pe);
      (st.send ? sends : receives).push_back(std::move(x));
    }
    for (auto *part : {&sends, &receives})
      for (Xfer &x : *part) plan.xfers.push_back(std::move(x));
  }
  plan.ready_to.assign(ready_to.begin(), ready_to.end());
  plan.ready_from.assign(ready_from.begin(), ready_from.end());
  return plan;
}

bool same_params(const sched::Params &a, const sched::Params &b) {
  return a.kind == b.kind && a.root == b.root && a.bytes == b.bytes && a.elem == b.elem;
}

/* The plan of this collective, from a small cache: a program repeats the
 * same few collectives on the same groups, and building a schedule costs
 * O(members) or more. */
const Plan &plan_for(const char *call, const Group &g, const sched::Params &params) {
  constexpr size_t kPlans = 16;
  /* Never destroyed, as barrier.cc's schedule cache: an implicit finalize
   * at exit runs after thread_local destructors. */
  thread_local std::vector<Plan> *const cache = new std::vector<Plan>;
  for (const Plan &p : *cache)
    if (same_params(p.params, params) && same_group(p.id, p.pes, g)) return p;
  if (cache->size() >= kPlans) cache->erase(cache->begin());
  cache->push_back(make_plan(call, g, params));
  return cache->back();
}

/* Writes len bytes from here to world PE pe's copy of the symmetric `at`:
 * a store where pe is mapped here, else a network put, which pair_signal
 * then orders before its signal. */
void put_to(const char *call, const char *arg, int pe, void *at, const void *from, size_t len) {
  Location loc = peer_locate(call, arg, at, len, pe);
  if (loc.mapped)
    std::memcpy(loc.mapped, from, len);
  else
    net::put(call, pe, loc, from, len, false);
}

/* Reads len bytes of world PE pe's copy of the symmetric `at` into here. */
void get_from(const char *call, const char *arg, int pe, const void *at, void *into, size_t len) {
  Location loc = peer_locate(call, arg, at, len, pe);
  if (loc.mapped)
    std::memcpy(into, loc.mapped, len);
  else
    net::get(call, pe, loc, into, len, false);
}

/* What a collective's steps read and write here. */
struct Buffers {
  char *dest = nullptr;
  const char *send_from = nullptr; /* copies go out of here, at dest's offsets */
  const char *source = nullptr;    /* pull_*: the senders' sources */
  char *acc = nullptr;             /* reduce: my partial (private) */
  size_t bytes = 0;
  size_t count = 0; /* reduce: elements */
  Combine fn = nullptr;
  bool dest_done = false; /* reduce: dest holds the result */
};

void run(const char *call, const Plan &plan, Buffers &b) {
  for (int pe : plan.ready_to) pair_signal(call, pe);
  for (int pe : plan.ready_from) pair_wait(call, pe);
  for (const Xfer &x : plan.xfers) {
    if (x.send) {
      if (x.how == How::push_copy) {
        /* A reduction's result goes out of dest, once it is there. */
        if (b.acc && !b.dest_done) std::memcpy(b.dest, b.acc, b.bytes), b.dest_done = true;
        for (const auto &r : x.ranges)
          put_to(call, "dest", x.pe, b.dest + r.first, b.send_from + r.first, r.second);
      } else if (x.how == How::push_combine) {
        put_to(call, "reduction scratch", x.pe, g_scratch + x.slot * kReduceMaxBytes, b.acc,
               b.bytes);
      }
      pair_signal(call, x.pe);
      continue;
    }
    pair_wait(call, x.pe);
    if (x.how == How::pull_copy) {
      for (const auto &r : x.ranges)
        get_from(call, "source", x.pe, b.source + r.first, b.dest + r.first, r.second);
      pair_signal(call, x.pe); /* done: the root may reuse its source */
    } else if (x.how == How::push_copy) {
      b.dest_done = true;
    } else if (x.how == How::push_combine) {
      b.fn(b.acc, g_scratch + x.slot * kReduceMaxBytes, b.count, x.peer_first);
    } else {
      b.fn(b.acc, peer_translate(call, "source", b.source, b.bytes, x.pe), b.count, x.peer_first);
    }
  }
  /* A root returns once every member it sent to has read its source. */
  for (const Xfer &x : plan.xfers)
    if (x.send && x.how == How::pull_copy) pair_wait(call, x.pe);
  if (b.acc && !b.dest_done) std::memcpy(b.dest, b.acc, b.bytes);
}

}  // namespace

void setup(const char *call) {
  g_scratch = nullptr;
  g_slots = 0;
  /* Only a job spanning nodes has groups spanning nodes (the same answer
   * on every PE, so the heaps stay symmetric). */
  if (g_runtime.topo.n_nodes < 2) return;
  size_t slots = 2; /* a folded-in partial, and a spare for rounding */
  for (int n = 1; n < g_runtime.n_pes; n *= 2) ++slots;
  void *p = g_runtime.heap.allocate(slots * kReduceMaxBytes, 64);
  if (!p)
    fatal(call, "the symmetric heap is too small for the reductions' scratch across nodes (%zu "
          "bytes); raise SHMEM_SYMMETRIC_SIZE", slots * kReduceMaxBytes);
  g_scratch = static_cast<char *>(p);
  g_slots = slots;
}

bool takes(const char *call, const Group &g) {
  const bool yes = g_scratch && !g_runtime.cfg.debug && !g.mapped;
  if (yes)
    note_path(call, g, "the node-aware schedule (node leaders exchange over the network, "
              "members through shared memory)");
  return yes;
}

void broadcast(const char *call, const Group &g, void *dest, const void *source, size_t bytes,
               size_t elem_size, int root, bool root_receives) {
  sched::Params params;
  params.kind = sched::Kind::broadcast;
  params.root = root;
  params.bytes = bytes;
  params.elem = elem_size;
  Buffers b;
  b.dest = static_cast<char *>(dest);
  b.send_from = b.dest; /* the root's messages are read by their receivers */
  b.source = static_cast<const char *>(source);
  b.bytes = bytes;
  run(call, plan_for(call, g, params), b);
  if (g.me == root && root_receives && dest != source) std::memmove(dest, source, bytes);
}

void fcollect(const char *call, const Group &g, void *dest, const void *source, size_t bytes) {
  sched::Params params;
  params.kind = sched::Kind::fcollect;
  params.bytes = bytes;
  Buffers b;
  b.dest = static_cast<char *>(dest);
  b.send_from = b.dest;
  b.bytes = bytes;
  /* Before my readies: nobody writes my dest until then, so a source
   * anywhere in it is read whole first. */
  std::memmove(b.dest + static_cast<size_t>(g.me) * bytes, source, bytes);
  run(call, plan_for(call, g, params), b);
}

namespace {

/* One piece of a reduction, bytes <= kReduceMaxBytes: recursive doubling
 * between the leaders. */
void reduce_piece(const char *call, const Group &g, char *dest, const char *source, size_t bytes,
                  size_t elem_size, Combine fn) {
  sched::Params params;
  params.kind = sched::Kind::reduce;
  params.bytes = bytes;
  params.elem = elem_size;
  /* My partial starts as my source, copied before my readies: dest may be
   * source, and others write my dest once I am ready. */
  thread_local std::vector<char> partial;
  if (partial.size() < bytes) partial.resize(bytes);
  std::memcpy(partial.data(), source, bytes);
  Buffers b;
  b.dest = static_cast<char *>(dest);
  b.send_from = b.dest;
  b.source = static_cast<const char *>(source);
  b.acc = partial.data();
  b.bytes = bytes;
  b.count = bytes / elem_size;
  b.fn = fn;
  run(call, plan_for(call, g, params), b);
}

}  // namespace

void reduce(const char *call, const Group &g, void *dest, const void *source, size_t bytes,
            size_t elem_size, Combine fn) {
  const size_t piece = reduce_piece_bytes(elem_size);
  char *out = static_cast<char *>(dest);
  const char *in = static_cast<const char *>(source);
  for (size_t at = 0; at < bytes; at += piece)
    reduce_piece(call, g, out + at, in + at, std::min(piece, bytes - at), elem_size, fn);
}

}  // namespace sched_exec
}  // namespace coll
}  // namespace rocshmem
