#!/bin/sh
# bench/shmem_bench.c as bench/compare.sh uses it: built by the installed
# oshcc, its command line (--help, bad options) and one short timed run whose
# JSON line compare.sh parses.  Timings themselves are never asserted here
# (bench/README.md: speed is shown by benchmarks, side by side).
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

sb=$tmp/shmem_bench
check "bench/shmem_bench.c builds with the installed oshcc" \
  "$stage/bin/oshcc" -O2 -o "$sb" "$srcdir/bench/shmem_bench.c" -lm

# run NAME NP ARGS...: output in $tmp/NAME.out, exit status in $rc
run() {
  name=$1 np=$2
  shift 2
  limited "$stage/bin/oshrun" -np "$np" "$sb" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  rc=$?
}

# verdict DESCRIPTION NAME CONDITION...: passes when the shell CONDITION holds
verdict() {
  desc=$1 name=$2
  shift 2
  if eval "$*"; then tap_result 0 "$desc"; else
    tap_result 1 "$desc (exit status $rc)"
    cat "$tmp/$name.out" "$tmp/$name.err" | tap_diag
  fi
}

for flag in --help -h; do
  run help 1 "$flag"
  verdict "shmem_bench $flag: usage on stdout, exit status 0, no complaint" help \
    '[ "$rc" -eq 0 ] && grep -q "^usage: oshrun" "$tmp/help.out" && [ ! -s "$tmp/help.err" ]'
done

run badopt 2 -x
verdict "shmem_bench -x: usage on stderr, exit status 1" badopt \
  '[ "$rc" -eq 1 ] && grep -q "^usage: oshrun" "$tmp/badopt.err"'

run badname 2 -b no_such_bench
verdict "shmem_bench -b no_such_bench: names the benchmark, exit status 1" badname \
  '[ "$rc" -eq 1 ] && grep -q "unknown benchmark '"'"'no_such_bench'"'"'" "$tmp/badname.err"'

run onepe 1 -b barrier
verdict "shmem_bench on 1 PE: usage (it needs 2), exit status 1" onepe \
  '[ "$rc" -eq 1 ] && grep -q "^usage: oshrun -np N (N >= 2)" "$tmp/onepe.err"'

run barrier 2 -b barrier -r 1 -s 0.01
verdict "shmem_bench -b barrier on 2 PEs: one JSON row with a positive time" barrier \
  '[ "$rc" -eq 0 ] && grep -Eq "^\{\"bench\":\"barrier\",\"size\":0,\"pes\":2,\"us\":[0-9.]*[1-9]" "$tmp/barrier.out"'

verdict "shmem_bench: the start-up rows (init, init_rss, init_pss: positive; finalize after it)" barrier \
  'grep -Eq "^\{\"bench\":\"init\",\"size\":0,\"pes\":2,\"us\":[0-9.]*[1-9]" "$tmp/barrier.out" &&
   grep -Eq "^\{\"bench\":\"init_rss\",\"size\":0,\"pes\":2,\"KiB\":[1-9]" "$tmp/barrier.out" &&
   grep -Eq "^\{\"bench\":\"init_pss\",\"size\":0,\"pes\":2,\"KiB\":[1-9]" "$tmp/barrier.out" &&
   tail -n 1 "$tmp/barrier.out" | grep -Eq "^\{\"bench\":\"finalize\",\"size\":0,\"pes\":2,\"us\":[0-9.]*[1-9]"'

run bcast 3 -b broadcast64 -r 1 -s 0.01
verdict "shmem_bench -b broadcast64 on 3 PEs: a row per size, each with every member's time (pe_us)" bcast \
  '[ "$rc" -eq 0 ] && [ "$(grep -Ec "^\{\"bench\":\"broadcast64\",.*\"pe_us\":\[[0-9.e+-]*[1-9][0-9.e+-]*(,[0-9.e+-]*[1-9][0-9.e+-]*){2}\]\}$" "$tmp/bcast.out")" -eq 3 ]'

verdict "shmem_bench -b broadcast64: each row with PE 0's loop time per call, the untimed barrier included (loop_us)" bcast \
  '[ "$(grep -Ec "^\{\"bench\":\"broadcast64\",.*\"loop_us\":[0-9.]*[1-9][0-9.e+-]*," "$tmp/bcast.out")" -eq 3 ]'

tap_finish
