! Hybrid MPI + OpenSHMEM with USE mpi_f08 (handles of derived types):
! oshfort must find the mpi_f08 module and link its library.
program hybrid_mpi_f08
  use mpi_f08
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes
  integer rank, nranks, me, total
  type(MPI_Comm) comm
  double precision t0

  call MPI_Init()
  call shmem_init()
  call MPI_Comm_dup(MPI_COMM_WORLD, comm)
  call MPI_Comm_rank(comm, rank)
  call MPI_Comm_size(comm, nranks)
  call tap_case(rank == shmem_my_pe() .and. nranks == shmem_n_pes(), &
      'use mpi_f08: MPI_Comm_rank/size agree with SHMEM_MY_PE/N_PES')
  me = shmem_my_pe()
  call MPI_Allreduce(me, total, 1, MPI_INTEGER, MPI_SUM, comm)
  call tap_case(total == shmem_n_pes() * (shmem_n_pes() - 1) / 2, &
      'use mpi_f08: MPI_Allreduce over the PEs')
  t0 = MPI_Wtime()
  call MPI_Barrier(comm)
  call shmem_barrier_all()
  call tap_case(MPI_Wtime() > t0, 'use mpi_f08: MPI_Wtime runs forward across two barriers')
  call MPI_Comm_free(comm)
  call tap_done()
  call shmem_finalize()
  call MPI_Finalize()
end program
