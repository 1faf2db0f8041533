#!/usr/bin/env python3
"""n = 28 in 60 minutes on 2 threads: the 95 % half-widths of the total and
of the CPU, for each design, from per-sample costs (CPU-s) and relative
variances. Budget 6900 CPU-s (2 x 3600 less ~300 s of symmetric searches).

A design with a phase one of m row sets a sample (itself and m - 1 others
from its stratum, their sampled key counts only, c1 CPU-s each):
  V n2 = S2 r + D + S2 (1 - r) / m,   cost a sample = c2 + m c1
(S2: the relative variance between row sets after the strata; r: the share
of it the regression on the sampled key counts leaves; D: the descent's own;
c2: listing + descent). Without a phase one: V n2 = S2 + D, cost c2.
"""
import math

BUDGET = 6900.0

def half(v_per_sample, cost):
    k = BUDGET / cost
    return 1.96 * math.sqrt(v_per_sample / k), k

def row(name, c2, s2y, dy, ry, s2z, dz, rz, m=1, c1=0.0):
    cost = c2 + (m * c1 if m > 1 else 0.0)
    if m > 1:
        vy = s2y * ry + dy + s2y * (1 - ry) / m
        vz = s2z * rz + dz + s2z * (1 - rz) / m
    else:
        vy, vz = s2y + dy, s2z + dz
    hy, k = half(vy, cost)
    hz, _ = half(vz, cost)
    need = 4268 * max(vy, vz)  # samples for +-3 % on both
    hours = (need * cost + 300) / 7200
    print(f"| {name} | {cost:.2f} | {k:.0f} | {100*hy:.1f} % | {100*hz:.1f} % | {need:.0f} | {hours:.2f} |")

if __name__ == "__main__":
    import sys
    print("| design (n = 28) | CPU-s a sample | samples in 6900 CPU-s | total +- | CPU +- | samples for +-3 % on both | 2-thread hours for them |")
    print("|---|---|---|---|---|---|---|")
