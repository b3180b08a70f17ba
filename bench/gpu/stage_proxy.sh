#!/bin/bash
# Stages, from a --with-cuda build made with UCX, one folder for the GPU
# machine that holds the GPU tests (tests/gpu/stage.sh: lib/ with UCX's
# libraries, bin/, run_gpu_tests.sh), the proxy benchmark (bin/proxy_bench)
# and bench/gpu/run_proxy.sh, which runs them (see bench/gpu/PROXY.md):
#
#   bash bench/gpu/stage_proxy.sh BUILD_DIR DEST      # here
#   tar -cJf DEST.tar.xz DEST                         # to carry it
#   bash DEST/run_proxy.sh DEST OUTDIR                # there
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BUILD_DIR DEST" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
dest=$2
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
MPICC=${MPICC:-mpicc}
ARCH=${GPU_ARCH:-"-gencode arch=compute_90,code=sm_90"}
ldd "$build"/.libs/librocshmem.so | grep libucp >/dev/null ||
  { echo "$0: $build's library has no UCX: the proxy to other nodes needs it" >&2; exit 1; }
bash "$repo/tests/gpu/stage.sh" "$build" "$dest"

# shellcheck source=bench/gpu/nvccify.sh
. "$here/nvccify.sh"
tmp=$(mktemp -d /tmp/proxy-stage.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2046,SC2086
"$NVCC" -rdc=true $ARCH -O2 -std=c++17 -I"$repo/include" -I"$build/include" \
  $(nvccify $("$MPICC" --showme:compile)) -c "$here/proxy_bench.cu" -o "$tmp/proxy_bench.o"
# shellcheck disable=SC2046,SC2086
"$NVCC" -rdc=true $ARCH "$tmp/proxy_bench.o" -o "$dest/bin/proxy_bench" \
  "$build/librocshmem_device.a" -L"$build/.libs" -lrocshmem $(nvccify $("$MPICC" --showme:link)) \
  -Xlinker -rpath -Xlinker '$ORIGIN/../lib'
strip --strip-all "$dest/bin/proxy_bench" 2>/dev/null || true
cp "$here/run_proxy.sh" "$dest/"
du -sh "$dest"
