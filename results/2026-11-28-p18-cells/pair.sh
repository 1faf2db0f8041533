#!/usr/bin/env bash
# The cap's cost on whole n = 28 shards: each shard of the pilot's plan
# (../2026-11-28-p18-pilot/plan28.json) run on one thread under
# `--max-memory 2G` (out/, logs/) and, at the same moment on the other
# core, with no real cap (`--max-memory 16G`: out-whole/, logs-whole/), both
# by the same binary, each under GNU time (appended to its .time file).
# Usage: BIN=/path/to/nqueens ./pair.sh SHARD...
set -u
cd "$(dirname "$0")"
bin=${BIN:?set BIN to the nqueens binary}
plan=../2026-11-28-p18-pilot/plan28.json
mkdir -p out logs out-whole logs-whole
"$bin" --version >> logs/version.txt
one() { # one SHARD OUT LOGS CAP
    [ -s "$2/shard-$1.json" ] && return 0
    echo "$(date -u +%FT%TZ) start $1 $4 $("$bin" --version)" >> logs/run.log
    /usr/bin/time -v "$bin" run-shard --plan "$plan" --shard "$1" --out "$2" \
        --threads 1 --max-memory "$4" --format json > "$3/shard-$1.out" 2>> "$3/shard-$1.time"
    echo "$(date -u +%FT%TZ) end $1 $4 exit $?" >> logs/run.log
}
for i in "$@"; do
    one "$i" out logs 2G &
    one "$i" out-whole logs-whole 16G &
    wait
done
