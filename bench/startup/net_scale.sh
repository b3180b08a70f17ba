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

"$python" - "$outdir" <<'PYEOF'
import json, os, sys
out = sys.argv[1]
rows = [json.loads(l) for l in open(os.path.join(out, "net_scale.jsonl")) if l.startswith("{")]
by = {}
for r in rows:
    by.setdefault((r["pes"], r["nodes"]), {})[r["mode"]] = r
mib = lambda kib: "%.2f" % (kib / 1024.0)
with open(os.path.join(out, "net_scale.txt"), "w") as f:
    f.write("memory a PE's shmem_init added (MiB, since MPI_Init; mean over PEs), and after a ring "
            "exchange across nodes; UCX_TLS=%s, %d cores\n" % (rows[0]["tls"] if rows else "?",
                                                              os.cpu_count()))
    f.write("%-5s %-5s %-6s %9s %9s %9s %9s %10s %9s %11s  %s\n" % (
        "PEs", "nodes", "mode", "init_pss", "ring_pss", "init_rss", "ring_rss", "endpoints",
        "keys", "peer_info_B", "lazy/eager ring pss, rss"))
    for (pes, nodes), m in sorted(by.items()):
        for mode in ("eager", "lazy"):
            r = m.get(mode)
            if not r:
                continue
            ratio = ""
            if mode == "lazy" and "eager" in m:
                e = m["eager"]
                ratio = "%.2f, %.2f" % (r["ring_pss_kib_mean"] / e["ring_pss_kib_mean"],
                                        r.get("ring_rss_kib_mean", 0) / e["ring_rss_kib_mean"]
                                        if e.get("ring_rss_kib_mean") else float("nan"))
            f.write("%-5d %-5d %-6s %9s %9s %9s %9s %10.1f %9.1f %11.0f  %s%s\n" % (
                pes, nodes, mode, mib(r["init_pss_kib_mean"]), mib(r["ring_pss_kib_mean"]),
                mib(r.get("init_rss_kib_mean", float("nan"))),
                mib(r.get("ring_rss_kib_mean", float("nan"))), r["ring_endpoints_mean"],
                r["ring_remote_keys_mean"], r["peer_info_bytes_mean"], ratio,
                "" if r["ok"] else "  (DATA WRONG)"))
print(open(os.path.join(out, "net_scale.txt")).read(), end="")
PYEOF
