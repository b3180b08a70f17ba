/* Device contexts: create / use / destroy by a workgroup, pool exhaustion
 * (create returns non-zero) and reuse, a team context's PE numbering, and
 * per-context quiet.  Runs with and without the GPU proxy (run_gpu_tests.sh
 * sets ROCSHMEM_GPU_PROXY).  Kernels in ctx_kernels.cu. */
#include "ctx_kernels.h"
#include "gpu_test.h"

static ull *alloc_counter(size_t n = 1) {
  ull *c;
  GT_GPU(hipMalloc((void **)&c, n * sizeof(ull)));
  GT_GPU(hipMemset(c, 0, n * sizeof(ull)));
  return c;
}

int main(int argc, char **argv) {
  gt_init(argc, argv);
  int n = gt.npes, prev = (gt.me + n - 1) % n;

  int *slot = (int *)rocshmem_malloc(2 * n * sizeof(int));
  ull *errors = alloc_counter();
  GT_GPU(hipMemset(slot, 0, 2 * n * sizeof(int)));
  gt_sync();
  ctx_lifecycle<<<1, 128>>>(slot, errors);
  gt_sync();
  GT_CHECK(gt_download(errors, 1)[0] == 0, "create gave threads different or invalid contexts");
  GT_CHECK(gt_download(slot, n)[prev] == prev + 1, "ctx_int_p: %d, expected %d",
           gt_download(slot, n)[prev], prev + 1);
  gt_case("wg_ctx_create, ctx_int_p, ctx_quiet, wg_ctx_destroy");

  rocshmem_ctx_t *handles;
  ull *out = alloc_counter(3);
  GT_GPU(hipMalloc((void **)&handles, 64 * sizeof(rocshmem_ctx_t)));
  ctx_exhaust<<<1, 64>>>(handles, out);
  GT_GPU(hipDeviceSynchronize());
  std::vector<ull> o = gt_download(out, 3);
  /* the pool holds 64 contexts, the default one among them */
  GT_CHECK(o[0] == 63 && o[1] == 1 && o[2] == 1, "created %llu, exhausted error %llu, "
           "reuse %llu", o[0], o[1], o[2]);
  gt_case("wg_ctx_create: 63 contexts, then non-zero; reuse after destroy");
  GT_GPU(hipFree(handles));
  GT_GPU(hipFree(out));

  if (n >= 2) {
    rocshmem_team_t team = ROCSHMEM_TEAM_INVALID;
    GT_CHECK(rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 1, 1, n - 1, NULL, 0, &team) == 0,
             "team_split_strided failed");
    GT_GPU(hipMemset(slot, 0, 2 * n * sizeof(int)));
    GT_GPU(hipMemset(errors, 0, sizeof(ull)));
    gt_sync();
    if (team != ROCSHMEM_TEAM_INVALID) team_ctx_put<<<1, 64>>>(team, slot, errors);
    gt_sync();
    GT_CHECK(gt_download(errors, 1)[0] == 0, "wg_team_create_ctx failed");
    std::vector<int> got = gt_download(slot, 2 * n);
    for (int pe = 1; gt.me == 1 && pe < n; ++pe)
      GT_CHECK(got[2 * pe] == pe + 100 && got[2 * pe + 1] == pe + 200,
               "from PE %d: %d %d, expected %d %d", pe, got[2 * pe], got[2 * pe + 1], pe + 100,
               pe + 200);
    GT_CHECK(gt.me == 1 || got[0] == 0, "team member 0 is world PE 1, yet PE %d got data",
             gt.me);
    gt_case("wg_team_create_ctx: ctx_int_p / ctx_atomic_set to team PE 0 reach world PE 1");
    if (team != ROCSHMEM_TEAM_INVALID) rocshmem_team_destroy(team);
  }

  const size_t bytes = 256 * 1024 + 1;
  unsigned char *data = (unsigned char *)rocshmem_malloc(bytes);
  unsigned char *src = (unsigned char *)rocshmem_malloc(bytes);
  int *flag = (int *)rocshmem_malloc(sizeof(int));
  std::vector<unsigned char> pattern(bytes);
  for (size_t i = 0; i < bytes; ++i) pattern[i] = gt_byte(gt.me, i, 7);
  gt_upload(src, pattern.data(), bytes);
  GT_GPU(hipMemset(data, 0, bytes));
  GT_GPU(hipMemset(flag, 0, sizeof(int)));
  GT_GPU(hipMemset(errors, 0, sizeof(ull)));
  gt_sync();
  ctx_quiet_order<<<1, 256>>>(data, src, bytes, flag, 7, errors);
  gt_sync();
  GT_CHECK(gt_download(errors, 1)[0] == 0, "%llu bytes missing after ctx_quiet",
           gt_download(errors, 1)[0]);
  gt_case("ctx_putmem_nbi + ctx_quiet on that context: complete before the flag");

  GT_GPU(hipFree(errors));
  rocshmem_free(flag);
  rocshmem_free(src);
  rocshmem_free(data);
  rocshmem_free(slot);
  return gt_finish();
}
