"""`parlour winorlose ...`: Win or Lose (simplified poker): win chances, types, tournaments."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from parlour import winorlose as front
from parlour.commands.common import check_seed, console, print_json, progress
from parlour.errors import InvalidInput
from parlour.games.winorlose.rules import Rules, parse_chance_rule, parse_tie_rule

app = typer.Typer(no_args_is_help=True)

TieOpt = Annotated[str, typer.Option("--tie", help="Tie scoring: zero (default), loss or win.")]
ChanceOpt = Annotated[str, typer.Option("--chance", help="Win chance: beats = P(win) (default) or half-ties.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def _rules(tie: str, chance: str) -> Rules:
    return Rules(tie=parse_tie_rule(tie), chance=parse_chance_rule(chance))


@app.command()
def chance(
    hand: Annotated[str, typer.Option("--hand", help="Your 2 cards: ranks 0..7, optionally with a suit, e.g. 3h,5")],
    table: Annotated[str, typer.Option("--table", help="The 5 table cards, e.g. 0,1,2,6,7")],
    json: JsonOpt = False,
) -> None:
    """Exact P(win), P(tie), P(lose) of a view over every holding of the opponent."""
    view = front.chance(hand, table)
    if json:
        print_json(view)
        return
    wc = view.chance
    console.print(f"hand {' '.join(view.hand)}  table {' '.join(view.table)}")
    console.print(f"score {view.score} ({view.combination})")
    console.print(f"over {wc.holdings} opponent holdings:")
    for name, frac, n in (("win", wc.win, wc.wins), ("tie", wc.tie, wc.ties), ("lose", wc.lose, wc.losses)):
        console.print(f"  {name:5s} {frac!s:>9s}  = {float(frac):.4f}  ({n} holdings)")


@app.command("table")
def table_cmd(
    rounds: Annotated[int, typer.Option("--rounds", help="Rounds per game.")] = 100,
    games: Annotated[int, typer.Option("--games", help="Simulated games for Learning Tina.")] = 20000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the Learning simulation.")] = 2026,
    tie: TieOpt = "zero",
    chance_rule: ChanceOpt = "beats",
    json: JsonOpt = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Every pairing: expected points per round and P(Tina scores more than Frank), per round and per game."""
    from parlour.analyses.winorlose import ALL_TINAS, FRANKS, STUDY_TABLE

    front.check_tournament(rounds, games, seed)
    rules = front.rules(tie, chance_rule)
    tinas = ALL_TINAS
    with progress(quiet) as bar:
        task = bar.add_task("pairings", total=len(tinas) * len(FRANKS))
        result = front.tournament(rounds=rounds, games=games, seed=seed, tie=tie, chance_rule=chance_rule,
                                  progress=lambda _: bar.advance(task))
    results, seconds = result.pairings, result.seconds
    if json:
        print_json(result)
        return
    out = Table(title=f"P(Tina scores more than Frank), game of {rounds} rounds / one round; study in brackets")
    out.add_column("Tina \\ Frank")
    for f in FRANKS:
        out.add_column(f.value, justify="right")
    for t in tinas:
        row = [t.value]
        for j, f in enumerate(FRANKS):
            r = next(x for x in results if x.tina_type is t and x.frank_type is f)
            mark = "" if r.exact else "≈"
            study = f" [{STUDY_TABLE[t][j]:.2f}]" if t in STUDY_TABLE else ""
            row.append(f"{mark}{r.value('p_tina_more_over_game'):.3f} / {r.value('p_tina_more_in_a_round'):.3f}{study}")
        out.add_row(*row)
    console.print(out)
    pts = Table(title="Expected points per round (Tina / Frank)")
    pts.add_column("Tina \\ Frank")
    for f in FRANKS:
        pts.add_column(f.value, justify="right")
    for t in tinas:
        pts.add_row(
            t.value,
            *(
                f"{r.value('tina_points_per_round'):.4f} / {r.value('frank_points_per_round'):.4f}"
                for f in FRANKS
                for r in results
                if r.tina_type is t and r.frank_type is f
            ),
        )
    console.print(pts)
    console.print(
        f"ties: {rules.tie.value}, win chance: {rules.chance.value}; exact except Learning (≈, {games} simulated "
        f"games, seed {seed}); {seconds:.1f} s"
    )


@app.command()
def play(
    frank: Annotated[str, typer.Option("--frank", help="Frank's type: loose, normal or tight.")] = "normal",
    tina: Annotated[
        str, typer.Option("--tina", help="Tina's type: blind, competitive, cooperative, smart, learning, bayesian.")
    ] = "blind",
    rounds: Annotated[int, typer.Option("--rounds", help="Rounds to play; the last one is shown.")] = 1,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the shuffle (random if not given).")] = None,
    tie: TieOpt = "zero",
    chance_rule: ChanceOpt = "beats",
    json: JsonOpt = False,
) -> None:
    """Play a round (or several) in the terminal and show cards, scores, chances, predictions and points."""
    from parlour.analyses.winorlose import play as play_rounds
    from parlour.games.winorlose.cards import card_text
    from parlour.games.winorlose.characters import parse_frank, parse_tina

    f, t = parse_frank(frank), parse_tina(tina)
    if not 1 <= rounds <= 1_000_000:
        raise InvalidInput(f"--rounds must be 1..1000000, got {rounds}")
    check_seed(seed)
    series = play_rounds(f, t, rounds, seed=seed, rules=_rules(tie, chance_rule))
    if json:
        print_json(series)
        return
    last = series.last
    assert last is not None
    console.print(f"table  {' '.join(card_text(c) for c in last.table)}")
    for name, p, kind, total in (
        ("Frank", last.frank, f, series.frank_points),
        ("Tina", last.tina, t, series.tina_points),
    ):
        console.print(
            f"{name:5s} ({kind.value}) {' '.join(card_text(c) for c in p.cards)}  score {p.code}  "
            f"chance {p.chance.win} (tie {p.chance.tie})  says {'win' if p.says_win else 'lose'}  "
            f"{p.outcome}s  {p.points:+d}  total {total}"
        )
    if rounds > 1:
        console.print(
            f"{rounds} rounds: Tina scored more in {series.tina_rounds_ahead}, Frank in {series.frank_rounds_ahead}"
        )


__all__ = ["ChanceOpt", "JsonOpt", "TieOpt", "app", "chance", "play", "table_cmd"]
