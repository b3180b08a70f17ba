/*
 * Completion of large non-blocking transfers over the network transport
 * (completion must be exact: quiet means every byte has arrived).
 *
 * A reference OpenSHMEM over UCX was seen leaving the tail of a 4 MiB put
 * unfinished after the next barrier about once in 60 runs, and ours freed
 * its _nbi requests at once and trusted a worker flush alone.  So every case
 * repeats: each PE puts (or gets) 4 MiB to (from) its right neighbour with
 * _nbi, calls shmem_quiet, and the data is checked after an *MPI* barrier,
 * so that nothing but quiet can have completed the transfer.  Each round
 * writes a new pattern (round number in every word), so a stale tail from
 * an earlier round is caught as well as one never written.
 *
 * Meant for the forced-remote modes (-np2-ucx1: every PE its own node, UCX
 * over TCP; -np3-ucx2: a mix of shared memory and UCX); in a one-node run it
 * still passes, through the mapped path.
 *
 * Usage: nbi_completion [ROUNDS]   (default 200)
 */
#include <stdint.h>

#include "../common/ftest.h"

enum { BIG = 4 << 20, WORDS = BIG / 8 };

/* Word i of the buffer PE `pe` offers in round `r`. */
static uint64_t word(int pe, int r, size_t i) {
  return ((uint64_t)(r + 1) << 44) ^ ((uint64_t)(pe + 1) << 36) ^ (i * 0x9E3779B97F4A7C15ull >> 28);
}
static void fill(uint64_t *b, int pe, int r) {
  for (size_t i = 0; i < WORDS; ++i) b[i] = word(pe, r, i);
}
/* Index of the first wrong word, or WORDS. */
static size_t first_wrong(const uint64_t *b, int pe, int r) {
  for (size_t i = 0; i < WORDS; ++i)
    if (b[i] != word(pe, r, i)) return i;
  return WORDS;
}
/* Reports a wrong buffer once per round (with where it goes wrong: the
 * reported bug was a missing tail). */
static int check(const uint64_t *b, int pe, int r, const char *what) {
  size_t at = first_wrong(b, pe, r);
  if (at == WORDS) return 1;
  size_t last = WORDS;
  while (last > at && b[last - 1] != word(pe, r, last - 1)) --last;
  FT_CHECK(0, "%s, round %d: data from PE %d wrong from byte %zu (last wrong byte %zu of %d): "
           "got 0x%016llx, expected 0x%016llx", what, r, pe, at * 8, last * 8 - 1, BIG,
           (unsigned long long)b[at], (unsigned long long)word(pe, r, at));
  return 0;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 200;
  shmem_init();
  ft_begin();
  const int right = (ft.me + 1) % ft.npes, left = (ft.me + ft.npes - 1) % ft.npes;
  uint64_t *sym = (uint64_t *)shmem_malloc(BIG);   /* target of puts, source of gets */
  uint64_t *mine = (uint64_t *)malloc(BIG);        /* private: source of puts, target of gets */
  if (!sym || !mine) {
    fprintf(stderr, "# PE %d: cannot allocate 2 x %d bytes\n", ft.me, BIG);
    shmem_global_exit(1);
  }

  /* put_nbi + quiet: the right neighbour checks what arrived. */
  int bad_rounds = 0;
  double t0 = MPI_Wtime();
  for (int r = 0; r < rounds; ++r) {
    fill(mine, ft.me, r);
    shmem_putmem_nbi(sym, mine, BIG, right);
    shmem_quiet();
    ft_mpi_barrier();
    bad_rounds += !check(sym, left, r, "putmem_nbi 4 MiB + quiet");
    ft_mpi_barrier(); /* checked before the next round overwrites it */
  }
  ft_case("putmem_nbi 4 MiB to the next PE + quiet, %d rounds (%d wrong)", rounds, bad_rounds);
  if (ft.me == 0) printf("# %.2f s\n", MPI_Wtime() - t0);
  t0 = MPI_Wtime();

  /* get_nbi + quiet: the data must be in place when quiet returns. */
  bad_rounds = 0;
  for (int r = 0; r < rounds; ++r) {
    fill(sym, ft.me, r);
    memset(mine, 0, BIG);
    ft_mpi_barrier();
    shmem_getmem_nbi(mine, sym, BIG, right);
    shmem_quiet();
    bad_rounds += !check(mine, right, r, "getmem_nbi 4 MiB + quiet");
    ft_mpi_barrier(); /* the neighbour refills only after everyone has read */
  }
  ft_case("getmem_nbi 4 MiB from the next PE + quiet, %d rounds (%d wrong)", rounds, bad_rounds);
  if (ft.me == 0) printf("# %.2f s\n", MPI_Wtime() - t0);
  t0 = MPI_Wtime();

  /* Many transfers in flight at once before one quiet: 4 x 1 MiB puts and
   * 8192 8-byte puts (more requests than the transport may keep without
   * reaping completed ones), interleaved, into disjoint parts of the
   * neighbour's buffer. */
  const int small_rounds = rounds < 20 ? rounds : 20;
  bad_rounds = 0;
  for (int r = 0; r < small_rounds; ++r) {
    fill(mine, ft.me, r);
    const size_t quarter = WORDS / 4, smalls = 8192;
    for (int q = 0; q < 4; ++q) {
      /* The last `smalls` words of each quarter go one by one. */
      shmem_putmem_nbi(sym + q * quarter, mine + q * quarter, (quarter - smalls) * 8, right);
      for (size_t i = q * quarter + quarter - smalls; i < (q + 1) * quarter; ++i)
        shmem_putmem_nbi(sym + i, mine + i, 8, right);
    }
    shmem_quiet();
    ft_mpi_barrier();
    bad_rounds += !check(sym, left, r, "1 MiB and 8-byte putmem_nbi mixed + quiet");
    ft_mpi_barrier();
  }
  ft_case("4 x 1 MiB + 32768 x 8 B putmem_nbi in flight, one quiet, %d rounds (%d wrong)",
          small_rounds, bad_rounds);
  if (ft.me == 0) printf("# %.2f s\n", MPI_Wtime() - t0);

  shmem_free(sym);
  free(mine);
  shmem_finalize();
  return ft_finish();
}
