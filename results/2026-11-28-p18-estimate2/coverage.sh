#!/bin/sh
# The coverage of the descended design's intervals (runs, checks, two
# phases) at n = 16-20: 100 seeds each (measure_coverage), at 64 and 200
# samples, every node drawn through (MEASURE_LEAST=0: row sets descended even
# at n <= 20; the CPU then runs high, see the 2026-11-28-p18-estimate
# README); then n = 20 at 200 samples with the default floor (every row set
# joined whole there). Wide nodes (the runs) only exist past 32 live key
# bits, from n = 21 or so: at n <= 20 the runs never run; the two phases do.
B=${B:-/tmp/sched-final}
run() {
  MEASURE_N=$1 MEASURE_K=$2 MEASURE_RUNS=100 MEASURE_LEAST=$3 \
    $B --ignored --nocapture --exact sample::estimate::tests::measure_coverage > cov-n$1-k$2-least$3.txt 2>/dev/null
  echo "least $3 n $1 k $2: $(grep '# total' cov-n$1-k$2-least$3.txt)"
}
for k in 64 200; do
  for n in 16 17 18 19 20; do
    run $n $k 0
  done
done
run 20 200 1048576
