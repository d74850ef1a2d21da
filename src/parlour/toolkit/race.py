"""A race game of pure chance from a rule file (the Goose's format): every player's win chance through the
Goose's engines, or, for one player, the expected number of turns, exactly."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from parlour.errors import InvalidInput
from parlour.results import Status
from parlour.toolkit.result import GameSolution

MAX_PLAYERS = 6


def solve(path: Path, *, players: int, exact: bool | None, tol: float,
          progress: Callable[[str], None] | None) -> GameSolution:
    from parlour.games.goose import rules as goose_rules

    rules = goose_rules.load_toml(path)
    if not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise InvalidInput(f"a race game has 1 to {MAX_PLAYERS} players, got {players}")
    if players == 1:
        return solo(rules, progress)
    import parlour.goose

    want_exact = players == 2 if exact is None else exact
    if want_exact and players == 2 and apart(rules):
        pair = pair_exact(rules, progress)
        if pair is not None:
            return pair
    if not want_exact and apart(rules):
        found = independent(rules, players, tol, progress)
        if found is not None:
            return found
    if progress is not None:
        progress(f"{players} players: {'exact' if want_exact else 'certified'} win chances")

    def sweep(k: int, width: float) -> None:
        if progress is not None:
            progress(f"sweep {k:,}: width {width:.1e}")

    sol = parlour.goose.solve(players=players, rules=rules, exact=want_exact,
                              tol=None if want_exact else tol / 2, on_sweep=sweep)  # goose: half-width
    if sol.win_exact is not None:
        lows = highs = tuple(sol.win_exact)
    else:
        lows = tuple(Fraction(lo) for lo, _ in sol.win_bounds)
        highs = tuple(Fraction(hi) for _, hi in sol.win_bounds)
    return GameSolution(
        kind="race", name=rules.name, value_low=lows[0], value_high=highs[0],
        proof=sol.method, states=int(sol.states.reachable) if sol.states is not None else 0,
        wins_low=lows, wins_high=highs, extra={"players": players, "engine": "Markov chain (the Goose's)"},
        strategies={"note": "a race game of pure chance: nobody chooses anything"},
        method=sol.method, status=sol.status, message=sol.message, seconds=sol.seconds)


def solo(rules: object, progress: Callable[[str], None] | None) -> GameSolution:
    """The expected number of turns of one player alone, exactly: E(s) = 1 + sum over throws of
    P(throw) E(next square), E(end) = 0, solved in rationals (FLINT). A square from which the end cannot
    be reached makes the expectation infinite: refused with its name."""
    import flint

    from parlour.games.goose import rules as gr

    started = time.perf_counter()
    assert isinstance(rules, gr.RuleSet)
    if rules.inns or rules.wells:
        raise InvalidInput("one player alone: inns and wells need other players (leave them out of the file)")
    squares, start, moves = _moves(rules)
    n = len(squares)
    den = rules.denominator
    matrix = [[0] * n for _ in range(n)]  # integer weights over den
    for i, row in enumerate(moves):
        matrix[i][i] += den
        for nxt, mult in row:
            if nxt >= 0:
                matrix[i][nxt] -= mult
    if progress is not None:
        progress(f"one player: {n} squares, solving exactly")
    a = flint.fmpq_mat(n, n, [x for row in matrix for x in row])
    b = flint.fmpq_mat(n, 1, [den] * n)
    try:
        e = a.solve(b)
    except ZeroDivisionError:
        raise InvalidInput("one player alone cannot always reach the end from every square: the expected "
                           "length is infinite") from None
    value = Fraction(int(e[start, 0].p), int(e[start, 0].q))
    if value < 0:  # a singular-looking system solved to nonsense cannot happen for an absorbing chain
        raise InvalidInput("one player alone cannot always reach the end: the expected length is infinite")
    return GameSolution(
        kind="race", name=rules.name, value_low=value, value_high=value,
        proof="exact: the expected number of turns solved in rationals (E = 1 + P E)", states=n,
        extra={"players": 1, "quantity": "expected number of turns of a solo game"},
        strategies={"note": "a race game of pure chance: nobody chooses anything"},
        method="absorbing Markov chain, expected time to absorption, exact (FLINT)", status=Status.EXACT,
        message="the expected length exact", seconds=time.perf_counter() - started)


def _moves(rules: Any) -> tuple[list[int], int, list[list[tuple[int, int]]]]:
    """One player alone: the squares a piece can stand on (the end left out), the start's index, and from
    each square every throw's (next square's index, -1 at the end; multiplicity over rules.denominator)."""
    from parlour.games.goose import rules as gr

    squares = [s for s in rules.standable if s != rules.end]
    if rules.start not in squares:
        squares.insert(0, rules.start)
    where = {s: i for i, s in enumerate(squares)}
    moves = []
    for s in squares:
        row = []
        for faces, mult in rules.throws:
            nxt = gr.chain(rules, s, faces).end
            row.append((-1 if nxt == rules.end else where[nxt], mult))
        moves.append(row)
    return squares, where[rules.start], moves


def apart(rules: Any) -> bool:
    """Whether the players never affect each other (no well, no inn, no occupancy rule): then each moves on
    its own chain, and who wins follows from one player's finishing times (`independent`)."""
    return not (rules.wells or rules.inns or rules.occupancy)


MAX_TURNS = 20_000  # beyond this many turns of one player the tail is too slow: the joint chain's engine


def independent(rules: Any, players: int, width: float,
                progress: Callable[[str], None] | None) -> GameSolution | None:
    """Every player's win chance, certified, for players who never meet: each moves on its own copy of one
    chain, so with T the number of turns one player needs, f(t) = P(T = t) and S(t) = P(T > t), player k
    wins in round t when it finishes then, the k - 1 before it have not finished by round t and the n - k
    after it not by round t - 1:

        P(k wins) = sum over t of f(t) S(t)^(k-1) S(t-1)^(n-k).

    f and S are counted exactly (integers over den^t); each term is rounded down for the lower bound and up
    for the upper in fixed point with 40 bits beyond `width`, and the terms after the last turn summed add
    at most S(last) (they are f(t) times chances at most 1): the interval [sum, sum + S(last)]. None where
    the end is not reached from every square in MAX_TURNS turns to within `width` (the joint chain then)."""
    started = time.perf_counter()
    squares, start, moves = _moves(rules)
    den, n = rules.denominator, players
    bits = max(64, math.ceil(-math.log2(width)) + 40)
    counts = [0] * len(squares)  # the chance of standing on each square after t turns, times den^t
    counts[start] = 1
    alive_before, scale_before = 1, 1  # S(t - 1) = alive_before / scale_before
    low = [0] * n
    high = [0] * n
    for t in range(1, MAX_TURNS + 1):
        nxt = [0] * len(squares)
        finished = 0
        for i, c in enumerate(counts):
            if c:
                for j, mult in moves[i]:
                    if j < 0:
                        finished += c * mult
                    else:
                        nxt[j] += c * mult
        counts, scale = nxt, scale_before * den
        alive = sum(counts)
        for k in range(1, n + 1):  # f(t) S(t)^(k-1) S(t-1)^(n-k), over scale^k scale_before^(n-k)
            num = (finished * alive ** (k - 1) * alive_before ** (n - k)) << bits
            whole = scale ** k * scale_before ** (n - k)
            low[k - 1] += num // whole
            high[k - 1] += -(-num // whole)
        alive_before, scale_before = alive, scale
        tail = -(-(alive << bits) // scale)  # S(t) rounded up: what the turns after t can still add
        if progress is not None and t % 50 == 0:
            progress(f"turn {t:,}: at most {tail / 2**bits:.1e} left to share out")
        if 2 * tail <= width * 2**bits:  # the rounding of the sums adds t units of 2^-bits: far below
            one = 1 << bits
            lows = tuple(Fraction(x, one) for x in low)
            highs = tuple(min(Fraction(1), Fraction(x + tail, one)) for x in high)
            return GameSolution(
                kind="race", name=rules.name, value_low=lows[0], value_high=highs[0],
                proof=("certified: the players never meet, so each win chance is a sum over the turns of one "
                       "player's exact finishing-time distribution; the sums are rounded outwards and the "
                       f"{t:,} turns summed leave at most S({t}) = {float(Fraction(tail, one)):.1e} unshared"),
                states=len(squares), wins_low=lows, wins_high=highs,
                extra={"players": players, "engine": "independent players: one player's finishing times",
                       "turns": t},
                strategies={"note": "a race game of pure chance: nobody chooses anything"},
                method="independent players: one chain's finishing-time distribution, exact integers, "
                       "fixed point rounded outwards",
                status=Status.CERTIFIED, message=f"proven intervals of width at most {width:.0e}",
                seconds=time.perf_counter() - started)
    return None


# Pairs of squares times pairs of throws built at once (a few int64 arrays of this length: ~0.5 GiB); the
# Milton Bradley board has 3,321 * 36. Beyond it the exact pair system's LU would not be quick either.
MAX_PAIR_EDGES = 10_000_000


def pair_exact(rules: Any, progress: Callable[[str], None] | None) -> GameSolution | None:
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
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order

    from parlour.solvers.markov.exact import solve_integer

    started = time.perf_counter()
    squares, start, moves = _moves(rules)
    n, den = len(squares), rules.denominator
    if not _all_finish(moves, start):
        return None
    if n * (n + 1) // 2 * len(rules.throws) ** 2 > MAX_PAIR_EDGES:
        return None  # the joint chain's engine, whose size guard names what it would take
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
    B = tie[reached].astype(np.int64)
    if progress is not None:
        progress(f"2 players who never meet: {reached.size:,} pairs of squares, solving exactly")
    sol = solve_integer(A, B)
    same = Fraction(sol.numerators[int(np.searchsorted(reached, origin))], sol.denominator)
    wins = ((1 + same) / 2, (1 - same) / 2)
    return GameSolution(
        kind="race", name=rules.name, value_low=wins[0], value_high=wins[0],
        proof=("exact: the players never meet, so player 1 wins with (1 + P(both finish on the same turn)) / 2; "
               "that chance solved in rationals on the chain of unordered pairs of squares, A x = b checked "
               "exactly"),
        states=int(reached.size), wins_low=wins, wins_high=wins,
        extra={"players": 2, "engine": "independent players: the chain of pairs of squares, exact",
               "refinement_steps": sol.refinement_steps, "bits": sol.bits},
        strategies={"note": "a race game of pure chance: nobody chooses anything"},
        method="independent players: P(same finishing turn) on the unordered pairs of squares, iterative "
               "refinement + rational reconstruction, exact residual 0",
        status=Status.EXACT, message="exact win chances", seconds=time.perf_counter() - started)


def _all_finish(moves: list[list[tuple[int, int]]], start: int) -> bool:
    """Whether the end can be reached from every square reached from `start` (then one player finishes
    with probability 1)."""
    reached, todo = {start}, [start]
    while todo:
        for j, _ in moves[todo.pop()]:
            if j >= 0 and j not in reached:
                reached.add(j)
                todo.append(j)
    finishing = {i for i, row in enumerate(moves) if any(j < 0 for j, _ in row)}
    grew = True
    while grew:  # squares with a throw to a finishing square finish too
        more = {i for i, row in enumerate(moves) if i not in finishing and any(j in finishing for j, _ in row)}
        finishing |= more
        grew = bool(more)
    return reached <= finishing
