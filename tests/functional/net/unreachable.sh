#!/bin/sh
# An unreachable peer must end the job with a clear error, not a hang.
#
# Made deterministic by giving the two PEs UCX transports with nothing in
# common: PE 0 may use only TCP (UCX_TLS=tcp,self), PE 1 only shared memory
# (UCX_TLS=posix,self), each PE its own emulated node (ROCSHMEM_PES_PER_NODE=1).
# ucp_ep_create then fails at shmem_init on both sides (UCS_ERR_UNREACHABLE).
# The job must exit non-zero well within the time limit, and the message must
# name the UCX call and the peer.  (A peer that becomes unreachable later, in
# the middle of a run, cannot be produced deterministically here: see README.md.)
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
prog=$builddir/tests/functional/net/finalize_no_progress_thread

tap_need_built "$builddir/tools/rocshmem_info" "$prog"
tap_skip_without_ucx "$builddir"

out=$(mktemp "${TMPDIR:-/tmp}/unreachable.XXXXXX")
trap 'rm -f "$out"' EXIT
start=$(date +%s)
ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-120} ROCTEST_BUILDDIR=$builddir \
  /bin/sh "$srcdir/tests/mpirun_test.sh" --raw \
  -np 1 -x ROCSHMEM_PES_PER_NODE=1 -x UCX_TLS=tcp,self "$prog" 1 : \
  -np 1 -x ROCSHMEM_PES_PER_NODE=1 -x UCX_TLS=posix,self "$prog" 1 >"$out" 2>&1
rc=$?
elapsed=$(( $(date +%s) - start ))

[ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -ne 137 ]
tap_result $? "PEs with no common UCX transport: the job fails (exit status $rc after ${elapsed} s, not a hang)"

# Either PE may be the one to report before MPI_Abort stops the other.
grep -Eq 'shmem_init: network transport \(UCX\): ucp_ep_create for PE [01] \(from PE [01]\) failed: Destination is unreachable' "$out"
tap_result $? "the error names shmem_init, ucp_ep_create, both PEs and UCX's status"

grep -Eq 'UCX_TLS=(tcp,self|posix,self) here' "$out"
tap_result $? "the error shows the UCX_TLS in effect"

! grep -q '^ok ' "$out"
tap_result $? "no PE got past shmem_init"

if [ $tap_failed -ne 0 ]; then tap_diag <"$out"; fi
echo "1..$tap_count"
[ $tap_failed -eq 0 ]
