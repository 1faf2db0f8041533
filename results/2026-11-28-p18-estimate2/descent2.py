#!/usr/bin/env python3
"""Summarises measure_descent's lines (dN.raw, the columns of 2026-11-28's
second version: share, floored, l_sampled, r_sampled, t_sampled): per
(depth, mix, share), the descent's CPU and pairs estimates against the
whole join's, over the row sets; and the sampled key counts as predictors.

z_i = t_join / orbit; S_ij = the descent's estimate of t_join, rep j.
  bias    = sum_i mean_j S_ij / orbit_i  over  sum_i z_i  (and its standard
            error from the descents' own spread)
  vw      = mean_i var_j(S_ij / orbit_i) / mean(z)^2
  cost    = mean took / mean t_join
  floored = mean seconds of took in the whole joins below the path
  pairs   = the same for the pair estimates (y / orbit)
Without whole joins (t_join = 0) the variances are of the descents' own mean.
Predictors: x = L R / orbit (listed), xs = Ls Rs / orbit (sampled upper
placements); their correlation with y / orbit and with z (or the
descents' mean CPU estimate), and what sampling costs against listing.
"""
import sys, csv, math
from collections import defaultdict
import statistics as st

COLS = "n rank orbit left right y t_list t_thin yhat t_join depth mix rep levels pairs seconds took share floored l_sampled r_sampled t_sampled".split()

def load(path):
    out = []
    for r in csv.reader(open(path), delimiter='\t'):
        if not r or not r[0].isdigit() or len(r) != len(COLS):
            continue
        d = dict(zip(COLS, r))
        for k in d:
            d[k] = float(d[k])
        out.append(d)
    return out

def corr(a, b):
    ma, mb = st.mean(a), st.mean(b)
    sab = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    return sab / math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))

for path in sys.argv[1:]:
    d = load(path)
    sets = {}
    by = defaultdict(lambda: defaultdict(list))
    for r in d:
        sets[r['rank']] = r
        by[(int(r['depth']), r['mix'], int(r['share']))][r['rank']].append(r)
    ranks = [k for k in sets if all(len(v.get(k, [])) >= 2 for v in by.values())]
    n = int(d[0]['n'])
    w = {k: sets[k]['orbit'] for k in ranks}
    z = [sets[k]['t_join'] / w[k] for k in ranks]
    y = [sets[k]['y'] / w[k] for k in ranks]
    whole = sum(y) > 0
    tl = st.mean(sets[k]['t_list'] for k in ranks)
    tlm = st.median(sets[k]['t_list'] for k in ranks)
    tj = st.mean(sets[k]['t_join'] for k in ranks)
    ts = st.mean(sets[k]['t_sampled'] for k in ranks)
    print(f"{path}: n = {n}, {len(ranks)} row sets; mean t_list {tl:.4g} s (median {tlm:.4g}), key sample {ts:.4g} s ({ts/tl:.3f} of the listing)"
          + (f", whole join {tj:.4g} s; cv(z_join) {st.pstdev(z)/st.mean(z):.3f}, cv(y) {st.pstdev(y)/st.mean(y):.3f}" if whole else ""))
    print("depth\tmix\tshare\tlevels\tbias(sec)\t+-se\tvw(sec)\tcost/join\ttook s\tfloored s\tbias(pairs)\t+-se\tvw(pairs)")
    for (depth, mix, share), v in sorted(by.items()):
        S = {k: [r['seconds'] / w[k] for r in v[k]] for k in ranks}
        P = {k: [r['pairs'] / w[k] for r in v[k]] for k in ranks}
        took = st.mean(r['took'] for k in ranks for r in v[k])
        fl = st.mean(r['floored'] for k in ranks for r in v[k])
        lev = st.mean(r['levels'] for k in ranks for r in v[k])
        ms = st.mean(st.mean(S[k]) for k in ranks)
        mp = st.mean(st.mean(P[k]) for k in ranks)
        vws = st.mean(st.variance(S[k]) for k in ranks)
        vwp = st.mean(st.variance(P[k]) for k in ranks)
        # the standard error of the ratio from the descents' own spread
        ses = math.sqrt(sum(st.variance(S[k]) / len(S[k]) for k in ranks)) / len(ranks)
        sep = math.sqrt(sum(st.variance(P[k]) / len(P[k]) for k in ranks)) / len(ranks)
        if whole:
            mz, my = st.mean(z), st.mean(y)
            print(f"{depth}\t{mix}\t{share}\t{lev:.1f}\t{ms/mz:.3f}\t{ses/mz:.3f}\t{vws/mz**2:.4f}\t{took/tj:.3f}\t{took:.4g}\t{fl:.4g}\t{mp/my:.3f}\t{sep/my:.3f}\t{vwp/my**2:.4f}")
        else:
            print(f"{depth}\t{mix}\t{share}\t{lev:.1f}\t-\t-\t{vws/ms**2:.4f}*\t-\t{took:.4g}\t{fl:.4g}\t-\t-\t{vwp/mp**2:.4f}*")
    # predictors
    x = [sets[k]['left'] * sets[k]['right'] / w[k] for k in ranks]
    xs = [sets[k]['l_sampled'] * sets[k]['r_sampled'] / w[k] for k in ranks]
    if whole:
        print(f"predictors: rho(y, LR) {corr(y, x):.3f}, rho(y, LsRs) {corr(y, xs):.3f}, rho(z, LR) {corr(z, x):.3f}, rho(z, LsRs) {corr(z, xs):.3f}, rho(LR, LsRs) {corr(x, xs):.4f}")
    else:
        key = sorted(by)[0]
        py = [st.mean(r['pairs'] / w[k] for r in by[key][k]) for k in ranks]
        pz = [st.mean(r['seconds'] / w[k] for r in by[key][k]) for k in ranks]
        print(f"predictors (against the descents' means, {key}): rho(yhat, LR) {corr(py, x):.3f}, rho(yhat, LsRs) {corr(py, xs):.3f}, rho(zhat, LR) {corr(pz, x):.3f}, rho(zhat, LsRs) {corr(pz, xs):.3f}, rho(LR, LsRs) {corr(x, xs):.4f}")
    print()
