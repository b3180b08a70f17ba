#!/usr/bin/env bash
# The README's test command: installs dependencies, builds rocshmem out of
# tree in build/ and runs the whole test suite (make check), then prints one
# summary line, always the last line of output:
#
#   N passed, N failed[, N skipped]
#
# passed = PASS + XFAIL, failed = FAIL + XPASS + ERROR, counted over every
# ":test-result:" line of the automake .trs files (one per TAP test case).
# The exit status is non-zero when something failed or no test ran at all.
#
#   bash scripts/test.sh [extra configure arguments, e.g. --enable-debug]
#
# Environment: MAKE_JOBS (default 2), TEST_TIMEOUT (seconds for make check,
# default 3600), SKIP_DEPS=1 (do not run setup-deps.sh), SANITIZE=0 (skip
# the ASan+UBSan pass below, which is on by default, so CI runs it),
# SANITIZE_TESTS (its tests; "all" for every functional and stress test),
# TSAN=1 (add the ThreadSanitizer pass, off by default), GPU_CHECKS=0 (skip
# the GPU compile checks).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
jobs=${MAKE_JOBS:-2}
check_timeout=${TEST_TIMEOUT:-3600}
configure_args=("$@")
cd "$root"
exec </dev/null # nothing below may wait for input (CI has none)

# Until the summary, a failing step still ends on the summary line.
step=""
on_exit() {
  local rc=$?
  if [ -n "$step" ]; then
    echo "test.sh: FAILED while running: $step (exit status $rc); see the output above" >&2
    echo "0 passed, 1 failed"
    exit 1
  fi
}
trap on_exit EXIT
# Seconds per step, printed before the summary (CI's budget is watched).
step_times=""
took() { # NAME START
  step_times="${step_times:+$step_times, }$1 $((SECONDS - $2)) s"
}
run() {
  local start=$SECONDS
  step="$*"
  echo "==> $*"
  "$@"
  echo "    ($((SECONDS - start)) s)"
}

# The .trs files of this build (not of a leftover `make distcheck` tree).
find_trs() {
  find "$build" -path "$build/rocshmem-*" -prune -o -name '*.trs' -print
}

# mpirun refuses root without these, and the tests start more PEs than CI has cores.
if [ "$(id -u)" -eq 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
export OMPI_MCA_rmaps_base_oversubscribe=1

if [ "${SKIP_DEPS:-0}" != 1 ]; then
  deps_start=$SECONDS
  run bash scripts/setup-deps.sh
  took deps "$deps_start"
fi
if [ -f config.status ]; then
  step="configure"
  echo "test.sh: the source tree is configured in place (config.status); run 'make distclean' there first" >&2
  exit 1
fi
build_start=$SECONDS
run ./autogen.sh
mkdir -p "$build"
cd "$build"
run ../configure --prefix="$root/install" "$@"
run make -j"$jobs"
took build "$build_start"

# Results of earlier runs must not count again (a test may have been removed).
find_trs | while IFS= read -r trs; do
  rm -f "$trs" "${trs%.trs}.log"
done
rm -f "$build"/test-suite.log

# ---------------------------------------------------------------- beside make check
# The sanitizer builds and the GPU compile checks (below) need no test slot,
# so they run in the background, at the lowest CPU priority, while make
# check runs: the tests spend most of their wall time waiting (launcher
# start-up, PEs of oversubscribed runs yielding, the time limits of the fault
# and timeout cases: bad_input.sh used 32 CPU seconds in 120), and the
# compiles fill those gaps.  Each background step writes "NAME STATUS
# SECONDS" to $results when it ends; the steps after make check wait for the
# ones they need.  GPU_CHECKS=0 and SANITIZE=0 leave theirs out.
results=$build/background-results
: >"$results"
background_step() { # NAME LOG COMMAND...: COMMAND's output to LOG, its result to $results
  local name=$1 log=$2 start=$SECONDS rc=0
  shift 2
  "$@" >"$log" 2>&1 </dev/null || rc=$?
  echo "$name $rc $((SECONDS - start))" >>"$results"
}
background_wait() { # NAME: until the background step NAME has ended
  while ! grep -q "^$1 " "$results"; do
    kill -0 "$background_pid" 2>/dev/null || return 0
    sleep 2
  done
}
background_result() { # NAME: its status (empty when it did not run)
  sed -n "s/^$1 \([0-9]*\) .*/\1/p" "$results"
}

# ---------------------------------------------------------------- sanitizer builds
# Second builds with sanitizers, in build/sanitize (ASan+UBSan) and
# build/tsan (ThreadSanitizer), so their .trs files count in the summary
# below.  Each runs `make check-sanitize` after make check, whose subset
# depends on the sanitizer (tests/sanitizers/local.mk): under ASan+UBSan
# every functional program on 2 PEs on one node and on two emulated nodes,
# the stress, fault, other-user, bad-input, singleton, unique-id and unit
# suites (about 6000 cases; SANITIZE_TESTS=all for the whole functional
# suite); under TSan the threaded programs and the paths with a library
# thread (UCX progress thread, unique-id watchdog).  The ASan+UBSan pass is
# on by default, so CI runs it (see docs/internals/RELIABILITY.md);
# TSan would add as much again, so it is off (TSAN=1).  A pass that does not
# build counts as one failure; the rest still runs.
sanitizer_build() { # DIR SANITIZERS
  local dir="$build/$1" kind=$2
  # No Python extension: an interpreter that is not instrumented cannot load
  # a sanitized module (the runtime must come first).
  mkdir -p "$dir" && cd "$dir" &&
    ../../configure --prefix="$dir/install" --enable-sanitizers="$kind" \
      --disable-fuzzers --disable-python "${configure_args[@]}" && make -j"$jobs"
}
sanitizers=()
if [ "${SANITIZE:-1}" = 1 ]; then sanitizers+=("sanitize address,undefined"); fi
if [ "${TSAN:-0}" = 1 ]; then sanitizers+=("tsan thread"); fi

# ---------------------------------------------------------------- GPU compile checks
# CI has no GPU: prove the device code still builds for NVIDIA (nvcc, sm_90:
# host library, device library, GPU tests and example, a GPU build run
# without a GPU must fall back to host memory, and the installed oshcc must
# build a .cu program in one command) and for AMD (Debian's hipcc, gfx90a:
# device library and host library, at -O0: clang needs over 10 CPU minutes
# to optimize the device library, and a compile check does not need it).
# The CUDA check likewise compiles device code without NVVM's optimizer
# (-Xcicc -O0; ptxas still makes optimized sm_90 code of every kernel):
# optimized PTX (inlined, unrolled) is what made the device library slow to
# build (reduce_wg.cu: 69 CPU s, 10 with -Xcicc -O0, 51 with ptxas at -O0
# instead).  Both compile the host library at -O0 too (CFLAGS, CXXFLAGS):
# the main and sanitizer builds compile the same sources optimized, and
# these two builds are there for what the GPU platform changes (-O0 took
# the host library from 135 to about 100 s with CUDA, 109 to 81 with HIP).
# The installed oshcc compiles gpu_ring.cu with the configured flags.  No
# Python extension there: its sources are the same for CPU and GPU builds
# (the main build compiles them).
# Each check counts as one test case (its log: build-NAME.log at the top);
# a missing compiler skips it.  GPU_CHECKS=0 turns them off.
cuda_home=${CUDA_HOME:-/usr/local/cuda}
hip_home=${HIP_HOME:-/usr}
cuda_check() {
  rm -rf "$root/build-cuda" && mkdir -p "$root/build-cuda" && cd "$root/build-cuda" &&
    ../configure --with-cuda="$cuda_home" --without-ucx --without-hwloc --disable-python \
      --disable-fuzzers --prefix="$root/build-cuda/install" CFLAGS=-O0 CXXFLAGS=-O0 &&
    make -j"$jobs" GPU_CCFLAGS="$(sed -n 's/^GPU_CCFLAGS = //p' Makefile) -Xcicc -O0" \
      gpu-compile-check examples/hello &&
    out=$(ROCSHMEM_DEBUG_LEVEL=2 timeout 120 mpirun -np 2 examples/hello 2>&1) &&
    echo "$out" && echo "$out" | grep -q "Hello from PE 1 of 2" &&
    make install >/dev/null &&
    install/bin/oshcc "$root/examples/gpu_ring.cu" -o gpu_ring_by_oshcc && test -x gpu_ring_by_oshcc &&
    nvlink_register_error_explained
}
# oshcc turns nvlink's register-count refusal (a kernel bounded below what a
# device routine uses, linked without -dlto) into words: a compiler that
# fails with nvlink's line must leave that line and the explanation.
nvlink_register_error_explained() {
  printf '%s\n' '#!/bin/sh' \
    "echo \"nvlink error   : entry function 'k' with max regcount of 64 calls function 'rocshmem_fcollectmem_wg' with regcount of 116\" >&2" \
    'exit 255' >fake-nvcc && chmod +x fake-nvcc &&
    ! ROCSHMEM_GPUCC=./fake-nvcc install/bin/oshcc "$root/examples/gpu_ring.cu" -o x 2>nvlink.err &&
    grep -q "max regcount of 64" nvlink.err && grep -q "link with -dlto" nvlink.err
}
# Debian's hipcc 5.2.3 leaves an empty directory in $TMPDIR for every
# -fgpu-rdc compile (sync-d56620, ...): give it one inside the build.
hip_check() {
  rm -rf "$root/build-hip" && mkdir -p "$root/build-hip/tmp" && cd "$root/build-hip" &&
    ../configure --with-hip="$hip_home" --with-gpu-arch=gfx90a --without-ucx --without-hwloc \
      CFLAGS=-O0 CXXFLAGS=-O0 &&
    TMPDIR="$root/build-hip/tmp" \
      make -j"$jobs" GPU_CCFLAGS="-std=c++17 -O0 -x hip" librocshmem_device.a librocshmem.la
}
gpu_checks=()
if [ "${GPU_CHECKS:-1}" = 1 ]; then
  if [ -x "$cuda_home/bin/nvcc" ]; then gpu_checks+=(cuda); else
    echo "==> GPU compile check: cuda skipped ($cuda_home/bin/nvcc not found; set CUDA_HOME)"
  fi
  if [ -x "$hip_home/bin/hipcc" ]; then gpu_checks+=(hip); else
    echo "==> GPU compile check: hip skipped ($hip_home/bin/hipcc not found; set HIP_HOME)"
  fi
fi

step=""
echo "==> in the background, at the lowest priority: sanitizer builds (${sanitizers[*]:-none})," \
  "GPU compile checks (${gpu_checks[*]:-none})"
(
  trap - EXIT # the summary is the main script's
  renice -n 19 -p "$BASHPID" >/dev/null
  for s in "${sanitizers[@]}"; do
    read -r dir kind <<<"$s"
    background_step "build-$dir" "$build/build-$dir.log" sanitizer_build "$dir" "$kind"
  done
  for g in "${gpu_checks[@]}"; do background_step "$g" "$root/build-$g.log" "${g}_check"; done
) &
background_pid=$!

# ---------------------------------------------------------------- make check
# -k: build and run everything that can be, whatever fails first.
echo "==> make -k -j$jobs check"
check_start=$SECONDS
check_rc=0
# A hung test must not eat CI's whole budget: timeout ends make and every
# process under it (it signals its own process group).
timeout -k 30 "$check_timeout" make -k -j"$jobs" check || check_rc=$?
if [ "$check_rc" -eq 124 ]; then
  echo "test.sh: make check ran past ${check_timeout} s (TEST_TIMEOUT) and was stopped"
fi
echo "    ($((SECONDS - check_start)) s)"
took check "$check_start"
if [ "$check_rc" -ne 0 ] && [ "$check_rc" -ne 124 ] &&
  [ -z "$(find_trs)" ]; then
  # automake runs no test at all when one test program fails to build: run
  # the ones that did build, so one compile error does not hide every result.
  echo "==> make check ran no test (status $check_rc); running those that built: make -k test-suite.log"
  timeout -k 30 "$check_timeout" make -k -j"$jobs" test-suite.log || true
fi

# ---------------------------------------------------------------- sanitizer checks
san_failed=0
san_args=()
if [ "${SANITIZE_TESTS:-}" = all ]; then
  san_args=(SANITIZE_TESTS='$(SANITIZE_ALL_TESTS)')
elif [ -n "${SANITIZE_TESTS:-}" ]; then
  san_args=(SANITIZE_TESTS="$SANITIZE_TESTS")
fi
for s in "${sanitizers[@]}"; do
  read -r dir kind <<<"$s"
  start=$SECONDS
  background_wait "build-$dir"
  echo "==> sanitizer pass ($kind) in build/$dir: its build took" \
    "$(sed -n "s/^build-$dir [0-9]* \([0-9]*\)/\1/p" "$results") s in the background" \
    "(waited $((SECONDS - start)) s for it)"
  if [ "$(background_result "build-$dir")" != 0 ]; then
    echo "    FAILED: the $kind build did not configure or build; last lines of build/build-$dir.log:"
    tail -n 40 "$build/build-$dir.log"
    san_failed=$((san_failed + 1))
    continue
  fi
  echo "==> make check-sanitize ${san_args[*]} ($kind)"
  cd "$build/$dir"
  rc=0
  timeout -k 30 "$check_timeout" make -k -j"$jobs" check-sanitize "${san_args[@]}" || rc=$?
  [ "$check_rc" -ne 0 ] || check_rc=$rc
  cd "$build"
  echo "    ($((SECONDS - start)) s, status $rc)"
  took "$kind" "$start"
done

# ---------------------------------------------------------------- GPU check results
start=$SECONDS
wait "$background_pid" || true
gpu_passed=0 gpu_failed=0 gpu_skipped=$((2 - ${#gpu_checks[@]}))
[ "${GPU_CHECKS:-1}" = 1 ] || gpu_skipped=0
for g in "${gpu_checks[@]}"; do
  secs=$(sed -n "s/^$g [0-9]* \([0-9]*\)/\1/p" "$results")
  step_times="${step_times:+$step_times, }$g ${secs:-?} s (background)"
  if [ "$(background_result "$g")" = 0 ]; then
    gpu_passed=$((gpu_passed + 1))
    echo "==> GPU compile check: $g ok (${secs} s, in the background)"
  else
    gpu_failed=$((gpu_failed + 1))
    echo "==> GPU compile check: $g FAILED; last lines of build-$g.log:"
    tail -n 40 "$root/build-$g.log"
  fi
done
echo "    (waited $((SECONDS - start)) s for the background steps after the tests)"

# ---------------------------------------------------------------- summary
declare -A count=([PASS]=0 [FAIL]=0 [XFAIL]=0 [XPASS]=0 [SKIP]=0 [ERROR]=0)
failed_logs=()
while IFS= read -r trs; do
  bad=0
  while read -r _ result _; do
    case "$result" in
      PASS | FAIL | XFAIL | XPASS | SKIP | ERROR) count[$result]=$((count[$result] + 1)) ;;
      *) continue ;;
    esac
    case "$result" in FAIL | XPASS | ERROR) bad=1 ;; esac
  done < <(grep '^:test-result:' "$trs" || true)
  [ "$bad" -eq 0 ] || failed_logs+=("${trs%.trs}.log")
done < <(find_trs | sort)

passed=$((count[PASS] + count[XFAIL] + gpu_passed))
failed=$((count[FAIL] + count[XPASS] + count[ERROR] + gpu_failed + san_failed))
skipped=$((count[SKIP] + gpu_skipped))

for log in "${failed_logs[@]}"; do
  echo
  echo "======== failed: ${log#"$build"/} (last 60 lines)"
  if [ -f "$log" ]; then tail -n 60 "$log"; else echo "(no log)"; fi
done

echo
echo "test.sh: PASS ${count[PASS]}, XFAIL ${count[XFAIL]}, FAIL ${count[FAIL]}," \
  "XPASS ${count[XPASS]}, ERROR ${count[ERROR]}, SKIP $skipped" \
  "(from $(find_trs | wc -l) .trs files); GPU compile checks: $gpu_passed passed," \
  "$gpu_failed failed, $gpu_skipped skipped; sanitizer builds failed: $san_failed"
echo "test.sh: seconds per step: $step_times (total $SECONDS s)"
if [ "$check_rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  # Nothing failed inside a test, so make itself did (a test program that
  # does not compile, a broken harness, the time limit): a failure too.
  if [ "$check_rc" -eq 124 ]; then
    echo "test.sh: make check was stopped after ${check_timeout} s (make deletes the logs of" \
      "the tests it interrupts); counted as one failure"
  else
    echo "test.sh: make check exited with status $check_rc without a failing test case" \
      "(a test program failed to build?); see the make output above"
  fi
  failed=1
fi
if [ $((passed + failed)) -eq 0 ]; then
  echo "test.sh: no test ran"
fi

trap - EXIT
line="$passed passed, $failed failed"
[ "$skipped" -eq 0 ] || line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ] && [ $((passed + failed)) -gt 0 ]
