/*
 * Barriers and completion, run for many rounds: a race that shows once in a
 * hundred runs must show here in one.
 *
 *  - shmem_barrier_all / rocshmem_barrier_all: no PE leaves barrier r before
 *    every PE has entered it, and puts issued before it are complete after it
 *    (all-to-all rounds, double-buffered so that one barrier per round is
 *    enough);
 *  - shmem_sync_all after shmem_quiet: the same, with the completion coming
 *    from quiet;
 *  - 4 MiB puts followed by a barrier, several times: the tail of a large put
 *    must be there too;
 *  - shmem_fence orders a data put before a flag put to the same PE.
 */
#include "../common/ftest.h"

enum {
  BIG = 4 << 20,
  BIG_ROUNDS = 3,
  FENCE_WORDS = 512,
};

/* Rounds: fewer in network mode (ft_iters), where a barrier crosses UCX. */
static int ROUNDS, FENCE_ROUNDS;

static long entered[1];    /* .bss: the last barrier round this PE has entered */
static long slots[2][256]; /* .bss: slots[round % 2][pe] written by pe */

/* Entering round r, a PE publishes r; after the barrier every PE must have
 * entered round r (value >= r), and none may have passed the next barrier,
 * which needs this PE (value <= r + 1). */
static void barrier_order(const char *name, void (*barrier)(void)) {
  const int n = ft.npes;
  entered[0] = 0;
  shmem_barrier_all();
  for (long r = 1; r <= ROUNDS; ++r) {
    __atomic_store_n(&entered[0], r, __ATOMIC_RELEASE);
    barrier();
    for (int pe = 0; pe < n; ++pe) {
      long seen = shmem_long_g(entered, pe);
      FT_CHECK(seen == r || seen == r + 1, "round %ld: PE %d is in round %ld", r, pe, seen);
    }
  }
  shmem_barrier_all();
  ft_case("%s: %d rounds, no PE leaves a barrier before all entered it", name, ROUNDS);
}

/* Round r: every PE puts r into its slot on every PE, then synchronizes;
 * afterwards every slot must say r.  Slots alternate between two rows, so a
 * fast PE writing round r+1 cannot disturb a slow PE still checking round r
 * (it would need to pass barrier r+1 to write row r%2 again). */
static void put_rounds(const char *name, void (*sync)(void), int quiet_first) {
  const int me = ft.me, n = ft.npes;
  memset(slots, 0, sizeof slots);
  shmem_barrier_all();
  for (long r = 1; r <= ROUNDS; ++r) {
    long *row = slots[r % 2];
    for (int k = 0; k < n; ++k) shmem_long_p(&row[me], r * 1000 + me, (me + k) % n);
    if (quiet_first) shmem_quiet();
    sync();
    for (int pe = 0; pe < n; ++pe)
      FT_CHECK(row[pe] == r * 1000 + pe, "round %ld: slot of PE %d holds %ld", r, pe, row[pe]);
  }
  shmem_barrier_all();
  ft_case("%s: %d rounds of all-to-all puts, complete after every %s", name, ROUNDS, name);
}

static void big_puts(unsigned char *sym, unsigned char *priv) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int r = 0; r < BIG_ROUNDS; ++r) {
    ft_fill(priv, BIG, me, r);
    shmem_putmem(sym, priv, BIG, right);
    shmem_barrier_all();
    FT_CHECK_BYTES(sym, BIG, left, r, "4 MiB put");
    shmem_barrier_all(); /* the next round overwrites sym */
  }
  ft_case("shmem_putmem of 4 MiB then shmem_barrier_all, %d rounds: every byte arrives", BIG_ROUNDS);
}

static void big_put_nbi(unsigned char *sym, unsigned char *priv) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  for (int r = 0; r < BIG_ROUNDS; ++r) {
    ft_fill(priv, BIG, me, 50 + r);
    shmem_putmem_nbi(sym, priv, BIG, right);
    shmem_barrier_all(); /* completes outstanding nbi puts by itself */
    FT_CHECK_BYTES(sym, BIG, left, 50 + r, "4 MiB put_nbi");
    shmem_barrier_all();
  }
  ft_case("shmem_putmem_nbi of 4 MiB completed by shmem_barrier_all alone, %d rounds", BIG_ROUNDS);
}

/* Data, fence, flag -- all to the same PE: once the flag is seen, the data
 * must be there.  The receiver polls its own flag word (no shmem wait routine
 * is needed for that). */
static void fence_order(long *data, long *flag) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  long buf[FENCE_WORDS];
  *flag = 0;
  shmem_barrier_all();
  for (long r = 1; r <= FENCE_ROUNDS; ++r) {
    for (int i = 0; i < FENCE_WORDS; ++i) buf[i] = r * 100000 + me * 1000 + i;
    shmem_long_put(data, buf, FENCE_WORDS, right);
    shmem_fence();
    shmem_long_p(flag, r, right);
    ft_wait_long(flag, r);
    for (int i = 0; i < FENCE_WORDS; ++i)
      FT_CHECK(data[i] == r * 100000 + left * 1000 + i, "round %ld: word %d is %ld", r, i, data[i]);
    shmem_barrier_all(); /* the left PE may now overwrite data */
  }
  ft_case("shmem_fence orders a %d-word put before the flag put, %d rounds", FENCE_WORDS,
          FENCE_ROUNDS);
}

int main(void) {
  shmem_init();
  ft_begin();
  ROUNDS = ft_iters(300, 30);
  FENCE_ROUNDS = ft_iters(100, 20);
  if (ft.npes > 256) { /* slots[][] has room for 256 PEs */
    if (ft.me == 0) printf("1..0 # SKIP more than 256 PEs\n");
    shmem_finalize();
    return 0;
  }
  barrier_order("shmem_barrier_all", shmem_barrier_all);
  barrier_order("rocshmem_barrier_all", rocshmem_barrier_all);
  barrier_order("shmem_sync_all", shmem_sync_all);
  put_rounds("shmem_barrier_all", shmem_barrier_all, 0);
  put_rounds("rocshmem_barrier_all", rocshmem_barrier_all, 0);
  put_rounds("shmem_sync_all", shmem_sync_all, 1); /* sync_all does not complete puts: quiet */
  put_rounds("rocshmem_sync_all", rocshmem_sync_all, 1);

  unsigned char *sym = (unsigned char *)shmem_malloc(BIG);
  unsigned char *priv = (unsigned char *)malloc(BIG);
  long *data = (long *)shmem_malloc(FENCE_WORDS * sizeof(long));
  long *flag = (long *)shmem_malloc(sizeof(long));
  if (!sym || !priv || !data || !flag) return 1;
  big_puts(sym, priv);
  big_put_nbi(sym, priv);
  /* Its receiver polls plain memory, which moves a network put along only
   * when the progress thread serves the worker (tests/functional/net/
   * barrier_path.sh runs the rest without one). */
  const char *helper = getenv("ROCSHMEM_UCX_PROGRESS_THREAD");
  if (ft_network_mode() && helper && strcmp(helper, "0") == 0)
    ft_skip("no progress thread: plain polling of a flag is not served",
            "shmem_fence orders a put before the flag put");
  else
    fence_order(data, flag);

  int rc = ft_finish();
  shmem_free(flag);
  shmem_free(data);
  shmem_free(sym);
  free(priv);
  shmem_finalize();
  return rc;
}
