#!/usr/bin/env bash
# Shard 372357 of the pilot (plan28.json: subproblems 3736268 to 3736277)
# ran 1.186 times its uncapped CPU under --max-memory 2G on the cells
# kernel (../2026-11-28-p18-pilot/README.md): equal for its first four
# subproblems, 1.28 for the last six. Each of its ten row sets here is
# listed and joined whole, then counted under a 2 GiB cap in a fresh
# scratch, in one process, each step's thread CPU timed (the kernel's
# probe `probe_memory_and_time`, PROBE_SPLIT=A-B).
# Usage: PROBE_BIN=/path/to/kernel-test-binary ./probe.sh
set -u
cd "$(dirname "$0")"
probe=${PROBE_BIN:?set PROBE_BIN to the kernel test binary}
{ date -u; uptime; } > machine-before.txt
PROBE=28 PROBE_SPLIT=3736268-3736277 PROBE_CAP=2G /usr/bin/time -v "$probe" --ignored --nocapture \
    --exact halves::probe::probe_memory_and_time > shard372357.txt 2> shard372357.err
