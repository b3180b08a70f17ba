#!/bin/sh
# Endpoints on first use (lazy_endpoints.cc): 8 PEs, each its own emulated
# node on one machine, each talking only to its ring neighbours, must make
# endpoints to those two only, over TCP and over UCX's shared memory; with
# ROCSHMEM_UCX_EAGER_ENDPOINTS=1, to all 7 others at init.  The program checks
# the data and the transport's counters; here each run must pass whole.
# ROCSHMEM_NET_STATS=1 makes every PE print its counters at finalize: 8 lines;
# before that, rocshmem_dump_stats prints each PE's line, its ring put counted.
# With UCX_TLS unset, the library leaves UCX's sysv transport out: no SysV
# segment mapped; and UCX's posix receive buffers are grown 64 at a time: no
# posix segment with 1 MiB resident.  In every run UCX must reject none of
# the library's settings of its configuration (over tcp alone it has no
# shared-memory transport to apply their settings to).  Last, a job of many
# one-PE nodes in a tiny heap (the heap state per node).
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
prog=$builddir/tests/functional/net/lazy_endpoints
tap_need_built "$builddir/tools/rocshmem_info" "$prog"
tap_skip_without_ucx "$builddir"
out=$(mktemp "${TMPDIR:-/tmp}/lazy_endpoints.XXXXXX")
trap 'rm -f "$out"' EXIT
np=${LAZY_ENDPOINTS_PES:-8}

launch() { # TLS EAGER: np PEs, each its own emulated node (TLS "": UCX_TLS unset)
  cases=5
  if [ -n "$1" ]; then tls="-x UCX_TLS=$1"; else tls=""; cases=7; fi
  # shellcheck disable=SC2086  # $tls is one option or none
  (unset UCX_TLS; ROCTEST_BUILDDIR=$builddir ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-180} \
    /bin/sh "$srcdir/tests/mpirun_test.sh" --raw -np "$np" -x ROCSHMEM_PES_PER_NODE=1 \
    $tls -x ROCSHMEM_UCX_EAGER_ENDPOINTS="$2" -x ROCSHMEM_NET_STATS=1 \
    "$prog" >"$out" 2>&1)
  rc=$?
  [ "$rc" -eq 0 ] && ! grep -q '^not ok' "$out" && [ "$(grep -c '^ok' "$out")" -eq "$cases" ] &&
    [ "$(grep -c '^rocshmem net-stats: {"pe":' "$out")" -eq "$np" ] &&
    [ "$(grep -c '^rocshmem\[PE [0-9]*\] stats: {"pe":[0-9]*,.*"put":[1-9]' "$out")" -eq "$np" ] &&
    ! grep -q 'UCX  WARN  invalid configuration' "$out"
  ok=$?
  [ "$ok" -eq 0 ] || sed 's/^/# /' "$out" | tail -n 20
  return $ok
}

launch tcp,self 0
tap_result $? "lazy, UCX over tcp: each of $np PEs makes endpoints to its two neighbours only"
launch sm,self 0
tap_result $? "lazy, UCX over shared memory: the same, data through UCX's mappings"
launch tcp,self 1
tap_result $? "ROCSHMEM_UCX_EAGER_ENDPOINTS=1: each PE makes all $((np - 1)) at init"
launch "" 0
tap_result $? "UCX_TLS unset: the same, no PE maps a SysV segment (UCX's sysv left out), posix receive buffers small"

# The library's own state in the heap is sized by the node: 16 PEs, each its
# own node, initialize and run examples/ring in a 128 KiB heap: about 104 KiB
# of it is the library's (96 KiB the reductions' scratch across nodes), and
# the collectives' mailboxes would take 62 KiB more if they were per PE of
# the job (4160 bytes per PE).
ring=$builddir/examples/ring
if [ -x "$ring" ]; then
  ROCTEST_BUILDDIR=$builddir ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-180} \
    /bin/sh "$srcdir/tests/mpirun_test.sh" --raw -np 16 -x ROCSHMEM_PES_PER_NODE=1 \
    -x UCX_TLS=sm,self -x SHMEM_SYMMETRIC_SIZE=128K "$ring" >"$out" 2>&1 &&
    grep -q '^ring: 16 PEs, every PE got its neighbour' "$out"
  ok=$?
  [ "$ok" -eq 0 ] && tail -n 1 "$out" | sed 's/^/# /' || sed 's/^/# /' "$out" | tail -n 20
  tap_result $ok "16 PEs, each its own node, in a 128 KiB heap: per-PE heap state sized by the node"
else
  tap_skip "16 PEs, each its own node, in a 128 KiB heap" "examples/ring is not built"
fi

echo "1..$tap_count"
[ "$tap_failed" -eq 0 ]
