#!/usr/bin/python3
"""Plot bench/compare.sh results: ours vs the OSHMEM baseline.

Usage: plot.py RESULTS.jsonl [OUT.png]   (default OUT: next to RESULTS)

Up to four panels, each only if the results have rows for it: latency vs
size (put/get on heap and static, log-log) and bandwidth vs size (same, with
local memcpy as the physical limit, and in UCX mode ucx_perftest's put
bandwidth as the ceiling of large puts); below them, the 8-byte operations (RMA,
atomics, ping-pong one-way, locks) and barrier as bars, heap and static;
then the 1.x collectives (8 B, 4 KiB, 1 MiB per PE) as bars. Solid = ours,
dashed = baseline; bar labels are ours/OSHMEM.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SERIES = [("put", "tab:blue"), ("get", "tab:orange"),
          ("put_static", "tab:green"), ("get_static", "tab:red")]
_OPS8 = ["put", "get", "long_p", "long_g", "fadd", "add", "cswap", "afetch",
         "pingpong_sig", "pingpong_p"]
_OPS0 = ["lock", "lock_cont"]
SMALL = ([(b, 8) for b in _OPS8] + [(b, 0) for b in _OPS0] + [("barrier", 0)]
         + [(b + "_static", 8) for b in _OPS8]
         + [(b + "_static", 0) for b in _OPS0])
COLL = ["barrier", "broadcast64", "collect64", "fcollect64", "alltoall64",
        "alltoalls64", "long_sum_to_all"]


def load(path):
    meta, rows = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            rec = json.loads(line)
            if "meta" in rec:
                meta = rec["meta"]
            elif "bench" in rec:
                rows.append(rec)
    return meta, rows


def size_label(n):
    for unit, shift in (("M", 20), ("K", 10)):
        if n >= 1 << shift:
            return "%d%s" % (n >> shift, unit)
    return str(n)


def plot_curves(ax_lat, ax_bw, by, rows):
    """Latency and bandwidth vs size of put/get (heap, static)."""
    sides = [("ours", "-", "o"), ("theirs", "--", "x")]
    for bench, color in SERIES:
        pts = sorted((r["size"], r) for (b, _), r in by.items() if b == bench)
        if not pts:
            continue
        sizes = [s for s, _ in pts]
        for side, style, marker in sides:
            us = [r.get(side + "_us") for _, r in pts]
            if all(u is None for u in us):
                continue
            label = "%s (%s)" % (bench, "ours" if side == "ours" else "OSHMEM")
            ax_lat.plot(sizes, us, style, color=color, marker=marker,
                        markersize=3, label=label)
            gbs = [s / u / 1000 if u else None for s, u in zip(sizes, us)]
            ax_bw.plot(sizes, gbs, style, color=color, marker=marker,
                       markersize=3, label=label)
    mc = sorted((r["size"], r["MBps"]) for r in rows
                if r["bench"] == "memcpy" and r.get("MBps"))
    if mc:
        ax_bw.plot([s for s, _ in mc], [m / 1000 for _, m in mc], ":",
                   color="black", label="local memcpy (limit)")
    pc = sorted((r["size"], r["MBps"]) for r in rows
                if r["bench"] == "ucx_perftest_put_bw" and r.get("MBps"))
    if pc:  # UCX mode: the ceiling for large puts
        ax_bw.plot([s for s, _ in pc], [m / 1000 for _, m in pc], "*",
                   color="black", markersize=8,
                   label="ucx_perftest ucp_put_bw (ceiling)")

    for ax in (ax_lat, ax_bw):
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("message size (bytes)")
        ax.grid(True, which="both", alpha=0.3)
        top = max([s for s, _ in mc] if ax is ax_bw and mc else [1 << 22])
        ticks = [1 << k for k in range(3, 27, 3) if 1 << k <= top]
        ax.set_xticks(ticks)
        ax.set_xticklabels([size_label(t) for t in ticks])
    ax_lat.set_ylabel("time per operation (us), lower is better")
    ax_lat.set_title("latency (put = putmem + quiet)")
    ax_bw.set_ylabel("bandwidth (GB/s), higher is better")
    ax_bw.set_title("bandwidth")
    for ax in (ax_lat, ax_bw):
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7)


def bars(ax_small, by, keys, title):
    """Bars ours vs OSHMEM for (bench, size) KEYS, labelled with the ratio."""
    names, ours, theirs = [], [], []
    for bench, size in keys:
        r = by.get((bench, size))
        if r:
            names.append(bench if size == 0 else "%s %s" % (
                bench, size_label(size) + ("iB" if size >= 1024 else "B")))
            ours.append(r.get("ours_us") or 0)
            theirs.append(r.get("theirs_us") or 0)
    xs = range(len(names))
    w = 0.4
    ax_small.bar([x - w / 2 for x in xs], ours, w, label="ours")
    ax_small.bar([x + w / 2 for x in xs], theirs, w, label="OSHMEM",
                 color="tab:gray")
    for x, o, t in zip(xs, ours, theirs):
        if o and t:
            label = ("%.2fx" if o / t >= 0.1 else "%.1gx") % (o / t)
            ax_small.annotate(label, (x, max(o, t)),
                              ha="center", va="bottom", fontsize=7)
    ax_small.set_xticks(list(xs))
    ax_small.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
    ax_small.set_yscale("log")
    ax_small.set_ylabel("us per operation (label: ours/OSHMEM)")
    ax_small.set_title(title)
    if names:
        ax_small.legend(fontsize=7)
    ax_small.grid(True, axis="y", which="both", alpha=0.3)


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    src = argv[1]
    out = argv[2] if len(argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(src)), "plot.png")
    meta, rows = load(src)
    by = {(r["bench"], r["size"]): r for r in rows}

    curves = any(b in dict(SERIES) for b, _ in by)
    small = [(b, sz) for b, sz in SMALL if (b, sz) in by]
    coll = sorted(((b, sz) for b, sz in by if b in COLL and b != "barrier"),
                  key=lambda k: (COLL.index(k[0]), k[1]))
    if coll and ("barrier", 0) in by:
        coll.insert(0, ("barrier", 0))
        if all(b == "barrier" for b, _ in small):
            small = []  # a -b coll run: barrier goes with the collectives
    nrows = curves + bool(small) + bool(coll)
    if not nrows:
        sys.stderr.write("plot.py: nothing to plot in %s\n" % src)
        return 1
    fig = plt.figure(figsize=(16, 5 * nrows + 0.5))
    grid = fig.add_gridspec(nrows, 2)
    row = 0
    if curves:
        plot_curves(fig.add_subplot(grid[row, 0]),
                    fig.add_subplot(grid[row, 1]), by, rows)
        row += 1
    if small:
        bars(fig.add_subplot(grid[row, :]), by, small,
             "8-byte operations, locks, barrier (heap, then static "
             "variables); pingpong = one-way, lock_cont = per acquire, "
             "all PEs")
        row += 1
    if coll:
        bars(fig.add_subplot(grid[row, :]), by, coll,
             "1.x collectives over all PEs (size per PE; time in one call, "
             "mean over PEs); barrier = barrier_all back to back")

    mode = meta.get("mode", "")
    if meta.get("ucx_forced_tls"):
        mode = "FORCED-REMOTE over UCX (ours ROCSHMEM_PES_PER_NODE=1)"
    fig.suptitle("rocshmem vs Open MPI OSHMEM %s, %s PEs - %s, %s cores, %s; "
                 "UCX %s, UCX_TLS=%s; median of %s rounds; load %s .. %s\n%s"
                 % (meta.get("openmpi", "?").replace("Open MPI ", ""),
                    meta.get("pes", "?"), meta.get("cpu", "?"),
                    meta.get("cores", "?"), meta.get("kernel", "?"),
                    meta.get("ucx", "?"), meta.get("UCX_TLS", "?"),
                    meta.get("rounds", "?"), meta.get("loadavg_start", "?"),
                    meta.get("loadavg_end", "?"), mode), fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.6 / (5 * nrows + 0.5)))
    fig.savefig(out, dpi=110)
    print("plot.py: wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
