"""The end game of Koehandel among three players, reduced to one player's security level.

Three players hold the animals of one open set (and money). Turns rotate 1 -> 2 -> 3 -> 1. The player
on turn challenges one other player who holds animals of the set; a trade is the two-player trade of
`games.cowtrade.endgame` (offer face down, the challenged sees the card count and accepts or counters,
both offers change hands, the higher takes the animal(s): two when both hold two, a tie repeats once
and then goes to the challenger). A player who holds no animal of the set can neither challenge nor be
challenged: his turn passes to the next player (the natural reading of an end game with one set left:
in Koehandel a player must trade on his turn once the deck is empty, and he has nothing to trade). Play
ends when one player owns the whole set.

With three players the game is not zero-sum: each trade is between two of them and moves the third's
chances too. What a zero-sum engine can answer exactly is each player's *security level*: the most he
can guarantee whatever the other two do, i.e. the value of the zero-sum game of that player (the
engine's player 1) against the other two acting as one coalition (the engine's player 2):
- payoff 1 when he ends with the set, 0 when another player does; play that never ends is worth 0
  (he does not get the set), so the level is a probability;
- a trade between him and a coalition member is the usual two-move stage;
- a trade between the two coalition members is one decision of the coalition: it picks both players'
  moves (the offer and the answer) at once, so it chooses the outcome of the trade outright;
- the player on turn choosing whom to challenge is a one-sided stage (his decision, or the coalition's).
A security level is what one player can guarantee; it is NOT an equilibrium, and the three levels
together need not be achievable at once (they sum to at most 1).

Once the player is left without animals he can never get the set: the game ends there with 0. When
the third player is out, what remains is the two-player end game (turns alternate between the two).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from parlour.errors import InvalidInput, shown
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    Hand,
    StageRule,
    TieRule,
    TradeRules,
    card_count,
    give,
    money,
    offers,
)
from parlour.games.cowtrade.rules import CARD_VALUES
from parlour.solvers.stochastic.model import End, Stage, tabulate

PLAYERS = (1, 2, 3)
NO_MOVE = "-"  # the single move of the side that does not move at a one-sided stage

Hands = tuple[Hand, Hand, Hand]


class ThreeState(NamedTuple):
    """animals[p - 1]: how many animals of the set player p owns; `turn`: the player who challenges (he
    owns animals); `target`: whom he challenges, 0 while he chooses; `tied`: 1 after a first tie."""

    animals: tuple[int, int, int]
    hands: Hands
    turn: int
    target: int = 0
    tied: int = 0


@dataclass(frozen=True)
class ThreeRules(TradeRules):
    """The rules of a trade (as in the two-player end game); turns always rotate 1 -> 2 -> 3."""

    @classmethod
    def study(cls, set_size: int = 4) -> ThreeRules:
        """The study's simplification of a trade: simultaneous offers, the challenger wins a tie."""
        return cls(set_size, StageRule.SIMULTANEOUS, TieRule.CHALLENGER)


# --- pure moves ------------------------------------------------------------------------------------

def holders(animals: Sequence[int]) -> tuple[int, ...]:
    return tuple(p for p in PLAYERS if animals[p - 1] > 0)


def next_turn(animals: Sequence[int], after: int) -> int:
    """The next player after `after`, in turn order, who owns animals (a player without passes)."""
    for step in (1, 2, 3):
        p = (after - 1 + step) % 3 + 1
        if animals[p - 1] > 0:
            return p
    raise InvalidInput("nobody owns an animal of the set")


def targets(animals: Sequence[int], turn: int) -> tuple[int, ...]:
    """Whom the player on turn may challenge: the others who own animals of the set."""
    return tuple(p for p in holders(animals) if p != turn)


def on_turn(animals: tuple[int, int, int], hands: Hands, turn: int) -> ThreeState:
    """The state where `turn` is to challenge; with a single possible opponent he is named at once."""
    options = targets(animals, turn)
    return ThreeState(animals, hands, turn, options[0] if len(options) == 1 else 0)


def traded(animals: Sequence[int], challenger: int, challenged: int) -> int:
    """Animals that change hands: two when both players of the trade own two, one otherwise."""
    return 2 if animals[challenger - 1] == 2 and animals[challenged - 1] == 2 else 1


def empty_offer(hand: Hand) -> Hand:
    return 0 if isinstance(hand, int) else (0,) * len(CARD_VALUES)


def check_hands(hands: Sequence[Hand]) -> Hands:
    if len(hands) != 3:
        raise InvalidInput(f"give the money of three players, not {len(hands)}")
    kinds = {isinstance(h, int) for h in hands}
    if len(kinds) != 1:
        raise InvalidInput("give all three players' money as totals or all as cards")
    for h in hands:
        if isinstance(h, bool) or (isinstance(h, int) and h < 0):
            raise InvalidInput(f"money must be a whole number, not negative, got {shown(h)}")
        if isinstance(h, tuple) and (len(h) != len(CARD_VALUES) or any(n < 0 for n in h)):
            raise InvalidInput(f"a hand of cards counts each of {len(CARD_VALUES)} card values, got {shown(h)}")
    return (hands[0], hands[1], hands[2])


@dataclass(frozen=True)
class Security:
    """The zero-sum game of `player` against the coalition of the other two (see the module doc)."""

    rules: ThreeRules = ThreeRules()
    player: int = 1

    def __post_init__(self) -> None:
        if self.player not in PLAYERS:
            raise InvalidInput(f"the player is 1, 2 or 3, not {shown(self.player)}")

    def start(self, animals: Sequence[int], hands: Sequence[Hand], turn: int) -> ThreeState:
        """The start, checked; a player on turn without animals passes (the state says who challenges)."""
        k = self.rules.set_size
        if len(animals) != 3:
            raise InvalidInput(f"give the animals of three players, not {len(animals)}")
        for a in animals:
            if isinstance(a, bool) or not isinstance(a, int) or a < 0:
                raise InvalidInput(f"a player owns a whole number of animals, not {shown(a)}")
        if sum(animals) != k:
            raise InvalidInput(f"the three players' animals must add up to the set of {k}, not {sum(animals)}")
        if len(holders(animals)) < 2:
            raise InvalidInput("one player owns the whole set already: nothing is left to trade")
        if turn not in PLAYERS:
            raise InvalidInput(f"the player on turn is 1, 2 or 3, not {shown(turn)}")
        owned = (animals[0], animals[1], animals[2])
        first = turn if owned[turn - 1] > 0 else next_turn(owned, turn)
        return on_turn(owned, check_hands(hands), first)

    def after(self, state: ThreeState, winner: int, offer_c: Hand, offer_d: Hand) -> ThreeState | End:
        """The trade of `turn` against `target` is won by `winner`; each receives the other's offer."""
        c, d = state.turn, state.target
        loser = d if winner == c else c
        moved = traded(state.animals, c, d)
        animals = list(state.animals)
        animals[winner - 1] += moved
        animals[loser - 1] -= moved
        if max(animals) == self.rules.set_size:
            return End(Fraction(1 if animals[self.player - 1] == self.rules.set_size else 0))
        if animals[self.player - 1] == 0:
            return End(Fraction(0))  # nobody trades with a player who owns none: he cannot get the set
        hands = list(state.hands)
        hands[c - 1] = give(state.hands[c - 1], offer_c, offer_d)
        hands[d - 1] = give(state.hands[d - 1], offer_d, offer_c)
        a3 = (animals[0], animals[1], animals[2])
        return on_turn(a3, (hands[0], hands[1], hands[2]), next_turn(a3, c))

    def outcome(self, state: ThreeState, offer: Hand, response: Hand | str) -> ThreeState | End:
        """What the challenger's offer and the challenged's counter-offer (or ACCEPT) lead to."""
        c = state.turn
        if response == ACCEPT:
            return self.after(state, c, offer, empty_offer(offer))
        assert not isinstance(response, str)
        mine, theirs = money(offer), money(response)
        if mine != theirs:
            return self.after(state, c if mine > theirs else state.target, offer, response)
        if self.rules.ties is TieRule.REPEAT and not state.tied:
            return state._replace(tied=1)  # the offers go back; the same trade again
        return self.after(state, c, offer, response)

    def side(self, p: int) -> int:
        """The engine's player for a player of the table: 1 for `player`, 2 for the coalition."""
        return 1 if p == self.player else 2

    def stage(self, state: ThreeState) -> Stage:
        c, d = state.turn, state.target
        if d == 0:  # the player on turn chooses whom to challenge
            return tabulate(self.side(c), targets(state.animals, c), (NO_MOVE,),
                            lambda t, _: state._replace(target=t))
        mine = offers(state.hands[c - 1])
        theirs = offers(state.hands[d - 1])
        rules_stage = self.rules.stage is StageRule.RULES
        responses: tuple[Hand | str, ...] = ((ACCEPT,) if rules_stage else ()) + theirs
        if self.player in (c, d):
            seen = [card_count(o) for o in mine] if rules_stage else None
            return tabulate(self.side(c), mine, responses, lambda o, r: self.outcome(state, o, r), seen)
        # a trade inside the coalition: it picks the outcome; pairs leading to the same place are one move
        picks: dict[Any, tuple[Hand, Hand | str]] = {}
        for o in mine:
            for r in responses:
                picks.setdefault(self.outcome(state, o, r), (o, r))
        return tabulate(2, tuple(picks.values()), (NO_MOVE,), lambda pair, _: self.outcome(state, *pair))


# --- size -------------------------------------------------------------------------------------------

def animal_splits(set_size: int) -> list[tuple[int, int, int]]:
    """Every split of the set among three players with at least two owning some."""
    k = set_size
    return [(a, b, k - a - b) for a in range(k + 1) for b in range(k + 1 - a)
            if sum(1 for x in (a, b, k - a - b) if x > 0) >= 2]


def money_splits(hands: Sequence[Hand]) -> int:
    """In how many ways the players' money can lie among the three as trades move it."""
    if isinstance(hands[0], int):
        total = sum(money(h) for h in hands)
        return math.comb(total + 2, 2)
    count = 1
    cards = [h for h in hands if isinstance(h, tuple)]
    for value in range(len(CARD_VALUES)):
        count *= math.comb(sum(h[value] for h in cards) + 2, 2)
    return count


def estimate_states(rules: ThreeRules, hands: Sequence[Hand]) -> int:
    """An upper bound on the states of one player's security game: money splits x, per animal split,
    (choosing states + ordered pairs of traders x the tie flag): 3 + 6 x 2 with three owners, 2 x 2 with two."""
    per_split = sum(15 if min(s) > 0 else 4 for s in animal_splits(rules.set_size))
    return money_splits(hands) * per_split


__all__ = ["NO_MOVE", "PLAYERS", "Security", "ThreeRules", "ThreeState", "animal_splits", "estimate_states",
           "holders", "money_splits", "next_turn", "on_turn", "targets", "traded"]
