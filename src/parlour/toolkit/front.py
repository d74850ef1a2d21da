"""`parlour.solve` / `parlour solve FILE`: read a game of one of the three kinds, check it, pick the engine."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from parlour.errors import FormatError, InvalidInput, InvalidType, shown
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


def load_module(path: Path) -> ModuleType:
    """Run a game module from its file; an error in it is one sentence naming its line."""
    from parlour.infra.files import read_text

    source = read_text(path, "the game file")  # one sentence for a missing, binary or huge file
    module = ModuleType(f"parlour_game_{path.stem}")
    module.__file__ = str(path)
    try:
        code = compile(source, str(path), "exec")
    except SyntaxError as exc:
        raise FormatError(f"{path} line {exc.lineno}: {exc.msg}") from None
    try:
        exec(code, module.__dict__)  # the user's own file, run as `python FILE` would run it
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        raise FormatError(f"{path} line {user_line(exc, str(path))}: {type(exc).__name__}: {exc}") from None
    return module


def user_line(exc: BaseException, filename: str | None) -> str:
    """The line of the user's file where `exc` was raised ("?" when it was not raised in that file)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if filename is None or f.filename == filename]
    return str(frames[-1].lineno) if frames else "?"


def call(fn: Any, *args: Any, what: str) -> Any:
    """fn(*args) for a function of the user's game; an exception in it becomes one sentence naming the line."""
    if not callable(fn):
        raise InvalidInput(f"{what}: the game's {shown(fn)} is not a function")
    try:
        return fn(*args)
    except KeyboardInterrupt:
        raise
    except RecursionError:
        raise InvalidInput(f"{what}: too deep a recursion") from None
    except Exception as exc:
        filename = getattr(getattr(fn, "__code__", None), "co_filename", None)
        message = str(exc).splitlines()[0] if str(exc) else ""
        raise InvalidInput(f"{what} failed at {Path(filename or '?').name} line {user_line(exc, filename)}: "
                           f"{type(exc).__name__}: {shown(message, 200)}") from None


def number(value: Any, what: str) -> Any:
    """An exact number (int or Fraction; a float is taken at its exact binary value) or one sentence."""
    from fractions import Fraction

    if isinstance(value, bool) or not isinstance(value, int | Fraction | float):
        raise InvalidInput(f"{what} must be an int or a Fraction, got {shown(value)}")
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidInput(f"{what} must be finite, got {value}")
        return Fraction(value)
    return value


def payoff_range(namespace: Mapping[str, Any]) -> tuple[Any, Any]:
    """The module's PAYOFF_RANGE (low, high), by default (-1, 1): a payoff outside it is a malformed game."""
    from fractions import Fraction

    raw = namespace.get("PAYOFF_RANGE", (-1, 1))
    if not (isinstance(raw, tuple | list) and len(raw) == 2):
        raise InvalidInput(f"PAYOFF_RANGE must be a pair (low, high), got {shown(raw)}")
    low, high = (Fraction(number(v, "PAYOFF_RANGE")) for v in raw)
    if not low < high:
        raise InvalidInput(f"PAYOFF_RANGE must have low < high, got {shown(raw)}")
    return low, high

