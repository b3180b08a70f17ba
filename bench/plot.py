#!/usr/bin/python3
"""Plot bench/compare.sh results: ours vs the OSHMEM baseline.

Usage: plot.py RESULTS.jsonl [OUT.png]   (default OUT: next to RESULTS)

Three panels: latency vs size (put/get on heap and static, log-log),
bandwidth vs size (same, with local memcpy as the physical limit), and,
below them, the 8-byte operations (RMA, atomics, ping-pong one-way, locks)
and barrier as bars, heap and static. Solid = ours, dashed = baseline.
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


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    src = argv[1]
    out = argv[2] if len(argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(src)), "plot.png")
    meta, rows = load(src)
    by = {(r["bench"], r["size"]): r for r in rows}

    fig = plt.figure(figsize=(16, 10))
    grid = fig.add_gridspec(2, 2, height_ratios=[1, 0.9])
    ax_lat = fig.add_subplot(grid[0, 0])
    ax_bw = fig.add_subplot(grid[0, 1])
    ax_small = fig.add_subplot(grid[1, :])
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

    names, ours, theirs = [], [], []
    for bench, size in SMALL:
        r = by.get((bench, size))
        if r:
            names.append(bench if size == 0 else "%s %dB" % (bench, size))
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
    ax_small.set_title("8-byte operations, locks, barrier (heap, then static "
                       "variables); pingpong = one-way, lock_cont = per "
                       "acquire, all PEs")
    if names:
        ax_small.legend(fontsize=7)
    ax_small.grid(True, axis="y", which="both", alpha=0.3)

    fig.suptitle("rocshmem vs Open MPI OSHMEM %s, %s PEs - %s, %s cores, %s; "
                 "UCX %s, UCX_TLS=%s; median of %s rounds" % (
                     meta.get("openmpi", "?").replace("Open MPI ", ""),
                     meta.get("pes", "?"), meta.get("cpu", "?"),
                     meta.get("cores", "?"), meta.get("kernel", "?"),
                     meta.get("ucx", "?"), meta.get("UCX_TLS", "?"),
                     meta.get("rounds", "?")), fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    fig.savefig(out, dpi=110)
    print("plot.py: wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
