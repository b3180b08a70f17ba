/* The GPU proxy (reverse offload), forced on for every peer
 * (ROCSHMEM_GPU_PROXY=all, set here before init): non-blocking puts ordered
 * by fence and completed by quiet, AMO atomicity when every PE hammers one
 * word (PE 0's own AMOs are GPU atomics, the others' go through their
 * proxies), put-with-signal ordering, puts on each side of the sizes whose
 * data travels with the request (in the slot, in its payload area, copied
 * by the proxy) from a thread, a warp and a block, a run of payload puts
 * longer than the ring, rocshmem_ptr / pe_accessible for proxy peers.  `proxy --leftover` is the child run_gpu_tests.sh starts to
 * check the finalize report of requests a still-running kernel left.
 * Kernels in proxy_kernels.cu. */
#include <unistd.h>

#include "device/proxy_channel.h"
#include "gpu_test.h"
#include "proxy_kernels.h"

using rocshmem::device::kProxyInlineBytes;
using rocshmem::device::kProxyPayloadBytes;

static ull *alloc_counter(size_t n = 1) {
  ull *c;
  GT_GPU(hipMalloc((void **)&c, n * sizeof(ull)));
  GT_GPU(hipMemset(c, 0, n * sizeof(ull)));
  return c;
}

static void upload_pattern(unsigned char *dev, size_t chunk, int chunks, int salt) {
  std::vector<unsigned char> pattern(chunk * chunks);
  for (size_t i = 0; i < pattern.size(); ++i)
    pattern[i] = salt >= 0 ? gt_byte(gt.me, i, salt) : gt_byte(gt.me, i % chunk, int(i / chunk));
  gt_upload(dev, pattern.data(), pattern.size());
}

/* One sized_put of `bytes` from src + soff to data + doff at the next PE:
 * the target must hold the previous PE's source bytes there (not the ones
 * its kernel wrote over the source after the put returned) and zeros in the
 * guard bytes on either side. */
static void sized_put_case(unsigned char *data, unsigned char *src, size_t bytes, size_t soff,
                           size_t doff, int form, int salt) {
  const char *forms[] = {"putmem", "putmem_wave", "putmem_wg"};
  const int prev = (gt.me + gt.npes - 1) % gt.npes;
  upload_pattern(src, soff + bytes, 1, salt);
  GT_GPU(hipMemset(data, 0, doff + bytes + 1));
  gt_sync();
  sized_put<<<1, 256>>>(data + doff, src + soff, bytes, form);
  gt_sync();
  std::vector<unsigned char> got = gt_download(data, doff + bytes + 1);
  size_t bad = gt_count_bad(got.data() + doff, bytes, prev, salt, soff);
  GT_CHECK(bad == 0, "%zu of %zu bytes wrong at the target", bad, bytes);
  GT_CHECK((doff == 0 || got[doff - 1] == 0) && got[doff + bytes] == 0,
           "a guard byte next to the data was written");
  char name[160];
  snprintf(name, sizeof name, "%s of %zu bytes (source +%zu, dest +%zu): there at the target, "
           "source reusable on return", forms[form], bytes, soff, doff);
  gt_case(name);
}

/* A kernel still posting requests when rocshmem_finalize runs: finalize must
 * report them and return (the process exit ends the kernel). */
static int leftover_child() {
  unsigned char *buf = (unsigned char *)rocshmem_malloc(2 * 4096);
  gt_sync();
  /* Its own stream: the library's synchronous calls must not wait for it. */
  hipStream_t stream;
  GT_GPU(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  endless_puts<<<1, 32, 0, stream>>>(buf, buf + 4096, 4096);
  usleep(200 * 1000);
  rocshmem_finalize();
  printf("PE %d: rocshmem_finalize returned\n", gt.me);
  fflush(stdout);
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize(); /* rocshmem's own exit handler would, but see below */
  _exit(0); /* no GPU runtime teardown behind the kernel: the process exit ends it */
}

int main(int argc, char **argv) {
  setenv("ROCSHMEM_GPU_PROXY", "all", 1);
  gt_init(argc, argv);
  if (argc > 1 && strcmp(argv[1], "--leftover") == 0) return leftover_child();
  int n = gt.npes;
  char name[128];

  const size_t chunk = 64 * 1024 + 3;
  const int chunks = 8;
  unsigned char *data = (unsigned char *)rocshmem_malloc(chunk * chunks);
  unsigned char *src = (unsigned char *)rocshmem_malloc(chunk * chunks);
  int *flag = (int *)rocshmem_malloc(sizeof(int));
  GT_GPU(hipMemset(flag, 0, sizeof(int)));
  for (int use_quiet = 0; use_quiet < 2; ++use_quiet) {
    for (int round = 1; round <= 4; ++round) {
      int salt = 2 * round + use_quiet;
      ull *errors = alloc_counter();
      upload_pattern(src, chunk * chunks, 1, salt);
      GT_GPU(hipMemset(data, 0, chunk * chunks));
      gt_sync();
      nbi_then_flag<<<1, 256>>>(data, src, chunk, chunks, flag, salt, use_quiet, errors);
      gt_sync();
      ull e = gt_download(errors, 1)[0];
      GT_CHECK(e == 0, "round %d: %llu bytes not there when the flag was seen", round, e);
      GT_GPU(hipFree(errors));
    }
    snprintf(name, sizeof name, "putmem_nbi x %d, %s, p flag: data there when the flag is seen",
             chunks, use_quiet ? "quiet" : "fence");
    gt_case(name);
  }

  const int iters = 16, threads = 64;
  ull *words = (ull *)rocshmem_malloc(2 * sizeof(ull));
  ull *sums = alloc_counter();
  GT_GPU(hipMemset(words, 0, 2 * sizeof(ull)));
  gt_sync();
  hammer<<<1, threads>>>(words, iters, sums);
  gt_sync();
  ull total = (ull)n * threads * iters, mine = gt_download(sums, 1)[0], all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (gt.me == 0) {
    std::vector<ull> w = gt_download(words, 2);
    GT_CHECK(w[0] == total && w[1] == total, "fetch_add word %llu, add word %llu, expected %llu",
             w[0], w[1], total);
  }
  GT_CHECK(gt.me != 0 || all == total * (total - 1) / 2,
           "fetched values are not 0..%llu once each (sum %llu)", total - 1, all);
  gt_case("every PE's fetch_add and add on one word of PE 0: exact totals");
  GT_GPU(hipFree(sums));

  const size_t sig_chunk = 32 * 1024 + 5;
  const int sig_iters = 12;
  uint64_t *sig = (uint64_t *)rocshmem_malloc(sizeof(uint64_t));
  ull *errors = alloc_counter();
  upload_pattern(src, sig_chunk, sig_iters, -1);
  GT_GPU(hipMemset(data, 0, sig_chunk * sig_iters));
  GT_GPU(hipMemset(sig, 0, sizeof(uint64_t)));
  gt_sync();
  signal_stream<<<1, 256>>>(data, src, sig, sig_chunk, sig_iters, errors);
  gt_sync();
  ull e = gt_download(errors, 1)[0];
  GT_CHECK(e == 0, "%llu bytes not there when their signal was seen", e);
  GT_CHECK(gt_download(sig, 1)[0] == (uint64_t)sig_iters, "signal %llu, expected %d",
           (ull)gt_download(sig, 1)[0], sig_iters);
  gt_case("putmem_signal_nbi stream: each chunk there when its signal is seen");
  GT_GPU(hipFree(errors));

  /* the sizes around the two limits, unaligned ends, every form */
  const size_t limit = kProxyPayloadBytes;
  sized_put_case(data, src, kProxyInlineBytes + 1, 1, 5, kThreadPut, 20);
  sized_put_case(data, src, kProxyInlineBytes + 1, 0, 8, kBlockPut, 21);
  sized_put_case(data, src, limit, 0, 0, kThreadPut, 22);
  sized_put_case(data, src, limit, 3, 3, kThreadPut, 23);
  sized_put_case(data, src, limit + 1, 0, 0, kThreadPut, 24);
  sized_put_case(data, src, limit, 8, 16, kBlockPut, 25);
  sized_put_case(data, src, limit, 0, 7, kWavePut, 26);
  sized_put_case(data, src, limit + 1, 0, 0, kBlockPut, 27);

  /* three times as many payload puts as the ring has slots (1024), from
   * two warps at once: slots are reused while earlier copies may be queued */
  const size_t piece = 100;
  const int per_thread = 48, put_threads = 64;
  const size_t span = piece * per_thread * put_threads;
  upload_pattern(src, span, 1, 30);
  GT_GPU(hipMemset(data, 0, span));
  gt_sync();
  many_puts<<<1, put_threads>>>(data, src, piece, per_thread);
  gt_sync();
  std::vector<unsigned char> got = gt_download(data, span);
  size_t bad = gt_count_bad(got.data(), span, (gt.me + n - 1) % n, 30, 0);
  GT_CHECK(bad == 0, "%zu of %zu bytes wrong at the target", bad, span);
  snprintf(name, sizeof name, "%d putmem_nbi of %zu bytes from %d threads, then quiet: every "
           "byte at the target", per_thread * put_threads, piece, put_threads);
  gt_case(name);

  int *out;
  GT_GPU(hipMalloc((void **)&out, 2 * n * sizeof(int)));
  reachability<<<1, 32>>>(flag, out);
  gt_sync();
  std::vector<int> o = gt_download(out, 2 * n);
  for (int pe = 0; pe < n; ++pe)
    GT_CHECK(o[pe] == (pe == gt.me) && o[n + pe] == 1, "pe %d: ptr %s, pe_accessible %d", pe,
             o[pe] ? "non-NULL" : "NULL", o[n + pe]);
  gt_case("rocshmem_ptr NULL and pe_accessible 1 for proxy peers");
  GT_GPU(hipFree(out));

  rocshmem_free(sig);
  rocshmem_free(words);
  rocshmem_free(flag);
  rocshmem_free(src);
  rocshmem_free(data);
  return gt_finish();
}
