#!/bin/sh
# The barrier across nodes is node-aware, counted by the library itself:
# 8 PEs on 4 emulated nodes (2 a node; UCX over tcp and the unique-id
# bootstrap, so that every signal between nodes is a network operation: over
# shared memory UCX maps the peers' heaps and signals are stores, under MPI's
# bootstrap over tcp the barrier is MPI's), each calls
# shmem_barrier_all K times between resets of the transport's counters
# (bench/scale/coll_counts).  A non-leader (not its node's first PE) only
# signals its leader through shared memory, so it hands the network nothing;
# a leader takes part in the dissemination among the 4 leaders,
# ceil(log2 4) = 2 signals, plus at most 2 more (a release or a retry) per
# barrier.  A barrier over every PE (dissemination among all 8) would have
# non-leaders signal PEs of other nodes and fail the first check.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
prog=$builddir/bench/scale/coll_counts
tap_need_built "$builddir/tools/rocshmem_info" "$prog"
tap_skip_without_ucx "$builddir"
out=$(mktemp "${TMPDIR:-/tmp}/barrier_counts.XXXXXX")
trap 'rm -f "$out"' EXIT
np=8 nodes=4 iters=20

ROCTEST_BUILDDIR=$builddir ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-120} \
  /bin/sh "$srcdir/tests/mpirun_test.sh" --raw -np $np -x ROCSHMEM_PES_PER_NODE=$((np / nodes)) \
  -x UCX_TLS=tcp,self -x ROCSHMEM_BOOTSTRAP=uniqueid -x ROCSHMEM_MASTER_ADDR=127.0.0.1 \
  -x ROCSHMEM_MASTER_PORT="$(/bin/sh "$srcdir/tests/free_port.sh")" "$prog" -k $iters barrier >"$out" 2>&1
rc=$?
line=$(grep '^{"coll":"barrier"' "$out")
field() { printf '%s\n' "$line" | sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"; }
nonleader=$(field nonleader_ops_max)
leader=$(field leader_ops_max)
[ "$rc" -eq 0 ] && [ -n "$line" ] && [ "$(field nodes)" = $nodes ] && [ "$(field nonleaders)" = 4 ]
tap_result $? "coll_counts ran: $np PEs on $nodes emulated nodes (exit $rc)"
[ -n "$nonleader" ] && awk -v v="$nonleader" 'BEGIN { exit !(v == 0) }'
tap_result $? "a non-leader hands the network nothing per barrier (most: ${nonleader:-none})"
# ceil(log2 nodes) + 2
bound=$(awk -v n=$nodes 'BEGIN { r = 0; for (p = 1; p < n; p *= 2) r++; print r + 2 }')
[ -n "$leader" ] && awk -v v="$leader" -v b="$bound" 'BEGIN { exit !(v > 0 && v <= b) }'
tap_result $? "a leader hands the network at most $bound operations per barrier, and some (most: ${leader:-none})"
[ "$tap_failed" -eq 0 ] || sed 's/^/# /' "$out" | tail -n 20

echo "1..$tap_count"
[ "$tap_failed" -eq 0 ]
