#!/bin/sh
# Bad input to the OpenSHMEM 1.6 routines (v16_errors.c): each case runs on
# 2 PEs under the launcher and must end with an error exit and a message on
# stderr naming the call and the argument, within a short time limit.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

top_srcdir=${ROCTEST_SRCDIR:-.}
prog=${ROCTEST_BUILDDIR:-.}/tests/functional/api/v16_errors
runner=$top_srcdir/tests/mpirun_test.sh
tap_need_built "$prog"
ROCTEST_TIMEOUT=${ROCTEST_BAD_INPUT_TIMEOUT:-60}
export ROCTEST_TIMEOUT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/v16err.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# expect CASE PATTERN...: an error exit (1..123) and every pattern (ERE) on stderr.
expect() {
  name=$1
  shift
  OMPI_MCA_odls_base_sigkill_timeout=0 /bin/sh "$runner" 2 "$prog" "$name" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  problems=""
  if [ "$rc" -lt 1 ] || [ "$rc" -gt 123 ]; then
    problems="exit status $rc, expected an error exit (1..123)"
  fi
  desc="$name: error exit, stderr matches"
  for pattern in "$@"; do
    desc="$desc /$pattern/"
    grep -Eq -- "$pattern" "$tmp/err" || problems="${problems:+$problems; }stderr lacks /$pattern/"
  done
  tap_verdict "$desc" "$problems" "$tmp/err"
}

expect query_initialized_null 'shmem_query_initialized: initialized = NULL'
expect ibput_dst_below_bsize 'shmem_long_ibput: dst = 2 is smaller than bsize = 3'
expect ibget_sst_below_bsize 'shmem_ctx_ibget32: sst = 1 is smaller than bsize = 2'
expect ibput_negative_stride 'shmem_ibput64: dst = -4 is smaller than bsize = 1'
expect ibput_stride_overflow 'shmem_int_ibput: dest stride [0-9]+ over 8 blocks overflows'
expect ibput_past_static_end 'shmem_long_ibput' 'dest = .*runs past the end of the symmetric static data'
expect ibget_source_on_stack 'shmem_long_ibget' 'source = .*not a symmetric address'
expect ibput_pe_out_of_range 'shmem_long_ibput: pe = 7 is out of range \[0, 2\)'
expect ibput_ctx_invalid 'shmem_ctx_long_ibput: ctx = SHMEM_CTX_INVALID'
expect signal_add_ctx_invalid 'shmem_ctx_signal_add: ctx = SHMEM_CTX_INVALID'
expect signal_set_misaligned 'shmem_signal_set: sig_addr = 0x[0-9a-f]+ is not aligned'
expect pe_quiet_null 'shmem_pe_quiet: target_pes = NULL with npes = 1'
expect pe_quiet_out_of_range 'shmem_pe_quiet: target_pes\[1\] = 7 is out of range \[0, 2\)'
expect ctx_pe_quiet_invalid 'shmem_ctx_pe_quiet: ctx = SHMEM_CTX_INVALID'
expect session_unknown_mask 'shmem_ctx_session_start: config_mask = 0x10 names no field'
expect session_null_config 'shmem_ctx_session_start: config = NULL with config_mask = 0x1'
expect session_destroyed_ctx 'shmem_ctx_session_stop: ctx = 0x[0-9a-f]+ is not a valid context'
expect scan_destroyed_team 'shmem_long_sum_inscan: team = 0x[0-9a-f]+ is not a valid team'
expect team_ptr_destroyed_team 'shmem_team_ptr: team = 0x[0-9a-f]+ is not a valid team'
expect ibput_after_last_finalize 'shmem_long_ibput: called before shmem_init'
tap_finish
