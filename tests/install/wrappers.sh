#!/bin/sh
# The installed compiler wrappers (oshcc, oshc++ and their other names) and
# launcher (oshrun, shmemrun) behave like Open MPI's: --showme and its
# variants, arguments passed through unchanged, no link flags with -c, the
# underlying compiler or launcher replaced by an environment variable, a
# clear error when it is missing; oshrun passes -np, --host and the SHMEM_*
# and ROCSHMEM_* variables on.  Fake compilers and launchers record
# their arguments, so the cases check exactly what would be run.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

bin=$stage/bin
inc=$stage/include
lib=$stage/lib

# A fake program that writes its arguments, one per line, to $tmp/NAME.args.
fake() {
  printf '#!/bin/sh\nfor a in "$@"; do echo "$a"; done > "%s/%s.args"\n' "$tmp" "$1" >"$tmp/$1"
  chmod +x "$tmp/$1"
}
fake fakecc
fake fakecxx
fake mpirun # named so that oshrun treats it as Open MPI's launcher
fake otherlauncher

for name in oshcc oshc++ oshCC oshcxx shmemcc shmemc++ shmemCC shmemcxx rocshmem-oshcc rocshmem-oshc++ rocshmem-oshCC; do
  check "$name is installed and runs (--showme:version)" \
    sh -c "'$bin/$name' --showme:version | grep -q '^rocshmem [0-9]'"
done

# --showme:compile / :link name the installed (relocated) directories.
check "oshcc --showme:compile adds -I<prefix>/include" \
  sh -c "'$bin/oshcc' --showme:compile | grep -q -- '-I$inc\\( \\|\$\\)'"
check "oshcc --showme:link adds -L<prefix>/lib, its rpath and -lrocshmem" \
  sh -c "out=\$('$bin/oshcc' --showme:link); echo \"\$out\"; \
    echo \"\$out\" | grep -q -- '-L$lib ' && echo \"\$out\" | grep -q -- '-Wl,-rpath,$lib ' && \
    echo \"\$out\" | grep -q -- '-lrocshmem'"
check "oshcc --showme:link ends with the math library (-lm), as other wrappers do" \
  sh -c "'$bin/oshcc' --showme:link | grep -q -- ' -lm\$'"
check "oshcc --showme prints the whole command with the arguments in place" \
  sh -c "'$bin/oshcc' --showme -O2 -o x x.c | grep -q -- ' -O2 -o x x.c -I$inc'"
check "oshcc --showme:command names the C compiler, oshc++ the C++ one" \
  sh -c "test \"\$('$bin/oshcc' --showme:command)\" != \"\$('$bin/oshc++' --showme:command)\""
check "oshcc --showme:incdirs lists <prefix>/include and MPI's include directory, without -I" \
  sh -c "out=\$('$bin/oshcc' --showme:incdirs); echo \"\$out\";
    echo \"\$out\" | grep -q '^$inc\( \|\$\)' && ! echo \"\$out\" | grep -q -- '-I' &&
    for d in \$(mpicc --showme:incdirs); do echo \" \$out \" | grep -q \" \$d \" || exit 1; done"
check "oshcc --showme:libdirs lists <prefix>/lib and MPI's library directory, without -L" \
  sh -c "out=\$('$bin/oshcc' --showme:libdirs); echo \"\$out\";
    echo \"\$out\" | grep -q '^$lib\( \|\$\)' && ! echo \"\$out\" | grep -q -- '-L' &&
    for d in \$(mpicc --showme:libdirs); do echo \" \$out \" | grep -q \" \$d \" || exit 1; done"
check "oshcc --showme:libs names rocshmem, MPI's libraries and m, without -l" \
  sh -c "out=\$('$bin/oshcc' --showme:libs); echo \"\$out\";
    test \"\${out%% *}\" = rocshmem && echo \" \$out \" | grep -q ' mpi ' && echo \" \$out \" | grep -q ' m \$'"
check "oshcc -v alone prints the rocshmem version and the compiler's, and links nothing" \
  sh -c "cd '$tmp' && out=\$('$bin/oshcc' -v 2>&1); rc=\$?; echo \"\$out\" | head -n 3; test \$rc -eq 0 &&
    echo \"\$out\" | head -n 1 | grep -q '^rocshmem [0-9]' && echo \"\$out\" | grep -qi 'version' &&
    test ! -e '$tmp/a.out'"
check "oshcc --version alone prints the versions too" \
  sh -c "'$bin/oshcc' --version | head -n 1 | grep -q '^rocshmem [0-9]'"
check "oshcc --showme:bogus is refused with status 1" \
  sh -c "'$bin/oshcc' --showme:bogus; test \$? -eq 1"
check "oshcc --help documents the --showme options and ROCSHMEM_CC" \
  sh -c "out=\$('$bin/oshcc' --help); for w in --showme:compile --showme:link ROCSHMEM_CC ROCSHMEM_PREFIX; do echo \"\$out\" | grep -q -- \"\$w\" || { echo \"no \$w\"; exit 1; }; done"

# ROCSHMEM_CC / ROCSHMEM_CXX replace the compiler; arguments pass through.
check "ROCSHMEM_CC replaces oshcc's compiler; every argument passes through in order" \
  sh -c "ROCSHMEM_CC='$tmp/fakecc' '$bin/oshcc' -O3 -DX='a b' -Wall -o prog prog.c -lm &&
    tr '\\n' '|' <'$tmp/fakecc.args' | grep -q -- '^-O3|-DX=a b|-Wall|-o|prog|prog.c|-lm|-I$inc|'"
check "... and links: -lrocshmem and the MPI libraries follow the arguments" \
  sh -c "has_line() { grep -qxF -- \"\$1\" '$tmp/fakecc.args'; }; has_line -lrocshmem && has_line -L$lib"
check "-c compiles without the link flags" \
  sh -c "ROCSHMEM_CC='$tmp/fakecc' '$bin/oshcc' -c prog.c && ! grep -qxF -- -lrocshmem '$tmp/fakecc.args' &&
    grep -qxF -- -I$inc '$tmp/fakecc.args'"
for name in oshc++ oshCC oshcxx shmemc++ shmemCC shmemcxx; do
  check "ROCSHMEM_CXX replaces $name's compiler (and ROCSHMEM_CC does not)" \
    sh -c "ROCSHMEM_CC=/nonexistent ROCSHMEM_CXX='$tmp/fakecxx' '$bin/$name' -o p p.cc &&
      grep -qxF p.cc '$tmp/fakecxx.args'"
done
check "a missing compiler ends oshcc with status 127 and a message naming ROCSHMEM_CC" \
  sh -c "ROCSHMEM_CC=/nonexistent/cc '$bin/oshcc' x.c 2>'$tmp/err'; rc=\$?; cat '$tmp/err';
    test \$rc -eq 127 && grep -q 'ROCSHMEM_CC' '$tmp/err'"

# A real compile and link, C and C++, and the result runs.
cat >"$tmp/t.c" <<'C'
#include <shmem.h>
#include <stdio.h>
int main(void) { shmem_init(); printf("PE %d of %d\n", shmem_my_pe(), shmem_n_pes()); shmem_finalize(); return 0; }
C
cp "$tmp/t.c" "$tmp/t.cc"
# Math on values known only at run time (argv), so the compiler cannot fold
# the calls away: powl has no inline form, so the program needs libm itself.
cat >"$tmp/m.c" <<'C'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    double x = argc > 1 ? strtod(argv[1], NULL) : 2.0;
    long double y = powl((long double)x, 3.0L);
    printf("%.1f %.1Lf\n", sqrt(x), y);
    return 0;
}
C
check "oshcc compiles and links a C program, which runs as a singleton" \
  sh -c "'$bin/oshcc' -Wall -Werror -o '$tmp/tc' '$tmp/t.c' && timeout -k 10 120 '$tmp/tc' | grep -qx 'PE 0 of 1'"
check "plain 'oshcc prog.c' links a program calling powl and sqrt (libm), which runs" \
  sh -c "'$bin/oshcc' -Wall -Werror -o '$tmp/tm' '$tmp/m.c' && out=\$('$tmp/tm' 16) && echo \"\$out\" &&
    test \"\$out\" = '4.0 4096.0'"
check "oshc++ compiles (-c) and then links a C++ program" \
  sh -c "'$bin/oshc++' -Wall -Werror -c -o '$tmp/t.o' '$tmp/t.cc' && '$bin/oshc++' -o '$tmp/tcc' '$tmp/t.o' &&
    timeout -k 10 120 '$tmp/tcc' | grep -qx 'PE 0 of 1'"

# oshrun: arguments and environment go to the launcher.
for name in oshrun shmemrun rocshmem-oshrun rocshmem-shmemrun; do
  check "$name passes -np and --host to the launcher unchanged" \
    sh -c "ROCSHMEM_MPIRUN='$tmp/mpirun' '$bin/$name' -np 3 --host a:2,b:1 ./app x y &&
      tr '\\n' ' ' <'$tmp/mpirun.args' | grep -q -- '-np 3 --host a:2,b:1 ./app x y \$'"
done
check "oshrun forwards SHMEM_* and ROCSHMEM_* variables with -x, and no others (not UCX_*)" \
  sh -c "SHMEM_SYMMETRIC_SIZE=1G ROCSHMEM_SPIN_COUNT=9 UCX_TLS=tcp ROCTEST_NOT_FORWARDED=1 \
      ROCSHMEM_MPIRUN='$tmp/mpirun' '$bin/oshrun' -np 2 ./app &&
    args=\$(tr '\\n' ' ' <'$tmp/mpirun.args') && echo \"\$args\" &&
    for v in SHMEM_SYMMETRIC_SIZE ROCSHMEM_SPIN_COUNT; do
      echo \"\$args\" | grep -q -- \"-x \$v \" || exit 1; done &&
    ! echo \"\$args\" | grep -q 'ROCTEST_NOT_FORWARDED\|UCX_TLS'"
check "oshrun adds no -x for a launcher that is not Open MPI's" \
  sh -c "SHMEM_INFO=0 ROCSHMEM_MPIRUN='$tmp/otherlauncher' '$bin/oshrun' -np 2 ./app &&
    ! grep -qxF -- -x '$tmp/otherlauncher.args'"
check "a missing launcher ends oshrun with status 127 and a message naming ROCSHMEM_MPIRUN" \
  sh -c "ROCSHMEM_MPIRUN=/nonexistent/mpirun '$bin/oshrun' -np 2 ./app 2>'$tmp/err'; rc=\$?; cat '$tmp/err';
    test \$rc -eq 127 && grep -q \"/nonexistent/mpirun' was not found\" '$tmp/err' && grep -q ROCSHMEM_MPIRUN '$tmp/err'"
check "oshrun --help names its launcher and ROCSHMEM_MPIRUN" \
  sh -c "'$bin/oshrun' --help | grep -q ROCSHMEM_MPIRUN"

# The real launcher: -np, --host and the environment reach every PE.
check "oshrun -np 2 --host localhost:2 starts 2 processes that see SHMEM_SYMMETRIC_SIZE" \
  sh -c "out=\$(SHMEM_SYMMETRIC_SIZE=3M timeout -k 10 120 '$bin/oshrun' -np 2 --host localhost:2 printenv SHMEM_SYMMETRIC_SIZE) &&
    echo \"\$out\" && test \"\$(echo \"\$out\" | grep -cx 3M)\" -eq 2"
check "oshrun -np 2 runs an OpenSHMEM program on 2 PEs" \
  sh -c "timeout -k 10 120 '$bin/oshrun' -np 2 '$tmp/tc' | sort | tr '\\n' ' ' | grep -qx 'PE 0 of 2 PE 1 of 2 '"

tap_finish
