"""`parlour.solve` / `parlour solve FILE`: read a game of one of the three kinds, check it, pick the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from parlour.errors import InvalidInput, InvalidType, shown
from parlour.toolkit.reading import load_module
from parlour.toolkit.result import GameSolution

KINDS_HELP = ("a .toml race game (the Goose's rule format), or a .py module defining either START, moves(state) "
              "and play(state, move1, move2) (a stochastic game) or ROOT and node(history) (a game tree)")


def solve(game: str | Path | ModuleType | Mapping[str, Any], *, players: int | None, tol: float,
          exact: bool | None, progress: Callable[[str], None] | None) -> GameSolution:
    from parlour.infra import checks

    tol = checks.real(tol, "tol", 0, 1, open_low=True, open_high=True)
    players = checks.optional_integer(players, "players", 1)
    exact = None if exact is None else checks.flag(exact, "exact")
    if progress is not None and not callable(progress):
        raise InvalidType(f"progress must be a function, got {shown(progress)}")
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
        raise InvalidType(f"game must be a file name, a module or a mapping of names, got {shown(game)}")
    if players is not None:
        raise InvalidInput("the number of players is a race game's option; a game module has two players")
    if "node" in namespace and "ROOT" in namespace:
        from parlour.toolkit import tree

        return tree.solve(namespace, name, progress=progress)
    if all(k in namespace for k in ("START", "moves", "play")):
        from parlour.toolkit import stochastic

        return stochastic.solve(namespace, name, tol=tol, progress=progress)
    raise InvalidInput(f"the game module {name} defines no game: give {KINDS_HELP}")
