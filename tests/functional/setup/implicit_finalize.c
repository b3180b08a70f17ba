/*
 * A program that never calls shmem_finalize (nor MPI_Finalize): common in
 * legacy codes.  OpenSHMEM finalizes implicitly at exit; the job must still
 * end cleanly with status 0 -- the TAP driver treats any other exit status as
 * an error -- and with a symmetric block still allocated.
 */
#include "../common/ftest.h"

int main(void) {
  shmem_init();
  ft_begin();
  long *x = (long *)shmem_malloc(8 * sizeof(long)); /* never freed */
  shmem_long_p(&x[3], ft.me, (ft.me + 1) % ft.npes);
  shmem_barrier_all();
  FT_CHECK(x[3] == (ft.me + ft.npes - 1) % ft.npes, "put before an implicit finalize");
  ft_case("RMA works in a program that will not call shmem_finalize");
  return ft_finish(); /* exit status checked by the TAP driver */
}
