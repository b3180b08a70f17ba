/*
 * Long waits, one scenario per run: `long_wait MODE`, driven by long_wait.sh,
 * which checks the exit status, the time and what the PEs printed.
 *
 *   warn_barrier  PE 0 computes for 3 s before shmem_barrier_all: the others
 *                 wait that long in it (one ROCSHMEM_WAIT_WARN warning each)
 *   warn_twice    the same twice, 2 s each: two waits, two warnings
 *   left_barrier  PE 1 returns from main without shmem_finalize while the
 *                 others call shmem_barrier_all twice: its implicit finalize
 *                 must not complete their first barrier
 *   exit_vs_barrier PE 0 returns from main without shmem_finalize while the
 *                 others call shmem_barrier_all, then shmem_finalize: the
 *                 barrier must fail naming PE 0, not return (it used to
 *                 return, matched by PE 0's implicit finalize, and the
 *                 others' shmem_finalize failed instead); a barrier that
 *                 returns prints "barrier returned"
 *   left_wait     PE 1 returns from main without shmem_finalize while PE 0
 *                 waits in shmem_long_wait_until for a word nobody sets (the
 *                 other PEs wait in shmem_barrier_all for PE 0)
 *   all_leave     every PE returns from main without shmem_finalize, PE 1 at
 *                 once, the others after 2 s (legal: implicit finalization)
 *   some_leave    PE 1 returns from main without shmem_finalize, the others
 *                 call it after 2 s (finalized explicitly and implicitly)
 *
 * A run that should have ended in the library returns SURVIVED; the others
 * exit 0.  No MPI: a PE that left cannot take part in reporting.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <shmem.h>

enum { SURVIVED = 90 };

static long never_set; /* static: symmetric, and nobody writes it */

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: long_wait MODE\n");
    return 2;
  }
  const char *mode = argv[1];
  shmem_init();
  const int me = shmem_my_pe();
  if (strcmp(mode, "warn_barrier") == 0) {
    if (me == 0) sleep(3);
    shmem_barrier_all();
  } else if (strcmp(mode, "warn_twice") == 0) {
    for (int i = 0; i < 2; ++i) {
      if (me == 0) sleep(2);
      shmem_barrier_all();
    }
  } else if (strcmp(mode, "left_barrier") == 0) {
    if (me == 1) return 0;
    shmem_barrier_all();
    shmem_barrier_all();
    return SURVIVED;
  } else if (strcmp(mode, "exit_vs_barrier") == 0) {
    if (me == 0) return 0;
    shmem_barrier_all();
    fprintf(stderr, "long_wait: PE %d: barrier returned\n", me);
    shmem_finalize();
    return SURVIVED;
  } else if (strcmp(mode, "left_wait") == 0) {
    if (me == 1) return 0;
    if (me == 0) shmem_long_wait_until(&never_set, SHMEM_CMP_NE, 0);
    shmem_barrier_all();
    return SURVIVED;
  } else if (strcmp(mode, "all_leave") == 0) {
    if (me != 1) sleep(2);
    return 0;
  } else if (strcmp(mode, "some_leave") == 0) {
    if (me == 1) return 0;
    sleep(2);
  } else {
    fprintf(stderr, "long_wait: unknown mode %s\n", mode);
    return 2;
  }
  shmem_finalize();
  return 0;
}
