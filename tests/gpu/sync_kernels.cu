#include "sync_kernels.h"

#include "gpu_test.h"

__device__ static unsigned tid() { return threadIdx.x; }
__device__ static bool member(int gran) {
  return gran == GRAN_WG || (gran == GRAN_WAVE && tid() < unsigned(warpSize)) || tid() == 0;
}
__device__ static void group_barrier(int gran) {
  if (gran == GRAN_THREAD) rocshmem_barrier_all();
  if (gran == GRAN_WAVE) rocshmem_barrier_all_wave();
  if (gran == GRAN_WG) rocshmem_barrier_all_wg();
}
__device__ static void group_sync(int gran) {
  if (gran == GRAN_THREAD) rocshmem_sync_all();
  if (gran == GRAN_WAVE) rocshmem_sync_all_wave();
  if (gran == GRAN_WG) rocshmem_sync_all_wg();
}

/* The slot is read with plain loads, which the SM's L1 cache may serve: the
 * read before the put brings the line in, so the read after the barrier
 * sees the previous PE's store only if the barrier invalidated the line
 * (its acquire, or the full fence it opens with).  A barrier that never
 * invalidates L1 failed 49 of 50 rounds on an H200; a volatile read
 * goes to L2 and would pass. */
__global__ void barrier_rounds(int *slot, int rounds, int gran, ull *errors) {
  if (!member(gran)) return;
  int next = (rocshmem_my_pe() + 1) % rocshmem_n_pes();
  int cached = 0;
  for (int r = 1; r <= rounds; ++r) {
    if (tid() == 0) {
      cached += *slot;
      rocshmem_int_p(slot, r, next);
    }
    group_barrier(gran);
    if (tid() == 0 && *slot != r) atomicAdd(errors, 1ull);
    group_sync(gran);
  }
  if (cached < 0) atomicAdd(errors, 1ull); /* (keeps the reads before the puts) */
}

__global__ void ptr_check(int *buf, int *out) {
  if (tid() != 0) return;
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  for (int pe = 0; pe < n; ++pe) {
    out[pe] = rocshmem_ptr(buf, pe) != nullptr;
    out[n + pe] = rocshmem_pe_accessible(pe);
  }
  out[2 * n] = rocshmem_ptr(buf, me) == buf;
  out[2 * n + 1] = me;
  out[2 * n + 2] = n;
  out[2 * n + 3] = rocshmem_ptr(out, me) == nullptr;
  int *remote = (int *)rocshmem_ptr(buf, (me + 1) % n);
  if (remote) *remote = me;
  rocshmem_quiet();
}

__global__ void signal_ring(unsigned char *data, const unsigned char *src, uint64_t *sig,
                            size_t chunk, int iters, int gran, ull *errors) {
  if (!member(gran)) return;
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  int next = (me + 1) % n, prev = (me + n - 1) % n;
  for (int i = 0; i < iters; ++i) {
    unsigned char *d = data + i * chunk;
    const unsigned char *s = src + i * chunk;
    if (gran == GRAN_THREAD && i % 2)
      rocshmem_putmem_signal_nbi(d, s, chunk, sig, 1, ROCSHMEM_SIGNAL_ADD, next);
    else if (gran == GRAN_THREAD)
      rocshmem_putmem_signal(d, s, chunk, sig, 1, ROCSHMEM_SIGNAL_ADD, next);
    else if (gran == GRAN_WAVE)
      rocshmem_putmem_signal_wave(d, s, chunk, sig, 1, ROCSHMEM_SIGNAL_ADD, next);
    else if (i % 2)
      rocshmem_putmem_signal_nbi_wg(d, s, chunk, sig, 1, ROCSHMEM_SIGNAL_ADD, next);
    else
      rocshmem_putmem_signal_wg(d, s, chunk, sig, 1, ROCSHMEM_SIGNAL_ADD, next);
  }
  unsigned rank = tid(), size = gran == GRAN_WG ? blockDim.x : gran == GRAN_WAVE ? warpSize : 1;
  for (int i = 0; i < iters; ++i) {
    rocshmem_signal_wait_until(sig, ROCSHMEM_CMP_GE, i + 1);
    for (size_t j = rank; j < chunk; j += size)
      if (data[i * chunk + j] != gt_byte(prev, j, i)) atomicAdd(errors, 1ull);
  }
}

__global__ void wait_setter(long *ivars, int pe) {
  if (tid() != 0) return;
  rocshmem_long_p(&ivars[0], 7, pe);
  rocshmem_long_p(&ivars[3], 7, pe);
  rocshmem_long_p(&ivars[5], 7, pe);
  rocshmem_quiet();
}

__global__ void wait_sets(long *ivars, ull *out) {
  if (tid() != 0) return;
  int skip0[8] = {1, 0, 0, 0, 0, 0, 0, 0};
  int only035[8] = {0, 1, 1, 0, 1, 0, 1, 1};
  int none[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  long values[8] = {7, 0, 0, 7, 0, 7, 0, 0};
  size_t idx[8];
  /* First all three of wait_setter's values: they may arrive one by one (in
   * any order across GPUs, and apart through the GPU proxy), and the
   * _any/_some results below assume all are there. */
  rocshmem_long_wait_until_all(ivars, 8, only035, ROCSHMEM_CMP_EQ, 7);
  /* _any is fair: over many calls, both ready indices (3 and 5) come back. */
  ull seen = 0;
  for (int k = 0; k < 64; ++k)
    seen |= 1ull << rocshmem_long_wait_until_any(ivars, 8, skip0, ROCSHMEM_CMP_EQ, 7);
  for (int k = 0; k < 64; ++k)
    seen |= 1ull << (32 + rocshmem_long_test_any(ivars, 8, skip0, ROCSHMEM_CMP_EQ, 7));
  out[0] = seen; /* bits 3, 5, 35, 37 */
  out[1] = rocshmem_long_wait_until_some(ivars, 8, idx, skip0, ROCSHMEM_CMP_EQ, 7); /* 2 */
  out[2] = idx[0] * 10 + idx[1];                                                /* 35 */
  rocshmem_long_wait_until_all(ivars, 8, only035, ROCSHMEM_CMP_EQ, 7);
  out[3] = rocshmem_long_test_all(ivars, 8, nullptr, ROCSHMEM_CMP_EQ, 7);       /* 0 */
  out[4] = rocshmem_long_test_any(ivars, 8, skip0, ROCSHMEM_CMP_GT, 7);         /* SIZE_MAX */
  out[5] = rocshmem_long_wait_until_any(ivars, 8, none, ROCSHMEM_CMP_EQ, 7);    /* SIZE_MAX */
  out[6] = rocshmem_long_test_some_vector(ivars, 8, idx, nullptr, ROCSHMEM_CMP_EQ, values); /* 8 */
  rocshmem_long_wait_until_all_vector(ivars, 8, nullptr, ROCSHMEM_CMP_EQ, values);
  out[7] = 1;
  out[8] = rocshmem_long_test(&ivars[3], ROCSHMEM_CMP_EQ, 7);                   /* 1 */
  rocshmem_long_wait_until(&ivars[5], ROCSHMEM_CMP_GE, 7);
  out[9] = rocshmem_long_test_some_vector(ivars, 8, idx, skip0, ROCSHMEM_CMP_NE, values); /* 0 */
}
