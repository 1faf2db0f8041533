#!/usr/bin/env bash
# n = 23 through the cluster path: every shard of plan.json, two at a time,
# one thread each, at the lowest priority; resumable from the job log and
# the shards' checkpoints.
cd "$(dirname "$0")"
exec nice -n 19 parallel -j2 --joblog joblog.tsv --resume-failed \
  ./nqueens-current run-shard --plan plan.json --out shards --threads 1 --format json --shard {} ::: $(seq 0 127) >> run.log 2>> run.err
