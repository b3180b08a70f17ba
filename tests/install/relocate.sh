#!/bin/sh
# An installation that was moved works as it is, with no ROCSHMEM_PREFIX and
# no LD_LIBRARY_PATH: the staged installation is copied to a new place and
#  - its oshcc finds its headers and library there (and links them),
#  - the program it builds runs on 2 PEs with its oshrun, loading the moved
#    librocshmem (the wrapper's run path follows the prefix),
#  - its rocshmem_info and Python extension load the moved library too
#    (their run paths are relative to themselves) and report where it is;
#  - its rocshmem.pc, found through PKG_CONFIG_PATH alone, names the new
#    place, and programs linked through it (shared and --static) run on
#    2 PEs (the cases of pkgconfig_checks.sh).
# The copy is made in one place and then renamed, so the first place no
# longer exists: nothing may still point there.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

moved=$tmp/moved/rocshmem
mkdir -p "$tmp/moved"
cp -a "$stage" "$tmp/first"
mv "$tmp/first" "$moved"
unset ROCSHMEM_PREFIX LD_LIBRARY_PATH

check "the moved oshcc finds its installation (--showme:incdirs, --showme:libdirs)" \
  sh -c "'$moved/bin/oshcc' --showme:incdirs | grep -q '^$moved/include' &&
    '$moved/bin/oshcc' --showme:libdirs | grep -q '^$moved/lib'"
check "a program built by the moved oshcc runs on 2 PEs with the moved library" \
  sh -c "'$moved/bin/oshcc' '$srcdir/examples/hello.c' -o '$tmp/hello' &&
    ldd '$tmp/hello' | grep 'librocshmem' | grep -q '$moved/' &&
    out=\$(timeout -k 10 120 '$moved/bin/oshrun' -np 2 '$tmp/hello' 2>&1) && echo \"\$out\" &&
    test \"\$(echo \"\$out\" | grep -c 'Hello from PE [01] of 2')\" -eq 2"
check "the moved rocshmem_info loads the moved library and reports the new prefix" \
  sh -c "ldd '$moved/bin/rocshmem_info' | grep 'librocshmem' | grep -q '$moved/' &&
    '$moved/bin/rocshmem_info' --build --parsable | grep -qx 'build:prefix:$moved'"
module=$(find "$moved/lib" -name '_rocshmem4py*.so' | head -n 1)
if [ -z "$module" ]; then
  tap_skip "the moved Python extension loads the moved library" "built without the Python package"
else
  check "the moved Python extension loads the moved library" \
    sh -c "ldd '$module' | grep 'librocshmem' | grep -q '$moved/'"
fi
if command -v pkg-config >/dev/null 2>&1; then
  PKG_CONFIG_PATH=$moved/lib/pkgconfig
  export PKG_CONFIG_PATH
  . "$srcdir/tests/install/pkgconfig_checks.sh"
  pkgconfig_checks "$moved"
else
  tap_skip "the moved rocshmem.pc" "no pkg-config on PATH"
fi
tap_finish
