"""The cow trade of Koehandel from Python: the last trade, the end game of one set, hidden money.

    >>> import parlour
    >>> sol = parlour.cowtrade.solve(money=(8, 5), initiative=1)
    >>> sol.value, sol.strategy1                 # Fractions, proven by a rational certificate
    >>> parlour.cowtrade.solve(cards=([0, 10, 10], [10, 50]))   # or the players' money cards
    >>> parlour.cowtrade.endgame(money=(3, 3), set_size=3).value

Each function is a command of `parlour cowtrade` with its options as keyword arguments: `money=(m1, m3)`
is --money1/--money3, `cards=(c1, c3)` --cards1/--cards3, `bids=(b1, b3)` --bids1/--bids3. Both call
`parlour.analyses.cowtrade.policy`, which checks the input and decides the size guards once, before any
work; a refusal names the argument as written here (`money[0]`, `force=True`), where the command line
names its flags (`--money1`, `--force`): an `InvalidType` (a TypeError) for a value of the wrong type, an
`InvalidInput` (a ValueError) for one out of range. Whole numbers may be Python or numpy integers, not
floats (even 8.0: a count is an int); bools and strings are refused where a number is meant, and a switch
(`force`, `study`) takes only True or False. Lists (money cards, bids, animals) may be numpy arrays.

Players: in the last trade (`solve`, `hidden`) player 1 holds one animal and player 3 three, as in the
study; in the end game of one set (`endgame`) player 1 holds `animals1` and player 2 the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.analyses.cowtrade import policy
from parlour.analyses.cowtrade.result import (  # light: the solvers load on the first solve
    CowTradeSolution,
    EndgameSolution,
    HiddenMoneySolution,
    SecuritySolution,
)
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CowTrade, SecondInitiative
from parlour.infra.checks import renamed_keywords

__all__ = ["CowTrade", "CowTradeSolution", "EndgameSolution", "HiddenMoneySolution", "SecondInitiative",
           "SecuritySolution", "endgame", "game", "hidden", "security", "solve", "solve_game"]

Pair = tuple[Sequence[int], Sequence[int]]


@renamed_keywords(second="second_initiative")
def game(
    money: tuple[int, int] | None = None,
    *,
    initiative: int = 1,
    bids: Pair | None = None,
    cards: Pair | None = None,
    second_initiative: SecondInitiative | str = "alternate",
    force: bool = False,
) -> CowTrade:
    """The last trade of a quartet as a game, not yet solved.

    Parameters
    ----------
    money : tuple of two ints, optional
        The money totals (player 1's, player 3's); every bid 0..m unless `bids` lists them.
    initiative : int
        Who challenges and wins a tie: 1 or 3.
    bids : pair of lists of ints, optional
        The bids each may make (with `money` only).
    cards : pair of lists of ints, optional
        The money cards of player 1 and player 3 instead of `money`; the bids are the sums a hand can make.
    second_initiative : {"alternate", "loser"}
        Who holds the initiative in the second trade (`second=` is its old name, for one release).
    force : bool
        Accept a money total beyond ten million.

    Returns
    -------
    CowTrade
        The game: totals, initiative, both bid lists.
    """
    return policy.trade_game(money, initiative=initiative, bids=bids, cards=cards,
                             second_initiative=second_initiative, force=force)


def solve_game(trade: CowTrade, *, force: bool = False) -> CowTradeSolution:
    """`solve` for a game already built.

    Parameters
    ----------
    trade : CowTrade
        The game (`game(...)` or a `CowTrade`).
    force : bool
        Solve even a bid matrix beyond this machine's memory or a day's work.

    Returns
    -------
    CowTradeSolution
        As `solve`.
    """
    return policy.run_trade(policy.plan_trade_game(trade, force=force))


@renamed_keywords(second="second_initiative")
def solve(
    money: tuple[int, int] | None = None,
    *,
    initiative: int = 1,
    bids: Pair | None = None,
    cards: Pair | None = None,
    second_initiative: SecondInitiative | str = "alternate",
    force: bool = False,
) -> CowTradeSolution:
    """Solve the last cow trade exactly (`parlour cowtrade solve`).

    Player 1 holds one animal of the quartet, player 3 three; both bid at once and the higher bid takes
    (player 1: one animal, then a 2-2 trade follows; player 3: the quartet). Status EXACT: the LP's value
    and strategies carry a rational certificate checked in exact arithmetic.

    Parameters
    ----------
    money : tuple of two ints, optional
        The money totals (player 1's, player 3's); give `money` or `cards`, not both.
    initiative : int
        Who challenges and wins a tie: 1 or 3.
    bids : pair of lists of ints, optional
        The bids each may make (with `money` only; default every amount 0..m).
    cards : pair of lists of ints, optional
        The money cards of player 1 and player 3 (card values 0, 10, 50, 100, 200, 500).
    second_initiative : {"alternate", "loser"}
        Who holds the initiative in the second trade (`--second`; `second=` is its old name, for one release).
    force : bool
        Solve even what the size check refuses (beyond this machine's memory or a day's work).

    Returns
    -------
    CowTradeSolution
        `value` (player 1's, in units of the quartet's points: +1 he ends with it, -1 player 3 does) as a
        Fraction, the inspection size left after eliminating dominated bids, and both optimal bidding
        strategies `strategy1`, `strategy3` (bid -> Fraction); `game` is the game solved.
    """
    return policy.run_trade(policy.plan_trade(money, initiative=initiative, bids=bids, cards=cards,
                                              second_initiative=second_initiative, force=force))


def endgame(
    money: tuple[int, int] | None = None,
    *,
    cards: Pair | None = None,
    set_size: int = 4,
    animals1: int = 1,
    challenger: int = 1,
    stage: str = "rules",
    ties: str = "repeat",
    next_challenger: str = "alternate",
    study: bool = False,
    tol: float = 1e-12,
    force: bool = False,
) -> EndgameSolution:
    """Play one open set out between two players (`parlour cowtrade endgame`).

    Trade after trade until one owns the set, the offers changing hands. Status EXACT where the start's value
    and every state optimal play reaches are proven exactly (backward induction where play cannot cycle;
    where it can, a fixed point or the simplest fraction inside the proven interval, checked against both
    stationary strategies; or 0 where each player keeps the other from completing the set, so that optimal
    play never ends); CERTIFIED when the proven interval is within `tol`; STOPPED with the interval
    otherwise (docs/cowtrade-endgame.md).

    Parameters
    ----------
    money : tuple of two ints, optional
        The money totals of player 1 and player 2; neither `money` nor `cards`: both hold the starting
        money 0, 0, 10, 10, 10, 10, 50.
    cards : pair of lists of ints, optional
        The money cards of player 1 and player 2 instead of `money`.
    set_size : int
        Animals in the open set (2 to 12; 4: a quartet).
    animals1 : int
        How many player 1 owns (player 2 the rest).
    challenger : int
        Who challenges first: 1 or 2.
    stage : {"rules", "simultaneous"}
        "rules": offer, then the other sees the card count and accepts or counters; "simultaneous": both
        offer at once.
    ties : {"repeat", "challenger"}
        A tie repeats once, then goes to the challenger; or goes to him at once.
    next_challenger : {"alternate", "loser"}
        Who challenges the next trade.
    study : bool
        The study's simplification (simultaneous, the challenger wins ties), whatever `stage` and `ties` say.
    tol : float
        The widest proven interval accepted where play can cycle (between 0 and 1).
    force : bool
        Solve even beyond the size guard (200,000 states).

    Returns
    -------
    EndgameSolution
        `value` (a Fraction when exact, else the midpoint of `value_bounds`), `value_exact` (None for an
        interval), the proven ends `value_low`/`value_high`, `completes1`, `completes2`, `endless`,
        `expected_trades` (their Fractions in `chances_exact` where exact), and `plays`: the states optimal
        play reaches with both players' optimal offers.
    """
    return policy.run_endgame(policy.plan_endgame(
        money, cards=cards, set_size=set_size, animals1=animals1, challenger=challenger, stage=stage, ties=ties,
        next_challenger=next_challenger, study=study, tol=tol, force=force))


@renamed_keywords(next_challenger="second_initiative")
def hidden(players: int = 3, *, initiative: int = 1, donkeys: int = 0,
           second_initiative: SecondInitiative | str = "alternate", force: bool = False,
           challenger: int | None = None) -> HiddenMoneySolution:
    """The last trade with hidden money (`parlour cowtrade endgame --hidden`).

    The money of `players` players (each the starting money plus `donkeys` donkeys' bonus) is dealt at
    random and each trader sees only his own cards. Status EXACT (sequence-form LP with a checked rational
    certificate).

    Parameters
    ----------
    players : int
        Players whose money is dealt (2 to 6; with 2 nothing is hidden).
    initiative : int
        Who challenges and wins a tie: 1 (one animal) or 3 (three), as in `solve`.
    donkeys : int
        Donkeys auctioned so far (0 to 4): their bonus money is part of every player's money.
    second_initiative : {"alternate", "loser"}
        Who holds the initiative in the second trade, as in `solve` (`next_challenger=` is its old name, for
        one release; `--next` on the command line).
    force : bool
        Solve even beyond the size guard (3,000 LP rows, 20,000 deals).
    challenger : int, optional
        Deprecated: the end game's numbering (1 or 2) of `initiative`.

    Returns
    -------
    HiddenMoneySolution
        The value with hidden money and with full information, what the information is worth (to each
        player), and the optimal bid per hand.
    """
    if challenger is not None:
        if initiative != 1:
            raise InvalidInput("give initiative (1 or 3), not also the deprecated challenger")
        initiative = policy.deprecated_challenger(challenger)
    return policy.run_hidden(policy.plan_hidden(players, initiative=initiative, donkeys=donkeys,
                                                second_initiative=second_initiative, force=force))


def security(money: tuple[int, int, int] | None = None, *, cards: tuple[Sequence[int], Sequence[int], Sequence[int]]
             | None = None, set_size: int = 4, animals: Sequence[int] = (1, 1, 2), turn: int = 1,
             players: Sequence[int] = (1, 2, 3), stage: str = "rules", ties: str = "repeat", study: bool = False,
             tol: float = 1e-12, force: bool = False) -> SecuritySolution:
    """Three players, one open set (`parlour cowtrade security`): what each can guarantee alone.

    The probability each of `players` can guarantee to end with the set whatever the other two do, i.e. the
    value of his zero-sum game against the other two as one coalition: a security level, NOT an
    equilibrium. Status EXACT when every level is, CERTIFIED when some are proven intervals within `tol`,
    STOPPED otherwise (docs/cowtrade-endgame.md).

    Parameters
    ----------
    money : tuple of three ints, optional
        The money totals of players 1, 2 and 3.
    cards : tuple of three lists of ints, optional
        Their money cards instead of `money`.
    set_size : int
        Animals in the open set.
    animals : sequence of three ints
        How many of the set each player owns.
    turn : int
        Who challenges first (turns go 1 -> 2 -> 3; a player without animals passes).
    players : sequence of ints
        Whose levels to compute (1, 2 and/or 3).
    stage : {"rules", "simultaneous"}
        As in `endgame`.
    ties : {"repeat", "challenger"}
        As in `endgame`.
    study : bool
        The study's simplification.
    tol : float
        The widest proven interval accepted where play can cycle.
    force : bool
        Solve even beyond the size guard.

    Returns
    -------
    SecuritySolution
        `levels` (each with `level`, `level_exact` or `level_bounds`, the proven ends `level_low`, `level_high`,
        `status`, `states`, `cycling_states`, `first_move`) and their `sum` (`sum_exact` or `sum_bounds`;
        the proven ends `sum_low`, `sum_high`).
    """
    return policy.run_security(policy.plan_security(
        money, cards=cards, set_size=set_size, animals=animals, turn=turn, players=players, stage=stage, ties=ties,
        study=study, tol=tol, force=force))
