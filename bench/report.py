#!/usr/bin/python3
"""Merge the raw runs of compare.sh into one results file and a table.

Reads RAW/ours.rN.jsonl, RAW/theirs.rN.jsonl (JSON lines from shmem_bench,
one file per round) and RAW/cacheline.rN.jsonl, plus META (tab-separated
key/value lines). For every (bench, size) it takes the median over rounds of
each side's per-run median, and the ratio ours/theirs of those times.
Physical limits: memcpy (median over all runs of both sides) and the
cache-line hand-off between two cores; in forced-remote (UCX) mode also
RAW/perftest.rN.jsonl, ucx_perftest's UCP put bandwidth with the same
UCX_TLS: the ceiling for puts of 1 MiB and up (ours/ceiling is printed).

Writes OUT (JSON lines: one {"meta": {...}} line, then one line per row)
and prints the table (also written to TABLE if given). Standard library only.
"""
import argparse
import glob
import json
import os
import re
import statistics
import sys

# The targets (bench/README.md, "Targets"), as
# (ratio_max, memcpy_fraction_min).
STATIC = ("put_static", "get_static", "long_p_static", "long_g_static")
# fetch_add and add+quiet have put/get's targets (heap <= 0.5x,
# static <= 0.2x), at any PE count like put/get.
AMO_PERF = ("fadd", "add")
AMO_PERF_STATIC = ("fadd_static", "add_static")
# Each other AMO, signal and lock operation: <= 0.5x OSHMEM on 2 PEs.
SYNC_2PE = ("cswap", "afetch", "cswap_static", "afetch_static",
            "pingpong_sig", "pingpong_p", "pingpong_sig_static",
            "pingpong_p_static", "lock", "lock_static", "lock_cont",
            "lock_cont_static")
# One-way latencies: the cache-line hand-off between two cores is their floor.
ONE_WAY = ("barrier", "pingpong_sig", "pingpong_p", "pingpong_sig_static",
           "pingpong_p_static")
# 1.x active-set collectives (size = bytes per PE): small-message
# latency (8 B) <= 0.5x, 1 MiB <= 1.0x,
# 2 and 4 PEs. 4 KiB has no target.
COLL = ("broadcast64", "collect64", "fcollect64", "alltoall64",
        "alltoalls64", "long_sum_to_all")
# Start-up rows, printed by every shmem_bench run (target: init+finalize
# time and memory per PE beyond the heap <= 1.0x OSHMEM); STARTUP_KIB's
# values are KiB ("KiB" in the JSON line, not "us").
STARTUP = ("init", "finalize", "init_rss", "init_pss")
STARTUP_KIB = ("init_rss", "init_pss")
# Rows whose bandwidth is compared with local memcpy.
BANDWIDTH = ("put", "get", "put_static", "get_static")
# Forced-remote (UCX) mode: puts of this size and up are compared with
# ucx_perftest's ucp_put_bw over the same UCX_TLS (the ceiling: large put
# bandwidth over tcp within 80% of ucx_perftest).
CEILING_BENCH = "ucx_perftest_put_bw"
CEILING_MIN_SIZE = 1 << 20
CEILING_TCP_FRAC = 0.8


def target(bench, size, pes=None, ucx_tls=None):
    """(ratio_max, limit_fraction_min, note) or None.  The fraction is of
    memcpy, or in UCX mode of the ucx_perftest ceiling."""
    if ucx_tls:
        # The forced-remote path over UCX <= 1.0x OSHMEM with the same
        # UCX_TLS, for every operation measured that way; and
        # large puts over tcp >= 80% of ucx_perftest's put bandwidth.
        if (bench == "put" and size >= CEILING_MIN_SIZE
                and "tcp" in ucx_tls.split(",")):
            return (1.0, CEILING_TCP_FRAC, " (UCX %s)" % ucx_tls)
        return (1.0, None, " (UCX %s)" % ucx_tls)
    if bench in STARTUP:
        return (1.0, None, "")
    if bench in COLL and size == 8:
        return (0.5, None, "")
    if bench in COLL and size >= 1 << 20:
        return (1.0, None, "")
    if bench in ("put", "get", "long_p", "long_g") and size == 8:
        return (0.5, None, "")
    if bench in STATIC and size == 8:
        return (0.2, None, "")
    if bench in AMO_PERF:
        return (0.5, None, "")
    if bench in AMO_PERF_STATIC:
        return (0.2, None, "")
    if bench in SYNC_2PE and pes == 2:
        return (0.5, None, " (2 PEs)")
    if bench == "barrier":
        return (0.5, None, "")
    if bench in ("put", "get") and size >= 1 << 20:
        return (1.0, 0.9, "")
    return None


def load_runs(raw, side, key="us", variants=None):
    """Returns {(bench, size): {round: rec[key]}}, pes seen, rounds with data.
    If VARIANTS is a dict, it gets {(bench, size): set of "variant" values}."""
    vals, pes, rounds = {}, set(), 0
    for path in glob.glob(os.path.join(raw, side + ".r*.jsonl")):
        m = re.search(r"\.r(\d+)\.jsonl$", path)
        rnd = int(m.group(1)) if m else 0
        got = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if "bench" not in rec or key not in rec:
                    continue
                vals.setdefault((rec["bench"], rec["size"]), {})[rnd] = rec[key]
                if variants is not None and "variant" in rec:
                    variants.setdefault((rec["bench"], rec["size"]),
                                        set()).add(rec["variant"])
                pes.add(rec.get("pes"))
                got = True
        rounds += got
    return vals, pes, rounds


def med(xs):
    xs = list(xs.values()) if isinstance(xs, dict) else list(xs)
    return statistics.median(xs) if xs else None


def paired_ratios(o, t):
    """ours/theirs per round, for rounds where both sides have a number."""
    return [o[r] / t[r] for r in sorted(o) if r in t and t[r] > 0]


def mbps(size, us):
    return size / us if us and size else None


def fmt(x, spec):
    return "-" if x is None else format(x, spec)


def size_str(n):
    if n == 0:
        return "-"
    for unit, shift in (("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d %s" % (n >> shift, unit)
    return "%d B" % n


def read_meta(path):
    meta = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("\t")
                if key:
                    meta[key] = value
    return meta


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--raw", required=True)
    ap.add_argument("--meta")
    ap.add_argument("--out", required=True)
    ap.add_argument("--table")
    args = ap.parse_args()

    meta = read_meta(args.meta)
    ours_var, theirs_var = {}, {}
    ours, ours_pes, ours_rounds = load_runs(args.raw, "ours",
                                            variants=ours_var)
    theirs, theirs_pes, theirs_rounds = load_runs(args.raw, "theirs",
                                                  variants=theirs_var)
    # The memory rows join the time rows ((bench, size) keys do not overlap).
    for side, vals in (("ours", ours), ("theirs", theirs)):
        vals.update(load_runs(args.raw, side, "KiB")[0])
    # The cache-line floor: the best repetition of any round (busy machines
    # preempt the spinning threads; the floor is what the hardware can do).
    cl, _, _ = load_runs(args.raw, "cacheline", "us_min")
    # The per-call timing of the collectives costs about one clock read.
    timers = []
    for side in ("ours", "theirs"):
        t, _, _ = load_runs(args.raw, side, "timer_us")
        timers += [v for d in t.values() for v in d.values()]
    meta["coll_timer_us"] = med(timers) if timers else None
    # Each collective member's own time (shmem_bench's "pe_us"), per side:
    # the median over the rounds, member by member.
    # And PE 0's loop time per call with the untimed barrier ("loop_us"),
    # which does not depend on where that barrier lets each member wait.
    pe_us, loop_us = {}, {}
    for side in ("ours", "theirs"):
        got, _, _ = load_runs(args.raw, side, "pe_us")
        pe_us[side] = {k: [med(col) for col in zip(*d.values())]
                       for k, d in got.items()}
        got, _, _ = load_runs(args.raw, side, "loop_us")
        loop_us[side] = {k: med(d) for k, d in got.items()}
    meta["rounds_with_data_ours"] = ours_rounds
    meta["rounds_with_data_theirs"] = theirs_rounds
    pes = meta.get("pes") or next(iter(ours_pes | theirs_pes), None)
    pes = int(pes) if pes is not None else None
    ucx_tls = meta.get("ucx_forced_tls") or None

    # memcpy is library-independent: pool both sides' runs.
    memcpy = {}
    for src in (ours, theirs):
        for (bench, size), us in src.items():
            if bench == "memcpy":
                memcpy.setdefault(size, []).extend(us.values())
    memcpy_mbps = {s: mbps(s, med(v)) for s, v in memcpy.items()}
    # The UCX mode's ceiling for large puts: per size, the median over rounds.
    pt, _, _ = load_runs(args.raw, "perftest")
    ceiling = {size: (mbps(size, med(us)), [us[r] for r in sorted(us)])
               for (bench, size), us in pt.items() if bench == CEILING_BENCH}
    meta["ucx_perftest_MBps_1MiB"] = ceiling.get(1 << 20, (None,))[0]
    rtts = list(cl.get(("cacheline_rtt", 64), {}).values())
    rtt = min(rtts) if rtts else None
    one_way_us = rtt / 2 if rtt else None
    meta["memcpy_MBps_1MiB"] = memcpy_mbps.get(1 << 20)
    meta["cacheline_one_way_ns"] = one_way_us * 1000 if one_way_us else None

    order = []
    for key in list(ours) + list(theirs):
        if key not in order and key[0] != "memcpy":
            order.append(key)
    rank = {}
    for b, _ in order:
        rank.setdefault(b, len(rank))
    # The start-up rows last, in STARTUP's order.
    order.sort(key=lambda k: (k[0] in STARTUP, STARTUP.index(k[0])
                              if k[0] in STARTUP else rank[k[0]], k[1]))

    rows = []
    for bench, size in order:
        orr, trr = ours.get((bench, size), {}), theirs.get((bench, size), {})
        o, t = med(orr), med(trr)
        pr = paired_ratios(orr, trr)
        u = "KiB" if bench in STARTUP_KIB else "us"
        row = {"bench": bench, "size": size, "pes": pes,
               "ours_" + u: o, "theirs_" + u: t,
               "ratio": o / t if o and t else None,
               "ratio_paired_median": med(pr),
               "ratio_paired_min": min(pr) if pr else None,
               "ratio_paired_max": max(pr) if pr else None,
               "ours_rounds_" + u: [orr[r] for r in sorted(orr)],
               "theirs_rounds_" + u: [trr[r] for r in sorted(trr)]}
        if u == "us":
            row.update(ours_MBps=mbps(size, o), theirs_MBps=mbps(size, t))
        for side in ("ours", "theirs"):
            if (bench, size) in pe_us[side]:
                row[side + "_pe_us"] = pe_us[side][(bench, size)]
            if (bench, size) in loop_us[side]:
                row[side + "_loop_us"] = loop_us[side][(bench, size)]
        lim = memcpy_mbps.get(size)
        if bench in BANDWIDTH and size >= 4096 and lim:
            row["memcpy_MBps"] = lim
            row["ours_memcpy_frac"] = row["ours_MBps"] / lim if o else None
            row["theirs_memcpy_frac"] = row["theirs_MBps"] / lim if t else None
        if bench == "put" and size >= CEILING_MIN_SIZE and size in ceiling:
            cmb = ceiling[size][0]
            row["ceiling_MBps"] = cmb
            row["ours_ceiling_frac"] = row["ours_MBps"] / cmb if o else None
            row["theirs_ceiling_frac"] = row["theirs_MBps"] / cmb if t else None
        for side, var in (("ours", ours_var), ("theirs", theirs_var)):
            if (bench, size) in var:
                row[side + "_variant"] = "/".join(sorted(var[(bench, size)]))
        if (bench in ONE_WAY or (bench in COLL and size == 8)) and one_way_us:
            row["limit_us"] = one_way_us  # one cache-line hand-off
        tgt = target(bench, size, pes, ucx_tls)
        if tgt:
            ok = row["ratio"] is not None and row["ratio"] <= tgt[0]
            if tgt[1] is not None:
                frac = row.get("ours_ceiling_frac" if ucx_tls else
                               "ours_memcpy_frac")
                ok = ok and frac is not None and frac >= tgt[1]
            row["target"] = "ratio<=%.1f" % tgt[0] + (
                ", >=%d%% %s" % (tgt[1] * 100, "ucx_perftest" if ucx_tls
                                 else "memcpy") if tgt[1] else "") + tgt[2]
            row["target_met"] = ok if row["ratio"] is not None else None
            # The verdict holds only if no round's ratio crosses the target.
            row["target_spread_crosses"] = bool(pr) and (
                min(pr) <= tgt[0] < max(pr))
        rows.append(row)
    for size in sorted(memcpy_mbps):
        rows.append({"bench": "memcpy", "size": size, "pes": 1,
                     "us": med(memcpy[size]), "MBps": memcpy_mbps[size]})
    for size in sorted(ceiling):
        rows.append({"bench": CEILING_BENCH, "size": size, "pes": 2,
                     "us": size / ceiling[size][0], "MBps": ceiling[size][0],
                     "rounds_us": ceiling[size][1]})
    if rtt:
        rows.append({"bench": "cacheline_rtt", "size": 64, "pes": 1,
                     "us": rtt, "one_way_us": one_way_us})

    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps({"meta": meta}) + "\n")
        for row in rows:
            f.write(json.dumps(row) + "\n")

    lines = []
    if ucx_tls:
        lines.append("FORCED-REMOTE over UCX, UCX_TLS=%s: ours with "
                     "ROCSHMEM_PES_PER_NODE=1 (every PE its own node), "
                     "theirs with the same UCX_TLS" % ucx_tls)
    fmt_row = "%-19s %8s %3s %11s %11s %6s %11s %8s %8s %9s  %s"
    hdr = fmt_row % (
        "benchmark", "size", "PEs", "ours(us)", "theirs(us)", "ratio",
        "rnd range",
        "ours/lim", "thr/lim", "lim", "target")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    for r in rows:
        if r["bench"] in ("memcpy", "cacheline_rtt", CEILING_BENCH):
            continue
        lim, of, tf = "", None, None
        if "ceiling_MBps" in r:
            lim = "%.3gGB/s*" % (r["ceiling_MBps"] / 1000)
            of, tf = r["ours_ceiling_frac"], r["theirs_ceiling_frac"]
        elif "memcpy_MBps" in r:
            lim = "%.1fGB/s" % (r["memcpy_MBps"] / 1000)
            of, tf = r["ours_memcpy_frac"], r["theirs_memcpy_frac"]
        elif "limit_us" in r:
            lim = "%.3fus" % r["limit_us"]
            of = r["limit_us"] / r["ours_us"] if r["ours_us"] else None
            tf = r["limit_us"] / r["theirs_us"] if r["theirs_us"] else None
        tgt = ""
        if "target" in r:
            tgt = {True: "ok", False: "MISS", None: "?"}[r["target_met"]]
            tgt += "~" if r.get("target_spread_crosses") else ""
            tgt = "%-6s" % tgt + r["target"]
        rng = "" if r["ratio_paired_min"] is None else "%.2f-%.2f" % (
            r["ratio_paired_min"], r["ratio_paired_max"])
        if "ours_KiB" in r or "theirs_KiB" in r:
            ours_v, theirs_v = (fmt(r.get(k), ".0f") + " KiB"
                                for k in ("ours_KiB", "theirs_KiB"))
        else:
            ours_v, theirs_v = fmt(r["ours_us"], ".4f"), fmt(r["theirs_us"], ".4f")
        lines.append(fmt_row % (
            r["bench"], size_str(r["size"]), r["pes"], ours_v, theirs_v,
            fmt(r["ratio"], ".3f"), rng,
            "" if of is None else "%.0f%%" % (of * 100),
            "" if tf is None else "%.0f%%" % (tf * 100), lim, tgt))
    lines.append("")
    lines.append("ratio = median ours / median theirs time (<1: ours faster); "
                 "rnd range = min-max of the per-round ratios (A/B pairs).")
    lines.append("x/lim = bandwidth as a fraction of local memcpy at that size; "
                 "for barrier, pingpong* and 8-byte collectives: one-way "
                 "cache-line hand-off / time.")
    if ceiling:
        lines.append("*: put >= 1 MiB: lim = the ceiling, ucx_perftest -t "
                     "ucp_put_bw with the same UCX_TLS (client and server on "
                     "this host; x/lim = bandwidth / its bandwidth): %s" %
                     ", ".join("%s %.2f GB/s" % (size_str(sz), ceiling[sz][0] / 1000)
                               for sz in sorted(ceiling)))
    lines.append("target: ok/MISS by the median ratio; '~' = the rnd range "
                 "crosses the target (not a settled result; more rounds).")
    lines.append("pingpong*: one-way time (round trip / 2); lock_cont*: time "
                 "per acquire with all PEs contending.")
    if any(r["bench"] in STARTUP for r in rows):
        lines.append("init: time in shmem_init (MPI's start-up included, both "
                     "sides), init_rss/init_pss: memory it added to a PE "
                     "(VmRSS, Pss), each the largest of any PE, one sample per "
                     "run; finalize: PE 0's time in shmem_finalize.")
    if any(r["bench"] in COLL for r in rows):
        aset = meta.get("coll_active_set", "0,0,all")
        who = ("all PEs" if aset.split(",")[1:2] in (["0"], []) else
               "active set PE_start,logPE_stride,PE_size = %s" % aset)
        lines.append("collectives (1.x active-set forms, %s, root 0): "
                     "size = bytes per PE; time = mean over the set's PEs of "
                     "the time in one call (an untimed barrier_all between "
                     "calls); it includes the per-call timing, %s us (both "
                     "sides)." % (who, fmt(meta["coll_timer_us"], ".3f")))
        # who waits in the small collectives (a broadcast's receivers for
        # the root, say): each member's own time
        for r in rows:
            if r["bench"] in COLL and r["size"] == 8 and (
                    "ours_pe_us" in r or "theirs_pe_us" in r):
                lines.append("  %s 8 B, each member's time (us), ours: %s; "
                             "theirs: %s" % (r["bench"], *(
                                 " ".join(fmt(v, ".3f") for v in r[k])
                                 if k in r else "-"
                                 for k in ("ours_pe_us", "theirs_pe_us"))))
                lo, lt = r.get("ours_loop_us"), r.get("theirs_loop_us")
                if lo or lt:
                    lines.append("    with the untimed barrier, per call "
                                 "(PE 0's loop): ours %s, theirs %s us%s" % (
                                     fmt(lo, ".3f"), fmt(lt, ".3f"),
                                     ", ratio %s" % fmt(lo / lt, ".3f")
                                     if lo and lt else ""))
    for r in rows:
        if "ours_variant" in r or "theirs_variant" in r:
            if r["bench"].startswith("pingpong_p"):
                continue  # same code on both sides
            lines.append("%s variant: ours %s; theirs %s" % (
                r["bench"], r.get("ours_variant", "-"),
                r.get("theirs_variant", "-")))
    lines.append("load average: start %s, end %s (%s cores)" % (
        meta.get("loadavg_start", "?"), meta.get("loadavg_end", "?"),
        meta.get("cores", "?")))
    lines.append("limits: memcpy %s; cache-line one-way %s ns; rounds with "
                 "data: ours %d, theirs %d" % (
                     ", ".join("%s %.1f GB/s" % (size_str(s), memcpy_mbps[s] / 1000)
                               for s in sorted(memcpy_mbps)
                               if s in (1 << 16, 1 << 20, 1 << 22, 1 << 26)) or "-",
                     fmt(meta["cacheline_one_way_ns"], ".0f"),
                     ours_rounds, theirs_rounds))
    # Each round's median: a VM's virtual CPUs placed anew during the run,
    # and the two sides of a round may have run at different speeds.
    by_round = load_runs(args.raw, "cacheline", "us")[0].get(("cacheline_rtt", 64), {})
    if by_round and max(by_round.values()) > 1.5 * min(by_round.values()):
        lines.append("cache-line one-way by round: %s ns: the hardware changed "
                     "during the run; compare rounds of one speed" % " ".join(
                         "%.0f" % (by_round[r] / 2 * 1000) for r in sorted(by_round)))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.table:
        with open(args.table, "w", encoding="utf-8") as f:
            f.write(text)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
