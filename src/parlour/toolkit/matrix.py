"""Two-player games given by their payoff tables from a module defining `PAYOFFS1` and `PAYOFFS2`, or
`parlour.solve(A, B)`: the tables read and checked here, solved by `analyses.yourgame.tables` (a constant-sum
game as a zero-sum matrix game, any other by its Nash equilibria; a Gambit .nfg file goes there directly).

The module loads no numerics (the result class is named by `parlour.solve`'s hints); the solvers load on use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from parlour.analyses.yourgame.solution import GameSolution
from parlour.analyses.yourgame.tables import GameEquilibria, solve_tables
from parlour.errors import InvalidType, shown

Progress = Callable[[str], None] | None


def is_matrix_module(namespace: Mapping[str, Any]) -> bool:
    """Whether a game module gives its game as two payoff tables."""
    return "PAYOFFS1" in namespace or "PAYOFFS2" in namespace


def solve_module(namespace: Mapping[str, Any], name: str, *, progress: Progress) -> GameSolution | GameEquilibria:
    """A module defining `PAYOFFS1` and `PAYOFFS2` (`solvers.bimatrix.module_tables`)."""
    from parlour.solvers.bimatrix import module_tables

    a, b, names, extra = module_tables(namespace, name)
    return solve_tables(a, b, name=name, names=names, extra=extra, progress=progress, said=("PAYOFFS1", "PAYOFFS2"))


def solve_pair(a: object, b: object, *, progress: Progress) -> GameSolution | GameEquilibria:
    """`parlour.solve(A, B)`: the row player's table as `game`, the column player's as `payoffs2`."""
    from parlour.solvers.bimatrix import payoff_table

    if isinstance(a, str | Path | Mapping) or not hasattr(a, "__len__"):
        raise InvalidType(f"with payoffs2 (the column player's payoffs), game must be the row player's payoff "
                          f"table (a list of rows or a 2-D array), got {shown(a)}")
    return solve_tables(payoff_table(a, "game"), payoff_table(b, "payoffs2"), name="game", progress=progress,
                        said=("game", "payoffs2"))


__all__ = ["GameEquilibria", "is_matrix_module", "solve_module", "solve_pair"]
