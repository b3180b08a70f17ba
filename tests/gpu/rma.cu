/* Device RMA: putmem/getmem (+_nbi) in thread, wave and workgroup
 * granularity from 1 B to 1 MiB, aligned and not, to/from the next PE;
 * typed p/g, iput/iget, half and bfloat16, ctx forms.  Kernels in
 * rma_kernels.cu. */
#include "gpu_test.h"
#include "rma_kernels.h"

static const size_t kSizes[] = {1, 3, 16, 63, 1000, 4099, 65536, 1 << 20};
/* (dest offset, source offset): aligned, equally misaligned, unequally */
static const size_t kOffsets[][2] = {{0, 0}, {5, 5}, {3, 8}};
static const size_t kMax = (1 << 20) + 64;
static const char *kOpName[] = {"putmem", "getmem", "putmem_nbi", "getmem_nbi"};
static const char *kGranName[] = {"thread", "wave", "wg"};

int main(int argc, char **argv) {
  gt_init(argc, argv);
  int next = (gt.me + 1) % gt.npes, prev = (gt.me + gt.npes - 1) % gt.npes;
  unsigned char *src = (unsigned char *)rocshmem_malloc(kMax);
  unsigned char *dst = (unsigned char *)rocshmem_malloc(kMax);
  GT_CHECK(src && dst, "rocshmem_malloc failed");
  int salt = 0;
  for (int op = 0; op < OP_COUNT; ++op)
    for (int gran = 0; gran < GRAN_COUNT; ++gran) {
      bool is_get = op == OP_GET || op == OP_GET_NBI;
      for (size_t n : kSizes)
        for (auto &off : kOffsets) {
          ++salt;
          fill_pattern<<<64, 256>>>(src, kMax, gt.me, salt);
          GT_GPU(hipMemset(dst, 0xee, kMax));
          gt_sync();
          /* gets read the previous PE's source, puts write the next PE's
           * destination: either way dst here ends up with prev's pattern */
          rma_bytes<<<2, 192>>>(op, gran, dst + off[0], src + off[1], n, is_get ? prev : next);
          gt_sync();
          std::vector<unsigned char> got = gt_download(dst, kMax);
          size_t bad = gt_count_bad(got.data() + off[0], n, prev, salt, off[1]);
          GT_CHECK(bad == 0, "%s %s n=%zu offsets %zu/%zu: %zu wrong bytes", kOpName[op],
                   kGranName[gran], n, off[0], off[1], bad);
          GT_CHECK(got[off[0] + n] == 0xee && (off[0] == 0 || got[off[0] - 1] == 0xee),
                   "%s %s n=%zu: wrote outside the destination", kOpName[op], kGranName[gran],
                   n);
        }
      char name[96];
      snprintf(name, sizeof name, "%s_%s 1 B..1 MiB, aligned and unaligned", kOpName[op],
               kGranName[gran]);
      gt_case(name);
    }

  int *ints = (int *)rocshmem_malloc(32 * sizeof(int));
  rocshmem_half_t *halves = (rocshmem_half_t *)rocshmem_malloc(2 * sizeof(rocshmem_half_t));
  rocshmem_bfloat16_t *bf16s = (rocshmem_bfloat16_t *)rocshmem_malloc(sizeof(rocshmem_bfloat16_t));
  int *scratch = (int *)rocshmem_malloc(16 * sizeof(int));
  int local[4];
  for (int i = 0; i < 4; ++i) local[i] = 100 + 10 * gt.me + i;
  gt_upload(scratch, local, sizeof local);
  GT_GPU(hipMemset(ints, 0xff, 32 * sizeof(int)));
  gt_sync();
  typed_put<<<1, 64>>>(ints, scratch, halves, bf16s, next, ROCSHMEM_CTX_DEFAULT);
  gt_sync();
  std::vector<int> got = gt_download(ints, 32);
  GT_CHECK(got[0] == 1000 + prev, "int_p: %d, expected %d", got[0], 1000 + prev);
  for (int i = 0; i < 4; ++i) {
    GT_CHECK(got[8 + 2 * i] == 100 + 10 * prev + i, "int_iput[%d]: %d", i, got[8 + 2 * i]);
    GT_CHECK(got[9 + 2 * i] == -1, "int_iput wrote between strides at %d", 9 + 2 * i);
    GT_CHECK(got[16 + i] == 100 + 10 * prev + i, "ctx_int_put[%d]: %d", i, got[16 + i]);
  }
  std::vector<rocshmem_half_t> h = gt_download(halves, 2);
  std::vector<rocshmem_bfloat16_t> b = gt_download(bf16s, 1);
  GT_CHECK(float(h[0]) == float(prev) && float(h[1]) == 0.5f, "half_put: %g %g", float(h[0]),
           float(h[1]));
  GT_CHECK(float(b[0]) == float(prev + 2), "bfloat16_p: %g", float(b[0]));
  int odd;
  memcpy(&odd, misaligned_int(got.data()), sizeof odd);
  GT_CHECK(odd == 2000 + prev, "int_p at a misaligned address: %d, expected %d", odd, 2000 + prev);
  GT_CHECK((got[24] & 0xffff) == 0xffff && (got[25] >> 16 & 0xffff) == 0xffff,
           "int_p at a misaligned address wrote outside its 4 bytes: %08x %08x", got[24], got[25]);
  gt_case("int_p (aligned and not), ctx_int_iput, ctx_int_put, half_put, bfloat16_p");

  typed_get<<<1, 64>>>(ints, scratch + 8, next);
  gt_sync();
  std::vector<int> out = gt_download(scratch + 8, 6);
  GT_CHECK(out[0] == 1000 + gt.me, "int_g: %d", out[0]);
  GT_CHECK(out[5] == 2000 + gt.me, "int_g at a misaligned address: %d", out[5]);
  for (int i = 0; i < 4; ++i)
    GT_CHECK(out[1 + i] == 100 + 10 * gt.me + i, "int_iget[%d]: %d", i, out[1 + i]);
  gt_case("int_g (aligned and not), int_iget");

  rocshmem_free(scratch);
  rocshmem_free(bf16s);
  rocshmem_free(halves);
  rocshmem_free(ints);
  rocshmem_free(dst);
  rocshmem_free(src);
  return gt_finish();
}
