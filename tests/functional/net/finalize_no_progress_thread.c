/*
 * Finalize with ROCSHMEM_UCX_PROGRESS_THREAD=0 (set here, before
 * shmem_init, so every PE runs without the progress thread).
 *
 * Without the thread a PE's UCX worker moves only while that PE drives it.
 * Finalize ends with a bootstrap (MPI) barrier, which knows nothing of UCX:
 * a PE sitting in it must still answer the peers that are completing their
 * last operations on its memory (over TCP, puts, gets and atomics are served
 * by the target's worker), or the job hangs until the test's time limit.
 * So every PE leaves traffic in flight right up to shmem_finalize, and the
 * PEs reach finalize at different times: PE 0 last, after a pause, while the
 * others already wait in it.
 *
 * The cases before finalize check that the work completed; the last TAP line
 * is printed by PE 0 after shmem_finalize returns (a hang is reported by
 * tests/mpirun_test.sh as "did not finish").
 *
 * Usage: finalize_no_progress_thread [ROUNDS]   (default 20)
 */
#include <time.h>

#include "../common/ftest.h"

enum { BIG = 1 << 20 };

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 20;
  setenv("ROCSHMEM_UCX_PROGRESS_THREAD", "0", 1);
  shmem_init();
  ft_begin();
  const int right = (ft.me + 1) % ft.npes, left = (ft.me + ft.npes - 1) % ft.npes;
  unsigned char *sym = (unsigned char *)shmem_malloc(BIG);
  unsigned char *got = (unsigned char *)shmem_malloc(BIG);
  long *counter = (long *)shmem_calloc(1, sizeof(long));
  unsigned char *mine = (unsigned char *)malloc(BIG);
  if (!sym || !got || !counter || !mine) {
    fprintf(stderr, "# PE %d: out of memory\n", ft.me);
    shmem_global_exit(1);
  }

  /* The traffic of the last phase, first checked: puts, gets and atomics to
   * every PE complete at the barrier without the progress thread. */
  for (int r = 0; r < rounds; ++r) {
    ft_fill(mine, BIG, ft.me, r);
    shmem_putmem_nbi(sym, mine, BIG, right);
    for (int pe = 0; pe < ft.npes; ++pe) shmem_long_atomic_add(counter, 1, pe);
    shmem_barrier_all();
    FT_CHECK_BYTES(sym, BIG, left, r, "putmem_nbi 1 MiB then barrier_all");
    shmem_getmem_nbi(got, sym, BIG, right);
    shmem_quiet();
    FT_CHECK_BYTES(got, BIG, ft.me, r, "getmem_nbi 1 MiB then quiet");
    shmem_barrier_all();
  }
  long expect = (long)rounds * ft.npes;
  FT_CHECK(*counter == expect, "atomic adds: counter %ld, expected %ld", *counter, expect);
  ft_case("without the progress thread: 1 MiB put_nbi/get_nbi and atomic adds, %d rounds",
          rounds);

  /* Leave work in flight and go straight to finalize, PE 0 late. */
  shmem_putmem_nbi(sym, mine, BIG, right);
  shmem_getmem_nbi(got, sym, BIG, left);
  for (int pe = 0; pe < ft.npes; ++pe) shmem_long_atomic_add(counter, 1, pe);
  if (ft.me == 0) {
    struct timespec pause = {0, 300 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  shmem_finalize();

  if (ft.me == 0) {
    printf("ok %d - shmem_finalize returned without the progress thread, work in flight\n",
           ++ft.cases);
    fflush(stdout);
  }
  free(mine);
  return ft_finish();
}
