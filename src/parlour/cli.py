"""The `parlour` command line: one sub-command group per registered game, plus `zerosum`, `reproduce`
and `serve`."""

from __future__ import annotations

import importlib
import json
import sys
from typing import Annotated

import typer

# Typer vendors click (typer._click) and re-exports none of its parser errors; they are caught here only.
from typer._click import exceptions as click_errors

from parlour import __version__
from parlour.commands.arguments import check_numbers
from parlour.errors import ParlourError
from parlour.infra import interrupt, spelling
from parlour.registry import GAMES

app = typer.Typer(
    name="parlour",
    help="Exact analysis of recreational games: exact fractions where they exist, certified bounds "
    "where they do not.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# Command groups that are not games: a solver anyone can feed their own matrix game.
SOLVER_GROUPS: tuple[tuple[str, str, str], ...] = (
    ("parlour.commands.zerosum", "zerosum", "Any two-person zero-sum game from a Gambit .nfg file."),
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
    from parlour.commands.solve import solve
    from parlour.commands.web import serve

    app.command("reproduce")(reproduce)
    for module_name, name, help_text in SOLVER_GROUPS:
        app.add_typer(importlib.import_module(module_name).app, name=name, help=help_text)
    for game in GAMES:
        app.add_typer(game.load("command").app, name=game.name, help=game.summary)
    app.command("serve")(serve)
    app.command("solve")(solve)


_mount()


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
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    interrupt.install()
    try:
        check_numbers(args)
        # Not standalone, typer returns the code of a typer.Exit (and 130 for a Ctrl-C) instead of exiting.
        with spelling.command_line():  # the library's refusals name flags (--force), not parameters
            code = app(args=args, prog_name="parlour", standalone_mode=False)
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


INTERRUPTED = 130  # the shell's code for a command stopped by SIGINT


def _interrupted() -> None:
    """One line, naming the checkpoint a rerun resumes from when the command keeps one."""
    from parlour.commands.common import resume_note

    where = resume_note()
    typer.echo(f"interrupted; checkpoint at {where} (rerun the command to resume)" if where else "interrupted",
               err=True)
    sys.exit(INTERRUPTED)


if __name__ == "__main__":
    main()
