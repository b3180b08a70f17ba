#!/bin/sh
# The installed rocshmem.pc, as build systems use it (CMake's and
# autotools' pkg-config probes): a program built with its --cflags and
# --libs runs, and so does one linked statically against librocshmem.a with
# --libs --static (which must name everything the static library needs:
# the C++ runtime, UCX, hwloc, the GPU runtime of a GPU build).
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

pc() { pkg-config --define-variable=prefix="$stage" "$@" rocshmem; }
PKG_CONFIG_PATH=$stage/lib/pkgconfig
export PKG_CONFIG_PATH
if ! command -v pkg-config >/dev/null 2>&1; then
  tap_skip "pkg-config builds a program" "no pkg-config on PATH"
  tap_skip "pkg-config --static links librocshmem.a" "no pkg-config on PATH"
  tap_finish
fi
hello=$srcdir/examples/hello.c

check "a program built with pkg-config --cflags --libs rocshmem runs on 2 PEs" \
  sh -c "cc '$hello' -o '$tmp/hello' \$(pkg-config --define-variable=prefix='$stage' --cflags --libs rocshmem) &&
    out=\$('$stage/bin/oshrun' -np 2 '$tmp/hello' 2>&1) && echo \"\$out\" &&
    test \"\$(echo \"\$out\" | grep -c 'Hello from PE [01] of 2')\" -eq 2"

# Only the static library in the first directory searched, so -lrocshmem
# cannot pick the shared one.
mkdir -p "$tmp/static"
cp "$stage/lib/librocshmem.a" "$tmp/static/"
static_libs=$(pc --libs --static)
check "pkg-config --libs --static links librocshmem.a into a program that runs on 2 PEs ($static_libs)" \
  sh -c "cc '$hello' -o '$tmp/hello_static' \$(pkg-config --define-variable=prefix='$stage' --cflags rocshmem) \
      -L'$tmp/static' $static_libs &&
    ! ldd '$tmp/hello_static' | grep librocshmem &&
    out=\$('$stage/bin/oshrun' -np 2 '$tmp/hello_static' 2>&1) && echo \"\$out\" &&
    test \"\$(echo \"\$out\" | grep -c 'Hello from PE [01] of 2')\" -eq 2"
tap_finish
