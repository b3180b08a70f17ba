/*
 * The unique-id bootstrap under mpirun, as a PyTorch or mpi4py program uses
 * it: the last MPI rank makes the id and broadcasts it with MPI, and every
 * process passes a rank of its own choosing, (MPI rank + 1) mod n, so the
 * id's maker is PE 0.  PE numbers must follow those ranks, not MPI's: each
 * PE tells PE 0 its MPI rank over rocshmem.  MPI stays the application's
 * and is used after rocshmem_finalize.
 */
#include <rocshmem/rocshmem.h>

#include "../common/ftest.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int mpi_rank = 0, n = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  const int maker = n - 1, rank = (mpi_rank + 1) % n;

  rocshmem_uniqueid_t id = ROCSHMEM_UNIQUEID_INITIALIZER;
  int rc = mpi_rank == maker ? rocshmem_get_uniqueid(&id) : ROCSHMEM_SUCCESS;
  MPI_Bcast(&id, sizeof id, MPI_BYTE, maker, MPI_COMM_WORLD);
  rocshmem_init_attr_t attr;
  if (rc == ROCSHMEM_SUCCESS) rc = rocshmem_set_attr_uniqueid_args(rank, n, &id, &attr);
  if (rc == ROCSHMEM_SUCCESS) rc = rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr);
  if (rc != ROCSHMEM_SUCCESS) {
    printf("Bail out! MPI rank %d: rocshmem_get_uniqueid/init_attr failed\n", mpi_rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  ft_begin();

  FT_CHECK(shmem_my_pe() == rank && shmem_n_pes() == n, "MPI rank %d is PE %d of %d, expected %d",
           mpi_rank, shmem_my_pe(), shmem_n_pes(), rank);
  ft_case("PE numbers follow the ranks given to rocshmem_init_attr, not MPI's");

  long *who = (long *)shmem_calloc((size_t)n, sizeof(long));
  shmem_long_p(&who[shmem_my_pe()], mpi_rank, 0);
  shmem_barrier_all();
  if (shmem_my_pe() == 0)
    for (int pe = 0; pe < n; ++pe)
      FT_CHECK(who[pe] == (pe + n - 1) % n, "PE %d says it is MPI rank %ld, expected %d", pe,
               who[pe], (pe + n - 1) % n);
  ft_case("each PE reaches PE 0 under its uniqueid rank");

  long *ring = (long *)shmem_malloc(sizeof(long));
  shmem_long_p(ring, shmem_my_pe(), (shmem_my_pe() + 1) % n);
  shmem_barrier_all();
  FT_CHECK(*ring == (shmem_my_pe() + n - 1) % n, "ring value %ld", *ring);
  ft_case("put ring and barrier over the uniqueid PE numbering");

  shmem_free(ring);
  shmem_free(who);
  shmem_finalize();

  int total = 0, one = 1;
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  FT_CHECK(total == n, "MPI_Allreduce after rocshmem_finalize gave %d", total);
  ft_case("MPI works after rocshmem_finalize");
  int status = ft_finish();
  MPI_Finalize();
  return status;
}
