"""A race game of pure chance from a rule file (the Goose's format, an empty board unless it says
`base = "goose"`: `analyses.race.board.load`), solved by `analyses.race`: every player's win chance, or, for
one player, the expected number of turns, exactly."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from parlour.toolkit.result import GameSolution


def solve(path: Path, *, players: int, exact: bool | None, tol: float,
          progress: Callable[[str], None] | None) -> GameSolution:
    from parlour.analyses import race
    from parlour.analyses.race.board import load

    sol = race.solve(load(path), players, exact=exact, tol=tol, progress=progress)
    return GameSolution(
        kind="race", name=sol.name, value_low=sol.value_low, value_high=sol.value_high, proof=sol.proof,
        states=sol.states, wins_low=sol.wins_low, wins_high=sol.wins_high, extra=sol.extra,
        strategies={"note": "a race game of pure chance: nobody chooses anything"},
        method=sol.method, status=sol.status, message=sol.message, seconds=sol.seconds)
