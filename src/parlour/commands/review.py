"""`parlour review RECORD`: a game record (a page's "copy record", a file, or a shared link) graded decision by
decision, exactly, with the same numbers the page shows (both come from `analyses.review`)."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from parlour.analyses.review.core import Review


def review(
    record: Annotated[str, typer.Argument(help="The game record: a JSON file (docs/json.md, \"Game records\"), "
                                          "'-' for standard input, or a page's shared link (it carries the "
                                          "record after '#record=').")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON (docs/json.md).")] = False,
) -> None:
    """Grade every decision of a game against the best move, exactly, and measure the luck apart."""
    from parlour.analyses.review.core import read_record
    from parlour.analyses.review.core import review as grade
    from parlour.commands.common import console, print_json
    from parlour.errors import FormatError, shown

    if record == "-":
        text = sys.stdin.read()
    elif "#record=" in record:
        text = record
    else:
        try:
            text = Path(record).read_text(encoding="utf-8", errors="replace")
        except (OSError, ValueError) as exc:  # no such file, a folder, a name too long or with a NUL
            raise FormatError(f"no record file at {shown(record)} (give a JSON file, '-' or a page link)") from exc
    result = grade(read_record(text))
    if as_json:
        print_json(result)
        return
    show(result, console)


def _amount(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):.4g}"


def show(result: Review, console: Console) -> None:
    """The decisions that lost something, each player's counts, the costliest decision and the luck."""
    from rich.table import Table

    t = result.thresholds
    console.print(f"{result.game}: losses in {result.unit}; inaccuracy from {_amount(t.inaccuracy)}, mistake from "
                  f"{_amount(t.mistake)}, blunder from {_amount(t.blunder)}", highlight=False)
    flagged = [d for d in result.decisions if d.grade not in ("best", "good")]
    if flagged:
        table = Table(title="decisions that lost")
        for header in ("move", "player", "played", "best", "loss", "grade"):
            table.add_column(header)
        for d in flagged:
            table.add_row(str(d.ply), d.player, str(d.move), str(d.best), _amount(d.loss), d.grade)
        console.print(table)
    counts = Table(title="per player")
    for header in ("player", "decisions", "best", "good", "inaccuracy", "mistake", "blunder", "total loss"):
        counts.add_column(header)
    for name, row in result.per_player().items():
        counts.add_row(name, *(str(row[k]) for k in ("decisions", "best", "good", "inaccuracy", "mistake", "blunder")),
                       _amount(Fraction(row["loss_exact"])))
    console.print(counts)
    if result.costliest:
        d = result.costliest
        console.print(f"costliest decision: move {d.ply} by {d.player}, {d.move} instead of {d.best} "
                      f"(lost {_amount(d.loss)} {result.unit})", highlight=False)
    for word, event in (("luckiest", result.luckiest), ("unluckiest", result.unluckiest)):
        if event:
            console.print(f"{word} chance event: move {event.ply}, {event.event} ({event.player}: "
                          f"{_amount(event.swing)} {result.unit})", highlight=False)


__all__ = ["review", "show"]
