"""A race game of pure chance from a rule file (the Goose's format): every player's win chance through the
Goose's engines, or, for one player, the expected number of turns, exactly."""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

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
        proof=sol.method, states=int(sol.counts.reachable) if sol.counts is not None else 0,
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
    squares = [s for s in rules.standable if s != rules.end]
    if rules.start not in squares:
        squares.insert(0, rules.start)
    where = {s: i for i, s in enumerate(squares)}
    n = len(squares)
    den = rules.denominator
    matrix = [[0] * n for _ in range(n)]  # integer weights over den
    for s in squares:
        i = where[s]
        matrix[i][i] += den
        for faces, mult in rules.throws:
            nxt = gr.chain(rules, s, faces).end
            if nxt != rules.end:
                matrix[i][where[nxt]] -= mult
    if progress is not None:
        progress(f"one player: {n} squares, solving exactly")
    a = flint.fmpq_mat(n, n, [x for row in matrix for x in row])
    b = flint.fmpq_mat(n, 1, [den] * n)
    try:
        e = a.solve(b)
    except ZeroDivisionError:
        raise InvalidInput("one player alone cannot always reach the end from every square: the expected "
                           "length is infinite") from None
    value = Fraction(int(e[where[rules.start], 0].p), int(e[where[rules.start], 0].q))
    if value < 0:  # a singular-looking system solved to nonsense cannot happen for an absorbing chain
        raise InvalidInput("one player alone cannot always reach the end: the expected length is infinite")
    return GameSolution(
        kind="race", name=rules.name, value_low=value, value_high=value,
        proof="exact: the expected number of turns solved in rationals (E = 1 + P E)", states=n,
        extra={"players": 1, "quantity": "expected number of turns of a solo game"},
        strategies={"note": "a race game of pure chance: nobody chooses anything"},
        method="absorbing Markov chain, expected time to absorption, exact (FLINT)", status=Status.EXACT,
        message="the expected length exact", seconds=time.perf_counter() - started)
