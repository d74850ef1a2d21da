"""Iterated elimination of dominated strategies in a zero-sum matrix game, with checked witnesses.

Rows belong to the maximising player (player 1), columns to the minimising player (player 2).
Each removal records the dominating strategy (a pure strategy, or a mixture found by LP with
rational weights) and is re-checked exactly against the matrix as it stood at that step.
Strict removals keep every equilibrium; weak removals keep the value and at least one equilibrium.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import CertificateError, InvalidType, shown
from parlour.infra import spelling
from parlour.infra.checks import flag
from parlour.results import Result, Status
from parlour.solvers import exactlp, lp
from parlour.solvers.zerosum import MatrixLike, integer_matrix


class Kind(enum.StrEnum):
    STRICT = "strict"
    WEAK = "weak"
    EQUAL = "equal"  # a duplicate of another strategy: dropping one copy changes nothing


@dataclass(frozen=True)
class Removal:
    """Player `player` (1 = rows, 2 = columns) drops `strategy` (an original index), dominated by
    the mixture `by` (original index -> weight; one entry of weight 1 for pure dominance)."""

    player: int
    strategy: int
    kind: Kind
    by: tuple[tuple[int, Fraction], ...]

    @property
    def pure(self) -> bool:
        return len(self.by) == 1

    def describe(self, row_labels: list[str] | None = None, col_labels: list[str] | None = None) -> str:
        labels = row_labels if self.player == 1 else col_labels
        name = (lambda i: labels[i]) if labels else str
        witness = " + ".join(f"{w}·{name(i)}" if w != 1 else name(i) for i, w in self.by)
        who = "row" if self.player == 1 else "column"
        if self.kind is Kind.EQUAL:
            return f"{who} {name(self.strategy)} is a duplicate of {witness}"
        return f"{who} {name(self.strategy)} {self.kind.value}ly dominated by {witness}"


@dataclass(frozen=True)
class Elimination(Result):
    """Iterated elimination: the surviving strategies and every removal with its witness (each
    checked exactly by `verify`)."""

    rows: tuple[int, ...]  # surviving rows, original indices
    cols: tuple[int, ...]
    steps: tuple[Removal, ...]

    @property
    def survivors(self) -> dict[str, tuple[int, ...]]:
        """The surviving `rows` and `columns` (original indices), as the JSON writes them."""
        return {"rows": self.rows, "columns": self.cols}

    def payload(self, row_labels: list[str] | None = None,
                col_labels: list[str] | None = None) -> dict[str, Any]:
        """The removals in words and the survivors (labels default to the 0-based indices)."""
        def name(labels: list[str] | None, i: int) -> object:
            return labels[i] if labels else i

        return {
            "steps": [s.describe(row_labels, col_labels) for s in self.steps],
            "survivors": {"rows": [name(row_labels, i) for i in self.rows],
                          "columns": [name(col_labels, j) for j in self.cols]},
        }

    def reduced(self, matrix: MatrixLike) -> np.ndarray:
        return np.asarray(matrix, dtype=object)[np.ix_(self.rows, self.cols)]


def dominates(
    ints: np.ndarray, rows: list[int], cols: list[int], removal: Removal
) -> bool:
    """Exact check of one removal against the sub-matrix rows x cols as it stood at that step."""
    weights = dict(removal.by)
    if removal.strategy in weights or any(w <= 0 for w in weights.values()):
        return False
    if sum(weights.values(), Fraction(0)) != 1:
        return False
    if removal.player == 1:
        alive, others = rows, cols
        if removal.strategy not in alive or not set(weights) <= set(alive):
            return False
        diffs = [
            sum((w * int(ints[s, j]) for s, w in weights.items()), Fraction(0)) - int(ints[removal.strategy, j])
            for j in others
        ]
    else:
        alive, others = cols, rows
        if removal.strategy not in alive or not set(weights) <= set(alive):
            return False
        # the column player minimises: the witness must pay out no more in every row
        diffs = [
            int(ints[i, removal.strategy]) - sum((w * int(ints[i, s]) for s, w in weights.items()), Fraction(0))
            for i in others
        ]
    if removal.kind is Kind.STRICT:
        return all(d > 0 for d in diffs)
    if removal.kind is Kind.EQUAL:
        return removal.pure and all(d == 0 for d in diffs)
    return all(d >= 0 for d in diffs) and any(d > 0 for d in diffs)


def verify(matrix: MatrixLike, result: Elimination) -> None:
    """Replay every removal and check its witness exactly; raise CertificateError on the first bad one."""
    if not isinstance(result, Elimination):
        raise InvalidType(f"{spelling.parameter('result')} must be an Elimination (what eliminate returns), "
                          f"got {shown(result)}")
    ints, _ = integer_matrix(matrix)
    rows = list(range(ints.shape[0]))
    cols = list(range(ints.shape[1]))
    for step in result.steps:
        if not dominates(ints, rows, cols, step):
            raise CertificateError(f"elimination step does not hold: {step.describe()}")
        (rows if step.player == 1 else cols).remove(step.strategy)
    if tuple(rows) != result.rows or tuple(cols) != result.cols:
        raise CertificateError("the survivors do not match the recorded steps")


def _pure_removal(sub: np.ndarray, index: int, weak: bool) -> tuple[int, Kind] | None:
    """A row of `sub` (maximiser's payoffs) dominating row `index`, preferring strict dominance."""
    ge = (sub >= sub[index]).all(axis=1)
    gt_all = (sub > sub[index]).all(axis=1)
    gt_any = (sub > sub[index]).any(axis=1)
    ge[index] = gt_all[index] = False
    strict = np.flatnonzero(gt_all)
    if strict.size:
        return int(strict[0]), Kind.STRICT
    if weak:
        weakly = np.flatnonzero(ge & gt_any)
        if weakly.size:
            return int(weakly[0]), Kind.WEAK
        twins = np.flatnonzero(ge & ~gt_any)
        if twins.size:
            return int(twins[0]), Kind.EQUAL
    return None


def _mixed_removal(sub: np.ndarray, index: int, weak: bool) -> tuple[dict[int, Fraction], Kind] | None:
    """A mixture of the other rows dominating row `index`, by LP, rounded to exact weights."""
    others = [r for r in range(sub.shape[0]) if r != index]
    if len(others) < 2:
        return None
    block = sub[others].astype(np.float64)  # k x n
    target = sub[index].astype(np.float64)
    k, n = block.shape
    scale = max(1.0, float(np.abs(block).max()))
    # variables: sigma (k), eps; maximise eps s.t. sigma^T block - eps >= target, sum sigma = 1
    res = lp.minimise(np.r_[np.zeros(k), -1.0], a_ub=np.c_[-block.T, np.ones(n)], b_ub=-target,
                      a_eq=np.r_[np.ones(k), 0.0][None, :], b_eq=[1.0],
                      lower=np.r_[np.zeros(k), -lp.INF], upper=np.r_[np.full(k, lp.INF), scale])
    candidates: list[Kind] = []
    if res.optimal and res.x[-1] > 1e-9 * scale:
        candidates.append(Kind.STRICT)
    elif weak:
        # maximise the total slack subject to sigma^T block >= target
        res = lp.minimise(-block.sum(axis=1), a_ub=-block.T, b_ub=-target, a_eq=np.ones((1, k)), b_eq=[1.0])
        if res.optimal and float(res.x @ block.sum(axis=1) - target.sum()) > 1e-9 * scale:
            candidates.append(Kind.WEAK)
    if not candidates:
        return None
    sigma = res.x[:k]
    ints = sub.astype(object)
    for max_den in (10**2, 10**4, 10**6):
        mix = exactlp.mixture(exactlp.rounded(sigma, max_den, nonnegative=True))
        if mix is None:
            continue
        weights = {others[j]: w for j, w in enumerate(mix) if w > 0}
        for kind in (Kind.STRICT, Kind.WEAK) if weak else (Kind.STRICT,):
            trial = Removal(1, index, kind, tuple(weights.items()))
            if dominates(ints, list(range(sub.shape[0])), list(range(sub.shape[1])), trial):
                return weights, kind
    return None


def eliminate(matrix: MatrixLike, weak: bool = True, mixed: bool = True) -> Elimination:
    """Iterated elimination: pure dominance first (rows, then columns), mixed only when pure is stuck.

    The order is deterministic: the first dominated strategy in index order is removed, by the
    first dominating one (strict preferred to weak).

    Parameters
    ----------
    matrix : array_like
        The row player's payoffs, a non-empty 2-D table of finite numbers (ints, Fractions, floats, numpy's).
    weak : bool, default True
        Also remove weakly dominated strategies (and duplicates); False: strict dominance only.
    mixed : bool, default True
        Also look for dominating mixtures (by LP, checked exactly) when pure dominance is stuck.

    Returns
    -------
    Elimination
        ``rows`` and ``cols`` (the survivors, original indices) and ``steps`` (each `Removal` with its
        witness); status EXACT: every removal is re-checked exactly (`verify`).

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) `weak` or `mixed` is not a bool, or `matrix` no table of numbers.
    ValueError
        (`parlour.errors.InvalidInput`) A matrix of the wrong shape or with entries that are not finite.
    """
    weak, mixed = flag(weak, "weak"), flag(mixed, "mixed")  # "no" and None are no switch: refused, not read
    start = time.perf_counter()
    ints, _ = integer_matrix(matrix)
    if max(abs(v) for v in ints.flat) < 2**62:
        ints = ints.astype(np.int64)  # vectorised comparisons; witnesses are still checked in ints
    game = _Survivors(ints, list(range(ints.shape[0])), list(range(ints.shape[1])), [])
    while True:
        progress = game.pure_pass(1, weak) | game.pure_pass(2, weak)
        if progress:
            continue
        if mixed and (game.mixed_pass(1, weak) or game.mixed_pass(2, weak)):
            continue
        break
    kinds = ("strict", "weak" if weak else "", "mixed" if mixed else "")
    result = Elimination(tuple(game.rows), tuple(game.cols), tuple(game.steps),
                         method="iterated dominance (" + ", ".join(k for k in kinds if k) + ")",
                         status=Status.EXACT, seconds=time.perf_counter() - start,
                         counters={"removals": len(game.steps)})
    verify(matrix, result)
    return result


@dataclass
class _Survivors:
    """The strategies still in play during an elimination, and the removals so far."""

    ints: np.ndarray
    rows: list[int]
    cols: list[int]
    steps: list[Removal]

    def sub_for(self, player: int) -> tuple[np.ndarray, list[int]]:
        block = self.ints[np.ix_(self.rows, self.cols)]
        # the column player's own payoffs are -A; transposing makes her the row of `block`
        return (block, self.rows) if player == 1 else (-block.T, self.cols)

    def pure_pass(self, player: int, weak: bool) -> bool:
        """Remove `player`'s purely dominated strategies in index order; whether any went."""
        changed = False
        index = 0
        while True:
            block, alive = self.sub_for(player)
            if index >= len(alive) or len(alive) == 1:
                return changed
            found = _pure_removal(block, index, weak)
            if found is None:
                index += 1
                continue
            by, kind = found
            self.steps.append(Removal(player, alive[index], kind, ((alive[by], Fraction(1)),)))
            alive.pop(index)
            changed = True

    def mixed_pass(self, player: int, weak: bool) -> bool:
        """Remove the first of `player`'s strategies a mixture dominates; whether one went."""
        block, alive = self.sub_for(player)
        for index in range(len(alive)):
            found = _mixed_removal(block, index, weak)
            if found is not None:
                weights, kind = found
                by = tuple((alive[j], w) for j, w in weights.items())
                self.steps.append(Removal(player, alive[index], kind, by))
                alive.pop(index)
                return True
        return False


__all__ = ["Elimination", "Kind", "Removal", "dominates", "eliminate", "verify"]
