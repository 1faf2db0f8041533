#!/usr/bin/env bash
# Coverage of Q(n) by the estimate's 95 % intervals at 100 samples,
# n = 16 to 20, 100 seeds each: the default design (thinned) and the
# descended one with every node drawn through (MEASURE_LEAST=0, the
# harder case; under the default floor every row set up to n = 20 is
# joined whole). The probe `measure_coverage`
# (crates/sched/src/sample/estimate/probes.rs), one thread.
# Usage: B=target/release/deps/nqueens_sched-HASH ./coverage.sh
set -eu
cd "$(dirname "$0")"
for plan in thinned descended; do
    for n in 16 17 18 19 20; do
        out=cov-$plan-n$n-k100.txt
        [ -s "$out" ] && continue
        MEASURE_PLAN=$plan MEASURE_N=$n MEASURE_K=100 MEASURE_RUNS=100 MEASURE_LEAST=0 \
            "$B" --ignored --nocapture --exact sample::estimate::probes::measure_coverage > "$out.part"
        mv "$out.part" "$out"
        echo "$plan n=$n: $(grep '^# total covered' "$out")" >> coverage.log
    done
done
