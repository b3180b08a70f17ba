#!/bin/sh
# Bad input must end in a clear error, never in a hang or silent corruption.
# Each case runs `bad_input CASE` on 2 PEs under
# the launcher with a short time limit and checks BOTH the exit status AND
# that stderr matches every expected pattern (extended regular expressions,
# from the message formats of src/core/log.h, src/transport/peer_table.cc,
# src/memory/symmetric_alloc.cc and src/core/runtime.cc).
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

top_srcdir=${ROCTEST_SRCDIR:-.}
prog=${ROCTEST_BUILDDIR:-.}/tests/functional/errors/bad_input
runner=$top_srcdir/tests/mpirun_test.sh
# Errors end the job at once; a case still running after this is hung.
ROCTEST_TIMEOUT=${ROCTEST_BAD_INPUT_TIMEOUT:-60}
export ROCTEST_TIMEOUT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/badinput.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# expect CASE STATUS 'VAR=value ...' PATTERN...
#   STATUS: fail (1..123: an error exit, not a crash by signal or a timeout),
#           or an exact exit status (0 for calls that return an error).
#   PATTERN: stderr must match it; !PATTERN: stderr must not (a quiet case:
#           "!$quiet" where the spec defines the input and nothing is printed).
# expect_todo REASON CASE ...: the same, for a known library bug (TODO).
expect() { check_case "" "$@"; }
expect_todo() { check_case "TODO $1" "$2" "$3" "$4" "$5" "$6" "$7"; }

# Cases run ROCTEST_BAD_INPUT_JOBS at a time (default 2) and are reported in
# order once the batch is done: each is mostly start-up and teardown of a
# 2-PE job, and one after the other they were the longest test of make check
# (106 s; 144 s under ASan, where it ran alone for the last 100 s).
# When both PEs call MPI_Abort, Open MPI's daemon often waits its SIGTERM
# grace period (odls_base_sigkill_timeout, 1 s) before it kills one of them:
# half the cases took 1.4 s instead of 0.4.  Every message is on stderr
# before MPI_Abort, so the cases go without it; the one whose PE reports
# from a SIGTERM handler sets it back.
jobs=${ROCTEST_BAD_INPUT_JOBS:-2}
batched=0

# check_case DIRECTIVE CASE STATUS VARS PATTERN...: starts the case; its
# arguments, one a line, go to its folder for report_case.
check_case() {
  batched=$((batched + 1))
  dir=$tmp/case$batched
  mkdir -p "$dir"
  printf '%s\n' "$@" >"$dir/spec"
  # shellcheck disable=SC2086  # $4 is a list of assignments
  (env OMPI_MCA_odls_base_sigkill_timeout=0 $4 /bin/sh "$runner" 2 "$prog" "$2" \
    >"$dir/out" 2>"$dir/err"
    echo $? >"$dir/rc") &
  [ "$batched" -lt "$jobs" ] || finish_cases
}

# Waits for the batch and reports its cases in order.
finish_cases() {
  wait
  i=1
  while [ "$i" -le "$batched" ]; do
    report_case "$tmp/case$i"
    i=$((i + 1))
  done
  rm -rf "$tmp"/case*
  batched=0
}

report_case() { # DIR
  {
    IFS= read -r directive
    IFS= read -r name
    IFS= read -r want
    IFS= read -r vars
    patterns=$(cat)
  } <"$1/spec"
  rc=$(cat "$1/rc")
  problems=""
  case $want in
    fail) if [ "$rc" -lt 1 ] || [ "$rc" -gt 123 ]; then problems="exit status $rc, expected an error exit (1..123)"; fi ;;
    *) if [ "$rc" -ne "$want" ]; then problems="exit status $rc, expected $want"; fi ;;
  esac
  desc="$name${vars:+ ($vars)}: exit $want, stderr matches"
  while IFS= read -r pattern; do
    [ -n "$pattern" ] || continue
    case $pattern in
      !*)
        desc="$desc, but not /${pattern#!}/"
        if grep -Eq -- "${pattern#!}" "$1/err"; then
          problems="${problems:+$problems; }stderr has /${pattern#!}/"
        fi ;;
      *)
        desc="$desc /$pattern/"
        if ! grep -Eq -- "$pattern" "$1/err"; then
          problems="${problems:+$problems; }stderr lacks /$pattern/"
        fi ;;
    esac
  done <<EOF_PATTERNS
$patterns
EOF_PATTERNS
  tap_verdict "$desc" "$problems" "$1/err" "$directive"
}

# No error or warning line of ours (src/core/log.cc's format).
quiet='rocshmem(\[PE [0-9]+\])? (ERROR|WARN):'

# RMA arguments: the message names the call, the argument and its value.
expect pe_out_of_range           fail '' 'shmem_putmem: pe = 7 is out of range \[0, 2\)'
expect pe_equals_npes            fail '' 'shmem_putmem_nbi: pe = 2 is out of range'
expect pe_negative_p             fail '' 'shmem_int_p: pe = -1 is out of range'
expect rocshmem_pe_out_of_range  fail '' 'rocshmem_putmem: pe = 7'
expect dest_on_stack             fail '' 'shmem_putmem' 'dest = 0x[0-9a-f]+ .*is not a symmetric address'
expect dest_malloced             fail '' 'shmem_putmem' 'dest = .*not a symmetric address'
expect source_on_stack           fail '' 'shmem_getmem' 'source = .*not a symmetric address'
expect g_source_on_stack         fail '' 'shmem_long_g' 'source = .*not a symmetric address'
expect iput_dest_on_stack        fail '' 'shmem_int_iput' 'dest = .*not a symmetric address'
expect iget_source_on_stack      fail '' 'shmem_int_iget' 'source = .*not a symmetric address'
expect put_past_heap_end         fail 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_putmem' 'dest = .*length 2097152.*runs past the end of the symmetric heap'
expect put_past_static_end       fail '' 'shmem_putmem' 'runs past the end of the symmetric static data'
expect long_put_overflow         fail '' 'shmem_long_put' 'nelems = [0-9]+ .*overflows'
expect iput_stride_overflow      fail '' 'shmem_long_iput' 'stride .*overflows'

# Use before init and after finalize.
expect putmem_before_init        fail '' 'shmem_putmem' 'before shmem_init'
expect my_pe_before_init         fail '' 'shmem_my_pe' 'before shmem_init'
expect malloc_before_init        fail '' 'shmem_malloc' 'before shmem_init'
expect barrier_before_init       fail '' 'shmem_barrier_all' 'before shmem_init'
expect addr_accessible_before_init fail '' 'shmem_addr_accessible: called before shmem_init'
expect putmem_after_finalize     fail '' 'shmem_putmem' 'after finalize'

# Symmetric memory.  Allocation errors return NULL (status 0 by design).
expect heap_exhausted            0 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_malloc' 'size = 2097152' 'SHMEM_SYMMETRIC_SIZE'
expect double_free               fail '' 'shmem_free' 'not a live block'
expect free_static               fail '' 'shmem_free' 'ptr = 0x[0-9a-f]+ is not a live block'
expect free_interior             fail '' 'shmem_free' 'not a live block'
expect free_malloced             fail '' 'shmem_free' 'not a live block'
expect realloc_bad               fail '' 'shmem_realloc' 'not a live block'
expect align_3                   0 '' 'shmem_align' 'alignment = 3 is not a power of two'
expect align_0                   0 '' 'shmem_align' 'alignment = 0'
expect calloc_overflow           0 '' 'shmem_calloc' 'count = [0-9]+ times size = 4 overflows'
# Hint bits the library does not know allocate as shmem_malloc (the spec).
expect hints_unknown             0 '' "!$quiet"
expect debug_size_mismatch       fail 'SHMEM_DEBUG=1' 'shmem_malloc' 'size = (64|128) on PE [01] but (64|128) on PE [01]'
expect debug_realloc_mismatch    fail 'ROCSHMEM_DEBUG=1' 'shmem_realloc' 'size = '
expect debug_align_mismatch       fail 'SHMEM_DEBUG=1' 'shmem_align' 'alignment = '

# SHMEM_DEBUG: an RMA or AMO stays inside the heap block it starts in
# (src/memory/symmetric_alloc.cc); without it only the heap's end is checked.
addr='0x[0-9a-f]+'
expect put_past_block            fail 'SHMEM_DEBUG=1' "shmem_long_put: dest = $addr \\+ 800 bytes runs past the end of its symmetric block \\($addr, 32 bytes, from shmem_malloc\\)"
expect put_past_block            0    '' "!$quiet"
expect get_past_block            fail 'SHMEM_DEBUG=1' "shmem_ctx_long_get: source = $addr \\+ 136 bytes runs past the end of its symmetric block \\($addr, 128 bytes, from shmem_calloc\\)"
expect amo_freed_block           fail 'SHMEM_DEBUG=1' "shmem_long_atomic_fetch_add: dest = $addr \\+ 8 bytes is not in a live block of the symmetric heap: that space is free"
expect iput_past_block           fail 'SHMEM_DEBUG=1' "shmem_int_iput: dest = $addr \\+ 36 bytes runs past the end of its symmetric block \\($addr, 32 bytes, from shmem_malloc\\)"
expect iget_negative_stride_past_block fail 'SHMEM_DEBUG=1' "shmem_int_iget: source = $addr \\(a strided range of 36 bytes from $addr\\) runs past the end of its symmetric block \\($addr, 64 bytes, from shmem_malloc\\)"
expect ibput_past_block          fail 'SHMEM_DEBUG=1' "shmem_long_ibput: dest = $addr \\+ 80 bytes runs past the end of its symmetric block \\($addr, 72 bytes"
expect put_signal_sig_freed      fail 'SHMEM_DEBUG=1' "shmem_long_put_signal: sig_addr = $addr \\+ 8 bytes is not in a live block"
expect debug_in_bounds           0    'SHMEM_DEBUG=1' "!$quiet"

# Atomics, signals, point-to-point (src/amo/amo.h, src/sync/p2p.h,
# src/signal/signal.h): the call, the argument and its value.
expect amo_misaligned            fail '' 'shmem_long_atomic_fetch_add: dest = 0x[0-9a-f]+ is not aligned to 8 bytes'
expect amo_pe_out_of_range       fail '' 'shmem_int_atomic_inc: pe = 9 is out of range \[0, 2\)'
expect amo_not_symmetric         fail '' 'shmem_long_atomic_compare_swap' 'dest = .*not a symmetric address'
expect amo_nbi_null_fetch        fail '' 'shmem_long_atomic_fetch_nbi: fetch = NULL'
expect wait_not_symmetric        fail '' 'shmem_long_wait_until: ivar = 0x[0-9a-f]+ .*is not symmetric'
expect wait_bad_cmp              fail '' 'shmem_int_wait_until: cmp = 99 is not one of SHMEM_CMP_EQ'
expect test_any_bad_cmp          fail '' 'shmem_long_test_any: cmp = -3'
expect signal_wait_bad_cmp       fail '' 'shmem_signal_wait_until: cmp = 42'
expect put_signal_bad_sig_op     fail '' 'shmem_putmem_signal: sig_op = 7 is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD'
# sig_op is checked before anything is written (the bad dest is never reached,
# and a valid dest is left as it was).
expect put_signal_bad_sig_op_first fail '' 'shmem_putmem_signal: sig_op = 7 is neither'
expect put_signal_bad_sig_op_dest fail 'OMPI_MCA_odls_base_sigkill_timeout=1' \
  'shmem_putmem_signal: sig_op = 7' 'bad_input: dest unchanged'

# Contexts (src/ctx/context.cc): invalid and destroyed handles end the job;
# a bad option is refused with a message (status 0: the call returned it).
# The spec defines SHMEM_CTX_INVALID for ctx_quiet, ctx_fence, ctx_destroy
# (no operation), ctx_get_team and team_create_ctx on SHMEM_TEAM_INVALID
# (non-zero): they return quietly.
expect ctx_invalid_put           fail '' 'shmem_ctx_long_put: ctx = SHMEM_CTX_INVALID'
expect ctx_destroyed_reused      fail '' 'shmem_ctx_long_p: ctx = 0x[0-9a-f]+ is not a valid context'
expect ctx_destroyed_p           fail '' 'shmem_ctx_long_p: ctx = 0x[0-9a-f]+ is not a valid context'
expect ctx_team_destroyed        fail '' 'shmem_ctx_long_p: ctx = 0x[0-9a-f]+ was created from team 0x[0-9a-f]+, which has been destroyed'
expect ctx_destroyed_amo         fail '' 'shmem_ctx_long_atomic_fetch_inc: ctx = .*not a valid context'
expect ctx_destroy_twice         fail '' 'shmem_ctx_destroy: ctx = .*not a valid context'
expect ctx_destroy_default       fail '' 'shmem_ctx_destroy: ctx = SHMEM_CTX_DEFAULT cannot be destroyed'
expect ctx_quiet_invalid         0 '' "!$quiet"
expect ctx_quiet_destroyed       fail '' 'shmem_ctx_quiet: ctx = 0x[0-9a-f]+ is not a valid context'
expect ctx_fence_destroyed       fail '' 'rocshmem_ctx_fence: ctx = 0x[0-9a-f]+ is not a valid context'
expect team_create_ctx_invalid   0 '' "!$quiet"
expect ctx_create_bad_options    0 '' 'shmem_ctx_create: options = 0x100000 has unknown bits'

# Teams and collectives (src/team, src/coll, oshmem_compat/shmem_active_set.cc).
expect team_destroyed_reused     fail '' 'shmem_long_sum_reduce: team = 0x[0-9a-f]+ is not a valid team'
expect team_destroyed_coll       fail '' 'shmem_long_sum_reduce: team = 0x[0-9a-f]+ is not a valid team'
expect team_invalid_coll         fail '' 'shmem_broadcastmem: team = SHMEM_TEAM_INVALID'
expect team_non_member_coll      fail '' 'shmem_long_fcollect: team = SHMEM_TEAM_INVALID'
expect broadcast_bad_root        fail '' 'shmem_long_broadcast: PE_root = 5 is not a member index'
expect alltoalls_bad_stride      fail '' 'shmem_long_alltoalls: dst = 0 and sst = 1'
expect active_set_non_member     fail '' 'shmem_long_sum_to_all: this PE \(1\) is not in the active set'
expect active_set_too_big        fail '' 'shmem_barrier: the active set .*PE_size = 5.* beyond the 2 PEs'
expect debug_root_mismatch       fail 'SHMEM_DEBUG=1' 'shmem_long_broadcast' 'PE_root = [01] on PE [01] but [01] on PE [01]'
expect debug_nelems_mismatch     fail 'SHMEM_DEBUG=1' 'shmem_long_fcollect' 'nelems = [12] on PE [01] but [12] on PE [01]'
expect debug_bcast_nelems_mismatch fail 'SHMEM_DEBUG=1' 'shmem_long_broadcast: nelems = [12] on PE [01] but [12] on PE [01]'
expect debug_alltoall_mismatch   fail 'SHMEM_DEBUG=1' 'shmem_long_alltoall: nelems = [12] on PE [01] but [12] on PE [01]'
expect debug_alltoalls_mismatch  fail 'SHMEM_DEBUG=1' 'shmem_long_alltoalls: sst = [12] on PE [01] but [12] on PE [01]'
expect debug_bcast64_mismatch    fail 'SHMEM_DEBUG=1' 'shmem_broadcast64: nelems = [12] on PE [01] but [12] on PE [01]'
expect debug_scatter_mismatch    fail 'SHMEM_DEBUG=1' 'rocshmem_long_sum_reduce_scatter: nreduce = [12] on PE [01]'
expect debug_reduce_mismatch     fail 'SHMEM_DEBUG=1' 'shmem_long_max_reduce' 'nreduce = [12] on PE'
expect debug_barrier_vs_reduce   fail 'SHMEM_DEBUG=1' 'PE 1 is in shmem_long_sum_reduce while PE 0 is in shmem_barrier_all|PE 0 is in shmem_barrier_all while PE 1 is in shmem_long_sum_reduce' '!nreduce = ' '!case debug_barrier_vs_reduce returned'
expect debug_to_all_mismatch     fail 'SHMEM_DEBUG=1' 'shmem_long_sum_to_all' 'nreduce = [12] on PE'
expect split_size_0              0 '' "!$quiet"
expect split_negative_size       0 '' 'shmem_team_split_strided: size = -1 is negative'
expect split_past_end            0 '' 'shmem_team_split_strided: start = 1, stride = 1, size = 2 do not select PEs of a 2-PE parent'
expect split_negative_start      0 '' 'rocshmem_team_split_strided: start = -1'
expect split_stride_0            0 '' 'shmem_team_split_strided: .*stride = 0'
expect split_bad_mask            0 '' 'shmem_team_split_strided: config_mask = 0x20 has unknown bits'
expect split_null_config         0 '' 'shmem_team_split_strided: config requests SHMEM_TEAM_NUM_CONTEXTS but the config pointer is NULL'
expect split_null_team           0 '' 'shmem_team_split_strided: new_team = NULL'
expect split_invalid_parent      0 '' "!$quiet"
expect split_destroyed_parent    0 '' 'shmem_team_split_strided: parent_team = 0x[0-9a-f]+ is not a valid team'
expect split_2d_invalid_parent   0 '' "!$quiet"
expect split_fails_on_one_pe     0 '' 'shmem_team_split_strided: stride = 0 with size = 2' 'shmem_team_split_strided: the call failed on PE 0 of the parent team \(see its message\): no team was made'
expect split_mixed_sizes         0 '' 'shmem_team_split_strided: PE [01] passed other arguments than this PE \(PE [01]\): every member of the parent team must pass the same'
expect split_2d_null_on_one_pe   0 '' 'shmem_team_split_2d: yaxis_team = NULL' 'shmem_team_split_2d: the call failed on PE 1'
expect split_2d_xrange_0         0 '' 'shmem_team_split_2d: xrange = 0 must be positive'
expect get_config_invalid        0 '' "!$quiet"
expect get_config_null_config    0 '' 'shmem_team_get_config: config = NULL with config_mask = 0x1'

# The OpenSHMEM 1.6 routines.
expect std_query_initialized_null fail '' 'shmem_query_initialized: initialized = NULL'
expect ibput_dst_below_bsize      fail '' 'shmem_long_ibput: dst = 2 is smaller than bsize = 3'
expect ibget_sst_below_bsize      fail '' 'shmem_ctx_ibget32: sst = 1 is smaller than bsize = 2'
expect ibput_negative_stride      fail '' 'shmem_ibput64: dst = -4 is smaller than bsize = 1'
expect ibput_stride_overflow      fail '' 'shmem_int_ibput: dest stride [0-9]+ over 8 blocks overflows'
expect ibput_past_static_end      fail '' 'shmem_long_ibput' 'dest = .*runs past the end of the symmetric static data'
expect ibget_source_on_stack      fail '' 'shmem_long_ibget' 'source = .*not a symmetric address'
expect ibput_pe_out_of_range      fail '' 'shmem_long_ibput: pe = 7 is out of range \[0, 2\)'
expect ibput_ctx_invalid          fail '' 'shmem_ctx_long_ibput: ctx = SHMEM_CTX_INVALID'
expect signal_add_ctx_invalid     fail '' 'shmem_ctx_signal_add: ctx = SHMEM_CTX_INVALID'
expect signal_set_misaligned      fail '' 'shmem_signal_set: sig_addr = 0x[0-9a-f]+ is not aligned'
expect pe_quiet_null              fail '' 'shmem_pe_quiet: target_pes = NULL with npes = 1'
expect pe_quiet_out_of_range      fail '' 'shmem_pe_quiet: target_pes\[1\] = 7 is out of range \[0, 2\)'
expect ctx_pe_quiet_invalid       fail '' 'shmem_ctx_pe_quiet: ctx = SHMEM_CTX_INVALID'
expect session_unknown_mask       fail '' 'shmem_ctx_session_start: config_mask = 0x10 names no field'
expect session_null_config        fail '' 'shmem_ctx_session_start: config = NULL with config_mask = 0x1'
expect session_destroyed_ctx      fail '' 'shmem_ctx_session_stop: ctx = 0x[0-9a-f]+ is not a valid context'
expect scan_destroyed_team        fail '' 'shmem_long_sum_inscan: team = 0x[0-9a-f]+ is not a valid team'
expect team_ptr_destroyed_team    fail '' 'shmem_team_ptr: team = 0x[0-9a-f]+ is not a valid team'
expect ibput_after_last_finalize  fail '' 'shmem_long_ibput: called before shmem_init'

# Environment: bad values name the variable and end the job; unknown
# ROCSHMEM_, SHMEM_ and SMA_ variables (typos) are named in a warning only,
# with the nearest known name.
expect just_init                 fail 'SHMEM_SYMMETRIC_SIZE=abc' "SHMEM_SYMMETRIC_SIZE='abc' is not a valid size"
expect just_init                 fail 'ROCSHMEM_HEAP_SIZE=lots' "ROCSHMEM_HEAP_SIZE='lots'"
expect just_init                 fail 'SHMEM_SYMMETRIC_SIZE=-1M' 'SHMEM_SYMMETRIC_SIZE'
expect just_init                 fail 'SHMEM_SYMMETRIC_SIZE=0' 'SHMEM_SYMMETRIC_SIZE'
expect just_init                 fail 'ROCSHMEM_STATIC_DATA=maybe' "ROCSHMEM_STATIC_DATA='maybe' is not a valid bool"
expect just_init                 fail 'ROCSHMEM_BOOTSTRAP=carrier-pigeon' 'ROCSHMEM_BOOTSTRAP'
expect just_init                 0 'ROCSHMEM_TYPO=1' 'WARN' 'unknown environment variable.*ROCSHMEM_TYPO'
expect just_init                 0 'SHMEM_SYMETRIC_SIZE=1G SMA_DEBG=1' 'WARN: shmem_init: ignoring unknown environment variable.*SHMEM_SYMETRIC_SIZE \(did you mean SHMEM_SYMMETRIC_SIZE\?\)' 'SMA_DEBG \(did you mean SMA_DEBUG\?\)'
expect heap_size_mismatch        fail '' 'symmetric heap size differs between PEs' 'SHMEM_SYMMETRIC_SIZE'

# Families the sections above leave out: misaligned signal and lock words,
# non-symmetric locks, gets and collectives past the heap, the other entry
# points that take a comparison or a signal operator.
expect signal_misaligned         fail '' 'shmem_putmem_signal: sig_addr = 0x[0-9a-f]+ is not aligned to 8 bytes'
expect signal_nbi_bad_sig_op     fail '' 'shmem_putmem_signal_nbi: sig_op = 5 is neither'
expect test_bad_cmp              fail '' 'shmem_int_test: cmp = 77 is not one of'
expect lock_not_symmetric        fail '' 'shmem_set_lock' 'not a symmetric address'
expect lock_misaligned           fail '' 'shmem_set_lock' 'is not aligned to 8 bytes'
expect lock_clear_not_held       fail '' 'shmem_clear_lock: lock = 0x[0-9a-f]+ is not held by this PE'
expect lock_set_twice            fail '' 'shmem_set_lock: lock = 0x[0-9a-f]+ is already held by this PE'
expect lock_not_zeroed           fail '' 'shmem_set_lock: lock = 0x[0-9a-f]+ names PE 12344 .*not a lock word'
expect get_past_heap_end         fail 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_getmem' 'source = .*runs past the end of the symmetric heap'
expect fcollect_past_heap_end    fail 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_long_fcollect' 'runs past the end of the symmetric heap'
expect bcast_count_overflow      fail '' 'shmem_long_broadcast' 'nelems = [0-9]+ .*overflows'
expect bcast_dest_past_heap_end  fail 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_long_broadcast: dest = .*runs past the end of the symmetric heap'
expect reduce_dest_past_heap_end fail 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_long_sum_reduce: dest = .*runs past the end of the symmetric heap'
expect alltoalls_dst_past_heap_end fail 'SHMEM_SYMMETRIC_SIZE=1M' 'shmem_long_alltoalls: dest = .*length 8388616 .*runs past the end'
# Without SHMEM_DEBUG the same-node message path still compares each
# message's length with this PE's count.
expect debug_nelems_mismatch     fail '' "shmem_long_fcollect: this PE's nelems make (8|16) bytes but PE [01] sent (8|16)"
expect debug_bcast_nelems_mismatch fail '' "shmem_long_broadcast: this PE's nelems make 16 bytes but PE 0 sent 8"
expect query_initialized_null    fail '' 'shmemx_query_initialized: initialized = NULL'

# Hangs: a wait that outlasts ROCSHMEM_WAIT_TIMEOUT ends the job naming the
# call and what it waits for (bad_input.c: PE 0 computes for 30 s in place of
# skipping the call); one shorter than the limit is left alone.  Over tcp a
# barrier spanning nodes waits in MPI's messages (sync/boot_comm.cc).
waited='has waited 2 s \(ROCSHMEM_WAIT_TIMEOUT\) for'
expect wait_timeout_barrier      fail 'ROCSHMEM_WAIT_TIMEOUT=2' "shmem_barrier_all: PE 1 $waited the synchronization signal of PE 0"
expect wait_timeout_fcollect     fail 'ROCSHMEM_WAIT_TIMEOUT=2' "shmem_long_fcollect: PE 1 $waited a collective message from PE 0"
expect wait_timeout_wait_until   fail 'ROCSHMEM_WAIT_TIMEOUT=2' "shmem_long_wait_until: PE 0 $waited ivar to satisfy the comparison"
expect wait_timeout_lock         fail 'ROCSHMEM_WAIT_TIMEOUT=2' "shmem_set_lock: PE 1 $waited the lock to be handed over by its previous holder, PE 0"
expect wait_timeout_not_reached  0 'ROCSHMEM_WAIT_TIMEOUT=5' ''
expect just_init                 fail 'ROCSHMEM_WAIT_TIMEOUT=-1' 'ROCSHMEM_WAIT_TIMEOUT = -1 must not be negative'
if ! "${ROCTEST_BUILDDIR:-.}/tools/rocshmem_info" --build | grep -Eq '^UCX: +no'; then
  expect wait_timeout_barrier    fail 'ROCSHMEM_WAIT_TIMEOUT=2 ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,self' \
    "shmem_barrier_all: PE 1 $waited the MPI messages of a synchronization or collective spanning nodes"
fi

# One call of every family before shmem_init and after shmem_finalize
# (bad_input.c's lifecycle table).
for family in rma amo signal wait lock malloc free ctx team coll sync quiet ptr; do
  expect before_init/$family     fail '' 'shmem_[a-z_]+: called before shmem_init'
  expect after_finalize/$family  fail '' 'shmem_[a-z_]+: called before shmem_init/rocshmem_init \(or after finalize\)'
done

# The whole job ends, with the right status, even when only one PE fails.
expect error_on_one_pe           fail '' 'shmem_putmem: pe = 99'
expect global_exit_7             7 ''

finish_cases
echo "# bad_input: tried $tap_count cases, $tap_failed failed"
tap_finish
