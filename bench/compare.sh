#!/bin/bash
# compare.sh - build bench/shmem_bench.c with our oshcc and with Open MPI's
# OSHMEM oshcc, run both side by side (A B A B ...), and report medians,
# ratios ours/theirs and the fractions of the physical limits (memcpy, the
# cache-line hand-off between two cores). See bench/README.md.
#
# Usage: bench/compare.sh [options] [ROCSHMEM_PREFIX]
#   -p PREFIX   our install prefix (or env ROCSHMEM_PREFIX); uses
#               PREFIX/bin/oshcc and PREFIX/bin/oshrun
#   -n PES      number of PEs (default 2)
#   -r ROUNDS   interleaved rounds A B A B ... (default 5)
#   -R REPS     timed repetitions inside each run (default 7)
#   -s SCALE    iteration-count multiplier (default 1; 0.2 for a smoke test)
#   -b LIST     comma-separated benchmarks or groups (rma, amo, pingpong,
#               locks, sync, coll, ucx; default: all of shmem_bench, or ucx
#               with -u)
#   -M BYTES    largest message size of put/get & co (default: each
#               benchmark's own; 1048576 with -u)
#   -S STEP     size factor between put/get points (default 2; 8 with -u:
#               8 B, 64 B, ... 256 KiB, 1 MiB)
#   -L LOG2     the collectives' active set: PE_start 0, logPE_stride LOG2,
#               every 2^LOG2-th PE (default 0: every PE); e.g. -n 4 -L 1 -u
#               tcp,self times a group spanning nodes that is not every PE
#   -u TLS      forced-remote mode: ours runs with ROCSHMEM_PES_PER_NODE=1
#               (every PE its own emulated node: everything goes through
#               UCX) and UCX_TLS=TLS, the baseline with UCX_TLS=TLS (its
#               spml ucx uses UCX for everything anyway); e.g. tcp,self or
#               sm,self. Targets: every row <= 1.0x; also measures
#               ucx_perftest's ucp_put_bw (server and client on localhost,
#               the same UCX_TLS) at each power of two from 1 MiB to the
#               largest put size: the ceiling for large puts (put >= 1 MiB
#               over tcp: >= 80% of it)
#   -o DIR      output directory (default bench/results/DATE-npPES, with
#               -ucx-TLS appended in forced-remote mode)
#   -t SECONDS  time limit per run (default 180)
#   -h          this help
# Environment: BASE_OSHCC, BASE_OSHRUN (default /usr/bin/oshcc, oshrun);
#   UCX_PERFTEST (default: ucx_perftest from PATH; -u mode only);
#   OSHRUN_ARGS extra launcher arguments for both sides (e.g. "--bind-to core");
#   UCX_TLS etc. are passed through unchanged (and recorded); -u overrides
#   UCX_TLS for both sides.
# Output in DIR: results.jsonl (meta line + one line per row), table.txt,
#   plot.png (if matplotlib is importable), raw/ (every run, logs, builds).
# Exit status: 0 if either side produced numbers, 1 if none, 2 usage error.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
prefix=${ROCSHMEM_PREFIX:-}
pes=2
rounds=5
reps=7
scale=1
benches=
size_cap=
size_step=
set_log=0
ucx_tls=
outdir=
run_limit=180
base_cc=${BASE_OSHCC:-/usr/bin/oshcc}
base_run=${BASE_OSHRUN:-/usr/bin/oshrun}
perftest=${UCX_PERFTEST:-$(command -v ucx_perftest 2>/dev/null)}
python=/usr/bin/python3
[ -x "$python" ] || python=python3

usage() { sed -n '2,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }
die() { echo "compare.sh: $*" >&2; exit 2; }

while getopts "p:n:r:R:s:b:M:S:L:u:o:t:h" opt; do
    case $opt in
    p) prefix=$OPTARG ;;
    n) pes=$OPTARG ;;
    r) rounds=$OPTARG ;;
    R) reps=$OPTARG ;;
    s) scale=$OPTARG ;;
    b) benches=$OPTARG ;;
    M) size_cap=$OPTARG ;;
    S) size_step=$OPTARG ;;
    L) set_log=$OPTARG ;;
    u) ucx_tls=$OPTARG ;;
    o) outdir=$OPTARG ;;
    t) run_limit=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && { prefix=$1; shift; }
[ $# -eq 0 ] || die "unexpected argument: $1 (try -h)"
for v in "$pes" "$rounds" "$reps" "$run_limit"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || die "not a positive integer: $v"
done
[ "$pes" -ge 2 ] || die "need at least 2 PEs"
[ -z "$size_cap" ] || [[ $size_cap =~ ^[1-9][0-9]*$ ]] || die "not a positive integer: $size_cap"
[[ $set_log =~ ^[0-9]$|^[12][0-9]$ ]] || die "-L needs an integer 0..29: $set_log"
[ $(( (pes - 1) >> set_log )) -ge 1 ] || die "-L $set_log leaves fewer than 2 of $pes PEs in the set"
[ -z "$size_step" ] || [[ $size_step =~ ^[2-9]$|^[1-9][0-9]+$ ]] || die "-S needs an integer >= 2: $size_step"
if [ -n "$ucx_tls" ]; then
    [[ $ucx_tls =~ ^[A-Za-z0-9_,:-]+$ ]] || die "odd UCX_TLS value: $ucx_tls"
    benches=${benches:-ucx}
    size_cap=${size_cap:-1048576}
    size_step=${size_step:-8}
fi

suffix=np$pes
[ -n "$ucx_tls" ] && suffix+=-ucx-${ucx_tls//[,:]/+}
[ "$set_log" -gt 0 ] && suffix+=-stride$((1 << set_log))
outdir=${outdir:-$here/results/$(date +%Y%m%d-%H%M%S)-$suffix}
raw=$outdir/raw
mkdir -p "$raw" || die "cannot create $raw"
echo "compare.sh: output in $outdir"

# ---- which sides can run ----------------------------------------------------
ours_ok=1 theirs_ok=1
if [ -z "$prefix" ]; then
    echo "compare.sh: NOTE: no ROCSHMEM_PREFIX given (-p or env): ours skipped"
    ours_ok=0
elif [ ! -x "$prefix/bin/oshcc" ] || [ ! -x "$prefix/bin/oshrun" ]; then
    echo "compare.sh: NOTE: $prefix/bin/oshcc or oshrun missing: ours skipped"
    ours_ok=0
fi
if [ ! -x "$base_cc" ] || [ ! -x "$base_run" ]; then
    echo "compare.sh: WARNING: baseline $base_cc / $base_run missing: baseline skipped"
    theirs_ok=0
fi

cflags=(-O2 -std=c99 -Wall -Wextra)
build() { # side compiler
    local side=$1 cc=$2 log=$raw/build-$1.log
    if "$cc" "${cflags[@]}" -o "$raw/shmem_bench-$side" "$here/shmem_bench.c" \
        >"$log" 2>&1; then
        [ -s "$log" ] && { echo "compare.sh: $side build warnings:"; cat "$log"; }
        return 0
    fi
    echo "compare.sh: FAILED to build with $cc ($side side); log $log:"
    sed 's/^/    /' "$log" | head -n 20
    return 1
}
[ $ours_ok = 1 ] && { build ours "$prefix/bin/oshcc" || ours_ok=0; }
[ $theirs_ok = 1 ] && { build theirs "$base_cc" || theirs_ok=0; }
[ $ours_ok = 1 ] || [ $theirs_ok = 1 ] || die "nothing to run"

cacheline=
if cc -O2 -std=c99 -Wall -Wextra -pthread -o "$raw/cacheline" \
    "$here/cacheline.c" >"$raw/build-cacheline.log" 2>&1; then
    cacheline=$raw/cacheline
else
    echo "compare.sh: NOTE: cacheline probe did not build (see $raw/build-cacheline.log)"
fi

# ucx_perftest sizes (-u only): powers of two from 1 MiB up to the largest
# put size of the run (at most shmem_bench's 4 MiB heap buffer).
perf_sizes=()
if [ -n "$ucx_tls" ]; then
    if [ -z "$perftest" ] || [ ! -x "$perftest" ]; then
        echo "compare.sh: NOTE: ucx_perftest not found (package ucx-utils):" \
            "no ceiling for large puts"
        perftest=
    else
        top=${size_cap:-4194304}
        [ "$top" -gt 4194304 ] && top=4194304
        for ((sz = 1048576; sz <= top; sz *= 2)); do perf_sizes+=("$sz"); done
        [ ${#perf_sizes[@]} -gt 0 ] ||
            echo "compare.sh: NOTE: largest put size below 1 MiB: no ucx_perftest ceiling"
    fi
fi

# ---- machine and settings -----------------------------------------------------
ncpu=$(nproc 2>/dev/null || echo 1)
ompi_ver=$(ompi_info --version 2>/dev/null | head -n 1)
[ -n "$ompi_ver" ] || ompi_ver=$(dpkg-query -W -f '${Version}' openmpi-bin 2>/dev/null)
if command -v ucx_info >/dev/null 2>&1; then
    ucx_ver=$(ucx_info -v 2>/dev/null | head -n 1 | sed 's/^# *//')
else
    ucx_ver=$(dpkg-query -W -f '${Version}' libucx0 2>/dev/null)
fi
git_rev=$(git -C "$here" describe --always --dirty 2>/dev/null || echo none)
{
    printf 'date\t%s\n' "$(date -Is)"
    printf 'host\t%s\n' "$(hostname)"
    printf 'cpu\t%s\n' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
    printf 'cores\t%s\n' "$ncpu"
    printf 'kernel\t%s\n' "$(uname -sr)"
    printf 'compiler\t%s\n' "$(cc --version 2>/dev/null | head -n 1)"
    printf 'openmpi\t%s\n' "${ompi_ver:-unknown}"
    printf 'ucx\t%s\n' "${ucx_ver:-unknown}"
    if [ -n "$ucx_tls" ]; then
        printf 'UCX_TLS\t%s\n' "$ucx_tls"
        printf 'ucx_forced_tls\t%s\n' "$ucx_tls"
        printf 'mode\t%s\n' "forced-remote over UCX: ours ROCSHMEM_PES_PER_NODE=1 UCX_TLS=$ucx_tls; theirs UCX_TLS=$ucx_tls"
        [ ${#perf_sizes[@]} -gt 0 ] &&
            printf 'ceiling\t%s\n' "$perftest -t ucp_put_bw, server and client on localhost, UCX_TLS=$ucx_tls, sizes ${perf_sizes[*]}"
    else
        printf 'UCX_TLS\t%s\n' "${UCX_TLS:-(unset)}"
        printf 'mode\t%s\n' "local (shared memory)"
    fi
    printf 'pes\t%s\n' "$pes"
    printf 'rounds\t%s\n' "$rounds"
    printf 'reps\t%s\n' "$reps"
    printf 'scale\t%s\n' "$scale"
    printf 'benches\t%s\n' "${benches:-all}"
    printf 'size_cap\t%s\n' "${size_cap:-none}"
    printf 'size_step\t%s\n' "${size_step:-2}"
    printf 'coll_active_set\t0,%s,%s\n' "$set_log" "$(( (pes - 1) / (1 << set_log) + 1 ))"
    printf 'oversubscribed\t%s\n' "$([ "$pes" -gt "$ncpu" ] && echo yes || echo no)"
    printf 'ours_prefix\t%s\n' "${prefix:-(none)}"
    printf 'ours_git\t%s\n' "$git_rev"
    printf 'baseline\t%s / %s, OMPI_MCA_osc=^rdma\n' "$base_cc" "$base_run"
    printf 'oshrun_args\t%s\n' "${OSHRUN_ARGS:-}"
    printf 'cflags\t%s\n' "${cflags[*]}"
    printf 'loadavg_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
} >"$raw/meta.tsv"
sed 's/\t/: /' "$raw/meta.tsv"
load1=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
if awk -v l="${load1:-0}" -v n="$ncpu" 'BEGIN { exit !(l > 0.5 * n) }'; then
    echo "compare.sh: NOTE: machine busy (load $load1 on $ncpu cores): expect noise"
fi

# ---- runs -------------------------------------------------------------------------
launch_env=()
[ "$(id -u)" = 0 ] && launch_env+=(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)
[ "$pes" -gt "$ncpu" ] && launch_env+=(OMPI_MCA_rmaps_base_oversubscribe=1)
read -r -a run_args <<<"${OSHRUN_ARGS:-}"
bench_args=(-r "$reps" -s "$scale")
[ -n "$size_cap" ] && bench_args+=(-M "$size_cap")
[ -n "$size_step" ] && bench_args+=(-S "$size_step")
[ "$set_log" -gt 0 ] && bench_args+=(-L "$set_log")
# memcpy (the physical limit) is always measured
[ -n "$benches" ] && bench_args+=(-b "$benches,memcpy")

# per side: extra environment and launcher arguments
ours_env=() theirs_env=(OMPI_MCA_osc=^rdma) ours_args=() theirs_args=()
if [ -n "$ucx_tls" ]; then
    ours_env+=(ROCSHMEM_PES_PER_NODE=1 UCX_TLS="$ucx_tls")
    ours_args+=(-x ROCSHMEM_PES_PER_NODE=1 -x UCX_TLS="$ucx_tls")
    theirs_env+=(UCX_TLS="$ucx_tls")
    theirs_args+=(-x UCX_TLS="$ucx_tls")
fi

declare -A fails=([ours]=0 [theirs]=0)
# A run that ends without a result line and not by the time limit (a crash in
# start-up: Ubuntu's OSHMEM 4.1.6 segfaulted in shmem_init in most rounds on
# the GPU machine) is started once more in the same round;
# the first attempt's stderr is kept as SIDE.rROUND.err1.
run_side() { # side launcher round
    local side=$1 launcher=$2 round=$3 rc attempt
    local out=$raw/$side.r$round.jsonl err=$raw/$side.r$round.err
    local -n side_env=${side}_env side_args=${side}_args
    for attempt in 1 2; do
        env "${launch_env[@]}" "${side_env[@]}" timeout -k 10 "$run_limit" \
            "$launcher" -np "$pes" "${run_args[@]}" "${side_args[@]}" \
            "$raw/shmem_bench-$side" "${bench_args[@]}" >"$out" 2>"$err"
        rc=$?
        case $rc in 0 | 124 | 137) break ;; esac # done, or stopped by the time limit
        if [ $attempt = 2 ] || grep -q '"bench"' "$out"; then break; fi
        mv "$err" "$err"1
        echo "compare.sh: $side run ended without results in round $round (exit $rc): once more" \
            "(stderr: ${err}1)"
    done
    if [ $rc -eq 0 ] && grep -q '"bench"' "$out"; then
        fails[$side]=0
        return 0
    fi
    fails[$side]=$((fails[$side] + 1))
    [ $rc -eq 124 ] && rc="$rc (timed out after ${run_limit}s)"
    echo "compare.sh: $side run FAILED in round $round (exit $rc);" \
        "$(grep -c '"bench"' "$out") result lines kept; stderr $err:"
    sed 's/^/    /' "$err" | tail -n 15
    return 1
}

# The ceiling for large puts in -u mode: ucx_perftest's UCP put bandwidth
# between two processes on this host over the same UCX_TLS (the client puts
# into the server's memory, a window of puts in flight, a flush at the end).
# One JSON line per size, in shmem_bench's format, into perftest.rROUND.jsonl.
perf_iters() { # size -> iterations: shmem_bench's 128 MiB per repetition, x scale
    awk -v s="$1" -v k="$scale" 'BEGIN { n = int(134217728 / s * k); print (n < 10 ? 10 : n) }'
}
run_perftest() { # round
    local round=$1 out=$raw/perftest.r$1.jsonl err=$raw/perftest.r$1.err
    local size iters port srv csv i
    : >"$out"
    : >"$err"
    for size in "${perf_sizes[@]}"; do
        iters=$(perf_iters "$size")
        port=$((20000 + RANDOM % 20000))
        UCX_TLS=$ucx_tls timeout -k 5 "$run_limit" "$perftest" -t ucp_put_bw -s "$size" \
            -n "$iters" -w $((iters / 10 + 1)) -p "$port" >"$raw/perftest.srv" 2>&1 &
        srv=$!
        for ((i = 0; i < 50; i++)); do
            grep -q 'Waiting for connection' "$raw/perftest.srv" 2>/dev/null && break
            sleep 0.1
        done
        csv=$(UCX_TLS=$ucx_tls timeout -k 5 "$run_limit" "$perftest" localhost \
            -t ucp_put_bw -s "$size" -n "$iters" -w $((iters / 10 + 1)) -p "$port" -v 2>>"$err")
        wait "$srv" 2>/dev/null
        cat "$raw/perftest.srv" >>"$err"
        # -v: a CSV header, then iterations,50%lat,avg_lat,overall_lat (us),
        # avg_bw,overall_bw (MB/s = 2^20 bytes/s),avg_mr,overall_mr
        awk -F, -v s="$size" -v it="$iters" '
            /^ *[0-9]/ && NF >= 6 && $6 > 0 {
                mbps = $6 * 1048576 / 1e6
                printf "{\"bench\":\"ucx_perftest_put_bw\",\"size\":%d,\"pes\":2,\"us\":%.3f,\"MBps\":%.1f,\"iters\":%d}\n", s, s / mbps, mbps, it
                exit
            }' <<<"$csv" >>"$out"
    done
    [ -s "$out" ] || echo "compare.sh: NOTE: ucx_perftest gave no numbers in round $round (see $err)"
}

start=$SECONDS
for ((r = 1; r <= rounds; r++)); do
    echo "compare.sh: round $r/$rounds"
    if [ $ours_ok = 1 ]; then
        run_side ours "$prefix/bin/oshrun" "$r"
        [ "${fails[ours]}" -ge 2 ] && { echo "compare.sh: ours failed twice in a row: giving up on it"; ours_ok=0; }
    fi
    if [ $theirs_ok = 1 ]; then
        run_side theirs "$base_run" "$r"
        [ "${fails[theirs]}" -ge 2 ] && { echo "compare.sh: BASELINE failed twice in a row: giving up on it; ours is still reported"; theirs_ok=0; }
    fi
    if [ -n "$cacheline" ]; then
        "$cacheline" >"$raw/cacheline.r$r.jsonl" 2>"$raw/cacheline.r$r.err" ||
            echo "compare.sh: NOTE: cacheline probe failed in round $r"
    fi
    [ ${#perf_sizes[@]} -gt 0 ] && run_perftest "$r"
done
echo "compare.sh: runs took $((SECONDS - start)) s"
printf 'loadavg_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >>"$raw/meta.tsv"

# ---- report -----------------------------------------------------------------------
"$python" "$here/report.py" --raw "$raw" --meta "$raw/meta.tsv" \
    --out "$outdir/results.jsonl" --table "$outdir/table.txt" ||
    die "report failed (raw data kept in $raw)"
have=0
if grep -q '"theirs_us": [0-9]' "$outdir/results.jsonl"; then have=1; else
    echo "compare.sh: WARNING: NO BASELINE NUMBERS (the baseline did not run; see above and $raw)"
fi
if grep -q '"ours_us": [0-9]' "$outdir/results.jsonl"; then have=1; else
    echo "compare.sh: NOTE: no numbers for ours (see above and $raw)"
fi
[ $have = 1 ] || { echo "compare.sh: no benchmark numbers at all" >&2; exit 1; }

if "$python" -c 'import matplotlib' >/dev/null 2>&1; then
    "$python" "$here/plot.py" "$outdir/results.jsonl" "$outdir/plot.png" ||
        echo "compare.sh: NOTE: plot failed"
else
    echo "compare.sh: NOTE: matplotlib not importable by $python: no plot" \
        "(apt-get install -y python3-matplotlib)"
fi
echo "compare.sh: done: $outdir/ (results.jsonl, table.txt, plot.png, raw/)"
