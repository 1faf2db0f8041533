#!/usr/bin/env python3
"""Summarises measure_descent's lines (dN.raw): per (depth, mix), the
descent's CPU estimate against the whole join's, over the row sets.

z_i = t_join / orbit (the CPU the count spends on row set i's join);
S_ij = the descent's estimate of t_join, rep j.
  bias    = sum_i mean_j S_ij / orbit_i  over  sum_i z_i
  vw      = mean_i var_j(S_ij / orbit_i) / mean(z)^2   (within-row-set
            relative variance a sample adds, per sampled row set)
  cv2     = var_i(z_i) / mean(z)^2  (between row sets)
  cost    = mean took / mean t_join  (the descent's CPU over the whole join's)
  ypairs  = mean_i var_j(pairs_ij / orbit) / mean(y / orbit)^2 and its bias
"""
import sys, csv, math
from collections import defaultdict
import statistics as st

def load(path):
    rows = [r for r in csv.reader(open(path), delimiter='\t') if r and r[0].isdigit()]
    out = []
    for r in rows:
        if len(r) != 17:
            continue
        out.append(dict(n=int(r[0]), rank=int(r[1]), w=float(r[2]), L=float(r[3]), R=float(r[4]),
                        y=float(r[5]), t_list=float(r[6]), t_thin=float(r[7]), yhat=float(r[8]),
                        t_join=float(r[9]), depth=int(r[10]), mix=float(r[11]), rep=int(r[12]),
                        levels=int(r[13]), pairs=float(r[14]), sec=float(r[15]), took=float(r[16])))
    return out

for path in sys.argv[1:]:
    d = load(path)
    sets = {}
    by = defaultdict(lambda: defaultdict(list))
    for r in d:
        sets[r['rank']] = r
        by[(r['depth'], r['mix'])][r['rank']].append(r)
    # keep only row sets complete in every config
    ranks = [k for k in sets if all(len(v.get(k, [])) >= 2 for v in by.values())]
    n = d[0]['n']
    z = [sets[k]['t_join'] / sets[k]['w'] for k in ranks]
    y = [sets[k]['y'] / sets[k]['w'] for k in ranks]
    mz, my = st.mean(z), st.mean(y)
    whole = my > 0
    tl = st.mean(sets[k]['t_list'] for k in ranks)
    tt = st.mean(sets[k]['t_thin'] for k in ranks)
    tj = st.mean(sets[k]['t_join'] for k in ranks)
    tlm = st.median(sets[k]['t_list'] for k in ranks)
    print(f"{path}: n = {n}, {len(ranks)} row sets; mean t_list {tl:.4g} s (median {tlm:.4g}), thinned join {tt:.4g} s, whole join {tj:.4g} s"
          + (f"; cv(z_join) {st.pstdev(z)/mz:.3f}, cv(y) {st.pstdev(y)/my:.3f}" if whole else ""))
    print("depth\tmix\tlevels\tbias(sec)\tvw(sec)\tcost/join\ttook s\tbias(pairs)\tvw(pairs)")
    for (depth, mix), v in sorted(by.items()):
        S = {k: [r['sec'] / r['w'] for r in v[k]] for k in ranks}
        P = {k: [r['pairs'] / r['w'] for r in v[k]] for k in ranks}
        took = st.mean(r['took'] for k in ranks for r in v[k])
        lev = st.mean(r['levels'] for k in ranks for r in v[k])
        ms = st.mean(st.mean(S[k]) for k in ranks)
        vws = st.mean(st.variance(S[k]) for k in ranks)
        mp = st.mean(st.mean(P[k]) for k in ranks)
        vwp = st.mean(st.variance(P[k]) for k in ranks)
        if whole:
            print(f"{depth}\t{mix}\t{lev:.1f}\t{ms/mz:.3f}\t{vws/mz**2:.4f}\t{took/tj:.3f}\t{took:.4g}\t{mp/my:.3f}\t{vwp/my**2:.4f}")
        else:
            print(f"{depth}\t{mix}\t{lev:.1f}\t-\t{vws/ms**2:.4f} (of own mean)\t-\t{took:.4g}\t-\t{vwp/mp**2:.4f} (of own mean)")
