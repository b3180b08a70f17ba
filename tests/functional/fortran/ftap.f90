! TAP from the Fortran tests.  Every PE calls TAP_CASE with its own
! verdict; PE 0 prints the case's line from the minimum over all PEs
! (SHMEM_INT4_MIN_TO_ALL), and a PE that failed prints its own
! "not ok" under the same number too, so a failure shows even if the
! reduction itself were wrong (the TAP driver rejects the repeated
! number).  TAP_DONE prints the plan.
subroutine tap_case(ok, name)
  implicit none
  include 'shmem.fh'
  logical ok
  character*(*) name
  integer shmem_my_pe, shmem_n_pes
  integer mine, all, ncase, pwrk(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  integer psync(SHMEM_REDUCE_SYNC_SIZE)
  common /taps/ mine, all, ncase, pwrk, psync
  ncase = ncase + 1
  mine = 0
  if (ok) mine = 1
  call shmem_barrier_all()
  call shmem_int4_min_to_all(all, mine, 1, 0, 0, shmem_n_pes(), pwrk, psync)
  if (shmem_my_pe() == 0 .and. all == 1) then
    write (*, '(A,I0,A,A)') 'ok ', ncase, ' - ', name
  else if (shmem_my_pe() == 0 .or. .not. ok) then
    write (*, '(A,I0,A,A,A,I0,A)') 'not ok ', ncase, ' - ', name, &
        ' (PE ', shmem_my_pe(), ')'
  end if
  flush (6)
end subroutine

subroutine tap_done()
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe
  integer mine, all, ncase, pwrk(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  integer psync(SHMEM_REDUCE_SYNC_SIZE)
  common /taps/ mine, all, ncase, pwrk, psync
  call shmem_barrier_all()
  if (shmem_my_pe() == 0) write (*, '(A,I0)') '1..', ncase
  flush (6)
end subroutine
