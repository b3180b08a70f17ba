/*
 * Hybrid OpenSHMEM + MPI, OpenSHMEM started first:  shmem_init, MPI calls,
 * shmem_finalize, MPI_Finalize.  rocshmem initializes MPI itself (it
 * bootstraps through it); the application may then use MPI without calling
 * MPI_Init, and must still be able to after shmem_finalize -- so rocshmem
 * must not finalize MPI there -- and to call MPI_Finalize itself.
 */
#include "../common/ftest.h"

int main(void) {
  shmem_init();
  ft_begin();
  int up = 0;
  MPI_Initialized(&up);
  FT_CHECK(up, "MPI is not initialized after shmem_init under a launcher");
  ft_case("shmem_init initializes MPI under a launcher");

  int rank = -1, size = -1;
  if (up) {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
  }
  FT_CHECK(rank == shmem_my_pe() && size == shmem_n_pes(), "MPI rank %d of %d, PE %d of %d", rank,
           size, shmem_my_pe(), shmem_n_pes());
  ft_case("MPI ranks are the PEs");

  long *buf = (long *)shmem_malloc(sizeof(long));
  long token = 1000 + ft.me, got = -1;
  MPI_Sendrecv(&token, 1, MPI_LONG, (ft.me + 1) % ft.npes, 7, &got, 1, MPI_LONG,
               (ft.me + ft.npes - 1) % ft.npes, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  shmem_long_p(buf, got, (ft.me + 1) % ft.npes);
  shmem_barrier_all();
  FT_CHECK(*buf == 1000 + (ft.me + ft.npes - 2 + ft.npes) % ft.npes,
           "token went left-to-right twice, got %ld", *buf);
  shmem_free(buf);
  ft_case("MPI point-to-point and shmem puts work together");

  shmem_finalize();
  int finalized = 1;
  MPI_Finalized(&finalized);
  FT_CHECK(!finalized, "shmem_finalize finalized MPI before the application could use it");
  int one = 1, total = 0;
  if (!finalized) MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  FT_CHECK(total == ft.npes, "MPI_Allreduce after shmem_finalize gave %d", total);
  ft_case("after shmem_finalize, MPI is still usable and the application finalizes it");

  int rc = ft_finish();
  MPI_Finalize(); /* the application's call: the library must not do it again */
  return rc;
}
