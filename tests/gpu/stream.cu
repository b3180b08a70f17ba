/* The host side of the GPU heap: rocshmem_malloc/calloc/realloc returning
 * GPU memory, host RMA (on GPU memory, and between a local buffer in the
 * GPU heap and host memory), AMOs and put-with-signal on GPU memory (atomic
 * with respect to device AMOs on the same location), and the _on_stream
 * routines, including a team barrier on a strided team. */
#include <rocshmem/rocshmem_device.h>
#include <rocshmem/rocshmem_stream.h>

#include "gpu_test.h"

namespace {

constexpr int kKernelAdds = 1000; /* device fetch_adds per PE, racing the host's */
constexpr int kHostAdds = 200;

__global__ void device_adds(ull *counter, int target_pe, int n) {
  for (int i = 0; i < n; ++i) rocshmem_ulonglong_atomic_add(counter, 1, target_pe);
}

/* Spins until *flag == value (the stream-side wait has released the stream
 * by then), then records what it saw of the data. */
__global__ void read_after_wait(const unsigned char *data, size_t n, int pe, int salt,
                                ull *bad) {
  ull count = 0;
  for (size_t i = 0; i < n; ++i) count += data[i] != gt_byte(pe, i, salt);
  *bad = count;
}

void case_allocation() {
  void *p = rocshmem_malloc(1 << 20);
  hipPointerAttribute_t attr;
  GT_GPU(hipPointerGetAttributes(&attr, p));
  GT_CHECK(attr.type == hipMemoryTypeDevice, "rocshmem_malloc did not return GPU memory");
  /* calloc zeroes a reused block */
  GT_GPU(hipMemset(p, 0xab, 1 << 20));
  GT_GPU(hipDeviceSynchronize());
  rocshmem_free(p);
  unsigned char *z = (unsigned char *)rocshmem_calloc(1 << 20, 1);
  std::vector<unsigned char> h = gt_download(z, 1 << 20);
  size_t nonzero = 0;
  for (unsigned char c : h) nonzero += c != 0;
  GT_CHECK(nonzero == 0, "rocshmem_calloc left %zu non-zero bytes", nonzero);
  /* realloc keeps the contents */
  GT_GPU(hipMemset(z, 0x5a, 4096));
  GT_GPU(hipDeviceSynchronize());
  unsigned char *r = (unsigned char *)rocshmem_realloc(z, 8 << 20);
  h = gt_download(r, 4096);
  size_t lost = 0;
  for (unsigned char c : h) lost += c != 0x5a;
  GT_CHECK(lost == 0, "rocshmem_realloc lost %zu bytes", lost);
  rocshmem_free(r);
  gt_case("rocshmem_malloc/calloc/realloc/free on the GPU heap");
}

void case_host_rma() {
  const size_t n = (1 << 20) + 3;
  int next = (gt.me + 1) % gt.npes, prev = (gt.me + gt.npes - 1) % gt.npes;
  unsigned char *buf = (unsigned char *)rocshmem_malloc(n);
  std::vector<unsigned char> src(n), back(n);
  for (size_t i = 0; i < n; ++i) src[i] = gt_byte(gt.me, i, 7);
  rocshmem_barrier_all();
  rocshmem_putmem(buf, src.data(), n, next);
  rocshmem_barrier_all();
  std::vector<unsigned char> got = gt_download(buf, n);
  GT_CHECK(gt_count_bad(got.data(), n, prev, 7, 0) == 0, "host putmem into GPU memory");
  rocshmem_getmem(back.data(), buf, n, next); /* next holds my pattern */
  GT_CHECK(gt_count_bad(back.data(), n, gt.me, 7, 0) == 0, "host getmem from GPU memory");
  int v = 1000 + gt.me;
  rocshmem_int_p(reinterpret_cast<int *>(buf), v, next);
  rocshmem_barrier_all();
  GT_CHECK(rocshmem_int_g(reinterpret_cast<int *>(buf), gt.me) == 1000 + prev, "int_p/int_g");
  rocshmem_barrier_all();
  rocshmem_free(buf);
  gt_case("host putmem/getmem/p/g on GPU memory, 1 MiB + 3 B");
}

/* Static data: symmetric host memory (the library maps .data and .bss). */
unsigned char g_host_buf[(1 << 20) + 3];

/* The local buffer of a host put or get in this PE's GPU heap, the remote
 * object in host memory: the library moves it by a GPU copy (the CPU
 * cannot read or write GPU memory), staged in host memory when the peer is
 * on another node. */
void case_host_rma_gpu_buffer() {
  const size_t n = sizeof g_host_buf;
  int next = (gt.me + 1) % gt.npes, prev = (gt.me + gt.npes - 1) % gt.npes;
  unsigned char *gpu = (unsigned char *)rocshmem_malloc(n);
  std::vector<unsigned char> src(n);
  for (size_t i = 0; i < n; ++i) src[i] = gt_byte(gt.me, i, 13);
  GT_GPU(hipMemcpy(gpu, src.data(), n, hipMemcpyHostToDevice));
  memset(g_host_buf, 0, n);
  rocshmem_barrier_all();
  rocshmem_putmem(g_host_buf, gpu, n, next);
  rocshmem_barrier_all();
  GT_CHECK(gt_count_bad(g_host_buf, n, prev, 13, 0) == 0,
           "host putmem from the GPU heap into host memory");
  GT_GPU(hipMemset(gpu, 0, n));
  GT_GPU(hipDeviceSynchronize());
  rocshmem_getmem(gpu, g_host_buf, n, next); /* next holds my pattern */
  std::vector<unsigned char> got = gt_download(gpu, n);
  GT_CHECK(gt_count_bad(got.data(), n, gt.me, 13, 0) == 0,
           "host getmem from host memory into the GPU heap");
  /* Strided, element by element: every other int of the GPU buffer. */
  rocshmem_barrier_all();
  int *gints = reinterpret_cast<int *>(gpu), *hints = reinterpret_cast<int *>(g_host_buf);
  int mine[8];
  for (int i = 0; i < 8; ++i) mine[i] = 100 * gt.me + i;
  GT_GPU(hipMemcpy(gints, mine, sizeof mine, hipMemcpyHostToDevice));
  rocshmem_int_iput(hints, gints, 1, 2, 4, next); /* mine[0, 2, 4, 6] */
  rocshmem_barrier_all();
  for (int i = 0; i < 4; ++i)
    GT_CHECK(hints[i] == 100 * prev + 2 * i, "int_iput from the GPU heap: element %d is %d", i,
             hints[i]);
  rocshmem_barrier_all();
  rocshmem_free(gpu);
  gt_case("host putmem/getmem/int_iput between the GPU heap and host memory, 1 MiB + 3 B");
}

void case_host_amo() {
  ull *counter = (ull *)rocshmem_calloc(1, sizeof(ull));
  /* Device adds and host adds race on PE 0's counter. */
  hipLaunchKernelGGL(device_adds, 1, 1, 0, 0, counter, 0, kKernelAdds);
  for (int i = 0; i < kHostAdds; ++i) rocshmem_ulonglong_atomic_fetch_add(counter, 1, 0);
  gt_sync();
  ull expect = (ull)gt.npes * (kKernelAdds + kHostAdds);
  ull total = rocshmem_ulonglong_atomic_fetch(counter, 0);
  GT_CHECK(total == expect, "counter %llu, expected %llu", total, expect);
  int *word = (int *)rocshmem_calloc(1, sizeof(int));
  rocshmem_barrier_all();
  /* compare_swap: exactly one PE wins each round */
  int wins = 0;
  for (int round = 0; round < 20; ++round) {
    wins += rocshmem_int_atomic_compare_swap(word, round, round + 1, 0) == round;
    rocshmem_barrier_all(); /* every PE has tried this round */
  }
  int all_wins = 0;
  MPI_Allreduce(&wins, &all_wins, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  GT_CHECK(all_wins == 20, "compare_swap winners %d, expected 20", all_wins);
  rocshmem_barrier_all();
  rocshmem_free(word);
  rocshmem_free(counter);
  gt_case("host AMOs on GPU memory, atomic with device AMOs on the same counter");
}

void case_host_put_signal() {
  const size_t n = 64 << 10;
  int next = (gt.me + 1) % gt.npes, prev = (gt.me + gt.npes - 1) % gt.npes;
  unsigned char *buf = (unsigned char *)rocshmem_malloc(n);
  uint64_t *sig = (uint64_t *)rocshmem_calloc(1, sizeof(uint64_t));
  ull *bad;
  GT_GPU(hipMalloc((void **)&bad, sizeof(ull)));
  std::vector<unsigned char> src(n);
  for (size_t i = 0; i < n; ++i) src[i] = gt_byte(gt.me, i, 11);
  hipStream_t stream;
  GT_GPU(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  rocshmem_barrier_all();
  /* The receiver's stream waits for the signal, then checks the data. */
  rocshmem_signal_wait_until_on_stream(sig, ROCSHMEM_CMP_EQ, 42, stream);
  hipLaunchKernelGGL(read_after_wait, 1, 1, 0, stream, buf, n, prev, 11, bad);
  rocshmem_putmem_signal(buf, src.data(), n, sig, 42, ROCSHMEM_SIGNAL_SET, next);
  GT_GPU(hipStreamSynchronize(stream));
  GT_CHECK(gt_download(bad, 1)[0] == 0, "data not visible when the signal was");
  rocshmem_barrier_all();
  GT_GPU(hipStreamDestroy(stream));
  GT_GPU(hipFree(bad));
  rocshmem_free(sig);
  rocshmem_free(buf);
  gt_case("host putmem_signal into GPU memory, waited on by signal_wait_until_on_stream");
}

void case_stream_rma_signal() {
  const size_t n = (4 << 20) + 1;
  int next = (gt.me + 1) % gt.npes, prev = (gt.me + gt.npes - 1) % gt.npes;
  unsigned char *dst = (unsigned char *)rocshmem_malloc(n);
  unsigned char *src = (unsigned char *)rocshmem_malloc(n);
  unsigned char *back = (unsigned char *)rocshmem_malloc(n);
  uint64_t *sig = (uint64_t *)rocshmem_calloc(1, sizeof(uint64_t));
  std::vector<unsigned char> pattern(n);
  for (size_t i = 0; i < n; ++i) pattern[i] = gt_byte(gt.me, i, 13);
  gt_upload(src, pattern.data(), n);
  hipStream_t stream;
  GT_GPU(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  rocshmem_barrier_all();
  const int rounds = 5;
  for (int r = 1; r <= rounds; ++r) {
    rocshmem_putmem_signal_on_stream(dst, src, n, sig, 1, ROCSHMEM_SIGNAL_ADD, next, stream);
    rocshmem_signal_wait_until_on_stream(sig, ROCSHMEM_CMP_GE, (uint64_t)r, stream);
    rocshmem_barrier_all_on_stream(stream);
  }
  rocshmem_getmem_on_stream(back, dst, n, next, stream); /* next holds my pattern */
  /* prev reads my dst just now: byte 0 changes only after it has */
  rocshmem_barrier_all_on_stream(stream);
  rocshmem_putmem_on_stream(dst, src, 1, gt.me, stream);
  rocshmem_quiet_on_stream(stream);
  rocshmem_sync_all_on_stream(stream);
  GT_GPU(hipStreamSynchronize(stream));
  std::vector<unsigned char> got = gt_download(dst, n);
  GT_CHECK(gt_count_bad(got.data() + 1, n - 1, prev, 13, 1) == 0, "putmem_signal_on_stream data");
  got = gt_download(back, n);
  GT_CHECK(gt_count_bad(got.data(), n, gt.me, 13, 0) == 0, "getmem_on_stream data");
  GT_CHECK(gt_download(sig, 1)[0] == (uint64_t)rounds, "signal %llu, expected %d",
           (ull)gt_download(sig, 1)[0], rounds);
  rocshmem_barrier_all();
  GT_GPU(hipStreamDestroy(stream));
  rocshmem_free(sig);
  rocshmem_free(back);
  rocshmem_free(src);
  rocshmem_free(dst);
  gt_case("putmem/getmem/putmem_signal/signal_wait_until/barrier_all/quiet/sync_all _on_stream");
}

/* A strided team (every other PE) synchronizing on a stream: a member's
 * counter update made before the team barrier is seen by all members after. */
__global__ void bump(ull *counter, int pe) { rocshmem_ulonglong_atomic_add(counter, 1, pe); }
__global__ void expect_at_least(ull *counter, int pe, ull expect, ull *fails) {
  if (rocshmem_ulonglong_atomic_fetch(counter, pe) < expect) ++*fails;
}

void case_team_on_stream() {
  rocshmem_team_t evens = ROCSHMEM_TEAM_INVALID;
  int size = (gt.npes + 1) / 2;
  rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 2, size, nullptr, 0, &evens);
  ull *counter = (ull *)rocshmem_calloc(1, sizeof(ull)), *fails;
  GT_GPU(hipMalloc((void **)&fails, sizeof(ull)));
  GT_GPU(hipMemset(fails, 0, sizeof(ull)));
  hipStream_t stream;
  GT_GPU(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  rocshmem_barrier_all();
  const int rounds = 10;
  if (evens != ROCSHMEM_TEAM_INVALID) {
    for (int r = 1; r <= rounds; ++r) {
      hipLaunchKernelGGL(bump, 1, 1, 0, stream, counter, 0);
      rocshmem_barrier_on_stream(evens, stream);
      hipLaunchKernelGGL(expect_at_least, 1, 1, 0, stream, counter, 0, (ull)size * r, fails);
      rocshmem_team_sync_on_stream(evens, stream);
    }
  }
  GT_GPU(hipStreamSynchronize(stream));
  GT_CHECK(gt_download(fails, 1)[0] == 0, "a member passed the team barrier early");
  GT_GPU(hipFree(fails));
  rocshmem_barrier_all();
  if (gt.me == 0) {
    ull total = gt_download(counter, 1)[0];
    GT_CHECK(total == (ull)size * rounds, "counter %llu, expected %llu", total,
             (ull)size * rounds);
  }
  rocshmem_barrier_all();
  if (evens != ROCSHMEM_TEAM_INVALID) rocshmem_team_destroy(evens);
  GT_GPU(hipStreamDestroy(stream));
  rocshmem_free(counter);
  gt_case("barrier_on_stream / team_sync_on_stream on a strided team");
}

}  // namespace

int main(int argc, char **argv) {
  gt_init(argc, argv);
  case_allocation();
  case_host_rma();
  case_host_rma_gpu_buffer();
  case_host_amo();
  case_host_put_signal();
  /* The _on_stream copies reach same-node peers only (a GPU copy into the
   * peer's mapped heap); run as emulated nodes (run_gpu_tests.sh's "nodes"
   * mode), the next PE is on another node. */
  if (gt_same_node(gt.me, (gt.me + 1) % gt.npes))
    case_stream_rma_signal();
  else if (gt.me == 0)
    printf("# skipped: stream-ordered RMA (the next PE is on another node; _on_stream copies "
           "reach same-node peers only)\n");
  case_team_on_stream();
  return gt_finish();
}
