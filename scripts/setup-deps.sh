#!/usr/bin/env bash
# Installs what building, testing and running rocshmem needs on Debian 12
# (run as root, or as a user with sudo).  Idempotent: when every package is
# already installed it only checks, so repeated runs take a fraction of a
# second.  Works unattended (CI=true, no standard input).
#
#   bash scripts/setup-deps.sh              # the build/test/run dependencies
#   bash scripts/setup-deps.sh gdb ...      # the same plus extra packages
set -euo pipefail

packages=(
  build-essential autoconf automake libtool pkg-config make  # toolchain, autotools
  gfortran                                                   # oshfort, the Fortran API tests (optional, detected)
  openmpi-bin libopenmpi-dev                                 # MPI bootstrap, mpirun (required)
  libucx-dev                                                 # UCX (optional, detected)
  ucx-utils                                                  # ucx_perftest, ucx_info: bench/compare.sh -u's ceiling
  libhwloc-dev                                               # hwloc (optional, detected)
  check                                                      # unit tests (make check)
  file procps                                                # used by libtool and the tests
  iproute2                                                   # network namespaces: the two-host test
  man-db                                                     # man(1): the installed man pages test
  python3-dev python3-pybind11                               # rocshmem4py, the Python package
  python3-numpy python3-mpi4py python3-pytest python3-torch  # its tests (torch: CPU tensors)
  python3-venv python3-pip python3-setuptools python3-wheel  # its pip-install test
  hipcc                                                      # AMD device-code compile check (gfx90a)
  clang libclang-rt-14-dev                                   # libFuzzer targets (fuzz/)
  valgrind                                                   # make memcheck
  "$@"
)

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-deps: this is not a Debian-like system (no dpkg/apt-get)." >&2
  echo "setup-deps: install the equivalents of: ${packages[*]}" >&2
  for tool in cc c++ make autoreconf libtoolize pkg-config mpicc mpirun; do
    command -v "$tool" >/dev/null 2>&1 || { echo "setup-deps: $tool not found" >&2; exit 1; }
  done
  echo "setup-deps: the tools the build needs are on PATH; continuing" >&2
  exit 0
fi

# One dpkg-query for all: its ${Package} lines name the installed ones.
mapfile -t present < <(dpkg-query -W -f='${Status} ${Package}\n' "${packages[@]}" 2>/dev/null |
                         sed -n 's/^install ok installed //p')
missing=()
for p in "${packages[@]}"; do
  case " ${present[*]} " in *" $p "*) ;; *) missing+=("$p") ;; esac
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup-deps: all ${#packages[@]} packages are installed"
  exit 0
fi

echo "setup-deps: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    echo "setup-deps: not root and no sudo: run as root, or install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may still run its first apt job in the background: wait for
# the dpkg lock instead of failing on it.
apt_opts=(-q -o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0)
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" update </dev/null
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" install -y \
  --no-install-recommends "${missing[@]}" </dev/null

still=()
for p in "${missing[@]}"; do
  installed "$p" || still+=("$p")
done
if [ "${#still[@]}" -ne 0 ]; then
  echo "setup-deps: still missing after apt-get install: ${still[*]}" >&2
  exit 1
fi
echo "setup-deps: done"
