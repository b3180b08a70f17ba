#!/bin/sh
# The spin budget of waits (ROCSHMEM_SPIN_COUNT, or ROCSHMEM_OVERSUBSCRIBED_SPIN_COUNT
# when the machine runs more PEs than it has cores) must be judged by the PEs
# of the whole machine, also when emulated nodes split it: one PE per node
# over UCX with more PEs than cores spun for milliseconds in every barrier.
# Checked through init's log line (ROCSHMEM_DEBUG_LEVEL=2) on every PE:
#   spin budget N polls (M PEs on this machine's C cores)
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
prog=$builddir/tests/functional/setup/query
tap_need_built "$prog" "$builddir/tools/rocshmem_info"
cores=$(getconf _NPROCESSORS_ONLN)
out=$(mktemp "${TMPDIR:-/tmp}/spin_budget.XXXXXX")
trap 'rm -f "$out"' EXIT

# check NP BUDGET DESCRIPTION [LAUNCHER ARGS...]: every PE logs BUDGET and NP
check() {
  np=$1 budget=$2 what=$3
  shift 3
  ROCSHMEM_DEBUG_LEVEL=2 ROCSHMEM_SPIN_COUNT=4096 ROCSHMEM_OVERSUBSCRIBED_SPIN_COUNT=64 \
    ROCTEST_BUILDDIR=$builddir ROCTEST_TIMEOUT=${ROCTEST_TIMEOUT:-120} \
    /bin/sh "$srcdir/tests/mpirun_test.sh" --raw -np "$np" "$@" "$prog" >"$out" 2>&1
  rc=$?
  logged=$(grep -c "spin budget $budget polls ($np PEs on this machine's $cores cores)" "$out")
  [ "$rc" -eq 0 ] && [ "$logged" -eq "$np" ]
  tap_result $? "$what: $np PEs on $cores cores, every PE chose $budget polls ($logged of $np said so, exit $rc)"
  [ "$logged" -eq "$np" ] || sed 's/^/# /' "$out" | grep -i "spin budget\|error" | head -5
}

check 1 4096 "one PE, one node"
over=$((cores + 1))
if [ "$over" -gt 9 ]; then
  tap_skip "more PEs than cores" "$cores cores: $over PEs would be too many for this test"
  tap_skip "more PEs than cores, each PE its own emulated node" "$cores cores"
else
  check "$over" 64 "more PEs than cores, one node"
  if "$builddir/tools/rocshmem_info" --build | grep -Eq '^UCX: +no'; then
    tap_skip "more PEs than cores, each PE its own emulated node" "built without UCX"
  else
    check "$over" 64 "more PEs than cores, each PE its own emulated node" \
      -x ROCSHMEM_PES_PER_NODE=1 -x UCX_TLS=tcp,self
  fi
fi
echo "1..$tap_count"
[ "$tap_failed" -eq 0 ]
