#!/usr/bin/env bash
# usage: run.sh LABEL BINARY MAXMEM "SHARDS..."  -> appends to runs.csv
label=$1; bin=$2; mem=$3; shift 3
cd "$(dirname "$0")"
for s in $*; do
  d=out-$label-$s; rm -rf $d; mkdir -p $d
  /usr/bin/time -v $bin run-shard --plan p28.json --shard $s --out $d --threads 1 --max-memory $mem --format json > $d/out.json 2> $d/time.txt
  rc=$?
  u=$(grep "User time" $d/time.txt | awk '{print $NF}'); sy=$(grep "System time" $d/time.txt | awk '{print $NF}')
  rss=$(grep "Maximum resident" $d/time.txt | awk '{print $NF}')
  sub=$(python3 -c "import json;d=json.load(open('$d/shard-$s.json'));print(len(d['subproblems']),d['first'],d['end'],d['total'],d['cpu_seconds'])" 2>/dev/null || echo "- - - - -")
  echo "$label,$s,$mem,$rc,$u,$sy,$rss,${sub// /,},$(date +%H:%M:%S)" >> runs.csv
done
