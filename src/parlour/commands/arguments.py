"""Numbers on the command line, checked before click sees them. Click's int() takes any Unicode digit
("١٢" is 12) and any length (a 20-digit player count reaches numpy as an OverflowError); parlour takes
whole numbers written in ASCII digits, at most 18 of them, and finite decimal numbers, and says so in one
sentence. A negative number where a positional argument goes is named as such, not as an unknown option."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from parlour.errors import InvalidInput, shown

WHOLE = re.compile(r"-?[0-9]{1,18}")
NEGATIVE = re.compile(r"-[0-9.]")


def annotation_kind(annotation: Any) -> str:
    """flag, int, float, path, choice or text: what a parameter annotated so takes."""
    args = [a for a in getattr(annotation, "__args__", ()) if a is not type(None)]
    base = args[0] if args else annotation
    if base is bool:
        return "flag"
    if base is int:
        return "int"
    if base is float:
        return "float"
    if base is Path:
        return "path"
    if isinstance(base, type) and issubclass(base, Enum):
        return "choice"
    return "text"


@cache
def _spec(path: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]] | None:
    """(option → kind, kinds of the positional arguments) of the command at `path`, None if there is none."""
    import typer

    from parlour.cli import app

    cmd: Any = typer.main.get_command(app)
    for name in path:
        if not hasattr(cmd, "commands") or name not in cmd.commands:
            return None
        cmd = cmd.commands[name]
    if hasattr(cmd, "commands"):
        return None
    options: dict[str, str] = {}
    positional: list[str] = []
    for p in cmd.params:
        kind = "flag" if getattr(p, "is_flag", False) else annotation_kind(p.type_descriptor.annotation)
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


def check_numbers(args: Sequence[str]) -> None:
    """Raise InvalidInput for the first number argument of `parlour ARGS` that is not one parlour takes."""
    words = list(args)
    path: list[str] = []
    spec = None
    while words and not words[0].startswith("-"):
        path.append(words.pop(0))
        spec = _spec(tuple(path))
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
