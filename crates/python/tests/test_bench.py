"""nqueens.bench: the command line's benchmark from Python, through the
same harness. Real child programs (a Python counter, sleep), the
statistics recomputed here from the per-run times, the refusals compared
with the command line's, Ctrl-C ending every child."""

import json
import math
import os
import signal
import statistics
import subprocess
import sys
import textwrap
import time

import pytest

import nqueens

BIN = os.environ.get("NQUEENS_BIN")
needs_bin = pytest.mark.skipif(not BIN, reason="NQUEENS_BIN (the nqueens binary) not set")

TOTALS = {5: 10, 6: 4, 7: 40, 8: 92}

COUNTER = textwrap.dedent("""\
    import sys
    def go(full, cols, ld, rd):
        if cols == full:
            return 1
        k, a = 0, full & ~(cols | ld | rd)
        while a:
            b = a & -a
            a ^= b
            k += go(full, cols | b, ((ld | b) << 1) & full, (rd | b) >> 1)
        return k
    n = int(sys.argv[1])
    print(go((1 << n) - 1, 0, 0, 0))
""")


def test_rows_are_dicts_with_the_command_lines_keys(tmp_path):
    export = tmp_path / "rows.json"
    rows = nqueens.bench(6, 7, solvers=["pairs"], runs=3, frame=False,
                         export_json=str(export))
    assert [(r["n"], r["solver"]) for r in rows] == [
        (6, "mirror"), (6, "pairs"), (7, "mirror"), (7, "pairs")]
    for r in rows:
        assert r["total"] == TOTALS[r["n"]] and r["oeis"] == "ok"
        assert r["timing"] == "in-process" and r["runs"] == 3
    # The statistics, recomputed here from the exported per-run times.
    results = json.loads(export.read_text())["results"]
    assert len(results) == len(rows)
    for r, e in zip(rows, results):
        t = e["times"]
        assert len(t) == 3
        assert math.isclose(r["mean_s"], statistics.mean(t), rel_tol=1e-9)
        assert math.isclose(r["stddev_s"], statistics.stdev(t), rel_tol=1e-9)
        assert math.isclose(r["median_s"], statistics.median(t), rel_tol=1e-9)
        assert (r["min_s"], r["max_s"]) == (min(t), max(t))
    base = {r["n"]: r for r in rows if r["solver"] == "mirror"}
    for r in rows:
        b = base[r["n"]]
        want = b["mean_s"] / r["mean_s"]
        assert math.isclose(r["speedup"], want, rel_tol=1e-9)
        if r["solver"] != "mirror":
            spread = want * math.hypot(b["stddev_s"] / b["mean_s"], r["stddev_s"] / r["mean_s"])
            assert math.isclose(r["speedup_stddev"], spread, rel_tol=1e-9)


@needs_bin
def test_the_same_rows_as_the_command_line():
    rows = nqueens.bench(5, 6, solvers=["pairs", "classic"], runs=2, frame=False)
    p = subprocess.run([BIN, "bench", "--from", "5", "--to", "6", "--solvers", "pairs,classic",
                        "--runs", "2", "--format", "json"], capture_output=True, text=True, check=True)
    cli = [json.loads(line) for line in p.stdout.splitlines()]
    # The command line's JSON leaves nulls out; Python keeps every key, as None.
    assert [[k for k, v in r.items() if v is not None] for r in rows] == [list(c) for c in cli]
    assert all(set(c) <= set(rows[0]) for c in cli)
    keep = ("n", "solver", "timing", "threads", "runs", "total", "unique", "nodes", "oeis")
    assert [[r[k] for k in keep] for r in rows] == [[c[k] for k in keep] for c in cli]


@needs_bin
def test_programs_and_the_solvers_timed_as_processes(tmp_path):
    counter = tmp_path / "count.py"
    counter.write_text(COUNTER)
    rows = nqueens.bench(6, 6, solvers=["pairs"], baseline="pairs", runs=2, frame=False,
                         commands=[f"py={sys.executable} {counter} {{n}}",
                                   "nap=sh -c 'sleep 0.01; echo 4' {n}"],
                         nqueens_bin=BIN)
    assert [(r["solver"], r["timing"], r["total"]) for r in rows] == [
        ("pairs", "process", 4), ("py", "process", 4), ("nap", "process", 4)]
    nap = rows[2]
    assert nap["min_s"] >= 0.01 and nap["max_rss_kib"] > 0


@needs_bin
@pytest.mark.parametrize("flags, keywords", [
    (["--runs", "0"], {"runs": 0}),
    (["--min-runs", "5", "--max-runs", "4"], {"min_runs": 5, "max_runs": 4}),
    (["--runs", "2", "--min-runs", "2"], {"runs": 2, "min_runs": 2}),
    (["--from", "9", "--to", "3"], {"first": 9, "last": 3}),
    (["--warmup", "1001"], {"warmup": 1001}),
    (["--max-seconds", "-1"], {"max_seconds": -1}),
    (["--timing", "process", "--target-seconds", "0"], {"timing": "process", "target_seconds": 0}),
])
def test_the_same_refusals_as_the_command_line(flags, keywords):
    p = subprocess.run([BIN, "bench", *flags], capture_output=True, text=True)
    assert p.returncode == 2
    line = p.stderr.strip().removeprefix("nqueens: error: ")
    with pytest.raises(ValueError) as e:
        nqueens.bench(nqueens_bin=BIN, **keywords)
    flat = line.replace("--from", "first").replace("--to", "last")
    for flag in ("runs", "min-runs", "max-runs", "warmup", "max-seconds", "target-seconds"):
        flat = flat.replace("--" + flag, flag.replace("-", "_"))
    assert str(e.value) == flat


def test_a_data_frame_where_pandas_or_polars_is_installed():
    rows = nqueens.bench(5, 5, solvers=["pairs"], runs=1)
    try:
        import pandas
        assert isinstance(rows, pandas.DataFrame)
        assert list(rows["total"]) == [10, 10]
        assert list(rows.columns[:3]) == ["n", "solver", "timing"]
        return
    except ImportError:
        pass
    try:
        import polars
        assert isinstance(rows, polars.DataFrame)
    except ImportError:
        assert isinstance(rows, list) and rows[0]["total"] == 10


def test_ctrl_c_ends_every_child_and_marks_the_record(tmp_path):
    pidfile = tmp_path / "sleep.pid"
    out = tmp_path / "results"
    # A test run in the background of a non-interactive shell starts its
    # children with SIGINT ignored; the child, standing for a user at a
    # terminal, puts Python's own handler back first (as test_nqueens.py's).
    script = textwrap.dedent(f"""\
        import nqueens, signal, sys
        signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            nqueens.bench(6, 6, solvers=["pairs"], baseline="pairs", runs=1, timing="in-process",
                          out={str(out)!r},
                          commands=["slow=sh -c 'sleep 25 & echo $! > {pidfile}; wait; echo 4' {{n}}"])
        except KeyboardInterrupt:
            print("interrupted")
            sys.exit(130)
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    started = time.monotonic()
    while not (pidfile.exists() and pidfile.read_text().strip()):
        assert time.monotonic() - started < 60, "the sleeper never started"
        time.sleep(0.02)
    child.send_signal(signal.SIGINT)
    stdout, _ = child.communicate(timeout=10)
    assert (child.returncode, stdout.strip()) == (130, "interrupted")
    sleeper = pidfile.read_text().strip()
    deadline = time.monotonic() + 2
    while os.path.exists(f"/proc/{sleeper}") and time.monotonic() < deadline:
        with open(f"/proc/{sleeper}/stat") as f:
            if ") Z " in f.read():
                break
        time.sleep(0.02)
    else:
        assert not os.path.exists(f"/proc/{sleeper}"), f"sleep {sleeper} still runs"
    [run] = list(out.iterdir())
    readme = (run / "README.md").read_text()
    assert "- status: INTERRUPTED during slow at n = 6" in readme
