#include "team/group.h"

#include <algorithm>
#include <atomic>

#include "core/log.h"
#include "core/runtime.h"
#include "transport/peer_table.h"

namespace rocshmem {

namespace {

std::atomic<uint64_t> g_team_serials{0};
/* Bumped at every init: a cached active set of an earlier one is stale. */
std::atomic<uint64_t> g_active_set_generation{0};

/* A large active set, as ActiveSet's cache keeps it. */
struct CachedSet {
  uint64_t generation = 0; /* of the init it was made in; 0: empty */
  GroupId id;
  std::vector<int> pes;
  int me = -1;
  bool mapped = false;
  bool filled = false; /* pes, me and mapped are worked out */
};

constexpr int kCachedSets = 4;

/* The entry of the large set id in this thread's cache: its own, or else
 * the oldest entry, taken over for id with its members not yet filled in. */
CachedSet &cached_set(const GroupId &id) {
  /* Never destroyed, as the plan caches: an exit handler's finalize runs
   * after thread_local destructors. */
  thread_local CachedSet *const cache = new CachedSet[kCachedSets];
  thread_local int oldest = 0;
  const uint64_t generation = g_active_set_generation.load(std::memory_order_relaxed) + 1;
  for (int c = 0; c < kCachedSets; ++c)
    if (cache[c].generation == generation && cache[c].id == id) return cache[c];
  CachedSet &e = cache[oldest];
  oldest = (oldest + 1) % kCachedSets;
  e.generation = generation;
  e.id = id;
  e.pes.resize(id.size);
  e.filled = false;
  return e;
}

}  // namespace

uint64_t new_team_serial() { return ++g_team_serials; }

bool members_mapped(const int *pes, int n) {
  for (int m = 0; m < n; ++m)
    if (!g_peers.base[SEG_HEAP][pes[m]]) return false;
  return true;
}

bool same_group(const GroupId &id, const std::vector<int> &pes, const Group &g) {
  if (id.known() && g.id.known()) return id == g.id;
  return static_cast<int>(pes.size()) == g.size && std::equal(pes.begin(), pes.end(), g.pes);
}

void active_sets_setup() { ++g_active_set_generation; }

ActiveSet::ActiveSet(const char *call, int pe_start, int log_pe_stride, int pe_size)
    : group_{nullptr, 0, -1, true, GroupId{0, pe_start, log_pe_stride, pe_size}} {
  const int n = g_runtime.n_pes;
  if (pe_size < 1 || pe_start < 0 || log_pe_stride < 0 || log_pe_stride > 30)
    fatal(call, "the active set (PE_start = %d, logPE_stride = %d, PE_size = %d) is malformed",
          pe_start, log_pe_stride, pe_size);
  const long stride = 1L << log_pe_stride;
  const long last = pe_start + stride * (pe_size - 1L);
  if (last >= n)
    fatal(call, "the active set (PE_start = %d, logPE_stride = %d, PE_size = %d) reaches PE %ld, "
          "beyond the %d PEs of the job", pe_start, log_pe_stride, pe_size, last, n);
  int *pes = inline_pes_;
  CachedSet *entry = nullptr;
  if (pe_size > kInlinePes) {
    entry = &cached_set(group_.id);
    pes = entry->pes.data();
  }
  if (entry && entry->filled) {
    group_.me = entry->me;
    group_.mapped = entry->mapped;
  } else {
    for (int i = 0; i < pe_size; ++i) {
      pes[i] = static_cast<int>(pe_start + stride * i);
      if (pes[i] == g_runtime.my_pe) group_.me = i;
      group_.mapped = group_.mapped && g_peers.base[SEG_HEAP][pes[i]];
    }
    if (entry) entry->me = group_.me, entry->mapped = group_.mapped, entry->filled = true;
  }
  if (group_.me < 0)
    fatal(call, "this PE (%d) is not in the active set (PE_start = %d, logPE_stride = %d, "
          "PE_size = %d) it called a collective on", g_runtime.my_pe, pe_start, log_pe_stride,
          pe_size);
  group_.pes = pes;
  group_.size = pe_size;
}

}  // namespace rocshmem
