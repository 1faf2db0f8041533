#!/usr/bin/env bash
# The n = 28 pilot (P18): the 24 shards of shards.txt (drawn by
# random.Random(2028).sample(range(1000000), 24)) of plan28.json
# (`nqueens plan 28 --shards 1000000`), each whole, one thread, under
# `--max-memory 2G`, two at a time, each timed by GNU time (CPU, peak RSS).
# Checkpointed: rerunning resumes every unfinished shard and skips the
# finished ones. Usage: BIN=/path/to/nqueens nohup ./run.sh &
set -u
cd "$(dirname "$0")"
bin=${BIN:?set BIN to the nqueens binary}
mkdir -p out logs
"$bin" --version > logs/version.txt
run_one() {
    local i=$1
    [ -s "out/shard-$i.json" ] && return 0
    nice -n 19 /usr/bin/time -v "$bin" run-shard --plan plan28.json --shard "$i" --out out \
        --threads 1 --max-memory 2G --format json > "logs/shard-$i.out" 2> "logs/shard-$i.time"
}
export -f run_one
export bin
xargs -P 2 -I{} bash -c 'run_one {}' < shards.txt
echo "pilot: $(ls out/shard-*.json 2>/dev/null | wc -l) of $(wc -l < shards.txt) shards done"
