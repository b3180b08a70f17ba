#!/bin/bash
# The scale bench, one command: memory, network operations and times of a
# job spread over emulated nodes (UCX over shared memory on one machine).
#
#   bench/scale/run.sh [-q] [-B BUILD] [-p PREFIX] [--baseline REV] [options]
#
# Parts (each can be left out with -x):
#   memory  memory per PE beyond the heap (Pss, RSS), endpoints and remote
#           keys, endpoints on first use vs eager, at each PE count over at
#           most NODES emulated nodes: bench/startup/net_scale.sh
#   ops     network operations per PE per call (the library's counters) of
#           the barrier, broadcast, reduce (sum), fcollect at 8 B and 64 KiB
#           and alltoall at 8 B, at each PE count on each node count of
#           -N (bench/scale/coll_counts), next to what bench/scale/coll_model
#           predicts for the same layout: the node-aware schedule's count
#           and today's general path's.  Over UCX on tcp with the unique-id
#           bootstrap: over shared memory UCX maps the peers' heaps (the
#           library's signals become stores, nothing is counted), and under
#           MPI's bootstrap over tcp groups spanning nodes use MPI's messages
#   times   the collectives' times (bench/compare.sh, interleaved rounds) at
#           2 and 8 PEs, on one node and on several emulated nodes (2 PEs:
#           2 nodes; 8 PEs: 4 nodes), against Debian's OSHMEM and, with
#           --baseline, against a build of an older commit of this tree
# On a machine with few cores the PEs are oversubscribed: memory and
# operation counts hold at any PE count, times only at a few PEs.
#
# Options:
#   -B BUILD       build directory of this tree, after make (default: build/
#                  in the repository root): bench/scale/coll_counts and
#                  coll_model are taken from it
#   -p PREFIX      rocshmem installation (default: BUILD's configured prefix;
#                  run make install first)
#   -n "PES..."    PE counts for memory and ops (default "8 16 32 64 128")
#   -N "NODES..."  node counts for ops (default "4 16"; PES/NODES PEs per
#                  node, rounded up; fewer PEs than nodes: each its own node)
#   -M NODES       most nodes for memory (default 16; net_scale.sh -N)
#   -k ITERS       calls per collective counted (default 10)
#   -r ROUNDS      interleaved rounds per time comparison (default 3)
#   -s SCALE       iteration multiplier of the timed runs (default 0.1)
#   -t SECONDS     limit per run (default 600)
#   --baseline REV also time a build of git revision REV of this repository
#                  (built once in a scratch worktree under TMPDIR or /tmp,
#                  reused while it exists; e.g. the merge-base with main
#                  before a change: --baseline "$(git merge-base HEAD main)")
#   -x LIST        parts to leave out: memory, ops, times (comma-separated);
#                  oshmem leaves out the times' OSHMEM side (with --baseline)
#   -q             quick: PEs "8 16", nodes "4", 3 calls, 2 rounds, scale
#                  0.02, into bench/results/ (not current/)
#   -o DIR         tables and plot here (default bench/current/cpu-Ncore
#                  for N cores; -q: bench/results/DATE-scale-quick); raw
#                  runs under bench/results/DATE-scale/ (git-ignored)
#   -h, --help     this text
# Writes in DIR: scale-memory.txt/.jsonl, scale-ops.txt/.jsonl,
#   scale-times.txt/.jsonl (each table under the run's machine record: date,
#   commit, cores, Open MPI, UCX, settings; a part left out keeps its files)
#   and a plot of what DIR holds: scale.png (matplotlib from
#   /usr/bin/python3), else scale.svg (bench/scale/report.py).
# Exit status: 0 when every part ran, 1 when one failed, 2 on bad usage.
# The baseline's scratch worktree stays for reuse; remove it with
#   git worktree remove --force DIR/src.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bench=$(cd "$here/.." && pwd)
src=$(cd "$bench/.." && pwd)
build=$src/build
prefix=
pes_list="8 16 32 64 128"
nodes_list="4 16"
mem_nodes=16
iters=10
rounds=3
scale=0.1
limit=600
baseline=
skip=
quick=0
outdir=
python=/usr/bin/python3
[ -x "$python" ] || python=python3

usage() { sed -n '2,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }
die() { echo "run.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    -B) build=${2:?}; shift ;;
    -p) prefix=${2:?}; shift ;;
    -n) pes_list=${2:?}; shift ;;
    -N) nodes_list=${2:?}; shift ;;
    -M) mem_nodes=${2:?}; shift ;;
    -k) iters=${2:?}; shift ;;
    -r) rounds=${2:?}; shift ;;
    -s) scale=${2:?}; shift ;;
    -t) limit=${2:?}; shift ;;
    --baseline) baseline=${2:?}; shift ;;
    -x) skip=${2:?}; shift ;;
    -q) quick=1 ;;
    -o) outdir=${2:?}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
  shift
done
if [ $quick = 1 ]; then
  pes_list="8 16" nodes_list=4 iters=3 rounds=2 scale=0.02
fi
for v in $pes_list $nodes_list $mem_nodes $iters $rounds $limit; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || die "not a positive integer: $v"
done
wants() { [[ ,$skip, != *,$1,* ]]; }

[ -x "$build/bench/scale/coll_counts" ] && [ -x "$build/bench/scale/coll_model" ] ||
  die "$build/bench/scale/coll_counts or coll_model missing: build first (make in BUILD), or -B BUILD"
[ -n "$prefix" ] || prefix=$(sed -n 's/^prefix = //p' "$build/Makefile" 2>/dev/null)
[ -x "$prefix/bin/oshrun" ] || die "no installation at '$prefix' (make install, or -p PREFIX)"
stamp=$(date +%Y%m%d-%H%M%S)
raw=$bench/results/$stamp-scale
if [ -z "$outdir" ]; then
  if [ $quick = 1 ]; then outdir=$bench/results/$stamp-scale-quick; else
    outdir=$bench/current/cpu-$(nproc)core; fi
fi
mkdir -p "$raw" "$outdir" || die "cannot create $raw or $outdir"
echo "run.sh: tables in $outdir, raw runs in $raw"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
failed=0

# ---- the baseline build (--baseline REV) ---------------------------------------
base_prefix=
if [ -n "$baseline" ] && wants times; then
  rev=$(git -C "$src" rev-parse --verify "$baseline^{commit}" 2>/dev/null) ||
    die "--baseline: not a revision of this repository: $baseline"
  base_dir=${TMPDIR:-/tmp}/rocshmem-baseline-${rev:0:12}
  base_prefix=$base_dir/install
  if [ -x "$base_prefix/bin/oshrun" ]; then
    echo "run.sh: baseline ${rev:0:12}: reusing $base_prefix"
  else
    echo "run.sh: baseline ${rev:0:12}: building in $base_dir (log $raw/baseline-build.log)"
    [ -d "$base_dir/src" ] || git -C "$src" worktree add --detach "$base_dir/src" "$rev" \
      >"$raw/baseline-build.log" 2>&1
    if ! (cd "$base_dir/src" && ./autogen.sh && mkdir -p build && cd build &&
      ../configure --prefix="$base_prefix" && make -j"$(nproc)" && make install) \
      >>"$raw/baseline-build.log" 2>&1; then
      echo "run.sh: baseline build FAILED (see $raw/baseline-build.log): no baseline times" >&2
      base_prefix= failed=1
    fi
  fi
fi

# ---- machine record -------------------------------------------------------------
ucx_ver=$(ucx_info -v 2>/dev/null | sed -n '1s/^# *//p')
{
  printf 'date\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf 'commit\t%s\n' "$(git -C "$src" describe --always --dirty 2>/dev/null || echo none)"
  printf 'cores\t%s\n' "$(nproc)"
  printf 'cpu\t%s\n' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
  printf 'memory\t%s\n' "$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
  printf 'kernel\t%s\n' "$(uname -sr)"
  printf 'openmpi\t%s\n' "$(ompi_info --version 2>/dev/null | head -n 1)"
  printf 'ucx\t%s\n' "${ucx_ver:-unknown}"
  printf 'transport\t%s\n' "between emulated nodes (ROCSHMEM_PES_PER_NODE): memory and times UCX_TLS=sm,self; ops UCX_TLS=tcp,self, ROCSHMEM_BOOTSTRAP=uniqueid"
  printf 'settings\t%s\n' "PEs '$pes_list', ops nodes '$nodes_list', memory nodes <= $mem_nodes, $iters calls, $rounds rounds, scale $scale"
  if [ -n "$baseline" ]; then
    printf 'baseline\t%s (%s)\n' "$(git -C "$src" rev-parse --short "$baseline")" "$baseline"
  else
    printf 'baseline\tnone\n'
  fi
  printf 'loadavg_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$raw/machine.tsv"
sed 's/\t/: /' "$raw/machine.tsv"

# ---- memory: net_scale.sh -------------------------------------------------------
if wants memory; then
  echo "run.sh: memory per PE ($pes_list PEs, at most $mem_nodes nodes)"
  PYTHON=$python NET_SCALE_RUN_LIMIT=$limit "$bench/startup/net_scale.sh" -p "$prefix" \
    -n "$pes_list" -N "$mem_nodes" -o "$raw/memory" >"$raw/memory.log" 2>&1 ||
    { echo "run.sh: net_scale.sh FAILED (see $raw/memory.log)" >&2; failed=1; }
fi

# ---- ops: coll_counts beside coll_model -------------------------------------------
specs=(barrier broadcast:8 broadcast:64K reduce:8 reduce:64K fcollect:8 fcollect:64K alltoall:8)
if wants ops; then
  : >"$raw/ops.jsonl"
  : >"$raw/model.jsonl"
  done_ppn=
  for n in $pes_list; do
    for nodes in $nodes_list; do
      [ "$nodes" -le "$n" ] || nodes=$n # fewer PEs than nodes: each PE its own
      ppn=$(((n + nodes - 1) / nodes))
      [[ " $done_ppn " == *" $n:$ppn "* ]] && continue
      done_ppn+=" $n:$ppn"
      echo "run.sh: network operations, $n PEs, $ppn per node"
      timeout -k 10 "$limit" "$prefix/bin/oshrun" -np "$n" -x ROCSHMEM_PES_PER_NODE="$ppn" \
        -x UCX_TLS=tcp,self -x ROCSHMEM_BOOTSTRAP=uniqueid -x ROCSHMEM_MASTER_ADDR=127.0.0.1 \
        -x ROCSHMEM_MASTER_PORT="$(/bin/sh "$here/../../tests/free_port.sh" $RANDOM)" -x SHMEM_SYMMETRIC_SIZE=32M \
        "$build/bench/scale/coll_counts" -k "$iters" "${specs[@]}" \
        >>"$raw/ops.jsonl" 2>"$raw/ops-np$n-ppn$ppn.err" ||
        { echo "run.sh: coll_counts at $n PEs, $ppn per node FAILED (see $raw/ops-np$n-ppn$ppn.err)" >&2; failed=1; }
      "$build/bench/scale/coll_model" --json-only --pes "$n" --per-node "$ppn" \
        --kinds barrier,broadcast,reduce,fcollect,alltoall --bytes 8,64K >>"$raw/model.jsonl" ||
        failed=1
    done
  done
fi

# ---- times: compare.sh, ours beside OSHMEM and the baseline ----------------------------
if wants times; then
  : >"$raw/times.list"
  mkdir -p "$raw/times"
  for layout in 2:1 2:2 8:1 8:4; do
    n=${layout%:*} nodes=${layout#*:} ppn=$((n / nodes))
    args=""
    [ "$nodes" -gt 1 ] && args="-x ROCSHMEM_PES_PER_NODE=$ppn -x UCX_TLS=sm,self"
    sides=${base_prefix:+baseline}
    wants oshmem && sides="oshmem $sides"
    for side in $sides; do
      dir=$raw/times/np$n-nodes$nodes-$side
      echo "run.sh: times, $n PEs on $nodes node(s), against $side"
      if [ "$side" = oshmem ]; then cc=/usr/bin/oshcc run=/usr/bin/oshrun; else
        cc=$base_prefix/bin/oshcc run=$base_prefix/bin/oshrun; fi
      BASE_OSHCC=$cc BASE_OSHRUN=$run OSHRUN_ARGS=$args \
        "$bench/compare.sh" -p "$prefix" -n "$n" -r "$rounds" -s "$scale" -t "$limit" \
        -b barrier,broadcast64,fcollect64,alltoall64,long_sum_to_all -o "$dir" \
        >"$dir.log" 2>&1 ||
        { echo "run.sh: compare.sh FAILED (see $dir.log)" >&2; failed=1; }
      printf '%s\t%s\t%s\t%s\n' "$n" "$nodes" "$side" "$dir/results.jsonl" >>"$raw/times.list"
    done
  done
fi
printf 'loadavg_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$raw/machine.tsv"

# ---- tables and plot ----------------------------------------------------------------
"$python" "$here/report.py" --raw "$raw" --out "$outdir" || failed=1
echo "run.sh: done: $outdir (scale-*.txt, the plot); raw runs in $raw"
exit $failed
