"""Certified win chances of players who never meet, from one player's exact finishing-time distribution."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from parlour.analyses.race.board import one_player
from parlour.analyses.race.result import RaceSolution
from parlour.results import Status

__all__ = ["MAX_TURNS", "independent"]

MAX_TURNS = 20_000  # beyond this many turns of one player the tail is too slow: the joint chain's engine


def independent(rules: Any, players: int, width: float,
                progress: Callable[[str], None] | None) -> RaceSolution | None:
    """Every player's win chance, certified, for players who never meet: each moves on its own copy of one
    chain, so with T the number of turns one player needs, f(t) = P(T = t) and S(t) = P(T > t), player k
    wins in round t when it finishes then, the k - 1 before it have not finished by round t and the n - k
    after it not by round t - 1:

        P(k wins) = sum over t of f(t) S(t)^(k-1) S(t-1)^(n-k).

    f and S are counted exactly (integers over den^t, `solvers.markov.times`); each term is rounded down for
    the lower bound and up for the upper in fixed point with 40 bits beyond `width`, and the terms after the
    last turn summed add at most S(last) (they are f(t) times chances at most 1): the interval
    [sum, sum + S(last)]. None where the end is not reached from every square in MAX_TURNS turns to within
    `width` (the joint chain then)."""
    from parlour.solvers.markov.times import absorption_steps

    started = time.perf_counter()
    squares, start, moves = one_player(rules)
    den, n = rules.denominator, players
    bits = max(64, math.ceil(-math.log2(width)) + 40)
    alive_before, scale_before = 1, 1  # S(t - 1) = alive_before / scale_before
    low = [0] * n
    high = [0] * n
    steps = absorption_steps(moves, start)
    for t in range(1, MAX_TURNS + 1):
        finished, alive = next(steps)
        scale = scale_before * den
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
            return _shared_out(rules.name, players, len(squares), low, high, tail, bits, t, width, started)
    return None


def _shared_out(name: str, players: int, squares: int, low: list[int], high: list[int], tail: int, bits: int,
                turns: int, width: float, started: float) -> RaceSolution:
    one = 1 << bits
    lows = tuple(Fraction(x, one) for x in low)
    highs = tuple(min(Fraction(1), Fraction(x + tail, one)) for x in high)
    return RaceSolution(
        name=name, value_low=lows[0], value_high=highs[0],
        proof=("certified: the players never meet, so each win chance is a sum over the turns of one "
               "player's exact finishing-time distribution; the sums are rounded outwards and the "
               f"{turns:,} turns summed leave at most S({turns}) = {float(Fraction(tail, one)):.1e} unshared"),
        states=squares, wins_low=lows, wins_high=highs,
        extra={"players": players, "engine": "independent players: one player's finishing times", "turns": turns},
        method="independent players: one chain's finishing-time distribution, exact integers, "
               "fixed point rounded outwards",
        status=Status.CERTIFIED, message=f"proven intervals of width at most {width:.0e}",
        seconds=time.perf_counter() - started)
