! Hybrid MPI + OpenSHMEM in the fixed form of legacy codes, with
! INCLUDE 'mpif.h' beside shmem.fh and no flag of its own: oshfort must
! find mpif.h and link the Fortran MPI library.  MPI starts first and
! ends last; MPI's view of the job (rank, size, an allreduce, MPI_WTIME)
! agrees with SHMEM's (MY_PE, NUM_PES, a put around the ring).
      PROGRAM HYBRID
      IMPLICIT NONE
      INCLUDE 'shmem.fh'
      INCLUDE 'mpif.h'
      INTEGER MY_PE, NUM_PES
      INTEGER RANK, NRANKS, IERR, ME, NPES, TOTAL, GOT
      DOUBLE PRECISION T0, T1
      LOGICAL OK
      COMMON /RING/ GOT

      CALL MPI_INIT(IERR)
      CALL START_PES(0)
      ME = MY_PE()
      NPES = NUM_PES()
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NRANKS, IERR)
      OK = IERR .EQ. MPI_SUCCESS .AND. RANK .EQ. ME
      CALL TAP_CASE(OK .AND. NRANKS .EQ. NPES,
     &  'MPI_COMM_RANK/SIZE (mpif.h) agree with MY_PE/NUM_PES')

      CALL MPI_ALLREDUCE(ME, TOTAL, 1, MPI_INTEGER, MPI_SUM,
     &  MPI_COMM_WORLD, IERR)
      CALL TAP_CASE(TOTAL .EQ. NPES * (NPES - 1) / 2,
     &  'MPI_ALLREDUCE over the PEs')

      T0 = MPI_WTIME()
      GOT = -1
      CALL SHMEM_BARRIER_ALL()
      CALL SHMEM_INTEGER_PUT(GOT, ME, 1, MOD(ME + 1, NPES))
      CALL SHMEM_BARRIER_ALL()
      T1 = MPI_WTIME()
      OK = GOT .EQ. MOD(ME + NPES - 1, NPES)
      CALL TAP_CASE(OK, 'a SHMEM put around the ring')
! (Open MPI counts from MPI_INIT: T0 may be 0.)
      CALL TAP_CASE(T1 .GT. T0 .AND. T1 - T0 .LT. 3600D0,
     &  'MPI_WTIME runs forward across two barriers')

      CALL TAP_DONE()
      CALL SHMEM_FINALIZE()
      CALL MPI_FINALIZE(IERR)
      END
