#!/bin/sh
# The installed rocshmem.pc, as build systems use it (CMake's and
# autotools' pkg-config probes), found through PKG_CONFIG_PATH alone (no
# --define-variable: the .pc must locate its installation by itself):
#  - its prefix, libdir and includedir are those of this installation
#    (the staged one here, whatever prefix configure was given);
#  - a program built with --cflags --libs loads this installation's
#    librocshmem through the run path (no LD_LIBRARY_PATH) and runs on
#    2 PEs;
#  - one built with --cflags --static --libs links librocshmem.a and its
#    private dependencies (the C++ runtime, UCX, hwloc, the GPU runtime of a
#    GPU build): ldd shows no librocshmem, and it runs on 2 PEs.
# tests/install/relocate.sh does the same after moving the installation.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

if ! command -v pkg-config >/dev/null 2>&1; then
  tap_skip "rocshmem.pc" "no pkg-config on PATH"
  tap_finish
  exit
fi
PKG_CONFIG_PATH=$stage/lib/pkgconfig
export PKG_CONFIG_PATH
unset LD_LIBRARY_PATH
. "$srcdir/tests/install/pkgconfig_checks.sh"
pkgconfig_checks "$stage"
tap_finish
