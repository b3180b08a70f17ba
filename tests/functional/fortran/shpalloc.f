! SHPALLOC, SHPDEALLC and SHPCLMOVE with Cray pointers: the arrays are
! symmetric (RMA targets), and every error code of the 1.4 text comes
! back when abort is 0.
      PROGRAM SHPTEST
      IMPLICIT NONE
      INCLUDE 'shmem.fh'
      INTEGER SHMEM_MY_PE, SHMEM_N_PES
      INTEGER ME, NPES, RIGHT, LEFT, I, ERR, STAT, N
      PARAMETER (N = 16)
      INTEGER A(1), B(1), SRC(2 * N)
      POINTER (PA, A)
      POINTER (PB, B)
      INTEGER*8 KEEP
      LOGICAL OK
      INTEGER STATIC(4)
      SAVE STATIC

      CALL SHMEM_INIT()
      ME = SHMEM_MY_PE()
      NPES = SHMEM_N_PES()
      RIGHT = MOD(ME + 1, NPES)
      LEFT = MOD(ME + NPES - 1, NPES)

! A block of N words is a target of puts from the left neighbour.
      CALL SHPALLOC(PA, N, ERR, 0)
      OK = ERR .EQ. 0
      DO I = 1, 2 * N
        SRC(I) = 100 * ME + I
      END DO
      CALL SHMEM_INTEGER_PUT(A, SRC, N, RIGHT)
      CALL SHMEM_BARRIER_ALL()
      DO I = 1, N
        OK = OK .AND. A(I) .EQ. 100 * LEFT + I
      END DO
      CALL TAP_CASE(OK, 'SHPALLOC array as an RMA target')

! Growing it keeps the contents; status 0 (in place) or 1 (moved).
      CALL SHPALLOC(PB, 4, ERR, 0)
      OK = ERR .EQ. 0
      CALL SHPCLMOVE(PA, 2 * N, STAT, 0)
      OK = OK .AND. (STAT .EQ. 0 .OR. STAT .EQ. 1)
      DO I = 1, N
        OK = OK .AND. A(I) .EQ. 100 * LEFT + I
      END DO
      CALL SHMEM_INTEGER_PUT(A, SRC, 2 * N, RIGHT)
      CALL SHMEM_BARRIER_ALL()
      DO I = 1, 2 * N
        OK = OK .AND. A(I) .EQ. 100 * LEFT + I
      END DO
! Shrinking happens in place.
      CALL SHPCLMOVE(PA, N / 2, STAT, 0)
      OK = OK .AND. STAT .EQ. 0 .AND. A(N / 2) .EQ. 100 * LEFT + N / 2
      CALL TAP_CASE(OK, 'SHPCLMOVE grows and shrinks, contents kept')

! Error codes (abort = 0): -1 length not positive, -2 too large,
! -3 outside the heap, -4 freed already, -5 not a block's start.
      KEEP = PB
      CALL SHPALLOC(PB, 0, ERR, 0)
      OK = ERR .EQ. -1
      CALL SHPALLOC(PB, 2000000000, ERR, 0)
      OK = OK .AND. ERR .EQ. -2 .AND. PB .EQ. KEEP
      CALL SHPCLMOVE(PA, -4, STAT, 0)
      OK = OK .AND. STAT .EQ. -1
      PB = LOC(STATIC)
      CALL SHPDEALLC(PB, ERR, 0)
      OK = OK .AND. ERR .EQ. -3
      CALL SHPCLMOVE(PB, 4, STAT, 0)
      OK = OK .AND. STAT .EQ. -3
      PB = KEEP + 4
      CALL SHPDEALLC(PB, ERR, 0)
      OK = OK .AND. ERR .EQ. -5
      PB = KEEP
      CALL SHPDEALLC(PB, ERR, 0)
      OK = OK .AND. ERR .EQ. 0
      CALL SHPDEALLC(PB, ERR, 0)
      OK = OK .AND. ERR .EQ. -4
      CALL SHPDEALLC(PA, ERR, 0)
      OK = OK .AND. ERR .EQ. 0
      CALL TAP_CASE(OK, 'error codes -1 to -5 with abort = 0')

      CALL TAP_DONE()
      CALL SHMEM_FINALIZE()
      END
