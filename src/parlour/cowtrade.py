"""The last cow trade of Koehandel from Python: value and both optimal bidding strategies, exactly.

    >>> import parlour
    >>> sol = parlour.cowtrade.solve(money=(8, 5), initiative=1)
    >>> sol.value, sol.strategy1                 # Fractions, proven by a rational certificate
    >>> parlour.cowtrade.solve(cards=([0, 10, 10], [10, 50]))   # or the players' money cards

`solve` is `parlour cowtrade solve` of the command line: `money=(m1, m3)` is --money1/--money3,
`cards=(c1, c3)` is --cards1/--cards3, `bids=(b1, b3)` is --bids1/--bids3; the same size check (refusals
name `force=True` here, `--force` there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parlour.errors import InvalidInput
from parlour.infra import spelling
from parlour.infra.resources import affordable

if TYPE_CHECKING:
    from parlour.analyses.cowtrade import CowTrade, CowTradeSolution, SecondInitiative
    from parlour.analyses.cowtrade.endgame import EndgameSolution
    from parlour.analyses.cowtrade.hidden import HiddenMoneySolution
    from parlour.analyses.cowtrade.threeplayer import SecuritySolution

__all__ = ["endgame", "game", "hidden", "security", "solve", "solve_game"]

# Measured on the 2-core machine (money 1000 against 500: 1e6 cells, 12.8 s, 330 MB): the size check's model.
BYTES_PER_CELL = 100
SECONDS_PER_CELL = 13e-6
MAX_MONEY = 10**7  # a bid list of ten million amounts; beyond, even listing the bids is the problem

Pair = tuple[Sequence[int], Sequence[int]]


def check_money(money1: int | None, money3: int | None, force: bool) -> None:
    """Refuse a money total beyond MAX_MONEY (listing its bids alone is the problem) unless `force`."""
    for who, money in (("player 1", money1), ("player 3", money3)):
        if money is not None and money > MAX_MONEY and not force:
            raise InvalidInput(f"the money of {who} must be at most {MAX_MONEY:,} "
                               f"({spelling.parameter('force', True)} lifts the limit), got {money:,}")


def check_size(trade: CowTrade, force: bool) -> None:
    """Refuse a bid matrix this machine cannot hold or solve in a day unless `force`."""
    cells = len(trade.bids1) * len(trade.bids3)
    affordable(f"a {len(trade.bids1):,} x {len(trade.bids3):,} bid matrix", BYTES_PER_CELL * cells,
               SECONDS_PER_CELL * cells, force)


def _pair(value: Pair | None, name: str) -> tuple[list[int], list[int]] | tuple[None, None]:
    if value is None:
        return None, None
    if isinstance(value, str | bytes) or len(value) != 2:
        raise InvalidInput(f"{name} must be a pair (player 1's, player 3's)")
    return list(value[0]), list(value[1])


def game(
    money: tuple[int, int] | None = None,
    *,
    initiative: int = 1,
    bids: Pair | None = None,
    cards: Pair | None = None,
    second: SecondInitiative | str = "alternate",
    force: bool = False,
) -> CowTrade:
    """The game: `money=(m1, m3)` (player 1 holds one animal, player 3 three; every bid 0..m, or the bids
    in `bids=(b1, b3)`), or the money cards `cards=(c1, c3)` (bids: the sums a hand can make).
    `initiative` (1 or 3) challenges and wins ties; `second`: who holds it in the second trade
    ("alternate" or "loser")."""
    from parlour.analyses.cowtrade import SecondInitiative, make_game

    if money is not None and (isinstance(money, str | bytes) or len(money) != 2):
        raise InvalidInput("money must be a pair (player 1's total, player 3's total)")
    money1, money3 = (money[0], money[1]) if money is not None else (None, None)
    check_money(money1, money3, force)
    bids1, bids3 = _pair(bids, "bids")
    cards1, cards3 = _pair(cards, "cards")
    values = [s.value for s in SecondInitiative]
    if str(second) not in values:
        raise InvalidInput(f"second must be one of {', '.join(values)}, got {second!r}")
    return make_game(money1, money3, initiative, bids1, bids3, cards1, cards3, SecondInitiative(str(second)))


def solve_game(trade: CowTrade, *, force: bool = False) -> CowTradeSolution:
    """`solve` for a game already built (`game(...)` or a `CowTrade`)."""
    from parlour.analyses.cowtrade import solve as solve_exactly

    check_size(trade, force)
    return solve_exactly(trade)


def solve(
    money: tuple[int, int] | None = None,
    *,
    initiative: int = 1,
    bids: Pair | None = None,
    cards: Pair | None = None,
    second: SecondInitiative | str = "alternate",
    force: bool = False,
) -> CowTradeSolution:
    """Solve the last cow trade exactly: player 1's value in units of the quartet's points (+1: he ends
    with the quartet, -1: player 3 does) as a Fraction, the inspection size left after eliminating
    dominated bids, and both optimal bidding strategies (bid -> Fraction).

    Status EXACT: the LP's value and strategies carry a rational certificate checked in exact arithmetic.
    The game as in `game(...)`; refused beyond this machine's memory or a day's work unless `force=True`.
    Returns a `CowTradeSolution`.
    """
    return solve_game(game(money, initiative=initiative, bids=bids, cards=cards, second=second, force=force),
                      force=force)


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
    """Play one open set out between two players (`parlour cowtrade endgame`): trade after trade until one
    owns it, the offers changing hands. Money as totals `money=(m1, m2)` or cards `cards=(c1, c2)`
    (neither: both hold the starting money 0, 0, 10, 10, 10, 10, 50). `stage`: "rules" (offer, then the
    other sees the card count and accepts or counters) or "simultaneous"; `ties`: "repeat" or
    "challenger"; `next_challenger`: "alternate" or "loser"; `study=True`: the study's simplification.

    Returns an `EndgameSolution`: `lower`/`upper` (equal, and `value`, when exact), `completes1`,
    `completes2`, `endless`, `expected_trades` and `plays` (the states optimal play reaches with both
    players' optimal offers). Status EXACT where play cannot cycle (backward induction, every stage an
    LP with a checked certificate); CERTIFIED when the proven interval is within `tol`; STOPPED with the
    interval otherwise (see docs/cowtrade-endgame.md).
    """
    from parlour.analyses.cowtrade import STARTING_HAND
    from parlour.analyses.cowtrade.endgame import (
        EndgameRules,
        Hand,
        hand_from_cards,
        make_hands,
        solve_endgame,
    )

    hand1: Hand
    hand2: Hand
    if money is None and cards is None:
        hand1 = hand2 = hand_from_cards(STARTING_HAND)
    else:
        if money is not None and (isinstance(money, str | bytes) or len(money) != 2):
            raise InvalidInput("money must be a pair (player 1's total, player 2's total)")
        cards1, cards2 = _pair(cards, "cards")
        hand1, hand2 = make_hands(money[0] if money else None, money[1] if money else None, cards1, cards2)
    rules = (EndgameRules.study(set_size, next_challenger) if study  # type: ignore[arg-type]
             else EndgameRules(set_size, stage, ties, next_challenger))  # type: ignore[arg-type]
    return solve_endgame(rules, animals1, hand1, hand2, challenger, tol=tol, force=force)


def hidden(players: int = 3, *, challenger: int = 1, donkeys: int = 0, next_challenger: str = "alternate",
           force: bool = False) -> HiddenMoneySolution:
    """The last trade (1-3) with hidden money (`parlour cowtrade endgame --hidden`): the money of `players`
    players (each the starting money plus `donkeys` donkeys' bonus) dealt at random, each trader seeing
    only his own cards. Returns a `HiddenMoneySolution`: the value with hidden money and with full
    information, what the information is worth, and the optimal bid per hand. Status EXACT (sequence-form
    LP with a checked rational certificate); refused beyond the size guard unless `force=True`."""
    from parlour.analyses.cowtrade import SecondInitiative
    from parlour.analyses.cowtrade import hidden as hidden_money

    if force:
        hidden_money.estimate(players, donkeys)
    else:
        hidden_money.guard(players, donkeys)
    second = SecondInitiative.LOSER if next_challenger == "loser" else SecondInitiative.ALTERNATE
    return hidden_money.hidden_last_trade(players, 1 if challenger == 1 else 3, donkeys, second)


def security(money: tuple[int, int, int] | None = None, *, cards: tuple[Sequence[int], Sequence[int], Sequence[int]]
             | None = None, set_size: int = 4, animals: Sequence[int] = (1, 1, 2), turn: int = 1,
             players: Sequence[int] = (1, 2, 3), stage: str = "rules", ties: str = "repeat", study: bool = False,
             tol: float = 1e-12, force: bool = False) -> SecuritySolution:
    """Three players, one open set (`parlour cowtrade security`): the probability each of `players` can
    guarantee to end with the set whatever the other two do, i.e. the value of his zero-sum game against
    the other two as one coalition. A security level, NOT an equilibrium. Money as totals
    `money=(m1, m2, m3)` or cards `cards=(c1, c2, c3)`; `animals`: how many each owns; `turn`: who
    challenges first (turns go 1 -> 2 -> 3; a player without animals passes).

    Returns a `SecuritySolution`: `levels` (each with `lower`, `upper`, `status`, `states`,
    `cycling_states`, `first_move`) and `total`. Status EXACT when every level is, CERTIFIED when some are
    proven intervals within `tol`, STOPPED otherwise (see docs/cowtrade-endgame.md)."""
    from parlour.analyses.cowtrade.threeplayer import StageRule, ThreeRules, TieRule, make_hands, solve_security

    def three(value: object, name: str) -> list[Any] | None:
        if value is None:
            return None
        if isinstance(value, str | bytes) or not isinstance(value, Sequence) or len(value) != 3:
            raise InvalidInput(f"{name} must give three players' money, one entry each")
        return list(value)

    totals, hands = three(money, "money"), three(cards, "cards")
    if totals is None and hands is None:
        raise InvalidInput("give the three players' money: money=(m1, m2, m3) or cards=(c1, c2, c3)")
    if totals is not None and any(isinstance(m, bool) or not isinstance(m, int) for m in totals):
        raise InvalidInput("money=(m1, m2, m3) takes three whole numbers")
    if hands is not None and any(isinstance(c, str | bytes) or not isinstance(c, Sequence) for c in hands):
        raise InvalidInput("cards=(c1, c2, c3) takes three lists of money cards")
    try:
        rule_stage, rule_ties = StageRule(stage), TieRule(ties)
    except ValueError:
        raise InvalidInput('stage is "rules" or "simultaneous" and ties "repeat" or "challenger"') from None
    rules = ThreeRules.study(set_size) if study else ThreeRules(set_size, rule_stage, rule_ties)
    built = make_hands(totals or [None] * 3, [None if c is None else list(c) for c in hands or [None] * 3])
    return solve_security(rules, list(animals), built, turn, tuple(players), tol=tol, force=force)

