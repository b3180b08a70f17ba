#!/bin/sh
# What legacy Fortran codes expect of oshfort with no flag and no edit of
# their own, as their makefiles call it:
#  - hybrid MPI + SHMEM: INCLUDE 'mpif.h', USE mpi and USE mpi_f08 compile
#    and link through plain oshfort (the Fortran MPI of the MPI rocshmem
#    was built with), and the programs run on 2 PEs with MPI and SHMEM
#    agreeing on ranks, sizes and data;
#  - typeless buffers: one routine called with REAL*8 and INTEGER*8 arrays
#    in one file, which gfortran 10 and later reject by default, builds
#    and moves the data (and -fno-allow-argument-mismatch still restores
#    the compiler's error where the compiler has it);
#  - shmemx.fh and mpp/shmemx.fh exist beside shmem.fh and compile in
#    fixed and free form;
#  - the opt-in shmem_functions.fh types every function of the API, so an
#    IMPLICIT NONE program calls SHMEM_PTR, SHMEM_PE_ACCESSIBLE and the
#    fetching atomics with only that include, and gets right results.
# Skipped when configure found no Fortran compiler.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

need_oshfort "legacy Fortran codes"
ft=$srcdir/tests/functional/fortran

# build NAME SOURCES...: oshfort with no flag but -o.
build() {
  name=$1
  shift
  check "$name builds with a plain oshfort" "$oshfort" -o "$tmp/$name" "$@" "$ft/ftap.f90"
}
run2() {
  tap_run_program "$1 on 2 PEs" limited "$stage/bin/oshrun" -np 2 "$tmp/$1"
}

# ---------------------------------------------------------------- hybrid MPI
build hybrid_mpif "$ft/hybrid_mpif.f"
run2 hybrid_mpif
# The modules exist where the MPI was built with module support for this
# compiler: its mpifort names their directory (where it is on PATH), and
# oshfort's include directories are where oshfort would find them.
module_dir() { # MODULE: prints the include directory holding MODULE.mod
  mpifort_dirs=$(mpifort --showme:incdirs 2>/dev/null)
  for d in $mpifort_dirs $("$oshfort" --showme:incdirs); do
    [ -f "$d/$1.mod" ] && { echo "$d"; return 0; }
  done
  return 1
}
for m in mpi mpi_f08; do
  if module_dir "$m" >/dev/null; then
    build "hybrid_$m" "$ft/hybrid_$m.f90"
    run2 "hybrid_$m"
  else
    tap_skip "USE $m through oshfort" "the MPI has no $m.mod for this compiler"
  fi
done

# ---------------------------------------------------------------- typeless calls
build typeless "$ft/typeless.f"
run2 typeless
fc=$("$oshfort" --showme:command)
if "$oshfort" --showme:compile | grep -q -- -fallow-argument-mismatch; then
  check "-fno-allow-argument-mismatch after it brings the compiler's error back" \
    sh -c '! "$1" -fno-allow-argument-mismatch -c -o "$2/t.o" "$3/typeless.f"' sh "$oshfort" "$tmp" "$ft"
fi

# ---------------------------------------------------------------- headers
printf "      INCLUDE 'shmem.fh'\n      INCLUDE 'shmemx.fh'\n      INCLUDE 'mpp/shmemx.fh'\n      END\n" \
  >"$tmp/x.f"
cp "$tmp/x.f" "$tmp/x.f90"
check "shmemx.fh and mpp/shmemx.fh are installed and compile in fixed and free form" \
  sh -c '"$1" -c -o "$2/x.o" "$2/x.f" && "$1" -c -o "$2/x.o" "$2/x.f90"' sh "$oshfort" "$tmp"
build functions "$ft/functions.f"
run2 functions
echo "# compiler: $fc"

tap_finish
