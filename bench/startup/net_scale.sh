#!/bin/bash
# Memory per PE of a job spanning nodes, endpoints made at init (eager) or on
# first use (lazy), side by side:
#
#   bench/startup/net_scale.sh -p PREFIX [-n "8 16 32 64 128"] [-N NODES] [-u TLS] [-o DIR]
#
# For each PE count, runs bench/startup/net_memory.cc (built here with the
# installation's oshc++) once per mode, with ROCSHMEM_PES_PER_NODE making
# NODES emulated nodes (default 16; fewer PEs than that: each its own node)
# over UCX_TLS=TLS (default sm,self: UCX's shared memory; "default": UCX_TLS
# unset, the transports the library asks UCX for by itself); -N with at least
# as many nodes as PEs makes every PE its own node.  Memory is Pss, which
# splits shared pages among the processes mapping them, so running more PEs
# than cores does not distort it (the times would be), and VmRSS, which
# counts them whole.  Writes net_scale.jsonl (net_memory's lines) and
# net_scale.txt (a table) in DIR.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "$here/.." && pwd)
prefix=${ROCSHMEM_PREFIX:-}
counts="8 16 32 64 128"
nodes=16
tls=sm,self
outdir=
while getopts "p:n:N:u:o:h" opt; do
  case $opt in
    p) prefix=$OPTARG ;;
    n) counts=$OPTARG ;;
    N) nodes=$OPTARG ;;
    u) tls=$OPTARG ;;
    o) outdir=$OPTARG ;;
    *) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; [ "$opt" = h ] && exit 0; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "net_scale.sh: -p PREFIX (a rocshmem installation) is required" >&2; exit 2; }
outdir=${outdir:-$here/results/$(date +%Y%m%d-%H%M%S)-net-scale}
mkdir -p "$outdir"
python=${PYTHON:-$(command -v python3)}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# The library reads its own headers' declarations; net_stats.h is internal.
"$prefix/bin/oshc++" -O2 -I"$src/src" "$here/startup/net_memory.cc" -o "$outdir/net_memory"

: >"$outdir/net_scale.jsonl"
tls_option=(-x UCX_TLS="$tls")
if [ "$tls" = default ]; then tls_option=(); unset UCX_TLS; fi
for n in $counts; do
  ppn=$(( (n + nodes - 1) / nodes ))
  for eager in 0 1; do
    timeout "${NET_SCALE_RUN_LIMIT:-300}" "$prefix/bin/oshrun" -np "$n" \
      -x ROCSHMEM_PES_PER_NODE="$ppn" ${tls_option[@]+"${tls_option[@]}"} \
      -x ROCSHMEM_UCX_EAGER_ENDPOINTS=$eager \
      -x SHMEM_SYMMETRIC_SIZE="${NET_SCALE_HEAP:-64M}" \
      "$outdir/net_memory" >>"$outdir/net_scale.jsonl" 2>"$outdir/np$n-eager$eager.err" ||
      echo "net_scale.sh: $n PEs, eager=$eager failed (see $outdir/np$n-eager$eager.err)" >&2
  done
done

# The table is the scale bench's memory table (bench/scale/report.py), under
# a line naming the transports and the cores.
"$python" - "$outdir" "$here/scale" <<'PYEOF'
import os, sys
out = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from report import jsonl, memory_table
rows = jsonl(os.path.join(out, "net_scale.jsonl"))
with open(os.path.join(out, "net_scale.txt"), "w") as f:
    f.write("UCX_TLS=%s, %d cores\n" % (rows[0]["tls"] if rows else "?", os.cpu_count()))
    f.write("\n".join(memory_table(rows)) + "\n")
print(open(os.path.join(out, "net_scale.txt")).read(), end="")
PYEOF
