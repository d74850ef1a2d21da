"""`parlour cowtrade ...`: the last cow trade of Koehandel."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.table import Table

from parlour.commands.common import Count, announce, console, counting, parse_int_list, print_json, progress
from parlour.errors import InvalidInput
from parlour.games.cowtrade.rules import NextChallenger, SecondInitiative, StageRule, TieRule
from parlour.infra import lazy
from parlour.infra.files import output_file
from parlour.results import frac_str

if TYPE_CHECKING:
    from parlour.analyses import cowtrade as analysis
    from parlour.analyses.cowtrade import endgame, policy
    from parlour.analyses.cowtrade import hidden as hidden_money
    from parlour.analyses.estimates import Estimate
else:  # HiGHS, FLINT and the end-game solver load when a command runs, not for --help
    analysis = lazy.module("parlour.analyses.cowtrade")
    endgame = lazy.module("parlour.analyses.cowtrade.endgame")
    hidden_money = lazy.module("parlour.analyses.cowtrade.hidden")
    policy = lazy.module("parlour.analyses.cowtrade.policy")

app = typer.Typer(no_args_is_help=True)
R = TypeVar("R")

# Options every cow-trade command takes the same way, declared once.
AsJson = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
Force = Annotated[bool, typer.Option("--force", help="Solve even what the size check refuses.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="No estimate, no progress bar.")]


def _not_negative(plays: int) -> int:
    """--plays is checked where it is declared, so each command that takes it needs no check of its own."""
    if plays < 0:
        raise InvalidInput(f"--plays must not be negative, got {plays}")
    return plays


Plays = Annotated[int, typer.Option("--plays", help="How many of the states optimal play reaches to show.",
                                    callback=_not_negative)]

def _cards(text: str | None, flag: str) -> list[int] | None:
    """A hand of money cards as the command line writes it ("" is no cards at all)."""
    if text is None:
        return None
    return [] if text.strip() == "" else parse_int_list(text, flag)


def _pair(first: object, second: object) -> tuple[object, object] | None:
    """Two players' options as the policy's pair: None when neither is given (a half pair is the policy's
    to refuse, naming the missing flag)."""
    return None if first is None and second is None else (first, second)


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
    as_json: AsJson = False,
    force: Force = False,
) -> None:
    """Solve the last cow trade exactly: value, inspection size and both optimal bidding strategies."""
    if nfg_out is not None:
        output_file(nfg_out, "--nfg")
    bids = _pair(None if bids1 is None else parse_int_list(bids1, "--bids1"),
                 None if bids3 is None else parse_int_list(bids3, "--bids3"))
    # the library's policy: its refusals name the flags here
    plan = policy.plan_trade(_pair(money1, money3), initiative=initiative, bids=bids,
                             cards=_pair(_cards(cards1, "--cards1"), _cards(cards3, "--cards3")),
                             second_initiative=second, force=force)
    game = plan.game
    result = policy.run_trade(plan)
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


# --- the end game ---------------------------------------------------------------------------------

def _explored(estimate: Estimate, run: Callable[[Callable[[Count], None]], R], quiet: bool) -> R:
    """Announce a plan's estimate, then carry it out under a bar that counts the states explored: the end
    game, the quartets and the security levels all report through a state counter the same way."""
    announce(estimate, quiet)
    with progress(quiet) as bar:
        return run(counting(bar, bar.add_task("states explored", total=None)))


def _hands(money1: int | None, money2: int | None, cards1: str | None, cards2: str | None,
           default_start: bool = True) -> tuple[endgame.Hand, endgame.Hand]:
    """Both hands from the options; with none given, both players hold the game's starting money (where
    `default_start`; else the policy asks for them)."""
    return policy.endgame_hands(_pair(money1, money2), _pair(_cards(cards1, "--cards1"), _cards(cards2, "--cards2")),
                                default=default_start)


def _rules(set_size: int, stage: StageRule, ties: TieRule, next_challenger: NextChallenger,
           study: bool) -> endgame.EndgameRules:
    return policy.endgame_rules(set_size, stage, ties, next_challenger, study)


# Options both end-game commands take, declared once.
Money1 = Annotated[int | None, typer.Option("--money1", help="Player 1's money as a total.")]
Money2 = Annotated[int | None, typer.Option("--money2", help="Player 2's money as a total.")]
Cards1 = Annotated[str | None, typer.Option("--cards1", help="Player 1's money cards, e.g. 0,0,10,50.")]
Cards2 = Annotated[str | None, typer.Option("--cards2", help="Player 2's money cards.")]
Challenger = Annotated[int, typer.Option("--challenger", help="Who challenges first: 1 or 2.")]
Ties = Annotated[TieRule, typer.Option(
    "--ties", help="repeat: a tie repeats once, then the challenger wins; challenger: he wins at once.")]
Next = Annotated[NextChallenger, typer.Option(
    "--next", help="Who challenges the next trade: alternate (turns) or loser.")]
Study = Annotated[bool, typer.Option("--study", help="The study's simplification: --stage simultaneous "
                                     "--ties challenger.")]
Stage = Annotated[StageRule, typer.Option(
    "--stage", help="rules: offer, then the other sees the card count and accepts or counters; "
    "simultaneous: both offer at once (the study's).")]
Tol = Annotated[float, typer.Option("--tol", help="Widest proven interval accepted where play can cycle.")]


@app.command("endgame")
def endgame_command(
    set_size: Annotated[int, typer.Option("--set-size", help="Animals in the open set: 4 (a quartet), 5, ...")] = 4,
    animals1: Annotated[int, typer.Option("--animals1", help="How many player 1 owns (player 2 the rest).")] = 1,
    money1: Money1 = None,
    money2: Money2 = None,
    cards1: Cards1 = None,
    cards2: Cards2 = None,
    challenger: Annotated[int, typer.Option("--challenger", help="Who challenges first: 1 or 2 (with --hidden, "
                                            "the last trade's players: 1 or 3).")] = 1,
    stage: Stage = StageRule.RULES,
    ties: Ties = TieRule.REPEAT,
    next_challenger: Next = NextChallenger.ALTERNATE,
    study: Study = False,
    tol: Tol = 1e-12,
    plays: Plays = 8,
    hidden: Annotated[bool, typer.Option("--hidden", help="The last trade with hidden money: each player sees "
                                         "only his own cards, dealt at random from the players' money.")] = False,
    players: Annotated[int, typer.Option("--players", help="With --hidden: players whose money is dealt.")] = 3,
    donkeys: Annotated[int, typer.Option("--donkeys", help="With --hidden: donkeys' bonus money paid out.")] = 0,
    as_json: AsJson = False,
    quiet: Quiet = False,
    force: Force = False,
) -> None:
    """Play one open set out between two players: trade after trade until one owns it, money changing hands."""
    if not hidden and (players != 3 or donkeys != 0):
        raise InvalidInput("--players and --donkeys deal the money of --hidden: add --hidden or leave them out")
    if hidden:
        _hidden(set_size, animals1, (money1, money2, cards1, cards2), challenger, next_challenger, study,
                (stage, ties), players, donkeys, as_json, force)
        return
    plan = policy.start_plan(_rules(set_size, stage, ties, next_challenger, study), animals1,
                             *_hands(money1, money2, cards1, cards2), challenger, tol=tol, force=force)
    result = _explored(plan.estimate, lambda heard: policy.run_endgame(plan, heard), quiet or as_json)
    if as_json:
        print_json(result.to_json())
        return
    console.print(endgame.describe_solution(result, plays), highlight=False, markup=False)


def _hidden(set_size: int, animals1: int, money: tuple[object, ...], challenger: int,
            next_challenger: NextChallenger, study: bool, rules: tuple[StageRule, TieRule], players: int,
            donkeys: int, as_json: bool, force: bool) -> None:
    """`endgame --hidden`: the last trade of a quartet (1-3) with the money dealt at random. Its players are
    numbered as the last trade's (`parlour cowtrade solve`): 1 holds one animal, 3 holds three."""
    if set_size != 4 or animals1 != 1:
        raise InvalidInput("--hidden solves the last trade of a quartet: --set-size 4 --animals1 1")
    if any(m is not None for m in money):
        raise InvalidInput("--hidden deals the money at random: leave out --money1/--money2/--cards1/--cards2")
    if study or rules != (StageRule.RULES, TieRule.REPEAT):
        raise InvalidInput("--hidden solves the study's last trade (both bid at once, the initiative wins a tie): "
                           "leave out --study, --stage and --ties")
    if challenger == 2:
        raise InvalidInput("--hidden numbers the last trade's players as `parlour cowtrade solve` does: 1 holds one "
                           "animal, 3 holds three; --challenger 3 lets player 3 challenge")
    plan = policy.plan_hidden(players, initiative=challenger, donkeys=donkeys,
                              second_initiative=policy.second_of(next_challenger), force=force)
    result = policy.run_hidden(plan)
    if as_json:
        print_json(result.to_json())
        return
    console.print(hidden_money.render_text(result), highlight=False, markup=False)


# --- two open quartets ----------------------------------------------------------------------------

@app.command("quartets")
def quartets_command(
    points: Annotated[str, typer.Option("--points", help="The two open quartets' values, e.g. 1000,500.")] = "1000,500",
    animals1: Annotated[str, typer.Option("--animals1", help="How many of each quartet player 1 owns "
                                          "(player 2 the rest; 0 or 4: complete), e.g. 1,3.")] = "1,3",
    held1: Annotated[str | None, typer.Option(
        "--held1", help="Values of the quartets player 1 already owns, e.g. 200,300 (none if left out).")] = None,
    held2: Annotated[str | None, typer.Option(
        "--held2", help="Values of the quartets player 2 already owns.")] = None,
    money1: Money1 = None,
    money2: Money2 = None,
    cards1: Cards1 = None,
    cards2: Cards2 = None,
    challenger: Challenger = 1,
    stage: Annotated[StageRule, typer.Option(
        "--stage", help="rules: offer, then the other sees the quartet and card count and accepts or counters; "
        "simultaneous: both offer at once (the study's).")] = StageRule.RULES,
    ties: Ties = TieRule.REPEAT,
    next_challenger: Next = NextChallenger.ALTERNATE,
    study: Study = False,
    table: Annotated[bool, typer.Option("--table", help="Every start of the same money (every split of both "
                                        "players' money, every split of both quartets, either challenger): "
                                        "where the separate-games choice is wrong.")] = False,
    plays: Plays = 8,
    as_json: AsJson = False,
    quiet: Quiet = False,
    force: Force = False,
) -> None:
    """Two open quartets: the challenger picks which to trade; exact value against treating them separately."""
    from parlour.analyses.cowtrade.quartets import QuartetsTable, describe_solution, describe_table

    plan = policy.plan_quartets(
        _pair(money1, money2), cards=_pair(_cards(cards1, "--cards1"), _cards(cards2, "--cards2")),
        points=parse_int_list(points, "--points"), animals1=parse_int_list(animals1, "--animals1"),
        held1=_values(held1, "--held1"), held2=_values(held2, "--held2"), challenger=challenger, stage=stage,
        ties=ties, next_challenger=next_challenger, study=study, table=table, force=force)
    result = _explored(plan.estimate, lambda heard: policy.run_quartets(plan, heard), quiet or as_json)
    if as_json:
        print_json(result.to_json())
    elif isinstance(result, QuartetsTable):
        console.print(describe_table(result), highlight=False, markup=False)
    else:
        console.print(describe_solution(result, plays), highlight=False, markup=False)


def _values(text: str | None, flag: str) -> list[int]:
    return [] if text is None else parse_int_list(text, flag)


# --- three players: security levels ---------------------------------------------------------------

@app.command("security")
def security_command(
    set_size: Annotated[int, typer.Option("--set-size", help="Animals in the open set: 4 (a quartet), 5, ...")] = 4,
    animals: Annotated[str, typer.Option("--animals", help="How many animals of the set players 1, 2 and 3 own, "
                                         "e.g. 1,1,2.")] = "1,1,2",
    money1: Money1 = None,
    money2: Money2 = None,
    money3: Annotated[int | None, typer.Option("--money3", help="Player 3's money as a total.")] = None,
    cards1: Cards1 = None,
    cards2: Cards2 = None,
    cards3: Annotated[str | None, typer.Option("--cards3", help="Player 3's money cards.")] = None,
    turn: Annotated[int, typer.Option("--turn", help="Who challenges first: 1, 2 or 3 (turns go 1 -> 2 -> 3; "
                                      "a player without animals passes).")] = 1,
    player: Annotated[int | None, typer.Option("--player", help="Only this player's level (1, 2 or 3); "
                                               "all three if left out.")] = None,
    stage: Stage = StageRule.RULES,
    ties: Ties = TieRule.REPEAT,
    study: Study = False,
    tol: Tol = 1e-12,
    as_json: AsJson = False,
    quiet: Quiet = False,
    force: Force = False,
) -> None:
    """Three players, one open set: the probability each can guarantee to end with it (a security level
    against the other two as one coalition; not an equilibrium)."""
    from parlour.analyses.cowtrade import threeplayer

    plan = policy.plan_security(
        _three(money1, money2, money3), cards=_three(_cards(cards1, "--cards1"), _cards(cards2, "--cards2"),
                                                   _cards(cards3, "--cards3")),
        set_size=set_size, animals=parse_int_list(animals, "--animals"), turn=turn,
        players=(1, 2, 3) if player is None else (player,), stage=stage, ties=ties, study=study, tol=tol, force=force)
    result = _explored(plan.estimate, lambda heard: policy.run_security(plan, heard), quiet or as_json)
    if as_json:
        print_json(result.to_json())
        return
    console.print(threeplayer.describe_solution(result), highlight=False, markup=False)


def _three(first: object, second: object, third: object) -> tuple[object, object, object] | None:
    """Three players' options as the policy's triple: None when none is given (a missing one is the
    policy's to refuse, naming it)."""
    return None if first is None and second is None and third is None else (first, second, third)


__all__ = [
    "AsJson", "Cards1", "Cards2", "Challenger", "Force", "Money1", "Money2", "Next", "Plays", "Quiet", "Stage", "Study",
    "Ties", "Tol", "app", "endgame_command", "quartets_command", "security_command", "solve",
]
