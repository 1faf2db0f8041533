#!/usr/bin/env python3
"""Summarises measure_pairs' lines (pN.raw): two row sets from each drawn
stratum. A stratified sample of two a stratum has a variance made of the
within-stratum differences; a regression on a predictor p removes the
part of them p explains: 1 - rho_d^2, rho_d the correlation (through 0)
of the pairs' differences in y (or z) with their differences in p.

  y  = solutions (a row set's own), py = Ls Rs (sampled key counts), pyx = L R (listed)
  z  = (t_list + t_join) / orbit,    pz = Ls Rs / orbit
Prints cv^2 of y and z (simple random), the within-stratum relative
variance (mean of d^2 / 2 over mean^2), rho_d and 1 - rho_d^2 for both
predictors, and the costs (sampled keys against listing and count).
"""
import sys, csv, math
import statistics as st

COLS = "n pair stratum rank orbit left right l_sampled r_sampled y t_sampled t_list t_join".split()

def corr0(a, b):
    return sum(x * y for x, y in zip(a, b)) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))

for path in sys.argv[1:]:
    rows = [dict(zip(COLS, map(float, r))) for r in csv.reader(open(path), delimiter='\t')
            if r and r[0].isdigit() and len(r) == len(COLS)]
    pairs = {}
    for r in rows:
        pairs.setdefault(r['pair'], []).append(r)
    pairs = [v for v in pairs.values() if len(v) == 2]
    ys = [r['y'] for p in pairs for r in p]
    zs = [(r['t_list'] + r['t_join']) / r['orbit'] for p in pairs for r in p]
    my, mz = st.mean(ys), st.mean(zs)
    def diffs(f):
        return [f(p[0]) - f(p[1]) for p in pairs]
    dy = diffs(lambda r: r['y'])
    dz = diffs(lambda r: (r['t_list'] + r['t_join']) / r['orbit'])
    dpy = diffs(lambda r: r['l_sampled'] * r['r_sampled'])
    dpx = diffs(lambda r: r['left'] * r['right'])
    dpz = diffs(lambda r: r['l_sampled'] * r['r_sampled'] / r['orbit'])
    wy = st.mean(d * d / 2 for d in dy) / my ** 2
    wz = st.mean(d * d / 2 for d in dz) / mz ** 2
    ry, rx, rz = corr0(dy, dpy), corr0(dy, dpx), corr0(dz, dpz)
    ts = st.mean(r['t_sampled'] for p in pairs for r in p)
    tl = st.mean(r['t_list'] for p in pairs for r in p)
    tj = st.mean(r['t_join'] for p in pairs for r in p)
    n = int(rows[0]['n'])
    print(f"{path}: n = {n}, {len(pairs)} pairs; cv^2(y) {st.pvariance(ys)/my**2:.3f}, cv^2(z) {st.pvariance(zs)/mz**2:.3f}; "
          f"within strata: y {wy:.3f}, z {wz:.3f}")
    print(f"  rho_d(y, LsRs) {ry:.3f} (1 - rho^2 = {1-ry*ry:.3f}), rho_d(y, LR) {rx:.3f} ({1-rx*rx:.3f}); rho_d(z, LsRs/w) {rz:.3f} ({1-rz*rz:.3f})")
    print(f"  seconds a row set: sampled keys {ts:.4g}, listing {tl:.4g}, join {tj:.4g} (sampled keys / listing {ts/tl:.3f})")
