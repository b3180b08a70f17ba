#!/bin/sh
# The OpenSHMEM environment variables as other implementations' users set
# them (heap_probe.c allocates and reports; 2 PEs unless said):
#  - SHMEM_DEBUG, SHMEM_INFO, SHMEM_VERSION take any value: set means on;
#  - SHMEM_SYMMETRIC_SIZE takes the specification's forms (.5m, 3.1M, 2GiB);
#  - the deprecated SMA_* names are honoured, with one warning per job;
#  - a value that does not parse, or an empty heap, is one error line per
#    job (not one per PE), naming the variable and what is accepted;
#  - ROCSHMEM_BOOTSTRAP=singleton under a launcher warns once;
#  - heaps that together exceed the node's memory are one warning per job.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"
builddir=${ROCTEST_BUILDDIR:-.}
srcdir=${ROCTEST_SRCDIR:-.}
prog=$builddir/tests/functional/setup/heap_probe
tap_need_built "$prog"
out=$(mktemp "${TMPDIR:-/tmp}/environment.XXXXXX")
err=$(mktemp "${TMPDIR:-/tmp}/environment.XXXXXX")
trap 'rm -f "$out" "$err"' EXIT

# probe NP BYTES [VAR=VALUE...]: runs heap_probe with only these variables of
# ours set; $rc, $out (stdout) and $err (stderr) hold the result.
probe() {
  np=$1 bytes=$2
  shift 2
  env -u SHMEM_SYMMETRIC_SIZE -u SHMEM_DEBUG -u SHMEM_INFO -u SHMEM_VERSION -u ROCSHMEM_HEAP_SIZE \
    -u ROCSHMEM_DEBUG "$@" ROCTEST_BUILDDIR="$builddir" ROCTEST_TIMEOUT="${ROCTEST_TIMEOUT:-120}" \
    /bin/sh "$srcdir/tests/mpirun_test.sh" "$np" "$prog" "$bytes" >"$out" 2>"$err"
  rc=$?
}
# count PATTERN FILE: matching lines
count() { grep -c -- "$1" "$2"; }

for setting in SHMEM_DEBUG=2 SHMEM_DEBUG=yes SHMEM_INFO=yes SHMEM_INFO= SHMEM_VERSION= \
  SHMEM_VERSION=anything; do
  probe 2 1024 "$setting"
  problems=""
  [ "$rc" -eq 0 ] || problems="exit status $rc"
  [ "$(count 'ERROR' "$err")" -eq 0 ] || problems="$problems; an ERROR line"
  [ "$(count '^allocated 1024' "$out")" -eq 1 ] || problems="$problems; no allocation line"
  case $setting in
    SHMEM_INFO* | SHMEM_VERSION*)
      [ "$(count 'OpenSHMEM 1\.[0-9]*), 2 PEs' "$out")" -eq 1 ] ||
        problems="$problems; the version banner is not printed once" ;;
  esac
  case $setting in
    SHMEM_INFO*) [ "$(count 'SHMEM_SYMMETRIC_SIZE' "$out")" -ge 1 ] ||
      problems="$problems; SHMEM_INFO lists no variables" ;;
  esac
  tap_verdict "'$setting' is accepted and turns the variable on" "$problems" "$err"
done

probe 2 1024 SHMEM_INFO=1 ROCSHMEM_SPIN_COUNT=77
problems=""
grep -q '^  \* ROCSHMEM_SPIN_COUNT  *= 77 (set by ROCSHMEM_SPIN_COUNT; default 4096)$' "$out" ||
  problems="the variable set is not marked with who set it and its default"
grep -q '^    SHMEM_DEBUG  *= 0$' "$out" || problems="$problems; an unset variable is not listed plainly"
! grep -q 'ROCSHMEM_CC\|ROCSHMEM_MPIRUN' "$out" || problems="$problems; the wrappers' variables are listed"
listed=$(grep -c '^  [* ] [A-Z]' "$out")
[ "$listed" -le 25 ] || problems="$problems; $listed variables listed"
tap_verdict "SHMEM_INFO lists the variables this job reads, one line each, marking those set" "$problems" "$err"

probe 2 1024 ROCSHMEM_DEBUG_LEVEL=3
problems=""
[ "$rc" -eq 0 ] || problems="exit status $rc"
[ "$(count 'shmem_init: bootstrap took [0-9.]* ms' "$err")" -eq 2 ] || problems="$problems; no timed init steps"
grep -q 'PE 0\] DEBUG: transport per PE: 0 self, 1 shm$' "$err" || problems="$problems; PE 0's transports"
grep -q 'PE 1\] DEBUG: transport per PE: 0 shm, 1 self$' "$err" || problems="$problems; PE 1's transports"
[ "$(count 'DEBUG: symmetric heap at 0x[0-9a-f]*, [0-9]* bytes' "$err")" -eq 2 ] || problems="$problems; no heap layout"
[ "$(count 'DEBUG: shmem_long_sum_reduce: a team of 2 PEs takes the same-node message path' "$err")" -eq 2 ] ||
  problems="$problems; the collective's path is not said once per PE"
tap_verdict "ROCSHMEM_DEBUG_LEVEL=3: init steps with their times, the transport to each PE, the heap, a collective's path" "$problems" "$err"

probe 2 1024 ROCSHMEM_DEBUG_LEVEL=9
problems=""
[ "$rc" -eq 0 ] || problems="exit status $rc"
[ "$(count 'ROCSHMEM_DEBUG_LEVEL = 9 is not a level.*using 4' "$err")" -eq 1 ] || problems="$problems; not reported once"
tap_verdict "an unknown ROCSHMEM_DEBUG_LEVEL is reported once and clamped" "$problems" "$err"

probe 1 1024 SHMEM_VERSION=1
problems=""
[ "$(count 'OpenSHMEM 1\.[0-9]*), 1 PE on 1 node,' "$out")" -eq 1 ] || problems="banner: $(head -n 1 "$out")"
tap_verdict "the banner of a one-PE job says 1 PE on 1 node" "$problems" "$err"

# Heap sizes in the specification's forms: what fits and what does not
# (the library keeps a few KiB of its own state in the heap).
size_case() { # SETTING FITS DOES_NOT_FIT
  probe 1 "$2" "$1"
  fits=$(count "^allocated $2" "$out")
  probe 1 "$3" "$1"
  refused=$(count "^refused $3" "$out")
  problems=""
  [ "$fits" -eq 1 ] || problems="$2 bytes were not allocated"
  [ "$refused" -eq 1 ] || problems="$problems; $3 bytes were not refused"
  tap_verdict "$1 sizes the heap ($2 bytes fit, $3 do not)" "$problems" "$err"
}
size_case SHMEM_SYMMETRIC_SIZE=.5m 500000 600000
size_case SHMEM_SYMMETRIC_SIZE=3.1M 3200000 3300000
size_case SHMEM_SYMMETRIC_SIZE=20kk 16000 30000
size_case SHMEM_SYMMETRIC_SIZE=1MiB 1000000 1100000
# The default is 512M: the legacy name must be what makes 1 GiB fit.
size_case SMA_SYMMETRIC_SIZE=2G 1073741824 3221225472

probe 2 1024 SMA_SYMMETRIC_SIZE=64M SMA_DEBUG=1
problems=""
[ "$rc" -eq 0 ] || problems="exit status $rc"
warned=$(count 'SMA_SYMMETRIC_SIZE (use SHMEM_SYMMETRIC_SIZE)' "$err")
[ "$warned" -eq 1 ] || problems="$problems; $warned warning lines naming the replacement (want 1)"
grep 'SMA_SYMMETRIC_SIZE' "$err" | grep -q 'SMA_DEBUG (use SHMEM_DEBUG)' ||
  problems="$problems; the warning does not name SMA_DEBUG's replacement"
tap_verdict "SMA_ variables: one warning per job naming the SHMEM_ replacements" "$problems" "$err"

probe 2 1024 SMA_SYMMETRIC_SIZE=1K SHMEM_SYMMETRIC_SIZE=64M
problems=""
[ "$(count '^allocated 1024' "$out")" -eq 1 ] || problems="the SMA_ value was used"
tap_verdict "SHMEM_SYMMETRIC_SIZE wins over SMA_SYMMETRIC_SIZE" "$problems" "$err"

probe 2 1024 ROCSHMEM_BOOTSTRAP=singleton
problems=""
[ "$rc" -eq 0 ] || problems="exit status $rc"
[ "$(count '^allocated 1024' "$out")" -eq 2 ] || problems="$problems; not two jobs of one PE"
warned=$(count 'each is a job of one PE' "$err")
[ "$warned" -eq 1 ] || problems="$problems; $warned warnings (want 1)"
tap_verdict "ROCSHMEM_BOOTSTRAP=singleton under a launcher of 2 processes warns once" "$problems" "$err"

# Heaps that the node cannot back: each of 2 PEs asks for as much as the
# machine's whole memory (MemTotal), so together they ask for twice it;
# init says so once for the job, naming the consequence, and the job runs
# (heap_probe touches 1 KiB).  A heap of 64M each fits: no such line.
oversized="heap, more than its .* GiB of memory .*OOM killer"
mem_kib=$(sed -n 's/^MemTotal: *\([0-9]*\) kB$/\1/p' /proc/meminfo)
probe 2 1024 "SHMEM_SYMMETRIC_SIZE=${mem_kib}K"
problems=""
[ "$rc" -eq 0 ] || problems="exit status $rc"
[ "$(count '^allocated 1024' "$out")" -eq 1 ] || problems="$problems; no allocation line"
warned=$(grep -c "WARN: shmem_init: SHMEM_SYMMETRIC_SIZE = [0-9]* bytes per PE: the 2 PEs on this node ask for .*$oversized" "$err")
[ "$warned" -eq 1 ] || problems="$problems; $warned warnings naming the size, the PEs and the OOM killer (want 1 for the job)"
tap_verdict "2 PEs whose heaps together exceed the node's memory (${mem_kib}K each): one warning per job" "$problems" "$err"
probe 2 1024 SHMEM_SYMMETRIC_SIZE=64M
problems=""
[ "$rc" -eq 0 ] || problems="exit status $rc"
[ "$(grep -c "$oversized" "$err")" -eq 0 ] || problems="$problems; a warning for heaps that fit"
tap_verdict "2 PEs with 64M heaps: no warning about the node's memory" "$problems" "$err"

# bad SETTING WORD DESCRIPTION: 2 PEs, the job fails with one ERROR line
# that names the variable and contains WORD, and no help text.
bad() {
  probe 2 1024 "$1"
  problems=""
  [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] || problems="exit status $rc"
  errors=$(count 'ERROR' "$err")
  [ "$errors" -eq 1 ] || problems="$problems; $errors ERROR lines (want 1 for the job)"
  line=$(grep 'ERROR' "$err" | head -n 1)
  case $line in *"rocshmem"*"shmem_init: ${1%%=*}"*"$2"*) ;; *) problems="$problems; line: $line" ;; esac
  case $line in *"committed only when touched"*) problems="$problems; the help text is appended" ;; esac
  [ "$(count 'mmap' "$err")" -eq 0 ] || problems="$problems; mmap is mentioned"
  tap_verdict "$3" "$problems" "$err"
}
bad SHMEM_SYMMETRIC_SIZE=lots "accepted" "a size that does not parse: one line per job saying what is accepted"
bad SHMEM_SYMMETRIC_SIZE=0 "cannot be empty" "an empty heap: one clear line per job"
bad SMA_SYMMETRIC_SIZE=-1G "accepted" "a bad legacy value names the SMA_ variable"
bad ROCSHMEM_SPIN_COUNT=-5 "must not be negative" "a negative count: one line per job"
bad ROCSHMEM_WAIT_WARN=-1 "must not be negative" "a negative ROCSHMEM_WAIT_WARN: one line per job"
# The GPU settings are words checked with the others, in every build and
# whether or not the job has a GPU (before, only a GPU job's set-up did).
bad ROCSHMEM_GPU_NET_DIRECT=sometimes "is not one of auto, on, off" "a GPU_NET_DIRECT word outside auto/on/off: one line per job, in any build"
bad ROCSHMEM_GPU_PROXY=on "is not one of auto, all, off" "a GPU_PROXY word outside auto/all/off: one line per job"
bad ROCSHMEM_GPU=yes "is not one of auto, on, off" "a ROCSHMEM_GPU word outside auto/on/off: one line per job"

echo "1..$tap_count"
[ "$tap_failed" -eq 0 ]
