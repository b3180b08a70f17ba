! Fortran active-set collectives and every *_TO_ALL reduction, on the
! whole job and on the even PEs (logPE_stride 1).  Expected values are
! computed here from the PE numbers.
program coll
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes
  integer, parameter :: n = 4, maxpes = 16
  integer me, npes, i, j, k, size_even, root
  integer psync(SHMEM_BCAST_SYNC_SIZE)
  integer*4 s4(n), d4(n * maxpes)
  integer*8 s8(n), d8(n * maxpes)
  save psync, s4, d4, s8, d8
  ! reductions: sources and results of every type
  integer*4 i4s(n), i4d(n), i4w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  integer*8 i8s(n), i8d(n), i8w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  real*4 r4s(n), r4d(n), r4w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  real*8 r8s(n), r8d(n), r8w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  real*16 r16s(n), r16d(n), r16w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  complex*8 c4s(n), c4d(n), c4w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  complex*16 c8s(n), c8d(n), c8w(SHMEM_REDUCE_MIN_WRKDATA_SIZE)
  common /red/ i4s, i4d, i4w, i8s, i8d, i8w, r4s, r4d, r4w, r8s, r8d, r8w, &
      r16s, r16d, r16w, c4s, c4d, c4w, c8s, c8d, c8w
  integer*8 e_and, e_or, e_xor, e_sum, e_prod
  integer*8 v
  logical ok

  call shmem_init()
  me = shmem_my_pe()
  npes = min(shmem_n_pes(), maxpes)
  size_even = (npes + 1) / 2

  ! Active-set barrier of the even PEs, then of everyone.
  if (mod(me, 2) == 0) call shmem_barrier(0, 1, size_even, psync)
  call shmem_barrier(0, 0, npes, psync)
  call tap_case(.true., 'BARRIER on the even PEs and on all')

  ! Broadcasts from the last PE: every other PE gets its values, the
  ! root's dest stays as it was (1.4).
  root = npes - 1
  do i = 1, n
    s4(i) = 10 * me + i
    s8(i) = 1000000000000_8 * me + i
  end do
  d4 = -1
  d8 = -1
  call shmem_barrier_all()
  call shmem_broadcast4(d4, s4, n, root, 0, 0, npes, psync)
  call shmem_broadcast8(d8, s8, n, root, 0, 0, npes, psync)
  ok = .true.
  do i = 1, n
    if (me == root) then
      ok = ok .and. d4(i) == -1 .and. d8(i) == -1
    else
      ok = ok .and. d4(i) == 10 * root + i .and. d8(i) == 1000000000000_8 * root + i
    end if
  end do
  d4 = -1
  d8 = -1
  call shmem_barrier_all()
  call shmem_broadcast32(d4, s4, n, 0, 0, 0, npes, psync)
  call shmem_broadcast64(d8, s8, n, 0, 0, 0, npes, psync)
  if (me /= 0) ok = ok .and. all(d4(1:n) == s4 - 10 * me) .and. all(d8(1:n) == s8 - 1000000000000_8 * me)
  call tap_case(ok, 'BROADCAST4 BROADCAST8 BROADCAST32 BROADCAST64')

  ! COLLECT: PE p contributes p + 1 elements; FCOLLECT: n each.
  d4 = -1
  d8 = -1
  call shmem_barrier_all()
  call shmem_collect4(d4, s4, me + 1, 0, 0, npes, psync)
  call shmem_collect8(d8, s8, me + 1, 0, 0, npes, psync)
  ok = .true.
  k = 0
  do j = 0, npes - 1
    do i = 1, j + 1
      k = k + 1
      ok = ok .and. d4(k) == 10 * j + i .and. d8(k) == 1000000000000_8 * j + i
    end do
  end do
  call shmem_barrier_all()
  call shmem_collect32(d4, s4, me + 1, 0, 0, npes, psync)
  call shmem_collect64(d8, s8, me + 1, 0, 0, npes, psync)
  k = 0
  do j = 0, npes - 1
    do i = 1, j + 1
      k = k + 1
      ok = ok .and. d4(k) == 10 * j + i .and. d8(k) == 1000000000000_8 * j + i
    end do
  end do
  call tap_case(ok, 'COLLECT4 COLLECT8 COLLECT32 COLLECT64')
  d4 = -1
  d8 = -1
  call shmem_barrier_all()
  call shmem_fcollect4(d4, s4, n, 0, 0, npes, psync)
  call shmem_fcollect64(d8, s8, n, 0, 0, npes, psync)
  ok = .true.
  do j = 0, npes - 1
    do i = 1, n
      ok = ok .and. d4(j * n + i) == 10 * j + i .and. d8(j * n + i) == 1000000000000_8 * j + i
    end do
  end do
  d4 = -1
  d8 = -1
  call shmem_barrier_all()
  call shmem_fcollect32(d4, s4, n, 0, 0, npes, psync)
  call shmem_fcollect8(d8, s8, n, 0, 0, npes, psync)
  do j = 0, npes - 1
    do i = 1, n
      ok = ok .and. d4(j * n + i) == 10 * j + i .and. d8(j * n + i) == 1000000000000_8 * j + i
    end do
  end do
  call tap_case(ok, 'FCOLLECT4 FCOLLECT8 FCOLLECT32 FCOLLECT64')

  ! ALLTOALL: element j of what PE p sends goes to PE j; here the
  ! sources are the d arrays, element j = 100 * me + j.
  do j = 0, npes - 1
    d4(j + 1) = 100 * me + j
    d8(j + 1) = 100 * me + j
  end do
  call shmem_barrier_all()
  call shmem_alltoall32(d4(maxpes + 1), d4, 1, 0, 0, npes, psync)
  call shmem_alltoall64(d8(maxpes + 1), d8, 1, 0, 0, npes, psync)
  ok = .true.
  do j = 0, npes - 1
    ok = ok .and. d4(maxpes + j + 1) == 100 * j + me .and. d8(maxpes + j + 1) == 100 * j + me
  end do
  ! ALLTOALLS: the same with the destination stride 2 and source 1.
  call shmem_barrier_all()
  call shmem_alltoalls32(d4(2 * maxpes + 1), d4, 2, 1, 1, 0, 0, npes, psync)
  call shmem_alltoalls64(d8(2 * maxpes + 1), d8, 2, 1, 1, 0, 0, npes, psync)
  do j = 0, npes - 1
    ok = ok .and. d4(2 * maxpes + 2 * j + 1) == 100 * j + me
    ok = ok .and. d8(2 * maxpes + 2 * j + 1) == 100 * j + me
  end do
  call tap_case(ok, 'ALLTOALL32 ALLTOALL64 ALLTOALLS32 ALLTOALLS64')

  ! Reductions over all PEs: PE p contributes p + i (element i), and
  ! bit p + i for the bitwise ones.
  do i = 1, n
    i4s(i) = ior(ishft(1, mod(me + i, 30)), 1)
    i8s(i) = ior(ishft(1_8, mod(me + i, 30)), 1_8)
    r4s(i) = me + i
    r8s(i) = me + i
    r16s(i) = me + i
    c4s(i) = cmplx(me + i, 1)
    c8s(i) = dcmplx(me + i, 1)
  end do
  call shmem_barrier_all()
  ok = .true.
  call shmem_int4_and_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_and_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  do i = 1, n
    e_and = -1
    e_or = 0
    e_xor = 0
    do j = 0, npes - 1
      v = ior(ishft(1_8, mod(j + i, 30)), 1_8)
      e_and = iand(e_and, v)
      e_or = ior(e_or, v)
      e_xor = ieor(e_xor, v)
    end do
    ok = ok .and. i4d(i) == e_and .and. i8d(i) == e_and
  end do
  call shmem_int4_or_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_or_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  do i = 1, n
    e_or = 0
    do j = 0, npes - 1
      e_or = ior(e_or, ior(ishft(1_8, mod(j + i, 30)), 1_8))
    end do
    ok = ok .and. i4d(i) == e_or .and. i8d(i) == e_or
  end do
  call shmem_int4_xor_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_xor_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  do i = 1, n
    e_xor = 0
    do j = 0, npes - 1
      e_xor = ieor(e_xor, ior(ishft(1_8, mod(j + i, 30)), 1_8))
    end do
    ok = ok .and. i4d(i) == e_xor .and. i8d(i) == e_xor
  end do
  call tap_case(ok, 'INT4/INT8 AND OR XOR _TO_ALL')

  do i = 1, n
    i4s(i) = me + i
    i8s(i) = me + i
  end do
  ok = .true.
  call shmem_barrier_all()
  call shmem_int4_max_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_max_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  call shmem_real4_max_to_all(r4d, r4s, n, 0, 0, npes, r4w, psync)
  call shmem_real8_max_to_all(r8d, r8s, n, 0, 0, npes, r8w, psync)
  call shmem_real16_max_to_all(r16d, r16s, n, 0, 0, npes, r16w, psync)
  do i = 1, n
    ok = ok .and. i4d(i) == npes - 1 + i .and. i8d(i) == npes - 1 + i
    ok = ok .and. r4d(i) == npes - 1 + i .and. r8d(i) == npes - 1 + i .and. r16d(i) == npes - 1 + i
  end do
  call shmem_int4_min_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_min_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  call shmem_real4_min_to_all(r4d, r4s, n, 0, 0, npes, r4w, psync)
  call shmem_real8_min_to_all(r8d, r8s, n, 0, 0, npes, r8w, psync)
  call shmem_real16_min_to_all(r16d, r16s, n, 0, 0, npes, r16w, psync)
  do i = 1, n
    ok = ok .and. i4d(i) == i .and. i8d(i) == i .and. r4d(i) == i .and. r8d(i) == i
    ok = ok .and. r16d(i) == i
  end do
  call tap_case(ok, 'INT4 INT8 REAL4 REAL8 REAL16 MAX and MIN _TO_ALL')

  ok = .true.
  call shmem_int4_sum_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_sum_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  call shmem_real4_sum_to_all(r4d, r4s, n, 0, 0, npes, r4w, psync)
  call shmem_real8_sum_to_all(r8d, r8s, n, 0, 0, npes, r8w, psync)
  call shmem_real16_sum_to_all(r16d, r16s, n, 0, 0, npes, r16w, psync)
  call shmem_comp4_sum_to_all(c4d, c4s, n, 0, 0, npes, c4w, psync)
  call shmem_comp8_sum_to_all(c8d, c8s, n, 0, 0, npes, c8w, psync)
  do i = 1, n
    e_sum = npes * (npes - 1) / 2 + npes * i
    ok = ok .and. i4d(i) == e_sum .and. i8d(i) == e_sum .and. r4d(i) == e_sum
    ok = ok .and. r8d(i) == e_sum .and. r16d(i) == e_sum
    ok = ok .and. c4d(i) == cmplx(e_sum, npes) .and. c8d(i) == dcmplx(e_sum, npes)
  end do
  call shmem_int4_prod_to_all(i4d, i4s, n, 0, 0, npes, i4w, psync)
  call shmem_int8_prod_to_all(i8d, i8s, n, 0, 0, npes, i8w, psync)
  call shmem_real4_prod_to_all(r4d, r4s, n, 0, 0, npes, r4w, psync)
  call shmem_real8_prod_to_all(r8d, r8s, n, 0, 0, npes, r8w, psync)
  call shmem_real16_prod_to_all(r16d, r16s, n, 0, 0, npes, r16w, psync)
  call shmem_comp4_prod_to_all(c4d, c4s, n, 0, 0, npes, c4w, psync)
  call shmem_comp8_prod_to_all(c8d, c8s, n, 0, 0, npes, c8w, psync)
  do i = 1, n
    e_prod = 1
    c8w(1) = (1d0, 0d0)
    do j = 0, npes - 1
      e_prod = e_prod * (j + i)
      c8w(1) = c8w(1) * dcmplx(j + i, 1)
    end do
    ok = ok .and. i4d(i) == e_prod .and. i8d(i) == e_prod .and. r4d(i) == e_prod
    ok = ok .and. r8d(i) == e_prod .and. r16d(i) == e_prod
    ok = ok .and. c8d(i) == c8w(1) .and. abs(c4d(i) - c8w(1)) < 1e-3 * abs(c8w(1))
  end do
  call tap_case(ok, 'SUM and PROD _TO_ALL of INT4 INT8 REAL4 REAL8 REAL16 COMP4 COMP8')

  ! A reduction on the even PEs only (stride 2).
  ok = .true.
  if (mod(me, 2) == 0) then
    call shmem_int8_sum_to_all(i8d, i8s, n, 0, 1, size_even, i8w, psync)
    do i = 1, n
      e_sum = 0
      do j = 0, npes - 1, 2
        e_sum = e_sum + j + i
      end do
      ok = ok .and. i8d(i) == e_sum
    end do
  end if
  call tap_case(ok, 'INT8_SUM_TO_ALL on the even PEs')

  call tap_done()
  call shmem_finalize()
end program
