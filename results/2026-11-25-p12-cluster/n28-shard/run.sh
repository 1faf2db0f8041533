#!/usr/bin/env bash
# One n = 28 shard (2,097,152 of 4,194,304) under a 2 GB cap, one thread,
# measured by GNU time: P12 item 3.
cd "$(dirname "$0")"
mkdir -p out
exec nice -n 19 /usr/bin/time -v /work/runs/nqueens-383e520 run-shard --plan plan.json --out out --threads 1 --max-memory 2G --format json --shard 2097152 > shard.out 2> shard.time
