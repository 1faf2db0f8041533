#!/usr/bin/env python3
"""The cost table of docs/cost.md, from the recorded `nqueens estimate` runs.

Reads the JSON records of one or more results folders (nN*.json) and
prints one Markdown row per record, by n: subproblems, CPU-hours with the 95 %
interval, the largest scratch one subproblem held, and the wall time on
100, 1,000 and 10,000 cores (CPU / cores: ideal scaling). Nothing here is
measured: every figure comes from the records.

Usage: scripts/cost-table.py results/2026-11-25-p12-estimate [FOLDER...]
"""

import json
import pathlib
import sys


def duration(seconds: float) -> str:
    """Seconds as the largest unit that keeps the number readable."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:,.0f} s"


def row(r: dict) -> str:
    def hours(seconds: float) -> str:
        h = seconds / 3600
        return f"{h:,.2f}" if h < 10 else f"{h:,.0f}"

    cpu = (
        f"{hours(r['cpu_seconds_estimate'])} "
        f"[{hours(r['cpu_seconds_low'])}, {hours(r['cpu_seconds_high'])}]"
    )
    walls = " | ".join(duration(r["cpu_seconds_estimate"] / c) for c in (100, 1000, 10000))
    gb = r["peak_memory_bytes"] / 1e9
    return (
        f"| {r['n']} | {r['subproblems']:,} | {cpu} | {gb:,.2f} GB | {walls} "
        f"| {r['samples']:,} ({r['design']}) |"
    )


def main() -> None:
    folders = [pathlib.Path(f) for f in sys.argv[1:]] or [pathlib.Path(".")]
    records = []
    for path in sorted(p for folder in folders for p in folder.glob("n*.json")):
        try:
            records.append(json.loads(path.read_text()))
        except (OSError, ValueError) as e:
            sys.exit(f"cost-table: {path}: {e}")
    print("| n | subproblems | CPU-hours [95 %] | largest scratch a subproblem held "
          "| wall on 100 cores | on 1,000 | on 10,000 | samples |")
    print("|---|---|---|---|---|---|---|---|")
    for r in sorted(records, key=lambda r: r["n"]):
        print(row(r))


if __name__ == "__main__":
    main()
