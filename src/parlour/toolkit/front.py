"""`parlour.solve` / `parlour solve FILE`: read a game of one of the three kinds, check it, pick the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from parlour.errors import InvalidInput, shown
from parlour.toolkit.reading import load_module
from parlour.toolkit.result import GameSolution

KINDS_HELP = ("a .toml race game (the Goose's rule format), or a .py module defining either START, moves(state) "
              "and play(state, move1, move2) (a stochastic game) or ROOT and node(history) (a game tree)")


def solve(game: str | Path | ModuleType | Mapping[str, Any], *, players: int | None, tol: float,
          exact: bool | None, progress: Callable[[str], None] | None) -> GameSolution:
    if not (isinstance(tol, float | int) and 0 < tol < 1):
        raise InvalidInput(f"the tolerance must lie strictly between 0 and 1, got {shown(tol)}")
    if isinstance(game, str | Path):
        path = Path(game)
        if path.suffix == ".toml":
            from parlour.toolkit import race

            return race.solve(path, players=2 if players is None else players, exact=exact, tol=tol,
                              progress=progress)
        if path.suffix != ".py":
            raise InvalidInput(f"cannot tell what kind of game {shown(str(path))} is: give {KINDS_HELP}")
        namespace: Mapping[str, Any] = vars(load_module(path))
        name = path.stem
    elif isinstance(game, ModuleType):
        namespace, name = vars(game), game.__name__.rpartition(".")[2]
    elif isinstance(game, Mapping):
        namespace, name = game, str(game.get("NAME", "game"))
    else:
        raise InvalidInput(f"parlour.solve takes a file name, a module or a mapping of names, got {shown(game)}")
    if players is not None:
        raise InvalidInput("the number of players is a race game's option; a game module has two players")
    if "node" in namespace and "ROOT" in namespace:
        from parlour.toolkit import tree

        return tree.solve(namespace, name, progress=progress)
    if all(k in namespace for k in ("START", "moves", "play")):
        from parlour.toolkit import stochastic

        return stochastic.solve(namespace, name, tol=tol, progress=progress)
    raise InvalidInput(f"the game module {name} defines no game: give {KINDS_HELP}")
