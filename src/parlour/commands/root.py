"""The root Typer app of `parlour` and its lazy group: every top-level group and command is loaded on first use.

`parlour.cli` imports this module only for a command it has to run through Typer: the root listing
(`parlour`, `parlour --help`) and `parlour --version` are answered before Typer is imported
(`commands/listing.py`), and `parlour guess value 12` imports the guessing game's command module alone.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from typing import Annotated, Any

import typer
from typer._click import Command, Context
from typer.core import TyperGroup

from parlour.commands import listing
from parlour.commands.listing import LAZY, ORDER, VERSION_HELP

__all__ = ["LazyGroup", "app", "command", "load", "root"]


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
    them (the listing shows `Lazy.help`, in the plain panels of `commands/listing.py`)."""

    def list_commands(self, ctx: Context) -> list[str]:
        return [*ORDER, *(n for n in self.commands if n not in LAZY)]

    def get_command(self, ctx: Context | None, cmd_name: str) -> Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name not in LAZY:
            return None
        self.commands[cmd_name] = found = load(cmd_name)
        return found

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # the listing `parlour.cli` prints before Typer loads; in-process callers (CliRunner) get it too
        formatter.write(listing.listing(sys.stdout.isatty()))


app = typer.Typer(
    name="parlour",
    cls=LazyGroup,
    help=listing.ROOT_HELP,
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
        bool, typer.Option("--version", callback=_version, is_eager=True, help=VERSION_HELP)
    ] = False,
) -> None:
    """parlour: exact analysis of recreational games."""
