/* hybrid_mpi.c - MPI and OpenSHMEM in one program.
 *
 *   oshcc -O2 -o hybrid_mpi hybrid_mpi.c && oshrun -np 4 ./hybrid_mpi
 *
 * rocshmem starts through MPI: a program may initialize MPI itself, then
 * OpenSHMEM, and use both.  PE numbers equal MPI_COMM_WORLD ranks.  Here each
 * PE puts its rank into the next PE's symmetric variable (OpenSHMEM), and MPI
 * then sums the received values (MPI_Allreduce): every rank arrives once, so
 * the sum is N(N - 1)/2.  OpenSHMEM is finalized first; MPI, which the
 * program initialized, is finalized by the program.
 */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>

static int from_left = -1;

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    shmem_init();
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int status = me != rank || npes != size;

    shmem_int_p(&from_left, me, (me + 1) % npes);
    shmem_barrier_all();
    status |= from_left != (me + npes - 1) % npes;

    long mine = from_left, total = 0;
    MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    status |= total != (long)size * (size - 1) / 2;
    int any_bad = 0;
    MPI_Allreduce(&status, &any_bad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (rank == 0)
        printf("hybrid_mpi: %d MPI ranks = %d PEs, MPI sum of the values put by OpenSHMEM %ld, %s\n",
               size, npes, total, any_bad ? "WRONG" : "OK");
    shmem_finalize();
    MPI_Finalize();
    return any_bad;
}
