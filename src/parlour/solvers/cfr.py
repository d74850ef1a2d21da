"""Two-player zero-sum extensive games too large for the sequence-form LP (`sequence`), bounded by CFR+
(Tammelin 2014: regret matching+, alternating updates, linearly weighted averages) with a proof.

Game-independent: it takes any `SequenceForm` (a module's walk, a Gambit file, an OpenSpiel game), flattened
to arrays (`cfr_form`) and iterated in numba (`cfr_kernels`) over the pairs of sequences and the information
sets, which is one pass over the tree per iteration without keeping the tree.

The proof: nothing CFR+ computes is believed. Now and then each player's average strategy is checked by the
other's best reply: player 1's guarantees him at least L (the least he gets against every reply of player 2),
player 2's holds him to at most H, so the value lies in [L, H] and H - L (the exploitability) is the
certificate. The best replies are computed in floats with outward rounding, not in Fractions: a Fraction
check of 10^5 pairs at every check would cost more than the iterations it certifies, and floats scale to any
tree. Soundness: every pair's payoff is bracketed by the floats either side of its correctly rounded float;
the strategy checked is the exact behaviour strategy that plays each move with its average weight over the
weights' sum, its realization plan bracketed by products and quotients each rounded outwards; every product
of a plan and a payoff takes the end of the plan's interval that makes it least, and every sum is rounded
down (the float below the nearest float, which lies below the exact sum). So L is at most what player 1's
average strategy guarantees, hence at most the value; H likewise from above (the same bound for player 2,
whose payoffs are the negatives, exact in floats). The best L and the best H met so far stay proven, so a
stopped run (Ctrl-C, a limit) keeps the best interval it proved.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import InvalidInput
from parlour.results import Status, label
from parlour.solvers import cfr_form
from parlour.solvers.sequence import SequenceForm

__all__ = ["LP_PAIRS", "LP_SEQUENCES", "TOL", "CFRSolution", "beyond_lp", "solve"]

TOL = 2e-4  # the width aimed at by default: the value to +-1e-4
MAX_ITERATIONS = 10_000_000
CHUNK_SECONDS = 0.5  # between two certificates (and two chances for Ctrl-C), at most about this long
SHOWN_INFOSETS = 1000  # strategies in the JSON up to this many information sets, else a note
# The sequence-form LP is the better tool (exact or 1e-15 wide) while it fits: up to this many sequences of
# both players together and this many pairs of sequences with a payoff; beyond, CFR+. Its whole solve (HiGHS,
# then the rounded strategies checked in fractions) grew from 4 s (2,606 sequences, 9,000 pairs) to 84 s
# (12,014 sequences, 95,000 pairs: Leduc with 52 cards) on a loaded 2-core machine, about as the square and
# more; CFR+ proves +-1e-4 on the latter in 6 s.
LP_SEQUENCES = 16_000
LP_PAIRS = 500_000

Strategy = dict[Hashable, dict[Any, float]]


def beyond_lp(game: SequenceForm) -> bool:
    """Whether the game is too large for the sequence-form LP (`LP_SEQUENCES`, `LP_PAIRS`): CFR+'s to bound."""
    return sum(game.sequences) > LP_SEQUENCES or len(game.payoff) > LP_PAIRS


@dataclass(frozen=True)
class CFRSolution:
    """The value of player 1 lies in [value_low, value_high]: what `strategies[0]` (player 1's average
    strategy at the check that proved value_low) guarantees him at least, and what `strategies[1]` holds
    him to at most, both bounded with outward rounding (the module's docstring). `iterations` of CFR+ were
    run; `interrupted`: stopped by Ctrl-C (or the progress callback) before the interval was `tol` wide."""

    value_low: Fraction
    value_high: Fraction
    strategies: tuple[Strategy, Strategy]
    iterations: int
    checks: int
    tol: float
    interrupted: bool

    @property
    def width(self) -> Fraction:
        return self.value_high - self.value_low

    @property
    def status(self) -> Status:
        if self.width == 0:
            return Status.EXACT
        return Status.CERTIFIED if self.width <= Fraction(self.tol) else Status.STOPPED

    @property
    def message(self) -> str:
        width = f"proven interval of width {float(self.width):.1e}"
        if self.status is Status.STOPPED:
            why = "interrupted" if self.interrupted else "the iteration or time limit was reached"
            return f"{width} > tol {self.tol:g} ({why} after {self.iterations:,} iterations)"
        return f"{width} <= tol {self.tol:g} after {self.iterations:,} CFR+ iterations"

    proof = ("bounds: what each player's CFR+ average strategy guarantees against the other's best reply, "
             "computed in floats rounded outwards")
    engine = "CFR+ (numba) + best replies rounded outwards"
    method = ("game tree in sequence form: CFR+ (regret matching+, alternating updates, linear averaging), "
              "each player's average strategy checked by the other's best reply with outward rounding")

    def strategies_json(self, game: SequenceForm) -> dict[str, Any]:
        """Both players' average strategies (move probabilities per information set, floats), or a note
        where they have more than SHOWN_INFOSETS information sets together."""
        if len(game.of(1)) + len(game.of(2)) > SHOWN_INFOSETS:
            return {"note": f"{len(game.of(1)):,} and {len(game.of(2)):,} information sets: read "
                            "parlour.solvers.cfr.solve(form).strategies"}
        return {f"player{p}": {label(k): {label(m): x for m, x in v.items()} for k, v in s.items()}
                for p, s in enumerate(self.strategies, 1)}


def solve(game: SequenceForm, *, tol: float = TOL, progress: Callable[[str], None] | None = None,
          max_iterations: int = MAX_ITERATIONS, max_seconds: float | None = None) -> CFRSolution:
    """CFR+ until the proven interval is at most `tol` wide, `max_iterations` or `max_seconds` pass, or Ctrl-C
    (then the best interval proven so far, status STOPPED). `progress` gets the interval after each check."""
    from parlour.infra import interrupt

    if not tol > 0:
        raise InvalidInput(f"tol must be positive, got {tol}")
    run = _Run(cfr_form.flat(game))
    interrupted = False
    try:
        with interrupt.deferred() as check:
            run.loop(tol, max_iterations, max_seconds, progress, check)
    except KeyboardInterrupt:
        interrupted = True
    return CFRSolution(Fraction(run.low), Fraction(run.high),
                       (_behaviour(game, 1, run.best1), _behaviour(game, 2, run.best2)), run.done, run.checks,
                       tol, interrupted)


class _Run:
    """CFR+'s arrays (behaviours, regrets, weighted sums of plans per sequence) and the best bounds so far,
    each with the average plan that proved it."""

    def __init__(self, form: cfr_form.FlatForm) -> None:
        from parlour.solvers import cfr_kernels  # numba: loaded when CFR+ runs, not when a tree is read

        self.kernels = cfr_kernels
        self.form = form
        self.sides = tuple(s.arrays for s in form.sides)
        n1, n2 = (s.sequences for s in form.sides)
        self.behaviour = [_uniform(form.sides[0]), _uniform(form.sides[1])]
        self.regret = [np.zeros(n1), np.zeros(n2)]
        self.sums = [np.zeros(n1), np.zeros(n2)]
        self.negated = -form.high  # player 2's payoffs, at least -high each: exact in floats
        self.done = self.checks = 0
        self.low, self.high = -np.inf, np.inf
        self.best1, self.best2 = self.behaviour[0].copy(), self.behaviour[1].copy()
        self.certify(self.behaviour[0], self.behaviour[1])  # the uniform strategies: a first interval

    def step(self, count: int) -> None:
        self.kernels.iterate(count, self.done, self.sides[0], self.sides[1], self.form.row, self.form.col,
                            self.form.pay, self.behaviour[0], self.behaviour[1], self.regret[0], self.regret[1],
                            self.sums[0], self.sums[1])
        self.done += count

    def certify(self, weights1: np.ndarray, weights2: np.ndarray) -> None:
        """Each player's strategy of these weights checked (`cfr_kernels.guarantee_low`); a better bound kept."""
        f, (n1, n2) = self.form, (s.sequences for s in self.form.sides)
        low = self.kernels.guarantee_low(self.sides[0], self.sides[1], f.row, f.col, f.low, weights1, n2)
        high = -self.kernels.guarantee_low(self.sides[1], self.sides[0], f.col, f.row, self.negated, weights2, n1)
        self.checks += 1
        if low > self.low:
            self.low, self.best1 = low, weights1.copy()
        if high < self.high:
            self.high, self.best2 = high, weights2.copy()

    def loop(self, tol: float, max_iterations: int, max_seconds: float | None,
             progress: Callable[[str], None] | None, check: Callable[[], None]) -> None:
        """Chunks of iterations, each followed by a certificate, a progress line and a look for Ctrl-C; a
        chunk doubles while it takes less than CHUNK_SECONDS (the first call compiles the kernels)."""
        started = time.perf_counter()
        chunk = 1
        while self.high - self.low > tol and self.done < max_iterations:
            if max_seconds is not None and time.perf_counter() - started > max_seconds:
                break
            count = min(chunk, max_iterations - self.done)
            begun = time.perf_counter()
            self.step(count)
            took = time.perf_counter() - begun
            self.certify(self.sums[0], self.sums[1])
            if progress is not None:
                progress(f"CFR+ {self.done:,} iterations: value in [{self.low:.9f}, {self.high:.9f}], "
                         f"width {self.high - self.low:.1e} (target {tol:g})")
            check()
            chunk = max(1, min(2 * chunk, int(CHUNK_SECONDS * count / max(took, 1e-9))))


def _uniform(side: cfr_form.Side) -> np.ndarray:
    out = np.ones(side.sequences)
    out[side.first.repeat(side.size) + _offsets(side.size)] = 1.0 / side.size.repeat(side.size)
    return out


def _offsets(size: np.ndarray) -> np.ndarray:
    """0, 1, ..., size[k] - 1 for each k, concatenated."""
    ends = np.cumsum(size)
    return np.arange(int(ends[-1]) if len(ends) else 0) - np.repeat(ends - size, size)


def _behaviour(game: SequenceForm, player: int, weights: np.ndarray) -> Strategy:
    """The behaviour strategy that the certificate checked for these weights (`cfr_kernels._plan_bounds`),
    to the float: each move's weight over the information set's, uniform where nothing weighs."""
    out: Strategy = {}
    for info in game.of(player):
        moves = np.maximum(weights[info.first:info.first + len(info.moves)], 0.0)
        total = float(moves.sum())
        uniform = weights[info.parent] <= 0 or total <= 0
        out[info.name] = {m: 1 / len(info.moves) if uniform else float(w) / total
                          for m, w in zip(info.moves, moves, strict=True)}
    return out
