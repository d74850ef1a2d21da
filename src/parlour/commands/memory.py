"""`parlour memory ...`: Memory with perfect memory: the optimal tactic in every state."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from parlour.commands.common import console, print_json, progress
from parlour.infra import lazy
from parlour.results import frac_str

if TYPE_CHECKING:
    from parlour import memory as front
    from parlour.analyses import memory as analysis
else:  # loaded when a command runs, not for --help
    front = lazy.module("parlour.memory")
    analysis = lazy.module("parlour.analyses.memory")

app = typer.Typer(no_args_is_help=True)

PairsOpt = Annotated[int, typer.Option("--pairs", "-n", help="Number of pairs on the table at the start.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def _exact_text(x: Fraction | float | None) -> str:
    return frac_str(x) if isinstance(x, Fraction) else "-"


def _float_text(x: Fraction | float | None, digits: int = 12) -> str:
    return "-" if x is None else f"{float(x):.{digits}g}"


@app.command()
def solve(
    pairs: PairsOpt,
    exact: Annotated[bool, typer.Option("--exact", help="Solve the full <k,B,P> recursion (no assumption); "
                                        "otherwise the reduced model (exact up to 300 pairs, float above).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Expected pairs of both players from the start, the first player's advantage, the stalemate."""
    analysis.check_pairs(pairs, limit=analysis.MAX_EXACT_PAIRS if exact else analysis.MAX_FLOAT_PAIRS)
    if exact and pairs > 30:
        with progress() as bar:
            task = bar.add_task("pairs solved", total=pairs + 1)
            res = front.solve(pairs, exact=True, progress=lambda _n: bar.advance(task))
    else:
        res = front.solve(pairs, exact=exact)
    if as_json:
        print_json(res)
        return
    t = Table(title=f"Memory, {pairs} pairs, perfect memory, optimal play ({res.model})")
    t.add_column("quantity")
    t.add_column("exact")
    t.add_column("float", justify="right")
    fp, sp = res.first_player_expected_pairs, res.second_player_expected_pairs
    t.add_row("first player's expected pairs", _exact_text(fp), _float_text(fp))
    t.add_row("second player's expected pairs", _exact_text(sp), _float_text(sp))
    t.add_row("advantage (first - second)", _exact_text(res.advantage), _float_text(res.advantage))
    p = res.stalemate_probability
    t.add_row("P(mutual-pass stalemate)", _exact_text(p) if len(str(p)) < 60 else "(long)", _float_text(p))
    t.add_row("pairs left at a stalemate (mean)", "", _float_text(res.expected_pairs_left_at_stalemate, 6))
    t.add_row("optimal tactics at the start", ", ".join(res.optimal_tactics_at_start), "")
    console.print(t)


@app.command()
def table(
    pairs: PairsOpt,
    p0: Annotated[bool, typer.Option("--p0", help="Only the states without known pairs (P = 0).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """MEMORYTABLE: w(k,B,P) and the optimal tactics in every state up to N pairs."""
    res = front.table(pairs, p0=p0)
    if as_json:
        print_json(res)
        return
    t = Table(title=f"MEMORYTABLE up to {pairs} pairs: w = expected cards of the player to move")
    for col in ("k", "B", "P", "w", "w (float)", "optimal", "P(stalemate)"):
        t.add_column(col, justify="right" if col not in ("w", "optimal") else "left")
    for r in res.states:
        t.add_row(str(r.state.k), str(r.state.B), str(r.state.P), frac_str(r.w), f"{float(r.w):.6f}",
                  ",".join(r.optimal), f"{float(r.stalemate_probability):.4f}")
    console.print(t)
    classes = analysis.tactic_list().payload()["tactics"]
    console.print("; ".join(f"{name}: {c['label']}" for name, c in classes.items()), highlight=False,
                  markup=False)


@app.command()
def state(
    k: Annotated[int, typer.Argument(help="Cards on the table (even).")],
    known: Annotated[int, typer.Argument(help="B: known cards among them.")],
    known_paired: Annotated[int, typer.Argument(help="P: known cards whose partner is known (even).")],
    as_json: JsonOpt = False,
) -> None:
    """The value of every tactic in one state <k,B,P>, and which are optimal."""
    res = front.state(k, known, known_paired)
    if as_json:
        print_json(res)
        return
    labels = analysis.tactic_list().payload()["tactics"]
    t = Table(title=f"state {res.state}: w = {frac_str(res.w)} = {float(res.w):.10g}")
    for col in ("tactic", "value", "float", "optimal", "what"):
        t.add_column(col)
    for n, v in res.tactics.items():
        t.add_row(n, frac_str(v) if len(frac_str(v)) < 40 else "(long)", f"{float(v):.10g}",
                  "yes" if n in res.optimal else "", labels[n]["label"])
    console.print(t)


@app.command()
def tactics(as_json: JsonOpt = False) -> None:
    """The 19 tactics, merged into classes with identical gains, with their gain formulas."""
    res = front.tactics()
    if as_json:
        print_json(res)
        return
    for name, d in res.payload()["tactics"].items():
        console.print(f"{name}  {d['label']}", highlight=False, markup=False)
        console.print("   members: " + "; ".join(d["members"]), highlight=False, markup=False)
        console.print("   gain: " + str(d["formula"]), highlight=False, markup=False)


@app.command()
def simulate(
    pairs: PairsOpt,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games to play.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Play real shuffled decks with the exact optimal policy and compare with the DP."""
    with progress(as_json or games * pairs < 100_000) as bar:  # ~2 ms a game of 40 pairs: seconds from here
        task = bar.add_task("games played", total=games)
        res = front.simulate(pairs, games=games, seed=seed, progress=lambda done: bar.update(task, completed=done))
    if as_json:
        print_json(res)
        return
    r = res.simulated
    exact = float(res.first_player_expected_pairs)
    t = Table(title=f"{games} simulated games, {pairs} pairs, seed {seed}")
    for col in ("quantity", "simulated (95 % interval)", "DP"):
        t.add_column(col)
    t.add_row("first player's pairs", str(r.first_pairs), f"{exact:.6f}")
    t.add_row("advantage", str(r.advantage), f"{2 * exact - pairs:.6f}")
    t.add_row("stalemate rate", str(r.stalemate_rate), f"{float(res.stalemate_probability):.6f}")
    console.print(t)
    console.print(f"z-score of the first player's mean: {res.z_first:.2f}")
