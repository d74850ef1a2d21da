"""Your own game: write it in a file, `parlour solve FILE` it (or `parlour.solve(path_or_module)`).

The kinds of game (a .toml race game, a stochastic-game module, a game-tree module, payoff tables; Gambit's
.efg and .nfg files and OpenSpiel's games by name) and a complete example of each are in docs/your-game.md.

This module holds only what a game file imports (`End`, `Chance`, `Turn`, from `terms`) and the front door
`solve`: it imports nothing heavy, so that a game file and `import parlour` stay cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

# The results are named here for typing.get_type_hints (light modules: no numerics).
from parlour.analyses.yourgame.solution import GameSolution
from parlour.analyses.yourgame.tables import GameEquilibria
from parlour.toolkit.terms import Chance, End, Turn

__all__ = ["Chance", "End", "GameEquilibria", "GameSolution", "Turn", "solve"]


def solve(game: str | Path | ModuleType | Mapping[str, Any] | Any, payoffs2: Any = None, *,
          players: int | None = None, tol: float | None = None, exact: bool | None = None,
          progress: Callable[[str], None] | None = None) -> GameSolution | GameEquilibria:
    """Solve a game written in a file (a .toml race game, a .py module, a Gambit .efg or .nfg file), given as
    a loaded module, or given by two payoff tables: ``solve(A, B)``.

    Parameters
    ----------
    game : str, Path, module, mapping or table
        A .toml race game, a .py game module, a Gambit .efg or .nfg file (its file name), a module already
        loaded, or a mapping of its names (``START``, ``moves``, ``play``; or ``ROOT``, ``node``; or
        ``PAYOFFS1``, ``PAYOFFS2``); ``"openspiel:NAME(param=value,...)"``, an OpenSpiel game by name
        (``pip install parlour[openspiel]``). With `payoffs2`: the row player's payoff table A (a list of rows
        or a 2-D array of ints, Fractions, Decimals or floats, the last read at their exact binary value).
    payoffs2 : table, optional
        The column player's payoff table B, of A's shape: ``solve(A, B)`` is the two-player game in which
        the row player gets A[i][j] and the column player B[i][j] (both maximise).
    players : int, optional
        Race games only: the number of players (default 2; 1 gives the expected length of a solo game).
    tol : float, optional
        The half-width of the proven interval accepted where values are not exact (cyclic games, race games
        of 3+ players), in (0, 1); default 1e-10. A game tree too large for the LP (CFR+) aims at the width
        2 * tol when tol is given, else at its own 2e-4, and its message says so.
    exact : bool, optional
        Race games with 2 players solve exactly by default; False gives certified bounds instead.
    progress : callable, optional
        Called with a line now and then (it may raise KeyboardInterrupt to stop).

    Returns
    -------
    GameSolution or GameEquilibria
        ``value`` (a Fraction when exact, else the float), ``value_exact`` or ``value_bounds``, ``proof``,
        ``strategies``, ``policy(state)``; race games also ``wins_low`` / ``wins_high``. A constant-sum game
        of two payoff tables too (``kind`` "matrix": player 1's value, both optimal strategies). Any other
        game of two payoff tables gives `GameEquilibria` (``kind`` "bimatrix"): ``equilibria``, each with
        ``strategies`` and ``payoffs`` as Fractions, checked; every extreme equilibrium up to 10x10
        (``complete``), one by Lemke-Howson up to 200x200.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`, `parlour.errors.FormatError`) A malformed game (one sentence
        naming the line or the state) or an argument out of range.
    """
    from parlour.toolkit.front import solve as _solve

    return _solve(game, payoffs2, players=players, tol=tol, exact=exact, progress=progress)
