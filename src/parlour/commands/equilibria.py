"""The equilibria of a two-player game that is not zero-sum, as `parlour solve game.nfg` shows them to people:
one line per equilibrium, each player's mixed strategy under the file's names, both payoffs."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.console import Console
from rich.table import Table

from parlour.results import frac_str, short_exact
from parlour.toolkit.matrix import GameEquilibria


def show(result: GameEquilibria, console: Console) -> None:
    """Print the equilibria table, then what the list is (every extreme equilibrium, or one) and its proof."""
    players = result.extra.get("players") or ["player 1", "player 2"]
    rows, columns = result.strategy_names
    count = len(result.equilibria)
    named = f"{result.extra['title']} ({result.name})" if result.extra.get("title") else result.name
    title = f"{named}, {len(rows)}x{len(columns)}, not zero-sum: "
    title += (f"{count} extreme equilibri{'um' if count == 1 else 'a'}" if result.complete
              else "one equilibrium")
    table = Table(title=title)
    for header in ("#", *players, f"{players[0]} gets", f"{players[1]} gets"):
        table.add_column(str(header), overflow="fold")
    for k, eq in enumerate(result.equilibria, 1):
        x, y = eq.strategies
        table.add_row(str(k), _mixed(rows, x), _mixed(columns, y), *(_number(p) for p in eq.payoffs))
    console.print(table)
    if result.message:
        console.print(result.message, highlight=False)
    console.print(f"status: {result.status.value}: each equilibrium checked in fractions (no strategy of either "
                  f"player pays more against the other's); {result.seconds:.3g} s", highlight=False)


def _mixed(names: Sequence[str], probabilities: Sequence[Fraction]) -> str:
    """A pure strategy by its name; a mixed one as its strategies with their probabilities."""
    played = [(name, p) for name, p in zip(names, probabilities, strict=True) if p]
    if len(played) == 1:
        return played[0][0]
    return ", ".join(f"{name} {short_exact(frac_str(p))}" for name, p in played)


def _number(value: Fraction) -> str:
    text = short_exact(frac_str(value))
    return text if value.denominator == 1 else f"{text} = {float(value):.6g}"


__all__ = ["show"]
