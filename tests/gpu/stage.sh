#!/bin/bash
# Copies what tests/gpu/run_gpu_tests.sh needs out of a --with-cuda (or
# --with-hip) build tree into DEST (lib/, bin/, the run script), small enough
# to carry to the GPU machine, and builds the GPU tests first if needed.
#   bash tests/gpu/stage.sh BUILD_DIR DEST
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR DEST}" && pwd)
dest=${2:?usage: $0 BUILD_DIR DEST}
here=$(cd "$(dirname "$0")" && pwd)
make -C "$build" -j"${MAKE_JOBS:-2}" gpu-compile-check >/dev/null
rm -rf "$dest"
mkdir -p "$dest/lib" "$dest/bin"
cp -a "$build"/.libs/librocshmem.so* "$dest/lib/"
for p in rma amo sync stream coll module module_kernel.gpubin proxy ctx errors; do cp "$build/tests/gpu/$p" "$dest/bin/"; done
cp "$here/run_gpu_tests.sh" "$dest/"
git -C "$here" describe --always --dirty > "$dest/REVISION" 2>/dev/null || true
du -sh "$dest"
