"""What a Goose solve will do (`SolvePlan`), as `policy.plan` decides it and `model.solve` carries it out: a
module of its own, so that the engines read the plan without importing the policy that makes it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from parlour.games.goose.rules import RuleSet, State
from parlour.solvers import markov

Engine = Literal["exact", "stored chain", "chain-free", "dask"]


@dataclass(frozen=True)
class SolvePlan:
    """Everything a solve will do, before it does any of it."""

    rules: RuleSet
    players: int
    start: State | None  # None: everybody on the start square
    exact: bool
    tol: float  # the certified half-width (unused by the exact engine)
    engine: Engine
    packed: bool  # chain-free: each bound and its extrapolation offset in 8 bytes (else float64 + float32)
    checkpoint: markov.Checkpoint | None  # for Dask its path is the shared work folder
    chosen_checkpoint: bool  # its place was decided here, not asked for: the interface says where it is
    out_of_core: bool
    threads: int  # numba threads of the solve: the sweeps' one rule (`sweep_threads`) for its size
    memory: float  # the size model's estimate (bytes, seconds; `queries.solve_estimate`)
    seconds: float
