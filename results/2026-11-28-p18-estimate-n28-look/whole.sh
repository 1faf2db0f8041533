#!/usr/bin/env bash
# The descent against whole joins at n = 28, both chance rules on the same
# row sets: the 16 row sets of ../2026-11-28-p18-estimate-n28/d28-whole.raw
# (seed 2028), each listed, joined by two descents drawn by key products
# (look 0) and two by the lookahead (look 16), as the estimate makes them,
# then joined whole; thread CPU, one thread.
# Usage: PROBE_BIN=/path/to/sched-test-binary ./whole.sh
set -u
cd "$(dirname "$0")"
probe=${PROBE_BIN:?set PROBE_BIN to the sched test binary}
MEASURE_N=28 MEASURE_K=16 MEASURE_SEED=2028 MEASURE_DESCENTS=8:0.2:0,8:0.2:16 MEASURE_SHARES=16 \
MEASURE_CHECKED=16 MEASURE_REPS=2 MEASURE_LEAST=1048576 MEASURE_THIN=0 MEASURE_WHOLE=1 \
    /usr/bin/time -v "$probe" --ignored --nocapture --exact sample::estimate::probes::measure_descent \
    > d28-whole-look.raw 2> d28-whole-look.err
