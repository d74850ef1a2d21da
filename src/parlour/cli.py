"""The `parlour` command line: one sub-command group per registered game, plus `zerosum`, `reproduce`,
`serve` and `solve` (your own game from a file).

Every group and command is loaded on first use (`LazyGroup`): `parlour --help` lists them from the
registry's one-line summaries without importing any, and `parlour guess value 12` imports the guessing
game's command module alone. A command module imports its heavy libraries (numba, scipy, HiGHS, FLINT,
matplotlib) inside the functions that need them, so a cheap command starts in a fraction of a second
(tests/commands/test_startup.py lists what each cheap command imports).
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

import typer

# Typer vendors click (typer._click) and re-exports none of its parser errors; they are caught here only.
from typer._click import Command, Context
from typer._click import exceptions as click_errors
from typer.core import TyperCommand, TyperGroup

from parlour.commands.arguments import check_numbers
from parlour.errors import ParlourError
from parlour.infra import interrupt, spelling, supervisor
from parlour.registry import GAMES


@dataclass(frozen=True)
class Lazy:
    """A top-level group or command: the module that defines it, the name of its Typer app (a group) or
    function (a command) there, and the help line `parlour --help` shows without importing the module."""

    module: str
    attr: str
    help: str


LAZY: dict[str, Lazy] = {
    **{g.name: Lazy(g.command, "app", g.summary) for g in GAMES},
    "zerosum": Lazy("parlour.commands.zerosum", "app", "Any two-person zero-sum game from a Gambit .nfg file."),
    "reproduce": Lazy("parlour.commands.reproduce", "reproduce",
                      "Recompute every published figure of the five studies and write report/index.html."),
    "serve": Lazy("parlour.commands.web", "serve",
                  "Serve the games' pages at http://HOST:PORT/: every game against its optimal strategy."),
    "solve": Lazy("parlour.commands.solve", "solve",
                  "Solve your own game from a file: a race game (.toml), a stochastic game or a game tree (.py)."),
    "review": Lazy("parlour.commands.review", "review",
                   "Grade a game record from a page: every decision against the best move, luck apart."),
}
ORDER = ("reproduce", "zerosum", *(g.name for g in GAMES), "serve", "solve", "review")


def load(name: str) -> Command:
    """The click command of a top-level name, its module imported now."""
    entry = LAZY[name]
    target = getattr(importlib.import_module(entry.module), entry.attr)
    command: Command
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)
    else:  # a function: a one-command Typer gives its click command
        holder = typer.Typer()
        holder.command(name)(target)
        command = typer.main.get_command(holder)
    command.name = name
    if isinstance(target, typer.Typer) and not command.help:
        command.help = entry.help
    return command


class LazyGroup(TyperGroup):
    """The root group: its sub-commands are imported when one is run or asked for its help, never to list
    them (the listing shows `Lazy.help`)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._listing = False

    def list_commands(self, ctx: Context) -> list[str]:
        return [*ORDER, *(n for n in self.commands if n not in LAZY)]

    def get_command(self, ctx: Context | None, cmd_name: str) -> Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name not in LAZY:
            return None
        if self._listing:  # the help listing needs a line, not the command
            return TyperCommand(cmd_name, help=LAZY[cmd_name].help)
        self.commands[cmd_name] = found = load(cmd_name)
        return found

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    name="parlour",
    cls=LazyGroup,
    help="Exact analysis of recreational games: exact fractions where they exist, certified bounds "
    "where they do not.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@cache
def command() -> Command:
    """The root click command, built once per process."""
    return typer.main.get_command(app)


def _version(value: bool) -> None:
    if value:
        from parlour import __version__

        typer.echo(f"parlour {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """parlour: exact analysis of recreational games."""


def _fail(message: str, code: int, as_json: bool) -> None:
    """One sentence on stderr (a JSON object under --json), then the exit code."""
    if as_json:
        sys.stderr.write(json.dumps({"error": message, "code": code}) + "\n")
    else:
        typer.echo(f"error: {message}", err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point. Bad input, from click's parser or from parlour itself (a ParlourError), becomes one
    sentence on stderr and exit code 2, never a traceback; under --json that sentence is
    {"error": ..., "code": 2}."""
    # OpenBLAS's idle threads spin for 2^28 cycles by default: 0.07 s of CPU at numpy's import, a quarter of a
    # cheap command's start. 2^4 lets them sleep at once (guess solve 500, heavy in BLAS: the same seconds).
    os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
    if argv is None:  # the program itself, not an in-process call: Ctrl-C must stop it within a second
        supervisor.start()
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    interrupt.install()
    try:
        root_command = command()
        check_numbers(args, root_command)
        # Not standalone, typer returns the code of a typer.Exit (and 130 for a Ctrl-C) instead of exiting.
        with spelling.command_line():  # the library's refusals name flags (--force), not parameters
            code = root_command.main(args=args, prog_name="parlour", standalone_mode=False)
    except ParlourError as exc:
        _fail(str(exc), exc.exit_code, as_json)
    except click_errors.NoArgsIsHelpError as exc:
        typer.echo(exc.ctx.get_help() if exc.ctx else "", err=True)
        sys.exit(2)
    except click_errors.UsageError as exc:
        if as_json:
            _fail(exc.format_message(), exc.exit_code, True)
        exc.show()
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        code = INTERRUPTED
    if code == INTERRUPTED:
        _interrupted()
    sys.exit(code if isinstance(code, int) else 0)


INTERRUPTED = supervisor.INTERRUPTED


def _interrupted() -> None:
    """One line, naming the checkpoint a rerun resumes from when the command keeps one; under the
    supervisor the parent prints it (it prints it too when it has to kill)."""
    if not supervisor.supervised():
        from parlour.commands.common import resume_note

        typer.echo(supervisor.interrupted_line(resume_note()), err=True)
    sys.exit(INTERRUPTED)


if __name__ == "__main__":
    main()


__all__ = ["INTERRUPTED", "LAZY", "ORDER", "Lazy", "LazyGroup", "app", "command", "load", "main", "root"]
