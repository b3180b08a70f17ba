#!/bin/bash
# rocshmem4py's tests on a GPU machine, against a GPU build of rocshmem.
#
#   bash tests/python/run_gpu_python_tests.sh BUILD_OR_PREFIX
#
# BUILD_OR_PREFIX is either
#  - an installation of a --with-cuda (or --with-hip) build: a folder with
#    include/rocshmem/rocshmem.h (and shmem.h, shmemx.h) and
#    lib/librocshmem.so, e.g. what `make install` (or `make install
#    DESTDIR=...`) wrote; only include/ and lib/librocshmem.so* are needed;
#  - or such a build tree itself (BUILD/.libs/librocshmem.so), with this
#    source tree's headers.
# From the repository root (the tests, examples and package sources are
# taken from here), on a machine with the GPU, a C++17 compiler, Open MPI's
# mpirun and a Python 3 with torch (CUDA or ROCm), numpy, mpi4py and pytest,
# and pybind11 (or torch's copy of its headers).  No autotools, no Check.
#
# What it does:
#  1. prints the machine (GPUs, Python, torch, mpirun);
#  2. compiles the native module from python/src against the library (into a
#     scratch folder; nothing is written into the tree) and checks that it
#     loads and sees a GPU build;
#  3. runs the 2-PE tests: mpirun -np 2 python -m pytest (every tests/python
#     file not marked `single`: GPU memory, torch tensors, stream routines,
#     and the host-API tests, here on GPU memory), then again with
#     ROCSHMEM_GPU=off (the host-heap tests, and a GPU build without a GPU
#     heap), then the collectives (marker any_pes) with 1 and 4 PEs;
#  4. runs the single-process tests: torchrun --nproc_per_node 2 with
#     init_with_torch, the unique-ID launch, the examples under mpirun (the
#     NumPy one with ROCSHMEM_GPU=off), exits and misuse before init, and the
#     pip install into a venv when BUILD_OR_PREFIX is an installation;
#  5. prints one TAP line per test (a test fails if it failed on any PE) and
#     the summary "N passed, N failed, N skipped"; exits non-zero on failure.
#
# pytest is pure Python: where the GPU machine's Python lacks it, bundle the
# one of this (Debian) machine and carry it along:
#   here:   bash tests/python/run_gpu_python_tests.sh --bundle-pytest build-pytest
#   there:  PYTEST_PATH=build-pytest bash tests/python/run_gpu_python_tests.sh PREFIX
# (a folder named build-pytest at the repository root is found by itself).
#
# Environment: PYTHON (default python3), CXX (default c++), NP (PEs of the
# main launches, default 2; the tests assume 2 outside the collectives),
# ANY_PES_NPS (the collectives' other PE counts, default "1 4"), TIMEOUT
# (seconds per launch, default 900), MPS (1: start the CUDA MPS daemon when
# nvidia-cuda-mps-control is found and stop it at the end, so that the PEs
# sharing a GPU run concurrently; 0: leave it; default 1),
# PYTEST_ARGS (extra pytest arguments, e.g. "-k stream"), LAUNCHES (which of
# the launches of step 3 and 4 run, default "mpi mpi-gpu-off any-pes single":
# a short device session can run the GPU-heap ones alone), KEEP=1 (keep the
# scratch folder and print its path), REQUIRE_GPU=0 (run even without a GPU
# or against a CPU build: a dry run of this script on any machine, where the
# GPU tests skip).
set -u
python=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ "${1:-}" = --bundle-pytest ]; then
  dest=${2:?usage: $0 --bundle-pytest DIR}
  mkdir -p "$dest"
  # pytest 7 and what it imports, wherever this Python has them.
  for module in pytest _pytest py pluggy iniconfig packaging attr attrs exceptiongroup tomli; do
    path=$("$python" -c "import $module, os; f = $module.__file__; print(os.path.dirname(f) if f.endswith('__init__.py') else f)" 2>/dev/null) || continue
    cp -r "$path" "$dest/" && echo "bundled $module from $path"
  done
  find "$dest" -name __pycache__ -prune -exec rm -rf {} +
  exit 0
fi

target=$(cd "${1:?usage: $0 BUILD_OR_PREFIX   (or --bundle-pytest DIR)}" && pwd) || exit 2
say() { echo "# $*"; }
die() { echo "Bail out! $*"; exit 2; }

# ---------------------------------------------------------------- the library
if [ -f "$target/include/rocshmem/rocshmem.h" ]; then
  includes=(-I"$target/include")
  libdir=$target/lib
  [ -e "$libdir/librocshmem.so" ] || libdir=$target/lib64
  prefix=$target
elif [ -f "$target/.libs/librocshmem.so" ]; then
  includes=(-I"$root/include" -I"$target/include" -I"$root/oshmem_compat")
  libdir=$target/.libs
  prefix=
else
  die "$target is neither an installation (include/rocshmem/rocshmem.h, lib/librocshmem.so) nor a build tree (.libs/librocshmem.so)"
fi
[ -e "$libdir/librocshmem.so" ] || die "no librocshmem.so in $libdir"

# ---------------------------------------------------------------- the machine
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 PYTHONDONTWRITEBYTECODE=1
command -v nvidia-smi >/dev/null && nvidia-smi -L 2>&1 | sed 's/^/# /'
command -v rocm-smi >/dev/null && rocm-smi --showproductname 2>&1 | sed 's/^/# /'
command -v "$python" >/dev/null || die "no Python: set PYTHON"
"$python" --version 2>&1 | sed 's/^/# /'
command -v mpirun >/dev/null || die "no mpirun on PATH"
mpirun --version 2>&1 | head -n 1 | sed 's/^/# /'
# The bundle only where this Python has no pytest: an older bundled pytest
# breaks the plugins (pytest-timeout, ...) a Python with its own pytest has.
if [ -z "${PYTEST_PATH:-}" ] && [ -d "$root/build-pytest" ] &&
  ! "$python" -c 'import pytest' 2>/dev/null; then
  PYTEST_PATH=$root/build-pytest
fi
pythonpath_extra=${PYTEST_PATH:+$(cd "$PYTEST_PATH" && pwd)}
# A bundled pytest cannot run the plugins installed for that Python's own
# pytest (they fail at start-up): load none.
[ -n "$pythonpath_extra" ] && export PYTEST_DISABLE_PLUGIN_AUTOLOAD=1
for module in pytest numpy mpi4py torch; do
  version=$(PYTHONPATH=$pythonpath_extra "$python" -c "import $module; print($module.__version__)" 2>/dev/null) ||
    die "$python cannot import $module$( [ "$module" = pytest ] && echo ' (see --bundle-pytest above)')"
  say "$module $version"
done
# pybind11's headers: the pybind11 package's, else the copy torch ships in its
# include folder (torch's own extensions compile against it).
if pybind_flags=$("$python" -m pybind11 --includes 2>/dev/null); then
  say "pybind11 $("$python" -c 'import pybind11; print(pybind11.__version__)')"
else
  pybind_flags=$("$python" -c 'import os, sysconfig, torch
inc = os.path.join(os.path.dirname(torch.__file__), "include")
assert os.path.isfile(os.path.join(inc, "pybind11", "pybind11.h"))
print("-I" + sysconfig.get_paths()["include"], "-I" + inc)' 2>/dev/null) ||
    die "$python has neither pybind11 nor torch's copy of its headers"
  say "pybind11 headers from torch: $pybind_flags"
fi
"$python" -c 'import torch; print("# torch sees", torch.cuda.device_count(), "GPU(s); CUDA", torch.version.cuda, "HIP", torch.version.hip)'
require() { # CONDITION-COMMAND... MESSAGE: dies unless REQUIRE_GPU=0
  local message=${*: -1}
  "${@:1:$#-1}" && return
  if [ "${REQUIRE_GPU:-1}" = 0 ]; then say "warning: $message (REQUIRE_GPU=0: going on)"; else die "$message"; fi
}
require "$python" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' \
  "torch sees no GPU (torch.cuda.is_available() is False)"

# ---------------------------------------------------------------- build the module
work=$(mktemp -d "${TMPDIR:-/tmp}/rocshmem4py-gpu.XXXXXX") || exit 2
mps_started=0
mps_control=${MPS_CONTROL:-/usr/local/nvidia/bin/nvidia-cuda-mps-control}
[ -x "$mps_control" ] || mps_control=$(command -v nvidia-cuda-mps-control || true)
cleanup() {
  if [ "$mps_started" = 1 ]; then echo quit | "$mps_control" >/dev/null 2>&1; fi
  if [ "${KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
pkg=$work/site
mkdir -p "$pkg"
cp -r "$root/python/rocshmem4py" "$pkg/"
suffix=$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
read -r -a pybind_includes <<<"$pybind_flags"
say "compiling python/src/*.cc against $libdir"
start=$SECONDS
mkdir -p "$work/obj"
# One compiler per source, all at once: pybind11 code is slow to compile.
compiled=1 pids=()
for source in "$root"/python/src/*.cc; do
  object=$work/obj/$(basename "$source" .cc)
  "${CXX:-c++}" -O2 -std=c++17 -fPIC -fvisibility=hidden "${pybind_includes[@]}" \
    "${includes[@]}" -c "$source" -o "$object.o" >"$object.log" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || compiled=0; done
cat "$work"/obj/*.log >"$work/compile.log"
[ "$compiled" = 1 ] && "${CXX:-c++}" -shared "$work"/obj/*.o -L"$libdir" -Wl,-rpath,"$libdir" \
  -lrocshmem -o "$pkg/_rocshmem4py$suffix" >>"$work/compile.log" 2>&1 || {
  tail -n 40 "$work/compile.log" | sed 's/^/# /'
  die "the native module does not compile (log above)"
}
say "compiled in $((SECONDS - start)) s"
export PYTHONPATH=$pkg${pythonpath_extra:+:$pythonpath_extra}
platform=$("$python" -c 'import _rocshmem4py; print(_rocshmem4py._gpu_platform())' 2>&1) ||
  die "the module does not load: $platform"
require test "$platform" != none "$libdir/librocshmem.so is a CPU-only build (configure --with-cuda)"
say "rocshmem4py loads; GPU platform of the library: $platform"
if [ "${MPS:-1}" = 1 ] && [ -n "$mps_control" ] && ! pgrep -x nvidia-cuda-mps >/dev/null 2>&1; then
  "$mps_control" -d && mps_started=1 && say "MPS started (PEs sharing a GPU run concurrently)"
fi

# ---------------------------------------------------------------- the launches
n=0 passed=0 failed=0 skipped=0
report() { # NAME RANKS RC: one TAP line per test of a launch, from its results
  local name=$1 ranks=$2 rc=$3 status desc directive before=$n
  while IFS=$'\t' read -r status desc directive; do
    case "$status" in
      "#"*) echo "$status"; continue ;;
    esac
    n=$((n + 1))
    if [ "$status" != 0 ]; then
      failed=$((failed + 1)); echo "not ok $n - $desc"
    elif [ -n "$directive" ]; then
      skipped=$((skipped + 1)); echo "ok $n - $desc # $directive"
    else
      passed=$((passed + 1)); echo "ok $n - $desc"
    fi
  done < <("$python" "$here/tap_report.py" "$name" "$ranks" "$work/$name")
  n=$((n + 1))
  # pytest's 1 (some test failed) is a normal end only if tests reported: a
  # pytest that dies before its first test (a broken plugin, say) also exits 1.
  [ "$n" -gt $((before + 1)) ] || [ "$rc" = 5 ] || rc="$rc, and no test reported a result"
  case $rc in
    0 | 1 | 5) passed=$((passed + 1)); echo "ok $n - $name: the launch ended normally (status $rc)" ;;
    *) failed=$((failed + 1)); echo "not ok $n - $name: the launch ended with status $rc"
       tail -n 60 "$work/$name".*out | sed 's/^/# /' ;;
  esac
}
pytest_args=(-p no:cacheprovider -rs -v --rootdir="$here" ${PYTEST_ARGS:-})
np=${NP:-2}
limit=${TIMEOUT:-900}

launch() { # NAME PES MARKERS: one mpirun of pytest, its results in $work/NAME
  mkdir -p "$work/$1"
  ROCSHMEM4PY_RESULTS=$work/$1 timeout -k 10 "$limit" mpirun -np "$2" --bind-to none \
    -x PYTHONPATH -x ROCSHMEM4PY_RESULTS -x PYTHONDONTWRITEBYTECODE sh -c \
    "exec \"$python\" -m pytest ${pytest_args[*]} -m '$3' \"$here\" \
       >\"$work/$1.rank\$OMPI_COMM_WORLD_RANK.out\" 2>&1"
  report "$1" "$2" $?
}
launches=" ${LAUNCHES:-mpi mpi-gpu-off any-pes single} "
chosen() { case $launches in *" $1 "*) return 0 ;; esac; return 1; }
if chosen mpi; then
  say "2-PE tests: mpirun -np $np python -m pytest -m 'not single'"
  launch mpi "$np" 'not single'
fi
# The same with the GPU heap off: the host-heap tests, and a GPU build's
# answers without a GPU heap (stream routines refused with the reason).
if chosen mpi-gpu-off; then
  say "2-PE tests with ROCSHMEM_GPU=off (host heap in a GPU build)"
  ROCSHMEM_GPU=off launch mpi-gpu-off "$np" 'not single'
fi
# The collectives (marker any_pes) with other PE counts, as make check runs
# them on host memory: here on the GPU heap.
if chosen any-pes; then
  for other in ${ANY_PES_NPS-1 4}; do
    say "collectives with $other PE(s): mpirun -np $other python -m pytest -m 'any_pes and not single'"
    launch "mpi-np$other" "$other" 'any_pes and not single'
  done
fi

if chosen single; then
  say "single-process tests: torchrun, unique ID, examples, exits"
  mkdir -p "$work/single"
  ROCSHMEM4PY_RESULTS=$work/single ROCTEST_STAGE_PREFIX=$prefix ROCTEST_SRCDIR=$root \
    timeout -k 10 "$limit" "$python" -m pytest "${pytest_args[@]}" -m single "$here" \
    >"$work/single.out" 2>&1
  report single 1 $?
fi

echo "1..$n"
[ "${KEEP:-0}" = 1 ] && say "logs: $work/mpi*.rank*.out, $work/single.out"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
