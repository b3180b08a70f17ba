! Hello world in the Fortran API of OpenSHMEM 1.4, and a ring: each PE
! puts its number into its right neighbour's SAVE'd variable.
!   oshfort -o hello hello.f90 && oshrun -np 4 ./hello
program hello
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes
  integer me, npes
  integer from_left
  save from_left

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  write (*, '(A,I0,A,I0)') 'Hello from PE ', me, ' of ', npes
  call shmem_integer_put(from_left, me, 1, mod(me + 1, npes))
  call shmem_barrier_all()
  if (from_left /= mod(me + npes - 1, npes)) then
    write (*, '(A,I0,A,I0)') 'PE ', me, ': wrong value from the left: ', from_left
    call shmem_global_exit(1)
  end if
  call shmem_barrier_all()
  if (me == 0) write (*, '(A,I0,A)') 'ring: ', npes, ' PEs, every PE got its neighbour''s number'
  call shmem_finalize()
end program
