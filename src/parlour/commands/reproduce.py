"""`parlour reproduce`: run the registry of claims, write the report, print a summary."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from parlour import claims as registry
from parlour import report
from parlour.commands.common import console, progress
from parlour.infra.files import output_folder


def reproduce(
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Run only claims whose id starts with PREFIX (repeatable).")
    ] = None,
    full: Annotated[bool, typer.Option("--full", help="Also run the heavy claims.")] = False,
    out: Annotated[Path, typer.Option("--out", help="Folder for index.html and claims.json.")] = Path("report"),
    list_only: Annotated[bool, typer.Option("--list", help="List the selected claims and stop.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Recompute every published figure of the five studies and write report/index.html."""
    if not list_only:
        output_folder(out, "--out")
    chosen = registry.select(registry.load_all().values(), only or (), full)
    if list_only:
        for c in chosen:
            console.print(f"{c.id}  [dim]{c.source}[/dim]  {'(heavy)' if c.heavy else ''}")
        return
    results: list[registry.ClaimResult] = []
    with progress(quiet=quiet or None) as bar:
        task = bar.add_task("claims", total=len(chosen))
        for c in chosen:
            bar.update(task, description=c.id)
            results.append(registry.run_claim(c))
            bar.advance(task)
    command = "parlour " + " ".join(sys.argv[1:]) if sys.argv[1:] else "parlour reproduce"
    index = report.write(results, out, command)
    console.print(summary_table(results))
    bad = [r for r in results if not r.outcome.status.ok]
    console.print(f"report: {index}  ({len(results)} claims, {len(bad)} not reproduced)")
    if bad:
        raise typer.Exit(1)


STATUS_STYLE = {
    "reproduced": "green",
    "differs": "yellow",
    "new": "blue",
    "skipped": "dim",
    "failed": "bold red",
    "error": "bold red",
}


def summary_table(results: list[registry.ClaimResult]) -> Table:
    table = Table(title="parlour reproduce (details: report/index.html)", show_lines=False)
    table.add_column("claim", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("time", justify="right", no_wrap=True)
    table.add_column("computed", overflow="ellipsis", no_wrap=True, max_width=70)
    for r in results:
        status = r.outcome.status.value
        table.add_row(
            r.claim.id, f"[{STATUS_STYLE[status]}]{status}[/]", f"{r.seconds:.2f} s", r.outcome.computed
        )
    return table
