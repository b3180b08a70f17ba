#!/bin/sh
# The unique-id (TCP) bootstrap without any launcher or MPI
# (tests/functional/bootstrap/):
#  - jobs whose processes one program forks: through rocshmem_get_uniqueid
#    and rocshmem_init_attr (1, 2 and 4 PEs; on the default interface and on
#    loopback), and through ROCSHMEM_BOOTSTRAP=uniqueid with RANK/WORLD_SIZE
#    (torchrun style);
#  - argument errors, and strangers connecting to the root (TAP programs);
#  - init that cannot succeed: a missing PE, a root that is gone, PEs that
#    disagree.  Each must end with an error exit (not a signal, not a hang)
#    within a bound, and stderr must say why.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

bin=${ROCTEST_BUILDDIR:-.}/tests/functional/bootstrap
limit=${ROCTEST_TIMEOUT:-60}
# Nothing here may depend on being started by a launcher.
unset OMPI_COMM_WORLD_SIZE OMPI_COMM_WORLD_RANK PMIX_RANK PMI_RANK PMI_SIZE SLURM_PROCID \
  MPI_LOCALNRANKS RANK WORLD_SIZE ROCSHMEM_BOOTSTRAP ROCSHMEM_MASTER_ADDR ROCSHMEM_MASTER_PORT \
  ROCSHMEM_BOOTSTRAP_IFNAME ROCSHMEM_BOOTSTRAP_TIMEOUT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/uniqueid.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

run() { timeout -k 5 "$limit" "$@"; }

tap_run_program "4 PEs by fork, rocshmem_init_attr" run "$bin/uniqueid_fork" 4 uniqueid
tap_run_program "2 PEs by fork, ROCSHMEM_BOOTSTRAP_IFNAME=lo" \
  env ROCSHMEM_BOOTSTRAP_IFNAME=lo timeout -k 5 "$limit" "$bin/uniqueid_fork" 2 uniqueid
tap_run_program "1 PE, rocshmem_init_attr" run "$bin/uniqueid_fork" 1 uniqueid
tap_run_program "3 PEs by fork, ROCSHMEM_BOOTSTRAP=uniqueid" run "$bin/uniqueid_fork" 3 env
tap_run_program "argument errors" run "$bin/uniqueid_misuse" bad-args
tap_run_program "strangers at the root" run "$bin/uniqueid_misuse" foreign

# expect_failure MODE MAX_SECONDS 'VAR=value ...' PATTERN...: uniqueid_misuse
# MODE (with ROCSHMEM_BOOTSTRAP_TIMEOUT=2 unless VARS say otherwise) must
# exit with an error status (1..123) within MAX_SECONDS, and its stderr
# must match every extended regular expression.
expect_failure() {
  mode=$1 max=$2 vars=$3
  shift 3
  start=$(date +%s)
  # shellcheck disable=SC2086  # vars is a list of assignments
  env ROCSHMEM_BOOTSTRAP_TIMEOUT=2 $vars timeout -k 5 "$limit" "$bin/uniqueid_misuse" "$mode" \
    >"$tmp/$mode.out" 2>"$tmp/$mode.err"
  rc=$?
  elapsed=$(($(date +%s) - start))
  problems=""
  if [ $rc -lt 1 ] || [ $rc -gt 123 ]; then problems="exit status $rc, expected an error exit (1..123)"; fi
  if [ $elapsed -gt "$max" ]; then problems="${problems:+$problems; }took $elapsed s"; fi
  for pattern in "$@"; do
    grep -Eq -- "$pattern" "$tmp/$mode.err" || problems="${problems:+$problems; }stderr lacks /$pattern/"
  done
  desc="$mode${vars:+ ($vars)}: error exit within $max s, stderr matches"
  for pattern in "$@"; do desc="$desc /$pattern/"; done
  tap_verdict "$desc" "$problems" "$tmp/$mode.err"
}

expect_failure timeout-root 10 '' \
  'rocshmem_init_attr: bootstrap failed: timed out after 2 s \(ROCSHMEM_BOOTSTRAP_TIMEOUT\) waiting at [0-9.]+:[0-9]+' \
  '1 of 2 PEs arrived \(missing: PE 1\)'
expect_failure timeout-root 5 'ROCSHMEM_BOOTSTRAP_TIMEOUT=0' \
  'rocshmem_init_attr: bootstrap failed: ROCSHMEM_BOOTSTRAP_TIMEOUT=0 is not a positive number of seconds'
expect_failure unreachable 10 '' \
  'rocshmem_init_attr: bootstrap failed: PE 1 could not reach PE 0 \(the root\) at [0-9.]+:[0-9]+ within ROCSHMEM_BOOTSTRAP_TIMEOUT=2 s'
expect_failure unassembled 10 '' \
  'PE 1 reached PE 0 \(the root\) at [0-9.]+:[0-9]+, but the job did not assemble within ROCSHMEM_BOOTSTRAP_TIMEOUT=1 s'
expect_failure nranks-mismatch 10 '' \
  'PE 1 \(from [0-9.]+:[0-9]+\) joined with nranks = 2, but PE 0 was given nranks = 3'
expect_failure duplicate-rank 10 '' 'two processes joined as PE 1'
tap_finish
