#!/usr/bin/env python3
"""The capped count's CPU over the whole count's (both sides listed, then
joined whole), per row set, from the kernel probe's lines in FILE
(`probe_memory_and_time` with PROBE_CAP; `== VERSION CAP rep R` headers)."""
import sys
from collections import defaultdict

ratios = defaultdict(list)
head = None
for line in open(sys.argv[1]):
    f = line.split()
    if line.startswith("=="):
        head = (f[1], f[2])
    elif f and f[0].isdigit() and head:
        whole = float(f[11]) + float(f[12]) + float(f[13])
        capped = float(f[14])
        assert f[5] == f[15], "the capped count differs from the whole"
        ratios[(f[1], head[1], head[0])].append((capped / whole, capped, whole))
print("rows,cap,version,ratios (capped / whole CPU, each repetition)")
for (rows, cap, version), rs in sorted(ratios.items()):
    each = " ".join(f"{r:.2f} ({c:.2f}/{w:.2f} s)" for r, c, w in rs)
    print(f"{rows},{cap},{version},{each}")
