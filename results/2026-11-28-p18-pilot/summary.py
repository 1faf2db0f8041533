#!/usr/bin/env python3
"""The pilot's table: per shard its subproblems, the capped run's CPU
(GNU time's user + system, summed over its attempts, and the shard's own
cpu_seconds of its last attempt) and peak RSS, the uncapped twin's CPU and
peak RSS, the ratio, and the total (both runs must agree); then the CPU per
subproblem set beside the estimate's prediction.
Usage: summary.py [ESTIMATE.json]"""
import json, pathlib, re, sys

here = pathlib.Path(__file__).parent
# Shard 274641's two runs were each timed for their last attempt only
# (README): printed, left out of the sums.
RESUMED = {274641}
# The shards counted with the cells kernel (66988c4): 323673 and those
# after it in shards.txt.
CELLS_FROM = 323673


def timed(path):
    """(CPU seconds summed over the attempts, largest peak RSS in bytes)."""
    t = path.read_text()
    cpu = sum(float(u) + float(s) for u, s in zip(
        re.findall(r"User time \(seconds\): ([\d.]+)", t),
        re.findall(r"System time \(seconds\): ([\d.]+)", t)))
    rss = max(int(k) for k in re.findall(r"Maximum resident set size \(kbytes\): (\d+)", t))
    return cpu, rss * 1024


rows = []
order = [int(line) for line in (here / "shards.txt").read_text().split()]
cells = set(order[order.index(CELLS_FROM):])
for i in order:
    capped, whole = here / "out" / f"shard-{i}.json", here / "out-whole" / f"shard-{i}.json"
    if not capped.exists():
        continue
    r = json.loads(capped.read_text())
    cpu, rss = timed(here / "logs" / f"shard-{i}.time")
    w_cpu = w_rss = None
    if whole.exists():
        w = json.loads(whole.read_text())
        if w["total"] != r["total"]:
            sys.exit(f"shard {i}: capped total {r['total']} but uncapped {w['total']}")
        w_cpu, w_rss = timed(here / "logs-whole" / f"shard-{i}.time")
    rows.append((i, r["end"] - r["first"], cpu, r["cpu_seconds"], rss, w_cpu, w_rss, r["total"]))

print("shard,subproblems,capped_cpu_s,capped_shard_cpu_s,capped_peak_rss_bytes,"
      "uncapped_cpu_s,uncapped_peak_rss_bytes,ratio,total")
for i, subs, cpu, own, rss, w_cpu, w_rss, total in rows:
    ratio = f"{cpu / w_cpu:.3f}" if w_cpu else ""
    print(f"{i},{subs},{cpu:.2f},{own:.2f},{rss},{'' if w_cpu is None else f'{w_cpu:.2f}'},"
          f"{'' if w_rss is None else w_rss},{ratio},{total}")
for i in sorted(RESUMED & {r[0] for r in rows}):
    print(f"# shard {i}: resumed, each run timed for its last attempt only; out of the sums")
rows = [r for r in rows if r[0] not in RESUMED]
if rows:
    subs = sum(r[1] for r in rows)
    cpu = sum(r[2] for r in rows)
    print(f"# {len(rows)} shards capped, {subs} subproblems, {cpu:.0f} CPU-s, "
          f"{cpu / subs:.1f} CPU-s a subproblem, peak RSS {max(r[4] for r in rows) / 2**30:.3f} GiB")
    pairs = [r for r in rows if r[5]]
    if pairs:
        c, w = sum(r[2] for r in pairs), sum(r[5] for r in pairs)
        ratios = sorted(r[2] / r[5] for r in pairs)
        print(f"# {len(pairs)} shards both ways ({sum(r[1] for r in pairs)} subproblems): "
              f"capped {c:.0f} CPU-s, uncapped {w:.0f}, ratio of sums {c / w:.3f}, "
              f"per shard {ratios[0]:.3f} to {ratios[-1]:.3f}; "
              f"uncapped peak RSS up to {max(r[6] for r in pairs) / 2**30:.2f} GiB")
    new = [r for r in pairs if r[0] in cells]
    if new:
        c, w = sum(r[2] for r in new), sum(r[5] for r in new)
        print(f"# on the cells kernel (66988c4, from shard {CELLS_FROM} on): {len(new)} shards, "
              f"{sum(r[1] for r in new)} subproblems, capped {c:.0f} CPU-s, uncapped {w:.0f}, "
              f"ratio of sums {c / w:.3f}, capped peak RSS up to {max(r[4] for r in new) / 2**30:.3f} GiB")
    if len(sys.argv) > 1:
        e = json.loads(pathlib.Path(sys.argv[1]).read_text())
        # The subproblems' CPU: the estimate's less its exact symmetric
        # searches and the split, over the count's subproblems (orbits).
        fixed = e.get("symmetry_cpu_seconds", 0) + e.get("split_cpu_seconds", 0)
        per = [(e[k] - fixed) / e["subproblems"]
               for k in ("cpu_seconds_estimate", "cpu_seconds_low", "cpu_seconds_high")]
        print(f"# estimate ({sys.argv[1]}): {per[0]:.1f} [{per[1]:.1f}, {per[2]:.1f}] CPU-s a subproblem")
