#!/usr/bin/env bash
# The n = 28 pilot (P18): the 24 shards of shards.txt (drawn by
# random.Random(2028).sample(range(1000000), 24)) of plan28.json
# (`nqueens plan 28 --shards 1000000`), each whole, one thread, under
# `--max-memory 2G` (out/, logs/), and beside it, at the same moment on the
# other core, the same shard with no real cap (`--max-memory 16G`;
# out-whole/, logs-whole/): one pair at a time, so that both runs of a shard
# meet the same machine, and the capped CPU over the uncapped is the cap's
# cost. Each run is timed by GNU time (CPU, peak RSS), appended to its
# .time file: a run resumed from its checkpoint adds its attempts' CPU.
# Checkpointed: rerunning resumes every unfinished run and skips the
# finished ones. Usage: BIN=/path/to/nqueens setsid nohup ./run.sh &
set -u
cd "$(dirname "$0")"
# A session of its own (setsid) is a scheduling group of its own, whose
# share of the CPU `nice` does not lower: lower the group's too.
echo 19 > /proc/self/autogroup 2> /dev/null || true
bin=${BIN:?set BIN to the nqueens binary}
mkdir -p out logs out-whole logs-whole
"$bin" --version > logs/version.txt
one() { # one SHARD OUT LOGS CAP
    [ -s "$2/shard-$1.json" ] && return 0
    echo "$(date -u +%FT%TZ) start $1 $4" >> logs/run.log
    nice -n 19 /usr/bin/time -v "$bin" run-shard --plan plan28.json --shard "$1" --out "$2" \
        --threads 1 --max-memory "$4" --format json > "$3/shard-$1.out" 2>> "$3/shard-$1.time"
    echo "$(date -u +%FT%TZ) end $1 $4 exit $?" >> logs/run.log
}
while read -r i; do
    one "$i" out logs 2G &
    one "$i" out-whole logs-whole 16G &
    wait
done < shards.txt
echo "pilot: $(ls out/shard-*.json | wc -l) capped, $(ls out-whole/shard-*.json | wc -l) uncapped of $(wc -l < shards.txt) shards done" >> logs/run.log
