#!/usr/bin/env python3
"""Merges the runs of bench/gpu/run_gpu_bench.sh (stdlib only).

  report_gpu.py --work WORKDIR --out OUTDIR     table on stdout; OUTDIR/raw.jsonl,
                                               OUTDIR/results.jsonl
  report_gpu.py --plot results.jsonl out.png   bar charts (needs matplotlib)

WORKDIR holds SIDE.ROUND.{out,err,rc,secs} (SIDE ours|nvshmem, ROUND 0 = the
discarded warm-up), meta.tsv and build_nvshmem.{rc,log}.  For each (bench,
size) and side: the median over rounds of each run's median; ratio = ours /
NVSHMEM time (below 1: ours faster); the per-round ratios of adjacent A/B
pairs give the spread; the cudaMemcpy D2D rows of all runs (both sides) give
the bandwidth limit.  The targets are the table TARGETS below.
"""
import json
import os
import re
import statistics
import sys

SIDES = ("ours", "nvshmem")

# (bench, size or None) -> (kind, value, text).  kind "ratio": ours/NVSHMEM time
# <= value; "limit": ours bandwidth >= value x the copy limit (cudaMemcpy D2D
# with both PEs on one GPU, cudaMemcpyPeer when the peer is on another GPU:
# PEER_BW_TARGET, issue "Multi-GPU runs").
TARGETS = {
    ("put_nbi_quiet", 8): ("ratio", 0.5, "<=0.5x NV"),
    ("get", 8): ("ratio", 1.0, "<=1.0x NV"),
    ("long_g", 8): ("ratio", 1.0, "<=1.0x NV"),
    ("int_p_quiet", 4): ("ratio", 1.0, "<=1.0x NV"),
    ("fetch_add", 8): ("ratio", 0.8, "<=0.8x NV"),
    ("barrier_all", 0): ("ratio", 1.0, "<=1.0x NV"),
    ("barrier_all_wg", 0): ("ratio", 1.0, "<=1.0x NV"),
    ("put_bw", 256 << 20): ("limit", 0.85, ">=85% memcpy"),
}
# NVSHMEM 3.4.5 as first measured on one H200 (2 PEs, MPS): context only.
EARLIER_NVSHMEM = {
    ("put_nbi_quiet", 8): "1.04 us",
    ("put_wg_quiet", 4096): "1.19 us",
    ("put_wg_quiet", 65536): "2.43 us",
    ("get", 8): "0.25 us",
    ("int_p_quiet", 4): "0.70 us",
    ("fetch_add", 8): "0.23 us",
    ("put_bw", 16 << 20): "1200-1500 GB/s",
    ("put_bw", 256 << 20): "330-920 GB/s",
    ("memcpy_d2d", 256 << 20): "~2100 GB/s",
}
# The group puts: at most 0.6x NVSHMEM at every size.
for _put in ("put_wave_quiet", "put_wg_quiet"):
    for _size in (8, 64, 512, 4 << 10, 64 << 10):
        TARGETS[(_put, _size)] = ("ratio", 0.6, "<=0.6x NV")
# Collectives: at most 0.8x NVSHMEM at every size.
for _coll in ("broadcast", "fcollect", "alltoall", "reduce_float_sum"):
    for _size in (8, 64 << 10, 16 << 20):
        TARGETS[(_coll, _size)] = ("ratio", 0.8, "<=0.8x NV")
PEER_BW_TARGET = ("limit", 0.90, ">=90% mcpyPeer")
ORDER = ["put_nbi_quiet", "put_wave_quiet", "put_wg_quiet", "get", "long_g", "long_g_x4",
         "int_p_quiet", "fetch_add", "fetch_add_x4", "put_bw",
         "barrier_all", "barrier_all_wg", "broadcast", "fcollect", "alltoall",
         "reduce_float_sum", "memcpy_d2d", "memcpy_peer"]
BW_BENCHES = ("put_bw", "memcpy_d2d", "memcpy_peer")


def med(v):
    return statistics.median(v) if v else None


def fmt_size(n):
    if not n:
        return "-"
    for unit, sh in (("MiB", 20), ("KiB", 10)):
        if n >= 1 << sh and n % (1 << sh) == 0:
            return "%d %s" % (n >> sh, unit)
    return "%d B" % n


def f3(x, nd=3):
    return "-" if x is None else ("%.*f" % (nd, x))


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return default


def load(work):
    meta = {}
    for line in read(os.path.join(work, "meta.tsv")).splitlines():
        if "\t" in line:
            k, v = line.split("\t", 1)
            meta[k] = v
    runs = []  # dicts: side, round, rc, secs, rows, meta, check, failure
    for name in sorted(os.listdir(work)):
        m = re.match(r"^(ours|nvshmem)\.(\d+)\.out$", name)
        if not m:
            continue
        side, rnd = m.group(1), int(m.group(2))
        base = os.path.join(work, "%s.%d" % (side, rnd))
        rc = read(base + ".rc", "?").strip() or "?"
        run = {"side": side, "round": rnd, "rc": rc, "secs": read(base + ".secs").strip(),
               "rows": [], "meta": None, "check": None}
        for line in read(base + ".out").splitlines():
            if not line.startswith("{"):
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if "meta" in obj:
                run["meta"] = obj["meta"]
            elif "check" in obj:
                run["check"] = obj["check"]
            elif "bench" in obj:
                run["rows"].append(obj)
        err = read(base + ".err")
        lines = err.splitlines()
        fails = [l for l in lines if "FAILED" in l] or [l for l in lines if "rror" in l]
        run["failure"] = None
        if rc in ("124", "137"):
            run["failure"] = "timeout"
        elif rc != "0":
            run["failure"] = "rc=%s: %s" % (rc, (fails[-1] if fails else err.strip()[-200:])[:300])
        runs.append(run)
    build_rc = read(os.path.join(work, "build_nvshmem.rc"), "").strip()
    build_log = read(os.path.join(work, "build_nvshmem.log"))
    return meta, runs, build_rc, build_log


def merge(runs):
    """{(bench, size): {side: {round: row}}} over the timed rounds (>= 1)."""
    table = {}
    for run in runs:
        if run["round"] < 1:
            continue
        for row in run["rows"]:
            key = (row["bench"], int(row["size"]))
            table.setdefault(key, {}).setdefault(run["side"], {})[run["round"]] = row
    return table


def gbps(size, us):
    return size / (us * 1e3) if size and us else None


def copy_limit(table):
    """(GB/s, name): cudaMemcpyPeer when the peer ran on another GPU, else D2D."""
    for bench, name in (("memcpy_peer", "cudaMemcpyPeer"), ("memcpy_d2d", "cudaMemcpy D2D")):
        vals = [r["GBps"] for side in table.get((bench, 256 << 20), {}).values()
                for r in side.values() if r.get("GBps")]
        if vals:
            return med(vals), name
    return None, "cudaMemcpy D2D"


def build_rows(table):
    limit, limit_name = copy_limit(table)
    out = []
    keys = sorted(table, key=lambda k: (ORDER.index(k[0]) if k[0] in ORDER else 99, k[1]))
    for key in keys:
        bench, size = key
        per = table[key]
        res = {"bench": bench, "size": size}
        for side in SIDES:
            rounds = per.get(side, {})
            us = [rounds[r]["usec"] for r in sorted(rounds)]
            res[side + "_us"] = med(us)
            res[side + "_us_rounds"] = us
            res[side + "_rounds"] = sorted(rounds)
            res[side + "_GBps"] = gbps(size, res[side + "_us"]) if bench in BW_BENCHES or size >= 4096 else None
            ev = [rounds[r].get("usec_event") for r in sorted(rounds) if rounds[r].get("usec_event")]
            res[side + "_us_event"] = med(ev)
        o, t = res["ours_us"], res["nvshmem_us"]
        res["ratio"] = o / t if o and t else None
        common = sorted(set(res["ours_rounds"]) & set(res["nvshmem_rounds"]))
        paired = [per["ours"][r]["usec"] / per["nvshmem"][r]["usec"] for r in common
                  if per["nvshmem"][r]["usec"]]
        res["ratio_paired_median"] = med(paired)
        res["ratio_paired_min"] = min(paired) if paired else None
        res["ratio_paired_max"] = max(paired) if paired else None
        if bench == "put_bw" and limit:
            res["memcpy_GBps"] = limit
            res["memcpy_name"] = limit_name
            for side in SIDES:
                g = res[side + "_GBps"]
                res[side + "_memcpy_frac"] = g / limit if g else None
        tgt = TARGETS.get(key)
        if tgt and tgt[0] == "limit" and limit_name == "cudaMemcpyPeer":
            tgt = PEER_BW_TARGET
        if tgt:
            kind, val, text = tgt
            res["target"] = text
            if kind == "ratio":
                res["target_met"] = None if res["ratio"] is None else res["ratio"] <= val
                res["target_spread_crosses"] = bool(paired) and min(paired) <= val < max(paired)
            else:
                fr = res.get("ours_memcpy_frac")
                res["target_met"] = None if fr is None else fr >= val
                fr_rounds = [gbps(size, u) / limit for u in res["ours_us_rounds"]] if limit else []
                res["target_spread_crosses"] = bool(fr_rounds) and min(fr_rounds) < val <= max(fr_rounds)
        if key in EARLIER_NVSHMEM:
            res["earlier_nvshmem"] = EARLIER_NVSHMEM[key]
        out.append(res)
    return out, (limit, limit_name)


def verdict(r):
    if "target" not in r:
        return "-"
    if r.get("target_met") is None:
        return "?"
    return ("ok" if r["target_met"] else "MISS") + ("~" if r.get("target_spread_crosses") else "")


def print_table(meta, runs, rows, limit, build_rc, build_log, out=sys.stdout):
    limit, limit_name = limit
    p = lambda s="": print(s, file=out)
    p("GPU benchmark: ours (rocshmem) vs NVSHMEM, %s PEs on %s" % (
        meta.get("np", "?"), meta.get("gpus", "?").rstrip(";")))
    p("GPUs visible: %s; nvidia-smi topo -m: %s" % (meta.get("gpus_visible", "all"),
                                                   meta.get("topology", "?")))
    p("date %s, driver %s, nvcc %s, MPS: %s, mpirun: %s" % (
        meta.get("date", "?"), meta.get("driver", "?"), meta.get("nvcc", "?"),
        meta.get("mps", "?"), meta.get("mpirun", "?")))
    nvm = next((r["meta"] for r in runs if r["side"] == "nvshmem" and r["meta"]), None)
    om = next((r["meta"] for r in runs if r["side"] == "ours" and r["meta"]), None)
    p("ours: %s (rev %s); baseline: %s" % (om["version"] if om else "?",
                                          meta.get("ours_revision", "?"),
                                          nvm["version"] if nvm else "-"))
    for side in SIDES:
        timed = [r for r in runs if r["side"] == side and r["round"] >= 1]
        ok = [r for r in timed if r["rc"] == "0" and r["rows"]]
        line = "%s: %d/%d timed runs ok" % (side, len(ok), len(timed))
        secs = [float(r["secs"]) for r in timed if r["secs"]]
        if secs:
            line += " (%.1f-%.1f s each)" % (min(secs), max(secs))
        checks = [r["check"]["ok"] for r in timed if r["check"]]
        if checks:
            line += ", data check %s" % ("ok" if all(checks) else "FAILED in %d runs" % checks.count(False))
        p(line)
        for r in [r for r in runs if r["side"] == side and r["failure"]]:
            p("  FAILED %s round %d: %s" % (side, r["round"], r["failure"]))
    if build_rc not in ("0", ""):
        tail = [l for l in build_log.splitlines() if l.strip()][-3:]
        p("NVSHMEM BUILD FAILED (rc=%s): %s" % (build_rc, " | ".join(tail)[-400:]))
    if not any(r["nvshmem_us"] for r in rows):
        p("WARNING: NO BASELINE NUMBERS (NVSHMEM did not build or run)")
    if not any(r["ours_us"] for r in rows):
        p("WARNING: NO NUMBERS FOR OURS")
    p()
    hdr = "%-14s %8s %10s %10s %7s %13s %9s %9s %8s %-13s %-6s %s" % (
        "bench", "size", "ours(us)", "nvshm(us)", "ratio", "rnd range", "ours GB/s",
        "nv GB/s", "ours/lim", "target", "met", "earlier NV")
    p(hdr)
    p("-" * len(hdr))
    for r in rows:
        rng = "-" if r["ratio_paired_min"] is None else "%.2f-%.2f" % (
            r["ratio_paired_min"], r["ratio_paired_max"])
        frac = r.get("ours_memcpy_frac")
        p("%-14s %8s %10s %10s %7s %13s %9s %9s %8s %-13s %-6s %s" % (
            r["bench"], fmt_size(r["size"]), f3(r["ours_us"]), f3(r["nvshmem_us"]),
            f3(r["ratio"], 2), rng, f3(r["ours_GBps"], 0), f3(r["nvshmem_GBps"], 0),
            "-" if frac is None else "%.0f%%" % (100 * frac), r.get("target", "-"), verdict(r),
            r.get("earlier_nvshmem", "")))
    p()
    p("limit: %s 256 MiB = %s GB/s (median of every run of both sides)" % (limit_name, f3(limit, 0)))
    p("ratio = ours/NVSHMEM time (medians over rounds; < 1: ours faster; for bandwidth rows "
      "1/ratio is the bandwidth ratio); rnd range = per-round ratios (noise); '~' = the rounds "
      "straddle the target.")
    p("Timer: %globaltimer inside one kernel of many iterations (launch not counted); "
      "memcpy_d2d, memcpy_peer: cudaEvent.")


def report(work, outdir):
    meta, runs, build_rc, build_log = load(work)
    table = merge(runs)
    rows, limit = build_rows(table)
    with open(os.path.join(outdir, "raw.jsonl"), "w") as f:
        for run in runs:
            tag = {"lib": run["side"], "round": run["round"], "rc": run["rc"],
                   "secs": run["secs"], "warmup": run["round"] == 0}
            f.write(json.dumps({"run": dict(tag, failure=run["failure"], meta=run["meta"],
                                            check=run["check"])}) + "\n")
            for row in run["rows"]:
                f.write(json.dumps(dict(row, round=run["round"], warmup=run["round"] == 0)) + "\n")
    meta_out = dict(meta)
    meta_out["copy_limit_GBps"], meta_out["copy_limit"] = limit
    meta_out["nvshmem_build_rc"] = build_rc
    for side in SIDES:
        meta_out[side + "_versions"] = sorted({r["meta"]["version"] for r in runs
                                               if r["side"] == side and r["meta"]})
        meta_out[side + "_rounds_ok"] = sorted(r["round"] for r in runs if r["side"] == side
                                               and r["round"] >= 1 and r["rc"] == "0" and r["rows"])
        meta_out[side + "_failures"] = ["round %d: %s" % (r["round"], r["failure"]) for r in runs
                                        if r["side"] == side and r["failure"]]
    with open(os.path.join(outdir, "results.jsonl"), "w") as f:
        f.write(json.dumps({"meta": meta_out}) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print_table(meta, runs, rows, limit, build_rc, build_log)
    return 0


def plot(results, png):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = []
    with open(results) as f:
        for line in f:
            obj = json.loads(line)
            if "bench" in obj:
                rows.append(obj)
    lat = [r for r in rows if r["bench"] not in BW_BENCHES]
    bw = [r for r in rows if r["bench"] in BW_BENCHES]
    fig, axes = plt.subplots(1, 2, figsize=(max(13, 0.6 * len(lat) + 5), 4.8), gridspec_kw={"width_ratios": [max(len(lat), 1), max(len(bw), 1) + 1]})
    for ax, sel, key, ylabel in ((axes[0], lat, "us", "time per operation (us)"),
                                 (axes[1], bw, "GBps", "bandwidth (GB/s)")):
        labels = ["%s\n%s" % (r["bench"], fmt_size(r["size"])) for r in sel]
        xs = range(len(sel))
        for i, (side, color) in enumerate((("ours", "tab:blue"), ("nvshmem", "tab:gray"))):
            vals = [r.get("%s_%s" % (side, key)) or 0 for r in sel]
            ax.bar([x + (i - 0.5) * 0.4 for x in xs], vals, 0.4, label=side, color=color)
        ax.set_xticks(list(xs))
        ax.set_xticklabels(labels, fontsize=8, rotation=60, ha="right")
        ax.set_ylabel(ylabel)
        if key == "us":
            ax.set_yscale("log")  # 8 B latencies and 64 KiB thread-scope puts differ 100x
        ax.legend()
    if bw and bw[0].get("memcpy_GBps"):
        axes[1].axhline(bw[0]["memcpy_GBps"], color="tab:red", ls="--", lw=1)
        axes[1].text(-0.4, bw[0]["memcpy_GBps"], " " + bw[0].get("memcpy_name", "cudaMemcpy D2D"), color="tab:red", va="bottom", fontsize=8)
    fig.suptitle("GPU device API, ours vs NVSHMEM (2 PEs on one GPU, medians)")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "--plot":
        return plot(argv[1], argv[2])
    args = dict(zip(argv[::2], argv[1::2]))
    if "--work" not in args or "--out" not in args:
        print(__doc__, file=sys.stderr)
        return 2
    return report(args["--work"], args["--out"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
