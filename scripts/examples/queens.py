#!/usr/bin/env python3
"""A plain n-queens counter in Python: bitmask depth-first search with
first-row half-mirroring, the same method as plain.c beside it. Written for
this project as an example of an outside solver program to benchmark with
`nqueens bench --command`. Prints the number of solutions as its last line.

Run: python3 scripts/examples/queens.py 10    (prints 724)
"""
import sys


def solve(full, cols, ld, rd):
    if cols == full:
        return 1
    count = 0
    avail = full & ~(cols | ld | rd)
    while avail:
        bit = avail & -avail
        avail ^= bit
        count += solve(full, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
    return count


def main():
    try:
        n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    except ValueError:
        print("queens.py: n must be a whole number", file=sys.stderr)
        return 2
    if not 1 <= n <= 32:
        print("queens.py: n must be 1..32", file=sys.stderr)
        return 2
    full = (1 << n) - 1
    total = 0
    for c in range(n // 2):
        bit = 1 << c
        total += 2 * solve(full, bit, (bit << 1) & full, bit >> 1)
    if n % 2:
        bit = 1 << (n // 2)
        total += solve(full, bit, (bit << 1) & full, bit >> 1)
    print(total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
