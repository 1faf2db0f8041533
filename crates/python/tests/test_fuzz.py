"""The Python module fuzzed as the command line's fuzzer fuzzes its
arguments (crates/cli/tests/cli/fuzz.rs): every function the module
exports, read from the module itself (a function added later is fuzzed
the day it lands), called with values of every type, at and past the
edges of every range, in a child interpreter under a memory bound
(RLIMIT_AS, 4 GiB) and a time bound. A call still working after 0.3 s
gets Ctrl-C (SIGINT, as a terminal sends it).

Asserted for every call: the interpreter survives (no abort, no
segfault, no hang), the call returns or raises one of the exceptions the
module documents (ValueError, TypeError, OverflowError, MemoryError,
OSError; KeyboardInterrupt only after Ctrl-C) with a message on one line
holding no control character, and Ctrl-C ends the call within 3 s.

Damaged checkpoints: `count(checkpoint=)` given a checkpoint the command
line wrote and interrupted, then torn as a crash leaves it (a record
chopped, a fragment or bytes that are not UTF-8 appended without a
newline), must resume to the exact count; one of another board, junk, a
directory or /dev/full must be refused in one line.

Seeds: a fixed one and a fresh one per run, printed; replay one with
NQUEENS_PY_FUZZ_SEED=S."""

import inspect
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import pytest

import nqueens

BIN = os.environ.get("NQUEENS_BIN")
MEMORY = 4 << 30
CHUNK_BOUND = 300
PATIENCE = 0.3
# "Within 2 s" on a quiet machine; CI shares two cores with the rest of
# the run. test_doors.py holds the 100 ms bound on a quiet loop.
WORST_INTERRUPT = 3.0

# Values by name, as Python source: the child evaluates the same text, so
# a case travels as names.
POOL_SRC = """{
    "0": 0, "1": 1, "-1": -1, "2": 2, "4": 4, "6": 6, "8": 8, "12": 12, "27": 27, "32": 32, "33": 33,
    "2**63": 2**63, "2**64": 2**64, "-2**64": -2**64, "2**200": 2**200,
    "True": True, "False": False,
    "0.5": 0.5, "8.0": 8.0, "nan": float("nan"), "inf": float("inf"), "-inf": float("-inf"),
    "1e308": 1e308, "-0.0": -0.0,
    "''": "", "'8'": "8", "'x'": "x", "'halves'": "halves", "'pairs'": "pairs",
    "'levels'": "levels", "'thinned'": "thinned", "'stratified'": "stratified",
    "'heuristic'": "heuristic", "'1G'": "1G", "'8X'": "8X", "'ESC'": "\\x1b[31m",
    "'NUL'": "\\x00", "'BEL'": "\\x07", "'e-acute'": "\\u00e9", "'long'": "a" * 10000,
    "None": None, "b'8'": b"8", "[8]": [8], "{}": {}, "object()": object(),
    "'/dev/full'": "/dev/full", "'/dev/null'": "/dev/null",
    "'missing-dir'": "/nonexistent-dir/x.ckpt", "'a-dir'": ".",
}"""
POOL = eval(POOL_SRC)

# A value each parameter takes when another one is fuzzed: small, cheap.
BASE = {"n": "8", "first": "4", "last": "6",
        # bench: one solver beside its baseline, at most two runs a row.
        "solvers": "'pairs'", "max_runs": "2"}

WORKER = textwrap.dedent(r'''
    import json, os, signal, sys, threading, time, itertools, resource
    resource.setrlimit(resource.RLIMIT_AS, (%(memory)d, %(memory)d))
    import nqueens
    POOL = eval(%(pool)r)
    ALLOWED = (ValueError, TypeError, OverflowError, MemoryError, OSError)
    # Ctrl-C raises KeyboardInterrupt during a call only: one that arrives
    # as a call returns must not land in the next.
    armed = [False]
    def on_ctrl_c(signum, frame):
        if armed[0]:
            raise KeyboardInterrupt
    signal.signal(signal.SIGINT, on_ctrl_c)
    for line in sys.stdin:
        i, name, args, kwargs = json.loads(line)
        print(json.dumps({"start": i}), flush=True)
        f = getattr(nqueens, name)
        a = [POOL[k] for k in args]
        kw = {k: POOL[v] for k, v in kwargs.items()}
        sent = []
        def ctrl_c():
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)
        timer = threading.Timer(%(patience)r, ctrl_c)
        out = {"i": i}
        armed[0] = True
        timer.start()
        try:
            try:
                r = f(*a, **kw)
                if hasattr(r, "__next__"):
                    r = sum(1 for _ in itertools.islice(r, 200000))
                out["outcome"] = "returned"
            finally:
                timer.cancel()
                armed[0] = False
        except KeyboardInterrupt as e:
            out.update(outcome="interrupt", type="KeyboardInterrupt", message=str(e))
        except ALLOWED as e:
            out.update(outcome="raised", type=type(e).__name__, message=str(e))
        except BaseException as e:
            out.update(outcome="other", type=type(e).__name__, message=str(e))
        armed[0] = False
        out["sent"] = bool(sent)
        if sent:
            out["latency"] = time.monotonic() - sent[0]
        print(json.dumps(out), flush=True)
''')


def functions():
    """Every function the module exports, with its parameters."""
    found = {}
    for name in dir(nqueens):
        f = getattr(nqueens, name)
        if name.startswith("_") or inspect.isclass(f) or not callable(f):
            continue
        found[name] = list(inspect.signature(f).parameters.values())
    return found


def cases(seed):
    """The systematic set (seed 0): each parameter of each function given
    every value, the others at their base; else random combinations."""
    fns = functions()
    out = []
    keys = sorted(POOL)
    for name, params in sorted(fns.items()):
        if seed == 0:
            for p in params:
                for v in keys:
                    out.append(call(name, params, {p.name: v}))
        else:
            rng = random.Random(seed ^ zlib.crc32(name.encode()))
            for _ in range(40):
                chosen = {p.name: rng.choice(keys) for p in params if rng.random() < 0.6}
                out.append(call(name, params, chosen))
    return out


def call(name, params, chosen):
    """A call: positional parameters first, keywords after."""
    args, kwargs = [], {}
    for p in params:
        v = chosen.get(p.name, BASE.get(p.name))
        if v is None:
            if p.default is inspect.Parameter.empty and p.kind == p.POSITIONAL_OR_KEYWORD:
                v = "8"
            else:
                continue
        if p.kind == p.KEYWORD_ONLY:
            kwargs[p.name] = v
        else:
            args.append(v)
    return name, args, kwargs


def run_chunk(chunk, scratch):
    """Runs the cases in one child; the outcome of each case, and how the
    child ended."""
    src = WORKER % {"memory": MEMORY, "pool": POOL_SRC, "patience": PATIENCE}
    lines = "".join(json.dumps([i, *c]) + "\n" for i, c in chunk)
    p = subprocess.run([sys.executable, "-c", src], input=lines, capture_output=True,
                       text=True, timeout=CHUNK_BOUND, cwd=scratch)
    records = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    return records, p


def check(records, p, chunk):
    """The failures among one child's cases."""
    failures = []
    started = [r["start"] for r in records if "start" in r]
    ended = {r["i"]: r for r in records if "i" in r}
    by_index = dict(chunk)
    if p.returncode != 0:
        last = started[-1] if started else None
        failures.append(f"the interpreter died ({p.returncode}) in case {last} "
                        f"{by_index.get(last)}: {p.stderr[-2000:]}")
    for i, r in ended.items():
        what = f"case {i} {by_index[i]}"
        if r["outcome"] == "other":
            failures.append(f"{what}: undocumented {r['type']}: {r['message']!r}")
        if r["outcome"] == "interrupt" and not r["sent"]:
            failures.append(f"{what}: KeyboardInterrupt with no Ctrl-C: {r['message']!r}")
        if r.get("latency", 0) > WORST_INTERRUPT and r["outcome"] != "returned":
            failures.append(f"{what}: stopped {r['latency']:.2f} s after Ctrl-C")
        msg = r.get("message", "")
        if "\n" in msg.strip() or any(ord(c) < 32 and c != "\n" for c in msg):
            failures.append(f"{what}: message not one clean line: {msg!r}")
    return failures, ended


def seeds():
    if os.environ.get("NQUEENS_PY_FUZZ_SEED"):
        return [int(os.environ["NQUEENS_PY_FUZZ_SEED"])]
    return [0, 20261128, time.time_ns() & 0xFFFF_FFFF]


def test_every_function_with_every_kind_of_value_survives_and_answers_in_one_line(tmp_path):
    start = time.monotonic()
    all_cases = []
    for s in seeds():
        all_cases.extend(cases(s))
    indexed = list(enumerate(all_cases))
    failures, outcomes = [], {}

    def one(k):
        chunk = indexed[k:k + 150]
        scratch = tmp_path / f"chunk-{k}"
        scratch.mkdir()
        records, p = run_chunk(chunk, str(scratch))
        shutil.rmtree(scratch, ignore_errors=True)
        return check(records, p, chunk)

    # Two children at a time: the machine's two cores.
    with ThreadPoolExecutor(2) as pool:
        for f, ended in pool.map(one, range(0, len(indexed), 150)):
            failures.extend(f)
            for r in ended.values():
                outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
    print(f"python fuzzer: seeds {seeds()}; {len(functions())} functions, {len(indexed)} calls: "
          f"{outcomes}; in {time.monotonic() - start:.1f} s")
    assert not failures, f"{len(failures)} of {len(indexed)} calls failed:\n" + "\n".join(failures[:30])
    assert sum(outcomes.values()) == len(indexed), "some calls gave no outcome"
    if not os.environ.get("NQUEENS_PY_FUZZ_SEED"):
        assert len(indexed) >= 1000
        assert outcomes.get("interrupt", 0) > 0, "no call was long enough to interrupt"


def interrupted_checkpoint(tmp_path, n):
    """A checkpoint of count n the command line wrote and Ctrl-C stopped."""
    path = tmp_path / f"c{n}.ckpt"
    for patience in (0.3, 0.6, 1.2, 2.4):
        path.unlink(missing_ok=True)
        p = subprocess.Popen([BIN, "count", str(n), "--checkpoint", str(path), "-j1"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(patience)
        p.send_signal(signal.SIGINT)
        p.wait(timeout=60)
        if p.returncode == 130 and path.exists() and path.read_bytes().count(b"\n") > 2:
            return path
    pytest.skip("the count finished before any Ctrl-C could stop it")


@pytest.mark.skipif(not BIN, reason="NQUEENS_BIN (the nqueens binary) not set")
def test_damaged_checkpoints_resume_exactly_or_are_refused_in_one_line(tmp_path):
    n = 18
    want = nqueens.count(n, threads=1).total
    good = interrupted_checkpoint(tmp_path, n).read_bytes()
    lines = good.split(b"\n")
    rng = random.Random(seeds()[-1])
    torn = {
        "chopped": good[: len(good) - 1 - rng.randrange(1, len(lines[-2]))],
        "fragment": good + lines[1][: rng.randrange(1, len(lines[1]))],
        "junk": good + bytes(rng.choice([0xFF, 0xC3, 0x80, 0x41, 0x20]) for _ in range(9)),
    }
    for kind, data in torn.items():
        path = tmp_path / f"{kind}.ckpt"
        path.write_bytes(data)
        r = nqueens.count(n, threads=1, checkpoint=str(path))
        assert r.total == want, f"{kind}: {r.total}, not {want}"
        assert r.resumed_nodes > 0, f"{kind}: nothing resumed"
    other = interrupted_checkpoint(tmp_path, 17)
    refused = {
        "another board": other,
        "junk": tmp_path / "junk.ckpt",
        "a directory": tmp_path / "dir.ckpt",
        "/dev/full": "/dev/full",
    }
    (tmp_path / "junk.ckpt").write_bytes(b"\x00\xff not a checkpoint\n" * 3)
    (tmp_path / "dir.ckpt").mkdir()
    for kind, path in refused.items():
        with pytest.raises((ValueError, OSError)) as e:
            nqueens.count(n, threads=1, checkpoint=str(path))
        msg = str(e.value)
        assert "\n" not in msg and msg, f"{kind}: {msg!r}"
