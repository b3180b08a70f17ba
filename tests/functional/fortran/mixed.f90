! One program of Fortran and C (mixed_c.c): both use the same library
! and the same symmetric COMMON block, which the C side knows as the
! global mixblk_.  Fortran initializes, C puts into the block, Fortran
! reads; and the Fortran constants agree with the C ones.
program mixed
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes
  integer vals(8), from_fortran(8)
  common /mixblk/ vals, from_fortran
  integer me, npes, left, i, c_ok
  integer cmps(6)
  logical ok

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  left = mod(me + npes - 1, npes)
  do i = 1, 8
    from_fortran(i) = 7 * me + i
  end do
  cmps = (/ SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT, SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE /)
  call shmem_barrier_all()
  ! C puts 1000 * me + i into the right neighbour's vals, and gets the
  ! right neighbour's from_fortran; c_ok is 1 when all it saw was right.
  call mixed_c_side(me, npes, cmps, SHMEM_MAX_NAME_LEN, SHMEM_BARRIER_SYNC_SIZE, c_ok)
  call shmem_barrier_all()
  ok = c_ok == 1
  do i = 1, 8
    ok = ok .and. vals(i) == 1000 * left + i
  end do
  call tap_case(ok, 'C puts into a Fortran COMMON block and reads Fortran data; constants agree')
  call tap_done()
  call shmem_finalize()
end program
