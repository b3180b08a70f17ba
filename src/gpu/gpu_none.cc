/* GPU support for builds without a GPU platform: the GPU heap stays off, so
 * no address is ever in SEG_GPU and the access routines are unreachable. */
#include "core/log.h"
#include "core/runtime.h"
#include "gpu/gpu.h"

namespace rocshmem {
namespace gpu {

bool compiled_in() { return false; }

void setup(const char *call, Runtime &rt) {
  if (rt.cfg.gpu == "on")
    fatal(call, "ROCSHMEM_GPU=on, but this build of rocshmem has no GPU support (configure "
          "--with-cuda or --with-hip)");
}

void teardown(Runtime &) {}
bool active() { return false; }
std::string describe() { return "no GPU support in this build"; }

[[noreturn]] static void unreachable(const char *call) {
  fatal(call, "internal error: GPU-heap access in a build without GPU support");
}
void put(const char *call, int, const Location &, const void *, size_t) { unreachable(call); }
void get(const char *call, int, const Location &, void *, size_t) { unreachable(call); }
void put_from_gpu(const char *call, int, const Location &, const void *, size_t) {
  unreachable(call);
}
void get_into_gpu(const char *call, int, const Location &, void *, size_t) { unreachable(call); }
uint64_t atomic(const char *call, int, const Location &, net::AtomicOp, uint64_t, uint64_t,
                size_t) {
  unreachable(call);
}
void serve_put(size_t, const void *, size_t) { unreachable("rocshmem (GPU heap service)"); }
void serve_get(size_t, void *, size_t) { unreachable("rocshmem (GPU heap service)"); }
void serve_batch(const net::BatchItem *, size_t) { unreachable("rocshmem (GPU heap service)"); }
uint64_t serve_atomic(size_t, net::AtomicOp, uint64_t, uint64_t, size_t) {
  unreachable("rocshmem (GPU heap service)");
}
bool g_proxy_running = false;
void drain_proxy(const char *call) { unreachable(call); }
void team_created(const char *, const rocshmem_team_s *) {}
void team_destroyed(const rocshmem_team_s *) {}
void zero(void *, size_t) { unreachable("rocshmem_calloc"); }
void copy_local(void *, const void *, size_t) { unreachable("rocshmem_realloc"); }

}  // namespace gpu
}  // namespace rocshmem

/* No GPU heap, no device context. */
extern "C" void *rocshmem_get_device_ctx(void) { return nullptr; }
