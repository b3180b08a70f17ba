#!/bin/sh
# shmem_barrier_all across nodes: MPI's barrier where some PE reaches a peer
# by messages the peer's worker must serve (UCX over tcp), the library's own
# counters where UCX's shared-memory transports reach every heap by stores
# (sync/barrier.cc).  The choice is read from init's log line
# (ROCSHMEM_DEBUG_LEVEL=2, PE 0); then the barrier program runs over tcp with
# no progress thread, so a PE waiting in MPI's barrier must serve its worker
# itself (a blocking MPI_Barrier would leave peers' quiet unserved).
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
query=$builddir/tests/functional/setup/query
barrier=$builddir/tests/functional/sync/barrier
tap_need_built "$builddir/tools/rocshmem_info" "$query" "$barrier"
tap_skip_without_ucx "$builddir"
out=$(mktemp "${TMPDIR:-/tmp}/barrier_path.XXXXXX")
trap 'rm -f "$out"' EXIT
line="synchronization and collectives of groups spanning nodes: MPI's"

launch() { # TLS PROGRAM [LAUNCHER ARGS...]: 2 PEs, each its own emulated node
  tls=$1 prog=$2
  shift 2
  ROCSHMEM_DEBUG_LEVEL=2 ROCTEST_BUILDDIR=$builddir ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-120} \
    /bin/sh "$srcdir/tests/mpirun_test.sh" --raw -np 2 -x ROCSHMEM_PES_PER_NODE=1 \
    -x UCX_TLS="$tls" "$@" "$prog" >"$out" 2>&1
}

launch tcp,self "$query"
rc=$?
logged=$(grep -c "$line" "$out")
[ "$rc" -eq 0 ] && [ "$logged" -eq 1 ]
tap_result $? "UCX over tcp: barrier_all and the collectives of groups spanning nodes are MPI's (PE 0 said so $logged time(s), exit $rc)"

launch sm,self "$query"
rc=$?
logged=$(grep -c "$line" "$out")
[ "$rc" -eq 0 ] && [ "$logged" -eq 0 ]
tap_result $? "UCX over shared memory: barrier_all keeps the counters ($logged MPI lines, exit $rc)"

launch tcp,self "$barrier" -x ROCSHMEM_UCX_PROGRESS_THREAD=0
rc=$?
[ "$rc" -eq 0 ] && ! grep -q '^not ok' "$out" && grep -q '^ok' "$out"
tap_result $? "UCX over tcp, no progress thread: the barrier program passes (exit $rc)"
[ "$rc" -eq 0 ] || sed 's/^/# /' "$out" | tail -n 10

echo "1..$tap_count"
[ "$tap_failed" -eq 0 ]
