"""The `parlour` command line: one sub-command group per game, plus `reproduce`."""

from __future__ import annotations

import importlib
import sys
from typing import Annotated

import typer

from parlour import __version__
from parlour.errors import ParlourError

app = typer.Typer(
    name="parlour",
    help="Exact analysis of recreational games: exact fractions where they exist, certified bounds "
    "where they do not.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# (module, name, help): each module defines a Typer `app` for its game.
COMMAND_GROUPS: tuple[tuple[str, str, str], ...] = (
    ("parlour.commands.zerosum", "zerosum", "Any two-person zero-sum game from a Gambit .nfg file."),
    ("parlour.commands.cowtrade", "cowtrade", "The last cow trade of Koehandel as a zero-sum game."),
    ("parlour.commands.goose", "goose", "Game of the Goose: exact and certified win probabilities."),
    ("parlour.commands.guess", "guess", "The higher-lower guessing game: certified exact solutions."),
    ("parlour.commands.memory", "memory", "Memory with perfect memory: the optimal tactic in every state."),
    ("parlour.commands.winorlose", "winorlose", "Win or Lose: win chances, character types, tournaments."),
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"parlour {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """parlour: exact analysis of recreational games."""


def _mount() -> None:
    from parlour.commands.reproduce import reproduce

    app.command("reproduce")(reproduce)
    for module_name, name, help_text in COMMAND_GROUPS:
        module = importlib.import_module(module_name)
        app.add_typer(module.app, name=name, help=help_text)
    from parlour.commands.web import serve

    app.command("serve")(serve)


_mount()


def main(argv: list[str] | None = None) -> None:
    """Entry point. Typer reports usage errors itself (exit 2); a ParlourError raised by a command
    becomes one line on stderr and its exit code (2 for bad input), never a traceback."""
    try:
        app(args=argv, prog_name="parlour")
    except ParlourError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)


if __name__ == "__main__":
    main()
