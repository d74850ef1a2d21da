"""Exact facts about hands: a view's win chance over every holding of the opponent, and how often each
combination is the best five of seven cards. Here beside the rules, not under analyses/winorlose (whose
package loads numba for the tournaments), so that `winorlose chance` starts in a blink."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from parlour.games.winorlose.cards import card_text
from parlour.games.winorlose.chance import WinChance, win_chance
from parlour.games.winorlose.evaluate import (
    CATEGORY_NAMES,
    category_of,
    evaluate,
    score_code,
    score_table,
    seven_card_codes,
)
from parlour.results import Result, Status


@dataclass(frozen=True)
class ViewChance(Result):
    """A view (own 2 cards, 5 table cards): its score and its exact P(win), P(tie), P(lose) over the
    opponent's holdings."""

    hand: tuple[str, ...]
    table: tuple[str, ...]
    score: str  # the A.BB.CCCCC code
    combination: str
    chance: WinChance  # counts over the opponent's holdings, and the exact probabilities

    # The JSON writes the chance out; each of its names reads here too (`chance(...).win`).
    @property
    def win(self) -> Fraction:
        """P(win), exact over every holding of the opponent."""
        return self.chance.win

    @property
    def tie(self) -> Fraction:
        return self.chance.tie

    @property
    def lose(self) -> Fraction:
        return self.chance.lose

    @property
    def wins(self) -> int:
        """How many of the opponent's holdings you beat (`ties`, `losses` alike; `holdings` in all)."""
        return self.chance.wins

    @property
    def ties(self) -> int:
        return self.chance.ties

    @property
    def losses(self) -> int:
        return self.chance.losses

    @property
    def holdings(self) -> int:
        return self.chance.holdings

    def payload(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "table": list(self.table),
            "score": self.score,
            "combination": self.combination,
            **self.chance.to_json(),
        }


def view_chance(own: Sequence[int], table: Sequence[int]) -> ViewChance:
    """The exact chances of a view given as cards (parse them with games.winorlose.cards.parse_cards)."""
    wc = win_chance(own, table)
    score = evaluate([*own, *table])
    return ViewChance(
        tuple(card_text(c) for c in own),
        tuple(card_text(c) for c in table),
        score_code(score),
        CATEGORY_NAMES[category_of(score)],
        wc,
        method="count over every holding of the opponent",
        status=Status.EXACT,
    )


@functools.cache
def category_counts() -> dict[str, int]:
    """Exact number of 7-card hands (of C(32, 7)) per combination, counting suits."""
    table = score_table()
    counts = dict.fromkeys(CATEGORY_NAMES, 0)
    for code in seven_card_codes():
        ways = 1
        for r in range(8):
            ways *= math.comb(4, (code // 5**r) % 5)
        counts[CATEGORY_NAMES[int(table[code]) // 10**7]] += ways
    return counts
