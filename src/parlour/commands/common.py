"""What every command shares: consoles, JSON printing, progress bars, input parsing."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import Console

from parlour.analyses.estimates import ANNOUNCE_SECONDS, Estimate, on_this_machine
from parlour.commands.arguments import WHOLE
from parlour.errors import InvalidInput, shown
from parlour.infra.checks import SEED_LIMIT, check_seed  # noqa: F401  (re-exported: the commands' import)
from parlour.results import dumps, envelope, jsonable

if TYPE_CHECKING:
    from rich.progress import Progress

# Off a terminal (CI logs, pipes) rich would wrap at 80 columns; tables read better wider.
console = Console(width=None if sys.stdout.isatty() else 160)
err_console = Console(stderr=True)


def print_json(body: Any) -> None:
    """Print a command's answer under --json: the envelope (game, command, parlour_version) of the
    running command, then `body`, which follows docs/json.md. Results print their `to_json`."""
    game, command = command_path()
    body = jsonable(body)
    if not isinstance(body, Mapping):
        body = {"result": body}
    # Plain write: rich would wrap long fractions (thousands of digits) and break the JSON.
    sys.stdout.write(dumps(envelope(game, command, body)) + "\n")


def command_path() -> tuple[str, str]:
    """("goose", "solve") for `parlour goose solve`, read from click's context; ("parlour", name) for a
    top-level command."""
    from typer._click.globals import get_current_context  # typer vendors click and does not re-export it

    ctx = get_current_context(silent=True)
    if ctx is None:
        return "parlour", ""
    names = []
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    names.reverse()
    if len(names) >= 2:
        return names[0], " ".join(names[1:])
    return "parlour", names[0] if names else ""


_RESUME: list[str] = []


def keeps_checkpoint(path: object) -> None:
    """Say that the running command saves its work at `path`: a Ctrl-C then names it."""
    from parlour.infra import supervisor

    _RESUME[:] = [str(path)]
    supervisor.note_checkpoint(str(path))


def resume_note() -> str:
    return _RESUME[0] if _RESUME else ""


def quiet_by_default() -> bool:
    """No progress bars under CI or when stderr is not a terminal."""
    return bool(os.environ.get("CI")) or not sys.stderr.isatty()


@contextmanager
def progress(quiet: bool | None = None) -> Iterator[Progress]:
    """A rich progress bar on stderr, disabled under CI, --quiet or a non-terminal (`quiet` can only add
    silence: False does not force a bar into a log file)."""
    disable = bool(quiet) or quiet_by_default()
    from rich.progress import (  # a long command's: not loaded for a table lookup
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err_console,
        disable=disable,
        transient=False,
    )
    with bar:
        yield bar


class Count(Protocol):
    """A solver's count for a bar (`solvers.stochastic.SolveProgress`, read by shape: importing the solver
    here would load numpy and the LP solvers at every command's start)."""

    @property
    def what(self) -> str: ...
    @property
    def done(self) -> int: ...
    @property
    def total(self) -> int | None: ...


def counting(bar: Progress, task: Any) -> Callable[[Count], None]:
    """A callback that shows a solver's counts on `task`: its words as the description, done of total
    (no total yet: the bar pulses while the count grows)."""
    def heard(count: Count) -> None:
        bar.update(task, description=count.what, completed=count.done, total=count.total)
    return heard


def estimate_line(estimate: Estimate, quiet: bool) -> str | None:
    """What a command says before long work: the estimate on a terminal when it passes ANNOUNCE_SECONDS;
    None (silence) under --quiet or --json (`quiet`), CI, off a terminal, or for short work."""
    if quiet or quiet_by_default() or estimate.seconds < ANNOUNCE_SECONDS:
        return None
    return f"expect {estimate.words()} (Ctrl-C stops it)"


def announce(estimate: Estimate, quiet: bool) -> None:
    """Print `estimate_line` to stderr, at the machine's load now, if there is one (stdout stays the answer's)."""
    line = estimate_line(on_this_machine(estimate), quiet)
    if line is not None:
        err_console.print(line, highlight=False, markup=False)


def check_count(value: int, what: str, low: int, high: int, hint: str = "") -> int:
    """`value` if low <= value <= high, else one sentence (with `hint`, e.g. the flag that lifts `high`)."""
    if not low <= value <= high:
        tail = f" ({hint})" if hint and value > high else ""
        raise InvalidInput(f"{what} must be from {low:,} to {high:,}, got {value:,}{tail}")
    return value


def parse_int_list(text: str, what: str) -> list[int]:
    """"1,2, 5" -> [1, 2, 5], with an error message that names the option."""
    items = [t.strip() for t in text.split(",")]
    # WHOLE: ASCII digits only, at most 18 (the rule for every number on the command line); an empty item
    # ("1,,2", "") fails it too
    if len(items) > 100_000 or not all(WHOLE.fullmatch(t) for t in items):
        raise InvalidInput(f"{what} must be a comma-separated list of whole numbers, got {shown(text)}")
    return [int(t) for t in items]
