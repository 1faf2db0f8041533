"""Count, list and solve n-queens boards with the nqueens engine (Rust).

Columns are 0-based throughout: row r of a solution has its queen in
column ``solution[r]``.
"""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Union
import os

import numpy as np
import numpy.typing as npt

__version__: str

class CountResult:
    """The counts of one board, with how they were made: the fields of ``nqueens count --format json``."""

    n: int
    solver: str
    variant: Optional[str]
    threads: int
    depth: Optional[int]
    subproblems: Optional[int]
    total: int
    unique: int
    fixed_180: int
    fixed_90: int
    nodes: int
    symmetry_nodes: int
    resumed_nodes: int
    calls: Optional[int]
    iterations: Optional[int]
    level_sizes: Optional[List[int]]
    seconds: float
    symmetry_seconds: float
    nodes_per_second: int
    peak_memory_bytes: Optional[int]
    memory_budget_bytes: Optional[int]
    verified: Optional[bool]
    note: Optional[str]
    def to_dict(self) -> Dict[str, Any]: ...

class EstimateResult:
    """What a sample says of a count: the fields of ``nqueens estimate --format json``."""

    n: int
    solver: str
    design: str
    strata: Optional[int]
    samples: int
    subproblems: int
    row_sets: int
    total_estimate: int
    total_low: int
    total_high: Optional[int]
    unique_estimate: int
    unique_low: int
    unique_high: Optional[int]
    cpu_seconds_estimate: float
    cpu_seconds_low: float
    cpu_seconds_high: float
    wall_seconds_estimate: float
    wall_seconds_low: float
    wall_seconds_high: float
    cores: int
    relative_half_width: Optional[float]
    degrees_of_freedom: Optional[int]
    cpu_degrees_of_freedom: Optional[int]
    varying_strata: Optional[int]
    thin_keys: Optional[int]
    whole_every: Optional[int]
    whole_samples: Optional[int]
    fixed_180: Optional[int]
    fixed_90: Optional[int]
    split_cpu_seconds: float
    symmetry_cpu_seconds: Optional[float]
    peak_memory_bytes: int
    threads: int
    seed: int
    seconds: float
    stopped: bool
    note: str
    def to_dict(self) -> Dict[str, Any]: ...

class SolutionIterator(Iterator[npt.NDArray[np.uint8]]):
    def __iter__(self) -> "SolutionIterator": ...
    def __next__(self) -> npt.NDArray[np.uint8]: ...

def count(
    n: int,
    *,
    threads: Optional[int] = None,
    solver: Optional[str] = None,
    checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> CountResult: ...
def table(
    first: Optional[int] = 1,
    last: Optional[int] = 12,
    *,
    threads: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> List[CountResult]: ...
def bench(
    first: Optional[int] = 8,
    last: Optional[int] = 12,
    *,
    solvers: Optional[Union[str, Sequence[str]]] = None,
    baseline: Optional[str] = "mirror",
    runs: Optional[int] = None,
    warmup: Optional[int] = None,
    min_runs: Optional[int] = None,
    max_runs: Optional[int] = None,
    target_seconds: Optional[float] = None,
    prepare: Optional[str] = None,
    cleanup: Optional[str] = None,
    commands: Optional[Union[str, Sequence[str]]] = None,
    count_pattern: Optional[str] = None,
    timing: Optional[str] = None,
    threads: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    max_seconds: Optional[float] = 60,
    out: Optional[Union[str, "os.PathLike[str]"]] = None,
    export_json: Optional[Union[str, "os.PathLike[str]"]] = None,
    export_markdown: Optional[Union[str, "os.PathLike[str]"]] = None,
    nqueens_bin: Optional[Union[str, "os.PathLike[str]"]] = None,
    frame: Optional[bool] = None,
) -> Any: ...
def solutions(
    n: int,
    *,
    unique: bool = False,
    prefix: Optional[Sequence[int]] = None,
    limit: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> npt.NDArray[np.uint8]: ...
def iter_solutions(
    n: int,
    *,
    unique: bool = False,
    prefix: Optional[Sequence[int]] = None,
    limit: Optional[int] = None,
) -> SolutionIterator: ...
def solve(n: int, method: str = "construct", seed: Optional[int] = None) -> npt.NDArray[np.uint32]: ...
def solvers() -> List[Dict[str, Any]]: ...
def estimate(
    n: int,
    *,
    samples: Optional[int] = None,
    seconds: Optional[float] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    cores: Optional[int] = None,
    design: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> EstimateResult: ...
