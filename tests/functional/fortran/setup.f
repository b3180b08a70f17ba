! Set-up and queries in the fixed form of legacy codes: START_PES,
! MY_PE/NUM_PES beside SHMEM_MY_PE/SHMEM_N_PES, SHMEM_INFO_*, the
! accessibility queries, SHMEM_PTR through a Cray pointer into COMMON
! data, and the routines without effect (cache, fence, quiet).
      PROGRAM SETUP
      IMPLICIT NONE
      INCLUDE 'shmem.fh'
      INTEGER MY_PE, NUM_PES, SHMEM_MY_PE, SHMEM_N_PES
      LOGICAL SHMEM_PE_ACCESSIBLE, SHMEM_ADDR_ACCESSIBLE
      INTEGER*8 SHMEM_PTR
      INTEGER ME, NPES, MAJOR, MINOR, I, RIGHT
      CHARACTER*300 NAME
      LOGICAL OK, ON_STACK
      INTEGER BIG(10)
      COMMON /BLK/ BIG
      INTEGER REMOTE(10)
      POINTER (P, REMOTE)

      CALL START_PES(0)
      ME = MY_PE()
      NPES = NUM_PES()
      OK = ME .EQ. SHMEM_MY_PE() .AND. NPES .EQ. SHMEM_N_PES()
      OK = OK .AND. ME .GE. 0 .AND. ME .LT. NPES
      CALL TAP_CASE(OK, 'START_PES MY_PE NUM_PES SHMEM_MY_PE/N_PES')

      CALL SHMEM_INFO_GET_VERSION(MAJOR, MINOR)
      OK = MAJOR .EQ. SHMEM_MAJOR_VERSION
      OK = OK .AND. MINOR .EQ. SHMEM_MINOR_VERSION
      NAME = 'x'
      CALL SHMEM_INFO_GET_NAME(NAME)
      OK = OK .AND. NAME(1:SHMEM_MAX_NAME_LEN) .EQ. SHMEM_VENDOR_STRING
      OK = OK .AND. NAME(1:9) .EQ. 'rocshmem '
      OK = OK .AND. NAME(290:300) .EQ. ' '
      CALL TAP_CASE(OK, 'SHMEM_INFO_GET_VERSION, _NAME (blank-padded)')

      OK = SHMEM_PE_ACCESSIBLE(NPES - 1)
      OK = OK .AND. .NOT. SHMEM_PE_ACCESSIBLE(NPES)
      OK = OK .AND. .NOT. SHMEM_PE_ACCESSIBLE(-1)
      OK = OK .AND. SHMEM_ADDR_ACCESSIBLE(BIG, NPES - 1)
      OK = OK .AND. .NOT. ON_STACK(NPES - 1)
      CALL TAP_CASE(OK, 'PE_ACCESSIBLE and ADDR_ACCESSIBLE')

! Write the right neighbour's COMMON through the pointer SHMEM_PTR
! gives (all PEs of a test run share the node, so it is not null).
      RIGHT = MOD(ME + 1, NPES)
      P = SHMEM_PTR(BIG, RIGHT)
      OK = P .NE. 0
      CALL SHMEM_BARRIER_ALL()
      IF (OK) THEN
        DO I = 1, 10
          REMOTE(I) = 1000 * ME + I
        END DO
      END IF
      CALL SHMEM_FENCE()
      CALL SHMEM_QUIET()
      CALL SHMEM_BARRIER_ALL()
      DO I = 1, 10
        OK = OK .AND. BIG(I) .EQ. 1000 * MOD(ME + NPES - 1, NPES) + I
      END DO
      CALL TAP_CASE(OK, 'SHMEM_PTR to COMMON data, stores through it')

      CALL SHMEM_CLEAR_CACHE_INV()
      CALL SHMEM_SET_CACHE_INV()
      CALL SHMEM_SET_CACHE_LINE_INV(BIG)
      CALL SHMEM_UDCFLUSH()
      CALL SHMEM_UDCFLUSH_LINE(BIG)
      CALL TAP_CASE(BIG(1) .NE. -1, 'cache routines are no-ops')

      CALL TAP_DONE()
      CALL SHMEM_FINALIZE()
      END

! A variable on the stack (RECURSIVE: not static) is not symmetric.
      RECURSIVE LOGICAL FUNCTION ON_STACK(PE)
      INTEGER PE
      LOGICAL SHMEM_ADDR_ACCESSIBLE
      INTEGER LOCAL(4)
      LOCAL(1) = PE
      ON_STACK = SHMEM_ADDR_ACCESSIBLE(LOCAL, LOCAL(1))
      END
