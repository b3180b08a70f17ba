/*
 * Liveness of a unique-id job (run by uniqueid_faults.sh):
 *
 *   uniqueid_faults MODE NPES PIDFILE
 *
 * The parent makes the id, forks NPES-1 children, writes every pid to
 * PIDFILE (before init, so the script knows them all), and all processes
 * join.  After a barrier, one PE fails while the others wait in
 * shmem_barrier_all, which would never complete on its own:
 *   kill-peer   PE 1 kills itself with SIGKILL;
 *   kill-root   PE 0 kills itself with SIGKILL;
 *   exit-peer   PE NPES-1 calls shmem_global_exit(7);
 *   exit-root   PE 0 calls shmem_global_exit(5).
 * The script checks that every process ends within a bound, the statuses
 * it can see (the parent's) and the messages.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rocshmem/rocshmem.h>
#include <shmem.h>

int main(int argc, char **argv) {
  const char *mode = argc > 3 ? argv[1] : "";
  const int npes = argc > 3 ? atoi(argv[2]) : 0;
  int victim, status = 0;
  if (strcmp(mode, "kill-peer") == 0) victim = 1;
  else if (strcmp(mode, "kill-root") == 0) victim = 0;
  else if (strcmp(mode, "exit-peer") == 0) victim = npes - 1, status = 7;
  else if (strcmp(mode, "exit-root") == 0) victim = 0, status = 5;
  else victim = -1;
  if (victim < 0 || npes < 2) {
    fprintf(stderr, "usage: %s kill-peer|kill-root|exit-peer|exit-root NPES PIDFILE\n", argv[0]);
    return 99;
  }
  rocshmem_uniqueid_t id;
  if (rocshmem_get_uniqueid(&id) != ROCSHMEM_SUCCESS) return 98;
  fflush(NULL);
  int rank = 0;
  pid_t children[64];
  for (int r = 1; r < npes && r < 64; ++r) {
    children[r] = fork();
    if (children[r] == 0) {
      rank = r;
      break;
    }
  }
  if (rank == 0) {
    FILE *pids = fopen(argv[3], "w");
    if (!pids) return 98;
    fprintf(pids, "%d\n", (int)getpid());
    for (int r = 1; r < npes; ++r) fprintf(pids, "%d\n", (int)children[r]);
    fclose(pids);
  }

  rocshmem_init_attr_t attr;
  if (rocshmem_set_attr_uniqueid_args(rank, npes, &id, &attr) != ROCSHMEM_SUCCESS ||
      rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr) != ROCSHMEM_SUCCESS)
    return 97;
  shmem_barrier_all();
  if (rank == victim) {
    if (status) shmem_global_exit(status);
    kill(getpid(), SIGKILL);
  }
  shmem_barrier_all(); /* never completes: the victim does not come */
  fprintf(stderr, "PE %d: the barrier completed without PE %d\n", rank, victim);
  return 96;
}
