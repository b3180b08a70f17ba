#!/bin/sh
# valgrind memcheck on a small run: examples/ring on 2 PEs (init, symmetric
# allocation, puts around the ring, a barrier, finalize).  One TAP case:
# no memcheck error in rocshmem or the program, no definite leak.
# Open MPI's own reports are suppressed (valgrind.supp); so are its leaks.
# `make memcheck` runs it; VALGRIND_EXTRA adds options (e.g. --track-origins=yes).
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

build=${ROCTEST_BUILDDIR:-.}
src=${ROCTEST_SRCDIR:-.}
if ! command -v valgrind >/dev/null 2>&1; then
  tap_skip "valgrind memcheck of examples/ring" "valgrind not installed (apt-get install valgrind)"
  tap_finish
  exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/memcheck.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# examples/ring is a libtool wrapper: --mode=execute runs valgrind on the
# real program with the build tree's library.  The heap is small: valgrind
# tracks every byte of the mappings it is told about.
ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-300} SHMEM_SYMMETRIC_SIZE=16M \
  /bin/sh "$src/tests/mpirun_test.sh" --raw -np 2 -x SHMEM_SYMMETRIC_SIZE \
  "$build/libtool" --mode=execute valgrind --tool=memcheck --error-exitcode=77 \
  --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
  --suppressions="$src/tests/sanitizers/valgrind.supp" --log-file="$tmp/vg.%p" \
  ${VALGRIND_EXTRA:-} "$build/examples/ring" >"$tmp/out" 2>&1
rc=$?
errors=$(cat "$tmp"/vg.* | sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' | awk '{s += $1} END {print s + 0}')
tap_result $rc "valgrind memcheck of examples/ring on 2 PEs: exit $rc, $errors error(s) (unsuppressed)"
if [ $rc -ne 0 ]; then
  grep -v "^ *$" "$tmp/out" | head -n 20 | tap_diag
  grep -h -A 12 -E 'Invalid|uninitialised|definitely lost' "$tmp"/vg.* | head -n 60 | tap_diag
fi
tap_finish
