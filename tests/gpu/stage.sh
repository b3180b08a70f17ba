#!/bin/bash
# Copies what tests/gpu/run_gpu_tests.sh needs out of a --with-cuda (or
# --with-hip) build tree into DEST (lib/, bin/, the run script; UCX's libraries
# too when the library uses UCX), small enough to carry to the GPU machine
# (or pack it: `tar -cJf` takes it to about 9 MB), and builds the GPU tests
# first if needed.
#   bash tests/gpu/stage.sh BUILD_DIR DEST
# UCX_GPU=PREFIX: also carry a UCX installation built with CUDA (or ROCm)
# support (tests/gpu/build_ucx_gpu.sh makes one), as DEST/ucx-gpu, for the
# "direct" mode of run_gpu_tests.sh (the library registers its GPU heap with
# such a UCX; it runs against it without a rebuild, UCX keeping its ABI
# within a release).
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR DEST}" && pwd)
dest=${2:?usage: $0 BUILD_DIR DEST}
here=$(cd "$(dirname "$0")" && pwd)
make -C "$build" -j"${MAKE_JOBS:-2}" gpu-compile-check >/dev/null
rm -rf "$dest"
mkdir -p "$dest/lib" "$dest/bin"
cp -a "$build"/.libs/librocshmem.so* "$dest/lib/"
for p in rma amo sync stream coll module module_kernel.gpubin proxy ctx errors waits; do cp "$build/tests/gpu/$p" "$dest/bin/"; done
strip --strip-all "$dest"/bin/* "$dest"/lib/librocshmem.so.*.* 2>/dev/null || true
# A library built with UCX: the GPU machine has none, so UCX's libraries
# (and its shared-memory module) travel in lib/ and lib/ucx for the "nodes"
# mode of run_gpu_tests.sh (which points UCX_MODULE_DIR there).
ucp=$(ldd "$dest"/lib/librocshmem.so | awk '$1 == "libucp.so.0" { print $3 }')
if [ -n "$ucp" ]; then
  dir=$(dirname "$ucp")
  for l in libucp.so.0 libuct.so.0 libucs.so.0 libucm.so.0; do cp -L "$dir/$l" "$dest/lib/"; done
  numa=$(ldd "$ucp" | awk '$1 == "libnuma.so.1" { print $3 }')
  [ -z "$numa" ] || cp -L "$numa" "$dest/lib/"
  mkdir -p "$dest/lib/ucx"
  cp -L "$dir"/ucx/libuct_cma.so.0 "$dest/lib/ucx/" 2>/dev/null || true
fi
if [ -n "${UCX_GPU:-}" ]; then
  mkdir -p "$dest/ucx-gpu/lib/ucx"
  for l in libucp.so.0 libuct.so.0 libucs.so.0 libucm.so.0; do cp -L "$UCX_GPU/lib/$l" "$dest/ucx-gpu/lib/"; done
  cp -L "$UCX_GPU"/lib/ucx/*.so.0 "$dest/ucx-gpu/lib/ucx/"
  # The GPU runtime its modules link (the library itself does not).
  ldd "$UCX_GPU"/lib/ucx/*.so.0 | awk '$1 ~ /^libcudart/ && $3 ~ /^\// { print $3 }' | sort -u |
    xargs -r cp -L -t "$dest/ucx-gpu/lib/"
  strip --strip-all "$dest"/ucx-gpu/lib/*.so.0 "$dest"/ucx-gpu/lib/ucx/*.so.0 2>/dev/null || true
fi
cp "$here/run_gpu_tests.sh" "$dest/"
git -C "$here" describe --always --dirty > "$dest/REVISION" 2>/dev/null || true
du -sh "$dest"
