#!/usr/bin/env bash
# Proof that shards work on real cluster engines, run by CI:
# 1. Slurm: a one-node cluster on 127.0.0.1 runs a plan (n = 13, 16 shards
#    and the symmetry shard) as a job array of 5 tasks of 4 shards each
#    through scripts/slurm/nqueens-shard.sbatch, as a million-shard plan
#    runs in 1,001 tasks; one result is deleted and another corrupted on
#    purpose; merge must refuse; the tasks `missing --per-task 4` prints
#    are resubmitted; merge, recounting 3 shards, must give the exact count,
#    and again recounting 3 shards by the independent search (--independent).
#    Then the run-book's settings (docs/q28.md): n = 19 as 3 tasks with
#    --mem-per-cpu and --time, the script passing the allocation on as
#    --max-memory; task 0 is signalled mid-shard, saves, requeues itself
#    and finishes from its checkpoint; merge must give the exact count.
# 2. GNU parallel: the driver and its shards are killed with kill -9
#    mid-run (a crashed node); the rerun resumes from parallel's job log and
#    the shards' checkpoints; merge must give the exact count.
# 3. GNU parallel: a variant's plan (no three in line) merges to its count.
# Usage: scripts/ci-cluster.sh PATH/TO/nqueens
set -euo pipefail
nq=$(cd "$(dirname "${1:?usage: ci-cluster.sh PATH/TO/nqueens}")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
cluster="$work/slurm"
cleanup() { "$here/slurm/local-cluster.sh" stop "$cluster" || true; rm -rf "$work"; }
trap cleanup EXIT
cd "$work"

echo "== Slurm job array"
eval "$("$here/slurm/local-cluster.sh" start "$cluster" | grep '^export ')"
"$nq" plan 13 --shards 16 > plan.json
mkdir -p results logs
NQUEENS=$nq sbatch --wait --quiet --array=0-4 --cpus-per-task=1 --output="logs/%A_%a.out" \
    "$here/slurm/nqueens-shard.sbatch" "$work/plan.json" "$work/results" 4
ls results/shard-*.json | wc -l | grep -qx 17 || { echo "ci-cluster: expected 17 results"; ls results; exit 1; }
rm results/shard-3.json
sed -i 's/"total":[0-9]*/"total":7/' results/shard-9.json
if "$nq" merge --plan plan.json results 2>merge.err; then echo "ci-cluster: merge accepted missing and damaged shards"; exit 1; fi
cat merge.err
grep -q "missing shards 3" merge.err && grep -q "damaged shards 9" merge.err
[ "$("$nq" missing --plan plan.json results)" = "3,9" ]
again=$("$nq" missing --per-task 4 --plan plan.json results)
echo "tasks to rerun: $again"
[ "$again" = "0,2" ]
"$nq" status --plan plan.json results
NQUEENS=$nq sbatch --wait --quiet --array="$again" --cpus-per-task=1 --output="logs/%A_%a.out" \
    "$here/slurm/nqueens-shard.sbatch" "$work/plan.json" "$work/results" 4
[ -z "$("$nq" missing --plan plan.json results)" ]
"$nq" merge --plan plan.json results --recount 3 --format json | tee merged.json
grep -q '"total":73712,"unique":9233' merged.json
"$nq" merge --plan plan.json results --recount 3 --independent --format json | tee merged-independent.json
grep -q '"total":73712,"unique":9233' merged-independent.json
grep -q '"recount_method":"independent"' merged-independent.json

echo "== Slurm, the run-book's settings (docs/q28.md): memory per CPU, a time limit, a task preempted and requeued"
# The script passes Slurm's allocation on as --max-memory: a wrapper
# records the arguments it was given. Task 0 is signalled mid-shard as
# Slurm does near a time limit or on preemption; it must save, requeue
# itself and finish from its checkpoint.
printf '#!/bin/sh\necho "$*" >> %s/args.log\nexec %s "$@"\n' "$work" "$nq" > nq-logged
chmod +x nq-logged
"$nq" plan 19 --shards 2 > plan19.json
job=$(NQUEENS=$work/nq-logged sbatch --parsable --array=0-2 --cpus-per-task=1 --mem-per-cpu=1G --time=10 \
    --output="logs/q-%A_%a.out" "$here/slurm/nqueens-shard.sbatch" "$work/plan19.json" "$work/results19" 1)
for _ in $(seq 600); do
    [ -s results19/shard-0.ckpt ] && [ "$(wc -l < results19/shard-0.ckpt)" -gt 50 ] && break
    sleep 0.1
done
scancel --batch --signal=USR1 "${job}_0"
# Slurm holds a requeued task for two minutes before it may start again.
for _ in $(seq 100); do
    [[ $(squeue -h -j "${job}_0" -o '%r') == *BeginTime* ]] && break
    sleep 0.1
done
scontrol update JobId="${job}_0" StartTime=now
for _ in $(seq 1200); do
    [ -z "$(squeue -h -j "$job" 2>&1)" ] && [ -z "$("$nq" missing --plan plan19.json results19)" ] && break
    sleep 0.5
done
cat logs/q-"${job}"_0.out
grep -q "interrupted: .* saved in .*shard-0.ckpt" logs/q-"${job}"_0.out
# Four starts (task 0 twice), each given 95 % of the allocation: 1 CPU x
# 1024 MiB.
cat args.log
[ "$(grep -c -- '--threads 1 --max-memory 972M$' args.log)" -eq 4 ]
[ -z "$("$nq" missing --plan plan19.json results19)" ]
"$nq" merge --plan plan19.json results19 --format json | tee merged19.json
grep -q '"total":4968057848,"unique":621012754' merged19.json
"$here/slurm/local-cluster.sh" stop "$cluster"

echo "== GNU parallel, driver killed with kill -9, resumed from its job log"
if ! command -v parallel >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends parallel >/dev/null
fi
"$nq" plan 16 --shards 32 > pplan.json
# setsid: the driver leads its own process group, so kill -9 takes its
# shards down with it, as a crashed node would. The kill comes once a few
# shards are done, whatever the machine's speed.
setsid parallel -j2 --joblog joblog.tsv "$nq" run-shard --plan pplan.json --out presults --threads 1 --shard {} ::: $(seq 0 32) >/dev/null 2>&1 &
driver=$!
for _ in $(seq 600); do
    [ "$(ls presults/shard-*.json 2>/dev/null | wc -l)" -ge 4 ] && break
    sleep 0.05
done
kill -9 -- "-$driver"
wait "$driver" 2>/dev/null || true
done_before=$(ls presults/shard-*.json 2>/dev/null | wc -l)
echo "results before the kill: $done_before of 33"
[ "$done_before" -lt 33 ] || { echo "ci-cluster: the run finished before the kill; nothing was tested"; exit 1; }
# Shards that outlived their driver (parallel gives each job its own process
# group) are waited for by their reruns.
parallel -j2 --joblog joblog.tsv --resume-failed "$nq" run-shard --plan pplan.json --out presults --threads 1 --shard {} ::: $(seq 0 32) >parallel.log 2>&1 \
    || { cat parallel.log; exit 1; }
"$nq" merge --plan pplan.json presults --format json | tee pmerged.json
grep -q '"total":14772512,"unique":1846955' pmerged.json
echo "== GNU parallel, a variant: no three in line, n = 12 (OEIS A365437: 410 solutions; 53 classes, MathOverflow 457913)"
"$nq" plan 12 --no-three-in-line --shards 4 > vplan.json
parallel -j2 "$nq" run-shard --plan vplan.json --out vresults --threads 1 --shard {} ::: 0 1 2 3 >/dev/null
"$nq" merge --plan vplan.json vresults --format json | tee vmerged.json
grep -q '"total":410,"unique":53' vmerged.json
echo "ci-cluster: ok"
