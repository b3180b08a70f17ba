#!/bin/sh
# <shmemx.h> of the installed tree, conformance style: every name it adds to
# <shmem.h> is a shmemx_ name (no shmem_ routine hides there), and all of
# them compile and link through the installed oshcc (-std=c11, -std=c99) and
# oshc++ (-std=c++17) at -Wall -Wextra -Werror and resolve at load time, and
# each has its manual page (man3/NAME.3, shmemx(3) or shmem_put_signal(3)).
# Their behaviour is tested by tests/functional/api/shmemx.c.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

warn="-Wall -Wextra -Werror"
declared() { # HEADER: every identifier followed by "(" in its expansion
  printf '#include <%s>\n' "$1" >"$tmp/h.c"
  "$stage/bin/oshcc" -std=c99 -E -P "$tmp/h.c" | tr -s ' \t' '  ' |
    grep -oE '[A-Za-z_][A-Za-z0-9_]* ?\(' | tr -d ' (' | grep -v '^__' | sort -u
}
declared shmem.h >"$tmp/shmem.names"
declared shmemx.h >"$tmp/shmemx.all"
comm -23 "$tmp/shmemx.all" "$tmp/shmem.names" >"$tmp/names"
n=$(wc -l <"$tmp/names")
if [ "$n" -gt 0 ] && ! grep -qv '^shmemx_' "$tmp/names"; then
  tap_result 0 "shmemx.h adds $n routine names, all shmemx_"
else
  tap_result 1 "shmemx.h adds $n routine names, all shmemx_"
  grep -v '^shmemx_' "$tmp/names" | sed 's/^/not shmemx_: /' | tap_diag
fi

{
  echo '#include <shmemx.h>'
  echo '#include <stddef.h>'
  echo 'typedef void (*any_fn)(void);'
  echo 'any_fn every_shmemx_routine[] = {'
  sed 's/^\(.*\)$/    (any_fn)\1,/' "$tmp/names"
  echo '};'
  echo 'int main(void) {'
  echo '  for (size_t i = 0; i < sizeof every_shmemx_routine / sizeof every_shmemx_routine[0]; i++)'
  echo '    if (!every_shmemx_routine[i]) return 1;'
  echo '  return 0;'
  echo '}'
} >"$tmp/x.c"
cp "$tmp/x.c" "$tmp/x.cc"
for std in c11 c99; do
  check "the $n shmemx_ names compile, link and load (oshcc -std=$std $warn)" \
    sh -c '"$1" -std=$2 $3 -o "$4" "$5" && "$4"' sh "$stage/bin/oshcc" "$std" "$warn" "$tmp/x_$std" "$tmp/x.c"
done
check "the $n shmemx_ names compile, link and load (oshc++ -std=c++17 $warn)" \
  sh -c '"$1" -std=c++17 $2 -o "$3" "$4" && "$3"' sh "$stage/bin/oshc++" "$warn" "$tmp/x_cxx" "$tmp/x.cc"

missing=
for name in $(cat "$tmp/names"); do
  [ -f "$stage/share/man/man3/$name.3" ] || missing="$missing $name"
done
if [ -z "$missing" ]; then
  tap_result 0 "each of the $n shmemx_ names has an installed man3 page"
else
  tap_result 1 "each of the $n shmemx_ names has an installed man3 page"
  echo "missing:$missing" | tap_diag
fi
echo "# checked: $n shmemx_ names"

tap_finish
