"""The end game of Koehandel between two players: cow trades over one open set until one player owns it.

The rules as data (`EndgameRules`) and the pure moves: a state, the offers a hand can make, and what a
pair of moves leads to (`Endgame.stage` returns the stage game the stochastic-game engine solves).

A trade (spec/cowtrade.md, "The card game, briefly"): the challenger puts an offer face down; the
challenged player sees how many cards it has and either accepts (takes the cards, hands over the
animal) or counters. Both offers then change hands, and the higher offer takes the animal(s): two when
both players hold two, one otherwise. A tie repeats the trade once (the offers go back to their
owners, so the hands are as before); a second tie goes to the challenger. Players take turns, so the
other player challenges next (`next_challenger="alternate"`); the study's variant lets the loser of a
trade challenge next (`"loser"`). The study's own simplification, both offers at once with no accepting
and the challenger winning a first tie, is `stage="simultaneous"`, `ties="challenger"`.

Money is either a total (any whole amount up to it can be offered; an offer has no cards to count, so
the challenged sees nothing of it) or money cards (an offer is a sub-multiset of the hand).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from parlour.errors import InvalidInput, shown
from parlour.games.cowtrade.rules import CARD_VALUES, NextChallenger, StageRule, TieRule
from parlour.solvers.stochastic.model import End, Stage, tabulate

Hand = int | tuple[int, ...]  # a money total, or the number of cards of each value in CARD_VALUES
ACCEPT = "accept"
MAX_SET_SIZE = 12


def check_set_size(size: object) -> None:
    """What every end game's rules need: a set of 2 to MAX_SET_SIZE animals."""
    if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= MAX_SET_SIZE:
        raise InvalidInput(f"a set has 2 to {MAX_SET_SIZE} animals, not {shown(size)}")


@dataclass(frozen=True)
class TradeRules:
    """The rules of one trade, which the two- and the three-player end games share: the set's size, the
    stage's form and the tie rule (names are taken for the enums, as the command line and the page send)."""

    set_size: int = 4
    stage: StageRule = StageRule.RULES
    ties: TieRule = TieRule.REPEAT

    def __post_init__(self) -> None:
        check_set_size(self.set_size)
        object.__setattr__(self, "stage", StageRule(self.stage))
        object.__setattr__(self, "ties", TieRule(self.ties))


@dataclass(frozen=True)
class EndgameRules(TradeRules):
    next_challenger: NextChallenger = NextChallenger.ALTERNATE

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "next_challenger", NextChallenger(self.next_challenger))

    @classmethod
    def study(cls, set_size: int = 4, next_challenger: NextChallenger = NextChallenger.ALTERNATE) -> EndgameRules:
        """The study's simplification: simultaneous offers, the challenger wins a tie."""
        return cls(set_size, StageRule.SIMULTANEOUS, TieRule.CHALLENGER, next_challenger)


class TradeState(NamedTuple):
    """Player 1 owns `animals1` of the set (player 2 the rest); `challenger` (1 or 2) offers first;
    `tied` is 1 after a first tie of this trade."""

    animals1: int
    hand1: Hand
    hand2: Hand
    challenger: int
    tied: int = 0


def hand_from_cards(cards: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * len(CARD_VALUES)
    for card in cards:
        if isinstance(card, bool) or card not in CARD_VALUES:
            raise InvalidInput(f"unknown money card {shown(card)}: the cards are "
                               + ", ".join(map(str, CARD_VALUES)))
        counts[CARD_VALUES.index(card)] += 1
    return tuple(counts)


def cards_of(hand: Hand) -> list[int]:
    if isinstance(hand, int):
        return [hand]
    return [v for v, n in zip(CARD_VALUES, hand, strict=True) for _ in range(n)]


def hand_text(hand: Hand) -> str:
    """A hand as the text output shows it: the total, or the cards high to low with their sum."""
    if isinstance(hand, int):
        return str(hand)
    cards = sorted(cards_of(hand), reverse=True)
    return f"{' '.join(map(str, cards)) or 'no cards'} ({sum(cards)})"


def money(hand: Hand) -> int:
    return hand if isinstance(hand, int) else sum(v * n for v, n in zip(CARD_VALUES, hand, strict=True))


@cache
def offers(hand: Hand) -> tuple[Hand, ...]:
    """Every offer a hand can make (the empty offer included): amounts 0..total, or sub-multisets."""
    if isinstance(hand, int):
        return tuple(range(hand + 1))
    return tuple(itertools.product(*(range(n + 1) for n in hand)))


def card_count(offer: Hand) -> int:
    return 0 if isinstance(offer, int) else sum(offer)


def describe(offer: Hand) -> str:
    """An offer as a player says it: "50 + 10 + 0 (60)", or the amount when money is a total."""
    if isinstance(offer, int):
        return str(offer)
    cards = sorted(cards_of(offer), reverse=True)
    if not cards:
        return "nothing"
    return " + ".join(map(str, cards)) + (f" ({sum(cards)})" if len(cards) > 1 else "")


def give(hand: Hand, taken: Hand, received: Hand) -> Hand:
    """A hand after a trade: it gave `taken` and received `received` (totals, or counts per card value)."""
    if isinstance(hand, int):
        assert isinstance(taken, int) and isinstance(received, int)
        return hand - taken + received
    assert isinstance(taken, tuple) and isinstance(received, tuple)
    return tuple(h - t + r for h, t, r in zip(hand, taken, received, strict=True))


def check_players(challenger: int, hand1: Hand, hand2: Hand) -> None:
    """What every start between two players needs: a challenger 1 or 2, both hands of one kind."""
    if challenger not in (1, 2):
        raise InvalidInput(f"the challenger is player 1 or 2, not {shown(challenger)}")
    if isinstance(hand1, int) != isinstance(hand2, int):
        raise InvalidInput("give both players' money as totals or both as cards")
    for h in (hand1, hand2):
        if isinstance(h, int) and h < 0:
            raise InvalidInput(f"money must not be negative, got {h}")


def money_splits(hand1: Hand, hand2: Hand) -> int:
    """In how many ways the two players' money can lie between them as trades move it: every total from
    0 to the sum, or every split of each card value."""
    if isinstance(hand1, int):
        return money(hand1) + money(hand2) + 1
    splits = 1
    for a, b in zip(hand1, hand2, strict=True):  # type: ignore[arg-type]
        splits *= a + b + 1
    return splits


@dataclass(frozen=True)
class Endgame:
    """The stochastic game of one open set between two players (player 1's payoff: +1 when he ends
    with the set, -1 when player 2 does; endless play is worth 0)."""

    rules: EndgameRules = EndgameRules()

    def start(self, animals1: int, hand1: Hand, hand2: Hand, challenger: int) -> TradeState:
        k = self.rules.set_size
        if isinstance(animals1, bool) or not isinstance(animals1, int) or not 1 <= animals1 <= k - 1:
            raise InvalidInput(f"player 1 must own 1 to {k - 1} animals of the set of {k}, not {shown(animals1)}")
        check_players(challenger, hand1, hand2)
        return TradeState(animals1, hand1, hand2, challenger)

    def traded(self, state: TradeState) -> int:
        """Animals that change hands: two when both own two, one otherwise."""
        return 2 if state.animals1 == 2 and self.rules.set_size - state.animals1 == 2 else 1

    def after(self, state: TradeState, winner: int, offer1: Hand, offer2: Hand) -> TradeState | End:
        """The trade is won by `winner`; each player receives the other's offer."""
        k = self.rules.set_size
        moved = self.traded(state)
        animals1 = state.animals1 + (moved if winner == 1 else -moved)
        if animals1 >= k:
            return End(Fraction(1))
        if animals1 <= 0:
            return End(Fraction(-1))
        hand1 = give(state.hand1, offer1, offer2)
        hand2 = give(state.hand2, offer2, offer1)
        loser = 3 - winner
        nxt = 3 - state.challenger if self.rules.next_challenger is NextChallenger.ALTERNATE else loser
        return TradeState(animals1, hand1, hand2, nxt)

    def outcome(self, state: TradeState, offer: Hand, response: Hand | str) -> TradeState | End:
        """What the challenger's offer and the other's response (a counter-offer or ACCEPT) lead to."""
        c = state.challenger
        empty: Hand = 0 if isinstance(offer, int) else (0,) * len(CARD_VALUES)
        if response == ACCEPT:
            return self.after(state, c, *((offer, empty) if c == 1 else (empty, offer)))
        assert not isinstance(response, str)
        offer1, offer2 = (offer, response) if c == 1 else (response, offer)
        mine, theirs = money(offer), money(response)
        if mine != theirs:
            return self.after(state, c if mine > theirs else 3 - c, offer1, offer2)
        if self.rules.ties is TieRule.REPEAT and not state.tied:
            return state._replace(tied=1)  # the offers go back; the same challenger offers again
        return self.after(state, c, offer1, offer2)

    def stage(self, state: TradeState) -> Stage:
        c = state.challenger
        mine = offers(state.hand1 if c == 1 else state.hand2)
        theirs = offers(state.hand2 if c == 1 else state.hand1)
        rules_stage = self.rules.stage is StageRule.RULES
        responses: tuple[Hand | str, ...] = ((ACCEPT,) if rules_stage else ()) + theirs
        seen = [card_count(o) for o in mine] if rules_stage else None  # the number of cards is visible
        return tabulate(c, mine, responses, lambda o, r: self.outcome(state, o, r), seen)


# --- one quartet, offers told apart only by what can matter -----------------------------------------
#
# Why a quartet's end game depends on money only through totals and card counts (used to make the
# table with the donkeys' bonus money small enough to solve):
#
# 1. The 2-2 trade of a quartet is the last one: both animals go to its winner, who completes the set,
#    and the payoff is only who completes. The challenger of 2-2 wins it exactly when his total T_c is
#    at least the other's T_o, whatever their cards (and under every stage and tie rule here):
#    - T_c > T_o: offering everything wins; an accept gives him the animals, a counter is lower.
#    - T_c = T_o: offering everything, an accept or a lower counter loses for the other, and an equal
#      counter is a tie; the trade is repeated from the same hands (or goes to the challenger at once),
#      and the repeat is won the same way, the second tie going to the challenger.
#    - T_c < T_o: the other counters every offer with everything and wins.
#    So a 2-2 state's value depends only on which total is larger (or that they are equal) and who
#    challenges, the same for cards as for money totals. Here a 2-2 state is the smallest money game
#    with that order: totals (1, 0), (0, 0) or (0, 1).
# 2. Hence in a 1-3 (or 3-1) trade, what a cell leads to depends on the offers only through their
#    totals: the winner of the trade, or a tie, is decided by the totals, and the 2-2 state it leads to
#    is worth what its totals say (each total after both offers change hands). What the challenged
#    sees of an offer is its number of cards (the rules' stage), or nothing (the study's). Two offers of
#    the challenger with the same (total, number of cards) are then equal rows sending the same signal,
#    and two counters with the same total are equal columns. Keeping one of each changes neither the
#    stage's value nor any guarantee (a copy pays what its twin pays).
# 3. So a 1-3 state is given by the challenger's distinct (total, count) offers and the other's
#    distinct totals.
#
# None of this holds for larger sets: after a 2-3 trade of a quintet money is still worth something,
# and which cards it is in matters. `QuartetByTotals` refuses any other set size.

class QuartetKey(NamedTuple):
    """A state before the last trade of a quartet (player 1 owns 1 or 3 animals): each player's
    distinct offers as (total, number of cards) pairs; the number of cards is 0 where nobody sees it
    (the other's counters, and the study's stage)."""

    animals1: int
    offers1: tuple[tuple[int, int], ...]
    offers2: tuple[tuple[int, int], ...]
    challenger: int
    tied: int = 0


def offer_kinds(hand: Hand, counted: bool) -> tuple[tuple[int, int], ...]:
    """The distinct (total, number of cards) of a hand's offers; the number is 0 unless `counted`.
    Built value by value (a sum of sets), not by listing the offers, which can be thousands."""
    if isinstance(hand, int):
        return tuple((t, 0) for t in range(hand + 1))
    kinds = {(0, 0)}
    for value, n in zip(CARD_VALUES, hand, strict=True):
        kinds = {(t + k * value, c + (k if counted else 0)) for t, c in kinds for k in range(n + 1)}
    return tuple(sorted(kinds))


def _two_two(state: TradeState) -> TradeState:
    """A 2-2 state as the smallest money game whose totals are in the same order (point 1 above)."""
    one, two = money(state.hand1), money(state.hand2)
    return TradeState(2, int(one > two), int(two > one), state.challenger, state.tied)


@dataclass(frozen=True)
class QuartetByTotals:
    """The end game of one quartet, played as `Endgame` plays it, with the states and offers reduced as
    the comment above proves: the same value at every start (`key` maps a start to its state here)."""

    rules: EndgameRules = EndgameRules()

    def __post_init__(self) -> None:
        if self.rules.set_size != 4:
            raise InvalidInput(f"offers reduce to their totals only in a quartet, not a set of {self.rules.set_size}")

    def key(self, state: TradeState) -> QuartetKey | TradeState:
        """The state of this game that stands for a start (or any state) of `Endgame(rules)`."""
        if state.animals1 == 2:
            return _two_two(TradeState(2, money(state.hand1), money(state.hand2), state.challenger, state.tied))
        counted = [self.rules.stage is StageRule.RULES and state.challenger == p for p in (1, 2)]
        return QuartetKey(state.animals1, offer_kinds(state.hand1, counted[0]),
                          offer_kinds(state.hand2, counted[1]), state.challenger, state.tied)

    def stage(self, state: QuartetKey | TradeState) -> Stage:
        game = Endgame(self.rules)
        if isinstance(state, TradeState):  # 2-2, money as totals
            return game.stage(state)
        c = state.challenger
        shadow = TradeState(state.animals1, state.offers1[-1][0], state.offers2[-1][0], c, state.tied)
        mine = state.offers1 if c == 1 else state.offers2
        theirs = sorted({t for t, _ in (state.offers2 if c == 1 else state.offers1)})
        rules_stage = self.rules.stage is StageRule.RULES
        responses: tuple[int | str, ...] = ((ACCEPT,) if rules_stage else ()) + tuple(theirs)

        # offers of one total lead to the same places: each total's row is worked out once, and a
        # stage of thousands of (total, count) offers shares those rows (tabulate would ask per cell)
        targets: list[object] = []
        where: dict[object, int] = {}
        by_total: dict[int, tuple[int, ...]] = {}
        # a counter's outcome depends on the two totals only through their difference (which is
        # higher, and each hand's total after both change hands), so it is worked out once per difference
        by_difference: dict[tuple[str, int], int] = {}
        for total in sorted({t for t, _ in mine}):
            row = []
            for response in responses:
                known = ("accept", total) if isinstance(response, str) else ("counter", total - response)
                if known not in by_difference:
                    got: object = game.outcome(shadow, total, response)
                    if isinstance(got, TradeState):
                        # a tie (the trade again, from the same hands), or on to 2-2
                        got = state._replace(tied=got.tied) if got.animals1 == state.animals1 else _two_two(got)
                    # an End is known by its payoff's numerator and denominator: hashing a Fraction is slow
                    mark = (got.payoff.numerator, got.payoff.denominator) if isinstance(got, End) else got
                    if mark not in where:
                        where[mark] = len(targets)
                        targets.append(got)
                    by_difference[known] = where[mark]
                row.append(by_difference[known])
            by_total[total] = tuple(row)
        counts = sorted({k for _, k in mine})
        signals = None
        if rules_stage and len(counts) > 1:  # the number of cards is visible
            number = {k: n for n, k in enumerate(counts)}
            signals = tuple(number[k] for _, k in mine)
        return Stage(c, mine, responses, tuple(by_total[t] for t, _ in mine), tuple(targets), signals)


__all__ = [
    "ACCEPT", "MAX_SET_SIZE", "Endgame", "EndgameRules", "Hand", "NextChallenger", "QuartetByTotals", "QuartetKey",
    "StageRule", "TieRule", "TradeRules", "TradeState", "card_count", "cards_of", "check_players", "check_set_size",
    "describe", "give", "hand_from_cards", "hand_text", "money", "money_splits", "offer_kinds", "offers",
]
