"""Numbers on the command line, checked before click sees them. Click's int() takes any Unicode digit
("١٢" is 12) and any length (a 20-digit player count reaches numpy as an OverflowError); parlour takes
whole numbers written in ASCII digits, at most 18 of them, and finite decimal numbers, and says so in one
sentence. A negative number where a positional argument goes is named as such, not as an unknown option."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from parlour.errors import InvalidInput, shown

WHOLE = re.compile(r"-?[0-9]{1,18}")
NEGATIVE = re.compile(r"-[0-9.]")


def param_kind(param: Any) -> str:
    """flag, int, float, path, choice or text: what a click parameter that Typer built takes, from its
    click type (Typer is pinned below 0.29, which keeps the annotation instead and loads pydantic)."""
    if getattr(param, "is_flag", False):
        return "flag"
    from typer._click import types
    from typer._types import TyperChoice
    from typer.models import TyperPath

    kinds = ((types.IntParamType, "int"), (types.FloatParamType, "float"), (TyperPath, "path"),
             (types.File, "path"), (TyperChoice, "choice"), (types.BoolParamType, "flag"))
    return next((kind for cls, kind in kinds if isinstance(param.type, cls)), "text")


@cache
def _spec(root: Any, path: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]] | None:
    """(option → kind, kinds of the positional arguments) of the command at `path` under the click
    command `root`, None if there is none."""
    cmd: Any = root
    for name in path:
        found = cmd.get_command(None, name) if hasattr(cmd, "get_command") else None
        if found is None:
            return None
        cmd = found
    if hasattr(cmd, "commands"):
        return None
    options: dict[str, str] = {}
    positional: list[str] = []
    for p in cmd.params:
        kind = param_kind(p)
        if p.param_type_name == "argument":
            positional.append(kind)
        else:
            for opt in (*p.opts, *getattr(p, "secondary_opts", ())):
                options[opt] = kind
    return options, tuple(positional)


def _check(value: str, kind: str, what: str) -> None:
    if kind == "int" and not WHOLE.fullmatch(value.strip()):
        if value.strip().lstrip("-").isascii() and value.strip().lstrip("-").isdigit():
            raise InvalidInput(f"{what} must be a whole number of at most 18 digits, got one of "
                               f"{len(value.strip().lstrip('-'))}")
        raise InvalidInput(f"{what} must be a whole number written in digits 0-9, got {shown(value)}")
    if kind == "float":
        text = value.strip()
        try:
            number = float(text) if text.isascii() else math.nan
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise InvalidInput(f"{what} must be a finite number like 1e-10, got {shown(value)}")


def check_numbers(args: Sequence[str], root: Any) -> None:
    """Raise InvalidInput for the first number argument of `parlour ARGS` (run by the click command `root`)
    that is not one parlour takes."""
    words = list(args)
    path: list[str] = []
    spec = None
    while words and not words[0].startswith("-"):
        path.append(words.pop(0))
        spec = _spec(root, tuple(path))
        if spec is not None:
            break
    if spec is None:
        return
    options, positional = spec
    position = 0
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            break
        name, eq, inline = word.partition("=")
        if word.startswith("-") and name in options:
            kind = options[name]
            if kind != "flag":
                value = inline if eq else (words[i + 1] if i + 1 < len(words) else None)
                if value is not None:
                    _check(value, kind, name)
                i += 0 if eq else 1
        elif NEGATIVE.match(word):
            if position < len(positional):
                raise InvalidInput(f"{word}: a negative number is not allowed here")
            raise InvalidInput(f"{shown(word)} is not an option of parlour {' '.join(path)}")
        elif not word.startswith("-"):
            if position < len(positional):
                _check(word, positional[position], f"argument {position + 1}")
            position += 1
        i += 1


__all__ = ["NEGATIVE", "WHOLE", "check_numbers", "param_kind"]
