#!/bin/bash
# Memory per PE of a job spanning nodes, endpoints made at init (eager) or on
# first use (lazy), side by side:
#
#   bench/startup/net_scale.sh -p PREFIX [-n "8 16 32 64 128"] [-N NODES] [-u TLS] [-o DIR]
#
# For each PE count, runs bench/startup/net_memory.cc (built here with the
# installation's oshc++) once per mode, with ROCSHMEM_PES_PER_NODE making
# NODES emulated nodes (default 16; fewer PEs than that: each its own node)
# over UCX_TLS=TLS (default sm,self: UCX's shared memory).  Memory is Pss,
# which splits shared pages among the processes mapping them, so running
# more PEs than cores does not distort it (the times would be).  Writes
# net_scale.jsonl (net_memory's lines) and net_scale.txt (a table) in DIR.
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
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; [ "$opt" = h ] && exit 0; exit 2 ;;
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
for n in $counts; do
  ppn=$(( (n + nodes - 1) / nodes ))
  for eager in 0 1; do
    timeout "${NET_SCALE_RUN_LIMIT:-300}" "$prefix/bin/oshrun" -np "$n" \
      -x ROCSHMEM_PES_PER_NODE="$ppn" -x UCX_TLS="$tls" -x ROCSHMEM_UCX_EAGER_ENDPOINTS=$eager \
      -x SHMEM_SYMMETRIC_SIZE="${NET_SCALE_HEAP:-64M}" \
      "$outdir/net_memory" >>"$outdir/net_scale.jsonl" 2>"$outdir/np$n-eager$eager.err" ||
      echo "net_scale.sh: $n PEs, eager=$eager failed (see $outdir/np$n-eager$eager.err)" >&2
  done
done

"$python" - "$outdir" <<'PYEOF'
import json, os, sys
out = sys.argv[1]
rows = [json.loads(l) for l in open(os.path.join(out, "net_scale.jsonl")) if l.startswith("{")]
by = {}
for r in rows:
    by.setdefault((r["pes"], r["nodes"]), {})[r["mode"]] = r
with open(os.path.join(out, "net_scale.txt"), "w") as f:
    f.write("memory per PE beyond the heap (Pss added since MPI_Init, mean over PEs), "
            "UCX_TLS=%s, %d cores\n" % (rows[0]["tls"] if rows else "?", os.cpu_count()))
    f.write("%-5s %-5s | %-27s | %-27s | %s\n" % ("PEs", "nodes", "eager: init / ring, endpoints",
            "lazy: init / ring, endpoints", "lazy/eager ring"))
    for (pes, nodes), m in sorted(by.items()):
        def cell(r):
            if not r:
                return "-"
            return "%5.1f / %5.1f MiB, %3.0f%s" % (r["init_pss_kib_mean"] / 1024,
                   r["ring_pss_kib_mean"] / 1024, r["ring_endpoints_mean"],
                   "" if r["ok"] else " (data wrong)")
        e, l = m.get("eager"), m.get("lazy")
        ratio = "%.2f" % (l["ring_pss_kib_mean"] / e["ring_pss_kib_mean"]) if e and l else "-"
        f.write("%-5d %-5d | %-27s | %-27s | %s\n" % (pes, nodes, cell(e), cell(l), ratio))
print(open(os.path.join(out, "net_scale.txt")).read(), end="")
PYEOF
