#!/usr/bin/env python3
"""The pilot's table: per shard its subproblems, CPU (GNU time's user + system,
and the shard's own cpu_seconds), peak RSS, and the CPU per subproblem, set
beside the estimate's prediction. Usage: summary.py [ESTIMATE.json]"""
import json, pathlib, re, sys

here = pathlib.Path(__file__).parent
rows = []
for line in (here / "shards.txt").read_text().split():
    i = int(line)
    res = here / "out" / f"shard-{i}.json"
    tim = here / "logs" / f"shard-{i}.time"
    if not res.exists() or not tim.exists():
        continue
    r = json.loads(res.read_text())
    t = tim.read_text()
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", t).group(1))
    sys_ = float(re.search(r"System time \(seconds\): ([\d.]+)", t).group(1))
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1))
    subs = r["end"] - r["first"]
    rows.append((i, subs, user + sys_, r["cpu_seconds"], rss_kb * 1024, r["total"]))
print("shard,subproblems,process_cpu_s,shard_cpu_s,peak_rss_bytes,total")
for row in rows:
    print(",".join(str(x) for x in row))
if rows:
    subs = sum(r[1] for r in rows)
    cpu = sum(r[2] for r in rows)
    print(f"# {len(rows)} shards, {subs} subproblems, {cpu:.0f} CPU-s, "
          f"{cpu / subs:.1f} CPU-s a subproblem, peak RSS {max(r[4] for r in rows) / 2**30:.2f} GiB")
    if len(sys.argv) > 1:
        e = json.loads(pathlib.Path(sys.argv[1]).read_text())
        per = [e[k] / e["row_sets"] for k in ("cpu_seconds_estimate", "cpu_seconds_low", "cpu_seconds_high")]
        print(f"# estimate: {per[0]:.1f} [{per[1]:.1f}, {per[2]:.1f}] CPU-s a subproblem")
