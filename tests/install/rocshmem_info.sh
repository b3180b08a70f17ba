#!/bin/sh
# The installed rocshmem_info describes the installation: version, build
# configuration (transports, GPU platform, configure arguments) and every
# environment variable of src/core/env.def - the one table the library
# parses - with its default, current value (and who set it) and help.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

info=$stage/bin/rocshmem_info
envdef=$srcdir/src/core/env.def
# The declared names, straight from the table (primary names, aliases and
# the legacy SMA_ names).
names=$(sed -n 's/^ROCSHMEM_ENV(\([a-z_0-9]*\), *\([A-Z_0-9]*\),.*/\2/p' "$envdef")
aliases=$(sed -n 's/^ROCSHMEM_ENV_\(ALIAS\|DEPRECATED\)(\([a-z_0-9]*\), *\([A-Z_0-9]*\)).*/\3/p' "$envdef")
count=$(echo "$names" | wc -w)

check "rocshmem_info --version names the library version and OpenSHMEM 1.6" \
  sh -c "out=\$('$info' --version) && echo \"\$out\" &&
    echo \"\$out\" | grep -q '^rocshmem version: *[0-9][0-9.]*' &&
    echo \"\$out\" | grep -q '^OpenSHMEM version: *1\\.6\$' && echo \"\$out\" | grep -q '^vendor string:'"
check "rocshmem_info --version agrees with oshcc --showme:version" \
  sh -c "v=\$('$info' --version | sed -n 's/^rocshmem version: *//p') &&
    test \"rocshmem \$v\" = \"\$('$stage/bin/oshcc' --showme:version)\""
check "rocshmem_info --build names the transports, UCX, the GPU platform and the configure arguments" \
  sh -c "out=\$('$info' --build) && echo \"\$out\" &&
    for k in 'transports:' 'UCX:' 'GPU platform:' 'bootstraps:' 'configure arguments:'; do
      echo \"\$out\" | grep -q \"^\$k\" || { echo \"no \$k\"; exit 1; }; done &&
    echo \"\$out\" | grep -q '^transports: .*shm'"

"$info" --env >"$tmp/env.out" 2>&1
tap_result $? "rocshmem_info --env exits with status 0"
missing=""
for n in $names; do
  grep -q "^  $n  *[a-z]* *value=.* (default .*)\$" "$tmp/env.out" || missing="$missing $n"
done
tap_result "$([ -z "$missing" ] && echo 0 || echo 1)" \
  "rocshmem_info --env lists all $count variables of env.def with value and default${missing:+ (missing:$missing)}"
# Every entry is followed by its help line (indented further).
helps=$(grep -c '^      [^ ]' "$tmp/env.out")
tap_result "$([ "$helps" -eq "$count" ] && echo 0 || echo 1)" \
  "rocshmem_info --env prints one help line per variable ($helps of $count)"
check "rocshmem_info --env shows the default of SHMEM_SYMMETRIC_SIZE from env.def" \
  grep -q '^  SHMEM_SYMMETRIC_SIZE .*value=512M (default 512M)$' "$tmp/env.out"
check "rocshmem_info --env shows a value set in the environment and who set it" \
  sh -c "ROCSHMEM_SPIN_COUNT=77 '$info' --env | grep -q '^  ROCSHMEM_SPIN_COUNT .*value=77 (default 4096, set by ROCSHMEM_SPIN_COUNT)\$'"
for a in $aliases; do
  check "rocshmem_info --env names the alias or legacy name $a as the source of a value" \
    sh -c "$a=1 '$info' --env | grep -q 'set by $a)\$'"
done
check "the wrappers' variables are in the table, so PEs do not call them unknown" \
  sh -c "for v in ROCSHMEM_CC ROCSHMEM_CXX ROCSHMEM_GPUCC ROCSHMEM_PREFIX ROCSHMEM_MPIRUN; do
    grep -q \"^  \$v \" '$tmp/env.out' || { echo \"no \$v\"; exit 1; }; done"

"$info" --env-markdown >"$tmp/md.out" 2>&1
rows=$(grep -c '^| `' "$tmp/md.out")
tap_result "$([ "$rows" -eq "$count" ] && echo 0 || echo 1)" \
  "rocshmem_info --env-markdown has one row per variable ($rows of $count)"
check "docs/USER_GUIDE.md's environment table is rocshmem_info --env-markdown (with 'empty' written out)" \
  sh -c "sed -n '/^| Variable | Default | Meaning |\$/,/^\$/p' '$srcdir/docs/USER_GUIDE.md' | sed '/^\$/d' >'$tmp/readme.md' &&
    diff '$tmp/readme.md' '$tmp/md.out'"

check "rocshmem_info with no option prints everything" \
  sh -c "out=\$('$info') && echo \"\$out\" | grep -q '^rocshmem version:' && echo \"\$out\" | grep -q '^transports:' &&
    echo \"\$out\" | grep -q '^environment variables:'"
check "rocshmem_info --help lists the options" \
  sh -c "out=\$('$info' --help) && for o in --version --build --env --env-markdown; do
    echo \"\$out\" | grep -q -- \"\$o\" || exit 1; done"
check "rocshmem_info takes several options at once and prints their sections in order" \
  sh -c "out=\$('$info' --env --version) && echo \"\$out\" | head -n 1 | grep -q '^rocshmem version:' &&
    echo \"\$out\" | grep -q '^environment variables:' && ! echo \"\$out\" | grep -q '^transports:'"
check "rocshmem_info -a is --all" \
  sh -c "test \"\$('$info' -a | grep -v 'check:')\" = \"\$('$info' --all | grep -v 'check:')\""
check "rocshmem_info --build names the install prefix, the compilers and MPI" \
  sh -c "out=\$('$info' --build) && echo \"\$out\" &&
    for k in 'install prefix:' 'C compiler:' 'C++ compiler:' 'MPI:'; do
      echo \"\$out\" | grep -q \"^\$k\" || { echo \"no \$k\"; exit 1; }; done &&
    echo \"\$out\" | grep -q '^MPI: .*Open MPI'"
check "rocshmem_info reports the prefix it is installed at now (a staged installation)" \
  sh -c "'$info' --build --parsable | grep -qx 'build:prefix:$stage'"
check "rocshmem_info --parsable: one key:value per line for the sections asked" \
  sh -c "out=\$('$info' --version --env --parsable) && echo \"\$out\" | head -n 5 &&
    ! echo \"\$out\" | grep -v '^[a-z]*:[A-Za-z_0-9]*:' | grep . &&
    echo \"\$out\" | grep -qx 'version:openshmem:[0-9]*\.[0-9]*' &&
    echo \"\$out\" | grep -qx 'env:SHMEM_SYMMETRIC_SIZE:default:512M' &&
    echo \"\$out\" | grep -qx 'env:SHMEM_SYMMETRIC_SIZE:source:default' &&
    ! echo \"\$out\" | grep -q '^build:'"
check "rocshmem_info --parsable names who set a value" \
  sh -c "SMA_SYMMETRIC_SIZE=3G '$info' --env --parsable | grep -qx 'env:SHMEM_SYMMETRIC_SIZE:source:SMA_SYMMETRIC_SIZE'"
check "rocshmem_info --env refuses an invalid SHMEM_SYMMETRIC_SIZE as shmem_init would (status 2, named on stderr)" \
  sh -c "SHMEM_SYMMETRIC_SIZE=lots '$info' --env >'$tmp/out' 2>'$tmp/err'; rc=\$?; cat '$tmp/err';
    test \$rc -eq 2 && grep -q \"SHMEM_SYMMETRIC_SIZE='lots'.*accepted\" '$tmp/err'"
check "rocshmem_info --env refuses an empty heap and a negative count" \
  sh -c "SHMEM_SYMMETRIC_SIZE=0 ROCSHMEM_SPIN_COUNT=-1 '$info' --env >/dev/null 2>'$tmp/err'; rc=\$?;
    cat '$tmp/err'; test \$rc -eq 2 && grep -q 'SHMEM_SYMMETRIC_SIZE = 0' '$tmp/err'"
check "rocshmem_info --env accepts valid values (status 0, environment check ok)" \
  sh -c "SHMEM_SYMMETRIC_SIZE=.5m SHMEM_DEBUG=2 '$info' --env | grep -q '^environment check: *ok'"
check "rocshmem_info --env flags a misspelt SHMEM_SYMMETRIC_SIZE with the name meant, as shmem_init does (status 0: a warning)" \
  sh -c "SHMEM_SYMETRIC_SIZE=1G '$info' --env >'$tmp/out' 2>&1; rc=\$?; grep '^environment check' '$tmp/out';
    test \$rc -eq 0 && grep -q '^environment check: *warning: shmem_init ignores unknown variable(s) SHMEM_SYMETRIC_SIZE (did you mean SHMEM_SYMMETRIC_SIZE?)\$' '$tmp/out'"
check "rocshmem_info --env flags unknown ROCSHMEM_ and SMA_ names too, and one far from every known name without a guess" \
  sh -c "ROCSHMEM_SPIN_CONT=3 SMA_SYMMETRIC_SIZ=1G ROCSHMEM_XYZZY_PLUGH=1 '$info' --env >'$tmp/out' 2>&1;
    line=\$(grep '^environment check' '$tmp/out'); echo \"\$line\";
    for part in 'ROCSHMEM_SPIN_CONT (did you mean ROCSHMEM_SPIN_COUNT?)' 'SMA_SYMMETRIC_SIZ (did you mean SMA_SYMMETRIC_SIZE?)' 'ROCSHMEM_XYZZY_PLUGH'; do
      echo \"\$line\" | grep -qF \"\$part\" || { echo \"no \$part\"; exit 1; }; done;
    ! echo \"\$line\" | grep -q 'ROCSHMEM_XYZZY_PLUGH (did'"
check "rocshmem_info --env warns when a heap per core would not fit this node's memory" \
  sh -c "SHMEM_SYMMETRIC_SIZE=16T '$info' --env | grep -q '^heap check: *warning: heaps of 16384.0 GiB'"
check "rocshmem_info --bogus fails with status 1 and names the option" \
  sh -c "'$info' --bogus 2>'$tmp/err'; rc=\$?; cat '$tmp/err'; test \$rc -eq 1 && grep -q -- \"'--bogus'\" '$tmp/err'"

tap_finish
