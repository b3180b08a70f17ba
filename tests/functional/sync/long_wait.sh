#!/bin/sh
# Long waits inside the library (src/sync/wait.cc), through long_wait.c:
#  - ROCSHMEM_WAIT_WARN: a wait that lasts that long prints one warning per PE
#    per wait, naming the call, what it waits for and which PE, and the job
#    goes on (exit 0); none with the variable unset (60 s by default);
#  - a PE that returns from main without shmem_finalize while a same-node
#    peer waits for it ends the job, naming it, within
#    ROCTEST_LONG_WAIT_BOUND seconds (default 12, launch included; the
#    library's grace is 1-3 s), with a non-zero status; a program whose PEs
#    all end that way, or some that way and the others with shmem_finalize,
#    still exits 0;
#  - a barrier does not complete against such a PE's implicit finalize: it
#    fails, naming the PE and the barrier, on one node and across two
#    emulated nodes (every PE its own node over UCX: tcp, where barriers are
#    MPI messages, and UCX's choice of transports, where they are the
#    library's counters).
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

srcdir=${ROCTEST_SRCDIR:-.}
prog=${ROCTEST_BUILDDIR:-.}/tests/functional/sync/long_wait
tap_need_built "$prog"
bound=${ROCTEST_LONG_WAIT_BOUND:-12}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/long_wait.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# run NP MODE [VAR=value...]: runs the case; sets rc, elapsed, and $tmp/err
# (stdout and stderr together).
run() {
  np=$1 mode=$2
  shift 2
  start=$(date +%s)
  env ROCTEST_TIMEOUT="$bound" OMPI_MCA_odls_base_sigkill_timeout=0 "$@" \
    /bin/sh "$srcdir/tests/mpirun_test.sh" "$np" "$prog" "$mode" >"$tmp/err" 2>&1
  rc=$?
  elapsed=$(($(date +%s) - start))
}

# count PATTERN: lines of the last run matching the extended regex.
count() { grep -Ec "$1" "$tmp/err"; }

# problem TEXT: adds TEXT to the case's problems ($p).
problem() { p="${p:+$p; }$1"; }

verdict() { # DESCRIPTION PROBLEMS
  tap_verdict "$1" "$2" "$tmp/err"
}

warned='WARN: shmem_barrier_all: PE 1 has waited 1 s for the synchronization signal of PE 0 \(ROCSHMEM_WAIT_WARN; the job goes on'
any_warning='ROCSHMEM_WAIT_WARN'

run 2 warn_barrier ROCSHMEM_WAIT_WARN=1
p=""
[ "$rc" -eq 0 ] || problem "exit status $rc, expected 0"
n=$(count "^rocshmem\[PE 1\] $warned")
[ "$n" -eq 1 ] || problem "$n warnings from PE 1 naming the barrier and PE 0, expected 1"
n=$(count "$any_warning")
[ "$n" -eq 1 ] || problem "$n warning lines in all, expected 1"
verdict "2 PEs, PE 0 late by 3 s to a barrier, ROCSHMEM_WAIT_WARN=1: one warning from PE 1, exit 0" "$p"

run 2 warn_barrier
p=""
[ "$rc" -eq 0 ] || problem "exit status $rc, expected 0"
n=$(count "$any_warning|has waited")
[ "$n" -eq 0 ] || problem "$n warning lines, expected none"
verdict "the same with ROCSHMEM_WAIT_WARN unset (60 s): no warning, exit 0" "$p"

run 2 warn_twice ROCSHMEM_WAIT_WARN=1
p=""
[ "$rc" -eq 0 ] || problem "exit status $rc, expected 0"
n=$(count "^rocshmem\[PE 1\] $warned")
[ "$n" -eq 2 ] || problem "$n warnings from PE 1, expected 2 (one per long wait)"
verdict "two long barriers, ROCSHMEM_WAIT_WARN=1: one warning each, exit 0" "$p"

left='exited without calling shmem_finalize while PE [0-9]+ waits for'
for np in 2 3; do
  run "$np" left_barrier
  p=""
  { [ "$rc" -ge 1 ] && [ "$rc" -le 123 ]; } || problem "exit status $rc, expected an error exit (1..123)"
  [ "$elapsed" -le "$bound" ] || problem "took $elapsed s"
  n=$(count "ERROR: shmem_barrier_all: PE 1 $left the synchronization signal of PE 1")
  [ "$n" -ge 1 ] || problem "no error naming PE 1 and the barrier"
  verdict "$np PEs, PE 1 leaves main without finalize, the others in a barrier: error naming PE 1 after $elapsed s, exit $rc" "$p"

  run "$np" left_wait
  p=""
  { [ "$rc" -ge 1 ] && [ "$rc" -le 123 ]; } || problem "exit status $rc, expected an error exit (1..123)"
  [ "$elapsed" -le "$bound" ] || problem "took $elapsed s"
  n=$(count "ERROR: shmem_long_wait_until: PE 1 $left ivar to satisfy the comparison|ERROR: shmem_barrier_all: PE 1 $left the synchronization signal of PE [01]")
  [ "$n" -ge 1 ] || problem "no error naming PE 1 and the wait"
  verdict "$np PEs, PE 1 leaves main without finalize, PE 0 in wait_until: error naming PE 1 after $elapsed s, exit $rc" "$p"

  for mode in all_leave some_leave; do
    run "$np" "$mode"
    p=""
    [ "$rc" -eq 0 ] || problem "exit status $rc, expected 0"
    n=$(count "ERROR|exited without")
    [ "$n" -eq 0 ] || problem "$n error lines"
    case $mode in
      all_leave) what="every PE leaves main without finalize, PE 1 first by 2 s" ;;
      *) what="PE 1 leaves main without finalize, the others call it 2 s later" ;;
    esac
    verdict "$np PEs, $what: exit 0, no error" "$p"
  done
done

# exit_vs_barrier in NET (empty: one node) with VARS: the barrier fails.
ucx=yes
"${ROCTEST_BUILDDIR:-.}/tools/rocshmem_info" --build | grep -Eq '^UCX: +no' && ucx=no
for net in "" "ucx1" "ucx1 UCX_TLS=all"; do
  where="one node"
  case $net in
    "") ;;
    *TLS*) where="two emulated nodes (UCX's choice of transports: the counters)" ;;
    *) where="two emulated nodes (tcp: MPI messages)" ;;
  esac
  desc="2 PEs on $where, PE 0 leaves main without finalize while PE 1 is in a barrier: the barrier fails naming PE 0"
  if [ -n "$net" ] && [ "$ucx" = no ]; then
    tap_skip "$desc" "built without UCX"
    continue
  fi
  # shellcheck disable=SC2086  # $net is the wrapper's mode and assignments
  run 2 exit_vs_barrier ${net:+ROCTEST_NET=$net}
  p=""
  { [ "$rc" -ge 1 ] && [ "$rc" -le 123 ] && [ "$rc" -ne 90 ]; } ||
    problem "exit status $rc, expected an error exit (1..123, not the program's own 90)"
  [ "$elapsed" -le "$bound" ] || problem "took $elapsed s"
  n=$(count "ERROR: shmem_barrier_all: PE 0 $left the synchronization signal of PE 0 in shmem_barrier_all")
  [ "$n" -ge 1 ] || problem "no error from the barrier naming PE 0"
  n=$(count "barrier returned|ERROR: shmem_finalize")
  [ "$n" -eq 0 ] || problem "the barrier returned"
  verdict "$desc, after $elapsed s, exit $rc" "$p"
done

tap_finish
