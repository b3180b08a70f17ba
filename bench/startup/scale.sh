#!/bin/bash
# How start-up cost grows with the PE count, rocshmem beside Open MPI's OSHMEM:
#
#   bench/startup/scale.sh -p PREFIX [-n "2 4 8 16 32"] [-r ROUNDS] [-u TLS] [-o DIR]
#
# For each PE count, bench/compare.sh -b barrier runs both libraries A B A B
# (every shmem_bench run reports the start-up rows: init = time in
# shmem_init, finalize, init_rss / init_pss = memory shmem_init added to the
# largest PE), then one table gathers those rows per PE count with medians and
# ratios: scale.txt (for people) and scale.jsonl (one line per PE count and
# row).  More PEs than cores are oversubscribed; the table says so.  With
# -u TLS every PE is its own emulated node (compare.sh -u): ours then starts
# UCX and makes endpoints to the PEs it talks to (ROCSHMEM_UCX_EAGER_ENDPOINTS=1:
# to every other PE).  bench/startup/net_scale.sh compares the two.
# The model built from these numbers is in docs/PERFORMANCE.md.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
prefix=${ROCSHMEM_PREFIX:-}
counts="2 4 8 16 32"
rounds=3
outdir=
ucx=()
while getopts "p:n:r:u:o:h" opt; do
  case $opt in
    p) prefix=$OPTARG ;;
    n) counts=$OPTARG ;;
    r) rounds=$OPTARG ;;
    u) ucx=(-u "$OPTARG") ;;
    o) outdir=$OPTARG ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; [ "$opt" = h ] && exit 0; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "scale.sh: -p PREFIX (a rocshmem installation) is required" >&2; exit 2; }
outdir=${outdir:-$here/results/$(date +%Y%m%d-%H%M%S)-scale}
mkdir -p "$outdir"
python=${PYTHON:-$(command -v python3)}

for n in $counts; do
  # One short timed loop per run: the rows of interest are measured once per
  # run, whatever the loop does, so the rounds are their samples.
  bash "$here/compare.sh" -p "$prefix" -n "$n" -b barrier -r "$rounds" -R 1 -s 0.05 ${ucx[@]+"${ucx[@]}"} \
    -t "${SCALE_RUN_LIMIT:-300}" -o "$outdir/np$n" >"$outdir/np$n.log" 2>&1 ||
    echo "scale.sh: the $n-PE comparison failed (see $outdir/np$n.log)" >&2
done

"$python" - "$outdir" $counts <<'EOF'
import json, os, sys
out, counts = sys.argv[1], sys.argv[2:]
rows = ("init", "finalize", "init_rss", "init_pss")
cores = os.cpu_count()
lines, table = [], []
for n in counts:
    path = os.path.join(out, "np%s" % n, "results.jsonl")
    if not os.path.exists(path):
        continue
    got = {}
    for line in open(path):
        r = json.loads(line)
        if r.get("bench") in rows:
            got[r["bench"]] = r
    for name in rows:
        r = got.get(name)
        if not r:
            continue
        unit = "KiB" if name.endswith(("rss", "pss")) else "us"
        ours, theirs = r.get("ours_" + unit), r.get("theirs_" + unit)
        rec = {"pes": int(n), "row": name, "unit": unit, "ours": ours, "theirs": theirs,
               "ratio": r.get("ratio"), "oversubscribed": int(n) > cores}
        lines.append(json.dumps(rec))
        table.append(rec)
with open(os.path.join(out, "scale.jsonl"), "w") as f:
    f.write("\n".join(lines) + "\n")
def fmt(v, unit):
    if v is None:
        return "-"
    return "%.1f ms" % (v / 1000.0) if unit == "us" else "%.1f MiB" % (v / 1024.0)
with open(os.path.join(out, "scale.txt"), "w") as f:
    f.write("start-up cost by PE count on %d cores: ours (rocshmem) vs OSHMEM, "
            "medians of the rounds\n" % cores)
    f.write("%-4s %-9s %12s %12s %7s\n" % ("PEs", "row", "ours", "theirs", "ratio"))
    for r in table:
        ratio = "-" if r["ratio"] is None else "%.2f" % r["ratio"]
        f.write("%-4d %-9s %12s %12s %7s%s\n" % (r["pes"], r["row"], fmt(r["ours"], r["unit"]),
                fmt(r["theirs"], r["unit"]), ratio, "  (oversubscribed)" if r["oversubscribed"] else ""))
print(open(os.path.join(out, "scale.txt")).read(), end="")
EOF
