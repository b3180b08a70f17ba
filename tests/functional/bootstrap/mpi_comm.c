/*
 * rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM): the PEs are the ranks of
 * the application's communicator.  With 3 or more processes it splits
 * MPI_COMM_WORLD into two jobs (even and odd ranks), and orders each in
 * reverse (key = -rank), so PE numbers differ from world ranks; then a
 * second init over a NULL communicator (MPI_COMM_WORLD).  The
 * communicator is the application's: still usable, and freed by it, after
 * rocshmem_finalize.  World rank 0 prints the results.
 */
#include <rocshmem/rocshmem.h>

#include "../common/ftest.h"

static int init_over(MPI_Comm *comm) {
  rocshmem_init_attr_t attr;
  memset(&attr, 0, sizeof attr);
  attr.mpi_comm = comm;
  return rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &attr);
}

/* Sum of the world ranks of the PEs, through rocshmem. */
static long world_rank_sum(int world_rank) {
  long *src = (long *)shmem_malloc(sizeof(long)), *dst = (long *)shmem_malloc(sizeof(long));
  *src = world_rank;
  shmem_barrier_all();
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
  long sum = *dst;
  shmem_free(dst);
  shmem_free(src);
  return sum;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int wr = 0, ws = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  MPI_Comm_size(MPI_COMM_WORLD, &ws);
  MPI_Comm comm;
  MPI_Comm_split(MPI_COMM_WORLD, ws >= 3 ? wr % 2 : 0, -wr, &comm);
  int cr = 0, cs = 1;
  MPI_Comm_rank(comm, &cr);
  MPI_Comm_size(comm, &cs);

  int rc = init_over(&comm);
  ft_begin();
  ft.me = wr; /* one reporter for both jobs */
  ft.npes = ws;
  FT_CHECK(rc == ROCSHMEM_SUCCESS, "rocshmem_init_attr returned %d", rc);
  FT_CHECK(shmem_my_pe() == cr && shmem_n_pes() == cs, "world rank %d is PE %d of %d, expected %d of %d",
           wr, shmem_my_pe(), shmem_n_pes(), cr, cs);
  ft_case("PEs are the ranks of a split, reordered communicator");

  long expected = 0, mine = wr;
  MPI_Allreduce(&mine, &expected, 1, MPI_LONG, MPI_SUM, comm);
  long *ring = (long *)shmem_malloc(sizeof(long));
  shmem_long_p(ring, wr, (cr + 1) % cs);
  shmem_barrier_all();
  int left = 0;
  MPI_Sendrecv(&wr, 1, MPI_INT, (cr + 1) % cs, 0, &left, 1, MPI_INT, (cr + cs - 1) % cs, 0, comm,
               MPI_STATUS_IGNORE);
  FT_CHECK(*ring == left, "the left neighbour's put says world rank %ld, MPI says %d", *ring, left);
  long sum = world_rank_sum(wr);
  FT_CHECK(sum == expected, "reduction over the job: %ld, over the communicator: %ld", sum, expected);
  ft_case("put ring and a reduction stay within the communicator's job");
  shmem_free(ring);
  shmem_finalize();

  int alive = 0, one = 1;
  MPI_Allreduce(&one, &alive, 1, MPI_INT, MPI_SUM, comm);
  FT_CHECK(alive == cs, "MPI_Allreduce over the communicator after finalize gave %d", alive);
  FT_CHECK(MPI_Comm_free(&comm) == MPI_SUCCESS, "MPI_Comm_free");
  ft_case("the communicator is still the application's after rocshmem_finalize");

  rc = init_over(NULL);
  FT_CHECK(rc == ROCSHMEM_SUCCESS, "rocshmem_init_attr(NULL communicator) returned %d", rc);
  FT_CHECK(shmem_my_pe() == wr && shmem_n_pes() == ws, "PE %d of %d, world rank %d of %d",
           shmem_my_pe(), shmem_n_pes(), wr, ws);
  FT_CHECK(world_rank_sum(wr) == (long)ws * (ws - 1) / 2, "reduction over MPI_COMM_WORLD");
  shmem_finalize();
  ft_case("a NULL communicator means MPI_COMM_WORLD (second init in the process)");

  int status = ft_finish();
  MPI_Finalize();
  return status;
}
