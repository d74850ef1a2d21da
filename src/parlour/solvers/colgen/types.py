"""What column generation works with: the oracle protocol a game supplies, stabilisation settings, the
per-iteration trace, the exact certificate and the result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Protocol

import numpy as np

from parlour.results import Result

Column = tuple[int, ...]


Priced = tuple[float, np.ndarray, list[np.ndarray]]


class Oracle(Protocol):
    """Best responses of the column player (the minimiser): what a game supplies to column generation."""

    m: int  # number of row strategies

    def best_response(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        """(min over all columns c of x·c, an integer column attaining it) in floats."""
        ...

    def responses(self, points: Sequence[np.ndarray], extra: int) -> list[Priced]:
        """(value, best response, up to `extra` near-best responses) at every pricing point. An oracle may
        price the points at once (in parallel); `PointwiseResponses` prices them one by one."""
        ...

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, Column]:
        """The same in exact arithmetic, over *all* columns: the certificate's check of x."""
        ...


class PointwiseResponses:
    """`Oracle.responses` for an oracle that prices one point at a time and offers no near-best columns."""

    def best_response(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        raise NotImplementedError

    def responses(self, points: Sequence[np.ndarray], extra: int) -> list[Priced]:
        return [(*self.best_response(point), []) for point in points]


@dataclass(frozen=True)
class Stabilisation:
    kind: Literal["wentges", "fixed", "none"] = "wentges"
    c: float = 0.95  # initial weight of the centre
    points: int = 5  # pricing points per iteration on the segment centre → x (the last is x itself)
    guess: tuple[float, ...] | None = None  # the centre for kind="fixed"
    # When the best lower bound has not moved for `stall` iterations, trust the centre less
    # (c ← c·decay): a stale centre (e.g. the uniform start) otherwise pins every pricing point. 0: off.
    stall: int = 0
    decay: float = 0.7


@dataclass(frozen=True)
class TraceStep:
    iteration: int
    upper: float  # master optimum: the value can be no larger
    lower: float  # best oracle value so far: the value is at least this
    lower_here: float  # oracle value at this iteration's master strategy (not monotone)
    master_rows: int
    added: int
    smoothing: float  # the centre's weight c used at this iteration


@dataclass(frozen=True)
class ColGenCertificate:
    """Exact value, row strategy x and a mixture of columns; checked against every row and column."""

    value: Fraction
    row_strategy: tuple[Fraction, ...]
    columns: tuple[Column, ...]
    column_weights: tuple[Fraction, ...]


@dataclass(frozen=True)
class ColGenResult(Result):
    """The float solution, with its exact certificate when proven (status EXACT; else ESTIMATE). The
    counters hold iterations, lp_iterations, columns_generated, columns_purged, final_master_rows and
    highs_certificate_fallbacks; the seconds of each phase are fields."""

    value: float
    certificate: ColGenCertificate | None
    row_strategy: tuple[float, ...]
    columns: tuple[Column, ...]  # the columns in Bob's final float mixture
    column_weights: tuple[float, ...]
    iterations: int
    trace: tuple[TraceStep, ...]
    lp_seconds: float
    oracle_seconds: float
    certify_seconds: float
    lp_iterations: int
    columns_generated: int
    columns_purged: int

    @property
    def certified(self) -> bool:
        return self.certificate is not None


