#!/usr/bin/python3
"""Tables and plot of bench/scale/run.sh from its raw runs.

Reads RAW/machine.tsv, RAW/memory/net_scale.jsonl (bench/startup/
net_scale.sh), RAW/ops.jsonl (bench/scale/coll_counts) with RAW/model.jsonl
(bench/scale/coll_model --json-only for the same layouts) and RAW/times.list
(PEs, nodes, baseline name, compare.sh's results.jsonl per line); a part
whose input is missing keeps what OUT already holds, and rows of layouts
this run did not measure are kept.  Writes into OUT, per part,
scale-PART.txt (the machine records on top) and scale-PART.jsonl, and a plot
of what OUT holds: scale.png with matplotlib, else scale.svg (standard
library only).
"""
import argparse
import json
import os
import sys


def jsonl(path):
    if not os.path.exists(path):
        return []
    return [json.loads(l) for l in open(path) if l.startswith("{")]


def write(out, name, header, lines, rows):
    with open(os.path.join(out, name + ".txt"), "w") as f:
        f.write(header + "\n".join(lines) + "\n")
    with open(os.path.join(out, name + ".jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=True) + "\n")
    print("\n".join(lines))


def memory_table(rows):
    by = {}
    for r in rows:
        by.setdefault((r["pes"], r["nodes"]), {})[r["mode"]] = r
    lines = ["memory a PE's shmem_init added beyond the heap (MiB, mean over PEs), then after a ring "
             "exchange across nodes; endpoints and remote keys per PE after it",
             "%-5s %-5s %-6s %8s %8s %8s %8s %9s %6s %11s  %s" % (
                 "PEs", "nodes", "mode", "init_pss", "ring_pss", "init_rss", "ring_rss",
                 "endpoints", "keys", "peer_info_B", "lazy/eager ring pss, rss")]
    mib = lambda kib: "%.2f" % (kib / 1024.0)
    for (pes, nodes), m in sorted(by.items()):
        for mode in ("eager", "lazy"):
            r = m.get(mode)
            if not r:
                continue
            ratio = ""
            if mode == "lazy" and "eager" in m:
                e = m["eager"]
                ratio = "%.2f, %.2f" % (r["ring_pss_kib_mean"] / e["ring_pss_kib_mean"],
                                        r["ring_rss_kib_mean"] / e["ring_rss_kib_mean"])
            lines.append("%-5d %-5d %-6s %8s %8s %8s %8s %9.1f %6.1f %11.0f  %s%s" % (
                pes, nodes, mode, mib(r["init_pss_kib_mean"]), mib(r["ring_pss_kib_mean"]),
                mib(r["init_rss_kib_mean"]), mib(r["ring_rss_kib_mean"]),
                r["ring_endpoints_mean"], r["ring_remote_keys_mean"], r["peer_info_bytes_mean"],
                ratio, "" if r["ok"] else "  (DATA WRONG)"))
    return lines


def ops_rows(measured, model):
    idx = {(m["pes"], m["per_node"], m["coll"], m["bytes"]): m for m in model}
    rows = []
    for r in measured:
        # coll_model's barrier has bytes 0; its per-node count is min(ppn, pes)
        m = idx.get((r["pes"], r["per_node"], r["coll"], 0 if r["coll"] == "barrier" else r["bytes"]))
        row = dict(r)
        if m:
            row.update(model_ops_max=m["inter_ops_max"], model_ops_mean=m["inter_ops_mean"],
                       model_algorithm=m["algorithm"], today_model_ops_mean=m["today_inter_ops"],
                       today_algorithm=m["today_algorithm"])
        rows.append(row)
    return rows


def ops_table(rows):
    lines = ["network operations per PE per call, measured (the library's counters: puts, gets, "
             "atomics, signal puts) and modelled (coll_model: the node-aware schedule; today's "
             "general path, mean)",
             "%-5s %-5s %-4s %-9s %6s | %8s %8s %9s %9s | %8s %8s %9s | %s" % (
                 "PEs", "nodes", "ppn", "coll", "bytes", "max", "mean", "leaders", "others",
                 "sched", "sched", "today", "ok"),
             "%-5s %-5s %-4s %-9s %6s | %8s %8s %9s %9s | %8s %8s %9s |" % (
                 "", "", "", "", "", "", "", "max", "max", "max", "mean", "mean")]
    for r in sorted(rows, key=lambda r: (r["nodes"], r["pes"], r["coll"], r["bytes"])):
        get = lambda k: ("%.2f" % r[k]) if k in r else "-"
        size = "-" if r["coll"] == "barrier" else (
            "%dK" % (r["bytes"] >> 10) if r["bytes"] >= 1024 else str(r["bytes"]))
        lines.append("%-5d %-5d %-4d %-9s %6s | %8.2f %8.2f %9.2f %9s | %8s %8s %9s | %s" % (
            r["pes"], r["nodes"], r["per_node"], r["coll"], size, r["ops_max"], r["ops_mean"],
            r["leader_ops_max"], ("%.2f" % r["nonleader_ops_max"]) if r["nonleaders"] else "-",
            get("model_ops_max"), get("model_ops_mean"), get("today_model_ops_mean"),
            "yes" if r["ok"] else "WRONG"))
    return lines


def times_rows(raw):
    path = os.path.join(raw, "times.list")
    rows = []
    if not os.path.exists(path):
        return rows
    for line in open(path):
        pes, nodes, side, results = line.rstrip("\n").split("\t")
        for r in jsonl(results):
            if "bench" not in r or r["bench"] in ("memcpy", "cacheline_rtt", "init", "finalize",
                                                   "init_rss", "init_pss"):
                continue
            rows.append({"pes": int(pes), "nodes": int(nodes), "against": side,
                         "bench": r["bench"], "size": r["size"], "ours_us": r.get("ours_us"),
                         "theirs_us": r.get("theirs_us"), "ratio": r.get("ratio")})
    return rows


def times_table(rows):
    # one line per (layout, bench, size): ours and OSHMEM from one interleaved
    # run, ours and the baseline from another
    by = {}
    for r in rows:
        by.setdefault((r["pes"], r["nodes"], r["bench"], r["size"]), {})[r["against"]] = r
    f = lambda v: "%.2f" % v if isinstance(v, (int, float)) else "-"
    lines = ["microseconds per call (medians of interleaved rounds; each ratio from one run of "
             "ours beside the other side); more PEs than cores: oversubscribed",
             "%-4s %-5s %-16s %7s | %9s %9s %6s | %9s %9s %6s" % (
                 "PEs", "nodes", "bench", "bytes", "ours", "OSHMEM", "ratio", "ours",
                 "baseline", "ratio")]
    for (pes, nodes, bench, size), s in sorted(by.items()):
        o, b = s.get("oshmem", {}), s.get("baseline", {})
        lines.append("%-4d %-5d %-16s %7s | %9s %9s %6s | %9s %9s %6s" % (
            pes, nodes, bench, size or "-", f(o.get("ours_us")), f(o.get("theirs_us")),
            f(o.get("ratio")), f(b.get("ours_us")), f(b.get("theirs_us")), f(b.get("ratio"))))
    return lines


def plot_series(mem, ops, times):
    """The three panels as data: (title, xlabel, ylabel, log axes, series),
    a series (label, [(x, y)], dashed); the time panel's x are categories."""
    panels = []
    series = []
    for mode, dashed in (("lazy", False), ("eager", True)):
        rs = sorted((r for r in mem if r["mode"] == mode), key=lambda r: r["pes"])
        if rs:
            series.append(("Pss, %s endpoints" % mode, [(r["pes"], r["ring_pss_kib_mean"] / 1024) for r in rs], dashed))
            series.append(("RSS, %s endpoints" % mode, [(r["pes"], r["ring_rss_kib_mean"] / 1024) for r in rs], dashed))
    if series:
        panels.append(("memory per PE beyond the heap", "PEs (at most 16 emulated nodes)", "MiB", (True, False), series))
    series = []
    if ops:
        nodes = max(r["nodes"] for r in ops)
        for coll in ("barrier", "broadcast", "reduce", "fcollect", "alltoall"):
            rs = sorted((r for r in ops if r["coll"] == coll and r["nodes"] == nodes
                         and r["bytes"] in (0, 8)), key=lambda r: r["pes"])
            if rs:
                series.append((coll + " measured", [(r["pes"], r["ops_max"]) for r in rs], False))
                if all("model_ops_max" in r for r in rs):
                    series.append((coll + " schedule model", [(r["pes"], r["model_ops_max"]) for r in rs], True))
        panels.append(("network operations per PE per call, 8 B (max over PEs)",
                       "PEs on %d emulated nodes" % nodes, "operations", (True, True), series))
    series = []
    if times:
        layouts = sorted({(r["pes"], r["nodes"]) for r in times})
        for label, against, key in (("ours", "oshmem", "ours_us"), ("OSHMEM", "oshmem", "theirs_us"),
                                    ("baseline", "baseline", "theirs_us")):
            for bench in ("barrier", "broadcast64", "long_sum_to_all"):
                pts = []
                for i, lay in enumerate(layouts):
                    for r in times:
                        if (r["pes"], r["nodes"], r["bench"], r["against"]) == lay + (bench, against) \
                                and r["size"] in (0, 8) and r.get(key):
                            pts.append((i, r[key]))
                if pts:
                    series.append(("%s %s" % (label, bench), pts, label != "ours"))
        panels.append(("time per call, 8 B (2 cores)", "PEs / nodes", "microseconds", (False, True), series,
                       dict(enumerate("%d/%d" % lay for lay in layouts))))
    return panels


def plot_matplotlib(path, panels):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 5), squeeze=False)
    for ax, (title, xlabel, ylabel, (logx, logy), series, *ticks) in zip(axes[0], panels):
        for label, pts, dashed in series:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], "--o" if dashed else "-o", label=label)
        ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
        if ticks:
            ax.set_xticks(list(ticks[0]))
            ax.set_xticklabels(list(ticks[0].values()))
        if logx:
            ax.set_xscale("log", base=2)
        if logy:
            ax.set_yscale("symlog")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def plot_svg(path, panels):
    """The same panels as SVG, standard library only (no matplotlib here)."""
    import math
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
              "#7f7f7f", "#bcbd22", "#17becf"]
    W, H, L, R, T, B = 520, 420, 60, 15, 30, 150
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="11"><rect width="100%%" height="100%%" fill="white"/>' % (W * len(panels), H)]
    for k, (title, xlabel, ylabel, (logx, logy), series, *ticks) in enumerate(panels):
        names = ticks[0] if ticks else {}
        x0 = k * W
        pts = [p for _, ps, _ in series for p in ps]
        if not pts:
            continue
        fx = (lambda v: math.log2(v)) if logx else float
        fy = (lambda v: math.log10(v + 1)) if logy else float
        xs, ys = [fx(p[0]) for p in pts], [fy(p[1]) for p in pts]
        xlo, xhi = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
        ylo, yhi = 0.0, max(ys) * 1.05 if max(ys) > 0 else 1.0
        px = lambda v: x0 + L + (fx(v) - xlo) / (xhi - xlo) * (W - L - R)
        py = lambda v: T + (1 - (fy(v) - ylo) / (yhi - ylo)) * (H - T - B)
        out.append('<text x="%d" y="18" font-weight="bold">%s</text>' % (x0 + L, title))
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>' % (
            x0 + L, T, W - L - R, H - T - B))
        for v in sorted({p[0] for p in pts}):
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (
                px(v), H - B + 14, names.get(v, v)))
        for i in range(5):
            yv = ylo + (yhi - ylo) * i / 4
            v = (10 ** yv - 1) if logy else yv
            out.append('<text x="%d" y="%.1f" text-anchor="end">%.3g</text>' % (
                x0 + L - 4, T + (1 - i / 4) * (H - T - B) + 4, v))
        out.append('<text x="%d" y="%d">%s</text>' % (x0 + L, H - B + 30, xlabel))
        out.append('<text transform="translate(%d,%d) rotate(-90)">%s%s</text>' % (
            x0 + 12, T + (H - T - B) // 2 + 30, ylabel, " (log)" if logy else ""))
        for j, (label, ps, dashed) in enumerate(series):
            c = colors[j % len(colors)]
            d = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in ps)
            out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"%s/>' % (
                d, c, ' stroke-dasharray="5,3"' if dashed else ""))
            for x, y in ps:
                out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>' % (px(x), py(y), c))
            ly = H - B + 46 + (j // 2) * 13
            lx = x0 + L + (j % 2) * 230
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"%s/>' % (
                lx, ly - 4, lx + 18, ly - 4, c, ' stroke-dasharray="5,3"' if dashed else ""))
            out.append('<text x="%d" y="%d">%s</text>' % (lx + 22, ly, label))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def plot(out, mem, ops, times):
    panels = plot_series(mem, ops, times)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        path = os.path.join(out, "scale.svg")
        plot_svg(path, panels)
        print("report.py: matplotlib not importable: wrote the plot as SVG,", path)
        return
    path = os.path.join(out, "scale.png")
    plot_matplotlib(path, panels)
    print("report.py: wrote", path)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--raw", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    meta = [l.rstrip("\n").split("\t", 1) for l in open(os.path.join(a.raw, "machine.tsv"))]
    header = "".join("# %s: %s\n" % (k, v) for k, v in meta)
    mem = jsonl(os.path.join(a.raw, "memory", "net_scale.jsonl"))
    ops = ops_rows(jsonl(os.path.join(a.raw, "ops.jsonl")), jsonl(os.path.join(a.raw, "model.jsonl")))
    times = times_rows(a.raw)
    # This run's rows replace those of the same layout in OUT, the others
    # stay (a part run again at fewer PEs keeps the larger ones); each table
    # then carries the machine record of every run it holds rows of.
    parts = (("scale-memory", mem, memory_table, ("pes", "nodes", "mode")),
             ("scale-ops", ops, ops_table, ("pes", "per_node", "coll", "bytes")),
             ("scale-times", times, times_table, ("pes", "nodes", "against", "bench", "size")))
    merged = {}
    for name, rows, table, key in parts:
        path = os.path.join(a.out, name + ".txt")
        old_rows = jsonl(os.path.join(a.out, name + ".jsonl"))
        if rows:
            mine = {tuple(r[k] for k in key) for r in rows}
            kept = [r for r in old_rows if tuple(r.get(k) for k in key) not in mine]
            old_header = ""
            if kept and os.path.exists(path):
                old_header = "".join(l for l in open(path) if l.startswith("# "))
                old_header = "# (rows of an earlier run:)\n" + old_header if old_header != header else ""
            rows = kept + rows
            write(a.out, name, header + old_header, table(rows), rows)
        merged[name] = rows or old_rows
    plot(a.out, merged["scale-memory"], merged["scale-ops"], merged["scale-times"])
    wrong = [r for r in ops if not r["ok"]] + [r for r in mem if not r["ok"]]
    if wrong:
        print("report.py: %d rows with WRONG data" % len(wrong), file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
