"""Exact solves of a race on small chains, each an integer system A x = b solved and checked exactly by
`solvers.markov.exact.solve_integer`: one player's expected number of turns, and both win chances of two
players who never meet (on the chain of unordered pairs of squares)."""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from parlour.analyses.race.board import all_finish, finishing, one_player
from parlour.analyses.race.result import RaceSolution
from parlour.errors import InvalidInput
from parlour.results import Status

__all__ = ["MAX_PAIR_EDGES", "pair_exact", "solo"]

# Pairs of squares times pairs of throws built at once (a few int64 arrays of this length: ~0.5 GiB); the
# Milton Bradley board has 3,321 * 36. Beyond it the exact pair system's LU would not be quick either.
MAX_PAIR_EDGES = 10_000_000


def solo(rules: Any, progress: Callable[[str], None] | None) -> RaceSolution:
    """The expected number of turns of one player alone, exactly: E(s) = 1 + sum over throws of
    P(throw) E(next square), E(end) = 0, i.e. (den I - W) E = den 1 in integers. A square from which the end
    cannot be reached makes the system singular (the expectation infinite): refused with its name."""
    import numpy as np
    import scipy.sparse as sp

    from parlour.solvers.markov.exact import solve_integer

    started = time.perf_counter()
    if rules.inns or rules.wells:
        raise InvalidInput("one player alone: inns and wells need other players (leave them out of the file)")
    squares, start, moves = one_player(rules)
    n, den = len(squares), rules.denominator
    if len(finishing(moves)) < n:
        raise InvalidInput("one player alone cannot always reach the end from every square: the expected "
                           "length is infinite")
    rows = [i for i, row in enumerate(moves) for j, _ in row if j >= 0]
    cols = [j for row in moves for j, _ in row if j >= 0]
    weights = [-m for row in moves for j, m in row if j >= 0]
    A = sp.csr_matrix((np.array(weights + [den] * n, np.int64), (rows + list(range(n)), cols + list(range(n)))),
                      shape=(n, n))
    A.sum_duplicates()
    if progress is not None:
        progress(f"one player: {n} squares, solving exactly")
    sol = solve_integer(A, np.full(n, den, np.int64))
    value = Fraction(sol.numerators[start], sol.denominator)
    return RaceSolution(
        name=rules.name, value_low=value, value_high=value,
        proof="exact: the expected number of turns solved in rationals (E = 1 + P E)", states=n,
        extra={"players": 1, "quantity": "expected number of turns of a solo game"},
        method="absorbing Markov chain, expected time to absorption, exact (iterative refinement + rational "
               "reconstruction, exact residual 0)", status=Status.EXACT,
        message="the expected length exact", seconds=time.perf_counter() - started)


def pair_exact(rules: Any, progress: Callable[[str], None] | None) -> RaceSolution | None:
    """Both win chances of two players who never meet, exactly, from a chain of unordered pairs of
    squares instead of the joint chain (which also records whose turn it is and where each stands).

    With T the number of turns one player needs, player 1 (who moves first) wins iff T1 <= T2. The two
    never meet, so T1 and T2 are independent with one law: P(T1 < T2) = P(T2 < T1), and where the end is
    reached from every square (T finite)

        P(player 1 wins) = (1 + P(T1 = T2)) / 2,   P(player 2 wins) = (1 - P(T1 = T2)) / 2.

    P(T1 = T2) is the chance that two copies of the one-player chain, throwing at the same time, finish
    on the same throw: an absorbing chain on the unordered pair {square 1, square 2} (the two copies are
    exchangeable, so the pair's law is the same whichever is which), absorbed with "tie" when both
    finish at once and dropped (no tie) when one does. Its ~n(n+1)/2 states (3,068 on the Milton Bradley
    board, against the joint chain's 12,270) are solved by the exact engine (`solve_integer`), which
    checks A x = b over the integers. None where some square cannot reach the end (a draw is then
    possible: the joint chain's engine counts it)."""
    from parlour.solvers.markov.exact import solve_integer

    started = time.perf_counter()
    squares, start, moves = one_player(rules)
    n, den = len(squares), rules.denominator
    if not all_finish(moves, start):
        return None
    if n * (n + 1) // 2 * len(rules.throws) ** 2 > MAX_PAIR_EDGES:
        return None  # the joint chain's engine, whose size guard names what it would take
    A, B, origin = _pair_system(moves, start, den)
    if progress is not None:
        progress(f"2 players who never meet: {A.shape[0]:,} pairs of squares, solving exactly")
    sol = solve_integer(A, B)
    same = Fraction(sol.numerators[origin], sol.denominator)
    wins = ((1 + same) / 2, (1 - same) / 2)
    return RaceSolution(
        name=rules.name, value_low=wins[0], value_high=wins[0],
        proof=("exact: the players never meet, so player 1 wins with (1 + P(both finish on the same turn)) / 2; "
               "that chance solved in rationals on the chain of unordered pairs of squares, A x = b checked "
               "exactly"),
        states=int(A.shape[0]), wins_low=wins, wins_high=wins,
        extra={"players": 2, "engine": "independent players: the chain of pairs of squares, exact",
               "refinement_steps": sol.refinement_steps, "bits": sol.bits},
        method="independent players: P(same finishing turn) on the unordered pairs of squares, iterative "
               "refinement + rational reconstruction, exact residual 0",
        status=Status.EXACT, message="exact win chances", seconds=time.perf_counter() - started)


def _pair_system(moves: list[list[tuple[int, int]]], start: int, den: int) -> tuple[Any, Any, int]:
    """The integer system (den^2 I - W) x = tie of the pairs reached from (start, start), and the row of
    that pair: W the pair chain's weights over den^2, `tie` the weight of both finishing at once."""
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order

    n = len(moves)
    # every square has one entry per kind of throw: targets (n means "finished") and multiplicities
    target = np.array([[n if j < 0 else j for j, _ in row] for row in moves], np.int64)
    mult = np.array([[m for _, m in row] for row in moves], np.int64)
    first, second = np.triu_indices(n)  # the pairs i <= j, numbered in this order
    number = np.full((n, n), -1, np.int64)
    number[first, second] = np.arange(first.size)
    # every pair's every pair of throws (both copies throw): the next pair and its weight over den^2
    a = target[first][:, :, None]
    b = target[second][:, None, :]
    weight = (mult[first][:, :, None] * mult[second][:, None, :]).reshape(first.size, -1)
    a, b = np.broadcast_arrays(a, b)
    a, b = a.reshape(first.size, -1), b.reshape(first.size, -1)
    tie = np.where((a == n) & (b == n), weight, 0).sum(axis=1)
    on = (a < n) & (b < n)
    rows = np.repeat(np.arange(first.size), a.shape[1]).reshape(a.shape)[on]
    cols = number[np.minimum(a[on], b[on]), np.maximum(a[on], b[on])]
    step = sp.csr_matrix((weight[on], (rows, cols)), shape=(first.size, first.size))
    step.sum_duplicates()
    # only the pairs reached from the start (both on the start square) enter the system
    origin = int(number[start, start])
    reached = np.sort(breadth_first_order(step, origin, directed=True, return_predecessors=False))
    inner = step[reached][:, reached]
    A = (sp.identity(reached.size, dtype=np.int64, format="csr") * den * den - inner).tocsr()
    A.sum_duplicates()
    return A, tie[reached].astype(np.int64), int(np.searchsorted(reached, origin))
