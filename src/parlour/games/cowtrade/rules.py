"""The last cow trade of Koehandel (situation s1 of the study) as a strategic-form game.

Player 1 holds one animal of the open quartet, player 3 holds three. Both bid at once; the outcome
of every pair of bids (i1, i3) is decided by the rules below, and player 1's payoff is +1 (he ends
with the quartet) or -1 (player 3 does), in units of the quartet's points.
"""

from __future__ import annotations

import enum
import numbers
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from parlour.errors import InvalidInput, shown
from parlour.infra.checks import renamed_keywords
from parlour.results import renamed_attribute

if TYPE_CHECKING:  # the matrices are numpy's; the rules and the options load without it
    import numpy as np

# Money card values in the game (10x0, 20x10, 10x50, 5x100, 5x200, 5x500).
CARD_VALUES: tuple[int, ...] = (0, 10, 50, 100, 200, 500)
# The money every player starts with: 2 x 0, 4 x 10, 1 x 50.
STARTING_HAND: tuple[int, ...] = (0, 0, 10, 10, 10, 10, 50)


class SecondInitiative(enum.StrEnum):
    """Who challenges (and so wins a tie) in the second, everything-on-the-table trade.

    ALTERNATE: the player who did not hold the initiative in the first trade (the rule as the
        spec states it: "the initiative passes to the other player"); the default.
    LOSER: the player who lost the first trade (player 3), whoever held the initiative before;
        this is the reading under which the study's threshold t1 > 3*t3 + 2 holds exactly.
    """

    ALTERNATE = "alternate"
    LOSER = "loser"


# The end game's rule options (games.cowtrade.endgame), here where a command's options can name them
# without loading the end-game solver.
class StageRule(enum.StrEnum):
    RULES = "rules"  # the challenger offers first; the challenged sees the card count and may accept
    SIMULTANEOUS = "simultaneous"  # the study's: both offer at once, no accepting


class TieRule(enum.StrEnum):
    REPEAT = "repeat"  # the rules: a tie repeats once, a second tie goes to the challenger
    CHALLENGER = "challenger"  # the study's: the challenger wins a tie at once


class NextChallenger(enum.StrEnum):
    ALTERNATE = "alternate"  # players take turns (the rules, and the study's default reading)
    LOSER = "loser"  # the loser of a trade challenges next (the study's other variant)


def _check_money(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):  # numpy's integers register
        raise InvalidInput(f"{name} must be a whole number, got {shown(value)}")
    if value < 0:
        raise InvalidInput(f"{name} must not be negative, got {value}")
    return int(value)


@dataclass(frozen=True)
class CowTrade:
    """One last-trade game: money totals, who holds the initiative, and the bids each may make."""

    money1: int
    money3: int
    initiative: int = 1
    bids1: tuple[int, ...] = field(default=())  # empty: every amount 0..money1
    bids3: tuple[int, ...] = field(default=())
    second_initiative: SecondInitiative = SecondInitiative.ALTERNATE  # the JSON's name (it was `second`)

    def __post_init__(self) -> None:
        _check_money("money of player 1", self.money1)
        _check_money("money of player 3", self.money3)
        if self.initiative not in (1, 3):
            raise InvalidInput(f"the initiative must be 1 or 3, got {shown(self.initiative)}")
        for name, bids, total in (("player 1", self.bids1, self.money1), ("player 3", self.bids3, self.money3)):
            for b in bids:
                _check_money(f"a bid of {name}", b)
                if b > total:
                    raise InvalidInput(f"{name} cannot bid {b}: he has only {total}")
            if len(set(bids)) != len(bids):
                raise InvalidInput(f"the bids of {name} contain duplicates")
        object.__setattr__(self, "bids1", tuple(sorted(self.bids1)) or tuple(range(self.money1 + 1)))
        object.__setattr__(self, "bids3", tuple(sorted(self.bids3)) or tuple(range(self.money3 + 1)))
        object.__setattr__(self, "second_initiative", SecondInitiative(self.second_initiative))

    second = renamed_attribute("CowTrade", "second", "second_initiative")

    @classmethod
    @renamed_keywords(second="second_initiative")
    def from_cards(
        cls, cards1: Iterable[int], cards3: Iterable[int], initiative: int = 1,
        second_initiative: SecondInitiative = SecondInitiative.ALTERNATE,
    ) -> CowTrade:
        """Bids are what a player can put on the table: the subset sums of his money cards."""
        c1, c3 = list(cards1), list(cards3)
        return cls(sum(c1), sum(c3), initiative, bids_from_cards(c1), bids_from_cards(c3), second_initiative)

    def with_initiative(self, initiative: int) -> CowTrade:
        return CowTrade(self.money1, self.money3, initiative, self.bids1, self.bids3, self.second_initiative)


# `CowTrade(..., second=...)`, the field's old keyword, still works for one release (with a DeprecationWarning)
CowTrade.__init__ = renamed_keywords(second="second_initiative")(CowTrade.__init__)  # type: ignore[method-assign]


def bids_from_cards(cards: Iterable[int]) -> tuple[int, ...]:
    """All amounts a hand of money cards can make (the empty offer, 0, included)."""
    sums = {0}
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or card not in CARD_VALUES:
            allowed = ", ".join(map(str, CARD_VALUES))
            raise InvalidInput(f"unknown money card {shown(card)}: the cards are {allowed}")
        sums |= {s + card for s in sums}
    return tuple(sorted(sums))


def winner(i1: int, i3: int, t1: int, t3: int, initiative: int,
           second: SecondInitiative = SecondInitiative.ALTERNATE) -> int:
    """Who ends with the quartet (1 or 3) after bids i1, i3 with money t1, t3."""
    if i3 > i1 or (i3 == i1 and initiative == 3):
        return 3  # player 3 gets the fourth animal
    # player 1 gets one animal (a tie goes to him as initiator); at 2-2 both bid everything
    money1, money3 = t1 + i3 - i1, t3 + i1 - i3
    if money1 != money3:
        return 1 if money1 > money3 else 3
    if second is SecondInitiative.LOSER:
        return 3
    return 3 if initiative == 1 else 1


def winner_matrix(game: CowTrade) -> np.ndarray:
    """Matrix of winners (entries 1 or 3), rows = player 1's bids, columns = player 3's bids.

    The same rules as `winner`, vectorised over all pairs of bids (tests check they agree)."""
    import numpy as np

    i1 = np.array(game.bids1, dtype=np.int64)[:, None]
    i3 = np.array(game.bids3, dtype=np.int64)[None, :]
    money_gap = (game.money1 + i3 - i1) - (game.money3 + i1 - i3)  # after player 1 takes one animal
    tie_to_1 = game.second_initiative is SecondInitiative.ALTERNATE and game.initiative == 3
    player1_wins_second = (money_gap > 0) | ((money_gap == 0) & tie_to_1)
    player1_takes_first = (i1 > i3) | ((i1 == i3) & (game.initiative == 1))
    return np.where(player1_takes_first & player1_wins_second, 1, 3).astype(np.int64)


def payoff_matrix(game: CowTrade) -> np.ndarray:
    """Player 1's payoff in units of the quartet's points: +1 if he wins, -1 if player 3 wins."""
    import numpy as np

    return np.where(winner_matrix(game) == 1, 1, -1).astype(np.int64)


def combined_symbols(game: CowTrade) -> np.ndarray:
    """The study's combined notation: 1 / 3 when that player wins under both initiatives, 2 when
    the player holding the initiative wins. '4' marks a cell the study's notation has no symbol
    for: the player *without* the initiative wins (possible under ALTERNATE when t1 - t3 is even)."""
    import numpy as np

    first = winner_matrix(game.with_initiative(1))
    third = winner_matrix(game.with_initiative(3))
    out = np.where(first == third, first, 0)
    out[(first == 1) & (third == 3)] = 2
    out[(first == 3) & (third == 1)] = 4
    return out


__all__ = [
    "CARD_VALUES", "STARTING_HAND", "CowTrade", "NextChallenger", "SecondInitiative", "StageRule", "TieRule",
    "bids_from_cards", "combined_symbols", "payoff_matrix", "winner", "winner_matrix",
]
