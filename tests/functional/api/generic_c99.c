/* Compile test (header_compile.sh, -std=c99 -pedantic -Werror): what C99
 * programs keep from <shmem.h> beside the generic names -- shmem_sync in
 * both forms (chosen by argument count, no _Generic needed), the
 * deprecated long shmem_swap function, and both names as values. */
#include <shmem.h>

static long psync[SHMEM_SYNC_SIZE], target;

int main(void) {
  void (*active_set_sync)(int, int, int, long *) = shmem_sync;
  long (*swap_fn)(long *, long, int) = shmem_swap;
  int rc;
  shmem_init();
  rc = shmem_sync(SHMEM_TEAM_WORLD);
  shmem_sync(0, 0, shmem_n_pes(), psync);
  (shmem_sync)(0, 0, shmem_n_pes(), psync);
  active_set_sync(0, 0, shmem_n_pes(), psync);
  target = shmem_swap(&target, 1L, 0) + swap_fn(&target, 2L, 0);
  shmem_finalize();
  return rc;
}
