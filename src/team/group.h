/* The PEs taking part in a collective: a team, or a legacy active set
 * (PE_start, logPE_stride, PE_size).  Collectives only need the world PE of
 * each member and my position among them. */
#ifndef ROCSHMEM_TEAM_GROUP_H
#define ROCSHMEM_TEAM_GROUP_H

#include <cstdint>
#include <vector>

namespace rocshmem {

/* Who a group is, for the caches keyed by group (the barrier's steps, the
 * collectives' plans, the bootstrap's communicators): a team's serial, or an
 * active set's triplet.  Groups with the same known id have the same
 * members, so a cache compares ids in O(1) where comparing member lists
 * costs O(members) on every call.  The default id is unknown: compare the
 * members. */
struct GroupId {
  uint64_t team = 0; /* a team's serial (new_team_serial), else 0 */
  int start = 0, log_stride = 0, size = 0; /* an active set's triplet, else 0 */

  bool known() const { return team != 0 || size != 0; }
  bool operator==(const GroupId &o) const {
    return team == o.team && start == o.start && log_stride == o.log_stride && size == o.size;
  }
};

/* A serial never given before in this process. */
uint64_t new_team_serial();

struct Group {
  const int *pes; /* world PE of each member, in member order */
  int size;
  int me;         /* my index in pes, -1 if I am not a member */
  /* This PE maps every member's heap (they share its node): the same-node
   * paths serve the group.  Worked out once, where the member list is made
   * (members_mapped), not on every collective: a scan of the members costs
   * as much as a barrier's network rounds at a few thousand PEs. */
  bool mapped;
  GroupId id; /* unknown where the maker of the list has none */

  int world_pe(int index) const { return pes[index]; }
};

/* Whether this PE maps the heap of each of the n world PEs in pes. */
bool members_mapped(const int *pes, int n);

/* Whether g is the group a cache entry was made for (its id and members
 * when made): by id where both are known, else by the member lists. */
bool same_group(const GroupId &id, const std::vector<int> &pes, const Group &g);

/* At init: active sets built before it are forgotten (the job's layout, and
 * so Group::mapped, may differ from the last one's). */
void active_sets_setup();

/* A legacy active set.  Validates the triplet and ends the job with a
 * message naming `call` when it is malformed or does not contain the
 * calling PE.  Built on every 1.x collective call, so sets of up to
 * kInlinePes PEs live inside the object (a heap allocation would cost as
 * much as an 8-byte collective's own work), and larger ones are kept by
 * their triplet in a small per-thread cache, so that a repeated set costs
 * O(1), not a list of its members and a scan of the peer table: the list
 * of a large set stays valid until four other large sets were built in the
 * same thread (a collective uses one). */
class ActiveSet {
 public:
  ActiveSet(const char *call, int pe_start, int log_pe_stride, int pe_size);
  ActiveSet(const ActiveSet &) = delete; /* group_ points into the object */
  ActiveSet &operator=(const ActiveSet &) = delete;
  const Group &group() const { return group_; }

 private:
  static constexpr int kInlinePes = 32;
  int inline_pes_[kInlinePes];
  Group group_;
};

}  // namespace rocshmem

#endif
