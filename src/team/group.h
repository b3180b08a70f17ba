/* The PEs taking part in a collective: a team, or a legacy active set
 * (PE_start, logPE_stride, PE_size).  Collectives only need the world PE of
 * each member and my position among them. */
#ifndef ROCSHMEM_TEAM_GROUP_H
#define ROCSHMEM_TEAM_GROUP_H

#include <vector>

namespace rocshmem {

struct Group {
  const int *pes; /* world PE of each member, in member order */
  int size;
  int me;         /* my index in pes, -1 if I am not a member */
  /* This PE maps every member's heap (they share its node): the same-node
   * paths serve the group.  Worked out once, where the member list is made
   * (members_mapped), not on every collective: a scan of the members costs
   * as much as a barrier's network rounds at a few thousand PEs. */
  bool mapped;

  int world_pe(int index) const { return pes[index]; }
};

/* Whether this PE maps the heap of each of the n world PEs in pes. */
bool members_mapped(const int *pes, int n);

/* A legacy active set, owning its PE list.  Validates the triplet and ends
 * the job with a message naming `call` when it is malformed or does not
 * contain the calling PE.  Built on every 1.x collective call, so sets of
 * up to kInlinePes PEs live inside the object: a heap allocation would cost
 * as much as an 8-byte collective's own work. */
class ActiveSet {
 public:
  ActiveSet(const char *call, int pe_start, int log_pe_stride, int pe_size);
  ActiveSet(const ActiveSet &) = delete; /* group_ points into the object */
  ActiveSet &operator=(const ActiveSet &) = delete;
  const Group &group() const { return group_; }

 private:
  static constexpr int kInlinePes = 32;
  int inline_pes_[kInlinePes];
  std::vector<int> more_pes_; /* sets larger than kInlinePes */
  Group group_;
};

}  // namespace rocshmem

#endif
