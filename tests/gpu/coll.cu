/* Device teams and collectives: team queries (ROCSHMEM_TEAM_WORLD inside a
 * kernel), team barrier/sync, broadcast/fcollect/alltoall (typed and mem)
 * and every reduction type x op (reduce and reduce_scatter) in thread,
 * _wave and _wg forms on the world team and a strided team, counts 0, 1,
 * odd, either side of the push and put paths' size limits, misaligned mem
 * buffers, in-place reductions, back-to-back collectives without
 * barriers, the _on_stream collectives, and an unknown team handle (in a
 * child process, which must fail naming the call).  Kernels in
 * coll_kernels.cu. */
#include <rocshmem/rocshmem_stream.h>
#include <unistd.h>

#include <string>

#include "coll_kernels.h"
#include "gpu_test.h"

static const char *kGranName[] = {"thread", "wave", "wg"};
static const char *kCollName[] = {"broadcast", "fcollect", "alltoall"};

/* A team and its members' world PEs (team order), this PE's index. */
struct TestTeam {
  rocshmem_team_t handle;
  std::vector<int> pes;
  int me;
  const char *name;
};

static ull *alloc_counter() {
  ull *c;
  GT_GPU(hipMalloc((void **)&c, sizeof(ull)));
  GT_GPU(hipMemset(c, 0, sizeof(ull)));
  return c;
}

/* ---------------------------------------------------------------- teams */
static void case_team_queries(const TestTeam &t) {
  int *out;
  GT_GPU(hipMalloc((void **)&out, 9 * sizeof(int)));
  team_query<<<1, 32>>>(t.handle, ROCSHMEM_TEAM_WORLD, out);
  GT_GPU(hipDeviceSynchronize());
  std::vector<int> o = gt_download(out, 9);
  int n = (int)t.pes.size();
  GT_CHECK(o[0] == t.me && o[1] == n, "team_my_pe %d team_n_pes %d, expected %d %d", o[0], o[1],
           t.me, n);
  GT_CHECK(o[2] == t.pes[0], "translate(team, 0 -> WORLD) = %d, expected %d", o[2], t.pes[0]);
  GT_CHECK(o[3] == t.me, "translate(WORLD, me -> team) = %d, expected %d", o[3], t.me);
  GT_CHECK(o[4] == -1 && o[5] == -1, "INVALID: my_pe %d n_pes %d", o[4], o[5]);
  GT_CHECK(o[6] == 1, "ROCSHMEM_TEAM_WORLD in a kernel differs from the host's handle");
  GT_CHECK(o[7] == rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED), "n_pes(SHARED) %d", o[7]);
  GT_CHECK(o[8] == -1, "translate of index n_pes = %d, expected -1", o[8]);
  GT_GPU(hipFree(out));
  char name[128];
  snprintf(name, sizeof name, "%s: team_my_pe/n_pes/translate_pe, TEAM_WORLD/SHARED/INVALID in a kernel",
           t.name);
  gt_case(name);
}

static void case_team_barrier(const TestTeam &t) {
  int *slot = (int *)rocshmem_malloc(sizeof(int));
  for (int gran = 0; gran < GRAN_COUNT; ++gran) {
    ull *errors = alloc_counter();
    GT_GPU(hipMemset(slot, 0, sizeof(int)));
    gt_sync();
    team_barrier_rounds<<<1, COLL_THREADS>>>(gran, t.handle, slot, 20, errors);
    gt_sync();
    ull e = gt_download(errors, 1)[0];
    GT_CHECK(e == 0, "%llu rounds saw a stale value after the team barrier", e);
    GT_GPU(hipFree(errors));
  }
  char name[128];
  snprintf(name, sizeof name, "%s: barrier / team_sync (thread, wave, wg), 20 rounds", t.name);
  gt_case(name);
  rocshmem_free(slot);
}

/* ---------------------------------------------------------------- data movement */
/* skew: source and dest start that many and 3 x that many bytes past an
 * allocation (mod 8), so that the mem forms meet misaligned buffers. */
static void case_data(const TestTeam &t, int op, size_t nbytes, size_t skew = 0) {
  const int n = (int)t.pes.size();
  const size_t blocks = op == COLL_BROADCAST ? 1 : n, sskew = skew % 8, dskew = 3 * skew % 8;
  unsigned char *src_alloc = (unsigned char *)rocshmem_malloc(nbytes * blocks + 1 + sskew);
  unsigned char *dst_alloc = (unsigned char *)rocshmem_malloc(nbytes * n + 1 + dskew);
  unsigned char *src = src_alloc + sskew, *dst = dst_alloc + dskew;
  std::vector<unsigned char> pattern(nbytes * blocks), got;
  for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = gt_byte(gt.me, i, op);
  if (!pattern.empty())
    gt_upload(src, pattern.data(), pattern.size());
  for (int gran = 0; gran < GRAN_COUNT; ++gran) {
    for (int typed = 0; typed < 2; ++typed) {
      if (typed && (nbytes % 4 || skew)) continue;
      const int root = (gran + 1) % n;
      GT_GPU(hipMemset(dst, 0xee, nbytes * n + 1));
      /* OpenSHMEM: every member's dest is ready before any member calls.
       * The put path of fcollect/alltoall relies on it (a faster member's
       * blocks may land before this PE's kernel starts); nothing else
       * orders the members: the collective itself must wait for the
       * blocks and sources it needs. */
      gt_sync();
      data_coll<<<1, COLL_THREADS>>>(op, gran, typed, t.handle, dst, src, nbytes, root);
      GT_GPU(hipDeviceSynchronize());
      got = gt_download(dst, nbytes * n + 1);
      size_t bad = 0;
      for (int m = 0; m < n; ++m) {
        if (op == COLL_BROADCAST && m > 0) break;
        int from = op == COLL_BROADCAST ? t.pes[root] : t.pes[m];
        size_t first = op == COLL_ALLTOALL ? nbytes * t.me : 0;
        bad += gt_count_bad(&got[m * nbytes], nbytes, from, op, first);
      }
      size_t end = op == COLL_BROADCAST ? nbytes : nbytes * n;
      GT_CHECK(bad == 0, "%s_%s%s %zu B: %zu bytes wrong", kCollName[op], kGranName[gran],
               typed ? " (int)" : "", nbytes, bad);
      GT_CHECK(got[end] == 0xee, "%s_%s: wrote past the end", kCollName[op], kGranName[gran]);
    }
  }
  char name[160];
  snprintf(name, sizeof name, "%s: %s(mem) thread/wave/wg, %zu bytes per block%s", t.name,
           kCollName[op], nbytes, skew ? ", misaligned source and dest" : "");
  gt_case(name);
  gt_sync();
  rocshmem_free(dst_alloc);
  rocshmem_free(src_alloc);
}

/* ---------------------------------------------------------------- reductions */
/* Host view of a result element. */
template <class T> static double as_double(const T &v) { return (double)v; }
static float half_bits_to_float(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
  if (exp == 0 && man == 0) bits = sign << 31;
  else if (exp == 0x1f) bits = (sign << 31) | 0x7f800000u | (man << 13);
  else if (exp == 0) { /* subnormal */
    int e = -1;
    do { ++e; man <<= 1; } while (!(man & 0x400));
    bits = (sign << 31) | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
  } else bits = (sign << 31) | ((exp + 112) << 23) | (man << 13);
  float f;
  memcpy(&f, &bits, 4);
  return f;
}
template <> double as_double(const rocshmem_half_t &v) {
  uint16_t b;
  memcpy(&b, &v, 2);
  return half_bits_to_float(b);
}
template <> double as_double(const rocshmem_bfloat16_t &v) {
  uint16_t b;
  memcpy(&b, &v, 2);
  uint32_t bits = (uint32_t)b << 16;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

static double apply_op(int op, double a, double b) {
  ull x = (ull)a, y = (ull)b;
  switch (op) {
    case OP_AND: return (double)(x & y);
    case OP_OR: return (double)(x | y);
    case OP_XOR: return (double)(x ^ y);
    case OP_MAX: return a < b ? b : a;
    case OP_MIN: return b < a ? b : a;
    case OP_SUM: return a + b;
    default: return a * b;
  }
}

typedef void (*FillFn)(void *, size_t, int, int);
template <class T>
using ReduceKernel = void (*)(int, int, int, rocshmem_team_t, T *, const T *, size_t);

/* One type, ops [op_lo, op_hi), every form, reduce and reduce_scatter at
 * count n, and reduce in place; returns the failures. */
template <class T>
static void check_reduce(const TestTeam &t, const char *key, ReduceKernel<T> kernel,
                         void (*fill)(T *, size_t, int, int), int op_lo, int op_hi, size_t n,
                         bool scatter_too) {
  const int members = (int)t.pes.size();
  const int bitwise = op_lo == OP_AND;
  const size_t src_n = n * members + 1;
  T *src = (T *)rocshmem_malloc(src_n * sizeof(T));
  T *dst = (T *)rocshmem_malloc((n + 1) * sizeof(T));
  for (int op = op_lo; op < op_hi; ++op) {
    for (int gran = 0; gran < GRAN_COUNT; ++gran) {
      for (int mode = 0; mode < (scatter_too ? 3 : 2); ++mode) { /* 0 reduce, 1 in place, 2 scatter */
        const int scatter = mode == 2;
        fill<<<1, 256>>>(src, src_n, gt.me, bitwise);
        GT_GPU(hipMemset(dst, 0, (n + 1) * sizeof(T)));
        GT_GPU(hipDeviceSynchronize());
        T *out = mode == 1 ? src : dst;
        kernel<<<1, COLL_THREADS>>>(op, gran, scatter, t.handle, out, src, n);
        GT_GPU(hipDeviceSynchronize());
        std::vector<T> got = gt_download(out, n);
        size_t bad = 0, first_bad = 0;
        double want_bad = 0, got_bad = 0;
        for (size_t i = 0; i < n; ++i) {
          size_t idx = scatter ? t.me * n + i : i;
          double want = (double)gt_reduce_value(t.pes[0], idx, bitwise);
          for (int m = 1; m < members; ++m)
            want = apply_op(op, want, (double)gt_reduce_value(t.pes[m], idx, bitwise));
          if (as_double(got[i]) != want && !bad++) {
            first_bad = i;
            want_bad = want;
            got_bad = as_double(got[i]);
          }
        }
        GT_CHECK(bad == 0, "%s op %d %s%s n=%zu: %zu wrong, first [%zu] = %g, expected %g", key, op,
                 kGranName[gran], mode == 1 ? " in place" : scatter ? " reduce_scatter" : "", n,
                 bad, first_bad, got_bad, want_bad);
      }
    }
  }
  rocshmem_free(dst);
  rocshmem_free(src);
}

static void case_reductions(const TestTeam &t, size_t n) {
#define TEST_ARITH(KEY, T) \
  check_reduce<T>(t, #KEY, reduce_##KEY, fill_##KEY, OP_MAX, OP_COUNT, n, true);
#define TEST_BIT(KEY, T) \
  check_reduce<T>(t, #KEY, reduce_bit_##KEY, fill_##KEY, OP_AND, OP_MAX, n, true);
  ROCSHMEM_REDUCE_ARITH_TYPES(TEST_ARITH)
  ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(TEST_ARITH)
  ROCSHMEM_REDUCE_BITWISE_TYPES(TEST_BIT)
#undef TEST_ARITH
#undef TEST_BIT
  char name[160];
  snprintf(name, sizeof name, "%s: every reduction type x op (+ half, bfloat16), reduce / in place "
           "/ reduce_scatter, thread/wave/wg, n = %zu", t.name, n);
  gt_case(name);
}

/* Either side of the most a PE receives on the push path by default (32
 * KiB, ROCSHMEM_GPU_COLL_PUSH): with 2 PEs the last count pushed and the
 * first pulled. */
static void case_push_limit_reductions(const TestTeam &t) {
  const size_t limit = size_t(32) << 10;
  for (size_t n : {limit / sizeof(int), limit / sizeof(int) + 1})
    check_reduce<int>(t, "int", reduce_int, fill_int, OP_SUM, OP_SUM + 1, n, true);
  for (size_t n : {limit / sizeof(double), limit / sizeof(double) + 1})
    check_reduce<double>(t, "double", reduce_double, fill_double, OP_MIN, OP_MIN + 1, n, true);
  for (size_t n : {limit / 2, limit / 2 + 1})
    check_reduce<rocshmem_half_t>(t, "half", reduce_half, fill_half, OP_SUM, OP_SUM + 1, n, false);
  char name[160];
  snprintf(name, sizeof name, "%s: reductions of 32 KiB and 32 KiB + 1 element (int sum + "
           "reduce_scatter, double min + reduce_scatter, half sum), in place too", t.name);
  gt_case(name);
}

static void case_large_reductions(const TestTeam &t) {
  const size_t n = (size_t(1) << 20) / sizeof(int); /* 1 MiB */
  check_reduce<int>(t, "int", reduce_int, fill_int, OP_SUM, OP_SUM + 1, n, true);
  check_reduce<double>(t, "double", reduce_double, fill_double, OP_MAX, OP_MAX + 1, n / 2, false);
  check_reduce<rocshmem_half_t>(t, "half", reduce_half, fill_half, OP_PROD, OP_PROD + 1, 2 * n,
                                false);
  check_reduce<ull>(t, "ulonglong", reduce_bit_ulonglong, fill_ulonglong, OP_XOR, OP_XOR + 1,
                    n / 2, false);
  char name[160];
  snprintf(name, sizeof name, "%s: 1 MiB reductions (int sum + reduce_scatter, double max, half "
           "prod, ulonglong xor), in place too", t.name);
  gt_case(name);
}

/* ---------------------------------------------------------------- the rest */
static void case_world_in_kernel() {
  int *buf = (int *)rocshmem_malloc(3 * sizeof(int));
  int v[3] = {gt.me, 1, 2 * gt.me};
  gt_upload(buf, v, sizeof v);
  world_sum<<<1, 1>>>(buf, 3);
  GT_GPU(hipDeviceSynchronize());
  std::vector<int> got = gt_download(buf, 3);
  int s = gt.npes * (gt.npes - 1) / 2;
  GT_CHECK(got[0] == s && got[1] == gt.npes && got[2] == 2 * s, "sums %d %d %d", got[0], got[1],
           got[2]);
  gt_case("rocshmem_int_sum_reduce(ROCSHMEM_TEAM_WORLD, ...) called inside a kernel, in place");
  gt_sync();
  rocshmem_free(buf);
}

static void case_back_to_back(const TestTeam &t) {
  const int n = (int)t.pes.size(), iters = 50;
  int *src = (int *)rocshmem_malloc(n * sizeof(int));
  int *out = (int *)rocshmem_malloc(2 * 3 * n * sizeof(int)); /* (two sets: back_to_back) */
  int *red = (int *)rocshmem_malloc(sizeof(int));
  ull *errors = alloc_counter();
  back_to_back<<<1, COLL_THREADS>>>(t.handle, src, out, red, iters, errors);
  GT_GPU(hipDeviceSynchronize());
  ull e = gt_download(errors, 1)[0];
  GT_CHECK(e == 0, "%llu wrong results", e);
  char name[128];
  snprintf(name, sizeof name, "%s: %d rounds of fcollect, alltoall, broadcast, in-place sum "
           "(_wg), no barrier between", t.name, iters);
  gt_case(name);
  GT_GPU(hipFree(errors));
  gt_sync();
  rocshmem_free(red);
  rocshmem_free(out);
  rocshmem_free(src);
}

static void case_streams(const TestTeam &t) {
  const int n = (int)t.pes.size();
  const size_t block = 64 * 1024 + 3;
  hipStream_t stream;
  GT_GPU(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  unsigned char *src = (unsigned char *)rocshmem_malloc(block * n);
  unsigned char *dst = (unsigned char *)rocshmem_malloc(block * n);
  std::vector<unsigned char> pattern(block * n);
  for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = gt_byte(gt.me, i, 9);
  gt_upload(src, pattern.data(), pattern.size());
  rocshmem_alltoallmem_on_stream(t.handle, dst, src, block, stream);
  GT_GPU(hipStreamSynchronize(stream));
  std::vector<unsigned char> got = gt_download(dst, block * n);
  size_t bad = 0;
  for (int m = 0; m < n; ++m) bad += gt_count_bad(&got[m * block], block, t.pes[m], 9, block * t.me);
  GT_CHECK(bad == 0, "alltoallmem_on_stream: %zu bytes wrong", bad);

  const int root = n - 1;
  rocshmem_broadcastmem_on_stream(t.handle, dst, src, block, root, stream);
  GT_GPU(hipStreamSynchronize(stream));
  got = gt_download(dst, block);
  bad = gt_count_bad(got.data(), block, t.pes[root], 9, 0);
  GT_CHECK(bad == 0, "broadcastmem_on_stream: %zu bytes wrong", bad);

  const size_t cnt = 1000;
  int *ints = (int *)src;
  std::vector<int> v(cnt);
  for (size_t i = 0; i < cnt; ++i) v[i] = gt.me + (int)i;
  gt_upload(ints, v.data(), cnt * sizeof(int));
  rocshmem_int_sum_reduce_on_stream(t.handle, ints, ints, cnt, stream); /* in place */
  double *dbl = (double *)dst;
  std::vector<double> d(cnt);
  for (size_t i = 0; i < cnt; ++i) d[i] = (double)((gt.me * 7 + (int)i) % 11);
  GT_GPU(hipMemcpyAsync(dbl, d.data(), cnt * sizeof(double), hipMemcpyHostToDevice, stream));
  rocshmem_double_max_reduce_on_stream(t.handle, dbl, dbl, cnt, stream);
  GT_GPU(hipStreamSynchronize(stream));
  std::vector<int> gi = gt_download(ints, cnt);
  std::vector<double> gd = gt_download(dbl, cnt);
  size_t bad_i = 0, bad_d = 0;
  for (size_t i = 0; i < cnt; ++i) {
    int si = 0;
    double mx = -1;
    for (int m = 0; m < n; ++m) {
      si += t.pes[m] + (int)i;
      double x = (double)((t.pes[m] * 7 + (int)i) % 11);
      mx = x > mx ? x : mx;
    }
    bad_i += gi[i] != si;
    bad_d += gd[i] != mx;
  }
  GT_CHECK(bad_i == 0 && bad_d == 0, "int_sum_reduce_on_stream %zu wrong, double_max %zu wrong",
           bad_i, bad_d);
  char name[160];
  snprintf(name, sizeof name, "%s: alltoallmem/broadcastmem/int_sum (in place)/double_max "
           "_reduce_on_stream", t.name);
  gt_case(name);
  GT_GPU(hipStreamDestroy(stream));
  gt_sync();
  rocshmem_free(dst);
  rocshmem_free(src);
}

/* The child (no launcher, one PE): a kernel given an unknown team handle
 * must trap after a message naming the call and the handle. */
static int bad_team_child() {
  rocshmem_init();
  int *buf = (int *)rocshmem_malloc(sizeof(int));
  bad_team<<<1, 32>>>(buf);
  hipError_t err = hipDeviceSynchronize();
  fflush(stdout);
  fprintf(stderr, "child: kernel %s (%s)\n", err == hipSuccess ? "succeeded" : "failed",
          hipGetErrorString(err));
  _exit(err == hipSuccess ? 0 : 3);
}

static void case_bad_team() {
  if (gt.me == 0) {
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    GT_CHECK(len > 0, "readlink /proc/self/exe failed");
    if (len > 0) {
      self[len] = 0;
      /* Outside the launcher's environment, so the child is a singleton,
       * and outside MPS: under MPS a trap in one client fails every client
       * on that GPU (seen on the H200: this PE's next GPU call reported
       * "unspecified launch failure"), without it only the child. */
      std::string cmd = "env -i PATH=\"$PATH\" LD_LIBRARY_PATH=\"$LD_LIBRARY_PATH\" "
                        "HOME=\"$HOME\" CUDA_MPS_PIPE_DIRECTORY=/nonexistent-rocshmem-test "
                        "ROCSHMEM_BOOTSTRAP=singleton SHMEM_SYMMETRIC_SIZE=64M '";
      cmd += self;
      cmd += "' --bad-team 2>&1";
      FILE *p = popen(cmd.c_str(), "r");
      std::string out;
      char line[512];
      while (p && fgets(line, sizeof line, p)) out += line;
      int status = p ? pclose(p) : -1;
      const char *want = "rocshmem_int_sum_reduce: team = 0x1234 is not a valid team";
      GT_CHECK(status != 0, "the child succeeded: %s", out.c_str());
      GT_CHECK(out.find(want) != std::string::npos, "child output lacks '%s': %s", want,
               out.c_str());
    }
  }
  gt_case("unknown team handle in a kernel: message naming the call and the handle, then trap");
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--bad-team") == 0) return bad_team_child();
  gt_init(argc, argv);
  const int n = gt.npes;

  TestTeam world{ROCSHMEM_TEAM_WORLD, {}, gt.me, "world"};
  for (int pe = 0; pe < n; ++pe) world.pes.push_back(pe);
  /* Every PE in reverse order: member i is world PE n-1-i. */
  TestTeam rev{ROCSHMEM_TEAM_INVALID, {}, n - 1 - gt.me, "reversed team (stride -1)"};
  for (int i = 0; i < n; ++i) rev.pes.push_back(n - 1 - i);
  if (rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &rev.handle) ||
      !rev.handle) {
    fprintf(stderr, "# PE %d: rocshmem_team_split_strided(stride -1) failed\n", gt.me);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  for (const TestTeam *t : {&world, &rev}) {
    case_team_queries(*t);
    case_team_barrier(*t);
  }
  for (const TestTeam *t : {&world, &rev})
    for (int op = 0; op < COLL_COUNT; ++op) {
      /* 32 KiB is the most a PE receives on the push path by default
       * (ROCSHMEM_GPU_COLL_PUSH): a 32 KiB broadcast, and with 2 PEs a
       * 32 KiB block of fcollect/alltoall, are pushed and one byte more goes
       * by the put path (with 4 PEs such blocks are put already: a PE
       * receives three).  1 MiB received is the put path's default limit
       * (ROCSHMEM_GPU_COLL_PUT): a 1 MiB broadcast, and with 2 PEs blocks of
       * 1 MiB, are put and 4 bytes more pulled; with 4 PEs fcollect's and
       * alltoall's blocks of both sizes are pulled.  With the proxy forced,
       * both paths are off: every size is pulled through the proxy, and the
       * two limits themselves add only time (4 PEs without MPS: the program
       * ran past 300 s). */
      for (size_t nbytes : {size_t(0), size_t(1), size_t(37), size_t(32) << 10,
                            (size_t(32) << 10) + 1, size_t(1) << 20, (size_t(1) << 20) + 4})
        if (!gt_proxy_all() || (nbytes != size_t(32) << 10 && nbytes != size_t(1) << 20))
          case_data(*t, op, nbytes);
      for (size_t nbytes : {size_t(37), size_t(1000)}) case_data(*t, op, nbytes, 1);
    }
  case_reductions(world, 37);
  case_reductions(rev, 1);
  case_reductions(world, 0);
  case_push_limit_reductions(world);
  case_push_limit_reductions(rev);
  case_large_reductions(world);
  case_large_reductions(rev);
  case_world_in_kernel();
  case_back_to_back(world);
  case_back_to_back(rev);
  case_streams(world);
  case_streams(rev);
  rocshmem_team_destroy(rev.handle);
  /* Last: should the child's trap reach this process's GPU context after
   * all (MPS), every other case has been checked. */
  case_bad_team();
  return gt_finish();
}
