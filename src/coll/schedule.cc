#include "coll/schedule.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace rocshmem {
namespace coll {
namespace sched {

const char *kind_name(Kind k) {
  switch (k) {
    case Kind::barrier: return "barrier";
    case Kind::broadcast: return "broadcast";
    case Kind::reduce: return "reduce";
    case Kind::fcollect: return "fcollect";
    case Kind::alltoall: return "alltoall";
  }
  return "?";
}

Layout::Layout(std::vector<int> node_of) : node(std::move(node_of)) {
  std::unordered_map<int, int> renumber;
  for (size_t m = 0; m < node.size(); ++m) {
    auto it = renumber.emplace(node[m], static_cast<int>(members.size())).first;
    if (it->second == static_cast<int>(members.size())) members.emplace_back();
    node[m] = it->second;
    members[it->second].push_back(static_cast<int>(m));
  }
}

Layout Layout::blocks(int nodes, int per_node) {
  std::vector<int> node_of(static_cast<size_t>(nodes) * per_node);
  for (size_t m = 0; m < node_of.size(); ++m) node_of[m] = static_cast<int>(m) / per_node;
  return Layout(std::move(node_of));
}

int leader_of(const Layout &l, const Params &p, int node) {
  if (p.kind == Kind::broadcast && l.node[p.root] == node) return p.root;
  return l.members[node][0];
}

size_t Schedule::chunk_offset(int c) const {
  const size_t elems = params.bytes / params.elem;
  return params.elem * (elems * static_cast<size_t>(c) / static_cast<size_t>(chunks));
}

namespace {

int floor_pow2(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

Range pes(int first, int count) { return Range{first, count, false}; }
Range nodes(int first, int count) { return Range{first, count, true}; }
Range blocks(int first, int count) { return Range{first, count, false}; }

/* Appends rounds to a schedule; a round that got no message is dropped. */
class Builder {
 public:
  Builder(const Layout &l, Schedule &s) : l_(l), s_(s) {
    for (int n = 0; n < l.nodes(); ++n) leaders_.push_back(leader_of(l, s.params, n));
  }
  int nodes() const { return l_.nodes(); }
  /* Node v's leader. */
  int leader(int v) const { return leaders_[v]; }
  int members_of(int v) const { return static_cast<int>(l_.members[v].size()); }

  void begin_round(bool inter) {
    end_round();
    s_.rounds.emplace_back();
    s_.rounds.back().inter = inter;
  }
  void end_round() {
    if (!s_.rounds.empty() && s_.rounds.back().steps.empty()) s_.rounds.pop_back();
  }
  void message(int from, int to, Op op, std::vector<Piece> pieces, size_t bytes) {
    Round &r = s_.rounds.back();
    const bool inter = l_.node[from] != l_.node[to];
    r.steps.push_back(Step{from, to, true, inter, op, bytes, pieces});
    r.steps.push_back(Step{to, from, false, inter, op, bytes, std::move(pieces)});
  }
  /* Chunks [first, first+count) of the vector, and their bytes. */
  Piece chunks(int first, int count) const { return Piece{pes(0, 0), blocks(first, count)}; }
  size_t chunk_bytes(int first, int count) const {
    return s_.chunk_offset(first + count) - s_.chunk_offset(first);
  }

  /* Phase 1: every non-leader sends its leader `piece_of(m)` of
   * `bytes_of(m)` bytes. */
  template <class PieceOf, class BytesOf>
  void gather_to_leaders(Op op, PieceOf piece_of, BytesOf bytes_of) {
    begin_round(false);
    for (int v = 0; v < nodes(); ++v)
      for (int m : l_.members[v])
        if (m != leader(v)) message(m, leader(v), op, piece_of(m), bytes_of(m));
  }
  /* Phase 3: every leader sends each of its non-leaders. */
  template <class PieceOf, class BytesOf>
  void release_from_leaders(Op op, PieceOf piece_of, BytesOf bytes_of) {
    begin_round(false);
    for (int v = 0; v < nodes(); ++v)
      for (int m : l_.members[v])
        if (m != leader(v)) message(leader(v), m, op, piece_of(m), bytes_of(m));
    end_round();
  }

 private:
  const Layout &l_;
  Schedule &s_;
  std::vector<int> leaders_;
};

/* Pieces naming member data of nodes [first, first+count) mod L, blocks
 * `b`: at most two (the range may wrap). */
std::vector<Piece> node_span(int first, int count, int L, Range b) {
  std::vector<Piece> out;
  first %= L;
  const int head = std::min(count, L - first);
  if (head > 0) out.push_back(Piece{nodes(first, head), b});
  if (count > head) out.push_back(Piece{nodes(0, count - head), b});
  return out;
}

void barrier(Builder &b) {
  const int L = b.nodes();
  std::vector<Piece> none;
  b.gather_to_leaders(Op::signal, [&](int) { return none; }, [](int) { return size_t{0}; });
  for (int d = 1; d < L; d <<= 1) {
    b.begin_round(true);
    for (int v = 0; v < L; ++v) b.message(b.leader(v), b.leader((v + d) % L), Op::signal, none, 0);
  }
  b.release_from_leaders(Op::signal, [&](int) { return none; }, [](int) { return size_t{0}; });
}

void broadcast(Builder &b, Schedule &s) {
  const int L = b.nodes();
  const int root_node = [&] {
    for (int v = 0; v < L; ++v)
      if (b.leader(v) == s.params.root) return v;
    return 0;
  }();
  auto abs = [&](int rel) { return b.leader((rel + root_node) % L); };
  const size_t all_bytes = s.params.bytes;
  if (L > 1 && all_bytes > kBcastScatterBytes) {
    /* Scatter chunk v to relative node v down a binomial tree whose
     * subtrees are contiguous ranges, then a ring allgather. */
    s.chunks = L;
    s.inter_algorithm = "binomial scatter + ring allgather";
    int top = 1;
    while (top < L) top *= 2;
    for (int mask = top / 2; mask >= 1; mask /= 2) {
      b.begin_round(true);
      for (int v = 0; v + mask < L; v += 2 * mask) {
        const int count = std::min(v + 2 * mask, L) - (v + mask);
        b.message(abs(v), abs(v + mask), Op::copy, {b.chunks(v + mask, count)},
                  b.chunk_bytes(v + mask, count));
      }
    }
    for (int t = 0; t + 1 < L; ++t) {
      b.begin_round(true);
      for (int v = 0; v < L; ++v) {
        const int c = ((v - t) % L + L) % L;
        b.message(abs(v), abs((v + 1) % L), Op::copy, {b.chunks(c, 1)}, b.chunk_bytes(c, 1));
      }
    }
  } else if (L > 1) {
    s.inter_algorithm = "binomial tree";
    for (int mask = 1; mask < L; mask *= 2) {
      b.begin_round(true);
      for (int v = 0; v < mask && v + mask < L; ++v)
        b.message(abs(v), abs(v + mask), Op::copy, {b.chunks(0, 1)}, all_bytes);
    }
  }
  b.release_from_leaders(Op::copy, [&](int) { return std::vector<Piece>{b.chunks(0, s.chunks)}; },
                         [&](int) { return all_bytes; });
}

void reduce(Builder &b, Schedule &s) {
  const int L = b.nodes(), P = floor_pow2(L);
  const size_t all_bytes = s.params.bytes;
  const bool halving = P > 1 && all_bytes > kReduceHalvingBytes;
  if (halving) s.chunks = P;
  const int C = s.chunks;
  auto whole = [&](int) { return std::vector<Piece>{b.chunks(0, C)}; };
  auto whole_bytes = [&](int) { return all_bytes; };
  b.gather_to_leaders(Op::combine, whole, whole_bytes);
  /* Nodes past the largest power of two fold into a partner first and get
   * the result from it last. */
  b.begin_round(true);
  for (int v = P; v < L; ++v) b.message(b.leader(v), b.leader(v - P), Op::combine, whole(0), all_bytes);
  if (!halving) {
    s.inter_algorithm = P > 1 ? "recursive doubling" : "";
    for (int d = 1; d < P; d *= 2) {
      b.begin_round(true);
      for (int v = 0; v < P; ++v)
        b.message(b.leader(v), b.leader(v ^ d), Op::combine, whole(0), all_bytes);
    }
  } else {
    s.inter_algorithm = "recursive halving reduce-scatter + recursive doubling allgather";
    for (int d = P / 2; d >= 1; d /= 2) {
      b.begin_round(true);
      for (int v = 0; v < P; ++v) {
        const int lo = v & ~(2 * d - 1), give = (v & d) ? lo : lo + d;
        b.message(b.leader(v), b.leader(v ^ d), Op::combine, {b.chunks(give, d)},
                  b.chunk_bytes(give, d));
      }
    }
    for (int d = 1; d < P; d *= 2) {
      b.begin_round(true);
      for (int v = 0; v < P; ++v) {
        const int held = v & ~(d - 1);
        b.message(b.leader(v), b.leader(v ^ d), Op::copy, {b.chunks(held, d)},
                  b.chunk_bytes(held, d));
      }
    }
  }
  b.begin_round(true);
  for (int v = P; v < L; ++v) b.message(b.leader(v - P), b.leader(v), Op::copy, whole(0), all_bytes);
  b.release_from_leaders(Op::copy, whole, whole_bytes);
}

void fcollect(Builder &b, Schedule &s, const Layout &l) {
  const int L = b.nodes(), N = l.size();
  const size_t each = s.params.bytes;
  const Range block0 = blocks(0, 1);
  b.gather_to_leaders(Op::copy, [&](int m) { return std::vector<Piece>{Piece{pes(m, 1), block0}}; },
                      [&](int) { return each; });
  auto span_bytes = [&](int first, int count) {
    size_t sum = 0;
    for (int i = 0; i < count; ++i) sum += b.members_of((first + i) % L) * each;
    return sum;
  };
  if (L > 1 && each > kFcollectRingBytes) {
    s.inter_algorithm = "ring";
    for (int t = 0; t + 1 < L; ++t) {
      b.begin_round(true);
      for (int v = 0; v < L; ++v) {
        const int n = ((v - t) % L + L) % L;
        b.message(b.leader(v), b.leader((v + 1) % L), Op::copy, node_span(n, 1, L, block0),
                  span_bytes(n, 1));
      }
    }
  } else if (L > 1) {
    /* Bruck's allgather: after the round of distance d, node v holds nodes
     * [v, v + 2d) (mod L), for any L. */
    s.inter_algorithm = "Bruck allgather";
    for (int d = 1; d < L; d *= 2) {
      const int count = std::min(d, L - d);
      b.begin_round(true);
      for (int v = 0; v < L; ++v)
        b.message(b.leader(v), b.leader((v - d + L) % L), Op::copy, node_span(v, count, L, block0),
                  span_bytes(v, count));
    }
  }
  /* Everything but its own block to each non-leader. */
  b.release_from_leaders(
      Op::copy,
      [&](int m) {
        std::vector<Piece> p;
        if (m > 0) p.push_back(Piece{pes(0, m), block0});
        if (m + 1 < N) p.push_back(Piece{pes(m + 1, N - m - 1), block0});
        return p;
      },
      [&](int) { return (N - 1) * each; });
}

void alltoall(Builder &b, Schedule &s, const Layout &l) {
  const int L = b.nodes(), N = l.size();
  const size_t each = s.params.bytes;
  b.gather_to_leaders(Op::copy,
                      [&](int m) { return std::vector<Piece>{Piece{pes(m, 1), blocks(0, N)}}; },
                      [&](int) { return N * each; });
  /* Item (A, B): what node A's members send node B's. */
  auto item = [&](int a, int bn) { return Piece{nodes(a, 1), Range{bn, 1, true}}; };
  auto item_bytes = [&](int a, int bn) {
    return static_cast<size_t>(b.members_of(a)) * b.members_of(bn) * each;
  };
  if (L > 1 && each > kAlltoallPairwiseBytes) {
    s.inter_algorithm = "pairwise exchange";
    for (int t = 1; t < L; ++t) {
      b.begin_round(true);
      for (int v = 0; v < L; ++v)
        b.message(b.leader(v), b.leader((v + t) % L), Op::copy, {item(v, (v + t) % L)},
                  item_bytes(v, (v + t) % L));
    }
  } else if (L > 1) {
    /* Bruck: item (A, B) travels (B - A) mod L nodes forward, by the bits
     * of that distance from the lowest; in the round of distance d it is
     * at node A + (distance mod d), and moves when the distance has bit d. */
    s.inter_algorithm = "Bruck";
    for (int d = 1; d < L; d *= 2) {
      b.begin_round(true);
      for (int r = 0; r < L; ++r) {
        std::vector<Piece> carried;
        size_t bytes = 0;
        for (int a = 0; a < L; ++a) {
          const int low = ((r - a) % L + L) % L;
          if (low >= d) continue;
          for (int dist = low + d; dist < L; dist += 2 * d) {
            const int bn = (a + dist) % L;
            carried.push_back(item(a, bn));
            bytes += item_bytes(a, bn);
          }
        }
        if (!carried.empty()) b.message(b.leader(r), b.leader((r + d) % L), Op::copy, carried, bytes);
      }
    }
  }
  b.release_from_leaders(
      Op::copy,
      [&](int m) {
        std::vector<Piece> p;
        if (m > 0) p.push_back(Piece{pes(0, m), blocks(m, 1)});
        if (m + 1 < N) p.push_back(Piece{pes(m + 1, N - m - 1), blocks(m, 1)});
        return p;
      },
      [&](int) { return (N - 1) * each; });
}

}  // namespace

Schedule build(const Layout &l, const Params &p) {
  if (l.size() < 1) throw std::invalid_argument("a schedule needs at least one member");
  if (p.kind == Kind::broadcast && (p.root < 0 || p.root >= l.size()))
    throw std::invalid_argument("broadcast root out of range");
  if (p.elem == 0) throw std::invalid_argument("element size 0");
  Schedule s;
  s.params = p;
  Builder b(l, s);
  switch (p.kind) {
    case Kind::barrier:
      s.inter_algorithm = l.nodes() > 1 ? "dissemination" : "";
      barrier(b);
      break;
    case Kind::broadcast: broadcast(b, s); break;
    case Kind::reduce: reduce(b, s); break;
    case Kind::fcollect: fcollect(b, s, l); break;
    case Kind::alltoall: alltoall(b, s, l); break;
  }
  b.end_round();
  return s;
}

Schedule flat_barrier(const Layout &l) {
  Schedule s;
  s.params.kind = Kind::barrier;
  s.inter_algorithm = "dissemination over every member";
  const int n = l.size();
  for (int d = 1; d < n; d *= 2) {
    Round r;
    for (int m = 0; m < n; ++m) {
      const int to = (m + d) % n;
      const bool inter = l.node[m] != l.node[to];
      r.inter = r.inter || inter;
      r.steps.push_back(Step{m, to, true, inter, Op::signal, 0, {}});
      r.steps.push_back(Step{to, m, false, inter, Op::signal, 0, {}});
    }
    s.rounds.push_back(std::move(r));
  }
  return s;
}

std::vector<Counts> counts_of(const Schedule &s, int members) {
  std::vector<Counts> c(members);
  std::vector<int> inter_round(members, -1), intra_round(members, -1);
  for (size_t r = 0; r < s.rounds.size(); ++r)
    for (const Step &st : s.rounds[r].steps) {
      if (!st.send) continue;
      Counts &mine = c[st.pe];
      if (st.inter) {
        ++mine.inter_msgs, mine.inter_bytes += st.bytes;
        if (inter_round[st.pe] != static_cast<int>(r)) ++mine.inter_rounds, inter_round[st.pe] = r;
      } else {
        ++mine.intra_msgs, mine.intra_bytes += st.bytes;
        if (intra_round[st.pe] != static_cast<int>(r)) ++mine.intra_rounds, intra_round[st.pe] = r;
      }
    }
  return c;
}

}  // namespace sched
}  // namespace coll
}  // namespace rocshmem
