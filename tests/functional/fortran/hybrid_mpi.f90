! Hybrid MPI + OpenSHMEM in free form with USE mpi: oshfort must find
! the mpi module of the MPI rocshmem was built with.  SHMEM starts
! first here (it starts MPI; the program must not call MPI_INIT again).
program hybrid_mpi
  use mpi
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes
  integer rank, nranks, ierr, total
  logical flag
  double precision t0

  call shmem_init()
  call mpi_initialized(flag, ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nranks, ierr)
  call tap_case(flag .and. rank == shmem_my_pe() .and. nranks == shmem_n_pes(), &
      'use mpi: MPI_COMM_RANK/SIZE agree with SHMEM_MY_PE/N_PES')
  call mpi_allreduce(1, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call tap_case(total == shmem_n_pes(), 'use mpi: MPI_ALLREDUCE counts the PEs')
  t0 = mpi_wtime()
  call mpi_barrier(MPI_COMM_WORLD, ierr)
  call shmem_barrier_all()
  call tap_case(mpi_wtime() > t0, 'use mpi: MPI_WTIME runs forward across two barriers')
  call tap_done()
  call shmem_finalize()
end program
