"""`parlour solve FILE`: your own game (a .toml race game, a Gambit .efg or .nfg file, or a .py module)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer


def solve(
    game: Annotated[Path, typer.Argument(help="The game: a .toml race game (the Goose's rule format), a Gambit "
                                         ".efg game tree, a Gambit .nfg two-player game or a .py module (a "
                                         "stochastic game, a game tree or payoff tables; docs/your-game.md), or "
                                         "openspiel:NAME(param=value,...) for an OpenSpiel game "
                                         "(pip install parlour[openspiel]).")],
    players: Annotated[int | None, typer.Option(help="Race games: the number of players (1 gives the expected "
                                                "length of a solo game; default 2).")] = None,
    tol: Annotated[float | None, typer.Option(help="The half-width of the proven interval accepted where the "
                                              "value is not exact (cyclic games; race games of 3+ players; "
                                              "default 1e-10). Trees too large for the LP (CFR+): the width "
                                              "2 x tol when given, else 2e-4.", show_default=False)] = None,
    certified: Annotated[bool, typer.Option("--certified", help="Race games of 2 players: certified bounds "
                                            "instead of exact fractions.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress on the terminal.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON (docs/json.md).")] = False,
    write_efg: Annotated[Path | None, typer.Option("--write-efg", help="Game trees: also write the game as a "
                                                   "Gambit .efg file (before solving it).")] = None,
) -> None:
    """Solve your own game exactly, or with proven bounds: the value, both players' strategies, the proof."""
    from rich.table import Table

    from parlour.commands.common import console, print_json, progress
    from parlour.toolkit import solve as solve_game

    if write_efg is not None:
        from parlour.toolkit.front import write_efg as write

        write(game, write_efg)

    with progress(quiet or as_json) as bar:
        task = bar.add_task(f"solving {game.name}", total=None)

        def tick(line: str) -> None:
            bar.update(task, description=line)

        with one_line_warnings(bar.console):
            result = solve_game(game, players=players, tol=tol, exact=False if certified else None, progress=tick)
    if as_json:
        print_json(result)
        return
    from parlour.toolkit import GameEquilibria

    if isinstance(result, GameEquilibria):  # a two-player game that is not zero-sum: its equilibria
        from parlour.commands.equilibria import show

        show(result, console)
        return
    table = Table(title=f"{result.name} ({result.kind} game)", show_header=False)
    names = result.extra.get("players")
    if isinstance(names, list | tuple):  # a Gambit file's own names for its players (a race game: their count)
        table.add_row("players", " and ".join(map(str, names)))
    if result.exact:
        table.add_row("value", f"{_short(result.value_low)} = {result.value_float:.12g} (exact)")
    else:
        lo, hi = result.value_bounds
        table.add_row("value", f"{result.value_float:.12g} in [{lo:.12g}, {hi:.12g}] (proven)")
    for p, (lo_p, hi_p) in enumerate(zip(result.wins_low, result.wins_high, strict=True), 1):
        table.add_row(f"player {p} wins", f"{float(lo_p):.12g}" if lo_p == hi_p else
                      f"[{float(lo_p):.12g}, {float(hi_p):.12g}]")
    table.add_row("status", f"{result.status.value}: {result.message}")
    table.add_row("proof", result.proof)
    table.add_row("states", f"{result.states:,}")
    table.add_row("time", f"{result.seconds:.3g} s")
    console.print(table)
    strategies = dict(result.strategies)
    if "note" in strategies:
        console.print(f"strategies: {strategies['note']} (from Python: parlour.solve(...))", highlight=False)
    for who, rows in strategies.items():
        if who == "note":
            continue
        console.print(f"[bold]{who}[/bold]")
        for row in rows if isinstance(rows, list) else [{"infoset": k, "plays": v} for k, v in rows.items()]:
            console.print("  " + ", ".join(f"{k}: {v}" for k, v in row.items()), highlight=False)


@contextmanager
def one_line_warnings(console: Any) -> Iterator[None]:
    """A ParlourWarning (float probabilities read as fractions) as one line on stderr, `warning: ...`, above the
    progress bar; Python's other warnings as Python shows them."""
    import warnings

    from parlour.errors import ParlourWarning

    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
            if issubclass(category, ParlourWarning):
                console.print(f"warning: {message}", highlight=False, markup=False, soft_wrap=True)
            else:
                shown(message, category, *args, **kwargs)

        warnings.showwarning = show
        yield


def _short(value: object) -> str:
    from parlour.results import frac_str, short_exact

    return short_exact(frac_str(value))  # type: ignore[arg-type]
