"""One stage at given continuation values: its matrix, its solution (floats, or exact with a checked
certificate), what a strategy guarantees there, and the cells a pair of strategies reaches."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.solvers import signalled
from parlour.solvers.stochastic.model import End, Lottery, Stage, State


def target_value(target: Any, index: dict[State, int], values: Sequence[Any]) -> Any:
    if isinstance(target, End):
        return target.payoff
    if isinstance(target, Lottery):
        return sum(p * target_value(t, index, values) for p, t in target.branches)
    return values[index[target]]


def stage_matrix(stage: Stage, index: dict[State, int], values: Any, as_float: bool) -> Any:
    """Player 1's payoff in every cell, with `values` as the states' continuation values."""
    tv = [target_value(t, index, values) for t in stage.targets]
    if as_float:
        floats = np.array([float(v) for v in tv])
        return floats[np.asarray(stage.outcome, dtype=np.int64)]
    return [[tv[k] for k in row] for row in stage.outcome]


def _oriented(matrix: Any, leader: int, as_float: bool) -> Any:
    """The stage as the leader sees it (the signalled solver's leader maximises)."""
    if leader == 1:
        return matrix
    return -matrix if as_float else [[-v for v in row] for row in matrix]


def solve_stage(stage: Stage, index: dict[State, int], values: Any, exact_: bool
                ) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
    """(value to player 1, strategy1, strategy2) of one stage at the given continuation values."""
    if exact_:
        return _solve_stage_exact(stage, index, values)
    matrix = _oriented(stage_matrix(stage, index, values, not exact_), stage.leader, not exact_)
    sol = (signalled.solve_exact(matrix, stage.signals) if exact_
           else signalled.solve_float(matrix, stage.signals))
    value = sol.value if stage.leader == 1 else -sol.value
    if stage.leader == 1:
        return value, sol.leader, sol.responder
    return value, sol.responder, sol.leader


def _solve_stage_exact(stage: Stage, index: dict[State, int], values: Any
                       ) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
    """The exact stage solve, with equal rows (within a signal) and equal columns dropped first.

    A stage's cells take few distinct values (one per target), so equal rows and columns are found on
    small integer codes of those values rather than on Fractions; a stage of thousands of moves then
    reaches the exact solver as the few that differ. Dropping exact copies changes neither the value nor
    what the kept strategies guarantee (a copy pays what its twin pays), so the certificate checked on
    the reduced matrix holds for the full one; the dropped moves get probability 0."""
    payoffs = [target_value(t, index, values) for t in stage.targets]
    codes: dict[Any, int] = {}
    code_of = np.array([codes.setdefault(v, len(codes)) for v in payoffs], dtype=np.int64)
    grid = code_of[np.asarray(stage.outcome, dtype=np.int64)]
    m, n = grid.shape
    signals = np.asarray(stage.signals if stage.signals is not None else [0] * m, dtype=np.int64)
    keep_rows = np.sort(np.unique(np.column_stack([signals, grid]), axis=0, return_index=True)[1])
    keep_cols = np.sort(np.unique(grid[keep_rows].T, axis=0, return_index=True)[1])
    distinct = list(codes) if stage.leader == 1 else [-v for v in codes]  # as the leader sees it
    small = [[distinct[c] for c in row] for row in grid[np.ix_(keep_rows, keep_cols)].tolist()]
    sol = signalled.solve_exact(small, None if stage.signals is None else signals[keep_rows].tolist())
    leading = [Fraction(0)] * m
    for k, i in enumerate(keep_rows.tolist()):
        leading[i] = sol.leader[k]  # type: ignore[assignment]
    answering = []
    for mix in sol.responder:
        full = [Fraction(0)] * n
        for k, j in enumerate(keep_cols.tolist()):
            full[j] = mix[k]  # type: ignore[assignment]
        answering.append(tuple(full))
    value = sol.value if stage.leader == 1 else -sol.value
    if stage.leader == 1:
        return value, tuple(leading), tuple(answering)
    return value, tuple(answering), tuple(leading)


def guaranteed(stage: Stage, index: dict[State, int], values: Sequence[Fraction], player: int,
               strategy: tuple[Any, ...]) -> Fraction:
    """Exactly what `player`'s strategy at this stage guarantees him against every reply, with the
    given continuation values: T_x(values) at this state (player 1: a lower bound; 2: an upper one)."""
    matrix = _oriented(stage_matrix(stage, index, values, False), stage.leader, False)
    rows = len(stage.rows)
    count = (max(stage.signals) + 1) if stage.signals is not None else 1
    if player == stage.leader:
        leader = tuple(Fraction(p) for p in strategy)
        responder = tuple((Fraction(1),) + (Fraction(0),) * (len(stage.cols) - 1) for _ in range(count))
        low, _ = signalled.guarantees(matrix, stage.signals, leader, responder)
        oriented = low
    else:
        leader = (Fraction(1),) + (Fraction(0),) * (rows - 1)
        responder = tuple(tuple(Fraction(p) for p in mix) for mix in strategy)
        _, high = signalled.guarantees(matrix, stage.signals, leader, responder)
        oriented = high
    # the oriented payoff is the leader's; player 1's guarantee is it (leader 1) or minus it (leader 2)
    return oriented if stage.leader == 1 else -oriented


def guaranteed_float(stage: Stage, index: dict[State, int], values: np.ndarray, player: int,
                     strategy: tuple[Any, ...]) -> float:
    """`guaranteed` in floats: the search for a bound runs on it, and only the bound found is proven."""
    matrix = stage_matrix(stage, index, values, True)
    matrix = matrix if stage.leader == 1 else -matrix
    classes = np.asarray(stage.signals if stage.signals is not None else (0,) * len(stage.rows))
    if player == stage.leader:
        x = np.asarray(strategy, dtype=np.float64)
        oriented = sum(float(((x * (classes == c)) @ matrix).min()) for c in np.unique(classes[x > 0]))
    else:
        y = np.asarray(strategy, dtype=np.float64)  # one mixture per signal
        oriented = float((matrix * y[classes]).sum(axis=1).max())
    return oriented if stage.leader == 1 else -oriented


Cells = list[tuple[float, int, int]]  # (probability, row, column) of a stage's cells under some play


def pair_cells(stage: Stage, pair: tuple[Any, Any]) -> Cells:
    """The cells both players' mixtures reach, with their probabilities."""
    lead, resp = pair if stage.leader == 1 else (pair[1], pair[0])
    classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    return [(float(p) * float(q), i, j) for i, p in enumerate(lead) if p > 0
            for j, q in enumerate(resp[classes[i]]) if q > 0]


def reply_cells(stage: Stage, player: int, strategy: Any, reply: tuple[int, ...]) -> Cells:
    """The cells `player`'s mixture and the opponent's pure reply reach: the reply is a column per
    signal when `player` leads, one row when he responds."""
    classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    if player == stage.leader:
        return [(float(p), i, reply[classes[i]]) for i, p in enumerate(strategy) if p > 0]
    i = reply[0]
    return [(float(q), i, j) for j, q in enumerate(strategy[classes[i]]) if q > 0]


def best_reply(stage: Stage, index: dict[State, int], values: np.ndarray, player: int, strategy: Any
               ) -> tuple[int, ...]:
    """The opponent's best pure reply to `player`'s mixture at the given continuation values."""
    matrix = stage_matrix(stage, index, values, True)
    sign = 1 if player == 1 else -1  # the opponent minimises player 1's payoff, maximises player 2's... as 1's
    classes = np.asarray(stage.signals if stage.signals is not None else (0,) * len(stage.rows))
    if player == stage.leader:
        x = np.asarray(strategy, dtype=np.float64)
        return tuple(int(np.argmin(sign * ((x * (classes == c)) @ matrix)))
                     for c in range(int(classes.max()) + 1))
    y = np.asarray(strategy, dtype=np.float64)
    return (int(np.argmin(sign * (matrix * y[classes]).sum(axis=1))),)


def reply_value(stage: Stage, index: dict[State, int], values: np.ndarray, player: int, strategy: Any,
                reply: tuple[int, ...]) -> float:
    matrix = stage_matrix(stage, index, values, True)
    return float(sum(w * matrix[i, j] for w, i, j in reply_cells(stage, player, strategy, reply)))


def improving_replies(stages: Sequence[Stage], index: dict[State, int], comp: Sequence[int], values: np.ndarray,
                      player: int, strategies: dict[int, Any], reply: dict[int, tuple[int, ...]]
                      ) -> dict[int, tuple[float, tuple[int, ...]]]:
    """Where the opponent of `player` strictly gains (by more than a float's hair) by switching from his
    pure reply to his best one at the given continuation values: {state: (the gain, the better reply)}."""
    sign = 1 if player == 1 else -1
    gains = {}
    for s in comp:
        stage = stages[s]
        better = best_reply(stage, index, values, player, strategies[s])
        if better == reply[s]:
            continue
        now = reply_value(stage, index, values, player, strategies[s], reply[s])
        then = reply_value(stage, index, values, player, strategies[s], better)
        if sign * (now - then) > 1e-15:
            gains[s] = (sign * (now - then), better)
    return gains
