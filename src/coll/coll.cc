#include "coll/coll.h"

#include <cstdint>

namespace rocshmem {
namespace coll {

namespace {

/* Each PE's published words, one cache line in the symmetric heap:
 * [0] the value shared in begin(), [1] the debug-checked argument. */
uint64_t *g_words = nullptr;

/* Member m's published words. */
void words_of(const char *call, const Group &g, int m, uint64_t out[2]) {
  read_member(call, "collective state", g_words, 2 * sizeof(uint64_t), g, m, out);
}

}  // namespace

const char *member_view(const char *call, const char *arg, const void *addr, size_t len,
                        const Group &g, int m, void *staging) {
  Location loc = peer_locate(call, arg, addr, len, g.world_pe(m));
  if (loc.mapped) return loc.mapped;
  net::get(call, g.world_pe(m), loc, staging, len, false);
  return static_cast<const char *>(staging);
}

void read_member(const char *call, const char *arg, const void *addr, size_t len, const Group &g,
                 int m, void *dst) {
  if (len == 0) return;
  Location loc = peer_locate(call, arg, addr, len, g.world_pe(m));
  if (loc.mapped)
    std::memmove(dst, loc.mapped, len);
  else
    net::get(call, g.world_pe(m), loc, dst, len, false);
}

void coll_setup(const char *call) {
  void *p = g_runtime.heap.allocate(64, 64);
  if (!p) fatal(call, "the symmetric heap is too small for the collectives' state");
  g_words = static_cast<uint64_t *>(p);
}

size_t byte_count(const char *call, size_t nelems, size_t elem_size) {
  if (elem_size > 1 && nelems > SIZE_MAX / elem_size)
    fatal(call, "nelems = %zu elements of %zu bytes overflows the address space", nelems, elem_size);
  return nelems * elem_size;
}

void begin(const char *call, const Group &g, const char *arg, long value, size_t share) {
  require_init(call);
  if (g.me < 0) fatal(call, "this PE (%d) is not a member of the team", g_runtime.my_pe);
  /* The previous collective's last synchronization guarantees nobody still
   * reads these words. */
  __atomic_store_n(&g_words[0], share, __ATOMIC_RELAXED);
  __atomic_store_n(&g_words[1], static_cast<uint64_t>(value), __ATOMIC_RELAXED);
  group_sync(call, g);
  if (!g_runtime.cfg.debug || !arg) return;
  for (int m = 0; m < g.size; ++m) {
    uint64_t words[2];
    words_of(call, g, m, words);
    long theirs = static_cast<long>(words[1]);
    if (theirs != value)
      fatal(call, "%s = %ld on PE %d but %ld on PE %d: every member of a collective must pass "
            "the same value", arg, value, g_runtime.my_pe, theirs, g.world_pe(m));
  }
}

size_t shared_by(const char *call, const Group &g, int m) {
  uint64_t words[2];
  words_of(call, g, m, words);
  return words[0];
}

void broadcast(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
               size_t elem_size, int root, bool root_receives) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  if (root < 0 || root >= g.size)
    fatal(call, "PE_root = %d is not a member index of the %d-PE team", root, g.size);
  begin(call, g, "PE_root", root);
  if (bytes && (g.me != root || (root_receives && dest != source)))
    read_member(call, "source", source, bytes, g, root, dest);
  group_sync(call, g);
}

void fcollect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  byte_count(call, bytes, static_cast<size_t>(g.size));
  begin(call, g, "nelems", static_cast<long>(nelems));
  for (int m = 0; bytes && m < g.size; ++m)
    read_member(call, "source", source, bytes, g, m, static_cast<char *>(dest) + m * bytes);
  group_sync(call, g);
}

void collect(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
             size_t elem_size) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  begin(call, g, nullptr, 0, bytes);
  char *out = static_cast<char *>(dest);
  for (int m = 0; m < g.size; ++m) {
    size_t theirs = shared_by(call, g, m);
    read_member(call, "source", source, theirs, g, m, out);
    out += theirs;
  }
  group_sync(call, g);
}

void alltoall(const char *call, const Group &g, void *dest, const void *source, size_t nelems,
              size_t elem_size) {
  const size_t bytes = byte_count(call, nelems, elem_size);
  const size_t total = byte_count(call, bytes, static_cast<size_t>(g.size));
  begin(call, g, "nelems", static_cast<long>(nelems));
  if (bytes) peer_locate(call, "source", source, total, g.world_pe(g.me)); /* whole range */
  for (int m = 0; bytes && m < g.size; ++m)
    read_member(call, "source", static_cast<const char *>(source) + g.me * bytes, bytes, g, m,
                static_cast<char *>(dest) + m * bytes);
  group_sync(call, g);
}

void alltoalls(const char *call, const Group &g, void *dest, const void *source, ptrdiff_t dst,
               ptrdiff_t sst, size_t nelems, size_t elem_size) {
  if (dst < 1 || sst < 1)
    fatal(call, "dst = %td and sst = %td must both be at least 1", dst, sst);
  const size_t n = static_cast<size_t>(g.size);
  const size_t span = byte_count(call, byte_count(call, nelems * n, elem_size), static_cast<size_t>(sst));
  begin(call, g, "nelems", static_cast<long>(nelems));
  char *out = static_cast<char *>(dest);
  const size_t used = span - (sst - 1) * elem_size; /* through the last element read */
  std::vector<char> staging;
  for (int m = 0; nelems && m < g.size; ++m) {
    Location loc = peer_locate(call, "source", source, used, g.world_pe(m));
    if (!loc.mapped && staging.size() < used) staging.resize(used);
    const char *in = member_view(call, "source", source, used, g, m, staging.data());
    for (size_t k = 0; k < nelems; ++k)
      std::memcpy(out + ((m * nelems + k) * dst) * elem_size,
                  in + ((g.me * nelems + k) * sst) * elem_size, elem_size);
  }
  group_sync(call, g);
}

}  // namespace coll
}  // namespace rocshmem
