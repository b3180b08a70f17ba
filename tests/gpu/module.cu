/* A module loaded at run time (cuModuleLoad / hipModuleLoad of
 * module_kernel.cu, device-linked with librocshmem_device.a) and
 * initialized with rocshmem_cumodule_init / rocshmem_hipmodule_init.
 * Usage: module PATH-OF-THE-MODULE (the test wrapper passes it). */
#include <rocshmem/rocshmem_stream.h>

#include "gpu_test.h"

#ifdef ROCSHMEM_GPU_IS_CUDA
/* The runtime API cannot load a module: the driver API's functions, reached
 * through the runtime (no link to libcuda, so that the test still starts,
 * and skips, on machines without a driver). */
#include <cuda.h>
typedef CUfunction ModuleFunction;
template <class F>
static F driver(const char *name) {
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult found;
  if (cudaGetDriverEntryPointByVersion(name, &fn, 12000, cudaEnableDefault, &found) !=
          cudaSuccess ||
      found != cudaDriverEntryPointSuccess)
    return nullptr;
  return reinterpret_cast<F>(fn);
}
static int load(hipModule_t *m, const char *path) {
  auto fn = driver<CUresult (*)(CUmodule *, const char *)>("cuModuleLoad");
  return fn ? fn(m, path) : -1;
}
static int function(ModuleFunction *f, hipModule_t m, const char *name) {
  auto fn = driver<CUresult (*)(CUfunction *, CUmodule, const char *)>("cuModuleGetFunction");
  return fn ? fn(f, m, name) : -1;
}
static int launch(ModuleFunction f, void **args) {
  auto fn = driver<CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                                unsigned, unsigned, CUstream, void **, void **)>("cuLaunchKernel");
  return fn ? fn(f, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr) : -1;
}
static int init_module(hipModule_t m) { return rocshmem_cumodule_init(m); }
#else
typedef hipFunction_t ModuleFunction;
static int load(hipModule_t *m, const char *path) { return hipModuleLoad(m, path); }
static int function(ModuleFunction *f, hipModule_t m, const char *name) {
  return hipModuleGetFunction(f, m, name);
}
static int launch(ModuleFunction f, void **args) {
  return hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr);
}
static int init_module(hipModule_t m) { return rocshmem_hipmodule_init(m); }
#endif

int main(int argc, char **argv) {
  gt_init(argc, argv);
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODULE\n", argv[0]);
    return 99;
  }
  int n = gt.npes, prev = (gt.me + n - 1) % n;
  int *dest = (int *)rocshmem_malloc(sizeof(int)), *out;
  ull *counter = (ull *)rocshmem_malloc(sizeof(ull));
  GT_GPU(hipMalloc((void **)&out, 2 * sizeof(int)));
  GT_GPU(hipMemset(dest, 0, sizeof(int)));
  GT_GPU(hipMemset(counter, 0, sizeof(ull)));
  GT_GPU(hipDeviceSynchronize()); /* the runtime's context exists before the driver calls */

  hipModule_t module = nullptr;
  ModuleFunction kernel = nullptr;
  int rc = load(&module, argv[1]);
  GT_CHECK(rc == 0, "loading %s failed (%d)", argv[1], rc);
  if (rc == 0) {
    rc = function(&kernel, module, "module_kernel");
    GT_CHECK(rc == 0, "module_kernel not found (%d)", rc);
  }
  int init_rc = module ? init_module(module) : -1;
  GT_CHECK(init_rc == ROCSHMEM_SUCCESS, "module init returned %d", init_rc);
#ifdef ROCSHMEM_GPU_IS_CUDA
  gt_case("load a module and initialize it with rocshmem_cumodule_init");
#else
  gt_case("load a module and initialize it with rocshmem_hipmodule_init");
#endif
  if (!kernel || init_rc != ROCSHMEM_SUCCESS) return gt_finish();

  rocshmem_barrier_all();
  void *args[] = {&dest, &counter, &out};
  rc = launch(kernel, args);
  GT_CHECK(rc == 0, "launch failed (%d)", rc);
  gt_sync();
  std::vector<int> o = gt_download(out, 2);
  GT_CHECK(o[0] == gt.me && o[1] == n, "module sees my_pe %d n_pes %d", o[0], o[1]);
  GT_CHECK(gt_download(dest, 1)[0] == 100 + prev, "int_p from the module: %d",
           gt_download(dest, 1)[0]);
  GT_CHECK(gt_download(counter, 1)[0] == (ull)n, "atomic adds from the module: %llu",
           gt_download(counter, 1)[0]);
  gt_case("kernel of the loaded module: my_pe, n_pes, int_p, atomic_add");

  GT_GPU(hipFree(out));
  rocshmem_free(counter);
  rocshmem_free(dest);
  return gt_finish();
}
