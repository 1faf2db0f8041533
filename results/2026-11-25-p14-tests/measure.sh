#!/usr/bin/env bash
# Build and test times of nqueens-cli's tests, for P14's one test binary per
# crate. Usage: measure.sh SRC TARGET LOG
#   SRC     a checkout of the workspace (a git worktree at the commit measured)
#   TARGET  a target directory, removed first (the cold build starts empty)
#   LOG     where the figures go (appended), one "key value" line each
# The machine's background count (nice 19, `run-shard` processes) is paused
# (SIGSTOP) around each timed step and resumed (SIGCONT) right after; a
# guard resumes it after 14 minutes whatever happens here.
set -uo pipefail
src=$1 target=$2 log=$3
export CARGO_TARGET_DIR=$target CARGO_TERM_COLOR=never
cd "$src"

# By the name the binary runs under (argv[0]), so no shell that merely
# mentions it on its command line is paused.
shards() { ps -eo pid=,args= | awk '$2 ~ /nqueens-[0-9a-f]+$/ && $3 == "run-shard" { print $1 }'; }
pause() {
    paused=$(shards | tr '\n' ' ')
    if [[ -n $paused ]]; then
        kill -STOP $paused
        # The guard's own sleep ends with it (resume() ends the guard).
        (trap 'kill $nap 2>/dev/null; exit' TERM; sleep 840 & nap=$!; wait $nap; kill -CONT $paused 2>/dev/null) >/dev/null 2>&1 &
        guard=$!
    fi
}
resume() {
    if [[ -n $paused ]]; then
        kill -CONT $paused
        kill "$guard" 2>/dev/null
    fi
    paused=
}
trap resume EXIT
# Wall seconds and CPU seconds (user + system, children included) of
# "$@", into the log under the key $1: the CPU time is the steadier figure
# on a machine that other work shares.
timed() {
    local key=$1
    shift
    /usr/bin/time -o "$log.time" -f '%e %U %S' "$@" >>"${out:-$log.out}" 2>&1
    local rc=$?
    read -r wall user sys < <(tail -n 1 "$log.time")
    printf '%s wall %.1f cpu %.1f (exit %d)\n' "$key" "$wall" "$(python3 -c "print($user + $sys)")" "$rc" | tee -a "$log"
}

echo "# $(date -u +%FT%TZ) $src at $(git rev-parse --short=12 HEAD)$(git diff --cached --quiet || echo " with staged changes"), load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
rm -rf "$target"
# Cold: every dependency and every test binary from an empty target dir.
pause
timed cold_build_s cargo test -p nqueens-cli --locked --no-run
resume
# The integration-test binaries (and the binary's own unit-test binary),
# as cargo names them.
cargo test -p nqueens-cli --locked --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["target"]["kind"][0], m["executable"])
' >"$log.bins"
echo "test_binaries $(grep -c '^test ' "$log.bins")" | tee -a "$log"
echo "test_binaries_kib $(grep '^test ' "$log.bins" | cut -d' ' -f2 | xargs du -k -c | tail -1 | cut -f1)" | tee -a "$log"
echo "unit_binary_kib $(grep '^bin ' "$log.bins" | cut -d' ' -f2 | xargs du -k -c | tail -1 | cut -f1)" | tee -a "$log"
echo "target_debug_kib $(du -sk "$target/debug" | cut -f1)" | tee -a "$log"

# Warm: nothing changed; one test file touched; the binary's main.rs
# touched; a test added to one test file.
first_test=$(find crates/cli/tests -name solve.rs | head -1)
pause
timed warm_noop_s cargo test -p nqueens-cli --locked --no-run
touch "$first_test"
timed warm_touch_test_s cargo test -p nqueens-cli --locked --no-run
touch crates/cli/src/main.rs
timed warm_touch_main_s cargo test -p nqueens-cli --locked --no-run
# A test added to one file, as a developer does: incremental compilation
# makes a mere touch nearly free, a changed file is not.
cp "$first_test" "$log.saved"
printf '\n#[test]\nfn measure_probe() {}\n' >>"$first_test"
timed warm_edit_test_s cargo test -p nqueens-cli --locked --no-run
cp "$log.saved" "$first_test"
resume
cargo test -p nqueens-cli --locked --no-run >>"$log.out" 2>&1

# The whole test run of the crate, built already.
pause
out=$log.test timed test_run_s env --default-signal=INT cargo test -p nqueens-cli --locked
resume
grep '^test result:' "$log.test" | awk '{ p += $4; f += $6 } END { print "tests_passed", p; print "tests_failed", f }' | tee -a "$log"
