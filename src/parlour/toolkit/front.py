"""`parlour.solve` / `parlour solve FILE`: read a game of one of the three kinds, check it, pick the engine."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from parlour.analyses.yourgame.solution import GameSolution
from parlour.analyses.yourgame.tables import GameEquilibria
from parlour.errors import InvalidInput, InvalidType, shown
from parlour.toolkit.reading import load_module

TOL = 1e-10  # the widest certified half-width accepted by default (CFR+ keeps its own: `analyses.yourgame.trees`)
KINDS_HELP = ("a .toml race game (the Goose's rule format), a Gambit .efg game tree or .nfg strategic game, or a "
              ".py module defining either START, moves(state) and play(state, move1, move2) (a stochastic game), "
              "ROOT and node(history) (a game tree) or PAYOFFS1 and PAYOFFS2 (a two-player game's payoff tables)")


def solve(game: str | Path | ModuleType | Mapping[str, Any] | Any, payoffs2: Any = None, *, players: int | None,
          tol: float | None, exact: bool | None,
          progress: Callable[[str], None] | None) -> GameSolution | GameEquilibria:
    from parlour.infra import checks

    # None: TOL where bounds are proven (race, stochastic games), CFR+'s own aim for a tree beyond the LP
    tol = None if tol is None else checks.real(tol, "tol", 0, 1, open_low=True, open_high=True)
    players = checks.optional_integer(players, "players", 1)
    exact = None if exact is None else checks.flag(exact, "exact")
    checks.callback(progress)
    if payoffs2 is not None or _is_table(game):
        return _solve_pair(game, payoffs2, players=players, progress=progress)
    if isinstance(game, str | Path) and str(game).startswith("openspiel:"):
        from parlour.analyses.yourgame import trees

        started = _tree_start(players, "an OpenSpiel game names its own", progress, f"walking {game}")
        return trees.solve_openspiel(str(game), tol=tol, progress=progress, started=started)
    if isinstance(game, str | Path):
        path = Path(game)
        if path.suffix == ".toml":
            from parlour.toolkit import race

            return race.solve(path, players=2 if players is None else players, exact=exact,
                              tol=TOL if tol is None else tol, progress=progress)
        if path.suffix == ".efg":
            from parlour.analyses.yourgame import trees

            started = _tree_start(players, "an .efg game has two players", progress, f"reading {path.name}")
            return trees.solve_efg(path, tol=tol, progress=progress, started=started)
        if path.suffix == ".nfg":
            from parlour.analyses.yourgame import tables

            return tables.solve_nfg(path, players=players, progress=progress)
    namespace, name = _namespace(game)
    if players is not None:
        raise InvalidInput("the number of players is a race game's option; a game module has two players")
    if "node" in namespace and "ROOT" in namespace:
        from parlour.toolkit import tree

        return tree.solve(namespace, name, tol=tol, progress=progress)
    if all(k in namespace for k in ("START", "moves", "play")):
        from parlour.toolkit import stochastic

        return stochastic.solve(namespace, name, tol=TOL if tol is None else tol, progress=progress)
    from parlour.toolkit import matrix

    if matrix.is_matrix_module(namespace):
        return matrix.solve_module(namespace, name, progress=progress)
    raise InvalidInput(f"the game module {name} defines no game: give {KINDS_HELP}")


def _is_table(game: object) -> bool:
    """Whether `game` is a payoff table (a list of rows, a 2-D array) rather than a file, a module or names."""
    numpy = sys.modules.get("numpy")  # an array comes from numpy already loaded: no need to load it here
    return isinstance(game, list | tuple) or (numpy is not None and isinstance(game, numpy.ndarray))


def _solve_pair(game: object, payoffs2: object, *, players: int | None,
                progress: Callable[[str], None] | None) -> GameSolution | GameEquilibria:
    """`parlour.solve(A, B)`: two payoff tables; a table alone is refused (it is no game without the other)."""
    if payoffs2 is None:
        raise InvalidInput(f"game {shown(game, 60)} is no game alone: give both players' payoff tables as two "
                           "arguments, parlour.solve(A, B) (B = -A for a zero-sum game)")
    if players is not None:
        raise InvalidInput("the number of players is a race game's option; a game of two payoff tables has two")
    from parlour.toolkit import matrix

    return matrix.solve_pair(game, payoffs2, progress=progress)


def _namespace(game: str | Path | ModuleType | Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A game module's names and its name, from its file, the module or a mapping."""
    if isinstance(game, str | Path):
        path = Path(game)
        if path.suffix != ".py":
            raise InvalidInput(f"cannot tell what kind of game {shown(str(path))} is: give {KINDS_HELP}")
        return vars(load_module(path)), path.stem
    if isinstance(game, ModuleType):
        return vars(game), game.__name__.rpartition(".")[2]
    if isinstance(game, Mapping):
        return game, str(game.get("NAME", "game"))
    raise InvalidType(f"game must be a file name, a module or a mapping of names, got {shown(game)}")


def _tree_start(players: int | None, why: str, progress: Callable[[str], None] | None, doing: str) -> float:
    """A tree from elsewhere (a file, a library) is about to be read: `players` refused (`why` says why), the
    first progress line, and the clock started."""
    import time

    if players is not None:
        raise InvalidInput(f"the number of players is a race game's option; {why}")
    if progress is not None:
        progress(doing)
    return time.perf_counter()


def write_efg(game: str | Path | ModuleType | Mapping[str, Any], path: str | Path) -> Path:
    """Write a game tree (a module with ROOT and node(history), or an .efg file read back) as a Gambit .efg
    file at `path`: player 1's payoffs, player 2's their negatives; every node checked as it is written."""
    from parlour.infra.files import output_file
    from parlour.solvers import efg

    target = output_file(path, "--write-efg")
    foreign = isinstance(game, str | Path) and (str(game).startswith("openspiel:") or Path(game).suffix == ".efg")
    if foreign:
        from parlour.analyses.yourgame import trees

        trees.write_read(game, target)  # type: ignore[arg-type]  # a file name or a spec, as `foreign` says
        return target
    if isinstance(game, str | Path) and Path(game).suffix != ".py":
        raise InvalidInput(f"--write-efg writes a game tree (a .py module defining ROOT and node(history), or an "
                           f".efg file), not {shown(str(game))}")
    namespace, name = _namespace(game)
    if "node" not in namespace or "ROOT" not in namespace:
        raise InvalidInput(f"--write-efg writes a game tree (a module defining ROOT and node(history)); {name} is "
                           "not one")
    from parlour.toolkit import tree

    tree.build(namespace)  # every check of the module, with the messages `parlour solve` gives, before writing
    root, read = tree.reader(namespace)  # the same reader of a node, now for the file
    efg.write(target, efg.walk(root, lambda h: efg.node_of(read(h))), title=name)
    return target

__all__ = ["KINDS_HELP", "TOL", "solve", "write_efg"]
