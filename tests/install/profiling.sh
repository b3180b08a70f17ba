#!/bin/sh
# The OpenSHMEM profiling interface of the installed tree:
#  - a "tool" compiled into a program with the installed oshcc defines its
#    own shmem_long_put and shmem_barrier_all (and shmem_int_atomic_fetch_add,
#    shmem_int_sum_reduce, shmem_putmem from other families), counts the
#    calls, forwards to pshmem_*; run on 1 and 3 PEs, the program checks the
#    counts and the data, and that calls the library makes internally (its
#    own barriers, the C11 generic shmem_put) are not counted twice;
#  - every name of the conformance list (shmem_routines.txt) has its
#    pshmem_ twin (p + name for the 1.x names such as start_pes) defined in
#    the installed librocshmem.so, and the shmem_ name is weak there;
#  - <pshmem.h> declares exactly the p-twins of what <shmem.h> declares,
#    and the list's pshmem_ names compile (-Wall -Wextra -Werror, C11 and
#    C++17) and link through it.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

list=$srcdir/tests/install/shmem_routines.txt
warn="-Wall -Wextra -Werror"
sed -n 's/^\(routine\|deprecated\) \([^ ]*\)$/\2/p' "$list" | sort -u >"$tmp/names"
sed 's/^/p/' "$tmp/names" >"$tmp/pnames"
n=$(wc -l <"$tmp/names")

# ---------------------------------------------------------------- a tool
cat >"$tmp/tool.c" <<'C'
#include <pshmem.h>
#include <shmem.h>
#include <stdio.h>

/* The tool: what a profiler linked in front of librocshmem does. */
static long n_put, n_put_elems, n_barrier, n_fadd, n_reduce, n_putmem;
void shmem_long_put(long *dest, const long *source, size_t nelems, int pe)
{
    n_put++;
    n_put_elems += (long)nelems;
    pshmem_long_put(dest, source, nelems, pe);
}
void shmem_barrier_all(void)
{
    n_barrier++;
    pshmem_barrier_all();
}
int shmem_int_atomic_fetch_add(int *dest, int value, int pe)
{
    n_fadd++;
    return pshmem_int_atomic_fetch_add(dest, value, pe);
}
int shmem_int_sum_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{
    n_reduce++;
    return pshmem_int_sum_reduce(team, dest, source, nreduce);
}
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe)
{
    n_putmem++;
    pshmem_putmem(dest, source, nelems, pe);
}

/* The program being profiled. */
static long dst[64];
static long src[64];
static int counter;
static char bytes[16];

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "PE %d: %s:%d: %s\n", me, __FILE__, __LINE__, \
                    #cond);                                               \
            errors++;                                                     \
        }                                                                 \
    } while (0)

int main(void)
{
    int errors = 0;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
    for (int i = 0; i < 64; i++) src[i] = 1000L * me + i;
    shmem_barrier_all();                                   /* 1 */
    for (int k = 0; k < 4; k++)                            /* 4 puts of 16 */
        shmem_long_put(dst + 16 * k, src + 16 * k, 16, right);
    shmem_put(dst, src, 8, right);                         /* generic: 1 more */
    shmem_barrier_all();                                   /* 2 */
    int left = (me + npes - 1) % npes;
    for (int i = 0; i < 64; i++) CHECK(dst[i] == 1000L * left + i);
    CHECK(n_put == 5 && n_put_elems == 72);

    int *pcounter = shmem_malloc(sizeof(int)), *sum = shmem_malloc(sizeof(int));
    *pcounter = 0;
    shmem_barrier_all();                                   /* 3 */
    int old = shmem_int_atomic_fetch_add(pcounter, 1, 0);
    CHECK(old >= 0 && old < npes);
    shmem_putmem(bytes, "profiled", 9, right);
    shmem_sync_all();                                      /* not a barrier call */
    counter = me + 1;
    CHECK(shmem_int_sum_reduce(SHMEM_TEAM_WORLD, sum, &counter, 1) == 0);
    CHECK(*sum == npes * (npes + 1) / 2);
    shmem_barrier_all();                                   /* 4 */
    if (me == 0) CHECK(*pcounter == npes);
    shmem_quiet();
    CHECK(bytes[0] == 'p' && bytes[8] == 0);
    CHECK(n_fadd == 1 && n_reduce == 1 && n_putmem == 1);
    shmem_free(sum);                                       /* frees: no barrier call seen */
    shmem_free(pcounter);
    CHECK(n_barrier == 4);
    if (me == 0)
        printf("profiled: puts %ld (%ld elements), barriers %ld, fetch_add %ld, reduce %ld, putmem %ld\n",
               n_put, n_put_elems, n_barrier, n_fadd, n_reduce, n_putmem);
    shmem_finalize();
    return errors != 0;
}
C
check "a tool defining shmem_long_put, shmem_barrier_all ... over pshmem_* builds with oshcc $warn" \
  "$stage/bin/oshcc" -std=c11 $warn -o "$tmp/tool" "$tmp/tool.c"
for np in 1 3; do
  if limited "$stage/bin/oshrun" -np "$np" "$tmp/tool" >"$tmp/tool.out" 2>&1 &&
    grep -qxF "profiled: puts 5 (72 elements), barriers 4, fetch_add 1, reduce 1, putmem 1" "$tmp/tool.out"; then
    tap_result 0 "on $np PE(s) the tool's shmem_* are called (counts exact, the library's own calls not counted) and pshmem_* move the data"
  else
    tap_result 1 "on $np PE(s) the tool's shmem_* are called (counts exact, the library's own calls not counted) and pshmem_* move the data"
    tap_diag <"$tmp/tool.out"
  fi
done

# ---------------------------------------------------------------- symbols
lib=$stage/lib/librocshmem.so
nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sort -u >"$tmp/strong"
nm -D --defined-only "$lib" | awk '$2 == "W" || $2 == "V" { print $3 }' | sort -u >"$tmp/weak"
comm -23 "$tmp/pnames" "$tmp/strong" >"$tmp/missing"
if [ -s "$tmp/missing" ]; then
  tap_result 1 "all $n names of the conformance list have a pshmem_ twin defined in librocshmem.so"
  sed 's/^/no strong symbol: /' "$tmp/missing" | head -n 40 | tap_diag
else
  tap_result 0 "all $n names of the conformance list have a pshmem_ twin defined in librocshmem.so"
fi
comm -23 "$tmp/names" "$tmp/weak" >"$tmp/notweak"
if [ -s "$tmp/notweak" ]; then
  tap_result 1 "all $n shmem_ names are weak symbols in librocshmem.so (a tool may define them)"
  sed 's/^/not weak: /' "$tmp/notweak" | head -n 40 | tap_diag
else
  tap_result 0 "all $n shmem_ names are weak symbols in librocshmem.so (a tool may define them)"
fi

# ---------------------------------------------------------------- pshmem.h
declared() { # HEADER: every identifier followed by "(" in its expansion
  printf '#include <%s>\n' "$1" >"$tmp/h.c"
  "$stage/bin/oshcc" -std=c99 -E -P "$tmp/h.c" | tr -s ' \t' '  ' |
    grep -oE '[A-Za-z_][A-Za-z0-9_]* ?\(' | tr -d ' (' | grep -v '^__' | sort -u
}
declared shmem.h >"$tmp/shmem.names"
declared pshmem.h >"$tmp/pshmem.names"
declared rocshmem/rocshmem.h >"$tmp/rocshmem.names"
comm -23 "$tmp/shmem.names" "$tmp/rocshmem.names" | sed 's/^/p/' >"$tmp/expected"
comm -23 "$tmp/pshmem.names" "$tmp/shmem.names" >"$tmp/pdeclared"
if cmp -s "$tmp/expected" "$tmp/pdeclared"; then
  tap_result 0 "pshmem.h declares the p-twin of each of the $(wc -l <"$tmp/expected") names shmem.h adds, and nothing else"
else
  tap_result 1 "pshmem.h declares the p-twin of each of the $(wc -l <"$tmp/expected") names shmem.h adds, and nothing else"
  diff "$tmp/expected" "$tmp/pdeclared" | head -n 40 | tap_diag
fi
{
  echo '#include <pshmem.h>'
  echo 'typedef void (*any_fn)(void);'
  echo 'any_fn every_pshmem_routine[] = {'
  sed 's/^\(.*\)$/    (any_fn)\1,/' "$tmp/pnames"
  echo '};'
  echo 'int main(void) {'
  echo '  for (size_t i = 0; i < sizeof every_pshmem_routine / sizeof every_pshmem_routine[0]; i++)'
  echo '    if (!every_pshmem_routine[i]) return 1;'
  echo '  return 0;'
  echo '}'
} >"$tmp/pconf.c"
cp "$tmp/pconf.c" "$tmp/pconf.cc"
check "the $n pshmem_ names compile through pshmem.h, link and load (oshcc -std=c11 $warn)" \
  sh -c '"$1" -std=c11 $2 -o "$3" "$4" && "$3"' sh "$stage/bin/oshcc" "$warn" "$tmp/pconf_c" "$tmp/pconf.c"
check "the $n pshmem_ names compile through pshmem.h, link and load (oshc++ -std=c++17 $warn)" \
  sh -c '"$1" -std=c++17 $2 -o "$3" "$4" && "$3"' sh "$stage/bin/oshc++" "$warn" "$tmp/pconf_cxx" "$tmp/pconf.cc"
echo "# checked: $n names of the conformance list and their pshmem_ twins"

tap_finish
