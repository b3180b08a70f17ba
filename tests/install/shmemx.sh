#!/bin/sh
# <shmemx.h> of the installed tree, conformance style: every name it adds to
# <shmem.h> is a shmemx_ name (no shmem_ routine hides there), and all of
# them compile and link through the installed oshcc (-std=c11, -std=c99) and
# oshc++ (-std=c++17) at -Wall -Wextra -Werror and resolve at load time, and
# each has its manual page (man3/NAME.3, shmemx(3) or shmem_put_signal(3));
# the generic shmemx_ibput/ibget and the pcntr field named target work.
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

# Names other implementations' codes use: the generic shmemx_ibput and
# shmemx_ibget of the pre-1.6 headers (C11 and C++; with and without a
# context), and shmemx_pcntr_t's field under Sandia OpenSHMEM's name,
# target.  Built at -Werror and run on 2 PEs, checking the data.
cat >"$tmp/names.c" <<'PROGRAM'
#include <shmemx.h>
#include <stdio.h>
static long ldst[8];
static double ddst[8];
int main(void) {
  shmem_init();
  int me = shmem_my_pe(), npes = shmem_n_pes();
  int right = (me + 1) % npes, left = (me + npes - 1) % npes;
  long lsrc[8], lget[8];
  double dsrc[8];
  for (int i = 0; i < 8; i++) {
    lsrc[i] = 100 * me + i;
    dsrc[i] = me + i / 8.0;
    ldst[i] = lget[i] = -1;
    ddst[i] = -1;
  }
  shmem_barrier_all();
  /* Two blocks of 2: source elements 0-1 and 4-5 to dest 0-1 and 3-4. */
  shmemx_ibput(ldst, lsrc, 3, 4, 2, 2, right);
  shmemx_ibput(SHMEM_CTX_DEFAULT, ddst, dsrc, 3, 4, 2, 2, right);
  shmem_barrier_all();
  int bad = 0;
  const int at[4] = {0, 1, 3, 4}, from[4] = {0, 1, 4, 5};
  for (int k = 0; k < 4; k++) {
    bad |= ldst[at[k]] != 100 * left + from[k];
    bad |= ddst[at[k]] != left + from[k] / 8.0;
  }
  bad |= ldst[2] != -1 || ddst[2] != -1;
  /* Back: right's dest elements 0-1 and 3-4 to 0-1 and 4-5 here. */
  shmemx_ibget(lget, ldst, 4, 3, 2, 2, right);
  shmemx_ibget(SHMEM_CTX_DEFAULT, lget + 6, ldst + 3, 1, 1, 1, 1, right);
  for (int k = 0; k < 4; k++) bad |= lget[from[k]] != 100 * me + from[k];
  bad |= lget[2] != -1 || lget[6] != 100 * me + 4;
  shmemx_pcntr_t c;
  shmemx_pcntr_get_all(SHMEM_CTX_DEFAULT, &c);
  bad |= c.target != 0;
  printf("PE %d: %s\n", me, bad ? "wrong" : "right");
  shmem_finalize();
  return bad;
}
PROGRAM
cp "$tmp/names.c" "$tmp/names.cc"
names_on_2() { # WRAPPER STD SOURCE
  check "generic shmemx_ibput/shmemx_ibget and pcntr.target ($1 $2 $warn) run on 2 PEs" \
    sh -c '"$1" $2 $3 -o "$4" "$5" && out=$(timeout -k 10 120 "$6" -np 2 "$4" 2>&1) &&
      echo "$out" && [ "$(echo "$out" | grep -c "^PE [01]: right$")" -eq 2 ]' \
    sh "$stage/bin/$1" "$2" "$warn" "$tmp/names_$1" "$3" "$stage/bin/oshrun"
}
names_on_2 oshcc -std=c11 "$tmp/names.c"
names_on_2 oshc++ -std=c++17 "$tmp/names.cc"

tap_finish
