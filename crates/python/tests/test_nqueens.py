"""The nqueens module against published tables, a pure-Python brute force
and the command line's messages; Ctrl-C and the GIL from a user's side."""

import doctest
import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import nqueens

# OEIS A000170 and A002562, n = 1..16: used here only to check the counts.
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
         2279184, 14772512]
UNIQUE = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053,
          1846955]


def brute_force(n):
    """Every solution, in lexicographic order: the permutations whose
    queens share no diagonal."""
    return [p for p in itertools.permutations(range(n))
            if len({c - r for r, c in enumerate(p)}) == n
            and len({c + r for r, c in enumerate(p)}) == n]


def symmetries(p):
    """The 8 images of a solution under the symmetries of the square."""
    n = len(p)
    board = {(r, c) for r, c in enumerate(p)}
    images = []
    for _ in range(4):
        board = {(c, n - 1 - r) for r, c in board}
        for b in (board, {(r, n - 1 - c) for r, c in board}):
            images.append(tuple(c for _, c in sorted(b)))
    return images


# --- count and table -------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 17))
def test_count_matches_oeis(n):
    r = nqueens.count(n, threads=2)
    assert (r.n, r.total, r.unique) == (n, TOTAL[n - 1], UNIQUE[n - 1])
    assert r.verified is True
    assert isinstance(r.total, int) and r.solver == "halves"


@pytest.mark.parametrize("solver", [s["name"] for s in nqueens.solvers()])
def test_every_solver_agrees(solver):
    r = nqueens.count(8, solver=solver, threads=1)
    assert (r.total, r.unique, r.fixed_180, r.fixed_90) == (92, 12, 4, 0)


def test_result_fields_repr_and_dict():
    r = nqueens.count(10, threads=2)
    d = r.to_dict()
    for key in ["total", "unique", "fixed_180", "fixed_90", "nodes", "seconds",
                "threads", "solver", "verified"]:
        assert d[key] == getattr(r, key)
    assert (d["threads"], d["depth"], d["subproblems"]) == (2, 5, 71)
    assert repr(r).startswith("CountResult(n=10, total=724, unique=92, ")


def test_table():
    rows = nqueens.table(1, 10, threads=2)
    assert [r.total for r in rows] == TOTAL[:10]
    assert [r.n for r in nqueens.table()] == list(range(1, 13))


def resident_bytes():
    with open("/proc/self/status") as status:
        line = next(l for l in status if l.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def test_max_memory_caps_the_halves_lists():
    # The budget covers the whole process, as `--max-memory` does.
    with pytest.raises(MemoryError, match="already holds before counting"):
        nqueens.count(14, threads=1, max_memory=1)
    with pytest.raises(MemoryError, match="raise max_memory"):
        nqueens.count(20, threads=1, max_memory=resident_bytes() + (256 << 10))
    assert nqueens.count(12, max_memory=str(1 << 30)).total == 14200
    assert nqueens.count(12, max_memory="2G").total == 14200


# --- solutions ----------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 10))
def test_solutions_match_brute_force(n):
    a = nqueens.solutions(n)
    assert a.dtype == np.uint8 and a.shape == (TOTAL[n - 1], n)
    assert [tuple(row) for row in a.tolist()] == brute_force(n)


@pytest.mark.parametrize("n", range(1, 10))
def test_unique_solutions_are_one_per_orbit(n):
    every = brute_force(n)
    a = nqueens.solutions(n, unique=True)
    assert len(a) == UNIQUE[n - 1]
    orbits = {min(symmetries(p)) for p in every}
    assert {tuple(row) for row in a.tolist()} == orbits


def test_prefix_limit_and_iterator():
    every = brute_force(8)
    a = nqueens.solutions(8, prefix=[0])
    assert [tuple(r) for r in a.tolist()] == [p for p in every if p[0] == 0]
    assert nqueens.solutions(8, limit=5).tolist() == [list(p) for p in every[:5]]
    assert nqueens.solutions(6, prefix=[0]).shape == (0, 6)
    streamed = [row.tolist() for row in nqueens.iter_solutions(8)]
    assert streamed == [list(p) for p in every]
    it = nqueens.iter_solutions(9, unique=True, limit=3)
    assert len(list(it)) == 3 and list(it) == []


# --- solve and solvers --------------------------------------------------------

def valid(columns):
    n = len(columns)
    rows = np.arange(n, dtype=np.int64)
    c = columns.astype(np.int64)
    return (len(np.unique(c)) == n and len(np.unique(c - rows)) == n
            and len(np.unique(c + rows)) == n)


@pytest.mark.parametrize("method", ["construct", "construct-mod6",
                                    "min-conflicts", "swap", "heuristic",
                                    "random", "backtrack"])
def test_solve_every_method(method):
    s = nqueens.solve(10, method=method)
    assert s.dtype == np.uint32 and valid(s)
    # The sheet's heuristic never backtracks: from the corner it gets stuck.
    with pytest.raises(ValueError, match="never backtracks"):
        nqueens.solve(10, method="accessibility")


def test_solve_large_boards_and_seeds():
    assert valid(nqueens.solve(1_000_000))
    a = nqueens.solve(2000, method="min-conflicts", seed=7)
    assert valid(a) and (a == nqueens.solve(2000, method="min-conflicts", seed=7)).all()


def test_solvers_registry():
    s = nqueens.solvers()
    assert s[0]["name"] == "halves"
    assert {"name", "description", "min_n", "max_n", "threads", "splits",
            "budgeted"} <= set(s[0])
    assert {x["name"] for x in s} >= {"halves", "pairs", "classic", "mirror"}


# --- estimate -----------------------------------------------------------------

# The keys of `nqueens estimate --format json`, in order.
ESTIMATE_KEYS = [
    "n", "solver", "design", "strata", "samples", "subproblems", "row_sets",
    "total_estimate", "total_low", "total_high", "unique_estimate",
    "unique_low", "unique_high", "cpu_seconds_estimate", "cpu_seconds_low",
    "cpu_seconds_high", "wall_seconds_estimate", "wall_seconds_low",
    "wall_seconds_high", "cores", "relative_half_width",
    "degrees_of_freedom", "cpu_degrees_of_freedom", "varying_strata",
    "total_estimator", "cpu_estimator", "thin_keys",
    "whole_every", "whole_samples", "fixed_180", "fixed_90", "split_cpu_seconds",
    "symmetry_cpu_seconds", "peak_memory_bytes", "threads", "seed",
    "seconds", "stopped", "note", "memory_budget_bytes",
]


def test_estimate_fields_and_interval():
    e = nqueens.estimate(16, samples=300, seed=3, threads=2, cores=4)
    d = e.to_dict()
    assert list(d) == ESTIMATE_KEYS
    assert (e.n, e.samples, e.seed, e.threads, e.cores) == (16, 300, 3, 2, 4)
    assert e.design == "thinned" and not e.stopped
    assert e.total_low <= e.total_estimate <= e.total_high
    assert e.unique_low <= e.unique_estimate <= e.unique_high
    assert e.cpu_seconds_low <= e.cpu_seconds_estimate <= e.cpu_seconds_high
    assert e.wall_seconds_estimate == pytest.approx(e.cpu_seconds_estimate / 4)
    assert e.peak_memory_bytes > 0
    again = nqueens.estimate(16, samples=300, seed=3, threads=1)
    assert again.total_estimate == e.total_estimate


def test_estimate_without_spread_is_bounded_below_only():
    # Two sampled row sets with no solutions: no spread to bound the total by.
    e = nqueens.estimate(14, samples=2, seed=107, design="stratified")
    assert e.total_high is None and e.unique_high is None
    assert e.varying_strata == 0 and e.relative_half_width is None
    assert e.fixed_180 <= e.total_low <= e.total_estimate <= 365596
    assert e.unique_estimate <= e.total_estimate


def test_estimate_exact_when_the_sample_covers_the_split():
    e = nqueens.estimate(10, samples=10**6, seed=1)
    assert e.design == "exact"
    assert (e.total_low, e.total_estimate, e.total_high) == (724,) * 3
    assert e.unique_estimate == 92 and e.degrees_of_freedom is None
    assert nqueens.estimate(12, seconds=0.2, seed=1).samples >= 2


# --- errors: the command line's one-line messages ----------------------------

@pytest.mark.parametrize("call, error, message", [
    (lambda: nqueens.count(0), ValueError,
     "n must be a whole number from 1 to 32 for solver halves, not 0"),
    (lambda: nqueens.count(2**70), ValueError,
     "n must be a whole number from 1 to 32 for solver halves, not 1180591620717411303424"),
    (lambda: nqueens.count(8, threads=0), ValueError,
     "threads must be a whole number from 1 to 1024, not 0"),
    (lambda: nqueens.count(8, solver="nope"), ValueError,
     "unknown solver 'nope' (known: halves, "),
    (lambda: nqueens.count(12, solver="classic", threads=3), ValueError,
     "threads 3 does not apply: solver classic runs on one thread"),
    (lambda: nqueens.count(8, solver="mirror", checkpoint="x"), ValueError,
     "checkpoint does not apply: solver mirror does not split its work"),
    (lambda: nqueens.count(8.0), TypeError, "n must be an int, not float"),
    (lambda: nqueens.count("8"), TypeError, "n must be an int, not str"),
    (lambda: nqueens.count(True), TypeError, "n must be an int, not bool"),
    (lambda: nqueens.table(5, 3), ValueError, "empty range: first 5 is after last 3"),
    (lambda: nqueens.solutions(8, prefix=[0, 1]), ValueError,
     "prefix: queens on rows 0 and 1 (columns 0 and 1) attack along a diagonal"),
    (lambda: nqueens.solutions(8, prefix=[8]), ValueError,
     "prefix: row 0: column 8 is off the board (columns run from 0 to 7)"),
    (lambda: nqueens.solutions(8, limit=0), ValueError,
     "limit must be a whole number of at least 1, not 0"),
    (lambda: nqueens.solve(3), ValueError, "no solution exists for n = 3"),
    (lambda: nqueens.solve(20, method="random"), ValueError,
     "n must be a whole number from 1 to 14 for the random method (its practical limit"),
    (lambda: nqueens.solve(8, method="backtrack", seed=1), ValueError,
     "seed applies to the methods that draw random numbers (min-conflicts, swap, random), not to backtrack"),
    (lambda: nqueens.solve(8, method="guess"), ValueError, "unknown method 'guess'"),
    (lambda: nqueens.estimate(10, samples=1), ValueError,
     "samples must be a whole number of at least 2 (an interval needs two), not 1"),
    (lambda: nqueens.estimate(10, seconds=-1.0), ValueError,
     "seconds must be a number of seconds above 0"),
])
def test_errors(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value).startswith(message), str(e.value)


# --- checkpoints: the CLI's files --------------------------------------------

def test_checkpoint_records_and_resumes(tmp_path):
    path = tmp_path / "n12.ckpt"
    first = nqueens.count(12, threads=2, checkpoint=path)
    assert first.total == 14200 and first.resumed_nodes == 0
    lines = path.read_text().splitlines()
    assert lines[0].startswith("nqueens-checkpoint 2 work=count n=12 solver=halves ")
    assert len(lines) == 1 + first.subproblems
    again = nqueens.count(12, threads=1, checkpoint=str(path))
    assert (again.total, again.unique) == (14200, 1787)
    assert again.resumed_nodes > 0
    with pytest.raises(ValueError, match="belongs to another count: n 12 .this run: 13."):
        nqueens.count(13, checkpoint=path)


@pytest.mark.skipif(not os.environ.get("NQUEENS_BIN"),
                    reason="NQUEENS_BIN (the nqueens binary) not set")
def test_checkpoint_written_by_the_cli_resumes_here(tmp_path):
    path = tmp_path / "cli.ckpt"
    subprocess.run([os.environ["NQUEENS_BIN"], "count", "11", "--checkpoint",
                    str(path)], check=True, capture_output=True)
    r = nqueens.count(11, checkpoint=path)
    assert r.total == 2680 and r.resumed_nodes > 0


# A test run started in the background of a non-interactive shell (a CI
# job launched with `&`) inherits SIGINT ignored, and Python then installs
# no KeyboardInterrupt handler: the children that stand for a user at a
# terminal put Python's own handler back first.
RESTORE_CTRL_C = "signal.signal(signal.SIGINT, signal.default_int_handler)"


def test_interrupted_count_keeps_its_checkpoint(tmp_path):
    # n = 19: n = 18 on one thread now ends within the second before the
    # SIGINT (0.96 s with AVX-512).
    path = tmp_path / "n19.ckpt"
    code = textwrap.dedent(f"""
        import signal, sys, nqueens
        {RESTORE_CTRL_C}
        print("counting", flush=True)
        try:
            nqueens.count(19, threads=1, checkpoint={str(path)!r})
        except KeyboardInterrupt:
            sys.exit(130)
    """)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         text=True)
    assert p.stdout.readline().strip() == "counting"
    time.sleep(1.0)
    p.send_signal(signal.SIGINT)
    assert p.wait(timeout=2) == 130
    saved = len(path.read_text().splitlines()) - 1
    r = nqueens.count(19, threads=2, checkpoint=path)
    assert (r.total, r.unique) == (4968057848, 621012754)
    assert 0 < saved < r.subproblems and r.resumed_nodes > 0


# --- Ctrl-C, threads and the GIL ---------------------------------------------

def test_keyboard_interrupt_during_a_long_count():
    # n = 19 on one thread takes about 15 s: SIGINT after the count starts
    # must end it with KeyboardInterrupt well within 2 s.
    code = textwrap.dedent(f"""
        import signal, sys, nqueens
        {RESTORE_CTRL_C}
        print("counting", flush=True)
        try:
            nqueens.count(19, threads=1)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(130)
        print("finished", flush=True)
    """)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "counting"
    time.sleep(0.5)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=2)
    except subprocess.TimeoutExpired:
        p.kill()
        pytest.fail("no KeyboardInterrupt within 2 s of SIGINT")
    took = time.monotonic() - sent
    assert (p.returncode, out.strip()) == (130, "interrupted"), err
    assert took < 2, took


def test_other_python_threads_run_during_a_count():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    t = threading.Thread(target=tick)
    t.start()
    try:
        start = time.monotonic()
        r = nqueens.count(17, threads=1)
        during = [x for x in ticks if x >= start]
    finally:
        done.set()
        t.join()
    assert r.total == 95815104
    # The GIL held for the whole count would allow one tick at most.
    assert r.seconds > 0.2 and len(during) > 10, (r.seconds, len(during))


def test_counts_from_several_python_threads_at_once():
    results = {}

    def one(n):
        results[n] = nqueens.count(n, threads=1).total

    threads = [threading.Thread(target=one, args=(n,)) for n in range(10, 14)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {n: TOTAL[n - 1] for n in range(10, 14)}


# --- the documentation --------------------------------------------------------

def test_docstring_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    objects = [nqueens] + [getattr(nqueens, name) for name in dir(nqueens)
                           if not name.startswith("_")]
    tried = 0
    for obj in objects:
        for test in finder.find(obj, getattr(obj, "__name__", "nqueens"),
                                globs={"nqueens": nqueens}):
            runner.run(test)
            tried += test.examples.__len__()
    assert tried >= 10
    assert runner.failures == 0


def test_stubs_and_marker_are_installed():
    package = os.path.dirname(nqueens.__file__)
    assert os.path.isfile(os.path.join(package, "__init__.pyi"))
    assert os.path.isfile(os.path.join(package, "py.typed"))
