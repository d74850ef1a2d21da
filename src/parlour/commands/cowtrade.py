"""`parlour cowtrade ...`: the last cow trade of Koehandel."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from parlour.analyses import cowtrade as analysis
from parlour.analyses.cowtrade import CowTrade, SecondInitiative
from parlour.commands.common import console, parse_int_list, print_json
from parlour.errors import InvalidInput
from parlour.results import frac_str

app = typer.Typer(no_args_is_help=True)


def _game(money1: int | None, money3: int | None, initiative: int, bids1: str | None, bids3: str | None,
          cards1: str | None, cards3: str | None, second: SecondInitiative) -> CowTrade:
    if cards1 is not None or cards3 is not None:
        if cards1 is None or cards3 is None:
            raise InvalidInput("give the money cards of both players (--cards1 and --cards3)")
        if bids1 or bids3:
            raise InvalidInput("--cards1/--cards3 replace --bids1/--bids3; give one or the other")
        c1 = [] if cards1.strip() == "" else parse_int_list(cards1, "--cards1")
        c3 = [] if cards3.strip() == "" else parse_int_list(cards3, "--cards3")
        return CowTrade.from_cards(c1, c3, initiative, second)
    if money1 is None or money3 is None:
        raise InvalidInput("give both money totals (--money1 and --money3) or both hands (--cards1, --cards3)")
    b1 = tuple(parse_int_list(bids1, "--bids1")) if bids1 is not None else ()
    b3 = tuple(parse_int_list(bids3, "--bids3")) if bids3 is not None else ()
    return CowTrade(money1, money3, initiative, b1, b3, second)


@app.command()
def solve(
    money1: Annotated[int | None, typer.Option("--money1", help="Player 1's money total (holds 1 animal).")] = None,
    money3: Annotated[int | None, typer.Option("--money3", help="Player 3's money total (holds 3 animals).")] = None,
    initiative: Annotated[int, typer.Option("--initiative", help="Who challenges (wins ties): 1 or 3.")] = 1,
    bids1: Annotated[str | None, typer.Option("--bids1", help="Allowed bids of player 1, e.g. 0,2,5.")] = None,
    bids3: Annotated[str | None, typer.Option("--bids3", help="Allowed bids of player 3.")] = None,
    cards1: Annotated[str | None, typer.Option("--cards1", help="Player 1's money cards, e.g. 0,10,10,50.")] = None,
    cards3: Annotated[str | None, typer.Option("--cards3", help="Player 3's money cards.")] = None,
    second: Annotated[
        SecondInitiative, typer.Option("--second", help="Who holds the initiative in the second trade.")
    ] = SecondInitiative.ALTERNATE,
    matrix: Annotated[bool, typer.Option("--matrix", help="Show the matrix in the study's 1/2/3 notation.")] = False,
    steps: Annotated[bool, typer.Option("--steps", help="Show every elimination step with its witness.")] = False,
    nfg_out: Annotated[Path | None, typer.Option("--nfg", help="Also write the game as a Gambit .nfg file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Solve the last cow trade exactly: value, inspection size and both optimal bidding strategies."""
    game = _game(money1, money3, initiative, bids1, bids3, cards1, cards3, second)
    result = analysis.solve(game)
    if nfg_out is not None:
        analysis.write_nfg(game, nfg_out)
    winners, combined = analysis.symbol_matrices(game)
    if as_json:
        data = result.to_json()
        if matrix:
            data["matrix"] = winners.tolist()
            data["combined"] = combined.tolist()
        if steps:
            data["steps"] = analysis.elimination_steps(result)
        print_json(data)
        return
    console.print(
        f"Cow trade: player 1 has {game.money1}, player 3 has {game.money3}, initiative {game.initiative}"
        f" ({len(game.bids1)} x {len(game.bids3)} bids)"
    )
    if matrix:
        console.print("\nwinner per bid pair (rows: player 1's bid, columns: player 3's bid)")
        console.print(analysis.format_matrix(winners, game.bids1, game.bids3), highlight=False)
        console.print("\ncombined (1/3: that player wins; 2: the initiative holder wins; 4: the other one)")
        console.print(analysis.format_matrix(combined, game.bids1, game.bids3), highlight=False)
    if steps:
        lines = analysis.elimination_steps(result)
        console.print(f"\nelimination: {len(lines)} steps")
        for k, line in enumerate(lines, 1):
            console.print(f"{k:>4}. {line}", highlight=False)
    n = result.inspection_size
    table = Table(show_header=False)
    table.add_row("value (units of the quartet's points)", f"{frac_str(result.value)} = {float(result.value):.6f}")
    table.add_row("player 1 ends with the quartet", f"{frac_str((result.value + 1) / 2)}")
    table.add_row("inspection size n", "—" if n is None else f"{n}" + (" (a single cell)" if n == 1 else ""))
    table.add_row("player 1 bids", _strategy(result.strategy1))
    table.add_row("player 3 bids", _strategy(result.strategy3))
    table.add_row("certified", "yes: exact certificate checked in rational arithmetic")
    console.print(table)


def _strategy(strategy: dict[int, Fraction]) -> str:
    return ", ".join(f"{b}: {frac_str(p)}" for b, p in strategy.items())
