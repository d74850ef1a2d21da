"""How an error message names a parameter: the way the caller wrote it.

The library decides a solve's policy once (size guards, limits); its refusals name the parameter that
lifts them. Called from Python that is `force=True`; under the command line the same refusal names the
flag `--force`. `parlour.cli.main` switches to the flag spelling for the command it runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_FLAGS: ContextVar[bool] = ContextVar("parlour_flag_spelling", default=False)


def parameter(name: str, value: object = None, *, flag: str | None = None, argument: str | None = None) -> str:
    """`name` (Python's `name=value` when a value is given) or, under the command line, `--name`
    (underscores as dashes): `parameter("force", True)` is "force=True" or "--force". `flag` names the
    option where the command line calls it otherwise (the Goose's `squares` is `--from`); `argument` names
    a positional argument of the command line, written as it is (`memory state K B P`: "K")."""
    if _FLAGS.get():
        return argument if argument is not None else "--" + (flag or name).replace("_", "-")
    return name if value is None else f"{name}={value!r}"


@contextmanager
def command_line() -> Iterator[None]:
    """Within: refusals name command-line flags."""
    token = _FLAGS.set(True)
    try:
        yield
    finally:
        _FLAGS.reset(token)


__all__ = ["command_line", "parameter"]
