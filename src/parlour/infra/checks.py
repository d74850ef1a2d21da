"""Input checks every interface shares; a refusal names the parameter as the caller spells it.

The rule of the Python front doors (docs/python.md): where a count is meant, any integer is taken (Python's
or numpy's: whatever has `__index__`, as `range` takes it) and a float is refused, even 2.0, as numpy and
`range` refuse it; where a real number is meant, any real is taken (int, float, Fraction, numpy's) and
turned into a float; bools count as neither (`True` is no count of players), and a yes/no switch takes only
a bool (`exact="no"` is refused, not read as true). A value of the wrong type raises `InvalidType` (a
TypeError); a value out of range raises `InvalidInput` (a ValueError). Both name the parameter.
"""

from __future__ import annotations

import functools
import math
import numbers
import operator
import warnings
from collections.abc import Callable, Collection, Sequence
from decimal import Decimal
from typing import Any, ParamSpec, TypeVar

from parlour.errors import InvalidInput, InvalidType, shown
from parlour.infra import spelling

SEED_LIMIT = 2**63  # numpy takes larger seeds, but nobody types one, and the JSON must round-trip them

P = ParamSpec("P")
R = TypeVar("R")


def renamed_keywords(**renamed: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A front door whose parameters were renamed (`old="new"`): the old keyword still works for one
    release, with a DeprecationWarning, as a result's renamed attribute does (`Result.RENAMED`). The
    signature, the docstring and the hints stay the new function's (functools.wraps)."""

    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        # a class's __init__ is called as the class: `CowTrade(second=...)`, not `__init__(second=...)`
        name = fn.__qualname__.rpartition(".")[0] if fn.__name__ == "__init__" else fn.__name__

        @functools.wraps(fn)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            for old, new in renamed.items():
                if old not in kwargs:
                    continue
                if new in kwargs:
                    raise InvalidType(f"{new} and its old name {old} were both given: give {new} only")
                warnings.warn(f"{name}({old}=...) is now {name}({new}=...); the old name goes in the "
                              "next release", DeprecationWarning, stacklevel=2)
                kwargs[new] = kwargs.pop(old)
            return fn(*args, **kwargs)

        return call

    return wrap


def is_bool(value: object) -> bool:
    """Python's bool or numpy's (numpy.bool_ is no subclass of bool; its module is numpy)."""
    kind = type(value)
    return isinstance(value, bool) or (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"))


def is_integer(value: object) -> bool:
    """An integer of any kind that is not a bool: Python's int, numpy's integers (they define __index__)."""
    return not is_bool(value) and hasattr(type(value), "__index__")


def integer(value: object, name: str, low: int | None = None, high: int | None = None, *,
            argument: str | None = None, flag: str | None = None) -> int:
    """`value` as a Python int when it is an integer from `low` to `high` (either end optional), else
    InvalidType (not an integer) or InvalidInput (out of range) naming `name` (or, under the command line,
    the positional `argument`, or the option `--flag` where it is not `--name`: `money[0]` is `--money1`)."""
    said = spelling.parameter(name, flag=flag, argument=argument)
    if not is_integer(value):
        raise InvalidType(f"{said} must be a whole number (an int), got {shown(value)}")
    n = operator.index(value)  # type: ignore[arg-type]
    if (low is not None and n < low) or (high is not None and n > high):
        if low == 0 and high is None:  # an amount or a count: "negative" is the word a reader expects
            raise InvalidInput(f"{said} must not be negative, got {shown(n)}")
        span = (f"from {low:,} to {high:,}" if low is not None and high is not None
                else f"at least {low:,}" if low is not None else f"at most {high:,}")
        raise InvalidInput(f"{said} must be a whole number {span}, got {shown(n)}")
    return n


def optional_integer(value: object, name: str, low: int | None = None, high: int | None = None) -> int | None:
    return None if value is None else integer(value, name, low, high)


def real(value: object, name: str, low: float | None = None, high: float | None = None, *,
         open_low: bool = False, open_high: bool = False) -> float:
    """`value` as a float when it is a finite real number within the bounds (open or closed at each end),
    else InvalidType (not a number: a string, a bool, None) or InvalidInput (NaN, infinite, out of range)."""
    if is_bool(value) or not isinstance(value, numbers.Real | Decimal):  # numpy's numbers register as Real
        raise InvalidType(f"{spelling.parameter(name)} must be a number, got {shown(value)}")
    try:
        x = float(value)
    except OverflowError:  # an int or a Fraction beyond a float's range
        x = math.inf if operator.gt(value, 0) else -math.inf
    except ValueError:  # Decimal's signalling NaN
        x = math.nan
    if not math.isfinite(x):
        raise InvalidInput(f"{spelling.parameter(name)} must be a finite number, got {shown(value)}")
    below = low is not None and (x <= low if open_low else x < low)
    above = high is not None and (x >= high if open_high else x > high)
    if below or above:
        ends = ("(" if open_low else "[") + f"{low:g}, {high:g}" + (")" if open_high else "]")
        span = (f"in {ends}" if low is not None and high is not None
                else f"{'above' if open_low else 'at least'} {low:g}" if low is not None
                else f"{'below' if open_high else 'at most'} {high:g}")
        raise InvalidInput(f"{spelling.parameter(name)} must be a number {span}, got {shown(value)}")
    return x


def flag(value: object, name: str) -> bool:
    """`value` as a bool when it is one (Python's or numpy's); anything else is InvalidType: a string such
    as "no" is true to Python, and must not switch on what the caller meant to switch off."""
    if not is_bool(value):
        raise InvalidType(f"{spelling.parameter(name)} must be True or False, got {shown(value)}")
    return bool(value)


def text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InvalidType(f"{spelling.parameter(name)} must be a string, got {shown(value)}")
    return value


def choice(value: object, name: str, options: Collection[str]) -> str:
    """`value` when it is one of `options` (a string), else InvalidType / InvalidInput listing them."""
    if not isinstance(value, str):
        raise InvalidType(f"{spelling.parameter(name)} must be one of {', '.join(options)}, got {shown(value)}")
    if value not in options:
        raise InvalidInput(f"{spelling.parameter(name)} must be one of {', '.join(options)}, got {shown(value)}")
    return value


def integers(value: object, name: str, low: int | None = None, high: int | None = None) -> tuple[int, ...]:
    """A list, tuple or 1-D array of integers as a tuple of ints, each within the bounds, naming `name`."""
    if isinstance(value, str | bytes) or not (isinstance(value, Sequence) or getattr(value, "ndim", None) == 1):
        raise InvalidType(f"{spelling.parameter(name)} must be a list of whole numbers, got {shown(value)}")
    items = list(value)  # type: ignore[call-overload]
    return tuple(integer(v, f"{name}[{i}]", low, high) for i, v in enumerate(items))


def callback(fn: object, name: str = "progress") -> None:
    """Refuse a callback that cannot be called (None is no callback), naming the parameter."""
    if fn is not None and not callable(fn):
        raise InvalidType(f"{spelling.parameter(name)} must be a function, got {shown(fn)}")


def check_seed(seed: Any, name: str = "seed") -> int | None:
    """`seed` if it is None or a whole number from 0 to 2**63 - 1, else InvalidType / InvalidInput naming `name`."""
    return None if seed is None else whole_seed(seed, name)


def whole_seed(seed: Any, name: str = "seed") -> int:
    """`seed` as an int if it is a whole number from 0 to 2**63 - 1 (None refused), else InvalidType /
    InvalidInput naming `name`."""
    n = integer(seed, name)
    if not 0 <= n < SEED_LIMIT:
        raise InvalidInput(f"{spelling.parameter(name)} must be a whole number from 0 to 2**63 - 1, got {shown(n)}")
    return n


def check_range(value: Any, name: str, low: int, high: int) -> int:
    """`value` as an int if it is a whole number from `low` to `high`, else InvalidType / InvalidInput naming `name`."""
    return integer(value, name, low, high)


__all__ = [
    "SEED_LIMIT", "callback", "check_range", "check_seed", "choice", "flag", "integer", "integers", "is_bool",
    "is_integer", "optional_integer", "real", "renamed_keywords", "text", "whole_seed",
]
