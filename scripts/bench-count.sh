#!/usr/bin/env bash
# Times `nqueens count` against a plain recursive C bitmask counter (the
# yardstick of the P1 speed target), side by side in one run, and records the
# run under results/<date>-<host>/: README.md (command, commit, rustc, CPU),
# raw.csv (one row per run, written as each finishes) and summary.md.
#
# Usage: scripts/bench-count.sh [--repeat R] [--sizes "16 17"] [--solvers "parallel mirror"] [--threads "1 2"]
set -euo pipefail
cd "$(dirname "$0")/.."

repeat=3
sizes="16 17"
solvers="parallel"
threads_list="1 2"
while [ $# -gt 0 ]; do
    case "$1" in
        --repeat) repeat=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        --solvers) solvers=$2; shift 2 ;;
        --threads) threads_list=$2; shift 2 ;;
        *) echo "bench-count: unknown option '$1'" >&2; exit 2 ;;
    esac
done

cargo build --release -q -p nqueens-cli
bin=target/release/nqueens
cbin=target/baseline-plain
gcc -O3 -o "$cbin" scripts/examples/plain.c

host=$(hostname -s 2>/dev/null || echo unknown)
# A fresh directory every run: an earlier record is never overwritten.
dir="results/$(date -u +%Y-%m-%d)-$host"
k=2
while [ -e "$dir" ]; do dir="results/$(date -u +%Y-%m-%d)-$host-$k"; k=$((k + 1)); done
mkdir -p "$dir"
raw="$dir/raw.csv"
echo "program,n,threads,repeat,seconds,total,nodes" > "$raw"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }

for n in $sizes; do
    for r in $(seq 1 "$repeat"); do
        t0=$(now); total=$("$cbin" "$n"); t1=$(now)
        echo "c-plain,$n,1,$r,$(elapsed "$t0" "$t1"),$total," >> "$raw"
        for s in $solvers; do
            for t in $threads_list; do
                t0=$(now)
                out=$("$bin" count "$n" --solver "$s" --threads "$t" --format json)
                t1=$(now)
                total=$(echo "$out" | sed -E 's/.*"total":([0-9]+).*/\1/')
                nodes=$(echo "$out" | sed -E 's/.*"nodes":([0-9]+).*/\1/')
                verified=$(echo "$out" | sed -E 's/.*"verified":(true|false).*/\1/')
                if [ "$verified" != true ]; then echo "bench-count: $s n=$n gave an unverified count: $out" >&2; exit 1; fi
                echo "nqueens-$s,$n,$t,$r,$(elapsed "$t0" "$t1"),$total,$nodes" >> "$raw"
            done
        done
    done
done

# Summary: median per (program, n, threads), and the ratio to the C baseline at the same n.
python3 - "$raw" > "$dir/summary.md" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r["program"], int(r["n"]), int(r["threads"])), []).append(float(r["seconds"]))
base = {n: statistics.median(v) for (p, n, t), v in groups.items() if p == "c-plain"}
print("| program | n | threads | median s | min s | max s | speed-up vs C plain |")
print("|---|---:|---:|---:|---:|---:|---:|")
for (p, n, t), v in sorted(groups.items(), key=lambda k: (k[0][1], k[0][0] != "c-plain", k[0][0], k[0][2])):
    m = statistics.median(v)
    print(f"| {p} | {n} | {t} | {m:.3f} | {min(v):.3f} | {max(v):.3f} | {base[n] / m:.2f}x |")
PY

cat > "$dir/README.md" <<MD
# count benchmark, $(date -u +%Y-%m-%d)

- command: \`scripts/bench-count.sh --repeat $repeat --sizes "$sizes" --solvers "$solvers" --threads "$threads_list"\`
- commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo " (with uncommitted changes)")
- rustc: $(rustc -V)
- gcc: $(gcc --version | head -1)
- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores
- profile: release (lto = "fat", codegen-units = 1), no target-cpu flags
- wall seconds per process, measured outside it; every nqueens count verified against OEIS
- baseline: \`scripts/examples/plain.c\`, a plain recursive bitmask counter with half-mirroring, \`gcc -O3\`

See summary.md for medians and ratios, raw.csv for every run.
MD
cat "$dir/summary.md"
echo "recorded in $dir"
