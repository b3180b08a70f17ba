// The latency of one thread's dependent fetch-adds (each
// operand depends on the previous result, so one atomic is in flight), written
// five ways, at four places of one buffer: 0.15-0.27 us for the same instruction,
// depending on where its line lives, which is why gpu_bench spreads the
// one-thread rows over 16 places.  nvcc -arch=sm_90 -O3 this.cu && ./a.out
#include <cstdio>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long gtime() {
  unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }
// Zero, but per lane and not provably zero to ptxas: lanemask_lt & lanemask_ge.
__device__ __forceinline__ unsigned long long opaque_zero() {
  unsigned lt, ge; asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt)); asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
  return lt & ge; }
template <int V>
__global__ void k(unsigned long long *p, long iters, unsigned long long *out, unsigned long long *ns) {
  unsigned long long s = 0, r = 0; const unsigned long long one = out[1];
  unsigned long long t0 = gtime();
  for (long i = 0; i < iters; ++i) {
    unsigned long long v = one + (r >> 63); // r < 2^63: adds 0, but serializes
    if (V == 0) r = atomicAdd(p, v);
    else if (V == 1) asm volatile("atom.relaxed.sys.global.add.u64 %0, [%1], %2;" : "=l"(r) : "l"(p), "l"(v) : "memory");
    else if (V == 2) asm volatile("atom.relaxed.gpu.global.add.u64 %0, [%1], %2;" : "=l"(r) : "l"(p), "l"(v + opaque_zero()) : "memory");
    else if (V == 3) asm volatile("atom.relaxed.sys.global.add.u64 %0, [%1], %2;" : "=l"(r) : "l"(p), "l"(v + opaque_zero()) : "memory");
    else if (V == 4) r = atomicAdd_system(p, v);
    s += r;
  }
  unsigned long long t1 = gtime();
  out[0] = s; *ns = t1 - t0;
}
int main() {
  unsigned long long *p, *out, *ns, h[2] = {0, 1}, hns;
  cudaMalloc(&p, 1 << 20); cudaMalloc(&out, 16); cudaMalloc(&ns, 8);
  cudaMemset(p, 0, 1 << 20); cudaMemcpy(out, h, 16, cudaMemcpyHostToDevice);
  const char *name[] = {"atomicAdd gpu (aggregated)", "asm sys (aggregated)", "asm gpu, opaque operand",
                        "asm sys, opaque operand", "atomicAdd_system"};
  void (*ks[])(unsigned long long *, long, unsigned long long *, unsigned long long *) = {k<0>, k<1>, k<2>, k<3>, k<4>};
  const long iters = 100000;
  for (int j = 0; j < 4; ++j) {      // counter places 128 KiB apart (near/far L2)
    unsigned long long *q = p + j * 16384;
    for (int round = 0; round < 2; ++round)
      for (int v = 0; v < 5; ++v) {
        ks[v]<<<1, 1>>>(q, 1000, out, ns); ks[v]<<<1, 1>>>(q, iters, out, ns);
        cudaMemcpy(&hns, ns, 8, cudaMemcpyDeviceToHost);
        printf("place %d round %d  %-30s %.4f us/op\n", j, round, name[v], hns / 1e3 / iters);
      }
  }
  cudaError_t e = cudaDeviceSynchronize(); printf("%s\n", cudaGetErrorString(e));
  return 0;
}
