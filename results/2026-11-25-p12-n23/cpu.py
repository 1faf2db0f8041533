#!/usr/bin/env python3
"""CPU seconds of the n = 23 shard run, by the binary each shard ran on.

Reads shards/shard-I.json (the committed results) and prints, per binary,
the shards, their solutions, their CPU seconds and the CPU nanoseconds a
solution. A shard resumed from its checkpoint records only the CPU of the
process that finished it, so resumed shards are listed apart and left out
of the rates; shards 0-5 ran on a binary that recorded wall time only.

    python3 cpu.py            # from this directory
"""

import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent

# Which binary started each shard (README, "Binary"); shards resumed from
# a checkpoint after a session ended or a process was stopped.
BINARIES = [
    (range(0, 6), "f73297d"),
    (range(6, 14), "fe9b23d"),
    (range(14, 23), "3f852d0"),
    (range(23, 31), "b74093e"),
    (range(31, 48), "767b6b3"),
    (range(48, 50), "084bcb5"),
    (range(50, 53), "b2337b2"),
    (range(53, 85), "dc36844"),
    (range(85, 128), "91cf4ee"),
]
RESUMED = {6, 7, 14, 15, 23, 24, 31, 32, 64, 65}


def binary(shard):
    return next(name for shards, name in BINARIES if shard in shards)


def main():
    groups = {}
    for path in sorted(HERE.glob("shards/shard-*.json")):
        s = json.loads(path.read_text())
        key = "resumed" if s["shard"] in RESUMED else binary(s["shard"])
        g = groups.setdefault(key, {"shards": 0, "total": 0, "cpu": 0.0, "timed": 0})
        g["shards"] += 1
        g["total"] += s["total"]
        if "cpu_seconds" in s:
            g["cpu"] += s["cpu_seconds"]
            g["timed"] += s["total"]
    print("| binary | shards | solutions | CPU seconds | CPU ns a solution |")
    print("|---|---:|---:|---:|---:|")
    order = [name for _, name in BINARIES] + ["resumed"]
    for key in [k for k in order if k in groups]:
        g = groups[key]
        rate = f"{g['cpu'] / g['timed'] * 1e9:.3f}" if g["timed"] and key != "resumed" else "-"
        cpu = f"{g['cpu']:,.0f}" if g["timed"] else "(wall only)"
        print(f"| {key} | {g['shards']} | {g['total']:,} | {cpu} | {rate} |")
    whole = sum(g["total"] for g in groups.values())
    print(f"\nsolutions in these shards: {whole:,}")


if __name__ == "__main__":
    main()
