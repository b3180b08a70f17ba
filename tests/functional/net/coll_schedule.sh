#!/bin/sh
# Collectives of groups spanning nodes run the node-aware schedules
# (coll_schedule.cc): 8 PEs on 4 emulated nodes of 2, and 5 PEs on nodes of
# 2, 2 and 1 (a reduction folds the odd node in), UCX over shared memory,
# the unique-id bootstrap (under MPI's, such a job runs MPI's collectives:
# UCX reaches a heap shared by a node's PEs by messages).
# The program compares each PE's network counters with the schedule's; here
# each run must pass whole, and the debug log (ROCSHMEM_DEBUG_LEVEL=3) must
# name the path.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
prog=$builddir/tests/functional/net/coll_schedule
tap_need_built "$builddir/tools/rocshmem_info" "$prog"
tap_skip_without_ucx "$builddir"
out=$(mktemp "${TMPDIR:-/tmp}/coll_schedule.XXXXXX")
trap 'rm -f "$out"' EXIT

launch() { # NP PES_PER_NODE
  ROCTEST_BUILDDIR=$builddir ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-240} ROCTEST_BOOT=uniqueid \
    ROCSHMEM_PES_PER_NODE="$2" UCX_TLS=sm,self ROCSHMEM_DEBUG_LEVEL=3 \
    /bin/sh "$srcdir/tests/mpirun_test.sh" "$1" "$prog" >"$out" 2>&1
  rc=$?
  [ "$rc" -eq 0 ] && ! grep -q '^not ok' "$out" && [ "$(grep -c '^ok' "$out")" -eq 6 ] &&
    grep -q 'takes the node-aware schedule' "$out"
  ok=$?
  [ "$ok" -eq 0 ] || grep -v 'DEBUG\|INFO' "$out" | sed 's/^/# /' | tail -n 20
  return $ok
}

launch 8 2
tap_result $? "8 PEs on 4 nodes: broadcast, fcollect and reductions (one piece, three) make the schedule's network operations"
launch 5 2
tap_result $? "5 PEs on nodes of 2, 2 and 1: the same"

echo "1..$tap_count"
[ "$tap_failed" -eq 0 ]
