"""Reading a user's game (a .py module): run its file, call its functions and read its numbers, every error in
them one sentence naming the file's line. Shared by the front door (`front`) and the engines it picks
(`stochastic`, `tree`), which import it, not the front door that imports them."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

from parlour.errors import FormatError, InvalidInput, shown


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


def call(fn: Any, *args: Any, what: str | Callable[[], str]) -> Any:
    """fn(*args) for a function of the user's game; an exception in it becomes one sentence naming the line.
    `what` (where the call is) may be a function that says it: a game tree calls `node` a million times, and
    writing out each history for a message that is almost never shown would cost more than the call."""
    if not callable(fn):
        raise InvalidInput(f"{_said(what)}: the game's {shown(fn)} is not a function")
    try:
        return fn(*args)
    except KeyboardInterrupt:
        raise
    except RecursionError:
        raise InvalidInput(f"{_said(what)}: too deep a recursion") from None
    except Exception as exc:
        filename = getattr(getattr(fn, "__code__", None), "co_filename", None)
        message = str(exc).splitlines()[0] if str(exc) else ""
        raise InvalidInput(f"{_said(what)} failed at {Path(filename or '?').name} line {user_line(exc, filename)}: "
                           f"{type(exc).__name__}: {shown(message, 200)}") from None


def _said(what: str | Callable[[], str]) -> str:
    return what if isinstance(what, str) else what()


def number(value: Any, what: str) -> Any:
    """An exact number (int or Fraction; a float is taken at its exact binary value) or one sentence."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction | float):
        raise InvalidInput(f"{what} must be an int or a Fraction, got {shown(value)}")
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidInput(f"{what} must be finite, got {value}")
        return Fraction(value)
    return value


def fraction(value: Any, what: str | Callable[[], str]) -> Fraction:
    """A number of the module as a Fraction (`number`; the message written only when it is not one)."""
    if type(value) is int or type(value) is Fraction:
        return Fraction(value)
    return Fraction(number(value, _said(what)))


def probabilities(items: Iterable[tuple[Any, Any]], what: str | Callable[[], str], advice: str = "") -> list[Fraction]:
    """A Chance's probabilities, checked: numbers, positive (else a message that `advice` ends), summing to 1;
    floats that sum to 1 only within 1e-12 read as the nearest fractions (`solvers.limits`), with a warning."""
    fracs = []
    raw = []
    for outcome, p in items:
        raw.append(p)
        p = fraction(p, lambda: f"{_said(what)}: the probability of {shown(outcome)}")  # noqa: B023 (called at once)
        if p <= 0:
            raise InvalidInput(f"{_said(what)}: the probability of {shown(outcome)} is {p}, not positive{advice}")
        fracs.append(p)
    total = sum(fracs, Fraction(0))
    if total == 1:
        return fracs
    if any(isinstance(p, float) for p in raw):  # near 1: the nearest fractions, with a warning; else refused
        from parlour.solvers import limits

        return limits.float_probabilities(raw, total, _said(what))
    raise InvalidInput(f"{_said(what)}: the chance probabilities sum to {total}, not 1")


def payoff_range(namespace: Mapping[str, Any]) -> tuple[Any, Any]:
    """The module's PAYOFF_RANGE (low, high), by default (-1, 1): a payoff outside it is a malformed game."""
    raw = namespace.get("PAYOFF_RANGE", (-1, 1))
    if not (isinstance(raw, tuple | list) and len(raw) == 2):
        raise InvalidInput(f"PAYOFF_RANGE must be a pair (low, high), got {shown(raw)}")
    low, high = (Fraction(number(v, "PAYOFF_RANGE")) for v in raw)
    if not low < high:
        raise InvalidInput(f"PAYOFF_RANGE must have low < high, got {shown(raw)}")
    return low, high

