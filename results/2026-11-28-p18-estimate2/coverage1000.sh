#!/bin/sh
# measure_coverage at 1000 samples (the two phases' regression is used from
# 500 on), 100 seeds, every node drawn through (MEASURE_LEAST=0).
B=${B:-/tmp/sched-final}
for n in "$@"; do
  MEASURE_N=$n MEASURE_K=1000 MEASURE_RUNS=100 MEASURE_LEAST=0 \
    $B --ignored --nocapture --exact sample::estimate::tests::measure_coverage > cov-n$n-k1000-least0.txt 2>/dev/null
  echo "least 0 n $n k 1000: $(grep '# total' cov-n$n-k1000-least0.txt)"
done
