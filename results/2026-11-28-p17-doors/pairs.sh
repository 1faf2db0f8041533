#!/usr/bin/env bash
# Interleaved pairs: OLD and NEW `nqueens count N --threads T`, in turn
# (the order swapped every other pair), each timed by GNU time; one CSV
# row a run (pair, binary, wall s, user s, sys s, total). Usage:
#   pairs.sh OLD NEW N T PAIRS > raw.csv
set -euo pipefail
old=$1 new=$2 n=$3 t=$4 pairs=$5
echo "pair,binary,wall_s,user_s,sys_s,total"
run() {
    local name=$1 bin=$2 out
    local times
    times=$(mktemp)
    total=$(/usr/bin/time -o "$times" -f "%e %U %S" "$bin" count "$n" --threads "$t" --format csv | tail -1 | cut -d, -f7)
    read -r wall user sys <"$times"
    rm -f "$times"
    echo "$i,$name,$wall,$user,$sys,$total"
}
for i in $(seq 1 "$pairs"); do
    if (( i % 2 )); then run old "$old"; run new "$new"; else run new "$new"; run old "$old"; fi
done
