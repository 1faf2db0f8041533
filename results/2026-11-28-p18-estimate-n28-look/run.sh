#!/usr/bin/env bash
# The n = 28 estimate hour with the descent's lookahead (P18, issue 39):
# the same command, seed and machine as ../2026-11-28-p18-estimate-n28/,
# on a quiet machine (nothing else running: `machine-before.txt`).
# Usage: BIN=/path/to/nqueens setsid nohup ./run.sh &
set -u
cd "$(dirname "$0")"
bin=${BIN:?set BIN to the nqueens binary}
{ uptime; nproc; date -u; "$bin" --version; } > machine-before.txt
/usr/bin/time -v "$bin" estimate 28 --design descended --seconds 3300 --threads 2 --seed 2028 \
    --format json > n28-descended.json 2> n28-descended.err
