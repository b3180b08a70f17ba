/* Inline device implementation: teams.  Conventions in core.h.
 *
 * Kernels get team handles (the host's rocshmem_team_t) as arguments; the
 * host library keeps a table of the teams this PE belongs to in GPU memory
 * (State::teams, filled by src/gpu/gpu_teams.cc at init and at every
 * split/destroy), and a handle is looked up by a linear scan.  The table is
 * small (gpu_teams.cc says why) and WORLD is slot 0, SHARED slot 1, so the
 * common lookups end at once. */
#ifndef ROCSHMEM_DEVICE_IMPL_TEAM_H
#define ROCSHMEM_DEVICE_IMPL_TEAM_H

#include "device/impl/core.h"
#include "device/impl/sync.h"

namespace rocshmem {
namespace device {

namespace detail {

inline __device__ __noinline__ void fail_team(const char *call, const State &s, const void *team) {
  const bool first = first_report();
  if (first) {
    if (s.n_pes <= 0)
      print_not_set_up(call);
    else if (!team)
      printf("rocshmem: %s: team = ROCSHMEM_TEAM_INVALID\n", call);
    else
      printf("rocshmem: %s: team = %p is not a valid team of this PE (destroyed, never "
             "created, or this PE is not a member)\n", call, team);
  }
  trap_after_report(first);
}

}  // namespace detail

/* The slot of `handle`, nullptr when there is none.  The handle is read
 * volatile: the host may fill or clear other slots while a kernel runs. */
inline __device__ const Team *lookup_team(const State &s, const void *handle) {
  if (!handle) return nullptr;
  for (int i = 0; i < s.team_slots; ++i)
    if (load_volatile(&s.teams[i].handle) == handle) return &s.teams[i];
  return nullptr;
}

/* The team of `handle`; an invalid or unknown handle is reported (naming
 * `call`) and traps. */
inline __device__ const Team &find_team(const State &s, const char *call, const void *handle) {
  const Team *t = lookup_team(s, handle);
  if (!t) detail::fail_team(call, s, handle);
  return *t;
}

/* rocshmem_team_translate_pe: -1 when either team is ROCSHMEM_TEAM_INVALID,
 * src_pe is not a member index or that PE is not in dest_team. */
inline __device__ int team_translate_pe(const State &s, const void *src_team, int src_pe,
                                        const void *dest_team) {
  const char *call = "rocshmem_team_translate_pe";
  if (!src_team || !dest_team) return -1;
  const Team &from = find_team(s, call, src_team);
  const Team &to = find_team(s, call, dest_team);
  if (src_pe < 0 || src_pe >= from.size) return -1;
  const int pe = from.pes[src_pe];
  for (int i = 0; i < to.size; ++i)
    if (to.pes[i] == pe) return i;
  return -1;
}

/* Team synchronization by the members of group G (one group per PE at a
 * time): every member orders its own earlier stores (the release half of
 * a barrier, and for load/store transports also its quiet), then the leader
 * synchronizes the team's PEs on the pairwise counters (sync.h).  The
 * thread form needs no separate fence: sync_members starts with one.  Not
 * inlined: the collectives call it twice or three times each. */
template <class G>
inline __device__ __noinline__ void team_sync(const State &s, const char *call, const Team &t) {
  if (G::size() > 1) {
    quiet(s);
    G::sync();
  }
  if (G::rank() == 0) {
    const int *pes = t.pes;
    sync_members(s, call, t.size, [pes](int i) { return pes[i]; });
  }
  G::sync();
}

}  // namespace device
}  // namespace rocshmem

#endif
