#!/bin/sh
# Article 003's iterative repair at n = 10^6, seeds 1 to 20, release build
# (cargo build --release): the solve record's line, then the wall and user
# seconds and the peak memory of the whole process (GNU time).
NQ=${NQ:-target/release/nqueens}
for s in $(seq 1 20); do
  /usr/bin/time -f "wall=%e user=%U maxrss_kb=%M" \
    "$NQ" solve 1000000 --method min-conflicts --seed "$s" --out /tmp/p14mc.txt 2>&1
done
