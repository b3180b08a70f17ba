/*
 * Collective schedules (src/coll/schedule.h), executed symbolically: no
 * data moves, each member's state says which contributions it holds.
 *
 * Every message of a round is checked against its matching receive, its
 * sender must hold what it sends (as of the round's start), its byte count
 * must be that of the pieces it names, and a reduction must never combine a
 * contribution twice.  After the last round every member must hold exactly
 * what the collective defines: all members' blocks (fcollect), the block
 * each member addressed to it (alltoall), the root's data (broadcast), the
 * combination of every member's vector (reduce), and, for a barrier, the
 * knowledge that every member has arrived (its exit depends on every entry).
 * Shapes: 1..64 nodes (16 under a sanitizer) of 1..8 members, uneven and
 * interleaved layouts, every root on the smaller shapes.  The counts: a leader's inter-node
 * messages for barrier, small broadcast and small reduce stay within
 * ceil(log2 nodes) + 2, whatever the number of members per node.
 */

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "coll/schedule.h"

#include "../common/run_suite.h"

using namespace rocshmem::coll::sched;

namespace {

/* ck_assert records every passing check (a write each): the executor's
 * millions of checks fail through ck_abort_msg only. */
#define REQUIRE(cond, ...) \
  do {                     \
    if (!(cond)) ck_abort_msg(__VA_ARGS__); \
  } while (0)

/* A set of members (the largest shape tested has 512). */
constexpr int kMaxMembers = 512;
struct Members {
  std::bitset<kMaxMembers> bits;
  bool overlaps(const Members &o) const { return (bits & o.bits).any(); }
  void merge(const Members &o) { bits |= o.bits; }
  bool operator==(const Members &o) const { return bits == o.bits; }
  static Members all(int n) {
    Members s;
    for (int m = 0; m < n; ++m) s.bits.set(m);
    return s;
  }
  static Members one(int, int m) {
    Members s;
    s.bits.set(m);
    return s;
  }
};

/* (origin, block): origin 0 for the chunks of a broadcast or reduce (and a
 * barrier's one token). */
using Key = std::pair<int, int>;

bool chunked(Kind k) { return k == Kind::broadcast || k == Kind::reduce || k == Kind::barrier; }

/* A member's holdings: key -> the members whose contribution the value
 * holds (none: not held).  Dense, indexed by chunk, origin (fcollect) or
 * origin and destination (alltoall). */
class State {
 public:
  State(int n, Kind k, int chunks)
      : n_(n), k_(k), v_(chunked(k) ? chunks : k == Kind::fcollect ? n : n * n) {}
  const Members *find(Key key) const {
    const Members &m = v_[index(key)];
    return m.bits.any() ? &m : nullptr;
  }
  Members &operator[](Key key) { return v_[index(key)]; }

 private:
  size_t index(Key key) const {
    if (chunked(k_)) return key.second;
    if (k_ == Kind::fcollect) return key.first;
    return static_cast<size_t>(key.first) * n_ + key.second;
  }
  int n_;
  Kind k_;
  std::vector<Members> v_;
};

struct Shape {
  Layout layout;
  std::string name;
};

std::vector<int> expand(const Layout &l, Range r) {
  std::vector<int> out;
  for (int i = r.first; i < r.first + r.count; ++i) {
    if (r.nodes)
      out.insert(out.end(), l.members[i].begin(), l.members[i].end());
    else
      out.push_back(i);
  }
  return out;
}

/* The keys a piece names. */
std::vector<Key> keys_of(const Layout &l, const Schedule &s, const Piece &p) {
  std::vector<Key> out;
  if (chunked(s.params.kind)) {
    for (int c = p.blocks.first; c < p.blocks.first + p.blocks.count; ++c) out.push_back({0, c});
    return out;
  }
  for (int o : expand(l, p.from))
    for (int b : expand(l, p.blocks)) out.push_back({o, b});
  return out;
}

size_t bytes_of(const Layout &l, const Schedule &s, const std::vector<Piece> &pieces) {
  size_t sum = 0;
  for (const Piece &p : pieces) {
    if (chunked(s.params.kind))
      sum += s.chunk_offset(p.blocks.first + p.blocks.count) - s.chunk_offset(p.blocks.first);
    else
      sum += keys_of(l, s, p).size() * s.params.bytes;
  }
  return sum;
}

std::vector<State> initial(const Layout &l, const Params &p, int chunks) {
  const int n = l.size();
  std::vector<State> st(n, State(n, p.kind, chunks));
  for (int m = 0; m < n; ++m) {
    switch (p.kind) {
      case Kind::barrier: st[m][{0, 0}] = Members::one(n, m); break;
      case Kind::broadcast:
        if (m == p.root)
          for (int c = 0; c < chunks; ++c) st[m][{0, c}] = Members::one(n, m);
        break;
      case Kind::reduce:
        for (int c = 0; c < chunks; ++c) st[m][{0, c}] = Members::one(n, m);
        break;
      case Kind::fcollect: st[m][{m, 0}] = Members::one(n, m); break;
      case Kind::alltoall:
        for (int d = 0; d < n; ++d) st[m][{m, d}] = Members::one(n, m);
        break;
    }
  }
  return st;
}

/* Runs the schedule; fails the test naming the shape at the first fault. */
std::vector<State> execute(const Layout &l, const Schedule &s, const std::string &what) {
  const char *w = what.c_str();
  std::vector<State> st = initial(l, s.params, s.chunks);
  for (size_t ri = 0; ri < s.rounds.size(); ++ri) {
    const Round &r = s.rounds[ri];
    /* Sends and receives pair up: (from, to) -> the steps, in order. */
    std::map<std::pair<int, int>, std::vector<const Step *>> sends, recvs;
    for (const Step &x : r.steps) {
      REQUIRE(x.inter == (l.node[x.pe] != l.node[x.peer]), "%s: round %zu: inter flag", w, ri);
      REQUIRE(x.pe != x.peer, "%s: round %zu: member %d messages itself", w, ri, x.pe);
      if (x.inter) REQUIRE(r.inter, "%s: round %zu: a network message outside the leaders' phase", w, ri);
      (x.send ? sends[{x.pe, x.peer}] : recvs[{x.peer, x.pe}]).push_back(&x);
    }
    REQUIRE(sends.size() == recvs.size(), "%s: round %zu: unmatched messages", w, ri);
    /* What each message carries, read before any receive of the round. */
    struct Delivery {
      int to;
      Op op;
      std::vector<std::pair<Key, Members>> values;
    };
    std::vector<Delivery> deliveries;
    for (auto &[pair, list] : sends) {
      auto it = recvs.find(pair);
      REQUIRE(it != recvs.end() && it->second.size() == list.size(),
                    "%s: round %zu: %d -> %d sent without a matching receive", w, ri, pair.first,
                    pair.second);
      for (size_t i = 0; i < list.size(); ++i) {
        const Step &snd = *list[i], &rcv = *it->second[i];
        REQUIRE(snd.op == rcv.op && snd.bytes == rcv.bytes &&
                          snd.pieces.size() == rcv.pieces.size(),
                      "%s: round %zu: %d -> %d: the two sides disagree", w, ri, pair.first,
                      pair.second);
        Delivery d{pair.second, snd.op, {}};
        const State &from = st[pair.first];
        if (snd.op == Op::signal) {
          d.values.push_back({{0, 0}, *from.find({0, 0})});
        } else {
          REQUIRE(snd.bytes == bytes_of(l, s, snd.pieces),
                        "%s: round %zu: %d -> %d: %zu bytes for pieces of %zu", w, ri, pair.first,
                        pair.second, snd.bytes, bytes_of(l, s, snd.pieces));
          for (const Piece &p : snd.pieces)
            for (const Key &k : keys_of(l, s, p)) {
              const Members *v = from.find(k);
              REQUIRE(v,
                            "%s: round %zu: member %d sends (%d, %d), which it does not hold", w,
                            ri, pair.first, k.first, k.second);
              d.values.push_back({k, *v});
            }
        }
        deliveries.push_back(std::move(d));
      }
    }
    for (Delivery &d : deliveries) {
      State &to = st[d.to];
      for (auto &[k, v] : d.values) {
        if (d.op == Op::copy) {
          to[k] = v;
          continue;
        }
        Members &mine = to[k];
        REQUIRE(mine.bits.any(), "%s: round %zu: member %d combines into nothing", w, ri,
                      d.to);
        if (d.op == Op::combine)
          REQUIRE(!mine.overlaps(v),
                        "%s: round %zu: member %d combines a contribution twice", w, ri, d.to);
        mine.merge(v);
      }
    }
  }
  return st;
}

void check_result(const Layout &l, const Schedule &s, const std::vector<State> &st,
                  const std::string &what) {
  const char *w = what.c_str();
  const int n = l.size();
  const Members everyone = Members::all(n);
  for (int m = 0; m < n; ++m) {
    const State &mine = st[m];
    switch (s.params.kind) {
      case Kind::barrier:
        REQUIRE(*mine.find({0, 0}) == everyone,
                      "%s: member %d leaves before hearing of every entry", w, m);
        break;
      case Kind::broadcast:
      case Kind::reduce: {
        const Members want =
            s.params.kind == Kind::reduce ? everyone : Members::one(n, s.params.root);
        for (int c = 0; c < s.chunks; ++c) {
          const Members *v = mine.find({0, c});
          REQUIRE(v && *v == want,
                        "%s: member %d: chunk %d incomplete", w, m, c);
        }
        break;
      }
      case Kind::fcollect:
        for (int o = 0; o < n; ++o) {
          const Members *v = mine.find({o, 0});
          REQUIRE(v && *v == Members::one(n, o),
                        "%s: member %d lacks member %d's block", w, m, o);
        }
        break;
      case Kind::alltoall:
        for (int o = 0; o < n; ++o) {
          const Members *v = mine.find({o, m});
          REQUIRE(v && *v == Members::one(n, o),
                        "%s: member %d lacks the block member %d sent it", w, m, o);
        }
        break;
    }
  }
}

void verify(const Shape &shape, const Params &p) {
  REQUIRE(shape.layout.size() <= kMaxMembers, "%s: too many members", shape.name.c_str());
  const Schedule s = build(shape.layout, p);
  const std::string what = shape.name + " " + kind_name(p.kind) + " root " +
                           std::to_string(p.root) + " bytes " + std::to_string(p.bytes) + " (" +
                           s.inter_algorithm + ")";
  check_result(shape.layout, s, execute(shape.layout, s, what), what);
}

/* Deterministic pseudo-random numbers for the uneven layouts. */
uint32_t next(uint32_t &x) { return x = x * 1664525u + 1013904223u; }

std::vector<Shape> shapes(int max_nodes, int max_per_node) {
  std::vector<Shape> out;
  for (int nodes = 1; nodes <= max_nodes; ++nodes)
    for (int per = 1; per <= max_per_node; ++per)
      out.push_back({Layout::blocks(nodes, per),
                     std::to_string(nodes) + "x" + std::to_string(per)});
  uint32_t seed = 12345;
  for (int nodes = 2; nodes <= max_nodes; nodes += 3) {
    /* Uneven: 1..max_per_node members per node. */
    std::vector<int> node_of;
    for (int v = 0; v < nodes; ++v)
      for (uint32_t k = next(seed) % max_per_node + 1; k; --k) node_of.push_back(v);
    out.push_back({Layout(node_of), "uneven" + std::to_string(nodes)});
    /* Interleaved: member m on node m % nodes (a strided team). */
    std::vector<int> strided(node_of.size());
    for (size_t m = 0; m < strided.size(); ++m) strided[m] = static_cast<int>(m % nodes);
    out.push_back({Layout(strided), "interleaved" + std::to_string(nodes)});
  }
  return out;
}

/* Sizes on both sides of a kind's threshold, odd element counts included. */
/* Under a sanitizer (about 30 times slower) the shapes stop at 16 nodes:
 * the same paths of the schedules in seconds instead of minutes. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kMaxNodes = 16;
#else
constexpr int kMaxNodes = 64;
#endif

std::vector<size_t> sizes(Kind k) {
  switch (k) {
    case Kind::broadcast: return {8, kBcastScatterBytes + 8 * 37};
    case Kind::reduce: return {8, kReduceHalvingBytes + 8 * 37};
    case Kind::fcollect: return {8, kFcollectRingBytes + 8};
    case Kind::alltoall: return {8, kAlltoallPairwiseBytes + 8};
    default: return {0};
  }
}

int ceil_log2(int n) {
  int r = 0;
  while ((1 << r) < n) ++r;
  return r;
}

}  // namespace

START_TEST(barrier_every_exit_depends_on_every_entry) {
  for (const Shape &sh : shapes(kMaxNodes, 8)) verify(sh, Params{Kind::barrier, 0, 0, 1});
}
END_TEST

START_TEST(reduce_combines_every_member_once) {
  for (const Shape &sh : shapes(kMaxNodes, 8))
    for (size_t bytes : sizes(Kind::reduce)) verify(sh, Params{Kind::reduce, 0, bytes, 8});
}
END_TEST

START_TEST(broadcast_from_every_root) {
  for (const Shape &sh : shapes(kMaxNodes, 8)) {
    const int n = sh.layout.size();
    for (size_t bytes : sizes(Kind::broadcast)) {
      if (n <= 48) {
        for (int root = 0; root < n; ++root) verify(sh, Params{Kind::broadcast, root, bytes, 8});
      } else {
        for (int root : {0, 1, n / 2, n - 1}) verify(sh, Params{Kind::broadcast, root, bytes, 8});
      }
    }
  }
}
END_TEST

START_TEST(fcollect_delivers_every_block) {
  /* Every member's block is tracked at every member: smaller shapes, and
   * the largest once. */
  for (const Shape &sh : shapes(kMaxNodes / 2, 6))
    for (size_t bytes : sizes(Kind::fcollect)) verify(sh, Params{Kind::fcollect, 0, bytes, 1});
  for (size_t bytes : sizes(Kind::fcollect))
    verify(Shape{Layout::blocks(kMaxNodes, 8), "largest"}, Params{Kind::fcollect, 0, bytes, 1});
}
END_TEST

START_TEST(alltoall_delivers_every_addressed_block) {
  /* Every (origin, destination) pair is tracked: smaller shapes. */
  for (const Shape &sh : shapes(17, 4))
    for (size_t bytes : sizes(Kind::alltoall)) verify(sh, Params{Kind::alltoall, 0, bytes, 1});
}
END_TEST

START_TEST(network_messages_grow_with_log_nodes) {
  for (int nodes = 1; nodes <= kMaxNodes; ++nodes)
    for (int per : {1, 4, 8}) {
      const Layout l = Layout::blocks(nodes, per);
      const int bound = ceil_log2(nodes) + 2;
      for (Kind k : {Kind::barrier, Kind::broadcast, Kind::reduce}) {
        const Schedule s = build(l, Params{k, l.size() - 1, 8, 8});
        const std::vector<Counts> all = counts_of(s, l.size());
        for (int m = 0; m < l.size(); ++m) {
          const Counts &c = all[m];
          REQUIRE(c.inter_msgs <= bound && c.inter_rounds <= bound,
                        "%dx%d %s: member %d sends %d network messages in %d rounds (bound %d)",
                        nodes, per, kind_name(k), m, c.inter_msgs, c.inter_rounds, bound);
          /* Only leaders talk to other nodes. */
          if (m != leader_of(l, s.params, l.node[m]))
            REQUIRE(c.inter_msgs == 0, "%dx%d %s: non-leader %d sends over the network", nodes, per, kind_name(k), m);
        }
      }
    }
  /* The flat barrier, by contrast, sends every member's signals across the
   * network once the distance passes a node. */
  const Layout l = Layout::blocks(64, 8);
  const Counts flat = counts_of(flat_barrier(l), l.size())[9];
  ck_assert_int_eq(flat.inter_msgs, ceil_log2(l.size()) - ceil_log2(8));
}
END_TEST

START_TEST(bad_parameters_are_refused) {
  const Layout l = Layout::blocks(2, 2);
  bool threw = false;
  try {
    build(l, Params{Kind::broadcast, 4, 8, 8});
  } catch (const std::invalid_argument &) {
    threw = true;
  }
  ck_assert(threw);
}
END_TEST

int main() {
  Suite *s = suite_create("coll_schedule");
  /* One case per test, so CK_RUN_CASE can pick one. */
  auto add = [&](const char *name, const TTest *test) {
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test);
    suite_add_tcase(s, tc);
  };
  add("barrier", barrier_every_exit_depends_on_every_entry);
  add("reduce", reduce_combines_every_member_once);
  add("broadcast", broadcast_from_every_root);
  add("fcollect", fcollect_delivers_every_block);
  add("alltoall", alltoall_delivers_every_addressed_block);
  add("counts", network_messages_grow_with_log_nodes);
  add("bad_input", bad_parameters_are_refused);
  return run_suite(s);
}
