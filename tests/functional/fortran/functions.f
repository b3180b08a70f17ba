! The functions of the 1.4 API typed by the opt-in shmem_functions.fh
! alone (IMPLICIT NONE: a name it failed to declare does not compile),
! with shmemx.fh included beside shmem.fh as codes for other
! implementations do.  Each result is checked, so a wrong type (an
! INTEGER*8 read as a default INTEGER) fails too.
      PROGRAM FUNCS
      IMPLICIT NONE
      INCLUDE 'shmem.fh'
      INCLUDE 'shmemx.fh'
      INCLUDE 'shmem_functions.fh'
      INTEGER ME, NPES, RIGHT, LEFT
      INTEGER*8 K8, OLD8, BIG
      PARAMETER (BIG = 8589934592_8)
      REAL*8 R8, OLDR8
      INTEGER BUF(4)
      COMMON /DATA/ K8, R8, BUF
      INTEGER REMOTE(4)
      POINTER (P, REMOTE)
      LOGICAL OK

      CALL START_PES(0)
      ME = MY_PE()
      NPES = NUM_PES()
      RIGHT = MOD(ME + 1, NPES)
      LEFT = MOD(ME + NPES - 1, NPES)
      OK = ME .EQ. SHMEM_MY_PE() .AND. NPES .EQ. SHMEM_N_PES()
      CALL TAP_CASE(OK .AND. ME .LT. NPES,
     &  'MY_PE NUM_PES SHMEM_MY_PE SHMEM_N_PES')

      OK = SHMEM_PE_ACCESSIBLE(RIGHT)
      OK = OK .AND. SHMEM_ADDR_ACCESSIBLE(BUF, RIGHT)
      CALL TAP_CASE(OK, 'SHMEM_PE_ACCESSIBLE SHMEM_ADDR_ACCESSIBLE')

      BUF(1) = 10 * ME + 1
      K8 = BIG + ME
      R8 = ME + 0.5D0
      CALL SHMEM_BARRIER_ALL()
      P = SHMEM_PTR(BUF, RIGHT)
      OK = P .NE. 0
      IF (OK) OK = REMOTE(1) .EQ. 10 * RIGHT + 1
      CALL TAP_CASE(OK, 'SHMEM_PTR reads the neighbour''s COMMON')

      OLD8 = SHMEM_INT8_FADD(K8, 1_8, RIGHT)
      OLDR8 = SHMEM_REAL8_SWAP(R8, -1D0, RIGHT)
      CALL SHMEM_BARRIER_ALL()
      CALL TAP_CASE(OLD8 .EQ. BIG + RIGHT .AND. K8 .EQ. BIG + ME + 1,
     &  'SHMEM_INT8_FADD returns 64 bits')
      CALL TAP_CASE(OLDR8 .EQ. RIGHT + 0.5D0 .AND. R8 .EQ. -1D0,
     &  'SHMEM_REAL8_SWAP returns a REAL*8')
      CALL TAP_CASE(SHMEM_INT4_FETCH(BUF, LEFT) .EQ. 10 * LEFT + 1,
     &  'SHMEM_INT4_FETCH')

      CALL TAP_DONE()
      CALL SHMEM_FINALIZE()
      END
