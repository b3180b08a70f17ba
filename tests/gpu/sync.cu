/* Device synchronization: barrier_all / sync_all (thread, wave, wg),
 * rocshmem_ptr and queries, put-with-signal ordering (data visible once the
 * signal is seen), wait_until/test set forms.  Kernels in sync_kernels.cu. */
#include "gpu_test.h"
#include "sync_kernels.h"

static const char *kGranName[] = {"thread", "wave", "wg"};

static ull *alloc_counter() {
  ull *c;
  GT_GPU(hipMalloc((void **)&c, sizeof(ull)));
  GT_GPU(hipMemset(c, 0, sizeof(ull)));
  return c;
}

int main(int argc, char **argv) {
  gt_init(argc, argv);
  int n = gt.npes, prev = (gt.me + n - 1) % n;
  char name[96];

  int *slot = (int *)rocshmem_malloc(sizeof(int));
  for (int gran = 0; gran < GRAN_COUNT; ++gran) {
    ull *errors = alloc_counter();
    GT_GPU(hipMemset(slot, 0, sizeof(int)));
    gt_sync();
    barrier_rounds<<<1, 128>>>(slot, 50, gran, errors);
    gt_sync();
    ull e = gt_download(errors, 1)[0];
    GT_CHECK(e == 0, "%llu rounds saw a stale value after the barrier", e);
    snprintf(name, sizeof name, "barrier_all_%s / sync_all_%s, 50 rounds", kGranName[gran],
             kGranName[gran]);
    gt_case(name);
    GT_GPU(hipFree(errors));
  }

  int *buf = (int *)rocshmem_malloc(sizeof(int)), *out;
  GT_GPU(hipMalloc((void **)&out, (2 * n + 4) * sizeof(int)));
  GT_GPU(hipMemset(buf, 0xff, sizeof(int)));
  gt_sync();
  ptr_check<<<1, 32>>>(buf, out);
  gt_sync();
  std::vector<int> o = gt_download(out, 2 * n + 4);
  /* Every PE is accessible (IPC, or the GPU proxy); rocshmem_ptr is not null
   * exactly for the mapped ones. */
  for (int pe = 0; pe < n; ++pe) {
    GT_CHECK(o[pe] == gt_mapped(gt.me, pe) && o[n + pe] == 1, "pe %d: ptr %d pe_accessible %d",
             pe, o[pe], o[n + pe]);
  }
  GT_CHECK(o[2 * n] == 1, "rocshmem_ptr(buf, my_pe) != buf");
  GT_CHECK(o[2 * n + 1] == gt.me && o[2 * n + 2] == n, "device my_pe %d n_pes %d", o[2 * n + 1],
           o[2 * n + 2]);
  GT_CHECK(o[2 * n + 3] == 1, "rocshmem_ptr of a non-heap address is not null");
  GT_CHECK(gt_download(buf, 1)[0] == (gt_mapped(prev, gt.me) ? prev : -1),
           "store through rocshmem_ptr: %d", gt_download(buf, 1)[0]);
  gt_case("rocshmem_ptr, pe_accessible, my_pe, n_pes");
  GT_GPU(hipFree(out));

  const size_t chunk = 64 * 1024 + 7;
  const int iters = 16;
  unsigned char *data = (unsigned char *)rocshmem_malloc(chunk * iters);
  unsigned char *src = (unsigned char *)rocshmem_malloc(chunk * iters);
  uint64_t *sig = (uint64_t *)rocshmem_malloc(sizeof(uint64_t));
  std::vector<unsigned char> pattern(chunk * iters);
  for (int i = 0; i < iters; ++i)
    for (size_t j = 0; j < chunk; ++j) pattern[i * chunk + j] = gt_byte(gt.me, j, i);
  gt_upload(src, pattern.data(), pattern.size());
  for (int gran = 0; gran < GRAN_COUNT; ++gran) {
    ull *errors = alloc_counter();
    GT_GPU(hipMemset(data, 0, chunk * iters));
    GT_GPU(hipMemset(sig, 0, sizeof(uint64_t)));
    gt_sync();
    signal_ring<<<1, 256>>>(data, src, sig, chunk, iters, gran, errors);
    gt_sync();
    ull e = gt_download(errors, 1)[0];
    GT_CHECK(e == 0, "%llu bytes not yet there when their signal was seen", e);
    GT_CHECK(gt_download(sig, 1)[0] == (uint64_t)iters, "signal %llu, expected %d",
             (ull)gt_download(sig, 1)[0], iters);
    snprintf(name, sizeof name, "putmem_signal(_nbi)_%s: data visible when the signal is seen",
             kGranName[gran]);
    gt_case(name);
    GT_GPU(hipFree(errors));
  }

  long *ivars = (long *)rocshmem_malloc(8 * sizeof(long));
  ull *res;
  GT_GPU(hipMalloc((void **)&res, 10 * sizeof(ull)));
  GT_GPU(hipMemset(ivars, 0, 8 * sizeof(long)));
  gt_sync();
  wait_setter<<<1, 32>>>(ivars, (gt.me + 1) % n);
  wait_sets<<<1, 32>>>(ivars, res);
  gt_sync();
  std::vector<ull> r = gt_download(res, 10);
  const ull fair = (1ull << 3) | (1ull << 5) | (1ull << 35) | (1ull << 37);
  const ull expect[10] = {fair, 2, 35, 0, (ull)SIZE_MAX, (ull)SIZE_MAX, 8, 1, 1, 0};
  for (int k = 0; k < 10; ++k)
    GT_CHECK(r[k] == expect[k], "result %d: %llu, expected %llu", k, r[k], expect[k]);
  gt_case("long wait_until(_all/_any/_some)(_vector) and test forms, status masks; _any fair");

  GT_GPU(hipFree(res));
  rocshmem_free(ivars);
  rocshmem_free(sig);
  rocshmem_free(src);
  rocshmem_free(data);
  rocshmem_free(buf);
  rocshmem_free(slot);
  return gt_finish();
}
