#!/bin/sh
# A unique-id job has no launcher to clean up after a failed PE: its own
# watchdog must end every process (src/bootstrap/watchdog.h).  Each case
# runs uniqueid_faults on 3 PEs, where one PE is killed with SIGKILL or
# calls shmem_global_exit while the others wait in a barrier that cannot
# complete, and checks the status of the parent (PE 0), that every process
# of the job is gone within a bound, and the messages.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

prog=${ROCTEST_BUILDDIR:-.}/tests/functional/bootstrap/uniqueid_faults
limit=${ROCTEST_TIMEOUT:-60}
unset OMPI_COMM_WORLD_SIZE OMPI_COMM_WORLD_RANK PMIX_RANK PMI_RANK PMI_SIZE SLURM_PROCID \
  MPI_LOCALNRANKS ROCSHMEM_BOOTSTRAP_IFNAME ROCSHMEM_MASTER_ADDR ROCSHMEM_MASTER_PORT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/uniqueid_faults.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# A zombie (an exited child nobody reaped yet) is gone too.
alive() {
  [ -r "/proc/$1/stat" ] || return 1
  state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
  [ -n "$state" ] && [ "$state" != Z ]
}

# fault MODE STATUS ABSENT PATTERN...: PE 0's exit status must be STATUS,
# every process must be gone 10 s after the fault at most, stderr must match
# every PATTERN and must not match ABSENT.
fault() {
  mode=$1 want=$2 absent=$3
  shift 3
  rm -f "$tmp/pids"
  start=$(date +%s)
  timeout -k 5 "$limit" "$prog" "$mode" 3 "$tmp/pids" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  waited=0
  for pid in $(cat "$tmp/pids" 2>/dev/null); do
    while alive "$pid" && [ $waited -lt 100 ]; do
      sleep 0.1
      waited=$((waited + 1))
    done
  done
  elapsed=$(($(date +%s) - start))
  problems=""
  [ "$rc" -eq "$want" ] || problems="PE 0 exited with status $rc, expected $want"
  [ -s "$tmp/pids" ] || problems="${problems:+$problems; }no pid file"
  for pid in $(cat "$tmp/pids" 2>/dev/null); do
    alive "$pid" && problems="${problems:+$problems; }process $pid still runs" && kill -9 "$pid"
  done
  [ $elapsed -le 20 ] || problems="${problems:+$problems; }took $elapsed s"
  for pattern in "$@"; do
    grep -Eq -- "$pattern" "$tmp/err" || problems="${problems:+$problems; }stderr lacks /$pattern/"
  done
  if grep -Eq -- "$absent" "$tmp/err"; then
    problems="${problems:+$problems; }stderr matches /$absent/"
  fi
  desc="$mode: PE 0 exits with $want, every PE ends within 10 s, stderr lacks /$absent/"
  for pattern in "$@"; do desc="$desc, matches /$pattern/"; done
  tap_verdict "$desc" "$problems" "$tmp/err"
}

# The survivors never leave their barrier on their own.
never='the barrier completed'
fault kill-peer 1 "$never" \
  'PE 1 was lost: its connection to PE 0 closed before rocshmem_finalize' \
  'rocshmem\[PE 2\] ERROR: PE 1 was lost \(PE 0 saw its connection close'
fault kill-root 137 "$never" \
  'rocshmem\[PE 1\] ERROR: lost the connection to PE 0 \(the bootstrap root, [0-9.]+:[0-9]+\) before rocshmem_finalize' \
  'rocshmem\[PE 2\] ERROR: lost the connection to PE 0'
# shmem_global_exit is not a lost PE: the job just ends with its status.
fault exit-peer 7 "lost|$never"
fault exit-root 5 "lost|$never"
tap_finish
