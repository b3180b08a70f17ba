#!/bin/bash
# Builds our variant of the GPU benchmark against a GPU build of the library
# and stages what the GPU machine needs into DEST (carried there; see
# bench/gpu/README.md):
#
#   bash bench/gpu/stage.sh BUILD_DIR DEST
#
# BUILD_DIR: a build directory configured with --with-cuda (it must hold
# librocshmem_device.a and .libs/librocshmem.so*; this script runs
# `make librocshmem.la librocshmem_device.a` there first).  DEST gets:
#   gpu_bench_ours   (RPATH $ORIGIN: finds librocshmem.so next to it)
#   librocshmem.so*  (the real file and its links)
#   src/             bench/gpu sources and scripts, as built
#   REVISION         git revision, dirty files, configure line, ldd, sizes
# DEST is replaced if it was made by this script (marker .gpu-bench-stage) or
# does not exist; anything else is refused.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 BUILD_DIR DEST" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BUILD=$(cd "$1" && pwd)
DEST=$2
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
MPICC=${MPICC:-mpicc}
ARCH=${GPU_ARCH:-"-gencode arch=compute_90,code=sm_90"}
# Device link-time optimization (the library's documented build line): the
# device API is inlined into the benchmark's kernels.  DLTO=0 links plainly,
# for an nvcc without libnvvm (-dlto needs it under nvvm/lib64; NVCC=...);
# the collective kernels are then bounded to 512 threads a block, since the
# library's _wg collectives, linked as machine code, need more registers than
# a 1024-thread bound leaves (gpu_bench.cu, BENCH_COLL_MAX_THREADS).
# DLTO=there: compile here, link with -dlto on the GPU machine (its nvcc has
# libnvvm): DEST gets link/ (the benchmark's object, the device library and
# link.sh) instead of gpu_bench_ours, and run_gpu_bench.sh runs link.sh
# before anything else.
DLTO=${DLTO:-1}
LTO_CODE=${GPU_LTO_CODE:-"-gencode arch=compute_90,code=lto_90"}
if [ "$DLTO" = 0 ]; then LINK_DLTO= LTO_CODE= COLL_BOUND=-DBENCH_COLL_MAX_THREADS=512
else LINK_DLTO=-dlto COLL_BOUND=; fi

if [ -e "$DEST" ] && [ ! -e "$DEST/.gpu-bench-stage" ]; then
  echo "$0: $DEST exists and was not made by this script: refusing to replace it" >&2
  exit 1
fi

echo "== make librocshmem.la librocshmem_device.a in $BUILD"
make -C "$BUILD" -j"$(nproc)" librocshmem.la librocshmem_device.a >/dev/null
[ -f "$BUILD/librocshmem_device.a" ] && ls "$BUILD"/.libs/librocshmem.so* >/dev/null

# shellcheck source=bench/gpu/nvccify.sh
. "$HERE/nvccify.sh"

REV=$(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gpu-bench-stage.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
echo "== nvcc gpu_bench.cu (ours, $REV)"
# shellcheck disable=SC2046,SC2086
"$NVCC" -rdc=true $ARCH $LTO_CODE $COLL_BOUND -O2 -std=c++17 -DBENCH_OURS_VERSION="\"$REV\"" \
  -I"$REPO/include" -I"$BUILD/include" $(nvccify $("$MPICC" --showme:compile)) \
  -c "$HERE/gpu_bench.cu" -o "$TMP/gpu_bench.o"
# The link line, as link.sh runs it there (from DEST/link) or as it runs here.
link_line() { # OBJECT DEVICE_LIBRARY LIBDIR OUTPUT
  echo "\"\${NVCC:-nvcc}\" $LINK_DLTO -rdc=true $ARCH $1 -o $4 $2 -L$3 -lrocshmem" \
    "\$(nvccify \$(\"\${MPICC:-mpicc}\" --showme:link)) -Xlinker -rpath -Xlinker '\$ORIGIN'"
}
if [ "$DLTO" != there ]; then
  (cd "$TMP" && NVCC=$NVCC MPICC=$MPICC &&
    eval "$(link_line gpu_bench.o "$BUILD/librocshmem_device.a" "$BUILD/.libs" gpu_bench_ours)")
fi

rm -rf "$DEST"
mkdir -p "$DEST/src"
touch "$DEST/.gpu-bench-stage"
if [ "$DLTO" = there ]; then
  mkdir -p "$DEST/link"
  cp "$TMP/gpu_bench.o" "$BUILD/librocshmem_device.a" "$HERE/nvccify.sh" "$DEST/link/"
  {
    echo '#!/bin/bash'
    echo '# Links ../gpu_bench_ours on the GPU machine (made by bench/gpu/stage.sh, DLTO=there).'
    echo 'set -e; cd "$(dirname "$0")"; . ./nvccify.sh'
    echo 'NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}'
    link_line gpu_bench.o librocshmem_device.a .. ../gpu_bench_ours
  } >"$DEST/link/link.sh"
else
  cp "$TMP/gpu_bench_ours" "$DEST/"
fi
cp -P "$BUILD"/.libs/librocshmem.so* "$DEST/"
cp "$HERE"/*.cu "$HERE"/*.h "$HERE"/*.sh "$HERE"/*.py "$HERE"/README.md "$DEST/src/" 2>/dev/null || true
{
  printf 'revision\t%s\n' "$REV"
  printf 'commit\t%s\n' "$(git -C "$REPO" rev-parse HEAD 2>/dev/null)"
  printf 'staged\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf 'build_dir\t%s\n' "$BUILD"
  printf 'configure\t%s\n' "$(sed -n 's/^  \$ //p' "$BUILD/config.log" 2>/dev/null | head -1)"
  printf 'nvcc\t%s\n' "$("$NVCC" --version | grep -o 'release [0-9.]*' | head -1)"
  printf 'mpi\t%s\n' "$("$MPICC" --showme:version 2>&1 | head -1)"
  echo "--- dirty files"
  git -C "$REPO" status --porcelain 2>/dev/null | grep -v '^??' || true
  echo "--- ldd gpu_bench_ours"
  LD_LIBRARY_PATH="$DEST" ldd "$DEST/gpu_bench_ours" 2>/dev/null || echo "(linked there: DLTO=$DLTO)"
  echo "--- ldd librocshmem.so"
  ldd "$DEST"/librocshmem.so.*.*.* 2>/dev/null || ldd "$DEST"/librocshmem.so || true
} >"$DEST/REVISION"
# keep the carried folder small: no debug info in what travels
strip --strip-debug "$DEST"/librocshmem.so.*.*.* 2>/dev/null || true
du -sh "$DEST"
SIZE=$(du -sk "$DEST" | cut -f1)
[ "$SIZE" -le 30720 ] || echo "WARNING: $DEST is $((SIZE / 1024)) MiB (> 30 MiB)" >&2
echo "staged $DEST ($REV)"
