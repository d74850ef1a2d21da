"""What a solve knows so far, shared by the iteration and the proofs: every state's stage, its proven
bounds (None until its component is solved), its float value and strategies, and the counters."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.solvers.stochastic.model import End, Lottery, Stage, State, next_states


@dataclass
class Work:
    states: list[State]
    stages: list[Stage]
    index: dict[State, int]
    lower: list[Fraction | None]
    upper: list[Fraction | None]
    float_values: np.ndarray
    strategies: list[tuple[tuple[Any, ...], tuple[Any, ...]] | None]
    how: list[str]
    counters: dict[str, int]
    heard: Callable[[str], None] | None = None  # a cycle's proofs in words, for a progress bar (`solve`'s counter)


PROGRESS_EVERY = 20  # components between progress reports (a quartet's stage: ~10-30 ms)


def payoff_range(work: Work, comp: list[int], endless: Fraction) -> tuple[Fraction, Fraction]:
    found = [endless]
    for s in comp:
        for t in work.stages[s].targets:
            if isinstance(t, End):
                found.append(t.payoff)
            elif isinstance(t, Lottery):
                found.extend(b.payoff for _, b in t.branches if isinstance(b, End))
        for k in next_states(work.stages[s], work.index):
            if k not in comp:
                found.extend(v for v in (work.lower[k], work.upper[k]) if v is not None)
    return min(found), max(found)
