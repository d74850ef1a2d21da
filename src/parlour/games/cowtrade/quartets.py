"""Two open quartets between the same two players: the challenger chooses which to trade.

The rules of one trade are those of `games.cowtrade.endgame` (offer, the other sees the card count and
accepts or counters, both offers change hands, the higher takes the animal(s), a tie repeats once and
then goes to the challenger). Here the challenger's move is a pair (quartet, offer); the challenged
sees which quartet and how many cards (with money as totals: only the quartet). Money carries over from
trade to trade. A quartet one player owns completely leaves the play; when both are complete the game
ends and player 1 receives the difference of the final scores by the game's scoring: each player's
sum of the values of his quartets times their number (quartets held before, given as their values,
count too). The payoff is in points, unscaled (a Fraction with denominator 1).

Play cannot cycle: every trade that is not a first tie moves animals of one quartet, and a quartet
goes 1-3 -> 2-2 or complete, 2-2 -> complete, so each quartet takes at most two decided trades (a
tie adds one repeat), and the game ends after at most six stages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from parlour.errors import InvalidInput, shown
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    EndgameRules,
    Hand,
    NextChallenger,
    StageRule,
    TieRule,
    card_count,
    check_players,
    give,
    money,
    money_splits,
    offers,
)
from parlour.games.cowtrade.rules import CARD_VALUES
from parlour.solvers.stochastic.model import End, Stage, tabulate

SIZE = 4  # a quartet
MAX_POINTS = 10**6


class QuartetsState(NamedTuple):
    """animals1[q]: how many animals of quartet q player 1 owns (0 or 4: the quartet is complete);
    `tied`: q + 1 after a first tie in a trade of quartet q, else 0."""

    animals1: tuple[int, int]
    hand1: Hand
    hand2: Hand
    challenger: int
    tied: int = 0


@dataclass(frozen=True)
class QuartetsRules:
    """points: the two open quartets' values; held1 / held2: the values of the quartets each player
    already owns (their number counts in the scoring); trade: the rules of one trade."""

    points: tuple[int, int] = (1000, 500)
    held1: tuple[int, ...] = ()
    held2: tuple[int, ...] = ()
    trade: EndgameRules = field(default_factory=EndgameRules)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(self.points))
        object.__setattr__(self, "held1", tuple(self.held1))
        object.__setattr__(self, "held2", tuple(self.held2))
        if len(self.points) != 2:
            raise InvalidInput(f"give the values of exactly two open quartets, not {len(self.points)}")
        for p in (*self.points, *self.held1, *self.held2):
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= MAX_POINTS:
                raise InvalidInput(f"a quartet's value is a whole number from 0 to {MAX_POINTS}, not {shown(p)}")
        if len(self.held1) + len(self.held2) > 8:
            raise InvalidInput("the game has 10 quartets: at most 8 can be held besides the two open ones")
        if self.trade.set_size != SIZE:
            raise InvalidInput(f"two open sets are quartets here (set size {SIZE}), not {self.trade.set_size}")

    def score_difference(self, animals1: tuple[int, int]) -> Fraction:
        """Player 1's final score minus player 2's, once both open quartets are complete."""
        own1 = list(self.held1) + [p for p, a in zip(self.points, animals1, strict=True) if a == SIZE]
        own2 = list(self.held2) + [p for p, a in zip(self.points, animals1, strict=True) if a == 0]
        return Fraction(sum(own1) * len(own1) - sum(own2) * len(own2))


def open_quartets(animals1: tuple[int, int]) -> tuple[int, ...]:
    return tuple(q for q, a in enumerate(animals1) if 0 < a < SIZE)


@dataclass(frozen=True)
class Quartets:
    """The stochastic game of two open quartets (player 1's payoff: his final score minus player 2's)."""

    rules: QuartetsRules = QuartetsRules()

    def start(self, animals1: tuple[int, int], hand1: Hand, hand2: Hand, challenger: int) -> QuartetsState:
        animals1 = tuple(animals1)  # type: ignore[assignment]
        if len(animals1) != 2:
            raise InvalidInput("give player 1's animals in each of the two quartets")
        for a in animals1:
            if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a <= SIZE:
                raise InvalidInput(f"player 1 owns 0 to {SIZE} animals of a quartet, not {shown(a)}")
        if not open_quartets(animals1):
            raise InvalidInput("both quartets are complete already: nothing is left to trade")
        check_players(challenger, hand1, hand2)
        return QuartetsState(animals1, hand1, hand2, challenger)

    def after(self, state: QuartetsState, quartet: int, winner: int, offer1: Hand, offer2: Hand
              ) -> QuartetsState | End:
        """Quartet `quartet`'s trade is won by `winner`; each player receives the other's offer."""
        a = state.animals1[quartet]
        moved = 2 if a == 2 else 1  # two animals when both own two
        animals = list(state.animals1)
        animals[quartet] = a + (moved if winner == 1 else -moved)
        animals1 = (animals[0], animals[1])
        if not open_quartets(animals1):
            return End(self.rules.score_difference(animals1))
        nxt = (3 - state.challenger if self.rules.trade.next_challenger is NextChallenger.ALTERNATE
               else 3 - winner)
        return QuartetsState(animals1, give(state.hand1, offer1, offer2), give(state.hand2, offer2, offer1), nxt)

    def outcome(self, state: QuartetsState, move: tuple[int, Hand], response: Hand | str) -> QuartetsState | End:
        """What the challenger's (quartet, offer) and the other's counter-offer or ACCEPT lead to."""
        c = state.challenger
        quartet, offer = move
        empty: Hand = 0 if isinstance(offer, int) else (0,) * len(CARD_VALUES)
        if response == ACCEPT:
            return self.after(state, quartet, c, *((offer, empty) if c == 1 else (empty, offer)))
        assert not isinstance(response, str)
        offer1, offer2 = (offer, response) if c == 1 else (response, offer)
        mine, theirs = money(offer), money(response)
        if mine != theirs:
            return self.after(state, quartet, c if mine > theirs else 3 - c, offer1, offer2)
        if self.rules.trade.ties is TieRule.REPEAT and not state.tied:
            return state._replace(tied=quartet + 1)  # the same quartet is traded again
        return self.after(state, quartet, c, offer1, offer2)

    def moves(self, state: QuartetsState) -> tuple[tuple[int, Hand], ...]:
        """The challenger's moves: (quartet, offer) for every open quartet (only the tied one after a tie)."""
        c = state.challenger
        quartets = (state.tied - 1,) if state.tied else open_quartets(state.animals1)
        mine = offers(state.hand1 if c == 1 else state.hand2)
        return tuple((q, o) for q in quartets for o in mine)

    def stage(self, state: QuartetsState) -> Stage:
        c = state.challenger
        rows = self.moves(state)
        theirs = offers(state.hand2 if c == 1 else state.hand1)
        rules_stage = self.rules.trade.stage is StageRule.RULES
        responses: tuple[Hand | str, ...] = ((ACCEPT,) if rules_stage else ()) + theirs
        # the challenged sees the quartet named and (under the rules, with cards) the number of cards
        seen = [(q, card_count(o) if rules_stage else 0) for q, o in rows]
        return tabulate(c, rows, responses, lambda move, r: self.outcome(state, move, r), seen)


def estimate_states(hand1: Hand, hand2: Hand) -> int:
    """An upper bound on the states: splits of the money x animal splits (5 x 5) x challenger x tie (3)."""
    return money_splits(hand1, hand2) * 25 * 2 * 3


__all__ = [
    "ACCEPT", "MAX_POINTS", "SIZE", "Quartets", "QuartetsRules", "QuartetsState", "estimate_states", "open_quartets",
]
