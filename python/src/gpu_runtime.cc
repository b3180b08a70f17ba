/* What this module needs from the GPU side, reached at run time so that one
 * source builds against a CPU-only and a GPU librocshmem:
 *  - the routines only a GPU build defines (the _on_stream family,
 *    rocshmem_hipmodule_init), looked up in librocshmem itself;
 *  - device synchronization and the device of a pointer, from the GPU
 *    runtime under the library: HIP's (libamdhip64, which a HIP build links,
 *    so it is among the library's dependencies) or, for CUDA, the driver
 *    (libcuda.so.1): a CUDA build carries a static, hidden CUDA runtime,
 *    whose cudaDeviceSynchronize cannot be looked up. */
#include <dlfcn.h>

#include "module.h"

namespace rocshmem4py {

namespace {

/* librocshmem as loaded for this module: a handle whose dlsym also searches
 * the libraries it depends on. */
void *library_handle() {
  static void *handle = [] {
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void *>(&rocshmem_init), &info) || !info.dli_fname)
      return static_cast<void *>(nullptr);
    return dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
  }();
  return handle;
}

/* Values shared by CUDA's CUpointer_attribute and HIP's hipPointer_attribute. */
constexpr int kPointerAttributeDeviceOrdinal = 9;

/* The CUDA driver entry points used here (cuda.h's signatures; CUcontext is
 * an opaque pointer, CUdeviceptr an unsigned long long, CUresult 0 success). */
struct CudaDriver {
  int (*init)(unsigned) = nullptr;
  int (*pointer_get_attribute)(void *, int, unsigned long long) = nullptr;
  int (*ctx_get_current)(void **) = nullptr;
  int (*ctx_synchronize)() = nullptr;
  bool loaded = false;
  bool usable = false; /* cuInit succeeded: a driver and a device */
};

const CudaDriver &cuda_driver() {
  static CudaDriver d = [] {
    CudaDriver c;
    void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!lib) return c;
    c.init = reinterpret_cast<int (*)(unsigned)>(dlsym(lib, "cuInit"));
    c.pointer_get_attribute = reinterpret_cast<int (*)(void *, int, unsigned long long)>(
        dlsym(lib, "cuPointerGetAttribute"));
    c.ctx_get_current = reinterpret_cast<int (*)(void **)>(dlsym(lib, "cuCtxGetCurrent"));
    c.ctx_synchronize = reinterpret_cast<int (*)()>(dlsym(lib, "cuCtxSynchronize"));
    c.loaded = c.init && c.pointer_get_attribute && c.ctx_get_current && c.ctx_synchronize;
    c.usable = c.loaded && c.init(0) == 0;
    return c;
  }();
  return d;
}

}  // namespace

void *library_symbol(const char *name) {
  void *handle = library_handle();
  return handle ? dlsym(handle, name) : nullptr;
}

void *gpu_routine(const char *call) {
  void *fn = library_symbol(call);
  if (!fn)
    runtime_error(call, "not available: this librocshmem was built without GPU support "
                        "(configure --with-cuda or --with-hip)");
  return fn;
}

const char *gpu_platform() {
  /* A GPU build always defines the stream routines; only CUDA's defines
   * rocshmem_cumodule_init. */
  if (!library_symbol("rocshmem_putmem_on_stream")) return "none";
  return library_symbol("rocshmem_cumodule_init") ? "cuda" : "hip";
}

int gpu_device_of(uintptr_t address) {
  int ordinal = -1;
  const std::string platform = gpu_platform();
  if (platform == "cuda") {
    const CudaDriver &d = cuda_driver();
    if (d.usable &&
        d.pointer_get_attribute(&ordinal, kPointerAttributeDeviceOrdinal, address) == 0)
      return ordinal;
  } else if (platform == "hip") {
    auto get = reinterpret_cast<int (*)(void *, int, void *)>(
        library_symbol("hipPointerGetAttribute"));
    if (get && get(&ordinal, kPointerAttributeDeviceOrdinal,
                   reinterpret_cast<void *>(address)) == 0)
      return ordinal;
  }
  return -1;
}

void gpu_device_synchronize(const char *call) {
  const std::string platform = gpu_platform();
  if (platform == "hip") {
    auto sync = reinterpret_cast<int (*)()>(library_symbol("hipDeviceSynchronize"));
    if (!sync) runtime_error(call, "hipDeviceSynchronize not found next to librocshmem");
    int err;
    {
      py::gil_scoped_release nogil;
      err = sync();
    }
    if (err) runtime_error(call, "hipDeviceSynchronize failed (HIP error " + std::to_string(err) + ")");
    return;
  }
  if (platform != "cuda") return; /* no GPU support: no GPU work to wait for */
  const CudaDriver &d = cuda_driver();
  if (!d.loaded) {
    if (initialized() && heap_is_gpu())
      runtime_error(call, "the CUDA driver (libcuda.so.1) cannot be loaded");
    return;
  }
  if (!d.usable) return; /* no device: nothing ran */
  /* cudaDeviceSynchronize's meaning: the calling thread's current context,
   * the primary context the CUDA runtime (the library's, torch's) made
   * current.  A thread without one has launched nothing. */
  void *ctx = nullptr;
  if (d.ctx_get_current(&ctx) != 0 || !ctx) return;
  int err;
  {
    py::gil_scoped_release nogil;
    err = d.ctx_synchronize();
  }
  if (err) runtime_error(call, "cuCtxSynchronize failed (CUDA error " + std::to_string(err) + ")");
}

}  // namespace rocshmem4py
