#!/usr/bin/env bash
# P18's independent recount (RowSet::recount) timed against the halves
# join: one row set a process, one thread, on the default split (left =
# n / 2), row sets drawn as `merge --recount` draws shards (SplitMix64).
# BIN is the kernel example built by
#   cargo build --release -p nqueens-kernel --example recount
# at the commit README.md names. Each process is cut at CAP seconds; the
# join's line is printed before the recount starts.
#
# Phase 1 (run.log): n = 20 to 28, a few row sets each drawn with seed n.
# Phase 2 (joins28.log, small28.log): the join alone on twelve more n = 28
# row sets (seed 2028), then the recount of the three with the fewest
# solutions. Phase 3 (joins26.log, small26.log): likewise at n = 26 (seed
# 2026), the three fewest, to compare small row sets across n.
set -u
BIN=${BIN:-./recount}
CAP=${CAP:-600}
one() { # n index
    /usr/bin/time -f "time n=$1 index=$2 user=%U sys=%S wall=%e maxrss_kb=%M exit=%x" \
        timeout "$CAP" "$BIN" "$1" "$2" 2>&1 | grep -v -e '^join_s=' -e '^n='
}
joins() { # n k seed
    /usr/bin/time -f "time joins user=%U wall=%e maxrss_kb=%M" \
        "$BIN" "$1" join:only "random:$2:$3" 2>&1
}
{
    for spec in "20 6" "22 4" "24 4" "25 3" "26 3" "28 2"; do
        set -- $spec
        echo "== n = $1: $2 row sets drawn with seed $1"
        for i in $("$BIN" "$1" list "random:$2:$1"); do
            one "$1" "$i"
        done
    done
} > run.log
joins 28 12 2028 > joins28.log
for i in 3968819 8957361 7301455; do one 28 "$i"; done > small28.log
joins 26 16 2026 > joins26.log
for i in 1073528 2423989 925066; do one 26 "$i"; done > small26.log
