/*
 * Hybrid MPI + OpenSHMEM, MPI owning the job (OpenSHMEM 1.5, annex on MPI
 * interoperability):  MPI_Init, shmem_init, ..., shmem_finalize, ...,
 * MPI_Finalize.  rocshmem must join the application's MPI (same ranks), keep
 * MPI fully usable while both are active, and leave MPI alone in
 * shmem_finalize, so that the application can still use it and finalize it.
 * Also run without a launcher (an MPI singleton) by the singleton test.
 */
#include "../common/ftest.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  shmem_init();
  ft_begin();
  FT_CHECK(shmem_my_pe() == rank && shmem_n_pes() == size,
           "PE %d of %d, but MPI rank %d of %d", shmem_my_pe(), shmem_n_pes(), rank, size);
  ft_case("shmem_init after MPI_Init: PEs are the MPI ranks");

  /* Interleave the two models on the same data. */
  long *x = (long *)shmem_malloc(sizeof(long));
  *x = -1;
  shmem_barrier_all();
  shmem_long_p(x, rank, (rank + 1) % size);
  MPI_Barrier(MPI_COMM_WORLD);  /* the put is complete: blocking p */
  long mine = *x, sum = 0;
  MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  FT_CHECK(sum == (long)size * (size - 1) / 2, "sum of received ranks %ld", sum);
  shmem_barrier_all();
  shmem_free(x);
  ft_case("shmem puts and MPI collectives interleave");

  shmem_finalize();
  int finalized = 1;
  MPI_Finalized(&finalized);
  FT_CHECK(!finalized, "shmem_finalize finalized the application's MPI");
  int one = 1, total = 0;
  if (!finalized) MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  FT_CHECK(total == size, "MPI_Allreduce after shmem_finalize gave %d", total);
  ft_case("after shmem_finalize, MPI is still initialized and usable");

  int rc = ft_finish();
  MPI_Finalize();
  return rc;
}
