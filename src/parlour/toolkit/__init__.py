"""Your own game: write it in a file, `parlour solve FILE` it (or `parlour.solve(path_or_module)`).

The three kinds of game file (a .toml race game, a stochastic-game module, a game-tree module) and a complete
example of each are in docs/your-game.md.

This module holds only what a game file imports (`End`, `Chance`, `Turn`, from `terms`) and the front door
`solve`: it imports nothing heavy, so that a game file and `import parlour` stay cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

# The result is named here for typing.get_type_hints (a light module: no numerics).
from parlour.toolkit.result import GameSolution
from parlour.toolkit.terms import Chance, End, Turn

__all__ = ["Chance", "End", "GameSolution", "Turn", "solve"]


def solve(game: str | Path | ModuleType | Mapping[str, Any], *, players: int | None = None,
          tol: float = 1e-10, exact: bool | None = None,
          progress: Callable[[str], None] | None = None) -> GameSolution:
    """Solve a game written in a file (a .toml race game or a .py module) or given as a loaded module.

    Parameters
    ----------
    game : str, Path, module or mapping
        A .toml race game or a .py game module (its file name), a module already loaded, or a mapping of
        its names (``START``, ``moves``, ``play``; or ``ROOT``, ``node``).
    players : int, optional
        Race games only: the number of players (default 2; 1 gives the expected length of a solo game).
    tol : float, default 1e-10
        The widest certified interval accepted where values are not exact (cyclic games), in (0, 1).
    exact : bool, optional
        Race games with 2 players solve exactly by default; False gives certified bounds instead.
    progress : callable, optional
        Called with a line now and then (it may raise KeyboardInterrupt to stop).

    Returns
    -------
    GameSolution
        ``value`` (a Fraction when exact, else the float), ``value_exact`` or ``value_bounds``, ``proof``,
        ``strategies``, ``policy(state)``; race games also ``wins_low`` / ``wins_high``.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`, `parlour.errors.FormatError`) A malformed game (one sentence
        naming the line or the state) or an argument out of range.
    """
    from parlour.toolkit.front import solve as _solve

    return _solve(game, players=players, tol=tol, exact=exact, progress=progress)
