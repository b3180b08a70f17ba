#include "proxy_kernels.h"

#include "gpu_test.h"

__global__ void nbi_then_flag(unsigned char *data, const unsigned char *src, size_t chunk,
                              int chunks, int *flag, int round, int use_quiet, ull *errors) {
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  int next = (me + 1) % n, prev = (me + n - 1) % n;
  if (threadIdx.x == 0) {
    for (int c = 0; c < chunks; ++c)
      rocshmem_putmem_nbi(data + c * chunk, src + c * chunk, chunk, next);
    if (use_quiet)
      rocshmem_quiet();
    else
      rocshmem_fence();
    rocshmem_int_p(flag, round, next);
    rocshmem_int_wait_until(flag, ROCSHMEM_CMP_EQ, round);
  }
  __syncthreads();
  ull bad = 0;
  for (size_t i = threadIdx.x; i < chunk * chunks; i += blockDim.x)
    bad += *(volatile unsigned char *)&data[i] != gt_byte(prev, i, round);
  if (bad) atomicAdd(errors, bad);
}

__global__ void hammer(ull *words, int iters, ull *sums) {
  ull mine = 0;
  for (int i = 0; i < iters; ++i) {
    mine += rocshmem_ulonglong_atomic_fetch_add(&words[0], 1, 0);
    rocshmem_ulonglong_atomic_add(&words[1], 1, 0);
  }
  rocshmem_quiet();
  atomicAdd(&sums[0], mine);
}

__global__ void signal_stream(unsigned char *data, const unsigned char *src, uint64_t *sig,
                              size_t chunk, int iters, ull *errors) {
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  int next = (me + 1) % n, prev = (me + n - 1) % n;
  if (threadIdx.x == 0)
    for (int i = 0; i < iters; ++i)
      rocshmem_putmem_signal_nbi(data + i * chunk, src + i * chunk, chunk, sig, 1,
                                 ROCSHMEM_SIGNAL_ADD, next);
  ull bad = 0;
  for (int i = 0; i < iters; ++i) {
    if (threadIdx.x == 0) rocshmem_signal_wait_until(sig, ROCSHMEM_CMP_GE, (uint64_t)(i + 1));
    __syncthreads();
    for (size_t j = threadIdx.x; j < chunk; j += blockDim.x)
      bad += *(volatile unsigned char *)&data[i * chunk + j] != gt_byte(prev, j, i);
  }
  if (bad) atomicAdd(errors, bad);
  rocshmem_quiet();
}

__global__ void reachability(int *buf, int *out) {
  if (threadIdx.x != 0) return;
  int n = rocshmem_n_pes();
  for (int pe = 0; pe < n; ++pe) {
    out[pe] = rocshmem_ptr(buf, pe) != nullptr;
    out[n + pe] = rocshmem_pe_accessible(pe);
  }
}

__global__ void endless_puts(unsigned char *dest, const unsigned char *src, size_t bytes) {
  if (threadIdx.x != 0) return;
  int next = (rocshmem_my_pe() + 1) % rocshmem_n_pes();
  for (;;) rocshmem_putmem_nbi(dest, src, bytes, next);
}

__global__ void sized_put(unsigned char *dest, unsigned char *src, size_t bytes, int form) {
  int next = (rocshmem_my_pe() + 1) % rocshmem_n_pes();
  if (form == kBlockPut)
    rocshmem_putmem_wg(dest, src, bytes, next);
  else if (form == kWavePut && threadIdx.x < warpSize)
    rocshmem_putmem_wave(dest, src, bytes, next);
  else if (form == kThreadPut && threadIdx.x == 0)
    rocshmem_putmem(dest, src, bytes, next);
  __syncthreads();
  for (size_t i = threadIdx.x; i < bytes; i += blockDim.x) src[i] = (unsigned char)~src[i];
  __syncthreads();
  if (threadIdx.x == 0) rocshmem_quiet();
}

__global__ void many_puts(unsigned char *dest, const unsigned char *src, size_t piece,
                          int per_thread) {
  int next = (rocshmem_my_pe() + 1) % rocshmem_n_pes();
  for (int k = 0; k < per_thread; ++k) {
    size_t at = ((size_t)k * blockDim.x + threadIdx.x) * piece;
    rocshmem_putmem_nbi(dest + at, src + at, piece, next);
  }
  rocshmem_quiet();
}
