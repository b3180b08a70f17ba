/* shmemx.h: the OpenSHMEM 1.6 additions (ibput/ibget, pe_quiet, team_ptr,
 * sum_inscan/exscan, query_initialized, signal_add/set), shmemx_wtime and
 * the Open MPI OSHMEM names, each checked by what it does. */
#include <shmemx.h>
#include <unistd.h>

#include "../common/ftest.h"

enum { NB = 5, BS = 3, SST = 4, DST = 6, SPAN = NB * DST };

static long lsrc[NB * SST], ldst[SPAN];
static double dsrc[NB * SST], ddst[SPAN];
static int32_t isrc[NB * SST], idst[SPAN];

/* dst[b * DST + j] = src[b * SST + j] for j < BS, sentinel elsewhere. */
#define CHECK_BLOCKED(DSTBUF, PE, WHAT)                                                     \
  for (int k = 0; k < SPAN; k++) {                                                          \
    int b = k / DST, j = k % DST;                                                           \
    double want = j < BS ? (double)ft_val(PE, (size_t)(b * SST + j), 1) : (double)FT_SENTINEL; \
    FT_CHECK((double)DSTBUF[k] == want, WHAT "[%d] = %g, expected %g", k, (double)DSTBUF[k], want); \
  }

static void fill_blocked(int me) {
  for (int i = 0; i < NB * SST; i++) {
    lsrc[i] = ft_val(me, (size_t)i, 1);
    dsrc[i] = ft_val(me, (size_t)i, 1);
    isrc[i] = ft_val(me, (size_t)i, 1);
  }
  for (int i = 0; i < SPAN; i++) ldst[i] = ddst[i] = idst[i] = FT_SENTINEL;
}

static void test_ibput_ibget(void) {
  int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  fill_blocked(me);
  shmem_barrier_all();
  shmemx_long_ibput(ldst, lsrc, DST, SST, BS, NB, right);
  shmemx_double_ibput(ddst, dsrc, DST, SST, BS, NB, right);
  shmemx_ibput32(idst, isrc, DST, SST, BS, NB, right);
  shmem_barrier_all();
  CHECK_BLOCKED(ldst, left, "long ibput");
  CHECK_BLOCKED(ddst, left, "double ibput");
  CHECK_BLOCKED(idst, left, "ibput32");
  ft_case("shmemx_long/double_ibput, shmemx_ibput32: %d blocks of %d, sst %d, dst %d", NB, BS,
          SST, DST);

  for (int i = 0; i < SPAN; i++) ldst[i] = ddst[i] = idst[i] = FT_SENTINEL;
  shmem_barrier_all();
  /* From the right neighbour's source, the same layout locally. */
  shmemx_long_ibget(ldst, lsrc, DST, SST, BS, NB, right);
  shmemx_double_ibget(ddst, dsrc, DST, SST, BS, NB, right);
  shmemx_ibget32(idst, isrc, DST, SST, BS, NB, right);
  CHECK_BLOCKED(ldst, right, "long ibget");
  CHECK_BLOCKED(ddst, right, "double ibget");
  CHECK_BLOCKED(idst, right, "ibget32");
  shmem_barrier_all();
  ft_case("shmemx_long/double_ibget, shmemx_ibget32");

  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(rc == 0, "shmem_ctx_create: %d", rc);
  if (rc == 0) {
    for (int i = 0; i < SPAN; i++) ldst[i] = FT_SENTINEL;
    shmem_barrier_all();
    shmemx_ctx_long_ibput(ctx, ldst, lsrc, DST, SST, BS, NB, right);
    shmemx_ctx_pe_quiet(ctx, &right, 1);
    shmem_barrier_all();
    CHECK_BLOCKED(ldst, left, "ctx long ibput");
    shmem_ctx_destroy(ctx);
  }
  ft_case("shmemx_ctx_long_ibput completed by shmemx_ctx_pe_quiet");
}

static long nbi_dst[1024], nbi_src[1024];
static void test_pe_quiet(void) {
  int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int i = 0; i < 1024; i++) nbi_src[i] = ft_val(me, (size_t)i, 2), nbi_dst[i] = -1;
  static uint64_t flag;
  flag = 0;
  shmem_barrier_all();
  shmem_long_put_nbi(nbi_dst, nbi_src, 1024, right);
  shmemx_pe_quiet(&right, 1);
  /* The data is complete at right before the flag is even sent. */
  shmemx_signal_set(&flag, 1, right);
  shmem_uint64_wait_until(&flag, SHMEM_CMP_EQ, 1);
  for (int i = 0; i < 1024; i++)
    FT_CHECK(nbi_dst[i] == ft_val(left, (size_t)i, 2), "nbi_dst[%d] = %ld", i, nbi_dst[i]);
  shmem_barrier_all();
  ft_case("shmemx_pe_quiet completes put_nbi to that PE (then shmemx_signal_set)");
}

static void test_team_ptr(void) {
  int me = ft.me, n = ft.npes;
  static long buf[4];
  FT_CHECK(shmemx_team_ptr(SHMEM_TEAM_WORLD, buf, me) == (void *)buf, "own PE in WORLD");
  for (int p = 0; p < n; p++)
    FT_CHECK(shmemx_team_ptr(SHMEM_TEAM_WORLD, buf, p) == shmem_ptr(buf, p), "WORLD pe %d", p);
  shmem_team_t even;
  int size = (n + 1) / 2;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &even);
  if (even != SHMEM_TEAM_INVALID) {
    for (int p = 0; p < size; p++)
      FT_CHECK(shmemx_team_ptr(even, buf, p) == shmem_ptr(buf, 2 * p), "even team pe %d", p);
    FT_CHECK(shmemx_team_ptr(even, buf, size) == NULL, "pe outside the team");
    shmem_team_destroy(even);
  }
  ft_case("shmemx_team_ptr on WORLD and a stride-2 team (= shmem_ptr of the world PE)");
}

static int iscan_src[3], iscan_dst[3];
static double dscan[3];
static void test_scans(void) {
  int me = ft.me, n = ft.npes;
  for (int i = 0; i < 3; i++) iscan_src[i] = (me + 1) * (i + 1);
  shmem_barrier_all();
  int rc = shmemx_int_sum_inscan(SHMEM_TEAM_WORLD, iscan_dst, iscan_src, 3);
  FT_CHECK(rc == 0, "inscan rc %d", rc);
  for (int i = 0; i < 3; i++)
    FT_CHECK(iscan_dst[i] == (me + 1) * (me + 2) / 2 * (i + 1), "inscan[%d] = %d", i, iscan_dst[i]);
  rc = shmemx_int_sum_exscan(SHMEM_TEAM_WORLD, iscan_dst, iscan_src, 3);
  FT_CHECK(rc == 0, "exscan rc %d", rc);
  for (int i = 0; i < 3; i++)
    FT_CHECK(iscan_dst[i] == me * (me + 1) / 2 * (i + 1), "exscan[%d] = %d", i, iscan_dst[i]);
  /* In place, double. */
  for (int i = 0; i < 3; i++) dscan[i] = 0.5 * (me + 1);
  shmemx_double_sum_inscan(SHMEM_TEAM_WORLD, dscan, dscan, 3);
  for (int i = 0; i < 3; i++)
    FT_CHECK(dscan[i] == 0.25 * (me + 1) * (me + 2), "in-place double inscan[%d] = %g", i, dscan[i]);
  ft_case("shmemx_int_sum_inscan/exscan and in-place double inscan on WORLD");

  shmem_team_t even;
  int size = (n + 1) / 2;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &even);
  if (even != SHMEM_TEAM_INVALID) {
    int t = shmem_team_my_pe(even);
    static long ls, ld;
    ls = me; /* world PE 2t */
    shmem_team_sync(even);
    shmemx_long_sum_exscan(even, &ld, &ls, 1);
    FT_CHECK(ld == (long)t * (t - 1), "stride-2 exscan = %ld, expected %ld", ld, (long)t * (t - 1));
    shmem_team_destroy(even);
  } else {
    FT_CHECK(shmemx_long_sum_exscan(even, NULL, NULL, 0) != 0, "invalid team must fail");
  }
  ft_case("shmemx_long_sum_exscan on a stride-2 team; nonzero on SHMEM_TEAM_INVALID");
}

static void test_query_wtime(void) {
  int init = -1;
  shmemx_query_initialized(&init);
  FT_CHECK(init == 1, "initialized = %d", init);
  double t0 = shmemx_wtime();
  usleep(20000);
  double t1 = shmemx_wtime();
  FT_CHECK(t1 - t0 >= 0.019 && t1 - t0 < 5.0, "wtime advanced %g s over 20 ms", t1 - t0);
  ft_case("shmemx_query_initialized = 1 after shmem_init; shmemx_wtime advances with time");
}

static int32_t a32;
static int64_t a64;
static uint32_t u32;
static int16_t s16;
static int16_t r16s[2], r16d[2];
static int32_t r32s[2], r32d[2];
static int64_t r64s[2], r64d[2];
static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static void test_oshmem(void) {
  int me = ft.me, n = ft.npes, right = (me + 1) % n;
  a32 = 0;
  a64 = 0;
  u32 = 0xffffffffu;
  shmem_barrier_all();
  shmemx_int32_fadd(&a32, 2, 0);
  shmem_int32_finc(&a32, 0); /* Open MPI's compatibility macro */
  shmemx_int64_add(&a64, 3, 0);
  shmemx_int64_inc(&a64, 0);
  shmemx_uint32_atomic_and(&u32, ~(1u << me), 0);
  shmem_barrier_all();
  if (me == 0) {
    FT_CHECK(shmemx_int32_fetch(&a32, 0) == 3 * n, "int32 total %d", a32);
    FT_CHECK(shmemx_int64_fetch(&a64, 0) == 4 * n, "int64 total %ld", (long)a64);
    FT_CHECK(u32 == (0xffffffffu << n), "uint32 and: %x", u32);
    FT_CHECK(shmemx_int64_swap(&a64, 7, 0) == 4 * n, "swap old");
    FT_CHECK(shmemx_int64_cswap(&a64, 7, 9, 0) == 7, "cswap old");
    FT_CHECK(shmemx_int64_atomic_fetch_or(&a64, 16, 0) == 9 && a64 == 25, "fetch_or");
    shmemx_int32_set(&a32, -5, 0);
    FT_CHECK(a32 == -5, "set");
  }
  shmem_barrier_all();
  ft_case("Open MPI shmemx_int32/int64 atomics (fadd, finc, add, inc, fetch, swap, cswap, set, bitwise)");

  /* p/g and wait_until: each PE sets its right neighbour's word. */
  s16 = 0;
  a32 = 0;
  shmem_barrier_all();
  shmemx_int16_p(&s16, (int16_t)(me + 1), right);
  shmem_fence();
  shmemx_int32_p(&a32, me + 100, right);
  shmemx_int32_wait_until(&a32, SHMEM_CMP_GE, 100);
  FT_CHECK(s16 == (int16_t)((me + n - 1) % n + 1), "int16_p: %d", s16);
  FT_CHECK(shmemx_int32_g(&a32, me) == (me + n - 1) % n + 100, "int32_g");
  shmem_barrier_all();
  FT_CHECK(shmemx_int16_g(&s16, right) == (int16_t)(me + 1), "int16_g from right");
  shmem_barrier_all();
  ft_case("Open MPI shmemx_int16/32_p, _g, shmemx_int32_wait_until");

  for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) pSync[i] = SHMEM_SYNC_VALUE;
  for (int i = 0; i < 2; i++) r16s[i] = (int16_t)(me + i), r32s[i] = me + i, r64s[i] = me + i;
  shmem_barrier_all();
  static int16_t w16[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
  static int32_t w32[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
  static int64_t w64[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
  shmemx_int16_sum_to_all(r16d, r16s, 2, 0, 0, n, w16, pSync);
  shmemx_int32_max_to_all(r32d, r32s, 2, 0, 0, n, w32, pSync);
  shmem_int64_sum_to_all(r64d, r64s, 2, 0, 0, n, w64, pSync); /* compatibility macro */
  for (int i = 0; i < 2; i++) {
    FT_CHECK(r16d[i] == n * (n - 1) / 2 + n * i, "int16 sum[%d] = %d", i, r16d[i]);
    FT_CHECK(r32d[i] == n - 1 + i, "int32 max[%d] = %d", i, r32d[i]);
    FT_CHECK(r64d[i] == n * (n - 1) / 2 + n * i, "int64 sum[%d] = %ld", i, (long)r64d[i]);
  }
  ft_case("Open MPI shmemx_int16/32/64 *_to_all (and the shmem_int64_sum_to_all macro)");

  enum { SZ = 24 };
  char *src = shmemx_malloc_with_hint((size_t)n * SZ, SHMEM_HINT_LOW_LAT_MEM);
  char *dst = shmemx_malloc_with_hint((size_t)n * SZ, SHMEM_HINT_NONE);
  long *counter = shmem_malloc(sizeof(long));
  FT_CHECK(src && dst && counter, "malloc_with_hint");
  if (src && dst && counter) {
    *counter = 0;
    for (int p = 0; p < n; p++) ft_fill(src + p * SZ, SZ, me * 1000 + p, 3);
    shmem_barrier_all();
    shmemx_alltoall_global_nb(dst, src, SZ, counter);
    shmem_long_wait_until(counter, SHMEM_CMP_EQ, n);
    shmem_quiet();
    for (int p = 0; p < n; p++) FT_CHECK_BYTES(dst + p * SZ, SZ, p * 1000 + me, 3, "alltoall block");
    shmem_barrier_all();
  }
  shmem_free(counter);
  shmem_free(dst);
  shmem_free(src);
  ft_case("Open MPI shmemx_alltoall_global_nb: blocks in place once the counter reaches npes");
}

int main(void) {
  int before = -1;
  shmemx_query_initialized(&before);
  shmem_init();
  ft_begin();
  FT_CHECK(before == 0, "initialized before shmem_init = %d", before);
  ft_case("shmemx_query_initialized = 0 before shmem_init");
  test_ibput_ibget();
  test_pe_quiet();
  test_team_ptr();
  test_scans();
  test_query_wtime();
  test_oshmem();
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
