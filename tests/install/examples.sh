#!/bin/sh
# The programs of examples/ as a user builds and runs them: compiled by the
# installed oshcc (-Wall -Wextra -Werror), run by the installed oshrun on 1,
# 2 and 5 PEs (5 oversubscribes a 2-core CI machine and gives heat2d uneven
# bands).  Each program checks its own results; this script also compares
# the numbers it prints with values computed here for that PE count, so an
# example that computed wrongly (or printed a wrong number) fails the test.
. "${ROCTEST_SRCDIR:-.}/tests/install/common.sh"

ex=$srcdir/examples

# build NAME [EXTRA-LIBS]
build() {
  # shellcheck disable=SC2086
  check "examples/$1.c builds with the installed oshcc at -Wall -Wextra -Werror" \
    "$stage/bin/oshcc" -O2 -Wall -Wextra -Werror -o "$tmp/$1" "$ex/$1.c" $2
}

# expect NAME NP LINE...: runs NAME on NP PEs; every LINE must be printed.
expect() {
  name=$1 np=$2
  shift 2
  limited "$stage/bin/oshrun" -np "$np" "$tmp/$name" >"$tmp/$name.out" 2>&1
  rc=$?
  ok=0
  [ "$rc" -eq 0 ] || ok=1
  for line in "$@"; do
    grep -qxF "$line" "$tmp/$name.out" || { ok=1; echo "missing line: $line" >>"$tmp/$name.out"; }
  done
  tap_result "$ok" "examples/$name on $np PE(s) prints the right results (exit status $rc)"
  [ "$ok" -eq 0 ] || tap_diag <"$tmp/$name.out"
}

for p in hello ring circular_shift reduction load_balance hybrid_mpi; do build "$p"; done
build heat2d -lm

for np in 1 2 5; do
  set --
  i=0
  while [ "$i" -lt "$np" ]; do
    set -- "$@" "Hello from PE $i of $np"
    i=$((i + 1))
  done
  expect hello "$np" "$@"
  set --
  expect ring "$np" "ring: $np PEs, every PE got its neighbour's data"

  n=$((np * 5))
  a0=$(((0 - 17) % n))
  [ "$a0" -ge 0 ] || a0=$((a0 + n))
  expect circular_shift "$np" "circular_shift: $np PEs, $n elements, 17 shifts: a[0] = $a0, OK"

  # The hot square holds 12 x 7 cells at 100; periodic boundaries keep it.
  expect heat2d "$np" \
    "heat2d: $np PEs, 48x40 grid, 200 steps: max |parallel - serial| = 0.0e+00, total heat 8400.000000, OK"

  sum=$((np * (np + 1) / 2))
  evens=$(((np + 1) / 2))
  dsum=$(awk -v s="$sum" 'BEGIN { printf "%.1f", s / 2 }')
  expect reduction "$np" \
    "reduction: $np PEs: sum $sum, max $np, min 1, double sum $dsum, even-PE team sum $((evens * evens)), OK"

  squares=$(awk 'BEGIN { s = 0; for (t = 0; t < 1000; t++) s += t * t; printf "%d", s }')
  expect load_balance "$np" \
    "load_balance: $np PEs, 1000 tasks (1000 done, 0 missed, 0 twice), sum of results $squares, OK"

  expect hybrid_mpi "$np" \
    "hybrid_mpi: $np MPI ranks = $np PEs, MPI sum of the values put by OpenSHMEM $((np * (np - 1) / 2)), OK"
done

tap_finish
