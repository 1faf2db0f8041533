#!/usr/bin/env bash
# `--max-memory` with several threads: one n = 28 shard of the pilot's plan
# (shard 29152: 10 subproblems, 3.04 GiB peak on one thread uncapped) run
# on 2 threads under `--max-memory 4G` (2 GiB a thread) and, for the
# figure it is held against, under 16G; GNU time gives the peak RSS.
# Usage: BIN=/path/to/nqueens ./run.sh
set -eu
cd "$(dirname "$0")"
bin=${BIN:?set BIN to the nqueens binary}
plan=../2026-11-28-p18-pilot/plan28.json
for cap in 4G 16G; do
    rm -rf "out-$cap" && mkdir -p "out-$cap"
    /usr/bin/time -v "$bin" run-shard --plan "$plan" --shard 29152 --out "out-$cap" \
        --threads 2 --max-memory "$cap" --format json > "shard-$cap.json" 2> "shard-$cap.time"
    echo "$cap: $(grep -E 'Maximum resident' "shard-$cap.time")"
done
