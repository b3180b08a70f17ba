#!/usr/bin/env bash
# The README's main demo: installs dependencies, builds and installs rocshmem
# (build/ and install/ inside the repository, both git-ignored), compiles
# examples/ring.c with the installed oshcc and runs it on 4 PEs with the
# installed oshrun.  Exits non-zero if any step fails.
#
#   bash scripts/demo.sh [extra configure arguments, e.g. --enable-debug]
#
# Environment: MAKE_JOBS (default 2), NP (PEs, default 4), SKIP_DEPS=1.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${MAKE_JOBS:-2}
np=${NP:-4}
cd "$root"
exec </dev/null # nothing below may wait for input

step() {
  local start=$SECONDS
  echo
  echo "==> $*"
  "$@"
  echo "    ($((SECONDS - start)) s)"
}

if [ "${SKIP_DEPS:-0}" != 1 ]; then
  step bash scripts/setup-deps.sh
fi
if [ -f config.status ]; then
  echo "demo.sh: the source tree is configured in place (config.status); run 'make distclean' there first" >&2
  exit 1
fi
step ./autogen.sh
mkdir -p build
cd build
step ../configure --prefix="$root/install" "$@"
step make -j"$jobs"
step make install
cd "$root"

# mpirun refuses to start as root unless told twice; with more PEs than
# cores it needs permission to oversubscribe.
if [ "$(id -u)" -eq 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
if [ "$(nproc)" -lt "$np" ]; then
  export OMPI_MCA_rmaps_base_oversubscribe=1
fi
# Containers often forbid process_vm_readv, which Open MPI's shared-memory
# transport would use for large messages of its own.
export OMPI_MCA_btl_vader_single_copy_mechanism="${OMPI_MCA_btl_vader_single_copy_mechanism:-none}"

mkdir -p build/examples
step install/bin/oshcc --showme -O2 -Wall -Wextra -o build/examples/ring examples/ring.c
step install/bin/oshcc -O2 -Wall -Wextra -o build/examples/hello examples/hello.c
step install/bin/oshcc -O2 -Wall -Wextra -o build/examples/ring examples/ring.c
step install/bin/oshrun -np "$np" build/examples/ring | tee build/examples/ring.out

# ring checks its own data and exits non-zero on a mismatch; also make sure
# every PE reported.
lines=$(grep -c '^PE [0-9]* of [0-9]*: .* OK$' build/examples/ring.out || true)
if [ "$lines" -ne "$np" ]; then
  echo "demo.sh: expected $np PE lines ending in OK, got $lines" >&2
  exit 1
fi
echo
echo "demo.sh: OK - rocshmem is installed in $root/install; try:"
echo "  export PATH=\"$root/install/bin:\$PATH\""
echo "  oshcc -o hello examples/hello.c && oshrun -np 2 ./hello"
