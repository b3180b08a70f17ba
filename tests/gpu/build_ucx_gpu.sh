#!/bin/bash
# Builds a UCX with CUDA support, for the GPU tests' "direct" mode and the
# proxy benchmark's direct rows (tests/gpu/stage.sh with UCX_GPU=PREFIX),
# where the library registers its GPU heap with UCX.  No rebuild of the
# library is needed: it runs against this UCX in place of the one it was
# built against, provided both are the same release.
#
#   bash tests/gpu/build_ucx_gpu.sh UCX_SOURCE_TARBALL PREFIX
#
# UCX_SOURCE_TARBALL: that release's source, e.g. Debian 12's
# ucx_1.13.1.orig.tar.xz (from the ucx source package in Debian's pool).
# Needs nvcc's CUDA (CUDA_HOME, default /usr/local/cuda), autotools and a
# C compiler; about 10 minutes on 2 cores.  Only the libraries and the
# transport modules are built and installed.
#
# UCX's CUDA transports include NVML's header, which a CUDA toolkit without
# its NVML development files lacks.  Then a header declaring the few NVML
# calls UCX makes (only its cuda_ipc transport calls them, to find NVLink
# peers) and a link-time stand-in library are written into the build
# folder; at run time the GPU driver's own libnvidia-ml.so.1 is loaded.
set -euo pipefail
tarball=$(realpath "${1:?usage: $0 UCX_SOURCE_TARBALL PREFIX}")
prefix=$(realpath -m "${2:?usage: $0 UCX_SOURCE_TARBALL PREFIX}")
cuda=${CUDA_HOME:-/usr/local/cuda}
[ -x "$cuda/bin/nvcc" ] || { echo "$0: no nvcc under $cuda (set CUDA_HOME)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/ucx-gpu.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar -xf "$tarball" -C "$work"
src=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)
cd "$src"
if [ ! -x configure ]; then
  # Release tarballs of some versions ship debian.upstream only, which
  # configure.ac still names as debian/.
  [ -d debian ] || [ ! -d debian.upstream ] || cp -r debian.upstream debian
  ./autogen.sh >"$work/autogen.log" 2>&1 || { tail -n 20 "$work/autogen.log"; exit 1; }
fi

cppflags="" ldflags="-L$cuda/lib64/stubs"
if [ ! -f "$cuda/include/nvml.h" ]; then
  nvml=$work/nvml
  mkdir -p "$nvml/include" "$nvml/lib"
  cat >"$nvml/include/nvml.h" <<'EOF'
/* The NVML calls UCX's CUDA transports make, declared for building UCX
 * without NVML's development files (types and values as the driver's
 * libnvidia-ml.so.1 defines them). */
#ifndef UCX_BUILD_NVML_H
#define UCX_BUILD_NVML_H
#ifdef __cplusplus
extern "C" {
#endif
typedef enum { NVML_SUCCESS = 0 } nvmlReturn_t;
typedef struct nvmlDevice_st *nvmlDevice_t;
typedef struct {
  char busIdLegacy[16];
  unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
  char busId[32];
} nvmlPciInfo_t;
typedef enum { NVML_VALUE_TYPE_DOUBLE = 0, NVML_VALUE_TYPE_UNSIGNED_INT = 1 } nvmlValueType_t;
typedef union {
  double dVal;
  unsigned int uiVal;
  unsigned long ulVal;
  unsigned long long ullVal;
  signed long long sllVal;
} nvmlValue_t;
typedef struct {
  unsigned int fieldId, scopeId;
  long long timestamp, latencyUsec;
  nvmlValueType_t valueType;
  nvmlReturn_t nvmlReturn;
  nvmlValue_t value;
} nvmlFieldValue_t;
#define NVML_FI_DEV_NVLINK_LINK_COUNT 91
nvmlReturn_t nvmlInit(void);
nvmlReturn_t nvmlInit_v2(void);
nvmlReturn_t nvmlShutdown(void);
const char *nvmlErrorString(nvmlReturn_t result);
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device);
#define nvmlDeviceGetHandleByIndex nvmlDeviceGetHandleByIndex_v2
nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t device, int count, nvmlFieldValue_t *values);
nvmlReturn_t nvmlDeviceGetNvLinkRemotePciInfo_v2(nvmlDevice_t device, unsigned int link,
                                                 nvmlPciInfo_t *pci);
#define nvmlDeviceGetNvLinkRemotePciInfo nvmlDeviceGetNvLinkRemotePciInfo_v2
#ifdef __cplusplus
}
#endif
#endif
EOF
  # Link-time only: every call fails; the driver's library replaces it.
  cat >"$nvml/stand_in.c" <<'EOF'
#include "nvml.h"
nvmlReturn_t nvmlInit(void) { return 1; }
nvmlReturn_t nvmlInit_v2(void) { return 1; }
nvmlReturn_t nvmlShutdown(void) { return 1; }
const char *nvmlErrorString(nvmlReturn_t r) { (void)r; return "NVML stand-in"; }
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int i, nvmlDevice_t *d) { (void)i; (void)d; return 1; }
nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t d, int n, nvmlFieldValue_t *v) { (void)d; (void)n; (void)v; return 1; }
nvmlReturn_t nvmlDeviceGetNvLinkRemotePciInfo_v2(nvmlDevice_t d, unsigned int l, nvmlPciInfo_t *p) { (void)d; (void)l; (void)p; return 1; }
EOF
  cc -shared -fPIC -I"$nvml/include" "$nvml/stand_in.c" -Wl,-soname,libnvidia-ml.so.1 \
    -o "$nvml/lib/libnvidia-ml.so"
  cppflags="-I$nvml/include" ldflags="$ldflags -L$nvml/lib"
fi

CPPFLAGS=$cppflags LDFLAGS=$ldflags ./contrib/configure-release --prefix="$prefix" \
  --with-cuda="$cuda" --without-rocm --without-verbs --without-rdmacm --without-knem \
  --without-xpmem --without-java --without-go --disable-doxygen-doc >"$work/configure.log" 2>&1 ||
  { tail -n 20 "$work/configure.log"; exit 1; }
grep 'UCT modules' "$work/configure.log"
for dir in src/ucm src/ucs src/uct src/ucp; do
  make -j"${MAKE_JOBS:-2}" -C "$dir" install >"$work/make.log" 2>&1 || { tail -n 30 "$work/make.log"; exit 1; }
done
ls "$prefix/lib/ucx"
echo "UCX with CUDA in $prefix: bash tests/gpu/stage.sh BUILD DEST with UCX_GPU=$prefix"
