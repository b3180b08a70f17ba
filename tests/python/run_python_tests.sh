#!/bin/sh
# rocshmem4py's tests for `make check`: pytest in two launches, one TAP case
# per pytest test (tests/python/README.md).
#  - 2 PEs: mpirun -np 2 PYTHON -m pytest (files not marked `single`; the
#    GPU files skip without a GPU heap);
#  - 1 and 4 PEs: the tests marked `any_pes` (the collectives);
#  - 1 process: PYTHON -m pytest -m single (tests that start their own
#    processes: unique-ID launch, torchrun, the examples, pip install into a
#    venv, calls before init).
# Every rank writes its results (conftest.py); a test fails if it failed on
# any rank, or a rank has no result for it.  The package is the one `make
# check` staged with `make install DESTDIR=...` (ROCTEST_STAGE_ROOT).
# Missing Python parts skip with the reason.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

srcdir=${ROCTEST_SRCDIR:-.}
python=${ROCTEST_PYTHON:-/usr/bin/python3}
tests=$srcdir/tests/python

if [ "${ROCTEST_PYTHON_BUILT:-no}" != yes ]; then
  echo "1..0 # SKIP rocshmem4py is not built (configure found no pybind11/Python.h for" \
    "PYTHON=$python; Debian: python3-dev python3-pybind11)"
  exit 0
fi
if ! "$python" -c 'import pytest' 2>/dev/null; then
  echo "1..0 # SKIP pytest is missing for $python (Debian: python3-pytest)"
  exit 0
fi

# The staged installation: the package, and the library it links.
PYTHONPATH=$ROCTEST_STAGE_ROOT$ROCTEST_PYEXECDIR${PYTHONPATH:+:$PYTHONPATH}
LD_LIBRARY_PATH=$ROCTEST_STAGE_ROOT$ROCTEST_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
PYTHONDONTWRITEBYTECODE=1 # nothing written into the source tree
export PYTHONPATH LD_LIBRARY_PATH PYTHONDONTWRITEBYTECODE
: "${OMPI_ALLOW_RUN_AS_ROOT:=1}"
: "${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:=1}"
: "${OMPI_MCA_rmaps_base_oversubscribe:=1}"
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rocpy.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
limit=${ROCTEST_TIMEOUT:-900}
pytest_args="-p no:cacheprovider -rs -v --durations=5 --rootdir=$tests"

# launch NAME RANKS COMMAND...: runs a pytest launch with its results in
# $tmp/NAME and reports its tests; the launch's own status is one more case.
launch() {
  name=$1 ranks=$2
  shift 2
  mkdir -p "$tmp/$name"
  ROCSHMEM4PY_RESULTS=$tmp/$name timeout -k 10 "$limit" "$@" >"$tmp/$name.out" 2>&1
  rc=$?
  for out in "$tmp/$name".rank*.out; do
    [ -f "$out" ] && { echo "==== ${out##*/}"; cat "$out"; } >>"$tmp/$name.out"
  done
  "$python" "$tests/tap_report.py" "$name" "$ranks" "$tmp/$name" >"$tmp/$name.tap"
  while IFS="$(printf '\t')" read -r status desc directive; do
    case "$status" in
      "#"*) printf '%s\n' "$status" ;;
      *) tap_result "$status" "$desc" "$directive" ;;
    esac
  done <"$tmp/$name.tap"
  # pytest: 0 all passed, 1 some failed (reported above), 5 none collected.
  case $rc in
    0 | 1 | 5) ok=0 ;;
    124) ok=1; echo "# $name: stopped after $limit s (ROCTEST_TIMEOUT)" ;;
    *) ok=1 ;;
  esac
  if [ "$ok" -ne 0 ] || grep -q '^1' "$tmp/$name.tap"; then
    echo "# ---- $name: output (last 150 lines)"
    tail -n 150 "$tmp/$name.out" | tap_diag
  fi
  tap_result "$ok" "$name: the launch ended normally (status $rc)"
}

if "$python" -c 'import mpi4py' 2>/dev/null; then
  # Each rank's output to its own file: interleaved pytest output is unreadable.
  launch mpi-np2 2 mpirun -np 2 sh -c \
    "exec '$python' -m pytest $pytest_args -m 'not single' '$tests' \
       >'$tmp/mpi-np2.rank'\$OMPI_COMM_WORLD_RANK'.out' 2>&1"
  # The collectives again with 1 and 4 PEs (4 oversubscribe small machines).
  for np in 1 4; do
    launch mpi-np$np $np mpirun -np $np sh -c \
      "exec '$python' -m pytest $pytest_args -m 'any_pes and not single' '$tests' \
         >'$tmp/mpi-np$np.rank'\$OMPI_COMM_WORLD_RANK'.out' 2>&1"
  done
else
  tap_skip "mpi-np2: the 2-PE tests" "mpi4py is missing for $python (Debian: python3-mpi4py)"
fi
launch single 1 "$python" -m pytest $pytest_args -m single "$tests"
tap_finish
