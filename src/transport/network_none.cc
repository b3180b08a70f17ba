/* Built without UCX: no network transport.  Init refuses jobs whose PEs are
 * not all on one node, so none of the data-path functions can be reached. */
#include "core/log.h"
#include "transport/network.h"

namespace rocshmem {
namespace net {

bool g_active = false;

bool compiled_in() { return false; }

char *allocate_heap(size_t, size_t, std::string *error) {
  *error = "this build of rocshmem has no network transport (configure found no UCX)";
  return nullptr;
}
bool setup(Runtime &, std::string *error) {
  *error = "this build of rocshmem has no network transport (configure found no UCX)";
  return false;
}
void teardown(Bootstrap &) {}

[[noreturn]] static void unreachable(const char *call, int pe) {
  fatal(call, "PE %d is on another node and this build has no network transport", pe);
}
void put(const char *call, int pe, const Location &, const void *, size_t, bool) {
  unreachable(call, pe);
}
void get(const char *call, int pe, const Location &, void *, size_t, bool) { unreachable(call, pe); }
void put_signal(const char *call, int pe, const Location &, uint64_t) { unreachable(call, pe); }
uint64_t atomic(const char *call, int pe, const Location &, AtomicOp, uint64_t, uint64_t, size_t) {
  unreachable(call, pe);
}
bool atomics_by_cpu() { return true; }
char *mapping(int, const Location &) { return nullptr; }
void gpu_put(const char *call, int pe, size_t, const void *, size_t) { unreachable(call, pe); }
void gpu_get(const char *call, int pe, size_t, void *, size_t) { unreachable(call, pe); }
uint64_t gpu_atomic(const char *call, int pe, size_t, AtomicOp, uint64_t, uint64_t, size_t) {
  unreachable(call, pe);
}
void allow_threads() {}
void fence() {}
void quiet() {}
bool progress() { return false; }
bool heaps_reached_directly() { return true; }

}  // namespace net
}  // namespace rocshmem
