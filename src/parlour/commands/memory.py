"""`parlour memory ...`: Memory with perfect memory: the optimal tactic in every state."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from parlour.analyses import memory as analysis
from parlour.commands.common import console, print_json, progress
from parlour.results import frac_str

app = typer.Typer(no_args_is_help=True)

PairsOpt = Annotated[int, typer.Option("--pairs", "-n", help="Number of pairs on the table at the start.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def _fmt(x: object) -> str:
    return "-" if x is None else str(x)


@app.command()
def solve(
    pairs: PairsOpt,
    exact: Annotated[bool, typer.Option("--exact", help="Solve the full <k,B,P> recursion (no assumption); "
                                        "otherwise the reduced model (exact up to 300 pairs, float above).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Expected pairs of both players from the start, the first player's advantage, the stalemate."""
    analysis.check_pairs(pairs, limit=analysis.MAX_EXACT_PAIRS if exact else 20000)
    if exact and pairs > 30:
        with progress() as bar:
            task = bar.add_task("pairs solved", total=pairs + 1)
            res = analysis.summarize(pairs, exact=True, on_level=lambda _n: bar.advance(task))
    else:
        res = analysis.summarize(pairs, exact=exact)
    if as_json:
        print_json(res)
        return
    t = Table(title=f"Memory, {pairs} pairs, perfect memory, optimal play ({res.model})")
    t.add_column("quantity")
    t.add_column("exact")
    t.add_column("float", justify="right")
    fp = res.first_player_expected_pairs
    t.add_row("first player's expected pairs", _fmt(fp and frac_str(fp)), _fmt(fp and f"{float(fp):.12g}"))
    sp = res.second_player_expected_pairs
    t.add_row("second player's expected pairs", _fmt(sp and frac_str(sp)), _fmt(sp and f"{float(sp):.12g}"))
    adv = res.advantage
    t.add_row("advantage (first - second)", _fmt(adv and frac_str(adv)), f"{res.advantage_float:.12g}")
    sp2 = res.stalemate_probability
    t.add_row("P(mutual-pass stalemate)", _fmt(sp2 and frac_str(sp2)) if len(str(sp2)) < 60 else "(long)",
              _fmt(res.stalemate_probability_float and f"{res.stalemate_probability_float:.12g}"))
    t.add_row("pairs left at a stalemate (mean)", "",
              _fmt(res.expected_pairs_left_at_stalemate and f"{res.expected_pairs_left_at_stalemate:.6g}"))
    t.add_row("optimal tactics at the start", ", ".join(res.optimal_tactics_at_start), "")
    console.print(t)


@app.command()
def table(
    pairs: PairsOpt,
    p0: Annotated[bool, typer.Option("--p0", help="Only the states without known pairs (P = 0).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """MEMORYTABLE: w(k,B,P) and the optimal tactics in every state up to N pairs."""
    res = analysis.memory_table(pairs, p0_only=p0)
    if as_json:
        print_json(res)
        return
    t = Table(title=f"MEMORYTABLE up to {pairs} pairs: w = expected cards of the player to move")
    for col in ("k", "B", "P", "w", "w (float)", "optimal", "P(stalemate)"):
        t.add_column(col, justify="right" if col not in ("w", "optimal") else "left")
    for r in res.states:
        t.add_row(str(r.k), str(r.B), str(r.P), frac_str(r.w), f"{float(r.w):.6f}",
                  ",".join(r.optimal), f"{r.stalemate_probability:.4f}")
    console.print(t)
    console.print("; ".join(f"{n}: {label}" for n, label in res.tactics.items()), highlight=False, markup=False)


@app.command()
def state(
    k: Annotated[int, typer.Argument(help="Cards on the table (even).")],
    known: Annotated[int, typer.Argument(help="B: known cards among them.")],
    known_paired: Annotated[int, typer.Argument(help="P: known cards whose partner is known (even).")],
    as_json: JsonOpt = False,
) -> None:
    """The value of every tactic in one state <k,B,P>, and which are optimal."""
    res = analysis.state_values(k, known, known_paired)
    if as_json:
        print_json(res)
        return
    k_, b_, p_ = res.state
    t = Table(title=f"state <{k_},{b_},{p_}>: w = {frac_str(res.w)} = {float(res.w):.10g}")
    for col in ("tactic", "value", "float", "optimal", "what"):
        t.add_column(col)
    for v in res.tactics:
        t.add_row(v.name, frac_str(v.value) if len(frac_str(v.value)) < 40 else "(long)", f"{float(v.value):.10g}",
                  "yes" if v.optimal else "", v.label)
    console.print(t)


@app.command()
def tactics(as_json: JsonOpt = False) -> None:
    """The 19 tactics, merged into classes with identical gains, with their gain formulas."""
    res = analysis.tactic_list()
    if as_json:
        print_json(res)
        return
    for c in res.tactics:
        console.print(f"{c.name}  {c.label}", highlight=False, markup=False)
        console.print("   members: " + "; ".join(c.members), highlight=False, markup=False)
        console.print("   gain: " + c.formula, highlight=False, markup=False)


@app.command()
def simulate(
    pairs: PairsOpt,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games to play.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Play real shuffled decks with the exact optimal policy and compare with the DP."""
    res = analysis.simulation_check(pairs, games, seed)
    if as_json:
        print_json(res)
        return
    r, exact = res.simulation, float(res.first_player_expected_pairs)
    t = Table(title=f"{games} simulated games, {pairs} pairs, seed {seed}")
    for col in ("quantity", "simulated (± 1.96 se)", "DP"):
        t.add_column(col)
    t.add_row("first player's pairs", f"{r.first_mean:.4f} ± {1.96 * r.first_stderr:.4f}", f"{exact:.6f}")
    t.add_row("advantage", f"{r.advantage_mean:.4f} ± {1.96 * r.advantage_stderr:.4f}", f"{2 * exact - pairs:.6f}")
    t.add_row("stalemate rate", f"{r.stalemate_rate:.4f} ± {1.96 * r.stalemate_stderr:.4f}",
              f"{res.stalemate_probability:.6f}")
    console.print(t)
    console.print(f"z-score of the first player's mean: {res.z_first:.2f}")
