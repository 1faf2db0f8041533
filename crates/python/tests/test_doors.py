"""One engine under every door: the same inputs through the command line
(NQUEENS_BIN) and through Python give the same decision, the same values
and the same message, escaped; work too large for the memory the process
may map is refused in both, never an abort; every consuming form of a
solution iterator stops on Ctrl-C."""

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import nqueens

BIN = os.environ.get("NQUEENS_BIN")
needs_bin = pytest.mark.skipif(not BIN, reason="NQUEENS_BIN (the nqueens binary) not set")


def cli(*args, limit_kib=None):
    """Runs the command line: (exit code, stdout, the error line)."""
    pre = None
    if limit_kib:
        def pre():
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (limit_kib * 1024, limit_kib * 1024))
    p = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=300,
                       preexec_fn=pre)
    line = p.stderr.strip().removeprefix("nqueens: error: ")
    return p.returncode, p.stdout, line


def as_keywords(message):
    """The command line's message with its flags spelled as Python's
    keywords (`--max-memory` -> `max_memory`, `--from` -> `first`)."""
    message = message.replace("--from", "first").replace("--to", "last")
    return re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), message)


# (command line, the same call in Python)
REFUSED = [
    (["count", "33"], lambda: nqueens.count(33)),
    (["count", "0"], lambda: nqueens.count(0)),
    (["count", "-3"], lambda: nqueens.count(-3)),
    (["count", "18446744073709551616"], lambda: nqueens.count(2**64)),
    (["count", "9", "--threads", "0"], lambda: nqueens.count(9, threads=0)),
    (["count", "9", "--threads", "2000"], lambda: nqueens.count(9, threads=2000)),
    (["count", "9", "--solver", "mirror", "--threads", "2"],
     lambda: nqueens.count(9, solver="mirror", threads=2)),
    (["count", "9", "--solver", "mirror", "--max-memory", "1G"],
     lambda: nqueens.count(9, solver="mirror", max_memory="1G")),
    (["count", "9", "--max-memory", "8X"], lambda: nqueens.count(9, max_memory="8X")),
    (["count", "9", "--max-memory", "1"], lambda: nqueens.count(9, max_memory=1)),
    (["count", "15", "--solver", "levels"], lambda: nqueens.count(15, solver="levels")),
    (["table", "--from", "9", "--to", "3"], lambda: nqueens.table(9, 3)),
    (["table", "--from", "0"], lambda: nqueens.table(0)),
    (["table", "--to", "33"], lambda: nqueens.table(1, 33)),
    (["estimate", "33"], lambda: nqueens.estimate(33)),
    (["estimate", "12", "--samples", "1"], lambda: nqueens.estimate(12, samples=1)),
    (["estimate", "12", "--seconds", "0"], lambda: nqueens.estimate(12, seconds=0)),
    (["estimate", "12", "--seconds", "-1"], lambda: nqueens.estimate(12, seconds=-1)),
    (["estimate", "12", "--cores", "0"], lambda: nqueens.estimate(12, cores=0)),
    (["estimate", "12", "--max-memory", "abc"], lambda: nqueens.estimate(12, max_memory="abc")),
]

# Names the command line's parser checks itself (clap: `[possible values:
# ...]`, which completions list): both doors refuse, escape what was typed
# and list the same names.
NAMES_REFUSED = [
    (["count", "9", "--solver", "\x1b[31m"], lambda: nqueens.count(9, solver="\x1b[31m"),
     "halves, pairs, parallel, mirror, bitmask, columns, classic, levels, brute, brute-rows, brute-sets"),
    (["solve", "50", "--method", "\x07"], lambda: nqueens.solve(50, "\x07"),
     "construct, construct-mod6, min-conflicts, swap, heuristic, random, backtrack, accessibility"),
]


def masked(message):
    """A message with the sizes a process reads of itself masked: two
    processes hold different amounts before counting."""
    return re.sub(r"\d+(\.\d+)? (B|KiB|MiB|GiB|TiB)\b", "SIZE", message)


@needs_bin
@pytest.mark.parametrize("args,call", REFUSED, ids=[" ".join(a).encode("unicode_escape").decode() for a, _ in REFUSED])
def test_the_same_refusal_from_both_doors(args, call):
    code, out, line = cli(*args)
    assert code == 2 and out == "", (code, out, line)
    with pytest.raises((ValueError, MemoryError)) as raised:
        call()
    said = str(raised.value)
    assert masked(said) == masked(as_keywords(line))
    # Escaped where made: no control character reaches either door.
    assert not any(ord(c) < 32 or ord(c) == 127 for c in said + line), said


@needs_bin
@pytest.mark.parametrize("args,call,names", NAMES_REFUSED, ids=["solver", "method"])
def test_names_are_refused_by_both_doors_escaped_with_the_same_list(args, call, names):
    code, out, line = cli(*args)
    assert code == 2 and out == "", (code, out, line)
    with pytest.raises(ValueError) as raised:
        call()
    said = str(raised.value)
    typed = args[-1].encode("unicode_escape").decode()
    for message in (said, line):
        assert typed in message and names in message, message
        assert not any(ord(c) < 32 or ord(c) == 127 for c in message), message


@needs_bin
@pytest.mark.parametrize("n,solver", [(8, "halves"), (10, "pairs"), (9, "classic"), (11, "mirror")])
def test_the_same_record_from_both_doors(n, solver):
    code, out, _ = cli("count", str(n), "--solver", solver, "--threads", "1", "--format", "json")
    assert code == 0
    from_cli = json.loads(out)
    from_python = nqueens.count(n, solver=solver, threads=1).to_dict()
    # The JSON record leaves out null values; the dict keeps every key.
    from_python = {k: v for k, v in from_python.items() if v is not None}
    assert list(from_python) == list(from_cli)
    volatile = {"seconds", "symmetry_seconds", "nodes_per_second", "peak_memory_bytes",
                "memory_budget_bytes"}
    for key in from_cli:
        if key not in volatile:
            assert from_python[key] == from_cli[key], key


@needs_bin
def test_the_same_budget_by_default():
    _, out, _ = cli("count", "8", "--format", "json")
    by_cli = json.loads(out)["memory_budget_bytes"]
    by_python = nqueens.count(8).memory_budget_bytes
    # Three quarters of the memory available at start, in both: the two
    # processes read it at different moments.
    assert by_cli and by_python and abs(by_cli - by_python) / by_cli < 0.05


@needs_bin
@pytest.mark.parametrize("args,call", [
    (["count", "32", "--threads", "1"], "nqueens.count(32, threads=1)"),
    (["table", "--from", "32", "--to", "32"], "nqueens.table(32, 32)"),
    (["estimate", "28", "--samples", "2", "--seed", "1", "--threads", "2"],
     "nqueens.estimate(28, samples=2, seed=1, threads=2)"),
    (None, "nqueens.solutions(18)"),
])
def test_too_large_for_the_address_space_is_refused_not_aborted(args, call):
    limit = 4_000_000  # KiB, as `ulimit -v 4000000`
    if args:
        code, out, line = cli(*args, limit_kib=limit)
        assert code == 2 and "needs more memory" in line, (code, line)
    # The budget is the lower of two bounds (crates/nqueens/src/budget.rs):
    # three quarters of the memory available, and what the process may
    # still map under the limit, less its threads' stacks and heaps (at
    # most RESERVE here). The message names the one that applied; where
    # the two are closer than RESERVE either may have.
    code = textwrap.dedent(f"""
        import resource, sys, nqueens
        resource.setrlimit(resource.RLIMIT_AS, ({limit * 1024}, {limit * 1024}))

        def kib(path, field):
            with open(path) as f:
                for line in f:
                    if line.startswith(field):
                        return int(line.split()[1]) * 1024

        default = kib("/proc/meminfo", "MemAvailable:") // 4 * 3
        mappable = kib("/proc/self/status", "VmRSS:") + {limit * 1024} - kib("/proc/self/status", "VmSize:")
        print("bounds:", default, mappable)
        try:
            {call}
        except MemoryError as e:
            print("MemoryError:", e)
            sys.exit(3)
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert p.returncode == 3, (p.returncode, p.stdout, p.stderr[-500:])
    default, mappable = map(int, re.search(r"^bounds: (\d+) (\d+)$", p.stdout, re.M).groups())
    message = re.search(r"^MemoryError: (.+)$", p.stdout, re.M).group(1)
    address = "ulimit -v" in message
    by_default = "the default memory budget" in message and "raise max_memory" in message
    assert address != by_default, message  # one bound named, and what raises it
    if mappable < default:
        assert address, (default, mappable, message)
    elif default < mappable - RESERVE:
        assert by_default, (default, mappable, message)


# Address space the library sets aside for a call's threads (at most two
# here): a stack each and a 64 MiB malloc arena each, rounded up.
RESERVE = 256 << 20


RESTORE_CTRL_C = "signal.signal(signal.SIGINT, signal.default_int_handler)"


@pytest.mark.parametrize("consume", [
    "for s in it: pass",
    "list(it)",
    "collections.deque(it, maxlen=0)",
    "sum(1 for _ in it)",
    "sum(map(len, it))",
    "max(it, key=len)",
])
def test_ctrl_c_stops_every_consuming_form_of_an_iterator(consume):
    code = textwrap.dedent(f"""
        import collections, signal, sys, time, nqueens
        {RESTORE_CTRL_C}
        it = nqueens.iter_solutions(17)
        print("listing", flush=True)
        try:
            {consume}
        except KeyboardInterrupt:
            # CLOCK_MONOTONIC: the same clock in both processes.
            print("interrupted", time.monotonic(), flush=True)
            sys.exit(130)
        print("finished", flush=True)
    """)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "listing"
    time.sleep(0.5)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        p.kill()
        pytest.fail(f"{consume}: still running 5 s after SIGINT")
    said, caught = out.split()
    assert (p.returncode, said) == (130, "interrupted"), err
    assert float(caught) - sent < 0.1, float(caught) - sent


@needs_bin
def test_the_same_solver_list_from_both_doors():
    code, out, _ = cli("solvers", "--format", "json")
    assert code == 0
    from_cli = [json.loads(line) for line in out.splitlines()]
    assert nqueens.solvers() == from_cli
