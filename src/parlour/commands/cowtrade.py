"""`parlour cowtrade ...`: the last cow trade of Koehandel."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from parlour import cowtrade as front
from parlour.analyses import cowtrade as analysis
from parlour.commands.common import console, parse_int_list, print_json
from parlour.infra.files import output_file
from parlour.results import frac_str

app = typer.Typer(no_args_is_help=True)

def _game(money1: int | None, money3: int | None, initiative: int, bids1: str | None, bids3: str | None,
          cards1: str | None, cards3: str | None, second: analysis.SecondInitiative) -> analysis.CowTrade:
    def cards(text: str | None, name: str) -> list[int] | None:
        if text is None:
            return None
        return [] if text.strip() == "" else parse_int_list(text, name)

    b1 = parse_int_list(bids1, "--bids1") if bids1 is not None else None
    b3 = parse_int_list(bids3, "--bids3") if bids3 is not None else None
    return analysis.make_game(money1, money3, initiative, b1, b3, cards(cards1, "--cards1"),
                              cards(cards3, "--cards3"), second)


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
        analysis.SecondInitiative, typer.Option("--second", help="Who holds the initiative in the second trade.")
    ] = analysis.SecondInitiative.ALTERNATE,
    matrix: Annotated[bool, typer.Option("--matrix", help="Show the matrix in the study's 1/2/3 notation.")] = False,
    steps: Annotated[bool, typer.Option("--steps", help="Show every elimination step with its witness.")] = False,
    nfg_out: Annotated[Path | None, typer.Option("--nfg", help="Also write the game as a Gambit .nfg file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Solve even what the size check refuses.")] = False,
) -> None:
    """Solve the last cow trade exactly: value, inspection size and both optimal bidding strategies."""
    if nfg_out is not None:
        output_file(nfg_out, "--nfg")
    front.check_money(money1, money3, force)  # the library's policy: size guards, named --force here
    game = _game(money1, money3, initiative, bids1, bids3, cards1, cards3, second)
    result = front.solve_game(game, force=force)
    if nfg_out is not None:
        analysis.write_nfg(nfg_out, game)
    if as_json:
        data = result.to_json()
        if matrix:
            data.update(analysis.matrices(game))
        if steps:
            data["steps"] = result.steps()
        print_json(data)
        return
    console.print(
        f"Cow trade: player 1 has {game.money1}, player 3 has {game.money3}, initiative {game.initiative}"
        f" ({len(game.bids1)} x {len(game.bids3)} bids)"
    )
    if matrix:
        grids = analysis.matrices(game)
        console.print("\nwinner per bid pair (rows: player 1's bid, columns: player 3's bid)")
        console.print(analysis.format_matrix(grids["matrix"], game.bids1, game.bids3), highlight=False)
        console.print("\ncombined (1/3: that player wins; 2: the initiative holder wins; 4: the other one)")
        console.print(analysis.format_matrix(grids["combined"], game.bids1, game.bids3), highlight=False)
    if steps and result.elimination is not None:
        console.print(f"\nelimination: {len(result.elimination.steps)} steps")
        for k, line in enumerate(result.steps(), 1):
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
