"""Where the stationary strategies of a solved end game lead from its start: the probability that optimal
play passes through each state, that each player completes the set and that play never ends, and the
expected number of trades. In exact fractions where the strategies are exact and play is acyclic (or cycles
through few states), so that an exact chance carries no float noise (`endless` 1.1e-16, 0.2499999999999990
for 1/4); in floats (least squares) otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.games.cowtrade.endgame import TradeState
from parlour.solvers.stochastic import End, Lottery, StochasticSolution, components

EXACT_CYCLE_STATES = 60  # a cycle of play solved in exact fractions up to this many states (Gauss: m^3)
REACH_INVERSE = 2_000  # transient states up to which the chances of passing through are exact in floats (m^3)


@dataclass(frozen=True)
class Chain:
    """What the stationary strategies lead to from a start: the probability that optimal play passes
    through each state it can reach (`reach`, by state index), that player 1 / player 2 completes the
    set and that play never ends, and the expected number of trades (a tied trade counted; inf when play
    may never end). `exact` holds the same four as Fractions where they were computed exactly (every
    strategy exact, and play acyclic or a cycle of at most EXACT_CYCLE_STATES states), else None."""

    reach: dict[int, float]
    completes1: float
    completes2: float
    endless: float
    expected_trades: float
    exact: tuple[Fraction, Fraction, Fraction, Fraction | None] | None


def _transitions(solution: StochasticSolution) -> tuple[list[dict[int, Any]], list[Any], list[Any]]:
    """Per state: the next states with their probabilities, and the probability of each player completing
    the set at once (Fractions where the strategies are exact, floats otherwise)."""
    n = len(solution.states)
    trans: list[dict[int, Any]] = [dict() for _ in range(n)]
    win1: list[Any] = [0] * n
    win2: list[Any] = [0] * n
    for k, (stage, sol) in enumerate(zip(solution.stages, solution.solutions, strict=True)):
        lead, resp = (sol.strategy1, sol.strategy2) if stage.leader == 1 else (sol.strategy2, sol.strategy1)
        classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
        for i, p in enumerate(lead):
            if p <= 0:
                continue
            for j, q in enumerate(resp[classes[i]]):
                if q <= 0:
                    continue
                target = stage.targets[stage.outcome[i][j]]
                branches = target.branches if isinstance(target, Lottery) else ((1, target),)
                for chance, reached in branches:  # chance's draws too (the end game has none; a test's game has)
                    w = p * q * chance
                    if isinstance(reached, End):
                        if reached.payoff > 0:
                            win1[k] += w
                        else:
                            win2[k] += w
                    else:
                        t = solution.index[reached]
                        trans[k][t] = trans[k].get(t, 0) + w
    return trans, win1, win2


def _reachable(trans: list[dict[int, Any]], start: int) -> list[int]:
    seen = {start}
    frontier = [start]
    while frontier:
        k = frontier.pop()
        for t in trans[k]:
            if t not in seen:
                seen.add(t)
                frontier.append(t)
    return sorted(seen)


def _order(trans: list[dict[int, Any]], members: list[int]) -> list[int] | None:
    """The members in an order where every transition goes forward, or None when play can cycle."""
    indegree = dict.fromkeys(members, 0)
    for k in members:
        for t in trans[k]:
            indegree[t] += 1
    ready = [k for k in members if indegree[k] == 0]
    order = []
    while ready:
        k = ready.pop()
        order.append(k)
        for t in trans[k]:
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)
    return order if len(order) == len(members) else None


def _solve_exact(matrix: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]] | None:
    """Gauss-Jordan in Fractions: the columns x of matrix @ x = rhs, or None when the matrix is singular."""
    m = len(matrix)
    rows = [matrix[i][:] + [r[i] for r in rhs] for i in range(m)]
    for c in range(m):
        pivot = next((r for r in range(c, m) if rows[r][c] != 0), None)
        if pivot is None:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        inv = 1 / rows[c][c]
        rows[c] = [v * inv for v in rows[c]]
        for r in range(m):
            if r != c and rows[r][c] != 0:
                f = rows[r][c]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c], strict=True)]
    return [[rows[i][m + j] for i in range(m)] for j in range(len(rhs))]


def _exact_chain(trans: list[dict[int, Any]], win1: list[Any], win2: list[Any], members: list[int], start: int
                 ) -> tuple[Fraction, Fraction, Fraction, Fraction | None] | None:
    """P(1 completes), P(2 completes), P(endless) and the expected trades in exact fractions (None for the
    last when play may never end), or None where that is not possible (a float strategy, a long cycle)."""
    if not all(isinstance(w, Fraction | int) for k in members for w in (win1[k], win2[k], *trans[k].values())):
        return None
    order = _order(trans, members)
    if order is not None:  # acyclic: the probability of passing through a state is its expected visits
        visits = dict.fromkeys(members, Fraction(0))
        visits[start] = Fraction(1)
        for k in order:
            for t, w in trans[k].items():
                visits[t] += visits[k] * w
        p1 = sum((visits[k] * win1[k] for k in members), Fraction(0))
        p2 = sum((visits[k] * win2[k] for k in members), Fraction(0))
        endless = 1 - p1 - p2
        return p1, p2, endless, sum(visits.values(), Fraction(0)) if endless == 0 else None
    if len(members) > EXACT_CYCLE_STATES:
        return None
    # absorption in a cycle: only states from which the game can end absorb; from the others play goes
    # round for ever (probability 0 of completing), and (I - Q) restricted to the first is invertible
    ending = {k for k in members if win1[k] or win2[k]}
    grew = True
    while grew:
        grew = False
        for k in members:
            if k not in ending and any(t in ending for t in trans[k]):
                ending.add(k)
                grew = True
    alive = sorted(ending)
    pos = {k: a for a, k in enumerate(alive)}
    if start not in pos:
        return Fraction(0), Fraction(0), Fraction(1), None
    matrix = [[Fraction(int(i == j)) for j in range(len(alive))] for i in range(len(alive))]
    for k in alive:
        for t, w in trans[k].items():
            if t in pos:
                matrix[pos[k]][pos[t]] -= w
    solved = _solve_exact(matrix, [[Fraction(win1[k]) for k in alive], [Fraction(win2[k]) for k in alive]])
    if solved is None:
        return None
    p1, p2 = solved[0][pos[start]], solved[1][pos[start]]
    endless = 1 - p1 - p2
    if endless != 0:
        return p1, p2, endless, None
    transposed = [[matrix[j][i] for j in range(len(alive))] for i in range(len(alive))]
    counted = _solve_exact(transposed, [[Fraction(int(k == start)) for k in alive]])
    return p1, p2, endless, None if counted is None else sum(counted[0], Fraction(0))


def _classes(trans: list[dict[int, Any]], win1: list[Any], win2: list[Any], members: list[int]
             ) -> list[list[int]]:
    """The closed classes of the chain: strongly connected sets of states that play never leaves and never
    ends from; once in one, play passes through every state of it (again and again)."""
    pos = {k: a for a, k in enumerate(members)}
    comps = components([sorted(pos[t] for t in trans[k]) for k in members])
    closed = []
    for comp in comps:
        inside = {members[a] for a in comp}
        if all(not win1[k] and not win2[k] and all(t in inside for t in trans[k]) for k in inside):
            closed.append(sorted(inside))
    return closed


def _exact_reach(trans: list[dict[int, Any]], members: list[int], start: int) -> dict[int, float] | None:
    """P(optimal play passes through each state) as the floats of exact fractions where play cannot cycle
    and the strategies are exact (a quartet's): a state is passed through at most once, so the chance is
    its expected visits, summed along the order of play. None otherwise."""
    order = _order(trans, members)
    if order is None or not all(isinstance(w, Fraction | int) for k in members for w in trans[k].values()):
        return None
    visits = dict.fromkeys(members, Fraction(0))
    visits[start] = Fraction(1)
    for k in order:
        for t, w in trans[k].items():
            visits[t] += visits[k] * w
    return {k: float(v) for k, v in visits.items()}


def _reach(matrix: np.ndarray, trans: list[dict[int, Any]], win1: list[Any], win2: list[Any], members: list[int],
           first: int) -> dict[int, float]:
    """P(optimal play passes through each state), in floats. A state off the closed classes is left for good
    with positive probability, so the chain restricted to those states is transient and G = (I - Q)^-1 exists:
    the chance of passing through t is G[start, t] / G[t, t] (the expected visits over the visits once there).
    A closed class is entered with the probability of moving into it, and then each of its states is
    passed through. Beyond REACH_INVERSE transient states the expected visits stand in (at most 1 is kept)."""
    pos = {k: a for a, k in enumerate(members)}
    closed = _classes(trans, win1, win2, members)
    where = {k: c for c, states in enumerate(closed) for k in states}
    if first in where:
        return {k: float(k in closed[where[first]]) for k in members}
    step = np.eye(len(members)) - matrix  # the transition probabilities between the members
    passing = [pos[k] for k in members if k not in where]
    local = {a: b for b, a in enumerate(passing)}
    left = np.eye(len(passing)) - step[np.ix_(passing, passing)]
    start = local[pos[first]]
    if len(passing) <= REACH_INVERSE:
        g = np.linalg.inv(left)
        visits = g[start]
        chance = {members[a]: float(np.clip(visits[b] / g[b, b], 0.0, 1.0)) for a, b in local.items()}
    else:
        e = np.zeros(len(passing))
        e[start] = 1.0
        visits = np.linalg.solve(left.T, e)
        chance = {members[a]: float(np.clip(visits[b], 0.0, 1.0)) for a, b in local.items()}
    chance[first] = 1.0
    for states in closed:
        into = [pos[k] for k in states]
        entered = float(np.clip(visits @ step[np.ix_(passing, into)].sum(axis=1), 0.0, 1.0))
        chance.update(dict.fromkeys(states, entered))
    return chance


def play_chain(solution: StochasticSolution, start: TradeState) -> Chain:
    """Where the stationary strategies lead from `start` (see `Chain`)."""
    trans, win1, win2 = _transitions(solution)
    first = solution.index[start]
    members = _reachable(trans, first)
    pos = {k: a for a, k in enumerate(members)}
    m = len(members)
    matrix = np.eye(m)
    for k in members:
        for t, w in trans[k].items():
            matrix[pos[k], pos[t]] -= float(w)
    # absorption (I - P) a = win and visits (I - P)^T r = e_start; a singular system means that play
    # goes round for ever with probability 1 from some state: least squares gives the bounded solution
    # there, and P(endless) is what the two absorptions leave.
    a1 = np.linalg.lstsq(matrix, np.array([float(win1[k]) for k in members]), rcond=None)[0]
    a2 = np.linalg.lstsq(matrix, np.array([float(win2[k]) for k in members]), rcond=None)[0]
    e = np.zeros(m)
    e[pos[first]] = 1.0
    visits = np.linalg.lstsq(matrix.T, e, rcond=None)[0]
    reach = _exact_reach(trans, members, first) or _reach(matrix, trans, win1, win2, members, first)
    exact_ = _exact_chain(trans, win1, win2, members, first)
    if exact_ is not None:  # the floats of the exact numbers: no noise (1.1e-16 endless, 0.2499999999999990)
        p1, p2, endless = (float(x) for x in exact_[:3])
        expected = float("inf") if exact_[3] is None else float(exact_[3])
        return Chain(reach, p1, p2, endless, expected, exact_)
    p1 = float(np.clip(a1[pos[first]], 0, 1))
    p2 = float(np.clip(a2[pos[first]], 0, 1))
    endless = max(0.0, 1.0 - p1 - p2)
    expected = float(visits.sum()) if endless < 1e-12 else float("inf")
    return Chain(reach, p1, p2, endless, expected, None)


__all__ = ["EXACT_CYCLE_STATES", "Chain", "play_chain"]
