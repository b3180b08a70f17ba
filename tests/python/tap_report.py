"""Merges the per-rank results of one pytest launch (conftest.py writes
DIR/rank<R>.jsonl) into one line per test for run_python_tests.sh:

    STATUS<TAB>DESCRIPTION<TAB>DIRECTIVE

STATUS 0 passes.  A test failed if it failed on any rank, or if a rank has
no result for it (that rank crashed or hung); rank 0's skip reason is the
directive of a skipped test.  Diagnostics follow a failed test as lines
starting with "#".

    python3 tap_report.py LAUNCH_NAME RANKS DIR
"""
import json
import os
import sys


def read_rank(directory, rank):
    results = {}
    try:
        with open(os.path.join(directory, f"rank{rank}.jsonl")) as lines:
            for line in lines:
                entry = json.loads(line)
                results[entry["id"]] = entry
    except FileNotFoundError:
        pass
    return results


def main(launch, ranks, directory):
    per_rank = [read_rank(directory, r) for r in range(ranks)]
    order = []
    for results in per_rank:
        order += [test for test in results if test not in order]
    for test in order:
        entries = [results.get(test) for results in per_rank]
        failed = [r for r, e in enumerate(entries) if e is None or e["outcome"] == "failed"]
        # "#" would start a TAP directive.
        name = f"{launch}: {test}".replace("\t", " ").replace("#", "_")
        if failed:
            print(f"1\t{name}\t")
            for r in failed:
                detail = entries[r]["detail"] if entries[r] else "no result (the rank died or hung)"
                for line in detail.rstrip().splitlines()[-40:]:
                    print(f"# rank {r}: {line}")
        elif entries[0]["outcome"] == "skipped":
            print(f"0\t{name}\tSKIP {entries[0]['detail'].strip()}")
        else:
            print(f"0\t{name}\t")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
