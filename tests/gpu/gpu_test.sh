#!/bin/sh
# Runs a GPU test program on NP PEs sharing this machine's GPU(s) through
# tests/mpirun_test.sh, or skips it (TAP "1..0 # SKIP no GPU") when no GPU
# is present: the program itself answers `PROG --probe-gpu` (exit 77: none).
#
# Usage: gpu_test.sh NP PROGRAM [ARGS...]   (ROCTEST_* as for mpirun_test.sh)
if [ $# -lt 2 ]; then
  echo "usage: $0 NP PROGRAM [ARGS...]" >&2
  exit 99
fi
"$2" --probe-gpu >/dev/null 2>&1
case $? in
  0) ;;
  77) echo "1..0 # SKIP no GPU"; exit 0 ;;
  *) echo "Bail out! $2 --probe-gpu failed"; exit 99 ;;
esac
exec /bin/sh "$(dirname "$0")/../mpirun_test.sh" "$@"
