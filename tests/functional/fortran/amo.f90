! Fortran atomics, waits and locks.  Every PE updates counters that
! live on PE 0 (COMMON), so the final values follow from the number of
! PEs alone; the fetched values must be the distinct ones that the
! order of the updates allows.
program amo
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes, shmem_test_lock
  integer*4 shmem_int4_fadd, shmem_int4_finc, shmem_int4_swap, shmem_int4_cswap
  integer*4 shmem_int4_fetch, shmem_swap
  integer*8 shmem_int8_fadd, shmem_int8_finc, shmem_int8_swap, shmem_int8_cswap
  integer*8 shmem_int8_fetch
  real*4 shmem_real4_swap, shmem_real4_fetch
  real*8 shmem_real8_swap, shmem_real8_fetch
  integer, parameter :: iters = 20
  integer me, npes, i, j, seen
  integer*4 c4, f4, w4, lock, slot4(0:63), old4, sw
  integer*8 c8, f8, w8, slot8(0:63), old8
  real*4 r4
  real*8 r8
  integer shared
  common /counters/ c4, f4, w4, lock, c8, f8, w8, r4, r8, sw, shared
  integer pwrk(SHMEM_REDUCE_MIN_WRKDATA_SIZE), psync(SHMEM_COLLECT_SYNC_SIZE)
  common /amowork/ slot4, slot8, pwrk, psync
  integer*4 mine4(1)
  integer*8 mine8(1)
  save mine4, mine8
  logical ok

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()

  ! ADD and INC: PE 0 ends with npes * (1 + 2 + ... + iters) + npes * iters.
  do i = 1, iters
    call shmem_int4_add(c4, i, 0)
    call shmem_int4_inc(c4, 0)
    call shmem_int8_add(c8, int(i, 8) * 1000000000_8, 0)
    call shmem_int8_inc(c8, 0)
  end do
  call shmem_barrier_all()
  ok = .true.
  if (me == 0) then
    ok = c4 == npes * (iters * (iters + 1) / 2 + iters)
    ok = ok .and. c8 == npes * (iters * (iters + 1) / 2 * 1000000000_8 + iters)
  end if
  call tap_case(ok, 'INT4_ADD INT4_INC INT8_ADD INT8_INC')

  ! FINC and FADD: the fetched values over all PEs are 0 .. npes-1
  ! (FINC) and multiples of 3 (FADD by 3), each exactly once.
  mine4(1) = shmem_int4_finc(f4, 0)
  mine8(1) = shmem_int8_fadd(f8, 3_8, 0)
  call shmem_fcollect32(slot4, mine4, 1, 0, 0, npes, psync)
  call shmem_barrier_all()
  call shmem_fcollect64(slot8, mine8, 1, 0, 0, npes, psync)
  ok = .true.
  do i = 0, npes - 1
    seen = 0
    do j = 0, npes - 1
      if (slot4(j) == i) seen = seen + 1
      if (slot8(j) == 3 * i) seen = seen + 10
    end do
    ok = ok .and. seen == 11
  end do
  call tap_case(ok, 'INT4_FINC INT8_FADD fetch distinct old values')
  call shmem_barrier_all()
  old4 = shmem_int4_fadd(f4, 5, 0)
  old8 = shmem_int8_finc(f8, 0)
  call shmem_barrier_all()
  ok = old4 >= npes .and. old4 < npes + 5 * npes .and. old8 >= 3 * npes
  if (me == 0) ok = ok .and. f4 == 6 * npes .and. f8 == 4 * npes
  call tap_case(ok, 'INT4_FADD INT8_FINC')
  call shmem_barrier_all()

  ! SWAP chains: every PE swaps its own number in; the value left plus
  ! the values fetched are every PE's number and the initial one.
  if (me == 0) then
    w4 = -1
    w8 = -1
    sw = -1
  end if
  call shmem_barrier_all()
  mine4(1) = shmem_int4_swap(w4, me, 0)
  mine8(1) = shmem_int8_swap(w8, int(me, 8), 0)
  old4 = shmem_swap(sw, me, 0)
  call shmem_barrier_all()
  call shmem_fcollect32(slot4, mine4, 1, 0, 0, npes, psync)
  call shmem_barrier_all()
  call shmem_fcollect64(slot8, mine8, 1, 0, 0, npes, psync)
  ok = sum(slot4(0:npes - 1)) + shmem_int4_fetch(w4, 0) == npes * (npes - 1) / 2 - 1
  ok = ok .and. sum(slot8(0:npes - 1)) + shmem_int8_fetch(w8, 0) == npes * (npes - 1) / 2 - 1
  ok = ok .and. old4 >= -1 .and. old4 < npes .and. old4 /= me
  call tap_case(ok, 'INT4_SWAP INT8_SWAP SWAP INT4_FETCH INT8_FETCH')
  call shmem_barrier_all()

  ! CSWAP: only one PE replaces the initial value.
  if (me == 0) then
    w4 = 7
    w8 = 7
  end if
  call shmem_barrier_all()
  mine4(1) = 0
  if (shmem_int4_cswap(w4, 7, 100 + me, 0) == 7) mine4(1) = 1
  mine8(1) = 0
  if (shmem_int8_cswap(w8, 7_8, int(100 + me, 8), 0) == 7) mine8(1) = 1
  call shmem_barrier_all()
  call shmem_fcollect32(slot4, mine4, 1, 0, 0, npes, psync)
  call shmem_barrier_all()
  call shmem_fcollect64(slot8, mine8, 1, 0, 0, npes, psync)
  ok = sum(slot4(0:npes - 1)) == 1 .and. sum(slot8(0:npes - 1)) == 1
  ok = ok .and. shmem_int4_fetch(w4, 0) >= 100 .and. shmem_int8_fetch(w8, 0) >= 100
  call tap_case(ok, 'INT4_CSWAP INT8_CSWAP: one winner')
  call shmem_barrier_all()

  ! SET and the REAL forms: the last PE sets, everyone fetches.
  if (me == npes - 1) then
    call shmem_int4_set(c4, 41, 0)
    call shmem_int8_set(c8, 42_8, 0)
    call shmem_real4_set(r4, 1.5, 0)
    call shmem_real8_set(r8, 2.25d0, 0)
  end if
  call shmem_barrier_all()
  ok = shmem_int4_fetch(c4, 0) == 41 .and. shmem_int8_fetch(c8, 0) == 42
  ok = ok .and. shmem_real4_fetch(r4, 0) == 1.5 .and. shmem_real8_fetch(r8, 0) == 2.25d0
  call shmem_barrier_all()
  if (me == 0) then
    ok = ok .and. shmem_real4_swap(r4, -3.0, 0) == 1.5 .and. r4 == -3.0
    ok = ok .and. shmem_real8_swap(r8, -4.0d0, 0) == 2.25d0 .and. r8 == -4.0d0
  end if
  call tap_case(ok, 'INT4/INT8/REAL4/REAL8 SET and FETCH, REAL4/REAL8 SWAP')
  call shmem_barrier_all()

  ! Waits: each PE wakes its right neighbour in turn around the ring.
  w4 = 0
  w8 = 0
  sw = 0
  shared = 0
  call shmem_barrier_all()
  if (me == 0) then
    call shmem_int4_set(w4, 1, mod(1, npes))
  end if
  call shmem_int4_wait_until(w4, SHMEM_CMP_GE, 1)
  if (me /= 0) call shmem_int4_set(w4, 1, mod(me + 1, npes))
  if (me == 0) call shmem_int8_set(w8, 5_8, mod(1, npes))
  call shmem_int8_wait(w8, 0_8)
  if (me /= 0) call shmem_int8_set(w8, 5_8, mod(me + 1, npes))
  if (me == 0) call shmem_int4_set(sw, 3, mod(1, npes))
  call shmem_wait_until(sw, SHMEM_CMP_EQ, 3)
  if (me /= 0) call shmem_int4_set(sw, 3, mod(me + 1, npes))
  if (me == 0) call shmem_int4_set(shared, 9, mod(1, npes))
  call shmem_wait(shared, 0)
  if (me /= 0) call shmem_int4_set(shared, 9, mod(me + 1, npes))
  call shmem_int4_wait(c4, 41 + 1)
  call shmem_int8_wait_until(w8, SHMEM_CMP_NE, 0_8)
  call shmem_barrier_all()
  ok = w4 == 1 .and. w8 == 5 .and. sw == 3 .and. shared == 9
  call tap_case(ok, 'INT4/INT8 WAIT and WAIT_UNTIL, WAIT, WAIT_UNTIL around the ring')
  call shmem_barrier_all()

  ! Locks: increments of a value on PE 0 made under the lock by
  ! get + put are never lost.
  lock = 0
  shared = 0
  call shmem_barrier_all()
  do i = 1, iters
    call shmem_set_lock(lock)
    call shmem_integer_get(mine4, shared, 1, 0)
    mine4(1) = mine4(1) + 1
    call shmem_integer_put(shared, mine4, 1, 0)
    call shmem_quiet()
    call shmem_clear_lock(lock)
  end do
  do i = 1, iters
    do while (shmem_test_lock(lock) /= 0)
    end do
    call shmem_integer_get(mine4, shared, 1, 0)
    mine4(1) = mine4(1) + 1
    call shmem_integer_put(shared, mine4, 1, 0)
    call shmem_quiet()
    call shmem_clear_lock(lock)
  end do
  call shmem_barrier_all()
  ok = .true.
  if (me == 0) ok = shared == 2 * iters * npes
  call tap_case(ok, 'SET_LOCK TEST_LOCK CLEAR_LOCK guard a read-modify-write')

  call tap_done()
  call shmem_finalize()
end program
