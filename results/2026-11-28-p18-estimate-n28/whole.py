#!/usr/bin/env python3
"""Summary of d28-whole.raw (the probe measure_descent at n = 28 with whole
joins): each row set's whole join and its descents' estimates, the ratio
of sums (descents' mean over whole, CPU and pairs), and the relative
variance a descent adds (the descents' own spread about the whole join).

Usage: ./whole.py d28-whole.raw
"""
import statistics as st
import sys

rows = {}
for line in open(sys.argv[1] if len(sys.argv) > 1 else "d28-whole.raw"):
    f = line.rstrip("\n").split("\t")
    if len(f) < 20 or f[0] == "n":
        continue
    rank = f[1]
    y, t_list, t_join = float(f[5]), float(f[6]), float(f[9])
    pairs, seconds, took = float(f[14]), float(f[15]), float(f[16])
    r = rows.setdefault(rank, {"y": y, "t": t_join, "list": t_list, "d": []})
    r["d"].append((pairs, seconds, took))

print("rank\twhole_s\tdescents_s\tpairs_over_whole")
for rank, r in rows.items():
    ds = ", ".join(f"{s:.1f}" for _, s, _ in r["d"])
    pr = ", ".join(f"{p / r['y']:.2f}" for p, _, _ in r["d"])
    print(f"{rank}\t{r['t']:.1f}\t[{ds}]\t[{pr}]")
k = len(rows)
whole = [r["t"] for r in rows.values()]
est = [st.mean(s for _, s, _ in r["d"]) for r in rows.values()]
ys = [r["y"] for r in rows.values()]
yh = [st.mean(p for p, _, _ in r["d"]) for r in rows.values()]
took = [st.mean(t for _, _, t in r["d"]) for r in rows.values()]
lists = [r["list"] for r in rows.values()]
print(f"# {k} row sets; whole join mean {st.mean(whole):.1f} CPU-s (median {st.median(whole):.1f}, "
      f"{min(whole):.1f} to {max(whole):.1f}); listing mean {st.mean(lists):.2f} s; a descent took {st.mean(took):.2f} s")
print(f"# ratio of sums, descents' mean over whole: CPU {sum(est) / sum(whole):.3f}, pairs {sum(yh) / sum(ys):.3f}")
# A descent's own relative variance: the spread of single descents about
# the whole join, relative to the row set's mean whole join (the scale
# the estimate's per-sample variance is on).
for name, truth, idx in (("CPU", whole, 1), ("pairs", ys, 0)):
    m = st.mean(truth)
    dev = [((d[idx] - t) / m) ** 2 for r, t in zip(rows.values(), truth) for d in r["d"]]
    print(f"# {name}: a descent's mean squared error over the mean squared {st.mean(dev):.2f}; "
          f"the row sets' own relative variance {st.pvariance(truth) / m ** 2:.2f}")
