"""What the terminal and the page ask of Win or Lose: the exact win chance of one view, and rounds played
with real cards by two character types (Learning Tina's bounds travel with the game state)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.games.winorlose.cards import card_text, parse_cards
from parlour.games.winorlose.chance import WinChance, win_chance
from parlour.games.winorlose.characters import (
    FRANK_THRESHOLD,
    Frank,
    LearningState,
    Tina,
    parse_frank,
    parse_tina,
)
from parlour.games.winorlose.evaluate import CATEGORY_NAMES, category_of, evaluate, score_code
from parlour.games.winorlose.play import Series, play_series
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule, parse_chance_rule, parse_tie_rule
from parlour.results import Result

__all__ = [
    "FRANK_THRESHOLD",
    "ChanceRule",
    "ChanceView",
    "Frank",
    "LearningState",
    "Rules",
    "Series",
    "TieRule",
    "Tina",
    "card_text",
    "chance_of_view",
    "parse_frank",
    "parse_tina",
    "play",
    "rules",
]


@dataclass(frozen=True)
class ChanceView(Result):
    """The exact chance of a view (own 2 cards, 5 on the table) over every holding of the opponent."""

    hand: tuple[int, ...]
    table: tuple[int, ...]
    score: int
    chance: WinChance

    def payload(self) -> dict[str, Any]:
        return {"hand": [card_text(c) for c in self.hand], "table": [card_text(c) for c in self.table],
                "score": score_code(self.score), "combination": CATEGORY_NAMES[category_of(self.score)],
                **self.chance.to_json()}


def chance_of_view(hand: str, table: str, hand_option: str = "hand", table_option: str = "table") -> ChanceView:
    """Parse the cards (one sentence naming the option when they are bad) and count every holding."""
    t0 = time.perf_counter()
    own, tab = parse_cards([(hand, hand_option, 2), (table, table_option, 5)])
    return ChanceView(tuple(own), tuple(tab), evaluate([*own, *tab]), win_chance(own, tab),
                      method="exact-count-over-holdings", seconds=time.perf_counter() - t0)


def rules(tie: str, chance: str) -> Rules:
    return Rules(tie=parse_tie_rule(tie), chance=parse_chance_rule(chance))


def play(frank: Frank, tina: Tina, rounds: int, seed: int | None, game_rules: Rules,
         start: Series | None = None) -> Series:
    """`rounds` more rounds with shuffled cards after `start` (a new game when None)."""
    return play_series(frank, tina, rounds, np.random.default_rng(seed), game_rules, start)
