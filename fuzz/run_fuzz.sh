#!/bin/sh
# Runs every libFuzzer target of fuzz/local.mk for a bounded time, one TAP
# case each: ok when it found nothing; SKIP with the reason when it was not
# built (no clang++ with libFuzzer: configure --enable-fuzzers says why).
#
# Environment: ROCTEST_FUZZ_TIME (seconds per target, default 20),
# ROCTEST_FUZZ_TARGETS (set by make check).  A finding's input is kept as
# fuzz/crash-NAME-* in the build tree; replay it with `fuzz/fuzz_NAME FILE`.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

build=${ROCTEST_BUILDDIR:-.}
seconds=${ROCTEST_FUZZ_TIME:-20}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzz.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# The library's own variables must not leak into config_load's inputs.
unset $(env | sed -n 's/^\(\(ROC\)\{0,1\}SHMEM_[A-Za-z0-9_]*\)=.*/\1/p')

for target in ${ROCTEST_FUZZ_TARGETS:-fuzz/fuzz_env}; do
  name=${target#fuzz/fuzz_}
  bin=$build/$target
  if [ ! -x "$bin" ]; then
    tap_skip "fuzz $name" "not built: configure found no C++ compiler with libFuzzer (${ROCTEST_FUZZ_CXX:-clang++}; Debian: apt-get install clang libclang-rt-14-dev)"
    continue
  fi
  corpus=$tmp/$name
  mkdir -p "$corpus"
  # Seeds where the target has some (libFuzzer stops on a missing folder).
  seeds=${ROCTEST_SRCDIR:-.}/fuzz/corpus/$name
  [ -d "$seeds" ] || seeds=
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$build/fuzz/crash-$name-" "$corpus" ${seeds:+"$seeds"} \
    >"$tmp/$name.log" 2>&1
  rc=$?
  runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$tmp/$name.log")
  tap_result $rc "fuzz $name for ${seconds} s: no finding (${runs:-?} inputs)"
  if [ $rc -ne 0 ]; then
    grep -E 'fuzz_|runtime error|ERROR|SUMMARY|Test unit written' "$tmp/$name.log" | head -n 20 | tap_diag
  fi
done
tap_finish
