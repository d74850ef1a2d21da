"""What the three cow-trade pages share (the last trade, its end game, two open quartets): the money cards
of the box, reading a hand the page sent, one box for both hands, and who a player is. A module of its
own so that the pages import it, not each other (web.cowtrade includes the end game's routes, and the end
game the quartets' route).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from parlour.errors import InvalidInput, shown
from parlour.games.cowtrade import CARD_VALUES
from parlour.web.common import whole_number

DECK = {0: 10, 10: 20, 50: 10, 100: 5, 200: 5, 500: 5}  # the money cards in a Koehandel box
MAX_SEED = 10**12 - 1  # what whole_number reads (at most 12 digits)


class _Plan(Protocol):
    @property
    def states(self) -> int: ...


P = TypeVar("P", bound=_Plan)


@dataclass(frozen=True)
class PlannedGame(Generic[P]):
    """A page's game: the policy's plan, checked against the page's limits; its jobs are named by `KIND` and
    by `identity()`, what makes two games the same."""

    plan: P

    KIND: ClassVar[str]

    @property
    def estimate(self) -> int:
        """States (the plan's upper bound, `estimate_states`)."""
        return self.plan.states

    def identity(self) -> object:
        raise NotImplementedError

    @property
    def key(self) -> str:
        """The job's name: the same game asked twice is one job."""
        return f"cowtrade-{self.KIND}-" + hashlib.sha256(repr(self.identity()).encode()).hexdigest()[:20]


def parse_cards(value: Any, who: str) -> list[int]:
    """A hand of money cards: a JSON list or comma-separated text of card values the box holds."""
    allowed = ", ".join(map(str, CARD_VALUES))
    if value is None:
        raise InvalidInput(f"give the money cards of {who} (card values {allowed})")
    limit = sum(DECK.values())
    items: list[Any]
    if isinstance(value, str):
        if len(value) > 400:
            raise InvalidInput(f"the money cards of {who} are too long a text ({len(value):,} characters)")
        items = value.split(",") if value.strip() else []
    elif isinstance(value, list):
        items = value
    else:
        raise InvalidInput(f"the money cards of {who} must be a list of card values, got {shown(value)}")
    if len(items) > limit:
        raise InvalidInput(f"{who} cannot hold {len(items):,} money cards: the box has {limit}")
    cards = [whole_number(c, f"a money card of {who}", 0, max(CARD_VALUES)) for c in items]
    for c in cards:
        if c not in DECK:
            raise InvalidInput(f"{who} has a money card of {c}: the cards are {allowed}")
    return cards


def check_deck(cards1: list[int], cards2: list[int]) -> None:
    """Both hands come from one box: no value more often than the box holds it."""
    held = Counter(cards1) + Counter(cards2)
    for card, count in sorted(held.items()):
        if count > DECK[card]:
            raise InvalidInput(f"the two hands hold {count} money cards of {card}; the box has only {DECK[card]}")


def side(value: Any, what: str, players: tuple[int, int] = (1, 2)) -> int:
    """One of the two players of a page's game: 1 or 2 in an end game, 1 or 3 in the last trade (the study
    names them by the animals they hold)."""
    first, other = players
    if not isinstance(value, bool) and value in (first, other, str(first), str(other)):
        return int(value)
    raise InvalidInput(f"{what} must be player {first} or player {other}, got {shown(value)}")


__all__ = ["DECK", "MAX_SEED", "check_deck", "parse_cards", "side"]
