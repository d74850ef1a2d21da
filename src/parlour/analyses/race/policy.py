"""Which engine a race game takes: one player alone, or players who never meet, on small chains of their own
(`exact`, `independent`); otherwise the Goose's joint chain (`analyses.goose.policy`), which records whose
turn it is and where each stands."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from parlour.analyses.race.board import apart
from parlour.analyses.race.result import RaceSolution
from parlour.errors import InvalidInput

__all__ = ["MAX_PLAYERS", "solve"]

MAX_PLAYERS = 6


def solve(rules: Any, players: int, *, exact: bool | None, tol: float,
          progress: Callable[[str], None] | None) -> RaceSolution:
    """Every player's win chance on the board `rules` (a `games.goose.rules.RuleSet`): exact by default for
    2 players (`exact` False: certified intervals of width at most `tol`), for 1 player the expected number
    of turns, exactly."""
    from parlour.analyses.race.exact import pair_exact, solo
    from parlour.analyses.race.independent import independent

    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise InvalidInput(f"a race game has 1 to {MAX_PLAYERS} players, got {players}")
    if players == 1:
        return solo(rules, progress)
    want_exact = players == 2 if exact is None else exact
    if want_exact and players == 2 and apart(rules):
        pair = pair_exact(rules, progress)
        if pair is not None:
            return pair
    if not want_exact and apart(rules):
        found = independent(rules, players, tol, progress)
        if found is not None:
            return found
    return joint(rules, players, want_exact, tol, progress)


def joint(rules: Any, players: int, want_exact: bool, tol: float,
          progress: Callable[[str], None] | None) -> RaceSolution:
    """The Goose's engine on the joint chain of all players (exact, or certified: tol is a width here, the
    Goose's a half-width)."""
    from parlour.analyses.goose import policy

    if progress is not None:
        progress(f"{players} players: {'exact' if want_exact else 'certified'} win chances")

    def sweep(k: int, width: float) -> None:
        if progress is not None:
            progress(f"sweep {k:,}: width {width:.1e}")

    plan = policy.plan(players, exact=want_exact, rules=rules, tol=None if want_exact else tol / 2)
    sol = policy.run(plan, sweep)
    if sol.win_exact is not None:
        lows = highs = tuple(sol.win_exact)
    else:
        lows = tuple(Fraction(lo) for lo, _ in sol.win_bounds)
        highs = tuple(Fraction(hi) for _, hi in sol.win_bounds)
    return RaceSolution(
        name=rules.name, value_low=lows[0], value_high=highs[0], proof=sol.method,
        states=int(sol.states.reachable) if sol.states is not None else 0, wins_low=lows, wins_high=highs,
        extra={"players": players, "engine": "Markov chain (the Goose's)"},
        method=sol.method, status=sol.status, message=sol.message, seconds=sol.seconds)
