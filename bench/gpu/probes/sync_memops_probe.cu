/* Does a cudaMemcpy from pageable memory into device memory land before a
 * copy on a non-blocking stream reads it?  Counts stale reads over N trials,
 * without and with CU_POINTER_ATTRIBUTE_SYNC_MEMOPS on the buffer (four
 * processes on one H100, MPS off: stale in 99-100% of trials without the
 * attribute, none with it; the GPU heap carries it since).
 * nvcc -o sync_memops_probe sync_memops_probe.cu */
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>

static int trial_run(int *dev, cudaStream_t s, int trials) {
  int stale = 0;
  for (int t = 0; t < trials; ++t) {
    int mine[8], back[8];
    for (int i = 0; i < 8; ++i) mine[i] = t * 8 + i + 1;
    cudaMemcpy(dev, mine, sizeof mine, cudaMemcpyHostToDevice); /* pageable source */
    cudaMemcpyAsync(back, dev, sizeof back, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    if (std::memcmp(mine, back, sizeof mine)) ++stale;
  }
  return stale;
}

int main(int argc, char **argv) {
  const int trials = argc > 1 ? atoi(argv[1]) : 100000;
  int *dev;
  cudaStream_t s;
  cudaMalloc(&dev, 1 << 20);
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  printf("without SYNC_MEMOPS: %d stale of %d\n", trial_run(dev, s, trials), trials);
  using Set = CUresult (*)(const void *, CUpointer_attribute, CUdeviceptr);
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult found;
  cudaGetDriverEntryPointByVersion("cuPointerSetAttribute", &fn, 12000, cudaEnableDefault, &found);
  unsigned on = 1;
  CUresult r = reinterpret_cast<Set>(fn)(&on, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                          reinterpret_cast<CUdeviceptr>(dev));
  printf("cuPointerSetAttribute: %d\n", (int)r);
  printf("with SYNC_MEMOPS:    %d stale of %d\n", trial_run(dev, s, trials), trials);
  return 0;
}
