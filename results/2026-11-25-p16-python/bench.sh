#!/usr/bin/env bash
# Interleaved: nqueens count 18 --threads 2 (release binary) against
# nqueens.count(18, threads=2) from Python (the wheel of the same commit).
set -euo pipefail
bin=${NQUEENS_BIN:-target/release/nqueens}
py=${PYTHON:-python3}
site=${NQUEENS_SITE:?the unpacked wheel (python3 -m zipfile -e nqueens-*.whl DIR)}
echo "pair,order,tool,wall_seconds,reported_seconds"
for pair in $(seq 1 "${PAIRS:-8}"); do
  if (( pair % 2 )); then order="cli first"; tools="cli python"; else order="python first"; tools="python cli"; fi
  for tool in $tools; do
    start=$(date +%s.%N)
    if [[ $tool == cli ]]; then
      out=$("$bin" count 18 --threads 2 --format json)
      reported=$(sed -n 's/.*"seconds": *\([0-9.]*\).*/\1/p' <<<"$out" | head -1)
      grep -q '"total": *666090624' <<<"$out"
    else
      out=$(PYTHONPATH=$site "$py" -c 'import nqueens; r = nqueens.count(18, threads=2); assert r.total == 666090624; print(r.seconds)')
      reported=$out
    fi
    end=$(date +%s.%N)
    echo "$pair,$order,$tool,$(echo "$end - $start" | bc),$reported"
  done
done
