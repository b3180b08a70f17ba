! Every Fortran put and get (typed, sized, bytes, characters, _NBI, and
! the strided IPUT/IGET) into COMMON and SAVE data.  Each PE writes
! values made from its own number into its right neighbour, then reads
! its left neighbour's data back: the expected values follow from the
! 1.4 semantics (element sizes of the default kinds).
program rma
  implicit none
  include 'shmem.fh'
  integer shmem_my_pe, shmem_n_pes
  integer, parameter :: n = 8
  integer me, npes, right, left, i
  ! COMMON targets of each element type
  integer ia(n), ib(n)
  real ra(n)
  double precision da(n)
  complex ca(n)
  logical la(n)
  character*(n) sa
  integer*8 i8(n)
  common /targets/ ia, ib, ra, da, ca, la, sa, i8
  ! a SAVE target, and a 128-bit element as two INTEGER*8
  integer*8 q(2, n)
  integer istr(2*n)
  save q, istr
  integer isrc(n), igot(n)
  real rsrc(n), rgot(n)
  double precision dsrc(n), dgot(n)
  complex csrc(n), cgot(n)
  logical lsrc(n), lgot(n)
  character*(n) ssrc, sgot
  integer*8 i8src(n), i8got(n), qsrc(2, n), qgot(2, n)
  logical ok

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  right = mod(me + 1, npes)
  left = mod(me + npes - 1, npes)
  do i = 1, n
    isrc(i) = 100 * me + i
    rsrc(i) = real(me) + 0.5 * i
    dsrc(i) = dble(me) + 0.25d0 * i
    csrc(i) = cmplx(me, i)
    lsrc(i) = mod(i + me, 2) == 0
    i8src(i) = 10000000000_8 * (me + 1) + i
    qsrc(1, i) = -i8src(i)
    qsrc(2, i) = i8src(i)
  end do
  ssrc = repeat(achar(iachar('a') + me), n)

  ! Typed puts, then the neighbour's values are checked here.
  call shmem_integer_put(ia, isrc, n, right)
  call shmem_real_put(ra, rsrc, n, right)
  call shmem_double_put(da, dsrc, n, right)
  call shmem_complex_put(ca, csrc, n, right)
  call shmem_logical_put(la, lsrc, n, right)
  call shmem_character_put(sa, ssrc, n, right)
  call shmem_barrier_all()
  ok = .true.
  do i = 1, n
    ok = ok .and. ia(i) == 100 * left + i .and. ra(i) == real(left) + 0.5 * i
    ok = ok .and. da(i) == dble(left) + 0.25d0 * i .and. ca(i) == cmplx(left, i)
    ok = ok .and. (la(i) .eqv. mod(i + left, 2) == 0)
  end do
  ok = ok .and. sa == repeat(achar(iachar('a') + left), n)
  call tap_case(ok, 'typed puts: INTEGER REAL DOUBLE COMPLEX LOGICAL CHARACTER')

  ! Typed gets of the right neighbour's COMMON (which holds my values).
  call shmem_integer_get(igot, ia, n, right)
  call shmem_real_get(rgot, ra, n, right)
  call shmem_double_get(dgot, da, n, right)
  call shmem_complex_get(cgot, ca, n, right)
  call shmem_logical_get(lgot, la, n, right)
  call shmem_character_get(sgot, sa, n, right)
  ok = all(igot == isrc) .and. all(rgot == rsrc) .and. all(dgot == dsrc)
  ok = ok .and. all(cgot == csrc) .and. all(lgot .eqv. lsrc) .and. sgot == ssrc
  call tap_case(ok, 'typed gets')
  call shmem_barrier_all()

  ! Sized forms: 4 and 32 move 4-byte elements, 8 and 64 8-byte ones,
  ! 128 16-byte ones; PUTMEM counts bytes; SHMEM_PUT is SHMEM_PUT8.
  ia = 0
  ib = 0
  i8 = 0
  q = 0
  call shmem_barrier_all()
  call shmem_put4(ia, isrc, n / 2, right)
  call shmem_put32(ia(n / 2 + 1), isrc(n / 2 + 1), n / 2, right)
  call shmem_put8(i8, i8src, n / 2, right)
  call shmem_put64(i8(n / 2 + 1), i8src(n / 2 + 1), n / 2 - 1, right)
  call shmem_put(i8(n), i8src(n), 1, right)
  call shmem_put128(q, qsrc, n, right)
  call shmem_putmem(ib, isrc, 4 * n, right)
  call shmem_barrier_all()
  ok = .true.
  do i = 1, n
    ok = ok .and. ia(i) == 100 * left + i .and. ib(i) == 100 * left + i
    ok = ok .and. i8(i) == 10000000000_8 * (left + 1) + i
    ok = ok .and. q(2, i) == 10000000000_8 * (left + 1) + i .and. q(1, i) == -q(2, i)
  end do
  call tap_case(ok, 'PUT4 PUT8 PUT32 PUT64 PUT128 PUTMEM PUT')
  igot = 0
  i8got = 0
  qgot = 0
  call shmem_get4(igot, ia, n / 2, right)
  call shmem_get32(igot(n / 2 + 1), ia(n / 2 + 1), n / 2, right)
  call shmem_get8(i8got, i8, n / 2, right)
  call shmem_get64(i8got(n / 2 + 1), i8(n / 2 + 1), n / 2, right)
  call shmem_get128(qgot, q, n, right)
  ok = all(igot == isrc) .and. all(i8got == i8src) .and. all(qgot == qsrc)
  igot = 0
  call shmem_getmem(igot, ib, 4 * n, right)
  ok = ok .and. all(igot == isrc)
  call tap_case(ok, 'GET4 GET8 GET32 GET64 GET128 GETMEM')
  call shmem_barrier_all()

  ! _NBI forms complete by SHMEM_QUIET.
  ia = 0
  ra = 0
  da = 0
  ca = 0
  la = .false.
  sa = ' '
  i8 = 0
  q = 0
  ib = 0
  call shmem_barrier_all()
  call shmem_integer_put_nbi(ia, isrc, n, right)
  call shmem_real_put_nbi(ra, rsrc, n, right)
  call shmem_double_put_nbi(da, dsrc, n, right)
  call shmem_complex_put_nbi(ca, csrc, n, right)
  call shmem_logical_put_nbi(la, lsrc, n, right)
  call shmem_character_put_nbi(sa, ssrc, n, right)
  call shmem_put4_nbi(ib, isrc, n / 2, right)
  call shmem_put32_nbi(ib(n / 2 + 1), isrc(n / 2 + 1), n / 2, right)
  call shmem_put8_nbi(i8, i8src, n / 2, right)
  call shmem_put64_nbi(i8(n / 2 + 1), i8src(n / 2 + 1), n / 2, right)
  call shmem_put128_nbi(q, qsrc, n / 2, right)
  call shmem_putmem_nbi(q(1, n / 2 + 1), qsrc(1, n / 2 + 1), 8 * n, right)
  call shmem_quiet()
  call shmem_barrier_all()
  ok = .true.
  do i = 1, n
    ok = ok .and. ia(i) == 100 * left + i .and. ib(i) == 100 * left + i
    ok = ok .and. ra(i) == real(left) + 0.5 * i .and. da(i) == dble(left) + 0.25d0 * i
    ok = ok .and. ca(i) == cmplx(left, i) .and. (la(i) .eqv. mod(i + left, 2) == 0)
    ok = ok .and. i8(i) == 10000000000_8 * (left + 1) + i
    ok = ok .and. q(2, i) == 10000000000_8 * (left + 1) + i .and. q(1, i) == -q(2, i)
  end do
  ok = ok .and. sa == repeat(achar(iachar('a') + left), n)
  call tap_case(ok, 'every _NBI put, completed by SHMEM_QUIET')
  igot = 0
  rgot = 0
  dgot = 0
  cgot = 0
  lgot = .not. lsrc
  sgot = ' '
  i8got = 0
  qgot = 0
  call shmem_integer_get_nbi(igot, ia, n, right)
  call shmem_real_get_nbi(rgot, ra, n, right)
  call shmem_double_get_nbi(dgot, da, n, right)
  call shmem_complex_get_nbi(cgot, ca, n, right)
  call shmem_logical_get_nbi(lgot, la, n, right)
  call shmem_character_get_nbi(sgot, sa, n, right)
  call shmem_get8_nbi(i8got, i8, n / 2, right)
  call shmem_get64_nbi(i8got(n / 2 + 1), i8(n / 2 + 1), n / 2, right)
  call shmem_get128_nbi(qgot, q, n, right)
  call shmem_quiet()
  ok = all(igot == isrc) .and. all(rgot == rsrc) .and. all(dgot == dsrc)
  ok = ok .and. all(cgot == csrc) .and. all(lgot .eqv. lsrc) .and. sgot == ssrc
  ok = ok .and. all(i8got == i8src) .and. all(qgot == qsrc)
  igot = 0
  call shmem_get4_nbi(igot, ib, n / 2, right)
  call shmem_get32_nbi(igot(n / 2 + 1), ib(n / 2 + 1), n / 2, right)
  call shmem_quiet()
  ok = ok .and. all(igot == isrc)
  igot = 0
  call shmem_getmem_nbi(igot, ib, 4 * n, right)
  call shmem_quiet()
  ok = ok .and. all(igot == isrc)
  call tap_case(ok, 'every _NBI get, completed by SHMEM_QUIET')
  call shmem_barrier_all()

  ! Strided: every second element of the SAVE'd istr, from every
  ! element of the source; then back with a stride of 2 locally.
  istr = -1
  call shmem_barrier_all()
  call shmem_integer_iput(istr, isrc, 2, 1, n / 2, right)
  call shmem_iput4(istr(n + 1), isrc(n / 2 + 1), 2, 1, n / 4, right)
  call shmem_iput32(istr(n + n / 2 + 1), isrc(n / 2 + n / 4 + 1), 2, 1, n / 4, right)
  call shmem_barrier_all()
  ok = .true.
  do i = 1, n
    ok = ok .and. istr(2 * i - 1) == 100 * left + i .and. istr(2 * i) == -1
  end do
  igot = 0
  call shmem_integer_iget(igot, istr, 1, 2, n, right)
  ok = ok .and. all(igot == isrc)
  igot = 0
  call shmem_iget4(igot, istr, 1, 2, n / 2, right)
  call shmem_iget32(igot(n / 2 + 1), istr(n + 1), 1, 2, n / 2, right)
  ok = ok .and. all(igot == isrc)
  call tap_case(ok, 'INTEGER_IPUT IPUT4 IPUT32 and their IGETs (SAVE target)')
  call shmem_barrier_all()

  ra = 0
  da = 0
  ca = 0
  la = .false.
  i8 = 0
  q = 0
  call shmem_barrier_all()
  call shmem_real_iput(ra, rsrc, 2, 2, n / 2, right)
  call shmem_double_iput(da, dsrc, 2, 2, n / 2, right)
  call shmem_complex_iput(ca, csrc, 2, 2, n / 2, right)
  call shmem_logical_iput(la, lsrc, 2, 2, n / 2, right)
  call shmem_iput8(i8, i8src, 2, 2, n / 4, right)
  call shmem_iput64(i8(2), i8src(2), 2, 2, n / 4, right)
  call shmem_iput128(q, qsrc, 2, 2, n / 2, right)
  call shmem_barrier_all()
  ok = .true.
  do i = 1, n, 2
    ok = ok .and. ra(i) == real(left) + 0.5 * i .and. ra(i + 1) == 0
    ok = ok .and. da(i) == dble(left) + 0.25d0 * i .and. ca(i) == cmplx(left, i)
    ok = ok .and. (la(i) .eqv. mod(i + left, 2) == 0) .and. .not. la(i + 1)
    ok = ok .and. q(2, i) == 10000000000_8 * (left + 1) + i .and. q(2, i + 1) == 0
  end do
  do i = 1, n / 2
    ok = ok .and. i8(i) == 10000000000_8 * (left + 1) + i
  end do
  call tap_case(ok, 'REAL DOUBLE COMPLEX LOGICAL IPUT, IPUT8 IPUT64 IPUT128')
  rgot = 0
  dgot = 0
  cgot = 0
  lgot = .false.
  i8got = 0
  qgot = 0
  call shmem_real_iget(rgot, ra, 2, 2, n / 2, right)
  call shmem_double_iget(dgot, da, 2, 2, n / 2, right)
  call shmem_complex_iget(cgot, ca, 2, 2, n / 2, right)
  call shmem_logical_iget(lgot, la, 2, 2, n / 2, right)
  call shmem_iget8(i8got, i8, 2, 2, n / 4, right)
  call shmem_iget64(i8got(2), i8(2), 2, 2, n / 4, right)
  call shmem_iget128(qgot, q, 2, 2, n / 2, right)
  ok = .true.
  do i = 1, n, 2
    ok = ok .and. rgot(i) == rsrc(i) .and. dgot(i) == dsrc(i) .and. cgot(i) == csrc(i)
    ok = ok .and. (lgot(i) .eqv. lsrc(i)) .and. qgot(2, i) == qsrc(2, i)
    ok = ok .and. rgot(i + 1) == 0 .and. qgot(2, i + 1) == 0
  end do
  ok = ok .and. all(i8got(1:n / 2) == i8src(1:n / 2))
  call tap_case(ok, 'REAL DOUBLE COMPLEX LOGICAL IGET, IGET8 IGET64 IGET128')

  call tap_done()
  call shmem_finalize()
end program
