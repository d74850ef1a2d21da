"""`parlour --help` (and `parlour` alone): the root listing, written without Typer or Rich.

The listing is the one help screen a user asks for most, and Typer's Rich formatter imports Rich's markdown,
tables and tracebacks for it: 0.2 s of a 0.4 s start. This module draws the same panels in plain text (the
box characters, widths and wrapping Typer's formatter uses, its colours on a terminal), so `parlour.cli`
answers the listing before importing Typer at all. Every sub-command's own `--help` is still Typer's.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from parlour.registry import GAMES

__all__ = [
    "LAZY", "OPTIONS", "ORDER", "ROOT_HELP", "USAGE", "VERSION_HELP", "Lazy", "color_for", "listing", "render", "width",
]


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

ROOT_HELP = ("Exact analysis of recreational games: exact fractions where they exist, certified bounds "
             "where they do not.")
USAGE = "parlour [OPTIONS] COMMAND [ARGS]..."
VERSION_HELP = "Print the version and exit."
# The root's options as its help shows them; a test holds them equal to the root command's own parameters.
OPTIONS: tuple[tuple[str, str], ...] = (("--version", VERSION_HELP), ("--help", "Show this message and exit."))

# Typer's table draws a flag's name, then its (empty) short-name and type columns: the help starts 10 columns
# after the longest option name, 2 after the longest command name.
_OPTION_GAP, _COMMAND_GAP = 10, 2
_ANSI = {"bold cyan": "\x1b[1;36m", "yellow": "\x1b[33m", "bold": "\x1b[1m", "dim": "\x1b[2m"}


def width() -> int:
    """The columns Typer's Rich console would use: $TERMINAL_WIDTH, else $COLUMNS, else the size of the first
    standard stream that is a terminal, else 80."""
    for variable in ("TERMINAL_WIDTH", "COLUMNS"):
        value = os.environ.get(variable, "")
        if value.isdigit() and int(value) > 0:
            return int(value)
    for fd in (0, 1, 2):
        try:
            return os.get_terminal_size(fd).columns or 80
        except (OSError, ValueError):
            continue
    return 80


def color_for(stream_is_terminal: bool) -> bool:
    """Whether to colour, by Rich's rules: NO_COLOR wins, FORCE_COLOR (and CI's GitHub Actions) force it,
    else only on a terminal."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") or os.environ.get("PY_COLORS") or os.environ.get("GITHUB_ACTIONS"):
        return True
    return stream_is_terminal


def _paint(text: str, style: str, color: bool) -> str:
    return f"{_ANSI[style]}{text}\x1b[0m" if color and text else text


def _wrap(text: str, columns: int) -> list[str]:
    """`text` in lines of at most `columns`, broken at spaces; a word too long for a line is cut with an
    ellipsis, as Rich's tables do."""
    lines = textwrap.wrap(text, columns, break_long_words=False, break_on_hyphens=False)
    return [line if len(line) <= columns else line[:columns - 1] + "…" for line in lines]


def _panel(title: str, rows: Sequence[tuple[str, str]], gap: int, columns: int, color: bool) -> list[str]:
    """A rounded box titled `title` around a two-column table, the second column wrapped to fit."""
    inner = columns - 4  # the border and one space of padding on each side
    name_width = max(len(name) for name, _ in rows) + gap
    help_width = max(inner - name_width, 1)
    rule = "─" * (columns - 2)
    head = f"─ {title} " + rule[len(title) + 3:]
    lines = [_paint(f"╭{head}╮", "dim", color)]
    side = _paint("│", "dim", color)
    for name, text in rows:
        wrapped = _wrap(text, help_width) or [""]
        for i, part in enumerate(wrapped):
            left = _paint(name, "bold cyan", color) + " " * (name_width - len(name)) if i == 0 else " " * name_width
            lines.append(f"{side} {left}{part.ljust(help_width)} {side}")
    lines.append(_paint(f"╰{rule}╯", "dim", color))
    return lines


def render(columns: int, color: bool) -> str:
    """The root listing `columns` wide: usage, the one-paragraph help, then the Options and Commands panels."""
    columns = max(columns, 30)
    blank = " " * columns
    usage = [f" {part} ".ljust(columns) for part in _wrap(f"Usage: {USAGE}", columns - 2)]
    program = USAGE.split(" ", 1)[0]
    usage[0] = usage[0].replace(f"Usage: {program}", f"{_paint('Usage:', 'yellow', color)} "
                                f"{_paint(program, 'bold', color)}", 1)
    lines = [blank, *usage, blank]
    lines += [f" {part} ".ljust(columns) for part in _wrap(ROOT_HELP, columns - 2)]
    lines.append(blank)
    lines += _panel("Options", OPTIONS, _OPTION_GAP, columns, color)
    commands = [(name, LAZY[name].help) for name in ORDER]
    lines += _panel("Commands", commands, _COMMAND_GAP, columns, color)
    return "\n".join(lines) + "\n\n"  # Rich's formatter ended on an empty line


def listing(stream_is_terminal: bool) -> str:
    """The root listing as this terminal (or pipe) gets it."""
    return render(width(), color_for(stream_is_terminal))
