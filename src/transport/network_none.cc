/* Built without UCX: no network transport.  Init refuses jobs whose PEs are
 * not all on one node, so none of the data-path functions can be reached. */
#include "core/log.h"
#include "core/runtime.h"
#include "transport/net_stats.h"
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
void teardown(Bootstrap &) {
  if (g_runtime.cfg.net_stats) stats::report(g_peers.my_pe); /* all zero: nothing crosses nodes */
}
int register_gpu_heap(const char *, Runtime &, void *, size_t, bool) { return 0; }

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
void gpu_put_start(const char *call, int pe, size_t, const void *, size_t, Answers &) {
  unreachable(call, pe);
}
void gpu_get_start(const char *call, int pe, size_t, void *, size_t, Answers &) {
  unreachable(call, pe);
}
void gpu_atomic_start(const char *call, int pe, size_t, AtomicOp, uint64_t, uint64_t, size_t,
                      Answers &) {
  unreachable(call, pe);
}
void gpu_batch_start(const char *call, int pe, const BatchItem *, size_t, Answers &) {
  unreachable(call, pe);
}
void wait_answers(Answers &) {}
long gpu_answers_due() { return 0; }
void allow_threads() {}
void fence() {}
void quiet() {}
bool progress() { return false; }
bool heaps_reached_directly() { return true; }
bool gpu_memory_known() { return false; }
bool stats::has_endpoint(int) { return false; }

}  // namespace net
}  // namespace rocshmem
