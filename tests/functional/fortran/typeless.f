! A legacy pattern gfortran 10 and later reject by default: one typeless
! routine (SHMEM_PUT8, SHMEM_GET64) called with buffers of two types in
! one file.  oshfort accepts it without a flag from the user; the data
! arrive whatever their declared type.
      PROGRAM TYPELESS
      IMPLICIT NONE
      INCLUDE 'shmem.fh'
      INTEGER SHMEM_MY_PE, SHMEM_N_PES
      INTEGER ME, RIGHT, LEFT, LEFT2, I
      REAL*8 R(4), RR(4)
      INTEGER*8 K(4), KK(4)
      LOGICAL OK
      COMMON /BUFS/ R, K

      CALL SHMEM_INIT()
      ME = SHMEM_MY_PE()
      RIGHT = MOD(ME + 1, SHMEM_N_PES())
      LEFT = MOD(ME + SHMEM_N_PES() - 1, SHMEM_N_PES())
      DO I = 1, 4
        RR(I) = ME + I / 4D0
        KK(I) = 1000 * ME + I
      END DO
      CALL SHMEM_BARRIER_ALL()
      CALL SHMEM_PUT8(R, RR, 4, RIGHT)
      CALL SHMEM_PUT8(K, KK, 4, RIGHT)
      CALL SHMEM_BARRIER_ALL()
      OK = .TRUE.
      DO I = 1, 4
        OK = OK .AND. R(I) .EQ. LEFT + I / 4D0
        OK = OK .AND. K(I) .EQ. 1000 * LEFT + I
      END DO
      CALL TAP_CASE(OK, 'SHMEM_PUT8 of REAL*8 and of INTEGER*8')
      CALL SHMEM_GET64(RR, R, 4, LEFT)
      CALL SHMEM_GET64(KK, K, 4, LEFT)
      LEFT2 = MOD(LEFT + SHMEM_N_PES() - 1, SHMEM_N_PES())
      OK = .TRUE.
      DO I = 1, 4
        OK = OK .AND. RR(I) .EQ. LEFT2 + I / 4D0
        OK = OK .AND. KK(I) .EQ. 1000 * LEFT2 + I
      END DO
      CALL TAP_CASE(OK, 'SHMEM_GET64 of REAL*8 and of INTEGER*8')
      CALL TAP_DONE()
      CALL SHMEM_FINALIZE()
      END
