#!/bin/sh
# The installed manual pages: every name of the conformance list
# (shmem_routines.txt: each OpenSHMEM 1.6 routine, types expanded, the
# deprecated names and the generic ones) has a page in man3, either the
# family's page or a ".so" link to it made by man/so-links.sh, and the link
# leads to a real page; the commands have man1 pages and the overview is in
# man7; the Fortran-only routines and the pre-1.2 set-up names have pages
# that show their Fortran synopses.  Where man(1) is installed, `man -M PREFIX/share/man NAME` finds each.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

mandir=$stage/share/man
names=$(grep -v '^#' "$srcdir/tests/install/shmem_routines.txt" | awk 'NF { print $2 }' | sort -u)
total=$(echo "$names" | wc -l)

# pages SECTION < NAMES: a line per name, "NAME PAGE" with the page it leads
# to (after one .so, relative to mandir) when that page has a NAME section,
# else "NAME" alone.  One awk process for any number of names (a sed and a
# grep per name took a minute of make check for the 1700 names on 2 cores).
pages() {
  awk -v dir="$mandir" -v sec="$1" '
    function has_name(f,   line, ok) {
      if (f in named) return named[f]
      ok = 0
      while ((getline line < f) > 0) if (line ~ /^\.SH NAME/) { ok = 1; break }
      close(f)
      return named[f] = ok
    }
    NF {
      page = "man" sec "/" $1 "." sec
      if ((getline first < (dir "/" page)) <= 0) { print $1; next }
      close(dir "/" page)
      if (first ~ /^\.so +/) { page = first; sub(/^\.so +/, "", page) }
      if (has_name(dir "/" page)) print $1, page; else print $1
    }'
}

# resolve SECTION NAME: prints the page a name leads to; fails when none.
resolve() {
  page=$(echo "$2" | pages "$1" | awk '{ print $2 }')
  [ -n "$page" ] && echo "$page"
}

missing=$(echo "$names" | pages 3 | awk 'NF == 1')
nmissing=$(echo "$missing" | awk 'NF' | wc -l)
tap_result "$([ "$nmissing" -eq 0 ] && echo 0 || echo 1)" "all $total names of the conformance list lead to a man3 page ($nmissing without)"
[ -z "$missing" ] || echo "$missing" | head -n 60 | tap_diag

for n in oshcc oshc++ oshCC oshcxx rocshmem-oshcc oshrun shmemrun rocshmem-oshrun rocshmem_info; do
  page=$(resolve 1 "$n")
  tap_result "$([ -n "$page" ] && echo 0 || echo 1)" "$n has a man1 page (${page:-none})"
done
page=$(resolve 7 rocshmem)
tap_result "$([ -n "$page" ] && echo 0 || echo 1)" "the overview rocshmem(7) is installed"

# The routines of the Fortran API that C has not (SHPALLOC ...) and the
# set-up names of SHMEM before 1.2: each leads to a page that names it in
# its NAME section and gives its Fortran form in the SYNOPSIS.
while IFS='|' read -r name fortran; do
  page=$(resolve 3 "$name")
  if [ -z "$page" ]; then
    tap_result 1 "man $name: a page with its Fortran synopsis (no page)"
    continue
  fi
  f=$mandir/$page
  sed -n '/^\.SH NAME/,/^\.SH SYNOPSIS/p' "$f" | grep -qiw "$name" &&
    sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$f" | grep -qF "$fortran"
  tap_result $? "man $name: $page names it and has its Fortran synopsis ($fortran)"
done <<'LIST'
shpalloc|CALL SHPALLOC(
shpdeallc|CALL SHPDEALLC(
shpclmove|CALL SHPCLMOVE(
start_pes|CALL START_PES(
my_pe|MY_PE()
num_pes|NUM_PES()
LIST

# Every page the family pages name in SEE ALSO exists.
dangling=""
for f in $(grep -L '^\.so ' "$mandir"/man[137]/*.[137]); do
  for ref in $(sed -n '/^\.SH SEE ALSO/,/^\.SH/s/^\.BR  *\([A-Za-z_][A-Za-z0-9_+-]*\) *(\([137]\)).*/\1.\2/p' "$f"); do
    name=${ref%.*} sec=${ref##*.}
    case "$name" in mpicc | mpirun | pkg-config) continue ;; esac # other packages' pages
    resolve "$sec" "$name" >/dev/null || dangling="$dangling ${f##*/}->$ref"
  done
done
tap_result "$([ -z "$dangling" ] && echo 0 || echo 1)" "every SEE ALSO reference of the pages resolves${dangling:+:$dangling}"

if command -v man >/dev/null 2>&1; then
  failed=""
  for n in shmem_long_put shmem_ctx_uint64_atomic_fetch_xor_nbi shmem_complexd_sum_reduce \
    shmem_longdouble_max_to_all shmem_put128_signal_nbi shmem_pcontrol start_pes shpalloc \
    shpclmove my_pe num_pes; do
    MANPATH= man -M "$mandir" -w "$n" >/dev/null 2>&1 || failed="$failed $n"
  done
  MANPATH= man -M "$mandir" -w 1 oshrun >/dev/null 2>&1 || failed="$failed oshrun(1)"
  tap_result "$([ -z "$failed" ] && echo 0 || echo 1)" "man -M PREFIX/share/man finds the pages${failed:+ (not:$failed)}"
  # Rendering a .so link shows the family page (groff follows it).
  check "man -M PREFIX/share/man shmem_long_put shows shmem_put(3)" \
    sh -c "MANPATH= MANWIDTH=80 man -M '$mandir' -P cat shmem_long_put 2>/dev/null | grep -q 'shmem_put'"
else
  tap_skip "man -M PREFIX/share/man finds the pages" "man is not installed"
  tap_skip "man -M PREFIX/share/man shmem_long_put shows shmem_put(3)" "man is not installed"
fi

tap_finish
