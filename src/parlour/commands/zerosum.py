"""`parlour zerosum ...`: any two-person zero-sum game from a Gambit .nfg file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from parlour.commands.common import console, print_json
from parlour.results import frac_str

app = typer.Typer(no_args_is_help=True)


@app.command()
def solve(
    game: Annotated[Path, typer.Argument(help="A two-player constant-sum game in Gambit .nfg format.")],
    steps: Annotated[bool, typer.Option("--steps", help="Also eliminate dominated strategies.")] = False,
    weak: Annotated[bool, typer.Option("--weak/--strict-only", help="Also remove weakly dominated strategies.")] = True,
    mixed: Annotated[bool, typer.Option("--mixed/--pure-only", help="Also look for dominating mixtures.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Value and optimal mixed strategies by LP, with an exact certificate for rational payoffs."""
    from parlour.solvers import dominance, nfg, zerosum  # HiGHS and FLINT: not for --help

    matrix, rows, cols, title = nfg.read(game)
    solution = zerosum.solve(matrix)
    elimination = dominance.eliminate(matrix, weak=weak, mixed=mixed) if steps else None
    cert = solution.certificate
    row_strategy, col_strategy = solution.strategies()
    if as_json:
        data: dict[str, object] = {
            "title": title,
            "shape": list(matrix.shape),
            **solution.payload(rows, cols),
            **{k: v for k, v in solution.to_json().items() if k in solution.BOOKKEEPING},
        }
        if elimination is not None:
            data.update(elimination.payload(rows, cols))
        print_json(data)
        return
    console.print(f"{title}: {matrix.shape[0]} x {matrix.shape[1]}")
    if elimination is not None:
        for k, step in enumerate(elimination.steps, 1):
            console.print(f"{k:>4}. {step.describe(rows, cols)}", highlight=False)
    table = Table(show_header=False)
    value = f"{frac_str(cert.value)} = {float(cert.value):.6g} (certified)" if cert else f"{solution.value:.10g}"
    table.add_row("value", value)
    table.add_row("row player", ", ".join(f"{r}: {_p(p)}" for r, p in zip(rows, row_strategy, strict=True) if p))
    table.add_row("column player", ", ".join(f"{c}: {_p(p)}" for c, p in zip(cols, col_strategy, strict=True) if p))
    if not cert:
        table.add_row("float residual", f"{solution.gap:.2e}")
    console.print(table)


def _p(p: object) -> str:
    return f"{p:.6g}" if isinstance(p, float) else frac_str(p)  # type: ignore[arg-type]
