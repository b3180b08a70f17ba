/* Collective schedules as data: who sends what to whom, round by round.
 *
 * A pure module (no runtime, no network): given a group's node layout and a
 * collective, it returns the rounds of messages that carry it out, so that
 * the same schedule can be verified symbolically (tests/unit/coll), costed
 * by a model (bench/scale/coll_model) and executed by the runtime.
 *
 * Node-aware (hierarchical) schedules have three phases:
 *  1. on each node, the non-leaders hand their part to their node leader
 *     (shared memory: "intra-node steps");
 *  2. the node leaders run a log-depth algorithm among themselves over the
 *     network, each node's data travelling as one item;
 *  3. each leader hands the result to its non-leaders (shared memory).
 * Phases that have nothing to do (one PE per node, one node) are left out.
 *
 * flat_barrier() is the barrier the runtime used before (dissemination over
 * every member), kept for comparison by the model.
 *
 * Data is named, not stored: a message carries Pieces, each a range of
 * origins (PEs or whole nodes) times a range of blocks (chunks of a vector,
 * destination PEs or nodes of an alltoall, block 0 of an fcollect).  */
#ifndef ROCSHMEM_COLL_SCHEDULE_H
#define ROCSHMEM_COLL_SCHEDULE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rocshmem {
namespace coll {
namespace sched {

/* Size thresholds (bytes of one PE's contribution, or of the vector) at
 * which the inter-node algorithm switches from latency-bound (log rounds,
 * whole data each round) to bandwidth-bound (data split or streamed). */
constexpr size_t kBcastScatterBytes = 64 * 1024;   /* binomial -> scatter + ring allgather */
constexpr size_t kReduceHalvingBytes = 16 * 1024;  /* recursive doubling -> Rabenseifner */
constexpr size_t kFcollectRingBytes = 64 * 1024;   /* Bruck allgather -> ring */
constexpr size_t kAlltoallPairwiseBytes = 1024;    /* Bruck -> pairwise exchange */

enum class Kind { barrier, broadcast, reduce, fcollect, alltoall };
const char *kind_name(Kind k);

/* Which members live on which node.  node_of[m] is member m's node, any
 * numbering; nodes are renumbered 0.. in order of their first member. */
struct Layout {
  explicit Layout(std::vector<int> node_of);
  /* `nodes` nodes of `per_node` members each, member m on node m / per_node. */
  static Layout blocks(int nodes, int per_node);
  int size() const { return static_cast<int>(node.size()); }
  int nodes() const { return static_cast<int>(members.size()); }
  std::vector<int> node;                  /* member -> node (renumbered) */
  std::vector<std::vector<int>> members;  /* node -> its members, in member order */
};

/* A half-open range of PEs, nodes (all their members) or blocks. */
struct Range {
  int first = 0, count = 0;
  bool nodes = false; /* PEs/blocks when false; whole nodes when true */
};
struct Piece {
  Range from;   /* origins: whose data (ignored by reduce: contributors travel with it) */
  Range blocks; /* which blocks of it */
};

enum class Op : uint8_t {
  signal,  /* barrier: no data, only "I have arrived, and so have those I heard from" */
  copy,    /* the receiver stores the pieces */
  combine, /* the receiver reduces the pieces into its own */
};

struct Step {
  int pe = -1;   /* the member taking this step */
  int peer = -1; /* the member it sends to or receives from */
  bool send = false;  /* else receive */
  bool inter = false; /* the peer is on another node */
  Op op = Op::copy;
  size_t bytes = 0;
  std::vector<Piece> pieces;
};

/* Every message appears twice, as a send of its sender and a receive of
 * its receiver.  Within a round a member sends what it held when the round
 * began: its receives of the round come after. */
struct Round {
  bool inter = false; /* the leaders' phase */
  std::vector<Step> steps;
};

struct Params {
  Kind kind = Kind::barrier;
  int root = 0;     /* broadcast: member index */
  size_t bytes = 0; /* broadcast, reduce: the vector; fcollect: per member; alltoall: per pair */
  size_t elem = 1;  /* broadcast, reduce: chunks split the vector between elements */
};

struct Schedule {
  Params params;
  int chunks = 1; /* broadcast, reduce: the vector's blocks */
  std::vector<Round> rounds;
  std::string inter_algorithm; /* e.g. "binomial tree", for people */
  /* Where chunk c of the vector starts, in bytes (c == chunks: its end);
   * chunk boundaries fall between elements. */
  size_t chunk_offset(int c) const;
};

/* The leader of node n for this collective: its first member, or the root
 * on the root's node of a broadcast. */
int leader_of(const Layout &l, const Params &p, int node);

/* Builds the node-aware schedule.  Deterministic: every member computes
 * the same one. */
Schedule build(const Layout &l, const Params &p);

/* Today's barrier: dissemination over every member, ceil(log2 n) rounds,
 * blind to nodes. */
Schedule flat_barrier(const Layout &l);

/* Totals per member, for the model and the tests. */
struct Counts {
  int inter_msgs = 0, intra_msgs = 0; /* sent by this member */
  size_t inter_bytes = 0, intra_bytes = 0;
  int inter_rounds = 0, intra_rounds = 0; /* rounds in which it sends */
};
std::vector<Counts> counts_of(const Schedule &s, int members);

}  // namespace sched
}  // namespace coll
}  // namespace rocshmem

#endif
