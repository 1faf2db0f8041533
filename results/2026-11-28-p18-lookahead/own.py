#!/usr/bin/env python3
"""A descent's own spread at n = 28, from measure_descent output with
several descents (MEASURE_REPS) of each row set and no whole join: for
each configuration (the `mix` column, `mix:look` since the lookahead),
over the row sets, the mean within-row-set variance of the CPU estimate
(t_list + seconds) and of the pairs estimate over the square of their
mean (the scale a sample's variance is on), the same per row set
averaged, and the mean CPU a descent took.

Usage: ./own.py FILE.raw
"""
import statistics as st
import sys

R = {}
for line in open(sys.argv[1]):
    p = line.rstrip("\n").split("\t")
    if len(p) < 22 or p[0] != "28":
        continue
    R.setdefault(p[11], {}).setdefault(p[1], []).append(
        (float(p[14]), float(p[15]) + float(p[6]), float(p[16])))
for cfg, rows in R.items():
    ks = [k for k in rows if len(rows[k]) >= 2]
    cpu = lambda k: [x[1] for x in rows[k]]
    pairs = lambda k: [x[0] for x in rows[k]]
    m = st.mean(st.mean(cpu(k)) for k in ks)
    mp = st.mean(st.mean(pairs(k)) for k in ks)
    ws = st.mean(st.variance(cpu(k)) for k in ks)
    wp = st.mean(st.variance(pairs(k)) for k in ks)
    rel = st.mean(st.variance(cpu(k)) / st.mean(cpu(k)) ** 2 for k in ks)
    relp = st.mean(st.variance(pairs(k)) / st.mean(pairs(k)) ** 2 for k in ks)
    took = st.mean(x[2] for k in ks for x in rows[k])
    print(f"{cfg}\trow sets {len(ks)}\tmean CPU {m:.1f} s, pairs {mp:.3g}\t"
          f"own variance / mean^2: CPU {ws / m ** 2:.3f}, pairs {wp / mp ** 2:.3f}\t"
          f"per row set: CPU {rel:.3f}, pairs {relp:.3f}\ta descent took {took:.2f} s")
