#!/bin/sh
# Faults end the whole job, quickly, and leave nothing behind.
# Each case runs `fault_pe MODE` (fault_pe.c) on 4 PEs (oversubscribed on
# 2 cores) through tests/mpirun_test.sh and checks:
#   - the job ends within ROCTEST_FAULT_BOUND seconds (default 30) with the
#     expected status: 0, the shmem_global_exit status, or any non-zero
#     status other than the launcher timeout's for a PE killed with SIGKILL;
#   - no PE outlives the job (each wrote its pid), since a survivor would
#     keep its segments and spin forever;
#   - no named shared memory (/dev/shm), file (in the job's private TMPDIR)
#     or filesystem socket of ours exists afterwards.  Segments are memfds
#     and the descriptor-passing socket is in the abstract namespace, so
#     both die with the processes; this checks that it stays that way.
# Privacy (memfds 0600, no named object) is checked inside every PE.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

top_srcdir=${ROCTEST_SRCDIR:-.}
prog=${ROCTEST_BUILDDIR:-.}/tests/functional/faults/fault_pe
runner=$top_srcdir/tests/mpirun_test.sh
bound=${ROCTEST_FAULT_BOUND:-30}
np=4
# Past the bound the case has failed anyway; the limit only stops a hang.
ROCTEST_TIMEOUT=$((bound * 2))
export ROCTEST_TIMEOUT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/faults.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

ours() { # names of our objects in /dev/shm and filesystem Unix sockets
  ls -a /dev/shm 2>/dev/null | grep -i rocshmem
  # /proc/net/unix: the path is the 8th field; abstract names start with @.
  awk 'NR > 1 && $8 != "" && $8 !~ /^@/ && $8 ~ /rocshmem/ { print "socket " $8 }' /proc/net/unix 2>/dev/null
}

# run_case MODE WANT [ARG]: WANT is an exact status or "killed" (non-zero,
# not the launcher's timeout).
run_case() {
  mode=$1 want=$2 arg=${3:-}
  dir=$tmp/$mode
  mkdir -p "$dir/tmp"
  ours >"$dir/before"
  start=$(date +%s)
  ROCTEST_FAULT_DIR=$dir TMPDIR=$dir/tmp /bin/sh "$runner" $np "$prog" "$mode" $arg \
    >"$dir/out" 2>"$dir/err"
  rc=$?
  elapsed=$(($(date +%s) - start))

  case $want in
    killed) ok=$([ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && echo 1) ;;
    *) ok=$([ "$rc" -eq "$want" ] && echo 1) ;;
  esac
  [ "$elapsed" -le "$bound" ] || ok=
  case $want in killed) what="a non-zero status" ;; *) what="status $want" ;; esac
  tap_result $([ -n "$ok" ]; echo $?) \
    "$mode on $np PEs: ends within ${bound} s with $what (got $rc after ${elapsed} s)"
  if [ -z "$ok" ]; then
    tail -n 15 "$dir/err" | tap_diag
  fi

  # The launcher has returned; give the kernel a moment to reap.
  alive=""
  for f in "$dir"/pid.*; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    tries=0
    while kill -0 "$pid" 2>/dev/null && [ $tries -lt 50 ]; do
      sleep 0.1
      tries=$((tries + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
      alive="$alive ${f##*/}=$pid"
      kill -9 "$pid" 2>/dev/null
    fi
  done
  npids=$(ls "$dir" | grep -c '^pid\.')
  tap_result $([ -z "$alive" ] && [ "$npids" -eq $np ]; echo $?) \
    "$mode: all $np PEs started ($npids pid files) and none outlives the job${alive:+ (alive:$alive)}"

  ours >"$dir/after"
  left=$(grep -vxF -f "$dir/before" "$dir/after"; find "$dir/tmp" -iname '*rocshmem*' 2>/dev/null)
  tap_result $([ -z "$left" ]; echo $?) \
    "$mode: no shared-memory name, file or socket of ours left behind"
  if [ -n "$left" ]; then echo "$left" | tap_diag; fi
  others=$(find "$dir/tmp" -mindepth 1 2>/dev/null | head -n 5)
  if [ -n "$others" ]; then
    echo "left in the job's TMPDIR by others (the launcher):" | tap_diag
    echo "$others" | tap_diag
  fi
}

run_case normal 0
run_case kill_barrier killed
run_case kill_wait killed
run_case kill_puts killed
run_case global_exit 42 42
tap_finish
