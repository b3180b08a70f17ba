/*
 * Bad input, one case per run: `bad_input CASE`.  bad_input.sh runs every
 * case under mpirun and checks the exit status and the message on stderr
 * (the message names the call and the argument, the job ends with a
 * non-zero status, nothing hangs).
 *
 * A case that should have ended the job but returns exits with
 * SURVIVED; a case whose call is meant to return an error (NULL from an
 * allocator) exits 0 when it did, WRONG_RESULT when it did not.
 */
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

#include "../common/ftest.h"
#include <shmemx.h>

enum { SURVIVED = 90, WRONG_RESULT = 91 };

static long static_word[4];
static char src_buf[4 << 20]; /* large source buffer: never read, the checks come first */

/* The PE number before init, from the launcher (cases that must differ
 * between PEs before shmem_init, e.g. in their environment). */
static int launcher_rank(void) {
  const char *r = getenv("OMPI_COMM_WORLD_RANK");
  if (!r) r = getenv("PMIX_RANK");
  return r ? atoi(r) : 0;
}

static int peer(void) { return (shmem_my_pe() + 1) % shmem_n_pes(); }

/* ---- RMA: bad PE, address, length */
static int pe_out_of_range(void) {
  long *p = (long *)shmem_malloc(64);
  shmem_putmem(p, src_buf, 8, 7);
  return SURVIVED;
}
static int pe_equals_npes(void) { /* the first invalid PE: off-by-one checks */
  long *p = (long *)shmem_malloc(64);
  shmem_putmem_nbi(p, src_buf, 8, shmem_n_pes());
  return SURVIVED;
}
static int pe_negative_p(void) {
  int *p = (int *)shmem_malloc(64);
  shmem_int_p(p, 1, -1);
  return SURVIVED;
}
static int rocshmem_pe_out_of_range(void) {
  long *p = (long *)rocshmem_malloc(64);
  rocshmem_putmem(p, src_buf, 8, 7);
  return SURVIVED;
}
static int dest_on_stack(void) {
  char stack[64];
  shmem_putmem(stack, src_buf, sizeof stack, peer());
  return SURVIVED;
}
static int dest_malloced(void) {
  char *m = (char *)malloc(64);
  shmem_putmem(m, src_buf, 64, peer());
  return SURVIVED;
}
static int source_on_stack(void) {
  char stack[64], out[64];
  shmem_getmem(out, stack, sizeof stack, peer());
  return SURVIVED;
}
static int g_source_on_stack(void) {
  long local = 0;
  (void)shmem_long_g(&local, peer());
  return SURVIVED;
}
static int iput_dest_on_stack(void) {
  int stack[16], src[16] = {0};
  shmem_int_iput(stack, src, 2, 1, 8, peer());
  return SURVIVED;
}
static int iget_source_on_stack(void) {
  int stack[16] = {0}, dst[16];
  shmem_int_iget(dst, stack, 1, 2, 8, peer());
  return SURVIVED;
}
static int put_past_heap_end(void) { /* run with SHMEM_SYMMETRIC_SIZE=1M */
  char *p = (char *)shmem_malloc(64);
  shmem_putmem(p, src_buf, 2 << 20, peer());
  return SURVIVED;
}
static int put_past_static_end(void) {
  shmem_putmem(static_word, src_buf, (size_t)1 << 40, peer());
  return SURVIVED;
}
static int long_put_overflow(void) {
  long *p = (long *)shmem_malloc(64);
  shmem_long_put(p, (const long *)src_buf, SIZE_MAX / 4, peer());
  return SURVIVED;
}
static int iput_stride_overflow(void) {
  long *p = (long *)shmem_malloc(64);
  shmem_long_iput(p, (const long *)src_buf, PTRDIFF_MAX / 2, 1, 3, peer());
  return SURVIVED;
}

/* ---- use before init / after finalize */
static int putmem_before_init(void) {
  shmem_putmem(static_word, src_buf, 8, 0);
  return SURVIVED;
}
static int my_pe_before_init(void) {
  (void)shmem_my_pe();
  return SURVIVED;
}
static int malloc_before_init(void) {
  (void)shmem_malloc(64);
  return SURVIVED;
}
static int barrier_before_init(void) {
  shmem_barrier_all();
  return SURVIVED;
}
static int addr_accessible_before_init(void) {
  (void)shmem_addr_accessible(static_word, 0);
  return SURVIVED;
}
static int putmem_after_finalize(void) {
  shmem_init();
  shmem_finalize();
  shmem_putmem(static_word, src_buf, 8, 0);
  return SURVIVED;
}

/* ---- symmetric memory */
static int heap_exhausted(void) { /* run with SHMEM_SYMMETRIC_SIZE=1M */
  void *p = shmem_malloc(2 << 20);
  if (p) return WRONG_RESULT;
  void *q = shmem_malloc(1024); /* the heap must still work afterwards */
  if (!q) return WRONG_RESULT;
  shmem_free(q);
  return 0;
}
static int double_free(void) {
  void *p = shmem_malloc(64);
  shmem_free(p);
  shmem_free(p);
  return SURVIVED;
}
static int free_static(void) {
  shmem_free(static_word);
  return SURVIVED;
}
static int free_interior(void) {
  char *p = (char *)shmem_malloc(256);
  shmem_free(p + 64);
  return SURVIVED;
}
static int free_malloced(void) {
  shmem_free(malloc(64));
  return SURVIVED;
}
static int realloc_bad(void) {
  (void)shmem_realloc(static_word, 128);
  return SURVIVED;
}
static int align_3(void) { return shmem_align(3, 64) == NULL ? 0 : WRONG_RESULT; }
static int align_0(void) { return shmem_align(0, 64) == NULL ? 0 : WRONG_RESULT; }
static int calloc_overflow(void) {
  return shmem_calloc(SIZE_MAX / 2, 4) == NULL ? 0 : WRONG_RESULT;
}
static int hints_unknown(void) { /* defined: allocates as shmem_malloc, quietly */
  void *p = shmem_malloc_with_hints(64, 1L << 20);
  if (!p) return WRONG_RESULT;
  shmem_free(p);
  return 0;
}
static int debug_size_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  (void)shmem_malloc(shmem_my_pe() == 0 ? 64 : 128);
  return SURVIVED;
}
static int debug_realloc_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  void *p = shmem_malloc(64);
  (void)shmem_realloc(p, shmem_my_pe() == 0 ? 1024 : 2048);
  return SURVIVED;
}
static int debug_align_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  (void)shmem_align(shmem_my_pe() == 0 ? 64 : 4096, 64);
  return SURVIVED;
}

/* ---- SHMEM_DEBUG: an RMA or AMO must stay inside the heap block it targets.
 * Blocks follow each other in allocation order, each rounded up to 64 bytes
 * (src/memory/allocator.h), which the cases below rely on. */
static int put_past_block(void) { /* also run without SHMEM_DEBUG: then it is not checked */
  long *small = (long *)shmem_malloc(4 * sizeof(long));
  long *next = (long *)shmem_calloc(200, sizeof(long));
  long src[100];
  for (int i = 0; i < 100; ++i) src[i] = 1000 + i;
  ptrdiff_t gap = ((char *)next - (char *)small) / (ptrdiff_t)sizeof(long);
  if (gap < 4 || gap >= 100) return WRONG_RESULT; /* next must follow small closely */
  shmem_barrier_all();
  shmem_long_put(small, src, 100, peer());
  shmem_barrier_all();
  for (ptrdiff_t i = gap; i < 100; ++i) /* unchecked, the put ran into the next block */
    if (next[i - gap] != src[i]) return WRONG_RESULT;
  return 0;
}
static int get_past_block(void) {
  long *p = (long *)shmem_calloc(16, sizeof(long));
  (void)shmem_calloc(16, sizeof(long)); /* the get would read this one */
  long out[17];
  shmem_ctx_long_get(SHMEM_CTX_DEFAULT, out, p, 17, peer());
  return SURVIVED;
}
static int amo_freed_block(void) {
  long *p = (long *)shmem_malloc(64);
  shmem_free(p);
  (void)shmem_long_atomic_fetch_add(p, 1, peer());
  return SURVIVED;
}
static int iput_past_block(void) { /* elements 0, 2, 4, 6 are inside; 8 is not */
  int *p = (int *)shmem_malloc(8 * sizeof(int));
  (void)shmem_malloc(64);
  int src[5] = {1, 2, 3, 4, 5};
  shmem_int_iput(p, src, 2, 1, 5, peer());
  return SURVIVED;
}
static int iget_negative_stride_past_block(void) { /* from element 6 down to -2 */
  int *before = (int *)shmem_malloc(64);
  int *p = (int *)shmem_malloc(8 * sizeof(int));
  int out[5];
  if (p != before + 16) return WRONG_RESULT;
  shmem_int_iget(out, p + 6, 1, -2, 5, peer());
  return SURVIVED;
}
static int ibput_past_block(void) { /* 3 blocks of 2 at stride 4 span 10 longs */
  long *p = (long *)shmem_malloc(9 * sizeof(long));
  (void)shmem_malloc(64);
  long src[12] = {0};
  shmem_long_ibput(p, src, 4, 4, 2, 3, peer());
  return SURVIVED;
}
static int put_signal_sig_freed(void) {
  long *dest = (long *)shmem_malloc(64);
  uint64_t *sig = (uint64_t *)shmem_malloc(sizeof(uint64_t));
  long src[8] = {0};
  shmem_free(sig);
  shmem_long_put_signal(dest, src, 8, sig, 1, SHMEM_SIGNAL_SET, peer());
  return SURVIVED;
}
/* Transfers that end exactly at their block's end, and static data (which
 * has no blocks), pass under SHMEM_DEBUG, quietly. */
static int debug_in_bounds(void) {
  long *a = (long *)shmem_malloc(4 * sizeof(long));
  int *b = (int *)shmem_malloc(8 * sizeof(int));
  long *c = (long *)shmem_calloc(10, sizeof(long));
  uint64_t *sig = (uint64_t *)shmem_calloc(1, sizeof(uint64_t));
  long *r = (long *)shmem_malloc(sizeof(long));
  long src[16] = {0}, out[16];
  int isrc[8] = {0}, iout[8];
  const int pe = peer();
  shmem_long_put(a, src, 4, pe);
  shmem_long_get(out, a, 4, pe);
  shmem_long_p(a + 3, 1, pe);
  (void)shmem_long_g(a + 3, pe);
  shmem_putmem_nbi(a, src, 4 * sizeof(long), pe);
  shmem_quiet();
  shmem_int_iput(b, isrc, 2, 1, 4, pe);      /* elements 0..6 */
  shmem_int_iput(b + 7, isrc, -2, 1, 4, pe); /* elements 7 down to 1 */
  shmem_int_iget(iout, b + 1, 1, 2, 4, pe);  /* elements 1..7 */
  shmem_long_ibput(c, src, 4, 4, 2, 3, pe);  /* elements 0..9 */
  shmem_long_ibget(out, c, 4, 4, 2, 3, pe);
  (void)shmem_long_atomic_fetch_add(a + 3, 1, pe);
  (void)shmem_int_atomic_compare_swap(b + 7, 0, 1, pe);
  shmem_long_put_signal(c, src, 10, sig, 1, SHMEM_SIGNAL_ADD, pe);
  shmem_long_put(static_word, src, 4, pe);
  r = (long *)shmem_realloc(r, 16 * sizeof(long)); /* the new size counts */
  shmem_long_put(r, src, 16, pe);
  shmem_barrier_all();
  return 0;
}

/* ---- atomics, signals, point-to-point */
static long *sym_longs(void) { return (long *)shmem_calloc(16, sizeof(long)); }
static int amo_misaligned(void) {
  long *p = sym_longs();
  (void)shmem_long_atomic_fetch_add((long *)((char *)p + 4), 1, peer());
  return SURVIVED;
}
static int amo_pe_out_of_range(void) {
  int *p = (int *)sym_longs();
  shmem_int_atomic_inc(p, 9);
  return SURVIVED;
}
static int amo_not_symmetric(void) {
  long local = 0;
  (void)shmem_long_atomic_compare_swap(&local, 0, 1, peer());
  return SURVIVED;
}
static int amo_nbi_null_fetch(void) {
  long *p = sym_longs();
  shmem_long_atomic_fetch_nbi(NULL, p, peer());
  return SURVIVED;
}
static int wait_not_symmetric(void) {
  long local = 0;
  shmem_long_wait_until(&local, SHMEM_CMP_EQ, 1);
  return SURVIVED;
}
static int wait_bad_cmp(void) {
  int *p = (int *)sym_longs();
  shmem_int_wait_until(p, 99, 0);
  return SURVIVED;
}
static int test_any_bad_cmp(void) {
  long *p = sym_longs();
  (void)shmem_long_test_any(p, 4, NULL, -3, 0);
  return SURVIVED;
}
static int signal_wait_bad_cmp(void) {
  uint64_t *sig = (uint64_t *)sym_longs();
  (void)shmem_signal_wait_until(sig, 42, 0);
  return SURVIVED;
}
static int put_signal_bad_sig_op(void) {
  uint64_t *sig = (uint64_t *)sym_longs();
  char *d = (char *)shmem_malloc(64);
  shmem_putmem_signal(d, src_buf, 8, sig, 1, 7, peer());
  return SURVIVED;
}

/* The sig_op check must come before the data is written: with a
 * non-symmetric dest as well, a library that puts first reports dest
 * instead of sig_op. */
static int put_signal_bad_sig_op_first(void) {
  uint64_t *sig = (uint64_t *)sym_longs();
  char stack[64];
  shmem_putmem_signal(stack, src_buf, sizeof stack, sig, 1, 7, peer());
  return SURVIVED;
}
/* ... and the destination must be left alone.  PE 0 makes the bad call into
 * PE 1's dest; the error ends the job, and the launcher stops PE 1 with
 * SIGTERM, whose handler (async-signal-safe: loads and write(2)) reports
 * what dest holds then.  The data would be visible by then: on a mapped
 * peer a put is a memcpy, complete before the call goes on. */
static volatile unsigned char *watched_dest;
static void report_dest(int sig) {
  static const char same[] = "bad_input: dest unchanged\n";
  static const char changed[] = "bad_input: dest MODIFIED\n";
  int modified = 0;
  (void)sig;
  for (int i = 0; i < 64; ++i) modified |= watched_dest[i] != 0xAA;
  if (modified)
    (void)!write(2, changed, sizeof changed - 1);
  else
    (void)!write(2, same, sizeof same - 1);
  _exit(1);
}
static int put_signal_bad_sig_op_dest(void) {
  uint64_t *sig = (uint64_t *)sym_longs();
  unsigned char *d = (unsigned char *)shmem_malloc(64);
  memset(d, 0xAA, 64);
  memset(src_buf, 0x55, 64);
  watched_dest = d;
  if (shmem_my_pe() == 1) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = report_dest;
    sigaction(SIGTERM, &sa, NULL);
  }
  shmem_barrier_all();
  if (shmem_my_pe() == 0) shmem_putmem_signal(d, src_buf, 64, sig, 1, 7, 1);
  /* PE 1 waits for a signal that never comes; the job ends meanwhile. */
  shmem_signal_wait_until(sig, SHMEM_CMP_NE, 0);
  return SURVIVED;
}

/* ---- contexts */
static int ctx_invalid_put(void) {
  long *p = sym_longs();
  shmem_ctx_long_put(SHMEM_CTX_INVALID, p, (const long *)src_buf, 1, peer());
  return SURVIVED;
}
static int ctx_destroyed_p(void) {
  long *p = sym_longs();
  shmem_ctx_t ctx;
  if (shmem_ctx_create(0, &ctx) != 0) return WRONG_RESULT;
  shmem_ctx_destroy(ctx);
  shmem_ctx_long_p(ctx, p, 1, peer());
  return SURVIVED;
}
static int ctx_team_destroyed(void) {
  long *p = sym_longs();
  shmem_team_t team;
  shmem_ctx_t ctx;
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &team) != 0 ||
      shmem_team_create_ctx(team, 0, &ctx) != 0)
    return WRONG_RESULT;
  shmem_team_destroy(team);
  shmem_ctx_long_p(ctx, p, 1, 0);
  return SURVIVED;
}
static int ctx_destroyed_amo(void) {
  long *p = sym_longs();
  shmem_ctx_t ctx;
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) return WRONG_RESULT;
  shmem_ctx_destroy(ctx);
  (void)shmem_ctx_long_atomic_fetch_inc(ctx, p, peer());
  return SURVIVED;
}
static int ctx_destroyed_reused(void) { /* as team_destroyed_reused */
  long *p = sym_longs();
  shmem_ctx_t ctx, other;
  if (shmem_ctx_create(0, &ctx) != 0) return WRONG_RESULT;
  shmem_ctx_destroy(ctx);
  if (shmem_ctx_create(0, &other) != 0) return WRONG_RESULT;
  shmem_ctx_long_p(ctx, p, 1, peer());
  return SURVIVED;
}
static int ctx_destroy_twice(void) {
  shmem_ctx_t ctx;
  if (shmem_ctx_create(0, &ctx) != 0) return WRONG_RESULT;
  shmem_ctx_destroy(ctx);
  shmem_ctx_destroy(ctx);
  return SURVIVED;
}
static int ctx_destroy_default(void) {
  shmem_ctx_destroy(SHMEM_CTX_DEFAULT);
  return SURVIVED;
}
/* Defined by the spec: no operation (or a non-zero return), quietly. */
static int ctx_quiet_invalid(void) {
  shmem_ctx_quiet(SHMEM_CTX_INVALID);
  shmem_ctx_fence(SHMEM_CTX_INVALID);
  rocshmem_ctx_quiet(SHMEM_CTX_INVALID);
  rocshmem_ctx_fence(SHMEM_CTX_INVALID);
  shmem_ctx_destroy(SHMEM_CTX_INVALID);
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return shmem_ctx_get_team(SHMEM_CTX_INVALID, &t) != 0 && t == SHMEM_TEAM_INVALID
             ? 0
             : WRONG_RESULT;
}
static int team_create_ctx_invalid(void) {
  shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
  return shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &ctx) != 0 && ctx == SHMEM_CTX_INVALID
             ? 0
             : WRONG_RESULT;
}
/* Not defined: a destroyed context is reported. */
static int ctx_quiet_destroyed(void) {
  shmem_ctx_t ctx;
  if (shmem_ctx_create(0, &ctx) != 0) return WRONG_RESULT;
  shmem_ctx_destroy(ctx);
  shmem_ctx_quiet(ctx);
  return SURVIVED;
}
static int ctx_fence_destroyed(void) {
  shmem_ctx_t ctx;
  if (rocshmem_ctx_create(0, &ctx) != 0) return WRONG_RESULT;
  rocshmem_ctx_destroy(ctx);
  rocshmem_ctx_fence(ctx);
  return SURVIVED;
}
static int ctx_create_bad_options(void) { /* returns non-zero, with a message */
  shmem_ctx_t ctx;
  return shmem_ctx_create(1L << 20, &ctx) != 0 && ctx == SHMEM_CTX_INVALID ? 0 : WRONG_RESULT;
}

/* ---- teams and collectives */
static int team_destroyed_coll(void) {
  shmem_team_t t;
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &t) != 0)
    return WRONG_RESULT;
  shmem_team_destroy(t);
  long *p = sym_longs();
  (void)shmem_long_sum_reduce(t, p, p + 4, 2);
  return SURVIVED;
}
/* The handle of a destroyed team stays invalid when teams are made after
 * it (its storage is not handed straight to the next one). */
static int team_destroyed_reused(void) {
  shmem_team_t t, u;
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &t) != 0)
    return WRONG_RESULT;
  shmem_team_destroy(t);
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &u) != 0)
    return WRONG_RESULT;
  long *p = sym_longs();
  (void)shmem_long_sum_reduce(t, p, p + 4, 2);
  return SURVIVED;
}
static int team_invalid_coll(void) {
  char *d = (char *)shmem_malloc(64);
  (void)shmem_broadcastmem(SHMEM_TEAM_INVALID, d, d + 32, 8, 0);
  return SURVIVED;
}
static int team_non_member_coll(void) { /* the team of PE 0 only; PE 1 gets INVALID */
  shmem_team_t t;
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 0, &t) != 0) return WRONG_RESULT;
  long *p = sym_longs();
  if (shmem_my_pe() == 1) (void)shmem_long_fcollect(t, p, p + 8, 1);
  shmem_barrier_all();
  return SURVIVED;
}
static int broadcast_bad_root(void) {
  long *p = sym_longs();
  (void)shmem_long_broadcast(SHMEM_TEAM_WORLD, p, p + 8, 1, 5);
  return SURVIVED;
}
static int alltoalls_bad_stride(void) {
  long *p = sym_longs();
  (void)shmem_long_alltoalls(SHMEM_TEAM_WORLD, p, p + 8, 0, 1, 1);
  return SURVIVED;
}
static int active_set_non_member(void) { /* PE 1 calls on the set {0} */
  long *p = sym_longs();
  static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], psync[SHMEM_REDUCE_SYNC_SIZE];
  if (shmem_my_pe() == 1) shmem_long_sum_to_all(p, p + 8, 1, 0, 0, 1, pwrk, psync);
  shmem_barrier_all();
  return SURVIVED;
}
static int active_set_too_big(void) {
  static long psync[SHMEM_BARRIER_SYNC_SIZE];
  shmem_barrier(0, 1, 5, psync);
  return SURVIVED;
}
static int debug_root_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)shmem_long_broadcast(SHMEM_TEAM_WORLD, p, p + 8, 4, shmem_my_pe());
  return SURVIVED;
}
static int debug_nelems_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)shmem_long_fcollect(SHMEM_TEAM_WORLD, p, p + 12, (size_t)shmem_my_pe() + 1);
  return SURVIVED;
}
static int debug_bcast_nelems_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)shmem_long_broadcast(SHMEM_TEAM_WORLD, p, p + 8, (size_t)shmem_my_pe() + 1, 0);
  return SURVIVED;
}
static int debug_alltoall_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)shmem_long_alltoall(SHMEM_TEAM_WORLD, p, p + 8, (size_t)shmem_my_pe() + 1);
  return SURVIVED;
}
static int debug_alltoalls_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)shmem_long_alltoalls(SHMEM_TEAM_WORLD, p, p + 8, 1, shmem_my_pe() + 1, 1);
  return SURVIVED;
}
static int debug_bcast64_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  static long psync[SHMEM_BCAST_SYNC_SIZE];
  for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; ++i) psync[i] = SHMEM_SYNC_VALUE;
  shmem_barrier_all();
  shmem_broadcast64(p, p + 8, (size_t)shmem_my_pe() + 1, 0, 0, 0, shmem_n_pes(), psync);
  return SURVIVED;
}
static int debug_scatter_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)rocshmem_long_sum_reduce_scatter(ROCSHMEM_TEAM_WORLD, p, p + 8, (size_t)shmem_my_pe() + 1);
  return SURVIVED;
}
static int debug_reduce_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  (void)shmem_long_max_reduce(SHMEM_TEAM_WORLD, p, p + 8, (size_t)shmem_my_pe() + 1);
  return SURVIVED;
}
/* Two different collectives at once: PE 0 in a barrier, the others in a
 * reduction (SHMEM_DEBUG names both routines; without the routine in the
 * check, the barrier completed the reduction's synchronization and only
 * nreduce was compared, against whatever PE 0 had published last). */
static int debug_barrier_vs_reduce(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  if (shmem_my_pe() == 0)
    shmem_barrier_all();
  else
    (void)shmem_long_sum_reduce(SHMEM_TEAM_WORLD, p, p + 8, 4);
  return SURVIVED;
}
static int debug_to_all_mismatch(void) { /* run with SHMEM_DEBUG=1 */
  long *p = sym_longs();
  static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], psync[SHMEM_REDUCE_SYNC_SIZE];
  shmem_long_sum_to_all(p, p + 8, shmem_my_pe() + 1, 0, 0, shmem_n_pes(), pwrk, psync);
  return SURVIVED;
}
/* team_split with bad arguments returns non-zero (and SHMEM_TEAM_INVALID)
 * with a message, on every PE, and the job goes on.  The inputs the spec
 * defines (size 0, SHMEM_TEAM_INVALID as parent) do the same quietly. */
static int split_check(int rc, const shmem_team_t *t) {
  shmem_barrier_all(); /* the job still works */
  return rc != 0 && *t == SHMEM_TEAM_INVALID ? 0 : WRONG_RESULT;
}
static int split_size_0(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 0, NULL, 0, &t), &t);
}
static int split_negative_size(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, -1, NULL, 0, &t), &t);
}
static int split_past_end(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, shmem_n_pes(), NULL, 0, &t), &t);
}
static int split_negative_start(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(rocshmem_team_split_strided(SHMEM_TEAM_WORLD, -1, 1, 1, NULL, 0, &t), &t);
}
static int split_stride_0(void) { /* would list PE 0 twice */
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 0, 2, NULL, 0, &t), &t);
}
static int split_bad_mask(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  shmem_team_config_t cfg = {1};
  return split_check(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, &cfg, 1L << 5, &t), &t);
}
static int split_null_config(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(
      shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, SHMEM_TEAM_NUM_CONTEXTS, &t), &t);
}
static int split_null_team(void) {
  int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 0, NULL);
  shmem_barrier_all();
  return rc != 0 ? 0 : WRONG_RESULT;
}
static int split_invalid_parent(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  return split_check(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &t), &t);
}
static int split_destroyed_parent(void) {
  shmem_team_t parent, t = SHMEM_TEAM_WORLD;
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &parent) != 0)
    return WRONG_RESULT;
  shmem_team_destroy(parent);
  return split_check(shmem_team_split_strided(parent, 0, 1, 1, NULL, 0, &t), &t);
}
static int split_2d_invalid_parent(void) {
  shmem_team_t x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
  int rc = shmem_team_split_2d(SHMEM_TEAM_INVALID, 1, NULL, 0, &x, NULL, 0, &y);
  shmem_barrier_all();
  return rc != 0 && x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID ? 0 : WRONG_RESULT;
}
/* The members disagree: every PE returns non-zero, none makes a team, and
 * none waits for the others (PE 0 fails alone, or passes another size). */
static int split_fails_on_one_pe(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  int stride = shmem_my_pe() == 0 ? 0 : 1;
  return split_check(
      shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, stride, shmem_n_pes(), NULL, 0, &t), &t);
}
static int split_mixed_sizes(void) {
  shmem_team_t t = SHMEM_TEAM_WORLD;
  int size = shmem_my_pe() == 0 ? shmem_n_pes() : 1;
  return split_check(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, size, NULL, 0, &t), &t);
}
static int split_2d_null_on_one_pe(void) {
  shmem_team_t x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
  int rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, 1, NULL, 0, &x, NULL, 0,
                               shmem_my_pe() == 1 ? NULL : &y);
  shmem_barrier_all();
  return rc != 0 && x == SHMEM_TEAM_INVALID && (shmem_my_pe() == 1 || y == SHMEM_TEAM_INVALID)
             ? 0
             : WRONG_RESULT;
}
static int split_2d_xrange_0(void) {
  shmem_team_t x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
  int rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &x, NULL, 0, &y);
  shmem_barrier_all();
  return rc != 0 && x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID ? 0 : WRONG_RESULT;
}

/* get_config: SHMEM_TEAM_INVALID is defined (non-zero, quietly); a NULL
 * config under a non-zero mask is not. */
static int get_config_invalid(void) {
  shmem_team_config_t cfg = {0};
  return shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &cfg) != 0 &&
                 shmem_team_get_config(SHMEM_TEAM_INVALID, 0, NULL) != 0 &&
                 shmem_team_get_config(SHMEM_TEAM_WORLD, 0, NULL) == 0
             ? 0
             : WRONG_RESULT;
}
static int get_config_null_config(void) {
  return shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, NULL) != 0
             ? 0
             : WRONG_RESULT;
}

/* ---- more families: signal and lock targets, gets and collectives past
 * the heap, the other comparison/signal-op entry points */
static int signal_misaligned(void) {
  char *p = (char *)sym_longs();
  shmem_putmem_signal(p + 64, src_buf, 8, (uint64_t *)(p + 4), 1, SHMEM_SIGNAL_SET, peer());
  return SURVIVED;
}
static int signal_nbi_bad_sig_op(void) {
  uint64_t *sig = (uint64_t *)sym_longs();
  shmem_putmem_signal_nbi(sig + 4, src_buf, 8, sig, 1, 5, peer());
  return SURVIVED;
}
static int test_bad_cmp(void) {
  int *p = (int *)sym_longs();
  (void)shmem_int_test(p, 77, 0);
  return SURVIVED;
}
static int lock_not_symmetric(void) {
  long local = 0;
  shmem_set_lock(&local);
  return SURVIVED;
}
static int lock_misaligned(void) {
  char *p = (char *)sym_longs();
  shmem_set_lock((long *)(p + 4));
  return SURVIVED;
}
/* Lock misuse that would hang: each PE its own lock word (sym_longs is
 * zeroed), so the cases do not depend on the other PE's timing. */
static int lock_clear_not_held(void) {
  shmem_clear_lock(sym_longs());
  return SURVIVED;
}
static int lock_set_twice(void) {
  long *lock = sym_longs();
  shmem_set_lock(lock);
  shmem_set_lock(lock);
  return SURVIVED;
}
static int lock_not_zeroed(void) {
  long *lock = sym_longs();
  *lock = 12345; /* PE 0's copy is the lock's home: its tail names PE 12344 */
  shmem_barrier_all();
  shmem_set_lock(lock);
  return SURVIVED;
}
static int get_past_heap_end(void) { /* run with SHMEM_SYMMETRIC_SIZE=1M */
  char *p = (char *)shmem_malloc(64);
  shmem_getmem(src_buf, p, 2 << 20, peer());
  return SURVIVED;
}
static int fcollect_past_heap_end(void) { /* run with SHMEM_SYMMETRIC_SIZE=1M */
  long *p = (long *)shmem_malloc(64);
  (void)shmem_long_fcollect(SHMEM_TEAM_WORLD, p, p, 1 << 20);
  return SURVIVED;
}
/* A dest that starts in the heap and runs past its end: every collective
 * checks it before writing (run with SHMEM_SYMMETRIC_SIZE=1M). */
static int bcast_dest_past_heap_end(void) {
  long *p = (long *)shmem_malloc(64);
  (void)shmem_long_broadcast(SHMEM_TEAM_WORLD, p, sym_longs(), 1 << 20, 0);
  return SURVIVED;
}
static int reduce_dest_past_heap_end(void) {
  long *p = (long *)shmem_malloc(64);
  (void)shmem_long_sum_reduce(SHMEM_TEAM_WORLD, p, sym_longs(), 1 << 20);
  return SURVIVED;
}
static int alltoalls_dst_past_heap_end(void) { /* dest's last element 8 MiB in */
  long *p = (long *)shmem_malloc(64);
  (void)shmem_long_alltoalls(SHMEM_TEAM_WORLD, p, sym_longs(), 1 << 20, 1, 1);
  return SURVIVED;
}
static int query_initialized_null(void) {
  shmemx_query_initialized(NULL);
  return SURVIVED;
}
static int bcast_count_overflow(void) {
  long *p = sym_longs();
  (void)shmem_long_broadcast(SHMEM_TEAM_WORLD, p, p + 8, SIZE_MAX / 4, 0);
  return SURVIVED;
}

/* ---- hangs that ROCSHMEM_WAIT_TIMEOUT turns into errors (the script sets
 * it to 2 s): PE 0 computing for 30 s stands for a PE that skipped the call
 * its peer waits in, so a case that returns means the limit did not act. */
static const unsigned kLate = 30;
static int wait_timeout_barrier(void) {
  if (shmem_my_pe() == 0) sleep(kLate);
  shmem_barrier_all();
  return SURVIVED;
}
static int wait_timeout_fcollect(void) {
  long *p = sym_longs();
  if (shmem_my_pe() == 0) sleep(kLate);
  (void)shmem_long_fcollect(SHMEM_TEAM_WORLD, p, p + 8, 1);
  return SURVIVED;
}
static int wait_timeout_wait_until(void) { /* nobody ever sets the word */
  long *p = sym_longs();
  if (shmem_my_pe() == 0)
    shmem_long_wait_until(p, SHMEM_CMP_EQ, 1);
  else
    sleep(kLate);
  return SURVIVED;
}
static int wait_timeout_lock(void) { /* PE 0 holds the lock */
  long *lock = sym_longs();
  if (shmem_my_pe() == 0) shmem_set_lock(lock);
  shmem_barrier_all();
  if (shmem_my_pe() == 0)
    sleep(kLate);
  else
    shmem_set_lock(lock);
  return SURVIVED;
}
/* A wait shorter than the limit (5 s) is left alone: exits 0. */
static int wait_timeout_not_reached(void) {
  if (shmem_my_pe() == 0) sleep(1);
  shmem_barrier_all();
  return 0;
}

/* ---- one call of each family, made before shmem_init or after
 * shmem_finalize (lifecycle/FAMILY cases, see main) */
static long *life_word(void) { return static_word; } /* symmetric without the heap */
static void life_rma(void) { shmem_long_p(life_word(), 1, 0); }
static void life_amo(void) { (void)shmem_long_atomic_fetch_inc(life_word(), 0); }
static void life_signal(void) { (void)shmem_signal_fetch((uint64_t *)life_word()); }
static void life_wait(void) { shmem_long_wait_until(life_word(), SHMEM_CMP_EQ, 0); }
static void life_lock(void) { shmem_set_lock(life_word()); }
static void life_malloc(void) { (void)shmem_malloc(64); }
static void life_free(void) { shmem_free(life_word()); }
static void life_ctx(void) {
  shmem_ctx_t ctx;
  (void)shmem_ctx_create(0, &ctx);
}
static void life_team(void) { (void)shmem_team_my_pe(SHMEM_TEAM_WORLD); }
static void life_coll(void) { (void)shmem_long_sum_reduce(SHMEM_TEAM_WORLD, life_word(), life_word() + 1, 1); }
static void life_sync(void) { shmem_sync_all(); }
static void life_quiet(void) { shmem_quiet(); }
static void life_ptr(void) { (void)shmem_ptr(life_word(), 0); }

typedef struct {
  const char *family;
  void (*call)(void);
} lifecycle_call;
static const lifecycle_call lifecycle[] = {
    {"rma", life_rma},     {"amo", life_amo},   {"signal", life_signal}, {"wait", life_wait},
    {"lock", life_lock},   {"malloc", life_malloc}, {"free", life_free}, {"ctx", life_ctx},
    {"team", life_team},   {"coll", life_coll}, {"sync", life_sync},     {"quiet", life_quiet},
    {"ptr", life_ptr},
};

/* "before_init/FAMILY" or "after_finalize/FAMILY"; 2 when NAME is neither. */
static int run_lifecycle(const char *name) {
  const char *slash = strchr(name, '/');
  if (!slash) return 2;
  size_t len = (size_t)(slash - name);
  int after = strncmp(name, "after_finalize", len) == 0 && len == 14;
  if (!after && !(strncmp(name, "before_init", len) == 0 && len == 11)) return 2;
  for (size_t k = 0; k < sizeof lifecycle / sizeof lifecycle[0]; ++k) {
    if (strcmp(slash + 1, lifecycle[k].family) != 0) continue;
    if (after) {
      shmem_init();
      shmem_finalize();
    }
    lifecycle[k].call();
    fprintf(stderr, "bad_input: case %s returned\n", name);
    return SURVIVED;
  }
  return 2;
}

/* ---- whole-job behaviour */
static int error_on_one_pe(void) { /* the others wait in a barrier: must not hang */
  if (shmem_my_pe() == 1) shmem_putmem(static_word, src_buf, 8, 99);
  shmem_barrier_all();
  return SURVIVED;
}
static int global_exit_7(void) { /* PE 1 ends the job; PE 0 waits in a barrier */
  if (shmem_my_pe() == 1) shmem_global_exit(7);
  shmem_barrier_all();
  return SURVIVED;
}
/* ---- OpenSHMEM 1.6 routines (the inputs the specification defines, such
 * as SHMEM_CTX_INVALID for the sessions or SHMEM_TEAM_INVALID for team_ptr
 * and the scans, are tested by api/v16.c, not here) */
static long v16_long[64];
static int v16_int[64];
static uint64_t v16_sig;
static int std_query_initialized_null(void) {
  shmem_query_initialized(NULL);
  return SURVIVED;
}
static int ibput_dst_below_bsize(void) {
  long src[64] = {0};
  shmem_long_ibput(v16_long, src, 2, 4, 3, 2, peer());
  return SURVIVED;
}
static int ibget_sst_below_bsize(void) {
  long dest[64];
  shmem_ctx_ibget32(SHMEM_CTX_DEFAULT, dest, v16_int, 4, 1, 2, 3, peer());
  return SURVIVED;
}
static int ibput_negative_stride(void) {
  long src[64] = {0};
  shmem_ibput64(v16_long, src, -4, 4, 1, 2, peer());
  return SURVIVED;
}
static int ibput_stride_overflow(void) {
  int src[64] = {0};
  shmem_int_ibput(v16_int, src, (ptrdiff_t)1 << 60, 1, 1, 8, peer());
  return SURVIVED;
}
static int ibput_past_static_end(void) {
  long src[64] = {0};
  shmem_long_ibput(v16_long, src, 1 << 20, 1, 1, 2, peer());
  return SURVIVED;
}
static int ibget_source_on_stack(void) {
  long dest[64], local[8];
  shmem_long_ibget(dest, local, 2, 2, 1, 4, peer());
  return SURVIVED;
}
static int ibput_pe_out_of_range(void) {
  long src[1] = {0};
  shmem_long_ibput(v16_long, src, 1, 1, 1, 1, 7);
  return SURVIVED;
}
static int ibput_ctx_invalid(void) {
  long src[1] = {0};
  shmem_ctx_long_ibput(SHMEM_CTX_INVALID, v16_long, src, 1, 1, 1, 1, peer());
  return SURVIVED;
}
static int signal_add_ctx_invalid(void) {
  shmem_ctx_signal_add(SHMEM_CTX_INVALID, &v16_sig, 1, peer());
  return SURVIVED;
}
static int signal_set_misaligned(void) {
  shmem_signal_set((uint64_t *)((char *)v16_long + 4), 1, peer());
  return SURVIVED;
}
static int pe_quiet_null(void) {
  shmem_pe_quiet(NULL, 1);
  return SURVIVED;
}
static int pe_quiet_out_of_range(void) {
  int pes[2] = {0, 7};
  shmem_pe_quiet(pes, 2);
  return SURVIVED;
}
static int ctx_pe_quiet_invalid(void) {
  int right = peer();
  shmem_ctx_pe_quiet(SHMEM_CTX_INVALID, &right, 1);
  return SURVIVED;
}
static int session_unknown_mask(void) {
  shmem_ctx_session_config_t cfg = {8};
  shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 0, &cfg, 0x10);
  return SURVIVED;
}
static int session_null_config(void) {
  shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 0, NULL, SHMEM_CTX_SESSION_TOTAL_OPS);
  return SURVIVED;
}
static int session_destroyed_ctx(void) {
  shmem_ctx_t ctx;
  if (shmem_ctx_create(0, &ctx) == 0) shmem_ctx_destroy(ctx);
  shmem_ctx_session_stop(ctx);
  return SURVIVED;
}
static shmem_team_t destroyed_team(void) {
  shmem_team_t t;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &t);
  shmem_team_destroy(t);
  return t;
}
static int scan_destroyed_team(void) {
  shmem_long_sum_inscan(destroyed_team(), v16_long, v16_long, 1);
  return SURVIVED;
}
static int team_ptr_destroyed_team(void) {
  shmem_team_ptr(destroyed_team(), v16_long, 0);
  return SURVIVED;
}
static int ibput_after_last_finalize(void) {
  long src[1] = {0};
  const int right = peer();
  shmem_init(); /* a second init: the second finalize is the last */
  shmem_finalize();
  shmem_finalize();
  shmem_long_ibput(v16_long, src, 1, 1, 1, 1, right);
  return SURVIVED;
}
static int heap_size_mismatch(void) { /* init itself fails: SHMEM_SYMMETRIC_SIZE differs */
  return 0; /* (the environment is set before init, see main) */
}
static int just_init(void) { return 0; } /* for environment errors and warnings */

typedef struct {
  const char *name;
  int (*run)(void);
  int before_init; /* 1: the case calls (or avoids) shmem_init itself */
} bad_case;

static const bad_case cases[] = {
    {"pe_out_of_range", pe_out_of_range, 0},
    {"pe_equals_npes", pe_equals_npes, 0},
    {"pe_negative_p", pe_negative_p, 0},
    {"rocshmem_pe_out_of_range", rocshmem_pe_out_of_range, 0},
    {"dest_on_stack", dest_on_stack, 0},
    {"dest_malloced", dest_malloced, 0},
    {"source_on_stack", source_on_stack, 0},
    {"g_source_on_stack", g_source_on_stack, 0},
    {"iput_dest_on_stack", iput_dest_on_stack, 0},
    {"iget_source_on_stack", iget_source_on_stack, 0},
    {"put_past_heap_end", put_past_heap_end, 0},
    {"put_past_static_end", put_past_static_end, 0},
    {"long_put_overflow", long_put_overflow, 0},
    {"iput_stride_overflow", iput_stride_overflow, 0},
    {"putmem_before_init", putmem_before_init, 1},
    {"my_pe_before_init", my_pe_before_init, 1},
    {"malloc_before_init", malloc_before_init, 1},
    {"barrier_before_init", barrier_before_init, 1},
    {"addr_accessible_before_init", addr_accessible_before_init, 1},
    {"putmem_after_finalize", putmem_after_finalize, 1},
    {"heap_exhausted", heap_exhausted, 0},
    {"double_free", double_free, 0},
    {"free_static", free_static, 0},
    {"free_interior", free_interior, 0},
    {"free_malloced", free_malloced, 0},
    {"realloc_bad", realloc_bad, 0},
    {"align_3", align_3, 0},
    {"align_0", align_0, 0},
    {"calloc_overflow", calloc_overflow, 0},
    {"hints_unknown", hints_unknown, 0},
    {"debug_size_mismatch", debug_size_mismatch, 0},
    {"debug_realloc_mismatch", debug_realloc_mismatch, 0},
    {"debug_align_mismatch", debug_align_mismatch, 0},
    {"put_past_block", put_past_block, 0},
    {"get_past_block", get_past_block, 0},
    {"amo_freed_block", amo_freed_block, 0},
    {"iput_past_block", iput_past_block, 0},
    {"iget_negative_stride_past_block", iget_negative_stride_past_block, 0},
    {"ibput_past_block", ibput_past_block, 0},
    {"put_signal_sig_freed", put_signal_sig_freed, 0},
    {"debug_in_bounds", debug_in_bounds, 0},
    {"amo_misaligned", amo_misaligned, 0},
    {"amo_pe_out_of_range", amo_pe_out_of_range, 0},
    {"amo_not_symmetric", amo_not_symmetric, 0},
    {"amo_nbi_null_fetch", amo_nbi_null_fetch, 0},
    {"wait_not_symmetric", wait_not_symmetric, 0},
    {"wait_bad_cmp", wait_bad_cmp, 0},
    {"test_any_bad_cmp", test_any_bad_cmp, 0},
    {"signal_wait_bad_cmp", signal_wait_bad_cmp, 0},
    {"put_signal_bad_sig_op", put_signal_bad_sig_op, 0},
    {"put_signal_bad_sig_op_first", put_signal_bad_sig_op_first, 0},
    {"put_signal_bad_sig_op_dest", put_signal_bad_sig_op_dest, 0},
    {"ctx_invalid_put", ctx_invalid_put, 0},
    {"ctx_destroyed_p", ctx_destroyed_p, 0},
    {"ctx_team_destroyed", ctx_team_destroyed, 0},
    {"ctx_destroyed_amo", ctx_destroyed_amo, 0},
    {"ctx_destroyed_reused", ctx_destroyed_reused, 0},
    {"ctx_destroy_twice", ctx_destroy_twice, 0},
    {"ctx_destroy_default", ctx_destroy_default, 0},
    {"ctx_quiet_invalid", ctx_quiet_invalid, 0},
    {"ctx_quiet_destroyed", ctx_quiet_destroyed, 0},
    {"ctx_fence_destroyed", ctx_fence_destroyed, 0},
    {"team_create_ctx_invalid", team_create_ctx_invalid, 0},
    {"ctx_create_bad_options", ctx_create_bad_options, 0},
    {"team_destroyed_coll", team_destroyed_coll, 0},
    {"team_destroyed_reused", team_destroyed_reused, 0},
    {"team_invalid_coll", team_invalid_coll, 0},
    {"team_non_member_coll", team_non_member_coll, 0},
    {"broadcast_bad_root", broadcast_bad_root, 0},
    {"alltoalls_bad_stride", alltoalls_bad_stride, 0},
    {"active_set_non_member", active_set_non_member, 0},
    {"active_set_too_big", active_set_too_big, 0},
    {"debug_root_mismatch", debug_root_mismatch, 0},
    {"debug_barrier_vs_reduce", debug_barrier_vs_reduce, 0},
    {"debug_nelems_mismatch", debug_nelems_mismatch, 0},
    {"debug_bcast_nelems_mismatch", debug_bcast_nelems_mismatch, 0},
    {"debug_alltoall_mismatch", debug_alltoall_mismatch, 0},
    {"debug_alltoalls_mismatch", debug_alltoalls_mismatch, 0},
    {"debug_bcast64_mismatch", debug_bcast64_mismatch, 0},
    {"debug_scatter_mismatch", debug_scatter_mismatch, 0},
    {"debug_reduce_mismatch", debug_reduce_mismatch, 0},
    {"debug_to_all_mismatch", debug_to_all_mismatch, 0},
    {"split_size_0", split_size_0, 0},
    {"split_negative_size", split_negative_size, 0},
    {"split_past_end", split_past_end, 0},
    {"split_negative_start", split_negative_start, 0},
    {"split_stride_0", split_stride_0, 0},
    {"split_bad_mask", split_bad_mask, 0},
    {"split_null_config", split_null_config, 0},
    {"split_null_team", split_null_team, 0},
    {"split_invalid_parent", split_invalid_parent, 0},
    {"split_destroyed_parent", split_destroyed_parent, 0},
    {"split_2d_invalid_parent", split_2d_invalid_parent, 0},
    {"split_fails_on_one_pe", split_fails_on_one_pe, 0},
    {"split_mixed_sizes", split_mixed_sizes, 0},
    {"split_2d_null_on_one_pe", split_2d_null_on_one_pe, 0},
    {"split_2d_xrange_0", split_2d_xrange_0, 0},
    {"get_config_invalid", get_config_invalid, 0},
    {"get_config_null_config", get_config_null_config, 0},
    {"signal_misaligned", signal_misaligned, 0},
    {"signal_nbi_bad_sig_op", signal_nbi_bad_sig_op, 0},
    {"test_bad_cmp", test_bad_cmp, 0},
    {"lock_not_symmetric", lock_not_symmetric, 0},
    {"lock_misaligned", lock_misaligned, 0},
    {"lock_clear_not_held", lock_clear_not_held, 0},
    {"lock_set_twice", lock_set_twice, 0},
    {"lock_not_zeroed", lock_not_zeroed, 0},
    {"get_past_heap_end", get_past_heap_end, 0},
    {"fcollect_past_heap_end", fcollect_past_heap_end, 0},
    {"bcast_count_overflow", bcast_count_overflow, 0},
    {"bcast_dest_past_heap_end", bcast_dest_past_heap_end, 0},
    {"reduce_dest_past_heap_end", reduce_dest_past_heap_end, 0},
    {"alltoalls_dst_past_heap_end", alltoalls_dst_past_heap_end, 0},
    {"query_initialized_null", query_initialized_null, 0},
    {"wait_timeout_barrier", wait_timeout_barrier, 0},
    {"wait_timeout_fcollect", wait_timeout_fcollect, 0},
    {"wait_timeout_wait_until", wait_timeout_wait_until, 0},
    {"wait_timeout_lock", wait_timeout_lock, 0},
    {"wait_timeout_not_reached", wait_timeout_not_reached, 0},
    {"error_on_one_pe", error_on_one_pe, 0},
    {"global_exit_7", global_exit_7, 0},
    {"std_query_initialized_null", std_query_initialized_null, 1},
    {"ibput_dst_below_bsize", ibput_dst_below_bsize, 0},
    {"ibget_sst_below_bsize", ibget_sst_below_bsize, 0},
    {"ibput_negative_stride", ibput_negative_stride, 0},
    {"ibput_stride_overflow", ibput_stride_overflow, 0},
    {"ibput_past_static_end", ibput_past_static_end, 0},
    {"ibget_source_on_stack", ibget_source_on_stack, 0},
    {"ibput_pe_out_of_range", ibput_pe_out_of_range, 0},
    {"ibput_ctx_invalid", ibput_ctx_invalid, 0},
    {"signal_add_ctx_invalid", signal_add_ctx_invalid, 0},
    {"signal_set_misaligned", signal_set_misaligned, 0},
    {"pe_quiet_null", pe_quiet_null, 0},
    {"pe_quiet_out_of_range", pe_quiet_out_of_range, 0},
    {"ctx_pe_quiet_invalid", ctx_pe_quiet_invalid, 0},
    {"session_unknown_mask", session_unknown_mask, 0},
    {"session_null_config", session_null_config, 0},
    {"session_destroyed_ctx", session_destroyed_ctx, 0},
    {"scan_destroyed_team", scan_destroyed_team, 0},
    {"team_ptr_destroyed_team", team_ptr_destroyed_team, 0},
    {"ibput_after_last_finalize", ibput_after_last_finalize, 0},
    {"heap_size_mismatch", heap_size_mismatch, 0},
    {"just_init", just_init, 0},
};

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s CASE\n", argv[0]);
    return 2;
  }
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    if (strcmp(argv[1], cases[k].name) != 0) continue;
    if (cases[k].run == heap_size_mismatch && launcher_rank() == 1)
      setenv("SHMEM_SYMMETRIC_SIZE", "1M", 1); /* PE 0 keeps the default */
    if (!cases[k].before_init) shmem_init();
    int rc = cases[k].run();
    if (rc == SURVIVED) fprintf(stderr, "bad_input: case %s returned\n", argv[1]);
    if (!cases[k].before_init) shmem_finalize();
    return rc;
  }
  int rc = run_lifecycle(argv[1]);
  if (rc == 2) fprintf(stderr, "bad_input: unknown case %s\n", argv[1]);
  return rc;
}
