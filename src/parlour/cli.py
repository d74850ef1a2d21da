"""The `parlour` command line: one sub-command group per registered game, plus `zerosum`, `reproduce`,
`serve` and `solve` (your own game from a file).

Every group and command is loaded on first use (`commands/root.py`'s `LazyGroup`), and Typer itself only
for a command that runs through it: `parlour`, `parlour --help` and `parlour --version` are answered from
the registry's one-line summaries in plain text (`commands/listing.py`), and `parlour guess value 12`
imports the guessing game's command module alone. A command module imports its heavy libraries (numba,
scipy, HiGHS, FLINT, matplotlib) inside the functions that need them, so a cheap command starts in a
fraction of a second (tests/commands/test_startup.py lists what each cheap command imports).
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

from parlour.commands import listing
from parlour.commands.arguments import check_numbers
from parlour.commands.listing import LAZY, ORDER, Lazy
from parlour.errors import ParlourError
from parlour.infra import interrupt, spelling, supervisor

if TYPE_CHECKING:
    from parlour.commands.root import LazyGroup, app, command, load, root

# The Typer side, imported on first use (PEP 562): `parlour`, `parlour --help` and `parlour --version` never load it.
_TYPER_SIDE = ("LazyGroup", "app", "command", "load", "root")


def __getattr__(name: str) -> Any:
    if name in _TYPER_SIDE:
        from parlour.commands import root as typer_side

        return getattr(typer_side, name)
    raise AttributeError(f"module 'parlour.cli' has no attribute {name!r}")


def _light(args: list[str]) -> int | None:
    """Answer the root listing or the version without Typer (a start of 0.1 s instead of 0.4 s): the exit code,
    or None when `args` are for Typer. `parlour` alone is a usage error, exit code 2, its listing on stdout
    as Typer's Rich formatter printed it."""
    if args == ["--version"]:
        from parlour import __version__

        sys.stdout.write(f"parlour {__version__}\n")
    elif args in ([], ["--help"]):
        sys.stdout.write(listing.listing(sys.stdout.isatty()))
    else:
        return None
    sys.stdout.flush()
    return 0 if args else 2


def _fail(message: str, code: int, as_json: bool) -> None:
    """One sentence on stderr (a JSON object under --json), then the exit code."""
    if as_json:
        sys.stderr.write(json.dumps({"error": message, "code": code}) + "\n")
    else:
        import typer  # loaded already: only a command run through Typer fails here

        typer.echo(f"error: {message}", err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point. Bad input, from click's parser or from parlour itself (a ParlourError), becomes one
    sentence on stderr and exit code 2, never a traceback; under --json that sentence is
    {"error": ..., "code": 2}."""
    # OpenBLAS's idle threads spin for 2^28 cycles by default: 0.07 s of CPU at numpy's import, a quarter of a
    # cheap command's start. 2^4 lets them sleep at once (guess solve 500, heavy in BLAS: the same seconds).
    os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
    args = list(sys.argv[1:] if argv is None else argv)
    light = _light(args)
    if light is not None:
        sys.exit(light)
    import typer
    from typer._click import exceptions as click_errors

    from parlour.commands.root import command

    if argv is None:  # the program itself, not an in-process call: Ctrl-C must stop it within a second
        supervisor.start()
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
        import typer

        from parlour.commands.common import resume_note

        typer.echo(supervisor.interrupted_line(resume_note()), err=True)
    sys.exit(INTERRUPTED)


if __name__ == "__main__":
    main()


__all__ = ["INTERRUPTED", "LAZY", "ORDER", "Lazy", "LazyGroup", "app", "command", "load", "main", "root"]
